"""Tactix rules, pinned on positions worked out by hand from seeds/tactix.fr.txt and FACTS.md."""

from __future__ import annotations

import random
from functools import partial

import pytest

import enginekit
from generator.engine import IllegalMove, NotationError, get_engine
from generator.engine.grid import WEST
from generator.engine.games.tactix import (DIRECTIONS, EAST, NORTH, ORIENTATIONS, SOUTH, east_face,
                                     north_of, roll, top_of)

E = get_engine("tactix")
moves_of = partial(enginekit.moves_of, E)


def pos(mapping, to_move="blanc", variant=None):
    return E.read_position(mapping, to_move, variant)




# --- the die -----------------------------------------------------------------

def test_white_die_on_a1_with_5_up_and_4_north_shows_6_east():
    assert east_face(5, 4) == 6


def test_faces_1_2_3_turn_counterclockwise_around_their_corner():
    # With 3 on top and 1 north, the 1-2-3 corner is on the north side; seen from
    # above, 1 (north) -> 2 -> 3 (up) runs counterclockwise only if 2 is west:
    # north -> west is a counterclockwise quarter turn seen from above.
    assert east_face(3, 1) == 5          # so west is 2
    assert 7 - east_face(3, 1) == 2


def test_every_orientation_shows_six_different_faces():
    assert len(ORIENTATIONS) == 24
    for code in ORIENTATIONS:
        t, n = top_of(code), north_of(code)
        e = east_face(t, n)
        assert sorted({t, 7 - t, n, 7 - n, e, 7 - e}) == [1, 2, 3, 4, 5, 6]


def test_four_tumbles_one_way_and_a_tumble_back_restore_the_die():
    for code in ORIENTATIONS:
        t, n = top_of(code), north_of(code)
        for d in DIRECTIONS:
            x = (t, n)
            for _ in range(4):
                x = roll(*x, d)
            assert x == (t, n)
        assert roll(*roll(t, n, NORTH), SOUTH) == (t, n)
        assert roll(*roll(t, n, EAST), WEST) == (t, n)


def test_tumbling_north_brings_the_south_face_up():
    # top 5, north 4: south is 3; the top 5 turns to face north
    assert roll(5, 4, NORTH) == (3, 5)
    # tumbling east brings the west face (7 - 6 = 1) up
    assert roll(5, 4, EAST) == (1, 4)


# --- the start ---------------------------------------------------------------

def test_start_rows_read_5_1_2_6_king_6_2_1_5_with_4_toward_the_opponent():
    p = E.initial()
    written = E.write_position(p)
    assert [written[f"{c}1"] for c in "abcdefghi"] == ["B5", "B1", "B2", "B6", "BR", "B6", "B2", "B1", "B5"]
    assert [written[f"{c}9"] for c in "abcdefghi"] == ["N5", "N1", "N2", "N6", "NR", "N6", "N2", "N1", "N5"]
    # default orientation: white north 4, black north 3 (its 4 faces white, to the south)
    assert E.read_position({"a1": "B5n4", "e1": "BR", "e9": "NR"}) == E.read_position({"a1": "B5", "e1": "BR", "e9": "NR"})
    assert E.piece_text("a9", "N5n3") == "N5"


def test_start_has_37_moves_counted_die_by_die():
    p = E.initial()
    assert len(E.legal_moves(p)) == 37
    assert moves_of(p, "b1") == ["b1-b2"]
    assert moves_of(p, "e1") == ["e1-e2"]
    assert moves_of(p, "c1") == ["c1-b2", "c1-c3", "c1-d2"]
    assert moves_of(p, "a1") == ["a1-a6", "a1-b5", "a1-c4", "a1-d3", "a1-e2"]
    assert moves_of(p, "d1") == sorted(["d1-d7", "d1-i2", "d1-h3", "d1-g4", "d1-f5", "d1-e6",
                                         "d1-a4", "d1-b5", "d1-c6"])
    assert E.perft(p, 1) == 37


