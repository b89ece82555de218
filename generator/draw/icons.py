"""Named vector icons drawn by code, in one style for every game.

Each icon is a filled silhouette on a 24 x 24 grid (y down), built from
straight lines and cubic Béziers, so it scales to any size and reads the same
in the PDF and the SVG. An optional outline uses one stroke width for all
icons (1.5 grid units, round joins): STYLE.md asks for one icon style.
"""

from __future__ import annotations

from typing import Sequence

from .canvas import Canvas, PathOp
from .dixe_icons import DIXE_ICONS
from .effect_icons import EFFECT_ICONS
from .geometry import Affine, circle_ops, polygon_ops, regular_polygon, rotation
from .style import Stroke

GRID = 24.0
OUTLINE_UNITS = 1.5


def _poly(*points: tuple[float, float]) -> list[PathOp]:
    return polygon_ops(points)


def _star(points: int, outer: float, inner: float, cx: float = 12.0, cy: float = 12.6) -> list[PathOp]:
    """A star whose first point stands straight up, its inner corners halfway between the points."""
    tips = regular_polygon(cx, cy, outer, points)
    notches = regular_polygon(cx, cy, inner, points, 180.0 / points)
    return polygon_ops([corner for pair in zip(tips, notches) for corner in pair])


_ARROW_UP = _poly((12, 2), (21.5, 11.5), (15, 11.5), (15, 22), (9, 22), (9, 11.5), (2.5, 11.5))
_PLUS = _poly((9.5, 3), (14.5, 3), (14.5, 9.5), (21, 9.5), (21, 14.5), (14.5, 14.5), (14.5, 21), (9.5, 21),
              (9.5, 14.5), (3, 14.5), (3, 9.5), (9.5, 9.5))


def _rotated(ops: Sequence[PathOp], degrees: float) -> list[PathOp]:
    """Ops turned clockwise around the grid centre."""
    return rotation(degrees, about=(GRID / 2, GRID / 2)).map_ops(ops)


# name -> (ops on the 24-unit grid, even-odd fill)
ICONS: dict[str, tuple[list[PathOp], bool]] = {
    "crown": (_poly((3, 18), (2.5, 6.5), (8, 11), (12, 3.5), (16, 11), (21.5, 6.5), (21, 18))
              + _poly((3, 19.5), (21, 19.5), (21, 22), (3, 22)), False),
    "star": (_star(5, 11.0, 4.4), False),
    "heart": ([("M", 12, 21.5), ("C", 5, 16, 2, 12.5, 2, 8.5), ("C", 2, 5.2, 4.5, 3, 7.2, 3),
               ("C", 9.3, 3, 11, 4.3, 12, 6), ("C", 13, 4.3, 14.7, 3, 16.8, 3), ("C", 19.5, 3, 22, 5.2, 22, 8.5),
               ("C", 22, 12.5, 19, 16, 12, 21.5), ("Z",)], False),
    "shield": ([("M", 12, 2), ("L", 21, 5), ("L", 21, 11), ("C", 21, 16.5, 17, 20, 12, 22),
                ("C", 7, 20, 3, 16.5, 3, 11), ("L", 3, 5), ("Z",)], False),
    "plus": (_PLUS, False),
    "minus": (_poly((3, 9.5), (21, 9.5), (21, 14.5), (3, 14.5)), False),
    "cross": (_rotated(_PLUS, 45), False),
    "arrow-up": (_ARROW_UP, False),
    "arrow-up-right": (_rotated(_ARROW_UP, 45), False),
    "arrow-right": (_rotated(_ARROW_UP, 90), False),
    "arrow-down-right": (_rotated(_ARROW_UP, 135), False),
    "arrow-down": (_rotated(_ARROW_UP, 180), False),
    "arrow-down-left": (_rotated(_ARROW_UP, 225), False),
    "arrow-left": (_rotated(_ARROW_UP, 270), False),
    "arrow-up-left": (_rotated(_ARROW_UP, 315), False),
    "disc": (circle_ops(12, 12, 10), False),
    "ring": (circle_ops(12, 12, 10) + circle_ops(12, 12, 6.5), True),
    "square": (_poly((3, 3), (21, 3), (21, 21), (3, 21)), False),
    "diamond": (_poly((12, 1.5), (22.5, 12), (12, 22.5), (1.5, 12)), False),
    "triangle": (_poly((12, 2.5), (22.5, 20.5), (1.5, 20.5)), False),
    "hexagon": (polygon_ops(regular_polygon(12, 12, 10.5, 6)), False),
    "mushroom": ([("M", 2, 12.5), ("C", 2, 6, 6.5, 2, 12, 2), ("C", 17.5, 2, 22, 6, 22, 12.5), ("Z",),
                  ("M", 8.5, 12.5), ("L", 15.5, 12.5), ("L", 16, 20.5), ("C", 16, 22, 14.5, 22.5, 12, 22.5),
                  ("C", 9.5, 22.5, 8, 22, 8, 20.5), ("Z",)], False),
    "flag": (_poly((4, 2), (6.5, 2), (6.5, 22), (4, 22)) + _poly((6.5, 3), (20.5, 7.5), (6.5, 12)), False),
    "signpost": (_poly((10.5, 2), (13.5, 2), (13.5, 22), (10.5, 22))
                 + _poly((3, 4.5), (17.5, 4.5), (21.5, 8), (17.5, 11.5), (3, 11.5)), False),
}
ICONS.update(EFFECT_ICONS)   # die-roll, swords, return, no-entry, burst, draw-pile, teleport, portal
ICONS.update(DIXE_ICONS)     # the 8 symbols and 20 characters of DiXe dice (PuXes)


def icon_names() -> list[str]:
    return sorted(ICONS)


def icon_ops(name: str, cx: float, cy: float, size: float, rotate_deg: float = 0.0) -> tuple[list[PathOp], bool]:
    """The icon's path in mm, centred on (cx, cy), `size` mm square, turned clockwise."""
    ops, even_odd = ICONS[name]
    if rotate_deg:
        ops = _rotated(ops, rotate_deg)
    k = size / GRID
    return Affine(a=k, d=k, tx=cx - size / 2.0, ty=cy - size / 2.0).map_ops(ops), even_odd


def draw_icon(canvas: Canvas, name: str, cx: float, cy: float, size: float, *, colour: str,
              outline: str | None = None, rotate_deg: float = 0.0) -> None:
    ops, even_odd = icon_ops(name, cx, cy, size, rotate_deg)
    stroke = None
    if outline is not None:
        stroke = Stroke(outline, max(size / GRID * OUTLINE_UNITS, 0.09), join="round", cap="round")
    canvas.path(ops, fill=colour, stroke=stroke, even_odd=even_odd)

