"""3d Run, worked out by hand from seeds/3d-run.fr.txt on the level of content/3d-run/niveau.txt.

Cells as on the map: columns a.. from the left, rows 1.. from the bottom. The platform e7-i7 is rock;
below j..l the air goes down to the ground (row 1 rock from a to l)."""

from __future__ import annotations

import importlib
from fractions import Fraction
from pathlib import Path

import pytest

from enginekit import play, reason
from generator.engine import CHANCE, get_engine

E = get_engine("3d-run")
MODULE = importlib.import_module("generator.engine.games.3d-run")
CONTENT = Path(__file__).resolve().parents[2] / "content" / "3d-run"


def at(position, player="j1"):
    return E.write_position(position)[player]


def act(cells, slots, **extra):
    """j1 (and j2 on a2) with its dice already shared out: `slots` as the sheet reads, e.g. 'R6 J3/5'."""
    data = {"j1": cells if isinstance(cells, dict) else {"case": cells}, "j2": "a2", "mouvements": slots,
            "phase": "act", **extra}
    return E.read_position(data)


def legal(position):
    return sorted(E.format_move(position, m) for m in E.legal_moves(position))


def test_the_engine_plays_on_the_level_printed_on_the_map():
    assert MODULE.LEVEL == (CONTENT / "niveau.txt").read_text(encoding="utf-8")


def test_the_first_player_starts_on_the_rightmost_start_cell_the_next_just_behind():
    p = E.initial(players=3)
    assert [at(p, j)["case"] for j in ("j1", "j2", "j3")] == ["f2", "e2", "d2"]
    assert at(p)["pv"] == 5 and at(p)["sens"] == ">" and E.to_move(p) == CHANCE


def test_three_dice_roll_with_their_exact_odds():
    odds = dict((E.format_move(None, m), f) for m, f in E.chance_outcomes(E.initial(players=2)))
    assert len(odds) == 56 and sum(odds.values()) == 1
    assert odds["=6,6,6"] == Fraction(1, 216) and odds["=6,5,4"] == Fraction(6, 216)
    assert odds["=5,5,2"] == Fraction(3, 216)


def test_seed_example_a_run_of_six_off_a_ledge_goes_forward_down_once_or_twice_then_down():
    p = play(E, act("h8", "R6"), "R6", "A")         # i8: still on the rock i7
    assert legal(p) == ["A"]
    p = play(E, p, "A")                             # j8: the wall has ended, 4 moves left, die 6: two B at least
    assert at(p)["case"] == "j8" and legal(p) == ["D"]
    once = play(E, p, "D")
    assert legal(once) == ["B", "D"]
    twice = play(E, once, "D")
    assert legal(twice) == ["B"]
    assert reason(E, twice, "D") == "direction"
    # D B B B ends at k4 in the air, D D B B at l4: each falls straight down to the ground at the end of the turn
    assert at(play(E, once, "B", "B", "B"))["case"] == "k2"
    assert at(play(E, twice, "B", "B"))["case"] == "l2"


def test_a_run_on_a_wall_only_goes_forward_and_a_jump_only_starts_from_a_wall():
    p = act("h8", "R2 J3/5")
    assert legal(p) == ["J3/5", "R2"]
    p = play(E, p, "R2", "A", "A")                  # j8, in the air
    assert legal(p) == ["fin"] and reason(E, p, "J3/5") == "jump_from_air"


def test_a_jump_keeps_the_order_of_the_arrows_and_its_height():
    p = play(E, act("f8", "J2/5"), "J2/5")
    assert legal(p) == ["A", "H", "M"]              # B and D: the rock f7 and g7 are walls
    p = play(E, p, "M")                              # g9: no more H after M
    assert legal(p) == ["A", "B", "D", "M"]
    p = play(E, p, "M")                              # h10: the height (2) is spent
    assert legal(p) == ["A", "B", "D"]
    assert reason(E, p, "H") == "direction"
    p = play(E, p, "A", "D")                         # i10, j9
    assert legal(p) == ["B", "D"]
    p = play(E, p, "D")                              # k8, distance 5 spent; falls at the end of the turn
    assert at(p)["case"] == "k2"


def test_a_jump_stops_when_it_lands_on_a_wall():
    p = play(E, act("d5", "J3/6"), "J3/6", "H", "H")          # d6, d7: the rock e7 is ahead
    assert legal(p) == ["B", "D", "H", "M"] and reason(E, p, "A") == "wall"
    p = play(E, p, "M")                                      # e8 stands on the rock e7: the JUMP ends
    assert at(p)["case"] == "e8" and E.write_position(p)["tour"] == "j2"


