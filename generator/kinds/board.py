"""The `board` kind: a grid board at real size, whole on one page or tiled, with its SVG preview."""

from __future__ import annotations

from ..content.models import Board
from . import Job, Kind


def render(job: Job, board: Board) -> None:
    from ..components.board import board_item
    from .faces import render_large_face
    render_large_face(job, KIND, board, board_item(board))


KIND = Kind(name="board", model=Board, render=render, paper="kinds.board.paper")
