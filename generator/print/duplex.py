"""Backs from fronts: where each back goes so that it lands behind its front once the sheet is turned.

The sheet turns over its long edge (or short edge, as an option). For a
portrait page the long edge is vertical, so the back page is the front page
mirrored left to right; for a landscape page, mirrored top to bottom.

An item is turned over like a book page, about its own vertical axis: the
point at (u, v) of the front lies behind (w - u, v) of the back. Composing
that with the placement of the front and the sheet's turn gives the back's
placement, always a rotation (two reflections make a turn). Symmetric backs
are drawn the nearest way up instead; oriented backs (Lutinades) keep the
exact turn so their top stays with the front's top.
"""

from __future__ import annotations

from ..components.face import Face
from ..draw.errors import LayoutError
from ..draw.geometry import Affine, mirror_x, mirror_y
from .document import Placement
from .geometry import Box, inflate, intersect


def sheet_flip(width_mm: float, height_mm: float, edge: str) -> Affine:
    """Front-page millimetres to back-page millimetres of the same point of paper."""
    portrait = height_mm >= width_mm
    if edge not in ("long", "short"):
        raise ValueError(f"a sheet turns on its long or short edge, not {edge!r}")
    about_vertical = portrait if edge == "long" else not portrait
    return mirror_x(width_mm) if about_vertical else mirror_y(height_mm)


def card_turn(width_mm: float) -> Affine:
    """Back-local to front-local: the card turned over about its vertical axis."""
    return mirror_x(width_mm)


def back_placement(front: Placement, back: Face, flip: Affine, *, oriented: bool, page: int) -> Placement:
    if abs(back.width_mm - front.width_mm) > 1e-6 or abs(back.height_mm - front.height_mm) > 1e-6:
        raise LayoutError(f"item {front.item_id!r}: its back ({back.width_mm} x {back.height_mm} mm) "
                         f"is not the size of its front ({front.width_mm} x {front.height_mm} mm)")
    exact = card_turn(front.width_mm).then(front.transform).then(flip)
    turn = exact.rotation_deg
    if not oriented:
        turn %= 180       # a symmetric back looks the same either way up: draw it upright
    trim = flip.map_box(front.trim)
    return Placement(page=page, item_id=front.item_id, copy=front.copy, face="back", trim=trim,
                     art=_back_art(flip.map_box(front.art), trim, back.bleed_mm),
                     rotation_deg=turn, width_mm=front.width_mm, height_mm=front.height_mm,
                     shape=back.shape, corner_mm=back.corner_mm, component=front.component, safe_mm=back.safe_mm)


def _back_art(allowed: Box, trim: Box, bleed: float) -> Box:
    own = inflate(trim, bleed, bleed, bleed, bleed)
    return intersect(allowed, own) or trim
