"""A setup card: the board in miniature with the pieces its `draws` place at random, one draw per seed.

The draw is `random.Random(seed)` over the squares of each rectangle, in the order the board lists them,
so one seed always gives the same card (byte for byte) and the card prints its seed. A sheet holds the
cards of four seeds from `seed` on whose draws differ (distinct_seeds): four games' set-ups. The card names its draw's number only;
how to print other draws (`--seed`) is the print guide's designer section, not the players'.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..content.coords import column_letter, square_range
from ..content.models import Board
from ..draw.canvas import Canvas
from ..draw.fonts import cap_height_mm
from ..draw.style import TextStyle
from ..draw.typography import typeset
from .board import draw_board, full_view, view_size_mm
from .diagram.board import scaled_board
from .face import Face, Item

CARD_CELL_MM = 9.0        # squares of the miniature: two cards stand one above the other on A4 and Letter
CARD_MARGIN_MM = 4.5      # room for the coordinates round the miniature
CARD_PAD_MM = 6.0         # the card's text and board stay this far inside its cut (3 mm bleed + 3 mm safe)
TITLE_PT = 12.0
TEXT_PT = 8.5
LINE_MM = 4.6


def draw_squares(board: Board, seed: int) -> list[tuple[str, str]]:
    """(piece, square) of every draw of the board, from this seed."""
    rng = random.Random(seed)
    g = board.grid
    out = []
    for draw in board.draws:
        squares = sorted(square_range(draw.corners[0], draw.corners[1], g.columns, g.rows))
        col, row = rng.choice(squares)
        out.append((draw.piece, f"{column_letter(col)}{row + 1}"))
    return out


def setup_card_item(board: Board, seed: int, words) -> Item:
    """The card of the draw `seed`: title, the miniature board with its drawn pieces, each piece's square."""
    small = scaled_board(board, CARD_CELL_MM / board.grid.cell_mm)
    small = replace(small, zones=tuple(replace(z, label="") for z in small.zones))   # the letters say it
    view = full_view(small)
    board_w, board_h = view_size_mm(small, view, margin_mm=CARD_MARGIN_MM)
    drawn = draw_squares(board, seed)
    names = {d.piece: d.name or d.piece for d in board.draws}
    title = TextStyle(size_pt=TITLE_PT, bold=True)
    text = TextStyle(size_pt=TEXT_PT)
    def say(key: str, **fields) -> str:
        return typeset(words(key, **fields), words.language)
    lines = [say("kinds.board.setup_card.place", name=names[piece], square=square) for piece, square in drawn]
    width = board_w + 2 * CARD_PAD_MM - 6.0
    text_top = CARD_PAD_MM + 7.0 + board_h + 3.0
    height = text_top + LINE_MM * (len(lines) + 1) + CARD_PAD_MM - 6.0

    def draw(canvas: Canvas) -> None:
        bw, bh = width + 6.0, height + 6.0
        canvas.rect(0, 0, bw, bh, fill="#FFFFFF")
        # the title's accents and ascenders, not only its capitals, stay inside the safe zone
        canvas.text(bw / 2, CARD_PAD_MM + 0.8 * title.size_mm, say("kinds.board.setup_card.title"), title,
                    align="center")
        left = (bw - board_w) / 2
        draw_board(canvas, small, left, CARD_PAD_MM + 7.0, view=view, margin_mm=CARD_MARGIN_MM,
                   placements=[(square, piece, None) for piece, square in drawn], coord_pt=6.5)
        y = text_top + cap_height_mm(text)
        for line in lines:
            canvas.text(CARD_PAD_MM, y, line, text)
            y += LINE_MM
        note = text.with_(italic=True, colour="#555555")
        canvas.text(CARD_PAD_MM, y + 0.6, say("kinds.board.setup_card.seed", seed=seed), note)

    face = Face(width_mm=width, height_mm=height, draw=draw)
    return Item(id=f"{board.id}-{seed}", component=board.id, front=face,
                label=say("kinds.board.setup_card.title"), meta={"seed": seed})


SEEDS_TRIED = 64           # bounds the search for draws that differ (a board of one square repeats forever)


def distinct_seeds(board: Board, seed: int, count: int) -> list[int]:
    """`count` seeds from `seed` on, skipping one whose draw shares half its squares or more with a draw
    already kept: four cards of one sheet are four different set-ups (seeds 1 and 3 of Praxis differed by
    one portal). Each card prints its seed, so a skipped seed changes nothing of reproducing a card."""
    kept: list[int] = []
    draws: list[set] = []
    for candidate in range(seed, seed + SEEDS_TRIED):
        drawn = set(draw_squares(board, candidate))
        if all(2 * len(drawn & other) < max(1, len(drawn)) for other in draws):
            kept.append(candidate)
            draws.append(drawn)
            if len(kept) == count:
                return kept
    return kept + [seed + SEEDS_TRIED + k for k in range(count - len(kept))]   # too few squares to differ


def setup_card_items(board: Board, seed: int, words, count: int = 4) -> list[Item]:
    """The cards of `count` different draws, from `seed` on: one sheet of set-ups for as many games."""
    return [setup_card_item(board, s, words) for s in distinct_seeds(board, seed, count)]
