"""Helpers for the print-layer tests: synthetic faces whose colours name them, and PDF read-back in mm.

Each synthetic face fills its bleed box, then draws its trim box in a colour
that encodes (item number, side), then a 4 mm orientation marker at trim-local
(2, 2): reading the PDF back tells which item landed where and which way up.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
from pdfminer import pdfinterp
from pdfminer.layout import LTChar, LTComponent, LTContainer, LTCurve, LTFigure
from pdfminer.pdftypes import list_value, stream_value
from pdfminer.psparser import PSEOF, literal_name
from pdfminer.utils import MATRIX_IDENTITY, mult_matrix
from pdfplumber.page import Page as PlumbedPage
from pdfplumber.utils.pdfinternals import resolve_all

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


@contextlib.contextmanager
def forms_interpreted_once():
    """Within the block (and forms_parsed_once), pdfminer interprets a form XObject once per document for all the
    places it is drawn at with the same scale and turn: a mat's art, one form, drawn on each of its 20 to 30 tiles
    only moved (each tile page its own window of it), is read on its first tile; on the others the objects it made
    (characters, paths, rectangles, images, inner forms) are added again, each moved by the difference of the two
    places, as the PDF draws them. A form drawn turned or scaled otherwise, or inside other marked content, is
    interpreted anew. pdfplumber turns a moved object into the dict of its first (Page.process_object) with only
    its coordinates and page taken anew, as process_object takes them: colours, fonts and text are the first's.
    What is read is what a new interpretation reads, to within 1e-9 pt (the same objects with the same
    attributes, their coordinates summed in another order): tests/print/test_printkit.py checks it on a mat.
    pdfminer interprets a form in a state of its own (a new graphics state, only the page's matrix), so its
    objects depend on nothing else than the form, its matrix and the marked content it is drawn in."""
    original, drawn = pdfinterp.PDFPageInterpreter.do_Do, {}
    process, processed = PlumbedPage.process_object, {}

    def do_Do(self, xobjid_arg):
        xobjid = literal_name(xobjid_arg)
        xobj = self.xobjmap.get(xobjid)
        xobj = stream_value(xobj) if xobj is not None else None
        if xobj is None or xobj.get("Subtype") is not pdfinterp.LITERAL_FORM or "BBox" not in xobj:
            return original(self, xobjid_arg)
        device = self.device
        ctm = mult_matrix(list_value(xobj.get("Matrix", MATRIX_IDENTITY)), self.ctm)
        key = (id(self.rsrcmgr), xobjid, xobj.objid, xobj.get_data(), tuple(ctm[:4]),
               getattr(device, "cur_mcid", None), getattr(device, "cur_tag", None))
        first = drawn.get(key)
        if first is None:
            original(self, xobjid_arg)
            figure = device.cur_item._objs[-1]      # end_figure added it to the page (or to an outer form)
            drawn[key] = (ctm, figure, device.ctm, self.rsrcmgr)     # held: its id is not another document's
            _mark_first(figure)
            return
        at, figure, after, _ = first
        dx, dy = ctm[4] - at[4], ctm[5] - at[5]
        device.cur_item.add(_moved(figure, dx, dy))
        device.set_ctm((*after[:4], after[4] + dx, after[5] + dy))     # where the form's last matrix left it

    def process_object(page, obj):
        first = obj.__dict__.get("_first")
        if first is None:
            attr = process(page, obj)
            if obj.__dict__.get("_is_first"):
                processed[id(obj)] = (obj, attr)        # the object held: its id is not another's
            return attr
        attr = dict(processed[id(first)][1])
        for key in _PLACED:
            if key in attr:
                attr[key] = resolve_all(getattr(obj, key))
        attr["page_number"] = page.page_number
        if "pts" in attr:
            attr["pts"] = list(map(page.point2coord, obj.pts))
            attr["path"] = [(cmd, *map(page.point2coord, pts)) for cmd, *pts in obj.original_path]
        mb_x0, mb_top = page.mediabox[:2]
        if "y0" in attr:
            attr["top"] = (page.height - attr["y1"]) + mb_top
            attr["bottom"] = (page.height - attr["y0"]) + mb_top
            attr["doctop"] = page.initial_doctop + attr["top"]
        if "x0" in attr and mb_x0 != 0:
            attr["x0"] = attr["x0"] + mb_x0
            attr["x1"] = attr["x1"] + mb_x0
        return attr

    pdfinterp.PDFPageInterpreter.do_Do = do_Do
    PlumbedPage.process_object = process_object
    try:
        yield
    finally:
        pdfinterp.PDFPageInterpreter.do_Do = original
        PlumbedPage.process_object = process


# What pdfplumber's Page.process_object takes of a layout object that a move changes (the rest of its dict is the
# first's): its box and matrix; its points and path, and top, bottom, doctop, page_number, are made per page.
_PLACED = ("x0", "x1", "y0", "y1", "width", "height", "matrix")


def _mark_first(obj) -> None:
    obj._is_first = True
    for child in getattr(obj, "_objs", ()):
        _mark_first(child)


def _moved(obj, dx: float, dy: float):
    """A copy of a layout object (and of what it holds) moved by dx, dy points on the page."""
    new = copy.copy(obj)
    del new._is_first
    new._first = obj
    if isinstance(obj, LTComponent):
        new.set_bbox((obj.x0 + dx, obj.y0 + dy, obj.x1 + dx, obj.y1 + dy))
    if isinstance(obj, LTCurve):
        new.pts = [(x + dx, y + dy) for x, y in obj.pts]
        if obj.original_path is not None:
            new.original_path = [(op, *((x + dx, y + dy) for x, y in points)) for op, *points in obj.original_path]
    if isinstance(obj, (LTChar, LTFigure)):
        a, b, c, d, e, f = obj.matrix
        new.matrix = (a, b, c, d, e + dx, f + dy)
    if isinstance(obj, LTContainer):
        new._objs = [_moved(child, dx, dy) for child in obj._objs]
    return new


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
    tests and its seams' test), its forms tokenised once (forms_parsed_once) and a form drawn only moved from one
    tile to the next interpreted once (forms_interpreted_once). The builds the tests share are read-only, so the
    file does not change under the cache."""
    pages = []
    with forms_parsed_once(), forms_interpreted_once(), pdfplumber.open(path) as pdf:
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
