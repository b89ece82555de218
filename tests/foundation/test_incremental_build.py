"""The incremental cache of `pnp build`, its parallel jobs and its whole-folder writes: nothing changed writes
nothing, a rule edit renders only the rulebook, options and code invalidate, cached output equals fresh output,
--jobs 2 equals --jobs 1, one failing game does not stop the others, a full or read-only disk keeps the old
output."""

from __future__ import annotations

import errno
import hashlib
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import generator.build as build
import generator.cache as cache
import generator.outfolder as outfolder
from generator.cli import EXIT_BAD_INPUT, EXIT_CONTRADICTED, cli
from generator.content import load_game
from generator.i18n import catalogue
from tests.foundation.built import output_bytes

ROOT = Path(__file__).resolve().parents[2]
# The parallel build's games: two of content/ (their engines check the rulebook's figures in the check task)
# and two made by `pnp new` (a board, a deck, counters, figures, a rulebook each). Armada and Praxis were
# among them: the same kinds of tasks, 60 % of the test's CPU (benchmarks/RESULTS.md, "fourth pass").
REAL_GAMES = ("tactix", "tectonic")
NEW_GAMES = ("demo", "autre")


def _new(content: Path, *game_ids: str) -> Path:
    for game_id in game_ids:
        assert CliRunner().invoke(cli, ["new", game_id, "--content", str(content), "--language", "fr"]).exit_code == 0
    return content


def _build(content: Path, out: Path, *args: str, games=()):
    return CliRunner().invoke(cli, ["build", *games, "--content", str(content), "--out", str(out), *args])


def _snapshot(folder: Path) -> dict[str, tuple]:
    """Every file under `folder` (the cache too): inode, modification time, hash of the bytes."""
    return {str(p.relative_to(folder)): (p.stat().st_ino, p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name != outfolder.MARKER}


@pytest.fixture
def rendered(monkeypatch):
    """The (game, unit) pairs rendered by the builds that follow (in this process: --jobs 1)."""
    seen = []
    render = build.render_unit

    def render_unit(game, figures, options, unit):
        seen.append((game.id, unit))
        return render(game, figures, options, unit)
    monkeypatch.setattr(build, "render_unit", render_unit)
    return seen


def test_a_rebuild_with_nothing_changed_renders_and_writes_nothing_and_says_so(tmp_path, rendered):
    content = _new(tmp_path / "content", "demo", "autre")
    out = tmp_path / "out"
    assert _build(content, out, "--jobs", "1").exit_code == 0
    assert ("demo", "component:plateau") in rendered
    before = _snapshot(out)
    assert "index.html" in before and f"{cache.CACHE_FOLDER}/demo.json" in before
    rendered.clear()
    result = _build(content, out, "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert rendered == []
    assert _snapshot(out) == before, "no file written, replaced or touched"
    assert result.output.splitlines()[0] == catalogue("fr")("cli.unchanged", count=2, out=out)


def test_the_nothing_changed_line_speaks_english_for_english_games(tmp_path):
    content = tmp_path / "content"
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "en"]).exit_code == 0
    assert _build(content, tmp_path / "out").exit_code == 0
    result = _build(content, tmp_path / "out")
    assert result.output.splitlines()[0] == f"nothing changed: 1 game up to date in {tmp_path / 'out'}, no file written"


def test_a_removed_game_leaves_the_output_and_the_gallery_with_its_content(tmp_path):
    content = _new(tmp_path / "content", "demo", "autre")
    other = _new(tmp_path / "elsewhere", "voisin")      # built into the same folder from another content folder
    out = tmp_path / "out"
    assert _build(content, out).exit_code == 0
    assert _build(other, out).exit_code == 0
    shutil.rmtree(content / "autre")
    result = _build(content, out)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == catalogue("fr")("cli.removed_games", count=1, ids="autre",
                                                            content=content)
    assert not (out / "autre").exists() and not (out / cache.CACHE_FOLDER / "autre.json").exists()
    assert (out / "demo" / "manifest.json").is_file() and (out / "voisin" / "manifest.json").is_file()
    page = (out / "index.html").read_text(encoding="utf-8")
    assert 'id="autre"' not in page and 'id="demo"' in page and 'id="voisin"' in page
    assert (out / "index.html").stat().st_mode & 0o044 == 0o044, "the gallery is readable by all, as a page is"


