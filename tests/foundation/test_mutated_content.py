"""Property-based tests (hypothesis) of the loader and of `pnp validate`, fed from mutations of the real content
files (content/*/*.yaml): a flipped byte, a deleted or duplicated line, a number replaced by an extreme value.
Whatever the mutation, loading either succeeds or is a ContentError naming the file and line, and `pnp validate`
either succeeds or exits 2 with `file:line:` (1 with `file:line:` for a diagram claim the mutation made false),
never another code or a traceback. Examples are derandomized, so a run is the same everywhere."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cli import cli
from generator.content.errors import ContentError
from generator.content.loader import load_game

ROOT = Path(__file__).resolve().parents[2]
CONTENT_FILES = sorted((ROOT / "content").glob("*/*.yaml"))
EXTREMES = (".nan", ".inf", "-.inf", "-1", "-0.0", "0", "1e400", "-1e308", "1e-320", "99999999999999999999",
            "9" * 5000, "100000000")
NUMBER = re.compile(rb"(?<![\w.#-])-?\d+(?:\.\d+)?(?![\w.])")
LOCATED = re.compile(r"^(pnp: )?\S+:\d+: ", re.MULTILINE)   # a false claim is printed without "pnp: "
SETTINGS = dict(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def mutations(draw) -> tuple[Path, str, bytes]:
    """(the real file, what was done, its mutated bytes)."""
    path = draw(st.sampled_from(CONTENT_FILES))
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
    shutil.copytree(path.parent, content / game)
    (content / game / path.name).write_bytes(data)
    return content, game


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


@settings(max_examples=40, **SETTINGS)   # about 1 s each: validate checks every diagram
@given(mutations())
def test_validate_on_mutated_content_exits_0_or_2_with_file_and_line_never_a_traceback(mutation):
    path, kind, data = mutation
    with tempfile.TemporaryDirectory() as tmp:
        content, game = _mutated_copy(tmp, path, data)
        result = CliRunner().invoke(cli, ["validate", game, "--content", str(content)])
    where = f"{kind} of {path.parent.name}/{path.name}"
    assert "Traceback" not in result.output, where
    assert result.exit_code in (0, 1, 2), f"{where}: exit {result.exit_code}: {result.output}"
    if result.exit_code != 0:
        assert LOCATED.search(result.stderr), f"{where}: {result.stderr}"
    if result.exit_code == 1:
        assert "diagram" in result.stderr and path.name == "diagrams.yaml", f"{where}: {result.stderr}"
