"""Bad content gives `file:line: message`, exit code 2, no traceback and no output written."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from generator.cli import cli


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_yaml_syntax_error_names_file_and_line(game_copy, tmp_path):
    content = game_copy("tactix")
    board = content / "tactix" / "board.yaml"
    lines = board.read_text(encoding="utf-8").splitlines()
    lines[4] = "  columns: [9"          # line 5: an unclosed flow sequence
    board.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", "tactix", "--content", str(content), "--out", str(out))
    assert result.exit_code == 2
    assert "tactix/board.yaml:" in result.output
    assert "YAML syntax error" in result.output
    line = int(result.output.split("board.yaml:")[1].split(":")[0])
    assert 5 <= line <= 7
    assert not out.exists(), "a failed build must write nothing"


def test_unknown_key_suggests_the_right_one(game_copy):
    content = game_copy("tactix")
    board = content / "tactix" / "board.yaml"
    text = board.read_text(encoding="utf-8").replace("line_mm: 0.4", "line_nm: 0.4")
    board.write_text(text, encoding="utf-8")
    result = run("validate", "tactix", "--content", str(content))
    assert result.exit_code == 2
    line = next(i for i, l in enumerate(text.splitlines(), 1) if l.startswith("line_nm"))
    assert f"tactix/board.yaml:{line}: unknown key 'line_nm' (did you mean 'line_mm'?)" in result.output


def test_wrong_type_names_the_key_and_line(game_copy):
    content = game_copy("tactix")
    board = content / "tactix" / "board.yaml"
    text = board.read_text(encoding="utf-8").replace("cell_mm: 20", "cell_mm: twenty")
    board.write_text(text, encoding="utf-8")
    result = run("validate", "tactix", "--content", str(content))
    assert result.exit_code == 2
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "cell_mm: twenty" in l)
    assert f"board.yaml:{line}: cell_mm: expected a number, found the text 'twenty'" in result.output


def test_missing_component_file_points_at_game_yaml(game_copy):
    content = game_copy("tactix")
    (content / "tactix" / "summary.yaml").unlink()
    result = run("validate", "tactix", "--content", str(content))
    assert result.exit_code == 2
    assert "tactix/game.yaml:" in result.output and "'summary.yaml' not found" in result.output


def test_unknown_piece_in_setup_is_reported(game_copy):
    content = game_copy("tactix")
    board = content / "tactix" / "board.yaml"
    text = board.read_text(encoding="utf-8").replace("{at: b1, piece: blanc", "{at: b1, piece: blank")
    board.write_text(text, encoding="utf-8")
    result = run("validate", "tactix", "--content", str(content))
    assert result.exit_code == 2
    assert "setup piece 'blank' has no style" in result.output


def test_unknown_game_is_usage_error(content_dir):
    result = run("validate", "tactics", "--content", str(content_dir))
    assert result.exit_code == 2
    assert "did you mean 'tactix'" in result.output


def test_no_traceback_reaches_the_user(game_copy, tmp_path):
    content = game_copy("tactix")
    (content / "tactix" / "game.yaml").write_text("id: tactix\ntitle: [unclosed\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "generator.cli", "build", "tactix", "--content", str(content),
                           "--out", str(tmp_path / "o")], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout
    assert "game.yaml:" in proc.stderr


def test_errors_survive_parallel_builds(game_copy, tmp_path):
    """With --jobs, a worker's error crosses a process boundary and must keep its file and line."""
    import pickle
    from generator.build import Contradicted
    from generator.content import ContentError
    err = pickle.loads(pickle.dumps(ContentError("content/x/board.yaml", 7, "bad")))
    assert err.format().endswith("board.yaml:7: bad")
    assert pickle.loads(pickle.dumps(Contradicted(["a", "b"]))).messages == ["a", "b"]
    content = game_copy("tactix")
    board = content / "tactix" / "board.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace("cell_mm: 20 ", "cell_mm: twenty "), encoding="utf-8")
    import shutil
    shutil.copytree(content / "tactix", content / "tactix2")
    (content / "tactix2" / "game.yaml").write_text(
        (content / "tactix2" / "game.yaml").read_text(encoding="utf-8").replace("id: tactix", "id: tactix2"),
        encoding="utf-8")
    result = run("build", "--content", str(content), "--out", str(tmp_path / "o"), "--jobs", "2")
    assert result.exit_code == 2
    assert "board.yaml:" in result.output and "expected a number" in result.output


def test_summary_sheet_expressions_are_sandboxed_and_located(game_copy):
    content = game_copy("tactix")
    summary = content / "tactix" / "summary.fr.md"
    lines = summary.read_text(encoding="utf-8").splitlines()
    target = next(i for i, l in enumerate(lines) if l.startswith("## Le roi"))
    lines.insert(target + 1, "{{ ''.__class__.__mro__ }}")
    summary.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("validate", "tactix", "--content", str(content))
    assert result.exit_code == 2
    assert f"tactix/summary.fr.md:{target + 2}:" in result.output


def test_summary_sheet_takes_its_numbers_from_the_board(game_copy, tmp_path):
    import pdfplumber
    content = game_copy("tactix")
    board = content / "tactix" / "board.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace("{at: a1, piece: blanc, value: \"5\"}",
                                                               "{at: a1, piece: blanc, value: \"4\"}"), encoding="utf-8")
    # Diagrams are about the engine's start position; leave them out of this content-only check.
    (content / "tactix" / "diagrams.yaml").unlink()
    rules = content / "tactix" / "rules.fr.md"
    text = rules.read_text(encoding="utf-8")
    import re
    rules.write_text(re.sub(r'\{\{ (diagram|figure_ref)\("[^"]+"\) \}\}', "", text), encoding="utf-8")
    result = run("build", "tactix", "--content", str(content), "--out", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "o" / "tactix" / "resume.pdf") as pdf:
        words = pdf.pages[0].extract_text()
    assert "4, 1, 2, 6, roi, 6, 2, 1, 5" in words.replace("\n", " ")
