"""Helpers for the print-layer tests: synthetic faces whose colours name them, and PDF read-back in mm.

Each synthetic face fills its bleed box, then draws its trim box in a colour
that encodes (item number, side), then a 4 mm orientation marker at trim-local
(2, 2): reading the PDF back tells which item landed where and which way up.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
from pdfminer import pdfinterp
from pdfminer.psparser import PSEOF

from generator.components.face import Face, Item

MM_PER_PT = 25.4 / 72.0
POKER = (63.5, 88.9)

SIDE_CODE = {"front": (200, 100), "back": (100, 200)}
MARK_CODE = {"front": (40, 40), "back": (70, 70)}


def hexc(rgb) -> str:
    return "#%02X%02X%02X" % tuple(rgb)


def synthetic_face(index: int, side: str, w: float = POKER[0], h: float = POKER[1], *, bleed: float = 3.0,
                   shape: str = "rect", seen: list | None = None) -> Face:
    def draw(canvas):
        if seen is not None:
            seen.append(getattr(canvas, "ink_saver", None))
        canvas.rect(0, 0, w + 2 * bleed, h + 2 * bleed, fill="#C8DCF0" if side == "front" else "#F0DCC8")
        canvas.rect(bleed, bleed, w, h, fill=hexc((index, *SIDE_CODE[side])))
        canvas.rect(bleed + 2, bleed + 2, 4, 4, fill=hexc((index, *MARK_CODE[side])))
    return Face(w, h, draw, bleed_mm=bleed, shape=shape)


def synthetic_items(n: int, w: float = POKER[0], h: float = POKER[1], *, back: bool = True, oriented=False,
                    bleed: float = 3.0, shape: str = "rect", component: str = "cartes") -> list[Item]:
    items = []
    for i in range(n):
        is_oriented = oriented(i) if callable(oriented) else oriented
        items.append(Item(id=f"c{i:02d}", component=component, front=synthetic_face(i, "front", w, h, bleed=bleed,
                                                                                     shape=shape),
                          back=synthetic_face(i, "back", w, h, bleed=bleed, shape=shape) if back else None,
                          back_oriented=is_oriented))
    return items


def open_pdf(data: bytes) -> pdfplumber.PDF:
    return pdfplumber.open(io.BytesIO(data))


def colour_of(obj) -> tuple[int, int, int] | None:
    c = obj.get("non_stroking_color")
    if not c or len(c) != 3:
        return None
    return tuple(int(round(v * 255)) for v in c)


def rects_by_colour(page) -> dict[tuple[int, int, int], list[tuple[float, float, float, float]]]:
    """Filled rectangles of a pdfplumber page, in mm (x, y, w, h), keyed by fill colour."""
    out: dict = {}
    for r in page.rects:
        key = colour_of(r)
        if key is None:
            continue
        out.setdefault(key, []).append((r["x0"] * MM_PER_PT, r["top"] * MM_PER_PT,
                                        (r["x1"] - r["x0"]) * MM_PER_PT, (r["bottom"] - r["top"]) * MM_PER_PT))
    return out


def lines_mm(page) -> list[dict]:
    """Straight lines: endpoints in mm, width in mm, dashed or not."""
    out = []
    for ln in page.lines:
        pts = [(x * MM_PER_PT, y * MM_PER_PT) for x, y in ln["pts"]]
        dash = ln.get("dash")
        out.append({"p0": pts[0], "p1": pts[-1], "width": ln["linewidth"] * MM_PER_PT,
                    "dashed": bool(dash and dash[0])})
    return out


def segment_hits_box(p0, p1, box, margin: float = 0.0) -> bool:
    """Whether an axis-parallel segment comes within `margin` of the box (x, y, w, h)."""
    x0, x1 = sorted((p0[0], p1[0]))
    y0, y1 = sorted((p0[1], p1[1]))
    return (x0 - margin < box[0] + box[2] and x1 + margin > box[0] and
            y0 - margin < box[1] + box[3] and y1 + margin > box[1])


def segment_inside(p0, p1, box, tol: float = 0.0) -> bool:
    """Whether both ends of a segment lie in the box (its edges included, within tol)."""
    return all(box[0] - tol <= x <= box[0] + box[2] + tol and box[1] - tol <= y <= box[1] + box[3] + tol
               for x, y in (p0, p1))


def close(a, b, tol: float) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


@contextlib.contextmanager
def forms_parsed_once():
    """Within the block, pdfminer (under pdfplumber) tokenises each content stream once, whatever its document:
    a form placed on many pages (a mat's art on each of its tiles, drawn once as a form) is parsed on its first
    page and replayed on the others. What is read is the same: the same operators with the same operands, in the
    same order, interpreted anew on each page (its own matrix and clip); only the tokenising is shared, keyed by
    the stream's decoded bytes, and forgotten when the block ends."""
    original, parsed = pdfinterp.PDFContentParser, {}

    def parser(streams):
        if len(streams) != 1:
            return original(streams)
        stream = streams[0]
        key = hashlib.sha256(stream.get_data()).digest()        # decoded: the bytes pdfminer tokenises
        tokens = parsed.get(key)
        if tokens is None:
            source, tokens = original(streams), []      # an empty stream raises PSEOF here, as before
            while True:
                try:
                    tokens.append(source.nextobject())
                except PSEOF:
                    break
            parsed[key] = tokens
        return _Replay(tokens)

    pdfinterp.PDFContentParser = parser
    try:
        yield
    finally:
        pdfinterp.PDFContentParser = original


class _Replay:
    def __init__(self, tokens: list):
        self._tokens = iter(tokens)

    def nextobject(self):
        try:
            return next(self._tokens)
        except StopIteration:
            raise PSEOF from None


@dataclass(frozen=True)
class PageRead:
    """What the tests read of one page of a PDF."""
    fills: tuple            # (colour #RRGGBB, x0, top, width, height) in pt of each rectangle filled in RGB
    chars: tuple            # pdfplumber's chars
    lines: tuple            # lines_mm
    text: str
    # (colour #RRGGBB, points as (x, top) in pt) of each other path filled in RGB: a zone turned with its group
    # (PuXes' 3-player gardens), a polygon; pdfplumber lists those as curves, not rectangles
    shapes: tuple = ()


@functools.lru_cache(maxsize=None)
def read_pages(path: Path) -> tuple[PageRead, ...]:
    """Every page of a built PDF, read once for every test of the process that reads it (a PuXes mat: its tiles'
    tests and its seams' test), its forms tokenised once (forms_parsed_once). The builds the tests share are
    read-only, so the file does not change under the cache."""
    pages = []
    with forms_parsed_once(), pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            fills = tuple((hexc(round(v * 255) for v in r["non_stroking_color"]), r["x0"], r["top"], r["width"],
                           r["height"]) for r in page.rects
                          if r.get("fill") and r.get("non_stroking_color") and len(r["non_stroking_color"]) == 3)
            shapes = tuple((hexc(round(v * 255) for v in c["non_stroking_color"]), tuple(c["pts"])) for c in page.curves
                           if c.get("fill") and c.get("non_stroking_color") and len(c["non_stroking_color"]) == 3
                           and len(c["pts"]) > 3)
            pages.append(PageRead(fills, tuple(page.chars), tuple(lines_mm(page)), page.extract_text() or "", shapes))
            page.close()        # its objects are kept above: let pdfplumber forget them
    return tuple(pages)
