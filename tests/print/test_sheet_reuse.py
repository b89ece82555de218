"""Within a deck only the sheets whose cards changed are drawn again (`pnp watch`, draw/pdfpages.py), and the
files written are byte for byte those of a fresh build of the same content."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.build import BuildOptions, build_games, draw_sheets_in_memory
from generator.components import layout
from generator.draw import pdfpages

ROOT = Path(__file__).resolve().parents[2]
GAME = "peer-deck"
# peer-deck: 48 cards, 9 to an A4 sheet, 6 sheets and their 6 backs. Card 5 is on the first sheet, 12 on the second.
PAGES = 12


@pytest.fixture
def deck(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(ROOT / "benchmarks" / GAME, content / GAME)
    return content


def _edit(content: Path, old: str, new: str) -> None:
    path = content / GAME / "deck.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")


def _build(content: Path, out: Path, **kwargs) -> pdfpages.Counts:
    pdfpages.reset_counts()
    build_games(content, out, [GAME], BuildOptions(), gallery=False, **kwargs)
    return pdfpages.reset_counts()


def _same_as_fresh(content: Path, out: Path, fresh: Path) -> None:
    """Every file of the game's folder equals a build from scratch of the same content (outside keeping_pages:
    every page drawn)."""
    assert _build(content, fresh, cache=False).replayed == 0
    names = sorted(p.name for p in (fresh / GAME).iterdir())
    assert names == sorted(p.name for p in (out / GAME).iterdir())
    for name in names:
        assert (out / GAME / name).read_bytes() == (fresh / GAME / name).read_bytes(), name


@pytest.fixture
def laid_out(monkeypatch):
    """The faces laid out (their layout resolved) by the builds that follow: (item id, side)."""
    seen = []
    resolve = layout.resolve_layout

    def resolve_layout(face_layout, row, item_id, *args, **kwargs):
        seen.append((item_id, args[2]))
        return resolve(face_layout, row, item_id, *args, **kwargs)
    monkeypatch.setattr(layout, "resolve_layout", resolve_layout)
    return seen


def test_a_one_card_edit_draws_one_sheet_and_writes_the_bytes_of_a_fresh_build(deck, tmp_path, laid_out):
    out = tmp_path / "out"
    with pdfpages.keeping_pages():
        assert _build(deck, out) == pdfpages.Counts(drawn=PAGES, replayed=0)
        assert len(laid_out) == 48 + 1          # every front, and the back all cards share
        laid_out.clear()
        _edit(deck, "{nn: \"05\", suit: Fire", "{nn: \"05\", suit: Flame")
        # the card's sheet is drawn again; its back page, like every other sheet, is played again
        assert _build(deck, out) == pdfpages.Counts(drawn=1, replayed=PAGES - 1)
        assert laid_out == [("peers-05", "front")], "only the card edited is laid out again"
    _same_as_fresh(deck, out, tmp_path / "fresh")
    import pdfplumber
    with pdfplumber.open(out / GAME / "peers.pdf") as pdf:
        assert "Flame 05" in pdf.pages[0].extract_text()
        assert "Flame" not in "".join(page.extract_text() for page in pdf.pages[1:])


def test_a_new_character_draws_the_sheets_whose_font_codes_it_moves_and_no_other(deck, tmp_path):
    """A character the document has not drawn yet takes the next code of the font's subset: the sheets
    before it are played again, those after it drawn (their codes follow), and the bytes are a fresh build's."""
    out = tmp_path / "out"
    with pdfpages.keeping_pages():
        _build(deck, out)
        _edit(deck, "{nn: \"12\", suit: Gold", "{nn: \"12\", suit: Gôld")   # card 12: the second sheet
        counts = _build(deck, out)
        assert counts.replayed >= 2 and counts.drawn >= 1 and counts.drawn + counts.replayed == PAGES
    _same_as_fresh(deck, out, tmp_path / "fresh")


def test_an_asset_saved_again_draws_the_faces_that_may_read_it(tmp_path):
    """A face reads files of the game's assets folder (an SVG image here): saving one changes its key."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "benchmarks" / GAME, content / GAME)
    assets = content / GAME / "assets"
    assets.mkdir()
    art = assets / "mark.svg"
    art.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" '
                   'fill="#112233"/></svg>', encoding="utf-8")
    _edit(content, "  - background: {colour: \"#223355\"}\n",
          "  - background: {colour: \"#223355\"}\n  - image: {file: mark.svg, x: 30, y: 80, w: 9, h: 9}\n")
    out = tmp_path / "out"
    record = out / ".pnp-cache" / f"{GAME}.json"
    with pdfpages.keeping_pages():
        _build(content, out)
        # a card edited: the back is not laid out again, but the deck still depends on the file it read
        _edit(content, "{nn: \"05\", suit: Fire", "{nn: \"05\", suit: Flame")
        assert _build(content, out).replayed > 0
        reads = json.loads(record.read_text(encoding="utf-8"))["units"]["component:peers"]["reads"]
        assert f"{GAME}/assets/mark.svg" in reads
        art.write_text(art.read_text(encoding="utf-8").replace("#112233", "#AA0000"), encoding="utf-8")
        assert _build(content, out).drawn >= PAGES // 2     # the backs show it: drawn again
    _same_as_fresh(content, out, tmp_path / "fresh")


def test_nothing_is_kept_outside_keeping_pages(deck, tmp_path):
    _build(deck, tmp_path / "out")
    _edit(deck, "{nn: \"05\", suit: Fire", "{nn: \"05\", suit: Flame")
    assert _build(deck, tmp_path / "out") == pdfpages.Counts(drawn=PAGES, replayed=0)


def test_watch_started_on_a_current_output_keeps_its_sheets_for_the_first_edit(deck, tmp_path):
    """`pnp watch` on an output its last build left current draws nothing to write: its sheets are drawn in
    memory (draw_sheets_in_memory) so that the first edit draws one sheet, not every one."""
    out = tmp_path / "out"
    _build(deck, out)
    with pdfpages.keeping_pages():
        assert _build(deck, out).drawn == 0           # current: nothing rendered
        draw_sheets_in_memory(deck, [GAME], BuildOptions())
        _edit(deck, "{nn: \"05\", suit: Fire", "{nn: \"05\", suit: Flame")
        assert _build(deck, out) == pdfpages.Counts(drawn=1, replayed=PAGES - 1)
    _same_as_fresh(deck, out, tmp_path / "fresh")
