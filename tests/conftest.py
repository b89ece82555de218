"""Shared fixtures: the repository's content folder, and builds made once per test run.

The suite runs in parallel (`make test`: pytest-xdist, `-n auto --dist loadgroup`): each worker is its own
process, and the tests of one module run on one worker (pytest_collection_modifyitems below puts each test in
its module's xdist_group), so a module-scoped fixture is made once; a test that says its own
`pytest.mark.xdist_group(name)` runs with the others of that group instead (the preflight of each build:
tests/print/test_preflight.py). Rules that keep any test, new or old, safe in parallel without special care:

- Write only under pytest's `tmp_path` / `tmp_path_factory` (each worker has its own folder), never into the
  repository (content/, output/, tests/**/fixtures) nor a fixed path of /tmp; no fixed network port (none is
  used: the gallery is read from file://).
- A build of real content that more than one module reads is asked of `game_build` (a game of content/,
  built with --shop), `shared_build` (any arguments) or `shared_folder` (any folder made once): it is made
  once per run, whichever worker asks first, under a file lock, and the others wait for it and read the same
  folder. What these give is read-only: a test that changes outputs copies them first, or builds its own.
  A `shared_build` of the repository's own files is kept for the next runs too (`.venv/test-builds`, under the
  hash of the code, libraries, arguments, environment and content it is made from; PNP_TEST_BUILDS=off makes
  every build in the run): a run after an edit makes only the builds the edit changes the inputs of.
- A module-scoped fixture that tests of several xdist groups use is made once per worker that runs them:
  give such tests the fixture's group, or share it through `shared_folder`.
- A bound on a cost is checked in CPU seconds of the test's process (time.process_time), never in wall time,
  which parallel workers and a busy machine stretch.
- Process-wide state (os.environ, the current directory, module caches) is changed only through
  `monkeypatch`, which puts it back: a worker runs many modules one after the other.
- A slow module is made cheaper by sharing its expensive fixture (module scope, or `shared_build`), not by
  testing less; `pytest --durations=25` lists the slowest.
- A build a test asks of the command line in its own process (CliRunner, build_games) runs its units in that
  process: the `--jobs` default is one core there (`_units_in_the_test_process` below), as `shared_build`
  asks `--jobs 1`. Worker processes would each render a game's units with cold caches and copy the test
  process's pages as they touch them; the workers are xdist's. A test about the worker processes says
  `--jobs N`, or `pytest.mark.cores` to see the true default (the cores).
- A test that runs `pnp` in a process of its own to bound its memory and time (prlimit and a timeout) asks
  `tests/pnp_process.py`, which forks each command from one imported command line per worker: the same limit,
  exit code and output, without an interpreter's start and the generator's imports (about 1 s of CPU) per call.
  A test about the process itself (signals, kills, the interrupted import) starts a true one.
- The modules that read an expensive shared build are in one group with it (`game-puxes`: the PuXes outputs,
  its mats, the seams of tiled pieces and the preflight of its build; `game-praxis`: Praxis' print, its editions and its preflight), so no
  worker waits on the lock while another builds. A slow test that is many independent cases is split into
  groups of its own (the mutated content, per part of the content files), and the longest groups are named in
  LONGEST_FIRST below, so that they start first and the short modules fill the end of the run on both workers.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import traceback
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner
from filelock import FileLock, Timeout

import generator.cli as cli_module
from generator.cli import cli

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"


# The xdist groups that take longest (CPU seconds of one run of their tests, benchmarks/RESULTS.md, "The test
# suite"), longest first. They are handed out first, the many short modules after them fill the end of the run
# on both workers (longest processing time first): without this a group of two tests but minutes of work, queued
# late, would run alone at the end while the other worker waits.
LONGEST_FIRST = (
    "game-puxes",                   # its build with --shop, its mats and their seams read back, outputs, preflight
    "game-praxis",                  # the same for Praxis: its print, its editions, its preflight
    # mutated-puxes-1 makes the default PuXes build both PuXes parts validate against (about 47 s of its 90 s,
    # none in a run after one that made it: the builds are kept), mutated-puxes-2 (24 s) after it, so that it
    # seldom waits on that build's lock; a Praxis validate is 12 s
    "mutated-puxes-1", "mutated-praxis", "mutated-puxes-2",
    "tests/foundation/test_mutated_content.py",                 # the loading of 100 mutations
    "tests/print/test_dice_assembly.py", "tests/print/test_lutinades_orientation.py",
    "mutated-3d-run",
    # the long tail's longest modules (RESULTS.md, "sixth pass"): each alone a worker's minute of the end
    "tests/foundation/test_incremental_build.py",               # --jobs 1 against 2, the kills: about 50 s
    "tests/engine/test_praxis.py",                              # the moves' values replayed: about 40 s
    "tests/engine/test_playtest_agents.py", "tests/engine/test_armada_moves.py",     # about 20 s each
)


def pytest_configure(config) -> None:
    # xdist would otherwise hand out the groups by their number of tests, not in the order collected (below).
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


def _group(item) -> str:
    """The item's xdist group, named as xdist names it (its group marks joined)."""
    return "_".join(sorted({str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                            for mark in item.iter_markers("xdist_group")}))


