"""A one-line rules edit, then `pnp build` of every game: bench.py's `rebuild-rule-edit`, prepared once per tree.

bench.py's case prepares each run with a cold build of the seven games (minutes here: PuXes alone is most of
it), so five rounds on two trees are twenty cold builds. This runs the same timed command on a content copy
built once per tree (in `--scratch`, reused by the next run): each round appends one more line to
`<game>/rules.fr.md` of the tree's copy and times `pnp build` of every game as a fresh process, interleaved
with the floor (benchmarks/floor_deck.py) and, with `--baseline DIR`, the same on that tree, the order rotated
by the round. Same accounting as bench.py: CPU = user + system of the process and its workers, medians,
the machine's load before and after.

    python benchmarks/rule_edit.py --scratch /tmp/rule-edit --baseline /tmp/main   # main: git archive | tar -x
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench import BENCH, PY, child_environment  # noqa: E402


def _timed(argv: list[str], cwd: Path, env: dict) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", default="tactix", help="the game whose rules.fr.md gets one more line a round")
    parser.add_argument("--scratch", type=Path, required=True, help="where each tree's built copy is kept")
    parser.add_argument("--baseline", type=Path, default=None, help="another source tree, timed in the same rounds")
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs: the rule is medians of at least 5 fresh processes")
    trees = {"rebuild-rule-edit": ROOT}
    if args.baseline:
        trees["rebuild-rule-edit@baseline"] = args.baseline.resolve()
    env = child_environment(args.scratch / "pycache")
    for name, tree in trees.items():
        copy = args.scratch / name.replace("@", "-")
        if not (copy / "content").is_dir():
            shutil.copytree(ROOT / "content", copy / "content")
        print(f"preparing {name} (a build until current: cold the first time)", file=sys.stderr)
        _timed([PY, "-m", "generator.cli", "build", "--content", str(copy / "content"), "--out", str(copy / "out")],
               tree, env)
    cases = ["floor", *trees]
    times: dict[str, list[tuple[float, float]]] = {case: [] for case in cases}
    loads = [os.getloadavg()]
    for r in range(args.runs):
        for case in cases[r % len(cases):] + cases[:r % len(cases)]:
            if case == "floor":
                cpu, wall = _timed([PY, str(BENCH / "floor_deck.py"), str(args.scratch / "floor.pdf")], ROOT, env)
            else:
                copy = args.scratch / case.replace("@", "-")
                rules = copy / "content" / args.game / "rules.fr.md"
                with rules.open("a", encoding="utf-8") as f:
                    f.write(f"\nUne ligne de règle modifiée, tour {r + 1}.\n")
                cpu, wall = _timed([PY, "-m", "generator.cli", "build", "--content", str(copy / "content"),
                                    "--out", str(copy / "out")], trees[case], env)
            times[case].append((cpu, wall))
            print(f"  round {r + 1} {case:28} cpu {cpu:6.2f} s  wall {wall:6.2f} s", file=sys.stderr)
    loads.append(os.getloadavg())
    fc = statistics.median(c for c, _ in times["floor"])
    fw = statistics.median(w for _, w in times["floor"])
    print(f"load average (1, 5, 15 min) before {', '.join(f'{v:.2f}' for v in loads[0])}, after "
          f"{', '.join(f'{v:.2f}' for v in loads[1])}; medians of {args.runs} fresh processes, interleaved\n")
    print("| case | CPU s | wall s | CPU / floor | wall / floor | aim | met | rounds (CPU s) |")
    print("|------|------:|-------:|------------:|-------------:|-----|-----|----------------|")
    for case in cases:
        cpu = statistics.median(c for c, _ in times[case])
        wall = statistics.median(w for _, w in times[case])
        aim = "" if case == "floor" else "≤ 8x floor wall"
        met = "" if case == "floor" else ("yes" if wall / fw <= 8 else "NO")
        rounds = ", ".join(f"{c:.2f}" for c, _ in times[case])
        print(f"| {case} | {cpu:.3f} | {wall:.3f} | {cpu / fc:.2f} | {wall / fw:.2f} | {aim} | {met} | {rounds} |")


if __name__ == "__main__":
    main()
