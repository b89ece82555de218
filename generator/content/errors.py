"""Errors a user can act on: always a file, a line and a message."""

from __future__ import annotations

import difflib
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Iterable, Iterator

MAX_SHOWN_ERRORS = 20   # per game, on the terminal: then "... and N more" (the whole list stays in `errors`)

# A control character from content (a NUL, an escape sequence, a carriage return in a name) would be sent raw to
# the terminal, where it hides or rewrites what is shown: every message shows it escaped, as '\x00'.
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """`text` with its control characters (but line breaks) written as escapes ('\\x1b'), safe on a terminal."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


class ContentError(Exception):
    """Bad input: shown to the user as `path:line: message`, exit code 2."""

    def __init__(self, path: Path | str | None, line: int | None, message: str, same: tuple | None = None):
        self.path = Path(path) if path is not None else None
        self.line = line
        self.message = message
        # What makes two errors one (unique_errors): by default the place and the message; an element wrong on
        # every row of a table says its row, yet is one error.
        self.same = same if same is not None else (str(self.path), line, message)
        super().__init__(self.format())

    def __reduce__(self):
        # Rebuilt from its parts when it crosses a process boundary (pnp build --jobs).
        return (type(self), (self.path, self.line, self.message, self.same))

    @property
    def errors(self) -> list[ContentError]:
        """Each error this one stands for: itself, or the errors of a ContentErrors."""
        return [self]

    def format(self) -> str:
        message = printable(self.message)
        if self.path is None:
            return message
        where = printable(display_path(self.path)).replace("\n", "\\x0a")
        if self.line:
            return f"{where}:{self.line}: {message}"
        return f"{where}: {message}"


class ContentErrors(ContentError):
    """Several independent errors of content, found in one pass, in the order found (file order within a file).
    It is the first of them for whoever reads one error (`path`, `line`, `message`); `errors` holds each, and
    `format()` gives one line per error."""

    def __init__(self, errors: Iterable[ContentError]):
        self._errors = unique_errors(errors)
        if not self._errors:
            raise ValueError("ContentErrors of no error")   # a programming error
        first = self._errors[0]
        super().__init__(first.path, first.line, first.message)

    def __reduce__(self):
        return (type(self), (self._errors,))

    @property
    def errors(self) -> list[ContentError]:
        return list(self._errors)

    def format(self) -> str:
        return "\n".join(err.format() for err in self._errors)


def unique_errors(errors: Iterable[ContentError]) -> list[ContentError]:
    """Each error once (a ContentErrors opened into its errors), in order; the same message at the same place
    said twice (an element wrong on every row, which says its row) is one error: `same` says what counts."""
    out, seen = [], set()
    for err in errors:
        for one in err.errors:
            key = one.same
            if key not in seen:
                seen.add(key)
                out.append(one)
    return out


def content_error(errors: Iterable[ContentError]) -> ContentError | None:
    """The one error to raise for `errors`: None for none, the error itself for one, else a ContentErrors."""
    found = unique_errors(errors)
    if not found:
        return None
    return found[0] if len(found) == 1 else ContentErrors(found)


class Collector:
    """Gathers the independent errors of a pass, so that a file with three mistakes is told all three:

        errors = Collector()
        for key in keys:
            with errors.attempt():
                check(key)
        errors.raise_any()
    """

    def __init__(self):
        self.errors: list[ContentError] = []

    @contextmanager
    def attempt(self) -> Iterator[None]:
        """Run the block; a ContentError it raises is kept (the block stops, the caller goes on)."""
        try:
            yield
        except ContentError as err:
            self.errors.append(err)

    def __bool__(self) -> bool:
        return bool(self.errors)

    def raise_any(self) -> None:
        err = content_error(self.errors)
        if err is not None:
            raise err


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
