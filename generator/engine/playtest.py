"""`pnp playtest GAME --games N`: random games played by the engine, to see a rule change's effect.

Each game picks uniformly among the legal moves until the engine declares an
outcome or a ply limit is reached. A seeded generator makes the report
reproducible: the same rules and seed give the same numbers, so a designer
can compare before and after a change.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from dataclasses import dataclass, field

from ..i18n import DEFAULT_LANGUAGE, Catalogue, catalogue
from . import get_engine


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

    def lines(self, words: Catalogue | None = None) -> list[str]:
        """The report, its words in the language of `words` (the game's catalogue; French by default)."""
        words = words or catalogue(DEFAULT_LANGUAGE)
        out = [words("playtest.header", game=self.game_id, games=self.games, max_plies=self.max_plies)]
        for player, n in sorted(self.wins.items(), key=lambda kv: (-kv[1], str(kv[0]))):
            name = words("playtest.draw") if player is None else player
            out.append(words("playtest.wins", name=name, n=n, percent=f"{100 * n / self.games:.0f}"))
        if self.unfinished:
            out.append(words("playtest.unfinished", n=self.unfinished,
                             percent=f"{100 * self.unfinished / self.games:.0f}"))
        common = sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0]))
        for reason, n in common[:6]:
            out.append(words("playtest.end", reason=reason, n=n))
        if len(common) > 6:
            out.append(words("playtest.other_ends", count=len(common) - 6, n=sum(n for _, n in common[6:])))
        if self.lengths:
            out.append(words("playtest.length", mean=f"{statistics.mean(self.lengths):.1f}",
                             median=f"{statistics.median(self.lengths):g}", min=min(self.lengths),
                             max=max(self.lengths)))
        if self.branching:
            out.append(words("playtest.branching", mean=f"{statistics.mean(self.branching):.1f}",
                             max=max(self.branching)))
        return out


def playtest(game_id: str, games: int, *, seed: int = 1, max_plies: int = 400,
             variant: str | None = None) -> PlaytestReport:
    engine = get_engine(game_id)
    engine.check_variant(variant)
    rng = random.Random(seed)
    report = PlaytestReport(game_id, games, max_plies)
    for _ in range(games):
        position = engine.initial(variant)
        for ply in range(max_plies + 1):
            outcome = engine.outcome(position)
            if outcome is not None:
                report.wins[outcome.winner] += 1
                report.reasons[outcome.reason] += 1
                report.lengths.append(ply)
                break
            moves = engine.legal_moves(position)
            if not moves or ply == max_plies:
                report.unfinished += 1
                break
            report.branching.append(len(moves))
            position = engine.play(position, rng.choice(moves))
    return report