def test_a_folder_not_made_by_a_build_is_never_removed_with_a_game(tmp_path):
    content = _new(tmp_path / "content", "demo", "autre")
    out = tmp_path / "out"
    assert _build(content, out).exit_code == 0
    (out / "autre" / outfolder.MARKER).unlink()
    (out / cache.CACHE_FOLDER / "autre.json").rename(tmp_path / "record.json")
    shutil.rmtree(content / "autre")
    assert _build(content, out).exit_code == 0
    assert (out / "autre" / "manifest.json").is_file()


def test_a_rule_edit_renders_only_the_rulebook_and_what_lists_it(tmp_path, rendered):
    content = _new(tmp_path / "content", "demo", "autre")
    out = tmp_path / "out"
    assert _build(content, out, "--jobs", "1").exit_code == 0
    assert CliRunner().invoke(cli, ["gallery", "--out", str(out)]).exit_code == 0
    before = _snapshot(out)
    rules = content / "demo" / "rules.fr.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nUne phrase de plus, pour voir.\n", encoding="utf-8")
    rendered.clear()
    result = _build(content, out, "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert rendered == [("demo", "rulebook")], "the board, the figures, the calibration page kept; the other game too"
    after = _snapshot(out)
    changed = {name for name in after if after[name] != before.get(name)}
    words = catalogue("fr")
    rulebook = {f"demo/{words('files.rules')}.pdf", f"demo/{words('files.rules_booklet')}.pdf",
                f"demo/{words('files.rules')}.html"}
    follow = {"demo/manifest.json", f"demo/{words('files.print_guide')}.pdf", "index.html",
              f"{cache.CACHE_FOLDER}/demo.json", f"{cache.CACHE_FOLDER}/gallery-status.js"}
    assert rulebook <= changed <= rulebook | follow, "pnp build draws no thumbnail"
    assert set(after) == set(before)
    # the build's own records and the gallery's page (now noting the PDFs whose thumbnails are to draw): not counted
    records = {f"{cache.CACHE_FOLDER}/demo.json", f"{cache.CACHE_FOLDER}/gallery-status.js", "index.html"}
    assert result.output.splitlines()[0] == words("cli.built", files=len(changed - records), count=2, out=out)
    # then pnp gallery: the thumbnails of the pages that changed, none of another file's
    assert CliRunner().invoke(cli, ["gallery", "--out", str(out)]).exit_code == 0
    drawn = _snapshot(out)
    thumbnails = {name for name in drawn if drawn[name] != after.get(name)} - {
        "index.html", f"{cache.CACHE_FOLDER}/gallery-status.js", "_gallery/demo/thumbnails.json"}
    assert thumbnails and all(name.startswith("_gallery/demo/") and name.endswith(".png") and name.split("/")[-1]
                              .startswith((words("files.rules"), words("files.print_guide")))
                              for name in thumbnails), thumbnails
    fresh = tmp_path / "fresh"
    assert _build(content, fresh, "--jobs", "1", "--no-cache").exit_code == 0
    assert CliRunner().invoke(cli, ["gallery", "--out", str(fresh)]).exit_code == 0
    assert output_bytes(out) == output_bytes(fresh), "a partly cached build is byte-identical to a fresh one"


def test_an_edit_of_a_component_file_renders_the_game_again(tmp_path, rendered):
    content = _new(tmp_path / "content", "demo", "autre")
    out = tmp_path / "out"
    assert _build(content, out, "--jobs", "1").exit_code == 0
    board = content / "demo" / "board.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace("name: ", "name: Grand ", 1), encoding="utf-8")
    rendered.clear()
    assert _build(content, out, "--jobs", "1").exit_code == 0
    assert {game for game, _ in rendered} == {"demo"} and ("demo", "component:plateau") in rendered
    fresh = tmp_path / "fresh"
    assert _build(content, fresh, "--no-cache").exit_code == 0
    assert output_bytes(out) == output_bytes(fresh)


def test_an_edit_of_one_deck_keeps_the_units_not_made_from_it(tmp_path, rendered):
    """A card edited: its deck is rendered again, with what reads the whole game (the board, the figures, the
    rulebook); the counters and the calibration page, made from what did not change (build.unit_model), are
    kept, their files not written again; the folder is byte for byte a fresh build's."""
    content = _new(tmp_path / "content", "demo")
    out = tmp_path / "out"
    assert _build(content, out, "--jobs", "1").exit_code == 0
    before = _snapshot(out)
    cards = content / "demo" / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    assert text.count("Avancez") == 1
    cards.write_text(text.replace("Avancez", "Avancez vite"), encoding="utf-8")
    rendered.clear()
    assert _build(content, out, "--jobs", "1").exit_code == 0
    assert ("demo", "component:cartes") in rendered
    assert ("demo", "component:jetons") not in rendered and ("demo", "calibration") not in rendered, rendered
    after = _snapshot(out)
    words = catalogue("fr")
    assert after[f"demo/{words('files.calibration')}.pdf"] == before[f"demo/{words('files.calibration')}.pdf"]
    fresh = tmp_path / "fresh"
    assert _build(content, fresh, "--no-cache").exit_code == 0
    assert output_bytes(out) == output_bytes(fresh)


def test_an_option_change_renders_everything_again(tmp_path, rendered):
    content = _new(tmp_path / "content", "demo")
    out = tmp_path / "out"
    assert _build(content, out, "--jobs", "1").exit_code == 0
    rendered.clear()
    assert _build(content, out, "--jobs", "1", "--paper", "letter").exit_code == 0
    assert ("demo", "component:plateau") in rendered and ("demo", "rulebook") in rendered
    fresh = tmp_path / "fresh"
    assert _build(content, fresh, "--paper", "letter", "--no-cache").exit_code == 0
    assert output_bytes(out) == output_bytes(fresh)
    rendered.clear()
    assert _build(content, out, "--jobs", "1", "--paper", "letter").exit_code == 0
    assert rendered == []


def test_a_new_code_version_renders_everything_again(tmp_path, rendered, monkeypatch):
    content = _new(tmp_path / "content", "demo")
    out = tmp_path / "out"
    assert _build(content, out, "--jobs", "1").exit_code == 0
    rendered.clear()
    for module in (cache, build):
        monkeypatch.setattr(module, "code_version", lambda: "another version of the generator")
    assert _build(content, out, "--jobs", "1").exit_code == 0
    assert len(rendered) == len(build.game_units(load_game(content, "demo")))


def test_the_code_version_changes_with_any_source_file_template_or_drawing_library(tmp_path, monkeypatch):
    version = cache.code_version.__wrapped__
    base = version()
    assert base == cache.code_version() and len(base) == 64
    source, templates_dir = cache.__file__, cache.templates_dir
    package = tmp_path / "generator"
    shutil.copytree(Path(cache.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "__file__", str(package / "cache.py"))
    assert version() == base
    figures = package / "figures.py"
    figures.write_text(figures.read_text(encoding="utf-8") + "# a comment\n", encoding="utf-8")
    assert version() != base
    monkeypatch.setattr(cache, "__file__", source)
    templates = tmp_path / "templates"
    shutil.copytree(templates_dir(), templates)
    monkeypatch.setattr(cache, "templates_dir", lambda: templates)
    assert version() == base
    (templates / "catalogues" / "fr" / "cli.yaml").write_text("stopped: fini\n", encoding="utf-8")
    assert version() != base
    monkeypatch.setattr(cache, "templates_dir", templates_dir)
    assert any(name.startswith("reportlab-") for name in cache._library_versions())
    monkeypatch.setattr(cache, "_library_versions", lambda: ["reportlab-0.1"])
    assert version() != base


def test_no_cache_renders_and_writes_everything_again(tmp_path, rendered):
    content = _new(tmp_path / "content", "demo")
    out = tmp_path / "out"
    assert _build(content, out, "--jobs", "1").exit_code == 0
    before = _snapshot(out / "demo")
    rendered.clear()
    assert _build(content, out, "--jobs", "1", "--no-cache").exit_code == 0
    assert len(rendered) == len(build.game_units(load_game(content, "demo")))
    after = _snapshot(out / "demo")
    assert set(after) == set(before)
    assert all(after[name][0] != before[name][0] and after[name][2] == before[name][2] for name in after), \
        "every file written again, with the same bytes"


def test_an_output_changed_by_hand_is_rendered_again(tmp_path, rendered):
    content = _new(tmp_path / "content", "demo")
    out = tmp_path / "out"
    assert _build(content, out, "--jobs", "1").exit_code == 0
    good = (out / "demo" / "plateau.svg").read_bytes()
    (out / "demo" / "plateau.svg").write_text("scribbled over\n", encoding="utf-8")
    rendered.clear()
    assert _build(content, out, "--jobs", "1").exit_code == 0
    assert rendered == [("demo", "component:plateau")]
    assert (out / "demo" / "plateau.svg").read_bytes() == good


def test_the_manifest_lists_every_other_file_of_the_folder_with_its_hash(tmp_path):
    import json
    content = _new(tmp_path / "content", "demo")
    assert _build(content, tmp_path / "out").exit_code == 0
    folder = tmp_path / "out" / "demo"
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    listed = {entry["file"]: entry["sha256"] for entry in manifest["outputs"]}
    present = {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
               for p in folder.rglob("*") if p.is_file() and p.name not in ("manifest.json", outfolder.MARKER)}
    assert listed == present


def _four_games_and_a_broken_one(tmp_path) -> Path:
    content = tmp_path / "content"
    for game_id in REAL_GAMES:
        shutil.copytree(ROOT / "content" / game_id, content / game_id)
    _new(content, *NEW_GAMES, "casse")
    board = content / "casse" / "board.yaml"
    board.write_text(board.read_text(encoding="utf-8") + "colour_of_the_sky: blue\n", encoding="utf-8")
    return content


def test_jobs_2_gives_the_files_lines_and_exit_code_of_jobs_1_with_a_failing_game(tmp_path):
    content = _four_games_and_a_broken_one(tmp_path)
    results = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}"
        result = _build(content, out, "--jobs", jobs)
        seconds = re.compile(r"\d+(,\d+)? s$", re.MULTILINE)     # each written game's line says its time
        results[jobs] = (result.exit_code, seconds.sub("N s", result.stdout.replace(str(out), "OUT")),
                         result.stderr.replace(str(out), "OUT"), output_bytes(out))
    assert results["1"] == results["2"]
    code, stdout, stderr, files = results["1"]
    assert code == EXIT_BAD_INPUT
    assert "board.yaml:" in stderr and "colour_of_the_sky" in stderr
    assert stderr.splitlines()[-1] == "pnp: " + catalogue("fr")("cli.failed_games", count=1, total=5, ids="casse")
    assert {name.split("/")[0] for name in files} == {*REAL_GAMES, *NEW_GAMES, "index.html"}, \
        "the four good games are written, the broken one is not"


def test_a_contradicted_game_is_exit_1_and_the_others_are_written(tmp_path):
    content = _new(tmp_path / "content", "demo")
    shutil.copytree(ROOT / "content" / "tactix", content / "tactix")
    diagrams = content / "tactix" / "diagrams.yaml"
    text = diagrams.read_text(encoding="utf-8")
    assert "- pieces: {d3: B6n3, a1: empty}" in text
    diagrams.write_text(text.replace("- pieces: {d3: B6n3, a1: empty}", "- pieces: {d3: B5, a1: empty}"),
                        encoding="utf-8")
    result = _build(content, tmp_path / "out", "--jobs", "1")
    assert result.exit_code == EXIT_CONTRADICTED, result.output
    assert (tmp_path / "out" / "demo" / "manifest.json").is_file()
    assert not (tmp_path / "out" / "tactix").exists()


def _old_build(tmp_path) -> tuple[Path, Path, dict]:
    content = _new(tmp_path / "content", "demo")
    out = tmp_path / "out"
    assert _build(content, out, "--jobs", "1").exit_code == 0
    rules = content / "demo" / "rules.fr.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nNouvelle règle.\n", encoding="utf-8")
    return content, out, _snapshot(out / "demo")


