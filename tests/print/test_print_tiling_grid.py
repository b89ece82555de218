"""A tiled face with grid lines is cut on them: every inner edge on a line, as few sheets as the lines allow,
thin pieces sharing a sheet; without lines (or when lines would cost a sheet) the windows stay equal."""

from __future__ import annotations

from dataclasses import replace

import pytest
from printkit import synthetic_face

from generator.components.face import Item
from generator.print import PrintOptions, plan_tiling, tile_face


def lined(size: float, first: float, pitch: float) -> tuple[float, ...]:
    return tuple(x for x in (first + pitch * k for k in range(200)) if x <= size + 1e-9)


def board(w: float, h: float, pitch: float, first: float = 6.5) -> Item:
    face = synthetic_face(0, "front", w, h)
    lines = (lined(w + 6, first, pitch), lined(h + 6, first, pitch))
    return Item("plateau", "plateau", replace(face, grid_lines_mm=lines))


def test_inner_edges_fall_on_grid_lines_and_thin_pieces_share_a_sheet():
    item = board(287.0, 287.0, 35.0)
    doc = tile_face(item, PrintOptions(), game_title="Essai", component_name="Plateau")
    tiles = [p for p in doc.pages if p.kind == "tile"]
    assert len(tiles) == 3 and [p.tile for p in tiles] == ["A1", "A2", "B1, B2"]
    xs, ys = item.front.grid_lines_mm
    for page in tiles:
        for pl in page.placements:
            wx, wy = pl.art[0] - (pl.trim[0] - 3), pl.art[1] - (pl.trim[1] - 3)
            assert wx == pytest.approx(0) or min(abs(wx - x) for x in xs) < 1e-6
            assert wy == pytest.approx(0) or min(abs(wy - y) for y in ys) < 1e-6


def test_without_lines_the_windows_are_equal_as_before():
    t = plan_tiling(293.0, 293.0, PrintOptions())
    assert (t.columns, t.rows, len(t.pages)) == (2, 2, 4)
    assert t.window(0, 1)[2] == pytest.approx(t.window(0, 0)[2])


def test_lines_too_far_apart_to_cut_on_leave_equal_windows():
    # one line near the edge: after cutting on it, 273 mm would be left for one A4 window 191 mm wide
    t = plan_tiling(293.0, 293.0, PrintOptions(), ((20.0,), ()))
    assert t.columns == 2 and t.window(0, 0)[2] == pytest.approx(t.window(0, 1)[2]) == pytest.approx(151.5)
