"""The faces of DiXe dice (PuXes): 8 symbols and 20 characters, on the 24-unit grid of draw/icons.py.

Same style as the other icons: filled silhouettes, holes cut by shapes wound the other way (non-zero fill,
built with effect_icons' helpers), no stroke. A character is drawn inside a ring, a symbol is not: a player
tells at a glance whether a face shows a character, which is what the rules ask first.

The names are the faces' ids in the PuXes engine and content (`smiley`, `yinyang`, `kaeru`...), so a figure
can draw the face an engine outcome names (`=smiley,smiley,yinyang,sablier`) without a table in between.
Which character is which animal or object is the content's choice, stated in content/puxes/game.yaml.
"""

from __future__ import annotations

import math
from typing import Sequence

from .effect_icons import _arc, _circle, _hole, _solid, _turned
from .icon_table import IconTable
from .geometry import Affine, PathOp, Point

CENTRE = (12.0, 12.0)
RING_OUTER, RING_INNER = 11.7, 10.4     # a character's ring
CHARACTER_SCALE = 0.8                   # a character's drawing, made within a radius of 11.5, fits inside it


# --- shape helpers ------------------------------------------------------------------------------------

def _ellipse(cx: float, cy: float, rx: float, ry: float, steps: int = 48) -> list[Point]:
    return [(cx + rx * math.cos(2 * math.pi * i / steps), cy + ry * math.sin(2 * math.pi * i / steps))
            for i in range(steps)]


def _smooth(points: Sequence[Point], per_segment: int = 8, closed: bool = False) -> list[Point]:
    """A Catmull-Rom curve through the points: strokes of a glyph, a snake, a bell's flank."""
    pts = list(points)
    n = len(pts)
    out: list[Point] = []
    segments = n if closed else n - 1
    for i in range(segments):
        p0 = pts[(i - 1) % n] if closed else pts[max(i - 1, 0)]
        p1, p2 = pts[i], pts[(i + 1) % n]
        p3 = pts[(i + 2) % n] if closed else pts[min(i + 2, n - 1)]
        for k in range(per_segment):
            t = k / per_segment
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2
                                    + (-a + 3 * b - 3 * c + d) * t3)
                             for a, b, c, d in zip(p0, p1, p2, p3)))
    if not closed:
        out.append(pts[-1])
    return out


def _band(points: Sequence[Point], width: float) -> list[Point]:
    """A stroke of `width` along an open polyline, as one outline (square ends, mitred joins)."""
    half = width / 2.0
    left, right = [], []
    n = len(points)
    for i, (x, y) in enumerate(points):
        normals = []
        for a, b in ((i - 1, i), (i, i + 1)):
            if 0 <= a and b < n:
                dx, dy = points[b][0] - points[a][0], points[b][1] - points[a][1]
                length = math.hypot(dx, dy) or 1.0
                normals.append((-dy / length, dx / length))
        nx, ny = sum(v[0] for v in normals), sum(v[1] for v in normals)
        length = math.hypot(nx, ny) or 1.0
        nx, ny = nx / length, ny / length
        cos = max(0.5, abs(nx * normals[0][0] + ny * normals[0][1]))   # mitre, never longer than twice
        left.append((x + nx * half / cos, y + ny * half / cos))
        right.append((x - nx * half / cos, y - ny * half / cos))
    return left + right[::-1]


def _inset(points: Sequence[Point], d: float) -> list[Point]:
    """A convex polygon shrunk by d on every side: facets that leave gaps between them."""
    pts = list(points)
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))
    sign = 1.0 if area > 0 else -1.0
    lines = []
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        nx, ny = -dy / length * sign, dx / length * sign       # inward for either winding
        lines.append(((x0 + nx * d, y0 + ny * d), (dx, dy)))
    out = []
    for (p, u), (q, v) in zip(lines[-1:] + lines[:-1], lines):
        cross = u[0] * v[1] - u[1] * v[0]
        t = ((q[0] - p[0]) * v[1] - (q[1] - p[1]) * v[0]) / cross
        out.append((p[0] + u[0] * t, p[1] + u[1] * t))
    return out


