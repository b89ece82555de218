"""N-up sheets that waste no paper: rows spread over the pages rather than a lone row on the last sheet, and
bleed kept on every cut edge of every piece, the last row's included. Read back from the PDF."""

from __future__ import annotations

import pypdfium2
import pytest
from printkit import SIDE_CODE, open_pdf, rects_by_colour, synthetic_items

from generator.print import PrintOptions, impose_sheets

BLEED_FILL = {"front": (0xC8, 0xDC, 0xF0), "back": (0xF0, 0xDC, 0xC8)}     # printkit's bleed colours
DPI = 150


def impose(items, **kw):
    return impose_sheets(items, PrintOptions(**kw), game_title="Essai", component_name="Cartes")


def flipped(box, page_w, edge="long"):
    x, y, w, h = box
    return (page_w - x - w, y, w, h)


def test_twenty_cards_spread_three_two_two_rows_and_backs_still_line_up():
    doc = impose(synthetic_items(20))
    pdf = open_pdf(doc.pdf)
    assert len(pdf.pages) == 6
    rows, counts = [], []
    for n in (0, 2, 4):
        info = doc.pages[n]
        fronts, backs = rects_by_colour(pdf.pages[n]), rects_by_colour(pdf.pages[n + 1])
        mine = [(key[0], box) for key, boxes in fronts.items() if key[1:] == SIDE_CODE["front"] for box in boxes]
        counts.append(len(mine))
        rows.append(len({round(box[1], 1) for _, box in mine}))
        for index, box in mine:
            (back,) = backs[(index, *SIDE_CODE["back"])]
            assert back == pytest.approx(flipped(box, info.width_mm), abs=0.01)
    assert counts == [9, 6, 5] and rows == [3, 2, 2]


def test_full_pages_are_kept_when_the_last_holds_more_than_a_row():
    doc = impose(synthetic_items(23, back=False))      # 9 + 9 + 5: two rows on the last sheet
    assert [len(p.placements) for p in doc.pages] == [9, 9, 5]


def _pixel(bitmap, x_mm, y_mm):
    """(r, g, b) of the rendered page at a point in mm (pdfium's bitmap: rows of BGR or BGRA pixels)."""
    scale = DPI / 25.4
    n = bitmap.n_channels
    at = int(round(y_mm * scale)) * bitmap.stride + int(round(x_mm * scale)) * n
    b, g, r = bytes(bitmap.buffer[at:at + 3])
    return r, g, b


@pytest.mark.parametrize("count,size", [(6, 14.0), (7, 14.0), (13, 30.0)])
def test_every_cut_edge_of_every_piece_bleeds_the_last_row_and_column_too(count, size):
    # small pieces butted into a grid (one shared cut between neighbours); the page is not full, so the last
    # row's bottom edge and the last piece's right edge are outer cuts: the art must go past them
    doc = impose(synthetic_items(count, size, size))
    document = pypdfium2.PdfDocument(doc.pdf)
    for index, info in enumerate(doc.pages):
        bitmap = document[index].render(scale=DPI / 72)
        side = "front" if info.side == "recto" else "back"
        trims = [p.trim for p in info.placements]
        for x, y, w, h in trims:
            for px, py in ((x + w / 2, y - 1.5), (x + w / 2, y + h + 1.5), (x - 1.5, y + h / 2),
                           (x + w + 1.5, y + h / 2)):
                inside_other = any(tx < px < tx + tw and ty < py < ty + th for tx, ty, tw, th in trims)
                if not inside_other:
                    assert _pixel(bitmap, px, py) == BLEED_FILL[side], (info.number, (x, y), (px, py))
