"""A mark's real outline, where its box would say too much: a zone turned with its group (PuXes' 3-player
gardens, at 120 degrees), a polygon. Convex outlines, as lists of (x, y) points in any one unit.

The box of a garden turned 30 degrees is half as large again as the garden: a seam through a corner of that box
may miss the garden, and a line drawn across it is no area at all. The tiling (print/tiling.py) and the
reader's seam check (print/reader.py) ask these where a seam meets the mark itself. Imports nothing.
"""

from __future__ import annotations

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
    """Whether the outline is its own box (an axis-aligned rectangle): then the box says all of it."""
    x0, y0, x1, y1 = bounds(points)
    return all((abs(x - x0) < tol or abs(x - x1) < tol) and (abs(y - y0) < tol or abs(y - y1) < tol)
               for x, y in points)


def width(hull: Sequence[Point]) -> float:
    """The convex outline's least width (its thickness across, whichever way): 0 for a line."""
    if len(hull) < 3:
        return 0.0
    least = float("inf")
    for i, a in enumerate(hull):
        b = hull[(i + 1) % len(hull)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = (dx * dx + dy * dy) ** 0.5
        if length < 1e-12:
            continue
        least = min(least, max(abs((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / length for p in hull))
    return least if least != float("inf") else 0.0


def clip(hull: Sequence[Point], axis: int, lo: float, hi: float) -> list[Point]:
    """The convex outline cut to the band lo <= coordinate `axis` <= hi (Sutherland-Hodgman, two edges)."""
    out = list(hull)
    for bound, keep in ((lo, lambda v: v >= lo - 1e-9), (hi, lambda v: v <= hi + 1e-9)):
        if not out:
            break
        pts, out = out, []
        for i, cur in enumerate(pts):
            prev = pts[i - 1]
            if keep(cur[axis]):
                if not keep(prev[axis]):
                    out.append(_meet(prev, cur, axis, bound))
                out.append(cur)
            elif keep(prev[axis]):
                out.append(_meet(prev, cur, axis, bound))
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
    return any(_meets(pts[i - 1], pts[i], box) for i in range(len(pts)))


def _meets(a: Point, b: Point, box: tuple[float, float, float, float]) -> bool:
    """Whether the segment a-b passes through the open box (Liang-Barsky)."""
    t0, t1 = 0.0, 1.0
    d = (b[0] - a[0], b[1] - a[1])
    for axis in (0, 1):
        lo, hi = box[axis], box[axis + 2]
        if abs(d[axis]) < 1e-12:
            if not lo < a[axis] < hi:
                return False
            continue
        ta, tb = (lo - a[axis]) / d[axis], (hi - a[axis]) / d[axis]
        t0, t1 = max(t0, min(ta, tb)), min(t1, max(ta, tb))
    return t1 - t0 > 1e-9
