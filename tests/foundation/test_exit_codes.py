"""Exit codes of `pnp`: 70 and one line for an internal error (the traceback only with --debug), 130 for Ctrl-C
(also in the worker processes of --jobs), 2 with file:line for bad input."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import generator.cli as cli_module
from generator.cli import EXIT_BAD_INPUT, EXIT_INTERNAL_ERROR, EXIT_INTERRUPTED, cli
from generator.draw.pdf import PdfCanvas
from generator.i18n import catalogue

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def new_games(tmp_path):
    """A content folder with fresh `pnp new` games (French, the default), built into tmp_path/out."""
    def make(*game_ids: str) -> Path:
        content = tmp_path / "content"
        for game_id in game_ids:
            assert CliRunner().invoke(cli, ["new", game_id, "--content", str(content), "--language", "fr"]).exit_code == 0
        return content
    return make


def _raise(error: BaseException):
    def fail(*args, **kwargs):
        raise error
    return fail


def _build(content: Path, out: Path, *args: str, games=("demo",), debug=False):
    return CliRunner().invoke(cli, (["--debug"] if debug else []) + ["build", *games, "--content", str(content),
                                                                      "--out", str(out), *args])


def test_internal_error_is_exit_70_with_one_line_naming_the_output(new_games, tmp_path, monkeypatch):
    content = new_games("demo")
    monkeypatch.setattr(PdfCanvas, "finish", _raise(RuntimeError("boom\nsecond line")))
    result = _build(content, tmp_path / "out")
    assert result.exit_code == EXIT_INTERNAL_ERROR == 70
    words = catalogue("fr")   # the game's language
    assert result.stderr.splitlines() == [
        "pnp: " + words("errors.internal_at", step=words("errors.step.render", target="demo/plateau"),
                        error="RuntimeError: boom") + " " + words("errors.debug_hint")]
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists(), "a failed build writes nothing"


def test_a_value_error_in_a_renderer_is_a_bug_not_bad_input(new_games, tmp_path, monkeypatch):
    """Only a LayoutError (what the content asks cannot be laid out) names the component's file as bad input;
    any other ValueError from the drawing or print layers is ours: exit 70, not a file:line blaming the designer."""
    content = new_games("demo")
    monkeypatch.setattr(PdfCanvas, "finish", _raise(ValueError("math domain error")))
    result = _build(content, tmp_path / "out")
    assert result.exit_code == EXIT_INTERNAL_ERROR
    assert "ValueError: math domain error" in result.stderr and "board.yaml" not in result.stderr


def test_a_layout_error_names_the_component_file(new_games, tmp_path, monkeypatch):
    from generator.draw.errors import LayoutError
    import generator.kinds.faces as faces
    content = new_games("demo")
    # the board's imposition only: the game's other outputs are rendered too, to tell every error at once
    import generator.print.board_sheet as board_sheet
    monkeypatch.setattr(faces, "tile_face", _raise(LayoutError("a 400 x 400 mm item does not fit")))
    # the new game's board hosts its tokens (sheet_with): it is imposed with them
    monkeypatch.setattr(board_sheet, "board_with_pieces", _raise(LayoutError("a 400 x 400 mm item does not fit")))
    result = _build(content, tmp_path / "out")
    assert result.exit_code == EXIT_BAD_INPUT == 2
    assert re.search(r"board\.yaml:\d+: .*does not fit", result.stderr), result.stderr
    assert not (tmp_path / "out").exists()


def test_debug_shows_the_traceback_then_the_line(new_games, tmp_path, monkeypatch):
    content = new_games("demo")
    monkeypatch.setattr(PdfCanvas, "finish", _raise(RuntimeError("boom")))
    result = _build(content, tmp_path / "out", debug=True)
    assert result.exit_code == EXIT_INTERNAL_ERROR
    lines = result.stderr.splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert "RuntimeError: boom" in lines[-2] and "in fail" in result.stderr
    assert lines[-1].startswith("pnp: ") and "demo/plateau" in lines[-1] and "--debug" not in lines[-1]


def test_internal_error_is_one_line_even_when_the_catalogues_are_unreadable(new_games, tmp_path, monkeypatch):
    """A broken installation (templates/ missing) cannot word its error from the catalogues: plain English then."""
    content = new_games("demo")
    monkeypatch.setattr(PdfCanvas, "finish", _raise(RuntimeError("boom")))
    monkeypatch.setattr(cli_module, "catalogue", _raise(FileNotFoundError("templates/ is missing")))
    result = _build(content, tmp_path / "out")
    assert result.exit_code == EXIT_INTERNAL_ERROR
    assert result.stderr.splitlines() == ["pnp: internal error: RuntimeError: boom (run with --debug for the traceback)"]
    result = _build(content, tmp_path / "out", debug=True)
    assert result.stderr.splitlines()[-1] == "pnp: internal error: RuntimeError: boom"


def test_internal_error_in_a_worker_process_names_its_game(new_games, tmp_path, monkeypatch):
    content = new_games("demo", "autre")
    monkeypatch.setattr(PdfCanvas, "finish", _raise(ZeroDivisionError("division by zero")))  # forked workers inherit it
    result = _build(content, tmp_path / "out", "--jobs", "2", games=("demo", "autre"))
    assert result.exit_code == EXIT_INTERNAL_ERROR
    [line] = result.stderr.splitlines()
    assert "demo/plateau" in line and "ZeroDivisionError: division by zero" in line


def test_keyboard_interrupt_inside_the_build_is_exit_130(new_games, tmp_path, monkeypatch):
    content = new_games("demo")
    monkeypatch.setattr(PdfCanvas, "finish", _raise(KeyboardInterrupt()))
    result = _build(content, tmp_path / "out")
    assert result.exit_code == EXIT_INTERRUPTED == 130
    words = catalogue("fr")
    assert result.stderr.splitlines() == [
        "pnp: " + words("errors.interrupted_at", step=words("errors.step.render", target="demo/plateau"))]


def test_keyboard_interrupt_in_a_worker_process_is_exit_130(new_games, tmp_path, monkeypatch):
    content = new_games("demo", "autre")
    monkeypatch.setattr(PdfCanvas, "finish", _raise(KeyboardInterrupt()))
    result = _build(content, tmp_path / "out", "--jobs", "2", games=("demo", "autre"))
    assert result.exit_code == EXIT_INTERRUPTED
    assert "Traceback" not in result.output and len(result.stderr.splitlines()) == 1


# A parallel build in which one worker is busy for as long as the test likes and the other is idle, done with every
# other task: render_unit is wrapped to say where it is through marker files (forked workers inherit the wrapper).
# Tactix's rulebook is the busy task; the new game's calibration page, its last, ends the other worker's work.
_PARALLEL_BUILD = """
import pathlib, sys, time
import generator.build as build
from generator.cli import main
marks = pathlib.Path(sys.argv[1])
render = build.render_unit
def render_unit(game, figures, options, unit):
    if game.id == "tactix" and unit == "rulebook":
        (marks / "busy").touch()
        time.sleep(120)
    out = render(game, figures, options, unit)
    if unit == "calibration":
        (marks / (game.id + "-done")).touch()
    return out
