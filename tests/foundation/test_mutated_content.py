"""Property-based tests (hypothesis) of the loader and of `pnp validate`, fed from mutations of the real content
files (content/*/*.yaml): a flipped byte, a deleted or duplicated line, a number replaced by an extreme value.
Whatever the mutation, loading either succeeds or is a ContentError naming the file and line, and `pnp validate`
either succeeds or exits 2 with `file:line:` (1 with `file:line:` for a diagram claim the mutation made false),
never another code or a traceback. Examples are derandomized, so a run is the same everywhere."""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from generator.cli import cli
from generator.content.errors import ContentError
from generator.content.loader import load_game
from generator.content.yamlfile import parse_yaml, read_yaml, utf8_text

ROOT = Path(__file__).resolve().parents[2]
CONTENT_FILES = sorted((ROOT / "content").glob("*/*.yaml"))
EXTREMES = (".nan", ".inf", "-.inf", "-1", "-0.0", "0", "1e400", "-1e308", "1e-320", "99999999999999999999",
            "9" * 5000, "100000000")
NUMBER = re.compile(rb"(?<![\w.#-])-?\d+(?:\.\d+)?(?![\w.])")
LOCATED = re.compile(r"^(pnp: )?\S+:\d+: ", re.MULTILINE)   # a false claim is printed without "pnp: "
SETTINGS = dict(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# `pnp validate` checks and renders the whole game whatever file was mutated (a PuXes validate takes about 50 s of
# CPU, a Tactix one 3 s): its examples are drawn per part of the content files, each part a test of its own
# xdist group, so the two workers share them. A part is a game's files, at most PART_FILES of them; its examples
# are its share of VALIDATE_EXAMPLES, rounded up: every file is drawn as often as from the whole list, or more.
VALIDATE_EXAMPLES, PART_FILES = 40, 7
# The seed derandomize drew them from until this test's code changed (it hashes the code): pinned, so that an edit
# here keeps the examples, and with them the test's cost and what it covers.
VALIDATE_SEED = 0x1dddca39133c9ce6a612391a2f981311d8c9777ad54ea5caebd689aa4797beeed42e70b3d4376ed1d18f7bc016e2b2ea
# The games whose mutated copies are validated with `--out` a build of the real game (made once per run, default
# options, about 47 s of CPU for PuXes): validate then lays out again only the units the mutation may change, and
# takes what the reader found in the others from that build's cache, as a build after the same edit keeps them
# (build._kept_by_build); every check of validate is still made. PuXes: its five mats and four dice are most of a
# validate; its two parts took 138 + 97 s of CPU, 43 + 24 s now (benchmarks/RESULTS.md, "sixth pass").
CACHED_GAMES = {"puxes"}


def _parts() -> dict[str, tuple[Path, ...]]:
    parts = {}
    for game in sorted({path.parent.name for path in CONTENT_FILES}):
        files = [path for path in CONTENT_FILES if path.parent.name == game]
        count = math.ceil(len(files) / PART_FILES)
        for i in range(count):
            parts[game if count == 1 else f"{game}-{i + 1}"] = tuple(files[i::count])
    return parts


PARTS = _parts()


@st.composite
def mutations(draw, files: tuple[Path, ...] = tuple(CONTENT_FILES)) -> tuple[Path, str, bytes]:
    """(the real file, what was done, its mutated bytes), of one of `files`."""
    path = draw(st.sampled_from(files))
    data = path.read_bytes()
    lines = data.splitlines(keepends=True)
    numbers = list(NUMBER.finditer(data))
    kind = draw(st.sampled_from(["flip", "delete", "duplicate", "number"] if numbers else
                                ["flip", "delete", "duplicate"]))
    if kind == "flip":
        i = draw(st.integers(0, len(data) - 1))
        data = data[:i] + bytes([draw(st.integers(0, 255))]) + data[i + 1:]
    elif kind == "delete":
        i = draw(st.integers(0, len(lines) - 1))
        data = b"".join(lines[:i] + lines[i + 1:])
    elif kind == "duplicate":
        i = draw(st.integers(0, len(lines) - 1))
        data = b"".join(lines[:i + 1] + lines[i:])
    else:
        m = draw(st.sampled_from(numbers))
        data = data[:m.start()] + draw(st.sampled_from(EXTREMES)).encode() + data[m.end():]
    return path, kind, data


def _mutated_copy(tmp: str, path: Path, data: bytes) -> tuple[Path, str]:
    game = path.parent.name
    content = Path(tmp) / "content"
    shutil.copytree(path.parent, content / game, ignore=shutil.ignore_patterns("assets"))
    if (path.parent / "assets").is_dir():
        # the same files (hard links, where the folders share a file system): the same assets, whose signature
        # (names, sizes, times, inodes) is part of a unit's model in the build cache; the test writes none of them
        shutil.copytree(path.parent / "assets", content / game / "assets", copy_function=_linked)
    (content / game / path.name).write_bytes(data)
    return content, game


def _linked(source: str, target: str) -> None:
    try:
        os.link(source, target)
    except OSError:         # another file system: a copy (validate then lays out every unit, as without --out)
        shutil.copy2(source, target)


@settings(max_examples=100, **SETTINGS)
@given(mutations())
def test_loading_mutated_content_succeeds_or_names_the_file_and_line(mutation):
    path, kind, data = mutation
    with tempfile.TemporaryDirectory() as tmp:
        content, game = _mutated_copy(tmp, path, data)
        try:
            load_game(content, game)
        except ContentError as err:
            assert err.path is not None and err.line, f"{kind} of {path.name}: {err.format()}"


@pytest.mark.parametrize("part", [pytest.param(part, marks=pytest.mark.xdist_group(f"mutated-{part}"))
                                  for part in PARTS])
def test_validate_on_mutated_content_exits_0_or_2_with_file_and_line_never_a_traceback(part, shared_build):
    files = PARTS[part]
    examples = math.ceil(VALIDATE_EXAMPLES * len(files) / len(CONTENT_FILES))
    game, out = files[0].parent.name, None
    if game in CACHED_GAMES:
        built = shared_build(game)
        assert built.exit_code == 0, built.output
        out = built.out

    def check(mutation):
        _validate_mutated(mutation, out)
    seed(VALIDATE_SEED)(settings(max_examples=examples, **SETTINGS)(given(mutations(files))(check)))()


def _same_data(path: Path, data: bytes) -> bool:
    """Whether the mutated bytes read as the very data of the real file, types and order included (a comment,
    a blank line or a byte flipped to itself): the game is then the real one."""
    try:
        mutated = parse_yaml(utf8_text(data, path), path)
    except ContentError:
        return False
    return json.dumps(mutated, default=repr) == json.dumps(read_yaml(path), default=repr)


def _validate_mutated(mutation, out: Path | None = None) -> None:
    path, kind, data = mutation
    with tempfile.TemporaryDirectory() as tmp:
        content, game = _mutated_copy(tmp, path, data)
        if _same_data(path, data):
            # The real game again, whose every check (validate's) each build of it makes, `game_build` in the
            # preflight's tests (about 40 s for PuXes): what is left to see is that it loads.
            load_game(content, game)
            return
        result = CliRunner().invoke(cli, ["validate", game, "--content", str(content),
                                          *(["--out", str(out)] if out else [])])
    where = f"{kind} of {path.parent.name}/{path.name}"
    assert "Traceback" not in result.output, where
    assert result.exit_code in (0, 1, 2), f"{where}: exit {result.exit_code}: {result.output}"
    if result.exit_code != 0:
        assert LOCATED.search(result.stderr), f"{where}: {result.stderr}"
    if result.exit_code == 1:
        assert "diagram" in result.stderr and path.name == "diagrams.yaml", f"{where}: {result.stderr}"


def test_only_a_mutation_that_leaves_the_data_as_it_was_is_taken_for_the_real_game():
    path = ROOT / "content" / "tectonic" / "pions-plies.yaml"
    data = path.read_bytes()
    assert _same_data(path, data.replace(b"# The 18 pieces", b"# The 81 pieces"))      # a comment
    assert _same_data(path, data.replace(b"\n\n", b"\n\n\n", 1) if b"\n\n" in data else data + b"\n")
    assert not _same_data(path, data.replace(b"safe_mm: 1.5", b"safe_mm: 1.6"))
    assert not _same_data(path, data.replace(b"safe_mm: 1.5", b"safe_mm: 1"))
    assert not _same_data(path, data.replace(b"safe_mm: 1.5", b'safe_mm: "1.5"'))        # a type
    assert not _same_data(path, b"\xff" + data)
