"""A name from content is a plain name before it is a file name, and no write leaves its folder.

Before, a component id, a mat size's id, a diagram id, a die id, a variant id (with --variant) or a table row's
id (under `pnp export`) written '../../escaped' made the build write PDFs, SVGs and PNGs at that path, outside
--out, with exit 0. Each is now refused at its file and line (exit 2) and nothing is written outside --out;
behind that first wall, outfolder.write_file refuses any path that leaves its folder.
"""

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.content.errors import ContentError
from generator.outfolder import replace_folder, write_file

HARBOUR = Path(__file__).resolve().parent.parent / "language" / "fixtures" / "harbour"
BAD = "../../escaped"

MAT = """kind: mat
id: chart
name: Chart
width_mm: 200
height_mm: 100
sizes:
  - {id: small, name: Small chart, width_mm: 100, height_mm: 50}
"""


@pytest.fixture
def harbour(tmp_path):
    """tmp/content/harbour (with a mat and an illustration), --out two folders deep: '../../x' from a game's
    output folder lands in tmp/deep, where nothing may appear."""
    game = tmp_path / "content" / "harbour"
    shutil.copytree(HARBOUR, game)
    (game / "mat.yaml").write_text(MAT, encoding="utf-8")
    _replace(game / "game.yaml", "  - summary.yaml\n", "  - summary.yaml\n  - mat.yaml\n")
    (game / "diagrams.yaml").write_text("- id: start\n  caption: The two boats at the start\n  on: sea\n",
                                        encoding="utf-8")
    return tmp_path, game


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def _tree(root: Path) -> set[Path]:
    return {p for p in root.rglob("*")}


