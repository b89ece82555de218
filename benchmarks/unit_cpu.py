"""CPU of each unit of a cold build of one game, in this process: render and the reader's preflight apart.

`build._unit_task` of every unit of `build.game_units`, timed with the process's CPU clock, `build.render_unit`
and `build.read_unit` apart; no profiler, the figure cache off (each unit draws its figures). Run it on two
trees in turn, a few rounds, the order alternated, and take medians (RESULTS.md, branch `cold-speed`):

    cd TREE && PYTHONPATH=TREE python benchmarks/unit_cpu.py puxes [UNIT ...]
"""

from __future__ import annotations

import resource
import sys
from pathlib import Path

import generator.build as build


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    game_id = sys.argv[1] if len(sys.argv) > 1 else "puxes"
    only = set(sys.argv[2:])
    spent: dict[str, float] = {}

    def timed(name, fn):
        def run(*args, **kwargs):
            started = _cpu()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[name] = spent.get(name, 0.0) + _cpu() - started
        return run

    build.render_unit = timed("render", build.render_unit)
    build.read_unit = timed("read", build.read_unit)
    content, options = Path("content"), build.BuildOptions()
    build._keep_figures_in(None)
    game = build._game(content, game_id, options)
    for unit in build.game_units(game):
        if only and unit not in only:
            continue
        spent.clear()
        started = _cpu()
        build._unit_task(content, game_id, options, unit)
        print(f"{unit:30s} total {_cpu() - started:6.2f}  render {spent.get('render', 0):6.2f}  "
              f"read {spent.get('read', 0):6.2f}", flush=True)


if __name__ == "__main__":
    main()
