"""Smaller holes of issue 23: each used to hang, follow a link out of the game, misread a value or lose a line.

A symlinked playtest.yaml was followed (its keys reached the rulebook) and written through; `--position` on a
pipe hung; a printer profile's `true` was taken as 1 mm; a grid file with Windows line ends was refused;
a sheet that is not UTF-8 had no line in its error; a diagrams.yaml that is a folder was no diagrams.
"""

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli

ROOT = Path(__file__).resolve().parents[2]
HARBOUR = ROOT / "tests" / "language" / "fixtures" / "harbour"
SECRET = "TOPSECRET-4242"
NOTES = """games: 2
seed: 1
max_plies: 400
variant: null
players: 2
agents: [random]
first_player: null
seats: []
length: null
capped: 0
draws: 0
secret: {secret}
"""


@pytest.fixture
def harbour(tmp_path):
    shutil.copytree(HARBOUR, tmp_path / "content" / "harbour")
    return tmp_path, tmp_path / "content" / "harbour"


def _build(tmp: Path, *args: str):
    return CliRunner().invoke(cli, ["build", "harbour", "--content", str(tmp / "content"), "--out", str(tmp / "out"),
                                    "--jobs", "1", *args])


def _output_holds(out: Path, text: str) -> bool:
    return any(text.encode() in p.read_bytes() for p in out.rglob("*") if p.is_file()) if out.exists() else False


def _limited():
    """In the child: at most 2 GB of memory, 60 s of processor time (the test's own timeout bounds the wait)."""
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
    resource.setrlimit(resource.RLIMIT_CPU, (60, 60))


# --- item 8: playtest.yaml is confined as every content file ----------------------------------------------------

def test_a_playtest_file_linking_out_of_the_game_is_refused_not_read(harbour):
    tmp, game = harbour
    (tmp / "notes.yaml").write_text(NOTES.format(secret=SECRET), encoding="utf-8")
    (game / "playtest.yaml").symlink_to(tmp / "notes.yaml")
    with (game / "rules.en.md").open("a", encoding="utf-8") as f:
        f.write("\n\nNotes: {{ playtest.secret }}\n")
    result = _build(tmp)
    assert result.exit_code == 2, result.output
    assert "playtest.yaml" in result.output and "leads outside" in result.output, result.output
    assert SECRET not in result.output and not _output_holds(tmp / "out", SECRET)
    # the same file inside the game is read (the refusal is about where it lies)
    (game / "playtest.yaml").unlink()
    shutil.copy(tmp / "notes.yaml", game / "playtest.yaml")
    assert _build(tmp).exit_code == 0


def test_into_notes_replaces_a_linked_playtest_file_never_writes_through_it(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "tactix", content / "tactix")
    outside = tmp_path / "outside.yaml"
    outside.write_text("kept: true\n", encoding="utf-8")
    (content / "tactix" / "playtest.yaml").unlink()
    (content / "tactix" / "playtest.yaml").symlink_to(outside)
    result = CliRunner().invoke(cli, ["playtest", "tactix", "--games", "2", "--jobs", "1", "--into-notes",
                                      "--content", str(content)])
    assert result.exit_code == 0, result.output
    assert outside.read_text(encoding="utf-8") == "kept: true\n"
    notes = content / "tactix" / "playtest.yaml"
    assert not notes.is_symlink() and "games: 2" in notes.read_text(encoding="utf-8")


# --- item 11 -----------------------------------------------------------------------------------------------------

def test_a_position_file_that_is_a_pipe_is_refused_not_waited_on(tmp_path):
    fifo = tmp_path / "position.yaml"
    os.mkfifo(fifo)
    proc = subprocess.run([sys.executable, "-m", "generator.cli", "engine", "tactix", "moves", "--position", str(fifo)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, preexec_fn=_limited)
    assert proc.returncode == 2, proc.stderr
    assert "position.yaml" in proc.stderr and "pipe" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize("value", ["true", "false", "'1.5'", "[1]"])
def test_a_printer_profile_value_that_is_not_a_number_is_refused(harbour, value):
    tmp, game = harbour
    (tmp / "printers").mkdir()
    (tmp / "printers" / "wonky.yaml").write_text(f"offset_x_mm: {value}\noffset_y_mm: 0\nangle_deg: 0\n",
                                                 encoding="utf-8")
    result = _build(tmp, "--printer", "wonky")
    assert result.exit_code == 2, result.output
    assert "wonky.yaml" in result.output and "offset_x_mm must be a number" in result.output, result.output
    assert not (tmp / "out").exists()


MAP = """kind: map
id: chart
name: Chart
cell_mm: 10
legend:
  ".": {name: Water}
  "#": {name: Rock, fill: "#6D6256", pattern: crosshatch}
grid_file: chart.txt
"""


@pytest.mark.parametrize("end", ["\r\n", "\r"])
def test_a_grid_file_with_windows_line_ends_is_read_as_its_rows(harbour, end):
    tmp, game = harbour
    (game / "chart.yaml").write_text(MAP, encoding="utf-8")
    (game / "chart.txt").write_bytes(end.join(["..#.", ".##.", "...."]).encode() + end.encode())
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("  - summary.yaml\n", "  - summary.yaml\n  - chart.yaml\n"),
                                    encoding="utf-8")
    from generator.content import load_game
    chart = load_game(tmp / "content", "harbour").component("chart")
    assert chart.engine_data() == ("..#.", ".##.", "....")
    result = CliRunner().invoke(cli, ["validate", "harbour", "--content", str(tmp / "content")])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("file", ["summary.en.md", "rules.en.md"])
def test_a_text_that_is_not_utf8_is_refused_at_the_line_of_its_first_bad_byte(harbour, file):
    tmp, game = harbour
    text = (game / file).read_bytes()
    lines = text.count(b"\n")
    (game / file).write_bytes(text + b"fine line\ncaf\xe9 au lait\n")
    result = _build(tmp)
    assert result.exit_code == 2, result.output
    assert f"{file}:{lines + 2}: not UTF-8" in result.output, result.output


def test_a_diagrams_file_that_is_a_folder_is_refused(harbour):
    tmp, game = harbour
    (game / "diagrams.yaml").mkdir()
    for command in (["validate", "harbour", "--content", str(tmp / "content")],
                    ["build", "harbour", "--content", str(tmp / "content"), "--out", str(tmp / "out")]):
        result = CliRunner().invoke(cli, command)
        assert result.exit_code == 2, result.output
        assert "diagrams.yaml" in result.output and "is a folder" in result.output, result.output
