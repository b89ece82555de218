"""The tiled mats' curves, names and readings (issue 24/25, "seams and marks where they hurt").

PuXes' 3-player mat is a circle 90 cm across: its line is a curve, known to the PDF by four Béziers whose control
points make an octagon round it. The tiling's notes keep clear of the circle itself (draw/outline.cubic_points),
read back from the tiled PDF against the circle's own equation."""

from __future__ import annotations

import functools
import math
from pathlib import Path

import pytest

from generator.components.mat import mat_item
from generator.content.loader import load_game
from generator.print import PrintOptions, tile_face
from generator.print.manifest import document_entry
from generator.print.preflight import PT_PER_MM, read_pdf
from generator.print.sheet_names import printed_as_word

CONTENT = Path(__file__).resolve().parents[2] / "content"
pytestmark = pytest.mark.xdist_group("game-puxes")


@functools.lru_cache(maxsize=None)
def _tiled(mat_id: str):
    """(item, document, manifest entry) of a PuXes mat tiled on A4 as the build does."""
    game = load_game(CONTENT, "puxes")
    mat = next(size for c in game.components if type(c).__name__ == "Mat" for size in c.all_sizes()
               if size.id == mat_id)
    item = mat_item(mat, game.folder)
    doc = tile_face(item, PrintOptions(), game_title=game.info.title, component_name=mat.name)
    return item, doc, document_entry(f"{mat_id}.pdf", doc)


def _notes(doc, entry) -> list[tuple[int, str, tuple]]:
    """Each overlap note of each sheet (text drawn on the sheet's art outside the piece's clip): (page, text, box
    in the piece's trim mm, x0 y0 x1 y1 from its top-left)."""
    read = read_pdf(doc.pdf, ours=True)
    out = []
    for p, page in zip(entry["pages"], read.pages):
        if p["kind"] != "tile":
            continue
        (item,) = p["items"]
        tx, ty = item["trim_mm"][:2]
        for run in page.found.runs:
            if run.framed or "colle" not in run.text:
                continue
            x0, y0, x1, y1 = (v / PT_PER_MM for v in run.box)
            out.append((p["page"], run.text, (x0 - tx, p["height_mm"] - y1 - ty, x1 - tx, p["height_mm"] - y0 - ty)))
    return out


def test_the_3_player_mat_s_notes_keep_clear_of_the_play_circle_s_line():
    """Sheet A1's "la feuille A2 se colle ici" lay on the circle's line. Every note of the built mat lies wholly
    inside the circle or wholly outside it, 1 mm clear of its 1.2 mm line (centre 450, 450; radius 450 mm)."""
    item, doc, entry = _tiled("tapis-3j")
    notes = _notes(doc, entry)
    assert len(notes) >= 50
    struck = []
    for page, text, (x0, y0, x1, y1) in notes:
        near = math.hypot(max(x0 - 450, 0, 450 - x1), max(y0 - 450, 0, 450 - y1))
        far = max(math.hypot(x - 450, y - 450) for x in (x0, x1) for y in (y0, y1))
        if near < 450 + 0.6 + 1.0 and far > 450 - 0.6 - 1.0:
            struck.append((page, text, round(near), round(far)))
    assert struck == []


def _texts(doc, entry) -> tuple[list[str], list[str], str]:
    """The piece's own text on its sheets (drawn in the window's clip), the sheets' notes, the plan's text."""
    read = read_pdf(doc.pdf, ours=True)
    piece, notes, plan = [], [], ""
    for p, page in zip(entry["pages"], read.pages):
        runs = [r for r in page.found.runs if r.text.strip()]
        if p["kind"] == "map":
            plan += " ".join(r.text for r in runs) + " "
        elif p["kind"] == "tile":
            piece += [r.text for r in runs if r.framed]
            notes += [r.text for r in runs if not r.framed and "colle" in r.text]
    return piece, notes, plan


def test_no_sheet_of_the_3_player_mat_is_named_by_a_word_the_mat_prints():
    """The 3-player mat's sheets ran to row G: "la feuille C4 se colle ici" beside the game's "Oracle C4", and
    numbers would meet its ruler's 0 to 5. Its sheets are named by row and place (1.1, 1.2…) everywhere: the
    manifest, the sheets' notes and labels, the plan, the guide; no name is a word of the mat's own text."""
    import re
    item, doc, entry = _tiled("tapis-3j")
    names = [p["tile"] for p in entry["pages"] if p["kind"] == "tile"]
    assert names[:5] == ["1.1", "1.2", "1.3", "1.4", "2.1"] and names[-1] == "7.4" and len(names) == 32
    piece, notes, plan = _texts(doc, entry)
    words = {w for text in piece for w in re.findall(r"[\w-]+", text)}
    assert {"C4", "A2", "0", "5"} <= words
    assert not [(name, text) for name in names for text in piece if printed_as_word(name, text)]
    said = {m for note in notes for m in re.findall(r"feuille (\S+) se colle", note)}
    assert said <= set(names) and len(said) >= 25
    assert all(f"feuille {name}" in plan for name in names)
    assert "rangée après rangée (1.1, 1.2…, puis 2.1, 2.2…)" in " ".join(plan.split())
    steps = " ".join(doc.guide.steps)
    assert "(1.1, 1.2, 1.3" in steps and "Posez la feuille 1.1," in steps and " A1" not in steps


