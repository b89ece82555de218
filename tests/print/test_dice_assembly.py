"""What a player assembles, read back from the PDFs: each die's six stickers together under its name, numbered
1 to 6 on the backing (outside the cut, at a readable size); the nets' faces carry the same numbers; folds
stand out on every face colour; nets spread evenly over as few sheets as hold them; and the real dice of PuXes
and Tactix raise no warning of the reader about their sheets."""

from __future__ import annotations

import json
import re

import pdfplumber
import pytest
from printkit import open_pdf

from generator.draw.style import TextStyle
from generator.print import DieArt, PrintOptions, dice_nets, dice_stickers
from generator.print.reader import Subject, sheet_fill

MM = 25.4 / 72          # mm per point
LABEL_FLOOR_PT = 5.0


def _marked_face(die: str, n: int, s: float, fill: str = "#F8E3A0"):
    """A face that says which die and which face it is, in its middle: so a reader can tell the art apart."""
    def draw(c):
        c.rect(0, 0, s, s, fill=fill)
        c.text(s / 2, s / 2 + 1, f"{die}{n}", TextStyle(size_pt=9), align="center")
    return draw


def _dice(count=3, s=22.0, copies=1, fill="#F8E3A0"):
    return [DieArt(f"d{i}", f"Dé n{i}", tuple(_marked_face(f"x{i}", n, s, fill) for n in range(1, 7)), copies=copies)
            for i in range(count)]


def _words(page):
    return page.extract_words(extra_attrs=["size"])


def _inside(word, box, tol=0.0) -> bool:
    x, y, w, h = box
    return (x - tol <= word["x0"] * MM and word["x1"] * MM <= x + w + tol
            and y - tol <= word["top"] * MM and word["bottom"] * MM <= y + h + tol)


def test_each_dies_six_stickers_sit_together_under_its_name_numbered_1_to_6_below_each_outside_its_cut():
    dice = _dice(count=4, s=22.0)
    doc = dice_stickers(dice, PrintOptions(), sticker_mm=22.0, game_title="Essai", component_name="Autocollants")
    pdf = open_pdf(doc.pdf)
    for info, page in zip(doc.pages, pdf.pages):
        words = _words(page)
        blocks = {}
        for p in info.placements:
            blocks.setdefault((p.item_id, p.copy), []).append(p)
        hulls = {}
        for key, ps in blocks.items():
            assert [p.face for p in ps] == ["1", "2", "3", "4", "5", "6"]
            hulls[key] = (min(p.trim[0] for p in ps), min(p.trim[1] for p in ps),
                          max(p.trim[0] + p.trim[2] for p in ps), max(p.trim[1] + p.trim[3] for p in ps))
        # grouped: no sticker of another die inside a die's block
        for key, (x0, y0, x1, y1) in hulls.items():
            for other in info.placements:
                if (other.item_id, other.copy) != key:
                    ox, oy = other.trim[0] + other.trim[2] / 2, other.trim[1] + other.trim[3] / 2
                    assert not (x0 < ox < x1 and y0 < oy < y1)
        for key, ps in blocks.items():
            die = next(d for d in dice if d.id == key[0])
            for p in ps:
                x, y, w, h = p.trim
                art = [wd for wd in words if _inside(wd, p.trim) and wd["text"].startswith("x")]
                assert [wd["text"] for wd in art] == [f"x{key[0][1:]}{p.face}"]     # the face's own art
                below = [wd for wd in words if wd["text"] == p.face and x <= wd["x0"] * MM and wd["x1"] * MM <= x + w
                         and y + h < wd["top"] * MM < y + h + 2.0]
                assert len(below) == 1, (key, p.face)
                assert below[0]["size"] >= LABEL_FLOOR_PT - 0.01
            # the die's name, above its block or level with its first row on its left
            x0, y0, x1, y1 = hulls[key]
            name = [wd for wd in words if wd["text"] == die.name.split()[-1]]
            assert any(wd["x1"] * MM <= x0 + 0.1 and y0 <= wd["top"] * MM <= y1
                       or (y0 - 5 <= wd["top"] * MM <= y0 and x0 - 0.1 <= wd["x0"] * MM <= x1) for wd in name), key


