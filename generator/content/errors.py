"""Errors a user can act on: always a file, a line and a message."""

from __future__ import annotations

import difflib
from pathlib import Path


class ContentError(Exception):
    """Bad input: shown to the user as `path:line: message`, exit code 2."""

    def __init__(self, path: Path | str | None, line: int | None, message: str):
        self.path = Path(path) if path is not None else None
        self.line = line
        self.message = message
        super().__init__(self.format())

    def __reduce__(self):
        # Rebuilt from its parts when it crosses a process boundary (pnp build --jobs).
        return (type(self), (self.path, self.line, self.message))

    def format(self) -> str:
        if self.path is None:
            return self.message
        where = display_path(self.path)
        if self.line:
            return f"{where}:{self.line}: {self.message}"
        return f"{where}: {self.message}"


def display_path(path: Path) -> str:
    """A path relative to the working directory when it lies below it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def did_you_mean(name: str, known) -> str:
    """' (did you mean 'x'?)' for the closest of `known`, or ''."""
    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""
