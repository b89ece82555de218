"""The players of `pnp playtest`: random, greedy (one ply) and mc (short Monte Carlo playouts).

What an agent is given is a `Seat`, never the position: the player's id, his
`observation` (engine.observation: what he sees), his legal moves, the engine
(stateless: it holds no position) and `sample()`, which draws a position he
cannot tell from the real one (engine.determinize: the same observation, every
secret, the others' hands, the pile's order, a choice not yet shown, drawn again
by the agent's own generator). The search agents look ahead from such samples
only, so they never read what their player cannot see; where a game has secrets
and its engine cannot draw them again (no `determinize`), they refuse to play it.

- random: a legal move, uniformly.
- greedy: every legal move of one sample is played and the result weighed by
  engine.evaluate (a chance node that follows is weighed over its outcomes with
  their exact probabilities, over an even spread of them past WEIGH_EXACT
  outcomes; a won game is +1, a lost one -1); the best move (the maximum, nothing
  sorted), ties broken by the agent's generator. Needs an evaluation. Where the engine
  knows a move's value without playing it (Engine.move_values: the same float),
  the move is not played (values_of).
- mc: a depth-2 search over sampled positions. The greedy agent's best few
  moves (MC_CANDIDATES, within MC_MARGIN of its best value) are each played on
  samples (Monte Carlo over what the player cannot see; one where nothing is
  hidden); where his turn goes on (3d Run's steps), his own greedy best moves
  are played on (MC_OWN_PLIES at most), then each other player answers once
  with the greedy agent's move, chosen on a position drawn from what *he* sees
  (a Lutinades picker does not know the card the sample holds), and the
  position reached is weighed for the agent; the best average wins (where a hand's results were drawn,
  equal averages go to the greedy agent's better value, then to its tie-breaker). Chance
  after a move is weighed by its odds instead of a reply; a hand's results
  (Engine.entering_results: a PuXes flick) are drawn as the referee draws
  them, the same draws for every candidate of a round (CommonDraws). The budget is in playouts: one per candidate a round, MC_SAMPLES rounds
  where something is hidden, more (MC_ROUNDS at most, while the positions
  weighed stay under MC_BUDGET) where playouts differ; where they cannot (no
  secret, nothing drawn) one.
- ismcts: information-set Monte Carlo with a budget in playouts (ISMCTS_PLAYOUTS).
  The greedy agent's best few moves (MC_CANDIDATES) are the root's arms; each
  playout draws a new sample (engine.determinize: what the player cannot see
  dealt again), picks an arm by UCB1, plays it, then ISMCTS_DEPTH plies of the
  playout policy (each player's greedy move, a random one with probability
  ISMCTS_EPSILON; another player's greedy move chosen on a position drawn from
  what *he* sees, as mc's replies are; chance by its odds, drawn, not averaged; a
  simultaneous step in seat order) and scores the end: +1 / -1 / 0 for a finished game, else
  engine.evaluate. The arm with the best mean wins. A flat search at the root:
  uniformly random playouts proved worse than greedy (1 of 4 Tactix games). It works
  for every engine through the protocol (determinize, legal_moves_of, play,
  evaluate).

Every random choice comes from the generator the referee hands the agent for the
game, so a game is the same whatever process plays it.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Sequence

from .core import CHANCE, Engine, EngineError, Move, Position, chance_step

MC_CANDIDATES = 6      # moves the mc agent looks at, the greedy agent's best ones ...
MC_MARGIN = 0.5        # ... within this of its best value
MC_OWN_PLIES = 6       # the mc agent's own plies played out while his turn goes on, before the reply
MC_SAMPLES = 3         # positions drawn for what the player cannot see (one where nothing is hidden)
MC_ROUNDS = 8          # playouts per candidate at most, where they differ (secrets drawn again, results drawn) ...
MC_BUDGET = 1500       # ... and while the positions weighed in a choice stay under this (more where a game is cheap)
ISMCTS_PLAYOUTS = 24   # the ismcts agent's budget: playouts per choice, each from its own sample
ISMCTS_DEPTH = 2       # plies of the playout policy after the root's move before the position is weighed
ISMCTS_EPSILON = 0.2   # the playout policy: the greedy agent's move, a random one this often
WEIGH_EXACT = 216      # a chance node of more outcomes than this (PuXes' roll of four hero dice: 1,296) is weighed ...
WEIGH_OVER = 36        # ... over about this many of them, evenly spaced in the engine's order, their odds rescaled
UCB_C = 0.7            # UCB1's exploration constant (values run from -1 to +1)
WON, LOST = 1.0, -1.0


class AgentRefused(ValueError):
    """An agent that cannot play this game (no evaluation, secrets it cannot draw again)."""


class Seat:
    """Everything an agent may know when it is his turn to choose.

    `observation` is computed when first read (a random agent never reads it);
    `sample(rng)` draws a position consistent with it. Nothing else is held.
    """
    __slots__ = ("player", "moves", "engine", "sample", "_observe", "_seen")

    def __init__(self, player: str, observe: Callable[[], dict], moves: Sequence[Move], engine: Engine,
                 sample: Callable[[random.Random], Position]):
        self.player = player
        self.moves = moves
        self.engine = engine
        self.sample = sample
        self._observe = observe
        self._seen: dict | None = None

    @property
    def observation(self) -> dict:
        if self._seen is None:
            self._seen = self._observe()
        return self._seen


class Agent:
    name = ""
    # The time of one of its plies against the random agent's, roughly (benchmarks/RESULTS.md, playouts per
    # game and agent: greedy 2 to 10 times random, mc 50 to 100 times): what `pnp playtest` bounds before playing.
    ply_cost = 1
    needs_evaluation = False
    needs_samples = False

    def check(self, engine: Engine, hidden: bool) -> None:
        """AgentRefused when this agent cannot play `engine`'s game (`hidden`: the game has secrets)."""
        if self.needs_evaluation and not engine.has_evaluation():
            raise AgentRefused(f"{self.name}: {engine.game_id} has no evaluation of a position "
                               f"(Engine.evaluate); only the random agent can play it")
        if self.needs_samples and hidden and type(engine).determinize is Engine.determinize:
            raise AgentRefused(f"{self.name}: {engine.game_id} hides information and its engine cannot draw "
                               f"it again (Engine.determinize); only the random agent can play it")

    def choose(self, seat: Seat, rng: random.Random) -> Move:
        raise NotImplementedError


