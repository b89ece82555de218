"""content/<game>/playtest.yaml: the playtest figures the rulebook's design notes quote.

Written by `pnp playtest GAME --into-notes` (generator/playtest/notes.py), never by a
build: the figures change only when a designer asks for them again. The rulebook
reads them as `playtest` (None when the file is absent). Rates are whole percents,
lengths whole plies; the seed and the number of games are stated with them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import ContentError
from .paths import inside_game
from .yamlfile import read_yaml

NOTES_FILE = "playtest.yaml"
_INTS = ("games", "seed", "max_plies", "players", "capped", "draws")
_SHARE = ("wins", "low", "high")


def read_playtest_notes(folder: Path | None) -> dict | None:
    """The figures of `folder`/playtest.yaml, checked; None when there is none."""
    if folder is None:
        return None
    # Confined as every content file: a playtest.yaml linking out of the game is refused, not followed.
    path = inside_game(Path(folder), NOTES_FILE, (Path(folder) / NOTES_FILE, None), "playtest notes")
    if not path.is_file():
        return None
    data = read_yaml(path)

    def fail(message: str, key: Any = None) -> ContentError:
        line = data.line_of(key) if key is not None and hasattr(data, "line_of") and key in data else 1
        return ContentError(path, line, f"{message} (the file is written by `pnp playtest --into-notes`: "
                                        f"run it again rather than editing it)")

    if not isinstance(data, dict):
        raise fail("expected a mapping of the playtest figures")
    for key in _INTS:
        if not isinstance(data.get(key), int) or isinstance(data.get(key), bool):
            raise fail(f"'{key}' must be a whole number", key)
    if not isinstance(data.get("agents"), list) or not all(isinstance(a, str) for a in data["agents"]):
        raise fail("'agents' must be a list of agent names", "agents")
    first = data.get("first_player")
    if first is not None and not (isinstance(first, dict)
                                  and all(isinstance(first.get(k), int) for k in _SHARE + ("fair",))):
        raise fail("'first_player' must give wins, low, high and fair as whole percents (or be null: no game "
                   "had a winner)", "first_player")
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) and isinstance(s.get("player"), str)
                                              and all(isinstance(s.get(k), int) for k in _SHARE) for s in seats):
        raise fail("'seats' must list each seat's player, wins, low and high", "seats")
    length = data.get("length")
    if length is not None and not (isinstance(length, dict)
                                   and all(isinstance(length.get(k), int) for k in ("median", "q1", "q3"))):
        raise fail("'length' must give median, q1 and q3 as whole plies", "length")
    return {key: value for key, value in data.items()}
