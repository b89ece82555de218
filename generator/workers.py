"""Worker processes (`--jobs`) die with the process that started them.

A worker waits on a pipe for its next task; when the main process is killed (kill -9, the OOM killer), the
pipe stays open in the other workers, so without this a worker would wait forever, holding its memory. On
Linux the kernel kills the worker when its parent dies (prctl PR_SET_PDEATHSIG); elsewhere a thread of the
worker watches its parent's id. Imports nothing of the generator.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

_PR_SET_PDEATHSIG = 1
WATCH_S = 0.5          # how often a worker without prctl looks at its parent


def die_with_parent(parent_pid: int) -> None:
    """Called first in a worker: end this process when `parent_pid` (the process that forked it) ends."""
    if not (sys.platform.startswith("linux") and _set_death_signal()):
        threading.Thread(target=_watch, args=(parent_pid,), name="watch-parent", daemon=True).start()
    if os.getppid() != parent_pid:      # the parent died before the signal was asked for
        os._exit(1)


def _set_death_signal() -> bool:
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(WATCH_S)
    os._exit(1)
