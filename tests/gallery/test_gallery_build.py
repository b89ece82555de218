"""What a build writes for the gallery, read from the files (no browser): `pnp build` draws no thumbnail and the
page it writes shows none that is stale; `pnp gallery` draws them again only for the pages that changed and
makes the gallery current; the banner of the last build's errors, the page in the games' language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator import raster
from generator.cli import cli
from generator.gallery import GALLERY_FOLDER, PAGE_DPI, PNG_LEVEL, read_status
from generator.i18n import LANGUAGES, catalogue
from generator.kinds import kind_names
from generator.pagehash import page_hashes


def _new(content: Path, *games: str, language: str = "fr") -> Path:
    for game in games:
        result = CliRunner().invoke(cli, ["new", game, "--content", str(content), "--language", language])
        assert result.exit_code == 0, result.output
    return content


def _build(content: Path, out: Path, *games: str):
    return CliRunner().invoke(cli, ["build", *games, "--content", str(content), "--out", str(out), "--jobs", "1"])


def _gallery(out: Path, current: str = "galerie à jour : "):
    result = CliRunner().invoke(cli, ["gallery", "--out", str(out)])
    assert result.exit_code == 0 and result.output.startswith(current), result.output
    return result


def _shown_thumbnails(out: Path, game: str) -> list[str]:
    """The thumbnails index.html shows of `game` (their file names in its gallery folder)."""
    index = (out / "index.html").read_text(encoding="utf-8")
    return re.findall(rf'src="{GALLERY_FOLDER}/{game}/([^"]+\.png)"', index)


def _break(content: Path, game: str) -> Path:
    board = content / game / "board.yaml"
    good = board.read_text(encoding="utf-8")
    board.write_text(good + "colour_of_the_sky: blue\n", encoding="utf-8")
    return board


def _hashes(folder: Path) -> dict[str, list[str]]:
    return {p.name: page_hashes(p.read_bytes()) for p in sorted(folder.glob("*.pdf"))}


def test_thumbnails_are_drawn_again_only_for_the_pages_that_changed(tmp_path, monkeypatch):
    content, out = _new(tmp_path / "content", "demo"), tmp_path / "out"
    assert _build(content, out).exit_code == 0
    _gallery(out)
    folder = out / GALLERY_FOLDER / "demo"
    before = {p.name: p.stat().st_ino for p in folder.iterdir()}
    pdfs = sorted(p.name for p in (out / "demo").glob("*.pdf"))
    record = json.loads((folder / "thumbnails.json").read_text(encoding="utf-8"))
    assert sorted(record["documents"]) == pdfs
    for name in pdfs:                              # every page of every PDF has its thumbnail
        pages = record["documents"][name]["pages"]
        assert [p["page"] for p in pages] == list(range(1, len(pages) + 1)) and pages
        assert all((folder / p["src"]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pages)
    old_hashes = _hashes(out / "demo")
    drawn = []
    rasterise_pages = raster.rasterise_pages
    monkeypatch.setattr(raster, "rasterise_pages", lambda pdf, dpi, level=9, pages=None: drawn.extend(
        (pdf, index) for index in (pages or [])) or rasterise_pages(pdf, dpi, level, pages))
    old_pdfs = {name: (out / "demo" / name).read_bytes() for name in pdfs}
    rules = content / "demo" / "rules.fr.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nUne phrase de plus, pour voir.\n", encoding="utf-8")
    assert _build(content, out).exit_code == 0
    assert drawn == [], "pnp build draws no thumbnail: the designer waits on the PDFs only"
    _gallery(out)
    changed = {name for name in pdfs if (out / "demo" / name).read_bytes() != old_pdfs[name]}
    words = catalogue("fr")
    assert changed and all(name.startswith((words("files.rules"), words("files.print_guide"))) for name in changed)
    # The pages drawn are those of the changed PDFs that draw like no page drawn before, each once.
    seen = {h for hashes in old_hashes.values() for h in hashes}
    expected = []
    for name in sorted(changed):
        data = (out / "demo" / name).read_bytes()
        for index, page_hash in enumerate(page_hashes(data)):
            if page_hash not in seen:
                seen.add(page_hash)
                expected.append((data, index))
    assert sorted(drawn) == sorted(expected)
    pages_of_changed = sum(len(record["documents"][name]["pages"]) for name in changed)
    assert 0 < len(drawn) < pages_of_changed, "the rulebook's first pages did not change: their thumbnails are kept"
    kept = [name for name, inode in before.items() if name.startswith(("plateau", "cartes", "pions", "calibrage"))]
    assert kept and all((folder / name).stat().st_ino == before[name] for name in kept)


def _fresh_thumbnails(out: Path, game: str) -> dict[str, bytes]:
    """Every page of the game's PDFs rasterised now, under the name its thumbnail has (`<stem>-pNN.png`)."""
    return {f"{pdf.stem}-p{n:02d}.png": image for pdf in sorted((out / game).glob("*.pdf"))
            for n, image in enumerate(raster.rasterise(pdf.read_bytes(), PAGE_DPI, PNG_LEVEL), start=1)}


