"""The four set-up cards of a sheet are four different set-ups (issue 25: Praxis's draws 1 and 3, from the default
seed, differed by one portal)."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from generator.components.setup_card import distinct_seeds, draw_squares
from generator.content.loader import load_game

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.fixture(scope="module")
def praxis_board():
    game = load_game(CONTENT, "praxis")
    return next(c for c in game.components if getattr(c, "draws", None))


@pytest.mark.parametrize("seed", [1, 2, 7, 40])
def test_the_four_draws_of_a_sheet_share_less_than_half_their_squares(praxis_board, seed):
    seeds = distinct_seeds(praxis_board, seed, 4)
    assert len(set(seeds)) == 4 and seeds[0] == seed and seeds == sorted(seeds)
    draws = [set(draw_squares(praxis_board, s)) for s in seeds]
    for a, b in combinations(draws, 2):
        assert 2 * len(a & b) < len(a), (seeds, a & b)
