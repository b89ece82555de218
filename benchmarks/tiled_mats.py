"""The tiled mats' placements (issue 26): PuXes' seven tiled mats tiled in one process, `print/tiling.tile_face`
alone (no build, no reader), and the CPU of its two placements inside it: the sheets' names on the assembly plan
(`_name_on_sheet`, which calls `name_place`) and the overlap notes (`_note_place`).

    python benchmarks/tiled_mats.py --runs 5 --baseline /tmp/main     # this tree and another, interleaved

Each run is a fresh process per tree (PYTHONPATH set to the tree), the trees alternated in each round and the
first one rotated from round to round; medians of the runs, and the ratio of this tree's to the baseline's. Each
process also prints a digest of the PDFs it made, so that a change meant to keep the results can be seen to keep
them byte for byte.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child() -> None:
    """One process: tile every mat of PuXes, time the whole and each placement (CPU of this process)."""
    from generator.components.mat import mat_item
    from generator.content.loader import load_game
    from generator.print import PrintOptions, tile_face, tiling
    game = load_game(ROOT / "content", "puxes")
    items = [mat_item(size, game.folder) for c in game.components if type(c).__name__ == "Mat"
             for size in c.all_sizes() if size.id != "tapis-forteresse"]
    spent = {"names": 0.0, "notes": 0.0}

    def timed(function, key):
        def run(*args, **kwargs):
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent[key] += time.process_time() - start
        return run
    tiling._name_on_sheet = timed(tiling._name_on_sheet, "names")
    tiling._note_place = timed(tiling._note_place, "notes")
    digest = hashlib.sha256()
    start = time.process_time()
    for item in items:
        digest.update(tile_face(item, PrintOptions(), game_title="PuXes", component_name=item.id).pdf)
    total = time.process_time() - start
    print(f"{total:.3f} {spent['names']:.3f} {spent['notes']:.3f} {digest.hexdigest()[:16]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline", type=Path, required=True, help="another source tree (git archive REV)")
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs: the rule is medians of at least 5 fresh processes")
    trees = {"branch": ROOT, "baseline": args.baseline.resolve()}
    found: dict[str, list] = {name: [] for name in trees}
    print(f"load before: {os.getloadavg()[0]:.1f}")
    for r in range(args.runs):
        order = list(trees) if r % 2 == 0 else list(trees)[::-1]
        for name in order:
            env = dict(os.environ, PYTHONPATH=str(trees[name]))
            out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child"], env=env, cwd=trees[name],
                                 check=True, capture_output=True, text=True).stdout.split()
            found[name].append(out)
            print(f"round {r + 1} {name}: tile_face {out[0]} s, names {out[1]} s, notes {out[2]} s, pdfs {out[3]}")
    print(f"load after: {os.getloadavg()[0]:.1f}")
    print("| tree | tile_face CPU s | sheet names s | overlap notes s | PDFs' digest |")
    print("|---|---:|---:|---:|---|")
    medians = {}
    for name, runs in found.items():
        medians[name] = [statistics.median(float(run[k]) for run in runs) for k in range(3)]
        digests = sorted({run[3] for run in runs})
        print(f"| {name} | {medians[name][0]:.2f} | {medians[name][1]:.2f} | {medians[name][2]:.2f} | "
              f"{', '.join(digests)} |")
    ratios = [medians["branch"][k] / medians["baseline"][k] for k in range(3)]
    print(f"| branch / baseline | {ratios[0]:.2f} | {ratios[1]:.2f} | {ratios[2]:.2f} | |")


if __name__ == "__main__":
    if sys.argv[1:] == ["--child"]:
        child()
    else:
        main()
