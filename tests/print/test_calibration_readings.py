"""The calibration page's reading boxes (A, B, C, D and the printer's name) stay clear of the vertical 100 mm rule.

Page review of issue 25: "Imprimante : ________________" ran 8 mm through the vertical rule, at A4 in every
game's calibrage.pdf, its blank crossed by the line the player measures."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from generator.print import PrintOptions, calibration_page

PT_PER_MM = 72 / 25.4


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_reading_blanks_end_before_the_vertical_rule(paper, language):
    doc = calibration_page(PrintOptions(paper=paper, language=language), game_title="Essai")
    with pdfplumber.open(io.BytesIO(doc.pdf)) as pdf:
        page = pdf.pages[0]
        vertical = [ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.1 and ln["bottom"] - ln["top"] > 90 * PT_PER_MM]
        assert len(vertical) == 1, vertical
        rule_x, top, bottom = vertical[0]["x0"], vertical[0]["top"], vertical[0]["bottom"]
        blanks = [w for w in page.extract_words() if "___" in w["text"]]
        assert len(blanks) == 5, [w["text"] for w in page.extract_words() if "_" in w["text"]]
        crossing = [w["text"] for w in blanks
                    if w["x0"] < rule_x + 1 and w["x1"] > rule_x - 2 * PT_PER_MM and w["bottom"] > top and w["top"] < bottom]
        assert not crossing, (rule_x, [(w["text"], w["x0"], w["x1"]) for w in blanks])
