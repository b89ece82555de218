"""Fold-in-half layout: front and back side by side, joined on a fold line, for printers without duplex.

A pair is one unit of the sheet grid, 2w x h: the front on the left, the
back on the right, both upright. Folding the pair along its middle puts the
back's (u, v) behind the front's (w - u, v): exactly the card turned over like
a book page, so oriented backs keep their relation to the front. Fold-over
counters and standees use the same layout.
"""

from __future__ import annotations

from .document import Placement
from .geometry import Box, intersect, place

_FAR = 1.0e4   # reaches past any page: a half-plane as a rectangle


def pair_placements(unit_trim: Box, unit_art: Box, rotation_deg: int, w: float, h: float, *,
                    page: int, item_id: str, copy: int, component: str, front, back) -> list[Placement]:
    """The front and back of one pair whose unit (2w x h, turned by rotation_deg) sits on unit_trim."""
    m = place(2 * w, h, unit_trim, rotation_deg)
    out = []
    for face_name, face, local_x in (("front", front, 0.0), ("back", back, w)):
        trim = m.map_box((local_x, 0.0, w, h))
        half = m.map_box((-_FAR, -_FAR, w + _FAR, h + 2 * _FAR) if face_name == "front"
                         else (w, -_FAR, w + _FAR, h + 2 * _FAR))
        art = intersect(unit_art, half) or trim
        out.append(Placement(page=page, item_id=item_id, copy=copy, face=face_name, trim=trim, art=art,
                             rotation_deg=rotation_deg, width_mm=w, height_mm=h, shape=face.shape,
                             corner_mm=face.corner_mm, component=component, safe_mm=face.safe_mm))
    return out


def fold_segment(unit_trim: Box, rotation_deg: int, w: float, h: float) -> tuple[float, float, float, float]:
    """The fold line of a pair, on the page."""
    m = place(2 * w, h, unit_trim, rotation_deg)
    x1, y1 = m.apply(w, 0.0)
    x2, y2 = m.apply(w, h)
    return x1, y1, x2, y2
