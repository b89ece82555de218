"""Kill `pnp build` at random moments and check that every game folder is whole, old or new, never mixed.

    python tests/foundation/kill_builds.py [--kills 12] [--seed 1]

Two new games are made, and two versions of their content (A, then B: the rules
and the board's name edited). Each version is built once for reference (A
into the output folder: the old output the kills start from). Then builds alternate between B and A, each killed with SIGKILL
(its worker processes too) after a random delay within a build's duration;
with --jobs 1 or 2, with or without the cache, at random (seeded). After every
kill, each game folder must hold exactly the files its manifest.json lists,
with their hashes, and equal byte for byte the A or the B reference. A last
build, not killed, must remove every leftover and give the reference of its
version. The test suite runs it with a few kills (test_incremental_build.py);
`--kills 12` takes about two minutes on two busy cores.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from generator.outfolder import MARKER

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("demo", "autre")


def _pnp(*args: str, **popen) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "generator.cli", *args], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True, **popen)


def _run(*args: str) -> None:
    proc = _pnp(*args)
    _, stderr = proc.communicate(timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"pnp {' '.join(args)}: exit {proc.returncode}\n{stderr}")


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != MARKER}     # the build's mark on its folder, not an output


def _versions(content: Path) -> dict[str, dict[Path, str]]:
    """The text of every edited file in version A and in version B."""
    versions: dict[str, dict[Path, str]] = {"A": {}, "B": {}}
    for game in GAMES:
        for name, old, new in (("rules.fr.md", None, "\nUne règle de plus.\n"), ("board.yaml", "name: ", "name: Grand ")):
            path = content / game / name
            text = path.read_text(encoding="utf-8")
            versions["A"][path] = text
            versions["B"][path] = text + new if old is None else text.replace(old, new, 1)
    return versions


def _use(version: dict[Path, str]) -> None:
    for path, text in version.items():
        path.write_text(text, encoding="utf-8")


def whole(folder: Path, references: list[dict[str, bytes]]) -> str | None:
    """None when `folder` is whole: what its manifest lists, and equal to one of the references; else what is wrong."""
    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        return f"{folder.name}: no readable manifest ({err})"
    files = _tree(folder)
    listed = {entry["file"]: entry["sha256"] for entry in manifest.get("outputs", [])}
    present = {name: hashlib.sha256(data).hexdigest() for name, data in files.items() if name != "manifest.json"}
    if listed != present:
        return f"{folder.name}: the manifest lists {sorted(set(listed) ^ set(present))} differently"
    if files not in references:
        return f"{folder.name}: neither the old nor the new output"
    return None


def kill_builds(work: Path, kills: int = 12, seed: int = 1) -> list[str]:
    """Run the experiment in `work`; the problems found (none when every folder stayed whole)."""
    rng = random.Random(seed)
    content, out = work / "content", work / "out"
    for game in GAMES:
        _run("new", game, "--content", str(content), "--language", "fr")
    versions = _versions(content)
    references, durations = {}, []
    for name, folder in (("B", work / "ref-B"), ("A", out)):      # version A is also the old output
        _use(versions[name])
        start = time.monotonic()
        _run("build", "--content", str(content), "--out", str(folder))
        durations.append(time.monotonic() - start)
        references[name] = {game: _tree(folder / game) for game in GAMES}
    problems = []
    for kill in range(kills):
        name = "B" if kill % 2 == 0 else "A"
        _use(versions[name])
        args = ["--jobs", rng.choice(["1", "2"])] + (["--no-cache"] if rng.random() < 0.5 else [])
        proc = _pnp("build", "--content", str(content), "--out", str(out), *args)
        time.sleep(rng.uniform(0.2, 1.1) * max(durations))   # the later half, where the folders are written, too
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=600)
        for game in GAMES:
            problem = whole(out / game, [references["A"][game], references["B"][game]])
            if problem:
                problems.append(f"kill {kill + 1} ({name}, {' '.join(args)}): {problem}")
    _run("build", "--content", str(content), "--out", str(out))
    leftovers = sorted(p.name for p in out.iterdir() if p.name.startswith(".pnp-") and p.name != ".pnp-cache")
    if leftovers:
        problems.append(f"left over after a complete build: {leftovers}")
    for game in GAMES:
        if _tree(out / game) != references[name][game]:
            problems.append(f"{game}: a complete build after the kills does not give version {name}")
    return problems


def main() -> None:
    import tempfile
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        problems = kill_builds(Path(work), args.kills, args.seed)
    for problem in problems:
        print(problem)
    print(f"{args.kills} builds killed, {len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
