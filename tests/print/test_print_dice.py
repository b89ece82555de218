"""Dice nets: six faces edge to edge, seven glue tabs, and the folded cube is a right-handed die."""

from __future__ import annotations

import math

import pytest
from printkit import open_pdf

from generator.draw.style import TextStyle
from generator.print import DieArt, PrintOptions, dice_nets, dice_stickers, net_plan, sticker_size
from generator.print.dicenet import NET_CELLS, NET_GAP_MM, NET_UNDERLINE_MM, TAB_FILL

MM = 25.4 / 72

SIDES = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}


def _rot(axis, deg):
    """A quarter turn as an integer 3x3 matrix (rows)."""
    c, s = {90: (0, 1), -90: (0, -1)}[deg]
    if axis == "x":
        return ((1, 0, 0), (0, c, -s), (0, s, c))
    return ((c, 0, s), (0, 1, 0), (-s, 0, c))


def matmul(a, b):
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)) for i in range(3))


def transpose_apply(q, v):
    """q transposed times v: a world direction expressed in the cube's own frame."""
    return tuple(sum(q[k][i] * v[k] for k in range(3)) for i in range(3))


def det3(a, b, c):
    return (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
            + a[2] * (b[0] * c[1] - b[1] * c[0]))


# The printed side is the outside: the cube hangs under the paper, the current cell is its top face. Moving
# one cell east (or south) rolls the cube so that its east (south) face comes up. World: x east, y north, z up.
ROLL = {"right": _rot("y", -90), "left": _rot("y", 90), "bottom": _rot("x", -90), "top": _rot("x", 90)}
UP = (0, 0, 1)
EYE = ((1, 0, 0), (0, 1, 0), (0, 0, 1))


def fold(plan):
    """Cube-frame outward normal of every face, found by rolling the cube across the net from face 1."""
    cells = {v: k for k, v in NET_CELLS.items()}
    orient = {0: EYE}
    todo = [0]
    while todo:
        i = todo.pop()
        c, r = NET_CELLS[i]
        for side, (dc, dr) in SIDES.items():
            j = cells.get((c + dc, r + dr))
            if j is not None and j not in orient:
                orient[j] = matmul(ROLL[side], orient[i])
                todo.append(j)
    normals = {i: transpose_apply(q, UP) for i, q in orient.items()}
    return orient, normals


def edge_of(orient, i, side):
    """The cube edge (pair of face normals) that side of face i becomes."""
    q = orient[i]
    here = transpose_apply(q, UP)
    there = transpose_apply(matmul(ROLL[side], q), UP)
    return frozenset((here, there))


def test_six_faces_lie_edge_to_edge_in_a_cross():
    plan = net_plan(16.0, 5.0)
    squares = dict(plan.faces)
    assert sorted(squares) == [0, 1, 2, 3, 4, 5]
    for i, (x, y, w, h) in squares.items():
        assert (w, h) == (16.0, 16.0)
        c, r = NET_CELLS[i]
        assert (x - squares[0][0], y - squares[0][1]) == pytest.approx(((c - 1) * 16.0, (r - 1) * 16.0))
    # five shared edges hold the six faces together (a tree over the faces)
    shared = 0
    for i in squares:
        for j in squares:
            if i < j:
                a, b = squares[i], squares[j]
                touch_x = abs(a[0] + 16 - b[0]) < 1e-9 or abs(b[0] + 16 - a[0]) < 1e-9
                touch_y = abs(a[1] + 16 - b[1]) < 1e-9 or abs(b[1] + 16 - a[1]) < 1e-9
                shared += (touch_x and a[1] == b[1]) or (touch_y and a[0] == b[0])
    assert shared == 5


@pytest.mark.parametrize("size", [16.0, 20.0])
def test_seven_tabs_close_the_seven_open_edges_of_the_folded_cube(size):
    plan = net_plan(size, 5.0)
    orient, normals = fold(plan)
    assert len(set(normals.values())) == 6
    assert len(plan.tabs) == 7
    # 14 free edges of the net become 7 cube edges, each reached twice; exactly one of each pair has a tab
    from generator.print.dicenet import BOUNDARY
    edges = [edge_of(orient, i, side) for i, side in BOUNDARY]
    assert len(edges) == 14 and len(set(edges)) == 7
    tabbed = [edge_of(orient, i, side) for i, side, _ in plan.tabs]
    assert sorted(map(sorted, tabbed)) == sorted(map(sorted, set(edges)))


def test_folded_net_is_a_right_handed_die_with_opposites_summing_to_seven():
    _, normals = fold(net_plan(16.0))
    n = {i + 1: v for i, v in normals.items()}
    for a, b in ((1, 6), (2, 5), (3, 4)):
        assert tuple(x + y for x, y in zip(n[a], n[b])) == (0, 0, 0)
    # 1, 2, 3 counterclockwise seen from outside their shared corner
    assert det3(n[1], n[2], n[3]) == 1


