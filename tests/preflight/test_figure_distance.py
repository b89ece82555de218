"""The reader's preflight on a rulebook figure standing far from the text that announces it (generator/print/reader.py
figure_distance): flagged where the figure lands more than max_figure_distance_pages pages after the text block
right before it in the rules (a run of figures all hang on the text before the run). And the typesetter's floats
(rulebook/pdf.py) keep a figure within a page of its text where waiting figures would push it further."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generator.content import load_game
from generator.i18n import catalogue
from generator.print.reader import Subject, figure_distance
from generator.rulebook.markdown import Document, FigureBlock, Paragraph, Span
from generator.rulebook.pdf import theme_for, typeset_pdf
from tests.conftest import ROOT

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rulebook"))
from rulebook_helpers import BoxFigure  # noqa: E402

A5 = theme_for("a4", half=True)


def _layout(pages_of_figures: list[int]) -> dict:
    """A layout as the typesetter hands it over: the sentence of rules line 10 ends on page 3, then a run of figures
    (rules lines 12, 14, ...) on the given pages, then text; an appendix figure (no line) on the last page."""
    flows = [{"kind": "paragraph", "line": 8, "page": 2, "top": 480.0, "bottom": 60.0},
             {"kind": "paragraph", "line": 10, "page": 3, "top": 480.0, "bottom": 400.0}]
    for n, page in enumerate(pages_of_figures):
        flows += [{"kind": "figure", "line": 12 + 2 * n, "figure": f"f{n}", "page": page, "top": 400.0,
                   "bottom": 100.0, "least": 300.0},
                  {"kind": "caption", "line": 12 + 2 * n, "figure": f"f{n}", "page": page, "top": 95.0,
                   "bottom": 80.0}]
    last = max(pages_of_figures)
    flows += [{"kind": "paragraph", "line": 40, "page": last, "top": 70.0, "bottom": 40.0},
              {"kind": "figure", "line": None, "figure": "annexe", "page": last + 3, "top": 400.0, "bottom": 100.0}]
    return {"pages": [{"page": n, "fill": 0.9, "kind": None} for n in range(1, last + 4)], "flows": flows}


def _laid_out(layout: dict) -> Subject:
    return Subject("regles-livret.pdf", b"", role="rulebook", layout=layout, rules_path="rules.fr.md")


def test_a_figure_two_pages_after_the_sentence_announcing_its_run_is_flagged_at_its_line():
    """PuXes' fig 17 as it was: one sentence, then four whole mats, one page each; the last two pages after it."""
    found = figure_distance(_laid_out(_layout([3, 4, 5])), None)
    assert [(w.kind, w.page, w.line, w.facts["figure"], w.facts["pages"], w.facts["text_line"]) for w in found] == \
        [("figure_distance", 5, 16, "f2", 2, 10)]
    said = found[0].describe(catalogue("fr"))
    assert said.startswith("rules.fr.md:16: figure « f2 » à 2 pages de la phrase qui l'annonce (ligne 10, p. 3)")
    assert "regles-livret.pdf p. 5" in said


def test_figures_within_a_page_of_their_text_and_appendix_figures_are_not_flagged():
    assert figure_distance(_laid_out(_layout([3, 4, 4])), None) == []


def test_the_games_threshold_is_the_one_applied():
    assert len(figure_distance(_laid_out(_layout([3, 4, 4])), {"max_figure_distance_pages": 0})) == 2
    assert figure_distance(_laid_out(_layout([3, 4, 5])), {"max_figure_distance_pages": 2}) == []


def test_the_end_of_a_paragraph_split_over_two_pages_is_where_it_announces():
    layout = _layout([5, 5])
    layout["flows"].insert(2, {"kind": "paragraph", "line": 10, "page": 4, "top": 480.0, "bottom": 450.0})
    assert figure_distance(_laid_out(layout), None) == []


@pytest.fixture(scope="module")
def tactix():
    return load_game(ROOT / "content", "tactix")


def _words(count: int, stem: str, line: int) -> Paragraph:
    return Paragraph((Span(" ".join(f"{stem}{w:04d}" for w in range(count))),), line)


def _figure(fid: str, height_mm: float, number: int, line: int) -> FigureBlock:
    # labels at the reader's floor: never set smaller, so two share a page and three do not
    return FigureBlock(number, fid, BoxFigure(fid, "L", width_mm=90, height_mm=height_mm, text_pt=5.0),
                       (Span(f"Légende{fid}"),), line)


def test_waiting_figures_never_push_the_next_announced_figure_two_pages_past_its_sentence(tactix):
    """Armada's booklet p6-10 as it was: short sentences each followed by its figure, too large to share a page
    three at a time, after a page of text. The figures floated one page each past their sentence, the lag growing
    until a figure stood two pages after its text; the waiting figures are now set before a sentence whose figure
    could not join them."""
    blocks = [_words(330, "avant", 1)]
    for n, fid in enumerate("abcdef"):
        blocks += [_words(25, f"phrase{fid}", 10 + 2 * n), _figure(fid, 72, n + 1, 11 + 2 * n)]
    blocks.append(_words(400, "suite", 40))
    pdf, layout = typeset_pdf(Document(blocks=blocks), tactix.info, A5)
    subject = Subject("regles-livret.pdf", pdf, role="rulebook", layout=layout, rules_path="rules.fr.md")
    pages = {f["figure"]: f["page"] for f in layout["flows"] if f["kind"] == "figure"}
    assert len(set(pages.values())) >= 3, pages       # the figures do wait and spread over pages
    assert figure_distance(subject, None) == []


def test_a_sentence_announcing_a_run_too_tall_for_one_page_opens_the_next_page_with_it(tactix):
    """3d Run's RUN examples as they were: a sentence at the foot of a page, then two figures too tall to share
    one page. Left there, the second figure stood two pages after it; the sentence now opens the next page with
    the first figure (the page it leaves stays filled over min_page_fill), the second on the page after."""
    blocks = [_words(225, "avant", 1), _words(12, "annonce", 5), _figure("a", 100, 1, 7), _figure("b", 100, 2, 9),
              _words(300, "suite", 11)]
    pdf, layout = typeset_pdf(Document(blocks=blocks), tactix.info, A5)
    subject = Subject("regles-livret.pdf", pdf, role="rulebook", layout=layout, rules_path="rules.fr.md")
    page_of = {(f["kind"], f["line"]): f["page"] for f in layout["flows"]}
    assert page_of[("paragraph", 5)] == page_of[("figure", 7)] == page_of[("figure", 9)] - 1
    assert figure_distance(subject, None) == []
    left = next(p for p in layout["pages"] if p["page"] == page_of[("paragraph", 1)])
    assert left["fill"] >= 0.75
