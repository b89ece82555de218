"""3d Run, worked out by hand from seeds/3d-run.fr.txt on the level of content/3d-run/niveau.txt.

Cells as on the map: columns a.. from the left, rows 1.. from the bottom. The platform e7-i7 is rock;
below j..l the air goes down to the ground (row 1 rock from a to l)."""

from __future__ import annotations

import importlib
from fractions import Fraction
from pathlib import Path

import pytest

from enginekit import play, reason
from generator.content.loader import load_game
from generator.engine import CHANCE, GameData, engine_for, game_data

MODULE = importlib.import_module("generator.engine.games.3d-run")
CONTENT = Path(__file__).resolve().parents[2] / "content" / "3d-run"
GAME = load_game(CONTENT.parent, "3d-run")
E = engine_for(GAME)          # the engine on the game's own level (map `niveau`) and starting PV (numbers)


def at(position, player="j1"):
    return E.write_position(position)[player]


def act(cells, slots, **extra):
    """j1 (and j2 on a2) with its dice already shared out: `slots` as the sheet reads, e.g. 'R6 J3/5'."""
    data = {"j1": cells if isinstance(cells, dict) else {"case": cells}, "j2": "a2", "mouvements": slots,
            "phase": "act", **extra}
    return E.read_position(data)


def legal(position):
    return sorted(E.format_move(position, m) for m in E.legal_moves(position))


def test_the_engine_plays_on_the_level_and_the_starting_pv_of_the_content():
    data = game_data(GAME)
    assert data.components["niveau"] == tuple((CONTENT / "niveau.txt").read_text(encoding="utf-8").splitlines())
    assert E.level.rows == data.components["niveau"] and E.start_pv == data.numbers["pv_depart"] == 5
    # another level and another life total, bound the same way: START moved to the right end, 7 PV
    rows = ["....", "SS.#", "####"]
    other = MODULE.ENGINE.bind(GameData(numbers={"pv_depart": 7}, components={"niveau": tuple(rows)}))
    p = other.initial(players=2)
    assert [(at(p, j)["case"], at(p, j)["pv"]) for j in ("j1", "j2")] == [("b2", 7), ("a2", 7)]
    assert E.write_position(E.initial(players=2))["j1"]["case"] == "f2"      # the game's own level is untouched


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


def test_an_eliminated_pawn_loses_its_flags_and_does_not_win_on_start():
    # j1, 1 PV and the green flag, runs into the spikes m2: 0 PV, back to START (f2) with 5 PV and no flag;
    # were the flags kept, this return would win the race
    p = play(E, act({"case": "j2", "pv": 1, "drapeaux": "vert", "pieces": 2}, "R6"), "R6", "A", "A", "A")
    assert E.outcome(p) is None and E.to_move(p) == CHANCE and E.write_position(p)["tour"] == "j2"
    assert {k: at(p)[k] for k in ("case", "pv", "drapeaux", "pieces")} == {"case": "f2", "pv": 5, "drapeaux": "",
                                                                          "pieces": 0}


def test_two_flags_are_needed_in_the_variant():
    home = E.read_position({"j1": {"case": "g2", "sens": "<", "drapeaux": ["vert"]}, "j2": "a2",
                            "mouvements": "R2", "phase": "act"}, variant="deux-drapeaux")
    assert E.outcome(play(E, home, "R2", "A")) is None


def test_a_diagonal_wall_is_followed_down_by_a_run():
    p = play(E, act("ae8", "R4"), "R4", "A", "A", "A")
    assert at(p)["case"] == "ah5"


def pos(j1, slots, j2="a2", **extra):
    """j1 (a cell or a sheet) and j2 with j1's dice already shared out as `slots` ('-': none left)."""
    return E.read_position({"j1": j1 if isinstance(j1, dict) else {"case": j1}, "j2": j2,
                            "mouvements": slots, "phase": "act", **extra})


# --- powers ----------------------------------------------------------------------------
def test_airmove_steps_forward_in_the_air_each_step_costing_one_point_of_its_die():
    p = pos({"case": "j8", "pouvoir": "airmove"}, "W2")          # j8: in the air beside the rock i7
    assert legal(p) == ["W:A"]                                   # the die itself is never played whole
    p = play(E, p, "W:A")
    assert at(p)["case"] == "k8" and E.write_position(p)["mouvements"] == "W1"
    p = play(E, p, "W:A")                                        # l8, die spent: end of turn, the fall
    assert at(p)["case"] == "l2" and E.write_position(p)["tour"] == "j2"