def test_board_yaml_setup_is_the_engine_start():
    from generator.content import load_game
    board = load_game("content", "tactix").component("plateau")
    assert sorted((p.at, p.piece, p.value) for p in board.setup) == sorted(E.placements(E.initial()))


# --- tumbling ----------------------------------------------------------------

def test_tumble_with_a_turn_lands_with_the_hand_computed_faces():
    # a1 (5 up, 4 north, 6 east): N -> 3 up 5 north; N -> 2 up 3 north; E -> 1 up (east 2);
    # E -> 5 up (east 1); E -> 6 up. Arrives on d3 with 6 up and 3 north.
    p = E.play(E.initial(), E.parse_move(E.initial(), "a1-d3"))
    assert E.write_position(p)["d3"] == "B6n3"
    assert "a1" not in E.write_position(p)
    assert E.to_move(p) == "noir"


def test_a_die_tumbles_exactly_its_top_face_never_less():
    p = pos({"e5": "B3n2", "e1": "BR", "e9": "NR"})
    dests = {E.format_move(p, m)[3:5] for m in E.moves_from(p, "e5")}
    # every square at Manhattan distance 3 (12 of them), and nothing nearer
    assert dests == {"e8", "e2", "b5", "h5", "f7", "d7", "f3", "d3", "g6", "c6", "g4", "c4"}
    with pytest.raises(IllegalMove) as err:
        E.parse_move(p, "e5-e7")
    assert err.value.reason == "distance"


def test_two_paths_with_the_same_result_are_one_move_and_different_results_two():
    p = pos({"e5": "B4n2", "a1": "BR", "i9": "NR"})
    # (+2, +2): E E N N and N N E E both give 4 up 5 north
    g7 = [m for m in E.moves_from(p, "e5") if E.format_move(p, m).startswith("e5-g7")]
    assert len(g7) == 1 and E.format_move(p, g7[0]) == "e5-g7"
    # (+1, +3): E N N N gives 2 up 6 north, N N N E gives 1 up 3 north
    f8 = sorted(E.format_move(p, m) for m in E.moves_from(p, "e5") if E.format_move(p, m).startswith("e5-f8"))
    assert f8 == ["e5-f8/1", "e5-f8/2"]
    assert E.write_position(E.play(p, E.parse_move(p, "e5-f8/2")))["f8"] == "B2n6"
    assert E.write_position(E.play(p, E.parse_move(p, "e5-f8/1n3")))["f8"] == "B1n3"
    with pytest.raises(NotationError, match="ambiguous"):
        E.parse_move(p, "e5-f8")
    with pytest.raises(IllegalMove) as err:
        E.parse_move(p, "e5-f8/5")
    assert err.value.reason == "orientation"


def test_a_die_never_passes_over_another_die_but_may_take_the_other_turn():
    p = pos({"e5": "B4n2", "e6": "N1", "a1": "BR", "i9": "NR"})
    # N N N E is blocked at e6; E N N N is free: only the 2-up arrival remains, unambiguous
    f8 = [E.format_move(p, m) for m in E.moves_from(p, "e5") if E.format_move(p, m).startswith("e5-f8")]
    assert f8 == ["e5-f8"]
    assert E.write_position(E.play(p, E.parse_move(p, "e5-f8")))["f8"] == "B2n6"
    with pytest.raises(IllegalMove) as err:
        E.parse_move(p, "e5-e9")
    assert err.value.reason == "blocked" and "e6" in err.value.detail


def test_own_dice_block_the_way_too():
    p = pos({"a1": "B2", "a2": "B1", "b1": "B1", "e1": "BR", "e9": "NR"})
    assert moves_of(p, "a1") == []


def test_at_most_one_turn_and_never_back():
    # 3 up on e5 in an empty board: e5 -> e6 -> d6 -> d5 (two turns) would reach d5 at distance 1: never
    p = pos({"e5": "B3n2", "a1": "BR", "i9": "NR"})
    assert all(not E.format_move(p, m).startswith("e5-d5") for m in E.moves_from(p, "e5"))
    # e5 -> e6 -> e7 -> e6 (turning back) would end at distance 1: never either
    assert len(E.moves_from(p, "e5")) == len({E.format_move(p, m) for m in E.moves_from(p, "e5")})