def test_pnp_build_shows_no_stale_thumbnail_and_pnp_gallery_makes_the_gallery_current(tmp_path):
    """After a first build and after a one-card edit (the deck's sheets change, the rest is kept): `pnp build`
    says which PDFs' thumbnails are to draw and the page shows only thumbnails of the PDFs now in place; then
    `pnp gallery` draws them, says the gallery is current, and every thumbnail is its page drawn afresh."""
    content, out = _new(tmp_path / "content", "demo"), tmp_path / "out"
    result = _build(content, out)
    pdfs = len(list((out / "demo").glob("*.pdf")))
    assert result.exit_code == 0 and result.output.splitlines()[-1].startswith("galerie : ")
    assert f"les vignettes de {pdfs} PDF sont à dessiner : pnp gallery --out {out}" in result.output
    assert _shown_thumbnails(out, "demo") == [] and not (out / GALLERY_FOLDER).exists()
    index = (out / "index.html").read_text(encoding="utf-8")
    assert index.count(catalogue("fr")("gallery.pending")) == pdfs
    _gallery(out)
    table = content / "demo" / "cards.csv"
    text = table.read_text(encoding="utf-8")
    assert "Jouez cette carte" in text
    for edit in ("Jouez vite cette carte", "Jouez deux fois cette carte"):
        before = {p.name: p.read_bytes() for p in (out / "demo").glob("*.pdf")}
        table.write_text(text.replace("Jouez cette carte", edit), encoding="utf-8")
        result = _build(content, out)
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        changed = [name for name, data in before.items() if (out / "demo" / name).read_bytes() != data]
        assert "fichiers écrits" in lines[0] and lines[-1].startswith("galerie : ") and changed
        assert f"les vignettes de {len(changed)} PDF" in lines[-1], lines[-1]
        fresh = _fresh_thumbnails(out, "demo")
        shown = _shown_thumbnails(out, "demo")
        pages = [src for src in shown if src in fresh]          # the others: faces (<stem>-fNNN.png)
        assert pages and all((out / GALLERY_FOLDER / "demo" / src).read_bytes() == fresh[src] for src in pages), \
            "every page thumbnail the page shows is its page of the PDF now in place"
        assert all(re.fullmatch(r".+-f\d{3}\.png", src) for src in shown if src not in fresh)
        assert not any(src.startswith(tuple(name[:-len(".pdf")] + "-" for name in changed)) for src in shown)
        result = _gallery(out)
        record = json.loads((out / GALLERY_FOLDER / "demo" / "thumbnails.json").read_text(encoding="utf-8"))
        for pdf in sorted((out / "demo").glob("*.pdf")):
            pages = record["documents"][pdf.name]["pages"]
            assert [(out / GALLERY_FOLDER / "demo" / p["src"]).read_bytes() for p in pages] == \
                [fresh[f"{pdf.stem}-p{n:02d}.png"] for n in range(1, len(pages) + 1)], pdf.name
        assert sorted(_shown_thumbnails(out, "demo")) == sorted(
            t["src"] for doc in record["documents"].values() for t in doc["pages"] + doc["faces"])
        assert catalogue("fr")("gallery.pending") not in (out / "index.html").read_text(encoding="utf-8")


