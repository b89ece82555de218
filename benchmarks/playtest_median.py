"""A game's playtest by its default agent over many games, its CPU time as the median of fresh processes:
issue 28's aim, 1,000 games of any game in under 120 s of CPU.

    python benchmarks/playtest_median.py praxis 1000 5                      # 5 processes of 200 games each
    python benchmarks/playtest_median.py praxis 1000 5 --compare-with DIR   # DIR: an earlier checkout (git
                                                                            # archive REV generator content
                                                                            # templates | tar -x -C DIR)

Each process plays its own share of the run's games (game indices k*n/K to (k+1)*n/K - 1, seed 1: the games
`pnp playtest GAME --games n --seed 1` plays), so the endings cover all n games. The CPU time of its play
(user + system, the process's start and imports left out) per game, times 1,000, is one sample; the figure is
the median of the K samples, with their range. With --compare-with, the earlier checkout plays each share just
before this one, each in a fresh process, so both share the load; the ratio is of the two medians. The load
average is printed before and after: the machine is shared. Not a timed test.

"0-0" counts the games tied at 0 points (Praxis's ending names the tied score; other games print 0).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path

from playtests import ROOT, _cpu, options


def play_share(game: str, start: int, stop: int, max_plies: int, content: Path) -> dict:
    """Games `start` to `stop` - 1 of the run (seed 1) by the default agent: each game's ending and the CPU."""
    from generator.engine.playtest import make_setup, play_game
    setup = make_setup(game, content_dir=content, max_plies=max_plies)
    setup.engine            # the game loaded once per process, before the clock starts
    cpu = _cpu()
    records = [play_game(setup, i) for i in range(start, stop)]
    cpu = _cpu() - cpu
    return {"agent": setup.agents[0], "seats": list(setup.seats), "cpu": cpu,
            "games": [[r.winner, r.key, r.reason, r.capped] for r in records]}


def share_in(checkout: Path, game: str, start: int, stop: int, max_plies: int) -> dict:
    """play_share() in a fresh process that imports the generator of `checkout` and reads its content."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    out = subprocess.run([sys.executable, __file__, "--share", game, str(start), str(stop), str(max_plies),
                          str(checkout / "content")], env=env, capture_output=True, text=True, check=True,
                         cwd=str(checkout))
    return json.loads(out.stdout)


def summary(game: str, shares: list[dict], label: str) -> tuple[str, float]:
    """The table row of one checkout's shares, and its median CPU seconds for 1,000 games."""
    from generator.playtest.stats import wilson
    games = [g for s in shares for g in s["games"]]
    n = len(games)
    per_1000 = [1000 * s["cpu"] / len(s["games"]) for s in shares]
    median = statistics.median(per_1000)
    ended = Counter(key or reason for _w, key, reason, capped in games if not capped)
    capped = sum(1 for g in games if g[3])
    nil = sum(1 for _w, key, reason, capped in games if key == "tie" and reason.endswith(" 0"))
    wins = Counter(w for w, _k, _r, capped in games if w is not None and not capped)
    decided = sum(wins.values())
    low, high = wilson(decided, n)
    endings = ", ".join(f"{k} {c}" for k, c in ended.most_common()) + (f", capped {capped}" if capped else "")
    seats = ", ".join(f"{p} {wins[p]}" for p in shares[0]["seats"])
    spread = f"{min(per_1000):.0f}–{max(per_1000):.0f}"
    return (f"| {game}{label} | {shares[0]['agent']} | {n} | {endings} | {nil} ({100 * nil / n:.1f} %) | {seats} | "
            f"{decided} ({100 * low:.0f}–{100 * high:.0f} %) | {median:.0f} ({spread}) |"), median


def main(game: str, count: int, processes: int, max_plies: int, earlier: Path | None) -> None:
    bounds = [(k * count // processes, (k + 1) * count // processes) for k in range(processes)]
    print(f"load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    before, now = [], []
    for start, stop in bounds:
        if earlier is not None:
            before.append(share_in(earlier, game, start, stop, max_plies))
        now.append(share_in(ROOT, game, start, stop, max_plies))
        print(f"games {start}-{stop - 1}: " + (f"before {before[-1]['cpu']:.2f} s, " if before else "")
              + f"now {now[-1]['cpu']:.2f} s of CPU", flush=True)
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"| game | agent | games | endings | 0-0 | wins by seat | games won (95 % CI) | "
          f"CPU s for 1,000 (median of {processes} processes; range) |")
    print("|---|---|--:|---|--:|---|---|--:|")
    if before:
        line, old = summary(game, before, " (before)")
        print(line)
    line, new = summary(game, now, " (now)" if before else "")
    print(line)
    if before:
        same = [g for s in before for g in s["games"]] == [g for s in now for g in s["games"]]
        print(f"{game}: {old / new:.2f} times as fast (medians); the same games' endings and winners: "
              f"{'yes' if same else 'NO'}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--share"]:
        game, start, stop, plies, content = args[1], int(args[2]), int(args[3]), int(args[4]), Path(args[5])
        print(json.dumps(play_share(game, start, stop, plies, content)))
        sys.exit(0)
    plies, earlier = options(args)
    if not 2 <= len(args) <= 3:
        sys.exit(__doc__)
    main(args[0], int(args[1]), int(args[2]) if len(args) == 3 else 5, plies, earlier)
