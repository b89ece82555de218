"""Workers only when two tasks or more draw pages (issue 26): a deck alone is built in its one process, where
two workers would import the drawing stack again for a calibration page and empty units."""

from __future__ import annotations

from generator import build

from tests.conftest import CONTENT, ROOT
from tests.perf.test_lazy_imports import _modules_imported_by

BENCH = ROOT / "benchmarks"


def _tasks(content, game_id: str) -> list:
    """The tasks of a cold build of the game, loaded as build_games loads it (what the count reads)."""
    game = build._game(content, game_id, build.BuildOptions())
    return [(game_id, None, None, ())] + [(game_id, unit, None, ()) for unit in build.game_units(game)]


def test_only_the_units_that_draw_pages_count():
    assert build._drawing_tasks(BENCH, _tasks(BENCH, "peer-deck")) == 1          # the deck; no rules, no diagrams
    tactix = _tasks(CONTENT, "tactix")
    components = sum(1 for _, unit, _, _ in tactix if unit and unit.startswith("component:"))
    assert build._drawing_tasks(CONTENT, tactix) == components + 2              # its rulebook and its figures


def test_a_deck_alone_starts_no_worker(tmp_path):
    modules = _modules_imported_by(tmp_path, "build", "peer-deck", "--content", str(BENCH),
                                   "--out", str(tmp_path / "out"), "--jobs", "2")
    assert (tmp_path / "out" / "peer-deck" / "manifest.json").is_file()
    assert "concurrent.futures.process" not in modules


def test_the_workers_take_the_rulebooks_first_then_the_tasks_as_listed():
    """A rulebook is a game's longest task: started last, as listed, it ran alone while the other worker waited."""
    tasks = _tasks(CONTENT, "tactix") + _tasks(CONTENT, "puxes")
    order = build._submission_order(tasks)
    assert sorted(order) == list(range(len(tasks)))
    units = [tasks[i][:2] for i in order]
    assert units[:2] == [("tactix", "rulebook"), ("puxes", "rulebook")]
    assert units[2:] == [t[:2] for t in tasks if t[1] != "rulebook"]
