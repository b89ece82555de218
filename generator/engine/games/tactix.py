"""Tactix (Schmidt Spiele's 9x9 Duell): tumbling dice, exact to seeds/tactix.fr.txt and FACTS.md.

Rules as implemented:
- 9x9 board, columns a-i, rows 1-9; white (blanc) starts on row 1 and moves first.
  Back rows, a to i: 5 1 2 6 K 6 2 1 5 on top; every die shows 3 toward its owner
  and 4 toward the opponent. Dice are right-handed (see `east_face`).
- A die tumbles exactly as many squares as its top face, orthogonally, straight
  or with one 90-degree turn, never over another die; it lands on an empty square
  or on an enemy die, which it captures. Each tumble turns the die over an edge,
  so its faces change. The king tumbles one square; its faces all show a crown,
  so its orientation is not tracked.
- A player wins by capturing the enemy king or by bringing his king onto the
  enemy king's start square (e9 for white, e1 for black); in the `centre`
  variant the first king on e5 also wins. A won position has no moves.
- A move is (start, end, orientation on arrival): two paths that end on the same
  square with the same orientation are the same move.
- The rules are silent on a game that never ends; this edition's choices
  (content/tactix/game.yaml assumptions): a player who cannot move loses; the
  game is drawn when the same position comes back a third time with the same
  player to move, or after 50 moves of each player (100 plies) without a die
  beaten. A win, then a blocked player, come before a draw.

Notation. Squares 'a1'..'i9'. A die is written colour letter (B blanc, N noir)
plus top face plus optionally 'n' and the face toward north (row 9): 'B5n4'.
Without the north face the die has its start orientation (4 toward the
opponent), which needs a top face other than 3 and 4. Kings are 'BR' and 'NR'.
A move is 'd1-d7', or 'd1xd7' for a capture; when two moves join the same two
squares with different orientations, '/T' (top face) or '/TnN' (top and north
faces) tells them apart: 'a1-c4/2n6'.

Draws need the game's past: a position keeps the boards since the last capture
(`since_capture`; a capture can never be undone, so no earlier board can come
back). It is play history, not part of the board: positions compare and read
back without it, and a position read from a diagram starts with none.

Speed: an orientation is a code top*8+north; every (square, orientation) has a
precomputed list of outcomes (destination, orientation on arrival, the one or two
L-shaped paths' occupancy masks), so generating a move is a bit test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..core import Engine, IllegalMove, NotationError, Outcome
from ..grid import EAST, NORTH, ORTHOGONAL, SOUTH, Grid, reasons

SIZE = 9
SQUARES = SIZE * SIZE
WHITE, BLACK = 0, 1
PLAYERS = ("blanc", "noir")
COLOUR_LETTER = ("B", "N")

BLACK_BIT = 128                # cell value: 0 empty, else BLACK_BIT? | KING_BIT? | orientation code
KING_BIT = 64
CODE_MASK = 63

E1, E5, E9 = 4, 40, 76
REPETITIONS = 3                # the same position with the same player to move, a third time: a draw
QUIET_PLIES = 2 * 50           # 50 moves of each player without a die beaten: a draw
KING_TARGET = (E9, E1)         # square whose reaching wins, by player
START_TOPS = (5, 1, 2, 6, None, 6, 2, 1, 5)   # a..i, None = king
START_NORTH = (4, 3)           # 4 toward the opponent: north for white, south (so 3 north) for black

GRID = Grid(SIZE)
DIRECTIONS = ORTHOGONAL      # (column step, row step); north is toward row 9

# A right-handed reference die: faces 1, 2, 3 on +x, +y, +z (counterclockwise
# around their common corner seen from outside), opposite faces sum to 7.
_FACE_VECTOR = {1: (1, 0, 0), 2: (0, 1, 0), 3: (0, 0, 1), 4: (0, 0, -1), 5: (0, -1, 0), 6: (-1, 0, 0)}
_VECTOR_FACE = {v: f for f, v in _FACE_VECTOR.items()}


def _cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def east_face(top: int, north: int) -> int:
    """The face toward east (column i) of a right-handed die with `top` up and `north` toward row 9.

    A rotation keeps cross products, and east = north x up in a right-handed frame.
    """
    if north in (top, 7 - top):
        raise ValueError(f"faces {top} and {north} are not adjacent")
    return _VECTOR_FACE[_cross(_FACE_VECTOR[north], _FACE_VECTOR[top])]


def roll(top: int, north: int, direction: tuple[int, int]) -> tuple[int, int]:
    """(top, north) after the die tumbles one square in `direction`."""
    if direction == NORTH:      # tips over its north edge: the south face comes up
        return 7 - north, top
    if direction == SOUTH:      # the north face comes up, the top goes south
        return north, 7 - top
    east = east_face(top, north)
    if direction == EAST:       # the west face comes up
        return 7 - east, north
    return east, north          # WEST: the east face comes up


def code_of(top: int, north: int) -> int:
    return top * 8 + north


def top_of(code: int) -> int:
    return code >> 3


def north_of(code: int) -> int:
    return code & 7


ORIENTATIONS = tuple(code_of(t, n) for t in range(1, 7) for n in range(1, 7) if n not in (t, 7 - t))


def _on_board(c: int, r: int) -> bool:
    return 0 <= c < SIZE and 0 <= r < SIZE


def _paths(square: int, steps: int):
    """Every path of exactly `steps` squares with at most one 90-degree turn.

    Yields (squares passed over, destination, directions taken one per step).
    """
    c0, r0 = square % SIZE, square // SIZE
    for first in DIRECTIONS:
        turns = [d for d in DIRECTIONS if d[0] * first[0] + d[1] * first[1] == 0]
        for k in range(1, steps + 1):
            legs = [None] if k == steps else turns
            for second in legs:
                dirs = [first] * k + ([second] * (steps - k) if second else [])
                c, r, cells, ok = c0, r0, [], True
                for d in dirs:
                    c, r = c + d[0], r + d[1]
                    if not _on_board(c, r):
                        ok = False
                        break
                    cells.append(r * SIZE + c)
                if ok:
                    yield cells[:-1], cells[-1], dirs


def _build_tables():
    """OUTCOMES[square][piece & 127] -> ((mask1, mask2, dest bit, dest, code on arrival), ...).

    mask1 and mask2 are the squares passed over by the (at most two) paths that
    give this outcome; mask2 == mask1 when there is one path.
    """
    table = [[() for _ in range(128)] for _ in range(SQUARES)]
    for sq in range(SQUARES):
        c0, r0 = sq % SIZE, sq // SIZE
        table[sq][KING_BIT] = tuple(sorted(     # by destination, as the dice's entries: legal_moves' order
            ((0, 0, 1 << (r * SIZE + c), r * SIZE + c, 0)
             for c, r in ((c0 + d[0], r0 + d[1]) for d in DIRECTIONS) if _on_board(c, r)), key=lambda e: e[3]))
        for code in ORIENTATIONS:
            top, north = top_of(code), north_of(code)
            grouped: dict[tuple[int, int], list[int]] = {}
            for over, dest, dirs in _paths(sq, top):
                t, n = top, north
                for d in dirs:
                    t, n = roll(t, n, d)
                mask = 0
                for s in over:
                    mask |= 1 << s
                grouped.setdefault((dest, code_of(t, n)), []).append(mask)
            entries = []
            for (dest, new_code), masks in sorted(grouped.items()):
                assert len(masks) <= 2
                entries.append((masks[0], masks[-1], 1 << dest, dest, new_code))
            table[sq][code] = tuple(entries)
    return table


OUTCOMES = _build_tables()


@dataclass(frozen=True)
class TactixPosition:
    """81 cells (index row*9+column, a1 = 0), the side to move, and the variant in play.

    `since_capture`: the boards of the earlier positions since the last capture (or the start), oldest
    first, one per ply, so its length counts the plies without a die beaten and the boards with the same
    player to move are every second one from the end. Not compared: the same board is the same position.
    """
    board: tuple[int, ...]
    to_move: int
    variant: str | None = None
    since_capture: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)

    def repetitions(self) -> int:
        """How many times this position has stood with this player to move since the last capture, itself
        included."""
        board = self.board
        return 1 + sum(1 for earlier in self.since_capture[-2::-2] if earlier == board)


@dataclass(frozen=True, order=True)
class TactixMove:
    """Start square, end square, orientation code on arrival (0 for a king)."""
    origin: int
    dest: int
    code: int


def _masks(board) -> tuple[int, int]:
    white = black = 0
    for i, p in enumerate(board):
        if p:
            if p & BLACK_BIT:
                black |= 1 << i
            else:
                white |= 1 << i
    return white, black


def _winner(board, to_move: int, variant: str | None) -> tuple[int, str, str] | None:
    """(winner, reason, ending key) or None; the player who just moved is asked first."""
    white, black, _moves = _analysis(board, to_move)
    kings = {WHITE: None, BLACK: None}
    m = white | black
    while m:
        low = m & -m
        m ^= low
        i = low.bit_length() - 1
        if board[i] & KING_BIT:
            kings[board[i] >> 7] = i
    for side in (1 - to_move, to_move):
        enemy = 1 - side
        if kings[enemy] is None:
            return side, "the enemy king is captured", "king_captured"
        if kings[side] == KING_TARGET[side]:
            return side, f"the king reached {GRID.name(KING_TARGET[side])}", "king_home"
        if variant == "centre" and kings[side] == E5:
            return side, "the king reached the centre e5", "centre"
    return None


def _draw(position: TactixPosition) -> Outcome | None:
    """The draw of this edition (game.yaml): the third time the same position stands with the same player to
    move, or 50 moves of each player without a capture."""
    if len(position.since_capture) >= QUIET_PLIES:
        return Outcome(None, f"{QUIET_PLIES // 2} moves of each player without a capture", "no_capture")
    if len(position.since_capture) >= 2 * (REPETITIONS - 1) and position.repetitions() >= REPETITIONS:
        return Outcome(None, f"the same position with the same player to move, {REPETITIONS} times",
                       "repetition")
    return None


# The last board analysed: outcome() and legal_moves() of one position (a playout asks both, in turn)
# share its masks and its moves. Boards are immutable tuples, so the same object is the same board.
_last: list = [None, None, None]


def _analysis(board, side: int) -> tuple[int, int, list]:
    """(white mask, black mask, the moves of `side` as _generate gives them) of a board."""
    if _last[0] is board and _last[1] == side:
        return _last[2]
    white, black = _masks(board)
    found = (white, black, _generate(board, black if side == BLACK else white, white | black))
    _last[:] = [board, side, found]
    return found


def _generate(board, own: int, occ: int):
    """Legal (origin, dest, code, piece) of the side whose pieces are `own`, deduplicated by construction."""
    out = []
    m = own
    while m:
        low = m & -m
        m ^= low
        s = low.bit_length() - 1
        p = board[s]
        for m1, m2, bit, dest, code in OUTCOMES[s][p & 127]:
            if own & bit:
                continue
            if not (occ & m1) or not (occ & m2):
                out.append((s, dest, code, p))
    return out


def _count(board, own: int, occ: int) -> int:
    n = 0
    m = own
    while m:
        low = m & -m
        m ^= low
        s = low.bit_length() - 1
        for m1, m2, bit, _dest, _code in OUTCOMES[s][board[s] & 127]:
            if not (own & bit) and (not (occ & m1) or not (occ & m2)):
                n += 1
    return n


def _perft(board: list, white: int, black: int, side: int, depth: int, centre: bool) -> int:
    """Leaf count below a position that is not won; board is changed and restored in place."""
    own, opp = (white, black) if side == WHITE else (black, white)
    occ = own | opp
    if depth == 1:
        return _count(board, own, occ)
    total = 0
    target = KING_TARGET[side]
    for s, dest, code, p in _generate(board, own, occ):
        captured = board[dest]
        moved = (p & (BLACK_BIT | KING_BIT)) | code
        # a winning move ends the game: its subtree has no deeper leaves
        if captured & KING_BIT or (p & KING_BIT and (dest == target or (centre and dest == E5))):
            continue
        board[s] = 0
        board[dest] = moved
        bit = 1 << dest
        new_own = (own ^ (1 << s)) | bit
        new_opp = opp & ~bit
        if side == WHITE:
            total += _perft(board, new_own, new_opp, 1 - side, depth - 1, centre)
        else:
            total += _perft(board, new_opp, new_own, 1 - side, depth - 1, centre)
        board[dest] = captured
        board[s] = p
    return total


_MOVE = re.compile(r"^([a-z][0-9]{1,2})\s*([-x])\s*([a-z][0-9]{1,2})(?:/([1-6])(?:n([1-6]))?)?$", re.I)
_PIECE = re.compile(r"^([BN])(?:(R)|([1-6])(?:n([1-6]))?)$", re.I)


class TactixEngine(Engine):
    game_id = "tactix"
    players = PLAYERS
    variants = ("centre",)
    effect_kinds = ("captures",)
    illegal_reasons = reasons(
        "game_over", "empty", "not_your_piece", "own_piece", "blocked",
        no_capture="written as a capture but the end square is empty",
        distance="the end square is not exactly as many squares away as the top face (one for the king)",
        orientation="no path gives the die that orientation on arrival",
    )

    # --- positions -----------------------------------------------------------
    def initial(self, variant: str | None = None, *, players: int | None = None,
                seed: int | None = None) -> TactixPosition:
        self.check_variant(variant)
        self.check_players(players)
        board = [0] * SQUARES
        for col, top in enumerate(START_TOPS):
            for side, row in ((WHITE, 0), (BLACK, SIZE - 1)):
                colour = side * BLACK_BIT
                board[row * SIZE + col] = colour | (KING_BIT if top is None else code_of(top, START_NORTH[side]))
        return TactixPosition(tuple(board), WHITE, variant)

    def read_position(self, data: Any, to_move: str | None = None, variant: str | None = None) -> TactixPosition:
        self.check_variant(variant)
        if not isinstance(data, dict):
            raise NotationError("a Tactix position is a mapping square -> die, e.g. {e1: BR, d1: B6n4}")
        board = [0] * SQUARES
        counts = {(WHITE, False): 0, (WHITE, True): 0, (BLACK, False): 0, (BLACK, True): 0}
        for key, value in data.items():
            sq = GRID.index(key, str(key))
            piece = self._parse_piece(str(value) if value is not None else "", str(key))
            side, king = piece >> 7, bool(piece & KING_BIT)
            counts[side, king] += 1
            board[sq] = piece
        for side in (WHITE, BLACK):
            if counts[side, True] > 1:
                raise NotationError(f"{PLAYERS[side]} has {counts[side, True]} kings; there is one")
            if counts[side, False] > 8:
                raise NotationError(f"{PLAYERS[side]} has {counts[side, False]} dice; there are 8 besides the king")
        if not counts[WHITE, True] and not counts[BLACK, True]:
            raise NotationError("both kings are missing; a position has at least one")
        return TactixPosition(tuple(board), self._side(to_move), variant)

    def _side(self, to_move: str | None) -> int:
        if to_move is None:
            return WHITE
        if to_move not in PLAYERS:
            raise NotationError(f"to_move: '{to_move}' is not a player ({', '.join(PLAYERS)})")
        return PLAYERS.index(to_move)

    @staticmethod
    def _parse_piece(text: str, key: str) -> int:
        m = _PIECE.match(text.strip())
        if not m:
            raise NotationError(f"{key}: '{text}' is not a die: write B or N, then R for the king "
                                f"or the top face, e.g. BR, N5, B3n1", key)
        side = "BN".index(m.group(1).upper())
        if m.group(2):
            return side * BLACK_BIT | KING_BIT
        top = int(m.group(3))
        if m.group(4):
            north = int(m.group(4))
            if north in (top, 7 - top):
                raise NotationError(f"{key}: '{text}': face {north} is not beside face {top} "
                                    f"(it is the same or the opposite face)", key)
        else:
            north = START_NORTH[side]
            if north in (top, 7 - top):
                raise NotationError(f"{key}: '{text}': with {top} on top, give the north face too, "
                                    f"e.g. {m.group(1).upper()}{top}n{1 if top in (3, 4) else 3}", key)
        return side * BLACK_BIT | code_of(top, north)

    @staticmethod
    def _format_piece(piece: int) -> str:
        side = piece >> 7
        letter = COLOUR_LETTER[side]
        if piece & KING_BIT:
            return letter + "R"
        code = piece & CODE_MASK
        top, north = top_of(code), north_of(code)
        if north == START_NORTH[side]:
            return f"{letter}{top}"
        return f"{letter}{top}n{north}"

    def piece_text(self, key: str, text: Any) -> str:
        return self._format_piece(self._parse_piece(str(text), key))

    def write_position(self, position: TactixPosition) -> dict:
        return {GRID.name(i): self._format_piece(p) for i, p in enumerate(position.board) if p}

    def to_move(self, position: TactixPosition) -> str:
        return PLAYERS[position.to_move]

    def placements(self, position: TactixPosition) -> list[tuple[str, str, str | None]]:
        out = []
        for i, p in enumerate(position.board):
            if not p:
                continue
            side = p >> 7
            if p & KING_BIT:
                out.append((GRID.name(i), ("roi_blanc", "roi_noir")[side], None))
            else:
                out.append((GRID.name(i), PLAYERS[side], str(top_of(p & CODE_MASK))))
        return out

    # --- moves ---------------------------------------------------------------
    def supply(self, position: TactixPosition) -> dict[str, int]:
        """Eight dice and a king a side."""
        return {"blanc": 8, "noir": 8, "roi_blanc": 1, "roi_noir": 1}

    def impossible(self, position: TactixPosition) -> list[tuple[str, str]]:
        """What no game reaches, whatever the diagram left out (read_position refuses more dice than a side
        has): a game stops on the move that wins it, so the winner never has the move after it. A king
        missing (taken) while its owner's opponent is to move; a king on the square that wins (the enemy king's
        start, or e5 in the `centre` variant) while its owner is to move; both kings on their winning squares."""
        board, mover = position.board, position.to_move
        kings = {side: next((i for i, c in enumerate(board) if c and c & KING_BIT and c >> 7 == side), None)
                 for side in (WHITE, BLACK)}
        out = []
        for side in (WHITE, BLACK):
            king, other = kings[side], kings[1 - side]
            if king is None and mover != side and other is not None:
                out.append((GRID.name(other), f"the {PLAYERS[side]} king is taken, yet {PLAYERS[mover]} "
                                              f"(who took it) is to move: the game stopped on the capture"))
            targets = [KING_TARGET[side]] + ([E5] if position.variant == "centre" else [])
            if king is not None and king in targets and mover == side:
                out.append((GRID.name(king), f"the {PLAYERS[side]} king stands on {GRID.name(king)}, which won "
                                             f"the game, yet {PLAYERS[side]} is to move"))
        if kings[WHITE] == KING_TARGET[WHITE] and kings[BLACK] == KING_TARGET[BLACK]:
            out.append((GRID.name(E9), "both kings stand on the squares that win: the first one there won"))
        return out

    def outcome(self, position: TactixPosition) -> Outcome | None:
        won = _winner(position.board, position.to_move, position.variant)
        if won is not None:
            return Outcome(PLAYERS[won[0]], won[1], won[2])
        # The rules are silent on a player who cannot move: this edition makes it a loss (game.yaml).
        if not _analysis(position.board, position.to_move)[2]:
            return Outcome(PLAYERS[1 - position.to_move], "blocked", "blocked")
        return _draw(position)

    def legal_moves(self, position: TactixPosition) -> list[TactixMove]:
        if _winner(position.board, position.to_move, position.variant) or _draw(position):
            return []
        # _generate gives them in the order of TactixMove: by start square, then end square, then orientation.
        return [TactixMove(s, d, c) for s, d, c, _p in _analysis(position.board, position.to_move)[2]]

    def play(self, position: TactixPosition, move: TactixMove) -> TactixPosition:
        board = list(position.board)
        piece = board[move.origin]
        board[move.origin] = 0
        captured = board[move.dest]
        board[move.dest] = (piece & (BLACK_BIT | KING_BIT)) | move.code
        # A capture starts the count again: no board from before it can come back.
        since = () if captured else position.since_capture + (position.board,)
        return TactixPosition(tuple(board), 1 - position.to_move, position.variant, since)

    def move_origin(self, move: TactixMove) -> str:
        return GRID.name(move.origin)

    def effects(self, position: TactixPosition, move: TactixMove) -> dict[str, tuple[str, ...]]:
        return {"captures": (GRID.name(move.dest),) if position.board[move.dest] else ()}

    def perft(self, position: TactixPosition, depth: int) -> int:
        if depth <= 0:
            return 1
        if _winner(position.board, position.to_move, position.variant):
            return 0
        # The fast walk knows no draws: exact from a position without history up to 8 plies (a third
        # repetition needs 8 plies and is then a leaf); otherwise the protocol's walk.
        if position.since_capture or depth > 2 * 2 * (REPETITIONS - 1):
            return Engine.perft(self, position, depth)
        white, black = _masks(position.board)
        return _perft(list(position.board), white, black, position.to_move, depth, position.variant == "centre")

    # --- notation ------------------------------------------------------------
    def format_move(self, position: TactixPosition, move: TactixMove) -> str:
        sep = "x" if position.board[move.dest] else "-"
        text = f"{GRID.name(move.origin)}{sep}{GRID.name(move.dest)}"
        if position.board[move.origin] & KING_BIT:
            return text
        twins = [m for m in self.legal_moves(position) if m.origin == move.origin and m.dest == move.dest]
        if len(twins) <= 1:
            return text
        top = top_of(move.code)
        if sum(1 for m in twins if top_of(m.code) == top) == 1:
            return f"{text}/{top}"
        return f"{text}/{top}n{north_of(move.code)}"

    def parse_move(self, position: TactixPosition, text: str) -> TactixMove:
        m = _MOVE.match(str(text).strip())
        if not m:
            raise NotationError(f"'{text}' is not a Tactix move: write start-end, e.g. d1-d7, "
                                f"d1xd7 for a capture, d1-c6/3 or d1-c6/3n1 to give the orientation")
        origin, dest = GRID.index(m.group(1)), GRID.index(m.group(3))
        capture = m.group(2).lower() == "x"
        want_top = int(m.group(4)) if m.group(4) else None
        want_north = int(m.group(5)) if m.group(5) else None
        board = position.board
        piece = board[origin]
        if piece & KING_BIT and want_top is not None:
            raise NotationError(f"'{text}': a king's orientation does not count; write {m.group(1)}-{m.group(3)}")
        won = self.outcome(position)
        if won:
            raise IllegalMove("game_over", f"{won.winner} has already won ({won.reason})")
        if not piece:
            raise IllegalMove("empty", f"there is no die on {GRID.name(origin)}")
        side = piece >> 7
        if side != position.to_move:
            raise IllegalMove("not_your_piece", f"the die on {GRID.name(origin)} is {PLAYERS[side]}'s "
                                                f"and {PLAYERS[position.to_move]} is to move")
        target = board[dest]
        if target and target >> 7 == side:
            raise IllegalMove("own_piece", f"{GRID.name(dest)} holds a {PLAYERS[side]} die")
        if capture and not target:
            raise IllegalMove("no_capture", f"{GRID.name(dest)} is empty, there is nothing to capture")
        steps = 1 if piece & KING_BIT else top_of(piece & CODE_MASK)
        distance = abs(origin % SIZE - dest % SIZE) + abs(origin // SIZE - dest // SIZE)
        if distance != steps:
            what = "the king tumbles 1 square" if piece & KING_BIT else f"the die shows {steps} on top"
            raise IllegalMove("distance", f"{GRID.name(dest)} is {distance} squares away and {what}")
        found = [mv for mv in self.legal_moves(position) if mv.origin == origin and mv.dest == dest]
        if not found:
            raise IllegalMove("blocked", f"every path to {GRID.name(dest)} passes over a die "
                                         f"({', '.join(self._blockers(position, origin, dest))})")
        if want_top is not None:
            chosen = [mv for mv in found if top_of(mv.code) == want_top
                      and (want_north is None or north_of(mv.code) == want_north)]
            if not chosen:
                can = " or ".join(self._orientation_text(mv.code) for mv in found)
                raise IllegalMove("orientation", f"the die arrives on {GRID.name(dest)} with {can}")
            found = chosen
        if len(found) > 1:
            forms = " or ".join(self.format_move(position, mv) for mv in found)
            raise NotationError(f"'{text}' is ambiguous: the die can arrive with different faces; write {forms}")
        return found[0]

    @staticmethod
    def _orientation_text(code: int) -> str:
        return f"{top_of(code)} on top and {north_of(code)} north"

    def _blockers(self, position: TactixPosition, origin: int, dest: int) -> list[str]:
        """The first die on each path of the right length, for an explanation."""
        steps = top_of(position.board[origin] & CODE_MASK) if not position.board[origin] & KING_BIT else 1
        found = set()
        for over, end, _dirs in _paths(origin, steps):
            if end != dest:
                continue
            for s in over:
                if position.board[s]:
                    found.add(s)
                    break
        return [GRID.name(s) for s in sorted(found, key=lambda s: (s // SIZE, s % SIZE))]

    # --- playtest ----------------------------------------------------------------
    def evaluate(self, position: TactixPosition, player: str) -> float:
        """Dice in hand, a king that the side to move can take, kings on their way to the enemy king's square.

        One die is worth 0.1; a king the side to move can take is a game nearly over (0.9); each row a
        king has come toward its target is worth 0.02. Squashed into (-1, 1) by tanh.
        """
        from math import tanh
        me = PLAYERS.index(player)
        board = position.board
        white, black = _masks(board)
        masks = (white, black)
        kings = [None, None]
        for i, p in enumerate(board):
            if p & KING_BIT:
                kings[p >> 7] = i
        mover = position.to_move
        if kings[1 - mover] is not None:
            threat = 1 << kings[1 - mover]
            for _s, dest, _c, _p in _generate(board, masks[mover], white | black):
                if (1 << dest) & threat:
                    return 0.9 if mover == me else -0.9
        score = 0.1 * (masks[me].bit_count() - masks[1 - me].bit_count())
        for side, sign in ((me, 1), (1 - me, -1)):
            if kings[side] is not None:
                rows = kings[side] // SIZE
                score += sign * 0.02 * (rows if side == WHITE else SIZE - 1 - rows)
        return tanh(score)


ENGINE = TactixEngine()
