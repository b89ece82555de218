"""L'Invincible Armada (Seria Ludis): Spanish lines against English pairs, on line crossings.

Rules as implemented (seeds/seria-ludis-tectonic-lutinades-armada.fr.txt; the
choices where the text is silent are the `assumptions` of content/armada/game.yaml):
- A 10x10 board: pawns stand on the 11x11 crossings, a1..k11. 20 red Spanish
  pawns (espagnol), 20 white English ones (anglais); the Spanish player starts;
  each turn a player plays one pawn.
- Spanish: puts a pawn from his reserve on an empty crossing; with an empty
  reserve he lifts one of his pawns and puts it on another empty crossing. If
  the pawn then belongs to an unbroken line of 2 or more Spanish pawns (row,
  column or diagonal), he may take one English pawn in that line's alignment,
  beyond either end, at most as many crossings away as the line has pawns.
- English: at most 5 pawns on the board, never 3 in a row. Two English pawns
  side by side (also diagonally) form a pair. On his turn he puts a pawn down
  (while he has fewer than 5 on the board; with 4 pawns none of which is in a
  pair, the new one must make a pair), or turns a pawn of a pair around its
  partner onto another crossing touching the partner. If the pawn placed or
  turned then forms a pair, he may take the Spanish pawn just beyond either
  end of that pair, in its direction.
- A round ends when a player has taken 11 pawns; the winner scores 11 minus the
  pawns the loser took. Players swap sides for a second round; the higher total
  wins, a tie gives a further round set up as the first.
- A round that no longer moves on (this edition's choice, the text is silent):
  after 20 turns of each player (40 plies, passes included) without a capture
  it stops; the side that took more wins it and scores the difference, and
  with as many taken on each side nobody scores.

The game is the match. Its two players are the people, joueur1 and joueur2:
joueur1 commands the Spanish in the first round and in any further round, the
English in the second. A round that ends leaves its last position on the board
(its points can be read there) with one move, `manche`, which clears the board
and starts the next round; `outcome` is the match's, once a round ends with the
two totals apart (after the second round at the earliest).

Notation. A position maps crossings to `E` (espagnol) or `A` (anglais), with
optional `prises: {espagnol: 3, anglais: 1}` (pawns each side has taken),
`manche: 2`, `points: {joueur1: 7, joueur2: 0}` (points from earlier rounds) and
`sans_prise: 12` (turns played, by either side, since the round's last capture).
Who is to move is a person or a side (`anglais`: whoever commands the English
in that round). A move: `f6` (a pawn put down), `c3-f6` (a Spanish pawn moved
from the board, or an English pawn turned around its partner), either followed
by `xg6` for the pawn it takes; `passe` when nothing else is possible; `manche`
once a round is over, to start the next.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import tanh
from typing import Any, NamedTuple

from ..core import Engine, EngineError, IllegalMove, NotationError, Outcome
from ..grid import ALL_DIRECTIONS, Grid, reasons

SIZE = 11                       # crossings of a 10x10 board
PAWNS = 20
ENGLISH_LIMIT = 5
ROUND_TARGET = 11
EVALUATION_WEIGHT = 0.05        # of a point of the match, and of a pawn taken in the round (evaluate)
QUIET_TURNS = 2 * 20            # 20 turns of each player without a capture stop the round (game.yaml)
SPANISH, ENGLISH = "espagnol", "anglais"
SIDES = (SPANISH, ENGLISH)
PLAYER1, PLAYER2 = "joueur1", "joueur2"
PEOPLE = (PLAYER1, PLAYER2)
NEXT_ROUND = "manche"
LETTER = {SPANISH: "E", ENGLISH: "A"}
AXES = ((1, 0), (0, 1), (1, 1), (1, -1))
AXES_BOTH_WAYS = tuple((a, (-a[0], -a[1])) for a in AXES)
GRID = Grid(SIZE, what="crossing")
AROUND = tuple(tuple(GRID.around(s)) for s in range(SIZE * SIZE))


def first_is_spanish(round_: int) -> bool:
    """joueur1 commands the Spanish in the first round and in every round after the second (a further round
    is set up as the first); the English in the second."""
    return round_ != 2


def person_of(side: str, round_: int) -> str:
    return PLAYER1 if (side == SPANISH) == first_is_spanish(round_) else PLAYER2


def side_of(person: str, round_: int) -> str:
    return SPANISH if (person == PLAYER1) == first_is_spanish(round_) else ENGLISH


# The crossing one step away in each direction, None off the board: a table, since finding moves steps
# millions of times a playtest (GRID.step computes it each time).
NEXT = {d: tuple(GRID.step(s, d) for s in range(SIZE * SIZE))
        for d in set(ALL_DIRECTIONS) | set(AXES) | {(-a[0], -a[1]) for a in AXES}}


def _run(pawns: frozenset[int] | set[int], at: int, axis: tuple[int, int], left: int | None = None
         ) -> tuple[int, int, int]:
    """(length, first, last) of the unbroken run of `pawns` through `at` along `axis` (`left`: a crossing
    of `pawns` that counts as empty, the one a moving pawn leaves)."""
    ahead, behind = NEXT[axis], NEXT[(-axis[0], -axis[1])]
    first = last = at
    n = 1
    while (s := behind[first]) is not None and s in pawns and s != left:
        first, n = s, n + 1
    while (s := ahead[last]) is not None and s in pawns and s != left:
        last, n = s, n + 1
    return n, first, last


def _aligned(a: int, b: int, axis: tuple[int, int]) -> bool:
    """Whether crossings a and b stand on one line of the board along `axis`."""
    dx, dy = a % SIZE - b % SIZE, a // SIZE - b // SIZE
    return dx * axis[1] == dy * axis[0]


@dataclass(frozen=True)
class ArmadaPosition:
    spanish: frozenset[int]
    english: frozenset[int]
    taken_by_spanish: int = 0      # English pawns the Spanish took
    taken_by_english: int = 0      # Spanish pawns the English took
    to_move: str = SPANISH
    round: int = 1
    points: tuple[int, int] = (0, 0)   # joueur1, joueur2, from the rounds before
    quiet: int = 0                     # turns played (either side) since this round's last capture

    def spanish_reserve(self) -> int:
        return PAWNS - len(self.spanish) - self.taken_by_english

    def english_reserve(self) -> int:
        return PAWNS - len(self.english) - self.taken_by_spanish

    def stalled(self) -> bool:
        """20 turns of each player without a capture: the round stops (this edition's choice)."""
        return self.quiet >= QUIET_TURNS

    def round_over(self) -> bool:
        return self.taken_by_spanish >= ROUND_TARGET or self.taken_by_english >= ROUND_TARGET or self.stalled()

    def round_winner(self) -> str | None:
        """The side that took 11 pawns, or that took more in a stalled round; None while the round goes on
        or when a stalled round has as many taken on each side."""
        if self.taken_by_spanish >= ROUND_TARGET:
            return SPANISH
        if self.taken_by_english >= ROUND_TARGET:
            return ENGLISH
        if self.stalled() and self.taken_by_spanish != self.taken_by_english:
            return SPANISH if self.taken_by_spanish > self.taken_by_english else ENGLISH
        return None

    def round_points(self) -> int:
        """The round winner's points: 11 less the pawns the loser took (a stalled round: the difference of
        the pawns taken); 0 while the round goes on or when nobody wins it."""
        side = self.round_winner()
        if side is None:
            return 0
        if self.stalled() and max(self.taken_by_spanish, self.taken_by_english) < ROUND_TARGET:
            return abs(self.taken_by_spanish - self.taken_by_english)
        return ROUND_TARGET - (self.taken_by_english if side == SPANISH else self.taken_by_spanish)

    def totals(self) -> tuple[int, int]:
        """joueur1's and joueur2's points: the earlier rounds', plus this one's once it is over."""
        t = list(self.points)
        side = self.round_winner()
        if side is not None:
            t[PEOPLE.index(person_of(side, self.round))] += self.round_points()
        return t[0], t[1]


class ArmadaMove(NamedTuple):
    """A tuple, not a dataclass: a crowded board lists a thousand moves a turn, made ten times faster so.
    `dest` the crossing played; `origin` where the pawn came from (a Spanish pawn moved, an
    English pawn turned), None for a pawn from the reserve; `capture` the pawn taken. `dest`
    None is a pass, or with `next_round` the move that starts the next round."""
    dest: int | None
    origin: int | None = None
    capture: int | None = None
    next_round: bool = False


# The crossings of the board's line through each crossing, along each axis of AXES: `LINE[k][s]`.
LINE = tuple(tuple(frozenset(c for c in range(SIZE * SIZE) if _aligned(c, s, axis)) for s in range(SIZE * SIZE))
             for axis in AXES)

# Every move without a capture, made once: `PLAIN_MOVES[origin][dest]` (origin None: from the reserve).
PLAIN_MOVES = {origin: tuple(ArmadaMove(dest, origin) for dest in range(SIZE * SIZE))
               for origin in (None, *range(SIZE * SIZE))}


def _axis_targets(spanish: frozenset[int], english: frozenset[int], at: int, axis: tuple[int, int],
                  left: int | None = None) -> list[int]:
    """English pawns in range of the line of 2 or more through `at` along `axis` (spanish_targets, one axis)."""
    n, first, last = _run(spanish, at, axis, left)
    if n < 2:
        return []
    out = []
    for end, d in ((last, axis), (first, (-axis[0], -axis[1]))):
        step = NEXT[d]
        s = end
        for _k in range(n):
            s = step[s]
            if s is None:
                break
            if s in english:
                out.append(s)
    return out


def spanish_targets(spanish: frozenset[int], english: frozenset[int], at: int, left: int | None = None
                    ) -> list[int]:
    """English pawns a Spanish pawn on `at` may take: along each line of 2 or more through it,
    beyond either end, at most as far as the line is long (`left`: the crossing the pawn came from, empty
    now)."""
    out = set()
    for axis in AXES:
        out.update(_axis_targets(spanish, english, at, axis, left))
    return sorted(out)


def _lines_by_axis(pawns: frozenset[int], at: int) -> dict[int, int]:
    """The crossings of the unbroken runs of `pawns` through `at`, each with the index in AXES of its run."""
    out = {}
    for k, axis in enumerate(AXES):
        for d in (axis, (-axis[0], -axis[1])):
            step, s = NEXT[d], at
            while (s := step[s]) is not None and s in pawns:
                out[s] = k
    return out


def english_targets(english: frozenset[int], spanish: frozenset[int], at: int) -> list[int]:
    """Spanish pawns an English pawn on `at` may take: the crossing just beyond either end of
    each pair it forms, in the pair's direction."""
    out = set()
    for d in ALL_DIRECTIONS:
        partner = NEXT[d][at]
        if partner is None or partner not in english:
            continue
        for s in (NEXT[d][partner], NEXT[(-d[0], -d[1])][at]):
            if s is not None and s in spanish:
                out.add(s)
    return sorted(out)


def three_in_a_row(english: frozenset[int], at: int) -> tuple[int, int] | None:
    """The ends of a run of 3 or more English pawns through `at`, if there is one."""
    for axis in AXES:
        n, first, last = _run(english, at, axis)
        if n >= 3:
            return first, last
    return None


def in_pair(english: frozenset[int], at: int) -> bool:
    return any(s in english for s in AROUND[at])


class ArmadaEngine(Engine):
    game_id = "armada"
    players = PEOPLE
    variants = ()
    effect_kinds = ("captures",)
    extra_claims = ("prises", "manche")
    playtest_agent = "greedy"    # random players rarely line up a shot: a fifth of their rounds stall
    illegal_reasons = reasons(
        "occupied",
        round_over="the round is over: the only move starts the next one (manche)",
        match_over="the match is over",
        round_not_over="the next round starts only once this one is over",
        reserve_empty="the player has no pawn left to put down",
        reserve_not_empty="a Spanish pawn is moved only once the reserve is empty",
        not_your_pawn="no pawn of the player on the starting crossing",
        same_crossing="the pawn must go to another crossing",
        limit="the English player already has 5 pawns on the board",
        three_in_a_row="the English never have 3 pawns in a row",
        must_pair="with 4 unpaired pawns, the 5th must make a pair",
        not_a_pivot="an English pawn turns around a partner touching it, onto a crossing touching that partner",
        not_in_range="the pawn to take is not in line with the move's line or pair, or out of range",
        cannot_pass="a player passes only when he has no other move",
    )

    # --- positions -----------------------------------------------------------
    def initial(self, variant: str | None = None, *, players: int | None = None,
                seed: int | None = None) -> ArmadaPosition:
        self.check_variant(variant)
        self.check_players(players)
        return ArmadaPosition(frozenset(), frozenset())

    def read_position(self, data: Any, to_move: str | None = None, variant: str | None = None) -> ArmadaPosition:
        self.check_variant(variant)
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise NotationError("an Armada position is a mapping crossing -> E (espagnol) or A (anglais), "
                                "with optional prises, manche, points")
        spanish, english = set(), set()
        taken = {SPANISH: 0, ENGLISH: 0}
        round_, points, quiet = 1, (0, 0), 0
        for key, value in data.items():
            key = str(key)
            if key == "prises":
                taken = self._read_counts(value, key, SIDES, taken)
            elif key == "points":
                got = self._read_counts(value, key, ("joueur1", "joueur2"), {"joueur1": 0, "joueur2": 0})
                points = (got["joueur1"], got["joueur2"])
            elif key == "manche":
                if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                    raise NotationError(f"manche: expected a round number 1, 2, 3…, found {value!r}", key)
                round_ = value
            elif key == "sans_prise":
                if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= QUIET_TURNS:
                    raise NotationError(f"sans_prise: expected the turns played since the last capture, 0 to "
                                        f"{QUIET_TURNS}, found {value!r}", key)
                quiet = value
            else:
                if not GRID.is_square(key):
                    raise NotationError(f"'{key}' is neither a crossing (a1 to k11) nor prises, manche, points, "
                                        f"sans_prise", key)
                at = GRID.index(key, key)
                text = str(value).strip().upper() if value is not None else ""
                if text == "E":
                    spanish.add(at)
                elif text == "A":
                    english.add(at)
                else:
                    raise NotationError(f"{key}: '{value}' is not a pawn: E (espagnol) or A (anglais)", key)
        if to_move is not None and to_move not in SIDES + PEOPLE:
            raise NotationError(f"to_move: '{to_move}' is neither a player ({', '.join(PEOPLE)}) "
                                f"nor a side ({', '.join(SIDES)})")
        if to_move in PEOPLE:
            to_move = side_of(to_move, round_)
        if len(english) > ENGLISH_LIMIT:
            raise NotationError(f"{len(english)} English pawns on the board; at most {ENGLISH_LIMIT}")
        for side, on_board, lost in ((SPANISH, spanish, taken[ENGLISH]), (ENGLISH, english, taken[SPANISH])):
            if len(on_board) + lost > PAWNS:
                raise NotationError(f"{len(on_board)} {side} pawns on the board and {lost} taken: "
                                    f"there are {PAWNS}")
        for side in SIDES:
            if taken[side] > ROUND_TARGET:
                raise NotationError(f"prises: {side} took {taken[side]}; a round stops at {ROUND_TARGET}")
        eng = frozenset(english)
        for at in sorted(eng):
            run = three_in_a_row(eng, at)
            if run:
                raise NotationError(f"English pawns {GRID.name(run[0])} to {GRID.name(run[1])} are 3 in a row, "
                                    f"which the rules never allow")
        return ArmadaPosition(frozenset(spanish), eng, taken[SPANISH], taken[ENGLISH],
                              to_move or SPANISH, round_, points, quiet)

    @staticmethod
    def _read_counts(value, key, names, start) -> dict:
        if not isinstance(value, dict):
            raise NotationError(f"{key}: a mapping such as {{{names[0]}: 3, {names[1]}: 1}}", key)
        out = dict(start)
        for name, n in value.items():
            if name not in names:
                raise NotationError(f"{key}: '{name}' is not one of {', '.join(names)}", key)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise NotationError(f"{key}: {name}: expected a whole number, found {n!r}", key)
            out[name] = n
        return out

    def write_position(self, position: ArmadaPosition) -> dict:
        p = position
        cells = {s: "E" for s in p.spanish} | {s: "A" for s in p.english}
        out: dict[str, Any] = {GRID.name(s): cells[s] for s in sorted(cells)}
        if p.taken_by_spanish or p.taken_by_english:
            out["prises"] = {SPANISH: p.taken_by_spanish, ENGLISH: p.taken_by_english}
        if p.round != 1:
            out["manche"] = p.round
        if p.points != (0, 0):
            out["points"] = {"joueur1": p.points[0], "joueur2": p.points[1]}
        if p.quiet:
            out["sans_prise"] = p.quiet
        return out

    def piece_text(self, key: str, text: Any) -> str:
        """'e' -> 'E', 'a' -> 'A', as write_position spells them."""
        GRID.index(str(key), str(key))
        t = str(text).strip().upper()
        if t not in ("E", "A"):
            raise NotationError(f"{key}: '{text}' is not a pawn: E (espagnol) or A (anglais)", str(key))
        return t

    def to_move(self, position: ArmadaPosition) -> str:
        """The person to move: whoever commands the side to move in this round."""
        return person_of(position.to_move, position.round)

    def side_to_move(self, position: ArmadaPosition) -> str:
        return position.to_move

    def placements(self, position: ArmadaPosition) -> list[tuple[str, str, str | None]]:
        cells = {s: SPANISH for s in position.spanish} | {s: ENGLISH for s in position.english}
        return [(GRID.name(s), cells[s], None) for s in sorted(cells)]

    def supply(self, position: ArmadaPosition) -> dict[str, int]:
        """Twenty pawns a side, whatever the round."""
        return {SPANISH: PAWNS, ENGLISH: PAWNS}

    def impossible(self, position: ArmadaPosition) -> list[tuple[str, str]]:
        """What no round played by the rules reaches, whatever the diagram left out (read_position refuses
        the rest: more pawns than a side owns, three English in a row, over 11 taken): both sides with 11
        taken (the round stops at the first); turns counted since a capture in a round a capture ended; five
        English pawns none of which is in a pair (the fifth is put down in a pair, a pawn turned stays by its
        partner, and a pawn taken leaves four)."""
        p, out = position, []
        if min(p.taken_by_spanish, p.taken_by_english) >= ROUND_TARGET:
            out.append(("prises", f"both sides took {ROUND_TARGET}: the round stops at the first"))
        elif max(p.taken_by_spanish, p.taken_by_english) >= ROUND_TARGET and p.quiet:
            out.append(("sans_prise", f"{p.quiet} turns without a capture after the capture that ended the round"))
        if len(p.english) == ENGLISH_LIMIT and not any(in_pair(p.english, s) for s in p.english):
            first = GRID.name(min(p.english))
            out.append((first, f"{ENGLISH_LIMIT} English pawns and no pair: the fifth is always put down in a pair"))
        return out

    # --- the round's end, its points, the match -----------------------------------
    def outcome(self, position: ArmadaPosition) -> Outcome | None:
        """The match's end: a round is over and the two totals are apart (from the second round on)."""
        p = position
        if not p.round_over() or p.round < 2:
            return None
        totals = p.totals()
        if totals[0] == totals[1]:
            return None
        winner = PLAYER1 if totals[0] > totals[1] else PLAYER2
        return Outcome(winner, f"{winner} wins the match {max(totals)} points to {min(totals)} "
                               f"after {p.round} rounds", "points")

    def score(self, position: ArmadaPosition) -> dict[str, int]:
        """Each person's points: the earlier rounds', plus this round's once it is over (the winner scores 11
        minus the pawns the loser took, the loser nothing)."""
        return dict(zip(PEOPLE, position.totals()))

    def round_over(self, position: ArmadaPosition) -> bool:
        return position.round_over()

    # --- moves ---------------------------------------------------------------
    def legal_moves(self, position: ArmadaPosition) -> list[ArmadaMove]:
        p = position
        if self.outcome(p) is not None:
            return []
        if self.round_over(p):
            return [ArmadaMove(None, next_round=True)]
        moves = self._spanish_moves(p) if p.to_move == SPANISH else self._english_moves(p)
        return moves or [ArmadaMove(None)]

    def _empty(self, p: ArmadaPosition) -> list[int]:
        return [s for s in range(SIZE * SIZE) if s not in p.spanish and s not in p.english]

    def _spanish_moves(self, p: ArmadaPosition) -> list[ArmadaMove]:
        out = []
        spanish, english = p.spanish, p.english
        origins = [None] if p.spanish_reserve() > 0 else sorted(spanish)
        # What a pawn put on `dest` may take is found once per crossing and axis. It depends on where the
        # pawn came from only when it came from one of the lines through `dest`, and then only along that
        # line's axis; leaving a line only shortens it, so a crossing with nothing to take stays so. The
        # crossings with nothing to take, in runs between the others, give their plain moves in one go.
        segments: list[tuple] = []          # (crossings, None, None, None) or (crossing, targets, lines, per_axis)
        run: list[int] = []
        # a line fires along its axis only: at an English pawn on the same line of the board
        aligned = [frozenset().union(*(LINE[k][e] for e in english)) for k in range(len(AXES))]
        for dest in self._empty(p):
            if not spanish.isdisjoint(AROUND[dest]):
                # a line along an axis needs a Spanish neighbour along it
                per_axis = [_axis_targets(spanish, english, dest, axis)
                            if dest in line and (NEXT[axis][dest] in spanish or NEXT[back][dest] in spanish) else []
                            for (axis, back), line in zip(AXES_BOTH_WAYS, aligned)]
                targets = sorted(set().union(*per_axis))
                if targets:
                    if run:
                        segments.append((run, None, None, None))
                        run = []
                    segments.append((dest, targets, _lines_by_axis(spanish, dest), per_axis))
                    continue
            run.append(dest)
        if run:
            segments.append((run, None, None, None))
        for origin in origins:
            plain = PLAIN_MOVES[origin]
            for dest, targets, lines, per_axis in segments:
                if targets is None:
                    out += map(plain.__getitem__, dest)
                    continue
                out.append(plain[dest])
                if origin in lines and per_axis[lines[origin]]:     # leaving a line that fires at nothing
                    k = lines[origin]                                   # changes nothing
                    found = set(_axis_targets(spanish, english, dest, AXES[k], origin))
                    for j in range(len(AXES)):
                        if j != k:
                            found.update(per_axis[j])
                    targets = sorted(found)
                if targets:
                    out += [ArmadaMove(dest, origin, t) for t in targets]
        return out

    def _english_moves(self, p: ArmadaPosition) -> list[ArmadaMove]:
        """Put-downs by crossing, then turns by origin and crossing, each followed by its captures: the order
        of the rules' notation sorted, made so (a turn's partner and crossing are known by construction, so
        only the row of three is checked)."""
        out = []
        english, spanish = p.english, p.spanish
        if len(english) < ENGLISH_LIMIT and p.english_reserve() > 0:
            must_pair = len(english) == ENGLISH_LIMIT - 1 and not any(in_pair(english, s) for s in english)
            plain = PLAIN_MOVES[None]
            for dest in self._empty(p):
                if english.isdisjoint(AROUND[dest]):
                    # alone: no row of three, nothing to take; legal unless the 5th pawn must make a pair
                    if not must_pair:
                        out.append(plain[dest])
                    continue
                after = english | {dest}
                if three_in_a_row(after, dest):
                    continue
                out.append(plain[dest])
                out += [ArmadaMove(dest, None, t) for t in english_targets(after, spanish, dest)]
        for origin in sorted(english):
            dests = set()
            for partner in AROUND[origin]:
                if partner in english:
                    dests.update(AROUND[partner])
            if not dests:
                continue
            plain, rest = PLAIN_MOVES[origin], english - {origin}
            for dest in sorted(dests):
                if dest == origin or dest in english or dest in spanish:
                    continue
                after = rest | {dest}
                if three_in_a_row(after, dest):
                    continue
                out.append(plain[dest])
                out += [ArmadaMove(dest, origin, t) for t in english_targets(after, spanish, dest)]
        return out

    def _english_error(self, p: ArmadaPosition, mv: ArmadaMove) -> IllegalMove | None:
        """Why an English placement or pivot (without its capture) is illegal, or None."""
        if mv.origin is None:
            if len(p.english) >= ENGLISH_LIMIT:
                return IllegalMove("limit", f"{len(p.english)} English pawns are on the board already: "
                                            f"turn a pawn of a pair instead")
            if p.english_reserve() <= 0:
                return IllegalMove("reserve_empty", "the English player has no pawn left to put down")
            if len(p.english) == ENGLISH_LIMIT - 1 and not any(in_pair(p.english, s) for s in p.english) \
                    and not in_pair(p.english, mv.dest):
                return IllegalMove("must_pair", f"4 English pawns stand alone: the 5th must touch one of them, "
                                                f"{GRID.name(mv.dest)} does not")
            after = p.english | {mv.dest}
        else:
            if mv.origin not in p.english:
                return IllegalMove("not_your_pawn", f"no English pawn on {GRID.name(mv.origin)}")
            partners = [s for s in AROUND[mv.origin] if s in p.english and mv.dest in AROUND[s]]
            if not partners or mv.dest == mv.origin:
                return IllegalMove("not_a_pivot", f"{GRID.name(mv.origin)}-{GRID.name(mv.dest)} does not turn the pawn "
                                                  f"around a partner touching it")
            after = (p.english - {mv.origin}) | {mv.dest}
        run = three_in_a_row(after, mv.dest)
        if run:
            return IllegalMove("three_in_a_row", f"{GRID.name(run[0])} to {GRID.name(run[1])} would be "
                                                 f"3 English pawns in a row")
        return None

    def play(self, position: ArmadaPosition, move: ArmadaMove) -> ArmadaPosition:
        self._check(position, move)
        p = position
        if move.next_round:
            # The board is cleared, each player gets his 20 pawns back and the Spanish open the round.
            return ArmadaPosition(frozenset(), frozenset(), round=p.round + 1, points=p.totals())
        quiet = 0 if move.capture is not None else p.quiet + 1      # a pass is a turn without a capture
        if move.dest is None:
            return ArmadaPosition(p.spanish, p.english, p.taken_by_spanish, p.taken_by_english,
                                  self._other(p.to_move), p.round, p.points, quiet)
        if p.to_move == SPANISH:
            spanish = (p.spanish - {move.origin}) | {move.dest}
            english = p.english - {move.capture}
            return ArmadaPosition(spanish, english, p.taken_by_spanish + (move.capture is not None),
                                  p.taken_by_english, ENGLISH, p.round, p.points, quiet)
        english = (p.english - {move.origin}) | {move.dest}
        spanish = p.spanish - {move.capture}
        return ArmadaPosition(spanish, english, p.taken_by_spanish,
                              p.taken_by_english + (move.capture is not None), SPANISH, p.round, p.points, quiet)

    @staticmethod
    def _other(side: str) -> str:
        return ENGLISH if side == SPANISH else SPANISH

    def _check(self, p: ArmadaPosition, mv: ArmadaMove) -> None:
        """Raise IllegalMove with the reason when `mv` breaks a rule in `p`."""
        if self.outcome(p) is not None:
            raise IllegalMove("match_over", self.outcome(p).reason)
        if mv.next_round != self.round_over(p):
            if mv.next_round:
                raise IllegalMove("round_not_over", f"no player has taken 11 pawns yet, and {p.quiet} turns "
                                                    f"of {QUIET_TURNS} have passed without a capture")
            why = (f"{p.round_winner()} took 11 pawns" if not p.stalled() else
                   f"{QUIET_TURNS} turns passed without a capture")
            raise IllegalMove("round_over", f"{why}: play 'manche' to start round {p.round + 1}")
        if mv.next_round:
            return
        if mv.dest is None:
            others = self._spanish_moves(p) if p.to_move == SPANISH else self._english_moves(p)
            if others:
                raise IllegalMove("cannot_pass", f"{p.to_move} has {len(others)} moves: passing is not one")
            return
        if mv.dest in p.spanish or mv.dest in p.english:
            if mv.dest != mv.origin:
                raise IllegalMove("occupied", f"{GRID.name(mv.dest)} is not empty")
        if p.to_move == SPANISH:
            if mv.origin is None:
                if p.spanish_reserve() <= 0:
                    raise IllegalMove("reserve_empty", "the Spanish reserve is empty: move a pawn already on the "
                                                       "board, e.g. c3-f6")
            else:
                if p.spanish_reserve() > 0:
                    raise IllegalMove("reserve_not_empty", f"the Spanish still have {p.spanish_reserve()} pawns "
                                                           f"to put down")
                if mv.origin not in p.spanish:
                    raise IllegalMove("not_your_pawn", f"no Spanish pawn on {GRID.name(mv.origin)}")
                if mv.dest == mv.origin:
                    raise IllegalMove("same_crossing", "the pawn must go to another crossing")
            if mv.capture is not None:
                line = (p.spanish - {mv.origin}) | {mv.dest}
                if mv.capture not in spanish_targets(line, p.english, mv.dest):
                    raise IllegalMove("not_in_range", self._range_detail(line, p, mv))
        else:
            if mv.origin is not None and mv.origin == mv.dest:
                raise IllegalMove("same_crossing", "the pawn must go to another crossing")
            err = self._english_error(p, mv)
            if err is not None:
                raise err
            if mv.capture is not None:
                after = (p.english - {mv.origin}) | {mv.dest}
                if mv.capture not in english_targets(after, p.spanish, mv.dest):
                    raise IllegalMove("not_in_range", f"no pair through {GRID.name(mv.dest)} points at "
                                                      f"{GRID.name(mv.capture)} from the next crossing")

    @staticmethod
    def _range_detail(line: frozenset[int], p: ArmadaPosition, mv: ArmadaMove) -> str:
        if mv.capture not in p.english:
            return f"no English pawn on {GRID.name(mv.capture)}"
        longest = max(_run(line, mv.dest, a)[0] for a in AXES)
        if longest < 2:
            return f"the pawn on {GRID.name(mv.dest)} forms no line of 2 or more"
        return f"{GRID.name(mv.capture)} is not in line with a line through {GRID.name(mv.dest)} within its range"

    def effects(self, position: ArmadaPosition, move: ArmadaMove) -> dict[str, list[str]]:
        return {"captures": [GRID.name(move.capture)]} if move.capture is not None else {}

    def move_origin(self, move: ArmadaMove) -> str | None:
        return GRID.name(move.origin) if move.origin is not None else None

    # --- notation ------------------------------------------------------------
    _MOVE = re.compile(r"^(?:([a-k](?:10|11|[1-9]))\s*-\s*)?([a-k](?:10|11|[1-9]))\s*(?:x\s*([a-k](?:10|11|[1-9])))?$")

    def parse_move(self, position: ArmadaPosition, text: str) -> ArmadaMove:
        t = str(text).strip().lower()
        if t == "passe":
            mv = ArmadaMove(None)
        elif t == NEXT_ROUND:
            mv = ArmadaMove(None, next_round=True)
        else:
            m = self._MOVE.match(t)
            if not m:
                raise NotationError(f"'{text}' is not an Armada move: write f6, c3-f6, f6xg6, c3-f6xg6, passe "
                                    f"or manche")
            mv = ArmadaMove(GRID.index(m.group(2)), GRID.index(m.group(1)) if m.group(1) else None,
                            GRID.index(m.group(3)) if m.group(3) else None)
        self._check(position, mv)
        return mv

    def format_move(self, position: ArmadaPosition, move: ArmadaMove) -> str:
        if move.next_round:
            return NEXT_ROUND
        if move.dest is None:
            return "passe"
        text = (f"{GRID.name(move.origin)}-" if move.origin is not None else "") + GRID.name(move.dest)
        return text + (f"x{GRID.name(move.capture)}" if move.capture is not None else "")

    # --- game-specific claims ------------------------------------------------
    def check_claim(self, kind: str, value: Any, context) -> tuple[str, str] | None:
        """prises: {espagnol: n, anglais: n} pawns taken after the moves; manche: {gagnant: espagnol or
        anglais, points: n}, the round over and its winner's points (`winner` and `score` are the match's)."""
        after: ArmadaPosition = context.after
        if kind == "prises":
            if not isinstance(value, dict) or not set(value) <= set(SIDES):
                raise NotationError("prises: a mapping such as {espagnol: 3, anglais: 1}")
            have = {SPANISH: after.taken_by_spanish, ENGLISH: after.taken_by_english}
            for side, n in value.items():
                if have[side] != n:
                    return f"{side} took {n} pawns", f"{side} took {have[side]}"
            return None
        if kind == "manche":
            if not isinstance(value, dict) or set(value) - {"gagnant", "points"} or value.get("gagnant") not in SIDES:
                raise NotationError("manche: {gagnant: espagnol or anglais, points: n}")
            side = after.round_winner()
            if side is None:
                return f"the round is won by {value['gagnant']}", \
                    ("the round stopped without a winner" if after.round_over() else "the round goes on")
            if side != value["gagnant"]:
                return f"the round is won by {value['gagnant']}", f"{side} wins it"
            if "points" in value and value["points"] != after.round_points():
                return f"the round is worth {value['points']} points", f"it is worth {after.round_points()}"
            return None
        raise EngineError(f"armada has no claim '{kind}'")


    # --- playtest ----------------------------------------------------------------
    def evaluate(self, position: ArmadaPosition, player: str) -> float:
        """The match's points so far and this round's pawns taken by each side, 0.05 each; tanh.

        A pawn taken weighs what a point does: a round won at 11 scores 11 less the loser's pawns taken, the
        very difference the round counted while it went on (a stalled round scores that difference too), so
        the 11th pawn is worth taking like any other. (Weighed 0.08 against 0.05 a point, the 11th pawn
        lowered the value and greedy players put off ending a round they led.)"""
        p = position
        totals = p.totals()
        mine = side_of(player, p.round)
        lead = totals[0] - totals[1] if player == PLAYER1 else totals[1] - totals[0]
        if not p.round_over():
            lead += (p.taken_by_spanish - p.taken_by_english) if mine == SPANISH else \
                (p.taken_by_english - p.taken_by_spanish)
        return tanh(EVALUATION_WEIGHT * lead)

    def determinize(self, position: ArmadaPosition, player: str, rng) -> ArmadaPosition:
        """Nothing is hidden: every sample is the position itself (the default finds so by writing the
        position out twice, a tenth of a greedy match's time)."""
        return position

    def move_values(self, position: ArmadaPosition, moves, player: str) -> list[float]:
        """The greedy ranking's shortcut (Engine.move_values): every move's value, without playing it. What
        the evaluation and the match's end read (pawns taken, turns without a capture, points, round) changes
        only by whether the move takes a pawn, never by where it is played: two values, each the evaluation
        (or the match's end: +1, -1, 0) of one position reached, with this board, stand for every move."""
        p = position
        if self.outcome(p) is not None:
            return [None] * len(moves)
        if p.round_over():          # the one move that starts the next round
            return [self._reached_value(p, mv, player) for mv in moves]
        quiet = self._reached_value(p, PLAIN_MOVES[None][0], player)
        take = self._reached_value(p, ArmadaMove(0, None, 0), player)
        return [quiet if mv.capture is None else take for mv in moves]

    def _reached_value(self, p: ArmadaPosition, mv: ArmadaMove, player: str) -> float:
        """The value for `player` of the counts `mv` leads to (the board left as it is: nothing reads it)."""
        if mv.next_round:
            reached = ArmadaPosition(frozenset(), frozenset(), round=p.round + 1, points=p.totals())
        else:
            took = mv.capture is not None
            spanish = p.to_move == SPANISH
            reached = ArmadaPosition(p.spanish, p.english, p.taken_by_spanish + (took and spanish),
                                     p.taken_by_english + (took and not spanish), self._other(p.to_move),
                                     p.round, p.points, 0 if took else p.quiet + 1)
        ended = self.outcome(reached)
        if ended is not None:
            return 0.0 if ended.winner is None else 1.0 if ended.winner == player else -1.0
        return self.evaluate(reached, player)

ENGINE = ArmadaEngine()
