"""Boxes of the imposition in page millimetres (y down): rounding, margins, overlaps, placing a face.

A face is placed by an affine map (draw/geometry.py) from its trim-local
coordinates (origin at the trim's top-left corner) to the page. Only quarter
turns and reflections occur, so rectangles stay rectangles and the arithmetic
stays exact.
"""

from __future__ import annotations

from ..draw.geometry import Affine, Box, rotation, translation


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


def place(w: float, h: float, page_box: Box, deg: int) -> Affine:
    """The map that puts a w x h trim box, turned by deg, exactly onto page_box."""
    rot = rotation(deg)
    x, y, _, _ = rot.map_box((0.0, 0.0, w, h))
    return rot.then(translation(page_box[0] - x, page_box[1] - y))
