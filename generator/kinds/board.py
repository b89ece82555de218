"""The `board` kind: a grid board at real size, whole on one page or tiled, with its SVG preview; pieces of
its stock (their `sheet_with`) in the band it leaves free under it on its one sheet; figures show a crop of it
with pieces on its squares."""

from __future__ import annotations

from ..content.models import Board
from . import FigureJob, Job, Kind, kind_of


def render(job: Job, board: Board) -> None:
    from ..components.board import board_item
    from .faces import render_large_face, sharing
    guests = sharing(job.game, board)
    if guests:
        render_hosting(job, board, guests)
    else:
        render_large_face(job, KIND, board, board_item(board))
    if board.draws:
        render_setup_card(job, board)


def render_hosting(job: Job, board: Board, guests: list) -> None:
    """The board at the top of its one sheet, its guests' pieces under it (print/board_sheet.py); where the board
    leaves its guests no room on the paper or orientation chosen at build time (--paper, --orientation), the board
    alone and each guest on sheets of its own, the guide saying so (render_apart)."""
    from ..components.board import board_item
    from ..print.board_sheet import board_with_pieces
    from ..draw.errors import LayoutError
    from ..paper_sizes import DEFAULT_PAPER
    from .faces import face_svg, guests_said, with_paper
    item = board_item(board)
    pieces = [piece for guest in guests for piece in kind_of(guest).pieces(guest, job.game.folder)]
    name, steps = guests_said(job, board, guests, "print.board.pieces")
    try:
        document = board_with_pieces(item, pieces, job.print_options, game_title=job.title, name=name,
                                     kind=KIND.name, guest_steps=steps)
    except LayoutError:
        if job.print_options.orientation == "auto" and job.print_options.paper == DEFAULT_PAPER:
            raise         # the edition the content is made for: its to change (its guests' sheet_with)
        render_apart(job, board, guests)    # paper or orientation chosen at build time
        return
    job.out.add_document(f"{board.id}.pdf", with_paper(document, KIND, job))
    job.out.add(f"{board.id}.svg", face_svg(item.front, f"{job.title} — {board.name}"))


def render_apart(job: Job, board: Board, guests: list) -> None:
    """The board as it prints without guests (whole or tiled), each guest's pieces on n-up sheets of their own
    (`{guest}.pdf`, as without `sheet_with`); both guide entries say why."""
    from dataclasses import replace
    from ..components.board import board_item
    from ..print import impose_sheets, tile_face
    from ..print.paper import PAPER_NAMES
    from .faces import face_svg, with_paper
    words = job.words
    options = job.print_options
    orientation = words(f"print.orientation.{options.orientation}") if options.orientation != "auto" else \
        words("print.orientation.paper", paper=PAPER_NAMES[options.paper])
    item = board_item(board)
    document = tile_face(item, job.print_options, game_title=job.title, component_name=board.name, kind=KIND.name)
    said = words("print.board.pieces_apart", orientation=orientation,
                 names=words("kinds.shared.comma").join(g.name for g in guests))
    document = replace(document, guide=replace(document.guide, steps=document.guide.steps + (said,)))
    job.out.add_document(f"{board.id}.pdf", with_paper(document, KIND, job))
    job.out.add(f"{board.id}.svg", face_svg(item.front, f"{job.title} — {board.name}"))
    for guest in guests:
        kind = kind_of(guest)
        steps = tuple(words(key) for key in kind.piece_steps(guest, job)) + \
            (words("print.board.apart", host=board.name, orientation=orientation),)
        doc = impose_sheets(kind.pieces(guest, job.game.folder), job.print_options, game_title=job.title,
                            component_name=guest.name, kind=kind.name, paper=kind.paper_advice(words),
                            extra_steps=steps)
        job.out.add_document(f"{guest.id}.pdf", doc)


def render_setup_card(job: Job, board: Board) -> None:
    """The cards of the pieces drawn at random (`draws`), four draws from the build's seed on, on one sheet."""
    from ..components.setup_card import setup_card_items
    from ..print import impose_sheets
    from .faces import face_svg
    words = job.words
    items = setup_card_items(board, job.options.seed, words)
    name = words("kinds.board.setup_card.name", board=board.name)
    document = impose_sheets(items, job.print_options, game_title=job.title, component_name=name,
                             kind="board", paper=words("kinds.board.setup_card.paper"))
    job.out.add_document(words("kinds.board.setup_card.pdf", id=board.id), document)
    job.out.add(words("kinds.board.setup_card.svg", id=board.id), face_svg(items[0].front, f"{job.title} — {name}"))


def figure(job: FigureJob, board: Board):
    from ..components.diagram import board_figure
    return board_figure(board, job.diagram, job.placements, ghosts=job.ghosts, beside=job.beside,
                        max_width_mm=job.max_width_mm)


KIND = Kind(name="board", model=Board, render=render, paper="kinds.board.paper", figure=figure)
