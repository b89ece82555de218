"""A figure on a text-grid map: the map's own face, cropped to some cells, with tokens, marks and arrows.

The map is drawn by components/map.py at real size and scaled down as a whole
(its cells keep their look; the legend is left out), then framed and given
the coordinates of the cropped cells, as the full map shows them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ...content.diagrams import Diagram
from ...content.models import Map, PieceStyle, parse_map_cell
from ...draw.style import Stroke
from ..board import Placement
from ..map import COORD_COLOUR, coordinate_labels, map_face, map_geometry
from ..pieces import draw_ghost, draw_piece, drawn_attributes
from .figure import (FIGURE_CELL_MM, FIGURE_MARGIN_MM, Figure, Places, Shown, draw_accents, draw_coordinates,
                     scaled_line)

PIECE_OF_CELL = 0.8   # a token fills this much of its cell, whatever its size on a board


def map_figure(m: Map, diagram: Diagram, placements: Sequence[Placement], styles: dict[str, PieceStyle],
               game_folder: Path, *, language: str, ghosts: Sequence[Placement] = (),
               max_width_mm: float = 120.0) -> Figure:
    """The cells of `show.crop` (default: the whole grid), with `placements` as tokens of `styles`, and
    `ghosts`, the tokens the diagram's moves took off their cells, drawn pale where they stood (as on a board)."""
    n_rows, cell = len(m.rows), m.cell_mm
    if diagram.show.crop:
        (ca, ra), (cb, rb) = (parse_map_cell(c, m.columns, n_rows) for c in diagram.show.crop)
        c0, c1, t0, t1 = min(ca, cb), max(ca, cb), min(ra, rb), max(ra, rb)
    else:
        c0, c1, t0, t1 = 0, m.columns - 1, 0, n_rows - 1
    cols, rows = c1 - c0 + 1, t1 - t0 + 1
    factor = min(1.0, FIGURE_CELL_MM / cell, (max_width_mm - 2 * FIGURE_MARGIN_MM) / (cols * cell))
    small = cell * factor
    width, height = cols * small + 2 * FIGURE_MARGIN_MM, rows * small + 2 * FIGURE_MARGIN_MM
    face = map_face(m, game_folder, language=language)
    gx0, gy0, _, _ = map_geometry(m).cell_box(m, c0, t0)
    col_names, row_names = coordinate_labels(m)
    grid = (FIGURE_MARGIN_MM, FIGURE_MARGIN_MM, cols * small, rows * small)

    def box(name: str) -> tuple[float, float, float, float]:
        col, row = parse_map_cell(name, m.columns, n_rows)
        return FIGURE_MARGIN_MM + (col - c0) * small, FIGURE_MARGIN_MM + (row - t0) * small, small, small

    def centre(name: str) -> tuple[float, float]:
        x, y, w, h = box(name)
        return x + w / 2, y + h / 2

    def visible(name: str) -> bool:
        col, row = parse_map_cell(name, m.columns, n_rows)
        return c0 <= col <= c1 and t0 <= row <= t1

    def draw(canvas) -> None:
        with canvas.group(translate=(FIGURE_MARGIN_MM - gx0 * factor, FIGURE_MARGIN_MM - gy0 * factor), scale=factor,
                          clip=(gx0, gy0, cols * cell, rows * cell)):
            face.draw(canvas)
        canvas.rect(*grid, stroke=Stroke("#333333", scaled_line(m.border_mm, factor)))
        if m.coordinates != "none":
            draw_coordinates(canvas, grid, col_names[c0:c1 + 1], row_names[t0:t1 + 1], FIGURE_MARGIN_MM,
                             COORD_COLOUR)
        for place, piece, _ in ghosts:
            if visible(place):
                draw_ghost(canvas, styles[piece], *centre(place), size_mm=token_mm(styles[piece]))
        for place, piece, value in placements:
            if visible(place):
                draw_piece(canvas, styles[piece], *centre(place), value, size_mm=token_mm(styles[piece]))
        draw_accents(canvas, diagram, Places(centre, small, box),
                     ghosted=frozenset(place for place, _, _ in ghosts))

    def token_mm(style: PieceStyle) -> float:
        return min(style.size_mm * factor, small * PIECE_OF_CELL)

    shows = tuple([Shown(place, piece, value, attrs=drawn_attributes(styles[piece]), size_mm=token_mm(styles[piece]))
                   for place, piece, value in placements if visible(place)]
                  + [Shown(place, piece, value, "ghost") for place, piece, value in ghosts if visible(place)])
    return Figure(diagram.id, diagram.caption, width, height, draw, shows)