# --- captures and the king -----------------------------------------------------

def test_landing_on_an_enemy_die_captures_it_and_own_dice_cannot_be_taken():
    p = pos({"b3": "B2", "b5": "N6", "d3": "B1", "e1": "BR", "e9": "NR"})
    move = E.parse_move(p, "b3xb5")
    assert E.effects(p, move) == {"captures": ("b5",)}
    after = E.write_position(E.play(p, move))
    assert after["b5"] == "B5n3" and "b3" not in after
    assert E.format_move(p, move) == "b3xb5"
    with pytest.raises(IllegalMove) as err:
        E.parse_move(p, "b3-d3")
    assert err.value.reason == "own_piece"
    with pytest.raises(IllegalMove) as err:
        E.parse_move(p, "b3xb1")
    assert err.value.reason == "no_capture"


def test_the_king_steps_one_square_orthogonally_and_may_capture():
    p = pos({"e5": "BR", "e6": "N3n1", "d5": "B1", "e9": "NR"})
    assert moves_of(p, "e5") == ["e5-e4", "e5-f5", "e5xe6"]
    for bad in ("e5-e3", "e5-f6"):
        with pytest.raises(IllegalMove) as err:
            E.parse_move(p, bad)
        assert err.value.reason == "distance"


def test_only_the_side_to_move_plays():
    p = E.initial()
    with pytest.raises(IllegalMove) as err:
        E.parse_move(p, "a9-a4")
    assert err.value.reason == "not_your_piece"
    with pytest.raises(IllegalMove) as err:
        E.parse_move(p, "a5-a6")
    assert err.value.reason == "empty"


# --- winning -------------------------------------------------------------------

def test_capturing_the_king_wins_and_a_won_position_has_no_moves():
    p = pos({"e7": "B2", "e9": "NR", "e1": "BR", "a9": "N5"})
    after = E.play(p, E.parse_move(p, "e7xe9"))
    assert E.outcome(after).winner == "blanc"
    assert E.legal_moves(after) == []
    with pytest.raises(IllegalMove) as err:
        E.parse_move(after, "a9-a4")
    assert err.value.reason == "game_over"


def test_a_king_on_the_enemy_kings_start_square_wins_for_both_colours():
    p = pos({"e8": "BR", "b9": "NR"})
    assert E.outcome(E.play(p, E.parse_move(p, "e8-e9"))).winner == "blanc"
    q = pos({"e2": "NR", "b1": "BR"}, to_move="noir")
    assert E.outcome(E.play(q, E.parse_move(q, "e2-e1"))).winner == "noir"
    # reaching one's own start square wins nothing
    r = pos({"e2": "BR", "a9": "NR"})
    assert E.outcome(E.play(r, E.parse_move(r, "e2-e1"))) is None


def test_the_centre_wins_only_in_the_short_variant():
    for variant, winner in ((None, None), ("centre", "blanc")):
        p = pos({"e4": "BR", "e9": "NR"}, variant=variant)
        o = E.outcome(E.play(p, E.parse_move(p, "e4-e5")))
        assert (o.winner if o else None) == winner
    with pytest.raises(NotationError):
        pos({"e4": "BR"}, variant="court")


def test_perft_stops_below_a_won_position():
    # hand count: white Ka1, black Kc1. Depth 1: a2, b1. Depth 2: 3 + 3.
    # Depth 3: after a2 each of b1/c2/d1 leaves white 3 moves (9); after b1, c1xb1 wins (0),
    # c2 and d1 leave white a1/c1/b2 (6): 15.
    p = pos({"a1": "BR", "c1": "NR"})
    assert [E.perft(p, d) for d in (1, 2, 3)] == [2, 6, 15]


# --- notation ------------------------------------------------------------------

@pytest.mark.parametrize("text", ["a1", "a1-a", "j1-j2", "a0-a1", "a1-a10", "a1/a2", "d1-c6/7"])
def test_malformed_moves_are_notation_errors(text):
    with pytest.raises(NotationError):
        E.parse_move(E.initial(), text)


