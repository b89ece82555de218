"""Drawing one piece (die, disc, square, triangle, hex, pawn) from its PieceStyle.

Used by the board for its start position and by rulebook diagrams, so a
piece looks the same wherever it appears.
"""

from __future__ import annotations

from dataclasses import replace

from ..content.models import PieceStyle
from ..draw import symbols
from ..draw.canvas import Canvas
from ..draw.fonts import cap_height_mm, text_width_mm
from ..draw.geometry import regular_polygon
from ..draw.style import Stroke, TextStyle, ink_saver_ink, mix_with_white

OUTLINE_MM = 0.35


def draw_piece(canvas: Canvas, style: PieceStyle, cx: float, cy: float, value: str | None = None,
               size_mm: float | None = None) -> None:
    """Draw a piece centred on (cx, cy); `value` is a die's top face or a label."""
    size = size_mm or style.size_mm
    half = size / 2
    if canvas.ink_saver:
        style = replace(style, ink=ink_saver_ink(style.ink))
    outline = Stroke(style.stroke, OUTLINE_MM, join="round")
    shape = style.shape
    if shape == "die":
        canvas.rect(cx - half, cy - half, size, size, fill=style.fill, stroke=outline, radius=size * 0.16)
    elif shape == "disc":
        canvas.circle(cx, cy, half, fill=style.fill, stroke=outline)
    elif shape == "pawn":
        facing = dict(drawn_attributes(style)).get("facing")
        if facing:
            canvas.polygon(_nose(cx, cy, half, facing), fill=style.stroke, stroke=outline)
        canvas.circle(cx, cy, half, fill=style.fill, stroke=outline)
        canvas.circle(cx, cy, half * 0.62, stroke=Stroke(style.ink, OUTLINE_MM))
    elif shape == "square":
        inset = size * 0.06
        canvas.rect(cx - half + inset, cy - half + inset, size - 2 * inset, size - 2 * inset,
                    fill=style.fill, stroke=outline, radius=size * 0.05)
    elif shape == "triangle":
        # Equilateral, centroid on the centre: circumradius chosen so the side is about `size`.
        canvas.polygon(regular_polygon(cx, cy + size * 0.1, size * 0.58, 3), fill=style.fill, stroke=outline)
    elif shape == "hex":
        # Pointy top: corners straight above and below the centre, the path starting at the lower right.
        canvas.polygon(regular_polygon(cx, cy, half, 6, 120), fill=style.fill, stroke=outline)
    if style.mark != "none":
        # with a letter under it, the mark is smaller and higher, so the two never touch
        if style.label:
            symbols.draw_symbol(canvas, style.mark, cx, cy - size * 0.07, size * 0.5, style.ink)
        else:
            symbols.draw_symbol(canvas, style.mark, cx, cy, size * 0.62, style.ink)
    if value is not None and shape == "die" and value.isdigit() and 1 <= int(value) <= 6 and style.mark == "none":
        symbols.pips(canvas, cx, cy, size, int(value), style.ink)
        return
    if symbols.is_symbol(value) and shape == "die" and style.mark == "none":
        # A die whose face is an icon (a DiXe's smiley): the face drawn, its letter small in the corner.
        with_label = bool(style.label)
        symbols.draw_symbol(canvas, value, cx, cy + (size * 0.06 if with_label else 0.0),
                            size * (0.55 if with_label else 0.66), style.ink)
        if with_label:
            _centred_label(canvas, cx - half * 0.62, cy - half * 0.62, size * 0.16, style.label, style.ink)
        return
    text = value if value is not None else style.label
    if text and style.mark == "none":
        # A triangle's inner circle is small: its letter sits lower and smaller to stay inside.
        if shape == "triangle":
            _centred_label(canvas, cx, cy + size * 0.17, size * 0.26, text, style.ink)
        else:
            _centred_label(canvas, cx, cy, size * (0.32 if len(text) > 1 else 0.42), text, style.ink,
                           max_width_mm=size * 0.8)
    elif style.label and style.mark != "none":
        # A marked piece (king) keeps its letter small under the mark, for readers who do not see the colour.
        _centred_label(canvas, cx, cy + half * 0.7, size * 0.16, style.label, style.ink)


