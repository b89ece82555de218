"""The greedy agent's choice by max against the former full sort, on the same choices, in one process.

The choices are those of COUNT seeded games (seed 1) of GAME played by the greedy agent (`pnp playtest`'s
referee); each is then made ROUNDS times by the former rule (ranked(): every move sorted, the first taken)
and by today's (best_move(): the maximum of the same key), one after the other, which goes first alternating
(an engine's caches, warmed by the first, favour the second), and the CPU time of each summed.
Both pick the same move (checked here on every choice, and in tests/engine/test_playtest_agents.py); the
ratio says what the sort cost. Not a timed test: one run, on a shared machine, read the ratio.

    python benchmarks/greedy_max.py GAME COUNT [ROUNDS]
    BENCH choices 1234
    BENCH sort_cpu_s 5.10
    BENCH max_cpu_s 5.02
    BENCH ratio 1.02
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from generator.engine.agents import GreedyAgent, ranked
from generator.engine.playtest import make_setup, play_game

CONTENT = Path(__file__).resolve().parent.parent / "content"


class Recorder(GreedyAgent):
    """The greedy agent, keeping every seat it is asked at with more than one move."""

    def __init__(self, seats: list):
        self.seats = seats

    def choose(self, seat, rng):
        if len(seat.moves) > 1:
            self.seats.append(seat)
        return super().choose(seat, rng)


def main(game_id: str, count: int, rounds: int = 3) -> None:
    setup = make_setup(game_id, agents=("greedy",), seed=1, content_dir=CONTENT)
    seats: list = []
    for i in range(count):
        play_game(setup, i, [Recorder(seats) for _ in setup.seats])
    cpu = {"sort": 0.0, "max": 0.0}
    greedy = GreedyAgent()

    def former(seat, k):
        old = random.Random(k)
        return ranked(seat, seat.sample(old), old)[0][2]

    rules = {"sort": former, "max": lambda seat, k: greedy.choose(seat, random.Random(k))}
    for r in range(rounds):
        for k, seat in enumerate(seats):
            # which rule goes first alternates: an engine's caches, warmed by the first, favour the second
            chosen = {}
            for name in (("sort", "max") if (r + k) % 2 == 0 else ("max", "sort")):
                start = time.process_time()
                chosen[name] = rules[name](seat, k)
                cpu[name] += time.process_time() - start
            assert chosen["sort"] == chosen["max"], (game_id, k)
    sort_cpu, max_cpu = cpu["sort"], cpu["max"]
    print(f"BENCH choices {len(seats)}")
    print(f"BENCH sort_cpu_s {sort_cpu:.2f}")
    print(f"BENCH max_cpu_s {max_cpu:.2f}")
    print(f"BENCH ratio {sort_cpu / max_cpu:.3f}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), *[int(a) for a in sys.argv[3:4]])
