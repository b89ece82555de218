"""`pnp new` gives a game that builds at once; `pnp watch` rebuilds on the system's file events exactly the games
whose files were saved, and says when, what changed, what was rewritten and how long it took."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pypdf import PdfReader

from generator.cli import cli
from generator.content.schema_export import content_schema
from generator.content.yamlfile import read_yaml
from generator.i18n import catalogue
from generator.watch import changes_by_game, watch

ROOT = Path(__file__).resolve().parents[2]


def test_new_game_validates_and_builds(tmp_path):
    content = tmp_path / "content"
    runner = CliRunner()
    result = runner.invoke(cli, ["new", "mon-jeu", "--content", str(content), "--language", "fr", "--title", "Mon jeu"])
    assert result.exit_code == 0, result.output
    assert runner.invoke(cli, ["validate", "mon-jeu", "--content", str(content)]).exit_code == 0
    result = runner.invoke(cli, ["build", "mon-jeu", "--content", str(content), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    out = tmp_path / "out" / "mon-jeu"
    for name in ("regles.pdf", "plateau.pdf", "cartes.pdf"):
        assert (out / name).is_file(), name
    assert not (out / "jetons.pdf").exists(), "the tokens print under the board (sheet_with)"
    # The deck is the CSV's rows, each `count` times (6 + 3 + 1 cards); the counters 10 + 5; every card shows its row.
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    items: dict[str, int] = {}
    for f in manifest["files"]:
        for p in f["pages"]:
            if p["side"] in ("front", "single"):
                for item in p["items"]:
                    kind = "counters" if item.get("component") == "jetons" else f["kind"]
                    items[kind] = items.get(kind, 0) + 1
    assert items["deck"] == 10 and items["counters"] == 15 and items["board"] == 1
    cards = "".join(page.extract_text() for page in PdfReader(out / "cartes.pdf").pages)
    assert cards.count("Avancer") == 6 and cards.count("Sauter") == 3 and cards.count("Joker") == 1
    assert cards.count("Mon jeu") >= 10       # the backs carry the title (and each page's label)
    rules = "".join(page.extract_text() for page in PdfReader(out / "regles.pdf").pages)
    assert "10 × Cartes Action" in rules and "15 × Jetons Points" in rules


def test_new_game_files_name_the_schema_an_editor_validates_them_with(tmp_path):
    import jsonschema
    content = tmp_path / "content"
    assert CliRunner().invoke(cli, ["new", "mon-jeu", "--content", str(content), "--language", "fr"]).exit_code == 0
    schema = json.loads((content / "schema.json").read_text(encoding="utf-8"))
    assert schema == content_schema()
    yaml_files = sorted((content / "mon-jeu").glob("*.yaml"))
    assert [f.name for f in yaml_files] == ["board.yaml", "counters.yaml", "deck.yaml", "diagrams.yaml", "game.yaml"]
    validator = jsonschema.Draft7Validator(schema)
    for path in yaml_files:
        text = path.read_text(encoding="utf-8")
        assert text.splitlines()[0] == "# yaml-language-server: $schema=../schema.json", path.name
        assert (path.parent / "../schema.json").resolve() == (content / "schema.json").resolve()
        assert list(validator.iter_errors(read_yaml(path))) == [], path.name
    assert "count" in (content / "mon-jeu" / "cards.csv").read_text(encoding="utf-8").splitlines()[0].split(",")
    # A second game refreshes the schema beside the first, never a game's own files.
    (content / "schema.json").write_text("{}", encoding="utf-8")
    assert CliRunner().invoke(cli, ["new", "autre", "--content", str(content), "--language", "fr"]).exit_code == 0
    assert json.loads((content / "schema.json").read_text(encoding="utf-8")) == schema


def test_new_never_overwrites_and_checks_the_id(tmp_path):
    content = tmp_path / "content"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", "jeu", "--content", str(content), "--language", "fr"]).exit_code == 0
    again = runner.invoke(cli, ["new", "jeu", "--content", str(content), "--language", "fr"])
    assert again.exit_code == 2 and "already exists" in again.output
    bad = runner.invoke(cli, ["new", "Mon Jeu", "--content", str(content), "--language", "fr"])
    assert bad.exit_code == 2 and "is not a game id" in bad.output


def test_changes_are_grouped_by_game_and_editor_litter_is_ignored(tmp_path):
    for game in ("a", "b", "c"):
        (tmp_path / game).mkdir()
    paths = [tmp_path / "b" / "game.yaml", tmp_path / "a" / "rules.fr.md", tmp_path / "a" / ".rules.fr.md.swp",
             tmp_path / "a" / "rules.fr.md~", tmp_path / "a" / "4913", tmp_path / "c" / "deck.yaml",
             tmp_path / "elsewhere.yaml", tmp_path / "a" / "tables" / "cards.csv",
             tmp_path / "a" / "~$cards.xlsx", tmp_path / "a" / ".#deck.yaml", tmp_path / "a" / "sedX3kP9q",
             tmp_path / "a" / ".~lock.cards.xlsx#", tmp_path / "a" / "deck.yaml.swx", tmp_path / "a" / "sediment.yaml"]
    assert changes_by_game(paths, tmp_path, ["a", "b"]) == {
        "a": [Path("a/rules.fr.md"), Path("a/sediment.yaml"), Path("a/tables/cards.csv")], "b": [Path("b/game.yaml")]}


def _watching(tmp_path, calls):
    """watch() in a thread, rebuild() recording what it is given; returns the stop event and the thread."""
    stop, ready = threading.Event(), threading.Event()
    thread = threading.Thread(target=watch, args=(tmp_path, ["g"], calls.append), kwargs={"stop": stop, "ready": ready})
    thread.start()
    assert ready.wait(5)
    return stop, thread


def _wait_for(condition, seconds=5.0):
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.02)


def test_watch_rebuilds_once_per_save_and_never_for_a_read(tmp_path):
    (tmp_path / "g").mkdir()
    target = tmp_path / "g" / "board.yaml"
    target.write_text("a\n", encoding="utf-8")
    calls: list = []
    stop, thread = _watching(tmp_path, calls)
    try:
        # an editor's save: write a temporary file, then rename it over the old one
        (tmp_path / "g" / ".board.yaml.tmp").write_text("a changed\n", encoding="utf-8")
        os.replace(tmp_path / "g" / ".board.yaml.tmp", target)
        _wait_for(lambda: calls)
        time.sleep(0.5)
        assert calls == [{"g": [Path("g/board.yaml")]}]
        target.read_text(encoding="utf-8")            # what a build does to every file: no rebuild for it
        time.sleep(0.6)
        assert len(calls) == 1
    finally:
        stop.set()
        thread.join(5)


def _assert_gallery_current(out: Path, game: str) -> None:
    """Every page of every PDF of the game has its thumbnail, and it is that page rasterised now."""
    import json

    from generator import raster
    from generator.gallery import GALLERY_FOLDER, PAGE_DPI, PNG_LEVEL
    folder = out / GALLERY_FOLDER / game
    record = json.loads((folder / "thumbnails.json").read_text(encoding="utf-8"))
    pdfs = sorted((out / game).glob("*.pdf"))
    assert sorted(record["documents"]) == [pdf.name for pdf in pdfs]
    for pdf in pdfs:
        pages = record["documents"][pdf.name]["pages"]
        assert [(folder / p["src"]).read_bytes() for p in pages] == \
            raster.rasterise(pdf.read_bytes(), PAGE_DPI, PNG_LEVEL), pdf.name


def test_pnp_watch_says_when_what_changed_what_was_rebuilt_and_keeps_the_last_good_output(tmp_path):
    """The command as a designer runs it: a save, a bad save (file:line, output kept), a fixed save."""
    content = tmp_path / "content"
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "fr"]).exit_code == 0
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "generator", "watch", "demo", "--content", str(content),
                             "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, "")), daemon=True)
    reader.start()
    try:
        _wait_for(lambda: any("surveille" in line for line in lines), 60)
        time.sleep(0.5)
        game_yaml = content / "demo" / "game.yaml"
        good = game_yaml.read_text(encoding="utf-8")
        # an edit the outputs show (a comment alone rewrites nothing: every output is the same)
        game_yaml.write_text(good.replace("duration: 30 min", "duration: 45 min"), encoding="utf-8")
        _wait_for(lambda: any("réécrit" in line for line in lines), 60)
        rebuilt = next(line for line in lines if "réécrit" in line)
        assert re.match(r"\d\d:\d\d:\d\d · demo/game\.yaml → \d+ fichiers? réécrits? \(.+\) en \d+\.\d\d s", rebuilt)
        # then, the PDFs in place and said, the gallery: said current, every thumbnail its page of the PDF now
        after = lines.index(rebuilt)
        _wait_for(lambda: any(line.startswith("galerie à jour : ") for line in lines[after:]), 60)
        assert any(line.startswith("galerie à jour : ") for line in lines[after:]), lines
        _assert_gallery_current(out, "demo")
        before = sorted(p.name for p in (out / "demo").iterdir())
        game_yaml.write_text(good.replace("players:", "players: [\n"), encoding="utf-8")
        _wait_for(lambda: any("erreur" in line for line in lines), 60)
        time.sleep(0.3)
        failed = next(i for i, line in enumerate(lines) if "erreur" in line)
        assert "dernière sortie valide est gardée" in lines[failed]
        assert re.search(r"game\.yaml:\d+", "".join(lines[failed + 1:])), lines[failed:]
        assert sorted(p.name for p in (out / "demo").iterdir()) == before
        count = len(lines)
        game_yaml.write_text(good, encoding="utf-8")
        _wait_for(lambda: any("réécrit" in line for line in lines[count:]), 60)
        assert any("réécrit" in line for line in lines[count:]), lines
    finally:
        proc.terminate()
        proc.wait(10)


def test_variant_build_writes_its_own_rulebook_and_refuses_unknown_names(content_dir, tmp_path):
    import pdfplumber
    runner = CliRunner()
    out = tmp_path / "out"
    result = runner.invoke(cli, ["build", "tactix", "--variant", "centre", "--content", str(content_dir), "--out", str(out)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out / "tactix" / "regles-centre.pdf") as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert "variante" in text.lower() and "partie courte" in text.lower()
    assert "édition de la partie courte" in text
    bad = runner.invoke(cli, ["build", "tactix", "--variant", "centr", "--content", str(content_dir),
                              "--out", str(tmp_path / "o2")])
    assert bad.exit_code == 2 and "did you mean 'centre'" in bad.output
    assert not (tmp_path / "o2").exists()


@pytest.mark.parametrize("environ, language", [
    ({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LANG": "fr_CA.UTF-8"}, "fr"), ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"), ({}, "en"), ({"LC_ALL": "en_US.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
    ({"LC_ALL": "", "LC_MESSAGES": "fr_BE", "LANG": "de_DE"}, "fr")])
def test_new_without_language_follows_the_system_and_says_so(tmp_path, monkeypatch, environ, language):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    content = tmp_path / "content"
    result = CliRunner().invoke(cli, ["new", "jeu", "--content", str(content)])
    assert result.exit_code == 0, result.output
    assert f"language: {language}" in (content / "jeu" / "game.yaml").read_text(encoding="utf-8")
    assert (content / "jeu" / f"rules.{language}.md").is_file()
    other = "en" if language == "fr" else "fr"
    assert result.output.splitlines()[0] == catalogue(language)("cli.language_chosen", other=other)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_new_game_passes_its_own_reader_s_preflight(tmp_path, language):
    content = tmp_path / "content"
    assert CliRunner().invoke(cli, ["new", "jeu", "--content", str(content), "--language", language]).exit_code == 0
    result = CliRunner().invoke(cli, ["validate", "jeu", "--content", str(content), "--strict"])
    assert result.exit_code == 0, result.output     # a designer's first build shows no warning
