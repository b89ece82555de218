"""Our preflight: what a print shop or a careful printer checks in a PDF, read back from the file itself.

`preflight(data, ...)` returns one line per problem (no line: the file passes):

- every font embedded (a font program in its descriptor; Type 3 glyphs are drawn in the file);
- in a print-shop file (PDF/X, or asked), no RGB colour: no `rg`/`RG`, no RGB colour space or image;
- every page has a TrimBox and a BleedBox, nested: TrimBox in BleedBox in MediaBox;
- no stroke thinner than 0.25 pt once every transform is applied (a zero width is the thinnest the
  device can print, thinner still);
- no text outside its safe zone: within 3 mm of the TrimBox, or, where the manifest says which items
  a page holds, within 3 mm of the trim of the item the text is printed on (text wholly outside the
  BleedBox is slug, such as a sheet's label beside its one item, and free);
- every page the size stated: the paper asked, or the size the manifest gives the page.

The file is read with pypdf (a file the build just wrote: through its cross-reference table, by
print/pdf_objects.py) and its content streams interpreted here (graphics state, text state and the glyph
widths of each font), so the command needs nothing the build does not already have. Text
extents are each glyph's advance times the font size, from the baseline down 0.25 em and up 0.8 em: the
box a player sees, not the font's largest accent.
"""

from __future__ import annotations

import io
import json
import math
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional

from ..draw import outline
from ..draw.style import rgb_luminance
from ..paper_sizes import paper_size_mm
from . import pdf_objects
from .pdf_content import operations, page_content, stream_bytes

PT_PER_MM = 72 / 25.4
MIN_STROKE_PT = 0.25          # STYLE.md: nothing thinner survives printing
SHAPE_MIN_MM = 3.0            # a path's outline is kept (Findings.shapes) from this size across its box up
SHAPE_MAX_POINTS = 40         # a path of more points is outlined by its own box, turned with it
SAFE_MM = 3.0                 # FACTS.md: the safe zone is 3 mm inside the trim
SIZE_TOLERANCE_MM = 0.1
BOX_TOLERANCE_PT = 0.01
TEXT_DESCENT_EM = 0.25
TEXT_ASCENT_EM = 0.8
THIN_FILL_MM = 1.2            # a filled rectangle this thin across (and 3 times as long) is a line: a rule
COVER_MIN_PT = 2.0            # a filled area narrower than this hides no line under a word
LINE_MIN_MM = 0.3             # a shorter segment (a curve's flattened step, a dot) is no line
MAX_REPORTED = 5              # per kind of problem and page: the first few say enough


class PreflightError(ValueError):
    """A file that is not a PDF, or cannot be read at all: bad input."""


@dataclass(frozen=True)
class Expectation:
    """What the file must be beyond the general rules: its paper, its items' trims per page, shop rules."""
    paper: Optional[str] = None                                         # a4 | letter | a3, either way up
    page_sizes_mm: dict = field(default_factory=dict)                   # page number -> (width, height)
    item_trims_mm: dict = field(default_factory=dict)      # page number -> [(x, y, w, h, safe_mm) page mm]
    shop: bool = False


# --- reading the content streams -------------------------------------------------------------------
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF's row-vector convention: [x y 1] m n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


@dataclass
class _Font:
    widths: dict            # code -> width in 1/1000 em
    default: float
    two_byte: bool
    embedded: bool
    name: str
    to_unicode: dict = field(default_factory=dict)   # code -> text, from the font's /ToUnicode map

    def decode(self, data: bytes) -> str:
        """The text a string shows: through /ToUnicode, else as Windows-1252 (reportlab's standard fonts)."""
        step = 2 if self.two_byte else 1
        if not self.to_unicode:
            return data.decode("cp1252", "replace") if step == 1 else ""
        return "".join(self.to_unicode.get(int.from_bytes(data[i:i + step], "big"), "\ufffd")
                       for i in range(0, len(data) - step + 1, step))


@dataclass(frozen=True)
class TextRun:
    """One string shown: its size once every transform is applied, its box (default user space, pt, as drawn,
    before any clip), whether a clip cuts part of it away, its text, where its baseline starts, and whether it is
    drawn inside a clip at all (a face drawn in its frame or a tiled sheet's window; a page's own notes are not).
    For the words in it (the reader's struck_text): where each character of `text` ends along the baseline (pt
    from its start: `char_ends()`, worked out when asked from `glyphs`, what the string was shown with), the
    baseline's and the glyphs' upward directions (unit vectors), and the clip it is drawn in.
    """
    size_pt: float
    box: tuple
    clipped: bool
    text: str
    x: float
    y: float
    framed: bool = False
    ends: tuple = ()
    frame: tuple = (1.0, 0.0, 0.0, 1.0)
    clip: Optional[tuple] = None
    ink: float = 0.0              # the lightness of its colour (0 black, 1 white)
    glyphs: Optional[tuple] = field(default=None, compare=False, repr=False)
    luminance: Optional[float] = None     # its colour's relative luminance (None: a pattern)

    def char_ends(self) -> tuple:
        if self.ends or self.glyphs is None:
            return self.ends
        return _glyph_ends(*self.glyphs)


