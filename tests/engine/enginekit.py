"""Helpers shared by the engine tests: moves from a square, why a move is illegal, playing a line."""

from __future__ import annotations

import pytest

from generator.engine import IllegalMove


def moves_of(engine, position, square):
    """The legal moves of the piece on `square`, in the game's notation, sorted."""
    return sorted(engine.format_move(position, m) for m in engine.moves_from(position, square))


def reason(engine, position, text):
    """The `illegal_reasons` key the engine gives for the move `text` (which must be illegal)."""
    with pytest.raises(IllegalMove) as err:
        engine.parse_move(position, text)
    return err.value.reason


def play(engine, position, *texts):
    """The position after the moves, each parsed (and so checked) in turn."""
    for text in texts:
        position = engine.play(position, engine.parse_move(position, text))
    return position
