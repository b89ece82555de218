"""The playtest's speed-ups change no move: seeded games of the default agent, pinned as they were played
before them (benchmarks/RESULTS.md, "Playtests fast enough"). Each record says who won, how, after how many
plies, and how many choices and legal moves were met on the way: a single move chosen differently changes the
plies, the choices or the sum of the legal moves. Games are picked short, to keep the suite quick; a fuller
comparison (every position and move of 20 games) was made by hand before and after each change."""

from __future__ import annotations

import pytest

from generator.engine.playtest import make_setup, play_game

# game -> {game index: (winner, ending, plies, capped, choices, legal moves summed over the choices)}
PINNED = {
    # 3d Run: game 7 as played since the evaluation stopped counting PV (issue 28: it made an elimination look
    # like a gain); it was ("j1", "flags_home", 118, False, 103, 897), game 6 is the same either way
    "3d-run": {6: ("j1", "flags_home", 88, False, 77, 661), 7: ("j1", "flags_home", 145, False, 126, 1042)},
    # Armada: game 10 of greedy players, its default since issue 28 (random players' game 9 was
    # ("joueur2", "points", 177, False, 177, 81158))
    "armada": {10: ("joueur2", "points", 59, False, 59, 6623)},
    "praxis": {2: ("bleu", "collections", 30, False, 24, 6875)},
    # Tectonic: greedy players, its default since issue 28 (random players' games 0 and 1 were
    # ("noir", "region", 74, False, 74, 2547) and (None, "", 400, True, 400, 11554)); these two are played alike
    # by greedy players before its evaluation's shortcut (move_values)
    "tectonic": {0: ("noir", "all_red", 40, False, 40, 1010), 1: ("blanc", "all_red", 33, False, 33, 853)},
}


@pytest.mark.parametrize("game, index", [(g, i) for g, games in PINNED.items() for i in games])
def test_a_seeded_game_of_the_default_agent_is_played_as_before_the_speed_ups(game, index, content_dir):
    setup = make_setup(game, seed=1, content_dir=content_dir)
    r = play_game(setup, index)
    assert (r.winner, r.key, r.plies, r.capped, r.decisions, r.options) == PINNED[game][index]