@dataclass
class Findings:
    strokes: list = field(default_factory=list)      # (width in pt, x, y) of strokes too thin
    text: list = field(default_factory=list)         # (x0, y0, x1, y1) in pt, default user space, per string
    rgb: list = field(default_factory=list)          # what made colour RGB
    fonts_missing: set = field(default_factory=set)
    runs: list = field(default_factory=list)         # TextRun of every string shown
    fills: list = field(default_factory=list)        # (x0, y0, x1, y1) in pt of every area filled, clipped
    outlines: list = field(default_factory=list)     # the same of every path stroked (a zone's outline, a line)
    # A path's own points (pt, default user space, before any clip), keyed by its box above, where that box is
    # not the path: a path turned with its group, or drawn point by point (a polygon; a curve by the points of
    # its flattened Béziers, draw/outline.cubic_points, not its control points); only those at least
    # SHAPE_MIN_MM across its box (the reader's seam check wants zones, not a pattern's dots).
    shapes: dict = field(default_factory=dict)
    # The boxes (as in fills and outlines, where they are too) of a form's runs of path points, known by their
    # box alone (_merged_paths: a mat's pattern of dots or stripes): neither a zone nor a line of the piece.
    patterns: list = field(default_factory=list)
    # Every straight line drawn (a stroked path's straight segments; a filled rectangle at most THIN_FILL_MM
    # across, by its middle line): (x0, y0, x1, y1, half its width, how many runs were shown before it, lightness), pt,
    # default user space, cut to the rectangular clip it is drawn in, and the lightness of its colour (0 black, 1
    # white). A form's run of path points (a pattern) is none.
    lines: list = field(default_factory=list)
    # Every area filled (COVER_MIN_PT across at least, a pattern's run left out), as (its box as in fills, how
    # many lines were drawn before it, its points as in shapes or None): what it covers of those lines is hidden.
    covers: list = field(default_factory=list)
    # Every area filled (COVER_MIN_PT across at least), as (its box as in fills, how many runs were shown before
    # it, its colour's relative luminance, None where it is not one colour: a pattern, a form's run of paths, an
    # image): the ground the text shown after it stands on (the reader's faint_text).
    grounds: list = field(default_factory=list)


@dataclass
class _Cache:
    """What one file's pages share: fonts and form XObjects, read once however often they are used."""
    fonts: dict = field(default_factory=dict)        # indirect reference -> _Font
    forms: dict = field(default_factory=dict)        # indirect reference -> list of operations


def _font_of(ref) -> _Font:
    font = ref.get_object()
    subtype = font.get("/Subtype")
    name = str(font.get("/BaseFont", "?")).lstrip("/")
    if subtype == "/Type3":
        return _Font({}, 500.0, False, True, name)
    if subtype == "/Type0":
        desc_font = font["/DescendantFonts"][0].get_object()
        descriptor = desc_font.get("/FontDescriptor")
        widths: dict = {}
        w = desc_font.get("/W", [])
        i = 0
        while i < len(w):
            first = int(w[i])
            nxt = w[i + 1]
            if isinstance(nxt, list) or hasattr(nxt, "__iter__") and not isinstance(nxt, (int, float)):
                for k, v in enumerate(nxt):
                    widths[first + k] = float(v)
                i += 2
            else:
                last, v = int(nxt), float(w[i + 2])
                for code in range(first, last + 1):
                    widths[code] = v
                i += 3
        default = float(desc_font.get("/DW", 1000))
        return _Font(widths, default, True, _embedded(descriptor), name, _to_unicode(font))
    descriptor = font.get("/FontDescriptor")
    first = int(font.get("/FirstChar", 0))
    widths = {first + k: float(v) for k, v in enumerate(font.get("/Widths", []) or [])}
    default = float(descriptor.get_object().get("/MissingWidth", 500)) if descriptor is not None else 500.0
    return _Font(widths, default, False, _embedded(descriptor), name, _to_unicode(font))


_BFCHAR = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)
_BFRANGE = re.compile(rb"beginbfrange(.*?)endbfrange", re.S)
_HEX = re.compile(rb"<([0-9A-Fa-f]*)>|\[([^\]]*)\]")


def _utf16(hex_digits: bytes) -> str:
    return bytes.fromhex(hex_digits.decode("ascii")).decode("utf-16-be", "replace")


def _to_unicode(font) -> dict:
    """A /ToUnicode CMap's bfchar and bfrange entries: code -> text."""
    stream = font.get("/ToUnicode")
    if stream is None:
        return {}
    data = stream.get_object().get_data()
    out: dict = {}
    for block in _BFCHAR.findall(data):
        values = re.findall(rb"<([0-9A-Fa-f]*)>", block)
        for src, dst in zip(values[0::2], values[1::2]):
            out[int(src, 16)] = _utf16(dst)
    for block in _BFRANGE.findall(data):
        tokens = _HEX.findall(block)
        i = 0
        while i + 2 < len(tokens):
            lo, hi = int(tokens[i][0], 16), int(tokens[i + 1][0], 16)
            dst_hex, dst_list = tokens[i + 2]
            if dst_list:
                for k, value in enumerate(re.findall(rb"<([0-9A-Fa-f]*)>", dst_list)):
                    out[lo + k] = _utf16(value)
            else:
                first = int(dst_hex, 16)
                width = len(dst_hex) // 2
                for k, code in enumerate(range(lo, hi + 1)):
                    out[code] = (first + k).to_bytes(width, "big").decode("utf-16-be", "replace")
            i += 3
    return out


