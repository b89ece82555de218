"""The `board` kind: a grid board at real size, whole on one page or tiled, with its SVG preview; figures
show a crop of it with pieces on its squares."""

from __future__ import annotations

from ..content.models import Board
from . import FigureJob, Job, Kind


def render(job: Job, board: Board) -> None:
    from ..components.board import board_item
    from .faces import render_large_face
    render_large_face(job, KIND, board, board_item(board))


def figure(job: FigureJob, board: Board):
    from ..components.diagram import board_figure
    return board_figure(board, job.diagram, job.placements, ghosts=job.ghosts, max_width_mm=job.max_width_mm)


KIND = Kind(name="board", model=Board, render=render, paper="kinds.board.paper", figure=figure)
