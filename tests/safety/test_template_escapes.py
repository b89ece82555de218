"""A rules or sheet template reads game data only: no file of the machine, no write, no environment.

Each escape below worked before templates were handed plain data (a deck's rows carried the Path of
their table, whose methods read and write any file). Each now fails with exit 2 at the file and line,
and the secret never reaches an output.
"""

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli

FIXTURE = Path(__file__).resolve().parent.parent / "language" / "fixtures" / "harbour"
SECRET = "TOPSECRET-4242"

ESCAPES = [
    # reads a file outside the game through the path of the deck's table
    "{{ components.boats.rows[0].path.parent.parent.parent.joinpath('secret.txt').read_text() }}",
    # writes a file next to the game
    "{{ components.boats.rows[0].path.parent.joinpath('pwned.txt').write_text('x') }}",
    "{{ components.boats.rows[0].path.with_name('pwned.txt').write_text('x') }}",
    # a model's method called with made-up arguments
    "{{ components.boats.derive(components.boats) }}",
    "{{ components.boats.check(game) }}",
    # the module of a model, whose globals hold os and pathlib
    "{{ components.boats.rows[0].get.__globals__ }}",
    "{{ game.__class__.__module__ }}",
]


@pytest.fixture
def hostile(tmp_path):
    """The harbour game in tmp/content, a secret file beside the content folder, and a way to add a line."""
    content = tmp_path / "content"
    shutil.copytree(FIXTURE, content / "harbour")
    (tmp_path / "secret.txt").write_text(SECRET, encoding="utf-8")

    def add(text: str, file: str = "rules.en.md") -> Path:
        path = content / "harbour" / file
        lines = path.read_text(encoding="utf-8").splitlines()
        path.write_text("\n".join(lines + ["", text, ""]), encoding="utf-8")
        return content
    return tmp_path, add


def _run(*args):
    return CliRunner().invoke(cli, list(args))


def _no_secret_anywhere(root: Path) -> None:
    for path in root.rglob("*"):
        if path.is_file() and path.name != "secret.txt":
            assert SECRET.encode() not in path.read_bytes(), path


@pytest.mark.parametrize("file", ["rules.en.md", "summary.en.md"])
@pytest.mark.parametrize("expression", ESCAPES)
def test_a_template_cannot_reach_files_through_the_objects_it_is_given(hostile, expression, file):
    tmp, add = hostile
    content = add(f"Text {expression} here.", file)
    line = len((content / "harbour" / file).read_text(encoding="utf-8").splitlines())
    for command in (["validate", "harbour", "--content", str(content)],
                    ["build", "harbour", "--content", str(content), "--out", str(tmp / "out")]):
        result = _run(*command)
        assert result.exit_code == 2, result.output
        assert f"{file}:{line}:" in result.output
        assert "Traceback" not in result.output
        assert SECRET not in result.output
    assert not (content / "harbour" / "pwned.txt").exists()
    _no_secret_anywhere(tmp)


def test_the_environment_is_out_of_reach(hostile, monkeypatch):
    tmp, add = hostile
    monkeypatch.setenv("PNP_SAFE_SECRET", SECRET)
    content = add("{{ components.boats.rows[0].path.__class__.__init__.__globals__['os'].environ }}"
                  "{{ cycler.__init__.__globals__.os.environ }}")
    result = _run("build", "harbour", "--content", str(content), "--out", str(tmp / "out"))
    assert result.exit_code == 2 and SECRET not in result.output
    _no_secret_anywhere(tmp)


def test_templates_still_read_every_value_the_models_hold(hostile):
    tmp, add = hostile
    content = add("Boats: {{ components.boats.rows | length }}; first {{ components.boats.rows[0]['values'].name }}"
                  " ({{ components.boats.rows[0].count }}); "
                  "{{ components.boats.rows[0].get }}-{{ components.boats.name }}; {{ game.title }}; "
                  "{{ materiel() | length }} lines, {{ materiel().total }} items; first: {{ materiel()[0] }}.")
    result = _run("build", "harbour", "--content", str(content), "--out", str(tmp / "out"))
    assert result.exit_code == 2   # `get` is a model method: no longer offered
    assert "get" in result.output
    content = add("Boats again: {{ components.boats.rows | length }}.")
    text = (content / "harbour" / "rules.en.md").read_text(encoding="utf-8").replace(
        "{{ components.boats.rows[0].get }}-", "")
    (content / "harbour" / "rules.en.md").write_text(text, encoding="utf-8")
    result = _run("build", "harbour", "--content", str(content), "--out", str(tmp / "out"))
    assert result.exit_code == 0, result.output
    html = (tmp / "out" / "harbour" / "rules.html").read_text(encoding="utf-8")
    rows = (FIXTURE / "boats.csv").read_text(encoding="utf-8").splitlines()
    first_name = rows[1].split(",")[rows[0].split(",").index("name")]
    assert f"first {first_name} (" in html
    assert "Boats again: " in html and "items; first: " in html and " × " in html
