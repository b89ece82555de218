"""Plane geometry of the drawing layer, in millimetres with y pointing down (page coordinates).

Every layer above draws its shapes through these few functions, so that a circle, a rounded corner
or a hexagon is the same curve on a card face, in an imported SVG, on a printed cut line and in a
cut file: affine maps (a face placed on a sheet, an SVG transform, a turned icon), the cubic Bézier
circle and ellipse, rounded rectangles, regular polygons, and the outlines of the face shapes
(rect, round, hex, triangle) that the components' safe zones and the print layer's cuts share.

Paths are lists of PathOp, as Canvas.path takes them: ("M", x, y), ("L", x, y),
("C", x1, y1, x2, y2, x, y), ("Z",).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

Point = tuple[float, float]
Box = tuple[float, float, float, float]   # x, y, w, h in mm
PathOp = tuple

# The handle length, over the radius, of the cubic Bézier quarter circle that meets the circle at its
# ends and at its middle: 4/3 (sqrt(2) - 1), to ten decimals (the value every output was made with).
# In between the curve strays outside the circle by at most 0.027 % of the radius.
KAPPA = 0.5522847498


# --- affine maps ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Affine:
    """The map x' = a*x + b*y + tx ; y' = c*x + d*y + ty.

    With y down, a positive turn is clockwise on paper, as in SVG and in Canvas.group.
    """
    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    tx: float = 0.0
    ty: float = 0.0

    @classmethod
    def from_svg(cls, a: float, b: float, c: float, d: float, e: float, f: float) -> "Affine":
        """SVG's matrix(a b c d e f), whose letters name the entries column by column."""
        return cls(a, c, b, d, e, f)

    def apply(self, x: float, y: float) -> Point:
        return self.a * x + self.b * y + self.tx, self.c * x + self.d * y + self.ty

    def then(self, other: "Affine") -> "Affine":
        """First self, then other."""
        return Affine(other.a * self.a + other.b * self.c, other.a * self.b + other.b * self.d,
                      other.c * self.a + other.d * self.c, other.c * self.b + other.d * self.d,
                      other.a * self.tx + other.b * self.ty + other.tx,
                      other.c * self.tx + other.d * self.ty + other.ty)

    @property
    def determinant(self) -> float:
        return self.a * self.d - self.b * self.c

    @property
    def scale(self) -> float:
        """How much the map stretches lengths: exact for uniform scales, the geometric mean otherwise."""
        return math.sqrt(abs(self.determinant))

    def inverse(self) -> "Affine":
        det = self.determinant
        if det == 0:
            raise ValueError("a map that flattens the plane has no inverse")
        a, b, c, d = self.d / det, -self.b / det, -self.c / det, self.a / det
        return Affine(a, b, c, d, -(a * self.tx + b * self.ty), -(c * self.tx + d * self.ty))

    @property
    def rotation_deg(self) -> int:
        """The clockwise quarter turn of a map without reflection."""
        if abs(self.determinant - 1.0) > 1e-9:
            raise ValueError("the map mirrors: a face is never drawn mirrored")
        return int(round(math.degrees(math.atan2(self.c, self.a)))) % 360

    def map_box(self, box: Box) -> Box:
        """The bounding box of the mapped box (the box itself under quarter turns and reflections)."""
        x, y, w, h = box
        pts = [self.apply(x, y), self.apply(x + w, y), self.apply(x, y + h), self.apply(x + w, y + h)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def map_ops(self, ops: Iterable[PathOp]) -> list[PathOp]:
        """A path with every point mapped (Béziers map exactly: their control points do)."""
        # apply() written out (the same sums in the same order): an icon's path is mapped each time it is drawn.
        a, b, c, d, tx, ty = self.a, self.b, self.c, self.d, self.tx, self.ty
        out: list[PathOp] = []
        for op in ops:
            if op[0] == "Z":
                out.append(op)
                continue
            coords = [op[0]]
            for x, y in zip(op[1::2], op[2::2]):
                coords.append(a * x + b * y + tx)
                coords.append(c * x + d * y + ty)
            out.append(tuple(coords))
        return out


IDENTITY = Affine()

# Cosine and sine of the quarter turns, exact: a face turned by 90 degrees keeps its corners on the
# very numbers it had (cos(pi / 2) is 6e-17, not 0).
_QUARTER_TURNS = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}


def rotation(deg: float, about: Point = (0.0, 0.0)) -> Affine:
    """A clockwise turn on paper (y down) by `deg` degrees around the point `about`."""
    if deg % 90 == 0:
        cos, sin = _QUARTER_TURNS[int(deg) % 360]
    else:
        rad = math.radians(deg)
        cos, sin = math.cos(rad), math.sin(rad)
    turn = Affine(cos, -sin, sin, cos)
    if about == (0.0, 0.0):
        return turn
    cx, cy = about
    return translation(-cx, -cy).then(turn.then(translation(cx, cy)))


def translation(tx: float, ty: float) -> Affine:
    return Affine(tx=tx, ty=ty)


def scaling(sx: float, sy: float | None = None) -> Affine:
    return Affine(a=sx, d=sx if sy is None else sy)


def skew(x_deg: float = 0.0, y_deg: float = 0.0) -> Affine:
    """SVG's skewX (x moves with y) and skewY (y moves with x)."""
    return Affine(b=math.tan(math.radians(x_deg)), c=math.tan(math.radians(y_deg)))


def mirror_x(width_mm: float) -> Affine:
    """Left and right exchanged within a box `width_mm` wide (a sheet or card turned over sideways)."""
    return Affine(a=-1.0, tx=width_mm)


def mirror_y(height_mm: float) -> Affine:
    """Top and bottom exchanged within a box `height_mm` tall."""
    return Affine(d=-1.0, ty=height_mm)


