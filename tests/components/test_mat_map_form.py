"""Mats, maps and forms: sizes, tiles, cell positions, legends, table lines and text sizes measured
in the rendered PDFs; errors with their file and line; PDF and SVG agreement; the full build."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from comphelp import FIXTURES, read_pdf, render_faces
from generator.cli import cli
from generator.components.form import FormLayout, form_face
from generator.print.forms import form_document, form_pages
from generator.components.map import legend_symbols, map_face, map_geometry, map_item
from generator.components.mat import mat_item
from generator.content.errors import ContentError
from generator.draw.style import MM_PER_PT
from generator.draw.svg import SvgCanvas
from generator.print import PrintOptions, check_manifest, tile_face

SVG_NS = "{http://www.w3.org/2000/svg}"


def pdf_box_mm(page, name: str) -> tuple[float, float]:
    box = page[name]
    return (float(box[2]) - float(box[0])) * MM_PER_PT, (float(box[3]) - float(box[1])) * MM_PER_PT


def hex_of(colour) -> str:
    return "#" + "".join(f"{round(v * 255):02X}" for v in colour) if colour and len(colour) == 3 else ""


def fill_of(obj) -> str:
    """Fill colour of a filled PDF object, '' for a stroke-only one (its fill colour is stale state)."""
    return hex_of(obj.get("non_stroking_color")) if obj.get("fill") else ""


def svg_rects(svg: str) -> list[tuple[str, float, float, float, float]]:
    """(fill, x, y, w, h) of every <rect> outside any transformed group."""
    root = ET.fromstring(svg)
    out = []

    def walk(node, moved: bool) -> None:
        for child in node:
            if child.tag == SVG_NS + "rect" and not moved and child.get("fill", "none") != "none":
                out.append((child.get("fill").upper(), float(child.get("x")), float(child.get("y")),
                            float(child.get("width")), float(child.get("height"))))
            if child.tag in (SVG_NS + "g", SVG_NS + "svg"):
                walk(child, moved or child.get("transform") is not None)
    walk(root, False)
    return out


def face_svg(face) -> str:
    svg = SvgCanvas(face.bleed_width_mm, face.bleed_height_mm, embed_fonts=False)
    face.draw(svg)
    return svg.tostring()


# --- mats -----------------------------------------------------------------------------------------

MAT = """\
    kind: mat
    id: tapis
    name: Tapis
    width_mm: {w}
    height_mm: {h}
    corner_mm: 20
    background: "#F4EFE2"
    grid: {{cell_mm: 50, colour: "#999999"}}
    zones:
      - {{x: 23, y: 23, w: 100, h: 60, fill: "#CDE8C4", stroke: "#2E7D32", label: Jardin}}
      - {{x: 153, y: 23, w: 80, h: 120, shape: ellipse, fill: "#F3C2B8", stroke: "#B23A2A", label: Temple}}
    elements:
      - text: {{text: "{{name}} {{width_mm}} x {{height_mm}}", x: 30, y: 150, size_pt: 12}}
