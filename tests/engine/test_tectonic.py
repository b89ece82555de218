"""Tectonic rules, pinned on positions worked out by hand from the Seria Ludis rules and game.yaml's assumptions."""

from __future__ import annotations

import random
from functools import partial

import pytest

import enginekit
from generator.engine import NotationError, get_engine

E = get_engine("tectonic")
moves_of = partial(enginekit.moves_of, E)
reason = partial(enginekit.reason, E)
play = partial(enginekit.play, E)


def pos(mapping, to_move="blanc"):
    return E.read_position(mapping, to_move)








# --- start -------------------------------------------------------------------------

def test_start_puts_two_of_each_kind_on_the_board_and_the_third_in_reserve():
    start = E.initial()
    assert E.write_position(start) == {
        "e1": "MB", "f1": "MB", "d2": "PB", "e2": "CB", "f2": "CB", "g2": "PB",
        "e10": "MN", "f10": "MN", "d9": "PN", "e9": "CN", "f9": "CN", "g9": "PN"}
    for player in ("blanc", "noir"):
        assert E.reserve(start, player) == {"colline": 1, "pic": 1, "mont": 1}


def test_start_is_symmetric_by_a_half_turn():
    written = E.write_position(E.initial())
    for sq, piece in written.items():
        col, row = ord(sq[0]) - ord("a"), int(sq[1:]) - 1
        twin = f"{chr(ord('a') + 9 - col)}{10 - row}"
        assert written[twin] == piece[0] + {"B": "N", "N": "B"}[piece[1]]


def test_white_has_thirty_first_moves_counted_by_hand():
    # monts e1 (d1..a1) 4, f1 (g1..j1) 4; pics d2 (c3 b4 a5, e3 f4 g5, d1) 7, g2 (f3 e4 d5, h3 i4 j5, g1) 7;
    # colline e2 (d1 d3 e3 f3) 4, colline f2 (g1 e3 f3 g3) 4; no piece can be turned yet.
    start = E.initial()
    assert len(E.legal_moves(start)) == 30 == E.perft(start, 1)
    assert moves_of(start, "d2") == sorted(["d2-c3", "d2-b4", "d2-a5", "d2-e3", "d2-f4", "d2-g5", "d2-d1"])
    assert moves_of(start, "e2") == ["e2-d1", "e2-d3", "e2-e3", "e2-f3"]


def test_board_yaml_setup_is_the_engine_start():
    from generator.content import load_game
    board = load_game("content", "tectonic").component("plateau")
    assert sorted((p.at, p.piece, p.value) for p in board.setup) == sorted(E.placements(E.initial()))
    for _sq, style, _v in E.placements(pos({"a1": "CRN", "b1": "PRB", "c1": "MRB", "j10": "MN"})):
        assert style in board.pieces


def test_regions_are_the_corner_staircases():
    from generator.engine.games.tectonic import REGIONS
    names = {k: sorted(f"{chr(97 + i % 10)}{i // 10 + 1}" for i in v) for k, v in REGIONS.items()}
    assert names["a1"] == sorted(["a1", "b1", "c1", "a2", "b2", "a3"])
    assert names["j10"] == sorted(["j10", "i10", "h10", "j9", "i9", "j8"])
    from generator.content import load_game
    board = load_game("content", "tectonic").component("plateau")
    marked = sorted(sq for style in board.cells for sq in style.at)
    assert marked == sorted(sum(names.values(), []))
    # each region shows its owner by a letter and a shade of its own: white's (row 1) B, black's (row 10) N
    style_of = {sq: style for style in board.cells for sq in style.at}
    for region, owner in (("a1", "B"), ("j1", "B"), ("a10", "N"), ("j10", "N")):
        assert {style_of[sq].label for sq in names[region]} == {owner}
    assert style_of["a1"].fill == style_of["j1"].fill != style_of["a10"].fill == style_of["j10"].fill


# --- movement ------------------------------------------------------------------------

def test_a_colline_steps_one_square_in_eight_directions():
    p = pos({"e5": "CB", "j10": "MN"})
    assert moves_of(p, "e5") == sorted(f"e5-{s}" for s in ("d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"))
    q = pos({"a1": "CB", "j10": "MN"})
    assert moves_of(q, "a1") == ["a1-a2", "a1-b1", "a1-b2"]


