"""`pnp playtest`: games played by agents through the engine protocol, one record per game.

The referee (`play_game`) holds the position; an agent is handed a `Seat` (his
observation, his legal moves, a sampler of positions he cannot tell from the real
one) and never the position itself (engine/agents.py). Chance falls with its
exact probabilities (core.chance_step); a simultaneous step asks its waiting
players one at a time in seat order, each seeing the others' choices hidden. A
game stops when the engine declares an outcome, or at `max_plies` plies (chance
outcomes count as plies), when it is recorded as capped.

Seeds: game i of a run of master seed S is played by random.Random(f"{S}:{i}")
alone (the deal, the dice, the agents' choices), so the records are the same
whatever process plays which game, and `--jobs` only changes how fast they come.
The same seeds deal the same games to two variants, so a comparison sees the
rule change, not different deals.

Seats rotated (`Setup.rotate`, `pnp playtest --rotate-seats`): the games come in
groups of one per seat, each group played on one deal (game i on deal
i // players, seeded f"{S}:{i // players}"), the agents turned one seat further
at each game of the group (`Setup.seating`), so every agent holds every seat on
the same deals and a seat's own advantage (the first player's) counts for none.

This module plays; generator/playtest/ computes the statistics and shows them.
"""

from __future__ import annotations

import os
import random
import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from ..i18n import DEFAULT_LANGUAGE, Catalogue, catalogue
from ..workers import die_with_parent
from functools import lru_cache

from . import game_engine
from .agents import Agent, AgentRefused, Seat, make_agent
from .core import CHANCE, Engine, chance_step

DEFAULT_MAX_PLIES = 400
CHUNK = 8        # games handed to a worker at a time


@dataclass(frozen=True)
class GameRecord:
    """One game: who won (None: draw, or capped), how it ended, how long it lasted."""
    index: int
    winner: str | None
    key: str            # the ending's kind (Outcome.key); "" when the engine gives none
    reason: str         # the engine's reason in English (for an ending without a key)
    plies: int          # moves and chance outcomes played
    capped: bool        # stopped at max_plies, or with nobody able to move and no outcome
    first: str | None   # the first player to choose (some games draw him)
    decisions: int      # choices made by players
    options: int        # legal moves summed over those choices
    widest: int         # the most legal moves of one choice


@dataclass(frozen=True)
class Setup:
    """What a run plays: the game, its variant and player count, the agents by seat, the cap."""
    game_id: str
    variant: str | None
    players: int
    agents: tuple[str, ...]     # one per seat, in seat order
    max_plies: int
    seed: int
    content_dir: str | None = None     # the content folder whose game the engine reads (Engine.bind)
    rotate: bool = False               # each deal played once per seat, the agents turned a seat each game

    @property
    def engine(self) -> Engine:
        return _bound_engine(self.game_id, self.content_dir)

    @property
    def seats(self) -> tuple[str, ...]:
        return self.engine.players_for(self.players)

    def seating(self, index: int) -> tuple[str, ...]:
        """The agents by seat in game `index`: `agents`, or, rotated, turned by `index` seats (the agent of
        seat k sits in seat k + index, modulo the players)."""
        shift = index % self.players if self.rotate else 0
        return self.agents[-shift:] + self.agents[:-shift] if shift else self.agents

    def deal(self, index: int) -> int:
        """The deal of game `index`: its own, or, rotated, one deal for each group of `players` games."""
        return index // self.players if self.rotate else index


@lru_cache(maxsize=None)
def _bound_engine(game_id: str, content_dir: str | None) -> Engine:
    # Loading the game once per process: workers play many games with one engine.
    return game_engine(game_id, content_dir)


def game_seed(seed: int, index: int) -> str:
    """The seed of game `index` of a run: the master seed and the index, nothing else."""
    return f"{seed}:{index}"


