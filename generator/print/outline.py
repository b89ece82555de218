"""Cut outlines of the face shapes, in trim-local millimetres.

This is the contract with the components: a `hex` face is cut on the largest
regular-looking hexagon of its trim box (flat top when the box is wider than
tall, pointed top otherwise), `triangle` points up, `round` is the inscribed
ellipse (a circle for a square box), `rect` may have rounded corners.
"""

from __future__ import annotations

from ..draw.canvas import PathOp
from .geometry import Affine

KAPPA = 0.5522847498   # Bézier handle length for a quarter circle


def outline_ops(shape: str, w: float, h: float, corner_mm: float = 0.0) -> list[PathOp]:
    if shape == "rect":
        r = max(0.0, min(corner_mm, w / 2, h / 2))
        if r == 0:
            return [("M", 0, 0), ("L", w, 0), ("L", w, h), ("L", 0, h), ("Z",)]
        k = r * (1 - KAPPA)
        return [("M", r, 0), ("L", w - r, 0), ("C", w - k, 0, w, k, w, r), ("L", w, h - r),
                ("C", w, h - k, w - k, h, w - r, h), ("L", r, h), ("C", k, h, 0, h - k, 0, h - r),
                ("L", 0, r), ("C", 0, k, k, 0, r, 0), ("Z",)]
    if shape == "round":
        rx, ry = w / 2, h / 2
        kx, ky = rx * KAPPA, ry * KAPPA
        return [("M", w, ry), ("C", w, ry + ky, rx + kx, h, rx, h), ("C", rx - kx, h, 0, ry + ky, 0, ry),
                ("C", 0, ry - ky, rx - kx, 0, rx, 0), ("C", rx + kx, 0, w, ry - ky, w, ry), ("Z",)]
    if shape == "hex":
        if w >= h:   # flat top: corners on the left and right
            pts = [(0, h / 2), (w / 4, 0), (3 * w / 4, 0), (w, h / 2), (3 * w / 4, h), (w / 4, h)]
        else:        # pointed top
            pts = [(w / 2, 0), (w, h / 4), (w, 3 * h / 4), (w / 2, h), (0, 3 * h / 4), (0, h / 4)]
        return [("M", *pts[0])] + [("L", *p) for p in pts[1:]] + [("Z",)]
    if shape == "triangle":
        return [("M", w / 2, 0), ("L", w, h), ("L", 0, h), ("Z",)]
    raise ValueError(f"unknown face shape {shape!r}")


def transform_ops(ops: list[PathOp], m: Affine) -> list[PathOp]:
    out: list[PathOp] = []
    for op in ops:
        if op[0] == "Z":
            out.append(op)
            continue
        coords = []
        for i in range(1, len(op), 2):
            coords.extend(m.apply(op[i], op[i + 1]))
        out.append((op[0], *coords))
    return out