def test_a_white_pic_goes_forward_diagonally_and_straight_back_up_to_three():
    p = pos({"d4": "PB", "j10": "MN"})
    assert moves_of(p, "d4") == sorted(["d4-c5", "d4-b6", "d4-a7", "d4-e5", "d4-f6", "d4-g7",
                                        "d4-d3", "d4-d2", "d4-d1"])
    assert reason(p, "d4-h8") == "shape"      # four squares
    assert reason(p, "d4-c3") == "shape"      # backward diagonal
    assert reason(p, "d4-d5") == "shape"      # straight forward


def test_a_black_pic_goes_forward_toward_white():
    p = pos({"e7": "PN", "a1": "MB"}, to_move="noir")
    assert moves_of(p, "e7") == sorted(["e7-d6", "e7-c5", "e7-b4", "e7-f6", "e7-g5", "e7-h4",
                                        "e7-e8", "e7-e9", "e7-e10"])


def test_a_mont_goes_up_to_four_squares_in_a_line_and_never_jumps():
    p = pos({"c3": "MB", "c6": "CB", "j10": "MN"})
    assert moves_of(p, "c3") == sorted(["c3-c4", "c3-c5", "c3-c2", "c3-c1", "c3-b3", "c3-a3",
                                        "c3-d3", "c3-e3", "c3-f3", "c3-g3"])
    assert reason(p, "c3-c7") == "blocked"
    assert reason(p, "c3-h3") == "shape"
    assert reason(p, "c3-c6") == "occupied"


def test_only_the_movers_coloured_pieces_move():
    p = pos({"e5": "MB", "f5": "CRN", "g8": "MN"}, to_move="noir")
    assert reason(p, "f5-f6") == "red_piece"
    assert reason(p, "e5-e6") == "not_your_piece"
    assert reason(p, "a1-a2") == "empty"


# --- turning -----------------------------------------------------------------------------

def test_stopping_beside_two_enemies_turns_exactly_one_the_mover_chooses():
    p = pos({"b5": "MB", "e6": "PN", "f5": "CN"})
    assert [m for m in moves_of(p, "b5") if m.startswith("b5-e5")] == ["b5-e5*e6", "b5-e5*f5"]
    with pytest.raises(NotationError, match="several"):
        E.parse_move(p, "b5-e5")
    assert reason(p, "b5-e5*d5") == "no_flip"
    after = play(p, "b5-e5*f5")
    assert E.write_position(after) == {"e5": "MB", "e6": "PN", "f5": "CRN"}
    assert E.effects(p, E.parse_move(p, "b5-e5*f5")) == {"flips": ("f5",), "recolours": (), "swaps": ()}


def test_turning_is_compulsory_and_implied_when_there_is_one_candidate():
    p = pos({"e2": "MB", "e6": "PN", "a10": "CN"})
    assert "e2-e5" not in moves_of(p, "e2")
    assert "e2-e5*e6" in moves_of(p, "e2")
    move = E.parse_move(p, "e2-e5")
    assert E.format_move(p, move) == "e2-e5*e6"
    assert E.write_position(E.play(p, move))["e6"] == "PRN"


def test_diagonal_neighbours_are_not_turned():
    p = pos({"e2": "MB", "f6": "PN"})
    assert E.format_move(p, E.parse_move(p, "e2-e5")) == "e2-e5"
    assert E.write_position(play(p, "e2-e5"))["f6"] == "PN"
    assert reason(p, "e2-e5*f6") == "no_flip"


def test_a_red_piece_blocks_the_way():
    p = pos({"c3": "MB", "c5": "PRN", "j10": "MN"})
    assert reason(p, "c3-c6") == "blocked"


def test_own_red_piece_comes_back_when_its_owner_chooses_it():
    # g8-g5: the mont passes g7 and g6; beside g5 only f5, black's own red colline.
    p = pos({"f5": "CRN", "e5": "MB", "g8": "MN"}, to_move="noir")
    move = E.parse_move(p, "g8-g5")
    assert E.format_move(p, move) == "g8-g5*f5"
    assert E.effects(p, move) == {"flips": (), "recolours": ("f5",), "swaps": ()}
    after = E.play(p, move)
    assert E.write_position(after) == {"f5": "CN", "e5": "MB", "g5": "MN"}
    assert E.reserve(after, "noir")["colline"] == 2      # nothing left the board


