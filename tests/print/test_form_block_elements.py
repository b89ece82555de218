"""A form block's own elements are drawn from the block's corner, so they move with it when the form is printed
larger (issue 25, 3d Run on A3: the sheet's direction arrows, placed in mm from the form's corner, landed in JUMP
2's boxes once the blocks widened with the A3 page)."""

from __future__ import annotations

import json

import pdfplumber
import pytest

MM = 72 / 25.4


def _letters_in_boxes(pdf_path) -> list[str]:
    """The arrows' letters (7.5 pt bold H, M, A, D, B) of the first sheet lying over one of its 10 mm dice boxes
    (rounded: drawn as curves)."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        boxes = [r for r in page.rects + page.curves
                 if abs(r["width"] - 10 * MM) < 0.5 and abs(r["height"] - 10 * MM) < 0.5
                 and r["top"] < page.height / 2]
        letters = [c for c in page.chars if c["text"] in "HMADB" and abs(c["size"] - 7.5) < 0.05
                   and c["top"] < page.height / 2]
    assert len(boxes) >= 11 and len(letters) == 8       # JUMP 1, 2, RUN, PULSE, BACK, POW; the two rows of arrows
    return [c["text"] for c in letters for r in boxes
            if c["x0"] < r["x1"] and c["x1"] > r["x0"] and c["top"] < r["bottom"] and c["bottom"] > r["top"]]


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_the_3d_run_sheets_arrows_stay_in_their_block_on_every_paper(shared_build, paper):
    built = shared_build("3d-run", "--paper", paper)
    assert built.exit_code == 0, built.output
    out = built.out / "3d-run"
    assert _letters_in_boxes(out / "feuille.pdf") == []
    preflight = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["preflight"]
    assert "struck_text" not in preflight["by_kind"], preflight["lines"]
