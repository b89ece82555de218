"""Maps written as text: one character per cell, drawn at real size through a legend.

The face holds the grid with coordinates on its four edges, then a legend box
(below a wide map, right of a tall one) showing every symbol as a sample cell
beside its name. A cell's look is its fill, a pattern, an image, an icon and a
label, in that order; colour never stands alone (the model checks that). Every
symbol is resolved and checked once, when the item is built, so a label too
long for its cell or a missing image is a ContentError with the symbol's line.
Patterns are phased on the map's own grid, so a run of lava reads as one
surface, not as tiles with seams.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Optional

from ..content.models import ImageSpec, Map, MapSymbol, map_column_name, parse_map_cell
from ..draw import fonts, icons
from ..draw.bounds import bounds
from ..draw.canvas import Canvas
from ..draw.errors import LayoutError
from ..draw.style import (INK_SAVER_AREA_MM2, MIN_LINE_MM, PT_PER_MM, Stroke, TextStyle, contrast_ratio,
                          ink_saver_fill, ink_saver_ink)
from ..i18n import catalogue
from .board import LABEL_HALF_EM, edge_label_offset, edge_label_size
from .face import DEFAULT_SAFE_MM, Face, Item
from .layout import _HANDLERS, FaceContext, Frame, PatternArt, Resolver, replay
from .mat import ElementSpot, element_values, resolve_elements

MIN_PT = 7.0                    # STYLE.md: nothing a player reads under 7 pt
COORD_PT = 7.5
COORD_COLOUR = "#6B6B6B"        # 5.3:1 on white: quiet, still readable
NAME_PT = 8.5                   # legend names
TITLE_PT = 10.0
LEGEND_PAD_MM = 3.0
LEGEND_ROW_GAP_MM = 2.0
LEGEND_COL_GAP_MM = 6.0
LEGEND_NAME_GAP_MM = 2.5
LEGEND_SAMPLE_MM = (7.0, 12.0)  # a legend sample is the cell size, kept within these bounds
LABEL_CONTRAST = 4.5            # WCAG AA for small text
ICON_CONTRAST = 3.0             # WCAG for graphics
PATTERN_LINE_MM = 0.3

Stamp = Callable[[Canvas, float, float], None]   # draws one cell with its top-left corner at (x, y)


@dataclass(frozen=True)
class MapGeometry:
    """Where everything goes, in bleed-box mm."""
    width_mm: float            # trim size
    height_mm: float
    grid_x: float
    grid_y: float
    legend: Optional[tuple[float, float, float, float]]   # box
    legend_columns: int
    legend_rows: int
    sample_mm: float
    column_w: float

    def cell_box(self, m: Map, col: int, text_row: int) -> tuple[float, float, float, float]:
        """Cell of 0-based column and text row (0 = the top line of the map text)."""
        return (self.grid_x + col * m.cell_mm, self.grid_y + text_row * m.cell_mm, m.cell_mm, m.cell_mm)


def legend_symbols(m: Map) -> list[tuple[str, MapSymbol]]:
    """Symbols listed in the legend: those used on the map and not hidden, in legend order."""
    used = set("".join(m.rows))
    return [(ch, s) for ch, s in m.legend.items() if s.in_legend and ch in used]


def _legend_side(m: Map) -> str:
    if m.legend_at != "auto":
        return m.legend_at
    return "below" if m.columns >= len(m.rows) else "right"


def map_geometry(m: Map) -> MapGeometry:
    b, margin, cell = m.bleed_mm, m.margin_mm, m.cell_mm
    grid_w, grid_h = m.columns * cell, len(m.rows) * cell
    entries = legend_symbols(m)
    side = _legend_side(m) if entries else "none"
    sample = min(max(cell, LEGEND_SAMPLE_MM[0]), LEGEND_SAMPLE_MM[1])
    name_style = TextStyle(size_pt=NAME_PT)
    names_w = max((fonts.text_width_mm(s.name, name_style) for _, s in entries), default=0.0)
    col_w = sample + LEGEND_NAME_GAP_MM + names_w
    title_h = fonts.cap_height_mm(TextStyle(size_pt=TITLE_PT, bold=True)) + 3.0
    n = len(entries)
    w, h = grid_w + 2 * margin, grid_h + 2 * margin
    legend, cols, rows = None, 0, 0
    if side == "below":
        room = max(grid_w, col_w + 2 * LEGEND_PAD_MM) - 2 * LEGEND_PAD_MM
        cols = max(1, min(n, int((room + LEGEND_COL_GAP_MM) / (col_w + LEGEND_COL_GAP_MM) + 1e-9)))
        rows = math.ceil(n / cols)
        box_w = max(grid_w, cols * col_w + (cols - 1) * LEGEND_COL_GAP_MM + 2 * LEGEND_PAD_MM)
        box_h = 2 * LEGEND_PAD_MM + title_h + rows * sample + (rows - 1) * LEGEND_ROW_GAP_MM
        legend = (b + margin, b + h, box_w, box_h)
        w = max(w, box_w + 2 * margin)
        h += box_h + margin
    elif side == "right":
        room = grid_h - 2 * LEGEND_PAD_MM - title_h
        rows = max(1, min(n, int((room + LEGEND_ROW_GAP_MM) / (sample + LEGEND_ROW_GAP_MM) + 1e-9)))
        cols = math.ceil(n / rows)
        rows = math.ceil(n / cols)
        box_w = cols * col_w + (cols - 1) * LEGEND_COL_GAP_MM + 2 * LEGEND_PAD_MM
        box_h = 2 * LEGEND_PAD_MM + title_h + rows * sample + (rows - 1) * LEGEND_ROW_GAP_MM
        legend = (b + w, b + margin, box_w, box_h)
        w += box_w + margin
        h = max(h, box_h + 2 * margin)
    return MapGeometry(w, h, b + margin, b + margin, legend, cols, rows, sample, col_w)


# --- one symbol as a stamp ----------------------------------------------------------------------

def _pattern_spacing(kind: str, size: float) -> float:
    """A spacing near size/5 that repeats exactly from one cell to the next, so neighbours join."""
    target = max(1.0, size / 5.0)
    if kind in ("stripes", "crosshatch"):       # 45° lines: a one-cell shift moves them by size·sin 45°
        across = size * math.sqrt(0.5)
        return across / max(1, round(across / target))
    if kind in ("dots", "checks"):              # staggered rows and checks repeat every two steps
        return size / (2 * max(1, round(size / (2 * target))))
    return size / max(1, round(size / target))


def _symbol_stamp(m: Map, ch: str, symbol: MapSymbol, size: float, ctx: FaceContext, frame: Frame) -> Stamp:
    """Check one symbol at one cell size and return what draws it."""
    spot = ElementSpot("map", m.id, f"legend symbol {ch!r} ({symbol.name})", symbol._source, m._source)
    under = symbol.fill or m.background
    parts: list[Stamp] = []
    if symbol.fill is not None:
        fill = symbol.fill
        # A wall of dark cells is a large dark area even though each cell is small: --ink-saver lightens
        # the symbol as a whole, as the canvas would a single large fill.
        saver = ink_saver_fill(fill, INK_SAVER_AREA_MM2)
        parts.append(lambda c, x, y: c.rect(x, y, size, size, fill=saver if c.ink_saver else fill))
    if symbol.pattern is not None:
        spacing = _pattern_spacing(symbol.pattern, size)
        width = max(PATTERN_LINE_MM, MIN_LINE_MM) if symbol.pattern not in ("dots",) else max(spacing * 0.4, 0.3)
        art = PatternArt(symbol.pattern, size, size, spacing, width, 45.0, symbol.pattern_colour)

        def pattern(c: Canvas, x: float, y: float, art=art) -> None:
            c.repeated(art.key, size, size, art, at=(x, y))
        parts.append(pattern)
    if symbol.image is not None:
        pad = size * 0.06
        ops = _HANDLERS["image"](ImageSpec(file=symbol.image, x=0.0, y=0.0, w=size - 2 * pad, h=size - 2 * pad),
                                 Resolver({}, spot), frame, ctx)

        def image(c: Canvas, x: float, y: float, ops=ops) -> None:
            with c.group(translate=(x + pad, y + pad)):
                for op in ops:
                    op(c)
        parts.append(image)
    label_style = None
    if symbol.label:
        missing = fonts.missing_glyphs(symbol.label, TextStyle(bold=True))
        if missing:
            raise spot.error(f"the font has no glyph for {', '.join(sorted(missing))}; use an icon instead")
        if contrast_ratio(symbol.label_colour, under) < LABEL_CONTRAST:
            raise spot.error(f"label colour {symbol.label_colour} on {under} has a contrast of "
                             f"{contrast_ratio(symbol.label_colour, under):.1f}:1, below {LABEL_CONTRAST}:1")
        corner = symbol.icon is not None
        start = min(9.0, size * 0.3 * PT_PER_MM) if corner else min(13.0, size * 0.42 * PT_PER_MM)
        room = size * (0.5 if corner else 0.88)
        style = TextStyle(size_pt=max(start, MIN_PT), bold=True, colour=symbol.label_colour)
        while fonts.text_width_mm(symbol.label, style) > room and style.size_pt - 0.25 >= MIN_PT - 1e-9:
            style = style.with_(size_pt=style.size_pt - 0.25)
        if fonts.text_width_mm(symbol.label, style) > room + 1e-6 or fonts.cap_height_mm(style) > size * 0.6:
            raise spot.error(f"label {symbol.label!r} does not fit a {size:g} mm cell at {MIN_PT:g} pt; shorten "
                             f"it or enlarge cell_mm")
        label_style = style
    if symbol.icon is not None:
        if contrast_ratio(symbol.icon_colour, under) < ICON_CONTRAST:
            raise spot.error(f"icon colour {symbol.icon_colour} on {under} has a contrast of "
                             f"{contrast_ratio(symbol.icon_colour, under):.1f}:1, below {ICON_CONTRAST}:1")
        name, colour = symbol.icon, symbol.icon_colour
        # Beside a label the icon moves up and left, leaving the lower right corner to the letter.
        k, off = (0.58, 0.40) if label_style is not None else (0.72, 0.5)

        def icon(c: Canvas, x: float, y: float, name=name, colour=colour, k=k, off=off) -> None:
            icons.draw_icon(c, name, x + size * off, y + size * off, size * k,
                            colour=ink_saver_ink(colour) if c.ink_saver else colour)
        parts.append(icon)
    if label_style is not None:
        text, style = symbol.label, label_style
        cap = fonts.cap_height_mm(style)
        if symbol.icon is not None:
            def label(c: Canvas, x: float, y: float) -> None:
                c.text(x + size - size * 0.08, y + size - size * 0.08, text, style, align="right")
        else:
            def label(c: Canvas, x: float, y: float) -> None:
                c.text(x + size / 2, y + size / 2 + cap / 2, text, style, align="center")
        parts.append(label)

    def stamp(c: Canvas, x: float, y: float) -> None:
        for part in parts:
            part(c, x, y)
    return stamp


# --- the face -----------------------------------------------------------------------------------

def coordinate_labels(m: Map) -> tuple[list[str], list[str]]:
    """Column labels left to right and row labels top to bottom (rows count from the bottom)."""
    n_rows = len(m.rows)
    if m.coordinates == "letters":
        cols = [map_column_name(i) for i in range(m.columns)]
    else:
        cols = [str(i + 1) for i in range(m.columns)]
    return cols, [str(n_rows - j) for j in range(n_rows)]


def _label_step(labels: list[str], style: TextStyle, cell: float) -> int:
    """Every label when they fit their cells, else every 2nd, 5th or 10th (counted from 1)."""
    widest = max(fonts.text_width_mm(t, style) for t in labels)
    for step in (1, 2, 5, 10, 20, 50):
        if widest <= step * cell * 0.9:
            return step
    return 100


def map_face(m: Map, game_folder: Path, *, language: str) -> Face:
    geo = map_geometry(m)
    frame = Frame(geo.width_mm, geo.height_mm, m.bleed_mm, m.safe_mm)
    ctx = FaceContext(m, game_folder)
    cell = m.cell_mm
    stamps = {ch: _symbol_stamp(m, ch, s, cell, ctx, frame) for ch, s in m.legend.items()}
    entries = legend_symbols(m)
    samples = {ch: (stamps[ch] if abs(geo.sample_mm - cell) < 1e-9
                    else _symbol_stamp(m, ch, s, geo.sample_mm, ctx, frame)) for ch, s in entries}
    for ch, s in entries:
        missing = fonts.missing_glyphs(s.name, TextStyle(size_pt=NAME_PT))
        if missing:
            raise ElementSpot("map", m.id, f"legend symbol {ch!r}", s._source, m._source).error(
                f"the font has no glyph for {', '.join(sorted(missing))}")
    label_ops = [_label_op(m, label, geo) for label in m.labels]
    values = element_values(m, {"columns": str(m.columns), "rows": str(len(m.rows))})
    overlay = resolve_elements(m, m.elements, values, frame, game_folder)
    bw, bh = frame.bleed_width_mm, frame.bleed_height_mm
    gx, gy, gw, gh = geo.grid_x, geo.grid_y, m.columns * cell, len(m.rows) * cell
    inner = Stroke(m.line_colour, m.line_mm)
    outer = Stroke("#333333", m.border_mm, join="miter")
    rows = m.rows
    legend = (_legend_ops(m, geo, entries, samples, m.legend_title or catalogue(language)("kinds.map.legend"))
              if geo.legend is not None else [])

    def draw(c: Canvas) -> None:
        c.rect(0.0, 0.0, bw, bh, fill=m.background)
        # Cells row by row; a run of one symbol still gets one stamp per cell, so the PDF can be read
        # back cell by cell (and patterns are phased to join across cells).
        for j, row in enumerate(rows):
            for i, ch in enumerate(row):
                stamps[ch](c, gx + i * cell, gy + j * cell)
        for i in range(1, m.columns):
            c.line(gx + i * cell, gy, gx + i * cell, gy + gh, inner)
        for j in range(1, len(rows)):
            c.line(gx, gy + j * cell, gx + gw, gy + j * cell, inner)
        c.rect(gx, gy, gw, gh, stroke=outer)
        if m.coordinates != "none" and m.margin_mm >= 4.0:
            _draw_coordinates(c, m, gx, gy, gw, gh)
        for op in label_ops:
            op(c)
        for op in legend:
            op(c)
        for op in overlay:
            op(c)

    # A tiled map is cut on its grid lines (whole cells on every sheet), clear of its labels, the legend's title
    # and entries and the elements laid over it (print/tiling.py).
    marks = label_ops + legend[1:] + overlay
    clear = tuple(dict.fromkeys((*box, True) for box in (bounds(op)[0] for op in marks) if box is not None))
    lines = (tuple(gx + i * cell for i in range(m.columns + 1)), tuple(gy + j * cell for j in range(len(rows) + 1)))
    title = m.legend_title or catalogue(language)("kinds.map.legend")

    def plan_key(width_mm: float, height_mm: float):
        return legend_key(m, entries, samples, geo.sample_mm, title, width_mm, height_mm)
    return replace(frame.face(replay([draw], frame)), grid_lines_mm=lines, keep_clear_mm=clear,
                   plan_key=plan_key if entries else None)


def _draw_coordinates(c: Canvas, m: Map, gx: float, gy: float, gw: float, gh: float) -> None:
    cols, rows = coordinate_labels(m)

    def widest(size_pt: float) -> float:
        return max(fonts.text_width_mm(t, TextStyle(size_pt=size_pt)) for t in rows)
    # kept DEFAULT_SAFE_MM inside the trim (a cut may wander that far), smaller if the margin asks
    style = TextStyle(size_pt=edge_label_size(m.margin_mm, DEFAULT_SAFE_MM, COORD_PT, widest), colour=COORD_COLOUR)
    half_cap = fonts.cap_height_mm(style) / 2
    cell = m.cell_mm
    across = edge_label_offset(m.margin_mm, LABEL_HALF_EM * style.size_mm, DEFAULT_SAFE_MM)
    beside = edge_label_offset(m.margin_mm, widest(style.size_pt) / 2, DEFAULT_SAFE_MM)
    col_step, row_step = _label_step(cols, style, cell), _label_step(rows, style, cell)
    for i, text in enumerate(cols):
        if (i + 1) % col_step and col_step > 1:
            continue
        x = gx + (i + 0.5) * cell
        c.text(x, gy - across + half_cap, text, style, align="center")
        c.text(x, gy + gh + across + half_cap, text, style, align="center")
    for j, text in enumerate(rows):
        if int(text) % row_step and row_step > 1:
            continue
        y = gy + (j + 0.5) * cell + half_cap
        c.text(gx - beside, y, text, style, align="center")
        c.text(gx + gw + beside, y, text, style, align="center")


def _label_op(m: Map, label, geo: MapGeometry):
    col, text_row = parse_map_cell(label.at, m.columns, len(m.rows))
    span = min(label.span, m.columns - col)
    x, y, _, _ = geo.cell_box(m, col, text_row)
    w = span * m.cell_mm
    spot = ElementSpot("map", m.id, f"label {label.text!r} at {label.at}", label._source, m._source)
    style = TextStyle(size_pt=label.size_pt, bold=label.bold, colour=label.colour)
    missing = fonts.missing_glyphs(label.text, style)
    if missing:
        raise spot.error(f"the font has no glyph for {', '.join(sorted(missing))}")
    while fonts.text_width_mm(label.text, style) > w * 0.92 and style.size_pt - 0.25 >= MIN_PT - 1e-9:
        style = style.with_(size_pt=style.size_pt - 0.25)
    text_w = fonts.text_width_mm(label.text, style)
    if text_w > w * 0.92 + 1e-6:
        raise spot.error(f"does not fit {span} cell(s) ({w:g} mm) even at {MIN_PT:g} pt; give a larger span")
    if contrast_ratio(label.colour, m.background) < LABEL_CONTRAST:
        raise spot.error(f"colour {label.colour} has a contrast below {LABEL_CONTRAST}:1 on {m.background}")
    cap = fonts.cap_height_mm(style)
    cx, cy = x + w / 2, y + m.cell_mm / 2
    pad = 0.8
    plate = (cx - text_w / 2 - pad, cy - cap / 2 - pad, text_w + 2 * pad, cap + 2 * pad)
    background = m.background

    def draw(c: Canvas) -> None:
        # A plate of the map's background keeps the label readable over busy cells.
        c.rect(*plate, fill=background, radius=0.6)
        c.text(cx, cy + cap / 2, label.text, style, align="center")
    return draw


def _legend_ops(m: Map, geo: MapGeometry, entries, samples, legend_title: str, *, name_pt: float = NAME_PT,
                row_gap: float = LEGEND_ROW_GAP_MM) -> list[Callable[[Canvas], None]]:
    """The legend as drawing operations: its frame, its title, then one per entry (a sample and its name), so
    the seams of a tiled map can be kept clear of each entry (map_face)."""
    x, y, w, h = geo.legend
    title = TextStyle(size_pt=TITLE_PT, bold=True)
    title_cap = fonts.cap_height_mm(title)
    top = y + LEGEND_PAD_MM + title_cap + 3.0
    name_style = TextStyle(size_pt=name_pt)
    s = geo.sample_mm
    frame = Stroke("#555555", 0.25)

    def box(c: Canvas) -> None:
        c.rect(x, y, w, h, fill="#FFFFFF", stroke=Stroke("#555555", 0.3), radius=1.5)

    def heading(c: Canvas) -> None:
        c.text(x + LEGEND_PAD_MM, y + LEGEND_PAD_MM + title_cap, legend_title, title)

    def entry(n: int, ch: str, symbol) -> Callable[[Canvas], None]:
        col, row = n // geo.legend_rows, n % geo.legend_rows
        ex = x + LEGEND_PAD_MM + col * (geo.column_w + LEGEND_COL_GAP_MM)
        ey = top + row * (s + row_gap)

        def draw(c: Canvas) -> None:
            with c.group(clip=(ex, ey, s, s)):
                c.rect(ex, ey, s, s, fill=m.background)
                samples[ch](c, ex, ey)
            c.rect(ex, ey, s, s, stroke=frame)
            c.text(ex + s + LEGEND_NAME_GAP_MM, ey + s / 2 + fonts.cap_height_mm(name_style) / 2, symbol.name,
                   name_style)
        return draw
    return [box, heading] + [entry(n, ch, symbol) for n, (ch, symbol) in enumerate(entries)]


# The legend again on a tiled map's assembly plan, which draws the map too small for its names (about 1:2 on A4):
# the sizes tried, largest first, until the legend fits the room the plan leaves; never under STYLE.md's 7 pt.
KEY_SIZES = ((NAME_PT, LEGEND_ROW_GAP_MM), (8.0, 1.5), (7.5, 1.5), (MIN_PT, 1.5))   # (name pt, row gap mm)


def legend_key(m: Map, entries, samples: dict, sample: float, legend_title: str, width_mm: float, height_mm: float):
    """The map's legend laid out afresh for a box width_mm x height_mm, its samples (`sample` mm) as on the map's
    own: (its height, its drawing with the box's corner at the origin), or None when it fits at no size of
    KEY_SIZES."""
    if not entries:
        return None
    title_h = fonts.cap_height_mm(TextStyle(size_pt=TITLE_PT, bold=True)) + 3.0
    for name_pt, row_gap in KEY_SIZES:
        names_w = max(fonts.text_width_mm(s.name, TextStyle(size_pt=name_pt)) for _, s in entries)
        col_w = sample + LEGEND_NAME_GAP_MM + names_w
        cols = min(len(entries), int((width_mm - 2 * LEGEND_PAD_MM + LEGEND_COL_GAP_MM) / (col_w + LEGEND_COL_GAP_MM)
                                     + 1e-9))
        if cols < 1:
            continue
        rows = math.ceil(len(entries) / cols)
        cols = math.ceil(len(entries) / rows)       # no column left empty
        h = 2 * LEGEND_PAD_MM + title_h + rows * sample + (rows - 1) * row_gap
        if h > height_mm + 1e-9:
            continue
        geo = MapGeometry(width_mm, h, 0.0, 0.0, (0.0, 0.0, width_mm, h), cols, rows, sample, col_w)
        ops = _legend_ops(m, geo, entries, samples, legend_title, name_pt=name_pt, row_gap=row_gap)

        def draw(c: Canvas, ops=ops) -> None:
            for op in ops:
                op(c)
        return h, draw
    return None


def map_item(m: Map, game_folder: Path, *, language: str) -> Item:
    """The whole map, legend included, as one printable item for print.tile_face."""
    return Item(id=m.id, component=m.id, front=map_face(m, game_folder, language=language), label=m.name)


def cell_box_mm(m: Map, cell: str) -> tuple[float, float, float, float]:
    """Bleed-box rectangle of a cell named 'c4' or '3,4' (for tests and diagrams)."""
    pos = parse_map_cell(cell, m.columns, len(m.rows))
    if pos is None:
        raise LayoutError(f"cell {cell!r} is not on the map")
    return map_geometry(m).cell_box(m, *pos)

