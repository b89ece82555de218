"""What the sheets of a tiled piece are called, so that no sheet's name is a word the piece prints.

Sheets are named like a spreadsheet, row letter then column number (A1, A2, B1…), where that clashes with
nothing: a board's or a map's own labels are other words. PuXes' mats print "Oracle A2" and "Oracle C4"
beside sheets A2 and C4 ("la feuille C4 se colle ici" reads as a place of the game), and a ruler's figures 0 to
5: there the sheets are numbered in the order they are laid (1, 2, 3…) when the piece prints none of those
numbers, else by row and place in the row (1.1, 1.2…, 2.1…: a dash between figures would be set as a range,
"1–2"). The tiling (print/tiling.py) chooses once and
every page says the same names: the plan, the sheets' labels and notes, the guide, the manifest. The reader
(print/reader.py, `assembly`) flags a sheet name the piece prints, with "feuille" before it or not.
"""

from __future__ import annotations

import re
from typing import Sequence

SCHEMES = ("grid", "numbers", "rows")


def row_name(i: int) -> str:
    """A, B, … Z, AA, AB…"""
    name = ""
    i += 1
    while i:
        i, rem = divmod(i - 1, 26)
        name = chr(ord("A") + rem) + name
    return name


def named(columns: Sequence[int], scheme: str = "grid") -> tuple[tuple[str, ...], ...]:
    """Each row's sheet names, for rows of `columns[r]` sheets each, in one scheme (SCHEMES)."""
    rows, n = [], 0
    for r, count in enumerate(columns):
        if scheme == "grid":
            rows.append(tuple(f"{row_name(r)}{c + 1}" for c in range(count)))
        elif scheme == "numbers":
            rows.append(tuple(str(n + c + 1) for c in range(count)))
        else:
            rows.append(tuple(f"{r + 1}.{c + 1}" for c in range(count)))
        n += count
    return tuple(rows)


def printed_as_word(name: str, text: str) -> bool:
    """Whether `text` holds the sheet name as a word of its own ("Oracle C4" holds C4; "C45", "C4-2" and "1.25"
    do not hold C4 and 1.2)."""
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def choose(columns: Sequence[int], printed: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The names of the first scheme none of whose names the piece prints (`printed`: every string it draws);
    the last scheme when each clashes (its names are the least likely words)."""
    texts = sorted(set(printed))
    for scheme in SCHEMES:
        names = named(columns, scheme)
        if not any(printed_as_word(name, text) for row in names for name in row for text in texts):
            return names
    return names
