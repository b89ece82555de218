"""Vector symbols drawn by code, in one style: pips, crown, star, cross, dot.

The font has no chess crowns or circled operators (FACTS.md), and a symbol
must look the same on a board, a die and in a rulebook, so symbols are
geometry. Each function draws centred on (cx, cy) within a square of side `size`.
"""

from __future__ import annotations

import math

from .canvas import Canvas
from .style import Stroke

# Pip centres on a 3x3 grid for faces 1-6, in units of the pip grid step.
PIP_LAYOUT = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def pips(canvas: Canvas, cx: float, cy: float, size: float, value: int, colour: str, *,
         rotate_quarter: int = 0) -> None:
    """Pips of a die face of side `size`; rotate_quarter turns the 2, 3 and 6 patterns by 90°."""
    step = size * 0.27
    r = size * 0.085
    for px, py in PIP_LAYOUT[value]:
        if rotate_quarter % 2:
            px, py = -py, px
        canvas.circle(cx + px * step, cy + py * step, r, fill=colour)


def crown(canvas: Canvas, cx: float, cy: float, size: float, colour: str) -> None:
    """A three-pointed crown with a band, filled."""
    w, h = size * 0.8, size * 0.6
    left, right, top, bottom = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    band = bottom - h * 0.22
    points = [
        (left, band), (left, top + h * 0.12), (cx - w * 0.24, top + h * 0.5), (cx, top),
        (cx + w * 0.24, top + h * 0.5), (right, top + h * 0.12), (right, band),
    ]
    canvas.polygon(points, fill=colour)
    canvas.rect(left, band + h * 0.06, w, bottom - band - h * 0.06, fill=colour, radius=h * 0.04)
    for x in (left, cx, right):
        y = top + h * 0.12 if x != cx else top
        canvas.circle(x, y, size * 0.06, fill=colour)


def star(canvas: Canvas, cx: float, cy: float, size: float, colour: str, *, outline: bool = False) -> None:
    """A five-pointed star, point up."""
    outer, inner = size / 2, size / 2 * 0.42
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    if outline:
        canvas.polygon(points, stroke=Stroke(colour, max(0.2, size * 0.05), join="round"))
    else:
        canvas.polygon(points, fill=colour)


def cross(canvas: Canvas, cx: float, cy: float, size: float, colour: str) -> None:
    d = size * 0.35
    s = Stroke(colour, max(0.2, size * 0.1), cap="round")
    canvas.line(cx - d, cy - d, cx + d, cy + d, s)
    canvas.line(cx - d, cy + d, cx + d, cy - d, s)


def dot(canvas: Canvas, cx: float, cy: float, size: float, colour: str) -> None:
    canvas.circle(cx, cy, size * 0.18, fill=colour)


SYMBOLS = {"crown": crown, "star": star, "cross": cross, "dot": dot}


def draw_symbol(canvas: Canvas, name: str, cx: float, cy: float, size: float, colour: str) -> None:
    SYMBOLS[name](canvas, cx, cy, size, colour)
