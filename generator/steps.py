"""Which step a command was at when it failed (loading a game, rendering one of its outputs...).

The build marks its steps with `at_step`; an exception that leaves a step
carries the innermost one (`failed_step`), also across the process boundary of
`pnp build --jobs` (the mark is an attribute, which pickling keeps). The CLI
reads it to say in one line where an unexpected error happened, without the
build having to catch anything itself.

    with at_step("render", f"{game.id}/{component.id}", game.info.language):
        ...
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

_MARK = "pnp_step"


@dataclass(frozen=True)
class Step:
    """`action` names a phrase of the `errors.step` catalogue (load, check, render, ...); `target` what it works on."""
    action: str
    target: str
    language: str | None = None   # the game's, once it is known: the terminal line is then in that language

    def describe(self, words) -> str:
        """'rendering tactix/plateau', with the words of a catalogue."""
        return words(f"errors.step.{self.action}", target=self.target)


@contextmanager
def at_step(action: str, target: str, language: str | None = None) -> Iterator[None]:
    """Mark what runs inside as `action` on `target`; an error leaving it remembers the innermost step."""
    try:
        yield
    except (Exception, KeyboardInterrupt) as err:
        if failed_step(err) is None:
            try:
                setattr(err, _MARK, Step(action, target, language))
            except (AttributeError, TypeError):
                pass  # an exception type that takes no attributes: it is reported without its step
        raise


def failed_step(err: BaseException) -> Step | None:
    """The innermost step `err` left, or None when it was raised outside every marked step."""
    return getattr(err, _MARK, None)