def play_game(setup: Setup, index: int, agents: Sequence[Agent] | None = None) -> GameRecord:
    """Game `index` of `setup`; `agents` by seat, else the setup's seating of that game."""
    engine = setup.engine
    agents = agents or [make_agent(name) for name in setup.seating(index)]
    by_player = dict(zip(setup.seats, agents))
    rng = random.Random(game_seed(setup.seed, setup.deal(index)))
    position = engine.initial(setup.variant, players=setup.players, seed=rng.randrange(2 ** 32))
    first = None
    decisions = options = widest = 0
    for ply in range(setup.max_plies + 1):
        ended = engine.outcome(position)
        if ended is not None:
            return GameRecord(index, ended.winner, ended.key, ended.reason, ply, False, first, decisions, options,
                              widest)
        if ply == setup.max_plies:
            break
        who = engine.to_move(position)
        if who == CHANCE:
            position = chance_step(engine, position, rng)
            if position is None:
                break
            continue
        moves = engine.legal_moves_of(position, who)
        if not moves:
            break
        first = first or who
        decisions += 1
        options += len(moves)
        widest = max(widest, len(moves))
        seat = Seat(who, _observer(engine, position, who), tuple(moves), engine, _sampler(engine, position, who))
        if engine.entering_results(position):      # the hand decides, not the agent
            position = engine.play(position, rng.choice(moves))
            continue
        position = engine.play(position, by_player[who].choose(seat, rng))
    return GameRecord(index, None, "", "", ply, True, first, decisions, options, widest)


def _observer(engine: Engine, position, player: str):
    """A closure giving what `player` sees of `position` (engine.observation), asked only when read."""
    def observe() -> dict:
        return engine.observation(position, player)
    return observe


def _sampler(engine: Engine, position, player: str):
    """A closure drawing positions `player` cannot tell from `position` (engine.determinize)."""
    def sample(rng: random.Random):
        return engine.determinize(position, player, rng)
    return sample


def check_setup(setup: Setup) -> None:
    """AgentRefused / NotationError before any game is played: unknown agent, an agent the game refuses."""
    engine = setup.engine
    engine.check_variant(setup.variant)
    engine.check_players(setup.players)
    start = engine.initial(setup.variant, players=setup.players, seed=0)
    hidden = any(engine.observation(start, p) != engine.write_position(start) for p in setup.seats)
    for name in dict.fromkeys(setup.agents):
        make_agent(name).check(engine, hidden)


def make_setup(game_id: str, *, variant: str | None = None, players: int | None = None,
               agents: Sequence[str] = (), max_plies: int = DEFAULT_MAX_PLIES, seed: int = 1,
               content_dir=None, rotate: bool = False) -> Setup:
    """The run's setup; the agents are given to the seats in order, the last one repeated for the rest
    (none named: the engine's `playtest_agent`); `rotate`: turned a seat each game (Setup.seating).
    `content_dir`: where the game's folder is, for an engine that reads its game's data."""
    content_dir = None if content_dir is None else str(content_dir)
    engine = _bound_engine(game_id, content_dir)
    count = engine.check_players(players)
    names = tuple(a.strip() for a in agents if a.strip()) or (engine.playtest_agent,)
    if len(names) > count:
        raise AgentRefused(f"{len(names)} agents for {count} players")
    names = names + (names[-1],) * (count - len(names))
    setup = Setup(game_id, variant, count, names, max_plies, seed, content_dir, rotate)
    check_setup(setup)
    return setup


def _play_chunk(args: tuple[Setup, int, int]) -> list[GameRecord]:
    setup, start, stop = args
    made = {name: make_agent(name) for name in dict.fromkeys(setup.agents)}    # agents hold no state
    return [play_game(setup, i, [made[name] for name in setup.seating(i)]) for i in range(start, stop)]


