"""What every rulebook figure shares: the Figure, its sizing, and the accent drawn over a component.

A figure is a component's own drawing, cropped and scaled to the rulebook
column, with numbered marks, arrows and highlights in one accent colour
(STYLE.md). Each kind of figure (board, map, mat, items, dice) says where its
places are through `Places`; marks, arrows and frames are drawn here, once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

from ...content.diagrams import Diagram
from ...draw.canvas import Canvas
from ...draw.fonts import cap_height_mm
from ...draw.style import MIN_LINE_MM, Stroke, TextStyle
from ...draw.svg import SvgCanvas

ACCENT = "#C0392B"
HIGHLIGHT = "#F6D5CC"
FIGURE_CELL_MM = 9.0      # squares in a figure: large enough to read pips, small enough for two figures a page
FIGURE_MARGIN_MM = 5.0    # room for the coordinates around a figure
FIGURE_COORD_PT = 7.0
FIGURE_MAX_HEIGHT_MM = 150.0   # the rulebook shrinks a taller figure anyway; keep the drawing near its printed size
MARK_RADIUS_MM = 2.0
CROSS_INK = "#222222"     # a crossed-out place: black, never the accent red of the places a move reaches
CROSS_OF_PLACE = 0.62     # the cross spans this much of its place
MIN_ARROW_MM = 5.5        # an arrow over one square stays this long, head included, to be read as an arrow
FRAME_MM = 0.8            # the accent frame round a highlighted place: a shape, so colour is not alone
LABEL_GROWTH = 2.5        # a label with no box, shrunk under the floor, is enlarged back to it up to 2.5 times its
                          # printed size (a card's small print in a row of cards); one needing more was made for
                          # the component at full size (a whole mat's rulers at 1:6) and, enlarged, would cover
                          # what stands round it: left out. A label set to a width (a zone's) has that width
                          # to measure it against instead


@dataclass(frozen=True)
class Shown:
    """One thing a figure draws, as data (what figure_proof.py compares with what the claims name): a piece on
    its place, `how` it is drawn: 'standing', 'ghost' (where it stood before the moves), 'aside' (beside the
    picture: taken off a place something now stands on); or an item or a die's face ('item', place = its name),
    `group` the row it is drawn in where the figure's rows say something (a `|` in `show.items` of dice: heroes,
    then oracles in play); a figure whose rows only wrap keeps every item in group 0. `attrs`: what the drawing
    shows of the piece beyond its place, as (name, value) pairs, recorded by the code that draws it (a pawn's
    nose: ('facing', 'left'), components/pieces.drawn_attributes); the proof compares them with the position's.
    `size_mm`: the smaller side of the piece or picture as the figure draws it, at the figure's own size (0: not
    known); the rulebook's layout measures it at print size where the piece carries a mark the reader must make
    out (a gesture pictured, a facing: print/reader.py figure_frames)."""
    place: str
    piece: str
    value: str | None = None
    how: str = "standing"
    group: int = 0
    attrs: tuple = ()
    size_mm: float = field(default=0.0, compare=False)

    def attr(self, name: str) -> str | None:
        return dict(self.attrs).get(name)


@dataclass(frozen=True)
class Figure:
    """A drawable figure: its size, caption, and a function drawing it with its top-left corner at (0, 0);
    `shows`, what it draws (Shown), recorded by the code that draws it; `cut`, the component's marks that its
    crop shows in part (a ruler running out of the frame, its words beyond it), each named by its words."""
    id: str
    caption: str
    width_mm: float
    height_mm: float
    draw: Callable[[Canvas], None]
    shows: tuple = ()
    cut: tuple = ()

    def svg(self) -> str:
        canvas = SvgCanvas(self.width_mm, self.height_mm, title=self.caption)
        self.draw(canvas)
        return canvas.tostring()


def readable(figure: Figure, floor_pt: float, growth: float = LABEL_GROWTH) -> Figure:
    """The figure with every text it draws smaller than its component (a card, a tile, a whole mat shrunk to
    the column) printed at `floor_pt` at the least: enlarged to it where it still fits (text without a box at
    most `growth` times), else left out (Canvas.text_floor). Wherever it is drawn: the rulebook's PDF (which may shrink it again),
    its SVG, the gallery."""
    inner = figure.draw

    def draw(canvas: Canvas) -> None:
        with canvas.text_floor(floor_pt, growth=growth):
            inner(canvas)
    return replace(figure, draw=draw)


@dataclass(frozen=True)
class Places:
    """Where a figure's places are, in figure mm: what marks, arrows and highlights need."""
    centre: Callable[[str], tuple[float, float]]
    size_mm: float                                          # a place's width: marks sit in its corner
    box: Callable[[str], tuple[float, float, float, float]] | None = None   # a highlight's frame, if any
    mark_at: Callable[[str], tuple[float, float]] | None = None   # where a mark goes, when not the usual corner
    # an arrow's points, when it goes from edge to edge (items: their faces stay clear), not centre to centre
    arrow_points: Callable[[list[str]], list[tuple[float, float]]] | None = None

    def mark_point(self, name: str) -> tuple[float, float]:
        if self.mark_at is not None:
            return self.mark_at(name)
        if self.box is not None:
            x, y, w, _ = self.box(name)
            return x + w - MARK_RADIUS_MM * 0.6, y + MARK_RADIUS_MM * 0.6
        cx, cy = self.centre(name)
        return cx + self.size_mm * 0.32, cy - self.size_mm * 0.32


