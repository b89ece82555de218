"""Icons of game effects (a die rolled again, a duel, a return, a ban, a blast, a draw, a teleport, a portal),
on the 24-unit grid and in the style of draw/icons.py: filled silhouettes, holes cut by shapes wound the other
way (non-zero fill), so overlapping parts (crossed swords, a bar across a ring) join instead of cancelling.

First drawn for Praxis's effect tiles; the names say what they show, not whose game they serve, so any game
may use them, on a face (`icon:`), a board square (`mark:`) or a rulebook figure.
"""

from __future__ import annotations

import math
from typing import Sequence

from .geometry import PathOp, Point, polygon_ops, rotation
from .icon_table import IconTable

ARC_STEPS_PER_TURN = 64      # a full circle as a polygon of 64 sides: smooth at any tile size


def _signed_area(points: Sequence[Point]) -> float:
    """Twice the area; positive when the points turn clockwise on paper (y down)."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, list(points[1:]) + [points[0]]))


def _solid(points: Sequence[Point]) -> list[PathOp]:
    """A filled part: wound clockwise on paper."""
    pts = list(points)
    return polygon_ops(pts if _signed_area(pts) > 0 else pts[::-1])


def _hole(points: Sequence[Point]) -> list[PathOp]:
    """A hole in the parts under it: wound counterclockwise."""
    pts = list(points)
    return polygon_ops(pts if _signed_area(pts) < 0 else pts[::-1])


def _arc(cx: float, cy: float, r: float, start_deg: float, end_deg: float) -> list[Point]:
    """Points of an arc, angles clockwise on paper from the right (0) through the bottom (90)."""
    steps = max(2, int(abs(end_deg - start_deg) / 360.0 * ARC_STEPS_PER_TURN) + 1)
    return [(cx + r * math.cos(math.radians(start_deg + (end_deg - start_deg) * i / steps)),
             cy + r * math.sin(math.radians(start_deg + (end_deg - start_deg) * i / steps))) for i in range(steps + 1)]


def _circle(cx: float, cy: float, r: float) -> list[Point]:
    return _arc(cx, cy, r, 0.0, 360.0)[:-1]


def _turned(points: Sequence[Point], degrees: float, about: Point = (12.0, 12.0)) -> list[Point]:
    t = rotation(degrees, about=about)
    return [t.apply(x, y) for x, y in points]


def _rounded_square(cx: float, cy: float, side: float, radius: float) -> list[Point]:
    h = side / 2.0 - radius
    pts: list[Point] = []
    for (dx, dy), start in (((h, h), 0.0), ((-h, h), 90.0), ((-h, -h), 180.0), ((h, -h), 270.0)):
        pts += _arc(cx + dx, cy + dy, radius, start, start + 90.0)
    return pts


def _die_roll() -> list[PathOp]:
    """A die turned on its corner, three pips cut out, two strokes of motion behind it."""
    body = _turned(_rounded_square(13.5, 13.0, 14.0, 2.6), 18.0, (13.5, 13.0))
    pips = [_turned(_circle(13.5 + dx, 13.0 + dy, 1.55), 18.0, (13.5, 13.0)) for dx, dy in ((-3.6, -3.6), (0, 0), (3.6, 3.6))]
    motion = [[(1.5, 17.0), (4.6, 15.8), (4.9, 17.6), (1.8, 18.8)], [(2.0, 21.6), (6.0, 19.6), (6.4, 21.4), (2.4, 23.2)]]
    ops = _solid(body)
    for pip in pips:
        ops += _hole(pip)
    for stroke in motion:
        ops += _solid(stroke)
    return ops


def _sword() -> list[Point]:
    """An upright sword, point at the top, as one outline."""
    return [(12.0, 0.6), (14.1, 3.4), (14.1, 14.4), (17.4, 14.4), (17.4, 17.0), (13.4, 17.0), (13.4, 20.2),
            (14.4, 20.8), (14.4, 23.0), (9.6, 23.0), (9.6, 20.8), (10.6, 20.2), (10.6, 17.0), (6.6, 17.0),
            (6.6, 14.4), (9.9, 14.4), (9.9, 3.4)]


def _swords() -> list[PathOp]:
    """Two swords crossed."""
    return _solid(_turned(_sword(), 45.0)) + _solid(_turned(_sword(), -45.0))


def _return_arrow() -> list[PathOp]:
    """A thick arc of three quarters of a turn ending in an arrow head: what left comes back."""
    cx, cy, outer, inner = 12.0, 12.6, 9.6, 5.6
    start, end = -40.0, 215.0
    mid = (outer + inner) / 2.0
    head_out, head_in = outer + 2.6, inner - 2.6
    a = math.radians(end)
    tip_a = math.radians(end + 34.0)
    head = [(cx + head_out * math.cos(a), cy + head_out * math.sin(a)),
            (cx + mid * math.cos(tip_a), cy + mid * math.sin(tip_a)),
            (cx + head_in * math.cos(a), cy + head_in * math.sin(a))]
    band = _arc(cx, cy, outer, start, end) + head + _arc(cx, cy, inner, end, start)
    return _solid(band)


def _no_entry() -> list[PathOp]:
    """A ring crossed by a bar."""
    bar = _turned([(3.5, 10.4), (20.5, 10.4), (20.5, 13.6), (3.5, 13.6)], 45.0)
    return _solid(_circle(12, 12, 10.5)) + _hole(_circle(12, 12, 7.2)) + _solid(bar)


def _burst() -> list[PathOp]:
    """A blast: twelve spikes of two lengths."""
    points = []
    for i in range(24):
        r = (11.4 if i % 4 == 0 else 9.0) if i % 2 == 0 else 5.2
        a = math.radians(-90.0 + i * 15.0)
        points.append((12.0 + r * math.cos(a), 12.3 + r * math.sin(a)))
    return _solid(points)


def _draw_pile() -> list[PathOp]:
    """A pile of three tiles, the top one lifted by an arrow: one more tile to the hand."""
    ops: list[PathOp] = []
    for top in (13.4, 16.6, 19.8):
        ops += _solid([(4.5, top), (19.5, top), (21.0, top + 2.4), (3.0, top + 2.4)])
    ops += _solid([(12.0, 0.8), (17.6, 6.4), (14.0, 6.4), (14.0, 11.4), (10.0, 11.4), (10.0, 6.4), (6.4, 6.4)])
    return ops


def _teleport() -> list[PathOp]:
    """Two rings, the path from one to the other dashed, its head at the far ring."""
    ops = _solid(_circle(5.6, 18.4, 4.4)) + _hole(_circle(5.6, 18.4, 2.2))
    ops += _solid(_circle(18.4, 5.6, 4.4)) + _hole(_circle(18.4, 5.6, 2.2))
    for k in (0, 1):
        t0, t1 = 0.30 + k * 0.17, 0.40 + k * 0.17
        x0, y0 = 5.6 + 12.8 * t0, 18.4 - 12.8 * t0
        x1, y1 = 5.6 + 12.8 * t1, 18.4 - 12.8 * t1
        ops += _solid([(x0 - 1.1, y0 - 1.1), (x1 - 1.1, y1 - 1.1), (x1 + 1.1, y1 + 1.1), (x0 + 1.1, y0 + 1.1)])
    ops += _solid([(15.6, 8.4), (10.6, 9.3), (14.7, 13.4)])
    return ops


def _portal() -> list[PathOp]:
    """An arched doorway standing on its sill."""
    outer = _arc(12.0, 11.0, 8.6, 180.0, 360.0) + [(20.6, 20.2), (3.4, 20.2)]
    inner = _arc(12.0, 11.0, 5.0, 180.0, 360.0) + [(17.0, 20.2), (7.0, 20.2)]
    sill = [(1.6, 20.2), (22.4, 20.2), (22.4, 22.8), (1.6, 22.8)]
    return _solid(outer) + _hole(inner) + _solid(sill)


# name -> (ops on the 24-unit grid, even-odd fill): merged into draw/icons.ICONS
EFFECT_ICONS = IconTable({   # each made on first use
    "die-roll": lambda: (_die_roll(), False),
    "swords": lambda: (_swords(), False),
    "return": lambda: (_return_arrow(), False),
    "no-entry": lambda: (_no_entry(), False),
    "burst": lambda: (_burst(), False),
    "draw-pile": lambda: (_draw_pile(), False),
    "teleport": lambda: (_teleport(), False),
    "portal": lambda: (_portal(), False),
})