def _overlap(p, q, eps=1e-9):
    """Convex polygons overlap with some area (separating axis test; touching edges do not count)."""
    for poly in (p, q):
        for k in range(len(poly)):
            (x0, y0), (x1, y1) = poly[k], poly[(k + 1) % len(poly)]
            ax, ay = y0 - y1, x1 - x0
            pa = [ax * x + ay * y for x, y in p]
            qa = [ax * x + ay * y for x, y in q]
            if min(pa) >= max(qa) - eps or min(qa) >= max(pa) - eps:
                return False
    return True


@pytest.mark.parametrize("size", [16.0, 20.0])
def test_tabs_overlap_neither_each_other_nor_the_faces(size):
    plan = net_plan(size, 5.0)
    squares = [((x, y), (x + w, y), (x + w, y + h), (x, y + h)) for _, (x, y, w, h) in plan.faces]
    tabs = [pts for _, _, pts in plan.tabs]
    for i, t in enumerate(tabs):
        for sq in squares:
            assert not _overlap(t, sq)
        for u in tabs[i + 1:]:
            assert not _overlap(t, u)
    xs = [x for poly in squares + tabs for x, _ in poly]
    ys = [y for poly in squares + tabs for _, y in poly]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((0, 0, plan.width_mm, plan.height_mm))


def _face(n, s):
    def draw(c):
        c.rect(0, 0, s, s, fill="#FFF5CC")
        c.text(s / 2, s / 2 + 2, str(n), TextStyle(size_pt=12), align="center")
    return draw


def test_net_pages_hold_every_die_with_seven_grey_tabs_each_and_nets_do_not_overlap():
    dice = [DieArt(f"d{i}", f"Dé {i}", tuple(_face(n, 16.0) for n in range(1, 7)), copies=2) for i in range(5)]
    doc = dice_nets(dice, PrintOptions(), size_mm=16.0, game_title="Essai", component_name="Dés")
    assert sum(len(p.placements) for p in doc.pages) == 5 * 2 * 6
    grey = tuple(int(TAB_FILL[k:k + 2], 16) / 255 for k in (1, 3, 5))
    pdf = open_pdf(doc.pdf)
    for info, page in zip(doc.pages, pdf.pages):
        tabs = [c for c in page.curves if c.get("fill") and
                tuple(round(v, 3) for v in c["non_stroking_color"]) == tuple(round(v, 3) for v in grey)]
        nets = len(info.placements) // 6
        assert len(tabs) == 7 * nets
        outlines = net_outlines(page)
        assert len(outlines) == nets
        for i, a in enumerate(outlines):       # head to tail or in a grid, no two nets touch
            for b in outlines[i + 1:]:
                assert polygon_gap(a, b) >= NET_GAP_MM - 0.01
        for x, y in (pt for poly in outlines for pt in poly):
            assert 5 <= x <= info.width_mm - 5 and 5 <= y <= info.height_mm - 5
    assert len(doc.cut_files) == len(doc.pages)


# --- nets packed head to tail (print/netpack.py), read back from the PDF ----------------------------------
def net_outlines(page) -> list[list[tuple[float, float]]]:
    """The nets' cut outlines of a pdfplumber page, in mm: the closed black polygons stroked, not filled."""
    return [[(x * MM, y * MM) for x, y in c["pts"][:-1]] for c in page.curves
            if c.get("stroke") and not c.get("fill") and tuple(c["stroking_color"]) == (0.0, 0.0, 0.0)]


def _segment_gap(p, q, r, s) -> float:
    """Distance between segments pq and rs (they do not cross: the nets' outlines are checked apart)."""
    def to_segment(a, b, c):
        dx, dy = c[0] - b[0], c[1] - b[1]
        t = max(0.0, min(1.0, ((a[0] - b[0]) * dx + (a[1] - b[1]) * dy) / (dx * dx + dy * dy or 1)))
        return math.hypot(a[0] - b[0] - t * dx, a[1] - b[1] - t * dy)
    return min(to_segment(p, r, s), to_segment(q, r, s), to_segment(r, p, q), to_segment(s, p, q))


def _inside(pt, poly) -> bool:
    x, y = pt
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def polygon_gap(a, b) -> float:
    """The paper between two outlines (0 when one holds a corner of the other)."""
    if _inside(a[0], b) or _inside(b[0], a):
        return 0.0
    edges = lambda poly: list(zip(poly, poly[1:] + poly[:1]))      # noqa: E731
    return min(_segment_gap(p, q, r, s) for p, q in edges(a) for r, s in edges(b))