def play_games(setup: Setup, games: int, jobs: int = 1) -> list[GameRecord]:
    """Games 0 .. games-1 of `setup`, in index order, played by `jobs` processes."""
    chunks = [(setup, start, min(start + CHUNK, games)) for start in range(0, games, CHUNK)]
    jobs = max(1, min(jobs, len(chunks)))
    if jobs == 1:
        return [r for chunk in chunks for r in _play_chunk(chunk)]
    import multiprocessing
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with context.Pool(jobs, initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
        return [r for part in pool.imap(_play_chunk, chunks) for r in part]


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


@dataclass
class PlaytestReport:
    """The records of one run and the counts a short text report gives."""
    setup: Setup
    records: list[GameRecord]
    wins: Counter = field(default_factory=Counter)      # player id -> games won (None: drawn)
    reasons: Counter = field(default_factory=Counter)   # ending key (or English reason) -> games
    unfinished: int = 0                                 # games capped
    lengths: list = field(default_factory=list)         # plies of each finished game
    branching: list = field(default_factory=list)       # mean legal moves per choice, per game
    widest: int = 0                                     # the most legal moves of one choice

    def __post_init__(self):
        for r in self.records:
            if r.capped:
                self.unfinished += 1
                continue
            self.wins[r.winner] += 1
            self.reasons[r.key or r.reason] += 1
            self.lengths.append(r.plies)
        self.branching = [r.options / r.decisions for r in self.records if r.decisions]
        self.widest = max((r.widest for r in self.records), default=0)

    @property
    def game_id(self) -> str:
        return self.setup.game_id

    @property
    def games(self) -> int:
        return len(self.records)

    def lines(self, language: str = DEFAULT_LANGUAGE) -> list[str]:
        """A short report, one line each, in `language` (the game's); generator/playtest/ shows the full one."""
        words = catalogue(language)

        def percent(n: int) -> str:
            return words.number(100 * n / self.games, 0)

        out = [words("engine.playtest.title", game=self.game_id, games=self.games, plies=self.setup.max_plies,
                     agents=", ".join(self.setup.agents))]
        for player, n in sorted(self.wins.items(), key=lambda kv: (-kv[1], str(kv[0]))):
            name = words("engine.playtest.draw") if player is None else player
            out.append(words("engine.playtest.wins", name=name, n=n, percent=percent(n)))
        if self.unfinished:
            out.append(words("engine.playtest.unfinished", n=self.unfinished, percent=percent(self.unfinished)))
        for reason, n in sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0])):
            out.append(words("engine.playtest.end", reason=ending_words(words, self.game_id, reason), n=n))
        if self.lengths:
            out.append(words("engine.playtest.length", mean=words.number(statistics.mean(self.lengths), 1),
                             median=words.number(statistics.median(self.lengths), 1),
                             low=min(self.lengths), high=max(self.lengths)))
        if self.branching:
            out.append(words("engine.playtest.branching", mean=words.number(statistics.mean(self.branching), 1),
                             high=self.widest))
        return out


def ending_words(words: Catalogue, game_id: str, key: str) -> str:
    """An ending's words: the catalogue's `engine.endings.<game>.<key>`, else the engine's reason as it is
    (an engine whose outcomes carry no key yet)."""
    entry = f"engine.endings.{game_id}.{key}"
    return words(entry) if entry in words else key


def run(setup: Setup, games: int, jobs: int = 1) -> PlaytestReport:
    return PlaytestReport(setup, play_games(setup, games, jobs))


def playtest(game_id: str, games: int, *, seed: int = 1, max_plies: int = DEFAULT_MAX_PLIES,
             variant: str | None = None, players: int | None = None, agents: Sequence[str] = (),
             jobs: int = 1, content_dir=None, rotate: bool = False) -> PlaytestReport:
    """`games` games of `game_id` by `agents` (by seat, turned a seat each game with `rotate`), seeded by
    `seed`: the report."""
    return run(make_setup(game_id, variant=variant, players=players, agents=agents, max_plies=max_plies,
                          seed=seed, content_dir=content_dir, rotate=rotate), games, jobs)


__all__ = ["AgentRefused", "GameRecord", "PlaytestReport", "Setup", "game_seed", "make_setup", "play_game",
           "play_games", "playtest", "run"]
