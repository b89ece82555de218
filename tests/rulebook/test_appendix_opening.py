"""Where the appendices open (rulebook/pdf.py appendix_opening_pt): on the rules' last page when their heading and
min_text_beside_figures lines fit in what it has left, else on a new page. Two thirds of a page were asked before,
and Tactix's booklet printed its credits alone on a thirteenth page, a sheet of paper for eight lines."""

from __future__ import annotations

import pytest

from generator.content import load_game
from generator.rulebook.markdown import Document, Heading, Paragraph, Span
from generator.rulebook.pdf import appendix_opening_pt, make_styles, theme_for, typeset_pdf
from tests.conftest import ROOT

A5 = theme_for("a4", half=True)


@pytest.fixture(scope="module")
def info():
    return load_game(ROOT / "content", "tactix").info


def _words(count: int, stem: str, line: int) -> Paragraph:
    return Paragraph((Span(" ".join(f"{stem}{w:04d}" for w in range(count))),), line)


def _laid_out(rules_words: int, info) -> tuple[dict, dict]:
    """The layout of rules of `rules_words` words followed by an appendix: the page the rules end on and the
    appendix heading's flow."""
    doc = Document(blocks=[_words(rules_words, "regle", 1)])
    doc.extend(Document(blocks=[Heading(1, (Span("Annexe A"),), "annexe-a", 1), _words(60, "note", 2)]),
               as_appendix=True)
    _, layout = typeset_pdf(doc, info, A5)
    rules_end = [f for f in layout["flows"] if f["line"] == 1][-1]
    heading = next(f for f in layout["flows"] if f["kind"] == "heading")
    page = next(p for p in layout["pages"] if p["page"] == rules_end["page"])
    return page, heading


def test_an_appendix_opens_under_the_rules_where_its_heading_and_five_lines_fit(info):
    page, heading = _laid_out(150, info)
    assert page["room"] < A5.text_h_mm * 72 / 25.4 * 2 / 3      # less than two thirds of the page was left
    assert heading["page"] == page["page"]


def test_an_appendix_opens_a_new_page_where_its_opening_would_not_fit(info):
    page, heading = _laid_out(250, info)
    assert page["room"] < appendix_opening_pt(A5, make_styles(A5))
    assert heading["page"] == page["page"] + 1


def test_tactix_booklet_holds_its_credits_under_its_notes_on_three_sheets(tactix):
    """Issue 25: 13 pages and the credits alone on the last (a fourth sheet for eight lines); then 12, on 3 sheets;
    11 since figures float past a heading (its text fills the page the figure did not fit)."""
    from generator.build import own_icons
    from generator.figures import game_figures
    from generator.rulebook import build_rulebook
    with own_icons(tactix):
        out = build_rulebook(tactix, figures=game_figures(tactix, ROOT / "content"))
    assert (out.booklet_pages, out.booklet_sheets) == (11, 3)
    headings = [f["page"] for f in out.layout_half["flows"] if f["kind"] == "heading" and f["line"] is None]
    assert headings[-1] == 11 and headings[-2] in (10, 11)     # Annexe B under Annexe A's end
