"""Engine.impossible and Engine.supply of the engines beyond Praxis: positions worked by hand from each game's
rules (the seeds and content/<game>/game.yaml assumptions) that no game played by the rules reaches, each beside
the nearest one that it does reach. The figure proof tells a figure drawn from the first kind (kind `impossible`);
tests/figures/test_caption_counts.py has it through whole figures."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.engine import game_engine

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _impossible(game_id: str, data: dict, to_move: str | None = None, variant: str | None = None):
    engine = game_engine(game_id, CONTENT)
    return engine.impossible(engine.read_position(data, to_move, variant))


# Tactix: the game stops on the move that wins it (its winner never has the move after it).
@pytest.mark.parametrize("data, to_move, variant, keys", [
    ({"e1": "BR", "e9": "NR", "a1": "B5"}, "blanc", None, []),                   # a game going on
    ({"e9": "BR", "a9": "NR"}, "noir", None, []),                                # white just reached e9: black's turn, over
    ({"e9": "BR", "a9": "NR"}, "blanc", None, ["e9"]),                           # ... and white to move again
    ({"e1": "BR", "a5": "N5"}, "noir", None, []),                                # white just took the black king
    ({"e1": "BR", "a5": "N5"}, "blanc", None, ["e1"]),                           # the king gone, the taker to move
    ({"e5": "BR", "e9": "NR"}, "blanc", "centre", ["e5"]),                       # the centre won, its winner to move
    ({"e5": "BR", "e9": "NR"}, "blanc", None, []),                               # e5 wins nothing in the plain game
    ({"e9": "BR", "e1": "NR"}, "noir", None, ["e1", "e9"]),                      # both home: the second never got there
])
def test_tactix_positions_past_a_win(data, to_move, variant, keys):
    found = _impossible("tactix", data, to_move, variant)
    assert [k for k, _ in found] == keys, found


def test_tactix_start_and_supply():
    engine = game_engine("tactix", CONTENT)
    start = engine.initial()
    assert engine.impossible(start) == []
    on_board = {}
    for _, style, _ in engine.placements(start):
        on_board[style] = on_board.get(style, 0) + 1
    assert on_board == dict(engine.supply(start)) == {"blanc": 8, "noir": 8, "roi_blanc": 1, "roi_noir": 1}


# Tectonic: a colline, a pic and a mont of one colour in an enemy region win on the move that brings them.
# Black's region a10 is a10 b10 c10 a9 b9 a8; White's region j1 is j1 i1 h1 j2 i2 j3.
@pytest.mark.parametrize("data, to_move, found", [
    ({"a10": "CB", "b10": "PB", "a9": "MB", "j8": "CN"}, "noir", 0),        # white just won
    ({"a10": "CB", "b10": "PB", "a9": "MB", "j8": "CN"}, "blanc", 1),       # ... white to move again
    ({"a10": "CB", "b10": "PRB", "a9": "MB", "j8": "CN"}, "blanc", 0),      # its pic red: no set
    ({"a10": "CB", "b10": "PB", "a9": "MB", "j1": "CN", "i1": "PN", "j2": "MN"}, "noir", 2),   # both sets
])
def test_tectonic_positions_past_a_win(data, to_move, found):
    assert len(_impossible("tectonic", data, to_move)) == found


def test_tectonic_start_and_supply():
    engine = game_engine("tectonic", CONTENT)
    start = engine.initial()
    assert engine.impossible(start) == []
    supply = engine.supply(start)
    assert supply["colline_blanc"] == supply["pic_rouge_noir"] == 3 and len(supply) == 12


# Lutinades: 48 cards (panneaux.csv), haut-3-0 in four copies.
@pytest.mark.parametrize("data, keys", [
    ({"joueurs": ["anne", "bruno", "chloe"], "cueilleur": "anne", "carte": "haut-2-1", "pioche": 39,
      "gains": {"anne": 8}}, []),                                                     # 39 + 1 + 8 = 48
    ({"joueurs": ["anne", "bruno", "chloe"], "cueilleur": "anne", "carte": "haut-2-1", "pioche": 40,
      "gains": {"anne": 8}}, ["pioche"]),                                             # 49
    ({"joueurs": ["anne", "bruno", "chloe"], "cueilleur": "anne", "carte": "bas-2-1",
      "pioche": ["haut-3-0"] * 4}, []),
    ({"joueurs": ["anne", "bruno", "chloe"], "cueilleur": "anne", "carte": "haut-3-0",
      "pioche": ["haut-3-0"] * 4}, ["pioche"]),                                       # a fifth haut-3-0
])
def test_lutinades_cards_beyond_the_deck(data, keys):
    assert [k for k, _ in _impossible("lutinades", data)] == keys


# 3d Run: pawns may share a cell (game.yaml); a1 is rock (niveau.txt, bottom row), a2 a START cell.
@pytest.mark.parametrize("data, keys", [
    ({"j1": "a2", "j2": "a2"}, []),                                       # two pawns on one cell: allowed
    ({"j1": "a1", "j2": "a2"}, ["j1"]),                                   # a pawn inside the rock
    ({"j1": {"case": "b2", "pv": 0}, "j2": "a2"}, ["j1"]),                # 0 PV: eliminated at once
    ({"j1": {"case": "b2", "pv": 1}, "j2": "a2"}, []),
])
def test_3d_run_pawns_inside_a_wall_or_without_pv(data, keys):
    assert [k for k, _ in _impossible("3d-run", data)] == keys
