"""PuXes' mats read back from a real build: the trim at real size, tiled on A4 with 10 mm overlaps and
assembly marks, and the temples, sacred gardens and public gardens measured on the tiles in DiXes
(one DiXe = 25 mm): temple centres at 1/6 of the length from their edge, a sacred garden of one DiXe
around the temple, the oracles 3 DiXes in front (scaled with the table's length on the smaller mat)."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest
from printkit import MM_PER_PT, hexc, lines_mm, segment_hits_box

from generator.build import BuildOptions, build_games

CONTENT = Path(__file__).resolve().parents[2] / "content"
D = 25.0                   # one DiXe, mm
BLEED = 3.0
SACRED, TEMPLE, PUBLIC = "#F3C2B8", "#D8CFC0", "#CDE8C4"      # the zones' fills in the mat files


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("puxes")
    build_games(CONTENT, folder, ["puxes"], BuildOptions(), jobs=1, cache=False)
    return folder / "puxes"


def _entry(folder: Path, name: str) -> dict:
    return next(f for f in json.loads((folder / "manifest.json").read_text())["files"] if f["file"] == name)


def _filled(folder: Path, name: str, colour: str) -> set[tuple[float, float, float, float]]:
    """Rectangles filled with `colour` on every tile, as (x0, y0, x1, y1) in mm of the mat's TRIM box
    (each found once, whichever tiles show it)."""
    entry = _entry(folder, name)
    pdf = pdfplumber.open(folder / name)
    found = set()
    for info, page in zip(entry["pages"], pdf.pages):
        if info["kind"] != "tile":
            continue
        item = info["items"][0]
        wx, wy = info["window_mm"][:2]
        ax, ay = item["art_mm"][:2]
        for r in page.rects:
            c = r.get("non_stroking_color")
            if not r.get("fill") or not c or len(c) != 3 or hexc(round(v * 255) for v in c) != colour:
                continue
            x0, y0 = r["x0"] * MM_PER_PT - ax + wx - BLEED, r["top"] * MM_PER_PT - ay + wy - BLEED
            found.add((round(x0, 1), round(y0, 1), round(x0 + r["width"] * MM_PER_PT, 1),
                       round(y0 + r["height"] * MM_PER_PT, 1)))
    return found


def _centre(box):
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


@pytest.mark.parametrize("name,size", [("tapis-2j.pdf", (600.0, 900.0)), ("tapis-2j-petit.pdf", (400.0, 600.0))])
def test_the_mat_is_at_real_size_tiled_on_a4_with_10_mm_overlaps(out, name, size):
    entry = _entry(out, name)
    tiles = [p for p in entry["pages"] if p["kind"] == "tile"]
    assert entry["pages"][-1]["kind"] == "map" and len(tiles) > 1
    for page in tiles:
        assert sorted((page["width_mm"], page["height_mm"])) == [210.0, 297.0]
        assert page["items"][0]["trim_mm"][2:] == list(size)
    # Neighbours in a row share exactly the 10 mm overlap; together the windows cover the bleed box.
    windows = {p["tile"]: p["window_mm"] for p in tiles}
    a1, a2, b1 = windows["A1"], windows["A2"], windows["B1"]
    assert a1[0] + a1[2] - a2[0] == pytest.approx(10.0)
    assert a1[1] + a1[3] - b1[1] == pytest.approx(10.0)
    assert max(w[0] + w[2] for w in windows.values()) == pytest.approx(size[0] + 2 * BLEED)
    assert max(w[1] + w[3] for w in windows.values()) == pytest.approx(size[1] + 2 * BLEED)


def test_each_tile_carries_its_assembly_marks_and_names_the_sheet_laid_over_it(out):
    entry = _entry(out, "tapis-2j.pdf")
    pdf = pdfplumber.open(out / "tapis-2j.pdf")
    info, page = entry["pages"][0], pdf.pages[0]
    art = info["items"][0]["art_mm"]
    edge_x = art[0] + art[2] - 10.0            # where A2's cut edge lies once laid on A1
    marks = [ln for ln in lines_mm(page) if ln["dashed"] and abs(ln["p0"][0] - edge_x) < 1e-2
             and abs(ln["p1"][0] - edge_x) < 1e-2]
    assert len(marks) == 2 and not any(segment_hits_box(m["p0"], m["p1"], art) for m in marks)
    text = page.extract_text()
    assert "A2" in text and "B1" in text and "feuille A1" in text


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
    pdf = pdfplumber.open(out / "tapis-2j.pdf")
    text = " ".join(p.extract_text() or "" for p in pdf.pages[:-1])
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