def _embedded(descriptor) -> bool:
    if descriptor is None:
        return False
    d = descriptor.get_object()
    return any(k in d for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def _is_rgb_space(space, resources) -> bool:
    """Whether a colour space (a name or an array) ends up as RGB."""
    if space is None:
        return False
    space = space.get_object() if hasattr(space, "get_object") else space
    if isinstance(space, str) or type(space).__name__ == "NameObject":
        name = str(space)
        if name in ("/DeviceRGB", "/RGB", "/CalRGB"):
            return True
        if name in ("/DeviceCMYK", "/DeviceGray", "/CMYK", "/G", "/Pattern"):
            return False
        named = (resources or {}).get("/ColorSpace", {})
        named = named.get_object() if hasattr(named, "get_object") else named
        return name in named and _is_rgb_space(named[name], resources)
    if isinstance(space, list) or hasattr(space, "__getitem__"):
        try:
            family = str(space[0])
        except (IndexError, KeyError, TypeError):
            return False
        if family == "/CalRGB":
            return True
        if family == "/ICCBased":
            return int(space[1].get_object().get("/N", 0)) == 3
        if family in ("/Indexed", "/I"):
            return _is_rgb_space(space[1], resources)
        if family in ("/Separation", "/DeviceN"):
            return _is_rgb_space(space[2], resources)
    return False


def _raw(string) -> bytes:
    """The bytes of a PDF string operand as written (pypdf decodes some into text)."""
    if isinstance(string, bytes):
        return bytes(string)
    original = getattr(string, "original_bytes", None)
    if original is not None:
        return bytes(original)
    return str(string).encode("latin-1", "replace")


def _font_cached(ref, cache: _Cache) -> _Font:
    key = getattr(ref, "idnum", None) or id(ref)
    if key not in cache.fonts:
        cache.fonts[key] = _font_of(ref)
    return cache.fonts[key]


def _form_operations(xobj_ref, xobj, cache: _Cache) -> list:
    key = getattr(xobj_ref, "idnum", None) or id(xobj)
    if key not in cache.forms:
        cache.forms[key] = _merged_paths(operations(stream_bytes(xobj)))
    return cache.forms[key]


_PATH_POINTS = frozenset(("m", "l", "c", "v", "y", "re"))


MERGED_RUN = "box"            # not a PDF operator: a run of path points merged to its box (_merged_paths)


def _merged_paths(ops) -> list:
    """The operations with each run of path construction (m l c v y re) made one MERGED_RUN of the run's least
    and greatest x and y (the very operands: min and max are exact). _interpret keeps of such a path its box
    only, so it reads the same boxes; a form (a mat's dots, placed on every tile and figure) is read once and
    followed each time it is placed, and its tens of thousands of points cost it once. Its two corners are no
    line drawn (read as one, a pattern of stripes was a 160 mm diagonal on PuXes' advanced mat, and took the
    place of the garden it fills in Findings.shapes): Findings.patterns. A closing `h` inside a run is part of it: it
    adds no point, and _interpret reads a path's closings only for the lines of a path it knows point by point
    (a mat's dots, each closed, made a MERGED_RUN and an `h` apiece: 860,000 of PuXes' 1.3 million operations
    followed)."""
    out: list = []
    xs: list = []
    ys: list = []
    for operands, op in ops:
        if op == "h" and xs:
            continue        # a subpath closed inside a run: no point, and the path is known by its box alone
        if op in _PATH_POINTS:
            if op == "re":
                x, y, w, h = operands[:4]
                xs.extend((x, x + w))
                ys.extend((y, y + h))
            else:
                xs.extend(operands[0::2])
                ys.extend(operands[1::2])
            continue
        if xs:
            out.append(_merged(xs, ys))
            xs, ys = [], []
        out.append((operands, op))
    if xs:
        out.append(_merged(xs, ys))
    return out


def _merged(xs: list, ys: list) -> tuple[list, str]:
    if not ys:
        raise ValueError("a path's point without its y")    # as _interpret's min() of no y said before
    return [min(xs), min(ys), max(xs), max(ys)], MERGED_RUN


def _outline_points(points: list, op: str, operands, ctm: Matrix) -> None:
    """Adds a path operation's points (user space) to `points`: a move's or a line's end, a curve flattened
    (outline.cubic_points, within CURVE_TOLERANCE mm once `ctm` scales it; `v` and `y` repeat an end as a
    control point), so that a circle is read as a circle, not the octagon of its control points."""
    if op in ("m", "l") or not points:
        points.append((operands[-2], operands[-1]))
        return
    start = points[-1]
    if op == "c":
        c1, c2 = (operands[0], operands[1]), (operands[2], operands[3])
    elif op == "v":
        c1, c2 = start, (operands[0], operands[1])
    else:
        c1, c2 = (operands[0], operands[1]), (operands[2], operands[3])
    end = (operands[-2], operands[-1])
    tol = outline.CURVE_TOLERANCE * PT_PER_MM / max(_scale(ctm), 1e-9)
    points += outline.cubic_points(start, c1, c2, end, tol)


def _glyph_ends(font: Optional[_Font], data: bytes, size: float, char_space: float, word_space: float,
                hscale: float, along: float) -> tuple:
    """Where each character a string shows ends along its baseline (pt of the page, from the string's start;
    `along`, the page's pt for one unit of text space; a glyph mapped to several characters ends them all at
    once): as TextRun.text has them (_Font.decode)."""
    if font is None:
        return ()
    step = 2 if font.two_byte else 1
    ends, total = [], 0.0
    table = font.to_unicode
    for i in range(0, len(data) - step + 1, step):
        code = int.from_bytes(data[i:i + step], "big")
        w = font.widths.get(code, font.default) / 1000.0
        total += (w * size + char_space + (word_space if (code == 32 and not font.two_byte) else 0.0)) * hscale
        count = len(table.get(code, "\ufffd")) if table else 1 if step == 1 else 0
        ends.extend([total * along] * count)
    return tuple(ends)


_COLOUR_OPS = frozenset(("g", "G", "k", "K", "sc", "SC", "scn", "SCN"))


def _inked(inks: tuple, op: str, operands) -> tuple:
    """The (fill, stroke) lightness once a colour operator has run: gray, RGB or CMYK by its operands' count (a
    colour space's operators likewise; a pattern's name leaves it as it was; a new space starts black); then
    the fill's relative luminance (WCAG: what a contrast is worked out from; None for a pattern)."""
    values = [float(v) for v in operands if isinstance(v, (int, float))]
    if op in ("cs", "CS"):
        light, rgb = 0.0, (0.0, 0.0, 0.0)
    elif len(values) == 1:
        light, rgb = values[0], (values[0],) * 3
    elif len(values) == 3:
        light, rgb = 0.299 * values[0] + 0.587 * values[1] + 0.114 * values[2], tuple(values)
    elif len(values) == 4:
        c, m, y, k = values
        rgb = ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
        light = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    else:
        return inks if op.isupper() else (inks[0], inks[1], None)      # a pattern: no one colour
    if op.isupper():
        return inks[0], light, inks[2]
    return light, inks[1], rgb_luminance(rgb)


def _straight_lines(path_ops: list, op: str, ctm: Matrix, width: float, clip, shown: int, inks: tuple,
                    lines: list) -> None:
    """Adds the straight lines a painted path draws to `lines` (Findings.lines): a stroked path's straight
    segments (a curve's are none: a rounded corner, a circle), a filled thin rectangle's middle line; in default
    user space, cut to the rectangular clip, `shown` the runs of text shown before it."""
    found: list = []
    stroked = op in ("S", "s", "B", "B*", "b", "b*")
    if stroked:
        half = width * _scale(ctm) / 2
        start = current = None
        for kind, operands in path_ops:
            if kind == "m":
                start = current = _apply(ctm, operands[0], operands[1])
            elif kind == "l":
                point = _apply(ctm, operands[0], operands[1])
                if current is not None:
                    found.append((current, point, half))
                current = point
            elif kind in ("c", "v", "y"):
                current = _apply(ctm, operands[-2], operands[-1])
            elif kind == "h":
                if current is not None and start is not None:
                    found.append((current, start, half))
                current = start
            elif kind == "re":
                x, y, w, h = operands[:4]
                corners = [_apply(ctm, px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
                found += [(corners[k - 1], corners[k], half) for k in range(4)]
                start = current = corners[0]
        if op in ("s", "b", "b*") and current is not None and start is not None and current != start:
            found.append((current, start, half))
    else:
        corners = _rectangle(path_ops, ctm)
        if corners is not None:
            a, b = math.dist(corners[0], corners[1]), math.dist(corners[1], corners[2])
            short, long = min(a, b), max(a, b)
            if short <= THIN_FILL_MM * PT_PER_MM and long >= 3 * short:
                mid = lambda p, q: ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
                ends = (mid(corners[0], corners[1]), mid(corners[2], corners[3])) if a < b else \
                    (mid(corners[1], corners[2]), mid(corners[3], corners[0]))
                found.append((ends[0], ends[1], short / 2))
    least = LINE_MIN_MM * PT_PER_MM
    for p, q, half in found:
        if clip is not None:
            span = outline.segment_in_box(p, q, clip)
            if span is None:
                continue
            d = (q[0] - p[0], q[1] - p[1])
            p, q = (p[0] + d[0] * span[0], p[1] + d[1] * span[0]), (p[0] + d[0] * span[1], p[1] + d[1] * span[1])
        if math.dist(p, q) >= least:
            lines.append((p[0], p[1], q[0], q[1], half, shown, inks[1] if stroked else inks[0]))


def _rectangle(path_ops: list, ctm: Matrix) -> Optional[list]:
    """The four corners (default user space, in order) of a path that is one rectangle: an `re`, or a move and
    three or four lines (closed) meeting at right angles; else None."""
    if len(path_ops) == 1 and path_ops[0][0] == "re":
        x, y, w, h = path_ops[0][1][:4]
        return [_apply(ctm, px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
    if not 4 <= len(path_ops) <= 6:
        return None
    kinds = [k for k, _ in path_ops]
    if kinds[0] != "m" or any(k not in ("l", "h") for k in kinds[1:]):
        return None
    points = [(o[0], o[1]) for k, o in path_ops if k in ("m", "l")]
    if len(points) == 5 and math.dist(points[0], points[4]) < 1e-6:
        points = points[:4]
    if len(points) != 4:
        return None
    corners = [_apply(ctm, x, y) for x, y in points]
    for k in range(4):
        a, b, c = corners[k - 1], corners[k], corners[(k + 1) % 4]
        u, v = (a[0] - b[0], a[1] - b[1]), (c[0] - b[0], c[1] - b[1])
        if abs(u[0] * v[0] + u[1] * v[1]) > 1e-3 * (math.hypot(*u) * math.hypot(*v) + 1e-9):
            return None
    return corners


def _interpret(ops, resources, ctm: Matrix, found: Findings, depth: int = 0, cache: Optional[_Cache] = None) -> None:
    """Follow a content stream's operations (pdf_content.operations) with the graphics and text state."""
    if depth > 8:
        return
    cache = cache if cache is not None else _Cache()
    resources = resources.get_object() if resources is not None and hasattr(resources, "get_object") else resources
    resources = resources or {}
    fonts = resources.get("/Font", {})
    fonts = fonts.get_object() if hasattr(fonts, "get_object") else fonts
    for ref in (fonts or {}).values():       # a font in the resources is checked even if no text uses it
        listed = _font_cached(ref, cache)
        if not listed.embedded:
            found.fonts_missing.add(listed.name)
    xobjects = resources.get("/XObject", {})
    xobjects = xobjects.get_object() if hasattr(xobjects, "get_object") else xobjects
    stack = []
    width = 1.0
    clip = None             # the visible rectangle (default user space) of rectangular clips, None: all
    path_x: list = []       # the points of the path under construction, user space
    path_y: list = []
    path_drawn = False      # built point by point (m, l, c): its points are its outline (Findings.shapes)
    path_points: list = []  # those points, each curve flattened (its control points lie outside it)
    path_merged = False     # a form's run known by its box only (MERGED_RUN): Findings.patterns
    path_boxed = False      # holds a rectangle (re): its outline is its user-space box, turned
    path_ops: list = []     # the path's construction operations, for its straight lines (Findings.lines)
    clipping = False
    tm = tl = IDENTITY
    leading = 0.0
    font: Optional[_Font] = None
    size = 0.0
    char_space = word_space = 0.0
    hscale = 1.0
    rise = 0.0
    inks = (0.0, 0.0, 0.0)  # the lightness of the fill's colour and the stroke's (0 black, 1 white), the fill's luminance
    by_key: dict = {}

    def text_run(data: bytes) -> float:
        """Advance of a string in text space units (unscaled by the font matrix), glyph by glyph."""
        if font is None:
            return 0.0
        total = 0.0
        step = 2 if font.two_byte else 1
        for i in range(0, len(data) - step + 1, step):
            code = int.from_bytes(data[i:i + step], "big")
            w = font.widths.get(code, font.default) / 1000.0
            total += (w * size + char_space + (word_space if (code == 32 and not font.two_byte) else 0.0)) * hscale
        return total

    def show(data: bytes) -> None:
        nonlocal tm
        advance = text_run(data)
        if data.strip(b" \x00"):
            trm = _mul((1.0, 0.0, 0.0, 1.0, 0.0, rise), _mul(tm, ctm))
            corners = [_apply(trm, x, y) for x in (0.0, advance)
                       for y in (-TEXT_DESCENT_EM * size, TEXT_ASCENT_EM * size)]
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            drawn = (min(xs), min(ys), max(xs), max(ys))
            box = drawn if clip is None else _intersect(drawn, clip)     # only what the clip lets through prints
            if box is not None:
                found.text.append(box)
                cut = clip is not None and not _inside(drawn, clip, tol=0.05 * PT_PER_MM)
                x, y = _apply(trm, 0.0, 0.0)
                along, up = math.hypot(trm[0], trm[1]) or 1.0, math.hypot(trm[2], trm[3]) or 1.0
                frame = (trm[0] / along, trm[1] / along, trm[2] / up, trm[3] / up)
                found.runs.append(TextRun(size * _scale(_mul(tm, ctm)), drawn, cut,
                                          font.decode(data) if font is not None else "", x, y, clip is not None,
                                          (), frame, clip, inks[0],
                                          (font, data, size, char_space, word_space, hscale, along), inks[2]))
        tm = _mul((1.0, 0.0, 0.0, 1.0, advance, 0.0), tm)

    for operands, op in ops:
        if op == "q":
            stack.append((ctm, width, clip, inks))
        elif op == "Q":
            if stack:
                ctm, width, clip, inks = stack.pop()
        elif op in ("m", "l", "c", "v", "y"):
            path_ops.append((op, operands))
            path_x.extend(operands[0::2])
            path_y.extend(operands[1::2])
            path_drawn = True
            if len(path_x) <= SHAPE_MAX_POINTS:
                _outline_points(path_points, op, operands, ctm)
        elif op == MERGED_RUN:
            path_x.extend(operands[0::4] + operands[2::4])
            path_y.extend(operands[1::4] + operands[3::4])
            path_merged = True
        elif op == "re":
            path_ops.append((op, operands))
            x, y, w, h = operands[:4]
            path_x.extend((x, x + w))
            path_y.extend((y, y + h))
            path_boxed = True
        elif op == "h":
            path_ops.append((op, operands))
        elif op in ("W", "W*"):
            clipping = True
        elif op == "cm":
            ctm = _mul(tuple(operands[:6]), ctm)
        elif op == "w":
            width = operands[0]
        elif op in ("S", "s", "B", "B*", "b", "b*", "f", "F", "f*", "n"):
            # The path's bounds: its points' bounds in user space, transformed (the same box for the axis-aligned
            # paths and clips our layouts make; a little larger for a turned one).
            path_box = None
            points = None
            merged = False
            drawn_lines: list = []
            if path_x:
                corners = [_apply(ctm, x, y) for x in (min(path_x), max(path_x)) for y in (min(path_y), max(path_y))]
                path_box = (min(p[0] for p in corners), min(p[1] for p in corners),
                            max(p[0] for p in corners), max(p[1] for p in corners))
                if (path_drawn or ctm[1] or ctm[2]) and op != "n" and not path_merged and \
                        min(path_box[2] - path_box[0], path_box[3] - path_box[1]) >= SHAPE_MIN_MM * PT_PER_MM:
                    # a long path (a row of a pattern's dots) by its own box, turned: reading each point costs
                    points = [_apply(ctm, x, y) for x, y in path_points] \
                        if path_drawn and not path_boxed and len(path_x) <= SHAPE_MAX_POINTS else corners
                merged = path_merged
                if op != "n" and path_ops and not merged and (op not in ("f", "F", "f*") or len(path_ops) <= 6):
                    _straight_lines(path_ops, op, ctm, width, clip, len(found.runs), inks, drawn_lines)
                path_x, path_y, path_drawn, path_boxed, path_points, path_merged = [], [], False, False, [], False
            path_ops = []
            if op in ("S", "s", "B", "B*", "b", "b*"):
                effective = width * _scale(ctm)
                if effective < MIN_STROKE_PT - 1e-3 and (clip is None or path_box is None or
                                                         _intersect(path_box, clip) is not None):
                    found.strokes.append((effective, ctm[4], ctm[5]))
            if op != "n" and path_box is not None:
                shown = path_box if clip is None else _intersect(path_box, clip)
                if shown is not None and op not in ("S", "s"):
                    found.fills.append(shown)
                if shown is not None and op not in ("f", "F", "f*"):
                    found.outlines.append(shown)
                if shown is not None and points is not None:
                    found.shapes[shown] = points
                if shown is not None and merged:
                    found.patterns.append(shown)
                if shown is not None and not merged and op not in ("S", "s") and \
                        min(shown[2] - shown[0], shown[3] - shown[1]) >= COVER_MIN_PT:
                    found.covers.append((shown, len(found.lines), points))
                if shown is not None and op not in ("S", "s") and \
                        min(shown[2] - shown[0], shown[3] - shown[1]) >= COVER_MIN_PT:
                    found.grounds.append((shown, len(found.runs), None if merged else inks[2]))
            found.lines += drawn_lines      # after the path's fill: its outline is drawn over it
            if clipping and path_box is not None:
                # A clip is taken as its bounds: exact for the rectangles our layouts clip to.
                clip = path_box if clip is None else (_intersect(path_box, clip) or (0.0, 0.0, 0.0, 0.0))
            clipping = False
        elif op in ("rg", "RG"):
            found.rgb.append(f"{op} {' '.join(f'{float(v):g}' for v in operands)}")
            inks = _inked(inks, op, operands)
        elif op in _COLOUR_OPS:
            inks = _inked(inks, op, operands)
        elif op in ("cs", "CS"):
            if _is_rgb_space(operands[0], resources):
                found.rgb.append(f"colour space {operands[0]}")
            inks = _inked(inks, op, ())
        elif op == "BT":
            tm = tl = IDENTITY
        elif op == "Tf":
            key = str(operands[0])
            if key not in by_key:
                ref = fonts.get(key) if fonts else None
                by_key[key] = _font_cached(ref, cache) if ref is not None else None
            font = by_key[key]
            if font is not None and not font.embedded:
                found.fonts_missing.add(font.name)
            size = operands[1]
        elif op == "Tc":
            char_space = operands[0]
        elif op == "Tw":
            word_space = operands[0]
        elif op == "Tz":
            hscale = operands[0] / 100.0
        elif op == "Ts":
            rise = operands[0]
        elif op == "TL":
            leading = operands[0]
        elif op == "Tm":
            tm = tl = tuple(operands[:6])
        elif op in ("Td", "TD"):
            tx, ty = operands[0], operands[1]
            if op == "TD":
                leading = -ty
            tm = tl = _mul((1.0, 0.0, 0.0, 1.0, tx, ty), tl)
        elif op == "T*":
            tm = tl = _mul((1.0, 0.0, 0.0, 1.0, 0.0, -leading), tl)
        elif op == "Tj":
            show(_raw(operands[0]))
        elif op in ("'", '"'):
            tm = tl = _mul((1.0, 0.0, 0.0, 1.0, 0.0, -leading), tl)
            show(_raw(operands[-1]))
        elif op == "TJ":
            for part in operands[0]:
                if isinstance(part, (int, float)):
                    tm = _mul((1.0, 0.0, 0.0, 1.0, -part / 1000.0 * size * hscale, 0.0), tm)
                else:
                    show(_raw(part))
        elif op == "Do":
            ref = xobjects.get(str(operands[0])) if xobjects else None
            if ref is None:
                continue
            xobj = ref.get_object()
            subtype = xobj.get("/Subtype")
            if subtype == "/Form":
                matrix = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
                _interpret(_form_operations(ref, xobj, cache), xobj.get("/Resources", resources), _mul(matrix, ctm),
                           found, depth + 1, cache)
            elif subtype == "/Image":
                corners = [_apply(ctm, x, y) for x in (0.0, 1.0) for y in (0.0, 1.0)]
                image = (min(p[0] for p in corners), min(p[1] for p in corners),
                         max(p[0] for p in corners), max(p[1] for p in corners))
                found.grounds.append((image if clip is None else (_intersect(image, clip) or image),
                                      len(found.runs), None))        # a picture: no one colour under its text
                if _is_rgb_space(xobj.get("/ColorSpace"), resources):
                    found.rgb.append(f"RGB image {operands[0]}")
        elif op == "INLINE IMAGE":
            settings = operands[0].get("settings", {}) if operands and isinstance(operands[0], dict) else {}
            space = settings.get("/CS", settings.get("/ColorSpace"))
            if _is_rgb_space(space, resources):
                found.rgb.append("RGB inline image")


# --- the checks ------------------------------------------------------------------------------------
def _box(page, name: str):
    value = page.get(name)
    if value is None:
        return None
    x0, y0, x1, y1 = (float(v) for v in value)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _inside(inner, outer, tol: float = BOX_TOLERANCE_PT) -> bool:
    return (inner[0] >= outer[0] - tol and inner[1] >= outer[1] - tol and
            inner[2] <= outer[2] + tol and inner[3] <= outer[3] + tol)


def _mm(v: float) -> str:
    return f"{v / PT_PER_MM:.2f} mm"


def _is_pdfx(reader) -> bool:
    info = reader.metadata or {}
    root = reader.trailer["/Root"].get_object()
    return "/GTS_PDFXVersion" in info or "/OutputIntents" in root


@dataclass
class PageRead:
    """One page read back: its number, boxes (pt, default user space; None when absent), /Rotate, what its
    content showed (None: unreadable, with the error)."""
    number: int
    media: tuple
    trim: Optional[tuple]
    bleed: Optional[tuple]
    rotate: int
    found: Optional[Findings]
    error: str = ""

    @property
    def size_mm(self) -> tuple[float, float]:
        w, h = (self.media[2] - self.media[0]) / PT_PER_MM, (self.media[3] - self.media[1]) / PT_PER_MM
        return (h, w) if self.rotate % 180 else (w, h)


@dataclass
class PdfRead:
    """A PDF read once: every page, and whether it claims PDF/X. Both preflights work from this."""
    pages: list
    pdfx: bool


def read_pdf(data: bytes, *, ours: bool = False) -> PdfRead:
    """Every page of the PDF `data` with what its content streams show; PreflightError if it is no PDF.

    `ours`: a file this build just wrote, read through its cross-reference table (print/pdf_objects.py), pypdf
    not even imported; a file that table does not describe whole is read with pypdf as any other file is."""
    if ours:
        pdf = pdf_objects.read(data)
        if pdf is not None:
            try:
                return PdfRead(_read_pages(pdf.pages, catch=()), _is_pdfx(pdf))
            except (pdf_objects.PdfObjectError, ValueError, KeyError, TypeError, IndexError, AttributeError,
                    RecursionError, zlib.error):
                pass                     # not as we write files after all: pypdf reads it, and says what is wrong
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError
    try:
        reader = PdfReader(io.BytesIO(data))
        pages = list(reader.pages)
    except (PdfReadError, ValueError, KeyError, TypeError) as err:
        raise PreflightError(f"not a readable PDF ({err})") from None
    return PdfRead(_read_pages(pages, catch=(PdfReadError, ValueError, KeyError, TypeError, IndexError,
                                             AttributeError)), _is_pdfx(reader))


def _read_pages(pages, catch: tuple) -> list[PageRead]:
    """Each page read (pypdf's page objects or pdf_objects'); an error of `catch` makes that page unreadable."""
    cache = _Cache()
    out = []
    for n, page in enumerate(pages, start=1):
        read = PageRead(n, _box(page, "/MediaBox"), _box(page, "/TrimBox"), _box(page, "/BleedBox"),
                        int(page.get("/Rotate", 0) or 0), None)
        try:
            found = Findings()
            _interpret(operations(page_content(page)), page.get("/Resources"), IDENTITY, found, cache=cache)
            read.found = found
        except catch as err:
            read.error = f"{type(err).__name__}: {err}"
        out.append(read)
    return out


def preflight(data, expect: Expectation = Expectation()) -> list[str]:
    """Every problem of the PDF `data` (bytes, or a PdfRead), one line each ('page 3: ...'); empty: it passes."""
    read = data if isinstance(data, PdfRead) else read_pdf(data)
    shop = expect.shop or read.pdfx
    problems: list[str] = []
    missing_fonts: set = set()
    for page in read.pages:
        n = page.number
        where = f"page {n}"
        media, trim, bleed = page.media, page.trim, page.bleed
        if trim is None:
            problems.append(f"{where}: no TrimBox")
        if bleed is None:
            problems.append(f"{where}: no BleedBox")
        if trim and bleed and not _inside(trim, bleed):
            problems.append(f"{where}: the TrimBox is not inside the BleedBox")
        if bleed and media and not _inside(bleed, media):
            problems.append(f"{where}: the BleedBox is not inside the MediaBox")
        w_mm, h_mm = page.size_mm
        stated = expect.page_sizes_mm.get(n)
        if stated is not None and (abs(w_mm - stated[0]) > SIZE_TOLERANCE_MM or
                                   abs(h_mm - stated[1]) > SIZE_TOLERANCE_MM):
            problems.append(f"{where}: {w_mm:.1f} x {h_mm:.1f} mm, stated {stated[0]:.1f} x {stated[1]:.1f} mm")
        elif stated is None and expect.paper:
            pw, ph = paper_size_mm(expect.paper)
            if not any(abs(w_mm - a) <= SIZE_TOLERANCE_MM and abs(h_mm - b) <= SIZE_TOLERANCE_MM
                       for a, b in ((pw, ph), (ph, pw))):
                problems.append(f"{where}: {w_mm:.1f} x {h_mm:.1f} mm is not {expect.paper.upper()}")
        found = page.found
        if found is None:
            problems.append(f"{where}: its content cannot be read ({page.error})")
            continue
        missing_fonts |= found.fonts_missing
        for width, x, y in found.strokes[:MAX_REPORTED]:
            problems.append(f"{where}: a line {width:.3f} pt wide (under {MIN_STROKE_PT} pt)")
        if len(found.strokes) > MAX_REPORTED:
            problems.append(f"{where}: {len(found.strokes) - MAX_REPORTED} more lines under {MIN_STROKE_PT} pt")
        if shop and found.rgb:
            problems.append(f"{where}: RGB colour in a print-shop file ({', '.join(sorted(set(found.rgb))[:3])})")
        problems.extend(f"{where}: {p}" for p in _text_problems(found.text, trim or media, bleed, media,
                                                                expect.item_trims_mm.get(n)))
    for name in sorted(missing_fonts):
        problems.append(f"font {name} is not embedded")
    return problems


def _text_problems(boxes: list, trim, bleed, media, item_trims: Optional[list]) -> list[str]:
    """Text outside its safe zone: of the item it is printed on (manifest), else of the page's trim; text wholly
    outside the page's BleedBox is slug, cut away with the margin, and free."""
    safe = SAFE_MM * PT_PER_MM
    out = []
    page_h = media[3] - media[1]
    items = []
    for x, y, w, h, item_safe in item_trims or ():
        # Manifest rectangles are mm from the top-left corner, y down; each item has its own safe zone (a 9 mm
        # pawn cannot keep 3 mm).
        x0, x1 = media[0] + x * PT_PER_MM, media[0] + (x + w) * PT_PER_MM
        y1 = media[1] + page_h - y * PT_PER_MM
        items.append(((x0, y1 - h * PT_PER_MM, x1, y1), item_safe * PT_PER_MM))
    zone_page = (trim[0] + safe, trim[1] + safe, trim[2] - safe, trim[3] - safe)
    for box in boxes:
        zone, where = zone_page, f"{SAFE_MM:g} mm inside the page's trim"
        for item, item_safe in items:
            if _overlap(box, item):
                zone = (item[0] + item_safe, item[1] + item_safe, item[2] - item_safe, item[3] - item_safe)
                where = f"{_mm(item_safe)} inside the item's trim"
                break
        else:
            if not _overlap(box, bleed or trim):
                continue      # slug text (a sheet's label beside its one item): printed outside what is kept
        if not _inside(box, zone, tol=0.05 * PT_PER_MM):
            out.append(f"text at ({_mm(box[0] - media[0])}, {_mm(media[3] - box[3])}) reaches outside its safe "
                       f"zone ({where})")
            if len(out) >= MAX_REPORTED:
                break
    return out


def _intersect(a, b):
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None


def _overlap(a, b) -> bool:
    return a[0] < b[2] and a[2] > b[0] and a[1] < b[3] and a[3] > b[1]


# --- files ---------------------------------------------------------------------------------------------
def expectation_from_manifest(path: Path, *, paper: Optional[str] = None, shop: bool = False) -> Expectation:
    """What manifest.json beside the file says of it (page sizes, items per page, a shop file), if it lists it."""
    manifest = path.parent / "manifest.json"
    sizes, trims = {}, {}
    if manifest.is_file():
        try:
            data = json.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        for entry in data.get("files", []) if isinstance(data, dict) else []:
            if entry.get("file") != path.name:
                continue
            shop = shop or entry.get("kind") == "shop"
            for page in entry.get("pages", []):
                sizes[page["page"]] = (page["width_mm"], page["height_mm"])
                trims[page["page"]] = [(*item["trim_mm"], item.get("safe_mm", SAFE_MM)) for item in page.get("items", [])
                                       if page.get("printer_correction") is None]
    return Expectation(paper=paper, page_sizes_mm=sizes, item_trims_mm=trims, shop=shop)


def read_pdf_file(path) -> bytes:
    """The bytes of the PDF at `path`, read within limits.PDF_CHECK_BYTES: a device or a huge file is refused
    from its first bytes or its size on disk, never read whole (PreflightError)."""
    import os
    import stat

    from ..content import limits
    path = Path(path)
    most = limits.PDF_CHECK_BYTES.default
    try:
        with open(path, "rb") as handle:
            data = handle.read(5)              # a device or any other file: its first bytes say it is no PDF
            if not data.startswith(b"%PDF"):
                raise PreflightError(f"{path}: not a PDF")
            info = os.fstat(handle.fileno())
            if stat.S_ISREG(info.st_mode) and info.st_size > most:
                raise PreflightError(f"{path}: " + limits.exceeded(limits.PDF_CHECK_BYTES, "more",
                                                                    "bytes in this file"))
            handle.seek(0)
            data = handle.read(most + 1)       # no more than the limit of anything that is not a plain file
    except OSError as err:
        raise PreflightError(f"{path}: cannot read it ({err.strerror or err})") from None
    if len(data) > most:
        raise PreflightError(f"{path}: " + limits.exceeded(limits.PDF_CHECK_BYTES, "more", "bytes in this file"))
    return data


def preflight_file(path, *, paper: Optional[str] = None, shop: bool = False) -> list[str]:
    return preflight(read_pdf_file(path), expectation_from_manifest(Path(path), paper=paper, shop=shop))


def preflight_files(paths: Iterable[Path], **kw) -> dict[Path, list[str]]:
    return {Path(p): preflight_file(p, **kw) for p in paths}
