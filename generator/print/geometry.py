"""Rectangles and quarter-turn placements in page millimetres (y down), shared by every layout.

A face is placed by an affine map from its trim-local coordinates (origin at
the trim's top-left corner) to the page. Only quarter turns and reflections
occur, so rectangles stay rectangles and the arithmetic stays exact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Box = tuple[float, float, float, float]   # x, y, w, h in mm


def r3(v: float) -> float:
    """Round to 1 micrometre: far below print resolution, and it keeps the output stable."""
    v = round(v, 3)
    return 0.0 if v == 0 else v


def box3(b: Box) -> Box:
    return (r3(b[0]), r3(b[1]), r3(b[2]), r3(b[3]))


def inflate(b: Box, left: float, top: float, right: float, bottom: float) -> Box:
    return (b[0] - left, b[1] - top, b[2] + left + right, b[3] + top + bottom)


def intersect(a: Box, b: Box) -> Box | None:
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    if x1 <= x0 or y1 <= y0:
        return None
    return (x0, y0, x1 - x0, y1 - y0)


def contains(outer: Box, inner: Box, tol: float = 1e-6) -> bool:
    return (inner[0] >= outer[0] - tol and inner[1] >= outer[1] - tol and
            inner[0] + inner[2] <= outer[0] + outer[2] + tol and inner[1] + inner[3] <= outer[1] + outer[3] + tol)


@dataclass(frozen=True)
class Affine:
    """x' = a*x + b*y + tx ; y' = c*x + d*y + ty."""
    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    tx: float = 0.0
    ty: float = 0.0

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return self.a * x + self.b * y + self.tx, self.c * x + self.d * y + self.ty

    def then(self, other: "Affine") -> "Affine":
        """First self, then other."""
        return Affine(other.a * self.a + other.b * self.c, other.a * self.b + other.b * self.d,
                      other.c * self.a + other.d * self.c, other.c * self.b + other.d * self.d,
                      other.a * self.tx + other.b * self.ty + other.tx,
                      other.c * self.tx + other.d * self.ty + other.ty)

    @property
    def rotation_deg(self) -> int:
        """The clockwise quarter turn of a map without reflection."""
        if abs(self.a * self.d - self.b * self.c - 1.0) > 1e-9:
            raise ValueError("the map mirrors: a face is never drawn mirrored")
        return int(round(math.degrees(math.atan2(self.c, self.a)))) % 360

    def map_box(self, box: Box) -> Box:
        x, y, w, h = box
        pts = [self.apply(x, y), self.apply(x + w, y), self.apply(x, y + h), self.apply(x + w, y + h)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def rotation(deg: int) -> Affine:
    """Clockwise on paper, since y points down."""
    cos = {0: 1, 90: 0, 180: -1, 270: 0}[deg % 360]
    sin = {0: 0, 90: 1, 180: 0, 270: -1}[deg % 360]
    return Affine(cos, -sin, sin, cos)


def translation(tx: float, ty: float) -> Affine:
    return Affine(tx=tx, ty=ty)


def place(w: float, h: float, page_box: Box, deg: int) -> Affine:
    """The map that puts a w x h trim box, turned by deg, exactly onto page_box."""
    rot = rotation(deg)
    x, y, _, _ = rot.map_box((0.0, 0.0, w, h))
    return rot.then(translation(page_box[0] - x, page_box[1] - y))


def mirror_x(width: float) -> Affine:
    return Affine(a=-1.0, tx=width)


def mirror_y(height: float) -> Affine:
    return Affine(d=-1.0, ty=height)
