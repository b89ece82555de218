"""The gallery as a person reads it, in a real Chromium: it loads cleanly, every picture and link is there,
the filter leaves what was asked for, the words are the games' language, the last build's error is on top."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from generator.i18n import catalogue

BROKEN = "casse"     # the broken game of the gallery_out fixture (conftest.py)

pytestmark = pytest.mark.browser
FR = catalogue("fr")


def _load_every_image(page) -> list[dict]:
    """Every <img>, made to load now (the page loads them lazily, as they scroll into view): src, natural width."""
    return page.evaluate("""async () => {
        const images = [...document.querySelectorAll('img')];
        images.forEach(img => { img.loading = 'eager'; });
        await Promise.all(images.map(img => img.decode().catch(() => null)));
        return images.map(img => ({src: img.currentSrc || img.src, width: img.naturalWidth}));
    }""")


def _visible(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "nodes => nodes.filter(n => n.offsetParent !== null).map(n => n.id || n.dataset.kind)")


def _file(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", f"{url}: the page reaches outside the output folder"
    return Path(unquote(parsed.path))


def test_the_page_loads_with_no_console_error_and_nothing_from_elsewhere(page, gallery_out):
    images = _load_every_image(page)
    assert len(images) > 80
    errors = [m.text for m in page.console_messages if m.type in ("error", "warning")]
    assert errors == [] and page.page_errors == [], (errors, page.page_errors)
    assert page.failed_requests == []
    assert all(url.startswith(("file://", "data:")) for url in page.requests), page.requests
    # the build's record was read: the date and seconds of the last build are filled in
    assert re.fullmatch(r"Dernière construction : .*20\d\d.*, en [\d,]+ s\.", page.inner_text("#last-build")), \
        page.inner_text("#last-build")


def test_every_image_shows_and_every_link_leads_to_a_file(page, gallery_out):
    images = _load_every_image(page)
    empty = [image["src"] for image in images if image["width"] <= 0]
    assert empty == [], f"{len(empty)} images show nothing: {empty[:5]}"
    for image in images:
        assert _file(image["src"]).is_file()
    links = page.eval_on_selector_all("a[href]", "nodes => nodes.map(n => n.href)")
    assert len(links) > 80
    for link in links:
        path = _file(link.split("#")[0])
        assert path.is_file() and gallery_out in path.parents, link
    # a page thumbnail opens its PDF at that page
    assert any(link.endswith("/tactix/regles.pdf#page=2") for link in links)


def test_every_page_of_every_pdf_has_its_thumbnail(page, gallery_out):
    import pypdfium2
    shown = page.eval_on_selector_all(".strip a", "nodes => nodes.map(n => n.getAttribute('href'))")
    expected = set()
    for game_id in ("lutinades", "tactix"):
        for pdf in sorted((gallery_out / game_id).rglob("*.pdf")):
            document = pypdfium2.PdfDocument(pdf)
            expected |= {f"{pdf.relative_to(gallery_out).as_posix()}#page={n}" for n in range(1, len(document) + 1)}
            document.close()
    assert set(shown) == expected


def test_every_card_of_a_deck_is_counted_once_among_its_faces(page, gallery_out):
    """The signposts' file of Lutinades shows each different face once with its count; the counts add up to every
    card, front and back, of the manifest: the 48 signposts (a back shared by every one is one face) and the 4 aid
    cards printed on their sheets (sheet_with), each with its own back."""
    manifest = json.loads((gallery_out / "lutinades" / "manifest.json").read_text(encoding="utf-8"))
    deck = next(entry for entry in manifest["files"] if entry["file"] == "panneaux.pdf")
    items = [item for p in deck["pages"] for item in p["items"]]
    captions = page.eval_on_selector_all(
        "section#lutinades .doc:has(a[href='lutinades/panneaux.pdf']) .faces figcaption", "nodes => nodes.map(n => n.innerText)")
    counts = [int(m.group(1)) if (m := re.search(r"×\s(\d+)", c)) else 1 for c in captions]
    signposts = [i for i in items if i["component"] == "panneaux"]
    assert len(signposts) == 96 and len(items) == 96 + 8
    assert sum(counts) == len(items)
    backs = [c for c in captions if f"· {FR('gallery.faces.back')}" in c]
    assert len([c for c in backs if "×\u00a048" in c]) == 1, "one back, shared by the 48 signposts"
    guests = {i["id"] for i in items if i["component"] != "panneaux" and i["face"] == "back"}
    assert len(backs) == 1 + len(guests), "and each aid card's own back"
    fronts = {(i["component"], i["id"]) for i in items if i["face"] == "front"}
    assert len(captions) - len(backs) == len(fronts), "each different front once"


def test_every_figure_shows_with_its_check_status(page, gallery_out):
    figures = page.eval_on_selector_all("section#tactix .figures figure", """nodes => nodes.map(n => ({
        src: n.querySelector('img').getAttribute('src'), status: n.querySelector('.status').innerText}))""")
    svgs = sorted(p.name for p in (gallery_out / "tactix" / "diagrams").glob("*.svg"))
    assert sorted(Path(f["src"]).name for f in figures) == svgs and len(svgs) == 9
    assert {f["status"] for f in figures} == {"✓ " + FR("gallery.figures.checked")}


def test_the_filter_keeps_what_is_asked_for(page, gallery_out, tmp_path):
    """Typed and picked as a reader does, through the labelled boxes; what remains is read from what shows."""
    search = page.get_by_label(FR("gallery.filter.search"))
    game = page.get_by_label(FR("gallery.filter.game"))
    kind = page.get_by_label(FR("gallery.filter.kind"))

    def games_shown():
        return [title for title in ("Lutinades", "Tactix") if page.get_by_role("heading", name=title, exact=True).is_visible()]

    def kinds(game_id):
        return sorted(set(_visible(page, f"section#{game_id} .item")))

    assert games_shown() == ["Lutinades", "Tactix"]
    search.fill("lutin")
    assert games_shown() == ["Lutinades"]
    search.fill("")
    game.select_option(label="Tactix")
    assert games_shown() == ["Tactix"]
    kind.select_option(label="Figures")
    assert games_shown() == ["Tactix"] and kinds("tactix") == ["figures"]
    assert page.get_by_text("victoire-roi-battu", exact=True).is_visible()
    page.screenshot(path=tmp_path / "gallery-tactix-figures.png")
    game.select_option(label=FR("gallery.filter.all_games"))
    kind.select_option(label="Cartes")
    assert games_shown() == ["Lutinades"] and kinds("lutinades") == ["deck"]
    assert not page.get_by_text(FR("gallery.filter.no_match")).is_visible()
    search.fill("champignon volant")                    # words that no item has
    assert games_shown() == [] and page.get_by_text(FR("gallery.filter.no_match")).is_visible()
    kind.select_option(label=FR("gallery.filter.all_kinds"))
    search.fill("ARRIVEES")                 # without its accents or case, a word finds a caption's "arrivées"
    assert games_shown() == ["Tactix"] and kinds("tactix") == ["figures"]
    total = page.locator(".item").count()
    assert page.inner_text("#filter-count") == FR("gallery.filter.shown", count=1, shown=1, total=total)
    search.fill("")
    assert page.inner_text("#filter-count") == FR("gallery.filter.shown", count=total, shown=total, total=total)


def test_the_last_build_error_is_in_a_banner_above_the_games(page, gallery_out, tmp_path):
    banner = page.locator(".banner[role=alert]")
    assert banner.is_visible()
    text = banner.inner_text()
    assert FR("gallery.banner.title", count=1) in text
    assert BROKEN in text and "board.yaml:" in text and "colour_of_the_sky" in text
    top = page.eval_on_selector(".banner", "n => n.getBoundingClientRect().top")
    first_game = page.eval_on_selector("section.game", "n => n.getBoundingClientRect().top")
    assert top < first_game
    page.screenshot(path=tmp_path / "gallery.png")
    shot = (tmp_path / "gallery.png").read_bytes()
    assert shot[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", shot[16:24]) == (1400, 1000)


def test_each_game_speaks_its_language_and_says_when_it_was_built(page):
    assert page.get_attribute("html", "lang") == "fr"
    for game_id in ("lutinades", "tactix"):
        section = page.locator(f"section#{game_id}")
        assert section.get_attribute("lang") == "fr"
        built = section.locator(".built").inner_text()
        assert re.fullmatch(r"Construit le .*20\d\d.*, en [\d,]+ s\.", built), built
    text = page.inner_text("body")
    assert FR("gallery.faces.title") in text and FR("figures.checked", count=9) in text
    for english in ("Faces to cut out", "Rulebook figures", "All files", "Last build", "checked"):
        assert english not in text


def test_an_open_gallery_reloads_itself_when_a_build_changes_the_output(browser, tmp_path):
    from click.testing import CliRunner
    from generator.cli import cli
    content, out = tmp_path / "content", tmp_path / "out"
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "fr"]).exit_code == 0
    assert CliRunner().invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out)]).exit_code == 0
    context = browser.new_context()
    tab = context.new_page()
    tab.goto((out / "index.html").as_uri())
    tab.wait_for_load_state("load")
    first = tab.evaluate("window.pnpBuild.stamp")
    tab.wait_for_timeout(1500)           # polled at least once: nothing built, the page stays
    assert tab.evaluate("window.pnpBuild.stamp") == first and tab.evaluate("performance.navigation.type") == 0
    deck = content / "demo" / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace('"Cartes Action"', '"Cartes Mouvement"'),
                    encoding="utf-8")
    with tab.expect_event("load", timeout=15_000):       # the page reloads by itself
        assert CliRunner().invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out)]).exit_code == 0
    assert tab.evaluate("window.pnpBuild.stamp") != first
    assert "Cartes Mouvement" in tab.inner_text("body")
    context.close()
