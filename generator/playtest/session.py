"""One `pnp playtest` request: the runs to play (one, or two variants on the same seeds) and their figures."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine.playtest import make_setup, run
from .summary import Difference, Summary, compare, summarize

BASE = "base"      # --compare base: the rules without a variant


@dataclass(frozen=True)
class Result:
    runs: tuple[Summary, ...]          # one, or the two variants compared
    diffs: tuple[Difference, ...]      # B against A when two


def variant_option(value: str | None) -> str | None:
    """A --variant / --compare value: a variant id, or `base` for the rules without one."""
    return None if value in (None, BASE) else value


def playtest_runs(game_id: str, games: int, *, seed: int = 1, max_plies: int = 400, variant: str | None = None,
                  compare_with: str | None = None, players: int | None = None,
                  agents: Sequence[str] = (), jobs: int = 1, content_dir=None) -> Result:
    setups = [make_setup(game_id, variant=variant_option(variant), players=players, agents=agents,
                         max_plies=max_plies, seed=seed, content_dir=content_dir)]
    if compare_with is not None:
        setups.append(make_setup(game_id, variant=variant_option(compare_with), players=players, agents=agents,
                                 max_plies=max_plies, seed=seed, content_dir=content_dir))
    runs = tuple(summarize(run(setup, games, jobs)) for setup in setups)
    return Result(runs, compare(runs[0], runs[1]) if len(runs) == 2 else ())
