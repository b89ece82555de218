"""A die's name on the glue tab under its back face stays inside the tapered tab, so the cut never crosses it."""

from __future__ import annotations

import pytest

from generator.draw.fonts import text_width_mm
from generator.print.dicenet import TAB_LABEL_GAP_MM, TAB_LABEL_PT, _tab_label, net_plan


def _tab(size_mm: float, tab_mm: float):
    plan = net_plan(size_mm, tab_mm)
    return next(t for t in plan.tabs if t[:2] == (5, "bottom"))[2]


def _width_at(pts, depth: float) -> float:
    """The tab's width `depth` mm below the fold (a trapezoid: full face width at the fold, narrower outside)."""
    top, bottom = abs(pts[-1][0] - pts[0][0]), abs(pts[1][0] - pts[2][0])
    full = abs(pts[1][1] - pts[0][1])
    return top - (top - bottom) * depth / full


@pytest.mark.parametrize("name", ["Roi blanc", "Roi noir", "Dé blanc", "Dé noir"])
def test_the_tactix_dice_names_fit_their_16_mm_die_s_tab_at_their_baseline(name):
    pts = _tab(16.0, 5.0)
    shown, style, base = _tab_label(name, pts)
    assert shown == name
    assert text_width_mm(shown, style) + 2 * TAB_LABEL_GAP_MM <= _width_at(pts, base) + 1e-9
    assert base <= 5.0, "the baseline stays on the tab"


def test_a_name_too_long_for_the_smallest_size_is_shortened_not_spilled():
    pts = _tab(16.0, 5.0)
    shown, style, base = _tab_label("Le dé du grand amiral de la flotte", pts)
    assert shown.endswith("…") and style.size_pt == TAB_LABEL_PT[1]
    assert text_width_mm(shown, style) + 2 * TAB_LABEL_GAP_MM <= _width_at(pts, base) + 1e-9