@pytest.hookimpl(hookwrapper=True)      # around every plugin's: xdist reads the groups (--dist loadgroup)
def pytest_collection_modifyitems(items):
    """Each test without an xdist_group of its own is in its module's: a module runs on one worker. Once every
    plugin has ordered the tests, the groups of LONGEST_FIRST come first, in that order; the rest keep theirs."""
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    yield
    rank = {group: i for i, group in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(_group(item), len(rank)))      # a stable sort


_CORES = cli_module._cores


@pytest.fixture(scope="session", autouse=True)
def _units_in_the_test_process():
    """`pnp build`'s `--jobs` defaults to one core in the test process, module and session fixtures included
    (the docstring above). Processes of their own (pnp_process, subprocess) keep the true default."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli_module, "_cores", lambda: 1)
        yield


@pytest.fixture(autouse=True)
def _true_cores(request, monkeypatch) -> None:
    """A test marked `cores` sees the machine's cores as the default of `--jobs`."""
    if request.node.get_closest_marker("cores") is not None:
        monkeypatch.setattr(cli_module, "_cores", _CORES)


@pytest.fixture(scope="session")
def content_dir() -> Path:
    return CONTENT


@pytest.fixture(scope="session")
def shared_folder(tmp_path_factory) -> Callable[[str, Callable[[Path], None]], Path]:
    """`shared_folder(name, make)`: a folder of the run's temporary root that `make(folder)` fills once for
    the whole run, whichever xdist worker asks first (the others wait on its lock, then read it)."""
    base = tmp_path_factory.getbasetemp()
    # Under xdist each worker's basetemp is <run>/popen-gwN: their parent is the run's, common to all.
    root = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "shared"
    root.mkdir(exist_ok=True)

    def shared(name: str, make: Callable[[Path], None]) -> Path:
        folder = root / name
        with FileLock(f"{folder}.lock"):
            done = folder / ".made"
            if not done.exists():
                shutil.rmtree(folder, ignore_errors=True)       # what a failed make left is made again
                folder.mkdir()
                make(folder)
                done.touch()
        return folder
    return shared


@dataclass(frozen=True)
class Build:
    out: Path           # the output folder (one subfolder per game)
    exit_code: int
    output: str         # what the command printed (stdout and stderr)


# Where the shared builds of the repository's own files are kept from one run to the next (PNP_TEST_BUILDS=off:
# made in every run's temporary folder instead), each under the hash of all it is made from (_build_inputs).
KEPT_BUILDS = os.environ.get("PNP_TEST_BUILDS", str(ROOT / ".venv" / "test-builds"))
KEPT_PER_BUILD = 2      # the newest folders kept of each build (its arguments), made from other inputs
# The variables of the environment a build may read (locale, configuration folders, pnp's own).
READ_FROM_ENVIRONMENT = ("HOME", "LANG", "LANGUAGE", "TZ", "SOURCE_DATE_EPOCH", "PYTHONHASHSEED")
READ_FROM_ENVIRONMENT_PREFIXES = ("LC_", "XDG_", "PNP_")


