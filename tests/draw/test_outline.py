"""A mark's real outline (generator/draw/outline.py, draw/bounds.py measure): a zone turned with its group is
its turned rectangle, not the box round it; a line drawn at a slant has no width."""

from __future__ import annotations

import math

import pytest

from generator.draw import outline
from generator.draw.bounds import measure
from generator.draw.style import Stroke

DIAMOND = [(0.0, 10.0), (10.0, 0.0), (20.0, 10.0), (10.0, 20.0)]     # a 14.1 mm square turned 45 degrees


def test_the_hull_of_a_turned_square_is_its_four_corners_and_not_its_box():
    hull = outline.convex_hull(DIAMOND + [(10.0, 10.0), (5.0, 5.0)])
    assert sorted(hull) == sorted(DIAMOND)
    assert not outline.is_box(hull)
    assert outline.is_box(outline.box_corners(0, 0, 20, 10))
    assert outline.width(hull) == pytest.approx(math.sqrt(200))
    assert outline.width(outline.convex_hull([(0, 0), (30, 20)])) == 0.0       # a line


def test_where_a_turned_square_lies_in_a_band_is_narrower_than_its_box():
    # the band y 0..2 holds only the diamond's top corner: x 8..12, where its box says 0..20
    assert outline.extent_in_band(DIAMOND, 0, 0.0, 2.0) == pytest.approx((8.0, 12.0))
    assert outline.extent_in_band(DIAMOND, 0, 0.0, 20.0) == pytest.approx((0.0, 20.0))
    assert outline.extent_in_band(DIAMOND, 0, 25.0, 30.0) is None
    # along a line: the chord a seam at x = 15 runs inside it
    assert outline.extent_in_band(DIAMOND, 1, 15.0, 15.0) == pytest.approx((5.0, 15.0))


def test_a_turned_square_holds_what_is_drawn_inside_it_and_not_its_box_s_corners():
    assert outline.holds(DIAMOND, [(8, 8), (12, 12), (10, 3)])
    assert not outline.holds(DIAMOND, [(1, 1)])
    assert outline.holds(DIAMOND, [(4.5, 4.5)], tol=1.0)          # 0.35 mm outside, within 1 mm


def test_a_drawing_turned_with_its_group_is_measured_by_its_outline():
    """A 75 mm square turned 30 degrees (PuXes' 3-player sacred garden): its box is 102.5 mm, its outline the
    turned square; a 150 mm ruler line turned with it spans a box 130 x 75 mm and is no wider than its stroke."""
    def garden(c):
        with c.group(translate=(200.0, 200.0), rotate_deg=30):
            c.rect(-37.5, -37.5, 75.0, 75.0, fill="#F3C2B8")

    def ruler(c):
        with c.group(translate=(200.0, 200.0), rotate_deg=120):
            c.line(0.0, 0.0, 0.0, 150.0, Stroke("#6B5B4B", 0.4))
    box, text, hull = measure(garden)
    assert not text and box[2] == pytest.approx(37.5 * 2 * (math.cos(math.radians(30)) + math.sin(math.radians(30))))
    assert len(hull) == 4 and outline.width(hull) == pytest.approx(75.0)
    box, _, hull = measure(ruler)
    assert min(box[2], box[3]) > 70 and outline.width(hull) < 1.0


def test_a_clip_cuts_the_outline():
    def clipped(c):
        with c.group(clip=(0.0, 0.0, 10.0, 100.0)):
            with c.group(translate=(10.0, 50.0), rotate_deg=45):
                c.rect(-10.0, -10.0, 20.0, 20.0, fill="#000000")
    box, _, hull = measure(clipped)
    assert box[0] == pytest.approx(0.0) and box[0] + box[2] == pytest.approx(10.0)
    assert (min(p[0] for p in hull), max(p[0] for p in hull)) == pytest.approx((0.0, 10.0))
    # the diamond's left half, cut at x = 0: its corner at (10, 50 - 14.1) stays, the corner at x = -4.1 goes
    assert outline.extent_in_band(hull, 1, 10.0, 10.0) == pytest.approx((50 - math.sqrt(200), 50 + math.sqrt(200)))
    assert outline.extent_in_band(hull, 1, 0.0, 0.0)[1] - outline.extent_in_band(hull, 1, 0.0, 0.0)[0] == \
        pytest.approx(2 * (math.sqrt(200) - 10))