def _run_refused(tmp: Path, args: list[str], file: Path, line: int) -> None:
    """`args` exits 2 naming file:line and 'plain name'; nothing appears outside tmp/deep/out."""
    out = tmp / "deep" / "out"
    before = _tree(tmp)
    result = CliRunner().invoke(cli, [*args, "--content", str(tmp / "content"), "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert f"{file.name}:{line}:" in result.output and "plain name" in result.output, result.output
    assert "Traceback" not in result.output
    created = {p for p in _tree(tmp) - before if not p.is_relative_to(out)}
    assert created <= {tmp / "deep"}, created          # --out's parent, made for it, and nothing else
    assert not list(tmp.rglob("escaped*"))


@pytest.mark.parametrize("file, old", [
    ("boats.yaml", "id: boats"),          # a deck
    ("tokens.yaml", "id: tokens"),        # counters
    ("board.yaml", "id: sea"),            # a board
    ("dice.yaml", "id: wind"),            # dice
    ("summary.yaml", "id: aid"),          # a sheet
    ("mat.yaml", "id: chart"),            # a mat
])
def test_a_component_id_that_is_a_path_is_refused(harbour, file, old):
    tmp, game = harbour
    _replace(game / file, old, f"id: {BAD}")
    for command in ("build", "validate"):
        args = ["harbour"] if command == "validate" else ["harbour", "--jobs", "1"]
        if command == "validate":
            result = CliRunner().invoke(cli, ["validate", "harbour", "--content", str(tmp / "content")])
            assert result.exit_code == 2 and f"{file}:{_line_of(game / file, BAD)}:" in result.output, result.output
        else:
            _run_refused(tmp, [command, *args], game / file, _line_of(game / file, BAD))


@pytest.mark.parametrize("file, old", [
    ("mat.yaml", "{id: small,"),          # a mat's other size
    ("dice.yaml", "  - id: gust"),        # a die
    ("diagrams.yaml", "- id: start"),     # a diagram (its preview SVG)
    ("game.yaml", "  - id: calm"),        # a variant (its rulebook)
])
def test_an_inner_id_that_is_a_path_is_refused(harbour, file, old):
    tmp, game = harbour
    new = old.replace("small", BAD).replace("gust", BAD).replace("start", BAD).replace("calm", BAD)
    _replace(game / file, old, new)
    _run_refused(tmp, ["build", "harbour", "--jobs", "1"], game / file, _line_of(game / file, BAD))


@pytest.mark.parametrize("table", ["csv", "inline"])
def test_a_row_id_that_is_a_path_is_refused_by_export_and_build(harbour, table):
    tmp, game = harbour
    if table == "csv":
        (game / "boats.csv").write_text(f"id,name,speed,count\nsloop,Sloop,3,4\n{BAD},Schooner,2,3\n",
                                        encoding="utf-8")
        file, line = game / "boats.csv", 3
    else:
        _replace(game / "tokens.yaml", "{name: Salt,", f"{{id: {BAD}, name: Salt,")
        file, line = game / "tokens.yaml", _line_of(game / "tokens.yaml", BAD)
    _run_refused(tmp, ["export", "harbour"], file, line)
    _run_refused(tmp, ["build", "harbour", "--jobs", "1"], file, line)


def test_a_variant_on_the_command_line_that_is_a_path_writes_nothing(harbour):
    tmp, game = harbour
    out = tmp / "deep" / "out"
    before = _tree(tmp)
    result = CliRunner().invoke(cli, ["build", "harbour", "--variant", BAD, "--content", str(tmp / "content"),
                                      "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert not {p for p in _tree(tmp) - before if not p.is_relative_to(out) and p != tmp / "deep"}
    assert not list(tmp.rglob("escaped*"))


def test_a_control_character_in_a_row_id_is_shown_escaped(harbour):
    tmp, game = harbour
    (game / "boats.csv").write_text("id,name,speed,count\na\x00b\x1b[2J,Sloop,3,4\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "harbour", "--content", str(tmp / "content")])
    assert result.exit_code == 2, result.output
    assert "boats.csv:2:" in result.output and "a\\x00b\\x1b[2J" in result.output, result.output
    assert "\x00" not in result.output and "\x1b" not in result.output


# --- the second wall: every write goes through outfolder.write_file ---------------------------------------------

@pytest.mark.parametrize("name", ["../escaped.pdf", "a/../../escaped.pdf", "/tmp/escaped.pdf", "..", "",
                                  "a\\..\\escaped.pdf", "x\x00.pdf"])
def test_write_file_refuses_a_name_that_leaves_its_folder(tmp_path, name):
    root = tmp_path / "out" / "game"
    root.mkdir(parents=True)
    with pytest.raises(ContentError) as err:
        write_file(root, name, b"data")
    assert "outside" in err.value.format() or "hors de" in err.value.format()
    assert _tree(tmp_path) == {tmp_path / "out", root}


def test_write_file_refuses_a_folder_that_links_out(tmp_path):
    root, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    root.mkdir()
    elsewhere.mkdir()
    (root / "sub").symlink_to(elsewhere)
    with pytest.raises(ContentError):
        write_file(root, "sub/escaped.pdf", b"data")
    assert not list(elsewhere.iterdir())


def test_replace_folder_refuses_a_file_or_a_game_that_leaves_the_output(tmp_path):
    out = tmp_path / "deep" / "out"
    out.mkdir(parents=True)
    with pytest.raises(ContentError):
        replace_folder(out, "game", {"ok.pdf": b"1", "../../escaped.pdf": b"2"})
    with pytest.raises(ContentError):
        replace_folder(out, "../escaped", {"ok.pdf": b"1"})
    assert not list(tmp_path.rglob("escaped*"))
    assert not (out / "game").exists() and not [p for p in out.iterdir()]   # no half-written folder left


def test_a_file_written_replaces_a_link_in_its_place_never_writes_through_it(tmp_path):
    root, secret = tmp_path / "out", tmp_path / "secret.txt"
    root.mkdir()
    secret.write_text("keep", encoding="utf-8")
    (root / "index.html").symlink_to(secret)
    write_file(root, "index.html", b"page")
    assert secret.read_text(encoding="utf-8") == "keep"
    assert not (root / "index.html").is_symlink() and (root / "index.html").read_bytes() == b"page"


def test_files_and_folders_written_have_the_ordinary_modes(tmp_path):
    old = os.umask(0o022)
    try:
        write_file(tmp_path, "shared/index.html", b"page")
        replace_folder(tmp_path, "game", {"a.pdf": b"1", "sub/b.svg": b"2"})
    finally:
        os.umask(old)
    modes = {str(p.relative_to(tmp_path)): p.stat().st_mode & 0o777 for p in tmp_path.rglob("*")}
    assert modes == {"shared": 0o755, "shared/index.html": 0o644, "game": 0o755, "game/.pnp-forge": 0o644,
                     "game/a.pdf": 0o644, "game/sub": 0o755, "game/sub/b.svg": 0o644}
    os.umask(0o027)
    try:
        write_file(tmp_path, "private.txt", b"x")
    finally:
        os.umask(old)
    assert (tmp_path / "private.txt").stat().st_mode & 0o777 == 0o640


def test_a_control_character_in_a_game_name_on_the_command_line_is_shown_escaped(harbour):
    tmp, _ = harbour
    result = CliRunner().invoke(cli, ["build", "har\x1b[2Jbour\x07", "--content", str(tmp / "content"),
                                      "--out", str(tmp / "deep" / "out")])
    assert result.exit_code == 2, result.output
    assert "har\\x1b[2Jbour\\x07" in result.output and "\x1b" not in result.output and "\x07" not in result.output
