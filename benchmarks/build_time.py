"""Time `pnp build GAME` for every game of content/, median of whole-process runs.

A designer changes a rule and rebuilds: this is the number that says whether
that takes seconds. Each run is a fresh process into a fresh output folder.

    python benchmarks/build_time.py [--runs 3] [GAME...]

Results are recorded by hand in benchmarks/RESULTS.md with the machine they ran on.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def time_build(game: str, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "generator.cli", "build", game, "--out", out],
                           cwd=ROOT, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from generator.content import discover_games
    games = args.games or discover_games(ROOT / "content")
    total = 0.0
    for game in games:
        times = time_build(game, args.runs)
        median = statistics.median(times)
        total += median
        print(f"{game:12} median {median:6.2f} s   runs {', '.join(f'{t:.2f}' for t in times)}")
    print(f"{'all':12} sum of medians {total:6.2f} s")


if __name__ == "__main__":
    main()