def _build_inputs(argv: list[str], content: Path, env: dict[str, str]) -> str:
    """One hash of everything a shared build's bytes, exit code and output are made from: the generator's code,
    templates, Python and drawing libraries (cache.code_version, as the build cache keys its units), every
    distribution installed, this file (how the build is asked), the arguments, the environment, and every file of
    the content the build reads (its path, bytes and file signature: a touched file makes the build again, as the
    build's own cache would read it again): of the games it names, or all."""
    from generator import cache
    h = hashlib.sha256(cache.code_version().encode())
    h.update(Path(__file__).read_bytes())
    for entry in sys.path:      # the folders of tests pytest puts on sys.path (which depend on the files run) hold none
        installed = sorted(n for n in (os.listdir(entry or ".") if os.path.isdir(entry or ".") else ())
                           if n.endswith((".dist-info", ".egg-info", ".pth")))
        if installed:
            h.update(repr((entry, installed)).encode())
    environment = {k: v for k, v in os.environ.items() if k != "PNP_TEST_BUILDS"
                   and (k in READ_FROM_ENVIRONMENT or k.startswith(READ_FROM_ENVIRONMENT_PREFIXES))}
    h.update(json.dumps([argv, sorted(environment.items()), sorted(env.items())]).encode())
    # A build of named games reads their folders only (nothing outside the game's folder: the charter), and the
    # files beside them; a build of every game the whole folder.
    named = [Path(content) / arg for arg in argv[1:]
             if not arg.startswith("-") and Path(arg).name == arg and (Path(content) / arg).is_dir()]
    files = [p for p in Path(content).iterdir() if p.is_file()] + \
        [p for folder in named or [Path(content)] for p in folder.rglob("*") if p.is_file()]
    for path in sorted(set(files)):
        h.update(f"{path.relative_to(content)}\0{cache.signature(path)}\0{cache.file_digest(path)}\0".encode())
    return h.hexdigest()


def _env_inputs(env: dict[str, str]) -> dict[str, str]:
    """The environment given to a build as what it is made from: a variable naming a folder (XDG_CONFIG_HOME and
    its printer profiles) by the names and bytes of its files, wherever the folder is (a run's temporary one)."""
    def inputs(value: str) -> str:
        folder = Path(value)
        if not folder.is_dir():
            return value
        h = hashlib.sha256()
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            h.update(f"{path.relative_to(folder)}\0".encode() + path.read_bytes() + b"\0")
        return f"a folder of files {h.hexdigest()}"
    return {name: inputs(value) for name, value in env.items()}