@pytest.mark.parametrize("mapping, key", [
    ({"j1": "BR"}, "j1"),
    ({"e1": "BX"}, "e1"),
    ({"e1": "BR", "d4": "B3"}, "d4"),        # 3 on top: the north face must be given
    ({"e1": "BR", "d4": "B5n2"}, "d4"),      # 2 is opposite 5
])
def test_bad_positions_name_the_square(mapping, key):
    with pytest.raises(NotationError) as err:
        E.read_position(mapping)
    assert err.value.key == key


def test_positions_need_a_king_and_at_most_eight_dice():
    with pytest.raises(NotationError):
        E.read_position({"a1": "B5"})
    with pytest.raises(NotationError):
        E.read_position({"e1": "BR", "e2": "BR"})
    with pytest.raises(NotationError):
        E.read_position({**{f"{c}2": "B1" for c in "abcdefghi"}, "e1": "BR"})


def test_written_positions_read_back_identically():
    p = E.initial()
    rng = random.Random(7)
    for _ in range(30):
        moves = E.legal_moves(p)
        if not moves:
            break
        p = E.play(p, rng.choice(moves))
        assert E.read_position(E.write_position(p), E.to_move(p)) == p


def test_every_formatted_move_parses_back_to_itself():
    p = E.initial()
    rng = random.Random(3)
    for _ in range(20):
        moves = E.legal_moves(p)
        if not moves:
            break
        for m in moves:
            assert E.parse_move(p, E.format_move(p, m)) == m
        p = E.play(p, rng.choice(moves))


# --- an independent, slow model of the rules -------------------------------------

def _rotate(faces, direction):
    """faces: dict vector -> face value; tumbling toward `direction` rotates each vector."""
    dx, dy = direction
    out = {}
    for (x, y, z), v in faces.items():
        if dx:   # about the north-south axis: top goes east when dx = 1
            nx, nz = (z * dx, -x * dx)
            out[(nx, y, nz)] = v
        else:    # about the east-west axis: top goes north when dy = 1
            ny, nz = (z * dy, -y * dy)
            out[(x, ny, nz)] = v
    return out


def _faces(top, north):
    east = east_face(top, north)
    return {(0, 0, 1): top, (0, 0, -1): 7 - top, (0, 1, 0): north, (0, -1, 0): 7 - north,
            (1, 0, 0): east, (-1, 0, 0): 7 - east}


def _reference_moves(board, side):
    """Every (origin, dest, top, north) by walking every path square by square."""
    out = set()
    for (c, r), (colour, kind, top, north) in board.items():
        if colour != side:
            continue
        steps = 1 if kind == "K" else top
        for first in [(0, 1), (1, 0), (0, -1), (-1, 0)]:
            for k in range(1, steps + 1):
                seconds = [None] if k == steps else [d for d in [(0, 1), (1, 0), (0, -1), (-1, 0)]
                                                      if d[0] * first[0] + d[1] * first[1] == 0]
                for second in seconds:
                    path = [first] * k + [second] * (steps - k) if second else [first] * k
                    x, y = c, r
                    faces = _faces(top, north) if kind != "K" else None
                    ok = True
                    for i, d in enumerate(path):
                        x, y = x + d[0], y + d[1]
                        if not (0 <= x < 9 and 0 <= y < 9):
                            ok = False
                            break
                        if faces:
                            faces = _rotate(faces, d)
                        if (x, y) in board and (i < len(path) - 1 or board[x, y][0] == side):
                            ok = False
                            break
                    if ok:
                        orient = (faces[(0, 0, 1)], faces[(0, 1, 0)]) if faces else (0, 0)
                        out.add(((c, r), (x, y), orient))
    return out