def test_copies_of_a_die_each_get_a_block_named_with_its_copy_and_stickers_share_no_cut():
    dice = _dice(count=2, s=13.0, copies=3)
    doc = dice_stickers(dice, PrintOptions(), sticker_mm=13.0, game_title="Essai", component_name="Autocollants")
    text = "\n".join(p.extract_text() for p in open_pdf(doc.pdf).pages)
    for i in range(2):
        for n in range(1, 4):
            assert f"Dé n{i} ({n}/3)" in text
    trims = [p.trim for p in doc.placements]
    for i, a in enumerate(trims):
        for b in trims[i + 1:]:
            gap_x = max(b[0] - (a[0] + a[2]), a[0] - (b[0] + b[2]))
            gap_y = max(b[1] - (a[1] + a[3]), a[1] - (b[1] + b[3]))
            assert max(gap_x, gap_y) >= 3.0 - 1e-6


def test_net_faces_carry_the_numbers_of_their_stickers_and_pip_faces_their_pips():
    dice = _dice(count=2, s=25.0)
    pips = DieArt("p", "Pips", tuple(_marked_face("y", n, 25.0) for n in range(1, 7)),
                  self_numbered=(True,) * 6)
    nets = dice_nets(dice + [pips], PrintOptions(), size_mm=25.0, tab_mm=6.0, game_title="Essai",
                     component_name="Dés")
    stickers = dice_stickers(dice, PrintOptions(), sticker_mm=22.0, game_title="Essai", component_name="Autocollants")
    sticker_art = {}
    for info, page in zip(stickers.pages, open_pdf(stickers.pdf).pages):
        words = _words(page)
        for p in info.placements:
            sticker_art[(p.item_id, p.face)] = [w["text"] for w in words if _inside(w, p.trim) and w["text"][0] in "xy"]
    for info, page in zip(nets.pages, open_pdf(nets.pdf).pages):
        words = _words(page)
        for p in info.placements:
            inside = [w for w in words if _inside(w, p.trim)]
            art = [w["text"] for w in inside if w["text"][0] in "xy"]
            numbers = [w for w in inside if re.fullmatch(r"[1-6]", w["text"])]
            if p.item_id == "p":
                assert numbers == []        # its art already says its number
                continue
            assert [w["text"] for w in numbers] == [p.face]
            assert numbers[0]["size"] >= LABEL_FLOOR_PT - 0.01
            # the number sits in the bottom-right corner, clear of the art in the middle
            x, y, w, h = p.trim
            assert numbers[0]["x0"] * MM > x + 0.75 * w and numbers[0]["top"] * MM > y + 0.75 * h
            assert art == sticker_art[(p.item_id, p.face)]       # net face n shows what sticker n shows


def _luminance(rgb) -> float:
    def lin(v):
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _rgb(hexc: str):
    return tuple(int(hexc[k:k + 2], 16) / 255 for k in (1, 3, 5))


@pytest.mark.parametrize("fill, lattice", [("#F8E3A0", "#E5CC7A"), ("#2B2B2B", "#2B2B2B"), ("#FFFFFF", "#FFFFFF"),
                                           ("#F2C4BE", "#F2C4BE"), ("#BFD8F2", "#9DBFE3")])
def test_every_fold_of_a_net_stands_out_on_its_faces_colour_and_lattice(fill, lattice):
    nets = dice_nets(_dice(count=1, s=25.0, fill=fill), PrintOptions(), size_mm=25.0, tab_mm=6.0,
                     game_title="Essai", component_name="Dés")
    info, page = nets.pages[0], open_pdf(nets.pdf).pages[0]
    faces = [p.trim for p in info.placements]

    def on_fold(line) -> bool:      # a segment along an edge shared by two faces
        x0, y0, x1, y1 = (line["x0"] * MM, line["top"] * MM, line["x1"] * MM, line["bottom"] * MM)
        edges = 0
        for x, y, w, h in faces:
            if (abs(x0 - x1) < 0.01 and (abs(x0 - x) < 0.01 or abs(x0 - x - w) < 0.01) and y - 0.01 <= y0
                    and y1 <= y + h + 0.01) or (abs(y0 - y1) < 0.01 and (abs(y0 - y) < 0.01 or abs(y0 - y - h) < 0.01)
                                                 and x - 0.01 <= x0 and x1 <= x + w + 0.01):
                edges += 1
        return edges == 2

    folds = [ln for ln in page.lines if on_fold(ln)]
    assert folds
    by_place: dict = {}
    for ln in folds:
        key = tuple(round(v, 1) for v in (ln["x0"], ln["top"], ln["x1"], ln["bottom"]))
        by_place.setdefault(key, []).append(ln)
    assert len(by_place) == 5          # the five folds between faces
    for strokes in by_place.values():
        best = max(min(_contrast(tuple(s["stroking_color"]), _rgb(fill)), _contrast(tuple(s["stroking_color"]),
                                                                                   _rgb(lattice)))
                   for s in strokes if s.get("stroking_color") and len(s["stroking_color"]) == 3)
        assert best >= 4.5


