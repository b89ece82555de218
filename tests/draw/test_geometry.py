"""The drawing layer's plane geometry: affine maps, the Bézier circle, rounded rectangles, polygons and
face outlines, measured on the points and curves they produce."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from curves import path_points
from generator.draw.geometry import (KAPPA, Affine, circle_ops, ellipse_ops, mirror_x, mirror_y, polygon_ops,
                                     regular_polygon, rotation, rounded_rect_ops, scaling, shape_outline_ops,
                                     shape_polygon, skew, translation)

GENERATOR = Path(__file__).resolve().parents[2] / "generator"


def close(p, q, tol=1e-9):
    return math.dist(p, q) < tol


# --- affine maps ----------------------------------------------------------------------------------

def test_a_composed_map_then_its_inverse_gives_every_point_back():
    m = rotation(30, about=(4, 5)).then(scaling(2.5, 0.5)).then(skew(x_deg=12)).then(translation(-7, 11))
    inverse = m.inverse()
    for p in ((0, 0), (1.5, -2), (100, 37.25)):
        assert close(inverse.apply(*m.apply(*p)), p)
    identity = m.then(inverse)
    assert (identity.a, identity.b, identity.c, identity.d) == pytest.approx((1, 0, 0, 1), abs=1e-12)
    assert (identity.tx, identity.ty) == pytest.approx((0, 0), abs=1e-12)


def test_then_applies_the_first_map_first():
    move_then_turn = translation(10, 0).then(rotation(90))
    assert move_then_turn.apply(0, 0) == (0, 10)            # moved right, then turned clockwise: down
    turn_then_move = rotation(90).then(translation(10, 0))
    assert turn_then_move.apply(0, 0) == (10, 0)


def test_quarter_turns_are_exact_and_clockwise_on_paper():
    assert rotation(90).apply(1, 0) == (0, 1)               # y down: right turns to down
    assert rotation(180).apply(3, 4) == (-3, -4)
    assert rotation(-90).apply(1, 0) == (0, -1)
    assert rotation(270).rotation_deg == 270
    assert rotation(90, about=(5, 5)).apply(10, 5) == (5, 10)
    with pytest.raises(ValueError, match="mirrors"):
        mirror_x(10).rotation_deg


def test_mirrors_exchange_the_sides_of_their_box():
    assert mirror_x(20).apply(3, 7) == (17, 7)
    assert mirror_y(20).apply(3, 7) == (3, 13)
    assert mirror_x(20).map_box((2, 3, 5, 6)) == (13, 3, 5, 6)


def test_svg_matrix_letters_read_column_by_column():
    m = Affine.from_svg(1, 2, 3, 4, 5, 6)                  # SVG: x' = a x + c y + e, y' = b x + d y + f
    assert m.apply(1, 0) == (1 + 5, 2 + 6)
    assert m.apply(0, 1) == (3 + 5, 4 + 6)


def test_mapping_a_path_maps_its_bezier_control_points():
    m = rotation(90).then(translation(10, 0))
    assert m.map_ops([("M", 1, 0), ("C", 1, 1, 2, 2, 3, 0), ("Z",)]) == [("M", 10, 1), ("C", 9, 1, 8, 2, 10, 3),
                                                                         ("Z",)]


# --- circles and ellipses -------------------------------------------------------------------------

def test_the_bezier_circle_strays_from_the_true_circle_by_less_than_0_03_percent():
    assert KAPPA == pytest.approx(4 / 3 * (math.sqrt(2) - 1), abs=1e-10)
    r = 40.0
    radii = [math.dist(p, (0, 0)) for p in path_points(circle_ops(0, 0, r), steps=400)]
    worst = max(abs(d - r) for d in radii) / r
    assert worst < 0.0003
    assert worst > 0.0002          # the known error of this approximation: the measure sees the curve


def test_an_ellipse_passes_through_its_four_extreme_points_clockwise():
    ops = ellipse_ops(10, 20, 8, 3)
    ends = [op[-2:] for op in ops if op[0] in "MC"]
    assert ends == [(18, 20), (10, 23), (2, 20), (10, 17), (18, 20)]        # right, bottom, left, top, right
    from_top = ellipse_ops(10, 20, 8, 3, start="top")
    assert [op[-2:] for op in from_top if op[0] in "MC"] == [(10, 17), (18, 20), (10, 23), (2, 20), (10, 17)]
    for x, y in path_points(ops):
        assert ((x - 10) / 8) ** 2 + ((y - 20) / 3) ** 2 == pytest.approx(1, abs=0.001)


# --- rounded rectangles ---------------------------------------------------------------------------

@pytest.mark.parametrize("x, y, w, h, rx, ry", [(5, 7, 63, 88, 3, None), (0, 0, 20, 10, 30, None),
                                                (-2, 1, 24, 40, 6, 4), (1, 1, 10, 10, 0, None)])
def test_a_rounded_rectangle_touches_its_box_on_every_side_and_never_leaves_it(x, y, w, h, rx, ry):
    points = path_points(rounded_rect_ops(x, y, w, h, rx, ry))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((x, x + w, y, y + h), abs=1e-9)


def test_a_rounded_corner_is_a_quarter_circle_of_the_radius():
    ops = rounded_rect_ops(0, 0, 63, 88, 3)
    corner = [p for p in path_points(ops) if p[0] < 3 and p[1] < 3]
    assert corner
    assert all(math.dist(p, (3, 3)) == pytest.approx(3, rel=0.0003) for p in corner)


def test_a_radius_larger_than_half_the_box_is_cut_to_it():
    assert rounded_rect_ops(0, 0, 20, 10, 30) == rounded_rect_ops(0, 0, 20, 10, 5)


# --- polygons -------------------------------------------------------------------------------------

@pytest.mark.parametrize("sides, turn", [(3, 0), (5, 17), (6, 30), (8, 0)])
def test_a_regular_polygon_has_its_corners_on_its_circle_and_equal_sides(sides, turn):
    corners = regular_polygon(12, -4, 7.5, sides, turn)
    assert len(corners) == sides
    assert all(math.dist(p, (12, -4)) == pytest.approx(7.5) for p in corners)
    sides_mm = [math.dist(corners[i], corners[(i + 1) % sides]) for i in range(sides)]
    assert sides_mm == pytest.approx([2 * 7.5 * math.sin(math.pi / sides)] * sides)
    a = math.radians(turn)
    assert corners[0] == pytest.approx((12 + 7.5 * math.sin(a), -4 - 7.5 * math.cos(a)))   # first: up, turned
    # clockwise on paper (y down): the second corner is to the right of the first, seen from the centre
    (x0, y0), (x1, y1) = corners[0], corners[1]
    assert (x0 - 12) * (y1 + 4) - (y0 + 4) * (x1 - 12) > 0


def test_a_hex_face_in_a_box_of_its_proportions_is_regular():
    for w, h in ((2 / math.sqrt(3) * 26, 26), (26, 2 / math.sqrt(3) * 26)):
        corners = shape_polygon("hex", 3, 3, w, h)
        sides_mm = [math.dist(corners[i], corners[(i + 1) % 6]) for i in range(6)]
        assert sides_mm == pytest.approx([sides_mm[0]] * 6)
        centre = (3 + w / 2, 3 + h / 2)
        assert [math.dist(p, centre) for p in corners] == pytest.approx([max(w, h) / 2] * 6)


def test_face_outlines_close_inside_their_trim_box():
    for shape in ("rect", "round", "hex", "triangle"):
        ops = shape_outline_ops(shape, 30, 26, corner_mm=2)
        assert ops[0][0] == "M" and ops[-1] == ("Z",)
        points = path_points(ops)
        assert all(-1e-9 <= x <= 30 + 1e-9 and -1e-9 <= y <= 26 + 1e-9 for x, y in points), shape
    assert shape_outline_ops("triangle", 30, 26) == polygon_ops([(15, 0), (30, 26), (0, 26)])
    with pytest.raises(ValueError, match="unknown face shape"):
        shape_outline_ops("star", 10, 10)


# --- one place --------------------------------------------------------------------------------------

def _sources():
    return [(p, p.read_text(encoding="utf-8")) for p in sorted(GENERATOR.rglob("*.py"))]


def test_the_circle_constant_is_written_in_one_module():
    written = [p.relative_to(GENERATOR).as_posix() for p, text in _sources() if re.search(r"0\.5522|0\.4477", text)]
    assert written == ["draw/geometry.py"]


def test_paper_sizes_are_written_in_one_module():
    written = [p.relative_to(GENERATOR).as_posix() for p, text in _sources() if re.search(r"215\.9|279\.4", text)]
    assert written == ["paper_sizes.py"]
