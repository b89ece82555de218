"""Every aim of issue 26 in one interleaved run: the gaps, measured against the same floor in the same rounds.

bench.py's cases, with the two rebuild cases run on one content copy built once (as rule_edit.py does: bench.py
prepares each of their runs with a cold build of the seven games, minutes here). Each round runs, in an order
rotated by the round, fresh processes of: the floor, `pnp build peer-deck`, Squib's vector deck, the cold
builds of PuXes and of every game, `pnp build` of the kept copy after one more line in Tactix's rules.fr.md,
`pnp build` of it again with nothing changed, and `pnp watch` with one card saved (watch_edit.py). Same
accounting as bench.py: CPU = user + system of the process and the workers it waited for, medians, the
machine's load before and after. `make test` is not timed here (the lead's idle-machine measure).

    python benchmarks/aims.py --scratch /tmp/aims [--runs 5] [--cases floor peer-deck ...]
        [--baseline /tmp/main [--baseline-cases puxes ...]]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import bench  # noqa: E402
from bench import PY, Case, child_environment, measure, report, cases as bench_cases  # noqa: E402

KEPT = ("rebuild-rule-edit", "rebuild-unchanged")
DEFAULT = ["floor", "peer-deck", "squib-vector", "puxes", "all-games", *KEPT, "watch-edit"]


def _kept(case: Case, copy: Path, game: str) -> Case:
    """The rebuild case on `copy` (built once, by the case's tree): the rule edit appends one more line to
    `game`'s rules first."""
    def argv(scratch: Path) -> list[str]:
        if case.name.partition("@")[0] == "rebuild-rule-edit":
            rules = copy / "content" / game / "rules.fr.md"
            with rules.open("a", encoding="utf-8") as f:
                f.write(f"\nUne ligne de règle modifiée ({os.urandom(4).hex()}).\n")
        return [PY, "-m", "generator.cli", "build", "--content", str(copy / "content"), "--out", str(copy / "out")]
    return Case(case.name, argv, f"{case.what} (one content copy built once, {copy})", aim=case.aim,
                aim_on=case.aim_on, cwd=case.cwd)


RETRIES: dict[str, list[str]] = {}


def _retried(run_once):
    """bench.run_once, a failed run tried again (at most twice more) and told: at a load of 10 here, a rules
    template of 3d-run can pass the 10 s of wall time a rules file may take, and the cold build fails."""
    def run(case: Case, env: dict):
        for attempt in range(3):
            try:
                return run_once(case, env)
            except SystemExit as failure:
                RETRIES.setdefault(case.name, []).append(str(failure).splitlines()[-1][:200])
                if attempt == 2:
                    raise
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cases", nargs="+", default=DEFAULT)
    parser.add_argument("--game", default="tactix", help="whose rules.fr.md gets one more line a round")
    parser.add_argument("--scratch", type=Path, required=True, help="the kept content copies and the bytecode cache")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another source tree (git archive REV | tar -x -C DIR): its `pnp` cases too, as "
                             "NAME@baseline, in the same rounds (a kept copy of its own for the rebuild cases)")
    parser.add_argument("--baseline-cases", nargs="+", default=None,
                        help="of the chosen cases, those run on --baseline too (default: every one): a cold build "
                             "of the seven games on both trees is most of an hour here at a load of 14")
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs: the rule is medians of at least 5 fresh processes")
    sys.path.insert(0, str(ROOT))
    by_name = {c.name: c for c in bench_cases(3)}
    unknown = (set(args.cases) | set(args.baseline_cases or ())) - set(by_name)
    if unknown:
        parser.error(f"unknown cases {sorted(unknown)}")
    bench.run_once = _retried(bench.run_once)
    env = child_environment(args.scratch / "pycache")
    trees = {"": ROOT} | ({"@baseline": args.baseline.resolve()} if args.baseline else {})
    chosen, copies = [], []
    for name in dict.fromkeys(["floor", *args.cases]):
        for suffix, tree in trees.items():
            case = by_name[name]
            if suffix and (case.argv is bench._squib or name == "floor"):
                continue                    # not ours: timed once
            if suffix and args.baseline_cases is not None and name not in args.baseline_cases:
                continue
            case = replace(case, name=name + suffix, cwd=tree, faster_than=None if suffix else case.faster_than)
            if name in KEPT:
                copy = args.scratch / ("kept" + suffix.replace("@", "-"))
                if not (copy / "content").is_dir():
                    shutil.copytree(ROOT / "content", copy / "content")
                if (copy, tree) not in copies:
                    copies.append((copy, tree))
                case = _kept(case, copy, args.game)
            chosen.append(case)
    # The bytecode cache written first, untimed (no warm-up round: a round's cold builds are minutes here).
    for tree in trees.values():
        subprocess.run([PY, "-m", "compileall", "-q", "generator", "benchmarks"], cwd=tree, env=env, check=True,
                       capture_output=True)
    for copy, tree in copies:
        print(f"building {copy} with {tree} until current (cold the first time)", file=sys.stderr)
        for attempt in range(3):        # (a cold build can fail at a load of 10: see _retried)
            done = subprocess.run([PY, "-m", "generator.cli", "build", "--content", str(copy / "content"), "--out",
                                   str(copy / "out")], cwd=tree, env=env, capture_output=True, text=True)
            if done.returncode == 0:
                break
            print(f"  failed, tried again: {done.stdout.strip().splitlines()[-1:]}", file=sys.stderr)
        else:
            sys.exit(f"{copy}: the build fails:\n{done.stdout}{done.stderr}")
    loads = [os.getloadavg()]
    timings = measure(chosen, args.runs, env, warm_up=False)   # (bench.run_once, retried: see _retried)
    loads.append(os.getloadavg())
    print(report(chosen, timings, args.runs, loads))
    for name, failures in RETRIES.items():
        print(f"{name}: {len(failures)} failed run(s) tried again: {' | '.join(failures)}")
    for case in chosen:
        print(f"{case.name}: rounds CPU {', '.join(f'{c:.2f}' for c in timings[case.name].cpu)}; "
              f"wall {', '.join(f'{w:.2f}' for w in timings[case.name].wall)}")


if __name__ == "__main__":
    main()
