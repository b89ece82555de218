"""Playouts of one game by one agent, timed inside the process (interpreter start and imports left out).

The playouts are `pnp playtest`'s (engine/playtest.py): game i dealt and played from its own seed, the
agent in every seat, chance by its exact odds, up to 400 plies; with JOBS above 1 they are shared among
that many processes (the CPU time then counts the workers too). Prints what benchmarks/bench.py reads:

    python benchmarks/playouts.py GAME COUNT [AGENT] [JOBS]
    BENCH playouts_per_s_cpu 36.1
    BENCH playouts_per_s_wall 35.8
"""

from __future__ import annotations

import resource
import sys
import time
from pathlib import Path

from generator.engine.playtest import make_setup, play_games

CONTENT = Path(__file__).resolve().parent.parent / "content"     # engines that read their game's data


def _cpu() -> float:
    mine, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


def main(game_id: str, count: int, agent: str = "random", jobs: int = 1) -> None:
    setup = make_setup(game_id, agents=(agent,), seed=1, content_dir=CONTENT)
    cpu, wall = _cpu(), time.perf_counter()
    play_games(setup, count, jobs)
    cpu, wall = _cpu() - cpu, time.perf_counter() - wall
    print(f"BENCH playouts_per_s_cpu {count / cpu:.2f}")
    print(f"BENCH playouts_per_s_wall {count / wall:.2f}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), *(sys.argv[3:4] or ["random"]), *[int(j) for j in sys.argv[4:5]])
