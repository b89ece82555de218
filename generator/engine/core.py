"""The rules-engine protocol every game module implements, and its shared errors.

One engine per game. An engine is a stateless object; positions are immutable
values the engine alone understands (the checker, the CLI and the drawing code
only pass them back to the engine that made them). The protocol, in the order a
diagram uses it:

    initial(variant)                 the start position
    read_position(data, to_move, variant)
                                     a position from a diagram's `position:` YAML
                                     value (a mapping square -> piece for grid games);
                                     bad input raises NotationError(message, key)
    write_position(position)         the inverse: a plain dict of text, stable order,
                                     such that read_position(write_position(p),
                                     to_move(p), variant) == p; the checker compares
                                     positions through it
    to_move(position)                id of the player to move (one of `players`)
    legal_moves(position)            every legal move, in a deterministic order;
                                     [] when the game is over (a won position has no moves)
    play(position, move)             the position after a legal move
    outcome(position)                None while the game goes on, else Outcome
    parse_move(position, text)       a move from the game's notation: NotationError
                                     when the text cannot name a move (syntax, unknown
                                     square), IllegalMove(reason, detail) when it names
                                     one the rules forbid here; `reason` is a key of
                                     `illegal_reasons`
    format_move(position, move)      the move in the game's notation (parse_move reads it back)
    move_origin(move)                the square a move starts from, or None (placements)
    effects(position, move)          what the move does besides moving: a mapping
                                     kind -> squares, kinds from `effect_kinds`
                                     ('captures', 'flips', 'recolours', ...)
    score(position)                  player -> points, for games that score; else
                                     NotImplementedError
    piece_text(key, text)            the canonical spelling of one entry of a position
                                     mapping (for partial `pieces` claims); default: as is
    placements(position)             [(square, piece style, shown value or None)] for
                                     drawing: styles are keys of `pieces:` in the
                                     game's board.yaml
    check_claim(kind, value, ctx)    optional game-specific claims listed in
                                     `extra_claims`; returns None when the claim holds,
                                     else (what was claimed, what the engine finds)

Moves are opaque hashable values; two moves are the same move exactly when they
compare equal, so an engine that merges two paths with one outcome (Tactix)
does it in its move type. Engines never import the drawing or component layers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable, Mapping, Sequence

Position = Any
Move = Hashable
Placement = tuple[str, str, "str | None"]


class EngineError(Exception):
    """Base of the errors an engine raises about its input."""


class NotationError(EngineError):
    """Text or data that does not name a move or a position (syntax, unknown square, bad piece).

    `key` is the key of the position mapping at fault, when there is one, so the
    caller can point at its line in the YAML file.
    """

    def __init__(self, message: str, key: str | None = None):
        super().__init__(message)
        self.message = message
        self.key = key


class IllegalMove(EngineError):
    """A well-formed move the rules forbid in this position.

    `reason` is a key of the engine's `illegal_reasons` (stable, used by diagram
    claims); `detail` says it for a human, e.g. "c4 is occupied on the way".
    """

    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the winner's player id (None for a draw) and why."""
    winner: str | None
    reason: str


class Engine:
    """Base class of the game engines; subclasses fill in the protocol above.

    Class attributes a subclass sets:
      game_id         the content folder name, e.g. 'tactix'
      players         player ids in turn order, e.g. ('blanc', 'noir')
      variants        variant ids the engine knows (game.yaml `variants:` ids)
      illegal_reasons reason key -> one-line description (for claims and messages)
      effect_kinds    effect kinds `effects` may report, e.g. ('captures',)
      extra_claims    game-specific claim kinds handled by `check_claim`
    """

    game_id: str = ""
    players: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    illegal_reasons: Mapping[str, str] = {}
    effect_kinds: tuple[str, ...] = ()
    extra_claims: tuple[str, ...] = ()

    # --- protocol: subclasses implement these -------------------------------
    def initial(self, variant: str | None = None) -> Position:
        raise NotImplementedError

    def read_position(self, data: Any, to_move: str | None = None, variant: str | None = None) -> Position:
        raise NotImplementedError

    def write_position(self, position: Position) -> dict:
        raise NotImplementedError

    def to_move(self, position: Position) -> str:
        raise NotImplementedError

    def legal_moves(self, position: Position) -> list[Move]:
        raise NotImplementedError

    def play(self, position: Position, move: Move) -> Position:
        raise NotImplementedError

    def outcome(self, position: Position) -> Outcome | None:
        raise NotImplementedError

    def parse_move(self, position: Position, text: str) -> Move:
        raise NotImplementedError

    def format_move(self, position: Position, move: Move) -> str:
        raise NotImplementedError

    def placements(self, position: Position) -> list[Placement]:
        raise NotImplementedError

    # --- protocol: defaults a subclass may override -------------------------
    def move_origin(self, move: Move) -> str | None:
        """The square the move starts from; None for placements and passes."""
        return None

    def effects(self, position: Position, move: Move) -> Mapping[str, Sequence[str]]:
        return {}

    def piece_text(self, key: str, text: Any) -> str:
        """Canonical text of one piece as write_position spells it (NotationError when invalid)."""
        return str(text)

    def score(self, position: Position) -> Mapping[str, int]:
        raise NotImplementedError(f"{self.game_id} has no score")

    def check_claim(self, kind: str, value: Any, context: "ClaimContext") -> tuple[str, str] | None:
        raise NotImplementedError(f"{self.game_id} has no claim '{kind}'")

    # --- helpers built on the protocol --------------------------------------
    def moves_from(self, position: Position, square: str) -> list[Move]:
        """The legal moves of the piece standing on `square`."""
        return [m for m in self.legal_moves(position) if self.move_origin(m) == square]

    def perft(self, position: Position, depth: int) -> int:
        """Leaf count of the legal-move tree `depth` plies deep (finished games are dead ends)."""
        if depth <= 0:
            return 1
        moves = self.legal_moves(position)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.play(position, m), depth - 1) for m in moves)

    def check_variant(self, variant: str | None) -> None:
        if variant is not None and variant not in self.variants:
            known = ", ".join(self.variants) or "none"
            raise NotationError(f"unknown variant '{variant}' for {self.game_id} (known: {known})")


@dataclass(frozen=True)
class ClaimContext:
    """What a game-specific claim can look at: the position before and after the diagram's moves."""
    engine: Engine
    before: Position
    after: Position
    moves: tuple  # the moves played, as engine moves