"""


def test_mat_printed_whole_on_a3_has_its_exact_trim_and_bleed(make_component):
    comp, folder, _ = make_component(MAT.format(w=350, h=250))
    doc = tile_face(mat_item(comp, folder), PrintOptions(paper="a3"), game_title="T", component_name="Tapis",
                    kind="mat")
    reader = PdfReader(io.BytesIO(doc.pdf))
    assert len(reader.pages) == 1
    assert pdf_box_mm(reader.pages[0], "/TrimBox") == pytest.approx((350, 250), abs=0.1)
    # The background fills the bleed box: 3 mm beyond the trim on every side.
    page = read_pdf(doc.pdf)[0]
    backgrounds = [page.box(r) for r in page.page.rects if fill_of(r) == "#F4EFE2"]
    assert len(backgrounds) == 1
    x0, y0, x1, y1 = backgrounds[0]
    assert (x1 - x0, y1 - y0) == pytest.approx((356, 256), abs=0.1)
    trim = doc.pages[0].placements[0].trim
    assert (x0, y0) == pytest.approx((trim[0] - 3, trim[1] - 3), abs=0.1)


def test_mat_on_a4_is_tiled_with_the_stated_overlap_and_its_grid_lands_on_each_sheet(make_component):
    comp, folder, _ = make_component(MAT.format(w=350, h=250))
    options = PrintOptions(paper="a4", overlap_mm=12)
    doc = tile_face(mat_item(comp, folder), options, game_title="T", component_name="Tapis", kind="mat")
    tiles = [p for p in doc.pages if p.kind == "tile"]
    assert doc.pages[0].kind == "map" and len(tiles) == len(doc.pages) - 1 > 1
    # Neighbouring windows share exactly 12 mm; together they span the whole bleed box (356 x 256). Their
    # sizes follow the seams, placed clear of the zones and the label.
    for axis, length in ((0, 356), (1, 256)):
        spans = sorted({(p.window[axis], p.window[axis] + p.window[axis + 2]) for p in tiles})
        assert spans[0][0] == 0 and spans[-1][1] == pytest.approx(length, abs=1e-6)
        assert all(a1 - b0 == pytest.approx(12, abs=1e-6) for (_, a1), (b0, _) in zip(spans, spans[1:]))
    # On every sheet the mat's vertical grid lines (bleed-box x = 3 + 50 k) fall where the window says.
    pages = read_pdf(doc.pdf)
    for info in tiles:
        page = pages[info.number - 1]
        trim = info.placements[0].trim
        art = info.placements[0].art
        found = sorted({round(page.box(l)[0], 1) for l in page.page.lines
                        if abs(page.box(l)[0] - page.box(l)[2]) < 1e-3 and hex_of(l["stroking_color"]) == "#999999"})
        expected = [round(trim[0] + 50 * k, 1) for k in range(8) if art[0] + 0.5 < trim[0] + 50 * k < art[0] + art[2] - 0.5]
        assert expected and set(expected) <= set(found), (info.tile, expected, found)


def test_mat_zone_labels_and_element_fields_are_printed_at_seven_points_or_more(make_component):
    comp, folder, _ = make_component(MAT.format(w=350, h=250))
    page = read_pdf(render_faces([mat_item(comp, folder).front]))[0]
    text = "".join(c[0] for c in page.chars())
    assert "Jardin" in text and "Temple" in text and "Tapis 350 x 250" in text
    assert min(c[3] for c in page.chars()) >= 7.0 - 1e-6
    zone = [page.box(r) for r in page.page.rects if fill_of(r) == "#CDE8C4"]
    assert len(zone) == 1 and zone[0] == pytest.approx((23, 23, 123, 83), abs=0.01)


def test_mat_zone_labels_are_drawn_over_the_grid_so_no_line_strikes_them(make_component):
    comp, folder, _ = make_component(MAT.format(w=350, h=250))
    nodes = list(ET.fromstring(face_svg(mat_item(comp, folder).front)).iter())
    grid = [i for i, n in enumerate(nodes) if n.get("stroke", "").upper() == "#999999"]
    labels = [i for i, n in enumerate(nodes) if n.tag == SVG_NS + "text" and "".join(n.itertext()) in ("Jardin", "Temple")]
    zones = [i for i, n in enumerate(nodes) if n.get("fill", "").upper() == "#CDE8C4"]
    assert grid and len(labels) == 2 and zones
    assert max(zones) < min(grid) and max(grid) < min(labels)


def test_mat_zone_outside_the_bleed_box_names_its_line(make_component):
    with pytest.raises(ContentError) as err:
        make_component("""\
        kind: mat
        id: t
        name: T
        width_mm: 100
        height_mm: 100
        zones:
          - {x: 10, y: 10, w: 20, h: 20, fill: "#EEEEEE", label: A}
          - {x: 90, y: 10, w: 30, h: 20, fill: "#EEEEEE", label: B}
        """)
    assert err.value.line == 8 and "zone 2" in err.value.message and "bleed box" in err.value.message


def _mat_refused(make_component, elements: str) -> tuple[ContentError, Path]:
    """The error of a 100 mm square mat whose `elements:` block is `elements`, and the mat's file."""
    comp, folder, path = make_component("""\
    kind: mat
    id: t
    name: T
    width_mm: 100
    height_mm: 100
    elements:
""" + elements)
    with pytest.raises(ContentError) as err:
        mat_item(comp, folder)
    return err.value, path


def test_mat_element_with_an_unknown_field_names_its_line(make_component):
    error, path = _mat_refused(make_component, """\
      - text: {text: "{titel}", x: 10, y: 10}
    """)
    assert error.path == path and error.line == 7
    assert "unknown field 'titel'" in error.message and "element 1 (text)" in error.message


