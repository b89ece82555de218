"""Boards and mats: whole on one page when the paper allows, else tiles that cover it with the stated overlap."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from printkit import MM_PER_PT, lines_mm, open_pdf, segment_hits_box, synthetic_face
from pypdf import PdfReader

from generator.components.face import Item
from generator.print import PrintOptions, plan_tiling, tile_face
from generator.print.tiling import row_name

TOL = 1e-6


def board(w, h):
    return Item("plateau", "plateau", synthetic_face(0, "front", w, h))


def tile(w, h, **kw):
    return tile_face(board(w, h), PrintOptions(**kw), game_title="Essai", component_name="Plateau")


def _coverage(windows, length, axis):
    spans = sorted({(w[axis], w[axis] + w[axis + 2]) for w in windows})
    return spans


@pytest.mark.parametrize("size,kw", [((600.0, 400.0), {}), ((600.0, 400.0), {"overlap_mm": 15.0}),
                                     ((450.0, 300.0), {"paper": "letter"}), ((900.0, 600.0), {"paper": "a3"})])
def test_tiles_cover_the_whole_board_with_the_stated_overlap(size, kw):
    doc = tile(*size, **kw)
    overlap = kw.get("overlap_mm", 10.0)
    tiles = [p for p in doc.pages if p.kind == "tile"]
    assert len(tiles) > 1
    full_w, full_h = size[0] + 6, size[1] + 6          # the bleed box is what gets printed
    for axis, length in ((0, full_w), (1, full_h)):
        spans = _coverage([p.window for p in tiles], length, axis)
        assert spans[0][0] == pytest.approx(0, abs=1e-3)
        assert spans[-1][1] == pytest.approx(length, abs=1e-3)
        for (a0, a1), (b0, b1) in zip(spans, spans[1:]):
            assert a1 - b0 == pytest.approx(overlap, abs=1e-3)   # neighbours share exactly the overlap
    for p in tiles:
        (pl,) = p.placements
        x, y, w, h = pl.art
        assert w == pytest.approx(p.window[2]) and h == pytest.approx(p.window[3])
        assert 5 - TOL <= x and x + w <= p.width_mm - 5 + TOL and 5 - TOL <= y and y + h <= p.height_mm - 5 + TOL
        # the board moves with its window: the window's board point is where its art starts on the page
        assert pl.trim[0] - 3 + p.window[0] == pytest.approx(x, abs=1e-3)
        assert pl.trim[1] - 3 + p.window[1] == pytest.approx(y, abs=1e-3)


def test_tiles_are_named_row_letter_column_number_and_the_map_comes_first():
    doc = tile(600.0, 400.0)
    t = plan_tiling(606.0, 406.0, PrintOptions())
    names = [p.tile for p in doc.pages if p.kind == "tile"]
    assert names == [f"{row_name(r)}{c + 1}" for r in range(t.rows) for c in range(t.columns)]
    assert names[:2] == ["A1", "A2"] and doc.pages[0].kind == "map"
    pdf = open_pdf(doc.pdf)
    for info, page in zip(doc.pages, pdf.pages):
        text = page.extract_text()
        if info.kind == "tile":
            assert f"feuille {info.tile}" in text and f"page {info.number}/{len(doc.pages)}" in text
    map_text = pdf.pages[0].extract_text()
    for name in names:
        assert f"feuille {name}" in map_text


def test_the_fewest_pages_win_when_choosing_the_paper_way_up():
    t = plan_tiling(606.0, 406.0, PrintOptions())
    # portrait A4: 191 x 273 mm of window room -> 4 x 2 = 8; landscape: 278 x 186 -> 3 x 3 = 9
    assert (t.page.orientation, t.columns, t.rows) == ("portrait", 4, 2)


def test_alignment_marks_show_where_the_next_sheet_edge_goes():
    doc = tile(600.0, 400.0)
    pdf = open_pdf(doc.pdf)
    a1, page = doc.pages[1], pdf.pages[1]          # A1, after the assembly map
    art = a1.placements[0].art
    edge_x = art[0] + art[2] - 10.0          # A2's left edge lies here once laid on A1
    edge_y = art[1] + art[3] - 10.0          # B1's top edge
    lines = lines_mm(page)
    vertical = [ln for ln in lines if abs(ln["p0"][0] - edge_x) < 1e-3 and abs(ln["p1"][0] - edge_x) < 1e-3]
    horizontal = [ln for ln in lines if abs(ln["p0"][1] - edge_y) < 1e-3 and abs(ln["p1"][1] - edge_y) < 1e-3]
    assert len(vertical) == 2 and len(horizontal) == 2
    for ln in vertical + horizontal:
        assert ln["dashed"]
        assert not segment_hits_box(ln["p0"], ln["p1"], art, 0.0)   # outside the art, in the margin


def test_tile_marks_stay_off_the_art():
    doc = tile(600.0, 400.0)
    pdf = open_pdf(doc.pdf)
    for info, page in zip(doc.pages, pdf.pages):
        if info.kind != "tile":
            continue
        art = info.placements[0].art
        for ln in lines_mm(page):
            assert not segment_hits_box(ln["p0"], ln["p1"], art, 0.0)


def test_a_board_that_fits_a3_is_printed_whole_with_its_trim_and_bleed_boxes():
    doc = tile(380.0, 270.0, paper="a3")
    assert len(doc.pages) == 1 and doc.pages[0].kind == "sheet"
    info = doc.pages[0]
    (p,) = info.placements
    assert p.trim[2:] == (380.0, 270.0)
    page = PdfReader(io.BytesIO(doc.pdf)).pages[0]
    h = info.height_mm
    trim = [float(v) * MM_PER_PT for v in page.trimbox]
    assert trim == pytest.approx([p.trim[0], h - p.trim[1] - 270.0, p.trim[0] + 380.0, h - p.trim[1]], abs=0.01)
    bleed = [float(v) * MM_PER_PT for v in page.bleedbox]
    assert bleed == pytest.approx([p.art[0], h - p.art[1] - p.art[3], p.art[0] + p.art[2], h - p.art[1]], abs=0.01)
    assert p.art[2] - p.trim[2] == pytest.approx(6.0)        # the whole 3 mm bleed on both sides


def test_the_same_board_on_a4_is_tiled():
    doc = tile(380.0, 270.0)
    assert sum(p.kind == "tile" for p in doc.pages) == 4 and doc.pages[0].kind == "map"


def test_a_tiled_board_that_a3_holds_whole_says_so_and_the_guide_gives_the_a3_files():
    # issue 25: a rulebook promised an A3 board that the A4 files never offered
    from generator.print.guide import designer_section, print_guide
    doc = tile(380.0, 270.0)
    assert doc.guide.whole_on == "a3"
    assert any("entier sur une seule feuille de papier A3" in step for step in doc.guide.steps)
    options = PrintOptions()
    blocks = designer_section("essai", options, draws=False, variants=(), whole_on=doc.guide.whole_on)
    guide = print_guide("Essai", [("plateau.pdf", doc.guide)], options, designer=blocks)
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(guide.pdf)).pages)
    assert "pnp build essai --paper a3" in text
    # the player's part names no command: it sends to the designer's section, last
    assert text.index("entier sur une seule feuille de papier A3") < text.index("Pour qui prépare les fichiers")
    for too_big, kw in (((900.0, 600.0), {}), ((380.0, 270.0), {"paper": "a3"})):   # A3 cannot help, or is used
        assert tile(*too_big, **kw).guide.whole_on == ""
        assert not any("entier sur une seule feuille" in step for step in tile(*too_big, **kw).guide.steps)
    assert not any("--paper" in text for _, text in designer_section("essai", options, draws=False, variants=()))


def test_a_board_whose_trim_fits_inside_the_margin_stays_whole_with_its_outline_drawn():
    # 194 mm square on A4: no room for 4.5 mm of marks each side of the trim (194 + 9 > 200), but the trim fits.
    doc = tile(194.0, 194.0)
    assert [p.kind for p in doc.pages] == ["sheet"]
    (p,) = doc.pages[0].placements
    assert p.art[0] >= 5 - TOL and p.art[0] + p.art[2] <= 205 + TOL
    page = open_pdf(doc.pdf).pages[0]
    outline = [r for r in page.rects if r.get("stroke") and not r.get("fill")]
    assert [(round(r["width"] * MM_PER_PT, 3), round(r["height"] * MM_PER_PT, 3)) for r in outline] == [(194.0, 194.0)]
    x, y, w, h = p.trim
    near = 0.01
    guides = []
    for ln in lines_mm(page):
        if not segment_hits_box(ln["p0"], ln["p1"], p.art, 0.0):
            continue
        # The only lines on the art are cut guides: a trim line carried on across the bleed, outside the trim.
        (x0, y0), (x1, y1) = ln["p0"], ln["p1"]
        if abs(y0 - y1) < near:
            assert min(abs(y0 - y), abs(y0 - y - h)) < near and (max(x0, x1) <= x + near or min(x0, x1) >= x + w - near)
            guides.append(("h", round(y0, 1), round(min(x0, x1), 1)))
        else:
            assert min(abs(x0 - x), abs(x0 - x - w)) < near and (max(y0, y1) <= y + near or min(y0, y1) >= y + h - near)
    # The top and bottom cuts find no room for crop marks beside the board: each has its guide at both ends.
    assert sorted(g for g in guides if g[0] == "h") == sorted(
        [("h", round(cy, 1), round(cx, 1)) for cy in (y, y + h) for cx in (p.art[0], x + w)])


def test_the_assembly_map_leaves_out_the_arts_labels_it_would_print_under_the_floor():
    # a 600 x 400 mm mat drawn about 1:3.4 on the map: its 9 pt labels would print at 2.6 pt (left out, not
    # enlarged: the map shows the sheets' names), its 40 pt title at 11.7 pt (kept as it is)
    import pdfplumber

    from generator.components.face import Face
    from generator.draw import TextStyle
    from generator.reader_thresholds import value

    def draw(c):
        c.rect(0, 0, 606, 406, fill="#F4EFE2")
        c.text(100, 100, "Temple", TextStyle(size_pt=9))
        c.text(300, 200, "Tapis", TextStyle(size_pt=40, bold=True))
    item = Item("tapis", "tapis", Face(600.0, 400.0, draw))
    doc = tile_face(item, PrintOptions(), game_title="Essai", component_name="Tapis")
    assert doc.pages[0].kind == "map"
    with pdfplumber.open(io.BytesIO(doc.pdf)) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
        tile_words = {w["text"] for w in pdf.pages[1 + [p.tile for p in doc.pages[1:]].index("A1")]
                      .extract_words()}
    texts = {w["text"] for w in words}
    assert min(w["size"] for w in words) >= value("min_label_pt") - 0.01
    assert "Temple" not in texts and "Tapis" in texts and "A1" in texts
    assert "Temple" in tile_words                          # at real size on its sheet, as drawn


def test_the_assembly_map_keeps_the_labels_the_games_own_floor_lets_it_print():
    # the map's text floor is the game's (game.yaml preflight min_label_pt, through BuildOptions.print_options), as
    # the figures' is: a 12 pt label drawn about 1:3.2 prints at 3.8 pt, left out at the reader's 6 pt, kept where
    # the game reads labels down to 3 pt
    import pdfplumber

    from generator.build import BuildOptions
    from generator.components.face import Face
    from generator.draw import TextStyle

    def draw(c):
        c.rect(0, 0, 606, 406, fill="#F4EFE2")
        c.text(100, 100, "Temple", TextStyle(size_pt=12))
    item = Item("tapis", "tapis", Face(600.0, 400.0, draw))
    printed = []
    for thresholds in (None, {"min_label_pt": 3.0}):
        options = BuildOptions().print_options("fr", thresholds)
        doc = tile_face(item, options, game_title="Essai", component_name="Tapis")
        with pdfplumber.open(io.BytesIO(doc.pdf)) as pdf:
            words = pdf.pages[0].extract_words(extra_attrs=["size"])
        printed.append([round(w["size"], 1) for w in words if w["text"] == "Temple"])
    assert printed == [[], [3.8]]


def test_rows_are_cut_on_their_own_where_a_seam_down_the_whole_height_would_run_through_a_label():
    """Labels at x 310-340 and 350-380 mm in the top half, 240-270 and 340-370 in the bottom half of a 500 x 400
    face: no cut down the whole height misses them all in three columns, but each row's own cut does (343 mm
    above, 333 below), in as many sheets as the face without labels, each sheet's seam 2 mm or more away."""
    labels = [(310.0, 50.0), (350.0, 50.0), (240.0, 300.0), (340.0, 300.0)]
    keep = tuple((x, y, 30.0, 10.0, True) for x, y in labels)
    upright = PrintOptions(orientation="portrait")      # (either way up, rows may turn: 5 sheets, test_mat_seams)
    t = plan_tiling(500.0, 400.0, upright, keep_clear_mm=keep)
    assert t.row_xs and t.row_xs[0] != t.row_xs[1]
    assert t.count == plan_tiling(500.0, 400.0, upright).count == 6
    for r in range(t.rows):
        y0, h = t.ys[r]
        for c in range(1, t.columns_in(r)):
            seam = t.window(r, c)[0]
            for x, y in labels:
                if y0 <= y <= y0 + h:
                    assert seam <= x - 2.0 or seam >= x + 30.0 + 2.0, (r, seam, x)
    # every window still covers its part of the face, the sheets of a row overlapping by 10 mm
    for r in range(t.rows):
        spans = [t.window(r, c) for c in range(t.columns_in(r))]
        assert spans[0][0] == 0 and spans[-1][0] + spans[-1][2] == pytest.approx(500.0)
        assert all(a[0] + a[2] - b[0] == pytest.approx(10.0) for a, b in zip(spans, spans[1:]))
    # drawn: each row's sheets carry their own names, the plan first
    doc = tile_face(Item("tapis", "tapis", replace(synthetic_face(0, "front", 494.0, 394.0), keep_clear_mm=keep)),
                    upright, game_title="Essai", component_name="Tapis")
    assert doc.pages[0].kind == "map" and [p.tile for p in doc.pages[1:]] == ["A1", "A2", "A3", "B1", "B2", "B3"]


@pytest.mark.parametrize("size,rows,order", [
    ((560.0, 180.0), 1, "de gauche à droite (A1, A2, A3)"),
    ((600.0, 400.0), 2, "rangée après rangée (A1, A2…, puis B1, B2…)"),
])
def test_the_assembly_note_names_the_order_of_the_sheets_it_has(size, rows, order):
    """A one-row map (3d Run's level: A1-A3) is assembled from left to right, its sheets named; only a map of
    several rows says "puis B1, B2…". The note used to hedge "puis la rangée B s'il y en a une" on every map."""
    doc = tile(*size)
    assert plan_tiling(size[0] + 6, size[1] + 6, PrintOptions()).rows == rows
    text = " ".join(open_pdf(doc.pdf).pages[0].extract_text().split()).replace(" :", ":")   # thin space or none
    assert f"Assemblez-les dans l’ordre de leurs noms, {order}: chaque feuille" in text, text
    assert "s’il y en a une" not in text