build.render_unit = render_unit
sys.argv = ["pnp"] + sys.argv[2:]
main()
"""


def test_ctrl_c_during_a_parallel_build_is_exit_130_without_traceback(game_copy, tmp_path):
    """A real SIGINT to the whole process group, as Ctrl-C in a terminal sends it, while one worker is still
    rendering Tactix and the other is idle, done with a new game."""
    content = game_copy("tactix")
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "fr"]).exit_code == 0
    marks = tmp_path / "marks"
    marks.mkdir()
    proc = subprocess.Popen([sys.executable, "-c", _PARALLEL_BUILD, str(marks), "build", "tactix", "demo",
                             "--jobs", "2", "--content", str(content), "--out", str(tmp_path / "out")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            cwd=ROOT)
    deadline = time.monotonic() + 120
    while not ((marks / "busy").exists() and (marks / "demo-done").exists()) and proc.poll() is None \
            and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.poll() is None, "the build ended before it could be interrupted"
    os.killpg(proc.pid, signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == EXIT_INTERRUPTED, stderr
    assert "Traceback" not in stdout + stderr
    assert stderr.splitlines() == ["pnp: " + catalogue("en")("errors.interrupted")]
    assert not (tmp_path / "out").exists()


# Ctrl-C arriving while generator.cli is being imported, made certain rather than timed: an import hook raises it.
_INTERRUPTED_IMPORT = """
import runpy, sys
class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == "generator.cli":
            raise KeyboardInterrupt
sys.meta_path.insert(0, CtrlC())
sys.argv = ["pnp", "build", "tactix"]
runpy.run_module("generator", run_name="__main__")
"""


def test_ctrl_c_while_pnp_is_still_starting_is_exit_130_without_traceback():
    """Importing the command line takes a while; Ctrl-C then gets the same exit code and line."""
    proc = subprocess.run([sys.executable, "-c", _INTERRUPTED_IMPORT], capture_output=True, text=True, timeout=120,
                          cwd=ROOT)
    assert proc.returncode == EXIT_INTERRUPTED, proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    assert proc.stderr.splitlines() == ["pnp: " + catalogue("en")("errors.interrupted")]


def test_bad_input_is_still_exit_2_with_file_and_line(new_games, tmp_path):
    content = new_games("demo")
    board = content / "demo" / "board.yaml"
    board.write_text(board.read_text(encoding="utf-8") + "colour_of_the_sky: blue\n", encoding="utf-8")
    result = _build(content, tmp_path / "out")
    assert result.exit_code == EXIT_BAD_INPUT == 2
    line = len(board.read_text(encoding="utf-8").splitlines())
    assert f"board.yaml:{line}:" in result.stderr
    assert "Traceback" not in result.output


def test_an_output_folder_that_cannot_be_written_is_bad_input(new_games, tmp_path):
    content = new_games("demo")
    blocker = tmp_path / "out"
    blocker.write_text("a file where the output folder should be\n", encoding="utf-8")
    result = _build(content, blocker)
    assert result.exit_code == EXIT_BAD_INPUT
    [line] = result.stderr.splitlines()
    assert "demo" in line and "(" in line and "Traceback" not in result.output


def test_the_readme_documents_every_exit_code():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("Exit codes", 1)[1].split("\n\n", 1)[0]
    for code in (0, 1, 2, EXIT_INTERNAL_ERROR, EXIT_INTERRUPTED):
        assert re.search(rf"[:;]\s{code} [a-z]", section), code


def test_a_reader_that_leaves_is_a_quiet_exit_141(content_dir):
    """`pnp list | head -1`: the pipe breaks under our output; no internal error, no traceback."""
    read_end, write_end = os.pipe()
    os.close(read_end)                       # the reader is gone before the first line
    try:
        proc = subprocess.run([sys.executable, "-m", "generator", "list", "--content", str(content_dir)],
                              stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120, cwd=ROOT)
    finally:
        os.close(write_end)
    assert proc.returncode == cli_module.EXIT_BROKEN_PIPE == 141
    assert proc.stderr == ""