def test_mat_element_condition_on_an_unknown_field_is_an_error(make_component):
    error, path = _mat_refused(make_component, """\
      - text: {text: "X", x: 10, y: 10}
        when: {nmae: T}
    """)
    assert error.path == path and error.line == 7
    assert "when: unknown field 'nmae'" in error.message and "did you mean 'name'" in error.message


# --- maps -----------------------------------------------------------------------------------------

MAP = """\
    kind: map
    id: carte
    name: Carte
    cell_mm: 10
    legend:
      ".": {name: Vide, in_legend: false}
      "#": {name: Mur, fill: "#555555", pattern: crosshatch, pattern_colour: "#777777"}
      "?": {name: Coffret, fill: "#F2C94C", label: "?"}
      "*": {name: Étoile, icon: star, icon_colour: "#8B6508"}
      "x": {name: Jamais vu, fill: "#0000FF", label: X, label_colour: "#FFFFFF"}
    labels:
      - {at: a1, text: START, span: 3}
    grid: |
      ......
      ..?*..
      ######
"""


def test_map_cells_sit_on_the_grid_worked_out_by_hand(make_component):
    comp, folder, _ = make_component(MAP)
    assert comp.rows == ("......", "..?*..", "######") and comp.columns == 6
    page = read_pdf(render_faces([map_face(comp, folder, language="fr")]))[0]
    # Grid corner: bleed 3 + margin 8 = 11 mm. '?' is column 3 of text row 2; walls fill text row 3.
    boxes = {fill_of(r): [] for r in page.page.rects}
    for r in page.page.rects:
        boxes[fill_of(r)].append(page.box(r))
    assert pytest.approx((31, 21, 41, 31), abs=0.01) in boxes["#F2C94C"]
    walls = sorted(b for b in boxes["#555555"] if 25 < b[1] < 45)   # the map's; the legend sample lies below
    assert len(walls) == 6
    for i, wall in enumerate(walls):
        assert wall == pytest.approx((11 + 10 * i, 31, 21 + 10 * i, 41), abs=0.01)
    # Row coordinates count from the bottom, columns are letters: the '?' cell is c2.
    assert map_geometry(comp).cell_box(comp, 2, 1) == (31.0, 21.0, 10.0, 10.0)


def test_map_legend_lists_used_symbols_with_their_names_and_not_the_others(make_component):
    comp, folder, _ = make_component(MAP)
    assert [ch for ch, _ in legend_symbols(comp)] == ["#", "?", "*"]
    page = read_pdf(render_faces([map_face(comp, folder, language="fr")]))[0]
    words = " ".join(w[0] for w in page.words())
    for name in ("Légende", "Mur", "Coffret", "Étoile", "START"):
        assert name in words
    assert "Vide" not in words and "Jamais vu" not in words
    assert min(c[3] for c in page.chars()) >= 7.0 - 1e-6
    # Coordinates: a..f along the edges, 1..3 up the sides (each twice, on opposite edges).
    letters = [c[0] for c in page.chars() if abs(c[3] - 7.5) < 0.01]
    assert letters.count("f") == 2 and letters.count("3") == 2


def test_map_legend_sample_carries_the_symbol_label_so_colour_is_never_alone(make_component):
    comp, folder, _ = make_component(MAP)
    page = read_pdf(render_faces([map_face(comp, folder, language="fr")]))[0]
    geo = map_geometry(comp)
    lx, ly, lw, lh = geo.legend
    marks = [c for c in page.chars() if c[0] == "?" and lx < c[1] < lx + lw and ly < c[2] < ly + lh]
    assert len(marks) == 1


def test_unknown_map_character_names_the_file_line_and_column(make_component):
    with pytest.raises(ContentError) as err:
        make_component(MAP.replace("..?*..", "..?*Q."))
    # The block starts on line 14 of the file (after `grid: |` on line 13): the second row is line 15.
    assert err.value.line == 15
    assert "'Q'" in err.value.message and "row 2, column 5" in err.value.message
    assert "comp.yaml:15: map 'carte': character 'Q'" in str(err.value)


def test_ragged_map_rows_are_an_error_at_the_short_row(make_component):
    with pytest.raises(ContentError) as err:
        make_component(MAP.replace("..?*..\n", "..?*.\n"))
    assert err.value.line == 15 and "row 2 has 5 cells, row 1 has 6" in err.value.message


