"""The playtest of every game with its default agent (Engine.playtest_agent), its endings and its games per
CPU second, in one process, one run: the Markdown table benchmarks/RESULTS.md shows.

    python benchmarks/playtests.py [GAMES] [GAME ...]          # default: 20 games of each of the seven

The machine is shared: the CPU time of the process (user + system) is what is divided, and the load
average is printed before and after, so a reader can judge the figures. N is small: the rates are
rough, the endings a sketch; the 95 % intervals say how rough.
"""

from __future__ import annotations

import os
import resource
import sys
from collections import Counter
from pathlib import Path

from generator.engine import engine_ids
from generator.engine.playtest import make_setup, play_games
from generator.playtest.stats import wilson

CONTENT = Path(__file__).resolve().parent.parent / "content"


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


def row(game: str, count: int) -> str:
    setup = make_setup(game, content_dir=CONTENT)
    cpu = _cpu()
    records = play_games(setup, count)
    cpu = _cpu() - cpu
    ended = Counter(r.key or r.reason for r in records if not r.capped)
    capped = sum(r.capped for r in records)
    wins = Counter(r.winner for r in records if not r.capped and r.winner is not None)
    decided = sum(wins.values())
    low, high = wilson(decided, count)
    endings = ", ".join(f"{k} {n}" for k, n in ended.most_common()) + (f", capped {capped}" if capped else "")
    seats = ", ".join(f"{p} {wins[p]}" for p in setup.seats)
    return (f"| {game} | {setup.agents[0]} | {count} | {endings} | {seats} | {decided} "
            f"({100 * low:.0f}–{100 * high:.0f} %) | {count / cpu:.2f} | {1000 / (count / cpu):.0f} |")


def main(count: int, games: list[str]) -> None:
    print(f"load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| game | agent | games | endings | wins by seat | games won (95 % CI) | games / CPU s | "
          "CPU s for 1,000 |")
    print("|---|---|--:|---|---|---|--:|--:|")
    for game in games:
        print(row(game, count), flush=True)
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    main(n, sys.argv[2:] or list(engine_ids()))
