"""A small test engine that uses every part of the protocol: 3 to 7 players, a seeded deal of
hidden cards, simultaneous choices, then a die.

Rules. Cards 1 to 9 are shuffled and each player is dealt one, face down; the
rest is the pile. Each round every player chooses at once `pair` (even) or
`impair` (odd); the choices are revealed together, then one die is rolled.
A player whose choice is the parity of the die plus his own card scores 1.
After `rounds` rounds (2 by default) the highest score wins; a shared best is a
draw.

Notation. Players j1..jN. A choice names its player: `j2:pair`. A die: `=4`.
Position: {joueurs: [j1, j2, j3], mains: {j1: [5], ...}, pioche: [...],
choix: {j1: pair}, points: {j1: 1}, manche: 1, manches: 2}.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from generator.engine.core import CHANCE, HIDDEN, Engine, IllegalMove, NotationError, Outcome

CARDS = tuple(range(1, 10))
SIGNS = ("pair", "impair")
FACES = tuple(range(1, 7))


@dataclass(frozen=True)
class SignsPosition:
    players: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    choices: tuple[str | None, ...]
    points: tuple[int, ...]
    round: int = 1
    rounds: int = 2


@dataclass(frozen=True)
class Choice:
    player: str
    sign: str


@dataclass(frozen=True)
class Roll:
    face: int


class SignsEngine(Engine):
    game_id = "signes"
    players = tuple(f"j{i}" for i in range(1, 8))
    player_counts = (3, 4, 5, 6, 7)
    illegal_reasons = {
        "game_over": "the game is over",
        "not_waiting": "the player has chosen already this round, or is not a player",
        "chance": "the die is rolled now",
        "no_roll": "the players choose now",
    }

    def initial(self, variant=None, *, players=None, seed=None) -> SignsPosition:
        self.check_variant(variant)
        order = self.players_for(players)
        pile = self.shuffled(CARDS, seed)
        hands = tuple((pile.pop(0),) for _ in order)
        return SignsPosition(order, hands, tuple(pile), (None,) * len(order), (0,) * len(order))

    def read_position(self, data: Any, to_move=None, variant=None) -> SignsPosition:
        if not isinstance(data, dict) or "joueurs" not in data:
            raise NotationError("a position is a mapping with joueurs, mains, pioche, choix, points, manche")
        order = tuple(data["joueurs"])
        self.check_players(len(order))
        get = lambda key: data.get(key) or {}   # noqa: E731
        return SignsPosition(
            order, tuple(tuple(get("mains").get(p, ())) for p in order), tuple(data.get("pioche", ())),
            tuple(get("choix").get(p) for p in order), tuple(get("points").get(p, 0) for p in order),
            data.get("manche", 1), data.get("manches", 2))

    def write_position(self, p: SignsPosition) -> dict:
        return {"joueurs": list(p.players), "mains": {pl: list(h) for pl, h in zip(p.players, p.hands)},
                "pioche": list(p.pile), "choix": {pl: c for pl, c in zip(p.players, p.choices) if c},
                "points": dict(zip(p.players, p.points)), "manche": p.round, "manches": p.rounds}

    def observation(self, p: SignsPosition, player: str) -> dict:
        seen = self.write_position(p)
        seen["mains"] = {pl: h if pl == player else len(h) for pl, h in seen["mains"].items()}
        seen["pioche"] = len(p.pile)
        if self.waiting(p):     # choices stay hidden until the last one is made
            seen["choix"] = {pl: c if pl == player else HIDDEN for pl, c in seen["choix"].items()}
        return seen

    def outcome(self, p: SignsPosition) -> Outcome | None:
        if p.round <= p.rounds:
            return None
        best = max(p.points)
        leaders = [pl for pl, n in zip(p.players, p.points) if n == best]
        return Outcome(leaders[0] if len(leaders) == 1 else None, f"best score {best}")

    def waiting(self, p: SignsPosition) -> tuple[str, ...]:
        if self.outcome(p) is not None:
            return ()
        return tuple(pl for pl, c in zip(p.players, p.choices) if c is None)

    def to_move(self, p: SignsPosition) -> str:
        waiting = self.waiting(p)
        if waiting:
            return waiting[0]
        return CHANCE if self.outcome(p) is None else p.players[0]

    def legal_moves_of(self, p: SignsPosition, player: str) -> list:
        return [Choice(player, s) for s in SIGNS] if player in self.waiting(p) else []

    def legal_moves(self, p: SignsPosition) -> list:
        if self.outcome(p) is not None:
            return []
        if self.to_move(p) == CHANCE:
            return [Roll(f) for f in FACES]
        return self.legal_moves_of(p, self.to_move(p))

    def chance_outcomes(self, p: SignsPosition) -> list[tuple[Roll, Fraction]]:
        if self.to_move(p) != CHANCE:
            return []
        return [(Roll(f), Fraction(1, 6)) for f in FACES]

    def _check(self, p: SignsPosition, move) -> None:
        if self.outcome(p) is not None:
            raise IllegalMove("game_over", "the game is over")
        if isinstance(move, Roll):
            if self.waiting(p):
                raise IllegalMove("no_roll", f"{', '.join(self.waiting(p))} must choose first")
        elif self.to_move(p) == CHANCE:
            raise IllegalMove("chance", "every player has chosen: the die is rolled")
        elif move.player not in self.waiting(p):
            raise IllegalMove("not_waiting", f"{move.player} does not choose now")

    def play(self, p: SignsPosition, move) -> SignsPosition:
        self._check(p, move)
        if isinstance(move, Choice):
            i = p.players.index(move.player)
            return replace(p, choices=p.choices[:i] + (move.sign,) + p.choices[i + 1:])
        points = tuple(n + (SIGNS[(move.face + h[0]) % 2] == c)
                       for n, h, c in zip(p.points, p.hands, p.choices))
        return replace(p, points=points, choices=(None,) * len(p.players), round=p.round + 1)

    def parse_move(self, p: SignsPosition, text: str):
        t = str(text).strip()
        if t.startswith("=") and t[1:].isdigit() and int(t[1:]) in FACES:
            move = Roll(int(t[1:]))
        else:
            player, _, sign = t.partition(":")
            if sign not in SIGNS:
                raise NotationError(f"'{text}' is not a move: write j2:pair, j3:impair or =4")
            move = Choice(player, sign)
        self._check(p, move)
        return move

    def format_move(self, p: SignsPosition, move) -> str:
        return f"={move.face}" if isinstance(move, Roll) else f"{move.player}:{move.sign}"

    def placements(self, p: SignsPosition) -> list:
        return []

    def score(self, p: SignsPosition) -> dict[str, int]:
        return dict(zip(p.players, p.points))


ENGINE = SignsEngine()