def test_airmove_may_be_taken_in_the_middle_of_a_run():
    p = play(E, pos({"case": "h8", "pouvoir": "airmove"}, "R2 W1"), "R2", "A")   # i8, the rock ends ahead
    assert legal(p) == ["A", "W:A"]
    p = play(E, p, "W:A")                                        # j8 in the air, the RUN has 1 move left
    assert at(p)["case"] == "j8" and legal(p) == ["B"]           # its one move must be a down
    p = play(E, p, "B")
    assert at(p)["case"] == "j2"                                 # j7, then the fall at the end of the turn


def test_airmove_is_not_offered_into_a_wall():
    assert legal(pos({"case": "l8", "sens": "<", "pouvoir": "airmove"}, "W1")) == ["W:A"]    # k8 is free
    assert legal(pos({"case": "d7", "pouvoir": "airmove"}, "W1")) == ["fin"]                 # e7 is rock


def test_the_lava_under_the_red_flag_can_be_touched():
    """Issue 25: the lava of o8-q8 lay between rock above and below, where no pawn ever went; it is now the
    floor o7-q7 of the passage under the red flag's rock, and a RUN along that passage steps onto it."""
    p = play(E, act("n8", "R1 R2"), "R1", "A")                   # n8, on the rock n7, runs onto o8 above the lava
    assert E.write_position(p)["phase"] == "lava" and at(p)["case"] == "o8" and at(p)["pv"] == 4


def test_boundstab_goes_down_through_creatures_and_hurts_the_pawns_on_its_way():
    p = E.read_position({"j1": {"case": "j8", "pouvoir": "boundstab"}, "j2": {"case": "j6", "pulse": 2},
                         "mouvements": "W3", "phase": "act"})
    assert legal(p) == ["W3"]
    p = play(E, p, "W3")
    assert legal(p) == ["B"]
    p = play(E, p, "B", "B")                                     # j7, j6: j2 is struck
    w = E.write_position(p)
    assert w["j2"]["pv"] == 4 and w["j2"]["pulse"] == 0
    p = play(E, p, "B")                                          # j5: die spent, the fall to the ground
    assert at(p)["case"] == "j2" and at(p)["pv"] == 5


def test_boundstab_only_from_the_air_and_back_out_of_the_rock_it_ends_in():
    assert legal(pos({"case": "h8", "pouvoir": "boundstab"}, "W3")) == ["fin"]
    p = play(E, pos({"case": "e9", "pouvoir": "boundstab"}, "W2"), "W2", "B", "B")   # e8, then into the rock e7
    assert at(p)["case"] == "e8"                                  # back up to the first free cell


def test_boundstab_is_the_dragon_s_weak_point():
    p = play(E, pos({"case": "ae18", "pouvoir": "boundstab"}, "W2"), "W2", "B", "B")   # ae17, the dragon ae16
    w = E.write_position(p)
    assert w["eliminees"] == "ae16" and w["j1"]["case"] == "ae16" and w["j1"]["pv"] == 5


def test_slide_is_a_run_with_its_die_counted_twice():
    p = play(E, pos({"case": "f2", "pouvoir": "slide"}, "W2"), "W2")
    assert legal(p) == ["A"] and "reste=4" in E.write_position(p)["mouvement"]
    p = play(E, p, "A", "A", "A", "A")
    assert at(p)["case"] == "j2"


def test_a_fireball_runs_and_removes_the_first_creature_it_meets():
    p = play(E, pos({"case": "o2", "pouvoir": "fireball"}, "W3"), "W3")    # p2 holds a creature
    assert E.write_position(p)["eliminees"] == "p2" and at(p)["case"] == "o2"


def test_a_fireball_hurts_the_first_pawn_it_meets_and_stops_there():
    p = E.read_position({"j1": {"case": "f2", "pouvoir": "fireball"}, "j2": {"case": "h2", "pulse": 3},
                         "j3": "j2", "mouvements": "W5", "phase": "act"})
    w = E.write_position(play(E, p, "W5"))
    assert (w["j2"]["pv"], w["j2"]["pulse"], w["j3"]["pv"]) == (4, 0, 5)


