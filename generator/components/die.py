"""Die faces: each face of a Die drawn in a square, for cube nets and sticker sheets.

A face is a number 1-6 (pips), a symbol name (crown, star, cross, dot) or a
short text. The print layer arranges the six faces into a net or a sheet.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..content.models import Die
from ..draw import symbols
from ..draw.bounds import bounds
from ..draw.canvas import Canvas
from ..draw.fonts import cap_height_mm
from ..draw.style import MIN_LINE_MM, Stroke, TextStyle, ink_saver_ink
from .layout import PatternArt

FaceDrawer = Callable[..., None]      # (canvas, clear=None): see draw_die_face
Box = tuple[float, float, float, float]
CLEAR_GAP_MM = 0.4         # between a face's art and the box it keeps clear (a net's face number)


def draw_die_face(canvas: Canvas, die: Die, index: int, size_mm: float, *, x: float = 0.0, y: float = 0.0,
                  bleed_mm: float = 0.0, clear: Box | None = None) -> None:
    """Face `index` (0-5, standard places 1-6) in the square (x, y, size); fill spills `bleed_mm` outside.
    `clear`: a box (x, y, w, h) of the face its art keeps out of (a net prints the face's number there): the
    symbol or text is made smaller, towards the side away from the box, only as much as that needs."""
    canvas.rect(x - bleed_mm, y - bleed_mm, size_mm + 2 * bleed_mm, size_mm + 2 * bleed_mm, fill=die.fill)
    if canvas.ink_saver:
        die = replace(die, ink=ink_saver_ink(die.ink))
    value = die.faces[index]
    cx, cy = x + size_mm / 2, y + size_mm / 2
    _set_marks(canvas, die, x, y, size_mm, bleed_mm)
    if value.isdigit() and 1 <= int(value) <= 6:
        symbols.pips(canvas, cx, cy, size_mm, int(value), die.ink)
    elif symbols.is_symbol(value):
        size = size_mm * (MARKED_SYMBOL if die.mark else SYMBOL)
        if clear is not None:
            cx, cy, size = _clear_of(lambda c, px, py, s: symbols.draw_symbol(c, value, px, py, s, die.ink),
                                     cx, cy, size, clear)
        symbols.draw_symbol(canvas, value, cx, cy, size, die.ink)
    elif value.strip():
        style = TextStyle(size_pt=size_mm * 1.1, colour=die.ink, bold=True)
        bottom = y + size_mm - 1 if clear is None else min(y + size_mm - 1, clear[1] - CLEAR_GAP_MM)
        canvas.text_box(x + 1, y + 1, size_mm - 2, bottom - y - 1, value, style, align="center", valign="middle",
                        min_size_pt=6.0)


def _clear_of(draw: Callable, cx: float, cy: float, size: float, clear: Box) -> tuple[float, float, float]:
    """Centre and size of art drawn by draw(canvas, cx, cy, size) so that what it inks stays out of `clear`:
    as it is when it already does, else shrunk towards its top edge (to end above the box) or its left edge (to
    end left of it), whichever keeps it larger. Measured on the ink, not the art's square: a crown's points
    leave room a square would not."""
    box, _ = bounds(lambda c: draw(c, cx, cy, size))
    if box is None:
        return cx, cy, size
    x0, y0, w, h = box
    kx, ky = clear[0] - CLEAR_GAP_MM, clear[1] - CLEAR_GAP_MM
    if x0 + w <= kx or y0 + h <= ky or x0 >= clear[0] + clear[2] or y0 >= clear[1] + clear[3]:
        return cx, cy, size
    above = (ky - y0) / h if h > 0 else 0.0        # anchored on the ink's top edge, centred as it was
    left = (kx - x0) / w if w > 0 else 0.0         # anchored on its left edge
    if above >= left:
        k = max(0.0, min(1.0, above))
        return cx, y0 + (cy - y0) * k, size * k
    k = max(0.0, min(1.0, left))
    return x0 + (cx - x0) * k, cy, size * k


SYMBOL = 0.7               # of the face's side: a symbol's size
MARKED_SYMBOL = 0.6        # on a die whose faces carry a set mark: the corner stays clear for the letter
PATTERN_SPACING = 0.11     # of the face's side: a texture, not a grid
PATTERN_STROKE = 0.028
CLEAR_RADIUS = 0.38        # of the side: the disc kept clear of the pattern behind the symbol
MARK_SIZE = 0.12           # of the side: the set's letter's capital height, in the top-left corner outside that disc
MARK_INSET = 0.15          # of the side: the letter's distance to the edges (3.75 mm on a 25 mm net: in its safe zone)


def _set_marks(canvas: Canvas, die: Die, x: float, y: float, size_mm: float, bleed_mm: float) -> None:
    """What tells one set of dice from another besides its colour: a texture, and a letter in a corner."""
    cx, cy = x + size_mm / 2, y + size_mm / 2
    if die.pattern:
        box = (x - bleed_mm, y - bleed_mm, size_mm + 2 * bleed_mm, size_mm + 2 * bleed_mm)
        fill_only = die.pattern in ("dots", "checks")
        stroke = None if fill_only else Stroke(die.pattern_colour, max(MIN_LINE_MM, size_mm * PATTERN_STROKE))
        art = PatternArt(die.pattern, box[2], box[3], size_mm * PATTERN_SPACING,
                         max(MIN_LINE_MM, size_mm * PATTERN_STROKE * (2.2 if fill_only else 1)), 45.0,
                         die.pattern_colour, stroke)
        canvas.repeated(art.key, box[2], box[3], art, at=(box[0], box[1]))
        canvas.circle(cx, cy, size_mm * CLEAR_RADIUS, fill=die.fill)
    if die.mark:
        probe = TextStyle(size_pt=10.0, bold=True)
        style = TextStyle(size_pt=10.0 * size_mm * MARK_SIZE / cap_height_mm(probe), colour=die.ink, bold=True)
        inset = size_mm * MARK_INSET
        canvas.text(x + inset, y + inset + cap_height_mm(style), die.mark, style)


def die_faces(die: Die, size_mm: float) -> list[FaceDrawer]:
    """Six callables, each drawing one face in the square (0, 0, size_mm) of the canvas (`clear=box`: kept
    clear of that box, see draw_die_face)."""
    return [lambda canvas, i=i, clear=None: draw_die_face(canvas, die, i, size_mm, clear=clear) for i in range(6)]


def draw_die_top(canvas: Canvas, die: Die, cx: float, cy: float, size_mm: float, face: int = 0) -> None:
    """A die seen from above (rounded, outlined), as in a material list or a rulebook figure."""
    half = size_mm / 2
    canvas.rect(cx - half, cy - half, size_mm, size_mm, fill=die.fill, stroke=Stroke("#222222", 0.35),
                radius=size_mm * 0.16)
    value = die.faces[face]
    if value.isdigit() and 1 <= int(value) <= 6:
        symbols.pips(canvas, cx, cy, size_mm, int(value), die.ink)
    elif symbols.is_symbol(value):
        symbols.draw_symbol(canvas, value, cx, cy, size_mm * 0.7, die.ink)
    else:
        style = TextStyle(size_pt=size_mm, colour=die.ink, bold=True)
        canvas.text(cx, cy + cap_height_mm(style) / 2, value, style, align="center")
