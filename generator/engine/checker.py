"""The diagram checker: replays every diagram of a game with its engine and tests its claims.

A claim that the engine contradicts is a DiagramFailure (exit 1), reported as
`content/<game>/diagrams.yaml:<line>: diagram "<id>": <claim> but <finding>`.
A diagram that cannot be read (bad notation, unknown square, unknown claim)
is a ContentError (exit 2).

Every claim is about the position after the diagram's `moves` (the position
itself when there are none); effect claims (captures, flips, ...) are about
the moves. Claim kinds:

    legal_moves: {from: c1, moves: [...]}   exactly these are the legal moves of
                                            the piece on c1 (without `from`: of
                                            the whole position)
    legal: [moves]                          each of these is legal
    illegal: {move: m, reason: r}           m is illegal, for reason r (a key of
                                            the engine's illegal_reasons); or a
                                            list of such mappings
    position: {...}                         the whole position, exactly
    pieces: {square: piece or empty}        these squares hold these pieces
    to_move: player | chance                who moves next (chance: the dice, a draw)
    winner: player | none | draw            the outcome
    score: {player: points}                 these players have these scores
    chance: {after: m, outcomes: {o: p}}    chance acts after the move m (played from
                                            the position after the moves; without
                                            `after`, in that position itself) and
                                            each outcome o, in the game's notation,
                                            has exactly the probability p
    <effect kind>: [squares]                e.g. captures, flips: what the moves did
    <engine extra claim>: value             checked by engine.check_claim

A chance claim, e.g. "this duel is won 7 times in 12":

    - chance:
        after: d4-d6>e7
        outcomes: {"=gagne": 7/12, "=perd": 5/12}

A probability is an exact fraction (`7/12`, `21/36`) or 0 or 1, never a decimal.
A key may join several outcomes with `|` for their total (`"=5|=6": 1/3`); an
outcome the engine finds impossible there has probability 0 (`"=perd": 0`).
Outcomes left out are not checked.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..content.diagrams import DIAGRAMS_FILE, Claim, Diagram, drawn_on, engine_reads, load_diagrams
from ..content.errors import ContentError, display_path
from ..content.loader import load_game
from ..content.yamlfile import LocatedDict
from . import engine_for, get_engine, has_engine
from .core import CHANCE, ClaimContext, Engine, IllegalMove, NotationError

CORE_CLAIMS = ("legal_moves", "legal", "illegal", "position", "pieces", "to_move", "winner", "score", "chance")
CHANCE_KEYS = ("after", "outcomes")
EMPTY_WORDS = (None, "", "empty", "vide")


@dataclass(frozen=True)
class DiagramFailure:
    """A diagram claim the engine contradicts."""
    path: Path
    line: int
    diagram_id: str
    message: str

    def format(self) -> str:
        return f'{display_path(self.path)}:{self.line}: diagram "{self.diagram_id}": {self.message}'

    def __str__(self) -> str:
        return self.format()


class _Failed(Exception):
    """Raised inside one claim check: (claimed, found)."""

    def __init__(self, claimed: str, found: str):
        super().__init__(f"{claimed} but {found}")
        self.claimed, self.found = claimed, found
        self.line: int | None = None   # set for an illegal move of `moves`: the move's line


def load_game_diagrams(game_id: str, content_dir: Path, components: tuple | None = None) -> list[Diagram]:
    """The diagrams of content/<game_id>/diagrams.yaml, shapes and names checked against the component
    each is drawn on ([] when there is no file). `components`: the game's, when the caller has loaded it
    already (a build reads each game once)."""
    path = Path(content_dir) / game_id / DIAGRAMS_FILE
    if not os.path.lexists(path):     # anything else in its place (a folder, a link out) is refused by load_diagrams
        return []
    return load_diagrams(path, load_game(content_dir, game_id).components if components is None else components)


def refuse_engine_keys(diagram: Diagram, game_id: str) -> None:
    """In a game without a rules engine a diagram is an illustration: nothing could check claims or play moves."""
    for key in ("expect", "moves", "to_move", "variant", "except_variants"):
        if key in diagram.key_lines:
            raise ContentError(diagram.path, diagram.line_of(key),
                               f"diagram '{diagram.id}': {key}: game '{game_id}' has no rules engine to check it; "
                               f"without '{key}' the figure is an illustration")


def check_diagrams(game_id: str, content_dir: Path, diagrams: list[Diagram] | None = None,
                   components: tuple | None = None, *, game=None) -> list[DiagramFailure]:
    """Check every diagram of a game; the failures in file order ([] when all hold or there are none).

    In a game without an engine every diagram must be an illustration (no claims, no moves).
    `diagrams` and `components` (or the whole loaded `game`), when the caller has read them already, are not
    read again. The engine is bound to the game's own data (Engine.bind).
    """
    if diagrams is None:
        diagrams = load_game_diagrams(game_id, content_dir, components)
    if not diagrams:
        return []
    if not has_engine(game_id):
        for diagram in diagrams:
            refuse_engine_keys(diagram, game_id)
        return []
    if game is None:
        game = load_game(content_dir, game_id)
    engine = engine_for(game)
    if components is None:
        components = game.components
    failures: list[DiagramFailure] = []
    for diagram in diagrams:
        if engine_reads(diagram, drawn_on(diagram, components)):
            if diagram.position is None:
                raise ContentError(diagram.path, diagram.line, f"diagram '{diagram.id}': claims and moves need a "
                                                               f"position (the engine's notation, or 'start')")
            failures.extend(check_diagram(engine, diagram))
    return failures


def start_position(engine: Engine, diagram: Diagram):
    """The diagram's position before its moves (ContentError if it cannot be read)."""
    data = diagram.position
    for key, variant in [("variant", diagram.variant)] + [("except_variants", v) for v in diagram.except_variants]:
        try:
            engine.check_variant(variant)
        except NotationError as err:
            raise ContentError(diagram.path, diagram.line_of(key), f"diagram '{diagram.id}': {err.message}") from None
    if diagram.to_move is not None and diagram.to_move not in engine.players:
        raise ContentError(diagram.path, diagram.line_of("to_move"),
                           f"diagram '{diagram.id}': to_move: '{diagram.to_move}' is not a player "
                           f"({', '.join(engine.players)})")
    try:
        if data == "start":
            position = engine.initial(diagram.variant)
            if diagram.to_move is not None and diagram.to_move != engine.to_move(position):
                raise ContentError(diagram.path, diagram.line_of("to_move"),
                                   f"diagram '{diagram.id}': to_move: the start position has "
                                   f"{engine.to_move(position)} to move")
            return position
        return engine.read_position(data, diagram.to_move, diagram.variant)
    except NotationError as err:
        line = diagram.line_of("position")
        if isinstance(data, LocatedDict):
            line = data.line_of(err.key) if err.key is not None and err.key in data else data.line
        raise ContentError(diagram.path, line, f"diagram '{diagram.id}': position: {err.message}") from None