def test_ten_25_mm_nets_go_head_to_tail_five_to_a_page_their_cuts_and_folds_apart():
    """PuXes's sets: ten dice of 25 mm took three A4 pages in a grid of four (4 + 3 + 3, the pages 36 to 48 %
    full); turned head to tail they take two of five, landscape."""
    dice = [DieArt(f"d{i}", f"Dé {i}", tuple(_face(n, 25.0) for n in range(1, 7))) for i in range(10)]
    doc = dice_nets(dice, PrintOptions(), size_mm=25.0, tab_mm=6.0, game_title="Essai", component_name="Dés")
    assert [len(p.placements) // 6 for p in doc.pages] == [5, 5]
    pdf = open_pdf(doc.pdf)
    for info, page in zip(doc.pages, pdf.pages):
        assert (info.width_mm, info.height_mm) == (297.0, 210.0)
        outlines = net_outlines(page)
        assert len(outlines) == 5
        assert sorted({p.rotation_deg for p in info.placements}) == [0, 180]      # up, down, up, down, up
        for i, a in enumerate(outlines):
            for b in outlines[i + 1:]:
                assert polygon_gap(a, b) >= NET_GAP_MM - 0.01
        # every fold line lies inside the outline of one net: no fold reaches a neighbour's paper
        folds = [ln for ln in page.lines if round(ln["linewidth"] / 72 * 25.4, 2) != NET_UNDERLINE_MM and
                 (ln.get("dash") or round(ln["linewidth"] / 72 * 25.4, 2) == 0.55)]   # not a 6's underline
        assert len(folds) == 2 * 12 * 5       # 5 face folds and 7 tab folds a net, each drawn twice
        for ln in folds:
            mid = ((ln["x0"] + ln["x1"]) / 2 * MM, (ln["top"] + ln["bottom"]) / 2 * MM)
            assert sum(_inside(mid, poly) for poly in outlines) == 1
        # the nets' boxes (faces) stay above the page label and inside the margin
        for x, y in (pt for poly in outlines for pt in poly):
            assert 5 <= x <= 292 and 5 <= y <= 200


def test_a_face_number_6_is_underlined_so_a_net_turned_head_to_tail_does_not_read_9():
    """Half of PuXes's nets lie turned 180° on the sheet (and a rolled die shows its 6 any way up): the 6 in a face's
    corner is underlined, as on printed dice; the other numbers are not."""
    art = tuple(lambda c: c.rect(0, 0, 25.0, 25.0, fill="#FFF5CC") for _ in range(6))
    dice = [DieArt(f"d{i}", f"Dé {i}", art) for i in range(10)]
    doc = dice_nets(dice, PrintOptions(), size_mm=25.0, tab_mm=6.0, game_title="Essai", component_name="Dés")
    page = open_pdf(doc.pdf).pages[0]
    numbers = [ch for ch in page.chars if ch["text"] in "123456" and round(ch["size"]) == 6]
    assert sorted({ch["text"] for ch in numbers}) == list("123456")
    strokes = [ln for ln in page.lines if round(ln["linewidth"] / 72 * 25.4, 2) == NET_UNDERLINE_MM]
    for ch in numbers:
        under = [ln for ln in strokes if abs(ln["top"] - ch["bottom"]) < 2.5 or abs(ln["bottom"] - ch["top"]) < 2.5]
        under = [ln for ln in under if min(ln["x0"], ln["x1"]) <= (ch["x0"] + ch["x1"]) / 2 <= max(ln["x0"], ln["x1"])]
        assert bool(under) == (ch["text"] == "6"), (ch["text"], ch["x0"], ch["top"])


def test_the_grid_is_kept_where_head_to_tail_saves_no_sheet():
    """Tactix's 18 dice of 16 mm: two pages either way (12 head to tail, 9 in the grid): the grid, upright."""
    dice = [DieArt(f"d{i}", f"Dé {i}", tuple(_face(n, 16.0) for n in range(1, 7))) for i in range(18)]
    doc = dice_nets(dice, PrintOptions(), size_mm=16.0, game_title="Essai", component_name="Dés")
    assert [len(p.placements) // 6 for p in doc.pages] == [9, 9]
    assert {p.rotation_deg for info in doc.pages for p in info.placements} == {0}


def test_sticker_sheet_keeps_each_die_six_faces_together_in_order():
    s = sticker_size(16.0)
    assert s == 13.0
    dice = [DieArt(f"d{i}", f"Dé {i}", tuple(_face(n, s) for n in range(1, 7)), copies=2) for i in range(2)]
    doc = dice_stickers(dice, PrintOptions(), sticker_mm=s, game_title="Essai", component_name="Autocollants")
    ids = [(p.item_id, p.copy, p.face) for p in doc.placements]
    assert ids[:7] == [("d0", 1, "1"), ("d0", 1, "2"), ("d0", 1, "3"), ("d0", 1, "4"), ("d0", 1, "5"),
                       ("d0", 1, "6"), ("d0", 2, "1")]
    assert len(ids) == 24
    for p in doc.placements:
        assert p.trim[2:] == (13.0, 13.0)
    # every sticker is apart from its neighbours by the gutter: none share a cut
    trims = [p.trim for p in doc.pages[0].placements]
    for i, a in enumerate(trims):
        for b in trims[i + 1:]:
            gap_x = max(b[0] - (a[0] + a[2]), a[0] - (b[0] + b[2]))
            gap_y = max(b[1] - (a[1] + a[3]), a[1] - (b[1] + b[3]))
            assert max(gap_x, gap_y) >= 3.0 - 1e-6
