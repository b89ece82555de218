"""The drawing layer's hot paths in a PuXes build (issue 26), each made cheaper with the very same numbers:
BoundsCanvas measures an unstroked path in one pass (a die's symbols are measured to keep clear of a net's
number, 480 times), Affine.map_ops maps without a call per point, icon_ops keeps the icons it placed, and the
tiling's measures of a note's or a name's box against a zone's outline (outline.strikes, outline.clip) skip
what cannot count without a call per point.
Equal floats, not close ones: the output's bytes follow from them."""

import math
import random

from generator.draw import icons, outline
from generator.draw.bounds import BoundsCanvas
from generator.draw.geometry import Affine, rotation
from generator.draw.style import Stroke


class PointByPoint(BoundsCanvas):
    """The measure as it was: each point of a path an area of its own (a curve's outline by its flattened points,
    as BoundsCanvas takes it: draw/outline.cubic_points)."""

    def _path(self, ops, fill, stroke, even_odd) -> None:
        pad = stroke.width_mm / 2 if stroke else 0.0
        kept = len(self._points)
        for op in ops:
            for x, y in zip(op[1::2], op[2::2]):
                self._area(x, y, 0.0, 0.0, pad)
        if any(op[0] == "C" for op in ops) and len(self._points) > kept:
            del self._points[kept:]
            self._curve_outline(ops, pad)


def _draw(c, shapes) -> None:
    for turn, clip, ops, stroke in shapes:
        with c.group(translate=(3.3, -1.7), rotate_deg=turn, scale=1.25, clip=clip):
            c.path(ops, fill="#000000", stroke=stroke)


def _shapes(seed: int) -> list:
    rng = random.Random(seed)
    names = ["crown", "star", "cross", "heart", "mushroom", "ring"]
    out = []
    for _ in range(12):
        name = rng.choice(names)
        ops, _ = icons.icon_ops(name, rng.uniform(-20, 60), rng.uniform(-20, 60), rng.uniform(3, 30),
                                rng.choice([0.0, 30.0, 90.0]))
        clip = rng.choice([None, (0.0, 0.0, 40.0, 40.0), (10.5, -5.0, 12.25, 70.0), (200.0, 200.0, 1.0, 1.0)])
        stroke = rng.choice([None, None, Stroke("#000000", 0.35)])
        out.append((rng.choice([0.0, 90.0, 17.0]), clip, ops, stroke))
    return out


def test_a_path_s_box_is_the_point_by_point_box_bit_for_bit():
    for seed in range(40):
        shapes = _shapes(seed)
        fast, slow = BoundsCanvas(), PointByPoint()
        _draw(fast, shapes)
        _draw(slow, shapes)
        assert fast.box == slow.box, seed          # equal floats, not close ones: the output's bytes follow
        # and the same outline: the tiling and the reader's seams read a turned zone by it (an unstroked path
        # once gave its box and no outline, and every mat drawn from paths failed to tile)
        assert fast.outline == slow.outline, seed


def test_a_path_wholly_outside_the_clip_adds_nothing():
    c = BoundsCanvas()
    with c.group(clip=(0.0, 0.0, 10.0, 10.0)):
        c.path([("M", 20.0, 20.0), ("L", 30.0, 25.0)], fill="#000000")
    assert c.box is None
    with c.group(clip=(0.0, 0.0, 10.0, 10.0)):
        c.path([("M", 20.0, 20.0), ("L", 5.0, 4.0), ("L", 30.0, 2.0)], fill="#000000")
    assert c.box == (5.0, 4.0, 0.0, 0.0)


def test_map_ops_maps_every_point_as_apply_does():
    turn = rotation(33.0, (4.0, 5.5)).then(Affine(a=1.7, d=0.6, tx=2.25, ty=-8.0))
    ops, _ = icons.icon_ops("crown", 10.0, 12.0, 18.0)
    ops = ops + [("Z",)]
    mapped = turn.map_ops(ops)
    for before, after in zip(ops, mapped):
        assert after[0] == before[0]
        expected = [v for x, y in zip(before[1::2], before[2::2]) for v in turn.apply(x, y)]
        assert list(after[1:]) == expected


