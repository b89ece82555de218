"""Which content files a step of the build read: the recorder the incremental cache keys outputs with.

    with recording(content_dir) as read:
        render something
    read   # the set of files under content_dir opened while it ran

Files are recorded as they are opened, whatever opens them (the YAML loader, a
table, the rulebook reader, an image embedded by a backend): the recorder is a
Python audit hook on the `open` event, so a reading function added later
cannot forget to declare what it reads. Only files under the recorded folder
count; the generator's own code, templates and fonts are part of the code
version instead (generator/cache.py).

A function that keeps a file's contents across steps (a per-process cache)
must call `note(path)` each time it serves them, or the step served from it
would not be known to depend on the file. Imports nothing of the generator.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

_active: list[tuple[str, set[Path]]] = []    # (folder prefix, files read) of every recording under way
_hooked = False


def _on_audit(event: str, args: tuple) -> None:
    if event != "open" or not _active:
        return
    path = args[0]
    if isinstance(path, int) or path is None:
        return   # a file descriptor: its file was recorded when it was opened by name
    note(os.fsdecode(path))


def note(path) -> None:
    """Record `path` as read by every recording under way whose folder holds it."""
    if not _active:
        return
    full = os.path.abspath(os.fsdecode(path))
    for prefix, read in _active:
        if full.startswith(prefix):
            read.add(Path(full))


@contextmanager
def recording(folder: Path) -> Iterator[set[Path]]:
    """The files under `folder` opened while the block runs (absolute paths), also by nested recordings."""
    global _hooked
    if not _hooked:
        sys.addaudithook(_on_audit)
        _hooked = True
    read: set[Path] = set()
    entry = (os.path.join(os.path.abspath(folder), ""), read)
    _active.append(entry)
    try:
        yield read
    finally:
        for index in range(len(_active) - 1, -1, -1):
            if _active[index] is entry:   # by identity: two recordings may hold equal sets
                del _active[index]
                break
