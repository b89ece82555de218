"""A mark's real outline, where its box would say too much: a zone turned with its group (PuXes' 3-player
gardens, at 120 degrees), a polygon. Convex outlines, as lists of (x, y) points in any one unit.

The box of a garden turned 30 degrees is half as large again as the garden: a seam through a corner of that box
may miss the garden, and a line drawn across it is no area at all. The tiling (print/tiling.py) and the
reader's seam check (print/reader.py) ask these where a seam meets the mark itself. Imports nothing.
"""

from __future__ import annotations

import math
from typing import Optional, Sequence

Point = tuple[float, float]


def convex_hull(points: Sequence[Point]) -> list[Point]:
    """The convex hull, counter-clockwise in a y-up frame (Andrew's monotone chain); a point or a segment for
    points that span no area."""
    pts = sorted(set((float(x), float(y)) for x, y in points))
    if len(pts) <= 2:
        return pts

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 1e-12:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 1e-12:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def box_corners(x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def bounds(points: Sequence[Point]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def is_box(points: Sequence[Point], tol: float = 0.05) -> bool:
    """Whether the outline is its own box (an axis-aligned rectangle): then the box says all of it. Every point
    on a corner of the box and every corner drawn; a line along an axis is its own (flat) box, a slanted one is
    not (its two ends are two corners of a box it does not fill: a diagonal arrow keeps no box-sized zone)."""
    x0, y0, x1, y1 = bounds(points)
    if not all((abs(x - x0) < tol or abs(x - x1) < tol) and (abs(y - y0) < tol or abs(y - y1) < tol)
               for x, y in points):
        return False
    if x1 - x0 < tol or y1 - y0 < tol:
        return True
    return all(any(abs(x - cx) < tol and abs(y - cy) < tol for x, y in points) for cx, cy in box_corners(x0, y0, x1, y1))


CURVE_TOLERANCE = 0.1     # how far (in the points' unit: mm, or pt for a PDF read) a flattened curve may stray
CURVE_MAX_STEPS = 32      # the most chords one cubic Bézier is cut into, whatever its size


def cubic_points(p0: Point, p1: Point, p2: Point, p3: Point, tol: float = CURVE_TOLERANCE) -> list[Point]:
    """A cubic Bézier from p0 (not included) to p3 as the ends of the chords that stay within `tol` of it:
    its control points alone lie outside the curve (a circle's make an octagon round it), so a curve's outline
    is taken from these. As many chords as the curve's bend asks (a uniform cut strays at most 3/4 of the
    greatest second difference of its control points over the count squared), between 1 and CURVE_MAX_STEPS:
    bounded, and the same points for the same curve."""
    bend = max(math.hypot(p0[0] - 2 * p1[0] + p2[0], p0[1] - 2 * p1[1] + p2[1]),
               math.hypot(p1[0] - 2 * p2[0] + p3[0], p1[1] - 2 * p2[1] + p3[1]))
    steps = min(CURVE_MAX_STEPS, max(1, math.ceil(math.sqrt(0.75 * bend / tol)))) if bend > 0 else 1
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        u = 1.0 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def on_hull(points: Sequence[Point], hull: Sequence[Point], tol: float) -> bool:
    """Whether every point lies on the convex outline's edges (within `tol`): a path that is its own outline (a
    square, a turned one, a circle) rather than lines drawn inside one (a hatching, a cross)."""
    if len(hull) < 3:
        return True
    corners = set(hull)
    for p in points:
        if p not in corners and not any(_distance_to_segment(p, hull[i - 1], hull[i]) <= tol for i in range(len(hull))):
            return False
    return True


def _distance_to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length < 1e-18 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def width(hull: Sequence[Point]) -> float:
    """The convex outline's least width (its thickness across, whichever way): 0 for a line."""
    n = len(hull)
    if n < 3:
        return 0.0

    def height(i: int, p: Point) -> float:
        a, b = hull[i], hull[(i + 1) % n]
        dx, dy = b[0] - a[0], b[1] - a[1]
        return abs((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / ((dx * dx + dy * dy) ** 0.5 or float("inf"))
    # For each edge its farthest vertex, which moves on round the hull as the edge does (rotating calipers):
    # linear in the vertices, a flattened circle's hundred and more included.
    least, j = float("inf"), max(range(n), key=lambda k: height(0, hull[k]))
    for i in range(n):
        a, b = hull[i], hull[(i + 1) % n]
        if (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2 < 1e-24:
            continue
        for _ in range(n):
            if height(i, hull[(j + 1) % n]) > height(i, hull[j]) + 1e-12:
                j = (j + 1) % n
            else:
                break
        least = min(least, height(i, hull[j]))
    return least if least != float("inf") else 0.0


def clip(hull: Sequence[Point], axis: int, lo: float, hi: float) -> list[Point]:
    """The convex outline cut to the band lo <= coordinate `axis` <= hi (Sutherland-Hodgman, two edges)."""
    out = list(hull)
    # (the tiling measures a name's box this way at every spot it tries: no call per point to test a side)
    for bound, low in ((lo, True), (hi, False)):
        if not out:
            break
        pts, out = out, []
        limit = bound - 1e-9 if low else bound + 1e-9
        prev = pts[-1]
        prev_in = prev[axis] >= limit if low else prev[axis] <= limit
        for cur in pts:
            cur_in = cur[axis] >= limit if low else cur[axis] <= limit
            if cur_in:
                if not prev_in:
                    out.append(_meet(prev, cur, axis, bound))
                out.append(cur)
            elif prev_in:
                out.append(_meet(prev, cur, axis, bound))
            prev, prev_in = cur, cur_in
    return out


def _meet(a: Point, b: Point, axis: int, at: float) -> Point:
    t = (at - a[axis]) / (b[axis] - a[axis])
    p = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]
    p[axis] = at
    return (p[0], p[1])


def extent_in_band(hull: Sequence[Point], axis: int, lo: float, hi: float) -> Optional[tuple[float, float]]:
    """Where along `axis` the outline lies within the band lo..hi of the other axis: what a seam along the other
    axis, running from lo to hi, would cross (None: the outline is not in the band)."""
    part = clip(hull, 1 - axis, lo, hi)
    if not part:
        return None
    return min(p[axis] for p in part), max(p[axis] for p in part)


def holds(outer: Sequence[Point], inner: Sequence[Point], tol: float = 0.0) -> bool:
    """Whether every point of `inner` lies inside the convex outline `outer` (or within `tol` of it)."""
    if len(outer) < 3:
        return False
    sign = _orientation(outer)
    for p in inner:
        for i, a in enumerate(outer):
            b = outer[(i + 1) % len(outer)]
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = (dx * dx + dy * dy) ** 0.5 or 1.0
            if sign * ((p[1] - a[1]) * dx - (p[0] - a[0]) * dy) / length < -tol:
                return False
    return True


def _orientation(hull: Sequence[Point]) -> float:
    area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(hull, list(hull[1:]) + [hull[0]]))
    return 1.0 if area >= 0 else -1.0


def strikes(hull: Sequence[Point], box: tuple[float, float, float, float]) -> bool:
    """Whether the outline's edges run through the open box (x0, y0, x1, y1): a zone's line across a note, not a
    zone holding the note whole nor one beside it. A segment (two points) is a line drawn."""
    pts = list(hull)
    if len(pts) == 1:
        pts = pts * 2
    x0, y0, x1, y1 = box
    if x0 > x1 or y0 > y1:          # (an empty box: _meets as it is, the sides below assume lo <= hi)
        return any(_meets(pts[i - 1], pts[i], box) for i in range(len(pts)))
    for i in range(len(pts)):
        a, b = pts[i - 1], pts[i]
        # both ends on or past one side of the box: _meets finds t1 <= t0 there (rounding is monotone), so the
        # segment is left out unmeasured, the answer the same (a flattened circle's edges are mostly such)
        if (a[0] <= x0 and b[0] <= x0) or (a[0] >= x1 and b[0] >= x1) or (a[1] <= y0 and b[1] <= y0) \
                or (a[1] >= y1 and b[1] >= y1):
            continue
        if _meets(a, b, box):
            return True
    return False


def _meets(a: Point, b: Point, box: tuple[float, float, float, float]) -> bool:
    """Whether the segment a-b passes through the open box (Liang-Barsky)."""
    span = segment_in_box(a, b, box)
    return span is not None and span[1] - span[0] > 1e-9


def segment_in_box(a: Point, b: Point, box: tuple[float, float, float, float]) -> Optional[tuple[float, float]]:
    """The part of the segment a-b inside the open box (x0, y0, x1, y1), as the parameters (t0, t1) of its ends
    (0 at a, 1 at b; Liang-Barsky), or None when it misses the box."""
    t0, t1 = 0.0, 1.0
    d = (b[0] - a[0], b[1] - a[1])
    for axis in (0, 1):
        lo, hi = box[axis], box[axis + 2]
        if abs(d[axis]) < 1e-12:
            if not lo < a[axis] < hi:
                return None
            continue
        ta, tb = (lo - a[axis]) / d[axis], (hi - a[axis]) / d[axis]
        t0, t1 = max(t0, min(ta, tb)), min(t1, max(ta, tb))
    return (t0, t1) if t1 > t0 else None
