"""Saddle-stitch booklet: half-size pages imposed two-up on landscape sheets, in folding order.

`booklet_order` is the whole rule, as a pure function: the book is padded with
blank pages to a multiple of 4; sheet s (0 first, the outermost) carries on
its front the last and the first page still free, on its back the next two
from the middle inwards. Printed double-sided, flipping on the short edge, and
folded together in the middle, the sheets make the book in order.

`impose` places the pages of a half-size PDF on those sheets as they are,
without redrawing them (pypdf merges each page's content in place).
"""

from __future__ import annotations

import io
from typing import NamedTuple

from pypdf import PageObject, PdfReader, PdfWriter, Transformation
from pypdf.generic import NameObject, RectangleObject


class SheetSide(NamedTuple):
    sheet: int               # 1-based sheet number, outermost first
    side: str                # "front" or "back"
    left: int | None         # 1-based page number, None for a blank
    right: int | None


def padded_count(n_pages: int) -> int:
    """Pages of the folded book: n_pages rounded up to a multiple of 4."""
    if n_pages < 1:
        raise ValueError("a booklet needs at least one page")
    return -(-n_pages // 4) * 4


def booklet_order(n_pages: int) -> list[SheetSide]:
    """Every sheet side in print order, with the page printed on each half (None: blank)."""
    total = padded_count(n_pages)

    def page(p: int) -> int | None:
        return p if p <= n_pages else None

    out: list[SheetSide] = []
    for s in range(total // 4):
        out.append(SheetSide(s + 1, "front", page(total - 2 * s), page(1 + 2 * s)))
        out.append(SheetSide(s + 1, "back", page(2 + 2 * s), page(total - 1 - 2 * s)))
    return out


def impose(pdf: bytes, *, title: str = "") -> bytes:
    """A4 landscape sheets (or whatever twice the page width is) from a PDF of half-size pages."""
    reader = PdfReader(io.BytesIO(pdf))
    pages = list(reader.pages)
    if not pages:
        raise ValueError("nothing to impose: the PDF has no pages")
    half_w = float(pages[0].mediabox.width)
    height = float(pages[0].mediabox.height)
    for i, p in enumerate(pages, start=1):
        if abs(float(p.mediabox.width) - half_w) > 0.01 or abs(float(p.mediabox.height) - height) > 0.01:
            raise ValueError(f"page {i} is not the size of page 1: a booklet needs pages of one size")
    writer = PdfWriter()
    sheet_box = RectangleObject([0, 0, round(2 * half_w, 4), round(height, 4)])
    for side in booklet_order(len(pages)):
        sheet = PageObject.create_blank_page(width=2 * half_w, height=height)
        for slot, number in enumerate((side.left, side.right)):
            if number is None:
                continue
            sheet.merge_transformed_page(pages[number - 1], Transformation().translate(slot * half_w, 0))
        sheet[NameObject("/TrimBox")] = sheet_box
        sheet[NameObject("/BleedBox")] = sheet_box
        writer.add_page(sheet)
    writer.add_metadata({"/Title": title, "/Creator": "PnP Forge", "/Producer": "PnP Forge (pypdf)"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
