"""Praxis' and PuXes' rulebook pages, filled by their content (issue 25, "Pages that waste paper"): figures
cropped to the rows of their move, short sections ordered to share a page, each PuXes variant told once, beside
its mat. Read back from the PDFs: the share of each page's text block above its lowest word or drawn box."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest

from generator.build import own_icons
from generator.content import load_game
from generator.draw.style import MM_PER_PT
from generator.figures import game_figures
from generator.reader_thresholds import value as threshold
from generator.rulebook import build_rulebook
from generator.rulebook.pdf import theme_for

CONTENT = Path(__file__).resolve().parents[2] / "content"

FRONT = 2            # the cover and the contents


def _fills(pdf, half: bool = False) -> list[float]:
    """Per page after the contents, the share of the text block above its lowest word or drawn box."""
    theme = theme_for("a4", half=half)
    top, height = theme.top_mm / MM_PER_PT, theme.text_h_mm / MM_PER_PT
    fills = []
    for page in pdf.pages[FRONT:]:
        bottoms = [w["bottom"] for w in page.extract_words() if top < w["top"] < top + height]
        bottoms += [r["bottom"] for r in page.rects if top < r["top"] < top + height]
        fills.append(round((max(bottoms) - top) / height, 2) if bottoms else 0.0)
    return fills


@pytest.mark.xdist_group("game-puxes")
def test_puxes_rules_tell_each_variant_beside_its_mat_and_leave_no_page_a_quarter_blank(game_build):
    """The A4 rules were 22 pages: the three-player mat and the two-temple mat each left a fifth of their page
    blank (the summary of the variants, then their mats, then Annexe A telling the variants again), and
    Annexe C stood alone on its last page, a fifth full. Each variant now has its section, its mat after it."""
    pdf = pdfplumber.open(game_build("puxes").out / "regles.pdf")
    fills = _fills(pdf)
    assert len(pdf.pages) <= 20
    assert min(fills[:-1]) >= threshold("min_page_fill"), fills
    assert fills[-1] >= 0.5, fills
    text = " ".join(page.extract_text() for page in pdf.pages)
    assert "Annexe A — Variantes" not in text and "Annexe A — Notes de conception" in text


@pytest.mark.xdist_group("game-praxis")
def test_praxis_a4_rules_end_on_a_page_with_more_than_the_credits(game_build):
    """Cropping the figures moved the A4 rules up: the credits stood alone on page 23 (a fifth of it), until
    four design notes were said in fewer words."""
    pdf = pdfplumber.open(game_build("praxis").out / "regles.pdf")
    fills = _fills(pdf)
    assert len(pdf.pages) <= 22
    assert fills[-1] >= 0.5, fills


def _rulebook(game_id: str):
    """A game's rulebook as the build makes it: the A4 edition, the booklet's A5 pages before imposition (the
    built file holds them two to a side), and how each was laid out."""
    game = load_game(CONTENT, game_id)
    with own_icons(game):
        return build_rulebook(game, figures=game_figures(game, CONTENT), paper="a4")


@pytest.fixture(scope="module")
def praxis_rules():
    return _rulebook("praxis")


def test_praxis_booklet_leaves_no_page_a_quarter_blank(praxis_rules):
    """The booklet's page 14 was 65 % full (the Duel figure could not follow the Mutation one), 25 and 26 were
    54 % and 67 % (the prise-récompensée and petit-plateau variants each alone): figures cropped to the rows of
    their move, the short variants paired on a page (29 A5 pages, from 30)."""
    pdf = pdfplumber.open(io.BytesIO(praxis_rules.pdf_a5))
    fills = _fills(pdf, half=True)
    assert len(pdf.pages) <= 29
    assert min(fills[:-1]) >= threshold("min_page_fill"), fills


def test_three_d_run_booklet_leaves_no_page_a_quarter_blank():
    """3d Run's A5 booklet: page 5 was 75 % full (figure 1, nine rows high, could not follow the RUN rules) and
    page 10 72 % (the chest's figure could not follow the obstacles). Figures 1, 7 and 8 are cropped to the rows
    of their move, figure 2 to the rows of its routes, figure 3 to where its route ends, the chest's example
    follows the chest's powers, a few sentences say the same in fewer words: 16 A5 pages, from 17 (four sheets
    folded, from five)."""
    game = load_game(CONTENT, "3d-run")
    with own_icons(game):
        book = build_rulebook(game, figures=game_figures(game, CONTENT), paper="a4")
    pdf = pdfplumber.open(io.BytesIO(book.pdf_a5))
    fills = _fills(pdf, half=True)
    assert len(pdf.pages) <= 16
    assert min(fills[:-1]) >= threshold("min_page_fill"), fills
    laid = [p["fill"] for p in book.layout_half["pages"] if p.get("kind") not in ("cover", "contents")]
    assert min(laid[:-1]) >= threshold("min_page_fill"), laid


def test_praxis_a4_rules_leave_no_page_a_quarter_blank(praxis_rules):
    """Pages 8 and 18 of the A4 rules were 71 % and 69 % full: 'Les effets des tuiles' and its 13-row table went
    over whole (a heading now needs its table's header and three rows under it, the table split after them), and
    the variants' page held two short ones, the petit-plateau board not fitting under them (the variants ordered
    so that each page's fill up; the Duel and Récupération text said shorter, which the shift asked for)."""
    pdf = pdfplumber.open(io.BytesIO(praxis_rules.pdf_a4))
    fills = _fills(pdf)
    assert min(fills[:-1]) >= threshold("min_page_fill"), fills


def _tables(layout: dict) -> dict[int, list[dict]]:
    """Each table of the rules (its line) and the parts it was set in."""
    out: dict[int, list[dict]] = {}
    for flow in layout["flows"]:
        if flow["kind"] == "table":
            out.setdefault(flow["line"], []).append(flow)
    return out


def test_praxis_scoring_table_stands_whole_in_the_booklet_and_every_table_splits_with_three_rows_a_side(
        praxis_rules):
    """The booklet split the scoring table (seven collections) five rows, then two on page 22 under its repeated
    header. Now whole on its page; any table split keeps three body rows at least on each side."""
    source = (CONTENT / "praxis" / "rules.fr.md").read_text(encoding="utf-8").splitlines()
    scoring = next(n for n, text in enumerate(source, start=1) if text.startswith("| Collection |")
                   and "Trois mêmes" in "".join(source[n:n + 9]))
    booklet = _tables(praxis_rules.layout_half)
    assert [(p["rows"], p["split"]) for p in booklet[scoring]] == [(7, False)]
    for layout in (praxis_rules.layout_full, praxis_rules.layout_half):
        for parts in _tables(layout).values():
            assert len(parts) == 1 or all(p["split"] and p["rows"] >= 3 for p in parts), parts


def test_puxes_booklet_leaves_no_page_a_third_blank():
    """The booklet's pages 6 and 11 were 58 % and 69 % full. Page 11 followed the three skill cards drawn at half
    their size: two cards at three quarters of theirs (Oni's words kept at 6 pt) fill it. Page 6 ended the set-up
    text where the two-player mat (figure 5, 107 mm high) could not follow: the set-up says there how to check the
    mat's scale and what its centre's cross is for, which the players only found in a caption or on the mat. The
    fortress's page (74 %) ends its variant's text where its figure cannot follow."""
    rules = _rulebook("puxes")
    fills = _fills(pdfplumber.open(io.BytesIO(rules.pdf_a5)), half=True)
    assert min(fills[:-1]) >= 0.7, fills
