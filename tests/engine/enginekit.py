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


def check_protocol(engine, players=None, plies=12, seed=5):
    """Walk a seeded playout and check, at every position met, what the core protocol promises.

    Returns the positions met (for further checks by the caller).
    """
    import json
    import random
    from fractions import Fraction

    from generator.engine import CHANCE
    from generator.engine.core import pick_outcome

    start = engine.initial(players=players, seed=seed)
    again = engine.initial(players=players, seed=seed)
    assert json.dumps(engine.write_position(start)) == json.dumps(engine.write_position(again))  # same seed, same deal
    ids = engine.players_for(players)
    assert len(ids) == (players or min(engine.player_counts)) and len(set(ids)) == len(ids)
    assert set(ids) <= set(engine.players) and CHANCE not in ids
    assert engine.outcome(start) is None
    rng = random.Random(seed)
    met, position = [], start
    for _ in range(plies):
        met.append(position)
        moves = engine.legal_moves(position)
        assert moves == engine.legal_moves(position)                        # deterministic order
        who, waiting = engine.to_move(position), engine.waiting(position)
        assert set(waiting) <= set(ids)
        if engine.outcome(position) is not None:
            assert moves == [] and waiting == ()
            break
        if who == CHANCE:
            odds = engine.chance_outcomes(position)
            assert waiting == () and [m for m, _ in odds] == moves
            assert all(isinstance(p, Fraction) and p > 0 for _, p in odds) and sum(p for _, p in odds) == 1
        else:
            assert engine.chance_outcomes(position) == [] and waiting[0] == who
            assert engine.legal_moves_of(position, who) == moves
            assert all(engine.legal_moves_of(position, w) for w in waiting)
            assert engine.read_position(engine.write_position(position), who) == position
        for player in ids:
            json.dumps(engine.observation(position, player))
        sample = moves if len(moves) <= 40 else random.Random(len(met)).sample(moves, 40)
        written = engine.write_position(position)
        for m in sample:
            assert engine.parse_move(position, engine.format_move(position, m)) == m
            assert set(engine.effects(position, m)) <= set(engine.effect_kinds)
            assert engine.move_origin(m) is None or engine.move_origin(m) in written
        assert moves, "a game that goes on has moves"
        position = engine.play(position, pick_outcome(engine.chance_outcomes(position), rng) if who == CHANCE
                               else rng.choice(moves))
    assert set(engine.illegal_reasons) and all(isinstance(v, str) for v in engine.illegal_reasons.values())
    return met