def test_an_enemy_and_an_own_red_piece_beside_the_mover_only_the_chosen_one_turns():
    # e3-e5: e6 is black (it would go red), f5 is white's own red colline (it would come back).
    p = pos({"e3": "MB", "e6": "PN", "f5": "CRB", "j10": "MN"})
    assert [m for m in moves_of(p, "e3") if m.startswith("e3-e5")] == ["e3-e5*e6", "e3-e5*f5"]
    assert E.write_position(play(p, "e3-e5*f5")) == {"e5": "MB", "e6": "PN", "f5": "CB", "j10": "MN"}
    assert E.write_position(play(p, "e3-e5*e6")) == {"e5": "MB", "e6": "PRN", "f5": "CRB", "j10": "MN"}


def test_an_enemy_red_piece_is_taken_over_by_a_swap_with_the_movers_reserve():
    # White collines on the board: c1, d1 -> one in reserve. Black's only colline is f5, red: two in reserve.
    p = pos({"f5": "CRN", "e3": "MB", "c1": "CB", "d1": "CB", "j10": "MN"})
    assert E.reserve(p, "blanc")["colline"] == 1 and E.reserve(p, "noir")["colline"] == 2
    move = E.parse_move(p, "e3-e5")
    assert E.format_move(p, move) == "e3-e5*f5"
    assert E.effects(p, move) == {"flips": (), "recolours": ("f5",), "swaps": ("f5",)}
    after = E.play(p, move)
    assert E.write_position(after)["f5"] == "CB"
    assert E.reserve(after, "blanc")["colline"] == 0
    assert E.reserve(after, "noir")["colline"] == 3


def test_without_that_kind_in_reserve_the_red_piece_cannot_be_chosen():
    # White's three collines are on the board: the red black colline f5 is no candidate; e3-e5 turns nothing.
    p = pos({"f5": "CRN", "e3": "MB", "b1": "CB", "c1": "CB", "d1": "CB", "j10": "MN"})
    assert "e3-e5" in moves_of(p, "e3")
    assert reason(p, "e3-e5*f5") == "no_reserve"
    assert E.write_position(play(p, "e3-e5"))["f5"] == "CRN"
    # a red black pic beside the same square is a candidate (white has 3 pics in reserve), so it is turned
    q = pos({"f5": "CRN", "e6": "PRN", "e3": "MB", "b1": "CB", "c1": "CB", "d1": "CB", "j10": "MN"})
    move = E.parse_move(q, "e3-e5")
    assert E.format_move(q, move) == "e3-e5*e6"
    assert E.effects(q, move)["swaps"] == ("e6",)


def test_of_two_red_enemy_pieces_only_the_chosen_one_is_taken_over():
    # One white colline on the board (b1): two in reserve; d5 and f5 are black collines turned red.
    p = pos({"d5": "CRN", "f5": "CRN", "e3": "MB", "b1": "CB", "j10": "MN"})
    assert [m for m in moves_of(p, "e3") if m.startswith("e3-e5")] == ["e3-e5*d5", "e3-e5*f5"]
    after = play(p, "e3-e5*d5")
    assert (E.write_position(after)["d5"], E.write_position(after)["f5"]) == ("CB", "CRN")
    assert E.reserve(after, "blanc")["colline"] == 1 and E.reserve(after, "noir")["colline"] == 2


