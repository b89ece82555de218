"""PDF pages and parts of pages as PNG images, through pypdfium2 (the PDF engine of Chromium).

`pnp export` (card images) and the gallery's thumbnails both read the PDFs the build wrote, so what a
screen shows is what the printer prints: there is no second renderer to keep in step. Every image is
byte-identical for identical pixels (`png` writes no date and no software name).
"""

from __future__ import annotations

import struct
import zlib
from typing import Iterable, Iterator, Sequence

MM_PER_PT = 25.4 / 72.0


def png(width: int, height: int, rgb_rows: Sequence[bytes], dpi: float, level: int = 9,
        alpha_rows: Sequence[bytes] | None = None) -> bytes:
    """An 8-bit RGB PNG of the given rows (RGBA with `alpha_rows`, a byte a pixel: what Tabletop Simulator cuts
    a token's outline by), its resolution stated (pHYs), byte-identical for identical pixels."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    per_metre = round(dpi / 0.0254)
    colour_type = 2
    if alpha_rows is not None:
        colour_type, merged = 6, []
        for row, alpha in zip(rgb_rows, alpha_rows):
            rgba = bytearray(width * 4)
            rgba[0::4], rgba[1::4], rgba[2::4], rgba[3::4] = row[0::3], row[1::3], row[2::3], alpha
            merged.append(bytes(rgba))
        rgb_rows = merged
    raw = b"".join(b"\x00" + row for row in rgb_rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0))
            + chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))
            + chunk(b"IDAT", zlib.compress(raw, level)) + chunk(b"IEND", b""))


def _rgb_rows(bitmap) -> tuple[int, int, list[bytes]]:
    """A pdfium bitmap (RGB or RGBA byte order) as its width, height and RGB rows."""
    width, height, stride = bitmap.width, bitmap.height, bitmap.stride
    channels = bitmap.n_channels                      # 3 on an opaque fill, else 4
    buffer = bytes(bitmap.buffer)
    rows = []
    for y in range(height):
        row = buffer[y * stride:y * stride + width * channels]
        if channels == 4:
            rgb = bytearray(width * 3)
            rgb[0::3], rgb[1::3], rgb[2::3] = row[0::4], row[1::4], row[2::4]
            row = bytes(rgb)
        rows.append(row)
    return width, height, rows


def rasterise(pdf: bytes, dpi: float, level: int = 9) -> list[bytes]:
    """Each page of a PDF as a PNG at `dpi`, on white."""
    return list(rasterise_pages(pdf, dpi, level).values())


def rasterise_pages(pdf: bytes, dpi: float, level: int = 9, pages: Iterable[int] | None = None) -> dict[int, bytes]:
    """Some pages of a PDF (indices from 0; all when `pages` is None) as PNGs at `dpi`, on white, by index."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        images = {}
        for index in (range(len(document)) if pages is None else sorted(pages)):
            page = document[index]
            bitmap = page.render(scale=dpi / 72.0, fill_color=(255, 255, 255, 255), rev_byteorder=True,
                                 may_draw_forms=False)
            images[index] = png(*_rgb_rows(bitmap), dpi, level)
            bitmap.close()
            page.close()
        return images
    finally:
        document.close()


def _turned(width: int, height: int, rows: list[bytes], quarter_turns: int) -> tuple[int, int, list[bytes]]:
    """RGB rows turned anticlockwise by `quarter_turns` quarter turns."""
    for _ in range(quarter_turns % 4):
        pixels = [[row[3 * x:3 * x + 3] for x in range(width)] for row in rows]
        rows = [b"".join(pixels[y][width - 1 - x] for y in range(height)) for x in range(width)]
        width, height = height, width
    return width, height, rows


def render_regions(pdf: bytes, regions: dict[int, list[tuple[Sequence[float], int]]], dpi: float
                   ) -> dict[tuple[int, int], tuple[int, int, bytes]]:
    """Parts of pages as RGB pixels: `regions` maps a page index (0-based) to rectangles [x, y, w, h] in mm from
    the page's top-left corner, each with the clockwise quarter turn (0, 90, 180, 270) its art has on the page,
    which the image undoes. Keys: (page index, rectangle's index); values as `iter_regions` gives them."""
    keys = [(index, n) for index in sorted(regions) for n in range(len(regions[index]))]
    requests = ((index, *regions[index][n]) for index, n in keys)
    return dict(zip(keys, iter_regions(pdf, requests, dpi)))


def iter_regions(pdf: bytes, requests: Iterable[tuple[int, Sequence[float], int]], dpi: float
                 ) -> Iterator[tuple[int, int, bytes]]:
    """Parts of pages as RGB pixels, one after the other in the order asked (so that a caller holds one at a
    time, whatever the size of the document): each request is (page index, [x, y, w, h] in mm from the page's
    top-left corner, the clockwise quarter turn its art has on the page, which the image undoes). Each
    rectangle is drawn with its corner on a pixel corner, so two identical faces at different places of a sheet
    differ by their anti-aliasing only. Each value: width, height, the rows' RGB bytes (`png(w, h, [rows], dpi)`
    writes them)."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as pdfium_c

    px_per_mm = dpi / 25.4
    scale = px_per_mm * MM_PER_PT               # pixels per PDF point
    document = pypdfium2.PdfDocument(pdf)
    page, page_index = None, None
    try:
        for index, rect, rotation_deg in requests:
            if index != page_index:
                if page is not None:
                    page.close()
                page, page_index = document[index], index
            x_mm, y_mm, w_mm, h_mm = rect
            width, height = max(1, round(w_mm * px_per_mm)), max(1, round(h_mm * px_per_mm))
            bitmap = pypdfium2.PdfBitmap.new_native(width, height, format=pdfium_c.FPDFBitmap_BGR,
                                                    rev_byteorder=True)
            bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
            # pdfium first maps the page to points from its top-left corner, y down; this matrix then
            # scales to pixels and moves the rectangle's corner to (0, 0).
            matrix = pdfium_c.FS_MATRIX(scale, 0, 0, scale, -x_mm * px_per_mm, -y_mm * px_per_mm)
            clip = pdfium_c.FS_RECTF(0, 0, width, height)
            pdfium_c.FPDF_RenderPageBitmapWithMatrix(bitmap, page, ctypes.byref(matrix), ctypes.byref(clip),
                                                     pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
            w, h, rows = _turned(*_rgb_rows(bitmap), rotation_deg // 90)
            bitmap.close()
            yield w, h, b"".join(rows)
    finally:
        if page is not None:
            page.close()
        document.close()


__all__ = ["png", "rasterise", "rasterise_pages", "render_regions", "iter_regions", "MM_PER_PT"]
