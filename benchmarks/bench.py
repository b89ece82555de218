"""Benchmarks of PnP Forge against a floor measured in the same run.

The rule for every number here (issue 9): a ratio to a reference measured in the
same run, the cases interleaved (round r runs every case once, in an order
rotated by r, so a busy spell of the machine falls on all of them), the median
of at least 5 fresh processes, CPU time (user + system of the process and of
every worker it waited for) and wall time, and the machine's load recorded
before and after. The reference is the floor: benchmarks/floor_deck.py, a raw
reportlab script drawing the peer deck of benchmarks/peer-deck.

    python benchmarks/bench.py                     # every case, 5 rounds
    python benchmarks/bench.py --runs 7 --cases floor peer-deck
    python benchmarks/bench.py --profile           # cProfile of every case that misses its aim
    python benchmarks/bench.py --cases puxes --baseline /tmp/main   # the same cases on another tree too

A case is a command timed as a fresh process in a fresh scratch folder, with an
optional untimed `prepare` step run in that folder first (a rebuild case builds
once there, then edits a rule). Adding one is one more `Case(...)` in `cases()`.
A case whose child prints `BENCH <name> <number>` lines (benchmarks/playouts.py)
also reports the median of those numbers.

Bytecode: the children compile Python once, in an untimed warm-up round, into
a cache folder of this run (PYTHONPYCACHEPREFIX), as an installed pnp has its
.pyc files; a shell with PYTHONDONTWRITEBYTECODE set would otherwise make
every process compile the whole generator again (about 0.5 s CPU).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks"
PY = sys.executable
PNP = [PY, "-m", "generator.cli"]
TACTIX_PLAYOUTS = 100       # the aim: 1,000 random Tactix playouts in under 10 s, i.e. 100 per second
# Playouts per run of the agents that think (pnp playtest --agents): Tactix's, then the other games'.
AGENT_PLAYOUTS = {"greedy": (20, 2), "mc": (4, 1)}
NO_SEARCH: tuple[str, ...] = ()     # games whose mc is too slow to time (Armada was, until issue 28)


@dataclass(frozen=True)
class Case:
    """One timed command. `argv(scratch)` is run in a fresh scratch folder after `prepare(scratch)`, untimed."""
    name: str
    argv: Callable[[Path], list[str]]
    what: str
    prepare: Callable[[Path, Path], None] | None = None   # (scratch, the tree timed)
    aim: float | None = None            # at most this many times the floor ...
    aim_on: str = "cpu"                 # ... in "cpu" or "wall" time
    aim_stat: tuple[str, float] | None = None   # or: the child's BENCH number `name` at least this
    aim_seconds: float | None = None    # or: at most this many wall seconds, whole process
    faster_than: tuple[str, float] | None = None   # and: CPU time at most that case's divided by this
    aim_reported: tuple[tuple[str, float], ...] = ()   # or: each BENCH number `name` (seconds) at most this
                                                       # many times the floor's wall time
    cwd: Path = ROOT                    # where `python -m generator.cli` finds the generator (--baseline)


@dataclass
class Timing:
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    reported: dict[str, list[float]] = field(default_factory=dict)


# Squib (Ruby, Cairo), installed from source by ../shared/bench/squib/setup.sh into SQUIB_DIR; its
# squib_deck.rb draws the peer deck with Squib's vector (svg) backend: fronts.pdf and backs.pdf, crop marks.
SQUIB_DIR = Path(os.environ.get("PNP_BENCH_SQUIB", "/tmp/squib"))
SQUIB_DECKS = [up / "shared" / "bench" / "squib" / "squib_deck.rb" for up in (ROOT.parent, ROOT.parent.parent)]


def _squib(scratch: Path) -> list[str]:
    env_file = SQUIB_DIR / "squib.env"
    deck = next((d for d in SQUIB_DECKS if d.is_file()), None)
    if not env_file.is_file() or deck is None:
        sys.exit(f"squib-vector: Squib is not installed in {SQUIB_DIR} (run `bash ../shared/bench/squib/setup.sh "
                 f"{SQUIB_DIR}`; PNP_BENCH_SQUIB names another folder) or squib_deck.rb is not in "
                 f"{' or '.join(str(d.parent) for d in SQUIB_DECKS)}")
    lib = env_file.read_text(encoding="utf-8").strip().partition("=")[2]
    return ["ruby", "-I", lib, "-I", str(SQUIB_DIR / "rubystub"), str(deck), "vector", str(scratch / "out")]


def _build(games: list[str], content: Path, out: Path) -> list[str]:
    return [*PNP, "build", *games, "--content", str(content), "--out", str(out)]


def _copy_and_build(scratch: Path, tree: Path = ROOT) -> None:
    """A built content folder: what a designer has before rebuilding (built by the generator of `tree`)."""
    shutil.copytree(ROOT / "content", scratch / "content")
    subprocess.run(_build([], scratch / "content", scratch / "out"), cwd=tree, check=True, capture_output=True)


def _edit_one_rule(scratch: Path, tree: Path = ROOT) -> None:
    """Build, then change one line of Tactix's rules (a designer's one-line edit)."""
    _copy_and_build(scratch, tree)
    rules = scratch / "content" / "tactix" / "rules.fr.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nUne ligne de règle modifiée.\n", encoding="utf-8")


def _edit_one_card(scratch: Path, tree: Path = ROOT) -> None:
    """Build the peer deck, then change the text of one of its cards (a designer's one-card edit)."""
    shutil.copytree(BENCH / "peer-deck", scratch / "content" / "peer-deck")
    subprocess.run(_build(["peer-deck"], scratch / "content", scratch / "out"), cwd=tree, check=True,
                   capture_output=True)
    deck = scratch / "content" / "peer-deck" / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace('{nn: "05", suit: Fire', '{nn: "05", suit: Flame'),
                    encoding="utf-8")