def test_a_game_from_the_start_worked_out_move_by_move():
    p = E.initial()
    # 1. White's pic g2 goes forward diagonally to d5 through f3 and e4: nothing beside d5.
    p = play(p, "g2-d5")
    assert E.write_position(p)["d5"] == "PB" and "g2" not in E.write_position(p)
    # 2. Black's pic g9 comes forward (down) diagonally to d6 through f8, e7: beside the white pic d5.
    move = E.parse_move(p, "g9-d6")
    assert E.format_move(p, move) == "g9-d6*d5"
    p = E.play(p, move)
    assert E.write_position(p)["d5"] == "PRB"
    # 3. White's colline steps e2-e3: no piece beside e3.
    p = play(p, "e2-e3")
    assert E.effects(E.initial(), E.parse_move(E.initial(), "e2-e3")) == {"flips": (), "recolours": (), "swaps": ()}
    # 4. Black's pic d6 goes forward diagonally to c5, beside the red white pic d5; black has one pic in
    #    reserve (d9 and c5 on the board): he takes d5 over, white's pic goes back to white's reserve.
    assert E.reserve(p, "noir")["pic"] == 1 and E.reserve(p, "blanc")["pic"] == 1
    move = E.parse_move(p, "d6-c5")
    assert E.format_move(p, move) == "d6-c5*d5"
    assert E.effects(p, move)["swaps"] == ("d5",)
    p = E.play(p, move)
    assert E.write_position(p)["d5"] == "PN" and E.write_position(p)["c5"] == "PN"
    assert E.reserve(p, "noir")["pic"] == 0 and E.reserve(p, "blanc")["pic"] == 2
    # 5. White's colline e3 steps diagonally to d4, under the black pic d5 (c5 touches d4 by a corner only).
    move = E.parse_move(p, "e3-d4")
    assert E.format_move(p, move) == "e3-d4*d5"
    p = E.play(p, move)
    assert E.write_position(p) == {
        "e1": "MB", "f1": "MB", "d2": "PB", "d4": "CB", "f2": "CB",
        "e10": "MN", "f10": "MN", "d9": "PN", "e9": "CN", "f9": "CN", "c5": "PN", "d5": "PRN"}
    assert E.to_move(p) == "noir" and E.outcome(p) is None


def test_random_games_from_the_start_do_swap_pieces_with_the_reserve():
    rng = random.Random(12)
    swaps = takebacks = flips = 0
    for _game in range(40):
        p = E.initial()
        for _ply in range(150):
            moves = E.legal_moves(p)
            if not moves:
                break
            move = rng.choice(moves)
            effects = E.effects(p, move)
            flips += len(effects["flips"])
            swaps += len(effects["swaps"])
            takebacks += len(effects["recolours"]) - len(effects["swaps"])
            p = E.play(p, move)
            for player in ("blanc", "noir"):
                assert all(0 <= n <= 3 for n in E.reserve(p, player).values())
    assert swaps > 0 and takebacks > 0 and flips > swaps + takebacks


def test_more_than_three_pieces_of_a_kind_is_not_a_position():
    with pytest.raises(NotationError, match="more than 3"):
        E.read_position({"a1": "CB", "b1": "CB", "c1": "CB", "d1": "CRB", "j10": "MN"})


# --- winning -------------------------------------------------------------------------------

def test_colline_pic_and_mont_together_in_an_enemy_region_win():
    p = pos({"b10": "CB", "a9": "PB", "a4": "MB", "j5": "MN"})
    assert E.outcome(p) is None
    after = play(p, "a4-a8")
    assert E.outcome(after).winner == "blanc"
    assert E.legal_moves(after) == []


def test_the_three_must_share_one_region_and_it_must_be_the_enemys():
    split = play(pos({"b10": "CB", "a9": "PB", "j4": "MB", "a5": "MN"}), "j4-j8")
    assert E.outcome(split) is None
    own = pos({"a1": "CB", "b1": "PB", "a2": "MB", "j5": "MN"})
    assert E.outcome(own) is None
    red = pos({"b10": "CB", "a9": "PB", "a8": "MRB", "j5": "MN"})
    assert E.outcome(red) is None        # a red piece counts for no one


def test_black_wins_in_whites_regions():
    p = pos({"j1": "CN", "i1": "PN", "i5": "MN", "a10": "MB"}, to_move="noir")
    assert E.outcome(play(p, "i5-i2")).winner == "noir"


def test_turning_the_last_coloured_enemy_piece_red_wins():
    p = pos({"e6": "PN", "c8": "MRN", "e2": "MB"})
    after = play(p, "e2-e5")
    assert E.outcome(after).winner == "blanc"
    assert "red" in E.outcome(after).reason


