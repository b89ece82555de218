"""`read_pages(pdf)`: a PDF's pages read through PDFium (pypdfium2, C; installed with pdfplumber), each with the
words and filled or stroked rectangles pdfplumber would give: `page.extract_words(extra_attrs=...)`, `page.rects`,
`page.height`, in pdfplumber's coordinates (points, top down).

pdfplumber reads a page in pure Python (pdfminer's parser and interpreter, then a dict per object): 0.1 to 0.3 s a
page of text, most of a rulebook layout test's time. PDFium parses the page in C; the characters it gives are
grouped into words by pdfplumber's own WordExtractor, so the words split where pdfplumber's do. Each character is
placed as pdfminer places it: x0 at its origin, bottom at the loose box's foot (the font's descent), top one font
size above (the size scaled by the text and page matrices); a word's x1 is the right of its last glyph's box, not
its advance (within a point); every character is taken as upright (horizontal text). A rectangle is a painted
path of a move and three or four lines on two x and two y values, as pdfminer's LTRect, placed by its matrix (a
page that draws in a form XObject is refused: not read here). `differences_from_pdfplumber` says where both readers
differ: a module reading through this checks its documents with it (tests/rulebook/test_page_filling.py).
"""

from __future__ import annotations

import ctypes
import io
from functools import cached_property

import pdfplumber
import pypdfium2 as pdfium
import pypdfium2.raw as raw
from pdfplumber.utils.text import WordExtractor


def _matrix(obj) -> tuple:
    m = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, m)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


class Page:
    def __init__(self, page: pdfium.PdfPage) -> None:
        self._page = page
        self.height = page.get_height()
        self.width = page.get_width()
        self._words: dict[tuple, list[dict]] = {}

    @cached_property
    def chars(self) -> list[dict]:
        textpage = self._page.get_textpage()
        box, m = raw.FS_RECTF(), raw.FS_MATRIX()
        x, y = ctypes.c_double(), ctypes.c_double()
        chars = []
        for i in range(textpage.count_chars()):
            if raw.FPDFText_IsGenerated(textpage, i):        # a space or line end PDFium adds, not in the page
                continue
            raw.FPDFText_GetLooseCharBox(textpage, i, box)
            raw.FPDFText_GetCharOrigin(textpage, i, x, y)
            raw.FPDFText_GetMatrix(textpage, i, m)
            size = raw.FPDFText_GetFontSize(textpage, i) * m.d
            bottom = self.height - box.bottom
            chars.append({"text": chr(raw.FPDFText_GetUnicode(textpage, i)), "x0": x.value, "x1": box.right,
                          "top": bottom - size, "bottom": bottom, "doctop": bottom - size, "upright": True,
                          "size": size})
        return chars

    def extract_words(self, extra_attrs: list[str] | None = None) -> list[dict]:
        key = tuple(extra_attrs or ())
        if key not in self._words:
            self._words[key] = WordExtractor(extra_attrs=list(key)).extract_words(self.chars)
        return self._words[key]

    @cached_property
    def rects(self) -> list[dict]:
        rects = []
        for points in self._paths():
            corners = points[:4]
            xs, ys = {round(p[0], 3) for p in corners}, {round(p[1], 3) for p in corners}
            if len(xs) == 2 and len(ys) == 2 and len({(round(p[0], 3), round(p[1], 3)) for p in corners}) == 4:
                x0, x1 = min(p[0] for p in corners), max(p[0] for p in corners)
                y0, y1 = min(p[1] for p in corners), max(p[1] for p in corners)
                rects.append({"x0": x0, "x1": x1, "top": self.height - y1, "bottom": self.height - y0,
                              "width": x1 - x0, "height": y1 - y0})
        return rects

    def _paths(self) -> list[list[tuple[float, float]]]:
        """The points (page space) of each painted path of a move and three or four lines."""
        out = []
        for i in range(raw.FPDFPage_CountObjects(self._page)):
            obj = raw.FPDFPage_GetObject(self._page, i)
            kind = raw.FPDFPageObj_GetType(obj)
            if kind == raw.FPDF_PAGEOBJ_FORM:       # its objects would need its matrix: none of our readers' pages
                raise ValueError("a form XObject on the page: read it with pdfplumber")
            if kind != raw.FPDF_PAGEOBJ_PATH:
                continue
            fill, stroke = ctypes.c_int(), ctypes.c_int()
            raw.FPDFPath_GetDrawMode(obj, fill, stroke)
            count = raw.FPDFPath_CountSegments(obj)
            if not (fill.value or stroke.value) or count not in (4, 5):
                continue
            segments = [raw.FPDFPath_GetPathSegment(obj, k) for k in range(count)]
            if raw.FPDFPathSegment_GetType(segments[0]) != raw.FPDF_SEGMENT_MOVETO or any(
                    raw.FPDFPathSegment_GetType(s) != raw.FPDF_SEGMENT_LINETO for s in segments[1:]):
                continue
            a, b, c, d, e, f = _matrix(obj)
            points, x, y = [], ctypes.c_float(), ctypes.c_float()
            for s in segments:
                raw.FPDFPathSegment_GetPoint(s, x, y)
                points.append((a * x.value + c * y.value + e, b * x.value + d * y.value + f))
            if count == 4 or points[4] == points[0]:
                out.append(points)
        return out


def read_pages(pdf: bytes) -> list[Page]:
    document = pdfium.PdfDocument(pdf)
    return [Page(document[i]) for i in range(len(document))]


def differences_from_pdfplumber(pdf: bytes) -> list[str]:
    """Where read_pages(pdf) and pdfplumber read the pages differently: the page size, the words (text, x0, top,
    bottom, size within 0.001 pt; split on size and not) and the rectangles (x0, x1, top, bottom). A module
    whose tests read through read_pages checks its documents with this, so that both readers are one."""
    def differ(ours: list[dict], theirs: list[dict], keys: tuple[str, ...]) -> bool:
        return len(ours) != len(theirs) or any(
            a[key] != b[key] if key == "text" else abs(a[key] - b[key]) >= 1e-3
            for a, b in zip(ours, theirs) for key in keys)

    found = []
    with pdfplumber.open(io.BytesIO(pdf)) as plumbed:
        ours_pages = read_pages(pdf)
        if len(ours_pages) != len(plumbed.pages):
            return [f"{len(ours_pages)} pages against {len(plumbed.pages)}"]
        for n, (ours, theirs) in enumerate(zip(ours_pages, plumbed.pages), start=1):
            if abs(ours.height - float(theirs.height)) >= 1e-3 or abs(ours.width - float(theirs.width)) >= 1e-3:
                found.append(f"page {n}: its size")
            for attrs, keys in ((None, ("text", "x0", "top", "bottom")),
                                (["size"], ("text", "x0", "top", "bottom", "size"))):
                if differ(ours.extract_words(extra_attrs=attrs), theirs.extract_words(extra_attrs=attrs), keys):
                    found.append(f"page {n}: its words{' by size' if attrs else ''}")
            by_place = lambda r: (round(r["top"], 2), round(r["x0"], 2))      # noqa: E731
            if differ([dict(r, text="") for r in sorted(ours.rects, key=by_place)],
                      [dict(r, text="") for r in sorted(theirs.rects, key=by_place)], ("x0", "x1", "top", "bottom")):
                found.append(f"page {n}: its rectangles")
    return found
