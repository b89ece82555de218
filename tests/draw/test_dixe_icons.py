"""The DiXe faces: 8 symbols and 20 characters registered as icons, inside their grid, all different, the
characters each in the same ring (so a character face reads as one) and the symbols in none."""

from __future__ import annotations

import math

import pytest

from generator.draw import icons
from generator.draw.dixe_icons import CHARACTER_ICONS, DIXE_ICONS, RING_INNER, RING_OUTER, SYMBOL_ICONS


def _points(ops):
    for op in ops:
        coords = op[1:]
        yield from zip(coords[0::2], coords[1::2])


@pytest.mark.parametrize("name", sorted(DIXE_ICONS))
def test_each_dixe_face_is_a_named_icon_filling_its_grid(name):
    assert name in icons.icon_names()
    xs, ys = zip(*_points(icons.ICONS[name][0]))
    assert 0 <= min(xs) and max(xs) <= icons.GRID and 0 <= min(ys) and max(ys) <= icons.GRID
    assert max(xs) - min(xs) > 12 and max(ys) - min(ys) > 12


def test_the_28_faces_are_28_different_drawings():
    assert len(SYMBOL_ICONS) == 8 and len(CHARACTER_ICONS) == 20
    drawings = {tuple(tuple(round(v, 3) if isinstance(v, float) else v for v in op) for op in icons.ICONS[n][0])
                for n in DIXE_ICONS}
    assert len(drawings) == 28


@pytest.mark.parametrize("name", sorted(CHARACTER_ICONS))
def test_a_character_sits_inside_its_ring(name):
    subpaths, current = [], []
    for op in icons.ICONS[name][0]:
        if op[0] == "M" and current:
            subpaths.append(current)
            current = []
        current += [(x, y) for x, y in zip(op[1::2], op[2::2])]
    subpaths.append(current)
    radius = [max(math.hypot(x - 12, y - 12) for x, y in sub) for sub in subpaths]
    assert radius[0] == pytest.approx(RING_OUTER, abs=0.01) and radius[1] == pytest.approx(RING_INNER, abs=0.01)
    assert max(radius[2:]) < RING_INNER - 0.5          # the drawing never touches the ring


@pytest.mark.parametrize("name", sorted(SYMBOL_ICONS))
def test_a_symbol_has_no_ring(name):
    ops = icons.ICONS[name][0]
    assert ops != icons.ICONS["oni"][0][:len(ops)]
    first = [(x, y) for op in ops[:70] for x, y in zip(op[1::2], op[2::2])]
    assert not all(abs(math.hypot(x - 12, y - 12) - RING_OUTER) < 0.01 for x, y in first)