def test_map_text_from_a_file_reports_errors_in_that_file(make_component):
    text = MAP.split("    grid: |")[0] + "    grid_file: carte.txt\n"
    comp, folder, _ = make_component(text, files={"carte.txt": "......\n......\n###.##\n"})
    assert comp.rows[2] == "###.##"
    with pytest.raises(ContentError) as err:
        make_component(text, files={"carte.txt": "......\n......\n##Z###\n"})
    assert err.value.path.name == "carte.txt" and err.value.line == 3 and "column 3" in err.value.message


def test_a_fill_without_another_cue_is_refused(make_component):
    with pytest.raises(ContentError) as err:
        make_component(MAP.replace('"?": {name: Coffret, fill: "#F2C94C", label: "?"}',
                                   '"?": {name: Coffret, fill: "#F2C94C"}'))
    assert err.value.line == 8 and "colour only" in err.value.message


def test_a_label_too_long_for_its_cell_names_the_symbol_line(make_component):
    comp, folder, _ = make_component(MAP.replace('label: "?"', 'label: "COFFRET"'))
    with pytest.raises(ContentError) as err:
        map_face(comp, folder, language="fr")
    assert err.value.line == 8 and "does not fit a 10 mm cell" in err.value.message


def test_a_map_larger_than_the_paper_is_tiled_like_a_mat(make_component):
    wide = MAP.replace("      ......\n      ..?*..\n      ######\n",
                       "      " + "." * 30 + "\n      " + "..?*" * 7 + "..\n      " + "#" * 30 + "\n")
    comp, folder, _ = make_component(wide)
    item = map_item(comp, folder, language="fr")
    a4 = tile_face(item, PrintOptions(paper="a4"), game_title="T", component_name="Carte", kind="map")
    a3 = tile_face(item, PrintOptions(paper="a3"), game_title="T", component_name="Carte", kind="map")
    assert item.front.width_mm == pytest.approx(30 * 10 + 2 * 8)
    # cut on its grid lines like a board: two thin strips may share a page
    assert sum(len(p.tile.split(", ")) for p in a4.pages if p.kind == "tile") >= 2 and a4.pages[0].kind == "map"
    assert len(a3.pages) == 1
    assert pdf_box_mm(PdfReader(io.BytesIO(a3.pdf)).pages[0], "/TrimBox") == pytest.approx(
        (item.front.width_mm, item.front.height_mm), abs=0.1)


def test_map_pdf_and_svg_agree_on_the_cell_rectangles(make_component):
    comp, folder, _ = make_component(MAP)
    face = map_face(comp, folder, language="fr")
    page = read_pdf(render_faces([face]))[0]
    pdf = sorted((fill_of(r), *page.box(r)) for r in page.page.rects if fill_of(r) in ("#555555", "#F2C94C"))
    svg = sorted((f, x, y, x + w, y + h)
                 for f, x, y, w, h in svg_rects(face_svg(face)) if f in ("#555555", "#F2C94C"))
    assert len(pdf) == len(svg) == 9    # 6 walls and 1 box on the map, 1 sample of each in the legend
    for a, b in zip(pdf, svg):
        assert a[0] == b[0] and a[1:] == pytest.approx(b[1:], abs=0.01)


# --- forms ----------------------------------------------------------------------------------------

SCORE = """\
    kind: form
    id: scores
    name: Scores
    rows:
      - blocks:
          - table: {columns: [Manche, "", ""], widths: [1, 2, 2], rows: 10, row_mm: 7, numbered: true, total: true}
"""


def test_score_table_lines_fall_every_row_and_at_the_column_widths(make_component):
    comp, folder, _ = make_component(SCORE)
    page = read_pdf(render_faces([form_face(comp, folder, 200, 280)]))[0]
    horizontal = sorted(round(page.box(l)[1], 2) for l in page.page.lines if abs(page.box(l)[1] - page.box(l)[3]) < 1e-3)
    vertical = sorted(round(page.box(l)[0], 2) for l in page.page.lines if abs(page.box(l)[0] - page.box(l)[2]) < 1e-3)
    # Content starts at margin 6 mm; the title band takes 11 mm: the table's top edge is at y = 17.
    # Header + 10 rows + total = 12 rows of 7 mm: 11 inner lines (the title rule is the 12th horizontal).
    top = 6 + 11
    assert [y for y in horizontal if y > top] == [pytest.approx(top + 7 * k, abs=0.01) for k in range(1, 12)]
    width = 200 - 12
    assert vertical == [pytest.approx(6 + width / 5, abs=0.01), pytest.approx(6 + 3 * width / 5, abs=0.01)]
    chars = "".join(c[0] for c in page.chars())
    assert "Manche" in chars and "Total" in chars and "10" in chars
    assert min(c[3] for c in page.chars()) >= 7.0 - 1e-6


