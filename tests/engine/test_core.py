"""The engine registry, the core protocol's shared helpers, and the `pnp engine` command functions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.content.errors import ContentError
import enginekit
import signs
from generator.engine import Engine, NotationError, engine_ids, get_engine, has_engine
from generator.engine.commands import moves_json, perft
from generator.engine.grid import COMMON_REASONS, EAST, NORTH, Grid
from generator.engine.playtest import playtest

REPO = Path(__file__).resolve().parents[2]


def run_alone(code: str) -> None:
    """Run `code` in a fresh interpreter (so sys.modules shows what it alone imports); it must exit 0."""
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_engines_are_found_by_game_id_and_unknown_games_are_refused():
    assert engine_ids() == ["3d-run", "armada", "lutinades", "praxis", "puxes", "tactix", "tectonic"]
    assert get_engine("tactix") is get_engine("tactix")
    assert get_engine("tactix").game_id == "tactix" and get_engine("tectonic").game_id == "tectonic"
    assert not has_engine("no-such-game")
    with pytest.raises(KeyError):
        get_engine("no-such-game")


def every_engine_and_count():
    """(engine id, player count) of every discovered engine and the test engine, for every count it accepts."""
    return [(game, n) for game in engine_ids() for n in get_engine(game).player_counts] + \
        [("signes", n) for n in signs.ENGINE.player_counts]


@pytest.mark.parametrize("game, players", every_engine_and_count())
def test_every_engine_keeps_the_protocol(game, players):
    engine = signs.ENGINE if game == "signes" else get_engine(game)
    assert isinstance(engine, Engine)
    met = enginekit.check_protocol(engine, players)
    assert len(met) > 1


@pytest.mark.parametrize("game", engine_ids())
def test_every_engine_refuses_a_player_count_it_does_not_accept(game):
    engine = get_engine(game)
    with pytest.raises(NotationError, match="players, not 9"):
        engine.initial(players=9)


def test_perft_command_counts_the_start_tree():
    assert perft("tactix", 0) == 1
    assert perft("tactix", 1) == 37
    assert perft("tactix", 2) == 1329
    assert perft("tactix", 2, "centre") == 1329      # no king can reach e5 in two plies


def test_perft_command_refuses_bad_input():
    with pytest.raises(ContentError, match="no rules engine for game 'chess'"):
        perft("chess", 1)
    with pytest.raises(ContentError, match="unknown variant 'court'"):
        perft("tactix", 1, "court")
    with pytest.raises(ContentError, match="0 or more"):
        perft("tactix", -1)


def test_moves_command_lists_the_start_moves_as_json():
    moves = json.loads(moves_json("tactix", None))
    assert len(moves) == 37 and "d1-d7" in moves and "a1-d3" in moves


def test_moves_command_reads_a_bare_or_a_diagram_style_position_file(tmp_path):
    bare = tmp_path / "bare.yaml"
    bare.write_text("e5: BR\ne6: N3n1\nd5: B1\ne9: NR\n", encoding="utf-8")
    assert json.loads(moves_json("tactix", bare)) == ["d5-d4", "d5-c5", "d5-d6", "e5-e4", "e5-f5", "e5xe6"]
    full = tmp_path / "full.yaml"
    full.write_text("position: {e5: BR, e6: N3n1, e9: NR}\nto_move: noir\n", encoding="utf-8")
    black = json.loads(moves_json("tactix", full))
    assert {"e9-d9", "e9-f9", "e9-e8", "e6-h6"} <= set(black)      # noir is to move; e6-e3 would pass over e5
    assert "e6-e3" not in black and not any(m.startswith("e5") for m in black)
    tect = tmp_path / "t.yaml"
    tect.write_text("position: {b5: MB, e6: PN, f5: CN}\n", encoding="utf-8")
    assert {"b5-e5*e6", "b5-e5*f5"} <= set(json.loads(moves_json("tectonic", tect)))


def test_a_bad_position_file_names_its_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("e1: BR\ne9: NR\nd4: B3\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        moves_json("tactix", bad)
    assert err.value.line == 3 and "north face" in err.value.message
    missing = tmp_path / "missing.yaml"
    with pytest.raises(ContentError, match="file not found"):
        moves_json("tactix", missing)
    extra = tmp_path / "extra.yaml"
    extra.write_text("position: start\nplayer: noir\n", encoding="utf-8")
    with pytest.raises(ContentError, match="unknown key 'player'"):
        moves_json("tactix", extra)


def test_generic_perft_walks_the_tree_and_stops_at_won_positions():
    e = get_engine("tectonic")
    p = e.read_position({"a10": "CN", "a9": "MRB", "b9": "CRB", "b10": "PRB", "e1": "MB"}, "noir")
    assert e.perft(p, 0) == 1 and e.perft(p, 1) == 0 and e.perft(p, 3) == 0


@pytest.mark.parametrize("game", engine_ids())
def test_engines_never_import_the_drawing_layers(game):
    code = ("import sys, importlib; import generator.engine.checker, generator.engine.commands, "
            f"generator.engine.playtest; importlib.import_module('generator.engine.games.{game}'); "
            "bad = [m for m in sys.modules if m.startswith(('generator.draw', 'generator.components'))]; "
            "print(bad); sys.exit(1 if bad else 0)")
    run_alone(code)


def test_finding_engines_imports_none_of_them():
    code = ("import sys; from generator.engine import engine_ids, has_engine; "
            "assert has_engine('praxis') and not has_engine('no-such-game') and len(engine_ids()) == 7; "
            "loaded = [m for m in sys.modules if m.startswith('generator.engine.games.')]; "
            "print(loaded); sys.exit(1 if loaded else 0)")
    run_alone(code)


def test_the_grid_names_steps_and_walks_rays_on_the_board():
    grid = Grid(9)
    assert grid.name(0) == "a1" and grid.name(80) == "i9" and grid.index("e5") == 40
    with pytest.raises(NotationError, match=r"'j1' is not a square of the 9x9 board \(a1 to i9\)") as err:
        grid.index("j1", "j1")
    assert err.value.key == "j1"
    with pytest.raises(NotationError, match=r"'l1' is not a crossing of the board \(a1 to k11\)"):
        Grid(11, what="crossing").index("l1")
    assert grid.step(grid.index("i5"), EAST) is None and grid.step(0, NORTH, 3) == grid.index("a4")
    assert [grid.name(s) for s in grid.ray(grid.index("c3"), (1, 1), 2)] == ["d4", "e5"]
    assert [grid.name(s) for s in grid.ray(grid.index("g8"), (1, 1))] == ["h9"]
    assert [grid.name(s) for s in grid.around(0)] == ["b1", "a2", "b2"]
    assert [grid.name(s) for s in grid.between(grid.index("a1"), grid.index("d4"))] == ["b2", "c3"]
    assert grid.between(grid.index("a1"), grid.index("b3")) is None


@pytest.mark.parametrize("game", engine_ids())
def test_engines_give_the_common_illegal_reasons_in_the_common_words(game):
    reasons = get_engine(game).illegal_reasons
    shared = [key for key in COMMON_REASONS if key in reasons]
    assert shared and all(reasons[key] == COMMON_REASONS[key] for key in shared)


def test_the_playtest_report_speaks_the_language_asked():
    report = playtest("tactix", 3, seed=2, max_plies=60)
    french, english = report.lines("fr"), report.lines("en")
    assert french[0] == "tactix: 3 parties aléatoires (limite 60 coups)"
    assert english[0] == "tactix: 3 random games (limit 60 moves)"
    assert len(french) == len(english)
    for word in ("parties", "coups", "longueur", "moyenne", "inachevées", "nulle", "fin:"):
        assert not any(word in line for line in english), word
