"""Every piece tiled over sheets, read back from its real build: no seam (once the sheets are glued) runs
through or beside a letter of the piece, or across a zone that a sheet could hold whole.

A tile page draws the whole piece (one form) through its window's clip, so pdfplumber lists every letter of the
piece on every tile page (the form tokenised once for them all, each PDF read once for the process:
printkit.read_pages): the letters found at the same place (the piece's trim mm) on two pages are the piece's
own; the page's notes ("feuille A2 se colle ici") are not. The seams come from manifest.json: a window's left
edge inside the piece runs down its row of sheets, its top edge across its window.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from printkit import MM_PER_PT, read_pages

from generator.reader_thresholds import value

CLEARANCE = value("seam_clearance_mm")
PIECES = [("puxes", name) for name in ("tapis-2j", "tapis-2j-petit", "tapis-2j-avance", "tapis-2j-avance-petit",
                                       "tapis-3j", "tapis-4j", "tapis-4j-petit")] + [
    ("3d-run", "niveau"), ("praxis", "plateau")]
# With the PuXes mats' other readers, which read the same PDFs (tests/conftest.py).
pytestmark = pytest.mark.xdist_group("game-puxes")


def _entry(folder: Path, name: str) -> dict:
    return next(f for f in json.loads((folder / "manifest.json").read_text())["files"] if f["file"] == name)


def _tiles(entry: dict) -> list[tuple[dict, dict, tuple]]:
    """(page, item, window in the piece's trim mm as x0, y0, x1, y1) of every window."""
    out = []
    for page in entry["pages"]:
        if page["kind"] != "tile":
            continue
        for item in page["items"]:
            (tx, ty, _, _), (ax, ay, aw, ah) = item["trim_mm"], item["art_mm"]
            out.append((page, item, (ax - tx, ay - ty, ax - tx + aw, ay - ty + ah)))
    return out


def _seams(tiles) -> list[tuple[int, float, float, float]]:
    """(axis, at, from, to) of every seam in trim mm: axis 0 a vertical seam at x = at from y = from to to."""
    downs = sorted({w[1] for _, _, w in tiles if w[1] > 0})
    out = []
    for _, _, w in tiles:
        if w[0] > 0:
            below = [y for y in downs if y > w[1] + 1e-6]
            out.append((0, w[0], w[1], min(below + [w[3]])))
        if w[1] > 0:
            out.append((1, w[1], w[0], w[2]))
    return out


def _letters(pages, tiles) -> set[tuple[str, float, float, float, float]]:
    """The piece's letters (text, x0, y0, x1, y1 in trim mm): those at the same place on two tile pages."""
    seen: dict = {}
    for page, item, _ in tiles:
        tx, ty = item["trim_mm"][:2]
        here = {(ch["text"], round(ch["x0"] * MM_PER_PT - tx, 1), round(ch["top"] * MM_PER_PT - ty, 1),
                 round(ch["x1"] * MM_PER_PT - tx, 1), round(ch["bottom"] * MM_PER_PT - ty, 1))
                for ch in pages[page["page"] - 1].chars if ch["text"].strip()}
        for letter in here:
            seen[letter] = seen.get(letter, 0) + 1
    return {letter for letter, n in seen.items() if n > 1}


@pytest.fixture(scope="module")
def built(game_build):
    """`built[game]`: the folder of the run's one build of the game, asked for when a test first reads it (Praxis
    may be under way in its own group)."""
    class Built(dict):
        def __missing__(self, game):
            self[game] = game_build(game).out
            return self[game]
    return Built()


@pytest.mark.parametrize("game,piece", PIECES)
def test_no_seam_runs_through_or_beside_a_letter_of_the_piece(built, game, piece):
    folder = built[game]
    tiles = _tiles(_entry(folder, f"{piece}.pdf"))
    seams = _seams(tiles)
    assert len(tiles) > 1 and seams
    letters = _letters(read_pages(folder / f"{piece}.pdf"), tiles)
    assert len(letters) > 20
    crossed = [(text, axis, at) for axis, at, lo, hi in seams for text, *box in letters
               if box[axis] - CLEARANCE < at < box[axis + 2] + CLEARANCE and box[1 - axis] < hi and box[3 - axis] > lo]
    assert not crossed, crossed[:5]


# Filled zones: Praxis's board draws its zones as outlines (the reader's preflight checks those).
FILLED = [piece for piece in PIECES if piece != ("praxis", "plateau")]


@pytest.mark.parametrize("game,piece", FILLED)
def test_no_seam_cuts_across_a_zone_a_sheet_could_hold(built, game, piece):
    """A zone's filled area (a rectangle of one colour, smaller than a window both ways) is never cut across by
    a seam; a seam may run along its edge (two gardens side by side, a board's grid line)."""
    folder = built[game]
    tiles = _tiles(_entry(folder, f"{piece}.pdf"))
    room = (min(w[2] - w[0] for _, _, w in tiles), min(w[3] - w[1] for _, _, w in tiles))
    page, item, _ = tiles[0]
    tx, ty = item["trim_mm"][:2]
    zones = {(colour, round(x0 * MM_PER_PT - tx, 1), round(top * MM_PER_PT - ty, 1),
              round((x0 + width) * MM_PER_PT - tx, 1), round((top + height) * MM_PER_PT - ty, 1))
             for colour, x0, top, width, height in read_pages(folder / f"{piece}.pdf")[page["page"] - 1].fills}
    zones = {z for z in zones if 3.0 < z[3] - z[1] < room[0] and 3.0 < z[4] - z[2] < room[1]}
    assert zones
    cut = [(z, axis, at) for axis, at, lo, hi in _seams(tiles) for z in zones
           if z[1 + axis] + 0.5 < at < z[3 + axis] - 0.5 and z[2 - axis] < hi and z[4 - axis] > lo]
    assert not cut, cut[:5]
