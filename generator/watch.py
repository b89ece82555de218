"""`pnp watch`: rebuild a game as soon as one of its content files changes.

Polling rather than OS notifications: a content folder holds a few dozen
files, a scan costs well under a millisecond, and it behaves the same on
every system and in every editor (including those that save by renaming).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, Iterable

Snapshot = dict[Path, tuple[int, int]]


def snapshot(content_dir: Path, game_ids: Iterable[str]) -> Snapshot:
    """Modification time and size of every file of the given games."""
    out: Snapshot = {}
    for gid in game_ids:
        for path in sorted((Path(content_dir) / gid).rglob("*")):
            if path.is_file() and not path.name.startswith("."):
                st = path.stat()
                out[path] = (st.st_mtime_ns, st.st_size)
    return out


def changed_games(before: Snapshot, after: Snapshot, content_dir: Path) -> list[str]:
    """Games with a file added, removed or modified between two snapshots, sorted."""
    changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
    root = Path(content_dir)
    return sorted({p.relative_to(root).parts[0] for p in changed})


def watch(content_dir: Path, game_ids: list[str], rebuild: Callable[[list[str]], None], *,
          interval_s: float = 0.5, max_cycles: int | None = None) -> None:
    """Call rebuild(games) whenever files of those games change; runs until interrupted (or max_cycles)."""
    current = snapshot(content_dir, game_ids)
    cycles = 0
    while max_cycles is None or cycles < max_cycles:
        time.sleep(interval_s)
        cycles += 1
        latest = snapshot(content_dir, game_ids)
        games = changed_games(current, latest, content_dir)
        current = latest
        if games:
            rebuild(games)
