"""The edit loop as a designer lives it: `pnp watch` running on the peer deck, one card's text saved, and the
time until the deck's PDF has changed and until the gallery is current (its build record written: an open page
reloads on its next poll, at most POLL_MS = 0.25 s later).

    python benchmarks/watch_edit.py SCRATCH [EDITS]      # run from the source tree to time

Copies benchmarks/peer-deck into SCRATCH, starts `pnp watch` on it (the generator of the current folder),
waits for it to watch, then saves EDITS times (default 5) the suit of card 5 changed back and forth (an
editor's write), each after the last rebuild is told and the folder has been quiet for a moment. Prints the medians as `BENCH <name> <seconds>` lines
(benchmarks/bench.py reports them against the floor's wall time of the same run) and each edit on stderr.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

TREE = Path.cwd()      # the source tree whose `pnp watch` is timed (bench.py runs a --baseline tree's from there)
GAME = "peer-deck"
CARD = ('{nn: "05", suit: Fire', '{nn: "05", suit: Flame')
POLL_S = 0.005
TIMEOUT_S = 120.0


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None       # the game's folder is being swapped in: not there for an instant


def _wait(condition, what: str) -> float:
    deadline = time.perf_counter() + TIMEOUT_S
    while not condition():
        if time.perf_counter() > deadline:
            sys.exit(f"watch_edit: no {what} after {TIMEOUT_S:.0f} s")
        time.sleep(POLL_S)
    return time.perf_counter()


def main() -> None:
    scratch = Path(sys.argv[1])
    edits = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    content, out = scratch / "content", scratch / "out"
    shutil.copytree(TREE / "benchmarks" / GAME, content / GAME)
    deck = content / GAME / "deck.yaml"
    pdf, status = out / GAME / "peers.pdf", out / ".pnp-cache" / "gallery-status.js"
    watch = subprocess.Popen([sys.executable, "-m", "generator.cli", "watch", GAME, "--content", str(content),
                              "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             cwd=TREE, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(watch.stdout.readline, "")), daemon=True)
    reader.start()
    to_pdf, to_gallery = [], []
    try:
        _wait(lambda: any(line.startswith("watching") for line in lines), "'watching' line")
        for n in range(edits):
            time.sleep(0.5)                          # the rebuild before is told; the folder is quiet
            told = sum(" → " in line for line in lines)
            old_pdf, old_status = _digest(pdf), _digest(status)
            old, new = CARD if n % 2 == 0 else CARD[::-1]
            text = deck.read_text(encoding="utf-8")
            saved = time.perf_counter()
            deck.write_text(text.replace(old, new), encoding="utf-8")
            at_pdf = _wait(lambda: _digest(pdf) not in (old_pdf, None), "new PDF")
            at_gallery = _wait(lambda: _digest(status) not in (old_status, None), "gallery record")
            _wait(lambda: sum(" → " in line for line in lines) > told, "rebuild line")
            to_pdf.append(at_pdf - saved)
            to_gallery.append(at_gallery - saved)
            print(f"edit {n + 1}: PDF after {to_pdf[-1]:.3f} s, gallery after {to_gallery[-1]:.3f} s; "
                  f"{lines[-1].strip()}", file=sys.stderr)
    finally:
        watch.terminate()
        watch.wait(10)
    print(f"BENCH save_to_pdf_s {statistics.median(to_pdf):.4f}")
    print(f"BENCH save_to_gallery_s {statistics.median(to_gallery):.4f}")


if __name__ == "__main__":
    main()