def test_nets_spread_evenly_over_as_few_sheets_as_hold_them():
    nets = dice_nets(_dice(count=6, s=25.0), PrintOptions(), size_mm=25.0, tab_mm=6.0, game_title="Essai",
                     component_name="Dés")
    per_page = [len(p.placements) // 6 for p in nets.pages]
    assert per_page == [3, 3]          # not 4, 2 (or 5, 1 head to tail): a last sheet half blank
    stickers = dice_stickers(_dice(count=10, s=22.0), PrintOptions(), sticker_mm=22.0, game_title="Essai",
                             component_name="Autocollants")
    assert len(stickers.pages) == 1


def test_the_reader_measures_a_net_by_the_paper_it_takes_not_its_six_squares():
    """Three 25 mm nets on an A4 sheet: their faces cover 18 % of it, the crosses they make and the corners
    between their arms, which no other net can use, take over a third."""
    nets = dice_nets(_dice(count=3, s=25.0), PrintOptions(), size_mm=25.0, tab_mm=6.0, game_title="Essai",
                     component_name="Dés")
    from generator.print.manifest import _page as page_entry
    entry = {"file": "d.pdf", "pages": [page_entry(p) for p in nets.pages]}
    assert sheet_fill(Subject("d.pdf", role="sheets", entry=entry), None) == []
    one = dice_nets(_dice(count=1, s=25.0), PrintOptions(), size_mm=25.0, tab_mm=6.0, game_title="Essai",
                    component_name="Dés")
    entry = {"file": "d.pdf", "pages": [page_entry(p) for p in one.pages]}
    assert [w.kind for w in sheet_fill(Subject("d.pdf", role="sheets", entry=entry), None)] == ["sheet_fill"]


# --- the real games ------------------------------------------------------------------------------------------
def _dice_warnings(output: str) -> list[str]:
    return [line for line in output.splitlines() if re.search(r"des(-[a-d])?-(patrons|autocollants)\.pdf", line)]


@pytest.mark.parametrize("game", ["puxes", "tactix"])
def test_the_dice_sheets_of_puxes_and_tactix_raise_no_warning_of_the_reader(game_build, game):
    built = game_build(game)
    assert _dice_warnings(built.output) == []
    manifest = json.loads((built.out / "manifest.json").read_text())
    for entry in manifest["files"]:
        if re.fullmatch(r"des(-[a-d])?-(patrons|autocollants)\.pdf", entry["file"]):
            assert sheet_fill(Subject(entry["file"], role="sheets", entry=entry), None) == []


@pytest.mark.parametrize("set_id", ["a", "d"])
def test_puxes_stickers_and_nets_number_each_dies_faces_alike(game_build, set_id):
    folder = game_build("puxes").out
    manifest = {f["file"]: f for f in json.loads((folder / "manifest.json").read_text())["files"]}
    for name in (f"des-{set_id}-autocollants.pdf", f"des-{set_id}-patrons.pdf"):
        items = [(p["page"], i) for p in manifest[name]["pages"] for i in p["items"]]
        faces: dict = {}
        for _, i in items:
            faces.setdefault(i["id"], []).append(i["face"])
        assert len(faces) == 10 and all(sorted(f) == list("123456") for f in faces.values())
        with pdfplumber.open(folder / name) as pdf:
            for page_no, item in items:
                x, y, w, h = item["trim_mm"]
                words = _words(pdf.pages[page_no - 1])
                if name.endswith("autocollants.pdf"):      # on the backing, just under the sticker
                    box = (x, y + h, w, 3.5)
                elif item["rotation_deg"] == 180:           # in the face's corner: a net turned head to tail
                    box = (x, y, 0.4 * w, 0.4 * h)          # has it top left on the page
                else:                                       # in the face's corner
                    assert item["rotation_deg"] == 0
                    box = (x + 0.6 * w, y + 0.6 * h, 0.4 * w, 0.4 * h)
                found = [wd for wd in words if wd["text"] == item["face"] and _inside(wd, box)]
                assert len(found) == 1 and found[0]["size"] >= LABEL_FLOOR_PT, (name, item["id"], item["face"])


def test_the_puxes_aid_maps_every_character_face_to_its_power_with_its_icon(game_build):
    import csv
    from pathlib import Path
    folder = game_build("puxes").out
    game = Path(__file__).resolve().parents[2] / "content" / "puxes"
    with open(game / "competences.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    with pdfplumber.open(folder / "aide.pdf") as pdf:
        page = pdf.pages[0]
        halves = [page.crop((0, 0, page.width / 2, page.height)), page.crop((page.width / 2, 0, page.width,
                                                                             page.height))]
        lines = [ln for half in halves for ln in half.extract_text_lines()]     # the sheet's two columns
        text = " ".join(ln["text"] for ln in lines)
        curves = [c for c in page.curves if c.get("fill")]
        sizes = {round(c["size"], 2) for c in page.chars}
    assert "Quel pouvoir pour quelle face" in text
    assert min(sizes) >= 6.0
    for row in rows:
        line = next((ln for ln in lines if re.match(rf"{row['numero']} {re.escape(row['personnage'])} ", ln["text"])), None)
        assert line is not None, row["personnage"]
        assert row["competence"].replace("'", "\u2019") in line["text"].replace("'", "\u2019")
        # the character's icon drawn on the row, left of its number
        assert any(c["x1"] <= line["x0"] + 0.5 and c["top"] < line["bottom"] and c["bottom"] > line["top"]
                   for c in curves), row["personnage"]


@pytest.mark.parametrize("machine", ["silhouette", "cricut"])
def test_sticker_blocks_stay_clear_of_a_cutting_machines_marks_and_the_cut_file_is_in_their_frame(machine):
    from generator.print.cutter import cutter_layout
    options = PrintOptions(cutter=machine)
    doc = dice_stickers(_dice(count=10, s=22.0), options, sticker_mm=22.0, game_title="Essai",
                        component_name="Autocollants")
    cutter = cutter_layout(machine, "a4")
    page = open_pdf(doc.pdf).pages[0]
    black = [r for r in page.rects if r.get("non_stroking_color") in ([0, 0, 0], (0, 0, 0), [0], (0,), [0, 0, 0, 1],
                                                                        (0, 0, 0, 1))]
    assert len(black) >= len(cutter.marks)          # the registration marks are printed
    for p in doc.placements:
        assert cutter.clear(p.trim)
    frame_w, frame_h = cutter.frame[2], cutter.frame[3]
    svg = doc.cut_files[0][1]
    assert re.search(rf'width="{frame_w:g}mm"', svg) and re.search(rf'height="{frame_h:g}mm"', svg)
    assert any(machine.capitalize() in step for step in doc.guide.steps)      # how to set the machine
    assert machine.capitalize() in doc.pages[0].label


def test_a_net_face_s_number_and_its_symbol_never_overlap_tactix_16_mm_kings():
    # Tactix's kings: a crown on every face, each numbered on its net. At 16 mm the number's patch (3.8 mm
    # inside the face, the safe zone) covered the crown's base: the crown is now kept out of it.
    from pathlib import Path
    from generator.components.die import die_faces
    from generator.content import load_game
    from generator.print.dicenet import dice_arts, net_tab_mm
    game = load_game(Path(__file__).resolve().parents[2] / "content", "tactix")
    dice = next(c for c in game.components if c.kind == "dice")
    kings = [a for a in dice_arts(dice, die_faces) if a.id.startswith("roi")]
    nets = dice_nets(kings, PrintOptions(), size_mm=dice.size_mm, tab_mm=net_tab_mm(dice), game_title="Tactix",
                     component_name=dice.name)
    checked = 0
    for info, page in zip(nets.pages, open_pdf(nets.pdf).pages):
        words = _words(page)
        for p in info.placements:
            x, y, w, h = p.trim
            number = next(wd for wd in words if _inside(wd, p.trim) and re.fullmatch(r"[1-6]", wd["text"]))
            nx0, nx1, ny0, ny1 = number["x0"] * MM, number["x1"] * MM, number["top"] * MM, number["bottom"] * MM
            inside = [o for o in page.curves + page.rects if o.get("fill") and _inside(o, p.trim, tol=0.01)]
            ground = next(o["non_stroking_color"] for o in inside if (o["x1"] - o["x0"]) * MM > 0.99 * w)
            ink = [o for o in inside if o["non_stroking_color"] != ground]     # the crown (the patch is ground)
            assert ink, "no crown drawn"
            for o in ink:
                apart = (o["x1"] * MM <= nx0 or o["x0"] * MM >= nx1 or o["bottom"] * MM <= ny0 or o["top"] * MM >= ny1)
                assert apart, f"{p.item_id} face {p.face}: the crown runs under its number"
            checked += 1
    assert checked == 12
