"""An output folder never replaces sources, and a build removes only folders it made.

Before, `pnp build --out content` replaced every game's folder by its PDFs (exit 0; the next build said "no
game"). An output folder that is, holds or lies inside the content folder or a game folder is now refused
(exit 2) before anything is written, and a folder in the place of a game's output is replaced only when a
build made it (its `.pnp-forge` file, or the cache's record of it, says so).
"""

import hashlib
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.outfolder import MARKER

HARBOUR = Path(__file__).resolve().parent.parent / "language" / "fixtures" / "harbour"


@pytest.fixture
def project(tmp_path):
    """tmp/content/harbour, as a project holds its games."""
    shutil.copytree(HARBOUR, tmp_path / "content" / "harbour")
    return tmp_path


def _sources(root: Path) -> dict[str, str]:
    """Every file and folder under `root` with its contents' hash: what must not change."""
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "folder"
            for p in sorted(root.rglob("*"))}


@pytest.mark.parametrize("out, command", [
    ("content", "build"), ("content/harbour", "build"), ("content/harbour/print", "build"), (".", "build"),
    ("content", "export"), ("content/harbour", "export"), (".", "export"),
])
def test_an_output_folder_over_the_sources_is_refused_and_every_source_kept(project, monkeypatch, out, command):
    monkeypatch.chdir(project)
    before = _sources(project)
    result = CliRunner().invoke(cli, [command, "harbour", "--content", "content", "--out", out])
    assert result.exit_code == 2, result.output
    assert f"--out '{out}'" in result.output and "Traceback" not in result.output, result.output
    assert _sources(project) == before         # nothing written, nothing removed
    # the same build beside the sources works
    result = CliRunner().invoke(cli, ["build", "harbour", "--content", "content", "--out", "output", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert {k: v for k, v in _sources(project).items() if k.startswith("content")} \
        == {k: v for k, v in before.items() if k.startswith("content")}


def test_a_game_folder_linked_from_elsewhere_is_protected_too(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(HARBOUR, elsewhere / "harbour")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "harbour").symlink_to(elsewhere / "harbour")
    before = _sources(elsewhere)
    result = CliRunner().invoke(cli, ["build", "harbour", "--content", str(tmp_path / "content"),
                                      "--out", str(elsewhere)])
    assert result.exit_code == 2, result.output
    assert _sources(elsewhere) == before


def test_a_folder_the_build_did_not_make_is_never_replaced(project):
    out = project / "output"
    (out / "harbour").mkdir(parents=True)
    (out / "harbour" / "notes.txt").write_text("mine", encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", "harbour", "--content", str(project / "content"), "--out", str(out),
                                      "--jobs", "1"])
    assert result.exit_code == 2, result.output
    assert "harbour" in result.output and MARKER in result.output
    assert [p.name for p in (out / "harbour").iterdir()] == ["notes.txt"]
    assert (out / "harbour" / "notes.txt").read_text(encoding="utf-8") == "mine"
    # moved away, the build writes its own folder, marked as its own; the next build replaces it
    shutil.rmtree(out / "harbour")
    for _ in range(2):
        result = CliRunner().invoke(cli, ["build", "harbour", "--content", str(project / "content"),
                                          "--out", str(out), "--jobs", "1", "--no-cache"])
        assert result.exit_code == 0, result.output
        assert (out / "harbour" / MARKER).is_file() and (out / "harbour" / "manifest.json").is_file()


def test_an_export_folder_the_export_did_not_make_is_never_replaced(project):
    out = project / "output"
    (out / "_export" / "harbour").mkdir(parents=True)
    (out / "_export" / "harbour" / "keep.png").write_bytes(b"mine")
    result = CliRunner().invoke(cli, ["export", "harbour", "--content", str(project / "content"), "--out", str(out),
                                      "--dpi", "40"])
    assert result.exit_code == 2, result.output
    assert MARKER in result.output and "Traceback" not in result.output, result.output
    assert os.listdir(out / "_export" / "harbour") == ["keep.png"]
    shutil.rmtree(out / "_export" / "harbour")
    for _ in range(2):        # its own folder, the export replaces
        result = CliRunner().invoke(cli, ["export", "harbour", "--content", str(project / "content"),
                                          "--out", str(out), "--dpi", "40"])
        assert result.exit_code == 0, result.output
        assert (out / "_export" / "harbour" / MARKER).is_file()


def test_a_gallery_folder_of_another_maker_is_left_alone(project):
    out = project / "output"
    (out / "_gallery" / "notes").mkdir(parents=True)
    (out / "_gallery" / "notes" / "keep.txt").write_text("mine", encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", "harbour", "--content", str(project / "content"), "--out", str(out),
                                      "--jobs", "1"])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(cli, ["gallery", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "_gallery" / "notes" / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert (out / "_gallery" / "harbour" / MARKER).is_file()


def test_index_and_cache_files_are_ordinary_files(project):
    old = os.umask(0o022)
    try:
        result = CliRunner().invoke(cli, ["build", "harbour", "--content", str(project / "content"),
                                          "--out", str(project / "output"), "--jobs", "1"])
    finally:
        os.umask(old)
    assert result.exit_code == 0, result.output
    out = project / "output"
    files = [p for p in out.rglob("*") if p.is_file()]
    folders = [p for p in out.rglob("*") if p.is_dir()]
    assert out / "index.html" in files and out / ".pnp-cache" / "harbour.json" in files
    assert {str(p.relative_to(out)): oct(p.stat().st_mode & 0o777) for p in files if p.stat().st_mode & 0o777 != 0o644} \
        == {}
    assert {str(p.relative_to(out)): oct(p.stat().st_mode & 0o777) for p in folders
            if p.stat().st_mode & 0o777 != 0o755} == {}
