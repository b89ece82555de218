"""How a build fails on content: a contradicted diagram (exit 1), and some games failed while the others were written.

Kept apart from build.py, which loads the drawing and print layers, so that the command line can name these
exceptions without paying for them (`pnp --help`, the engine commands).
"""

from __future__ import annotations

from .content.errors import ContentError, content_error


class Contradicted(Exception):
    """A diagram or check disagrees with the engine: exit code 1."""

    def __init__(self, messages: list[str]):
        self.messages = list(messages)
        super().__init__("\n".join(self.messages))

    def __reduce__(self):
        return (type(self), (self.messages,))


class GamesFailed(Exception):
    """Some games of a build failed: bad input or a folder that cannot be written (ContentError), or a
    contradicted diagram (Contradicted). Every other game was written. `failures`: (game id, error) in the
    order of the games; `total`: how many games the build had."""

    gallery = None      # build_games(gallery=False): the step that makes the gallery current, if it is not

    def __init__(self, failures: list[tuple[str, Exception]], total: int, done: list | None = None):
        self.failures = list(failures)
        self.total = total
        self.done = list(done or [])     # what the terminal says of each game that succeeded (build.GameSummary)
        super().__init__("; ".join(f"{gid}: {err}" for gid, err in self.failures))

    def __reduce__(self):
        return (type(self), (self.failures, self.total, self.done))

    @property
    def bad_input(self) -> bool:
        """Whether any failure is bad input (exit 2 then, else 1 for contradicted diagrams only)."""
        return any(isinstance(err, ContentError) for _, err in self.failures)


def merged(first: Exception | None, then: Exception) -> Exception:
    """One game's failures as one: every content error (each once) and every contradicted claim, in the order
    found. Bad input with contradictions is bad input (exit 2), its contradictions told among its errors."""
    if first is None:
        return then
    if isinstance(first, Contradicted) and isinstance(then, Contradicted):
        return Contradicted(list(dict.fromkeys(first.messages + then.messages)))
    errors = []
    for failure in (first, then):
        if isinstance(failure, Contradicted):
            errors += [ContentError(None, None, message) for message in failure.messages]
        else:
            errors.append(failure)
    return content_error(errors)
