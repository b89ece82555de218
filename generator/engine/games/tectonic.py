"""Tectonic (Seria Ludis): mountains that turn each other red, exact to the seed and
content/tectonic/game.yaml's assumptions.

Rules as implemented:
- 10x10 board, columns a-j, rows 1-10. White (blanc) sits at row 1 and moves
  first, black (noir) at row 10. A region is the 3-2-1 staircase of 6 squares in
  a corner (a1 b1 c1 a2 b2 a3, and its mirror images); white owns the two
  regions of row 1, black those of row 10.
- Each player has 3 collines (round), 3 pics (triangular), 3 monts (square),
  each white or black on one face and red on the other.
- A colline steps one square in any of the 8 directions. A pic goes up to 3
  squares diagonally forward or up to 3 squares straight back, forward being
  away from its owner. A mont goes up to 4 squares along a row or a column.
  No piece passes over or lands on another piece.
- Red pieces are neutral: nobody moves them, they win nothing, they still block.
- At the start each player has two pieces of each kind on the board and the
  third in his reserve (his pieces off the board), in front of him.
- After a move, exactly one piece orthogonally next to the moved piece is
  turned, chosen by the mover among those that can be: an enemy piece goes red;
  a red piece of the mover's own goes back to his colour; a red piece of the
  other player is taken over: the mover swaps it for a piece of the same kind
  from his reserve and the red piece goes to its owner's reserve, so a red
  enemy piece of a kind the mover has none of in reserve cannot be chosen.
  Turning is compulsory when there is a candidate.
- A player wins with a colline, a pic and a mont of his colour together in one
  of the two enemy regions, or when every enemy piece on the board is red; a
  player who cannot move loses.

Notation. Squares 'a1'..'j10'. A piece is its kind letter (C colline, P pic,
M mont) and the colour showing (B blanc, N noir); a red piece adds the colour
of its hidden face: 'CB', 'MN', 'PRN' (a black pic turned red). A move is
'd2-d6', plus '*e6' for the piece it turns: 'd2-d6*e6'; the turn may be left
out when there is only one piece that can be turned.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import tanh
from typing import Any, NamedTuple

from ..core import Engine, IllegalMove, NotationError, Outcome
from ..grid import ALL_DIRECTIONS, ORTHOGONAL, Grid, reasons

SIZE = 10
WHITE, BLACK, RED = 0, 1, 2
PLAYERS = ("blanc", "noir")
FACE_LETTER = ("B", "N", "R")
KINDS = ("C", "P", "M")
KIND_NAMES = {"C": "colline", "P": "pic", "M": "mont"}
PER_KIND = 3   # pieces of each kind per player
FORWARD = (1, -1)   # row step of "forward" for white, black

GRID = Grid(SIZE)


def _region(corner_col: int, corner_row: int) -> tuple[int, ...]:
    """The 3-2-1 staircase of squares in the corner at (corner_col, corner_row)."""
    dc = 1 if corner_col == 0 else -1
    dr = 1 if corner_row == 0 else -1
    cells = [(corner_col + dc * i, corner_row + dr * j) for j in range(3) for i in range(3 - j)]
    return tuple(sorted(r * SIZE + c for c, r in cells))


# region name (its corner square) -> squares; the owner's regions are on his side
REGIONS = {"a1": _region(0, 0), "j1": _region(9, 0), "a10": _region(0, 9), "j10": _region(9, 9)}
OWN_REGIONS = (("a1", "j1"), ("a10", "j10"))
TARGET_REGIONS = (OWN_REGIONS[BLACK], OWN_REGIONS[WHITE])

# the designed start, white's side; black's is the same turned half a turn (see game.yaml)
# two of each kind on the board, the third in reserve (the reserve swap needs one)
START_WHITE = {"e1": "M", "f1": "M", "d2": "P", "e2": "C", "f2": "C", "g2": "P"}


class Piece(NamedTuple):
    kind: str    # 'C', 'P' or 'M'
    face: int    # WHITE, BLACK or RED: the face showing
    owner: int   # WHITE or BLACK: whose piece it is physically (the colour of its non-red face)


@dataclass(frozen=True)
class TectonicPosition:
    """100 cells (index row*10+column, a1 = 0) holding a Piece or None, and the side to move."""
    board: tuple
    to_move: int


@dataclass(frozen=True, order=True)
class TectonicMove:
    """Start square, end square, and the square of the piece turned (-1: none)."""
    origin: int
    dest: int
    flip: int = -1


def _rays(kind: str, owner: int) -> list[tuple[tuple[int, int], int]]:
    """(direction, maximum distance) of each way a piece of this kind moves."""
    if kind == "C":
        return [(d, 1) for d in ALL_DIRECTIONS]
    if kind == "M":
        return [(d, 4) for d in ORTHOGONAL]
    fwd = FORWARD[owner]
    return [((-1, fwd), 3), ((1, fwd), 3), ((0, -fwd), 3)]


# Each (kind, owner)'s rays from each square: the squares along each, nearest first, as far as the piece
# reaches (GRID.ray computes them each time; finding moves asks them thousands of times a game).
RAYS = {(kind, owner): tuple(tuple(tuple(GRID.ray(sq, d, reach)) for d, reach in _rays(kind, owner))
                             for sq in range(SIZE * SIZE))
        for kind in ("C", "P", "M") for owner in (WHITE, BLACK)}
NEIGHBOURS = tuple(tuple(GRID.neighbours(sq)) for sq in range(SIZE * SIZE))


def _reserve(board, player: int, kind: str) -> int:
    """Pieces of `kind` that `player` has off the board."""
    return PER_KIND - sum(1 for p in board if p is not None and p.owner == player and p.kind == kind)


_MOVE = re.compile(r"^([a-z][0-9]{1,2})\s*-\s*([a-z][0-9]{1,2})(?:\s*\*\s*([a-z][0-9]{1,2}))?$", re.I)
_PIECE = re.compile(r"^([CPM])(?:([BN])|R([BN]))$", re.I)


class TectonicEngine(Engine):
    game_id = "tectonic"
    players = PLAYERS
    playtest_agent = "greedy"    # random players stop at the ply cap in three games of four; greedy ones end 8 in 10
    effect_kinds = ("flips", "recolours", "swaps")
    extra_claims = ("reserve",)
    illegal_reasons = reasons(
        "game_over", "empty", "not_your_piece", "occupied", "blocked",
        red_piece="a red piece is neutral and cannot move",
        shape="the piece cannot move that way or that far",
        no_flip="the square named holds no piece next to the end square that can be turned",
        no_reserve="a red piece of the other colour is taken over only with a piece of its kind in reserve",
    )

    # --- positions -----------------------------------------------------------
    def initial(self, variant: str | None = None, *, players: int | None = None,
                seed: int | None = None) -> TectonicPosition:
        self.check_variant(variant)
        self.check_players(players)
        board: list = [None] * (SIZE * SIZE)
        for name, kind in START_WHITE.items():
            i = GRID.index(name)
            board[i] = Piece(kind, WHITE, WHITE)
            board[SIZE * SIZE - 1 - i] = Piece(kind, BLACK, BLACK)   # half a turn about the centre
        return TectonicPosition(tuple(board), WHITE)

    @staticmethod
    def _parse_piece(text: str, key: str | None) -> Piece:
        m = _PIECE.match(str(text).strip())
        if not m:
            raise NotationError(f"{key}: '{text}' is not a piece: write the kind (C colline, P pic, M mont) "
                                f"then the colour (B or N), or R and the hidden colour for a red piece: "
                                f"CB, MN, PRN", key)
        kind = m.group(1).upper()
        if m.group(2):
            side = "BN".index(m.group(2).upper())
            return Piece(kind, side, side)
        return Piece(kind, RED, "BN".index(m.group(3).upper()))

    @staticmethod
    def _format_piece(p: Piece) -> str:
        if p.face == RED:
            return f"{p.kind}R{FACE_LETTER[p.owner]}"
        return p.kind + FACE_LETTER[p.face]

    def piece_text(self, key: str, text: Any) -> str:
        return self._format_piece(self._parse_piece(str(text), key))

    def read_position(self, data: Any, to_move: str | None = None, variant: str | None = None) -> TectonicPosition:
        self.check_variant(variant)
        if not isinstance(data, dict):
            raise NotationError("a Tectonic position is a mapping square -> piece, e.g. {d2: MB, e9: PN, f5: CRN}")
        board: list = [None] * (SIZE * SIZE)
        for key, value in data.items():
            board[GRID.index(str(key), str(key))] = self._parse_piece("" if value is None else str(value), str(key))
        for side in (WHITE, BLACK):
            for kind in KINDS:
                if _reserve(board, side, kind) < 0:
                    raise NotationError(f"{PLAYERS[side]} has more than {PER_KIND} {KIND_NAMES[kind]}s "
                                        f"(counting red ones with a {PLAYERS[side]} back)")
        if to_move is not None and to_move not in PLAYERS:
            raise NotationError(f"to_move: '{to_move}' is not a player ({', '.join(PLAYERS)})")
        return TectonicPosition(tuple(board), PLAYERS.index(to_move) if to_move else WHITE)

    def write_position(self, position: TectonicPosition) -> dict:
        return {GRID.name(i): self._format_piece(p) for i, p in enumerate(position.board) if p is not None}

    def to_move(self, position: TectonicPosition) -> str:
        return PLAYERS[position.to_move]

    def placements(self, position: TectonicPosition) -> list[tuple[str, str, str | None]]:
        # A red piece still belongs to someone (the reserve rule depends on it): its style names the owner.
        colour = ("blanc", "noir")
        return [(GRID.name(i), f"{KIND_NAMES[p.kind]}_rouge_{colour[p.owner]}" if p.face == RED
                 else f"{KIND_NAMES[p.kind]}_{colour[p.face]}", None)
                for i, p in enumerate(position.board) if p is not None]

    def same_piece(self, before: str, after: str) -> bool:
        """A piece turned red keeps its kind and its owner (`pic_blanc` -> `pic_rouge_blanc`): it stayed."""
        kind, _, colour = before.partition("_")
        return after in (f"{kind}_rouge_{colour}", f"{kind}_{colour}") and after != before \
            or before.startswith(f"{kind}_rouge_") and after == f"{kind}_{before.rsplit('_', 1)[1]}"

    def reserve(self, position: TectonicPosition, player: str) -> dict[str, int]:
        """Pieces of each kind (colline, pic, mont) the player has off the board."""
        side = PLAYERS.index(player)
        return {KIND_NAMES[k]: _reserve(position.board, side, k) for k in KINDS}

    def check_claim(self, kind: str, value: Any, context) -> tuple[str, str] | None:
        """`reserve: {blanc: {colline: 1}}`: pieces off the board after the moves."""
        if kind != "reserve":
            return super().check_claim(kind, value, context)
        if not isinstance(value, dict) or not value:
            raise NotationError("reserve: expected {player: {colline: n, pic: n, mont: n}}")
        wrong = []
        for player, counts in value.items():
            if player not in PLAYERS:
                raise NotationError(f"reserve: '{player}' is not a player ({', '.join(PLAYERS)})")
            if not isinstance(counts, dict):
                raise NotationError(f"reserve: {player}: expected a mapping kind -> count")
            have = self.reserve(context.after, player)
            for name, count in counts.items():
                if name not in have:
                    raise NotationError(f"reserve: '{name}' is not a kind of piece ({', '.join(have)})")
                if have[name] != count:
                    wrong.append((player, name, count, have[name]))
        if not wrong:
            return None
        return (", ".join(f"{p} has {c} {n} in reserve" for p, n, c, _ in wrong),
                "the engine finds " + ", ".join(f"{h} for {p}'s {n}" for p, n, _, h in wrong))

    # --- moves ---------------------------------------------------------------
    def _destinations(self, board, origin: int) -> list[int]:
        piece = board[origin]
        out = []
        for ray in RAYS[piece.kind, piece.owner][origin]:
            for square in ray:
                if board[square] is not None:
                    break
                out.append(square)
        return out

    @staticmethod
    def _turnable(board, square: int, side: int) -> bool:
        """Whether the mover `side` may turn the piece on `square` (beside his moved piece)."""
        piece = board[square]
        if piece is None:
            return False
        if piece.face != RED:
            return piece.face == 1 - side                     # an enemy piece goes red
        if piece.owner == side:
            return True                                        # his own red piece comes back
        return _reserve(board, side, piece.kind) > 0           # taken over through the reserve

    def _flip_targets(self, board, origin: int, dest: int, side: int) -> list[int]:
        return sorted(n for n in NEIGHBOURS[dest] if n != origin and self._turnable(board, n, side))

    def _all_moves(self, position: TectonicPosition) -> list[TectonicMove]:
        """Every legal move, in TectonicMove's order: found as (origin, dest, flip) and sorted as such, each
        square's turnability asked once."""
        board, side = position.board, position.to_move
        turnable: dict[int, bool] = {}
        found = []
        for origin, piece in enumerate(board):
            if piece is None or piece.face != side:
                continue
            for dest in self._destinations(board, origin):
                flipped = False
                for n in NEIGHBOURS[dest]:
                    if n == origin:
                        continue
                    can = turnable.get(n)
                    if can is None:
                        can = turnable[n] = self._turnable(board, n, side)
                    if can:
                        found.append((origin, dest, n))
                        flipped = True
                if not flipped:
                    found.append((origin, dest, -1))
        found.sort()
        return [TectonicMove(*m) for m in found]

    def _can_move(self, position: TectonicPosition) -> bool:
        """Whether the side to move has a move: a piece of his with a square to go to."""
        board, side = position.board, position.to_move
        return any(piece is not None and piece.face == side and self._destinations(board, origin)
                   for origin, piece in enumerate(board))

    def legal_moves(self, position: TectonicPosition) -> list[TectonicMove]:
        if self._set_winner(position) is not None or self._wiped_out(position) is not None:
            return []
        return self._all_moves(position)

    def _apply(self, position: TectonicPosition, move: TectonicMove):
        """(new board, effects: squares turned red, recoloured, swapped with the reserve)."""
        board = list(position.board)
        side = position.to_move
        piece = board[move.origin]
        board[move.origin] = None
        board[move.dest] = piece
        effects = {"flips": (), "recolours": (), "swaps": ()}
        if move.flip >= 0:
            target = board[move.flip]
            name = (GRID.name(move.flip),)
            if target.face != RED:
                board[move.flip] = Piece(target.kind, RED, target.owner)
                effects["flips"] = name
            else:
                # his own piece turns back; the other's goes to its owner's reserve, replaced by one of his
                board[move.flip] = Piece(target.kind, side, side)
                effects["recolours"] = name
                if target.owner != side:
                    effects["swaps"] = name
        return tuple(board), effects

    def play(self, position: TectonicPosition, move: TectonicMove) -> TectonicPosition:
        board, _ = self._apply(position, move)
        return TectonicPosition(board, 1 - position.to_move)

    def effects(self, position: TectonicPosition, move: TectonicMove) -> dict[str, tuple[str, ...]]:
        return self._apply(position, move)[1]

    def move_origin(self, move: TectonicMove) -> str:
        return GRID.name(move.origin)

    # --- the end -------------------------------------------------------------
    @staticmethod
    def _set_winner(position: TectonicPosition) -> tuple[int, str, str] | None:
        board = position.board
        for side in (1 - position.to_move, position.to_move):   # the player who just moved first
            for name in TARGET_REGIONS[side]:
                kinds = {board[i].kind for i in REGIONS[name] if board[i] is not None and board[i].face == side}
                if len(kinds) == 3:
                    return side, f"a colline, a pic and a mont of {PLAYERS[side]} stand in the region of {name}", "region"
        return None

    @staticmethod
    def _wiped_out(position: TectonicPosition) -> tuple[int, str, str] | None:
        faces = {p.face for p in position.board if p is not None}
        for side in (1 - position.to_move, position.to_move):
            if (1 - side) not in faces:
                return side, f"every {PLAYERS[1 - side]} piece is red", "all_red"
        return None

    def supply(self, position: TectonicPosition) -> dict[str, int]:
        """Three of each kind a side, whichever face shows (a style for each face counts them all)."""
        return {f"{KIND_NAMES[k]}_{face}{colour}": PER_KIND for k in KINDS for colour in PLAYERS
                for face in ("", "rouge_")}

    def impossible(self, position: TectonicPosition) -> list[tuple[str, str]]:
        """What no game reaches, whatever the diagram left out (read_position refuses more pieces of a kind
        than a side has): a colline, a pic and a mont of one colour in an enemy region win on the move that
        brings them, which only their owner's move can do (the other player turns them red or takes them over,
        never to that colour), so their owner is not to move; nor can both sides have their three there."""
        board, out, sets = position.board, [], []
        for side in (WHITE, BLACK):
            for name in TARGET_REGIONS[side]:
                kinds = {board[i].kind for i in REGIONS[name] if board[i] is not None and board[i].face == side}
                if len(kinds) == 3:
                    sets.append((side, name))
        for side, name in sets:
            first = next(GRID.name(i) for i in REGIONS[name] if board[i] is not None and board[i].face == side)
            if side == position.to_move:
                out.append((first, f"{PLAYERS[side]} has a colline, a pic and a mont in the region of {name}, "
                                   f"which won on the move that made it, yet is to move"))
            elif len({s for s, _ in sets}) == 2:
                out.append((first, "both players have their three pieces in an enemy region: the first to do "
                                   "so won"))
        return out

    def outcome(self, position: TectonicPosition) -> Outcome | None:
        won = self._set_winner(position) or self._wiped_out(position)
        if won is None and not self._can_move(position):
            side = position.to_move
            won = 1 - side, f"{PLAYERS[side]} cannot move", "blocked"
        return None if won is None else Outcome(PLAYERS[won[0]], won[1], won[2])

    # --- notation ------------------------------------------------------------
    def format_move(self, position: TectonicPosition, move: TectonicMove) -> str:
        text = f"{GRID.name(move.origin)}-{GRID.name(move.dest)}"
        return text + (f"*{GRID.name(move.flip)}" if move.flip >= 0 else "")

    def parse_move(self, position: TectonicPosition, text: str) -> TectonicMove:
        m = _MOVE.match(str(text).strip())
        if not m:
            raise NotationError(f"'{text}' is not a Tectonic move: write start-end, e.g. d2-d6, "
                                f"and *square for the piece it turns: d2-d6*e6")
        origin, dest = GRID.index(m.group(1)), GRID.index(m.group(2))
        flip = GRID.index(m.group(3)) if m.group(3) else None
        board, side = position.board, position.to_move
        won = self.outcome(position)
        if won:
            raise IllegalMove("game_over", f"{won.winner} has already won ({won.reason})")
        piece = board[origin]
        if piece is None:
            raise IllegalMove("empty", f"there is no piece on {GRID.name(origin)}")
        if piece.face == RED:
            raise IllegalMove("red_piece", f"the {KIND_NAMES[piece.kind]} on {GRID.name(origin)} is red")
        if piece.face != side:
            raise IllegalMove("not_your_piece", f"the {KIND_NAMES[piece.kind]} on {GRID.name(origin)} is "
                                                f"{PLAYERS[piece.face]}'s and {PLAYERS[side]} is to move")
        if board[dest] is not None:
            raise IllegalMove("occupied", f"{GRID.name(dest)} holds a {KIND_NAMES[board[dest].kind]}")
        if dest not in self._destinations(board, origin):
            path = self._path(piece, origin, dest)
            if path is None:
                raise IllegalMove("shape", f"a {PLAYERS[piece.owner]} {KIND_NAMES[piece.kind]} cannot go from "
                                           f"{GRID.name(origin)} to {GRID.name(dest)}")
            blocker = next(s for s in path if board[s] is not None)
            raise IllegalMove("blocked", f"{GRID.name(blocker)} is in the way")
        targets = self._flip_targets(board, origin, dest, side)
        if flip is None:
            if len(targets) > 1:
                options = " or ".join(f"{GRID.name(origin)}-{GRID.name(dest)}*{GRID.name(t)}" for t in targets)
                raise NotationError(f"'{text}': several pieces can be turned; write {options}")
            return TectonicMove(origin, dest, targets[0] if targets else -1)
        if flip not in targets:
            red = board[flip]
            if flip in GRID.neighbours(dest) and red is not None and red.face == RED and red.owner != side:
                raise IllegalMove("no_reserve", f"{PLAYERS[side]} has no {KIND_NAMES[red.kind]} in reserve "
                                                f"to take over the red one on {GRID.name(flip)}")
            raise IllegalMove("no_flip", f"{GRID.name(flip)} holds no piece next to {GRID.name(dest)} "
                                         f"that {PLAYERS[side]} can turn")
        return TectonicMove(origin, dest, flip)

    @staticmethod
    def _path(piece: Piece, origin: int, dest: int) -> list[int] | None:
        """Squares passed over on the way origin -> dest if the piece's move allows it, else None."""
        dc = dest % SIZE - origin % SIZE
        dr = dest // SIZE - origin // SIZE
        steps = max(abs(dc), abs(dr))
        if steps == 0:
            return None
        unit = (dc // steps, dr // steps)
        if unit[0] * steps != dc or unit[1] * steps != dr:
            return None
        for direction, reach in _rays(piece.kind, piece.owner):
            if direction == unit and steps <= reach:
                return [origin + k * (unit[1] * SIZE + unit[0]) for k in range(1, steps)]
        return None


    # --- playtest ----------------------------------------------------------------
    def evaluate(self, position: TectonicPosition, player: str) -> float:
        """Pieces of each colour still showing it, and each player's best enemy region: the kinds of his
        pieces already in it (a set of three wins) and how far his missing kinds stand from it.

        A piece in colour is worth 0.15, a kind in the region 0.3, a square of distance 0.01; tanh.
        """
        me = PLAYERS.index(player)
        showing = _showing(position.board)
        return _score(_half(showing[me], me), _half(showing[1 - me], 1 - me))

    def move_values(self, position: TectonicPosition, moves, player: str) -> list | None:
        """The greedy ranking's shortcut (Engine.move_values): each move's value for `player` from the pieces
        it changes (the moved piece; the one turned: red, back to its colour, or taken over), without making
        the position: a won or lost game (a set of three in an enemy region, every enemy piece red, the next
        player blocked, in `outcome`'s order) is +1 or -1, any other position its evaluation (`_score` of
        each side's `_half`, the formula of both, so the same float to the last bit). The mover's nearest
        piece of each kind to each region is kept with and without each of his pieces, so a move changes one
        kind's nearest; the other side's part changes only where the move turns one of his pieces red."""
        board, side = position.board, position.to_move
        if self._set_winner(position) is not None or self._wiped_out(position) is not None:
            return None
        me = PLAYERS.index(player)
        showing = _showing(board)
        mine, theirs = showing[side], showing[1 - side]
        regions = [(REGION_GAP[name], _mins(mine, name)) for name in TARGET_REGIONS[side]]
        # each region's nearest of the moved piece's kind once it left its square: the others of its kind
        without = [{sq: min((gaps[i] for i, k in mine if k == kind and i != sq), default=SIZE) for sq, kind in mine}
                   for gaps, _mins_now in regions]
        halves = {-1: _half(theirs, 1 - side)}      # the other side's part, by the square of his piece turned red
        out = []
        for move in moves:
            origin, dest, flip = move.origin, move.dest, move.flip
            k = KIND_INDEX[board[origin].kind]
            added = None
            if flip >= 0:
                target = board[flip]
                if target.face != RED:                  # an enemy piece goes red
                    other = halves.get(flip)
                    if other is None:
                        other = halves[flip] = _half([(sq, kd) for sq, kd in theirs if sq != flip], 1 - side)
                else:                                   # back to his colour, or taken over: one more of his
                    added = KIND_INDEX[target.kind]
                    other = halves[-1]
            else:
                other = halves[-1]
            mins = []
            for (gaps, now), gone in zip(regions, without):
                m = list(now)
                m[k] = min(gone[origin], gaps[dest])
                if added is not None and gaps[flip] < m[added]:
                    m[added] = gaps[flip]
                mins.append(m)
            moved = _half_of(len(mine) + (added is not None), mins)
            won = _winner_after(board, side, moved, other, theirs, origin, dest, flip if added is None else -1)
            if won is not None:
                out.append(1.0 if won == me else -1.0)
            else:
                out.append(_score(moved, other) if me == side else _score(other, moved))
        return out


# Each region's distance from every square (king moves to its nearest square).
REGION_GAP = {name: tuple(min(max(abs(i % SIZE - s % SIZE), abs(i // SIZE - s // SIZE)) for s in squares)
                          for i in range(SIZE * SIZE))
              for name, squares in REGIONS.items()}
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}


def _showing(board) -> tuple[list, list]:
    """(square, kind) of the pieces showing white, then black."""
    out: tuple[list, list] = ([], [])
    for i, p in enumerate(board):
        if p is not None and p.face != RED:
            out[p.face].append((i, p.kind))
    return out


def _mins(pieces: list, name: str) -> list[int]:
    """The distance of the nearest piece of each kind (KINDS' order) to the region `name`; SIZE for none."""
    gaps = REGION_GAP[name]
    out = [SIZE, SIZE, SIZE]
    for i, kind in pieces:
        k = KIND_INDEX[kind]
        if gaps[i] < out[k]:
            out[k] = gaps[i]
    return out


def _half(pieces: list, side: int) -> tuple[int, float, bool]:
    """One side's part of the evaluation, from his pieces showing his colour: _half_of."""
    return _half_of(len(pieces), [_mins(pieces, name) for name in TARGET_REGIONS[side]])


def _half_of(count: int, mins: list) -> tuple[int, float, bool]:
    """(pieces in colour, the best enemy region's value, whether a region holds a set of three), from the
    nearest piece of each kind to each enemy region (`_mins`): a kind in the region (at 0) is worth 0.3, each
    square the missing kinds stand from it 0.01."""
    best = None
    three = False
    for m in mins:
        inside = (m[0] == 0) + (m[1] == 0) + (m[2] == 0)
        value = 0.3 * inside - 0.01 * (m[0] + m[1] + m[2])
        best = value if best is None else max(best, value)
        three = three or inside == 3
    return count, best, three


def _score(mine: tuple, theirs: tuple) -> float:
    """The evaluation for the side of `mine` (_half), against the other side's `theirs`."""
    score = 0.0
    for (count, best, _three), sign in ((mine, 1), (theirs, -1)):
        score += sign * 0.15 * count
        score += sign * best
    return tanh(score)


def _winner_after(board, side: int, moved: tuple, other: tuple, theirs: list, origin: int, dest: int,
                  red: int) -> int | None:
    """The winner once `side` moved the piece on `origin` to `dest` (the board before; `moved` and `other` the
    two sides' parts after, `theirs` the other side's pieces before, `red` the square of the one turned red or
    -1), as `outcome` finds him: a set of three (the mover first), every enemy piece red, the next player
    blocked."""
    if moved[2]:
        return side
    if other[2]:
        return 1 - side
    if other[0] == 0:
        return side
    if moved[0] == 0:
        return 1 - side
    # the next player moves when a piece of his showing his colour has a free square next along one of its ways
    for sq, kind in theirs:
        if sq == red:
            continue
        for ray in RAYS[kind, 1 - side][sq]:
            if ray and (ray[0] == origin or (board[ray[0]] is None and ray[0] != dest)):
                return None
    return side


ENGINE = TectonicEngine()