def _puxes_mats(scratch: Path, tree: Path = ROOT) -> None:
    """PuXes with its mats only (issue 26: the tiled mats' placements): game.yaml listing the mats tiled alone (the
    fortress, printed beside the skill cards, left out), no rules, figures nor aid."""
    folder = scratch / "content" / "puxes"
    shutil.copytree(ROOT / "content" / "puxes", folder)
    for name in ("rules.fr.md", "diagrams.yaml", "aide.fr.md"):
        (folder / name).unlink(missing_ok=True)
    game = (folder / "game.yaml").read_text(encoding="utf-8")
    head, rest = game.split("\ncomponents:\n", 1)
    listed, tail = rest.split("\nvariants:", 1)
    mats = [line for line in listed.splitlines() if "tapis-" in line and "forteresse" not in line]
    (folder / "game.yaml").write_text(head + "\ncomponents:\n" + "\n".join(mats) + "\nvariants:" + tail,
                                      encoding="utf-8")


def cases(playouts: int) -> list[Case]:
    from generator.content import discover_games
    from generator.engine import engine_ids
    games = discover_games(ROOT / "content")
    found = [
        Case("floor", lambda s: [PY, str(BENCH / "floor_deck.py"), str(s / "floor.pdf")],
             "raw reportlab script: the 48 cards of the peer deck, 12 pages"),
        Case("peer-deck", lambda s: _build(["peer-deck"], BENCH, s / "out"),
             "`pnp build peer-deck`: sheets, duplex backs, cut files, previews, calibration, guide, manifest",
             aim=3.0, aim_on="cpu", faster_than=("squib-vector", 1.5)),
        Case("peer-deck+gallery", lambda s: ["sh", "-c", shlex.join(_build(["peer-deck"], BENCH, s / "out")) + " && "
                                             + shlex.join([*PNP, "gallery", "-q", "--out", str(s / "out")])],
             "`pnp build peer-deck`, then `pnp gallery`: the gallery's thumbnails that pnp build leaves to draw "
             "(drawn inside pnp build before issue 26's change), both processes counted"),
        Case("squib-vector", _squib, "Squib 0.20.0a (Ruby, Cairo), svg backend: the peer deck's fronts.pdf and "
             "backs.pdf (../shared/bench/squib/squib_deck.rb)"),
        Case("all-games", lambda s: _build([], ROOT / "content", s / "out"),
             f"cold `pnp build` of every game of content/ ({', '.join(games)})", aim=55.0, aim_on="wall"),
        Case("puxes", lambda s: _build(["puxes"], ROOT / "content", s / "out"),
             "cold `pnp build puxes` (mats tiled over many pages, figures of mats, A5 booklet)",
             aim=25.0, aim_on="wall"),
        Case("puxes-mats", lambda s: _build(["puxes"], s / "content", s / "out"),
             "cold `pnp build puxes` of its seven tiled mats alone (benchmarks/bench.py _puxes_mats)",
             prepare=_puxes_mats),
        Case("rebuild-unchanged", lambda s: _build([], s / "content", s / "out"),
             "`pnp build` again with nothing changed", prepare=_copy_and_build, aim=2.0, aim_on="wall"),
        Case("rebuild-rule-edit", lambda s: _build([], s / "content", s / "out"),
             "`pnp build` after a one-line edit of rules.fr.md of Tactix", prepare=_edit_one_rule,
             aim=8.0, aim_on="wall"),
        Case("perft-4", lambda s: [*PNP, "engine", "tactix", "perft", "4"],
             "`pnp engine tactix perft 4` (1,806,807 leaves), whole process"),
    ]
    for game in engine_ids():
        count = TACTIX_PLAYOUTS if game == "tactix" else playouts
        found.append(Case(f"playouts-{game}", lambda s, g=game, n=count: [PY, str(BENCH / "playouts.py"), g, str(n)],
                          f"{count} random playouts of {game} (benchmarks/playouts.py)",
                          aim_stat=("playouts_per_s_cpu", 100.0) if game == "tactix" else None))
        for agent, (tactix_count, other_count) in AGENT_PLAYOUTS.items():
            if agent == "mc" and game in NO_SEARCH:
                continue
            count = tactix_count if game == "tactix" else other_count
            found.append(Case(f"playouts-{game}-{agent}",
                              lambda s, g=game, n=count, a=agent: [PY, str(BENCH / "playouts.py"), g, str(n), a],
                              f"{count} playouts of {game}, {agent} agent in every seat (benchmarks/playouts.py)"))
    found.append(Case("rebuild-card-edit", lambda s: _build(["peer-deck"], s / "content", s / "out"),
                      "`pnp build peer-deck` after the text of one card changed (a fresh process: no sheet kept)",
                      prepare=_edit_one_card))
    found.append(Case("watch-edit", lambda s: [PY, str(BENCH / "watch_edit.py"), str(s)],
                      "`pnp watch peer-deck`, one card's text saved 5 times (benchmarks/watch_edit.py): seconds from "
                      "the save to the deck's PDF changed, and to the gallery's record written (an open page "
                      "reloads within its 0.25 s poll); the process's own CPU and wall include watch's first build",
                      aim_reported=(("save_to_pdf_s", 10.0), ("save_to_gallery_s", 20.0))))
    found.append(Case("playtest-tactix-1000", lambda s: [*PNP, "playtest", "tactix", "--games", "1000", "--jobs", "2"],
                      "`pnp playtest tactix --games 1000 --jobs 2`: random agents, the report, whole process",
                      aim_seconds=10.0))
    return found


