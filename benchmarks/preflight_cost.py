"""What the reader's preflight (generator/print/reader.py) costs a build, as a ratio measured in one run.

Each game is rendered in memory as `pnp build` renders it (build.render_game: every unit, the print guide,
the manifest), with the preflight's reading of each PDF (preflight.read_pdf, once per file) and its checks
(reader.check) timed on a CPU clock as they run. The ratio is the preflight's time over the rest of the
build's: the preflight must stay well under 1 (it must not double a build) to run in every build.

    python benchmarks/preflight_cost.py tactix lutinades
    python benchmarks/preflight_cost.py --content benchmarks peer-deck
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import generator.build as build
import generator.print.reader as reader
from generator.content import load_game

SPENT = {"preflight": 0.0}


def _timed(fn):
    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            SPENT["preflight"] += time.process_time() - start
    return wrapper


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+")
    parser.add_argument("--content", type=Path, default=Path("content"))
    args = parser.parse_args()
    reader.check = _timed(reader.check)          # every call site looks it up on the module at call time
    print(f"{'game':12} {'pdfs':>6} {'build s':>8} {'preflight s':>12} {'ratio':>6}")
    for game_id in args.games:
        game = load_game(args.content, game_id)
        SPENT["preflight"] = 0.0
        start = time.process_time()
        out = build.render_game(game, build.BuildOptions())
        total = time.process_time() - start
        pdfs = sum(1 for name in out.files if name.endswith(".pdf"))
        preflight = SPENT["preflight"]
        rest = total - preflight
        print(f"{game_id:12} {pdfs:>6} {rest:8.2f} {preflight:12.2f} {preflight / rest:6.2f}")


if __name__ == "__main__":
    main()
