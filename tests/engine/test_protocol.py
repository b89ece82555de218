"""The protocol's chance, hidden information and simultaneous choices, pinned move by move on
the small test engine of signs.py (3 to 7 players), worked out by hand."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

import signs
from generator.engine import CHANCE, HIDDEN, IllegalMove, NotationError
from generator.engine.core import chance_step, pick_outcome

E = signs.ENGINE


def three_players():
    """j1 holds a 2, j2 a 5, j3 a 9; nobody has chosen yet, round 1 of 2."""
    return E.read_position({"joueurs": ["j1", "j2", "j3"], "mains": {"j1": [2], "j2": [5], "j3": [9]},
                            "pioche": [1, 3, 4, 6, 7, 8]})


def play(position, *texts):
    for text in texts:
        position = E.play(position, E.parse_move(position, text))
    return position


def test_the_game_accepts_three_to_seven_players_with_ids_by_count():
    assert E.players_for(3) == ("j1", "j2", "j3") and len(E.players_for(7)) == 7
    for n in (2, 8):
        with pytest.raises(NotationError, match=f"not {n}"):
            E.initial(players=n)


def test_the_deal_depends_on_the_seed_alone():
    deal = E.initial(players=5, seed=11)
    assert deal == E.initial(players=5, seed=11)
    cards = [c for h in deal.hands for c in h] + list(deal.pile)
    assert sorted(cards) == list(range(1, 10)) and all(len(h) == 1 for h in deal.hands)
    box = list(range(1, 10))
    random.Random(11).shuffle(box)
    assert [h[0] for h in deal.hands] == box[:5] and list(deal.pile) == box[5:]
    assert {E.initial(players=5, seed=s).hands for s in range(6)} != {deal.hands}


def test_everybody_chooses_at_once_then_the_die_decides():
    p = three_players()
    assert E.waiting(p) == ("j1", "j2", "j3") and E.to_move(p) == "j1"
    assert [E.format_move(p, m) for m in E.legal_moves_of(p, "j3")] == ["j3:pair", "j3:impair"]
    p = play(p, "j3:impair")                     # j3 first: any waiting player may choose
    assert E.waiting(p) == ("j1", "j2") and E.to_move(p) == "j1"
    with pytest.raises(IllegalMove) as err:
        E.parse_move(p, "j3:pair")
    assert err.value.reason == "not_waiting"
    p = play(p, "j1:pair", "j2:pair")
    assert E.waiting(p) == () and E.to_move(p) == CHANCE
    assert E.chance_outcomes(p) == [(signs.Roll(f), Fraction(1, 6)) for f in range(1, 7)]
    # die 3: j1 3+2=5 odd, chose pair: 0; j2 3+5=8 even, pair: 1; j3 3+9=12 even, impair: 0
    p = play(p, "=3")
    assert E.score(p) == {"j1": 0, "j2": 1, "j3": 0} and E.waiting(p) == ("j1", "j2", "j3")
    # round 2, die 6: j1 6+2=8 even, pair: 1; j2 6+5=11 odd, pair: 0; j3 6+9=15 odd, impair: 1
    p = play(p, "j2:pair", "j1:pair", "j3:impair", "=6")
    assert E.score(p) == {"j1": 1, "j2": 1, "j3": 1}
    assert E.outcome(p).winner is None and E.legal_moves(p) == [] and E.waiting(p) == ()


def test_the_order_of_simultaneous_choices_does_not_change_the_result():
    p = three_players()
    choices = ["j1:impair", "j2:pair", "j3:pair"]
    results = {play(p, *order) for order in itertools.permutations(choices)}
    assert len(results) == 1
    assert E.to_move(results.pop()) == CHANCE


def test_choices_stay_hidden_until_the_last_one_then_all_are_revealed():
    p = play(three_players(), "j2:impair")
    assert E.observation(p, "j2")["choix"] == {"j2": "impair"}
    assert E.observation(p, "j1")["choix"] == {"j2": HIDDEN}
    assert E.observation(p, "j1")["mains"] == {"j1": [2], "j2": 1, "j3": 1} and E.observation(p, "j1")["pioche"] == 6
    p = play(p, "j3:pair", "j1:pair")
    assert E.observation(p, "j1")["choix"] == {"j1": "pair", "j2": "impair", "j3": "pair"}


def test_perft_counts_each_combination_of_choices_once_and_each_die_face():
    p = three_players()
    assert E.perft(p, 3) == 2 ** 3                # j1, j2, j3 in seat order
    assert E.perft(p, 4) == 2 ** 3 * 6            # then the die


def test_chance_step_plays_the_outcome_drawn_from_the_seeded_source_and_stops_where_chance_has_none():
    # After the three choices the die rolls: the step plays the face pick_outcome draws from the same seed.
    rolling = play(three_players(), "j1:pair", "j2:pair", "j3:impair")
    face = pick_outcome(E.chance_outcomes(rolling), random.Random(4))
    assert chance_step(E, rolling, random.Random(4)) == E.play(rolling, face)
    assert chance_step(E, three_players(), random.Random(4)) is None      # the players choose: no outcome


def test_outcomes_are_drawn_with_their_exact_odds_from_the_seeded_source():
    odds = [("a", Fraction(1, 12)), ("b", Fraction(7, 12)), ("c", Fraction(1, 3))]
    rng = random.Random(9)
    drawn = [pick_outcome(odds, rng) for _ in range(1200)]
    assert drawn == [pick_outcome(odds, r) for r in [random.Random(9)] for _ in range(1200)]
    assert 50 < drawn.count("a") < 150 and 600 < drawn.count("b") < 800
    assert [pick_outcome([("only", Fraction(1))], rng) for _ in range(3)] == ["only"] * 3
