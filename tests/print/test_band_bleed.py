"""Pieces laid in a band under a host (a sheet's first grid, a form's rows, a board): every cut edge keeps the
pieces' whole bleed (FACTS.md: 3 mm) and whole crop marks (STYLE.md: 5 mm), read back from the PDF in mm;
a band too low for them is refused rather than cut short."""

from __future__ import annotations

import pypdfium2
import pytest
from printkit import lines_mm, open_pdf, synthetic_items

from generator.draw.errors import LayoutError
from generator.print import PrintOptions, impose_sheets
from generator.print.document import new_pdf
from generator.print.paper import page as paper_page
from generator.print.sheet import draw_pieces, plan_band

BLEED = 3.0
MARK = 5.0
BLEED_FILL = (0xC8, 0xDC, 0xF0)     # printkit's front bleed colour
DPI = 200


def _pixel(bitmap, x_mm, y_mm):
    scale = DPI / 25.4
    at = int(round(y_mm * scale)) * bitmap.stride + int(round(x_mm * scale)) * bitmap.n_channels
    b, g, r = bytes(bitmap.buffer[at:at + 3])
    return r, g, b


def _outer_edges(trim, trims):
    """The edges of a trim no other trim shares (cut there, not between two pieces)."""
    x, y, w, h = trim
    probes = {"left": (x - 0.5, y + h / 2), "right": (x + w + 0.5, y + h / 2), "top": (x + w / 2, y - 0.5),
              "bottom": (x + w / 2, y + h + 0.5)}
    return [edge for edge, (px, py) in probes.items()
            if not any(tx < px < tx + tw and ty < py < ty + th for tx, ty, tw, th in trims)]


def _reach(trim, art, edge):
    x, y, w, h = trim
    ax, ay, aw, ah = art
    return {"left": x - ax, "top": y - ay, "right": ax + aw - x - w, "bottom": ay + ah - y - h}[edge]


def _marks_along(lines, trim, edge):
    """The crop marks on the cut line of one edge, beyond the piece: their lengths in mm."""
    x, y, w, h = trim
    out = []
    for ln in lines:
        (x0, y0), (x1, y1) = ln["p0"], ln["p1"]
        if ln.get("dashed"):
            continue
        if edge in ("left", "right"):
            at = x if edge == "left" else x + w
            if abs(x0 - at) < 0.05 and abs(x1 - at) < 0.05 and (max(y0, y1) <= y or min(y0, y1) >= y + h):
                out.append(abs(y1 - y0))
        else:
            at = y if edge == "top" else y + h
            if abs(y0 - at) < 0.05 and abs(y1 - at) < 0.05 and (max(x0, x1) <= x or min(x0, x1) >= x + w):
                out.append(abs(x1 - x0))
    return out


def _check_band(pdf_bytes, page_index, band_placements, all_trims):
    page = open_pdf(pdf_bytes).pages[page_index]
    lines = lines_mm(page)
    bitmap = pypdfium2.PdfDocument(pdf_bytes)[page_index].render(scale=DPI / 72)
    checked = 0
    for p in band_placements:
        for edge in _outer_edges(p.trim, all_trims):
            assert _reach(p.trim, p.art, edge) == pytest.approx(BLEED, abs=0.01), (p.item_id, edge)
            x, y, w, h = p.trim
            inside = {"left": (x - BLEED + 0.3, y + h / 2), "right": (x + w + BLEED - 0.3, y + h / 2),
                      "top": (x + w / 2, y - BLEED + 0.3), "bottom": (x + w / 2, y + h + BLEED - 0.3)}[edge]
            assert _pixel(bitmap, *inside) == BLEED_FILL, (p.item_id, edge, inside)
            checked += 1
        for edge in ("left", "right", "top", "bottom"):
            marks = _marks_along(lines, p.trim, edge)
            if marks:
                assert max(marks) == pytest.approx(MARK, abs=0.05), (p.item_id, edge, marks)
    assert checked
    return lines