def drawn_attributes(style: PieceStyle) -> tuple[tuple[str, str], ...]:
    """What draw_piece shows of a piece beyond its place, as (name, value) pairs: a pawn's facing, by its nose.
    draw_piece draws from it and a figure records it (Shown.attrs), so the figure proof sees what is drawn."""
    if style.shape == "pawn" and style.facing != "none":
        return (("facing", style.facing),)
    return ()


FACING = {"right": (1.0, 0.0), "left": (-1.0, 0.0), "up": (0.0, -1.0), "down": (0.0, 1.0)}
NOSE_REACH = 1.45    # the nose's tip, in half-sizes from the centre: out of the disc, inside its cell
NOSE_WIDTH = 0.62    # its base on the rim, in half-sizes


def _nose(cx: float, cy: float, half: float, facing: str) -> list[tuple[float, float]]:
    """The triangle a pawn points with: its base hidden under the disc, its tip out beyond the rim."""
    dx, dy = FACING[facing]
    base, w = half * 0.6, half * NOSE_WIDTH
    return [(cx + dx * half * NOSE_REACH, cy + dy * half * NOSE_REACH),
            (cx + dx * base - dy * w, cy + dy * base + dx * w),
            (cx + dx * base + dy * w, cy + dy * base - dx * w)]


GHOST_DASH_MM = (0.9, 0.6)
GHOST_TINT = 0.78          # how far a ghost's fill goes toward white: pale, but its colour still tells whose it was


def draw_ghost(canvas: Canvas, style: PieceStyle, cx: float, cy: float, size_mm: float | None = None) -> None:
    """Where a piece stood before the move (or a piece just taken): its shape, pale, in a dashed outline."""
    size = size_mm or style.size_mm
    half = size / 2
    fill = mix_with_white(style.fill, GHOST_TINT) if style.fill else None
    outline = Stroke("#555555", OUTLINE_MM, dash_mm=GHOST_DASH_MM, join="round")
    shape = style.shape
    if shape in ("disc", "pawn"):
        canvas.circle(cx, cy, half, fill=fill, stroke=outline)
    elif shape == "triangle":
        canvas.polygon(regular_polygon(cx, cy + size * 0.1, size * 0.58, 3), fill=fill, stroke=outline)
    elif shape == "hex":
        canvas.polygon(regular_polygon(cx, cy, half, 6, 120), fill=fill, stroke=outline)
    else:
        inset = size * 0.06 if shape == "square" else 0.0
        canvas.rect(cx - half + inset, cy - half + inset, size - 2 * inset, size - 2 * inset, fill=fill,
                    stroke=outline, radius=size * (0.05 if shape == "square" else 0.16))


def _centred_label(canvas: Canvas, cx: float, cy: float, cap_mm: float, text: str, colour: str,
                   max_width_mm: float | None = None) -> None:
    """Bold text whose capitals are `cap_mm` tall (never under 6 pt), centred on (cx, cy);
    smaller when it would be wider than `max_width_mm` (a long label such as "+1 B" on a tile)."""
    probe = TextStyle(size_pt=10.0, bold=True)
    size_pt = 10.0 * cap_mm / cap_height_mm(probe)
    if max_width_mm is not None:
        width = text_width_mm(text, TextStyle(size_pt=size_pt, bold=True))
        if width > max_width_mm:
            size_pt *= max_width_mm / width
    size_pt = max(6.0, size_pt)
    style = TextStyle(size_pt=size_pt, colour=colour, bold=True)
    canvas.text(cx, cy + cap_height_mm(style) / 2, text, style, align="center")
