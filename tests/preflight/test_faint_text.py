"""The reader's preflight, faint_text (generator/print/reader.py): text standing out from its ground by less than
min_text_contrast (WCAG's contrast ratio, 4.5 to 1). Issue 25 found the Praxis board's coordinates "at 1.4 mm
light grey"; the reader measured their size, not their colour, and Tactix's, Tectonic's and Armada's boards and figures kept
theirs in the same #8A8A8A (3.2 to 1 on their cream), Praxis' figures white letters on pure red (4.0 to 1), and
the rules summary's sheet label a #8C8C8C on white (3.4 to 1). Each bad fixture (a PDF drawn straight with
reportlab) is told with its ratio and its text; each good one says nothing; the games' real output, none."""

from __future__ import annotations

import pytest
from PIL import Image
from reportlab.lib.colors import HexColor
from reportlab.lib.utils import ImageReader

from drawnpdf import drawn_pdf

from generator.i18n import catalogue
from generator.print.reader import Subject, check
from generator.reader_thresholds import value as threshold

FR = catalogue("fr")


def _on(ground: str | None, ink: str, text: str = "b6"):
    """`text` in `ink` at 7 pt, on a square filled with `ground` (None: on the paper)."""
    def draw(c):
        if ground is not None:
            c.setFillColor(HexColor(ground))
            c.rect(90, 690, 60, 30, stroke=0, fill=1)
        c.setFillColor(HexColor(ink))
        c.setFont("Helvetica", 7)
        c.drawString(100, 700, text)
    return draw


def _faint(data: bytes, name: str = "plateau.pdf") -> list:
    return [w for w in check(Subject(name, data), FR).warnings if w.kind == "faint_text"]


@pytest.mark.parametrize("ground, ink, ratio", [
    ("#FBF8F1", "#8A8A8A", 3.3),      # Praxis' board coordinates before, on its cream
    ("#FBF7EE", "#8A8A8A", 3.2),      # Tactix's board and figures
    ("#FF0000", "#FFFFFF", 4.0),      # a red tile's letters in Praxis' figures
    (None, "#8C8C8C", 3.4),           # the summary's sheet label, on the paper
])
def test_text_too_pale_on_its_ground_is_told_with_its_ratio(ground, ink, ratio):
    found = _faint(drawn_pdf(_on(ground, ink)))
    assert len(found) == 1
    facts = found[0].facts
    assert facts["ratio"] == ratio and facts["least"] == threshold("min_text_contrast") and facts["text"] == "b6"
    assert "contraste de 3" in found[0].describe(FR) or "contraste de 4" in found[0].describe(FR)


@pytest.mark.parametrize("ground, ink", [
    ("#FBF8F1", "#6B625A"),           # Praxis' coordinates now (5.6 to 1)
    ("#FBF7EE", "#666666"),           # Tactix's and Tectonic's now
    ("#D00000", "#FFFFFF"),           # a red tile's letters now (5.7 to 1)
    ("#0070C0", "#FFFFFF"),           # a blue tile's (5.0 to 1)
    (None, "#4D4D4D"),                # a sheet's label
    ("#8A8A8A", "#8A8A8A"),           # drawn over: a ground filled after the text does not count
])
def test_text_that_stands_out_from_its_ground_says_nothing(ground, ink):
    draw = _on(ground, ink)
    if ground == ink:                 # the text first, then a grey square over it: its ground is the paper
        def draw(c):
            c.setFillColor(HexColor("#000000"))
            c.setFont("Helvetica", 7)
            c.drawString(100, 700, "b6")
            c.setFillColor(HexColor(ground))
            c.rect(300, 690, 60, 30, stroke=0, fill=1)
    assert _faint(drawn_pdf(draw)) == []


def test_text_on_a_picture_is_not_judged():
    # A picture has no one colour under the text: the reader cannot tell its contrast, and says nothing.
    picture = Image.new("RGB", (8, 8), (240, 240, 240))

    def draw(c):
        c.drawImage(ImageReader(picture), 90, 690, 60, 30)
        c.setFillColor(HexColor("#D8D8D8"))
        c.setFont("Helvetica", 7)
        c.drawString(100, 700, "b6")
    assert _faint(drawn_pdf(draw)) == []


def test_the_ground_is_the_last_area_filled_under_the_text():
    # A pale label on a dark band, the band on a pale card: the band is its ground (white on #333: 12.6 to 1).
    def draw(c):
        c.setFillColor(HexColor("#FBF8F1"))
        c.rect(50, 650, 300, 120, stroke=0, fill=1)
        c.setFillColor(HexColor("#333333"))
        c.rect(90, 690, 60, 30, stroke=0, fill=1)
        c.setFillColor(HexColor("#FFFFFF"))
        c.setFont("Helvetica", 7)
        c.drawString(100, 700, "b6")
    assert _faint(drawn_pdf(draw)) == []


@pytest.mark.xdist_group("game-praxis")
def test_praxis_board_and_figures_are_read_without_faint_text(game_build):
    out = game_build("praxis").out
    for name in ("plateau.pdf", "regles.pdf", "regles-livret.pdf", "aide.pdf", "tuiles.pdf"):
        assert _faint((out / name).read_bytes(), name) == [], name


def test_tactix_board_figures_and_summary_are_read_without_faint_text(tactix_build):
    for name in ("plateau.pdf", "regles.pdf", "regles-livret.pdf", "resume.pdf"):
        assert _faint((tactix_build / name).read_bytes(), name) == [], name