def child_environment(pycache: Path) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def run_once(case: Case, env: dict[str, str]) -> tuple[float, float, dict[str, float]]:
    """CPU and wall seconds of one fresh process of the case, and the numbers it printed."""
    with tempfile.TemporaryDirectory(prefix=f"bench-{case.name}-") as tmp:
        scratch = Path(tmp)
        if case.prepare:
            case.prepare(scratch, case.cwd)     # with the tree timed: its cache records are its own
        argv = case.argv(scratch)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(argv, cwd=case.cwd, capture_output=True, text=True, env=env)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{case.name} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    reported = {}
    for line in done.stdout.splitlines():
        if line.startswith("BENCH "):
            _, name, value = line.split()
            reported[name] = float(value)
    return cpu, wall, reported


def measure(chosen: list[Case], runs: int, env: dict[str, str], warm_up: bool = True) -> dict[str, Timing]:
    for case in chosen if warm_up else ():
        run_once(case, env)     # warm-up, untimed: writes the bytecode cache
    timings = {case.name: Timing() for case in chosen}
    for r in range(runs):
        order = chosen[r % len(chosen):] + chosen[:r % len(chosen)]
        for case in order:
            cpu, wall, reported = run_once(case, env)
            t = timings[case.name]
            t.cpu.append(cpu)
            t.wall.append(wall)
            for name, value in reported.items():
                t.reported.setdefault(name, []).append(value)
            print(f"  round {r + 1} {case.name:18} cpu {cpu:6.2f} s  wall {wall:6.2f} s", file=sys.stderr)
    return timings


