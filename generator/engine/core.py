"""The rules-engine protocol every game module implements, and its shared errors.

One engine per game. An engine is a stateless object; positions are immutable
values the engine alone understands (the checker, the CLI and the drawing code
only pass them back to the engine that made them). The protocol, in the order a
diagram uses it:

    bind(data)                       this engine for one game's own content: `data` is a
                                     GameData (plain values the content layer read: the
                                     game's numbers, what its components offer an engine,
                                     e.g. a map's rows); returns an engine, never changes
                                     self. Default: self, for engines that need nothing
                                     (see "Game data" below)
    initial(variant, *, players, seed)
                                     the start position of a game of `players` players
                                     (one of `player_counts`; None: the smallest); a game
                                     with hidden cards or tiles deals them here from a
                                     pile shuffled by random.Random(seed) (None: seed 0),
                                     so one seed always gives the same deal
    read_position(data, to_move, variant)
                                     a position from a diagram's `position:` YAML
                                     value (a mapping square -> piece for grid games);
                                     bad input raises NotationError(message, key)
    write_position(position)         the inverse: a plain dict of text, stable order,
                                     such that read_position(write_position(p),
                                     to_move(p), variant) == p wherever a player is to
                                     move (a step waiting for chance is written with what
                                     it waits for, Praxis's `attente`, and read back with
                                     the player whose turn it is); the checker compares
                                     positions through it. It shows everything, hidden
                                     cards included: it is the referee's view
    observation(position, player)    what `player` sees: write_position with what is
                                     hidden from him (the others' hands, the draw pile,
                                     choices not yet revealed) replaced by its size or by
                                     HIDDEN; default: everything (a game without secrets)
    to_move(position)                who acts: a player id (one of players_for(count)),
                                     or CHANCE when the dice, a draw or a shuffle act
    waiting(position)                the players whose choice is awaited, in seat order:
                                     (to_move,) in turn-based play, several at a
                                     simultaneous step, () when chance acts or the game
                                     is over
    legal_moves(position)            the moves of to_move(position), in a deterministic
                                     order; [] when the game is over (a won position has
                                     no moves). When chance acts, its moves are the chance
                                     outcomes
    legal_moves_of(position, player) the moves of any waiting player (simultaneous steps)
    chance_outcomes(position)        when chance acts: [(outcome, Fraction)], every
                                     outcome with its exact probability, summing to
                                     exactly 1, in the order of legal_moves; [] otherwise
    play(position, move)             the position after a legal move (or chance outcome)
    outcome(position)                None while the game goes on, else Outcome
    parse_move(position, text)       a move from the game's notation: NotationError
                                     when the text cannot name a move (syntax, unknown
                                     square), IllegalMove(reason, detail) when it names
                                     one the rules forbid here; `reason` is a key of
                                     `illegal_reasons`. At a chance node it reads an
                                     outcome, so a diagram's `moves:` names the dice
    format_move(position, move)      the move in the game's notation (parse_move reads it back)
    move_origin(move)                the square a move starts from, or None (placements)
    effects(position, move)          what the move does besides moving: a mapping
                                     kind -> squares, kinds from `effect_kinds`
                                     ('captures', 'flips', 'recolours', ...)
    score(position)                  player -> points, for games that score; else
                                     NotImplementedError
    move_pieces(position, move)      [(square, piece style, value)] of the pieces a move puts
                                     down from outside the board (a tile from the hand), for
                                     the figures: what they must show; default: none
    held_pieces(position)            [(what, player, piece style, value)] of the pieces players
                                     hold off the board ('hand', 'collections', ...), which a
                                     figure draws beside the board; default: none
    impossible(position)             [(position key, detail)] of what in the position no game played
                                     by the rules reaches (a hand short of its size while the pile
                                     lasts): the figure proof tells a figure drawn from it, whose
                                     caption then describes what cannot happen. A diagram's position
                                     writes only what it needs, so an engine tells only what is
                                     impossible whatever was left out (an empty hand is one left out);
                                     `detail` in English, like IllegalMove's. Default: none
    item_states(position, component_id)
                                     item id of the component -> its state in the position, for the
                                     items the position places: PLAY (on the table, in use) or a
                                     state out of play, one of OUT_STATES ('asleep', 'lost', 'aside');
                                     the figure proof tells a figure of items drawing one out of play
                                     in the same row as items in play. Default: {}
    supply(position)                 piece style -> how many of it the game has in all (on the board,
                                     held, in reserve, taken), for the styles whose number the rules
                                     fix (Armada's twenty ships a side); the figure proof tells a
                                     caption counting more ("vingt et un navires"). Default: {}
    piece_text(key, text)            the canonical spelling of one entry of a position
                                     mapping (for partial `pieces` claims); default: as is
    placements(position)             [(square, piece style, shown value or None)] for
                                     drawing: styles are keys of `pieces:` in the
                                     game's board.yaml
    check_claim(kind, value, ctx)    optional game-specific claims listed in
                                     `extra_claims`; returns None when the claim holds,
                                     else (what was claimed, what the engine finds)
    evaluate(position, player)       optional, for the playtest's greedy and search agents:
                                     how the position looks for `player`, from -1 (lost)
                                     to +1 (won), 0 even; a game without it is played by
                                     the random agent only (NotImplementedError)
    move_values(position, moves, player)
                                     optional, for the greedy ranking: for each of `moves` (legal
                                     moves of position) the value for `player` of the position it
                                     leads to, exactly the float the agents' weigh() gives that
                                     position once played (its evaluation, a finished game's +1/-1/0,
                                     a chance node averaged), or None where the engine has no
                                     shortcut (the move is then played); None for the whole list:
                                     none. A shortcut skips building positions, never changes a
                                     value. Default: None
    determinize(position, player, rng)
                                     a position `player` cannot tell from this one (the
                                     same observation), its hidden parts (the others'
                                     hands, the pile's order, choices not yet revealed)
                                     drawn again by `rng`: what a searching agent may
                                     look ahead from. Default: the position itself when
                                     nothing is hidden from `player`, else
                                     NotImplementedError

Chance. A position where the dice roll, a card is drawn or a pile shuffled has
CHANCE to move. Its moves are the outcomes, written in the game's notation like
any move (Praxis: `=gagne`, `=4`), and chance_outcomes gives each one's exact
probability as a fractions.Fraction. Outcomes that lead to the same position may
be merged into one (a duel is won or lost, whatever the two dice show), as two
paths with one result are one move. Playouts resolve chance with a seeded
random.Random through `pick_outcome`, never with the global generator; perft
counts outcomes as plies like any move.

Play history. A rule that looks at the game's past (Tactix's draw by the third
repetition of a position) keeps what it needs in the position as history left out
of equality and of write_position (Tactix: the boards since the last capture), so
a position read from a diagram starts with none and still compares equal to the
same position reached by play; a count the players keep on the table (Armada's
turns without a capture) is part of the position and of its notation instead.

Hidden information. The position holds everything (the referee's view); a
shuffle is resolved once, in the start position, by the seed, and a draw takes
the top of the pile. What a player may see is `observation(position, player)`.

Simultaneous choices. Several players choose at once (each shows a hand sign,
say). While they choose, waiting(position) lists those who have not chosen yet
and to_move(position) is the first of them in seat order; play() takes the
choice of ANY waiting player, in any order, and records it hidden: the others'
observation shows only that he has chosen (HIDDEN). The last choice reveals them
all together, and the position that follows is the same whatever the order in
which they came. Because to_move names the first waiting player, legal_moves,
perft and playouts walk each combination of choices exactly once (in seat
order); a diagram may list the choices in any order, its notation naming the
player who chooses.

Game data. An engine whose rules read the game's content (3d Run plays on the
level of its map and starts with the life total of game.yaml `numbers:`) keeps
no copy of it: `bind(data)` returns an engine for that content, and whoever
creates positions for a game binds first: the diagram checker and the figures
(from the loaded game), `pnp engine ...` and `pnp playtest` (from --content).
`engine.engine_for(game)` does it for a loaded game; `engine.game_engine(id,
content_dir)` loads the game first. An engine that needs data and is used
unbound raises EngineError from initial() and read_position(). The data is
plain values only (no model object, no Path): the engine never imports the
content layer.

Moves are opaque hashable values; two moves are the same move exactly when they
compare equal, so an engine that merges two paths with one outcome (Tactix)
does it in its move type. Engines never import the drawing or component layers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Any, Hashable, Mapping, Sequence

Position = Any
Move = Hashable
Placement = tuple[str, str, "str | None"]

CHANCE = "chance"     # to_move() of a position where chance acts
PLAY = "play"         # item_states(): an item in play
OUT_STATES = ("asleep", "lost", "aside")     # item_states(): the states of an item out of play
HIDDEN = "?"          # what an observation shows in place of a secret
DEFAULT_SEED = 0      # the deal of initial() when no seed is given


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
class GameData:
    """A game's own content, as plain values, for an engine that reads it (`Engine.bind`).

    numbers      game.yaml `numbers:`, name -> int (e.g. {'pv_depart': 5})
    components   component id -> what that component offers an engine (its model's
                 `engine_data()`): a map gives its rows of characters, top to bottom;
                 components that offer nothing are left out
    """
    numbers: Mapping[str, int] = field(default_factory=dict)
    components: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the winner's player id (None for a draw) and why.

    `reason` says it in English for a developer (checker messages); `key` names the
    kind of ending for reports, whose words are the catalogues' `engine.endings.<game
    id>.<key>` (playtest); two outcomes that differ only by key are equal.
    """
    winner: str | None
    reason: str
    key: str = field(default="", compare=False)


