"""What `pnp build` shows while it works: a progress bar on a terminal (rich), a line per output with -v, and
nothing at all when the output is piped, with NO_COLOR, or with -q. The build reports its events through
`build.build_games(progress=...)`; this module only shows them."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator

import click

from .i18n import catalogue, shared_language


def live(stream=None) -> bool:
    """A bar only for a person at a terminal that wants colours."""
    stream = stream or sys.stderr
    return stream.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


@contextmanager
def build_progress(*, quiet: bool, verbose: bool) -> Iterator:
    """A `progress(event, **facts)` callback for build_games, and the bar it drives (closed on exit). Its words
    are those of the games being rendered, which the build names in its "plan" (no game is read twice)."""
    bar = None
    if not quiet and live():
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
        bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                       console=Console(stderr=True), transient=True)
    state = {"task": None, "words": catalogue()}

    def progress(event: str, **facts) -> None:
        words = state["words"]
        if event == "plan":
            state["words"] = words = catalogue(shared_language(facts["languages"]))
            if bar is not None and facts["tasks"]:
                bar.start()
                state["task"] = bar.add_task(words("cli.progress_title"), total=len(facts["tasks"]))
        elif event == "task":
            unit = facts["unit"]      # None: the game's check; else a unit such as "component:plateau"
            target = facts["game"] if unit is None else f"{facts['game']}/{unit.rpartition(':')[2]}"
            if bar is not None and state["task"] is not None:
                bar.update(state["task"], advance=1, description=target)
            if verbose:
                line = words("cli.progress_task", target=target, seconds=words.number(facts["seconds"]))
                (bar.console.print(line, markup=False, highlight=False) if bar is not None
                 else click.echo(line, err=True))

    try:
        yield progress
    finally:
        if bar is not None:
            bar.stop()