def test_a_full_disk_is_exit_2_said_plainly_and_keeps_the_old_output(tmp_path, monkeypatch):
    content, out, before = _old_build(tmp_path)
    write = outfolder.write_file
    calls = []

    def write_file(root, name, data, *args):
        calls.append(name)
        if len(calls) == 3:      # the folder's marker, a file, then the disk is full
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(root / name))
        return write(root, name, data, *args)
    monkeypatch.setattr(outfolder, "write_file", write_file)
    result = _build(content, out, "--jobs", "1")
    assert result.exit_code == EXIT_BAD_INPUT
    [line] = result.stderr.splitlines()
    assert catalogue("fr")("cli.disk_full", reason=os.strerror(errno.ENOSPC)) in line and "demo" in line
    assert "Traceback" not in result.output
    assert _snapshot(out / "demo") == before
    assert [p.name for p in out.iterdir() if p.name.startswith(".pnp-")] == [cache.CACHE_FOLDER]


def test_a_read_only_output_folder_is_exit_2_and_keeps_the_old_output(tmp_path, monkeypatch):
    content, out, before = _old_build(tmp_path)
    if os.geteuid() == 0:   # root writes anywhere: the file system says no instead
        def read_only(*args, **kwargs):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(out))
        monkeypatch.setattr(outfolder.tempfile, "mkdtemp", read_only)
    else:
        out.chmod(0o555)
    try:
        result = _build(content, out, "--jobs", "1")
    finally:
        out.chmod(0o755)
    assert result.exit_code == EXIT_BAD_INPUT
    [line] = result.stderr.splitlines()
    assert "demo" in line and "Traceback" not in result.output
    assert _snapshot(out / "demo") == before


