"""What the preflight costs a build, as ratios measured in one run: the reader's preflight (generator/print/reader.py)
and the figure proof (generator/figure_proof.py), each beside the rest of the build.

Each game is rendered in memory as `pnp build` renders it (build.render_game: every unit, the print guide,
the manifest), with the preflight's checks (reader.check) timed as they run; then its figures are proven as
`pnp build` and `pnp validate` prove them (figure_proof.prove_figures on the figures the build drew), its
replay of each drawing for the labels a crop hides (`_hidden_labels`) timed apart. CPU (process_time) and wall
(perf_counter) both. Each ratio is over the rest of the build (the build less the reader): the preflight must stay
well under 1 (it must not double a build) to run in every build.

    python benchmarks/preflight_cost.py tactix lutinades
    python benchmarks/preflight_cost.py --content benchmarks peer-deck

With --processes N, each game is measured in N fresh processes (medians; the load average is printed before and
after), and with --tree DIR (repeatable) in the source tree DIR (a checkout of another commit: before/after in
one run, the trees' processes interleaved):

    python benchmarks/preflight_cost.py --processes 5 --tree /tmp/base --tree . tactix tectonic
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

SPENT: dict[str, list[float]] = {}
PARTS = ("build", "reader", "proof", "hidden")


def _timed(part: str, fn):
    def wrapper(*args, **kwargs):
        cpu, wall = time.process_time(), time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            spent = SPENT.setdefault(part, [0.0, 0.0])
            spent[0] += time.process_time() - cpu
            spent[1] += time.perf_counter() - wall
    return wrapper


def measure(content: Path, game_id: str) -> dict[str, list[float]]:
    """[cpu, wall] seconds of each part for one game, in this process: the build without the reader, the reader,
    the figure proof, and the proof's `_hidden_labels` (part of the proof)."""
    import generator.build as build
    import generator.figure_proof as proof
    import generator.figures as figures
    import generator.print.reader as reader
    from generator.content import load_game
    from generator.engine.checker import load_game_diagrams
    reader.check = _timed("reader", reader.check)      # every call site looks it up on the module at call time
    proof._hidden_labels = _timed("hidden", proof._hidden_labels)
    drawn: dict = {}
    game_figures = figures.game_figures

    def keep(*args, **kwargs):          # the figures the build draws, proven below as the build proves them
        drawn.update(result := game_figures(*args, **kwargs))
        return result
    figures.game_figures = keep
    SPENT.clear()
    game = load_game(content, game_id)
    whole = _timed("whole", build.render_game)
    whole(game, build.BuildOptions())
    diagrams = load_game_diagrams(game_id, content, game.components) if drawn else []
    with build.own_icons(game):
        _timed("proof", proof.prove_figures)(game, diagrams, drawn)
    reading = SPENT.get("reader", [0.0, 0.0])
    SPENT["build"] = [w - r for w, r in zip(SPENT.pop("whole"), reading)]
    return {part: SPENT.get(part, [0.0, 0.0]) for part in PARTS}


def _row(game_id: str, spent: dict, clock: int) -> str:
    build, reader, proof, hidden = (spent[p][clock] for p in PARTS)
    return (f"{game_id:12} {build:8.2f} {reader:8.2f} {reader / build:7.3f} {proof:8.2f} {proof / build:7.3f} "
            f"{hidden:8.2f}")


HEAD = f"{'game':12} {'build s':>8} {'reader':>8} {'/build':>7} {'proof':>8} {'/build':>7} {'hidden':>8}"


def _fresh(tree: Path, content: Path, game_id: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, __file__, "--json", "--content", str(content), game_id], env=env,
                         cwd=tree, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+")
    parser.add_argument("--content", type=Path, default=Path("content"))
    parser.add_argument("--processes", type=int, default=0)
    parser.add_argument("--tree", type=Path, action="append")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)   # one game, for the driver
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.content, args.games[0])))
        return
    if not args.processes:
        print("CPU s (one process)\n" + HEAD)
        for game_id in args.games:
            print(_row(game_id, measure(args.content, game_id), 0))
        return
    trees = [t.resolve() for t in (args.tree or [Path.cwd()])]
    content = args.content.resolve()
    print(f"load average before: {os.getloadavg()}")
    runs: dict = {(t, g): [] for t in trees for g in args.games}
    for _ in range(args.processes):
        for game_id in args.games:
            for tree in trees:
                runs[(tree, game_id)].append(_fresh(tree, content, game_id))
    print(f"load average after: {os.getloadavg()}")
    for clock, name in ((0, "CPU"), (1, "wall")):
        for tree in trees:
            print(f"\n{name} s, medians of {args.processes} fresh processes, tree {tree}\n{HEAD}")
            for game_id in args.games:
                spent = {p: [statistics.median(r[p][c] for r in runs[(tree, game_id)]) for c in (0, 1)]
                         for p in PARTS}
                print(_row(game_id, spent, clock))


if __name__ == "__main__":
    main()