def _met(case: Case, timing: Timing, floor: Timing | None) -> bool | None:
    if case.aim is not None and floor is not None:
        ratio = statistics.median(getattr(timing, case.aim_on)) / statistics.median(getattr(floor, case.aim_on))
        return ratio <= case.aim
    if case.aim_stat is not None:
        name, least = case.aim_stat
        return statistics.median(timing.reported[name]) >= least
    if case.aim_seconds is not None:
        return statistics.median(timing.wall) <= case.aim_seconds
    if case.aim_reported and floor is not None:
        floor_wall = statistics.median(floor.wall)
        return all(statistics.median(timing.reported[name]) / floor_wall <= most for name, most in case.aim_reported)
    return None


def report(chosen: list[Case], timings: dict[str, Timing], runs: int, loads: list) -> str:
    floor = timings.get("floor")
    fc = statistics.median(floor.cpu) if floor else None
    fw = statistics.median(floor.wall) if floor else None
    lines = [f"Machine: {platform.system()} {platform.machine()}, {os.cpu_count()} cores, Python "
             f"{platform.python_version()}; load average (1, 5, 15 min) before {_load(loads[0])}, "
             f"after {_load(loads[1])}. Medians of {runs} fresh processes per case, interleaved.", "",
             "| case | CPU s | wall s | CPU / floor | wall / floor | aim | met | what |",
             "|------|------:|-------:|------------:|-------------:|-----|-----|------|"]
    for case in chosen:
        t = timings[case.name]
        cpu, wall = statistics.median(t.cpu), statistics.median(t.wall)
        aim = (f"≤ {case.aim:g}x floor {case.aim_on.upper() if case.aim_on == 'cpu' else 'wall'}" if case.aim
               else f"{case.aim_stat[0]} ≥ {case.aim_stat[1]:g}" if case.aim_stat
               else f"≤ {case.aim_seconds:g} s wall" if case.aim_seconds
               else ", ".join(f"{name} ≤ {most:g}x floor wall" for name, most in case.aim_reported))
        met = _met(case, t, floor)
        lines.append(f"| {case.name} | {cpu:.3f} | {wall:.3f} | {cpu / fc:.2f} | {wall / fw:.2f} | {aim} | "
                     f"{'' if met is None else 'yes' if met else 'NO'} | {case.what} |" if fc else
                     f"| {case.name} | {cpu:.3f} | {wall:.3f} | | | {aim} | | {case.what} |")
    versus = [(case, case.faster_than) for case in chosen if case.faster_than and case.faster_than[0] in timings]
    if versus:
        lines += ["", "| case | against | their CPU / ours | their wall / ours | aim | met |", "|---|---|---:|---:|---|---|"]
        for case, (other, times) in versus:
            ours, theirs = timings[case.name], timings[other]
            cpu_x = statistics.median(theirs.cpu) / statistics.median(ours.cpu)
            wall_x = statistics.median(theirs.wall) / statistics.median(ours.wall)
            lines.append(f"| {case.name} | {other} | {cpu_x:.2f} | {wall_x:.2f} | ≥ {times:g}x faster (CPU) | "
                         f"{'yes' if cpu_x >= times else 'NO'} |")
    stats = [(case, name, values) for case in chosen for name, values in timings[case.name].reported.items()]
    if stats:
        lines += ["", "| case | reported by the process itself | median | runs | / floor wall | aim | met |",
                  "|---|---|---:|---|---:|---|---|"]
        for case, name, v in stats:
            most = dict(case.aim_reported).get(name)
            ratio = statistics.median(v) / fw if fw and most is not None else None
            lines.append(f"| {case.name} | {name} | {statistics.median(v):.2f} | {', '.join(f'{x:.2f}' for x in v)} | "
                         f"{'' if ratio is None else f'{ratio:.2f}'} | {'' if most is None else f'≤ {most:g}x'} | "
                         f"{'' if ratio is None else 'yes' if ratio <= most else 'NO'} |")
    return "\n".join(lines)


