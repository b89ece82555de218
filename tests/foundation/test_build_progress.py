"""What `pnp build` says while and after it works: one line per game with its files and seconds (or "à jour"),
-q for the last line only, -v for a line per output; a progress bar on a terminal only, never when piped or
with NO_COLOR."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from generator.cli import cli
from generator.outfolder import MARKER

ROOT = Path(__file__).resolve().parents[2]


def _new(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "fr"]).exit_code == 0
    return content


def _build(content: Path, out: Path, *args: str):
    return CliRunner().invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out), "--jobs", "1",
                                    *args])


def test_one_line_per_game_with_its_files_and_seconds_then_up_to_date(tmp_path):
    content, out = _new(tmp_path), tmp_path / "out"
    result = _build(content, out)
    assert result.exit_code == 0, result.output
    *_, line, gallery = result.output.splitlines()
    files = len([p for p in (out / "demo").rglob("*") if p.is_file() and p.name != MARKER])   # the build's mark is no output
    assert re.fullmatch(rf"demo : 0 figure vérifiée, \d+ illustrations? · {files} fichiers écrits en \d+(,\d)? s", line), line
    # Then, once the PDFs are in place, the gallery's page, with the PDFs whose thumbnails are to draw: all of
    # them on a first build (pnp build draws none); `pnp gallery` draws each page that draws differently.
    pdfs = len(list((out / "demo").glob("*.pdf")))
    assert gallery == (f"galerie : {out / 'index.html'} (les vignettes de {pdfs} PDF sont à dessiner : "
                       f"pnp gallery --out {out})"), gallery
    drawn = CliRunner().invoke(cli, ["gallery", "--out", str(out)])
    pages = re.fullmatch(rf"galerie à jour : {re.escape(str(out / 'index.html'))} \((\d+) vignettes? de page "
                         r"redessinées? sur (\d+)\)", drawn.output.strip())
    assert drawn.exit_code == 0 and pages and 0 < int(pages.group(1)) <= int(pages.group(2)), drawn.output
    again = _build(content, out)
    assert again.output.splitlines()[-1].endswith(" · à jour"), "nothing changed: the gallery is current, unsaid"


def test_quiet_says_the_last_line_only_and_verbose_a_line_per_output(tmp_path):
    content, out = _new(tmp_path), tmp_path / "out"
    quiet = _build(content, out, "-q")
    assert quiet.exit_code == 0 and len(quiet.output.splitlines()) == 1 and "fichiers écrits pour 1 jeu" in quiet.output
    verbose = _build(content, out, "-v", "--no-cache")
    outputs = [line for line in verbose.stderr.splitlines() if re.fullmatch(r"  demo(/[\w-]+)? : \d+(,\d+)? s", line)]
    assert any("/plateau :" in line for line in outputs) and any("/rulebook :" in line for line in outputs)
    assert "\x1b[" not in verbose.output, "no bar, no colour when the output is not a terminal"


def _on_a_terminal(content: Path, out: Path, env: dict) -> str:
    """The command's output as a terminal shows it (a pseudo-terminal: stdin, stdout and stderr are TTYs)."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "generator", "build", "demo", "--content", str(content), "--out",
                             str(out), "--jobs", "1", "--no-cache"], stdin=follower, stdout=follower, stderr=follower,
                            cwd=ROOT, env=env, close_fds=True)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(120)
    os.close(leader)
    return b"".join(chunks).decode("utf-8", "replace")


def test_a_bar_on_a_terminal_and_none_with_no_color(tmp_path):
    content = _new(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["TERM"] = "xterm"
    shown = _on_a_terminal(content, tmp_path / "a", env)
    assert "━" in shown and "fichiers écrits pour 1 jeu" in shown
    plain = _on_a_terminal(content, tmp_path / "b", {**env, "NO_COLOR": "1"})
    assert "━" not in plain and "\x1b[" not in plain and "fichiers écrits pour 1 jeu" in plain
