"""PDF backend: the mm canvas on reportlab.

Each page is set up once with a matrix that scales points to millimetres and
flips y, so callers keep SVG's top-left origin; text and images are flipped
back locally so they read upright. `invariant=1` keeps the file free of dates
and random ids: the same drawing gives the same bytes.
"""

from __future__ import annotations

import io
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Sequence

from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from . import fonts
from .canvas import Canvas
from .geometry import Box, PathOp, Point
from .style import PT_PER_MM, Stroke, TextStyle, hex_to_rgb, rgb_to_cmyk

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


def cmyk_colour(colour) -> CMYKColor:
    """Any reportlab colour as CMYK, by the same separation as our own drawing (greys on K only).

    Given to reportlab as `enforceColorSpace`, it converts every colour set
    through the canvas, text objects included, so typeset text is CMYK too.
    """
    c = toColor(colour)
    if isinstance(c, CMYKColor):
        return c
    return CMYKColor(*rgb_to_cmyk(c.red, c.green, c.blue), alpha=c.alpha)


def _path_code(ops: Sequence[PathOp]) -> list[str]:
    """The operators reportlab's path object writes for `ops` ('n', then 'x y m', 'x y l', '... c', 'h'), the
    same strings made without a method call per point (an icon's path has hundreds)."""
    if not ops:
        return []
    if ops[0][0] != "M":
        raise ValueError(f"a path starts with a move, not {ops[0][0]!r}")
    code = ["n"]
    append = code.append
    for op in ops:
        kind = op[0]
        if kind == "M":
            append(fp_str(op[1], op[2]) + " m")
        elif kind == "L":
            append(fp_str(op[1], op[2]) + " l")
        elif kind == "C":
            append(fp_str(*op[1:7]) + " c")
        elif kind == "Z":
            append("h")
        else:
            raise ValueError(f"unknown path operation {kind!r}")
    return code


class ReportlabCanvas(Canvas):
    """The mm canvas on an existing reportlab canvas whose current matrix is already mm, y down.

    PdfCanvas sets that matrix up per page; a platypus Flowable (rulebook
    figures) sets it up around its own box and draws through this class.
    """

    def __init__(self, rl_canvas, *, cmyk: bool = False):
        self._c = rl_canvas
        self.cmyk = cmyk

    # --- colours and strokes ---------------------------------------------------------
    def _colour(self, colour: str):
        r, g, b = hex_to_rgb(colour)
        if self.cmyk:
            return CMYKColor(*rgb_to_cmyk(r, g, b))
        return Color(r, g, b)

    def _apply(self, fill: str | None, stroke: Stroke | None) -> tuple[int, int]:
        c = self._c
        if fill is not None:
            c.setFillColor(self._colour(fill))
        if stroke is not None:
            c.setStrokeColor(self._colour(stroke.colour))
            c.setLineWidth(stroke.width_mm)
            c.setLineCap(_CAPS[stroke.cap])
            c.setLineJoin(_JOINS[stroke.join])
            c.setDash(list(stroke.dash_mm) if stroke.dash_mm else [], 0)
        return (1 if fill is not None else 0), (1 if stroke is not None else 0)

    # --- primitives ----------------------------------------------------------------
    def _rect(self, x, y, w, h, fill, stroke, radius):
        f, s = self._apply(fill, stroke)
        if not (f or s):
            return
        if radius > 0:
            self._c.roundRect(x, y, w, h, radius, stroke=s, fill=f)
        else:
            self._c.rect(x, y, w, h, stroke=s, fill=f)

    def _circle(self, cx, cy, r, fill, stroke):
        f, s = self._apply(fill, stroke)
        if f or s:
            self._c.circle(cx, cy, r, stroke=s, fill=f)

    def _path(self, ops: Sequence[PathOp], fill, stroke, even_odd):
        f, s = self._apply(fill, stroke)
        if not (f or s):
            return
        self._c.drawPath(PDFPathObject(_path_code(ops)), stroke=s, fill=f, fillMode=0 if even_odd else 1)

    def _text_run(self, x, y, text, style: TextStyle):
        c = self._c
        c.saveState()
        c.translate(x, y)
        c.scale(1, -1)
        c.setFont(fonts.font_name(style), style.size_mm)
        c.setFillColor(self._colour(style.colour))
        c.drawString(0, 0, text)
        c.restoreState()

    def image(self, x, y, w, h, source):
        path = Path(source)
        if path.suffix.lower() == ".svg":
            from .svgimport import draw_svg_file      # only for a drawing that places an SVG file
            draw_svg_file(self, path, x, y, w, h)
            return
        c = self._c
        c.saveState()
        c.translate(x, y + h)
        c.scale(1, -1)
        c.drawImage(ImageReader(str(path)), 0, 0, w, h, mask="auto")
        c.restoreState()

    def repeated(self, key: tuple, w: float, h: float, draw: Callable[[Canvas], None], *,
                 at: Point = (0.0, 0.0)) -> None:
        """A form XObject per drawing and document (its /BBox the box: it clips), named in the order first
        drawn, so the same document gives the same bytes; drawn whole (no view), placed with one Do."""
        if self._placed_outside_view(at, w, h):
            return
        c = self._c
        forms = c.__dict__.setdefault("_pnp_forms", {})       # the reportlab canvas is the document
        full = self._repeat_key(key, w, h) + (self.cmyk,)
        name = forms.get(full)
        if name is None:
            name = forms[full] = f"pnpArt{len(forms) + 1}"
            c.beginForm(name, 0, 0, w, h)
            outer_view, self.view = self.view, (0.0, 0.0, w, h)
            try:
                draw(self)
            finally:
                self.view = outer_view
                c.endForm()
        c.saveState()
        if at != (0.0, 0.0):
            c.translate(*at)
        c.doForm(name)
        c.restoreState()

    @contextmanager
    def group(self, *, translate: Point = (0.0, 0.0), rotate_deg: float = 0.0, scale: float = 1.0,
              clip=None, name=None) -> Iterator[None]:
        c = self._c
        c.saveState()
        c.translate(*translate)
        if rotate_deg:
            # y points down, so a positive angle in this flipped space turns clockwise on paper, as in SVG.
            c.rotate(rotate_deg)
        if scale != 1.0:
            c.scale(scale, scale)
        if clip is not None:
            p = c.beginPath()
            p.rect(*clip)
            c.clipPath(p, stroke=0, fill=0)
        try:
            with self._group_state(translate, rotate_deg, scale, clip):
                yield
        finally:
            c.restoreState()