def test_an_icon_placed_again_is_the_same_path_and_a_game_s_own_icon_is_never_another_s():
    first, even_odd = icons.icon_ops("crown", 12.5, 7.25, 16.0)
    first.append(("Z",))                                   # a caller's list is its own
    again, again_odd = icons.icon_ops("crown", 12.5, 7.25, 16.0)
    k = 16.0 / icons.GRID
    fresh = Affine(a=k, d=k, tx=12.5 - 8.0, ty=7.25 - 8.0).map_ops(icons.lookup("crown")[0])
    assert again == fresh and again_odd == even_odd and first[:-1] == fresh
    own = {"crown": ([("M", 0.0, 0.0), ("L", 24.0, 0.0), ("L", 12.0, 24.0), ("Z",)], True)}
    with icons.game_icons(own):
        theirs, theirs_odd = icons.icon_ops("crown", 12.5, 7.25, 16.0)
    assert theirs == [("M", 4.5, -0.75), ("L", 20.5, -0.75), ("L", 12.5, 15.25), ("Z",)] and theirs_odd
    assert icons.icon_ops("crown", 12.5, 7.25, 16.0)[0] == fresh


def test_a_pdf_path_s_operators_are_the_ones_reportlab_s_path_object_writes():
    from reportlab.pdfgen.pathobject import PDFPathObject

    from generator.draw.pdf import _path_code
    for seed in range(20):
        for _, _, ops, _ in _shapes(seed):
            ops = ops + [("L", 1e-7, -123456.789), ("Z",), ("M", 0, 3), ("C", 1, 2.5, 3, 4, 5, 6)]
            p = PDFPathObject()
            for op in ops:
                {"M": p.moveTo, "L": p.lineTo, "C": p.curveTo, "Z": p.close}[op[0]](*op[1:])
            assert PDFPathObject(_path_code(ops)).getCode() == p.getCode()
    assert _path_code([]) == PDFPathObject().getCode().split()


def test_an_svg_number_kept_from_before_is_written_as_it_would_be_afresh():
    from generator.draw.svg import num
    values = [0, 0.0, -0.0, 1, 1.0, True, -0.0004, 0.0005, 12.3456, -12.3456, 1e-9, 123456.7891, 2.5, 2]
    for v in values + values[::-1]:                  # the second time from the kept numbers
        assert num(v) == num.__wrapped__(v), v
    assert [num(v) for v in (0, -0.0, -0.0004, 1.0, 12.3456)] == ["0", "0", "0", "1", "12.346"]


def _clip_as_it_was(hull, axis, lo, hi):
    out = list(hull)
    for bound, keep in ((lo, lambda v: v >= lo - 1e-9), (hi, lambda v: v <= hi + 1e-9)):
        if not out:
            break
        pts, out = out, []
        for i, cur in enumerate(pts):
            prev = pts[i - 1]
            if keep(cur[axis]):
                if not keep(prev[axis]):
                    out.append(outline._meet(prev, cur, axis, bound))
                out.append(cur)
            elif keep(prev[axis]):
                out.append(outline._meet(prev, cur, axis, bound))
    return out


def _outlines_and_boxes(seed: int):
    """Flattened circles, turned squares, lines and points, against boxes that cut them, hold them, touch
    their points exactly (on a grid of quarters), or are empty (x0 > x1)."""
    rng = random.Random(seed)
    grid = lambda: rng.randrange(-8, 48) / 4                                      # noqa: E731
    for _ in range(60):
        kind = rng.choice(["circle", "square", "line", "point"])
        if kind == "circle":
            cx, cy, r = rng.uniform(0, 40), rng.uniform(0, 40), rng.uniform(1, 15)
            hull = [(cx + r * math.cos(k * math.pi / 64), cy + r * math.sin(k * math.pi / 64)) for k in range(128)]
        elif kind == "square":
            hull = outline.convex_hull([(grid(), grid()) for _ in range(4)]) or [(grid(), grid())]
        elif kind == "line":
            hull = [(grid(), grid()), (grid(), grid())]
        else:
            hull = [(grid(), grid())]
        for _ in range(30):
            if rng.random() < 0.5:
                x0, y0 = grid(), grid()
                box = (x0, y0, x0 + rng.randrange(0, 40) / 4, y0 + rng.randrange(0, 40) / 4)
            else:
                x0, y0 = rng.uniform(-5, 45), rng.uniform(-5, 45)
                box = (x0, y0, x0 + rng.uniform(-2, 20), y0 + rng.uniform(0, 20))
            yield hull, box


def test_a_box_is_struck_and_clipped_as_segment_by_segment_bit_for_bit():
    struck = 0
    for seed in range(10):
        for hull, box in _outlines_and_boxes(seed):
            pts = list(hull) * (2 if len(hull) == 1 else 1)
            plain = any(outline._meets(pts[i - 1], pts[i], box) for i in range(len(pts)))
            assert outline.strikes(hull, box) == plain, (hull, box)
            struck += plain
            for axis, (lo, hi) in ((0, (box[0], box[2])), (1, (box[1], box[3]))):
                assert outline.clip(hull, axis, lo, hi) == _clip_as_it_was(hull, axis, lo, hi), (hull, axis, lo, hi)
    assert 1000 < struck < 17000, struck       # both answers drawn many times