def test_a_piece_printing_no_sheet_name_keeps_its_spreadsheet_names():
    """A mat printing no word like a sheet name keeps A1, A2, B1…; numbers come next, then row and place."""
    from generator.print import sheet_names
    assert sheet_names.choose([2, 2], ["Temple", "Jardin sacré"]) == (("A1", "A2"), ("B1", "B2"))
    assert sheet_names.choose([2, 2], ["Oracle A2"]) == (("1", "2"), ("3", "4"))
    assert sheet_names.choose([2, 2], ["Oracle A2", "0 1 2 3 4 5"]) == (("1.1", "1.2"), ("2.1", "2.2"))


ZONE_FILLS = {(0xF3, 0xC2, 0xB8), (0xD8, 0xCF, 0xC0), (0xCD, 0xE8, 0xC4)}   # sacred gardens, temples, public ones


def _plan_names_and_zones(doc):
    """The plan's name boxes (white rectangles holding a sheet's name), its zones (the gardens' and temples'
    fills, each as its outline's points, turned ones included), how many "feuille" it writes, and the map's box
    (the mat's ground, the largest rectangle), in pt from the page's top-left."""
    from printkit import colour_of, open_pdf
    with open_pdf(doc.pdf) as pdf:
        page = pdf.pages[0]
        words = [w for w in page.extract_words() if w["text"] == "feuille"]
        shapes = page.objects.get("rect", []) + page.objects.get("curve", [])
        boxes = []
        for o in page.objects.get("rect", []):
            if o.get("fill") and colour_of(o) == (255, 255, 255) and any(
                    o["x0"] <= (w["x0"] + w["x1"]) / 2 <= o["x1"] and o["top"] <= (w["top"] + w["bottom"]) / 2
                    <= o["bottom"] for w in words):
                boxes.append((o["x0"], o["top"], o["x1"], o["bottom"]))
        zones = []
        for o in shapes:
            if o.get("fill") and colour_of(o) in ZONE_FILLS:
                pts = o.get("pts") or [(o["x0"], o["top"]), (o["x1"], o["top"]), (o["x1"], o["bottom"]),
                                       (o["x0"], o["bottom"])]
                zones.append([(float(x), float(y)) for x, y in pts])
        ground = max(page.objects.get("rect", []), key=lambda o: (o["x1"] - o["x0"]) * (o["bottom"] - o["top"]))
        return boxes, zones, len(words), (ground["x0"], ground["top"], ground["x1"], ground["bottom"])


def test_every_sheet_name_of_the_3_player_plan_is_inside_its_sheet_at_9_pt_or_more():
    """The plan's names of sheets C2, C4 and F3 (now 3.2, 3.4, 6.3) covered a corner of a garden: row C has no
    clear spot for a name at its size. They were then set at 6 pt, or beside the map with a leader, where the
    readers did not find the sheet they named. Read back from the plan: every sheet's name box is there, inside
    the map, its name at 9 pt or more; a name hides a garden or a temple (turned ones by their own outline) only
    where its sheet has no clear spot, on three sheets at most."""
    from generator.draw import outline
    from printkit import open_pdf
    item, doc, entry = _tiled("tapis-3j")
    boxes, zones, named, ground = _plan_names_and_zones(doc)
    assert len(boxes) == 32 and named >= 32 and len(zones) >= 9
    assert all(ground[0] - 0.5 <= b[0] and b[2] <= ground[2] + 0.5 and ground[1] - 0.5 <= b[1]
               and b[3] <= ground[3] + 0.5 for b in boxes), (ground, boxes)
    with open_pdf(doc.pdf) as pdf:
        sizes = [w["size"] for w in pdf.pages[0].extract_words(extra_attrs=["size"]) if w["text"] == "feuille"
                 and ground[1] <= w["top"] <= ground[3]]
    assert len(sizes) == 32 and min(sizes) >= 9.0 - 1e-6, sorted(sizes)[:4]
    hiding = set()
    for box in boxes:
        for zone in zones:
            part = outline.clip(outline.clip(outline.convex_hull(zone), 0, box[0], box[2]), 1, box[1], box[3])
            area = abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(part, part[1:] + part[:1]))) / 2
            if len(part) > 2 and area > 0.5:
                hiding.add(box)
    assert len(hiding) <= 3


def test_a_note_moved_off_the_circle_stays_in_the_mat_s_safe_zone():
    """Moved along its strip off the play circle's line, a note reached the mat's bleed at the strip's end (text
    outside the 5 mm safe zone on 12 sheets, which check-print fails). Read back: our preflight finds nothing."""
    from generator.print.preflight import Expectation, preflight
    item, doc, entry = _tiled("tapis-3j")
    trims = {p["page"]: [(*i["trim_mm"], i.get("safe_mm", 3.0)) for i in p.get("items", [])] for p in entry["pages"]}
    assert all(i["safe_mm"] == 5.0 for p in entry["pages"] for i in p.get("items", []))
    assert preflight(read_pdf(doc.pdf, ours=True), Expectation(item_trims_mm=trims)) == []
