"""`pnp watch`: rebuild a game as soon as one of its files is saved, on the system's file events (watchdog).

An editor's save is several events (a write, a rename over the old file, a
change of mode): events are gathered until the folder has been quiet for
QUIET_S, then each game with a changed file is rebuilt once. Only events that
change a file count: the build itself opens and reads every content file, and
an "opened" or "closed without writing" event must never start a rebuild.
"""

from __future__ import annotations

import queue
import re
import threading
from pathlib import Path
from typing import Callable, Iterable

QUIET_S = 0.2
CHANGES = frozenset({"created", "modified", "deleted", "moved", "closed"})   # "closed": after a write
_EDITOR_LITTER = ("~", ".swp", ".swx", ".swo", ".tmp", ".part", ".crdownload")


_SED_TEMP = re.compile(r"sed[A-Za-z0-9]{6}")      # what `sed -i` writes beside the file it edits, then renames


def ignored(path: Path) -> bool:
    """Files no game is made of: hidden ones (emacs' .#lock, LibreOffice's .~lock), and what editors and
    tools write beside the file they save: Office's ~$lock, vim's swap files and 4913 probe, sed's temp file."""
    name = path.name
    return (name.startswith((".", "#", "~$")) or name.endswith(_EDITOR_LITTER) or name.isdigit()
            or _SED_TEMP.fullmatch(name) is not None)


def changes_by_game(paths: Iterable[Path], content_dir: Path, game_ids: Iterable[str]) -> dict[str, list[Path]]:
    """The changed files of each watched game, relative to the content folder, sorted; games without any left out."""
    root = Path(content_dir).resolve()
    watched = set(game_ids)
    out: dict[str, set[Path]] = {}
    for path in paths:
        try:
            relative = Path(path).resolve().relative_to(root)
        except ValueError:
            continue
        if len(relative.parts) > 1 and relative.parts[0] in watched and not ignored(relative):
            out.setdefault(relative.parts[0], set()).add(relative)
    return {game: sorted(out[game]) for game in sorted(out)}


def watch(content_dir: Path, game_ids: list[str], rebuild: Callable[[dict[str, list[Path]]], None], *,
          stop: threading.Event | None = None, ready: threading.Event | None = None) -> None:
    """Call rebuild({game: changed files}) after each save, until interrupted or `stop` is set; `ready` is set
    once the folders are watched (a change before that is not seen)."""
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers import Observer

    events: queue.Queue[Path] = queue.Queue()

    class Collector(FileSystemEventHandler):
        def on_any_event(self, event):
            if event.event_type in CHANGES and not event.is_directory:
                events.put(Path(str(event.src_path)))
                if getattr(event, "dest_path", ""):
                    events.put(Path(str(event.dest_path)))

    observer = Observer()
    for game_id in game_ids:
        observer.schedule(Collector(), str(Path(content_dir) / game_id), recursive=True)
    observer.start()
    if ready is not None:
        ready.set()
    try:
        while stop is None or not stop.is_set():
            try:
                batch = {events.get(timeout=0.1)}
            except queue.Empty:
                continue
            while True:             # the rest of this save: until the folder is quiet
                try:
                    batch.add(events.get(timeout=QUIET_S))
                except queue.Empty:
                    break
            changed = changes_by_game(batch, content_dir, game_ids)
            if changed:
                rebuild(changed)
    finally:
        observer.stop()
        observer.join()