def test_a_growing_table_without_a_row_count_fills_the_form(make_component):
    comp, folder, _ = make_component(SCORE.replace("rows: 10, ", "").replace("      - blocks:", "      - grow: true\n        blocks:"))
    layout = FormLayout(comp, 143.5, 195)
    placed, _ = layout.place()
    (table,) = placed
    assert table.box.h == pytest.approx(195 - 6 - 11 - 6)
    page = read_pdf(render_faces([form_face(comp, folder, 143.5, 195)]))[0]
    horizontal = [l for l in page.page.lines if abs(page.box(l)[1] - page.box(l)[3]) < 1e-3 and page.box(l)[1] > 17]
    # floor(172 / 7) = 24 rows in all (header and total included): 23 inner lines.
    assert len(horizontal) == 23


def test_character_sheet_text_is_never_under_seven_points_and_lines_never_under_a_quarter_point():
    doc = form_document_of("personnage")
    page = read_pdf(doc.pdf)[0]
    assert min(c[3] for c in page.chars()) >= 7.0 - 1e-6
    widths = [o["linewidth"] for o in page.page.lines + page.page.rects + page.page.curves if o.get("stroke")]
    assert widths and min(widths) >= 0.25 - 1e-6     # pdfplumber gives line widths in points
    words = " ".join(w[0] for w in page.words())
    for label in ("RUN", "JUMP", "PULSE", "POW", "BACK", "PV", "Pièces bleues", "Drapeaux", "airmove", "fireball"):
        assert label in words


def form_document_of(form_id: str, **options):
    from generator.content.loader import load_game
    game = load_game(FIXTURES, "parcours")
    form = game.component(form_id)
    doc, _ = form_document(form, lambda w, h: form_face(form, game.folder, w, h, game_title=game.info.title),
                           PrintOptions(**options), game_title=game.info.title)
    return doc


def test_two_forms_per_page_are_split_by_a_cut_line_and_copies_make_pages():
    doc = form_document_of("scores")
    assert len(doc.pages) == 2 and all(len(p.placements) == 2 for p in doc.pages)
    left, right = (p.trim for p in doc.pages[0].placements)
    assert doc.pages[0].width_mm == 297 and left[2] == right[2] == pytest.approx((297 - 10) / 2)
    page = read_pdf(doc.pdf)[0]
    dashed = [l for l in page.page.lines if l.get("dash") and l["dash"][0]]
    assert any(abs(page.box(l)[0] - 148.5) < 0.01 and page.box(l)[1] == pytest.approx(0) for l in dashed)
    assert [c for c in "".join(ch[0] for ch in page.chars())].count("M") >= 2   # 'Manche' twice


def test_form_pages_split_the_paper_by_orientation_and_count():
    one = form_pages("a4", 1, "landscape", 5, 5)
    assert (one.width_mm, one.height_mm) == (297, 210) and one.cells == ((5, 5, 287, 195),)
    four = form_pages("letter", 4, "portrait", 5, 5)
    assert len(four.cells) == 4 and len(four.cuts) == 2
    assert four.cells[3] == pytest.approx((5 + 102.95, 5 + 132.2, 102.95, 132.2))


def test_a_form_that_does_not_fit_its_page_names_the_form(make_component):
    comp, folder, path = make_component("""\
    kind: form
    id: f
    name: F
    per_page: 4
    rows:
      - blocks:
          - lines: {count: 30, spacing_mm: 8}
    """)
    with pytest.raises(ContentError) as err:
        form_face(comp, folder, 100, 130)
    assert err.value.path == path and "the rows need" in err.value.message


def test_a_track_too_wide_for_its_block_names_the_block_line(make_component):
    comp, folder, _ = make_component("""\
    kind: form
    id: f
    name: F
    rows:
      - blocks:
          - field: {label: Nom}
          - track: {label: "Un libellé vraiment très long pour la place", boxes: 3, box_mm: 20}
    """)
    with pytest.raises(ContentError) as err:
        form_face(comp, folder, 120, 200)
    assert err.value.line == 7 and "row 1, block 2 (track)" in err.value.message


def test_a_form_block_needs_exactly_one_kind(make_component):
    with pytest.raises(ContentError) as err:
        make_component("""\
        kind: form
        id: f
        name: F
        rows:
          - blocks:
              - {field: {label: A}, lines: {count: 2}}
        """)
    assert err.value.line == 6 and "exactly one of" in err.value.message