def _written(folder: Path) -> dict[str, list[int]]:
    """Size and modification time of every file under `folder`: a kept build a test wrote into is made again."""
    return {str(p.relative_to(folder)): [p.stat().st_size, p.stat().st_mtime_ns]
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _kept_folder(root: Path, name: str, inputs: str, make: Callable[[Path], None]) -> Path:
    """The folder of `root` `make(folder)` filled for these very inputs, in this run or an earlier one, made
    once whichever worker or run asks first (the others wait on its lock). Of the folders of the same `name` made
    from other inputs, the KEPT_PER_BUILD newest are kept (another checkout's run may read them)."""
    root.mkdir(parents=True, exist_ok=True)
    folder = root / f"{name}-{inputs[:20]}"
    with FileLock(f"{folder}.lock"):
        done, written = folder / ".made", folder / "written.json"
        if not (done.exists() and json.loads(written.read_text(encoding="utf-8")) == _written(folder / "out")):
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            written.write_text(json.dumps(_written(folder / "out")), encoding="utf-8")
            done.touch()
        else:
            os.utime(done)      # used: the newest are kept
    def used(made: Path) -> float:
        try:
            return made.stat().st_mtime
        except OSError:         # removed by another worker meanwhile
            return 0.0
    others = sorted((other for other in root.glob(f"{name}-*/.made") if other.parent != folder),
                    key=used, reverse=True)
    for made in others[KEPT_PER_BUILD - 1:]:
        lock = FileLock(f"{made.parent}.lock")
        try:
            lock.acquire(timeout=0)
        except Timeout:
            continue            # in use by another run
        try:
            shutil.rmtree(made.parent, ignore_errors=True)
        finally:
            lock.release()
        Path(lock.lock_file).unlink(missing_ok=True)
    return folder


@pytest.fixture(scope="session")
def shared_build(shared_folder, tmp_path_factory) -> Callable[..., Build]:
    """`shared_build(*args, content=CONTENT, env=None)`: `pnp build <args> --content <content> --out <out>`,
    run once for the whole run per arguments (every worker gets the same folder). Read-only. `--jobs 1`
    unless the arguments say otherwise: the workers are the parallelism.

    A build of files of the repository (content/, the fixtures of tests/, no content in the run's temporary
    folder; a folder named by the environment stands for its files) is kept from one run to the next under the hash of all it is made from (_build_inputs), the same build of the
    same inputs, which give the same bytes (tests/foundation/test_incremental_build.py): a run after an edit of
    the generator, its templates, a library or the content makes it again."""
    run_root = tmp_path_factory.getbasetemp().parent

    def build(*args: str, content: Path = CONTENT, env: dict[str, str] | None = None) -> Build:
        argv = ["build", *args, "--content", str(content)]
        if "--jobs" not in args:
            argv += ["--jobs", "1"]
        key = json.dumps([argv, sorted((env or {}).items())])
        name = "build-" + hashlib.sha256(key.encode()).hexdigest()[:16]

        def make(folder: Path) -> None:
            result = CliRunner().invoke(cli, [*argv, "--out", str(folder / "out")], env=env)
            output = result.output
            if result.exception is not None and not isinstance(result.exception, SystemExit):   # a bug: where
                output += "".join(traceback.format_exception(*result.exc_info))
            (folder / "result.json").write_text(json.dumps({"exit_code": result.exit_code, "output": output}),
                                                encoding="utf-8")
        inputs_env = _env_inputs(env or {})
        kept_key = json.dumps([argv, sorted(inputs_env.items())])
        if KEPT_BUILDS != "off" and not any(str(run_root) in part for part in [kept_key, str(Path(content).resolve())]):
            folder = _kept_folder(Path(KEPT_BUILDS), "build-" + hashlib.sha256(kept_key.encode()).hexdigest()[:16],
                                  _build_inputs(argv, Path(content), inputs_env), make)
        else:
            folder = shared_folder(name, make)
        result = json.loads((folder / "result.json").read_text(encoding="utf-8"))
        return Build(folder / "out", result["exit_code"], result["output"])
    return build


@pytest.fixture(scope="session")
def game_build(shared_build) -> Callable[[str], Build]:
    """`game_build(game_id)`: the one build of a game of content/ that every test reading that game's outputs
    shares, its `out` the game's folder: `pnp build <game_id> --shop`, so its print-shop files are among them."""
    def build(game_id: str) -> Build:
        built = shared_build(game_id, "--shop")
        assert built.exit_code == 0, built.output
        return replace(built, out=built.out / game_id)
    return build


@pytest.fixture(scope="session")
def tactix_build(game_build) -> Path:
    """output/tactix of a fresh `pnp build tactix` (with --shop)."""
    return game_build("tactix").out


@pytest.fixture
def game_copy(tmp_path):
    """Copy a game's content folder to a temporary content dir, to break it on purpose."""
    def make(game_id: str) -> Path:
        dest = tmp_path / "content"
        shutil.copytree(CONTENT / game_id, dest / game_id)
        return dest
    return make
