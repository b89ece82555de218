"""Every agent plays every engine through the protocol, a few short seeded games each: an agent that
crashes on one game (3d Run's greedy agent once did, on a name left behind when its engine was bound to
the game's data) cannot land. Budgets are kept tiny: the point is that each agent is asked, not how well
it plays."""

from __future__ import annotations

import pytest

import generator.engine.agents as agents
from generator.engine import engine_ids
from generator.engine.playtest import make_setup, play_games

GAMES, PLIES = 2, 8


@pytest.mark.parametrize("agent", sorted(agents.AGENTS))
@pytest.mark.parametrize("game", engine_ids())
def test_every_agent_plays_every_engine_a_few_seeded_games(game, agent, content_dir, monkeypatch):
    monkeypatch.setattr(agents, "MC_SAMPLES", 2)        # the mc agent's smallest look-ahead that still tells a
    monkeypatch.setattr(agents, "MC_ROUNDS", 2)         # game with secrets (its replies then drawn from what the
    monkeypatch.setattr(agents, "MC_CANDIDATES", 2)     # replying player sees), and draws a flick's results twice
    monkeypatch.setattr(agents, "ISMCTS_PLAYOUTS", 3)   # the ismcts agent's smallest budget
    monkeypatch.setattr(agents, "ISMCTS_DEPTH", 2)
    setup = make_setup(game, agents=(agent,), seed=3, max_plies=PLIES, content_dir=content_dir)
    records = play_games(setup, GAMES)
    assert [r.index for r in records] == list(range(GAMES))
    assert all(r.plies <= PLIES for r in records)
    # The agent was asked: every game had choices with more than one move to weigh.
    assert all(r.decisions and r.widest > 1 for r in records)
