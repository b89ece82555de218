"""A printed board's coordinates are read at print size: in its margin where the margin holds them at the
reader's floor for labels, else inside its edge squares (Praxis: a 3.5 mm margin, so that A3 holds the board).
Read back from the board's PDF."""

from __future__ import annotations

import io

import pdfplumber

from generator.components.board import COORD_PT, INNER_COORD_PT, board_item
from generator.content import load_game
from generator.draw.pdf import PdfCanvas
from generator.draw.style import PT_PER_MM, contrast_ratio
from generator.reader_thresholds import value as threshold
from tests.conftest import ROOT

CONTENT = ROOT / "content"


def _board(game_id: str):
    game = load_game(CONTENT, game_id)
    return next(c for c in game.components if c.kind == "board")


def _coordinates(board) -> tuple[list[dict], tuple[float, float, float, float]]:
    """The single letters and numbers drawn on the board's face, and its grid's box (pt, pdfplumber's top-down)."""
    face = board_item(board).front
    pdf = PdfCanvas()
    pdf.begin_page(face.bleed_width_mm, face.bleed_height_mm)
    face.draw(pdf)
    with pdfplumber.open(io.BytesIO(pdf.finish())) as doc:
        words = doc.pages[0].extract_words(extra_attrs=["size"])
    g = board.grid
    columns = {chr(ord("a") + i) for i in range(g.columns)}
    rows = {str(i + 1) for i in range(g.rows)}
    left = (face.bleed_mm + board.margin_mm) * PT_PER_MM
    grid = (left, left, left + g.columns * g.cell_mm * PT_PER_MM, left + g.rows * g.cell_mm * PT_PER_MM)
    return [w for w in words if w["text"] in columns | rows], grid


def _inside(word: dict, grid) -> bool:
    return grid[0] <= word["x0"] and word["x1"] <= grid[2] and grid[1] <= word["top"] and word["bottom"] <= grid[3]


def test_a_margin_too_narrow_for_the_floor_puts_the_coordinates_inside_the_edge_squares():
    board = _board("praxis")
    words, grid = _coordinates(board)
    texts = [w["text"] for w in words]
    assert all(texts.count(c) == 2 for c in "abcdefgh")          # bottom and top rows
    assert all(texts.count(str(n)) == 2 for n in range(1, 9))    # left and right columns
    assert all(_inside(w, grid) for w in words)
    assert min(round(w["size"], 2) for w in words) == INNER_COORD_PT >= threshold("min_label_pt")
    # as large as a board's edge coordinates: at 7 pt a letter stood 1.3 mm tall (issue 25, "1.4 mm")
    assert min(w["size"] for w in words) >= COORD_PT - 0.01
    assert contrast_ratio(board.colours.coordinates, board.colours.background) >= 4.5


def test_a_margin_that_holds_them_keeps_the_coordinates_outside_the_grid():
    board = _board("tactix")                                    # a 7 mm margin
    words, grid = _coordinates(board)
    assert len(words) == 2 * (board.grid.columns + board.grid.rows)
    assert not any(_inside(w, grid) for w in words)
    assert min(w["size"] for w in words) >= threshold("min_label_pt")


def test_a_square_s_label_is_left_out_under_a_piece_standing_on_it():
    # Tectonic's regions carry their owner's letter in each square; under a piece it peeked out (fig 18).
    from generator.components.board import draw_board
    board = _board("tectonic")

    def size_7_5_letters(placements) -> list[str]:
        pdf = PdfCanvas()
        pdf.begin_page(300, 300)
        draw_board(pdf, board, 0, 0, placements=placements)
        with pdfplumber.open(io.BytesIO(pdf.finish())) as doc:
            return [w["text"] for w in doc.pages[0].extract_words(extra_attrs=["size"])
                    if abs(w["size"] - 7.5) < 0.05 and w["text"] in ("B", "N")]
    empty = size_7_5_letters([])
    assert empty.count("N") == 12 and empty.count("B") == 12           # four regions of six squares
    taken = size_7_5_letters([("a10", "colline_noir", None), ("b9", "colline_rouge_blanc", None)])
    assert taken.count("N") == 10 and taken.count("B") == 12