def play_moves(engine: Engine, diagram: Diagram, position):
    """Play the diagram's moves: (positions before each move, moves, final position).

    An illegal move raises _Failed at that move; a malformed one, ContentError.
    """
    befores, played = [], []
    for j, text in enumerate(diagram.moves):
        line = diagram.move_lines[j] if j < len(diagram.move_lines) else diagram.line
        try:
            move = engine.parse_move(position, text)
        except NotationError as err:
            raise ContentError(diagram.path, line, f"diagram '{diagram.id}': moves: {err.message}") from None
        except IllegalMove as err:
            failure = _Failed(f'move {j + 1} "{text}" is legal', f"the engine finds it illegal ({err.reason}: {err.detail})")
            failure.line = line
            raise failure from None
        befores.append(position)
        played.append(move)
        position = engine.play(position, move)
    return befores, played, position


def shown_position(game_id: str, diagram: Diagram, engine: Engine | None = None):
    """The position a diagram's picture shows (`show.state`), for drawing. `engine`: the game's, bound to its
    data (engine_for); default: get_engine(game_id), for engines that read no data."""
    engine = engine or get_engine(game_id)
    before = start_position(engine, diagram)
    if diagram.show.state == "before" or not diagram.moves:
        return before
    return played_moves(engine, diagram)[2]


