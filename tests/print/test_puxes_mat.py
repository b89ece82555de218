"""PuXes' mats read back from a real build: the trim at real size, tiled on A4 with 10 mm overlaps and
assembly marks, and the temples, sacred gardens and public gardens measured on the tiles in DiXes
(one DiXe = 25 mm): temple centres at 1/6 of the length from their edge, a sacred garden of one DiXe
around the temple, the oracles 3 DiXes in front (scaled with the table's length on the smaller mat)."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pdfplumber
import pytest
from printkit import MM_PER_PT, PageRead, read_pages, segment_hits_box


CONTENT = Path(__file__).resolve().parents[2] / "content"
D = 25.0                   # one DiXe, mm
BLEED = 3.0
SACRED, TEMPLE, PUBLIC = "#F3C2B8", "#D8CFC0", "#CDE8C4"      # the zones' fills in the mat files
pytestmark = pytest.mark.xdist_group("game-puxes")     # with the other readers of its build (tests/conftest.py)


@pytest.fixture(scope="module")
def out(game_build) -> Path:
    return game_build("puxes").out


def _entry(folder: Path, name: str) -> dict:
    return next(f for f in json.loads((folder / "manifest.json").read_text())["files"] if f["file"] == name)


def _filled(folder: Path, name: str, colour: str) -> set[tuple[float, float, float, float]]:
    """Rectangles filled with `colour` on every tile, as (x0, y0, x1, y1) in mm of the mat's TRIM box
    (each found once, whichever tiles show it)."""
    return _filled_by_colour(folder, name).get(colour, set())


def _read(folder: Path, name: str, index: int) -> PageRead:
    """One page of a mat's PDF; every page of it is parsed once for all the tests, colours and modules that read
    it (printkit.read_pages): parsing its tiles (the mat's art, one form, on each) is most of these tests' time."""
    return read_pages(folder / name)[index]


def _pages(folder: Path, name: str) -> list[PageRead]:
    return list(read_pages(folder / name))


@functools.lru_cache(maxsize=None)
def _filled_by_colour(folder: Path, name: str) -> dict[str, set[tuple[float, float, float, float]]]:
    entry = _entry(folder, name)
    found: dict[str, set] = {}
    for index, info in enumerate(entry["pages"]):
        if info["kind"] != "tile":
            continue
        if len(info["items"]) > 1:
            continue        # two thin windows sharing a page: each draws the whole mat too, shifted its own way
        page = _read(folder, name, index)
        item = info["items"][0]
        wx, wy = info["window_mm"][:2]
        ax, ay = item["art_mm"][:2]
        for colour, x, top, width, height in page.fills:
            x0, y0 = x * MM_PER_PT - ax + wx - BLEED, top * MM_PER_PT - ay + wy - BLEED
            found.setdefault(colour, set()).add((round(x0, 1), round(y0, 1), round(x0 + width * MM_PER_PT, 1),
                                                 round(y0 + height * MM_PER_PT, 1)))
    return found


def _windows(entry: dict) -> dict[str, tuple]:
    """Each sheet's window in the mat's bleed-box mm (x, y, w, h), by its name: a page may hold two thin ones, one
    above the other (its `tile` names both, in the order of its items)."""
    out = {}
    for info in entry["pages"]:
        if info["kind"] == "tile":
            for name, item in zip(info["tile"].split(", "), info["items"]):
                (tx, ty, _, _), (ax, ay, aw, ah) = item["trim_mm"], item["art_mm"]
                out[name] = (ax - tx + BLEED, ay - ty + BLEED, aw, ah)
    return out


def _centre(box):
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


@pytest.mark.parametrize("name,size", [("tapis-2j.pdf", (600.0, 900.0)), ("tapis-2j-petit.pdf", (400.0, 600.0))])
def test_the_mat_is_at_real_size_tiled_on_a4_with_10_mm_overlaps(out, name, size):
    entry = _entry(out, name)
    tiles = [p for p in entry["pages"] if p["kind"] == "tile"]
    assert entry["pages"][0]["kind"] == "map" and len(tiles) > 1
    for page in tiles:
        assert sorted((page["width_mm"], page["height_mm"])) == [210.0, 297.0]
        assert all(item["trim_mm"][2:] == list(size) for item in page["items"])
    # Neighbours in a row share exactly the 10 mm overlap; together the windows cover the bleed box.
    windows = _windows(entry)
    a1, a2, b1 = windows["1.1"], windows["1.2"], windows["2.1"]      # A1, A2, B1: the mat prints "Oracle A1"
    assert a1[0] + a1[2] - a2[0] == pytest.approx(10.0)
    assert a1[1] + a1[3] - b1[1] == pytest.approx(10.0)
    assert max(w[0] + w[2] for w in windows.values()) == pytest.approx(size[0] + 2 * BLEED)
    assert max(w[1] + w[3] for w in windows.values()) == pytest.approx(size[1] + 2 * BLEED)


def test_each_tile_carries_its_assembly_marks_and_names_the_sheet_laid_over_it(out):
    entry = _entry(out, "tapis-2j.pdf")
    info, page = entry["pages"][1], _read(out, "tapis-2j.pdf", 1)            # 1.1, after the assembly map
    assert info["tile"] == "1.1"          # the mat prints "Oracle A1" and a ruler's 0 to 5: sheets by row, place
    art = info["items"][0]["art_mm"]
    edge_x = art[0] + art[2] - 10.0            # where A2's cut edge lies once laid on A1
    marks = [ln for ln in page.lines if ln["dashed"] and abs(ln["p0"][0] - edge_x) < 1e-2
             and abs(ln["p1"][0] - edge_x) < 1e-2]
    assert len(marks) == 2 and not any(segment_hits_box(m["p0"], m["p1"], art) for m in marks)
    text = page.text
    turned = "".join(ch["text"] for ch in page.chars if not ch["upright"])      # the note along the right edge
    assert "feuille 1.2" in (turned, turned[::-1])[turned.startswith("ici")] or "feuille 1.2" in turned[::-1]
    assert "feuille 2.1" in text and "feuille 1.1" in text


def test_the_two_player_mat_s_seams_run_clear_of_its_zones_rulers_and_labels(out):
    """Each seam (the cut left or top edge of a sheet laid over its neighbour) misses the temples, the
    gardens, the oracles' places, the DiXe square and the ruler, and cuts no letter in two."""
    entry = _entry(out, "tapis-2j.pdf")
    tiles = [p for p in entry["pages"] if p["kind"] == "tile"]
    ys = sorted({p["window_mm"][1] - BLEED for p in tiles} - {-BLEED})     # trim mm of the mat
    # A vertical seam runs down its own row of sheets (rows may be cut on their own), to the next row's top.
    downs = [(p["window_mm"][0] - BLEED, p["window_mm"][1] - BLEED,
              min([y for y in ys if y > p["window_mm"][1] - BLEED] + [900.0])) for p in tiles
             if p["window_mm"][0] > 0]
    assert downs and ys
    marks = [box for colour, boxes in _filled_by_colour(out, "tapis-2j.pdf").items()
             if colour in (SACRED, TEMPLE, PUBLIC, "#FFFFFF", "#222222") for box in boxes
             if box[2] - box[0] < 590 and box[3] - box[1] < 890]        # not the background
    assert len(marks) > 10
    for box in marks:
        assert not any(box[0] < x < box[2] and box[1] < bottom and box[3] > top for x, top, bottom in downs), box
        assert not any(box[1] < y < box[3] for y in ys), (box, ys)
    for index, info in enumerate(entry["pages"]):
        if info["kind"] != "tile":
            continue
        page = _read(out, "tapis-2j.pdf", index)
        ax, ay, aw, ah = info["items"][0]["art_mm"]
        for ch in page.chars:
            x0, x1 = ch["x0"] * MM_PER_PT, ch["x1"] * MM_PER_PT
            y0, y1 = ch["top"] * MM_PER_PT, ch["bottom"] * MM_PER_PT
            if info["window_mm"][0] > 0 and ay < y1 and y0 < ay + ah:
                assert not x0 + 0.1 < ax < x1 - 0.1, (info["tile"], ch["text"])
            if info["window_mm"][1] > 0 and ax < x1 and x0 < ax + aw:
                assert not y0 + 0.1 < ay < y1 - 0.1, (info["tile"], ch["text"])


def test_the_mat_s_edge_says_what_the_assembly_map_says(out):
    text = " ".join(page.text for page in _pages(out, "tapis-2j.pdf"))
    assert "bord à bord" not in text


@pytest.mark.parametrize("name,length,width", [("tapis-2j.pdf", 900.0, 600.0), ("tapis-2j-petit.pdf", 600.0, 400.0)])
def test_temples_stand_at_a_sixth_of_the_length_in_a_sacred_garden_one_dixe_wide(out, name, length, width):
    temples = sorted(_filled(out, name, TEMPLE), key=lambda b: b[1])
    sacred = sorted(_filled(out, name, SACRED), key=lambda b: b[1])
    assert len(temples) == 2 and len(sacred) == 2
    for t, s, y in zip(temples, sacred, (length / 6, length - length / 6)):     # B at the top, A at the bottom
        assert (t[2] - t[0], t[3] - t[1]) == pytest.approx((D, D), abs=0.1)     # the temple's place: one DiXe
        assert _centre(t) == pytest.approx((width / 2, y), abs=0.1)
        # The sacred garden: one DiXe all round the temple, corners (the diagonal) included: 3 x 3 DiXes.
        assert (t[0] - s[0], t[1] - s[1], s[2] - t[2], s[3] - t[3]) == pytest.approx((D, D, D, D), abs=0.1)


@pytest.mark.parametrize("name,length,gap_d", [("tapis-2j.pdf", 900.0, 3.0), ("tapis-2j-petit.pdf", 600.0, 2.0)])
def test_the_public_garden_holds_four_oracles_one_dixe_apart_in_front_of_the_temple(out, name, length, gap_d):
    temples = sorted(_filled(out, name, TEMPLE), key=lambda b: b[1])
    gardens = sorted(_filled(out, name, PUBLIC), key=lambda b: b[1])
    assert len(gardens) == 2
    top_temple, top_garden = temples[0], gardens[0]            # player B's, at the top, facing down
    bottom_temple, bottom_garden = temples[1], gardens[1]      # player A's
    for g in gardens:   # 8 x 2 DiXes: 4 oracles 1 DiXe apart (7 DiXes) and half a DiXe to spare all round
        assert (g[2] - g[0], g[3] - g[1]) == pytest.approx((8 * D, 2 * D), abs=0.1)
    # The oracles' row (the garden's middle line) stands gap_d DiXes plus half a DiXe from the temple's face.
    assert _centre(top_garden)[1] - top_temple[3] == pytest.approx((gap_d + 0.5) * D, abs=0.1)
    assert bottom_temple[1] - _centre(bottom_garden)[1] == pytest.approx((gap_d + 0.5) * D, abs=0.1)
    assert _centre(top_garden)[0] == pytest.approx(_centre(top_temple)[0], abs=0.1)


def test_every_zone_is_named_on_the_mat_and_the_dixe_is_stated(out):
    text = " ".join(p.text for p in _pages(out, "tapis-2j.pdf")[:-1])
    for word in ("Temple A", "Jardin sacré A", "Jardin public A", "Oracle A1", "Oracle A4", "1 DiXe = 25 mm",
                 "Joueur A", "Règle de 6 DiXes", "Centre : place de la forteresse"):
        assert word in text, word
    # B's words are turned to face B (read upside down on the page); the distances' words run along their
    # arrows: the SVG preview holds each as one text.
    svg = (out / "tapis-2j.svg").read_text()
    for word in ("Jardin sacré B", "Oracle B4", "Joueur B", ">6 DiXes : 1/6 de la longueur<", ">3 DiXes<"):
        assert word in svg, word
    small = (out / "tapis-2j-petit.svg").read_text()
    assert ">4 DiXes : 1/6 de la longueur<" in small and ">2 DiXes<" in small and "1 DiXe = 25 mm" in small


@pytest.mark.parametrize("name,side", [("tapis-4j.pdf", 900.0), ("tapis-4j-petit.pdf", 700.0)])
def test_four_players_each_have_the_same_corner_one_on_each_side(out, name, side):
    temples = _filled(out, name, TEMPLE)
    sacred = _filled(out, name, SACRED)
    gardens = _filled(out, name, PUBLIC)
    assert len(temples) == len(sacred) == len(gardens) == 4
    edge, middle = side / 6, side / 2
    found = sorted(c for t in temples for c in _centre(t))
    want = sorted(c for p in [(middle, side - edge), (edge, middle), (middle, edge), (side - edge, middle)] for c in p)
    assert found == pytest.approx(want, abs=0.1)
    assert {tuple(round(c) for c in _centre(t)) for t in temples} == {
        tuple(round(c) for c in p) for p in [(middle, side - edge), (edge, middle), (middle, edge), (side - edge, middle)]}
    for t in temples:
        s = next(s for s in sacred if s[0] < t[0] < s[2] and s[1] < t[1] < s[3])
        assert (t[0] - s[0], t[1] - s[1], s[2] - t[2], s[3] - t[3]) == pytest.approx((D, D, D, D), abs=0.1)
    # Each garden: 8 x 2 DiXes across its temple's line of sight, its middle (gap + 1) DiXes from the temple's centre.
    gap = 3 * D * side / 900
    for g in gardens:
        long_side, short_side = sorted((g[2] - g[0], g[3] - g[1]), reverse=True)
        assert (long_side, short_side) == pytest.approx((8 * D, 2 * D), abs=0.1)
        nearest = min(temples, key=lambda t: abs(_centre(t)[0] - _centre(g)[0]) + abs(_centre(t)[1] - _centre(g)[1]))
        (tx, ty), (gx, gy) = _centre(nearest), _centre(g)
        assert abs(tx - gx) + abs(ty - gy) == pytest.approx(D + gap, abs=0.1)


def test_the_advanced_layout_has_two_temples_side_by_side_per_player_and_six_oracle_places(out):
    temples = sorted(_filled(out, "tapis-2j-avance.pdf", TEMPLE), key=lambda b: (b[1], b[0]))
    sacred = _filled(out, "tapis-2j-avance.pdf", SACRED)
    gardens = _filled(out, "tapis-2j-avance.pdf", PUBLIC)
    assert len(temples) == len(sacred) == len(gardens) == 4
    for pair, y in ((temples[:2], 150.0), (temples[2:], 750.0)):
        (x1, y1), (x2, y2) = (_centre(t) for t in pair)
        assert (y1, y2) == pytest.approx((y, y), abs=0.1) and (x1, x2) == pytest.approx((300 - 1.5 * D, 300 + 1.5 * D))
    # The two sacred gardens of a player touch (3 DiXes between the temples' centres); each garden is 6 x 2 DiXes.
    rows = sorted(sacred, key=lambda b: (b[1], b[0]))
    assert rows[0][2] == pytest.approx(rows[1][0], abs=0.1) and rows[2][2] == pytest.approx(rows[3][0], abs=0.1)
    assert all((g[2] - g[0], g[3] - g[1]) == pytest.approx((6 * D, 2 * D), abs=0.1) for g in gardens)
    svg = (out / "tapis-2j-avance.svg").read_text()
    assert all(f">Oracle A{n}<" in svg and f">Oracle B{n}<" in svg for n in range(1, 7))


def test_three_temples_stand_at_120_degrees_a_sixth_of_the_circle_s_diameter_from_it():
    import math
    from generator.content.loader import load_game
    mat = load_game(CONTENT, "puxes").component("tapis-3j")
    circle = mat.zone_labelled("Aire de jeu : le cercle")
    cx, cy, radius = circle.x + circle.w / 2, circle.y + circle.h / 2, circle.w / 2
    assert (circle.shape, radius) == ("ellipse", 450.0)
    angles = []
    for j in "ABC":
        x, y = mat.point(f"Temple {j}")
        assert radius - math.hypot(x - cx, y - cy) == pytest.approx(2 * radius / 6)      # 6 DiXes from the circle
        assert mat.zone_labelled(f"Temple {j}").w == D
        angles.append(math.degrees(math.atan2(x - cx, y - cy)) % 360)
        sacred, garden = mat.zone_labelled(f"Jardin sacré {j}"), mat.zone_labelled(f"Jardin public {j}")
        assert (sacred.w, garden.w, garden.h) == (3 * D, 8 * D, 2 * D)
        gx, gy = mat.point(f"Jardin public {j}")
        assert math.hypot(gx - x, gy - y) == pytest.approx(4 * D) and math.hypot(gx - cx, gy - cy) < math.hypot(x - cx, y - cy)
    assert sorted(round(a) for a in angles) == [0, 120, 240]


def test_the_fortress_is_one_piece_of_3_x_3_dixes_printed_whole_under_the_last_skill_cards(out):
    # its sheet_with: not a 75 mm square alone on an A4, but in the free rows of competences.pdf's last sheet
    assert not (out / "tapis-forteresse.pdf").exists()
    entry = _entry(out, "competences.pdf")
    last = [p for p in entry["pages"] if p["side"] == "front"][-1]
    (fort,) = [i for i in last["items"] if i["component"] == "tapis-forteresse"]
    assert fort["trim_mm"][2:] == [3 * D, 3 * D]
    cards = [i for i in last["items"] if i["component"] == "competences"]
    assert fort["trim_mm"][1] > max(i["art_mm"][1] + i["art_mm"][3] for i in cards)      # under them
    page = pdfplumber.open(out / "competences.pdf").pages[last["page"] - 1]
    x, y, w, h = fort["trim_mm"]
    inside = page.within_bbox((x / MM_PER_PT, y / MM_PER_PT, (x + w) / MM_PER_PT, (y + h) / MM_PER_PT))
    assert "Forteresse" in inside.extract_text()