class PdfCanvas(ReportlabCanvas):
    """Draws onto a multi-page PDF held in memory; `finish()` returns its bytes."""

    def __init__(self, *, title: str = "", author: str = "", subject: str = "", cmyk: bool = False):
        self._buffer = io.BytesIO()
        # The initial font is reportlab's Helvetica unless told otherwise: it would sit unembedded in every
        # page's resources, which print shops reject. Start on the embedded family instead.
        rl = rl_canvas.Canvas(self._buffer, invariant=1, pageCompression=1,
                              initialFontName=fonts.font_name(TextStyle()))
        rl.setTitle(title)
        rl.setAuthor(author)
        rl.setSubject(subject)
        rl.setCreator("PnP Forge")
        rl.setProducer("PnP Forge (reportlab)")
        super().__init__(rl, cmyk=cmyk)
        self._page_open = False
        self.page_count = 0
        self.width_mm = self.height_mm = 0.0

    @property
    def reportlab_canvas(self):
        return self._c

    # --- pages ---------------------------------------------------------------------
    def begin_page(self, width_mm: float, height_mm: float, *, trim: Box | None = None,
                   bleed: Box | None = None) -> None:
        """Start a page; trim and bleed boxes (if any) are written into the page dictionary."""
        if self._page_open:
            self.end_page()
        self.width_mm, self.height_mm = width_mm, height_mm
        c = self._c
        c.setPageSize((width_mm * PT_PER_MM, height_mm * PT_PER_MM))
        # Boxes default to the media box so every page carries TrimBox and BleedBox.
        full = (0.0, 0.0, width_mm, height_mm)
        c.setTrimBox(self._pdf_box(trim or full))
        c.setBleedBox(self._pdf_box(bleed or trim or full))
        c.saveState()
        c.transform(PT_PER_MM, 0, 0, -PT_PER_MM, 0, height_mm * PT_PER_MM)
        self._page_open = True

    def _pdf_box(self, box: Box) -> list[float]:
        x, y, w, h = box
        return [round(x * PT_PER_MM, 4), round((self.height_mm - y - h) * PT_PER_MM, 4),
                round((x + w) * PT_PER_MM, 4), round((self.height_mm - y) * PT_PER_MM, 4)]

    def end_page(self) -> None:
        if self._page_open:
            self._c.restoreState()
            self._c.showPage()
            self._page_open = False
            self.page_count += 1

    def bookmark(self, title: str, key: str, level: int = 0) -> None:
        """An outline entry pointing at the current page."""
        self._c.bookmarkPage(key)
        self._c.addOutlineEntry(title, key, level=level)

    def finish(self) -> bytes:
        self.end_page()
        self._c.save()
        return self._buffer.getvalue()
