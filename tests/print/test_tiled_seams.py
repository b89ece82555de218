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

from generator.content.loader import load_game
from generator.reader_thresholds import value

CLEARANCE = value("seam_clearance_mm")
CONTENT = Path(__file__).resolve().parents[2] / "content"
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


def _seams(tiles) -> list[tuple[int, float, float, float, str]]:
    """(axis, at, from, to, sheet) of every seam in trim mm: axis 0 a vertical seam at x = at from y = from to to,
    the left edge of that sheet; axis 1 its top edge."""
    downs = sorted({w[1] for _, _, w in tiles if w[1] > 0})
    out = []
    for page, _, w in tiles:
        name = page["tile"] if len(page["items"]) == 1 else "?"
        if w[0] > 0:
            below = [y for y in downs if y > w[1] + 1e-6]
            out.append((0, w[0], w[1], min(below + [w[3]]), name))
        if w[1] > 0:
            out.append((1, w[1], w[0], w[2], name))
    return out


def _letters(pages, tiles) -> set[tuple[str, float, float, float, float]]:
    """The piece's letters (text, x0, y0, x1, y1 in trim mm): those at the same place on two tile pages."""
    seen: dict = {}
    for page, item, _ in tiles:
        if len(page["items"]) > 1:
            continue        # two thin windows sharing a page: each draws the piece, shifted its own way
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
    crossed = [(text, axis, at) for axis, at, lo, hi, _ in seams for text, *box in letters
               if box[axis] - CLEARANCE < at < box[axis + 2] + CLEARANCE and box[1 - axis] < hi and box[3 - axis] > lo]
    assert not crossed, crossed[:5]


# Filled zones: Praxis's board draws its zones as outlines (the reader's preflight checks those).
FILLED = [piece for piece in PIECES if piece != ("praxis", "plateau")]


def _extent(points, axis: int, lo: float, hi: float):
    """Where along `axis` a polygon's outline lies within the band lo..hi of the other axis (None: not in it): its
    corners in the band and where its edges meet the band's two lines."""
    found = []
    for a, b in zip(points, points[1:] + points[:1]):
        found += [p[axis] for p in (a, b) if lo <= p[1 - axis] <= hi]
        for edge in (lo, hi):
            if (a[1 - axis] - edge) * (b[1 - axis] - edge) < 0:
                t = (edge - a[1 - axis]) / (b[1 - axis] - a[1 - axis])
                found.append(a[axis] + t * (b[axis] - a[axis]))
    return (min(found), max(found)) if found else None


def _zones(folder: Path, piece: str, tiles) -> list[tuple[str, tuple]]:
    """The piece's zones as (colour, outline in trim mm): each rectangle filled in one colour, and each other
    filled path (a zone turned with its group, a polygon) by its own points, not by its box (a garden turned 30
    degrees has a box half as large again). Those a sheet could hold: more than 3 mm across, and shorter than the
    longest side of a window (a play circle larger than any sheet is cut whatever the seams)."""
    side = max(max(w[2] - w[0], w[3] - w[1]) for _, _, w in tiles)
    page, item, _ = tiles[0]
    tx, ty = item["trim_mm"][:2]
    read = read_pages(folder / f"{piece}.pdf")[page["page"] - 1]
    zones = {(colour, ((x0 * MM_PER_PT - tx, top * MM_PER_PT - ty), ((x0 + width) * MM_PER_PT - tx, top * MM_PER_PT - ty),
                       ((x0 + width) * MM_PER_PT - tx, (top + height) * MM_PER_PT - ty),
                       (x0 * MM_PER_PT - tx, (top + height) * MM_PER_PT - ty)))
             for colour, x0, top, width, height in read.fills}
    zones |= {(colour, tuple((round(x * MM_PER_PT - tx, 2), round(y * MM_PER_PT - ty, 2))
                             for x, y in (points[:-1] if points[0] == points[-1] else points)))
              for colour, points in read.shapes}
    out = []
    for colour, outline in zones:
        xs, ys = [p[0] for p in outline], [p[1] for p in outline]
        w, h = max(xs) - min(xs), max(ys) - min(ys)
        if 3.0 < w < side and 3.0 < h < side and _thick(outline):
            out.append((colour, outline))
    return out


