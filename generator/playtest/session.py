"""One `pnp playtest` request: the runs to play (one, or two variants on the same seeds) and their figures."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..content import limits
from ..engine.agents import AGENTS
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


class PlaytestTooCostly(ValueError):
    """A playtest that would pass limits.PLAYTEST_PLIES: refused before any game is played (exit 2)."""


class SeatsNotRotatable(ValueError):
    """Rotated seats with a number of games that leaves a deal without all its seatings (exit 2)."""


def check_rotation(games: int, players: int) -> None:
    """Rotated seats play each deal once per seat: the games must make whole groups, or the last deal's
    missing seatings would leave one seat's advantage to one agent."""
    if games % players:
        raise SeatsNotRotatable(f"--rotate-seats plays each deal once per seat: --games must be a multiple of "
                                f"{players} (the players), not {games}; {games + players - games % players} "
                                f"would do")


def check_cost(games: int, max_plies: int, agents: Sequence[str], runs: int = 1) -> None:
    """Refuse games x plies x the dearest agent's ply cost (x 2 with --compare) above the limit, before playing."""
    cost = max((AGENTS[name].ply_cost for name in agents if name in AGENTS), default=1)
    asked = runs * games * max_plies * cost
    if asked > limits.PLAYTEST_PLIES.default:
        dearest = max((name for name in agents if name in AGENTS), key=lambda n: AGENTS[n].ply_cost, default="random")
        raise PlaytestTooCostly(limits.exceeded(
            limits.PLAYTEST_PLIES, asked,
            f"{'2 runs x ' if runs == 2 else ''}{games} games x {max_plies} plies at most x {cost} (the cost of a "
            f"'{dearest}' ply against a random one): plies") + "; ask for fewer --games or --max-plies")


def playtest_runs(game_id: str, games: int, *, seed: int = 1, max_plies: int = 400, variant: str | None = None,
                  compare_with: str | None = None, players: int | None = None,
                  agents: Sequence[str] = (), jobs: int = 1, content_dir=None, rotate: bool = False) -> Result:
    setups = [make_setup(game_id, variant=variant_option(variant), players=players, agents=agents,
                         max_plies=max_plies, seed=seed, content_dir=content_dir, rotate=rotate)]
    if compare_with is not None:
        setups.append(make_setup(game_id, variant=variant_option(compare_with), players=players, agents=agents,
                                 max_plies=max_plies, seed=seed, content_dir=content_dir, rotate=rotate))
    if rotate:
        check_rotation(games, setups[0].players)
    # the agents the seats will have (the game's default one when none is named), before any game is played
    check_cost(games, max_plies, [name for setup in setups for name in setup.agents], len(setups))
    runs = tuple(summarize(run(setup, games, jobs)) for setup in setups)
    return Result(runs, compare(runs[0], runs[1]) if len(runs) == 2 else ())