def test_leftovers_of_an_interrupted_build_are_cleaned_and_a_game_caught_between_renames_comes_back(tmp_path):
    content = _new(tmp_path / "content", "demo", "autre")
    out = tmp_path / "out"
    assert _build(content, out).exit_code == 0
    before = output_bytes(out / "demo")
    (out / ".pnp-new-autre-x1y2").mkdir()
    (out / ".pnp-new-autre-x1y2" / "plateau.pdf").write_bytes(b"half written")
    os.rename(out / "demo", out / ".pnp-old-demo-1234")    # killed between the two renames of the fallback
    result = _build(content, out)
    assert result.exit_code == 0, result.output
    assert output_bytes(out / "demo") == before
    assert sorted(p.name for p in out.iterdir() if p.name.startswith(".")) == [cache.CACHE_FOLDER]


def test_builds_killed_at_random_moments_leave_every_game_folder_whole(tmp_path):
    from kill_builds import kill_builds
    problems = kill_builds(tmp_path, kills=4, seed=9)
    assert problems == []


@pytest.mark.cores        # the true default: tests/conftest.py sets one core for the others
def test_jobs_defaults_to_the_cores_and_renders_units_in_worker_processes(tmp_path, monkeypatch):
    import click
    command = cli.commands["build"]
    jobs = next(param for param in command.params if param.name == "jobs")
    with click.Context(command) as ctx:
        assert jobs.get_default(ctx) == min(len(os.sched_getaffinity(0)), 64)
    pids = tmp_path / "pids"
    pids.mkdir()
    render = build.render_unit

    def render_unit(game, figures, options, unit):   # forked workers inherit it
        (pids / f"{game.id}-{unit.replace(':', '-')}").write_text(str(os.getpid()))
        return render(game, figures, options, unit)
    monkeypatch.setattr(build, "render_unit", render_unit)
    content = _new(tmp_path / "content", "demo", "autre")
    assert _build(content, tmp_path / "out", "--jobs", "2").exit_code == 0
    workers = {p.read_text() for p in pids.iterdir()}
    assert len(list(pids.iterdir())) == 2 * len(build.game_units(load_game(content, "demo")))
    assert len(workers) == 2 and str(os.getpid()) not in workers
