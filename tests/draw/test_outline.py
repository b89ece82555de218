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


def test_only_an_axis_aligned_rectangle_is_its_own_box():
    """A diagonal arrow's two ends are two corners of its box: it is no box (it kept a box-sized zone clear);
    a rectangle is, and so is a line along an axis (its box is flat); a right triangle fills half its box."""
    assert not outline.is_box([(0.0, 0.0), (30.0, 20.0)])
    assert not outline.is_box([(0.0, 20.0), (30.0, 0.0)])
    assert outline.is_box(outline.box_corners(0, 0, 30, 20))
    assert outline.is_box([(0.0, 5.0), (30.0, 5.0)])
    assert not outline.is_box([(0.0, 0.0), (30.0, 0.0), (30.0, 20.0)])
    assert not outline.is_box(DIAMOND)


def test_a_cubic_is_flattened_within_its_tolerance_in_a_bounded_count_of_points():
    """A quarter of PuXes' play circle (radius 450 mm) as geometry.circle_ops draws it: its points lie on the
    circle (within the tolerance and the Bézier's own 0.027 %), at most CURVE_MAX_STEPS of them, the same each
    time; a straight Bézier is one chord."""
    from generator.draw.geometry import circle_ops
    ops = circle_ops(0.0, 0.0, 450.0)
    start, quarter = ops[0][1:], ops[1][1:]
    points = outline.cubic_points(start, quarter[0:2], quarter[2:4], quarter[4:6])
    assert 8 <= len(points) <= outline.CURVE_MAX_STEPS
    assert all(abs(math.hypot(x, y) - 450.0) < 0.15 for x, y in points)
    chords = zip([start] + points[:-1], points)
    assert all(abs(math.hypot((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) - 450.0) < outline.CURVE_TOLERANCE + 0.15
               for a, b in chords)
    assert points == outline.cubic_points(start, quarter[0:2], quarter[2:4], quarter[4:6])
    assert outline.cubic_points((0, 0), (1, 1), (2, 2), (3, 3)) == [(3.0, 3.0)]


def test_a_circle_is_measured_by_its_curve_not_the_octagon_of_its_control_points():
    """The outline of a circle drawn (a zone's circle, an ellipse's path) stays within its stroke of the circle:
    the control points of its Béziers reach 14 % of the radius beyond it. Its box is the circle's, as before."""
    from generator.draw.geometry import ellipse_ops

    def circle(c):
        c.circle(450.0, 450.0, 450.0, stroke=Stroke("#6B5B4B", 1.2))

    def ellipse(c):
        c.path(ellipse_ops(450.0, 450.0, 450.0, 450.0), stroke=Stroke("#6B5B4B", 1.2))
    for draw in (circle, ellipse):
        box, _, hull = measure(draw)
        assert box == pytest.approx((-0.6, -0.6, 901.2, 901.2))
        # each point padded by half the stroke (a square 1.2 mm across): its outer corners make the hull; the
        # Bézier itself strays up to 0.027 % of the radius out
        assert all(449.8 < math.hypot(x - 450, y - 450) < 450 * 1.00027 + 0.6 * math.sqrt(2) + 0.01 for x, y in hull)
        assert not outline.is_box(hull) and 40 <= len(hull) <= 4 * 4 * outline.CURVE_MAX_STEPS
