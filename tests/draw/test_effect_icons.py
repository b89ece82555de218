"""The icons of game effects: registered with the others, inside their 24-unit grid, each a different
drawing, drawn by both backends with every part of it."""

from __future__ import annotations

import re

import pytest

from generator.draw import icons
from generator.draw.effect_icons import EFFECT_ICONS
from generator.draw.pdf import PdfCanvas
from generator.draw.svg import SvgCanvas


def _points(ops):
    for op in ops:
        coords = op[1:]
        yield from zip(coords[0::2], coords[1::2])


@pytest.mark.parametrize("name", sorted(EFFECT_ICONS))
def test_each_effect_icon_is_a_named_icon_inside_its_grid(name):
    assert name in icons.icon_names()
    ops, _ = icons.ICONS[name]
    xs, ys = zip(*_points(ops))
    assert 0 <= min(xs) and max(xs) <= icons.GRID and 0 <= min(ys) and max(ys) <= icons.GRID
    assert max(xs) - min(xs) > 12 and max(ys) - min(ys) > 12          # it fills its square, not a speck


def test_no_two_effect_icons_are_the_same_drawing():
    drawings = [tuple(tuple(round(v, 3) if isinstance(v, float) else v for v in op) for op in icons.ICONS[n][0])
                for n in EFFECT_ICONS]
    assert len(set(drawings)) == len(drawings)


@pytest.mark.parametrize("name", sorted(EFFECT_ICONS))
def test_both_backends_draw_it_and_the_svg_path_holds_every_part(name):
    svg = SvgCanvas(30, 30)
    icons.draw_icon(svg, name, 15, 15, 20, colour="#00406E")
    pdf = PdfCanvas(title=name)
    pdf.begin_page(30, 30)
    icons.draw_icon(pdf, name, 15, 15, 20, colour="#00406E")
    assert pdf.finish().startswith(b"%PDF")
    ops, _ = icons.icon_ops(name, 15, 15, 20)
    path = re.search(r'<path[^>]*\sd="([^"]+)"', svg.tostring())
    assert path is not None and path.group(1).count("M") == sum(1 for op in ops if op[0] == "M")