def _mirror(points: Sequence[Point]) -> list[Point]:
    """Left and right swapped about the grid's middle."""
    return [(24.0 - x, y) for x, y in points]


def _rect(x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _character(ops: list[PathOp]) -> list[PathOp]:
    """A character's drawing scaled into its ring."""
    k = CHARACTER_SCALE
    inner = Affine(a=k, d=k, tx=CENTRE[0] * (1 - k), ty=CENTRE[1] * (1 - k)).map_ops(ops)
    return _solid(_circle(*CENTRE, RING_OUTER)) + _hole(_circle(*CENTRE, RING_INNER)) + inner


# --- the eight symbols --------------------------------------------------------------------------------

def _pirate() -> list[PathOp]:
    """A skull over crossed bones."""
    ops: list[PathOp] = []
    for (x0, y0), (x1, y1) in (((3.6, 13.6), (20.4, 21.0)), ((3.6, 21.0), (20.4, 13.6))):
        ops += _solid(_band([(x0, y0), (x1, y1)], 2.4))
        for x, y in ((x0, y0), (x1, y1)):
            dx, dy = (x1 - x0, y1 - y0) if (x, y) == (x0, y0) else (x0 - x1, y0 - y1)
            length = math.hypot(dx, dy)
            px, py = -dy / length * 1.3, dx / length * 1.3
            ops += _solid(_circle(x + px, y + py, 1.5)) + _solid(_circle(x - px, y - py, 1.5))
    ops += _solid(_circle(12.0, 9.0, 7.6)) + _solid(_rect(8.2, 12.0, 15.8, 17.8))
    ops += _hole(_ellipse(9.1, 9.4, 2.1, 2.4)) + _hole(_ellipse(14.9, 9.4, 2.1, 2.4))
    ops += _hole([(12.0, 12.0), (13.1, 14.2), (10.9, 14.2)])
    return ops


def _smiley() -> list[PathOp]:
    """A round face: two eyes and a smile cut out."""
    ops = _solid(_circle(12.0, 12.0, 10.5))
    ops += _hole(_ellipse(8.5, 8.8, 1.5, 2.3)) + _hole(_ellipse(15.5, 8.8, 1.5, 2.3))
    ops += _hole(_band(_arc(12.0, 11.6, 6.2, 20.0, 160.0), 2.2))
    return ops


def _soleil() -> list[PathOp]:
    """A disc and eight pointed rays."""
    ops = _solid(_circle(12.0, 12.0, 5.2))
    for i in range(8):
        a = math.radians(i * 45.0 - 90.0)
        w = math.radians(11.0)
        ops += _solid([(12 + 6.8 * math.cos(a - w), 12 + 6.8 * math.sin(a - w)),
                       (12 + 11.6 * math.cos(a), 12 + 11.6 * math.sin(a)),
                       (12 + 6.8 * math.cos(a + w), 12 + 6.8 * math.sin(a + w))])
    return ops


def _bombe() -> list[PathOp]:
    """A round bomb, its cap and lit fuse."""
    ops = _solid(_circle(10.5, 14.0, 7.8))
    ops += _solid(_turned(_rect(14.2, 5.6, 18.4, 9.2), 45.0, (16.3, 7.4)))
    ops += _solid(_band(_smooth([(16.8, 6.6), (18.2, 4.6), (20.2, 4.4)]), 1.3))
    ops += _solid([(20.6, 1.2), (21.3, 3.3), (23.4, 3.8), (21.6, 5.0), (21.8, 7.1), (20.4, 5.6),
                   (18.4, 6.1), (19.5, 4.3), (18.6, 2.4), (20.3, 3.1)])
    ops += _hole(_band(_arc(10.5, 14.0, 5.0, 195.0, 250.0), 1.5))
    return ops


def _pi() -> list[PathOp]:
    """The letter pi: a bar and two legs, the right one turning out."""
    ops = _solid(_band(_smooth([(3.2, 9.2), (4.6, 6.6), (7.5, 5.6), (21.0, 5.6)], 6), 3.0))
    ops += _solid(_band(_smooth([(9.2, 6.5), (9.0, 13.0), (7.2, 20.2)], 6), 3.0))
    ops += _solid(_band(_smooth([(15.6, 6.5), (15.4, 15.5), (16.6, 19.4), (20.2, 18.8)], 6), 3.0))
    return ops


def _aum() -> list[PathOp]:
    """The syllable aum: two stacked lobes, a tail to the right, a crescent and a dot above it."""
    ops = _solid(_band(_smooth([(3.6, 8.6), (6.2, 6.3), (9.2, 7.0), (9.6, 9.6), (7.2, 11.6)], 6), 2.2))
    ops += _solid(_band(_smooth([(7.0, 11.7), (10.6, 12.6), (11.6, 16.4), (9.4, 19.8), (5.6, 19.8),
                                 (3.4, 17.2)], 6), 2.2))
    ops += _solid(_band(_smooth([(9.8, 12.6), (13.6, 11.2), (16.8, 13.0), (17.2, 17.0), (19.0, 19.8),
                                 (21.4, 19.0)], 6), 2.2))
    ops += _solid(_band(_arc(17.0, 3.4, 4.0, 25.0, 155.0), 1.6))
    ops += _solid(_circle(17.0, 3.6, 1.4))
    return ops


def _yinyang() -> list[PathOp]:
    """Yin and yang in a ring."""
    r = 9.6
    ops = _solid(_circle(12.0, 12.0, 11.2)) + _hole(_circle(12.0, 12.0, r))
    dark = _arc(12.0, 12.0, r, -90.0, 90.0)
    dark += _arc(12.0, 12.0 + r / 2, r / 2, 90.0, 270.0)[1:]
    dark += _arc(12.0, 12.0 - r / 2, r / 2, 90.0, -90.0)[1:-1]
    ops += _solid(dark)
    ops += _hole(_circle(12.0, 12.0 - r / 2, 1.5)) + _solid(_circle(12.0, 12.0 + r / 2, 1.5))
    return ops


def _sablier() -> list[PathOp]:
    """An hourglass: two bars, the glass, sand above and below."""
    ops = _solid(_rect(4.0, 2.2, 20.0, 4.8)) + _solid(_rect(4.0, 19.2, 20.0, 21.8))
    ops += _solid([(5.4, 4.8), (18.6, 4.8), (13.4, 12.0), (18.6, 19.2), (5.4, 19.2), (10.6, 12.0)])
    ops += _hole([(7.9, 6.4), (16.1, 6.4), (12.45, 11.5), (12.45, 12.5), (16.1, 17.6), (7.9, 17.6), (11.55, 12.5),
                  (11.55, 11.5)])
    ops += _solid([(9.9, 8.6), (14.1, 8.6), (12.0, 11.4)])
    ops += _solid([(8.6, 17.6), (15.4, 17.6), (12.0, 14.6)])
    return ops


# --- the twenty characters (each drawn within a radius of 11.5, then set in its ring) -----------------

def _oni() -> list[PathOp]:
    """A horned demon mask, slanted eyes, a mouth with two fangs."""
    ops = _solid(_ellipse(12.0, 13.6, 7.6, 8.0))
    horn = [(5.2, 11.0), (3.2, 7.8), (3.6, 3.0), (5.6, 6.4), (9.4, 7.0)]
    ops += _solid(horn) + _solid(_mirror(horn))
    eye = [(6.8, 10.8), (10.8, 12.2), (10.4, 14.2), (7.2, 13.4)]
    ops += _hole(eye) + _hole(_mirror(eye))
    ops += _hole(_rect(8.2, 16.4, 15.8, 19.2))
    ops += _solid([(9.2, 16.2), (11.0, 16.2), (10.1, 18.6)]) + _solid([(13.0, 16.2), (14.8, 16.2), (13.9, 18.6)])
    return ops


def _kaeru() -> list[PathOp]:
    """A frog's head: wide mouth, two bulging eyes."""
    ops = _solid(_ellipse(12.0, 14.6, 10.2, 6.6))
    ops += _solid(_circle(6.8, 8.2, 3.8)) + _solid(_circle(17.2, 8.2, 3.8))
    ops += _hole(_circle(6.8, 8.0, 1.7)) + _hole(_circle(17.2, 8.0, 1.7))
    ops += _hole(_band(_smooth([(4.8, 15.0), (8.6, 17.6), (12.0, 18.0), (15.4, 17.6), (19.2, 15.0)]), 1.3))
    ops += _hole(_circle(10.6, 12.6, 0.7)) + _hole(_circle(13.4, 12.6, 0.7))
    return ops


def _kala() -> list[PathOp]:
    """A masked, hooded head: only the eyes show, the knot's two tails behind."""
    ops = _solid(_circle(11.4, 12.4, 8.6))
    ops += _hole(_rect(4.6, 9.4, 18.4, 13.6))
    ops += _solid(_ellipse(8.6, 11.5, 1.8, 1.1)) + _solid(_ellipse(14.2, 11.5, 1.8, 1.1))
    ops += _solid(_band([(18.0, 12.6), (20.6, 14.4), (21.6, 16.8)], 2.2))
    ops += _solid(_band([(18.4, 11.0), (21.2, 11.2), (22.2, 9.4)], 2.2))
    return ops


def _petitgris() -> list[PathOp]:
    """A grey alien: a big bare head, two large slanted eyes."""
    head = _smooth([(12.0, 1.8), (18.6, 4.6), (20.4, 10.6), (16.8, 17.6), (12.0, 21.6), (7.2, 17.6), (3.6, 10.6),
                    (5.4, 4.6)], closed=True)
    ops = _solid(head)
    ops += _hole(_turned(_ellipse(8.4, 11.4, 3.4, 1.8), 32.0, (8.4, 11.4)))
    ops += _hole(_turned(_ellipse(15.6, 11.4, 3.4, 1.8), -32.0, (15.6, 11.4)))
    ops += _hole(_ellipse(12.0, 17.2, 1.3, 0.45))
    return ops


def _passeur() -> list[PathOp]:
    """A sailing boat: a ferryman's craft."""
    ops = _solid([(2.8, 15.0), (21.2, 15.0), (18.0, 20.4), (6.0, 20.4)])
    ops += _solid(_rect(11.3, 2.8, 12.7, 15.0))
    ops += _solid([(13.6, 3.6), (13.6, 13.6), (20.4, 13.6)]) + _solid([(10.4, 5.6), (10.4, 13.6), (5.0, 13.6)])
    return ops


def _bascule() -> list[PathOp]:
    """A seesaw: a ball up, a block down, about to change places."""
    ops = _solid([(12.0, 12.6), (16.2, 20.4), (7.8, 20.4)]) + _solid(_rect(6.0, 20.4, 18.0, 22.0))
    ops += _solid(_turned(_rect(2.6, 11.6, 21.4, 13.6), -18.0, (12.0, 12.6)))
    ops += _solid(_circle(17.6, 7.4, 2.5))
    ops += _solid(_turned(_rect(3.6, 9.4, 7.8, 13.6), -18.0, (5.7, 11.5)))
    return ops


def _decret() -> list[PathOp]:
    """A judge's gavel over its block."""
    ops = _solid(_turned(_rect(5.2, 3.6, 17.2, 8.6), -40.0, (11.2, 8.8)))
    ops += _solid(_turned(_rect(4.0, 2.8, 6.4, 9.4), -40.0, (11.2, 8.8)))
    ops += _solid(_turned(_rect(16.0, 2.8, 18.4, 9.4), -40.0, (11.2, 8.8)))
    ops += _solid(_turned(_rect(10.2, 8.6, 12.4, 19.4), -40.0, (11.2, 8.8)))
    ops += _solid(_rect(3.4, 18.8, 13.4, 21.4))
    return Affine(a=0.9, d=0.9, tx=1.2, ty=1.2).map_ops(ops)   # the turned head reaches far: a tenth smaller


def _repli() -> list[PathOp]:
    """A tortoise, safe under its shell."""
    ops = _solid(_arc(12.0, 15.0, 8.4, 180.0, 360.0))
    ops += _solid(_rect(3.0, 14.6, 21.0, 16.4))
    ops += _hole([(x, y) for x, y in _circle(12.0, 11.0, 2.5)[::8]])
    ops += _hole([(x, y) for x, y in _circle(7.6, 13.0, 1.7)[::8]])
    ops += _hole([(x, y) for x, y in _circle(16.4, 13.0, 1.7)[::8]])
    ops += _solid(_circle(21.2, 13.2, 2.2))
    ops += _solid(_rect(5.6, 16.4, 8.6, 19.4)) + _solid(_rect(15.4, 16.4, 18.4, 19.4))
    ops += _solid([(3.0, 15.0), (1.2, 16.6), (3.4, 16.4)])
    return ops


def _sangsue() -> list[PathOp]:
    """A vampire bat, wings spread."""
    wing = [(11.0, 10.0), (7.6, 7.0), (3.6, 7.0), (1.0, 9.6), (2.4, 10.8), (3.6, 12.8), (5.2, 11.8), (6.6, 14.2),
            (8.2, 13.0), (10.0, 15.6), (11.6, 14.0)]
    ops = _solid(wing) + _solid(_mirror(wing))
    ops += _solid(_ellipse(12.0, 13.0, 2.6, 4.6))
    ops += _solid(_circle(12.0, 9.6, 2.4))
    ops += _solid([(10.0, 9.0), (10.2, 5.4), (11.6, 8.0)]) + _solid(_mirror([(10.0, 9.0), (10.2, 5.4), (11.6, 8.0)]))
    ops += _hole(_circle(11.1, 9.4, 0.6)) + _hole(_circle(12.9, 9.4, 0.6))
    return ops


def _sonneur() -> list[PathOp]:
    """A ringing bell."""
    flank = _smooth([(12.0, 4.6), (15.8, 6.4), (16.6, 11.0), (17.4, 15.6), (20.2, 18.2)], 6)
    ops = _solid(flank + [(3.8, 18.2)] + _mirror(flank)[::-1][1:])
    ops += _solid(_rect(3.6, 17.8, 20.4, 19.6))
    ops += _solid(_circle(12.0, 3.6, 1.7)) + _solid(_circle(12.0, 21.0, 1.9))
    ops += _solid(_band(_arc(12.0, 11.0, 10.2, 200.0, 235.0), 1.2))
    ops += _solid(_band(_arc(12.0, 11.0, 10.2, 305.0, 340.0), 1.2))
    return ops


def _miroir() -> list[PathOp]:
    """A hand mirror, a glint on its glass."""
    ops = _solid(_ellipse(12.0, 9.0, 6.8, 7.4)) + _hole(_ellipse(12.0, 9.0, 5.0, 5.6))
    ops += _solid(_band([(8.6, 10.4), (11.4, 5.4)], 1.2)) + _solid(_band([(10.8, 11.6), (13.2, 7.4)], 1.0))
    ops += _solid(_rect(10.8, 16.2, 13.2, 21.8)) + _solid(_circle(12.0, 22.2, 1.4))
    return ops


def _jumeau() -> list[PathOp]:
    """Twins: two busts side by side."""
    ops: list[PathOp] = []
    for x in (7.0, 17.0):
        ops += _solid(_circle(x, 7.6, 3.3))
        ops += _solid(_arc(x, 18.6, 4.4, 180.0, 360.0) + [(x + 4.4, 18.6)])
    return ops


def _girouette() -> list[PathOp]:
    """A weathervane: its arrow turns with the wind."""
    ops = _solid(_rect(11.3, 6.6, 12.7, 21.6)) + _solid(_rect(8.0, 21.0, 16.0, 22.4))
    ops += _solid(_rect(5.0, 5.8, 18.0, 7.2))
    ops += _solid([(21.4, 6.5), (17.2, 3.0), (17.2, 10.0)])
    ops += _solid([(3.4, 3.6), (5.6, 3.6), (8.2, 6.5), (5.6, 9.4), (3.4, 9.4), (5.8, 6.5)])
    ops += _solid(_circle(12.0, 6.5, 1.7))
    ops += _solid(_rect(6.2, 14.3, 17.8, 15.7))
    ops += _solid(_circle(5.8, 15.0, 1.3)) + _solid(_circle(18.2, 15.0, 1.3))
    return ops


def _veinard() -> list[PathOp]:
    """A four-leaf clover."""
    ops: list[PathOp] = []
    cx, cy = 12.0, 10.6
    for deg in (45.0, 135.0, 225.0, 315.0):
        a = math.radians(deg)
        dx, dy = math.cos(a), math.sin(a)
        for side in (1.0, -1.0):
            ops += _solid(_circle(cx + dx * 5.4 - dy * 1.6 * side, cy + dy * 5.4 + dx * 1.6 * side, 2.5))
        ops += _solid([(cx + dx * 0.6, cy + dy * 0.6), (cx + dx * 4.6 - dy * 2.3, cy + dy * 4.6 + dx * 2.3),
                       (cx + dx * 4.6 + dy * 2.3, cy + dy * 4.6 - dx * 2.3)])
    ops += _solid(_band(_smooth([(12.0, 11.0), (13.0, 16.0), (15.6, 21.6)]), 1.5))
    return ops


def _rukura() -> list[PathOp]:
    """A virus: a spotted body bristling with knobbed spikes."""
    ops = _solid(_circle(12.0, 12.0, 6.2))
    for i in range(8):
        a = math.radians(i * 45.0 + 22.5)
        ops += _solid(_band([(12 + 5.6 * math.cos(a), 12 + 5.6 * math.sin(a)),
                             (12 + 9.0 * math.cos(a), 12 + 9.0 * math.sin(a))], 1.4))
        ops += _solid(_circle(12 + 9.6 * math.cos(a), 12 + 9.6 * math.sin(a), 1.7))
    ops += _hole(_circle(10.0, 10.4, 1.4)) + _hole(_circle(14.4, 12.0, 1.1)) + _hole(_circle(11.0, 14.8, 0.9))
    return ops


def _parieur() -> list[PathOp]:
    """A gambler's spade."""
    lobe = _smooth([(12.0, 2.4), (15.6, 6.0), (20.0, 10.0), (19.6, 14.6), (15.8, 15.8), (12.0, 13.4),
                    (8.2, 15.8), (4.4, 14.6), (4.0, 10.0), (8.4, 6.0)], 6, closed=True)
    return _solid(lobe) + _solid([(12.0, 12.6), (15.6, 21.4), (8.4, 21.4)])


def _gaucher() -> list[PathOp]:
    """An open left hand, seen from the back: the thumb on the right."""
    ops = _solid(_rect(6.4, 11.0, 17.2, 18.8)) + _solid(_ellipse(11.8, 18.4, 5.4, 3.6))
    for x, tip in ((7.6, 5.4), (10.4, 3.0), (13.2, 3.4), (16.0, 6.0)):
        ops += _solid(_rect(x - 1.2, tip, x + 1.2, 12.0)) + _solid(_circle(x, tip, 1.2))
    ops += _solid(_band([(15.8, 16.8), (18.6, 13.6), (20.4, 10.4)], 2.6)) + _solid(_circle(20.4, 10.4, 1.3))
    return ops


def _fortune() -> list[PathOp]:
    """A cut gem, its facets apart."""
    facets = [[(2.0, 9.0), (6.0, 4.0), (8.5, 9.0)], [(6.0, 4.0), (12.0, 4.0), (8.5, 9.0)],
              [(12.0, 4.0), (15.5, 9.0), (8.5, 9.0)], [(12.0, 4.0), (18.0, 4.0), (15.5, 9.0)],
              [(18.0, 4.0), (22.0, 9.0), (15.5, 9.0)], [(2.0, 9.0), (8.5, 9.0), (12.0, 21.0)],
              [(8.5, 9.0), (15.5, 9.0), (12.0, 21.0)], [(15.5, 9.0), (22.0, 9.0), (12.0, 21.0)]]
    ops: list[PathOp] = []
    for facet in facets:
        ops += _solid(_inset(facet, 0.45))
    return ops


def _charmeur() -> list[PathOp]:
    """A snake rising from the charmer's basket."""
    ops = _solid([(5.6, 16.4), (18.4, 16.4), (16.6, 22.0), (7.4, 22.0)])
    ops += _hole(_rect(6.6, 18.4, 17.4, 19.4))
    ops += _solid(_band(_smooth([(12.0, 17.0), (14.8, 13.8), (12.2, 10.8), (9.4, 8.0), (11.2, 5.2), (14.2, 4.6)]),
                        2.4))
    ops += _solid(_turned(_ellipse(15.6, 4.6, 2.6, 1.9), -10.0, (15.6, 4.6)))
    ops += _hole(_circle(16.2, 4.0, 0.55))
    ops += _solid(_band([(17.8, 5.2), (19.6, 5.6), (20.6, 4.6)], 0.6))
    ops += _solid(_band([(19.6, 5.6), (20.6, 6.6)], 0.6))
    return ops


def _gardien() -> list[PathOp]:
    """A guard's closed helmet."""
    dome = _smooth([(4.8, 20.6), (4.8, 11.0), (6.8, 5.4), (12.0, 2.6), (17.2, 5.4), (19.2, 11.0), (19.2, 20.6)], 6)
    ops = _solid(dome)
    ops += _hole(_rect(6.6, 10.0, 17.4, 12.2))
    ops += _solid(_rect(11.1, 8.6, 12.9, 17.0))
    for x, y in ((8.4, 15.4), (8.4, 18.0), (15.6, 15.4), (15.6, 18.0)):
        ops += _hole(_circle(x, y, 0.8))
    ops += _solid(_rect(5.0, 20.0, 19.0, 21.6))
    return ops


SYMBOL_ICONS = {"pirate": _pirate, "smiley": _smiley, "soleil": _soleil, "bombe": _bombe, "pi": _pi, "aum": _aum,
                "yinyang": _yinyang, "sablier": _sablier}
CHARACTER_ICONS = {"oni": _oni, "kaeru": _kaeru, "kala": _kala, "petitgris": _petitgris, "passeur": _passeur,
                   "bascule": _bascule, "decret": _decret, "repli": _repli, "sangsue": _sangsue,
                   "sonneur": _sonneur, "miroir": _miroir, "jumeau": _jumeau, "girouette": _girouette,
                   "veinard": _veinard, "rukura": _rukura, "parieur": _parieur, "gaucher": _gaucher,
                   "fortune": _fortune, "charmeur": _charmeur, "gardien": _gardien}

# name -> (ops on the 24-unit grid, even-odd fill), each made on first use: merged into draw/icons.ICONS
DIXE_ICONS = IconTable({
    **{name: (lambda make=make: (make(), False)) for name, make in SYMBOL_ICONS.items()},
    **{name: (lambda make=make: (_character(make()), False)) for name, make in CHARACTER_ICONS.items()},
})
