"""`pnp playtest GAME --games N`: random games played by the engine, to see a rule change's effect.

Each game starts from a start position dealt with its own seed, then every
player picks uniformly among his legal moves and chance outcomes fall with their
exact probabilities (Engine.random_move), until the engine declares an outcome
or a ply limit is reached. One seeded generator draws the deals, the choices and
the dice, never the global one, so the report is reproducible: the same rules
and seed give the same numbers, and a designer can compare before and after a
change.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from dataclasses import dataclass, field

from ..i18n import DEFAULT_LANGUAGE, catalogue
from . import game_engine
from .core import CHANCE


@dataclass
class PlaytestReport:
    game_id: str
    games: int
    max_plies: int
    wins: Counter = field(default_factory=Counter)      # player id -> games won
    reasons: Counter = field(default_factory=Counter)   # why games ended
    unfinished: int = 0                                 # games stopped at max_plies
    lengths: list = field(default_factory=list)          # plies of each finished game
    branching: list = field(default_factory=list)        # legal moves at every position met

    def lines(self, language: str = DEFAULT_LANGUAGE) -> list[str]:
        """The report, one line each, in `language` (the game's)."""
        words = catalogue(language)

        def percent(n: int) -> str:
            return words.number(100 * n / self.games, 0)

        out = [words("engine.playtest.title", game=self.game_id, games=self.games, plies=self.max_plies)]
        for player, n in sorted(self.wins.items(), key=lambda kv: (-kv[1], str(kv[0]))):
            name = words("engine.playtest.draw") if player is None else player
            out.append(words("engine.playtest.wins", name=name, n=n, percent=percent(n)))
        if self.unfinished:
            out.append(words("engine.playtest.unfinished", n=self.unfinished, percent=percent(self.unfinished)))
        common = sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0]))
        for reason, n in common[:6]:
            out.append(words("engine.playtest.end", reason=reason, n=n))
        if len(common) > 6:
            out.append(words("engine.playtest.other_ends", count=len(common) - 6, n=sum(n for _, n in common[6:])))
        if self.lengths:
            out.append(words("engine.playtest.length", mean=words.number(statistics.mean(self.lengths), 1),
                             median=words.number(statistics.median(self.lengths), 1),
                             low=min(self.lengths), high=max(self.lengths)))
        if self.branching:
            out.append(words("engine.playtest.branching", mean=words.number(statistics.mean(self.branching), 1),
                             high=max(self.branching)))
        return out


def playtest(game_id: str, games: int, *, seed: int = 1, max_plies: int = 400,
             variant: str | None = None, players: int | None = None, content_dir=None) -> PlaytestReport:
    engine = game_engine(game_id, content_dir)     # bound to content_dir/<game_id>, when it is there
    engine.check_variant(variant)
    engine.check_players(players)
    rng = random.Random(seed)
    report = PlaytestReport(game_id, games, max_plies)
    for _ in range(games):
        position = engine.initial(variant, players=players, seed=rng.randrange(2 ** 32))
        for ply in range(max_plies + 1):
            outcome = engine.outcome(position)
            if outcome is not None:
                report.wins[outcome.winner] += 1
                report.reasons[outcome.reason] += 1
                report.lengths.append(ply)
                break
            chance = engine.to_move(position) == CHANCE
            moves = engine.legal_moves(position)
            if not moves or ply == max_plies:
                report.unfinished += 1
                break
            if not chance:
                report.branching.append(len(moves))
            position = engine.play(position, engine.random_move(position, rng))
    return report
