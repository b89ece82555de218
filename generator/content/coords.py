"""Square names on grid boards: columns a, b, c… left to right, rows 1, 2, 3… from the bottom."""

from __future__ import annotations

import re
import string

SQUARE = re.compile(r"^([a-z])([0-9]{1,2})$")


def column_letter(index: int) -> str:
    return string.ascii_lowercase[index]


def square_name(col: int, row: int) -> str:
    """0-based column and row (row 0 at the bottom) to 'a1'."""
    return f"{column_letter(col)}{row + 1}"


def parse_square(name: str, columns: int, rows: int) -> tuple[int, int] | None:
    """'a1' to 0-based (column, row), or None if it is not a square of this grid."""
    m = SQUARE.match(name.strip().lower()) if isinstance(name, str) else None
    if not m:
        return None
    col = ord(m.group(1)) - ord("a")
    row = int(m.group(2)) - 1
    if 0 <= col < columns and 0 <= row < rows:
        return col, row
    return None


def square_range(first: str, last: str, columns: int, rows: int) -> list[tuple[int, int]] | None:
    """Every square of the rectangle with corners `first` and `last`, or None if either is off the grid."""
    a, b = parse_square(first, columns, rows), parse_square(last, columns, rows)
    if a is None or b is None:
        return None
    c0, c1 = sorted((a[0], b[0]))
    r0, r1 = sorted((a[1], b[1]))
    return [(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
