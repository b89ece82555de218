"""The element language: positions measured in rendered PDFs, substitution, conditions, tables,
copies and ids, shared faces, and PDF/SVG agreement."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from comphelp import items_of, read_pdf, render_faces
from generator.draw import fonts
from generator.draw.style import TextStyle
from generator.draw.svg import SvgCanvas

DECK_HEAD = """\
    kind: deck
    id: d
    name: D
    width_mm: 50
    height_mm: 80
"""


def test_rect_circle_and_polygon_land_where_the_layout_says(make_component):
    comp, folder, _ = make_component(DECK_HEAD + """\
    front:
      - rect: {x: 7, y: 8, w: 20, h: 10, fill: "#FF0000"}
      - circle: {cx: 30, cy: 40, r: 5, stroke: "#0000FF", stroke_mm: 0.5}
      - polygon: {sides: 6, cx: 28, cy: 65, r: 10, fill: "#00FF00"}
      - rect: {fill: "#000000"}
        when: {trim: "yes"}
    fields:
      - {trim: "no"}
    """)
    page = read_pdf(render_faces([items_of(comp, folder)[0].front]))[0]
    assert page.rects == [pytest.approx((7, 8, 27, 18), abs=0.01)]
    boxes = page.curves
    assert pytest.approx((25, 35, 35, 45), abs=0.01) in boxes
    # A regular hexagon with a corner at the top: width 2 r sin 60.
    half = 10 * 3 ** 0.5 / 2
    assert pytest.approx((28 - half, 55, 28 + half, 75), abs=0.01) in boxes


def test_text_alignment_anchors_measured_from_the_pdf(make_component):
    comp, folder, _ = make_component(DECK_HEAD + """\
    front:
      - text: {text: Left, x: 10, y: 10, size_pt: 10}
      - text: {text: Right, x: 40, y: 20, size_pt: 10, align: right}
      - text: {text: Mid, x: 28, y: 40, size_pt: 10, align: center, valign: baseline}
    """)
    page = read_pdf(render_faces([items_of(comp, folder)[0].front]))[0]
    words = {w[0]: w for w in page.words()}
    style = TextStyle(size_pt=10)
    assert words["Left"][1] == pytest.approx(10, abs=0.05)
    assert words["Right"][2] == pytest.approx(40, abs=0.05)
    assert (words["Mid"][1] + words["Mid"][2]) / 2 == pytest.approx(28, abs=0.05)
    baselines = {c[0]: c[2] for c in page.chars()}
    assert baselines["L"] == pytest.approx(10 + fonts.ascent_mm(style), abs=0.02)
    assert baselines["R"] == pytest.approx(20 + fonts.ascent_mm(style), abs=0.02)
    assert baselines["M"] == pytest.approx(40, abs=0.02)


def test_fields_fill_text_colours_and_numbers_with_formats(make_component):
    comp, folder, _ = make_component(DECK_HEAD + """\
    front:
      - rect: {x: "{x}", y: 10, w: 5, h: 5, fill: "{ink}"}
      - text: {text: "N°{n:03d} {name} {{literal}}", x: 8, y: 30, size_pt: 9}
    fields:
      - {name: Alpha, n: 7, x: 12.5, ink: "#1F4E8C"}
    """)
    page = read_pdf(render_faces([items_of(comp, folder)[0].front]))[0]
    assert page.rects[0] == pytest.approx((12.5, 10, 17.5, 15), abs=0.01)
    assert tuple(round(v * 255) for v in page.page.rects[0]["non_stroking_color"]) == (0x1F, 0x4E, 0x8C)
    assert "".join(c[0] for c in page.chars()) == "N°007 Alpha {literal}"


def test_when_and_unless_pick_elements_per_row(make_component):
    comp, folder, _ = make_component(DECK_HEAD + """\
    front:
      - text: {text: Rare, x: 8, y: 10}
        when: {rarity: [rare, epic]}
      - text: {text: Plain, x: 8, y: 20}
        unless: {rarity: [rare, epic]}
    fields:
      - {rarity: common}
      - {rarity: epic}
    """)
    common, epic = items_of(comp, folder)
    texts = ["".join(c[0] for c in p.chars()) for p in read_pdf(render_faces([common.front, epic.front]))]
    assert texts == ["Plain", "Rare"]


def test_csv_table_with_counts_defaults_and_semicolons(make_component):
    comp, folder, _ = make_component(DECK_HEAD + """\
    table: cards.csv
    defaults: {colour: "#222222"}
    front:
      - text: {text: "{name}", x: 8, y: 10, colour: "{colour}"}
    """, files={"cards.csv": "name;quantity;colour\nUn;3;\nDeux;0;#FF0000\nTrois;1;#00AA00\n"})
    items = items_of(comp, folder)
    assert [(it.id, it.label, it.copies) for it in items] == [("d-01", "Un", 3), ("d-03", "Trois", 1)]
    assert items[0].meta["fields"]["colour"] == "#222222"
    assert items[0].meta["source"].endswith("cards.csv:2")


def test_each_row_names_its_file_and_line_the_file_resolved_once(make_component, monkeypatch):
    # display_path resolves a path folder by folder: once per file, not once per row (issue 26)
    from generator.components import layout
    resolved = []
    monkeypatch.setattr(layout, "display_path", lambda path: resolved.append(path) or f"shown/{path.name}")
    comp, folder, _ = make_component(DECK_HEAD + """\
    table: cards.csv
    front:
      - text: {text: "{name}", x: 8, y: 10}
    """, files={"cards.csv": "name;quantity\nUn;3\nDeux;1\nTrois;1\n"})
    items = items_of(comp, folder)
    assert [it.meta["source"] for it in items] == ["shown/cards.csv:2", "shown/cards.csv:3", "shown/cards.csv:4"]
    assert len(resolved) == 1


def test_row_ids_and_named_backs(make_component):
    comp, folder, _ = make_component(DECK_HEAD + """\
    front:
      - text: {text: "{id}", x: 8, y: 10}
    back:
      - background: {colour: "#333333"}
    backs:
      gold:
        - background: {colour: "#D4AF37"}
    back_oriented: true
    fields:
      - {id: first}
      - {back: gold}
      - {}
    """)
    a, b, c = items_of(comp, folder)
    assert [a.id, b.id, c.id] == ["first", "d-02", "d-03"]
    assert a.back is c.back and b.back is not a.back     # unchanged backs are one shared Face
    assert all(it.back_oriented for it in (a, b, c))
    backs = read_pdf(render_faces([a.back, b.back]))
    assert [tuple(round(v * 255) for v in p.page.rects[0]["non_stroking_color"]) for p in backs] == \
        [(0x33, 0x33, 0x33), (0xD4, 0xAF, 0x37)]


def test_presets_and_landscape_set_the_trim(make_component):
    comp, folder, _ = make_component("""\
    kind: deck
    id: t
    name: T
    size: tarot
    landscape: true
    front: [{background: {colour: "#FFFFFF"}}]
    """)
    face = items_of(comp, folder)[0].front
    assert (face.width_mm, face.height_mm) == (120.65, 69.85)
    assert face.corner_mm == 3.0 and face.shape == "rect" and face.bleed_mm == 3.0


def test_icons_are_drawn_inside_their_square(make_component):
    comp, folder, _ = make_component(DECK_HEAD + """\
    front:
      - icon: {name: arrow-up, cx: 28, cy: 40, size: 24, colour: "#222222"}
      - icon: {name: crown, cx: 28, cy: 70, size: 12, colour: "#B8860B", outline: "#222222"}
    """)
    page = read_pdf(render_faces([items_of(comp, folder)[0].front]))[0]
    arrow, crown = page.curve_objects()
    x0, top, x1, bottom = page.box(arrow)
    assert (top, bottom) == pytest.approx((40 - 12 + 2, 40 - 12 + 22), abs=0.01)   # tip and foot on the grid
    assert (x0 + x1) / 2 == pytest.approx(28, abs=0.01)
    assert crown["linewidth"] * 25.4 / 72 == pytest.approx(12 / 24 * 1.5, abs=0.01)


def test_pattern_is_clipped_to_its_box(make_component):
    comp, folder, _ = make_component(DECK_HEAD + """\
    front:
      - pattern: {kind: stripes, colour: "#000000", x: 10, y: 10, w: 20, h: 20, spacing_mm: 2}
    """)
    svg = SvgCanvas(56, 86)
    items_of(comp, folder)[0].front.draw(svg)
    root = ET.fromstring(svg.tostring())
    ns = {"s": "http://www.w3.org/2000/svg"}
    # The pattern is drawn once in <defs> (Canvas.repeated), clipped to its box, and placed at the box's corner.
    clips = [r.attrib for r in root.iterfind(".//s:clipPath/s:rect", ns)]
    assert {"x": "0", "y": "0", "width": "20", "height": "20"}.items() <= clips[-1].items()
    art = root.find(".//s:defs/s:g", ns)
    assert art.find(".//s:g[@clip-path]/s:path", ns) is not None
    (use,) = root.iterfind(".//s:use", ns)
    assert (use.get("x"), use.get("y")) == ("10", "10")
    assert use.get("{http://www.w3.org/1999/xlink}href") == "#" + art.get("id")


def test_pdf_and_svg_agree_on_a_face_rectangles(demo):
    from generator.components import tile
    face = tile.items(demo.component("effets"), demo.folder)[0].front
    page = read_pdf(render_faces([face]))[0]
    svg = SvgCanvas(face.bleed_width_mm, face.bleed_height_mm)
    face.draw(svg)
    root = ET.fromstring(svg.tostring())
    svg_rects = []
    for el in root.iter("{http://www.w3.org/2000/svg}rect"):
        if el.get("fill") in (None, "none"):
            continue   # clip rectangles
        x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
        svg_rects.append((x, y, x + w, y + h))
    assert len(svg_rects) == len(page.rects) >= 1
    for a, b in zip(sorted(svg_rects), sorted(page.rects)):
        assert a == pytest.approx(b, abs=0.01)


def test_identical_content_gives_identical_pdf_bytes(demo):
    from generator.components import card
    deck = demo.component("panneaux")
    first = render_faces([f for it in card.items(deck, demo.folder) for f in (it.front, it.back)])
    second = render_faces([f for it in card.items(deck, demo.folder) for f in (it.front, it.back)])
    assert first == second


def test_single_line_with_a_width_shrinks_until_it_fits(make_component):
    comp, folder, _ = make_component(DECK_HEAD + """\
    front:
      - text: {text: "Téléportation", x: 28, y: 20, w: 30, size_pt: 14, bold: true, align: center}
    """)
    page = read_pdf(render_faces([items_of(comp, folder)[0].front]))[0]
    sizes = {round(c[3], 2) for c in page.chars()}
    (size,) = sizes
    assert 7 <= size < 14
    width = fonts.text_width_mm("Téléportation", TextStyle(size_pt=size, bold=True))
    assert width <= 30 < fonts.text_width_mm("Téléportation", TextStyle(size_pt=size + 0.25, bold=True))
    (word,) = page.words()
    assert (word[1] + word[2]) / 2 == pytest.approx(28, abs=0.05)


def test_rotated_text_turns_around_its_anchor(make_component):
    comp, folder, _ = make_component(DECK_HEAD + """\
    front:
      - text: {text: "Haut", x: 40, y: 70, size_pt: 10, align: left, valign: baseline, rotate_deg: 180}
    """)
    page = read_pdf(render_faces([items_of(comp, folder)[0].front]))[0]
    first = page.page.chars[0]
    assert first["text"] == "H" and first["matrix"][0] < 0          # drawn upside down
    assert (first["matrix"][4] * 25.4 / 72, page.height_mm - first["matrix"][5] * 25.4 / 72) == \
        pytest.approx((40, 70), abs=0.02)                              # its origin stays on the anchor


def test_a_text_shrunk_to_fit_its_box_is_listed_with_its_sizes(make_component):
    from generator.components.layout import shrunk_texts
    comp, folder, _ = make_component("""\
    kind: deck
    id: d
    name: D
    width_mm: 50
    height_mm: 80
    front:
      - background: {colour: "#FFFFFF"}
      - text: {text: "{name}", x: 8, y: 10, w: 34, h: 8, size_pt: 14}
    fields:
      - {name: "Court"}
      - {name: "Un titre bien trop long pour la boîte"}
    """)
    short, long = items_of(comp, folder)
    assert shrunk_texts(short) == []
    [note] = shrunk_texts(long)
    assert (note["side"], note["element"], note["text"], note["asked_pt"]) == ("front", 2, "Un titre bien trop long pour la boîte", 14)
    assert 7 <= note["set_pt"] < 14