def test_a_fireball_does_not_kill_the_dragon():
    p = play(E, pos({"case": "af16", "sens": "<", "pouvoir": "fireball"}, "W3"), "W3")
    assert "eliminees" not in E.write_position(p)


# --- flags -----------------------------------------------------------------------------
def test_the_red_flag_jumps_as_high_as_far_on_rock_only():
    p = play(E, pos({"case": "h8", "drapeaux": ["rouge"]}, "FR2"), "FR2")
    assert legal(p) == ["A", "H", "M"]
    p = play(E, p, "H", "H")                                     # h9, h10: height and distance 2
    assert E.write_position(p)["tour"] == "j2"
    assert legal(pos({"case": "l18", "drapeaux": ["rouge"]}, "FR2")) == ["fin"]   # a cloud is no rock


def test_the_red_flag_walks_on_lava_and_does_not_slide_on_ice():
    p = play(E, pos({"case": "o2", "sens": "<", "drapeaux": ["rouge"]}, "R3"), "R3", "A")   # n2 on lava n1
    assert E.write_position(p)["phase"] == "step" and at(p)["pv"] == 5
    assert at(play(E, pos({"case": "ab8", "drapeaux": ["rouge"]}, "-"), "fin"))["case"] == "ab8"


def test_ice_slides_the_pawn_forward_until_no_ice_is_below_it():
    p = play(E, pos("ab8", "-"), "fin")          # ac8, ad8, ae8 on the ice ab7-ae7, af8 beyond; falls on the slope af6
    assert at(p)["case"] == "af7"
    p = play(E, pos({"case": "ae8", "sens": "<"}, "-"), "fin")   # backwards: ad8, ac8, ab8, aa8 over the void
    assert at(p)["case"] == "aa5"                                 # and down onto the rock aa4


def test_a_vine_stops_the_movement_holds_the_pawn_and_takes_its_pulse_die():
    p = play(E, pos("ae8", "J3/5", pulse_garde=2), "J3/5", "H", "M", "M")   # ae9, af10, the vine ag11
    w = E.write_position(p)
    assert w["j1"]["case"] == "ag11" and w["j1"]["pulse"] == 0 and w["tour"] == "j2"


def test_the_green_flag_goes_through_vines_and_climbs_them():
    p = play(E, pos({"case": "ae8", "drapeaux": ["vert"]}, "J3/5"), "J3/5", "H", "M", "M")
    assert at(p)["case"] == "ag11" and E.write_position(p)["phase"] == "step"
    p = play(E, pos({"case": "ag13", "drapeaux": ["vert"]}, "FV2"), "FV2")
    assert legal(p) == ["B"]                                   # ag13: only the vine below is a vine
    p = play(E, p, "B", "B")
    assert at(p)["case"] == "ag11"                              # held by the vine: no fall


def test_the_black_flag_bounds_up_through_thin_walls_and_a_thin_wall_stops_a_jump():
    assert legal(play(E, pos("ag16", "J2/2"), "J2/2")) == ["A"]   # ag17 and ah17 are thin walls
    p = play(E, pos({"case": "ag16", "drapeaux": ["noir"]}, "FN2"), "FN2")
    assert legal(p) == ["H", "M"]
    p = play(E, p, "H", "M")                                     # ag17 through the wall, then ah18: the flag
    assert at(p)["case"] == "ah18" and at(p)["drapeaux"] == "noir"


# --- clouds ----------------------------------------------------------------------------
def test_a_cloud_halves_the_moves_left_except_for_the_black_flag():
    p = play(E, pos("l14", "J3/6"), "J3/6", "H", "H", "H")     # l15, l16, the cloud l17: 3 left, halved
    assert at(p)["case"] == "l17" and "reste=1" in E.write_position(p)["mouvement"]
    p = play(E, pos({"case": "l14", "drapeaux": ["noir"]}, "J3/6"), "J3/6", "H", "H", "H")
    assert "reste=3" in E.write_position(p)["mouvement"]