def pick_outcome(outcomes: Sequence[tuple[Move, Fraction]], rng: random.Random) -> Move:
    """One chance outcome drawn with its exact probability from the seeded `rng`.

    One integer is drawn below the common denominator, so the draw is exact and
    the same seed gives the same outcomes on every machine.
    """
    scale = lcm(*(p.denominator for _, p in outcomes))
    ticket = rng.randrange(scale)
    for move, p in outcomes:
        ticket -= p.numerator * (scale // p.denominator)
        if ticket < 0:
            return move
    raise ValueError("chance outcomes do not sum to 1")


def chance_step(engine: "Engine", position: Position, rng: random.Random) -> Position | None:
    """`position` after chance has acted, its outcome drawn by `pick_outcome` from `rng`; None when chance has
    no outcome (a dead end). The one chance step of the referee and of the agents' playouts."""
    outcomes = engine.chance_outcomes(position)
    if not outcomes:
        return None
    return engine.play(position, pick_outcome(outcomes, rng))


class Engine:
    """Base class of the game engines; subclasses fill in the protocol above.

    Class attributes a subclass sets:
      game_id         the content folder name, e.g. 'tactix'
      players         every player id in seat order, e.g. ('blanc', 'noir')
      player_counts   the numbers of players the engine accepts, e.g. (2, 3, 4)
      variants        variant ids the engine knows (game.yaml `variants:` ids)
      illegal_reasons reason key -> one-line description (for claims and messages)
      effect_kinds    effect kinds `effects` may report, e.g. ('captures',)
      extra_claims    game-specific claim kinds handled by `check_claim`
      playtest_agent  the agent `pnp playtest` seats when none is named: 'random', or 'greedy' for a
                      game whose random play says nothing of the game (nobody ever scores or arrives)
    """

    game_id: str = ""
    players: tuple[str, ...] = ()
    player_counts: tuple[int, ...] = (2,)
    variants: tuple[str, ...] = ()
    illegal_reasons: Mapping[str, str] = {}
    effect_kinds: tuple[str, ...] = ()
    extra_claims: tuple[str, ...] = ()
    playtest_agent: str = "random"

    # --- protocol: subclasses implement these -------------------------------
    def initial(self, variant: str | None = None, *, players: int | None = None,
                seed: int | None = None) -> Position:
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
    def bind(self, data: GameData) -> "Engine":
        """This engine for one game's content (`data`: its GameData); an engine that reads nothing returns self."""
        return self

    def players_for(self, count: int | None = None) -> tuple[str, ...]:
        """The player ids of a game of `count` players, in seat order (default: the first ids)."""
        return self.players[:self.check_players(count)]

    def waiting(self, position: Position) -> tuple[str, ...]:
        """The players whose choice is awaited (several at a simultaneous step)."""
        if self.outcome(position) is not None:
            return ()
        who = self.to_move(position)
        return () if who == CHANCE else (who,)

    def legal_moves_of(self, position: Position, player: str) -> list[Move]:
        """The moves of `player`: [] unless he is waiting to choose."""
        return self.legal_moves(position) if player == self.to_move(position) else []

    def chance_outcomes(self, position: Position) -> list[tuple[Move, Fraction]]:
        """[(outcome, exact probability)] when chance acts, else []."""
        return []

    def observation(self, position: Position, player: str) -> dict:
        """What `player` sees of the position; a game without secrets shows everything."""
        return self.write_position(position)

    def move_origin(self, move: Move) -> str | None:
        """The square the move starts from; None for placements and passes."""
        return None

    def effects(self, position: Position, move: Move) -> Mapping[str, Sequence[str]]:
        return {}

    def held_pieces(self, position: Position) -> list[tuple[str, str, str, "str | None"]]:
        """The pieces players hold off the board, (what, player, style, value); a figure draws them beside it."""
        return []

    def move_pieces(self, position: Position, move: Move) -> list[Placement]:
        """The pieces the move puts down from outside the board, where (a figure must show them); default: none."""
        return []

    def impossible(self, position: Position) -> list[tuple[str, str]]:
        """(position key, detail) of what no game played by the rules reaches; default: nothing."""
        return []

    def item_states(self, position: Position, component_id: str) -> Mapping[str, str]:
        """Item id of `component_id` -> PLAY or one of OUT_STATES, for the items the position places; default: none."""
        return {}

    def supply(self, position: Position) -> Mapping[str, int]:
        """Piece style -> how many of it the game has in all, where the rules fix it; default: none known."""
        return {}

    def seated(self, position: Position) -> tuple[str, ...]:
        """The players of the position, by the names captions give them (Lutinades' `joueurs`), for the figure
        proof: a figure picturing players draws only these; default: none named."""
        return ()

    def piece_attributes(self, position: Position) -> Mapping[tuple[str, str], Mapping[str, str]]:
        """(place, piece) -> what the position gives that piece beyond its place, by the names figures record
        (Shown.attrs: 'facing' -> 'left' | 'right' | 'up' | 'down'); a figure must draw it; default: nothing."""
        return {}

    def same_piece(self, before: str, after: str) -> bool:
        """Whether a piece of style `before` became `after` where it stands (turned over, recoloured) rather
        than being taken off for another: a figure then lists nothing beside the board; default: never."""
        return False

    def piece_text(self, key: str, text: Any) -> str:
        """Canonical text of one piece as write_position spells it (NotationError when invalid)."""
        return str(text)

    def score(self, position: Position) -> Mapping[str, int]:
        raise NotImplementedError(f"{self.game_id} has no score")

    def check_claim(self, kind: str, value: Any, context: "ClaimContext") -> tuple[str, str] | None:
        raise NotImplementedError(f"{self.game_id} has no claim '{kind}'")

    def evaluate(self, position: Position, player: str) -> float:
        """How `position` looks for `player`: -1 lost, 0 even, +1 won (greedy and search agents)."""
        raise NotImplementedError(f"{self.game_id} has no evaluation of a position")

    def move_values(self, position: Position, moves: Sequence[Move], player: str) -> "list[float | None] | None":
        """For each move, the value for `player` of the position it leads to, where the engine knows it without
        playing the move (else None in its place): the greedy ranking's shortcut. Default: no shortcut."""
        return None

    def entering_results(self, position: Position) -> bool:
        """Whether the player to move only tells what his hand did (a dexterity game's flick: which pieces
        moved, touched, fell): not a choice of strategy. Playouts draw these moves at random, whatever the
        agent, or a searching agent would declare every shot perfect. Default: never."""
        return False

    def has_evaluation(self) -> bool:
        return type(self).evaluate is not Engine.evaluate

    def determinize(self, position: Position, player: str, rng: random.Random) -> Position:
        """A position `player` cannot tell from `position`, its secrets drawn again by `rng`."""
        if self.observation(position, player) == self.write_position(position):
            return position
        raise NotImplementedError(f"{self.game_id} cannot draw again what {player} does not see")

    # --- helpers built on the protocol --------------------------------------
    def moves_from(self, position: Position, square: str) -> list[Move]:
        """The legal moves of the piece standing on `square`."""
        return [m for m in self.legal_moves(position) if self.move_origin(m) == square]

    def perft(self, position: Position, depth: int) -> int:
        """Leaf count of the legal-move tree `depth` plies deep (finished games are dead ends).

        Chance outcomes are plies like moves; a simultaneous step is walked in seat
        order (to_move is its first waiting player), so each combination counts once.
        """
        if depth <= 0:
            return 1
        moves = self.legal_moves(position)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.play(position, m), depth - 1) for m in moves)

    def random_move(self, position: Position, rng: random.Random) -> Move | None:
        """A playout's next move: chance by its probabilities, a player uniformly; None at the end."""
        if self.to_move(position) == CHANCE:
            return pick_outcome(self.chance_outcomes(position), rng)
        moves = self.legal_moves(position)
        return rng.choice(moves) if moves else None

    def check_variant(self, variant: str | None) -> None:
        if variant is not None and variant not in self.variants:
            known = ", ".join(self.variants) or "none"
            raise NotationError(f"unknown variant '{variant}' for {self.game_id} (known: {known})")

    def check_players(self, count: int | None) -> int:
        """`count`, or the smallest accepted count for None; NotationError for a count the game refuses."""
        if count is None:
            return min(self.player_counts)
        if count not in self.player_counts:
            accepted = ", ".join(str(n) for n in self.player_counts)
            raise NotationError(f"{self.game_id} is played by {accepted} players, not {count}")
        return count

    @staticmethod
    def shuffled(items: Sequence, seed: int | None) -> list:
        """`items` shuffled by random.Random(seed) (DEFAULT_SEED for None): the same seed, the same order."""
        out = list(items)
        random.Random(DEFAULT_SEED if seed is None else seed).shuffle(out)
        return out


@dataclass(frozen=True)
class ClaimContext:
    """What a game-specific claim can look at: the position before and after the diagram's moves."""
    engine: Engine
    before: Position
    after: Position
    moves: tuple  # the moves played, as engine moves
