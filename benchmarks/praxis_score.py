"""The Praxis best split (`pnp engine praxis score`) on the largest inputs it accepts, timed in the process.

A whole box (108 tiles) and random draws of 30 to 108 tiles from it; prints the worst time, what
RESULTS-praxis.md records:

    python benchmarks/praxis_score.py [DRAWS]
    BENCH score_box_s 0.104
    BENCH score_worst_s 0.131
"""

from __future__ import annotations

import random
import sys
import time

from generator.engine.games import praxis as P


def main(draws: int) -> None:
    box = [t for t in P.TILE_INDEX for _ in range(P.STOCK[t.split("/")[0]])]
    start = time.perf_counter()
    P.praxis_score_lines(box)
    whole = time.perf_counter() - start
    rng, worst = random.Random(1), whole
    for _ in range(draws):
        tiles = rng.sample(box, rng.randint(30, len(box)))
        start = time.perf_counter()
        P.praxis_score_lines(tiles)
        worst = max(worst, time.perf_counter() - start)
    print(f"BENCH score_box_s {whole:.3f}")
    print(f"BENCH score_worst_s {worst:.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