def test_a_second_size_in_the_band_under_a_sheet_keeps_its_whole_bleed_and_marks():
    items = synthetic_items(12, 14, 14, back=False) + synthetic_items(6, 16, 16, back=False, component="grands")
    doc = impose_sheets(items, PrintOptions(), game_title="Essai", component_name="Pions")
    (info,) = doc.pages
    band = [p for p in info.placements if p.component == "grands"]
    assert len(band) == 6
    lines = _check_band(doc.pdf, 0, band, [p.trim for p in info.placements])
    # each cut line of the band (its pieces' outer edges) has a whole mark at both ends
    xs = sorted({round(p.trim[0], 3) for p in band} | {round(p.trim[0] + p.trim[2], 3) for p in band})
    top, bottom = min(p.trim[1] for p in band), max(p.trim[1] + p.trim[3] for p in band)
    for x in xs:
        ends = [abs(ln["p1"][1] - ln["p0"][1]) for ln in lines
                if abs(ln["p0"][0] - x) < 0.05 and abs(ln["p1"][0] - x) < 0.05
                and (max(ln["p0"][1], ln["p1"][1]) <= top or min(ln["p0"][1], ln["p1"][1]) >= bottom)]
        assert len(ends) >= 2 and min(ends) == pytest.approx(MARK, abs=0.05), (x, ends)


def test_a_band_in_a_forms_free_region_keeps_its_whole_bleed_and_marks_or_is_refused():
    page = paper_page("a4", "portrait", 5.0)
    (pawn,) = synthetic_items(1, 18, 9, back=False, component="pions")
    options = PrintOptions()
    # a 3d Run character sheet's band: 188 mm across, as low as a 9 mm piece with whole bleed and marks needs
    need = 9 + 2 * (BLEED + 0.5 + MARK)
    band = plan_band([(pawn, 1)], (11.0, 120.0, 188.0, need + 0.1), page, 1, options)
    pdf = new_pdf(options, title="Essai")
    pdf.begin_page(page.width_mm, page.height_mm)
    draw_pieces(pdf, band)
    data = pdf.finish()
    (placement,) = [p for p, _ in band.faces]
    lines = _check_band(data, 0, [placement], [placement.trim])
    x, y, w, h = placement.trim
    for at in (x, x + w):     # the vertical cut lines: a whole mark above and below
        ends = [abs(ln["p1"][1] - ln["p0"][1]) for ln in lines
                if abs(ln["p0"][0] - at) < 0.05 and abs(ln["p1"][0] - at) < 0.05]
        assert len(ends) == 2 and min(ends) == pytest.approx(MARK, abs=0.05), ends
    for at in (y, y + h):     # the horizontal ones: left and right
        ends = [abs(ln["p1"][0] - ln["p0"][0]) for ln in lines
                if abs(ln["p0"][1] - at) < 0.05 and abs(ln["p1"][1] - at) < 0.05]
        assert len(ends) == 2 and min(ends) == pytest.approx(MARK, abs=0.05), ends
    with pytest.raises(LayoutError, match="do not fit"):
        plan_band([(pawn, 1)], (11.0, 120.0, 188.0, need - 0.5), page, 1, options)


def test_a_size_too_tall_for_the_band_under_spread_rows_goes_under_a_last_row_on_as_many_sheets():
    # PuXes: 20 skill cards spread 9 + 6 + 5 left the 75 mm fortress no band with whole bleed and marks (it went
    # alone on a fourth sheet); 9 + 8 + 3 keeps three sheets and lays it under the last row
    items = synthetic_items(20) + synthetic_items(1, 75, 75, component="fort")
    doc = impose_sheets(items, PrintOptions(), game_title="Essai", component_name="Cartes")
    rectos = [info for info in doc.pages if info.side == "recto"]
    assert [len(info.placements) for info in rectos] == [9, 8, 4]
    last = doc.pages.index(rectos[-1])
    band = [p for p in rectos[-1].placements if p.component == "fort"]
    _check_band(doc.pdf, last, band, [p.trim for p in rectos[-1].placements])