def test_a_pawn_ending_on_a_cloud_sinks_through_it_and_loses_its_pulse_die():
    p = play(E, pos("l18", "-", pulse_garde=3), "fin")          # l17, then the fall onto the rock l13
    assert at(p)["case"] == "l14" and at(p)["pulse"] == 0
    p = play(E, pos({"case": "l18", "drapeaux": ["noir"]}, "-", pulse_garde=3), "fin")
    assert at(p)["case"] == "l18" and at(p)["pulse"] == 3


# --- fire mushrooms --------------------------------------------------------------------
def test_landing_on_a_fire_mushroom_bounces_with_either_die_of_the_jump_and_no_height_limit():
    p = play(E, pos("u8", "J2/4", pulse_garde=3), "J2/4", "M", "D")   # v9, then down onto the mushroom w8
    assert at(p)["case"] == "w9" and at(p)["pv"] == 5                 # landed on its top
    assert E.write_position(p)["phase"] == "bounce" and legal(p) == ["rebond 2", "rebond 4"]
    assert legal(play(E, p, "rebond 4")) == ["H"]                 # a bounce starts upward; x10 is rock
    p = play(E, p, "rebond 4", "H", "H", "H")                    # three H: more than the jump's height 2
    assert at(p)["case"] == "w12" and E.write_position(p)["pulse_garde"] == 3


def test_a_fall_onto_a_fire_mushroom_keeps_the_pulse_die_and_a_run_goes_on_over_it():
    p = play(E, pos("w12", "-", pulse_garde=3), "fin")          # falls to w9, on the mushroom w8
    assert at(p)["case"] == "w9" and at(p)["pulse"] == 3
    p = play(E, pos("v9", "R3"), "R3")                          # v9 is in the air: the RUN goes D first
    assert legal(p) == ["D"]
    p = play(E, p, "D")                                          # onto the mushroom w8 from above: no harm
    assert at(p)["case"] == "w9" and at(p)["pv"] == 5 and legal(p) == ["A"]   # on its top, the RUN goes on


def test_a_bounce_cannot_fall_straight_back_on_its_mushroom_for_ever():
    p = play(E, pos("ac2", "J2/4"), "J2/4", "M", "A", "D")      # ad3, ae3, then down onto the mushroom af2
    assert E.write_position(p)["phase"] == "bounce"
    assert at(p)["case"] == "af3"                                # on the mushroom's top
    p = play(E, p, "rebond 2")
    assert legal(p) == ["H", "M"] and reason(E, p, "B") == "direction"
    p = play(E, p, "M", "D")                                     # ag4, then ah3: the bounce is spent
    assert at(p)["case"] == "ah2"                                # and the pawn falls to the ground


def test_the_extra_die_power_is_taken_from_whoever_held_it_and_rolls_four_dice():
    p = E.read_position({"j1": "f8", "j2": {"case": "a2", "pouvoir": "+1d"}, "mouvements": "J3/4", "phase": "act"})
    p = play(E, p, "J3/4", "H", "H", "=1")                       # the box f10, the extra die shows 1
    w = E.write_position(p)
    assert w["j1"]["pouvoir"] == "+1d" and w["j2"]["pouvoir"] == ""
    q = E.read_position({"j1": {"case": "f2", "pouvoir": "+1d"}, "j2": "e2"})
    assert len(E.chance_outcomes(q)) == 126 and len(E.legal_moves(q)[0].values) == 4


def test_1life_gives_a_life_at_once():
    p = play(E, pos({"case": "f8", "pv": 3}, "J3/4"), "J3/4", "H", "H", "=6")
    assert at(p)["pouvoir"] == "1life" and at(p)["pv"] == 4


def test_a_star_s_turns_keep_the_life_and_the_pulse_die_on_spikes():
    p = play(E, pos({"case": "j2", "etoile": 2}, "R6", pulse_garde=3), "R6", "A", "A", "A")   # m2: the spikes
    w = E.write_position(p)["j1"]
    assert (w["case"], w["pv"], w["pulse"], w["etoile"]) == ("l2", 5, 3, 1)   # one turn of the star used