def played_moves(engine: Engine, diagram: Diagram):
    """play_moves from the diagram's position, for drawing: an illegal move is a ContentError at its line."""
    try:
        return play_moves(engine, diagram, start_position(engine, diagram))
    except _Failed as failed:
        raise ContentError(diagram.path, failed.line, f"diagram '{diagram.id}': {failed}") from None


def items_position(game_id: str, diagram: Diagram, engine: Engine | None = None):
    """The position whose items (cards, tiles, counters) a figure of them draws: the one before its moves. The
    move convention (after, with ghosts) is a board's; a round's moves take the turned card away, and the
    picture is of what was played."""
    return start_position(engine or get_engine(game_id), diagram)


def diagram_placements(game_id: str, diagram: Diagram,
                       engine: Engine | None = None) -> list[tuple[str, str, str | None]]:
    """What to draw: (square, piece style, value) of the position the diagram shows."""
    engine = engine or get_engine(game_id)
    return engine.placements(shown_position(game_id, diagram, engine))


def diagram_ghosts(game_id: str, diagram: Diagram, engine: Engine | None = None) -> list[tuple[str, str, str | None]]:
    """The pieces the figure draws ghosted: those the moves took off their places (one that left, one taken),
    where they stood before; none when the figure shows the position before the moves."""
    if diagram.show.state == "before" or not diagram.moves:
        return []
    engine = engine or get_engine(game_id)
    still = {place for place, _, _ in engine.placements(shown_position(game_id, diagram, engine))}
    return [p for p in engine.placements(start_position(engine, diagram)) if p[0] not in still]


def diagram_aside(game_id: str, diagram: Diagram, engine: Engine | None = None) -> list[tuple[str, str, str | None]]:
    """The pieces the figure draws beside the board: those the moves took off a place that something else
    now stands on (a die taken under the winner, a tile used up under the die), where a ghost would be
    hidden, and those a move put down and took away again (a tile from the hand used at once); none when the
    figure shows the position before the moves."""
    if diagram.show.state == "before" or not diagram.moves:
        return []
    engine = engine or get_engine(game_id)
    befores, played, after = played_moves(engine, diagram)
    final = engine.placements(after)
    still = {(place, piece) for place, piece, _ in final}
    standing = {place: piece for place, piece, _ in final}
    out = []
    for before, move in zip(befores, played):
        for piece in [*engine.placements(before), *engine.move_pieces(before, move)]:
            if piece[0] in standing and piece[:2] not in still and piece not in out \
                    and not engine.same_piece(piece[1], standing[piece[0]]):    # turned over in place: not taken
                out.append(piece)
    return out


def diagram_held(game_id: str, diagram: Diagram, engine: Engine | None = None) -> list[tuple[str, str, str, str | None]]:
    """The pieces the players hold in the position the figure shows (Engine.held_pieces), drawn beside it."""
    engine = engine or get_engine(game_id)
    return engine.held_pieces(shown_position(game_id, diagram, engine))


def check_diagram(engine: Engine, diagram: Diagram) -> list[DiagramFailure]:
    """The failed claims of one diagram (an illegal move stops its other claims)."""
    # a figure checked under the variant of the edition built, not one it names itself, says so
    edition = f"under variant {diagram.variant}, " if diagram.variant and "variant" not in diagram.key_lines else ""

    def fail(line: int, failed: _Failed) -> DiagramFailure:
        return DiagramFailure(diagram.path, line, diagram.id, f"{edition}{failed.claimed} but {failed.found}")

    before = start_position(engine, diagram)
    try:
        befores, played, after = play_moves(engine, diagram, before)
    except _Failed as failed:
        return [fail(failed.line, failed)]
    context = ClaimContext(engine, before, after, tuple(played))
    checker = _ClaimChecker(engine, diagram, context, befores)
    failures = []
    for claim in diagram.claims:
        try:
            checker.check(claim)
        except _Failed as failed:
            failures.append(fail(claim.line, failed))
        except NotationError as err:
            raise ContentError(claim.path, claim.line, f"diagram '{diagram.id}': {claim.kind}: {err.message}") from None
    return failures