def fit_factor(width_mm: float, height_mm: float, max_width_mm: float, *, limit: float = 1.0,
               max_height_mm: float = FIGURE_MAX_HEIGHT_MM) -> float:
    """The scale that fits a drawing into the column, never above `limit` (never enlarged by default)."""
    return min(limit, max_width_mm / width_mm, max_height_mm / height_mm)


def draw_accents(canvas: Canvas, diagram: Diagram, places: Places, *, frames: bool = True,
                 ghosted: frozenset[str] = frozenset()) -> None:
    """Highlights (as frames, when `frames`), then crosses, arrows and marks, over whatever the figure drew.

    `ghosted`: the places where a moved piece is drawn ghosted; an arrow leaves from their centre.
    """
    show = diagram.show
    if frames and places.box is not None:
        for name in show.highlight:
            x, y, w, h = places.box(name)
            inset = FRAME_MM / 2
            canvas.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, stroke=Stroke(ACCENT, FRAME_MM),
                        radius=min(w, h) * 0.08)
    for name in show.crosses:
        cross(canvas, *places.centre(name), places.size_mm * CROSS_OF_PLACE)
    for arrow in show.arrows:
        if places.arrow_points is not None:
            arrow_path(canvas, places.arrow_points(list(arrow.path)), stop_short_mm=0.0, from_ghost=True)
            continue
        arrow_path(canvas, [places.centre(p) for p in arrow.path], stop_short_mm=places.size_mm * 0.36,
                   from_ghost=arrow.path[0] in ghosted)
    for m in show.marks:
        mark(canvas, *places.mark_point(m.at), m.label)


def arrow_path(canvas: Canvas, points: list[tuple[float, float]], stop_short_mm: float, *,
               from_ghost: bool = False) -> None:
    """A polyline through the places; the head stops at the edge of the last place's piece, not on it.

    It leaves from the edge of a piece still standing on its start (its face stays readable), from the
    centre of a ghost (nothing there to read); either way, at least MIN_ARROW_MM long, even over one square.
    """
    stroke = Stroke(ACCENT, 0.7, cap="round", join="round")
    single = len(points) == 2
    start_off = 0.0 if from_ghost else stop_short_mm * 0.8
    (x1, y1), (x2, y2) = points[-2], points[-1]
    length = math.hypot(x2 - x1, y2 - y1)
    stop = stop_short_mm
    if single:
        stop = max(0.0, min(stop, length - start_off - MIN_ARROW_MM))
        start_off = max(0.0, min(start_off, length - stop - MIN_ARROW_MM))
    if length > 0 and stop > 0:
        k = (length - stop) / length
        points = points[:-1] + [(x1 + (x2 - x1) * k, y1 + (y2 - y1) * k)]
    (x0, y0), (x1, y1) = points[0], points[1]
    length = math.hypot(x1 - x0, y1 - y0)
    if length > 0 and start_off > 0 and (single or length > start_off * 2):
        k = start_off / length
        points = [(x0 + (x1 - x0) * k, y0 + (y1 - y0) * k)] + points[1:]
    if len(points) > 2:
        canvas.polyline(points[:-1], stroke=stroke)
    canvas.arrow(*points[-2], *points[-1], colour=ACCENT, width_mm=0.7, head_mm=2.4)


def cross(canvas: Canvas, cx: float, cy: float, size_mm: float) -> None:
    """A place a move cannot reach: a black X on a white halo, readable over a square, a piece or a line."""
    h = size_mm / 2
    for colour, width in (("#FFFFFF", 1.6), (CROSS_INK, 0.8)):
        stroke = Stroke(colour, width, cap="round")
        canvas.line(cx - h, cy - h, cx + h, cy + h, stroke)
        canvas.line(cx - h, cy + h, cx + h, cy - h, stroke)


def mark(canvas: Canvas, cx: float, cy: float, label: str) -> None:
    """A numbered disc in the accent colour, white figure inside."""
    canvas.circle(cx, cy, MARK_RADIUS_MM, fill=ACCENT, stroke=Stroke("#FFFFFF", 0.3))
    style = TextStyle(size_pt=7.0, bold=True, colour="#FFFFFF")
    canvas.text(cx, cy + cap_height_mm(style) / 2, label, style, align="center")


def scaled_line(width_mm: float, factor: float) -> float:
    """A line of the component drawn `factor` times smaller, never under 0.25 pt."""
    return max(MIN_LINE_MM, width_mm * factor)


def draw_coordinates(canvas: Canvas, grid: tuple[float, float, float, float], columns: Sequence[str],
                      rows: Sequence[str], margin_mm: float, colour: str) -> None:
    """Column labels above and below a cropped grid, row labels left and right, centred in the margin."""
    gx, gy, gw, gh = grid
    style = TextStyle(size_pt=min(FIGURE_COORD_PT, margin_mm * 0.55 * 72 / 25.4), colour=colour)
    half_cap, mid = cap_height_mm(style) / 2, margin_mm / 2
    cw, ch = gw / max(1, len(columns)), gh / max(1, len(rows))
    for i, text in enumerate(columns):
        x = gx + (i + 0.5) * cw
        canvas.text(x, gy - mid + half_cap, text, style, align="center")
        canvas.text(x, gy + gh + mid + half_cap, text, style, align="center")
    for j, text in enumerate(rows):
        y = gy + (j + 0.5) * ch + half_cap
        canvas.text(gx - mid, y, text, style, align="center")
        canvas.text(gx + gw + mid, y, text, style, align="center")
