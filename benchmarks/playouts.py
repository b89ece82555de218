"""Random playouts of one game, timed inside the process (interpreter start and imports left out).

The playouts are `pnp playtest`'s (engine/playtest.py): a seeded deal, uniform legal moves, chance by its
exact odds, up to 400 plies. Prints what benchmarks/bench.py reads:

    python benchmarks/playouts.py GAME COUNT
    BENCH playouts_per_s_cpu 36.1
    BENCH playouts_per_s_wall 35.8
"""

from __future__ import annotations

import sys
import time

from generator.engine.playtest import playtest


def main(game_id: str, count: int) -> None:
    cpu, wall = time.process_time(), time.perf_counter()
    playtest(game_id, count, seed=1)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"BENCH playouts_per_s_cpu {count / cpu:.2f}")
    print(f"BENCH playouts_per_s_wall {count / wall:.2f}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