def _fraction_text(p: Fraction, like: Fraction | None = None) -> str:
    """7/12; written over the denominator of `like` too when it is a multiple (21/36 (7/12))."""
    text = str(p)
    if like is not None and like.denominator != p.denominator and like.denominator % p.denominator == 0:
        scaled = p.numerator * (like.denominator // p.denominator)
        text = f"{scaled}/{like.denominator} ({p})"
    return text


def _squares_text(squares) -> str:
    return "[" + ", ".join(squares) + "]"


class _ClaimChecker:
    """Checks one claim at a time against the position after the moves; raises _Failed."""

    def __init__(self, engine: Engine, diagram: Diagram, context: ClaimContext, befores: list):
        self.engine, self.diagram, self.context, self.befores = engine, diagram, context, befores
        self.after = context.after

    def error(self, claim: Claim, message: str) -> ContentError:
        return ContentError(claim.path, claim.line, f"diagram '{self.diagram.id}': {claim.kind}: {message}")

    def kinds(self) -> tuple[str, ...]:
        return CORE_CLAIMS + tuple(self.engine.effect_kinds) + tuple(self.engine.extra_claims)

    def check(self, claim: Claim) -> None:
        kind = claim.kind
        if kind in CORE_CLAIMS:
            getattr(self, f"claim_{kind}")(claim)
        elif kind in self.engine.effect_kinds:
            self.claim_effect(claim)
        elif kind in self.engine.extra_claims:
            result = self.engine.check_claim(kind, claim.value, self.context)
            if result is not None:
                raise _Failed(*result)
        else:
            import difflib
            close = difflib.get_close_matches(kind, self.kinds(), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise ContentError(claim.path, claim.line, f"diagram '{self.diagram.id}': unknown claim '{kind}'{hint}; "
                                                       f"{self.engine.game_id} knows: {', '.join(self.kinds())}")

    # --- moves ----------------------------------------------------------------
    def _texts(self, claim: Claim, value: Any, what: str) -> list[str]:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, (str, int)) for v in value):
            raise self.error(claim, f"{what}: expected a list of moves")
        return [str(v) for v in value]

    def _format(self, moves) -> str:
        return ", ".join(self.engine.format_move(self.after, m) for m in moves) or "none"

    def claim_legal_moves(self, claim: Claim) -> None:
        value = claim.value
        origin = None
        if isinstance(value, dict):
            unknown = [k for k in value if k not in ("from", "moves")]
            if unknown or "moves" not in value:
                raise self.error(claim, "expected {from: square, moves: [...]} or a list of moves")
            origin = str(value["from"]) if value.get("from") is not None else None
            value = value["moves"]
        texts = self._texts(claim, value if value is not None else [], "moves")
        whose = f"of {origin}" if origin else "of the position"
        claimed_text = f"the legal moves {whose} are {', '.join(texts) or 'none'}"
        claimed = []
        for text in texts:
            try:
                move = self.engine.parse_move(self.after, text)
            except IllegalMove as err:
                raise _Failed(claimed_text, f'"{text}" is illegal ({err.reason}: {err.detail})') from None
            if origin is not None and self.engine.move_origin(move) != origin:
                raise self.error(claim, f'"{text}" does not start on {origin}')
            claimed.append(move)
        found = self.engine.moves_from(self.after, origin) if origin else self.engine.legal_moves(self.after)
        if set(claimed) != set(found):
            missing = [m for m in found if m not in set(claimed)]
            details = [f"the engine finds {self._format(found)}"]
            if missing:
                details.append(f"missing: {self._format(missing)}")
            if len(claimed) != len(set(claimed)):
                details.append("a move is listed twice")
            raise _Failed(claimed_text, "; ".join(details))
        if len(claimed) != len(set(claimed)):
            raise self.error(claim, "a move is listed twice (two spellings of one move?)")

    def claim_legal(self, claim: Claim) -> None:
        for text in self._texts(claim, claim.value, "legal"):
            try:
                self.engine.parse_move(self.after, text)
            except IllegalMove as err:
                raise _Failed(f'"{text}" is legal', f"the engine finds it illegal ({err.reason}: {err.detail})") from None

    def claim_illegal(self, claim: Claim) -> None:
        items = claim.value if isinstance(claim.value, list) else [claim.value]
        reasons = self.engine.illegal_reasons
        for item in items:
            if not isinstance(item, dict) or "move" not in item or "reason" not in item \
                    or any(k not in ("move", "reason") for k in item):
                raise self.error(claim, "expected {move: ..., reason: ...} or a list of them")
            text, reason = str(item["move"]), str(item["reason"])
            if reason not in reasons:
                raise self.error(claim, f"unknown reason '{reason}'; {self.engine.game_id} knows: "
                                        f"{', '.join(reasons)}")
            claimed = f'"{text}" is illegal ({reason}: {reasons[reason]})'
            try:
                self.engine.parse_move(self.after, text)
            except IllegalMove as err:
                if err.reason != reason:
                    raise _Failed(claimed, f"the engine finds another reason ({err.reason}: {err.detail})") from None
                continue
            raise _Failed(claimed, "the engine finds it legal")

    # --- results --------------------------------------------------------------
    def _written(self) -> dict:
        return dict(self.engine.write_position(self.after))

    def _turn(self) -> str | None:
        """Whose turn it is after the moves: the player to move; while chance acts, the last player who chose
        (a step waiting for the dice is read back with the player whose turn it is: core, write_position)."""
        for position in [self.after] + self.befores[::-1]:
            who = self.engine.to_move(position)
            if who != CHANCE:
                return who
        return self.diagram.to_move

    def claim_position(self, claim: Claim) -> None:
        try:
            expected = self.engine.read_position(claim.value, self._turn(), self.diagram.variant)
        except NotationError as err:
            line = claim.value.line_of(err.key) if isinstance(claim.value, LocatedDict) and err.key in claim.value \
                else claim.line
            raise ContentError(claim.path, line, f"diagram '{self.diagram.id}': position: {err.message}") from None
        want, have = dict(self.engine.write_position(expected)), self._written()
        if want != have:
            keys = [k for k in have if want.get(k) != have[k]] + [k for k in want if k not in have]
            claimed = "the position after the moves has " + ", ".join(
                f"{k} {want.get(k, 'empty')}" for k in keys)
            found = "the engine finds " + ", ".join(f"{k} {have.get(k, 'empty')}" for k in keys)
            raise _Failed(claimed, found)

    def claim_pieces(self, claim: Claim) -> None:
        if not isinstance(claim.value, dict) or not claim.value:
            raise self.error(claim, "expected a mapping square -> piece (or 'empty')")
        have = self._written()
        wrong = []
        for key, text in claim.value.items():
            key = str(key)
            try:
                want = None if text in EMPTY_WORDS else self.engine.piece_text(key, text)
            except NotationError as err:
                line = claim.value.line_of(key) if isinstance(claim.value, LocatedDict) else claim.line
                raise ContentError(claim.path, line, f"diagram '{self.diagram.id}': pieces: {err.message}") from None
            if have.get(key) != want:
                wrong.append((key, want, have.get(key)))
        if wrong:
            raise _Failed("after the moves " + ", ".join(f"{k} holds {w or 'nothing'}" for k, w, _ in wrong),
                          "the engine finds " + ", ".join(f"{k} {h or 'empty'}" for k, _, h in wrong))

    def claim_to_move(self, claim: Claim) -> None:
        want, have = str(claim.value), self.engine.to_move(self.after)
        if want not in self.engine.players + (CHANCE,):
            raise self.error(claim, f"'{want}' is not a player ({', '.join(self.engine.players)})")
        if want != have:
            raise _Failed(f"{want} is to move", f"the engine finds {have} to move")

    def claim_winner(self, claim: Claim) -> None:
        want = "none" if claim.value is None else str(claim.value)
        allowed = tuple(self.engine.players) + ("none", "draw")
        if want not in allowed:
            raise self.error(claim, f"'{want}' is not one of {', '.join(allowed)}")
        outcome = self.engine.outcome(self.after)
        have = "none" if outcome is None else (outcome.winner or "draw")
        if want == have:
            return
        claimed = {"none": "the game goes on", "draw": "the game is drawn"}.get(want, f"{want} wins")
        if outcome is None:
            found = "the game goes on"
        elif outcome.winner is None:
            found = f"the game is drawn ({outcome.reason})"
        else:
            found = f"{outcome.winner} wins ({outcome.reason})"
        raise _Failed(claimed, found)

    def claim_score(self, claim: Claim) -> None:
        if not isinstance(claim.value, dict) or not claim.value:
            raise self.error(claim, "expected a mapping player -> points")
        try:
            score = self.engine.score(self.after)
        except NotImplementedError:
            raise self.error(claim, f"{self.engine.game_id} has no score") from None
        for player, points in claim.value.items():
            if str(player) not in score:
                raise self.error(claim, f"'{player}' has no score (known: {', '.join(score)})")
            if not isinstance(points, int) or isinstance(points, bool):
                raise self.error(claim, f"{player}: expected a whole number of points")
        wrong = [(str(p), v, score[str(p)]) for p, v in claim.value.items() if score[str(p)] != v]
        if wrong:
            raise _Failed(", ".join(f"{p} scores {v}" for p, v, _ in wrong),
                          "the engine finds " + ", ".join(f"{p} {h}" for p, _, h in wrong))

    def _probability(self, claim: Claim, key: str, value: Any) -> Fraction:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise self.error(claim, f'"{key}": {value!r} is not an exact probability: write a fraction such as 7/12')
        try:
            p = Fraction(str(value).strip())
        except (ValueError, ZeroDivisionError):
            raise self.error(claim, f'"{key}": \'{value}\' is not an exact probability: write a fraction '
                                    f'such as 7/12') from None
        if not 0 <= p <= 1 or "." in str(value):
            raise self.error(claim, f'"{key}": {value} is not a probability between 0 and 1 written as a fraction')
        return p

    def claim_chance(self, claim: Claim) -> None:
        value = claim.value
        if not isinstance(value, dict) or "outcomes" not in value or any(k not in CHANCE_KEYS for k in value) \
                or not isinstance(value["outcomes"], dict) or not value["outcomes"]:
            raise self.error(claim, "expected {after: move, outcomes: {outcome: probability, ...}}")
        engine, node, where = self.engine, self.after, "after the moves"
        if value.get("after") is not None:
            text = str(value["after"])
            where = f'after "{text}"'
            try:
                node = engine.play(node, engine.parse_move(node, text))
            except NotationError as err:
                raise self.error(claim, f"after: {err.message}") from None
            except IllegalMove as err:
                raise _Failed(f'"{text}" is legal', f"the engine finds it illegal ({err.reason}: {err.detail})") \
                    from None
        claims = [(str(k), self._probability(claim, str(k), p)) for k, p in value["outcomes"].items()]
        who = engine.to_move(node)
        if who != CHANCE:
            raise _Failed(f"chance acts {where}", f"the engine finds {who} to move")
        odds = {m: p for m, p in engine.chance_outcomes(node)}
        wrong = []
        for key, want in claims:
            have = Fraction(0)
            for text in (t.strip() for t in key.split("|")):
                try:
                    have += odds.get(engine.parse_move(node, text), Fraction(0))
                except NotationError as err:
                    raise self.error(claim, f'"{text}": {err.message}') from None
                except IllegalMove:
                    pass      # an outcome chance cannot give here: probability 0
            if have != want:
                wrong.append((key, want, have))
        if wrong:
            raise _Failed(f"{where}, " + ", ".join(f"{k} has probability {_fraction_text(w)}" for k, w, _ in wrong),
                          "the engine finds " + ", ".join(f"{k} {_fraction_text(h, w)}" for k, w, h in wrong))

    def claim_effect(self, claim: Claim) -> None:
        kind = claim.kind
        value = claim.value if claim.value is not None else []
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise self.error(claim, "expected a list of squares")
        want = [str(v) for v in value]
        have: list[str] = []
        for position, move in zip(self.befores, self.context.moves):
            for sq in self.engine.effects(position, move).get(kind, ()):
                if sq not in have:
                    have.append(sq)
        if sorted(set(want)) != sorted(have):
            raise _Failed(f"the moves give {kind} {_squares_text(want)}",
                          f"the engine finds {kind} {_squares_text(have)}")
