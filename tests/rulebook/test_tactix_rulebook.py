"""The real Tactix rulebook: every figure it places is a diagram of diagrams.yaml, and the book is complete."""

import io
import re

import yaml
from pypdf import PdfReader

from generator.rulebook import build_rulebook, read_rulebook
from generator.rulebook.markdown import FigureBlock, Heading, ListBlock, plain

from rulebook_helpers import CONTENT, box_figures

DIAGRAM_IDS = [d["id"] for d in yaml.safe_load((CONTENT / "tactix" / "diagrams.yaml").read_text(encoding="utf-8"))]


def test_rules_place_only_diagrams_that_exist_and_all_the_rule_diagrams(tactix):
    doc = read_rulebook(tactix, figures=box_figures(*DIAGRAM_IDS))
    placed = [b.id for b in doc.figures]
    assert placed and set(placed) <= set(DIAGRAM_IDS)
    assert set(placed) == set(DIAGRAM_IDS)


def test_material_section_is_generated_from_the_components(tactix):
    doc = read_rulebook(tactix, figures=box_figures(*DIAGRAM_IDS))
    i = next(i for i, b in enumerate(doc.blocks) if isinstance(b, Heading) and b.text == "Matériel")
    items = [plain(item[0].spans) for item in next(b for b in doc.blocks[i:] if isinstance(b, ListBlock)).items]
    assert [re.sub(r" \(.*", "", x) for x in items] == [f"1 × {tactix.components[0].name}", "18 × Dés",
                                                        f"1 × {tactix.components[2].name}"]


def test_start_row_table_is_the_board_setup(tactix):
    from generator.rulebook.markdown import Table
    doc = read_rulebook(tactix, figures=box_figures(*DIAGRAM_IDS))
    table = next(b for b in doc.blocks if isinstance(b, Table))
    assert [plain(c) for c in table.header][1:] == list("abcdefghi")
    assert [plain(c) for c in table.rows[0]][1:] == ["5", "1", "2", "6", "roi", "6", "2", "1", "5"]


def test_tactix_rulebook_builds_in_both_editions(tactix):
    out = build_rulebook(tactix, figures=box_figures(*DIAGRAM_IDS))
    a4 = PdfReader(io.BytesIO(out.pdf_a4))
    assert len(a4.pages) == out.pages >= 6
    assert len(PdfReader(io.BytesIO(out.pdf_booklet)).pages) == 2 * out.booklet_sheets
    assert out.booklet_sheets * 4 >= out.booklet_pages > out.booklet_sheets * 4 - 4
    assert out.html.count("<figure") == len(DIAGRAM_IDS)
    assert len([f for f in read_rulebook(tactix, figures=box_figures(*DIAGRAM_IDS)).figures
                if isinstance(f, FigureBlock)]) == len(DIAGRAM_IDS)
