"""The playtest of every game with its default agent (Engine.playtest_agent), its endings and its games per
CPU second, in one process, one run: the Markdown table benchmarks/RESULTS.md shows.

    python benchmarks/playtests.py [GAMES] [GAME ...]          # default: 20 games of each of the seven
    python benchmarks/playtests.py 20 3d-run --max-plies 1000  # a longer cap than the default 400
    python benchmarks/playtests.py 20 --compare-with DIR       # DIR: an earlier checkout (git archive REV
                                                               # generator content templates | tar -x -C DIR)

The machine is shared: the CPU time of the process (user + system) is what is divided, and the load
average is printed before and after, so a reader can judge the figures. N is small: the rates are
rough, the endings a sketch; the 95 % intervals say how rough.

With --compare-with, each game is played twice in the same run, one game after the other: by the earlier
checkout and by this one, each in a process of its own (the same seeds, the same agent), and the ratio of
their rates is printed: a speed-up measured under the same load. The two rows must show the same endings and
wins when the change kept every move.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PLIES = 400


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


def measure(game: str, count: int, max_plies: int, content: Path) -> dict:
    """`count` seeded games of `game` by its default agent: the endings, wins, and CPU seconds of the play."""
    from generator.engine.playtest import make_setup, play_games
    setup = make_setup(game, content_dir=content, max_plies=max_plies)
    cpu = _cpu()
    records = play_games(setup, count)
    cpu = _cpu() - cpu
    ended = Counter(r.key or r.reason for r in records if not r.capped)
    wins = Counter(r.winner for r in records if not r.capped and r.winner is not None)
    return {"game": game, "agent": setup.agents[0], "count": count, "cpu": cpu,
            "endings": ended.most_common(), "capped": sum(r.capped for r in records),
            "seats": [(p, wins[p]) for p in setup.seats], "decided": sum(wins.values())}


def row(m: dict, label: str = "") -> str:
    from generator.playtest.stats import wilson
    count = m["count"]
    low, high = wilson(m["decided"], count)
    endings = ", ".join(f"{k} {n}" for k, n in m["endings"]) + (f", capped {m['capped']}" if m["capped"] else "")
    seats = ", ".join(f"{p} {n}" for p, n in m["seats"])
    rate = count / m["cpu"]
    return (f"| {m['game']}{label} | {m['agent']} | {count} | {endings} | {seats} | {m['decided']} "
            f"({100 * low:.0f}–{100 * high:.0f} %) | {rate:.2f} | {1000 / rate:.0f} |")


def measure_in(checkout: Path, game: str, count: int, max_plies: int) -> dict:
    """measure() in a process of its own that imports the generator of `checkout` and reads its content."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    out = subprocess.run([sys.executable, __file__, "--measure", game, str(count), str(max_plies),
                          str(checkout / "content")], env=env, capture_output=True, text=True, check=True,
                         cwd=str(checkout))
    return json.loads(out.stdout)


def main(count: int, games: list[str], max_plies: int, earlier: Path | None) -> None:
    print(f"load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| game | agent | games | endings | wins by seat | games won (95 % CI) | games / CPU s | "
          "CPU s for 1,000 |")
    print("|---|---|--:|---|---|---|--:|--:|")
    ratios = []
    for game in games:
        if earlier is None:
            print(row(measure(game, count, max_plies, ROOT / "content")), flush=True)
            continue
        before = measure_in(earlier, game, count, max_plies)
        after = measure_in(ROOT, game, count, max_plies)
        print(row(before, " (before)"), flush=True)
        print(row(after, " (now)"), flush=True)
        ratios.append((game, before["cpu"] / after["cpu"],
                       (before["endings"], before["seats"]) == (after["endings"], after["seats"])))
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for game, ratio, same in ratios:
        print(f"{game}: {ratio:.2f} times as fast; same endings and wins: {'yes' if same else 'NO'}")


def options(args: list[str]) -> tuple[int, Path | None]:
    """(--max-plies N, --compare-with DIR) taken out of `args`, the defaults where absent."""
    plies, earlier = DEFAULT_PLIES, None
    if "--max-plies" in args:
        i = args.index("--max-plies")
        plies = int(args[i + 1])
        del args[i:i + 2]
    if "--compare-with" in args:
        i = args.index("--compare-with")
        earlier = Path(args[i + 1]).resolve()
        del args[i:i + 2]
    return plies, earlier


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--measure"]:
        game, n, plies, content = args[1], int(args[2]), int(args[3]), Path(args[4])
        print(json.dumps(measure(game, n, plies, content)))
        sys.exit(0)
    plies, earlier = options(args)
    n = int(args[0]) if args else 20
    if args[1:]:
        chosen = args[1:]
    else:
        from generator.engine import engine_ids
        chosen = list(engine_ids())
    main(n, chosen, plies, earlier)
