"""Points along M/L/C paths, for tests that measure drawn curves (imported SVG arcs, Bézier circles)."""

from __future__ import annotations


def bezier(p0, p1, p2, p3, t):
    """The point at parameter t of the cubic Bézier p0 p1 p2 p3."""
    u = 1 - t
    return tuple(u ** 3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t ** 3 * d for a, b, c, d in zip(p0, p1, p2, p3))


def path_points(ops, steps: int = 10):
    """Every line end of a path, and each cubic at `steps` even parameters."""
    points, current = [], None
    for op in ops:
        if op[0] in "ML":
            current = op[1:3]
            points.append(current)
        elif op[0] == "C":
            p1, p2, p3 = op[1:3], op[3:5], op[5:7]
            points += [bezier(current, p1, p2, p3, i / steps) for i in range(1, steps + 1)]
            current = p3
    return points
