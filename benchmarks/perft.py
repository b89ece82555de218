"""Tactix perft timing: node counts and nodes per second, one core, best of N runs.

    python benchmarks/perft.py [--depth 3 4] [--repeat 3]

Prints a Markdown table; benchmarks/RESULTS.md records a run. "Nodes" are the
leaves at the given depth (what `pnp engine tactix perft N` prints); the time
is the best of the repeats, so a busy machine skews it as little as possible.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.engine import get_engine  # noqa: E402


def measure(depth: int, repeat: int) -> tuple[int, float]:
    engine = get_engine("tactix")
    start = engine.initial()
    best, nodes = float("inf"), 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        nodes = engine.perft(start, depth)
        best = min(best, time.perf_counter() - t0)
    return nodes, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.processor() or 'cpu'}; "
          f"best of {args.repeat}\n")
    print("| depth | nodes | seconds | nodes/s |")
    print("|------:|------:|--------:|--------:|")
    for depth in args.depth:
        nodes, seconds = measure(depth, args.repeat)
        print(f"| {depth} | {nodes:,} | {seconds:.3f} | {nodes / seconds:,.0f} |")


if __name__ == "__main__":
    main()