def _reference_board(position):
    board = {}
    for i, p in enumerate(position.board):
        if p:
            king = bool(p & 64)
            board[i % 9, i // 9] = (p >> 7, "K" if king else "D", top_of(p & 63), north_of(p & 63))
    return board


def test_the_fast_generator_agrees_with_a_square_by_square_model():
    # the reference rotates face vectors instead of using the tables
    assert _rotate(_faces(5, 4), (0, 1))[(0, 0, 1)] == 3
    p = E.initial()
    rng = random.Random(11)
    checked = 0
    for _game in range(6):
        p = E.initial()
        for _ply in range(40):
            if E.outcome(p):
                break
            engine_moves = {((m.origin % 9, m.origin // 9), (m.dest % 9, m.dest // 9),
                             (top_of(m.code), north_of(m.code)) if m.code else (0, 0))
                            for m in E.legal_moves(p)}
            assert engine_moves == _reference_moves(_reference_board(p), p.to_move)
            checked += 1
            p = E.play(p, rng.choice(E.legal_moves(p)))
    assert checked > 100


def test_fast_perft_agrees_with_the_generic_tree_walk():
    from generator.engine.core import Engine
    p = E.initial()
    for depth, expected in ((1, 37), (2, 1329), (3, 49594)):
        assert E.perft(p, depth) == expected
        assert Engine.perft(E, p, depth) == expected


def test_a_player_who_cannot_move_loses():
    # White's king in the corner, its two dice (2 on top) walled in by black dice: no first step is free.
    blocked = E.read_position({"a1": "BR", "a2": "B2", "b1": "B2", "a3": "N5", "b2": "N5", "c1": "N5", "e9": "NR"},
                              "blanc")
    assert E.legal_moves(blocked) == []
    outcome = E.outcome(blocked)
    assert outcome is not None and outcome.winner == "noir" and outcome.reason == "blocked"
    # Free b2 and the die on b1 can tumble: the game goes on.
    free = E.read_position({"a1": "BR", "a2": "B2", "b1": "B2", "a3": "N5", "c1": "N5", "e9": "NR"}, "blanc")
    assert E.legal_moves(free) and E.outcome(free) is None


def test_playtest_is_reproducible_and_counts_every_game():
    from generator.engine.playtest import playtest
    a = playtest("tactix", 8, seed=3, max_plies=200)
    b = playtest("tactix", 8, seed=3, max_plies=200)
    assert a.lines() == b.lines()
    assert sum(a.wins.values()) + a.unfinished == 8
    assert all(length <= 200 for length in a.lengths)
    # Random Tactix games mostly end by a king falling; the short variant adds the e5 goal.
    c = playtest("tactix", 8, seed=3, max_plies=200, variant="centre")
    assert sum(c.wins.values()) + c.unfinished == 8


# --- a game that never ends: this edition's draws (content/tactix/game.yaml, rules "Fin de la partie") -------

def _king_walk(position, steps):
    """`position` after the moves `steps` ('a1-a2', ...) played in turn, with the positions on the way."""
    seen = []
    for text in steps:
        position = E.play(position, E.parse_move(position, text))
        seen.append(position)
    return position, seen


def test_the_same_position_a_third_time_with_the_same_player_to_move_is_a_draw():
    # Two lone kings step out and back: the start stands again after 4 plies (2nd time), after 8 (3rd time).
    start = pos({"a1": "BR", "e9": "NR"})
    there_and_back = ["a1-a2", "e9-d9", "a2-a1", "d9-e9"]
    _end, seen = _king_walk(start, there_and_back * 2)
    assert E.write_position(seen[3]) == E.write_position(start) and seen[3].repetitions() == 2
    assert all(E.outcome(p) is None and E.legal_moves(p) for p in seen[:7])
    drawn = seen[7]
    assert drawn.repetitions() == 3
    outcome = E.outcome(drawn)
    assert outcome is not None and outcome.winner is None and outcome.key == "repetition"
    assert E.legal_moves(drawn) == []
    # The position in between (white king on a2, black to move) has stood only twice: no draw there.
    assert seen[4].repetitions() == 2 and E.outcome(seen[4]) is None


def test_a_repetition_counts_positions_whatever_the_path():
    # White's king goes round a square of four (a1 b1 b2 a2) while black's steps back and forth: the
    # start comes back every 4 plies by another path than the there-and-back of the test above.
    start = pos({"a1": "BR", "e9": "NR"})
    lap = ["a1-b1", "e9-d9", "b1-b2", "d9-e9", "b2-a2", "e9-d9", "a2-a1", "d9-e9"]
    _end, seen = _king_walk(start, lap)
    assert [i for i, p in enumerate(seen) if E.write_position(p) == E.write_position(start)] == [7]
    assert E.outcome(seen[7]) is None          # twice: only a start position and one lap
    _end, seen = _king_walk(seen[7], lap)
    assert E.outcome(seen[7]).key == "repetition"


# White's king goes round a six-square loop (a1 b1 c1 c2 b2 a2), black's round the twenty squares at the
# edge of rows 7-9; 6 and 20 have 60 as least common multiple, so no position comes back within 50 moves each.
WHITE_LOOP = ["a1", "b1", "c1", "c2", "b2", "a2"]
BLACK_LOOP = ["e9", "f9", "g9", "h9", "i9", "i8", "i7", "h7", "g7", "f7", "e7", "d7", "c7", "b7", "a7", "a8",
              "a9", "b9", "c9", "d9"]


def _loops(moves_each, prey=None):
    """Both kings round their loops, `moves_each` moves each; black's king takes the die on `prey` the first
    time it gets there."""
    steps = []
    for k in range(moves_each):
        steps.append(f"{WHITE_LOOP[k % 6]}-{WHITE_LOOP[(k + 1) % 6]}")
        there = BLACK_LOOP[(k + 1) % 20]
        steps.append(f"{BLACK_LOOP[k % 20]}{'x' if there == prey and k < 20 else '-'}{there}")
    return steps


def test_fifty_moves_of_each_player_without_a_capture_is_a_draw():
    start = pos({"a1": "BR", "e9": "NR"})
    _end, seen = _king_walk(start, _loops(50))
    assert max(p.repetitions() for p in seen) == 1
    assert all(E.outcome(p) is None for p in seen[:99])      # white's 50th move: 99 plies, the game goes on
    outcome = E.outcome(seen[99])                            # black's 50th: 100 plies without a die beaten
    assert outcome is not None and outcome.winner is None and outcome.key == "no_capture"
    assert E.legal_moves(seen[99]) == []


def test_a_capture_starts_the_fifty_moves_again():
    # The same walk with a white die on i8: black's king takes it on his 5th move (ply 10), so the
    # 100 plies without a capture are counted from there: no draw at ply 100, a draw at ply 110.
    start = pos({"a1": "BR", "e9": "NR", "i8": "B5"})
    steps = _loops(55, prey="i8")
    assert steps[9] == "i9xi8"
    _end, seen = _king_walk(start, steps)
    assert len(seen[9].since_capture) == 0 and len(seen[8].since_capture) == 9
    assert all(E.outcome(p) is None for p in seen[:109])
    assert E.outcome(seen[109]).key == "no_capture"


def test_draws_are_play_history_positions_compare_and_read_back_without_it():
    start = pos({"a1": "BR", "e9": "NR"})
    _end, seen = _king_walk(start, ["a1-a2", "e9-d9", "a2-a1", "d9-e9"])
    assert seen[3] == start and seen[3].since_capture and not start.since_capture
    assert E.read_position(E.write_position(seen[3]), "blanc") == seen[3]


def test_perft_with_history_walks_the_draws():
    # One ply before the third repetition: black's king on d9 may go to c9, e9 or d8; d9-e9 brings the
    # start back a third time, a drawn position without moves; after the other two, white's king on a1
    # has two moves (a2, b1). So 3 leaves at depth 1, 2 + 0 + 2 at depth 2 (6 without the draw).
    start = pos({"a1": "BR", "e9": "NR"})
    _end, seen = _king_walk(start, ["a1-a2", "e9-d9", "a2-a1", "d9-e9"] * 2)
    before = seen[6]
    assert E.write_position(before) == {"a1": "BR", "d9": "NR"} and E.to_move(before) == "noir"
    assert E.perft(before, 1) == 3
    assert E.perft(before, 2) == 4
