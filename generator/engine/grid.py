"""What grid games share: square notation (a1..), steps and rays, and the common illegal-move reasons.

A square is an index row * columns + column (a1 = 0), as the engines store their
boards; `Grid` turns indexes into the names diagrams use and back, and walks
steps and rays without leaving the board. Tactix, Tectonic, Praxis and Armada
all play on one; Armada's pawns stand on crossings, hence `what`.
"""

from __future__ import annotations

from typing import Iterator

from ..content.coords import parse_square, square_name
from .core import NotationError

Direction = tuple[int, int]          # (column step, row step); north is toward the last row
NORTH, EAST, SOUTH, WEST = (0, 1), (1, 0), (0, -1), (-1, 0)
ORTHOGONAL: tuple[Direction, ...] = (NORTH, EAST, SOUTH, WEST)
DIAGONAL: tuple[Direction, ...] = ((1, 1), (1, -1), (-1, -1), (-1, 1))
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL

# The reasons several games give for an illegal move, said once (`illegal_reasons`).
COMMON_REASONS = {
    "game_over": "the game is over",
    "empty": "no piece on the start square",
    "not_your_piece": "the piece belongs to another player",
    "own_piece": "the end square holds one of the mover's own pieces",
    "occupied": "the square is not empty",
    "blocked": "a piece stands on the way",
}


def reasons(*common: str, **own: str) -> dict[str, str]:
    """An engine's `illegal_reasons`: the named common ones, then its own (which may reword a common one)."""
    return {**{key: COMMON_REASONS[key] for key in common}, **own}


class Grid:
    """A board of `columns` x `rows` squares (or crossings), named a1 at the bottom left."""

    def __init__(self, columns: int, rows: int | None = None, what: str = "square"):
        self.columns = columns
        self.rows = columns if rows is None else rows
        self.size = self.columns * self.rows
        self.what = what
        last = square_name(self.columns - 1, self.rows - 1)
        self.extent = f"a1 to {last}"

    def name(self, index: int) -> str:
        return square_name(index % self.columns, index // self.columns)

    def is_square(self, name: object) -> bool:
        return parse_square(str(name), self.columns, self.rows) is not None

    def index(self, name: object, key: str | None = None) -> int:
        """The index of a square name; NotationError (pointing at `key`) when it is off the board."""
        at = parse_square(str(name), self.columns, self.rows)
        if at is None:
            board = f"the {self.columns}x{self.rows} board" if self.what == "square" else "the board"
            raise NotationError(f"'{name}' is not a {self.what} of {board} ({self.extent})", key)
        return at[1] * self.columns + at[0]

    def step(self, index: int, direction: Direction, n: int = 1) -> int | None:
        """The square `n` steps away in `direction`, None off the board."""
        c = index % self.columns + direction[0] * n
        r = index // self.columns + direction[1] * n
        return r * self.columns + c if 0 <= c < self.columns and 0 <= r < self.rows else None

    def neighbours(self, index: int, directions: tuple[Direction, ...] = ORTHOGONAL) -> Iterator[int]:
        """The squares one step away in `directions`, in their order."""
        for d in directions:
            s = self.step(index, d)
            if s is not None:
                yield s

    def around(self, index: int) -> list[int]:
        """The up to 8 squares touching `index` by an edge or a corner, by index."""
        return sorted(self.neighbours(index, ALL_DIRECTIONS))

    def ray(self, index: int, direction: Direction, reach: int | None = None) -> Iterator[int]:
        """The squares from `index` (excluded) along `direction`, `reach` steps at most, to the edge."""
        square, n = index, 0
        while reach is None or n < reach:
            square = self.step(square, direction)
            if square is None:
                return
            n += 1
            yield square

    def between(self, origin: int, dest: int) -> list[int] | None:
        """The squares strictly between two squares of one line (row, column, diagonal); None off a line."""
        dc = dest % self.columns - origin % self.columns
        dr = dest // self.columns - origin // self.columns
        n = max(abs(dc), abs(dr))
        if n == 0 or (dc and dr and abs(dc) != abs(dr)):
            return None
        d = (dc // n, dr // n)
        return [self.step(origin, d, k) for k in range(1, n)]