# --- routes: the level offers several ways to each flag --------------------------------------------
def _one_movement_turn(cell, facing):
    """Every way one turn can go with a single movement (RUN 1-6, JUMP h/d 1-6, BACK), the surprise boxes'
    and stars' dice enumerated: the (cell, facing) where the pawn ends its turn, and each (flag, cell the
    pawn stood on just before it entered the flag's square)."""
    slots = [MODULE.Slot("R", (v,)) for v in range(1, 7)]
    slots += [MODULE.Slot("J", (h, d)) for h in range(1, 7) for d in range(1, 7)] + [MODULE.Slot("B", (1,))]
    ends, flags = set(), set()
    for slot in slots:
        stack, seen = [MODULE.Position((MODULE.Runner(cell, facing, E.start_pv),
                                        MODULE.Runner(E.start_cells[-1], pv=E.start_pv)),
                                       phase="act", slots=(slot,))], set()
        while stack:
            q = stack.pop()
            me = q.runners[0]
            key = (me.cell, me.facing, me.flags, q.turn, q.phase, q.motion, q.slots, q.removed)
            if key in seen:
                continue
            seen.add(key)
            if q.phase == "over" or q.turn != 0:
                if not me.flags:
                    ends.add((me.cell, me.facing))
                continue
            moves = [m for m, _ in E.chance_outcomes(q)] if E.to_move(q) == CHANCE else E.legal_moves(q)
            for m in moves:
                r = E.play(q, m)
                flags |= {(f, me.cell) for f in r.runners[0].flags - me.flags}
                stack.append(r)
    return ends, flags


def _approaches(start, turns, avoid=()):
    """Breadth-first over whole turns from `start` (cell name, facing '>' or '<'): for each flag, the cells
    it is entered from. Turns never start on a cell of `avoid`."""
    node = (E.parse_cell(start[:-1]), 1 if start[-1] == ">" else -1)
    avoid = {E.parse_cell(c) for c in avoid}
    depth, frontier, found = {node: 0}, [node], {}
    while frontier:
        nxt = []
        for n in frontier:
            ends, flags = _one_movement_turn(*n)
            for f, c in flags:
                found.setdefault(f, set()).add(MODULE.cell_name(*c))
            for e in ends:
                if e not in depth and e[0] not in avoid and depth[n] + 1 < turns:
                    depth[e] = depth[n] + 1
                    nxt.append(e)
        frontier = nxt
    return found


def test_the_red_and_green_flags_are_each_entered_from_several_squares():
    assert _approaches("m10>", 2)["rouge"] == {"o11", "p11"}        # from above, down onto the rock p9
    assert _approaches("ag5>", 2)["vert"] == {"ah2", "ah3", "ai3"}  # down the slope, by RUN or JUMP


def test_the_black_flag_has_a_second_way_in_through_the_gap_at_aj17():
    # the way up from the platform ab14-ad14: jump onto the planks (af17-ai17) and walk, or jump into the flag
    by_platform = _approaches("ad14>", 2)["noir"]
    assert by_platform & {"ag18", "ag19"}
    # the other way (reached from the slope z12 by a jump onto the dragon): along ae15-aj15, up through the gap
    # above aj16, never standing on the platform ab14-ae14 nor on the planks at the start of a turn
    around = _approaches("ae17>", 3, avoid=("ab14", "ac14", "ad14", "ae14", "af18", "ag18"))["noir"]
    assert "ai19" in around
    assert len(by_platform | around) >= 3


def test_the_starting_life_comes_from_game_yaml_and_the_engine_and_rules_agree():
    import yaml
    info = yaml.safe_load((CONTENT / "game.yaml").read_text(encoding="utf-8"))
    pv = info["numbers"]["pv_depart"]
    assert at(E.initial(players=2))["pv"] == pv
    rules = (CONTENT / "rules.fr.md").read_text(encoding="utf-8")
    assert rules.count("{{ game.numbers.pv_depart }}") == 2 and f"{{{{ {pv} }}}}" not in rules
    assert any(f"commence avec {pv} PV" in a for a in info["assumptions"])


