"""The reader's preflight, struck_text (generator/print/reader.py): a printed word a line runs through. Each bad
fixture (a PDF drawn straight with reportlab, one defect at a time) is told, naming its word; each good one, where
a line meets text as a page rightly has it (an underline, a table's border beside a cell's text, a label on a band,
a board's faint grid under a coordinate, a piece's disc over the grid it stands on), says nothing."""

from __future__ import annotations

import pytest
from reportlab.lib.colors import CMYKColor, Color

from drawnpdf import drawn_pdf

from generator.i18n import catalogue
from generator.print.preflight import read_pdf
from generator.print.reader import Subject, check

FR = catalogue("fr")
SIZE = 10.0                     # the words' size, pt
BLACK, GREY = Color(0, 0, 0), Color(0.85, 0.85, 0.85)


def _pdf(draw) -> bytes:
    return drawn_pdf(draw)


def _word(c, x, y, text="Temple du nord", size=SIZE, colour=BLACK):
    c.setFillColor(colour)
    c.setFont("Helvetica", size)
    c.drawString(x, y, text)


def _line(c, x0, y0, x1, y1, width=0.5, colour=BLACK):
    c.setStrokeColor(colour)
    c.setLineWidth(width)
    c.line(x0, y0, x1, y1)


def _struck(draw) -> list:
    return [w for w in check(Subject("plateau.pdf", _pdf(draw)), FR).warnings if w.kind == "struck_text"]