def test_spikes_cost_a_life_and_the_pulse_die_and_stop_the_movement():
    p = play(E, act("j2", "R6", pulse_garde=3), "R6", "A", "A")   # k2, l2, then m2 holds spikes
    assert legal(p) == ["A"]
    p = play(E, p, "A")
    w = E.write_position(p)
    assert w["j1"]["case"] == "l2" and w["j1"]["pv"] == 4 and w["j1"]["pulse"] == 0


def test_lava_hurts_then_forces_a_jump_with_a_die_left_or_eliminates():
    p = play(E, act({"case": "o2", "sens": "<"}, "R3 J2/4"), "R3", "A")      # n2 stands on the lava n1
    assert E.write_position(p)["phase"] == "lava" and at(p)["pv"] == 4
    assert legal(p) == ["lave 2", "lave 4"]
    p = play(E, p, "lave 4")                                     # a JUMP 4/4, the other die is gone
    assert E.write_position(p)["mouvements"] == "-"
    q = play(E, act({"case": "o2", "sens": "<"}, "R3"), "R3", "A")           # no die left: back to START
    assert at(q)["case"] == "f2" and at(q)["pv"] == 5 and E.write_position(q)["tour"] == "j2"


def test_a_star_is_rolled_and_protects_while_its_turns_last():
    p = play(E, act("q5", "J1/2 R5"), "J1/2", "M")               # r6: the star
    assert E.to_move(p) == CHANCE and len(E.chance_outcomes(p)) == 6
    p = play(E, p, "=3")
    assert at(p)["etoile"] == 3


def test_a_surprise_box_hit_from_below_gives_the_extra_die_s_power():
    p = play(E, act("f8", "J3/4"), "J3/4", "H")                  # f9, the box f10 is above
    assert "H" in legal(p)
    p = play(E, p, "H")
    assert E.to_move(p) == CHANCE
    p = play(E, p, "=5")
    assert at(p)["pouvoir"] == "fireball" and at(p)["case"] == "f9"
    assert legal(p) == ["A", "B", "D"]                           # no H or M after the bump


def test_coins_must_be_spent_when_held_and_raise_a_die():
    p = E.read_position({"j1": {"case": "f2", "pieces": 2}, "j2": "a2", "des": "6 3 2"})
    assert reason(E, p, "R6 J3/2") == "coins"
    p = play(E, p, "R6+1 J3/2")
    assert E.write_position(p)["mouvements"] == "R7 J3/2" and at(p)["pieces"] == 1


def test_the_pulse_die_kept_must_go_to_a_movement_next_turn():
    p = E.read_position({"j1": "f2", "j2": "e2", "des": "6 3 2"})
    p = play(E, p, "R6 J3/2")
    p = E.read_position({"j1": {"case": "f2", "pulse": 4}, "j2": "e2"})
    p = play(E, p, "=6,3,2")
    assert E.write_position(p)["des"] == "4 6 3 2"
    assert reason(E, p, "P4 R6 J3/2") == "pulse_kept"
    assert "R6 R4 J3/2" in legal(p)


def test_back_turns_the_pawn_and_forward_follows_it():
    p = play(E, act("h8", "B1 R1"), "B1")
    assert at(p)["sens"] == "<"
    p = play(E, p, "R1", "A")
    assert at(p)["case"] == "g8"


def test_a_flag_stops_the_movement_and_start_with_it_wins():
    p = play(E, act("ah2", "R3"), "R3", "A")
    assert at(p)["drapeaux"] == "vert"
    home = E.read_position({"j1": {"case": "g2", "sens": "<", "drapeaux": ["vert"]}, "j2": "a2",
                            "mouvements": "R2", "phase": "act"})
    won = play(E, home, "R2", "A")
    assert E.outcome(won).winner == "j1" and E.legal_moves(won) == []


def test_two_flags_are_needed_in_the_variant():
    home = E.read_position({"j1": {"case": "g2", "sens": "<", "drapeaux": ["vert"]}, "j2": "a2",
                            "mouvements": "R2", "phase": "act"}, variant="deux-drapeaux")
    assert E.outcome(play(E, home, "R2", "A")) is None


def test_a_diagonal_wall_is_followed_down_by_a_run():
    p = play(E, act("ae8", "R4"), "R4", "A", "A", "A")
    assert at(p)["case"] == "ah5"