# --- faults found by an independent reading of the rules (issue 28) ------------------------------------------
def test_a_pawn_eliminated_by_its_end_of_turn_fall_ends_its_own_turn_not_the_next_player_s():
    # j1 on t5 turns (BACK) and ends its turn: it falls onto t2, above the lava t1: eliminated, back to START.
    # j2's turn begins with its kept PULSE die and both turns of its star.
    sheet = {"case": "a2", "pulse": 4, "etoile": 2}
    p = play(E, E.read_position({"j1": "t5", "j2": sheet, "phase": "act", "mouvements": "B1", "pulse_garde": 3}),
             "B1")
    w = E.write_position(p)
    assert E.to_move(p) == CHANCE and w["tour"] == "j2" and w["phase"] == "roll"
    assert (w["j2"]["pulse"], w["j2"]["etoile"]) == (4, 2)
    assert (w["j1"]["case"], w["j1"]["pv"], w["j1"]["pulse"]) == ("f2", 5, 0)
    # with three players the next one is j2 as well, not j3
    p = play(E, E.read_position({"j1": "t5", "j2": sheet, "j3": "b2", "phase": "act", "mouvements": "B1"}), "B1")
    assert E.write_position(p)["tour"] == "j2"
    # the same when the fall ends on spikes with the last PV: from m5 onto the spikes m2
    p = play(E, E.read_position({"j1": {"case": "m5", "pv": 1}, "j2": sheet, "j3": "b2", "phase": "act",
                                 "mouvements": "B1"}), "B1")
    w = E.write_position(p)
    assert w["tour"] == "j2" and (w["j2"]["pulse"], w["j2"]["etoile"]) == (4, 2) and w["j1"]["case"] == "f2"


def test_every_allotment_listed_with_coins_is_accepted_as_written():
    # Coins raise a die; they add none. R3 R2+2 B1 was listed, then refused as written (too_many).
    p = E.read_position({"j1": {"case": "h8", "pieces": 2}, "j2": "a2", "phase": "allot", "des": "3 2 1"})
    listed = legal(p)
    assert "R3 R2+2 B1" in listed and "B2 B1+2 P3" in listed
    for text in listed:
        assert E.format_move(p, E.parse_move(p, text)) == text
    q = play(E, p, "R3 R2+2 B1")
    assert E.write_position(q)["mouvements"] == "R3 R4 B1" and at(q)["pieces"] == 0
    jumps = E.read_position({"j1": {"case": "h8", "pieces": 1}, "j2": "a2", "phase": "allot", "des": "3 3 3 1"})
    assert "J3/3 J3+1/1" in legal(jumps)
    assert E.format_move(jumps, E.parse_move(jumps, "J3/3 J3+1/1")) == "J3/3 J3+1/1"
    assert E.parse_move(jumps, "J3+1/1 J3/3") == E.parse_move(jumps, "J3/3 J3+1/1")     # one move, either order


def test_an_allotment_is_listed_once_whichever_of_two_equal_dice_gets_the_coin():
    p = E.read_position({"j1": {"case": "h8", "pieces": 1}, "j2": "a2", "phase": "allot", "des": "2 2 1"})
    listed = legal(p)
    assert "R2+1 R2 B1" in listed and "R2 R2+1 B1" not in listed
    assert E.parse_move(p, "R2 R2+1 B1") == E.parse_move(p, "R2+1 R2 B1")
    moves = E.legal_moves(p)
    assert len(moves) == len(set(moves)) == len(set(listed)) == 48        # 53 with the 5 written both ways


def test_airmove_is_a_forward_step_and_follows_a_diagonal_wall():
    # z12 stands on the rising slope z11: forward climbs to aa13 (the slope aa12 is its wall, not a wall ahead)
    p = pos({"case": "z12", "pouvoir": "airmove"}, "W2 R1")
    assert "W:A" in legal(p)
    assert at(play(E, p, "W:A"))["case"] == "aa13"
    # af7 stands on the falling slope af6: forward goes down along it, to ag6, not into the air at ag7
    p = pos({"case": "af7", "pouvoir": "airmove"}, "W1 R1")
    q = play(E, p, "W:A")
    assert at(q)["case"] == "ag6" and E.write_position(q)["phase"] == "act"


def test_the_ice_slide_takes_the_coins_it_passes():
    # j1 on ab8 over the ice ab7-ae7 turns to face right: the slide passes the coin ac8 and takes it
    p = play(E, pos({"case": "ab8", "sens": "<"}, "B2"), "B2")
    assert at(p)["case"] == "af7" and at(p)["pieces"] == 1
    # facing left, the slide's last cell is the coin aa8 (taken), over the void: the pawn falls from there
    q = play(E, pos("ab8", "B1"), "B1")
    assert at(q)["case"] == "aa5" and at(q)["pieces"] == 1