def _load(values) -> str:
    return ", ".join(f"{v:.2f}" for v in values)


def profile(case: Case, env: dict[str, str], top: int = 15) -> str:
    """cProfile of one run of the case: the entries that take the time, by own time and by cumulative time."""
    import io
    import pstats
    with tempfile.TemporaryDirectory(prefix=f"profile-{case.name}-") as tmp:
        scratch = Path(tmp)
        if case.prepare:
            case.prepare(scratch, case.cwd)
        argv = case.argv(scratch)
        stats_file = scratch / "profile.out"
        subprocess.run([PY, "-m", "cProfile", "-o", str(stats_file), *argv[1:]], cwd=ROOT, check=True,
                       capture_output=True, env=env)
        text = io.StringIO()
        stats = pstats.Stats(str(stats_file), stream=text)
        stats.sort_stats("cumulative").print_stats(r"/generator/(?!cli)", top)   # our steps, biggest first
        stats.sort_stats("tottime").print_stats(top)                          # where the CPU itself goes
    kept = [_short(line) for line in text.getvalue().splitlines()
            if line.strip() and not line.lstrip().startswith(("Ordered by", "List reduced", "ncalls"))
            and "function calls" not in line and "profile.out" not in line]
    return f"### cProfile of {case.name} (cumulative, our code; then own time, everything)\n\n```\n" + \
        "\n".join(kept) + "\n```"


def _short(line: str) -> str:
    """A profile line with its file path cut to the package: .../site-packages/reportlab/... -> reportlab/..."""
    return re.sub(r"\S*/lib/python3\.\d+/(site-packages/)?|" + re.escape(str(ROOT)) + "/", "", line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per case (at least 5)")
    parser.add_argument("--cases", nargs="+", default=None, help="names of the cases to run (the floor always runs)")
    parser.add_argument("--playouts", type=int, default=3, help="playouts per run for games other than Tactix")
    parser.add_argument("--profile", action="store_true", help="cProfile every case that misses its aim")
    parser.add_argument("--pycache", type=Path, default=None,
                        help="a bytecode cache folder already written (`PYTHONPYCACHEPREFIX=DIR python -m compileall "
                             "generator` and a build): no warm-up round (a long case's round is minutes here)")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another source tree (`git archive REV | tar -x -C DIR`): each chosen `pnp` case runs "
                             "there too, as NAME@baseline, in the same rounds, on the same content")
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs: the rule is medians of at least 5 fresh processes")
    sys.path.insert(0, str(ROOT))
    every = cases(args.playouts)
    chosen = every if args.cases is None else [c for c in every if c.name == "floor" or c.name in args.cases]
    unknown = set(args.cases or ()) - {c.name for c in every}
    if unknown:
        parser.error(f"unknown cases {sorted(unknown)}; cases: {', '.join(c.name for c in every)}")
    if args.baseline is not None:
        base = args.baseline.resolve()
        chosen = chosen + [replace(c, name=f"{c.name}@baseline", cwd=base, faster_than=None, what=f"{c.what}, at {base}")
                           for c in chosen if c.argv is not _squib
                           and c.argv(Path("/x"))[0] != "sh"     # commands chained: the baseline may lack one
                           and any(name in " ".join(c.argv(Path("/x"))) for name in ("generator.cli", "watch_edit.py"))]
    with tempfile.TemporaryDirectory(prefix="bench-pycache-") as pycache:
        env = child_environment(args.pycache or Path(pycache))
        loads = [os.getloadavg()]
        timings = measure(chosen, args.runs, env, warm_up=args.pycache is None)
        loads.append(os.getloadavg())
        print(report(chosen, timings, args.runs, loads))
        if args.profile:
            for case in chosen:
                if _met(case, timings[case.name], timings.get("floor")) is False:
                    print("\n" + profile(case, env))


if __name__ == "__main__":
    main()