# --- paths ----------------------------------------------------------------------------------------

def polygon_ops(points: Sequence[Point], *, closed: bool = True) -> list[PathOp]:
    """Straight lines through the points, closed back to the first unless `closed` is False."""
    ops: list[PathOp] = [("M", *points[0])] + [("L", *p) for p in points[1:]]
    return ops + [("Z",)] if closed else ops


def rect_ops(x: float, y: float, w: float, h: float) -> list[PathOp]:
    """A rectangle, clockwise on paper from its top-left corner."""
    return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]


def ellipse_ops(cx: float, cy: float, rx: float, ry: float, *, start: str = "right") -> list[PathOp]:
    """An ellipse as four cubic Béziers, clockwise on paper, from its rightmost or its topmost point."""
    kx, ky = KAPPA * rx, KAPPA * ry
    right, bottom, left, top = (cx + rx, cy), (cx, cy + ry), (cx - rx, cy), (cx, cy - ry)
    quarters = [((cx + rx, cy + ky), (cx + kx, cy + ry), bottom),       # from the right to the bottom
                ((cx - kx, cy + ry), (cx - rx, cy + ky), left),
                ((cx - rx, cy - ky), (cx - kx, cy - ry), top),
                ((cx + kx, cy - ry), (cx + rx, cy - ky), right)]
    if start == "top":
        first, quarters = top, quarters[3:] + quarters[:3]
    elif start == "right":
        first = right
    else:
        raise ValueError(f"an ellipse starts at its 'right' or 'top' point, not {start!r}")
    return [("M", *first)] + [("C", *c1, *c2, *end) for c1, c2, end in quarters] + [("Z",)]


def circle_ops(cx: float, cy: float, radius_mm: float) -> list[PathOp]:
    """A circle as four cubic Béziers, clockwise on paper from its top."""
    return ellipse_ops(cx, cy, radius_mm, radius_mm, start="top")


def rounded_rect_ops(x: float, y: float, w: float, h: float, rx: float, ry: float | None = None) -> list[PathOp]:
    """A rectangle with quarter-ellipse corners (rx across, ry down; circular when ry is None),
    clockwise on paper from the end of the top-left corner; square corners when a radius is 0.

    Radii are kept within half the sides, as SVG does: a circular corner by the shorter side, so it
    stays circular; each radius of an elliptical corner by its own side.
    """
    if ry is None:
        rx = ry = min(rx, w / 2, h / 2)
    else:
        rx, ry = min(rx, w / 2), min(ry, h / 2)
    if rx <= 0 or ry <= 0:
        return rect_ops(x, y, w, h)
    kx, ky = rx * (1 - KAPPA), ry * (1 - KAPPA)   # from the corner of the box to a handle
    return [("M", x + rx, y), ("L", x + w - rx, y), ("C", x + w - kx, y, x + w, y + ky, x + w, y + ry),
            ("L", x + w, y + h - ry), ("C", x + w, y + h - ky, x + w - kx, y + h, x + w - rx, y + h),
            ("L", x + rx, y + h), ("C", x + kx, y + h, x, y + h - ky, x, y + h - ry),
            ("L", x, y + ry), ("C", x, y + ky, x + kx, y, x + rx, y), ("Z",)]


def regular_polygon(cx: float, cy: float, radius_mm: float, sides: int, rotate_deg: float = 0.0) -> list[Point]:
    """Corners of a regular polygon on the circle of `radius_mm`, clockwise on paper; the first
    stands straight above the centre, turned clockwise by `rotate_deg`."""
    points = []
    for i in range(sides):
        a = math.radians(rotate_deg + 360.0 * i / sides)
        points.append((cx + radius_mm * math.sin(a), cy - radius_mm * math.cos(a)))
    return points


# --- the face shapes ------------------------------------------------------------------------------
# The contract between the components and the print layer: a `hex` face is the largest regular-looking
# hexagon of its box, with corners at the left and right when the box is at least as wide as tall
# ("flat" top) and at the top and bottom otherwise ("pointy"); a `triangle` points up; `round` is the
# inscribed ellipse (a circle in a square box); a `rect` may have rounded corners.

def shape_polygon(shape: str, x: float, y: float, w: float, h: float) -> list[Point] | None:
    """Corners of a hex or triangle face inscribed in the box (x, y, w, h), clockwise on paper;
    None for the shapes that are no polygon (rect, round)."""
    if shape == "hex":
        if w >= h:
            return [(x, y + h / 2), (x + w / 4, y), (x + 3 * w / 4, y), (x + w, y + h / 2), (x + 3 * w / 4, y + h),
                    (x + w / 4, y + h)]
        return [(x + w / 2, y), (x + w, y + h / 4), (x + w, y + 3 * h / 4), (x + w / 2, y + h), (x, y + 3 * h / 4),
                (x, y + h / 4)]
    if shape == "triangle":
        return [(x + w / 2, y), (x + w, y + h), (x, y + h)]
    return None


def shape_outline_ops(shape: str, width_mm: float, height_mm: float, corner_mm: float = 0.0) -> list[PathOp]:
    """The cut outline of a face shape in trim-local mm (origin at the trim's top-left corner)."""
    w, h = width_mm, height_mm
    if shape == "rect":
        return rounded_rect_ops(0.0, 0.0, w, h, max(0.0, corner_mm))
    if shape == "round":
        return ellipse_ops(w / 2, h / 2, w / 2, h / 2)
    polygon = shape_polygon(shape, 0.0, 0.0, w, h)
    if polygon is None:
        raise ValueError(f"unknown face shape {shape!r}")
    return polygon_ops(polygon)
