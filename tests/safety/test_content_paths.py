"""Every file a content file names stays inside the game's folder; a game id is a plain name.

Before, `table:`, a sheet's `source:`, `rules:` and `components:` took absolute and `../` paths, a
symlink in assets/ was followed anywhere, and /dev/zero or a pipe hung the build. Each case below is
refused with exit 2 at the file and line, and the outside file never reaches an output.
"""

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli

FIXTURES = Path(__file__).resolve().parent.parent
HARBOUR = FIXTURES / "language" / "fixtures" / "harbour"
MUSHROOM = FIXTURES / "components" / "fixtures" / "demo" / "assets" / "mushroom.svg"
SECRET = "TOPSECRET-4242"


@pytest.fixture
def harbour(tmp_path):
    """tmp/content/harbour, a secret beside the content folder holding text, CSV and an SVG."""
    content = tmp_path / "content"
    shutil.copytree(HARBOUR, content / "harbour")
    (tmp_path / "secret.csv").write_text(f"name,speed,count\n{SECRET},1,1\n", encoding="utf-8")
    (tmp_path / "secret.md").write_text(f"# {SECRET}\n", encoding="utf-8")
    (tmp_path / "secret.yaml").write_text(f"kind: sheet\nid: leak\nname: {SECRET}\nsource: ../secret.md\n",
                                          encoding="utf-8")
    svg = MUSHROOM.read_text(encoding="utf-8").replace("</svg>", f"<text>{SECRET}</text></svg>")
    (tmp_path / "secret.svg").write_text(svg, encoding="utf-8")
    return tmp_path, content / "harbour"


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def _refused(tmp: Path, file: Path, line: int, words: str) -> None:
    content = file.parent.parent
    for command in (["validate", "harbour", "--content", str(content)],
                    ["build", "harbour", "--content", str(content), "--out", str(tmp / "out")]):
        result = CliRunner().invoke(cli, command)
        assert result.exit_code == 2, result.output
        assert f"{file.name}:{line}:" in result.output, result.output
        assert words in result.output, result.output
        assert SECRET not in result.output and "Traceback" not in result.output
    for path in (tmp / "out").rglob("*") if (tmp / "out").exists() else ():
        assert not path.is_file() or SECRET.encode() not in path.read_bytes()


@pytest.mark.parametrize("name, words", [
    ("../../secret.csv", "'..' would leave"),
    ("{tmp}/secret.csv", "relative to the game's folder"),
    ("/dev/zero", "relative to the game's folder"),
])
def test_a_table_outside_the_game_is_refused(harbour, name, words):
    tmp, game = harbour
    _replace(game / "boats.yaml", "table: boats.csv", f"table: {name.format(tmp=tmp)}")
    _refused(tmp, game / "boats.yaml", 1, words)


@pytest.mark.parametrize("target, words", [
    ("{tmp}/secret.csv", "leads outside the game's folder"),
    ("/dev/zero", "leads outside the game's folder"),
])
def test_a_table_that_is_a_symlink_out_of_the_game_is_refused(harbour, target, words):
    tmp, game = harbour
    (game / "boats.csv").unlink()
    (game / "boats.csv").symlink_to(target.format(tmp=tmp))
    _refused(tmp, game / "boats.yaml", 1, words)


def test_a_table_that_is_a_pipe_or_a_folder_is_refused_not_waited_on(harbour):
    tmp, game = harbour
    (game / "boats.csv").unlink()
    os.mkfifo(game / "boats.csv")
    _refused(tmp, game / "boats.yaml", 1, "is a device or a pipe")
    (game / "boats.csv").unlink()
    (game / "boats.csv").mkdir()
    _refused(tmp, game / "boats.yaml", 1, "is a folder")


def test_a_sheet_source_outside_the_game_is_refused(harbour):
    tmp, game = harbour
    _replace(game / "summary.yaml", "source: summary.en.md", "source: ../../secret.md")
    _refused(tmp, game / "summary.yaml", 1, "'..' would leave")
    (game / "summary.en.md").unlink()
    (game / "summary.en.md").symlink_to(tmp / "secret.md")
    _replace(game / "summary.yaml", "source: ../../secret.md", "source: summary.en.md")
    _refused(tmp, game / "summary.yaml", 1, "leads outside")


@pytest.mark.parametrize("old, new, words", [
    ("  - summary.yaml", "  - ../../secret.yaml", "'..' would leave"),
    ("  - summary.yaml", "  - {tmp}/secret.yaml", "relative to the game's folder"),
    ("version:", "rules: ../../secret.md\nversion:", "'..' would leave"),
    ("version:", "rules: /dev/zero\nversion:", "relative to the game's folder"),
])
def test_game_yaml_names_files_inside_the_game_only(harbour, old, new, words):
    tmp, game = harbour
    _replace(game / "game.yaml", old, new.format(tmp=tmp))
    needle = new.format(tmp=tmp).splitlines()[0].strip()
    _refused(tmp, game / "game.yaml", _line_of(game / "game.yaml", needle), words)


def test_a_symlink_in_assets_that_leads_out_is_refused(harbour):
    tmp, game = harbour
    (game / "assets").mkdir()
    (game / "assets" / "boat.svg").symlink_to(tmp / "secret.svg")
    _replace(game / "boats.yaml", "  - background: {colour: \"#E3F2FD\"}",
             "  - background: {colour: \"#E3F2FD\"}\n  - image: {file: boat.svg, x: 5, y: 5, w: 20, h: 20}")
    result = CliRunner().invoke(cli, ["build", "harbour", "--content", str(game.parent), "--out", str(tmp / "out")])
    assert result.exit_code == 2, result.output
    assert f"boats.yaml:{_line_of(game / 'boats.yaml', 'boat.svg')}:" in result.output
    assert "leads outside" in result.output and SECRET not in result.output
    # the same file copied inside the game is drawn: the refusal is about where it lies
    (game / "assets" / "boat.svg").unlink()
    shutil.copy(MUSHROOM, game / "assets" / "boat.svg")
    result = CliRunner().invoke(cli, ["build", "harbour", "--content", str(game.parent), "--out", str(tmp / "out")])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("name", ["../harbour", "..", ".hidden", "a/b", "/tmp/x", ""])
def test_a_game_id_on_the_command_line_is_a_plain_name(harbour, name):
    tmp, game = harbour
    out = tmp / "deep" / "out"
    result = CliRunner().invoke(cli, ["build", name, "--content", str(game.parent), "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert "plain name" in result.output or "no game" in result.output
    assert not (tmp / "deep" / "harbour").exists() and not (tmp / "harbour").exists()


def test_a_diagrams_file_that_links_out_of_the_game_is_refused(harbour):
    tmp, game = harbour
    (tmp / "diagrams.yaml").write_text(f"- id: {SECRET}\n  on: sea\n", encoding="utf-8")
    (game / "diagrams.yaml").symlink_to(tmp / "diagrams.yaml")
    result = CliRunner().invoke(cli, ["validate", "harbour", "--content", str(game.parent)])
    assert result.exit_code == 2, result.output
    assert "diagrams.yaml" in result.output and "leads outside" in result.output and SECRET not in result.output
