"""The reader's preflight on a rulebook page holding figures alone (generator/print/reader.py figures_alone, a
page_fill warning of the form `figures`): flagged where the text after them could have shared the page, never
where the figures fill it even at their least size, nor where the next page opens with another figure. The
layouts are given as the typesetter hands them over (rulebook/pdf.py typeset_pdf), or made by it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generator.content import load_game
from generator.i18n import catalogue
from generator.print.reader import Subject, figures_alone
from generator.rulebook.markdown import Document, FigureBlock, Heading, Paragraph, Span
from generator.rulebook.pdf import theme_for, typeset_pdf
from tests.conftest import ROOT

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rulebook"))
from rulebook_helpers import BoxFigure  # noqa: E402

A5 = theme_for("a4", half=True)


@pytest.fixture(scope="module")
def tactix():
    return load_game(ROOT / "content", "tactix")


def _words(count: int, stem: str, line: int) -> Paragraph:
    return Paragraph((Span(" ".join(f"{stem}{w:04d}" for w in range(count))),), line)


def _figure(fid: str, height_mm: float, number: int, line: int, text_pt: float = 9.0) -> FigureBlock:
    return FigureBlock(number, fid, BoxFigure(fid, "L", width_mm=90, height_mm=height_mm, text_pt=text_pt),
                       (Span(f"Légende{fid}"),), line)


def _subject(doc: Document, tactix) -> Subject:
    pdf, layout = typeset_pdf(doc, tactix.info, A5)
    return Subject("regles-livret.pdf", pdf, role="rulebook", layout=layout, rules_path="rules.fr.md")


def _alone_pages(subject: Subject) -> list[int]:
    """Pages whose rules blocks are figures and captions only."""
    flows = subject.layout["flows"]
    return [p["page"] for p in subject.layout["pages"]
            if (here := [f for f in flows if f["page"] == p["page"]])
            and all(f["kind"] in ("figure", "caption") for f in here)]


def _two_figures(line_of_text: int = 5) -> Document:
    return Document(blocks=[_words(210, "avant", 1), _figure("a", 60, 1, 2), _words(60, "entre", 3),
                            _figure("b", 60, 2, 4), _words(300, "suite", line_of_text)])


def _layout(least: float, next_kind: str = "paragraph") -> dict:
    """A booklet's layout as the typesetter hands it over: page 4 holds two figures and their captions (each
    group `least` pt high at its least size), page 5 opens with `next_kind` (rules line 12)."""
    page = {"fill": 0.95, "kind": None, "room": 20.0, "height": 490.39, "line": 11.88}
    flows = [{"kind": "paragraph", "line": 3, "page": 3, "top": 480.0, "bottom": 60.0}]
    for fid, top in (("a", 480.0), ("b", 250.0)):
        flows += [{"kind": "figure", "line": 5, "figure": fid, "page": 4, "top": top, "bottom": top - 200,
                   "least": least},
                  {"kind": "caption", "line": 5, "figure": fid, "page": 4, "top": top - 205, "bottom": top - 225}]
    bottom = 400.0 if next_kind == "heading" else 300.0         # a heading 80 pt high (a title on two lines)
    flows.append({"kind": next_kind, "line": 12, "page": 5, "top": 480.0, "bottom": bottom, "level": 1})
    return {"pages": [{**page, "page": n} for n in (3, 4, 5)], "flows": flows}


def _laid_out(layout: dict) -> Subject:
    return Subject("regles-livret.pdf", b"", role="rulebook", layout=layout, rules_path="rules.fr.md")


def test_a_page_of_figures_alone_that_text_could_have_shared_is_flagged_at_the_text_it_kept_away():
    """Two figures 180 pt high at their least size leave 130 pt of a 490 pt page: five lines would fit."""
    found = figures_alone(_laid_out(_layout(180.0)), None)
    assert [(w.kind, w.page, w.line, w.facts["form"], w.facts["figures"]) for w in found] == \
        [("page_fill", 4, 12, "figures_text", 2)]
    said = found[0].describe(catalogue("fr"))
    assert said.startswith("rules.fr.md:12: page de 2 figure(s) seule(s)") and "regles-livret.pdf p. 4" in said
    # a heading opening the next page counts with its own height: 130 pt hold it (80 pt), not five lines more
    assert figures_alone(_laid_out(_layout(180.0, "heading")), None) == []
    # the game's threshold: with two lines asked, the heading and them fit
    assert len(figures_alone(_laid_out(_layout(180.0, "heading")), {"min_text_beside_figures": 2})) == 1


@pytest.mark.parametrize("least, next_kind", [(230.0, "paragraph"), (180.0, "figure")])
def test_figures_filling_their_page_or_followed_by_a_figure_are_not_flagged(least, next_kind):
    """230 pt each at their least: the page holds no five lines more. A figure opening the next page: the page
    could not have shared with text that comes after it."""
    assert figures_alone(_laid_out(_layout(least, next_kind)), None) == []


def test_the_last_page_and_a_page_with_text_are_not_flagged():
    layout = _layout(180.0)
    layout["flows"] = layout["flows"][:-1]                 # nothing after the figures: the book's end
    assert figures_alone(_laid_out(layout), None) == []
    layout = _layout(180.0)
    layout["flows"].insert(5, {"kind": "paragraph", "line": 6, "page": 4, "top": 20.0, "bottom": 5.0})
    assert figures_alone(_laid_out(layout), None) == []


def test_the_typesetters_own_layout_of_two_waiting_figures_is_not_flagged(tactix):
    good = _subject(_two_figures(), tactix)
    assert _alone_pages(good) == []
    assert figures_alone(good, None) == []


def test_figures_that_fill_the_page_even_at_their_least_size_are_not_flagged(tactix):
    """Two figures of 80 mm whose labels are at the reader's floor (never set smaller), then text: their page
    cannot hold five lines more; honest. (They stood alone on their page; figures now float past a heading, and
    the text after them runs round them: no page of figures alone at all.)"""
    doc = Document(blocks=[_words(210, "avant", 1), _figure("a", 78, 1, 2, 5.0), _figure("b", 78, 2, 3, 5.0),
                           Heading(1, (Span("Suite"),), "suite", 4), _words(300, "suite", 5)])
    subject = _subject(doc, tactix)
    assert not _alone_pages(subject), "the text after them shares their pages"
    assert figures_alone(subject, None) == []


def test_a_figure_alone_before_another_figure_is_not_flagged(tactix):
    """Three tall figures in a row, no text between: each opens a page, none could share it with text."""
    doc = Document(blocks=[_words(120, "avant", 1), *[_figure(f, 100, n + 1, n + 2, 5.0) for n, f in
                                                      enumerate("abc")], _words(300, "suite", 9)])
    subject = _subject(doc, tactix)
    assert len(_alone_pages(subject)) >= 1
    assert figures_alone(subject, None) == []


def test_a_page_both_checks_find_gives_one_warning_and_each_keeps_its_own_pages():
    """Page 4, figures alone and half full before a paragraph: page_fill tells it (form `figures`) and
    figures_alone would tell it again (form `figures_text`); one defect, one warning. Filled at 95 %, only
    figures_alone finds it: that warning stays."""
    from generator.print.preflight import PdfRead
    from generator.print.reader import check

    def forms(fill: float) -> list:
        layout = _layout(180.0)
        layout["pages"][1]["fill"] = fill
        subject = Subject("regles-livret.pdf", read=PdfRead([], False), role="rulebook", layout=layout,
                          rules_path="rules.fr.md")
        return [(w.kind, w.page, w.facts.get("form")) for w in check(subject, catalogue("fr")).warnings]
    assert forms(0.5) == [("page_fill", 4, "figures")]
    assert forms(0.95) == [("page_fill", 4, "figures_text")]


def test_figures_alone_before_a_heading_that_went_over_with_its_figure_are_not_flagged():
    """Praxis booklet p17: a heading, its two lines and their figure went over (rulebook/pdf.py: fewer than
    min_lines_under_heading lines under it here); what it needed is recorded as its least. The figures' page
    could not have held it even with them at their least."""
    layout = _layout(180.0, "heading")
    layout["flows"][-1]["bottom"] = 460.0              # a heading on one line: it and five lines fit in 130 pt
    assert len(figures_alone(_laid_out(layout), None)) == 1
    layout["flows"][-1]["least"] = 200.0               # it needed 200 pt: its lines and its figure
    assert figures_alone(_laid_out(layout), None) == []


def test_a_heading_opening_the_next_page_counts_with_the_space_round_it():
    """Tactix's A5 booklet: two figures filling their page (set at their own size) before a section heading;
    at their least size they left room for the heading's 14 pt and five lines, not for the space the heading
    takes above and below it (about a line), which the typesetter counts (_text_room): not flagged. With that
    line more to spare, it is."""
    def layout(least):
        laid = _layout(least, "heading")
        laid["flows"][-1]["bottom"] = laid["flows"][-1]["top"] - 14.4
        return _laid_out(laid)
    assert figures_alone(layout(205.0), None) == []         # 410 + 14.4 + 59.4 fits 490, with the space not
    assert len(figures_alone(layout(198.0), None)) == 1     # 396 + 14.4 + 11.9 + 59.4 fits