def _x_of(text: str, part: str, x: float = 100.0, size: float = SIZE) -> float:
    """The middle of `part` in `text` drawn at x (Helvetica)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    start = x + stringWidth(text[:text.index(part)], "Helvetica", size)
    return start + stringWidth(part, "Helvetica", size) / 2


# --- bad: a line through the word's letters ------------------------------------------------------------------
def _through_the_middle(c):
    _word(c, 100, 700)
    _line(c, 80, 700 + 0.35 * SIZE, 300, 700 + 0.35 * SIZE)


def _across_a_word(c):
    """A vertical line (a seam, a cut line, a grid line) through the middle of "nord"."""
    _word(c, 100, 700)
    x = _x_of("Temple du nord", "nord")
    _line(c, x, 650, x, 750)


def _a_thin_filled_rule(c):
    """A rule drawn as a filled rectangle 0.6 mm high, over the word."""
    _word(c, 100, 700)
    c.setFillColor(BLACK)
    c.rect(90, 700 + 0.3 * SIZE, 200, 1.7, stroke=0, fill=1)


def _drawn_over_a_label_on_a_band(c):
    """A label on its band, then a border drawn over both, through the label."""
    c.setFillColor(CMYKColor(0, 0.2, 0.6, 0))
    c.rect(90, 696, 200, 16, stroke=0, fill=1)
    _word(c, 100, 700)
    x = _x_of("Temple du nord", "Temple")
    _line(c, x, 680, x, 730, width=0.8)


def _turned_text(c):
    """A label turned a quarter (a mat's side label), a line across it."""
    c.saveState()
    c.translate(300, 400)
    c.rotate(90)
    _word(c, 0, 0, "Oracle")
    c.restoreState()
    mid = 400 + _x_of("Oracle", "rac", 0.0)
    _line(c, 250, mid, 350, mid)


def _a_dark_line_under_the_word(c):
    """A dark line drawn first, the word over it: its letters and the line are of one ink, and it crosses them."""
    x = _x_of("Temple du nord", "du")
    _line(c, x, 650, x, 750, width=0.6)
    _word(c, 100, 700)


def _an_arrow_across_a_caption(c):
    """A diagonal arrow of a figure running across its label."""
    _word(c, 100, 700, "vers le haut")
    _line(c, 95, 690, 125, 720, width=1.5, colour=Color(0.7, 0.1, 0.1))


@pytest.mark.parametrize("draw, word", [(_through_the_middle, "Temple"), (_across_a_word, "nord"),
                                        (_a_thin_filled_rule, "Temple"), (_drawn_over_a_label_on_a_band, "Temple"),
                                        (_turned_text, "Oracle"), (_a_dark_line_under_the_word, "du"),
                                        (_an_arrow_across_a_caption, "vers")])
def test_a_line_through_a_word_is_told_naming_the_word_and_page(draw, word):
    warnings = _struck(draw)
    assert [(w.page, w.facts["word"]) for w in warnings] == [(1, word)]
    said = warnings[0].describe(FR)
    assert f"« {word} »" in said and "plateau.pdf p. 1" in said


# --- good: where lines meet text as they should --------------------------------------------------------------
def _underlined(c):
    _word(c, 100, 700)
    _line(c, 100, 699, 170, 699, width=0.5)


def _table_cells(c):
    """A table's borders round cells, 3 pt of padding: rows above and below, columns on either side."""
    for k, text in enumerate(("Tour", "Points", "Total")):
        x = 100 + k * 60
        _word(c, x + 3, 703, text)
        _line(c, x, 698, x, 716)
    _line(c, 280, 698, 280, 716)
    _line(c, 100, 698, 280, 698)
    _line(c, 100, 716, 280, 716)


def _a_rule_over_a_heading_and_under_it(c):
    _word(c, 100, 700, "Mise en place", size=14)
    _line(c, 100, 700 + 14 * 0.9, 300, 700 + 14 * 0.9)
    _line(c, 100, 697, 300, 697)


def _a_label_on_its_band(c):
    """A label printed on a coloured strip 5 mm high (as thin across as a rule, but wider than the letters)."""
    c.setFillColor(CMYKColor(0.6, 0, 0.2, 0))
    c.rect(90, 695, 200, 3.4, stroke=0, fill=1)          # a thin rule under the label: no word is over it
    c.rect(90, 696 + 3.4, 200, 14, stroke=0, fill=1)
    _word(c, 100, 702)


def _a_faint_grid_under_a_coordinate(c):
    """A board's light grid (15 % grey), its coordinates drawn over it in black."""
    for k in range(10):
        _line(c, 100 + k * 14, 600, 100 + k * 14, 760, width=0.3, colour=GREY)
        _line(c, 100, 600 + k * 14, 240, 600 + k * 14, width=0.3, colour=GREY)
    _word(c, 110, 702, "START")


def _pieces_on_a_grid(c):
    """Ships on the intersections of a dark grid (Armada): each disc hides the lines under its letter."""
    for k in range(5):
        _line(c, 100 + k * 20, 600, 100 + k * 20, 700, width=0.6)
        _line(c, 100, 600 + k * 20, 180, 600 + k * 20, width=0.6)
    for x in (120, 160):
        c.setFillColor(Color(1, 1, 1))
        c.setStrokeColor(BLACK)
        c.circle(x, 640, 8, stroke=1, fill=1)
        c.setFont("Helvetica", SIZE)
        c.setFillColor(BLACK)
        c.drawCentredString(x, 640 - 0.35 * SIZE, "A")


def _a_line_between_two_words(c):
    """A column rule in the space between two words, a line ending just short of a word."""
    _word(c, 100, 700, "Tour       Points")
    x = _x_of("Tour       Points", "   ")
    _line(c, x, 680, x, 720)
    _line(c, 60, 703, 99, 703)


def _a_clipped_line(c):
    """A line cut by the clip it is drawn in (a tiled sheet's window) before it reaches the word."""
    c.saveState()
    p = c.beginPath()
    p.rect(300, 600, 100, 200)
    c.clipPath(p, stroke=0, fill=0)
    _line(c, 80, 703, 380, 703)
    c.restoreState()
    _word(c, 100, 700)


@pytest.mark.parametrize("draw", [_underlined, _table_cells, _a_rule_over_a_heading_and_under_it, _a_label_on_its_band,
                                  _a_faint_grid_under_a_coordinate, _pieces_on_a_grid, _a_line_between_two_words,
                                  _a_clipped_line])
def test_lines_that_meet_text_rightly_are_not_told(draw):
    assert _struck(draw) == []


def test_the_lines_are_read_with_their_width_order_and_ink():
    """What the check reads (preflight.Findings.lines): a stroked segment with half its width, a thin filled
    rectangle by its middle line, the runs shown before each, and its lightness."""
    def draw(c):
        _word(c, 100, 700)
        _line(c, 80, 650, 300, 650, width=2.0, colour=GREY)
        c.setFillColor(BLACK)
        c.rect(90, 600, 200, 2, stroke=0, fill=1)
    lines = read_pdf(_pdf(draw)).pages[0].found.lines
    read = [(*sorted([tuple(round(v, 2) for v in line[0:2]), tuple(round(v, 2) for v in line[2:4])]),
             *(round(v, 2) for v in line[4:])) for line in lines]
    assert read == [((80, 650), (300, 650), 1.0, 1, 0.85), ((90, 601), (290, 601), 1.0, 1, 0.0)]
