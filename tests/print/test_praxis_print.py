"""Praxis's printed pieces read back from a real build: tiles at 32.5 mm with their backs aligned, the board's
sheets cut on its grid lines, the seeded setup card, and the words of the player aids."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pdfplumber
import pytest
from printkit import MM_PER_PT, hexc

from generator.build import BuildOptions, render_unit, unit_result
from generator.content import load_game
from generator.figures import game_figures

CONTENT = Path(__file__).resolve().parents[2] / "content"
TILE_MM = 32.5
BLEED_MM = 3.0
COLOURS = {"#0070C0", "#FF0000", "#00B050", "#FFC000"}
BACK = "#7A5230"
NOTE_PT = 6.5        # print/tiling.py writes its notes at this size; the turned ones are the only turned text
GRID_LINES = [BLEED_MM + 3.5 + 35.0 * k for k in range(9)]     # the board's lines in its bleed box (margin 3.5)


SEED = BuildOptions().seed      # the seed of a build that names none: the shared build's
pytestmark = pytest.mark.xdist_group("game-praxis")     # with the other readers of its build (tests/conftest.py)


@pytest.fixture(scope="module")
def a4(game_build) -> Path:
    """Praxis built on A4 with the default options (the run's one build of it, with --shop, read-only)."""
    return game_build("praxis").out


@pytest.fixture(scope="module")
def board():
    """`board(**options)`: the unit of Praxis's board (the board and its setup card) rendered in memory as
    `pnp build` renders it, with its files and manifest entries: a test of one component does not build the rest."""
    game = load_game(CONTENT, "praxis")
    figures = game_figures(game, CONTENT)
    return lambda **options: unit_result(render_unit(game, figures, BuildOptions(**options), "component:plateau"))


def _manifest(folder: Path, name: str) -> dict:
    return next(f for f in json.loads((folder / "manifest.json").read_text())["files"] if f["file"] == name)


def _filled(page, colours) -> list[tuple[float, float, float, float]]:
    """Rectangles filled with one of `colours`, as (x, y, w, h) in mm from the page's top-left corner."""
    out = []
    for r in page.rects:
        colour = r.get("non_stroking_color")
        if not r.get("fill") or not colour or len(colour) != 3:
            continue
        if hexc(round(c * 255) for c in colour) in colours:
            out.append((r["x0"] * MM_PER_PT, r["top"] * MM_PER_PT, r["width"] * MM_PER_PT, r["height"] * MM_PER_PT))
    return out


def test_112_tiles_of_32_5_mm_each_with_its_back_under_it_after_a_long_edge_flip(a4):
    entry = _manifest(a4, "tuiles.pdf")
    pdf = pdfplumber.open(a4 / "tuiles.pdf")
    fronts = [(p, it) for p in entry["pages"] if p["side"] == "front" for it in p["items"]]
    backs = {(p["page"], round(it["trim_mm"][0], 2), round(it["trim_mm"][1], 2)): it
             for p in entry["pages"] if p["side"] == "back" for it in p["items"]}
    assert len(fronts) == 112
    ids = [it["id"] for _, it in fronts]
    assert ids.count("plus1-bleu") == 8 and ids.count("moins1-jaune") == 8 and ids.count("portail-vert") == 1
    assert len(set(ids)) == 13 * 4 + 4
    for page, item in fronts:
        x, y, w, h = item["trim_mm"]
        assert (w, h) == pytest.approx((TILE_MM, TILE_MM), abs=1e-6)
        # the front's colour fills its bleed box, 3 mm round the 32.5 mm trim, where the manifest says
        drawn = _filled(pdf.pages[page["page"] - 1], COLOURS)
        assert any(abs(rx - (x - BLEED_MM)) < 0.05 and abs(ry - (y - BLEED_MM)) < 0.05
                   and abs(rw - TILE_MM - 2 * BLEED_MM) < 0.05 for rx, ry, rw, rh in drawn), item["id"]
        # long-edge flip: the back is on the next page, mirrored left to right, at the same height
        mirrored = round(page["width_mm"] - x - w, 2)
        back = backs.get((page["page"] + 1, mirrored, round(y, 2)))
        assert back is not None and back["id"] == item["id"], (item["id"], page["page"], x, y)
        brown = _filled(pdf.pages[page["page"]], {BACK})
        assert any(abs(rx - (mirrored - BLEED_MM)) < 0.05 and abs(ry - (y - BLEED_MM)) < 0.05
                   and abs(rw - TILE_MM - 2 * BLEED_MM) < 0.05 for rx, ry, rw, rh in brown)


def test_every_tile_front_names_its_effect_and_colour_letter(a4):
    text = "\n".join(p.extract_text() for p in pdfplumber.open(a4 / "tuiles.pdf").pages[0::2])
    for word in ("Mutation", "Duel", "Récupération", "Interdiction", "Explosion", "Pioche", "Téléportation",
                 "+1", "+3", "−2", "jaune"):
        assert word in text
    assert {"B", "R", "V", "J"} <= set(re.findall(r"\b[BRVJ]\b", text))


def _windows(info: dict) -> list[tuple[str, list[float], list[float]]]:
    """(name, window in the board's bleed box, art on the page) of each piece of the board a page holds."""
    out = []
    for name, item in zip(info["tile"].split(", "), info["items"]):
        (tx, ty, _, _), art = item["trim_mm"], item["art_mm"]
        out.append((name, [art[0] - (tx - BLEED_MM), art[1] - (ty - BLEED_MM), art[2], art[3]], art))
    return out


def test_the_a4_board_is_four_pieces_cut_on_grid_lines_on_four_sheets_with_a_10_mm_overlap(a4):
    # Four sheets, not three: two strips sharing a sheet put a seam through the zone at the board's
    # bottom-right junction; cut in the middle, no seam crosses a zone (print/tiling.py, seams kept clear).
    entry = _manifest(a4, "plateau.pdf")
    pages = [p for p in entry["pages"] if p["kind"] == "tile"]
    assert len(pages) == 4 and entry["pages"][0]["kind"] == "map"        # the map, then 4 sheets to print
    pieces = [piece for p in pages for piece in _windows(p)]
    assert [name for name, _, _ in pieces] == ["A1", "A2", "B1", "B2"]
    assert [p["tile"] for p in pages] == ["A1", "A2", "B1", "B2"]          # a piece per sheet
    full = 8 * 35.0 + 2 * 3.5 + 2 * BLEED_MM
    for axis in (0, 1):
        spans = sorted({(w[axis], w[axis] + w[axis + 2]) for _, w, _ in pieces})
        assert spans[0][0] == 0 and spans[-1][1] == pytest.approx(full)
        for (a0, a1), (b0, b1) in zip(spans, spans[1:]):
            assert a1 - b0 == pytest.approx(10.0)                       # the overlap
            assert min(abs(b0 - line) for line in GRID_LINES) < 1e-6    # the next piece's edge on a grid line
    for p in pages:                                                     # inside the printable area, apart
        arts = [art for _, _, art in _windows(p)]
        for x, y, w, h in arts:
            assert 5 <= x and x + w <= 205 and 5 <= y and y + h <= 292 - 5
        for upper, lower in zip(arts, arts[1:]):
            assert upper[1] + upper[3] + 9 <= lower[1] + 1e-6


def test_overlap_notes_sit_between_grid_lines(a4):
    entry = _manifest(a4, "plateau.pdf")
    pdf = pdfplumber.open(a4 / "plateau.pdf")
    checked = 0
    for info in entry["pages"]:
        if info["kind"] != "tile":
            continue
        page = pdf.pages[info["page"] - 1]
        chars = [(c["x0"] * MM_PER_PT, c["top"] * MM_PER_PT, c["x1"] * MM_PER_PT, c["bottom"] * MM_PER_PT)
                 for c in page.chars if c["text"].strip() and (not c["upright"] or abs(c["size"] - NOTE_PT) < 0.2)]
        for item in info["items"]:
            trim = item["trim_mm"]
            xs = [trim[0] - BLEED_MM + g for g in GRID_LINES]
            ys = [trim[1] - BLEED_MM + g for g in GRID_LINES]
            ax, ay, aw, ah = item["art_mm"]
            # the strip under the next piece on the right (a vertical note) and below (a horizontal one)
            for band, lines, along in (((ax + aw - 10, ay, 10, ah), ys, 1), ((ax, ay + ah - 10, aw, 10), xs, 0)):
                bx, by, bw, bh = band
                inside = [c for c in chars if bx - 0.1 <= c[0] and c[2] <= bx + bw + 0.1 and by - 0.1 <= c[1]
                          and c[3] <= by + bh + 0.1]
                if not inside:
                    continue
                lo = min(c[along] for c in inside)
                hi = max(c[along + 2] for c in inside)
                assert hi - lo > 10                                          # the note is there, legible
                assert not any(lo - 0.5 < line < hi + 0.5 for line in lines), (info["tile"], lo, hi)
                checked += 1
    assert checked >= 4      # A1 has two notes, A2 and B1 one each


def test_the_assembly_plan_names_the_four_portals_at_the_label_floor(board):
    """The plan shows the whole board at about 0.64 and leaves out what it would print under the label floor:
    at 9 pt on the board, the portals' labels printed 5.8 pt there and the plan lost them (issue 25). The plan
    page names each of them, as the board does, at the floor or above."""
    from generator.reader_thresholds import value as threshold
    game = load_game(CONTENT, "praxis")
    plateau = next(c for c in game.components if getattr(c, "kind", None) == "board")
    labels = [zone.label for zone in plateau.zones if zone.label]
    assert len(labels) == 4
    page = pdfplumber.open(io.BytesIO(board().files["plateau.pdf"])).pages[0]     # the plan: the first page
    floor = threshold("min_label_pt")
    for label in labels:
        lines = [line for line in page.extract_text_lines() if label in line["text"]]
        assert lines, label
        sizes = {round(c["size"], 2) for line in lines for c in line["chars"] if c["text"].strip()}
        assert min(sizes) >= floor - 1e-6, (label, sizes)


def test_the_board_is_one_a3_page(board):
    entry = next(e for e in board(paper="a3").entries if e["file"] == "plateau.pdf")
    assert len(entry["pages"]) == 1 and entry["pages"][0]["kind"] == "sheet"
    assert entry["pages"][0]["items"][0]["trim_mm"][2:] == pytest.approx([287.0, 287.0])


RECTANGLES = {"bleu": ("bc", "678"), "rouge": ("fgh", "67"), "vert": ("abc", "23"), "jaune": ("fg", "123")}


def test_the_setup_card_draws_each_portal_in_its_rectangle_and_says_its_seed(a4):
    text = "\n".join(p.extract_text() for p in pdfplumber.open(a4 / "plateau-mise-en-place.pdf").pages)
    # four set-ups from the build's seed on (a seed drawing much the same squares as one kept is skipped)
    seeds = sorted(map(int, re.findall(r"Tirage n° (\d+)", text)))
    assert len(set(seeds)) == 4 and seeds[0] == SEED
    assert "pnp" not in text and "--seed" not in text      # the command is the print guide's, not the players'
    guide = "\n".join(p.extract_text() for p in pdfplumber.open(a4 / "guide-impression.pdf").pages)
    assert "pnp build praxis --seed N" in guide
    found = re.findall(r"Portail (bleu|rouge|vert|jaune) \([BRVJ]\)\s*: case ([a-h])([1-8])", text)
    assert len(found) == 16
    for colour, column, row in found:
        columns, rows = RECTANGLES[colour]
        assert column in columns and row in rows, (colour, column, row)


def test_the_same_seed_gives_the_same_card_byte_for_byte_and_another_seed_another(a4, board):
    again = board(seed=SEED).files["plateau-mise-en-place.pdf"]
    other = board(seed=11).files["plateau-mise-en-place.pdf"]
    card = (a4 / "plateau-mise-en-place.pdf").read_bytes()
    assert again == card
    assert other != card
    assert "Tirage n° 11" in pdfplumber.open(io.BytesIO(other)).pages[0].extract_text()


def test_the_player_aids_say_the_catalogue_the_collections_and_the_turn(a4):
    aid = pdfplumber.open(a4 / "aide.pdf").pages[0].extract_text()
    for word in ("Les tuiles d’effet", "Mutation", "Duel", "Récupération", "Interdiction", "Explosion", "Pioche",
                 "Téléportation", "Les collections", "Singleton", "Deux effets", "Deux couleurs", "Deux mêmes",
                 "Trois effets", "Trois couleurs", "Trois mêmes", "150", "300", "Le tour de jeu", "dés noirs"):
        assert word in aid, word
    pad = pdfplumber.open(a4 / "score.pdf").pages[0].extract_text()
    for word in ("Joueur", "Singleton · 1", "Deux effets · 5", "Trois mêmes · 300", "Total", "Partie 2"):
        assert word in pad, word
    track = pdfplumber.open(a4 / "tours.pdf").pages[0].extract_text()
    assert "Tours 1 à 10" in track and "20" in track and "dé noir" in track


def test_the_effect_and_variant_figures_are_cropped_so_two_sections_share_a_page(a4):
    """The tile-effect and variant figures show the rows their move and caption concern (diagrams.yaml `crop`),
    not the whole 6 x 6 centre: at their least size two such sections fit an A5 page, where each took a page
    (with a third of it blank) when drawn whole. The booklet was 36 A5 pages (18 sides) and the A4 edition 25."""
    booklet = pdfplumber.open(a4 / "regles-livret.pdf")
    full = pdfplumber.open(a4 / "regles.pdf")
    assert len(booklet.pages) <= 16        # 30 A5 pages, imposed two to a side
    assert len(full.pages) <= 23