def _thick(outline) -> bool:
    """Whether a polygon has an area more than 3 mm across (a row of a pattern's dots, turned, has not)."""
    area = abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(outline, outline[1:] + outline[:1]))) / 2
    longest = max(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 for a in outline for b in outline)
    return area > 3.0 * longest


def _cut(folder: Path, piece: str, tiles) -> list[tuple[str, tuple, int, float, str]]:
    """(colour, outline, axis, at, sheet) of each zone a seam cuts across."""
    cut, zones = [], _zones(folder, piece, tiles)
    for axis, at, lo, hi, name in _seams(tiles):
        for colour, outline in zones:
            extent = _extent(list(outline), axis, lo + 0.5, hi - 0.5)     # a seam ending on a zone's edge
            if extent is not None and extent[0] + 0.5 < at < extent[1] - 0.5:
                cut.append((colour, outline, axis, at, name))
    return cut


# The PuXes 3-player mat: no layout on A4 or Letter keeps B's and C's gardens whole (their sacred and public
# gardens, turned at 120 degrees side by side, span 210 x 199 mm: more than a sheet either way up), so PuXes'
# game.yaml lets seam_zone_cuts zones be cut, and its assembly plan says where (tests/print/test_mat_seams.py).
UNAVOIDABLE = {("puxes", "tapis-3j")}


@pytest.mark.parametrize("game,piece", [p for p in FILLED if p not in UNAVOIDABLE])
def test_no_seam_cuts_across_a_zone_a_sheet_could_hold(built, game, piece):
    """A zone's filled area (a rectangle of one colour, or a turned or polygonal one by its outline, smaller than a
    window) is never cut across by a seam; a seam may run along its edge (two gardens side by side, a board's grid
    line)."""
    folder = built[game]
    tiles = _tiles(_entry(folder, f"{piece}.pdf"))
    assert _zones(folder, piece, tiles)
    cut = _cut(folder, piece, tiles)
    assert not cut, cut[:5]


@pytest.mark.parametrize("game,piece", sorted(UNAVOIDABLE))
def test_a_piece_no_layout_keeps_whole_is_cut_where_its_plan_says_and_no_more_than_its_game_allows(built, game,
                                                                                                    piece):
    """Its zones cut are no more than its game's seam_zone_cuts, each cut by a sheet edge its assembly plan (the
    first page) names, and through the zone's end: less than a third of the way across it."""
    folder = built[game]
    tiles = _tiles(_entry(folder, f"{piece}.pdf"))
    cut = _cut(folder, piece, tiles)
    zones = {outline for _, outline, *_ in cut}
    assert 0 < len(zones) <= load_game(CONTENT, game).info.preflight_values["seam_zone_cuts"]
    plan = " ".join(read_pages(folder / f"{piece}.pdf")[0].text.split())
    for colour, outline, axis, at, name in cut:
        assert f"bord {('gauche', 'haut')[axis]} de la feuille {name}" in plan, (name, plan[-400:])
        ends = sorted(p[axis] for p in outline)
        assert min(at - ends[0], ends[-1] - at) < (ends[-1] - ends[0]) / 3, (name, at, ends)


BORDER = value("seam_border_clearance_mm")


@pytest.mark.parametrize("game,piece", [p for p in FILLED if p[0] == "puxes"])
def test_no_seam_runs_just_beside_a_zone_s_border(built, game, piece):
    """A seam runs on a zone's border (within its stroke: 1 mm) or at least seam_border_clearance_mm from it, never
    1 to 4 mm beside it (the 2-player mat's seams 1 mm outside its public gardens): glued by hand, a millimetre off,
    the border would read as drawn twice or crooked. Read back from the build, each zone by its drawn outline."""
    folder = built[game]
    tiles = _tiles(_entry(folder, f"{piece}.pdf"))
    zones = _zones(folder, piece, tiles)
    beside = []
    for axis, at, lo, hi, name in _seams(tiles):
        for colour, outline in zones:
            extent = _extent(list(outline), axis, lo + 0.5, hi - 0.5)
            if extent is not None and not extent[0] < at < extent[1]:
                beside += [(name, axis, at, round(e, 1)) for e in extent if 1.0 < abs(at - e) < BORDER]
    assert not beside, beside[:5]
