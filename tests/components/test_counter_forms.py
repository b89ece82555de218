"""Counters and tiles: shapes and sizes handed to the print layer, a safe zone that follows the
shape, fold-over counters and standees laid out as worked out by hand."""

from __future__ import annotations

import math

import pytest

from comphelp import items_of, read_pdf, render_faces
from generator.components import counter, tile
from generator.components.layout import Frame
from generator.draw.geometry import shape_outline_ops
from generator.content.errors import ContentError


def counters(make_component, extra: str, front: str = "[{background: {colour: \"#FFFFFF\"}}]"):
    comp, folder, _ = make_component(f"""\
    kind: counters
    id: c
    name: C
{extra}
    front: {front}
    """)
    return counter.items(comp, folder)


@pytest.mark.parametrize("extra, shape, size", [
    ("    shape: round\n    size_mm: 20", "round", (20, 20)),
    ("    shape: square\n    size_mm: 15\n    height_mm: 25", "rect", (15, 25)),
    ("    shape: hex\n    size_mm: 26", "hex", (26, 26 * 2 / math.sqrt(3))),
    ("    shape: hex\n    size_mm: 26\n    hex_top: flat", "hex", (26 * 2 / math.sqrt(3), 26)),
    ("    shape: triangle\n    size_mm: 30", "triangle", (30, 15 * math.sqrt(3))),
])
def test_counter_shapes_give_face_shape_and_trim(make_component, extra, shape, size):
    (item,) = counters(make_component, extra)
    assert item.front.shape == shape
    assert (item.front.width_mm, item.front.height_mm) == pytest.approx(size)
    assert item.back is None   # no back given: single-sided


def test_hex_tiles_of_praxis_size(make_component):
    comp, folder, _ = make_component("""\
    kind: tiles
    id: t
    name: T
    shape: hex
    size_mm: 32.5
    front: [{background: {colour: "#FFFFFF"}}]
    back: [{background: {colour: "#7A5230"}}]
    """)
    (item,) = tile.items(comp, folder)
    assert item.front.shape == "hex" and item.back.shape == "hex"
    # Pointy top by default: across flats is the width, the height is corner to corner.
    assert (item.front.width_mm, item.front.height_mm) == pytest.approx((32.5, 32.5 * 2 / math.sqrt(3)))


def test_safe_zone_follows_a_round_counter(make_component):
    # The same label fits a 20 mm square counter but reaches outside the safe circle of a round one.
    label = "[{text: {text: WW, x: 6.2, y: 6.2, size_pt: 7}}]"
    assert counters(make_component, "    shape: square\n    size_mm: 20", label)
    with pytest.raises(ContentError, match="outside the safe zone"):
        counters(make_component, "    shape: round\n    size_mm: 20", label)


def test_safe_zone_polygons_match_the_print_layer_cut_outlines():
    for shape, w, h in (("hex", 30, 26), ("hex", 26, 30), ("triangle", 30, 26)):
        safe_zone_corners = Frame(w, h, 3, 3, shape).cut_polygon()                     # bleed-box mm
        cut = [(op[1] + 3, op[2] + 3) for op in shape_outline_ops(shape, w, h) if op[0] in "ML"]
        assert len(safe_zone_corners) == len(cut)
        assert all(any(math.dist(a, b) < 1e-9 for b in cut) for a in safe_zone_corners), (shape, w, h)


def test_inset_polygon_safe_zone_of_a_triangle():
    frame = Frame(30, 15 * math.sqrt(3), 0, 3, "triangle")
    inradius = 30 / (2 * math.sqrt(3))
    centre = (15, 15 * math.sqrt(3) - inradius)
    assert frame.inside_safe(*centre)
    assert frame.inside_safe(centre[0], centre[1] + inradius - 3.1)
    assert not frame.inside_safe(centre[0], centre[1] + inradius - 2.9)


def test_fold_counter_puts_the_back_upright_beside_the_front(make_component):
    (item,) = counters(make_component, "    shape: square\n    size_mm: 16\n    form: fold",
                       front="[{background: {colour: \"#FF0000\"}}]\n    back: [{background: {colour: \"#0000FF\"}}]")
    face = item.front
    assert item.back is None and (face.width_mm, face.height_mm) == (32, 16)
    assert item.meta["folds_mm"] == [(19, 3, 19, 19)]
    page = read_pdf(render_faces([face]))[0]
    colours = {tuple(round(v) for v in o["non_stroking_color"]): page.box(o) for o in page.page.rects}
    # Each side's background is its own bleed box; drawn clipped at the fold (x 19).
    assert colours[(1, 0, 0)] == pytest.approx((0, 0, 22, 22))
    assert colours[(0, 0, 1)] == pytest.approx((16, 0, 38, 22))


def test_standee_turns_the_back_upside_down_above_the_front(make_component):
    items = counters(make_component, "    shape: square\n    size_mm: 25\n    height_mm: 40\n    form: standee\n"
                                     "    foot_mm: 10",
                     front="[{text: {text: Hero, x: 15.5, y: 8, size_pt: 9, align: center}}]")
    (item,) = items
    face = item.front
    assert (face.width_mm, face.height_mm) == (25, 100)
    assert [f[1] for f in item.meta["folds_mm"]] == [13, 53, 93]
    page = read_pdf(render_faces([face]))[0]
    flipped = [c for c in page.page.chars if c["matrix"][0] < 0]    # glyphs turned half a turn
    straight = [c for c in page.page.chars if c["matrix"][0] > 0]
    assert "".join(c["text"] for c in straight) == "Hero"
    assert len(flipped) == 4                      # the back repeats the front, turned half a turn
    # Front text top at y 8 of the front's own bleed box, which starts 50 mm down (foot 10 + back 40).
    baseline = page.height_mm - straight[0]["matrix"][5] * 25.4 / 72
    assert 58 < baseline < 62
    # The turned copy mirrors it about the fold at y 53: same distance above the fold.
    flipped_base = page.height_mm - flipped[0]["matrix"][5] * 25.4 / 72
    assert flipped_base == pytest.approx(2 * 53 - baseline, abs=0.01)


def test_fold_and_standee_need_square_counters(make_component):
    with pytest.raises(ContentError, match="must be square"):
        counters(make_component, "    shape: round\n    size_mm: 20\n    form: fold")


def test_demo_game_builds_every_component(demo):
    total = {c.id: sum(it.copies for it in items_of(c, demo.folder)) for c in demo.components}
    assert total == {"panneaux": 6, "effets": 10, "pions": 6, "plies": 1, "figurines": 1}
