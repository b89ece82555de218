"""A figure on a grid board: a diagram's position drawn by the board code, cropped, with marks and arrows.

On a game with a rules engine the position comes from the engine (the build
asks it for the placements), so the picture shows what the engine checked,
never a hand-made copy; an illustration gives its pieces itself.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ...content.diagrams import Diagram
from ...content.models import Board
from ...draw.fonts import cap_height_mm, text_width_mm
from ...draw.style import MIN_LINE_MM, TextStyle
from ..board import BoardDrawing, Placement, draw_board, full_view, view_of, view_size_mm
from ..pieces import draw_ghost, draw_piece, drawn_attributes
from .figure import (ACCENT, FIGURE_CELL_MM, FIGURE_COORD_PT, FIGURE_MARGIN_MM, HIGHLIGHT, Figure, Places, Shown,
                     draw_accents, scaled_line)

ASIDE_TEXT = TextStyle(size_pt=FIGURE_COORD_PT, colour="#333333")
ASIDE_GAP_MM = 2.0      # between the pieces beside the board, and between the board and their rows


def board_figure(board: Board, diagram: Diagram, placements: Sequence[Placement], *,
                 ghosts: Sequence[Placement] = (), beside: Sequence[tuple[str, str, Sequence[Placement]]] = (),
                 max_width_mm: float = 120.0) -> Figure:
    """The figure of `diagram` on `board`, showing `placements` (the engine's position, or the illustration's)
    and `ghosts`, the pieces the diagram's moves took off their places, where they stood (content/diagrams.py).

    `beside`: rows (label in the game's words, how, pieces) drawn under the board: 'aside', the pieces the moves
    took off a place something else now stands on (a die taken where the winner stands, a tile used up under
    the die), where a ghost would be hidden, each with its place's name; 'held', the pieces a player holds
    (place: the holder), e.g. a hand of tiles."""
    show = diagram.show
    view = (view_of(board, *show.crop) if show.crop else None) or full_view(board)
    natural_w, _ = view_size_mm(board, view, margin_mm=0.0)
    # Pieces on crossings stand out of the grid by half their size: the margin grows by twice that, so an
    # edge piece stays inside the figure and the coordinates sit clear of it, in the outer half.
    overhang = max((p.size_mm for p in board.pieces.values()), default=0.0) if board.grid.points else 0.0
    factor = min(FIGURE_CELL_MM / board.grid.cell_mm,
                 (max_width_mm - 2 * FIGURE_MARGIN_MM) / (natural_w + 2 * overhang), 1.0)
    small = scaled_board(board, factor)
    margin = FIGURE_MARGIN_MM + overhang * factor
    width, board_h = view_size_mm(small, view, margin_mm=margin)
    in_view = BoardDrawing(small, view, 0.0, 0.0).visible
    shows = tuple([Shown(p, piece, value, attrs=_attributes(board, piece), size_mm=_drawn_mm(small, piece))
                   for p, piece, value in placements if in_view(p)]
                  + [Shown(p, piece, value, "ghost") for p, piece, value in ghosts if in_view(p)]
                  + [Shown(p, piece, value, how) for _, how, row in beside for p, piece, value in row])
    cell = small.grid.cell_mm
    step = cell + ASIDE_GAP_MM
    label_w = max((text_width_mm(label, ASIDE_TEXT) for label, _, _ in beside), default=0.0) + ASIDE_GAP_MM
    per_line = max(1, int((max(width, max_width_mm) - FIGURE_MARGIN_MM - label_w) // step))
    lines = []          # (top, label, how, pieces) of each line under the board; a long row wraps
    top = board_h + ASIDE_GAP_MM / 2
    for label, how, row in beside:
        for k in range(0, len(row), per_line):
            lines.append((top, label if k == 0 else "", how, row[k:k + per_line]))
            top += cell + ASIDE_GAP_MM + (cap_height_mm(ASIDE_TEXT) * 1.6 if how == "aside" else 0.0)
    widest = max((len(pieces) for _, _, _, pieces in lines), default=0)
    width = max(width, FIGURE_MARGIN_MM + label_w + widest * step) if lines else width
    height = top if lines else board_h

    def draw_beside(canvas) -> None:
        """The rows under the board: a label, then its pieces; a piece set aside named by the place it left."""
        for line_top, label, how, pieces in lines:
            cy = line_top + cell / 2
            if label:
                canvas.text(FIGURE_MARGIN_MM, cy + cap_height_mm(ASIDE_TEXT) / 2, label, ASIDE_TEXT)
            for i, (place, piece, value) in enumerate(pieces):
                cx = FIGURE_MARGIN_MM + label_w + i * step + cell / 2
                draw_piece(canvas, small.pieces[piece], cx, cy, value)
                if how == "aside":
                    canvas.text(cx, line_top + cell + cap_height_mm(ASIDE_TEXT) * 1.4, place, ASIDE_TEXT,
                                align="center")

    def draw(canvas) -> None:
        d = draw_board(canvas, small, 0.0, 0.0, view=view, placements=placements, margin_mm=margin,
                       coord_pt=FIGURE_COORD_PT, highlight=show.highlight, highlight_colour=HIGHLIGHT,
                       highlight_mark=ACCENT)
        for square, piece, _ in ghosts:
            if d.visible(square):
                draw_ghost(canvas, small.pieces[piece], *d.centre(square))
        # The board tints and frames its own highlighted squares, under the pieces.
        draw_accents(canvas, diagram, Places(d.centre, d.cell), frames=False,
                     ghosted=frozenset(square for square, _, _ in ghosts))
        draw_beside(canvas)

    return Figure(diagram.id, diagram.caption, width, height, draw, shows)


def scaled_board(board: Board, factor: float) -> Board:
    """The same board with squares and pieces `factor` times smaller; lines never under 0.25 pt.

    Scaling the model rather than the drawing keeps text at its own size and
    every stroke printable.
    """
    pieces = {name: replace(style, size_mm=style.size_mm * factor) for name, style in board.pieces.items()}
    # A zone's label is sized for the printed board: in a figure a quarter of its size it would cover the
    # pieces, so the figure keeps the zone's outline and leaves the naming to its caption.
    zones = tuple(replace(z, width_mm=max(MIN_LINE_MM * 2, z.width_mm * factor), label="") for z in board.zones)
    return replace(board, grid=replace(board.grid, cell_mm=board.grid.cell_mm * factor),
                   line_mm=scaled_line(board.line_mm, factor), border_mm=max(scaled_line(board.border_mm, factor), 0.5),
                   piece_mm=board.piece_mm * factor if board.piece_mm else None,
                   pieces=pieces, zones=zones)


def _drawn_mm(small: Board, piece: str) -> float:
    """The size a piece is drawn at on the figure's scaled board (0: a style the board does not have)."""
    style = small.pieces.get(piece)
    return style.size_mm if style is not None else 0.0


def _attributes(board: Board, piece: str) -> tuple:
    """What draw_piece shows of `piece` beyond its place (a pawn's facing), for Shown.attrs."""
    style = board.pieces.get(piece)
    return drawn_attributes(style) if style is not None else ()