def test_a_player_who_cannot_move_loses():
    p = pos({"a10": "CN", "a9": "MRB", "b9": "CRB", "b10": "PRB", "e1": "MB"}, to_move="noir")
    assert E.legal_moves(p) == []
    assert E.outcome(p).winner == "blanc"


# --- notation ----------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["e2", "e2-e11", "k2-k3", "e2xe5", "e2-e5*", "e2-e5*z9"])
def test_malformed_moves_are_notation_errors(text):
    with pytest.raises(NotationError):
        E.parse_move(E.initial(), text)


def test_bad_pieces_name_their_square():
    with pytest.raises(NotationError) as err:
        E.read_position({"e5": "XB"})
    assert err.value.key == "e5"


def test_random_games_round_trip_through_the_notation():
    rng = random.Random(5)
    for _ in range(5):
        p = E.initial()
        for _ply in range(60):
            moves = E.legal_moves(p)
            if not moves:
                assert E.outcome(p) is not None
                break
            for m in moves:
                assert E.parse_move(p, E.format_move(p, m)) == m
            assert E.read_position(E.write_position(p), E.to_move(p)) == p
            p = E.play(p, rng.choice(moves))


def test_a_piece_turned_red_in_place_is_not_drawn_as_taken_off():
    # The figures' "taken off" list (checker.diagram_aside) showed a pic turned red as removed from e6.
    from generator.content import load_game
    from generator.engine.checker import diagram_aside, get_engine, load_game_diagrams
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "content"
    game = load_game(root, "tectonic")
    diagrams = {d.id: d for d in load_game_diagrams("tectonic", root, game.components)}
    engine = get_engine("tectonic")
    for turned in ("contact", "retournement", "retournement-choix", "rouge-repris", "rouge-ou-ennemi",
                   "victoire-tout-rouge"):
        assert diagram_aside("tectonic", diagrams[turned], engine) == [], turned
    # a red piece exchanged for another is taken off: it is still listed
    assert diagram_aside("tectonic", diagrams["rouge-echange"], engine) == [("f5", "colline_rouge_noir", None)]
    assert engine.same_piece("pic_blanc", "pic_rouge_blanc") and not engine.same_piece("pic_blanc", "pic_noir")
    assert not engine.same_piece("pic_blanc", "mont_rouge_blanc")


def test_move_values_are_the_values_of_the_played_moves_to_the_last_bit():
    # The greedy ranking's shortcut weighs a move from the pieces it changes; its ties are broken by value, so a
    # value off by one bit would change a seeded game. Every value, for both players, must be the played
    # position's own: its evaluation, or +1 / -1 where the move ends the game (won and lost ones both met).
    from generator.engine.agents import weigh
    given, ends = 0, set()
    for seed in range(6):
        rng = random.Random(seed)
        p = E.initial()
        for _ in range(300):
            if E.outcome(p) is not None:
                break
            moves = E.legal_moves(p)
            for player in ("blanc", "noir"):
                for move, value in zip(moves, E.move_values(p, moves, player)):
                    played = E.play(p, move)
                    assert value == weigh(E, played, player), E.format_move(p, move)
                    given += 1
                    if E.outcome(played) is not None:
                        ends.add((E.outcome(played).key, value))
            values = E.move_values(p, moves, E.to_move(p))
            best = [m for m, v in zip(moves, values) if v == max(values)]
            p = E.play(p, rng.choice(best) if rng.random() < 0.7 else rng.choice(moves))
    assert given > 10000 and {("all_red", 1.0), ("all_red", -1.0)} <= ends and any(k == "region" for k, _ in ends)


def test_greedy_players_are_tectonics_default_and_end_most_games_by_a_rule(content_dir):
    # Random players stop at the 400-ply cap in about three games of four: the report then describes the cap.
    from generator.engine.playtest import make_setup, play_games
    setup = make_setup("tectonic", seed=1, content_dir=content_dir)
    assert set(setup.agents) == {"greedy"}
    ended = [r for r in play_games(setup, 20) if not r.capped]
    randoms = [r for r in play_games(make_setup("tectonic", seed=1, agents=("random",)), 20) if not r.capped]
    assert len(ended) >= 14 > len(randoms) and {r.key for r in ended} <= {"region", "all_red", "blocked"}
