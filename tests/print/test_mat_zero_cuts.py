"""Why PuXes' 3-player mat keeps two zone cuts (game.yaml seam_zone_cuts: 2), measured: each of B's and C's sacred
and public gardens, turned at 120 degrees, overlap each other's span both across and down, so no straight seam
passes between them, and together they are larger than any sheet's window on A4 or Letter either way up. The
tiling's seams are straight along a row or a column (a grid, staggered rows, rows turned each their way), so
one of each pair is cut however many sheets are used: two cuts at least, which the tiling reaches (the public
gardens' far ends, tests/print/test_mat_seams.py). A3 holds each pair whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.components.mat import mat_item
from generator.content.loader import load_game
from generator.print import PrintOptions
from generator.print.document import LABEL_BAND_MM
from generator.print.paper import candidate_pages
from generator.print.sheet import EDGE_MIN_MM

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _span(zone, axis):
    values = [p[axis] for p in zone[6]] if len(zone) > 6 else [zone[axis], zone[axis] + zone[2 + axis]]
    return min(values), max(values)


def _windows(paper):
    options = PrintOptions(paper=paper)
    return [(p.printable[2] - 2 * EDGE_MIN_MM, p.printable[3] - LABEL_BAND_MM - 2 * EDGE_MIN_MM)
            for p in candidate_pages(paper, "auto", options.margin_mm)]


def test_each_turned_pair_of_gardens_is_inseparable_by_a_straight_seam_and_larger_than_a_sheet():
    game = load_game(CONTENT, "puxes")
    mat = next(size for c in game.components if type(c).__name__ == "Mat" for size in c.all_sizes()
               if size.id == "tapis-3j")
    # the turned gardens (a sacred one's box 103 mm square, a public one's 144 x 199), each once
    zones = list({tuple(round(v) for v in b[:4]): b for b in mat_item(mat, game.folder).front.keep_clear_mm
                  if b[4] and not b[5] and len(b) > 6 and 90 < min(b[2], b[3]) and max(b[2], b[3]) < 250}.values())
    pairs = []
    for i, a in enumerate(zones):
        for b in zones[i + 1:]:
            (ax0, ax1), (bx0, bx1) = _span(a, 0), _span(b, 0)
            (ay0, ay1), (by0, by1) = _span(a, 1), _span(b, 1)
            across, down = min(ax1, bx1) - max(ax0, bx0), min(ay1, by1) - max(ay0, by0)
            if across > 0 and down > 0:
                pairs.append((across, down, max(ax1, bx1) - min(ax0, bx0), max(ay1, by1) - min(ay0, by0)))
    assert len(pairs) == 2                       # B's pair and C's pair
    for across, down, width, height in pairs:
        assert across == pytest.approx(37.1, abs=0.5) and down == pytest.approx(101.1, abs=0.5)
        assert (width, height) == pytest.approx((210.3, 201.1), abs=0.5)
        for paper in ("a4", "letter"):
            assert not any(width <= w and height <= h for w, h in _windows(paper)), paper
        assert any(width <= w and height <= h for w, h in _windows("a3"))
