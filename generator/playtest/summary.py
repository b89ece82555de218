"""A run's figures, language-free: the terminal table and the PDF both show these.

Every rate is over all the games played (a capped game is won by nobody), with
its Wilson interval, but the first player's: he is whoever chose first in that
game (Praxis draws him), and his rate is over the games someone won (a draw or a
capped game says nothing of an advantage), his fair share one in (number of
players). Lengths are the
plies (moves and chance outcomes) of the games that ended. Two runs compare
seat by seat, on the same seeds, hence the same deals.

Agents against each other (when the seats hold different agents): each agent's
games won among the games someone won (draws and capped games say nothing of who
plays better), against its fair share, the seats it holds over the players: were
the agents equally good, each game someone won would be its with that chance. The
one-sided binomial test gives the chance of at least its wins under that
hypothesis (the sign test for two players, one seat each); under 5 %, the agent
beats the others significantly. With fixed seats a seat's own advantage (the
first player's) counts for whoever holds it, so a claim wants both seatings;
rotated seats (Setup.rotate) play every seating on the same deals, and a game
counts for the agent that held the winner's seat in that game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..engine.playtest import PlaytestReport, Setup
from .stats import binomial_tail, newcombe, quartiles, wilson


@dataclass(frozen=True)
class Share:
    k: int
    n: int

    @property
    def rate(self) -> float:
        return self.k / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.k, self.n)


@dataclass(frozen=True)
class SeatLine:
    player: str
    agent: str
    wins: Share


@dataclass(frozen=True)
class AgentLine:
    """One agent of a run that seats several: its seats and its wins among the games someone won."""
    agent: str
    seats: int
    wins: Share             # games it won, of the games someone won
    fair: float             # its share were the agents equally good: seats / players

    SIGNIFICANT = 0.05

    @property
    def p_value(self) -> float:
        """One-sided: the chance of at least wins.k of wins.n, each with the fair chance."""
        return binomial_tail(self.wins.k, self.wins.n, self.fair)

    @property
    def beats_the_others(self) -> bool:
        return self.wins.n > 0 and self.wins.rate > self.fair and self.p_value < self.SIGNIFICANT


@dataclass(frozen=True)
class Summary:
    setup: Setup
    games: int
    seats: tuple[SeatLine, ...]
    draws: Share
    capped: Share
    first: Share                 # of the games someone won, those won by the player who chose first
    fair: float                  # 1 / players
    lengths: tuple[float, float, float] | None    # quartiles of the finished games' plies
    length_values: tuple[int, ...]                # every finished game's plies, in game order
    capped_plies: int                             # the cap (for the histogram's last bar)
    endings: tuple[tuple[str, int], ...]          # (key or reason, games), most frequent first
    branching: float | None
    widest: int
    agents: tuple[AgentLine, ...] = ()              # when the seats hold different agents


def winning_agent(setup: Setup, record) -> str | None:
    """The agent that held the winner's seat in that game (None: no winner, or a winner that is no seat)."""
    if record.winner not in setup.seats:
        return None
    return setup.seating(record.index)[setup.seats.index(record.winner)]


def agent_lines(setup: Setup, decided: list) -> tuple[AgentLine, ...]:
    """Each agent's wins among the `decided` games (someone won), against its fair share; () for one agent."""
    held = Counter(setup.agents)            # seats per game, whether the seats rotate or not
    if len(held) < 2:
        return ()
    won = Counter(winning_agent(setup, r) for r in decided)
    return tuple(AgentLine(agent, seats, Share(won[agent], len(decided)), seats / setup.players)
                 for agent, seats in held.items())


def seat_agents(setup: Setup, games: int) -> tuple[str, ...]:
    """The agent of each seat, or, seats rotated, every agent that held it (`/` between them)."""
    if not setup.rotate:
        return setup.agents
    return tuple("/".join(dict.fromkeys(setup.seating(i)[k] for i in range(max(games, 1))))
                 for k in range(setup.players))


def summarize(report: PlaytestReport) -> Summary:
    setup, records = report.setup, report.records
    n = len(records)
    wins = Counter(r.winner for r in records if not r.capped)
    seats = tuple(SeatLine(p, a, Share(wins[p], n)) for p, a in zip(setup.seats, seat_agents(setup, n)))
    decided = [r for r in records if not r.capped and r.winner is not None]
    first = Share(sum(1 for r in decided if r.winner == r.first), len(decided))
    lengths = tuple(r.plies for r in records if not r.capped)
    endings = tuple(sorted(report.reasons.items(), key=lambda kv: (-kv[1], kv[0])))
    branching = sum(report.branching) / len(report.branching) if report.branching else None
    return Summary(setup, n, seats, Share(wins[None], n), Share(report.unfinished, n), first,
                   1 / setup.players, quartiles(lengths) if lengths else None, lengths, setup.max_plies,
                   endings, branching, report.widest, agent_lines(setup, decided))


@dataclass(frozen=True)
class Difference:
    """One measure of two runs: A's and B's values, B - A with its interval, significant or not."""
    measure: str          # "seat", "first", "capped", "median"
    seat: str | None
    a: float
    b: float
    diff: float
    low: float | None
    high: float | None

    @property
    def significant(self) -> bool | None:
        if self.low is None:
            return None
        return self.low > 0 or self.high < 0


def compare(a: Summary, b: Summary) -> tuple[Difference, ...]:
    """B against A: each seat's win rate, the first player's, the capped share (with intervals), the median length."""
    out = []

    def shares(measure: str, seat: str | None, x: Share, y: Share) -> None:
        if not x.n or not y.n:          # no game someone won on one side: nothing to compare
            return
        d, low, high = newcombe(y.k, y.n, x.k, x.n)
        out.append(Difference(measure, seat, x.rate, y.rate, d, low, high))

    for sa, sb in zip(a.seats, b.seats):
        shares("seat", sa.player, sa.wins, sb.wins)
    shares("first", None, a.first, b.first)
    shares("capped", None, a.capped, b.capped)
    if a.lengths and b.lengths:
        out.append(Difference("median", None, a.lengths[1], b.lengths[1], b.lengths[1] - a.lengths[1], None, None))
    return tuple(out)
