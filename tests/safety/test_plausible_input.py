"""Plausible input that used to end in a traceback: each is now a build, or exit 2 at the file and line."""

import shutil
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from generator.cli import cli

HARBOUR = Path(__file__).resolve().parent.parent / "language" / "fixtures" / "harbour"


@pytest.fixture
def harbour(tmp_path):
    shutil.copytree(HARBOUR, tmp_path / "content" / "harbour")
    return tmp_path, tmp_path / "content" / "harbour"


def _build(tmp: Path, game: Path):
    return CliRunner().invoke(cli, ["build", "harbour", "--content", str(game.parent), "--out", str(tmp / "out")])


def test_a_thematic_break_in_a_sheet_is_drawn_as_a_rule(harbour):
    tmp, game = harbour
    with (game / "summary.en.md").open("a", encoding="utf-8") as f:
        f.write("\n\n---\n\nAfter the break.\n")
    result = _build(tmp, game)
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp / "out" / "harbour" / "aid.pdf") as pdf:
        page = pdf.pages[0]
        assert "After the break." in page.extract_text()
        rules = [line for line in page.lines if abs(line["top"] - line["bottom"]) < 0.1
                 and line["stroking_color"] and abs(line["stroking_color"][0] - 0xBB / 255) < 0.01]
        after = next(w for w in page.extract_words() if w["text"] == "After")
        assert any(r["top"] < after["top"] for r in rules)


@pytest.mark.parametrize("char", ["\x07", "\x01", "\x1b"])
def test_a_control_character_in_yaml_is_named_at_its_line(harbour, char):
    tmp, game = harbour
    (game / "summary.yaml").write_text(f"kind: sheet\nid: aid\nname: \"Player{char} aid\"\nsource: summary.en.md\n",
                                       encoding="utf-8")
    result = _build(tmp, game)
    assert result.exit_code == 2, result.output
    assert f"summary.yaml:3: character U+{ord(char):04X} is not allowed" in result.output
    assert "Traceback" not in result.output and "internal error" not in result.output


@pytest.mark.parametrize("file", ["rules.en.md", "summary.en.md"])
def test_very_deep_markdown_nesting_never_ends_in_a_traceback(harbour, file):
    tmp, game = harbour
    deep = "".join("  " * i + f"- item {i}\n" for i in range(120))
    deep += "\n" + "".join("> " * i + "quote\n" for i in range(1, 120))
    deep += "\n" + "*" * 2000 + "x" + "*" * 2000 + "\n\n" + "[" * 3000 + "a" + "]" * 3000 + "\n"
    with (game / file).open("a", encoding="utf-8") as f:
        f.write("\n\n" + deep)
    result = _build(tmp, game)
    assert result.exit_code in (0, 2), result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    if result.exit_code == 2:
        assert f"{file}:" in result.output
