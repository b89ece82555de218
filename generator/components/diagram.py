"""Rulebook figures: a diagram's position drawn by the board code, cropped, with marks and arrows.

The position comes from the game's rules engine (build.py asks it for the
placements), so the picture shows what the engine checked, never a hand-made
copy. Marks, arrows and highlights use one accent colour (STYLE.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable, Sequence

from ..content.diagrams import Diagram
from ..content.models import Board
from ..draw.canvas import Canvas
from ..draw.fonts import cap_height_mm
from ..draw.style import MIN_LINE_MM, Stroke, TextStyle
from ..draw.svg import SvgCanvas
from .board import Placement, draw_board, full_view, view_of, view_size_mm

ACCENT = "#C0392B"
HIGHLIGHT = "#F6D5CC"
FIGURE_CELL_MM = 9.0      # squares in a figure: large enough to read pips, small enough for two figures a page
FIGURE_MARGIN_MM = 5.0    # room for the coordinates around a figure
FIGURE_COORD_PT = 7.0


@dataclass(frozen=True)
class Figure:
    """A drawable figure: its size, caption, and a function drawing it with its top-left corner at (0, 0)."""
    id: str
    caption: str
    width_mm: float
    height_mm: float
    draw: Callable[[Canvas], None]

    def svg(self) -> str:
        canvas = SvgCanvas(self.width_mm, self.height_mm, title=self.caption)
        self.draw(canvas)
        return canvas.tostring()


def diagram_figure(board: Board, diagram: Diagram, placements: Sequence[Placement], *,
                   max_width_mm: float = 120.0) -> Figure:
    """The figure of `diagram` on `board`, showing `placements` (the engine's position)."""
    show = diagram.show
    view = (view_of(board, *show.crop) if show.crop else None) or full_view(board)
    natural_w, _ = view_size_mm(board, view, margin_mm=0.0)
    factor = min(FIGURE_CELL_MM / board.grid.cell_mm, (max_width_mm - 2 * FIGURE_MARGIN_MM) / natural_w, 1.0)
    small = scaled_board(board, factor)
    width, height = view_size_mm(small, view, margin_mm=FIGURE_MARGIN_MM)

    def draw(canvas: Canvas) -> None:
        d = draw_board(canvas, small, 0.0, 0.0, view=view, placements=placements, margin_mm=FIGURE_MARGIN_MM,
                       coord_pt=FIGURE_COORD_PT, highlight=show.highlight, highlight_colour=HIGHLIGHT)
        for arrow in show.arrows:
            _arrow_path(canvas, [d.centre(sq) for sq in arrow.path], stop_short_mm=d.cell * 0.36)
        for mark in show.marks:
            cx, cy = d.centre(mark.at)
            _mark(canvas, cx + d.cell * 0.32, cy - d.cell * 0.32, mark.label)

    return Figure(diagram.id, diagram.caption, width, height, draw)


def scaled_board(board: Board, factor: float) -> Board:
    """The same board with squares and pieces `factor` times smaller; lines never under 0.25 pt.

    Scaling the model rather than the drawing keeps text at its own size and
    every stroke printable.
    """
    def line(w: float) -> float:
        return max(MIN_LINE_MM, w * factor)

    pieces = {name: replace(style, size_mm=style.size_mm * factor) for name, style in board.pieces.items()}
    zones = tuple(replace(z, width_mm=max(MIN_LINE_MM * 2, z.width_mm * factor)) for z in board.zones)
    return replace(board, grid=replace(board.grid, cell_mm=board.grid.cell_mm * factor),
                   line_mm=line(board.line_mm), border_mm=max(line(board.border_mm), 0.5),
                   piece_mm=board.piece_mm * factor if board.piece_mm else None,
                   pieces=pieces, zones=zones)


def _arrow_path(canvas: Canvas, points: list[tuple[float, float]], stop_short_mm: float) -> None:
    """A polyline through the squares; the head stops at the edge of the last square's piece, not on it."""
    stroke = Stroke(ACCENT, 0.7, cap="round", join="round")
    (x1, y1), (x2, y2) = points[-2], points[-1]
    length = math.hypot(x2 - x1, y2 - y1)
    if length > stop_short_mm * 1.5:
        k = (length - stop_short_mm) / length
        points = points[:-1] + [(x1 + (x2 - x1) * k, y1 + (y2 - y1) * k)]
    # It also leaves from the edge of the moving piece, so the piece's face stays readable.
    (x0, y0), (x1, y1) = points[0], points[1]
    length = math.hypot(x1 - x0, y1 - y0)
    start_off = stop_short_mm * 0.8
    if length > start_off * 2:
        k = start_off / length
        points = [(x0 + (x1 - x0) * k, y0 + (y1 - y0) * k)] + points[1:]
    if len(points) > 2:
        canvas.polyline(points[:-1], stroke=stroke)
    canvas.arrow(*points[-2], *points[-1], colour=ACCENT, width_mm=0.7, head_mm=2.4)


def _mark(canvas: Canvas, cx: float, cy: float, label: str) -> None:
    r = 2.0
    canvas.circle(cx, cy, r, fill=ACCENT, stroke=Stroke("#FFFFFF", 0.3))
    style = TextStyle(size_pt=7.0, bold=True, colour="#FFFFFF")
    canvas.text(cx, cy + cap_height_mm(style) / 2, label, style, align="center")