def test_form_pdf_and_svg_agree_on_the_table_header(make_component):
    comp, folder, _ = make_component(SCORE)
    face = form_face(comp, folder, 200, 280)
    page = read_pdf(render_faces([face]))[0]
    pdf = [tuple(round(v, 2) for v in page.box(r)) for r in page.page.rects if fill_of(r) == "#EDEDED"]
    svg = [(round(x, 2), round(y, 2), round(x + w, 2), round(y + h, 2))
           for f, x, y, w, h in svg_rects(face_svg(face)) if f == "#EDEDED"]
    assert pdf == svg == [(6.0, 17.0, 194.0, 24.0)]


# --- the whole build -------------------------------------------------------------------------------

def test_build_writes_every_kind_with_guide_and_manifest_and_is_deterministic(tmp_path):
    outs = []
    for n in (1, 2):
        out = tmp_path / f"out{n}"
        result = CliRunner().invoke(cli, ["build", "parcours", "--content", str(FIXTURES), "--out", str(out)])
        assert result.exit_code == 0, result.output
        outs.append(out / "parcours")
    names = {p.name for p in outs[0].iterdir()}
    for stem in ("carte", "aire", "personnage", "scores"):
        assert {f"{stem}.pdf", f"{stem}.svg"} <= names
    for name in sorted(names):
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes(), name
    manifest = json.loads((outs[0] / "manifest.json").read_text(encoding="utf-8"))
    assert check_manifest(manifest) == []
    kinds = {f["file"]: f["kind"] for f in manifest["files"]}
    assert kinds["carte.pdf"] == "map" and kinds["aire.pdf"] == "mat" and kinds["scores.pdf"] == "form"
    guide = " ".join(p.extract_text() for p in PdfReader(outs[0] / "guide-impression.pdf").pages)
    guide = re.sub(r"\s+", " ", guide)
    for title in ("Carte de la course", "Aire de jeu", "Feuille de personnage", "Feuille de score"):
        assert title in guide
    aire = PdfReader(outs[0] / "aire.pdf")
    assert len(aire.pages) == len(manifest["files"][1]["pages"]) > 2


def test_map_cells_are_named_by_letters_or_numbers_with_rows_from_the_bottom():
    from generator.content.models import map_column_name, parse_map_cell
    assert [map_column_name(i) for i in (0, 25, 26, 27)] == ["a", "z", "aa", "ab"]
    # 30 columns, 10 text rows: row 1 is the last line of the text (index 9).
    assert parse_map_cell("a1", 30, 10) == (0, 9)
    assert parse_map_cell("ab10", 30, 10) == (27, 0)
    assert parse_map_cell("28,10", 30, 10) == (27, 0)
    assert parse_map_cell("ae1", 30, 10) is None and parse_map_cell("a11", 30, 10) is None


def test_dark_map_cells_lighten_with_ink_saver(make_component):
    comp, folder, _ = make_component(MAP.replace('fill: "#555555"', 'fill: "#1A1A1A"'))
    from generator.draw.pdf import PdfCanvas
    face = map_face(comp, folder, language="fr")
    fills = []
    for saver in (False, True):
        c = PdfCanvas()
        c.ink_saver = saver
        c.begin_page(face.bleed_width_mm, face.bleed_height_mm)
        face.draw(c)
        page = read_pdf(c.finish())[0]
        fills.append({fill_of(r) for r in page.page.rects if 25 < page.box(r)[1] < 45})
    assert fills[0] == {"#1A1A1A"} and "#1A1A1A" not in fills[1]


def test_form_elements_are_placed_in_form_millimetres_with_their_fields(make_component):
    comp, folder, _ = make_component("""\
    kind: form
    id: f
    name: F
    title: ""
    values: {edition: "2e"}
    elements:
      - rect: {x: 20, y: 30, w: 40, h: 10, fill: "#C0C0C0"}
      - text: {text: "Édition {edition}, {width_mm} mm", x: 20, y: 50, size_pt: 9}
    """)
    page = read_pdf(render_faces([form_face(comp, folder, 150, 100)]))[0]
    boxes = [page.box(r) for r in page.page.rects if fill_of(r) == "#C0C0C0"]
    assert len(boxes) == 1 and boxes[0] == pytest.approx((20, 30, 60, 40), abs=0.01)
    assert "".join(c[0] for c in page.chars()) == "Édition 2e, 150 mm"
