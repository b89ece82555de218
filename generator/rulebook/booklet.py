"""Saddle-stitch booklet: half-size pages imposed two-up on landscape sheets, in folding order.

`booklet_order` is the whole rule, as a pure function: the book is padded with
blank pages to a multiple of 4 (after its last page, where a reader expects
them; the rulebook prints a "Notes" page on each: `impose`'s filler); sheet s (0 first, the outermost) carries on
its front the last and the first page still free, on its back the next two
from the middle inwards. Printed double-sided, flipping on the short edge, and
folded together in the middle, the sheets make the book in order.

`impose` places the pages of a half-size PDF on those sheets as they are,
without redrawing or re-reading them: each page becomes a form XObject made of
its own content stream, copied still compressed (pypdf never parses it), which
the sheet places with one `Do`. Merging pages instead (pypdf's merge_page)
parsed every operator of every page to rewrite it: a quarter of PuXes' build.
"""

from __future__ import annotations

import io
from typing import NamedTuple

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject, RectangleObject, StreamObject


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


def impose(pdf: bytes, *, title: str = "", filler: bytes | None = None) -> bytes:
    """A4 landscape sheets (or whatever twice the page width is) from a PDF of half-size pages; `filler` (a PDF
    of one page of their size) is printed on each page the folding leaves over, after the last."""
    reader = PdfReader(io.BytesIO(pdf))
    pages = list(reader.pages)
    spare = PdfReader(io.BytesIO(filler)).pages[0] if filler else None
    if not pages:
        raise ValueError("nothing to impose: the PDF has no pages")
    half_w = float(pages[0].mediabox.width)
    height = float(pages[0].mediabox.height)
    for i, p in enumerate(pages, start=1):
        if abs(float(p.mediabox.width) - half_w) > 0.01 or abs(float(p.mediabox.height) - height) > 0.01:
            raise ValueError(f"page {i} is not the size of page 1: a booklet needs pages of one size")
    order = booklet_order(len(pages))
    writer = PdfWriter()
    sheet_box = RectangleObject([0, 0, round(2 * half_w, 4), round(height, 4)])
    sheets = [writer.add_blank_page(width=2 * half_w, height=height) for _ in order]
    # Where each page lands, so a link of the book (the contents) still leads to its page.
    placed = {pages[number - 1].indirect_reference.idnum: (sheets[k], slot * half_w)
              for k, side in enumerate(order) for slot, number in enumerate((side.left, side.right)) if number}
    for sheet, side in zip(sheets, order):
        names, drawn, annots = DictionaryObject(), [], ArrayObject()
        for slot, number in enumerate((side.left, side.right)):
            if number is None and spare is None:
                continue
            page, dx = (pages[number - 1] if number else spare), slot * half_w
            name = f"/P{number}" if number else f"/N{slot}"
            names[NameObject(name)] = writer._add_object(_page_form(page, writer))
            drawn.append(f"q 1 0 0 1 {_num(dx)} 0 cm {name} Do Q")
            if number:
                annots.extend(_moved_links(page, dx, placed, writer))
        content = StreamObject()
        content.set_data("\n".join(drawn).encode("ascii"))
        sheet[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): names})
        sheet[NameObject("/Contents")] = writer._add_object(content)
        if annots:
            sheet[NameObject("/Annots")] = annots
        sheet[NameObject("/TrimBox")] = sheet_box
        sheet[NameObject("/BleedBox")] = sheet_box
    writer.add_metadata({"/Title": title, "/Creator": "PnP Forge", "/Producer": "PnP Forge (pypdf)"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _num(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".") or "0"


def _page_form(page: PageObject, writer: PdfWriter) -> StreamObject:
    """The page as a form XObject: its content stream as written (still compressed, never parsed), its
    resources, clipped to its trim box as a merged page was."""
    contents = page["/Contents"].get_object()
    if isinstance(contents, ArrayObject):       # several streams: one form of their decoded data, joined
        form = StreamObject()
        form.set_data(b"\n".join(part.get_object().get_data() for part in contents))
    else:
        form = contents.clone(writer, force_duplicate=True)
        form = form.get_object() if hasattr(form, "get_object") else form
    box = page.trimbox
    form.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Form"),
                 NameObject("/BBox"): RectangleObject([box.left, box.bottom, box.right, box.top]),
                 NameObject("/Resources"): page["/Resources"].clone(writer)})
    return form


def _moved_links(page: PageObject, dx: float, placed: dict, writer: PdfWriter) -> list:
    """The page's link annotations moved with it, a destination inside the book sent to the sheet that
    carries its page; any other annotation is left behind (the sheets carry only what a page draws)."""
    out = []
    for ref in page.get("/Annots", ()):
        annot = ref.get_object()
        dest = annot.get("/Dest")
        if annot.get("/Subtype") != "/Link" or dest is None or len(dest) < 2:
            continue
        target = placed.get(getattr(dest[0], "idnum", None))
        if target is None:
            continue
        sheet, tx = target
        x0, y0, x1, y1 = (float(v) for v in annot["/Rect"])
        moved = DictionaryObject({k: v for k, v in annot.items() if k not in ("/Dest", "/Rect", "/P", "/Parent")})
        moved = moved.clone(writer)
        moved[NameObject("/Rect")] = RectangleObject([x0 + dx, y0, x1 + dx, y1])
        new_dest = ArrayObject([sheet.indirect_reference, dest[1]])
        for i, v in enumerate(dest[2:]):
            if i == 0 and dest[1] == "/XYZ" and isinstance(v, (int, float)):     # /XYZ left top zoom
                v = FloatObject(float(v) + tx)
            new_dest.append(v)
        moved[NameObject("/Dest")] = new_dest
        out.append(writer._add_object(moved))
    return out
