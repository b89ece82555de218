"""What reading the print guide adds to `pnp validate`, as a ratio measured in one run.

`pnp validate` renders every unit in memory and reads its PDFs (the reader's preflight); it now also makes the
print guide as the build would and reads it (build._validate_guide). Each game is validated once
(build.validate_games, no output folder: nothing is fresh, every unit is rendered), the guide's part timed on
a CPU clock as it runs. The ratio is the guide's time over the rest of validate's.

    python benchmarks/validate_guide.py tactix lutinades praxis
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import generator.build as build
from preflight_cost import SPENT, _timed       # a CPU clock round one function (this script's folder is on the path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+")
    parser.add_argument("--content", type=Path, default=Path("content"))
    args = parser.parse_args()
    build._validate_guide = _timed(build._validate_guide)     # looked up on the module at call time
    print(f"{'game':12} {'validate s':>11} {'guide s':>8} {'ratio':>6}")
    for game_id in args.games:
        SPENT["preflight"] = 0.0
        start = time.process_time()
        build.validate_games(args.content, [game_id])
        total = time.process_time() - start
        guide = SPENT["preflight"]
        print(f"{game_id:12} {total - guide:11.2f} {guide:8.2f} {guide / (total - guide):6.3f}")


if __name__ == "__main__":
    main()
