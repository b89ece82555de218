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


def falsify_claim(game_id, tmp_path, claim, false_claim):
    """Copy the game's content to tmp_path with one diagram claim made false; (failures, line of that claim)."""
    import shutil
    from pathlib import Path

    from generator.engine.checker import check_diagrams
    content = Path(__file__).resolve().parents[2] / "content"
    shutil.copytree(content / game_id, tmp_path / game_id)
    path = tmp_path / game_id / "diagrams.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(claim) == 1, f"{claim!r} must appear once in {game_id}/diagrams.yaml"
    text = text.replace(claim, false_claim)
    path.write_text(text, encoding="utf-8")
    line = next(i for i, l in enumerate(text.splitlines(), 1) if false_claim in l)
    return check_diagrams(game_id, tmp_path), line