def test_the_banner_says_the_last_build_failed_until_the_game_is_mended(tmp_path):
    content, out = _new(tmp_path / "content", "demo", "casse"), tmp_path / "out"
    board = content / "casse" / "board.yaml"
    good = board.read_text(encoding="utf-8")
    _break(content, "casse")
    assert _build(content, out).exit_code == 2
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'role="alert"' in index and "board.yaml:" in index and "colour_of_the_sky" in index
    assert catalogue("fr")("gallery.banner.title", count=1) in index
    failures = read_status(out)["failures"]
    assert list(failures) == ["casse"] and any("colour_of_the_sky" in line for line in failures["casse"])
    stamps = {p: p.stat().st_mtime_ns for p in (out / "index.html", out / ".pnp-cache" / "gallery-status.js")}
    assert _build(content, out).exit_code == 2
    assert {p: p.stat().st_mtime_ns for p in stamps} == stamps, "the same failure again writes nothing"
    board.write_text(good, encoding="utf-8")
    assert _build(content, out).exit_code == 0
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'role="alert"' not in index and 'id="casse"' in index
    assert read_status(out)["failures"] == {}
    assert set(read_status(out)["games"]) == {"demo", "casse"}


def test_the_page_speaks_the_language_of_its_games(tmp_path):
    content, out = _new(tmp_path / "content", "demo", language="en"), tmp_path / "out"
    assert _build(content, out).exit_code == 0
    index = (out / "index.html").read_text(encoding="utf-8")
    assert catalogue("en")("gallery.pending") in index and catalogue("fr")("gallery.pending") not in index
    _gallery(out, "gallery current: ")
    index = (out / "index.html").read_text(encoding="utf-8")
    words = catalogue("en")
    assert '<html lang="en">' in index and 'lang="en"' in index
    for key in ("gallery.title", "gallery.faces.title", "gallery.figures.title", "gallery.filter.all_games"):
        assert words(key) in index, key
    french = catalogue("fr")
    for key in ("gallery.faces.title", "gallery.figures.title", "gallery.filter.all_games", "gallery.filter.search"):
        assert french(key) not in index, key


def test_every_kind_has_its_word_in_the_gallery_filter():
    for language in LANGUAGES:
        words = catalogue(language)
        for kind in kind_names():
            assert f"gallery.kind.{kind}" in words, (language, kind)


def test_two_builds_of_the_same_content_give_the_same_page_and_thumbnails(tmp_path):
    content = _new(tmp_path / "content", "demo")
    trees = []
    for out in (tmp_path / "a", tmp_path / "b"):
        assert _build(content, out).exit_code == 0
        _gallery(out)
        trees.append({str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
                      if p.is_file() and ".pnp-cache" not in p.parts})
    assert trees[0] == trees[1] and "index.html" in trees[0]
    assert any(name.startswith(f"{GALLERY_FOLDER}/demo/") for name in trees[0])
    statuses = [read_status(out) for out in (tmp_path / "a", tmp_path / "b")]
    assert all(status["finished"] and status["games"]["demo"]["seconds"] > 0 for status in statuses)


@pytest.mark.parametrize("locale, said", [
    ("fr_FR.UTF-8", "pnp: aucun jeu construit dans {} : lancez d'abord pnp build\n"),
    ("C.UTF-8", "pnp: no game built in {}: pnp build first\n")])
def test_pnp_gallery_of_a_folder_without_games_is_bad_input(tmp_path, monkeypatch, locale, said):
    # No game says which language to speak: the system's locale does (i18n.system_language)
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", locale)
    result = CliRunner().invoke(cli, ["gallery", "--out", str(tmp_path / "nothing")])
    assert result.exit_code == 2, result.output
    assert result.output == said.format(tmp_path / "nothing")
    assert not (tmp_path / "nothing").exists(), "nothing written"