class RandomAgent(Agent):
    name = "random"

    def choose(self, seat: Seat, rng: random.Random) -> Move:
        return rng.choice(seat.moves)


def result_value(engine: Engine, position: Position, player: str) -> float:
    """+1, -1 or 0 for a finished game (a shared win counts as 0), else the evaluation."""
    ended = engine.outcome(position)
    if ended is not None:
        if ended.winner is None:
            return 0.0
        return WON if ended.winner == player else LOST
    return engine.evaluate(position, player)


def weigh(engine: Engine, position: Position, player: str) -> float:
    """The value of `position` for `player`; a chance node is weighed over its outcomes (one level), with
    their exact odds up to WEIGH_EXACT outcomes (3d Run's rolls, at most 126), else over every k-th one
    (WEIGH_OVER of them), their odds rescaled: a PuXes roll of four hero dice has 1,296 outcomes, and
    weighing each made a greedy choice cost about a second."""
    if engine.outcome(position) is None and engine.to_move(position) == CHANCE:
        outcomes = engine.chance_outcomes(position)
        if len(outcomes) > WEIGH_EXACT:
            outcomes = outcomes[::len(outcomes) // WEIGH_OVER]
            total = float(sum(p for _move, p in outcomes))
            return sum(float(p) * result_value(engine, engine.play(position, move), player)
                       for move, p in outcomes) / total
        return sum(float(p) * result_value(engine, engine.play(position, move), player) for move, p in outcomes)
    return result_value(engine, position, player)


def after(engine: Engine, position: Position, move: Move) -> Position:
    """`position` after `move`; a sample where the move is not legal (a secret drawn again changed what can
    be played) stays as it is, so the move is weighed as doing nothing."""
    try:
        return engine.play(position, move)
    except EngineError:
        return position


def values_of(engine: Engine, position: Position, moves: Sequence[Move], player: str) -> list[float]:
    """weigh() of the position each move leads to, for `player`: the engine's shortcut where it has one
    (Engine.move_values: the same floats, without building the positions), else the move played."""
    known = engine.move_values(position, moves, player) or [None] * len(moves)
    return [weigh(engine, after(engine, position, move), player) if value is None else value
            for move, value in zip(moves, known)]


def ranked(seat: Seat, position: Position, rng: random.Random) -> list[tuple[float, float, Any]]:
    """(value, tie-breaker, move) for every move of the seat, best first."""
    scored = [(value, rng.random(), i)
              for i, value in enumerate(values_of(seat.engine, position, seat.moves, seat.player))]
    scored.sort(reverse=True)
    return [(value, tie, seat.moves[i]) for value, tie, i in scored]


def best_move(seat: Seat, position: Position, rng: random.Random) -> Move:
    """ranked()'s first move without sorting the rest: the same tie-breakers drawn in the same order, the
    same key (value, tie-breaker, index), so the same move and the generator left as ranked() leaves it."""
    values = values_of(seat.engine, position, seat.moves, seat.player)
    ties = [rng.random() for _ in values]
    return seat.moves[max(range(len(values)), key=lambda i: (values[i], ties[i], i))]


class GreedyAgent(Agent):
    name = "greedy"
    ply_cost = 10
    needs_evaluation = True
    needs_samples = True

    def choose(self, seat: Seat, rng: random.Random) -> Move:
        if len(seat.moves) == 1:
            return seat.moves[0]
        return best_move(seat, seat.sample(rng), rng)


def reply_value(engine: Engine, position: Position, player: str, rng: random.Random,
                hidden: bool = False, results: random.Random | None = None) -> tuple[float, bool, int]:
    """`position`'s value for `player` once each other player has made his reply; whether anything was drawn
    on the way (then the value is one draw of several); and how many positions were weighed (the cost).

    Where the player's own turn goes on (a race's steps, one ply each), his own best moves are played first,
    MC_OWN_PLIES at most: a step is weighed by where the movement can still take him, not where it stands.
    Then each other player replies in turn, once (two players: the next one's reply), as the greedy agent
    would: where the game hides something (`hidden`), on a position drawn from what *he* sees
    (engine.determinize), ties broken at random, so that the reply cannot use the sample's secrets (the
    card a Lutinades picker has not seen); else on the position itself. The look-ahead stops when a player
    who replied (or the player himself, after a reply) is to move again, at chance (weighed by its odds)
    or at a finished game. Where the hand decides (Engine.entering_results: a PuXes flick's results) the
    results are drawn one legal move at a time, as the referee draws them; chance met after such a draw
    ends the look-ahead without its odds (the position weighed as it stands: the value is already one
    draw among the playouts averaged, and a roll of four hero dice has 1,296 outcomes to weigh). Those
    results are drawn from `results` where given (the mc agent's round: the same draws for every candidate,
    CommonDraws), else from `rng`.
    """
    own, replied, drew, weighed = 0, set(), False, 0
    while engine.outcome(position) is None:
        who = engine.to_move(position)
        if who == CHANCE:
            return (result_value if drew else weigh)(engine, position, player), drew, weighed
        if who in replied or (who == player and (replied or own == MC_OWN_PLIES)):
            return weigh(engine, position, player), drew, weighed
        moves = engine.legal_moves_of(position, who)
        if not moves:
            return weigh(engine, position, player), drew, weighed
        if engine.entering_results(position):       # the hand decides there, not a choice: drawn
            position, drew = after(engine, position, (results or rng).choice(moves)), True
            continue
        weighed += len(moves)
        if who != player and hidden:
            values = values_of(engine, engine.determinize(position, who, rng), moves, who)
            move = moves[max(range(len(moves)), key=lambda i: (values[i], rng.random()))]
        else:
            values = values_of(engine, position, moves, who)
            move = moves[max(range(len(moves)), key=values.__getitem__)]
        position = after(engine, position, move)
        if who == player:
            own += 1
        else:
            replied.add(who)
    return result_value(engine, position, player), drew, weighed


class CommonDraws:
    """The results a round of the mc agent's playouts draws, the same for every candidate (common random
    numbers): each candidate is handed a generator seeded alike, so two flicks of one oracle meet the same
    results and what tells their values apart is the face each stops on, not the luck of ~20 results a draw
    (at PuXes that luck swamped the faces). The seed is drawn from the game's generator at the round's first
    result, so where no hand's results are drawn (every game but PuXes) the game's draws are as before."""
    __slots__ = ("_rng", "_seed")

    def __init__(self, rng: random.Random):
        self._rng, self._seed = rng, None

    def generator(self) -> "_RoundGenerator":
        return _RoundGenerator(self)

    def seed(self) -> int:
        if self._seed is None:
            self._seed = self._rng.getrandbits(64)
        return self._seed


class _RoundGenerator:
    """One candidate's generator of a round: random.Random(the round's seed), made at its first draw."""
    __slots__ = ("_round", "_own")

    def __init__(self, common: CommonDraws):
        self._round, self._own = common, None

    def choice(self, items):
        if self._own is None:
            self._own = random.Random(self._round.seed())
        return self._own.choice(items)


class MonteCarloAgent(Agent):
    name = "mc"
    ply_cost = 100
    needs_evaluation = True
    needs_samples = True

    def choose(self, seat: Seat, rng: random.Random) -> Move:
        if len(seat.moves) == 1:
            return seat.moves[0]
        engine, player = seat.engine, seat.player
        first = seat.sample(rng)
        best = ranked(seat, first, rng)
        if best[0][0] >= WON:
            return best[0][2]
        # The greedy agent's best few moves, those it does not already condemn.
        candidates = [b for b in best[:MC_CANDIDATES] if b[0] >= best[0][0] - MC_MARGIN]
        if len(candidates) == 1:
            return candidates[0][2]
        samples = [first]
        for _ in range(MC_SAMPLES - 1):
            other = seat.sample(rng)
            if other is first:          # nothing hidden: one sample is the position itself
                break
            samples.append(other)
        hidden = len(samples) > 1
        # Rounds of one playout per candidate, each round on its own sample: MC_SAMPLES rounds where something
        # is hidden, then more while the budget allows where playouts differ (a sample drawn again, results
        # drawn). A playout that drew nothing where nothing is hidden would repeat itself: its value stands.
        totals, fixed, drawn = [0.0] * len(candidates), [False] * len(candidates), False
        rounds = weighed = 0
        while True:
            sample = samples[rounds] if rounds < len(samples) else seat.sample(rng)
            common = CommonDraws(rng)
            for i, (_value, _tie, move) in enumerate(candidates):
                if fixed[i]:
                    totals[i] += totals[i] / rounds
                    continue
                value, drew, cost = reply_value(engine, after(engine, sample, move), player, rng, hidden,
                                                common.generator())
                totals[i] += value
                weighed += cost
                fixed[i] = not (hidden or drew)
                drawn = drawn or drew
            rounds += 1
            if rounds < len(samples):
                continue
            if all(fixed) or rounds >= MC_ROUNDS or weighed >= MC_BUDGET:
                break
        # Where a hand's results were drawn, equal totals are broken by the greedy agent's value: a PuXes
        # flick's draws often send the flicked oracle to sleep in every round, where each face it may stop on
        # scores alike, and the face his rolls match least is the one to keep when it stays (the greedy
        # agent ranks it exactly); elsewhere by the tie-breaker alone, as before.
        return max(zip(totals, (v if drawn else 0.0 for v, _t, _m in candidates),
                       (tie for _v, tie, _m in candidates), (m for _v, _t, m in candidates)),
                   key=lambda s: s[:3])[3]


def playout_value(engine: Engine, position: Position, player: str, depth: int, rng: random.Random,
                  hidden: bool = False) -> float:
    """`position`'s value for `player` after `depth` plies of the playout policy (chance by its odds).
    Where the game hides something (`hidden`), another player's greedy move is chosen on a position drawn
    from what *he* sees (engine.determinize), as the mc agent's replies are: the sample's secrets are the
    searching player's guess, not what the others know (a Lutinades picker has not seen the card)."""
    for _ in range(depth):
        if engine.outcome(position) is not None:
            break
        who = engine.to_move(position)
        if who == CHANCE:
            drawn = chance_step(engine, position, rng)
            if drawn is None:
                break
            position = drawn
            continue
        moves = engine.legal_moves_of(position, who)
        if not moves:
            break
        if len(moves) == 1 or rng.random() < ISMCTS_EPSILON or engine.entering_results(position):
            move = rng.choice(moves)
        else:       # the greedy agent's move, ties broken at random, on what the mover sees
            seen = engine.determinize(position, who, rng) if hidden and who != player else position
            values = values_of(engine, seen, moves, who)
            move = moves[max(range(len(moves)), key=lambda i: (values[i], rng.random()))]
        position = after(engine, position, move)
    return result_value(engine, position, player)


class InformationSetMonteCarloAgent(Agent):
    name = "ismcts"
    ply_cost = 500      # greedy's ranking, then ISMCTS_PLAYOUTS playouts of ISMCTS_DEPTH greedy plies each
    needs_evaluation = True
    needs_samples = True

    def choose(self, seat: Seat, rng: random.Random) -> Move:
        if len(seat.moves) == 1:
            return seat.moves[0]
        engine, player = seat.engine, seat.player
        first = seat.sample(rng)
        best = ranked(seat, first, rng)
        if best[0][0] >= WON:
            return best[0][2]
        arms = [move for _value, _tie, move in best[:MC_CANDIDATES]]
        visits, totals = [0] * len(arms), [0.0] * len(arms)
        hidden = False      # a sample other than the position itself: the game hides something from him
        for n in range(1, ISMCTS_PLAYOUTS + 1):
            if n <= len(arms):
                i = n - 1
            else:
                log_n = math.log(n)
                i = max(range(len(arms)), key=lambda k: totals[k] / visits[k] + UCB_C * math.sqrt(log_n / visits[k]))
            sample = seat.sample(rng)
            hidden = hidden or sample is not first
            totals[i] += playout_value(engine, after(engine, sample, arms[i]), player, ISMCTS_DEPTH, rng, hidden)
            visits[i] += 1
        # the best mean of the arms tried (greedy's order breaks ties)
        chosen = max(range(len(arms)), key=lambda k: (totals[k] / visits[k] if visits[k] else -2.0, -k))
        return arms[chosen]


AGENTS: dict[str, type[Agent]] = {a.name: a for a in (RandomAgent, GreedyAgent, MonteCarloAgent,
                                                       InformationSetMonteCarloAgent)}


def make_agent(name: str) -> Agent:
    if name not in AGENTS:
        raise AgentRefused(f"unknown agent '{name}' (known: {', '.join(AGENTS)})")
    return AGENTS[name]()
