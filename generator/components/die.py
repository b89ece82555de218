"""Die faces: each face of a Die drawn in a square, for cube nets and sticker sheets.

A face is a number 1-6 (pips), a symbol name (crown, star, cross, dot) or a
short text. The print layer arranges the six faces into a net or a sheet.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..content.models import Die
from ..draw import symbols
from ..draw.canvas import Canvas
from ..draw.fonts import cap_height_mm
from ..draw.style import MIN_LINE_MM, Stroke, TextStyle, ink_saver_ink
from .layout import PatternArt

FaceDrawer = Callable[[Canvas], None]


def draw_die_face(canvas: Canvas, die: Die, index: int, size_mm: float, *, x: float = 0.0, y: float = 0.0,
                  bleed_mm: float = 0.0) -> None:
    """Face `index` (0-5, standard places 1-6) in the square (x, y, size); fill spills `bleed_mm` outside."""
    canvas.rect(x - bleed_mm, y - bleed_mm, size_mm + 2 * bleed_mm, size_mm + 2 * bleed_mm, fill=die.fill)
    if canvas.ink_saver:
        die = replace(die, ink=ink_saver_ink(die.ink))
    value = die.faces[index]
    cx, cy = x + size_mm / 2, y + size_mm / 2
    _set_marks(canvas, die, x, y, size_mm, bleed_mm)
    if value.isdigit() and 1 <= int(value) <= 6:
        symbols.pips(canvas, cx, cy, size_mm, int(value), die.ink)
    elif symbols.is_symbol(value):
        symbols.draw_symbol(canvas, value, cx, cy, size_mm * (MARKED_SYMBOL if die.mark else SYMBOL), die.ink)
    elif value.strip():
        style = TextStyle(size_pt=size_mm * 1.1, colour=die.ink, bold=True)
        canvas.text_box(x + 1, y + 1, size_mm - 2, size_mm - 2, value, style, align="center", valign="middle",
                        min_size_pt=6.0)


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
    """Six callables, each drawing one face in the square (0, 0, size_mm) of the canvas."""
    return [lambda canvas, i=i: draw_die_face(canvas, die, i, size_mm) for i in range(6)]


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
