"""One build reads each game's content and its diagrams once (issue 9): neither the check, the figures, the
rulebook nor the terminal summary reads them again."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

import generator.content.loader as loader
import generator.engine.checker as checker
from generator.cli import cli

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("armada", "praxis", "tactix", "tectonic")


def _count_calls(monkeypatch, original, counter: Counter, game_arg: int):
    """Replace `original` by a wrapper counting calls per game (its argument number game_arg) in every generator
    module that holds it under its name."""
    def counting(*args, **kwargs):
        counter[args[game_arg]] += 1
        return original(*args, **kwargs)
    for name, module in list(sys.modules.items()):
        if name.startswith("generator") and getattr(module, original.__name__, None) is original:
            monkeypatch.setattr(module, original.__name__, counting)


def test_a_build_of_four_games_reads_each_game_and_its_diagrams_once(monkeypatch, tmp_path):
    import generator.build  # noqa: F401  (imported before the wrappers go in, so that they reach it)
    games, diagrams = Counter(), Counter()
    _count_calls(monkeypatch, loader.load_game, games, 1)
    _count_calls(monkeypatch, checker.load_game_diagrams, diagrams, 0)
    result = CliRunner().invoke(cli, ["build", *GAMES, "--content", str(ROOT / "content"),
                                      "--out", str(tmp_path / "out"), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "tactix" in result.output and (tmp_path / "out" / "tactix" / "manifest.json").is_file()
    assert games == Counter({gid: 1 for gid in GAMES})
    assert diagrams == Counter({gid: 1 for gid in GAMES})


def test_validate_reads_each_game_and_its_diagrams_once(monkeypatch):
    import generator.build  # noqa: F401
    games, diagrams = Counter(), Counter()
    _count_calls(monkeypatch, loader.load_game, games, 1)
    _count_calls(monkeypatch, checker.load_game_diagrams, diagrams, 0)
    result = CliRunner().invoke(cli, ["validate", "tactix", "tectonic", "--content", str(ROOT / "content")])
    assert result.exit_code == 0, result.output
    assert games == Counter(tactix=1, tectonic=1)
    assert diagrams == Counter(tactix=1, tectonic=1)
