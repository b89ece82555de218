"""How a build fails on content: a contradicted diagram (exit 1), and some games failed while the others were written.

Kept apart from build.py, which loads the drawing and print layers, so that the command line can name these
exceptions without paying for them (`pnp --help`, the engine commands).
"""

from __future__ import annotations

from .content.errors import ContentError


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

    def __init__(self, failures: list[tuple[str, Exception]], total: int):
        self.failures = list(failures)
        self.total = total
        super().__init__("; ".join(f"{gid}: {err}" for gid, err in self.failures))

    def __reduce__(self):
        return (type(self), (self.failures, self.total))

    @property
    def bad_input(self) -> bool:
        """Whether any failure is bad input (exit 2 then, else 1 for contradicted diagrams only)."""
        return any(isinstance(err, ContentError) for _, err in self.failures)
