"""The rulebook as a typeset PDF, with reportlab's platypus.

A title page, a table of contents with links, the rules, the appendices;
a running header (title, version, licence) and a "page n/N" footer; PDF
bookmarks for every heading; figures drawn as vectors through the mm canvas,
numbered and captioned. Headings stay with what follows them; a paragraph
never leaves a single line alone at the foot or the head of a page.

The narrow no-break space (U+202F) is not in our font and reportlab would
break a line at it, so it is typeset as a no-break space (U+00A0, in the
font, never a break point for reportlab) set small enough to be exactly
fonts.NNBSP_EM wide.

An icon in the text (a Span with `icon`) takes its width in the line as no-break
spaces set to exactly that width (platypus breaks lines at no glyph of ours);
an `<onDraw>` right after them calls `draw_inline_icon`, which draws the icon
as vector paths over that gap, on the baseline, in the colour the gap's text has.

`invariant=1` keeps dates and random ids out: the same book gives the same bytes.
"""

from __future__ import annotations

import copy
import io
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.platypus import (BaseDocTemplate, CondPageBreak, Flowable, Frame, KeepTogether,
                                NextPageTemplate, PageBreak, PageTemplate, Paragraph, Spacer, Table, TableStyle)
from reportlab.platypus.doctemplate import ActionFlowable, FrameBreak as _FrameBreak
from reportlab.platypus.flowables import HRFlowable, _listWrapOn
from reportlab.pdfgen.canvas import Canvas as ReportlabCanvasPage
from reportlab.platypus.tableofcontents import IndexingFlowable

from .. import reader_thresholds
from ..content import limits
from ..draw import fonts, icons
from ..draw.bounds import BoundsCanvas
from ..draw.canvas import ICON_TEXT, Canvas
from ..draw.pdf import ReportlabCanvas, cmyk_colour
from ..draw.style import PT_PER_MM, Stroke, TextStyle, hex_to_rgb
from ..draw.typography import typeset
from ..i18n import catalogue
from ..paper_sizes import paper_size_mm
from .markdown import (CodeBlock, Document, FigureBlock, Heading, ListBlock, Paragraph as ParaBlock, Quote, Rule,
                       Span, Table as TableBlock, plain)

INK = "#222222"
QUIET = "#6B6B6B"
DEFAULT_ACCENT = "#7A1F1F"



@dataclass(frozen=True)
class Theme:
    """Page geometry and type sizes of one edition; every length in mm, every size in pt."""
    name: str
    page_w_mm: float
    page_h_mm: float
    inner_mm: float          # margin on the binding side (left on odd pages)
    outer_mm: float
    top_mm: float
    bottom_mm: float
    body_pt: float
    table_pt: float
    caption_pt: float
    h1_pt: float
    h2_pt: float
    h3_pt: float
    title_pt: float
    header_pt: float
    leading: float = 1.25
    accent: str = DEFAULT_ACCENT
    allow_widows: bool = False     # True only to show, in tests, what the rule prevents

    @property
    def text_w_mm(self) -> float:
        return self.page_w_mm - self.inner_mm - self.outer_mm

    @property
    def text_h_mm(self) -> float:
        return self.page_h_mm - self.top_mm - self.bottom_mm


def theme_for(paper: str = "a4", *, half: bool = False, accent: str = DEFAULT_ACCENT) -> Theme:
    """The full-page edition of `paper`, or (half=True) the booklet edition on half of it."""
    w, h = paper_size_mm(paper)
    if half:
        w, h = h / 2.0, w
    if w >= 200:
        # A full page: one column of about 75 characters, the comfortable measure.
        side = round(w * 0.17, 1)
        return Theme(f"{paper}", w, h, side, side, 25.0, 24.0, body_pt=10.5, table_pt=9.0, caption_pt=9.0,
                     h1_pt=18.0, h2_pt=13.5, h3_pt=11.5, title_pt=44.0, header_pt=7.5, accent=accent)
    # A booklet page: a little more room on the fold side, where the staples are.
    return Theme(f"{paper}-half", w, h, 17.0, 13.0, 19.0, 18.0, body_pt=9.5, table_pt=8.5, caption_pt=8.5,
                 h1_pt=15.0, h2_pt=12.0, h3_pt=10.5, title_pt=34.0, header_pt=7.0, accent=accent)


# --- fonts ---------------------------------------------------------------------------------

FONT = {(b, i): fonts.font_name(TextStyle(bold=b, italic=i)) for b in (False, True) for i in (False, True)}
registerFontFamily(FONT[(False, False)], normal=FONT[(False, False)], bold=FONT[(True, False)],
                   italic=FONT[(False, True)], boldItalic=FONT[(True, True)])


@lru_cache(maxsize=None)
def _nbsp_em(bold: bool, italic: bool) -> float:
    return pdfmetrics.stringWidth("\u00a0", FONT[(bold, italic)], 1000) / 1000.0


def gap_markup(size_pt: float, bold: bool = False, italic: bool = False) -> str:
    """The narrow no-break space as platypus markup: a no-break space scaled to NNBSP_EM."""
    return f'<font size="{size_pt * fonts.NNBSP_EM / _nbsp_em(bold, italic):.3f}">\u00a0</font>'


ICON_CALLBACK = "pnp_icon"     # the name draw_inline_icon is registered under on the document's canvas


def icon_markup(name: str, size_pt: float, bold: bool = False, italic: bool = False) -> str:
    """An icon as platypus markup: no-break spaces as wide as the icon, then the call that draws it over them.

    The spaces are set no larger than the text (a larger size would lower the first line of a paragraph):
    as many as that takes, each at the size that makes their sum exactly the icon's width.
    """
    width_pt = icons.INLINE_EM * size_pt
    count = math.ceil(width_pt / (_nbsp_em(bold, italic) * size_pt) - 1e-9)
    gap_pt = width_pt / (count * _nbsp_em(bold, italic))
    return (f'<font size="{gap_pt:.4f}">{chr(0xA0) * count}</font>'
            f'<onDraw name="{ICON_CALLBACK}" label="{escape(name)} {size_pt:.4f}"/>')


def draw_inline_icon(canvas, kind: str, label: str) -> None:
    """platypus's onDraw callback: the icon `label` names, over the gap just set before the cursor."""
    info = canvas._curr_tx_info          # where platypus is in the line: cur_x (after the gap), cur_y (baseline)
    name, size = label.split(" ")
    size_pt = float(size)
    colour = info["xs"].textColor        # the gap's colour: the text's, a link's, a heading's
    canvas.saveState()
    canvas.translate(info["cur_x"] - icons.INLINE_EM * size_pt, info["cur_y"] + (getattr(info["xs"], "rise", 0) or 0))
    canvas.scale(PT_PER_MM, -PT_PER_MM)
    canvas.setFillColor(colour)
    ops, even_odd = icons.inline_ops(name, 0.0, 0.0, size_pt / PT_PER_MM)
    path = canvas.beginPath()
    for op in ops:
        {"M": path.moveTo, "L": path.lineTo, "C": path.curveTo, "Z": path.close}[op[0]](*op[1:])
    canvas.drawPath(path, stroke=0, fill=1, fillMode=0 if even_odd else 1)
    canvas.restoreState()


def markup(spans, size_pt: float, accent: str, *, bold: bool = False) -> str:
    """Platypus paragraph markup for runs of text, every character one our font has, and icons."""
    out = []
    for s in spans:
        if s.text == "\n":
            out.append("<br/>")
            continue
        b, i = bold or s.bold, s.italic
        if s.icon:
            text = icon_markup(s.icon, size_pt, b, i)
        else:
            text = escape(s.text).replace("\n", "<br/>")
            text = text.replace(fonts.NNBSP, gap_markup(size_pt, b, i))
        if s.code:
            text = f'<font color="{QUIET}">{text}</font>'
        if s.italic:
            text = f"<i>{text}</i>"
        if s.bold:
            text = f"<b>{text}</b>"
        if s.href:
            text = f'<a href="{escape(s.href, {chr(34): "&quot;"})}" color="{accent}">{text}</a>'
        out.append(text)
    return "".join(out)


def outline_text(text: str) -> str:
    """Bookmark titles are shown by the viewer's own font: plain spaces are safest there."""
    return text.replace(fonts.NNBSP, "\u00a0").replace("\n", " ").replace(ICON_TEXT, "").replace("  ", " ").strip()


def _colour(hex_colour: str) -> Color:
    return Color(*hex_to_rgb(hex_colour))


# --- styles ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Styles:
    body: ParagraphStyle
    h: tuple                 # heading styles, levels 1..4
    caption: ParagraphStyle
    table: ParagraphStyle
    table_head: ParagraphStyle
    toc: tuple               # TOC levels 1..2
    toc_page: ParagraphStyle
    code: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle
    cover: ParagraphStyle
    cover_small: ParagraphStyle


def make_styles(t: Theme) -> Styles:
    regular, bold, italic = FONT[(False, False)], FONT[(True, False)], FONT[(False, True)]
    body = ParagraphStyle(
        "body", fontName=regular, fontSize=t.body_pt, leading=t.body_pt * t.leading, textColor=_colour(INK),
        alignment=TA_LEFT, spaceAfter=t.body_pt * 0.55, allowWidows=int(t.allow_widows),
        allowOrphans=int(t.allow_widows), bulletFontName=regular, bulletFontSize=t.body_pt)

    def heading(level: int, size: float, before: float, after: float) -> ParagraphStyle:
        return ParagraphStyle(f"h{level}", parent=body, fontName=bold, fontSize=size, leading=size * 1.2,
                              textColor=_colour(t.accent), spaceBefore=before, spaceAfter=after, keepWithNext=1)

    h = (heading(1, t.h1_pt, t.body_pt * 1.6, t.body_pt * 0.9),
         heading(2, t.h2_pt, t.body_pt * 1.1, t.body_pt * 0.45),
         heading(3, t.h3_pt, t.body_pt * 0.9, t.body_pt * 0.3),
         heading(4, t.body_pt, t.body_pt * 0.8, t.body_pt * 0.2))
    table = ParagraphStyle("table", parent=body, fontSize=t.table_pt, leading=t.table_pt * 1.2, spaceAfter=0,
                           bulletFontSize=t.table_pt)
    toc1 = ParagraphStyle("toc1", parent=body, fontName=bold, spaceBefore=t.body_pt * 0.5, spaceAfter=0)
    toc2 = ParagraphStyle("toc2", parent=body, leftIndent=t.body_pt * 1.2, spaceAfter=0)
    return Styles(
        body=body, h=h,
        caption=ParagraphStyle("caption", parent=body, fontName=italic, fontSize=t.caption_pt,
                               leading=t.caption_pt * 1.25, alignment=TA_CENTER, textColor=_colour("#444444"),
                               spaceAfter=0),
        table=table,
        table_head=ParagraphStyle("table_head", parent=table, fontName=bold),
        toc=(toc1, toc2),
        toc_page=ParagraphStyle("toc_page", parent=body, alignment=TA_RIGHT, spaceAfter=0),
        code=ParagraphStyle("code", parent=body, fontSize=t.table_pt, leading=t.table_pt * 1.3,
                            textColor=_colour("#444444"), leftIndent=t.body_pt),
        title=ParagraphStyle("title", parent=body, fontName=bold, fontSize=t.title_pt, leading=t.title_pt * 1.1,
                             textColor=_colour(t.accent), alignment=TA_LEFT, spaceAfter=t.title_pt * 0.2),
        subtitle=ParagraphStyle("subtitle", parent=body, fontName=italic, fontSize=t.h2_pt,
                                leading=t.h2_pt * 1.3, textColor=_colour("#444444")),
        cover=ParagraphStyle("cover", parent=body, fontSize=t.h3_pt, leading=t.h3_pt * 1.35, spaceAfter=0),
        cover_small=ParagraphStyle("cover_small", parent=body, fontSize=t.header_pt + 1,
                                   leading=(t.header_pt + 1) * 1.3, textColor=_colour(QUIET), spaceAfter=0),
    )


# --- flowables ---------------------------------------------------------------------------------

class HeadingFlowable(Paragraph):
    """A heading: its anchor, its bookmark and its line in the table of contents travel with it."""

    def __init__(self, text: str, style: ParagraphStyle, *, key: str, title: str, level: int,
                 outline_level: int, rule_colour: str | None = None, toc: bool = True):
        super().__init__(text, style)
        self.key, self.title, self.level, self.outline_level = key, title, level, outline_level
        self.rule_colour, self.in_toc = rule_colour, toc

    def draw(self):
        c = self.canv
        c.bookmarkHorizontal(self.key, 0, self.height + self.style.fontSize * 0.4)
        c.addOutlineEntry(outline_text(self.title), self.key, level=self.outline_level, closed=False)
        super().draw()
        if self.rule_colour:
            c.saveState()
            c.setStrokeColor(_colour(self.rule_colour))
            c.setLineWidth(0.6)
            c.line(0, -self.style.fontSize * 0.25, self.width, -self.style.fontSize * 0.25)
            c.restoreState()


FIGURE_LEAST_FIT = 0.75    # a figure set smaller to fit keeps at least three quarters of its size
FIGURE_FIT_STEP = 0.05     # the fits tried for a figure that keeps its text to the floor itself


class FigureFlowable(Flowable):
    """A figure drawn through the mm canvas, scaled down (never up) to fit the column; the template may set it
    smaller still (`fit`, a share of that size) to fit a page, down to `least_fit`."""

    def __init__(self, block: FigureBlock, max_height_pt: float, label_floor_pt: float | None = None):
        super().__init__()
        self.block = block
        self.max_height_pt = max_height_pt
        # the game's floor for a figure's labels (game.yaml preflight), else the reader's
        self.label_floor_pt = reader_thresholds.value("min_label_pt") if label_floor_pt is None else label_floor_pt
        self.scale = 1.0
        self.fit = 1.0

    def natural_scale(self, avail_w: float) -> float:
        fig = self.block.figure
        return min(1.0, avail_w / (fig.width_mm * PT_PER_MM), self.max_height_pt / (fig.height_mm * PT_PER_MM))

    def least_fit(self, avail_w: float) -> float:
        """The smallest fit: FIGURE_LEAST_FIT, and never its smallest text under the game's floor for a
        figure's labels (label_floor_pt; a figure whose text is already at or under the floor is never shrunk),
        unless the figure keeps its text to that floor itself (figure.readable: a card's words, enlarged back to
        it) and still prints every text at a smaller fit (`_keeps_its_text`, tried from FIGURE_LEAST_FIT up)."""
        smallest = smallest_text_pt(self.block.figure)
        if smallest is None:
            return FIGURE_LEAST_FIT
        floor = self.label_floor_pt
        natural = self.natural_scale(avail_w)
        least = min(1.0, max(FIGURE_LEAST_FIT, floor / (smallest * natural)))
        step = FIGURE_LEAST_FIT
        while step < least - 1e-9:       # the smallest of the fits tried (a twentieth apart) that keeps its text
            if _keeps_its_text(self.block.figure, natural, round(step, 2), floor):
                return round(step, 2)
            step += FIGURE_FIT_STEP
        return least

    def wrap(self, avail_w, avail_h):
        fig = self.block.figure
        self.scale = self.natural_scale(avail_w) * self.fit
        self.avail_w = avail_w
        self.width, self.height = avail_w, fig.height_mm * PT_PER_MM * self.scale
        return self.width, self.height

    def draw(self):
        c = self.canv
        fig = self.block.figure
        c.bookmarkHorizontal(self.block.anchor, 0, self.height)
        w_pt = fig.width_mm * PT_PER_MM * self.scale
        c.saveState()
        # Top-left of the figure box becomes (0, 0), one unit is a millimetre, y grows downwards.
        c.translate((self.avail_w - w_pt) / 2.0, self.height)
        c.scale(PT_PER_MM * self.scale, -PT_PER_MM * self.scale)
        drawing = ReportlabCanvas(c)
        drawing.scale = self.scale      # a figure drawn smaller keeps its lines printable
        if not _draft_pass(c):
            fig.draw(drawing)
        c.restoreState()


def _draft_pass(canvas) -> bool:
    """Whether the page being drawn belongs to multiBuild's first pass, which is never the one saved: its
    PageCount knows no page yet (0) and counts at least one by its end, so the pass is not satisfied and
    another follows. Its pages are thrown away; a figure's art (PuXes' mats: a tenth of its rulebook) need not
    be drawn on them. Only the art: the layout (wrap, split, the template's records) is the same."""
    doc = getattr(canvas, "_doctemplate", None)
    count = getattr(doc, "page_count", None)
    return isinstance(count, PageCount) and count.count == 0


class _TextSizes(BoundsCanvas):
    """Draws nothing: the smallest size (pt) a drawing sets text at, its own scaling applied."""

    def __init__(self):
        super().__init__()
        self.smallest: float | None = None

    def _text_run(self, x, y, text, style):
        a, b, c, d, _, _ = self._matrix
        size = style.size_pt * math.sqrt(abs(a * d - b * c))
        if text.strip() and (self.smallest is None or size < self.smallest):
            self.smallest = size


class _PrintedText(Canvas):
    """Each text a drawing prints and its printed size (pt), the text floor applied (Canvas.text_floor: text
    enlarged back to it, or left out where it would not fit); nothing drawn. It keeps the state a
    ReportlabCanvas keeps (scale and view through its groups, `repeated` art drawn once per key) and its `cmyk`,
    so a kept figure's drawing for it (figure_cache, keyed by draw/recording.state_key) is the same: shapes
    never change which text prints, and writing them to a page thrown away cost PuXes' rulebook a third of its
    time."""

    keeps_shapes = False        # an SVG image is paths only (draw/svgimport.py)

    def __init__(self):
        self.cmyk = False
        self.printed: list = []
        self._forms: set = set()

    def _text_run(self, x, y, text, style):
        if text.strip():
            self.printed.append((text, style.size_pt * self.scale))

    def _rect(self, x, y, w, h, fill, stroke, radius) -> None:
        pass

    def _circle(self, cx, cy, r, fill, stroke) -> None:
        pass

    def _path(self, ops, fill, stroke, even_odd) -> None:
        pass

    def image(self, x, y, w, h, source) -> None:
        pass

    def repeated(self, key, w, h, draw, *, at=(0.0, 0.0)) -> None:
        """As ReportlabCanvas.repeated: drawn once per key (a form), with the form's box as its view."""
        if self._placed_outside_view(at, w, h):
            return
        full = self._repeat_key(key, w, h) + (self.cmyk,)
        if full in self._forms:
            return
        self._forms.add(full)
        outer_view, self.view = self.view, (0.0, 0.0, w, h)
        try:
            draw(self)
        finally:
            self.view = outer_view

    def group(self, *, translate=(0.0, 0.0), rotate_deg=0.0, scale=1.0, clip=None, name=None):
        return self._group_state(translate, rotate_deg, scale, clip)


_kept_text: dict = {}     # (id(figure), scale, fit) -> (figure, answer)
_printed: dict = {}       # (id(figure), scale) -> (figure, what it prints drawn at that scale)


def _printed_at(figure, scale: float) -> list:
    key = (id(figure), scale)
    known = _printed.get(key)
    if known is None or known[0] is not figure:
        if len(_printed) >= 1024:
            _printed.clear()
        canvas = _PrintedText()
        canvas.scale = scale
        figure.draw(canvas)
        known = _printed[key] = (figure, canvas.printed)
    return known[1]


def _keeps_its_text(figure, natural: float, fit: float, floor: float) -> bool:
    """Whether the figure, drawn at `fit` of its natural scale, still prints every text it prints at that scale,
    none under `floor` (pt): its own text floor enlarges what shrinks under it, where it fits."""
    key = (id(figure), round(natural, 6), fit)
    known = _kept_text.get(key)
    if known is None or known[0] is not figure:
        if len(_kept_text) >= 1024:
            _kept_text.clear()
        whole, smaller = _printed_at(figure, natural), _printed_at(figure, natural * fit)
        keeps = sorted(t for t, _ in whole) == sorted(t for t, _ in smaller) and \
            all(size >= floor - 0.05 for _, size in smaller)
        known = _kept_text[key] = (figure, keeps)
    return known[1]


OVERHANG_NOISE_MM = 0.25   # half a frame's stroke drawn on the figure's edge: not worth a record
_measured: dict = {}     # id(figure) -> (figure, pt, ink box): a figure is measured once, however often it is set


def _measure(figure) -> tuple:
    known = _measured.get(id(figure))
    if known is None or known[0] is not figure:
        if len(_measured) >= 1024:      # a long-lived process (pnp watch) builds again and again
            _measured.clear()
        canvas = _TextSizes()
        figure.draw(canvas)
        known = _measured[id(figure)] = (figure, canvas.smallest, canvas.box)
    return known


def smallest_text_pt(figure) -> float | None:
    """The smallest text of a figure drawn at its own size (None: it writes none)."""
    return _measure(figure)[1]


def figure_overhang_mm(figure) -> tuple[float, float, float, float]:
    """How far a figure's ink (what its clips let through) reaches past its box at its own size, mm on each side
    (left, top, right, bottom; 0 within it): the rulebook does not clip a figure, so this is printed over the
    space round it, its caption or the text."""
    box = _measure(figure)[2]
    if box is None:
        return (0.0, 0.0, 0.0, 0.0)
    x, y, w, h = box
    return (max(0.0, -x), max(0.0, -y), max(0.0, x + w - figure.width_mm), max(0.0, y + h - figure.height_mm))


def figure_frame_record(flowable) -> dict:
    """What the layout records of how a figure keeps to its frame (print/reader.py figure_frames): its ink past its
    box as printed (mm, left, top, right, bottom) where there is any, the marks of its component that its crop
    cuts (Figure.cut, each named by its words), and its smallest picture and marked piece as printed ([mm, piece,
    place, 'pictured' | 'piece'])."""
    figure = flowable.block.figure
    record = {}
    overhang = [round(side * flowable.scale, 2) for side in figure_overhang_mm(figure)]
    if max(overhang) > OVERHANG_NOISE_MM:
        record["overhang_mm"] = overhang
    cut = getattr(figure, "cut", ())
    if cut:
        record["cut"] = list(cut)
    # The smallest picture (a gnome making a gesture: Shown 'depicted') and the smallest piece drawn with a mark
    # (Shown.attrs: a facing) the reader must make out, at print size: a figure drawn smaller than its own size
    # shrinks them with the rest.
    smallest: dict = {}
    for s in getattr(figure, "shows", ()):
        if s.attrs and s.size_mm > 0:
            kind = "pictured" if s.how == "depicted" else "piece"
            smallest[kind] = min(smallest.get(kind, (1e9,)), (round(s.size_mm * flowable.scale, 2), s.piece, s.place))
    if smallest:
        record["marked"] = [[*smallest[kind], kind] for kind in sorted(smallest)]
    # Set smaller than its natural size to fit the page (fit < 1): its texts shrank with it, which the designer
    # sees listed (the manifest's shrunk_text, -v, the gallery) as a card's text shrunk to fit its box.
    text_pt = smallest_text_pt(figure) if flowable.fit < 1 - 1e-9 else None
    if text_pt is not None:
        natural = flowable.scale / flowable.fit
        record["shrunk"] = {"id": flowable.block.id, "text": plain(flowable.block.caption),
                            "asked_pt": round(text_pt * natural, 2), "set_pt": round(text_pt * flowable.scale, 2)}
    return record


class Contents(IndexingFlowable):
    """Table of contents: one row per section and subsection, the title and the page both linked."""

    def __init__(self, styles: Styles, accent: str, max_level: int = 2):
        super().__init__()
        self.styles, self.accent, self.max_level = styles, accent, max_level
        self._entries: list = []
        self._last: list = []
        self._made = None
        self._table = None
        self._padding = self.PADDING_PT

    def beforeBuild(self):
        self._last, self._entries = self._entries, []
        self._made = None

    def isSatisfied(self):
        return self._entries == self._last

    def notify(self, kind, stuff):
        if kind == "TOCEntry" and stuff[0] <= self.max_level:
            self._entries.append(stuff)

    def _rows(self) -> list:
        if self._made is None:      # once a pass: wrap and split ask for them again
            self._made = self._make_rows()
        return [list(row) for row in self._made]

    def _make_rows(self) -> list:
        rows = []
        for i, (level, text, page, key) in enumerate(self._last or [(1, "…", 0, None)]):
            style = self.styles.toc[min(level, 2) - 1]
            link = f'<a href="#{key}" color="{INK}">' if key else "<a>"
            rows.append([Paragraph(f"{link}{text}</a>", style),
                         Paragraph(f"{link}{page}</a>", replace_style(self.styles.toc_page, style))])
        return rows

    PADDING_PT = 1.0        # above and below each row; none when that keeps the contents on one page

    def _make(self, avail_w, rows=None):
        col = max(avail_w * 0.12, 12 * PT_PER_MM)
        pad = self._padding
        table = Table(rows if rows is not None else self._rows(), colWidths=(avail_w - col, col), hAlign="LEFT")
        table.setStyle(_table_style([("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                   ("TOPPADDING", (0, 0), (-1, -1), pad), ("BOTTOMPADDING", (0, 0), (-1, -1), pad)]))
        return table

    def wrap(self, avail_w, avail_h):
        # A contents list a few rows too long for its page is set without the rows' padding rather than carry
        # those rows to a page of their own (Praxis' A5 booklet: one row alone on page 3).
        self._padding = self.PADDING_PT
        self._table = self._make(avail_w)
        size = self._table.wrap(avail_w, avail_h)
        if size[1] > avail_h:
            self._padding = 0.0
            tight = self._make(avail_w)
            tight_size = tight.wrap(avail_w, avail_h)
            if tight_size[1] <= avail_h:
                self._table, size = tight, tight_size
            else:
                self._padding = self.PADDING_PT
        return size

    def split(self, avail_w, avail_h):
        """The rows that fit here as one table, then each other row as a table of its own: a table split page
        after page sets again all the rows it has left, so a long contents list cost the square of its rows."""
        tables = [self._make(avail_w, [row]) for row in self._rows()]
        used, first = 0.0, 0
        while first < len(tables) and used + tables[first].wrap(avail_w, avail_h)[1] <= avail_h:
            used += tables[first]._height
            first += 1
        if first == 0:
            return []
        head = self._make(avail_w, [row for table in tables[:first] for row in table._cellvalues])
        return [head] + tables[first:]

    def drawOn(self, canvas, x, y, _sW=0):
        self._table.drawOn(canvas, x, y, _sW)


def replace_style(base: ParagraphStyle, like: ParagraphStyle) -> ParagraphStyle:
    return ParagraphStyle(base.name + "-" + like.name, parent=base, fontName=like.fontName,
                          spaceBefore=like.spaceBefore)


class PageCount(IndexingFlowable):
    """Zero-size, first in the story: how many pages the book has, for the 'page n/N' footers, counted by the
    template as each page ends. Last in the story it needed room: a book whose text filled its last page to
    the foot got a blank page more, holding only it."""

    def __init__(self):
        super().__init__()
        self.count = 0            # pages of the last whole pass: what the footers say
        self.ended = 0            # pages ended in this pass (RulebookTemplate.afterPage)
        self._last = -1
        self.width = self.height = 0

    def beforeBuild(self):
        self._last, self.ended = self.count, 0

    def afterBuild(self):
        self.count = self.ended

    def isSatisfied(self):
        return self.count == self._last

    def wrap(self, avail_w, avail_h):
        return 0, 0

    def draw(self):
        pass


# --- the document template ------------------------------------------------------------------------

class RulebookTemplate(BaseDocTemplate):
    def __init__(self, buffer, theme: Theme, info: Any, page_count: PageCount, **kw):
        self.theme, self.info, self.page_count = theme, info, page_count
        self.words = words = catalogue(info.language)
        # Every page carries TrimBox and BleedBox (FACTS.md); a rulebook page is cut at its edges.
        page_box = (0, 0, theme.page_w_mm * PT_PER_MM, theme.page_h_mm * PT_PER_MM)
        super().__init__(buffer, pagesize=(theme.page_w_mm * PT_PER_MM, theme.page_h_mm * PT_PER_MM),
                         invariant=1, pageCompression=1, keepTogetherClass=KeepWithNext, initialFontName=FONT[(False, False)],
                         initialFontSize=theme.body_pt, title=words("rulebook.pdf_title", title=info.title),
                         author=", ".join(info.authors),
                         subject=info.subtitle or words("rulebook.pdf_subject", title=info.title),
                         creator="PnP Forge", producer="PnP Forge (reportlab)", lang=info.language,
                         displayDocTitle=1, trimBox=page_box, bleedBox=page_box, **kw)
        t = theme
        frames = {}
        for side in ("right", "left"):
            left = t.inner_mm if side == "right" else t.outer_mm
            frames[side] = Frame(left * PT_PER_MM, t.bottom_mm * PT_PER_MM, t.text_w_mm * PT_PER_MM,
                                 t.text_h_mm * PT_PER_MM, leftPadding=0, rightPadding=0, topPadding=0,
                                 bottomPadding=0, id=side)
        cover = Frame(t.inner_mm * PT_PER_MM, t.bottom_mm * PT_PER_MM, t.text_w_mm * PT_PER_MM,
                      t.text_h_mm * PT_PER_MM, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
                      id="cover")
        self.addPageTemplates([
            PageTemplate("cover", [cover], onPage=self._cover_page, autoNextPageTemplate="left"),
            PageTemplate("left", [frames["left"]], onPage=self._page, autoNextPageTemplate="right"),
            PageTemplate("right", [frames["right"]], onPage=self._page, autoNextPageTemplate="left"),
        ])

    def handle_pageBegin(self):
        if self.page >= limits.value(limits.RULEBOOK_PAGES):
            raise RulebookTooLong(self.rules_line)
        # A page's side is its number's parity. reportlab's cycle of templates drifts by one after some page
        # breaks (the A5 booklet had its text block on the wrong side of pages 4 to 9, 4 mm off its head and
        # folio), so every page after the cover takes the template of its side here, before it begins.
        if self.page >= 1:
            side = "right" if (self.page + 1) % 2 == 1 else "left"
            self.pageTemplate = next(t for t in self.pageTemplates if t.id == side)
        super().handle_pageBegin()

    rules_line = None      # the rules line of the block being set, for a book that grows too long

    def beforeDocument(self):
        self.canv.setNamedCB(ICON_CALLBACK, draw_inline_icon)
        self._deferred: list = []   # figures waiting for the top of the next page, in their order (this pass)
        self._due: set = set()      # id() of the figures that waited: set where they are released, smaller or not
        self.layout = {"pages": [], "flows": []}    # what the reader's preflight reads (print/reader.py)
        self._page_kind = None
        self._page_opens: bool | None = None     # whether a heading opens the page (else it carries text over)
        self._figures_alone = False     # the page holds figures and nothing else yet
        self._page_holds_text = False
        self._after_block = False       # figures waiting for the end of a block that went on over the page
        self._last_block = None         # the paragraph or list the last text set belongs to (`block_of`)

    def handle_flowable(self, flowables):
        # A typesetter's float: a figure that does not fit in what is left of the page is set smaller (down to
        # its least fit) or waits for the top of the next one while the text after it fills this page; the
        # figures that wait keep their order, share the next page's top (smaller if they must) and none passes a
        # page break or the end of the book. They float past headings: the text after a figure, the next section's
        # included, fills the page it did not fit (the reader's page_fill); the rules that stop it are the text
        # announcing a figure that could not join them (max_figure_distance_pages) and a heading's lines.
        if flowables is self._hanging:      # reportlab's own page actions (a page begins), not the story
            return super().handle_flowable(flowables)
        first = flowables[0] if flowables else None
        self.rules_line = getattr(first, "rules_line", self.rules_line)
        if isinstance(first, FloatBarrier):
            flowables.pop(0)            # only a mark in the story: set nothing, not even a line of nothing
            self._release(flowables)
            return
        if isinstance(first, CondPageBreak) and not self._deferred and self._figures_alone:
            # the appendices' "new page unless their opening fits" would leave these figures a page of their own
            flowables.pop(0)
            return
        if isinstance(first, FigureFloat):
            # considered afresh (every pass sets the same story again), unless it waited and is now set
            first.due = id(first) in self._due
            if not first.due:
                first.figure.fit = 1.0
        frame = self.frame
        if isinstance(first, FigureFloat) and not self._deferred and frame is not None and frame._atTop \
                and first.floats and not first.due:
            # figures in a row opening a page share it with the text after them, all set smaller if they must
            # (_release), or as many of them as fit share it, rather than one figure a page
            run = 0
            while run < len(flowables) and isinstance(flowables[run], FigureFloat) and not flowables[run].lead \
                    and id(flowables[run]) not in self._due:     # (`due` is set when it comes first, this pass)
                run += 1
            if run > 1 and not self._page_holds(flowables[:run], self._text_room(flowables[run:])):
                # all with the text after them would not fit: as many as fit together, the next opening a page
                run = max((k for k in range(2, run) if self._page_holds(flowables[:k])), default=0)
            if run > 1:
                self._deferred, flowables[:run] = flowables[:run], []
        if self._heading_goes_over(flowables):
            # a heading with fewer than min_lines_under_heading lines of its section under it here opens the next page
            flowables.insert(0, _FrameBreak())
            return super().handle_flowable(flowables)
        if self._run_goes_with_its_text(flowables):
            # the text announcing a run of figures too tall for one page opens the next page with them
            flowables.insert(0, _FrameBreak())
            return super().handle_flowable(flowables)
        # (text the waiting figures' page would miss goes under figures standing alone on this page all the same:
        # a page of figures alone would stand part empty, the next figure of their run not fitting under them)
        # (a heading, or a sentence bound to what follows, is judged with it: released after it, the waiting
        # figures would leave it at the page's foot)
        bound = _bound_end(flowables)
        inside = self._deferred and self._continues_a_block(first)
        if inside and frame._atTop:
            # a paragraph or a list going on over the page: the waiting figures go after its end, never between
            # its parts (the reader's page_break, form `inside`), where the page holds its rest and them
            inside = self._after_block = self._page_holds(self._deferred, self._block_rest(flowables))
        if self._deferred and not inside and (frame._atTop or self._after_block or _holds_floats_back(first)
                                              or (self._spends_text(flowables[bound:]) and not self._figures_alone)
                                              or self._announces_a_late_figure(flowables[bound:])):
            self._release(flowables, here=self._after_block)
        elif isinstance(first, FigureFloat) and self._deferred:
            # it joins them where they fit together at their least size (they share a page rather than stand one a
            # page, each with a line of text and a third of its page blank; _release leaves the text after them
            # its lines where they can be set that much smaller)
            if first.floats and self._page_holds(self._deferred + [first]):
                self._deferred.append(flowables.pop(0))
                return
            self._release(flowables)
        elif isinstance(first, FigureFloat) and frame is not None and not first.due:
            room = frame._y - frame._y1p - (0.0 if frame._atTop else first.getSpaceBefore()) - 0.5
            # under figures alone on their page, it leaves the text of its section that follows room beside them
            beside = self._figures_alone and self._text_follows(flowables[1:])
            reserve = self._text_room(flowables[1:]) if beside else 0.0
            if not first.fit_in(room - reserve, frame._getAvailableWidth(), self.canv) and not frame._atTop \
                    and first.floats and (beside or self._text_spares(first, flowables[1:])):
                self._deferred.append(flowables.pop(0))
                return
        super().handle_flowable(flowables)

    def _release(self, flowables, here: bool = False) -> None:
        """The waiting figures go first, each due (it waits no more), sharing the top of the page they open:
        set smaller, all by one share of their size (each no smaller than its least fit), where that makes
        them fit together. `here`: they come after a block that went on over the page, under it where they fit
        in what is left of the page (else on the next)."""
        waiting, self._deferred = self._deferred, []
        self._after_block = False
        if not waiting:
            return
        frame = self.frame
        width, room = frame._getAvailableWidth(), frame._height
        for f in waiting:
            self._due.add(id(f))
        fits = [(f, f.figure.least_fit(width)) for f in waiting]

        def total(share: float) -> float:
            return sum(f.height_at(max(share, least), width, self.canv) for f, least in fits)

        if here and total(0.0) <= frame._y - frame._y1p - 0.5:
            room = frame._y - frame._y1p - 0.5

        if total(0.0) <= room - self._text_room(flowables):
            room -= self._text_room(flowables)     # the text that follows shares their page
        if total(1.0) > room and total(0.0) <= room:
            low, high = 0.0, 1.0
            for _ in range(12):
                mid = (low + high) / 2
                low, high = (mid, high) if total(mid) <= room else (low, mid)
            for f, least in fits:
                f.figure.fit = max(low, least)
        else:
            for f, _ in fits:
                f.figure.fit = 1.0
        if flowables and hasattr(flowables[0], "_postponed"):
            # it did not fit the page before; after the figures it may again not fit, and go on (reportlab
            # stops at a flowable postponed twice; a copy: the pass removes the mark from the one it marked)
            flowables[0] = copy.copy(flowables[0])
            del flowables[0]._postponed
        flowables[0:0] = waiting

    def _continues_a_block(self, flowable) -> bool:
        """Whether `flowable` is a part of the paragraph or the list set last (a paragraph's lines after a page
        break, a list's next item): a figure set before it would stand inside the block."""
        block = getattr(flowable, "block_of", None)
        return block is not None and block is self._last_block

    def _block_rest(self, flowables) -> float:
        """The height (pt) of the block `flowables` opens with: its first flowable and those of the same block."""
        width, page = self.frame._getAvailableWidth(), self.frame._height
        block = getattr(flowables[0], "block_of", None)
        rest = 0.0
        for f in flowables[:64]:
            if f is not flowables[0] and (block is None or getattr(f, "block_of", None) is not block):
                break
            rest += _set_height(f, width, page)
        return rest

    def _page_holds(self, figures, text_room: float = 0.0) -> bool:
        """Whether these figures fit together on one page, each at its least fit, with text_room (pt) left."""
        width = self.frame._getAvailableWidth()
        return sum(f.least_height(width, self.canv) for f in figures) <= self.frame._height - text_room

    def _text_room(self, following) -> float:
        """The room (pt) figures at the top of a page leave for the text after them: min_text_beside_figures
        lines, under the heading that opens it if one does, where text comes before a page break or the end of
        the book (figures may come first); else none."""
        t = self.theme
        for start, f in enumerate(following[:64]):
            if isinstance(f, (PageBreak, NextPageTemplate, FloatBarrier)):
                return 0.0
            if isinstance(f, (FigureFloat, Spacer, CondPageBreak)):
                continue
            lines = reader_thresholds.value("min_text_beside_figures") * t.body_pt * t.leading
            if isinstance(f, KeepTogether) and f._content:
                f = f._content[0]
            if isinstance(f, HeadingFlowable):
                lines += _set_height(f, self.frame._getAvailableWidth(), self.frame._height)
                # or what the heading needs under it, a figure its lines lead included (and the half line
                # _heading_goes_over allows for a split's rounding)
                need = self._heading_need(following[start:])
                if need is not None:
                    lines = max(lines, need + t.body_pt * t.leading / 2 + 1.0)
            return lines
        return 0.0

    @staticmethod
    def _text_follows(following) -> bool:
        """Whether text of the section comes next (figures may come first)."""
        for f in following:
            if _holds_floats_back(f):
                return False
            if not isinstance(f, FigureFloat):
                return True
        return False

    def _section_text(self, following, enough: float, waiting: list = ()) -> float:
        """The height (pt) of the text that comes next in the section (figures may come first), measured up to
        `enough`; with figures `waiting`, only up to the next figure after it that could not share their page
        (at their least sizes): the text right before a figure introduces it (Armada's 'the fleet is small' before its
        figure 7), and set ahead of a waiting figure that its own will not join, it would stand above the wrong
        one, each figure then a paragraph behind its text."""
        width, height = self.frame._getAvailableWidth(), self.frame._height
        text = 0.0
        for f in following:
            if _holds_floats_back(f) or text > enough:
                break
            if isinstance(f, FigureFloat) and text and waiting and not self._page_holds([*waiting, f]):
                break
            if not isinstance(f, FigureFloat):
                text += _set_height(f, width, height)
        return text

    def _text_spares(self, figure, following) -> bool:
        """Whether the section's text after a figure that does not fit is more than the min_text_beside_figures
        lines its page needs: only then does it wait, the rest of the text filling this page (`_spends_text`
        keeps those lines for its page). Else it opens the next page in its place, the text following it."""
        room = self._text_room(following)
        return self._section_text(following, room, [figure]) > room

    def _spends_text(self, flowables) -> bool:
        """With figures waiting: whether the text about to be set here, wholly, would leave their page not a line
        of the text after it (they are set first then, on the next page, the text after them): the page before is
        filled first, their page keeps a line at least. A paragraph that runs over the page is set: what runs over
        goes with them."""
        first = flowables[0]
        if isinstance(first, (FigureFloat, ActionFlowable)) or _holds_floats_back(first):
            return False
        frame = self.frame
        if first.wrap(frame._getAvailableWidth(), frame._height)[1] > frame._y - frame._y1p:
            return False
        for f in flowables[1:]:
            if isinstance(f, Spacer):
                continue
            # text comes next; or a barrier, where they are set anyway (under them, the appendices' opening gives
            # way); or a figure that joins them (`due` is the last pass's until it comes first: not `floats`)
            if not isinstance(f, FigureFloat) or f.lead or self._page_holds(self._deferred + [f]):
                return False
            return True
        return False

    def _announces_a_late_figure(self, flowables) -> bool:
        """With figures waiting: whether the text about to be set wholly on this page announces a figure (the
        figure comes right after it) that cannot join them on the next page. Set here, that text would stand two
        pages before its figure (the reader's max_figure_distance_pages); the waiting figures are set first, on
        the next page, and the text goes under them, its figure after it."""
        first = flowables[0]
        if isinstance(first, (FigureFloat, ActionFlowable)) or _holds_floats_back(first) or len(flowables) < 2:
            return False
        k = 1
        while k < len(flowables) - 1 and isinstance(flowables[k], Spacer):
            k += 1              # (the space closing a list)
        run = []                # the figures it announces: the run right after it
        while k < len(flowables) and isinstance(flowables[k], FigureFloat) and not flowables[k].lead \
                and id(flowables[k]) not in self._due:
            run.append(flowables[k])    # (not `floats`: its `due` is the last pass's until it comes first in this one)
            k += 1
        if not run:
            return False
        frame = self.frame
        if first.wrap(frame._getAvailableWidth(), frame._height)[1] > frame._y - frame._y1p:
            return False        # it runs over the page: its end, the announcing sentence, goes with them
        # its run joins them where they fit together (as in handle_flowable), else it opens the page after
        return not self._page_holds(self._deferred + run)

    def _run_goes_with_its_text(self, flowables) -> bool:
        """No figures waiting, the page begun: whether the text about to be set wholly here announces a run of
        figures (two or more right after it) that could not start under it here and is too tall for the next
        page, so its last figure would stand two pages after it (the reader's max_figure_distance_pages), while
        opening the next page with them, it has its run by the page after (the figures that fit under it there,
        the rest on one page), and this page keeps min_page_fill of its height. It then goes to the next page."""
        frame = self.frame
        if self._deferred or frame is None or frame._atTop or len(flowables) < 3:
            return False
        flows = self.layout["flows"]
        if flows and flows[-1]["page"] == self.page and flows[-1]["kind"] == "heading":
            return False        # its heading, set already, stays with it
        lead = 1                # the text, and what its first flowables keep with it (a heading)
        while lead < len(flowables) and getattr(flowables[lead - 1], "keepWithNext", 0):
            lead += 1
        if any(isinstance(f, (FigureFloat, ActionFlowable, Spacer, CondPageBreak)) or _holds_floats_back(f)
               for f in flowables[:lead]):
            return False
        run = []
        for f in flowables[lead:]:
            if not isinstance(f, FigureFloat) or f.lead or id(f) in self._due:
                break
            run.append(f)
        if len(run) < 2:
            return False
        width, page = frame._getAvailableWidth(), frame._height
        room = frame._y - frame._y1p
        text = sum(_set_height(f, width, page) for f in flowables[:lead])
        leasts = [f.least_height(width, self.canv) for f in run]
        if text > room or room - text >= leasts[0] or sum(leasts) <= page:
            return False        # it runs over (its end goes with them), its run starts here, or fits the next page
        if (page - room) / page < reader_thresholds.value("min_page_fill"):
            return False
        used, k = text, 0
        while k < len(leasts) and used + leasts[k] <= page:
            used, k = used + leasts[k], k + 1
        return k > 0 and sum(leasts[k:]) <= page

    def _heading_need(self, flowables) -> float | None:
        """What a heading opening `flowables` needs under it on its page (pt, with its own height): the next lines
        of its section up to min_lines_under_heading (a paragraph may be split after them; a section wholly
        shorter, whole), or those before a figure and the figure at its least height, as the lines and the figure
        they lead go together. None when no heading opens them."""
        frame = self.frame
        first = flowables[0] if flowables else None

        def parts(f):
            """A group kept together, as its flowables; only its last may be split (KeepWithNext)."""
            if isinstance(f, KeepTogether) and not isinstance(f, FigureFloat) and f._content:
                return [(g, g is f._content[-1]) for g in f._content]
            return [(f, not (hasattr(f, "getKeepWithNext") and f.getKeepWithNext()))]   # (bound to the next)

        items = parts(first)
        heading = items[0][0]
        if frame is None or not isinstance(heading, HeadingFlowable):
            return None
        width, page = frame._getAvailableWidth(), frame._height
        line = self.theme.body_pt * self.theme.leading
        lines = reader_thresholds.value("min_lines_under_heading") * line
        for f in flowables[1:32]:
            items.extend(parts(f))
        need = _set_height(heading, width, page)
        text, bound = 0.0, False
        for f, splits in items[1:]:
            if isinstance(f, (PageBreak, NextPageTemplate, FloatBarrier, CondPageBreak)) or (
                    text >= lines and not bound) or (isinstance(f, HeadingFlowable) and f.level <= heading.level):
                break           # its section ends (with the page, or at the next heading), or has its lines
            if isinstance(f, FigureFloat):
                need += f.least_height(width, self.canv) + f.getSpaceBefore()
                break           # a figure under the heading's lines (or its lead in it) is enough under it
            h = f.wrap(width, page)[1]
            gap = f.getSpaceBefore() + f.getSpaceAfter()
            if isinstance(f, HeadingFlowable):
                need, text = need + h + gap, 0.0      # a subsection's heading wants its own lines under it
                continue
            # a paragraph is split after the lines it needs (a line at least, after a flowable kept with it; two
            # where widows and orphans are refused, and one of fewer than four lines comes whole: the last item
            # of a list a sentence leads went over whole, Tectonic's booklet p11); a table long enough to split,
            # after its header and min_table_rows rows (RulesTable); a quote, a shorter table, a list's first
            # item (kept with the next) come whole
            taken = _paragraph_least(f, h, max(lines - text, line), self.theme.allow_widows) \
                if splits and isinstance(f, Paragraph) else \
                f.least_part_height() if splits and isinstance(f, RulesTable) else h
            need, text, bound = need + taken + gap, text + taken, not splits
        return need

    def _heading_goes_over(self, flowables) -> bool:
        """Whether a heading about to be set here would have fewer than min_lines_under_heading lines of its
        section under it on this page, the rest going over (the reader's page_break, form `lines`): it opens the
        next page then. reportlab's keepWithNext keeps a heading with the first line of a paragraph it splits
        (KeepWithNext), and a figure under a heading and a line or two floats to the next page. What it needs
        here: `_heading_need`. A heading whose section needs more than a page is set in place."""
        frame = self.frame
        need = self._heading_need(flowables)
        if need is None or frame._atTop:
            return False        # (what it needed on the page before, when it went over, stays recorded)
        heading = _lead_heading(flowables[0])
        page, line = frame._height, self.theme.body_pt * self.theme.leading
        over = page >= need > frame._y - frame._y1p - line / 2     # (half a line: a split's own rounding)
        heading.needed_here = need if over else None     # recorded as its `least` (the reader's page_fill)
        return over

    def afterPage(self):
        self.page_count.ended = self.page
        frame = self.frame
        fill = (frame._y1 + frame._height - frame._y) / frame._height
        kind = "cover" if self.page == 1 else self._page_kind
        # room: what the page had left (pt), which a figure opening the next page needed more than at its least
        self.layout["pages"].append({"page": self.page, "fill": round(fill, 4), "kind": kind,
                                     "room": round(frame._y - frame._y1p, 2), "height": round(frame._height, 2),
                                     "line": round(self.theme.body_pt * self.theme.leading, 2),
                                     "opens_heading": bool(self._page_opens)})
        self._page_kind = self._page_opens = None
        self._figures_alone = self._page_holds_text = False

    def afterFlowable(self, flowable):
        if self._page_opens is None and (getattr(flowable, "height", 0) or getattr(flowable, "_height", 0)) > 0:
            self._page_opens = isinstance(flowable, HeadingFlowable)
        if isinstance(flowable, HeadingFlowable) and flowable.in_toc:
            self.notify("TOCEntry", (flowable.level, flowable.toc_markup, self.page, flowable.key))
        if isinstance(flowable, Contents):
            self._page_kind = "contents"
        tag = getattr(flowable, "laid_out", None)
        if tag is not None:
            self._last_block = getattr(flowable, "block_of", None)
            self._page_holds_text = self._page_holds_text or tag["kind"] not in ("figure", "caption")
            self._figures_alone = not self._page_holds_text
            # Where each block of the rules ended up: the page, and its top and bottom (pt, y up) in the frame.
            bottom = self.frame._y
            record = {**tag, "page": self.page, "bottom": round(bottom, 2),
                      "top": round(bottom + getattr(flowable, "height", 0.0), 2)}
            group = getattr(flowable, "group", None)
            if group is not None:
                record["least"] = round(group.least_height(self.frame._getAvailableWidth(), self.canv), 2)
            if getattr(flowable, "needed_here", None):
                record["least"] = round(flowable.needed_here, 2)    # what it needed under it on the page before
            if isinstance(flowable, HeadingFlowable):
                record["space"] = round(flowable.getSpaceBefore() + flowable.getSpaceAfter(), 2)
            if isinstance(flowable, FigureFlowable):
                record.update(figure_frame_record(flowable))
            if isinstance(flowable, RulesTable):
                record["rows"] = len(flowable._cellvalues) - 1
                record["split"] = bool(getattr(flowable, "split_part", False))
            self.layout["flows"].append(record)

    # Page furniture is drawn in mm, y down, through the same canvas as the figures.
    def _mm(self, canvas) -> ReportlabCanvas:
        canvas.saveState()
        canvas.transform(PT_PER_MM, 0, 0, -PT_PER_MM, 0, self.theme.page_h_mm * PT_PER_MM)
        return ReportlabCanvas(canvas)

    def _cover_page(self, canvas, doc):
        t = self.theme
        mm = self._mm(canvas)
        x, w = t.inner_mm, t.text_w_mm
        mm.rect(x, t.top_mm - 8, w * 0.25, 1.6, fill=t.accent)
        small = TextStyle(size_pt=t.header_pt + 0.5, colour=QUIET)
        lines = [self.words("rulebook.version", version=self.info.version), _typeset(self.info.licence, self.info)]
        if self.info.credit:
            lines.insert(0, _typeset(self.info.credit, self.info))
        y = t.page_h_mm - t.bottom_mm + 4
        for line in lines:
            mm.text_box(x, y, w, 4.2, line, small, min_size_pt=6.0)
            y += small.size_mm * 1.35
        canvas.restoreState()

    def _page(self, canvas, doc):
        t = self.theme
        page = canvas.getPageNumber()
        right_hand = page % 2 == 1
        left = t.inner_mm if right_hand else t.outer_mm
        w = t.text_w_mm
        mm = self._mm(canvas)
        style = TextStyle(size_pt=t.header_pt, colour=QUIET)
        head_y = t.top_mm - 7.0
        title = self.words("rulebook.running_head", title=self.info.title, version=self.info.version)
        title_style = style.with_(bold=True, colour=t.accent)
        mm.text(left, head_y, title, title_style)
        room = w - fonts.text_width_mm(title, title_style) - 6.0
        _fitted_text(mm, left + w, head_y, _typeset(self.info.licence, self.info), style, room, align="right")
        mm.line(left, head_y + 2.0, left + w, head_y + 2.0, Stroke(QUIET, 0.15))
        foot_y = t.page_h_mm - t.bottom_mm + 9.0
        total = self.page_count.count or page
        number = self.words("rulebook.page", n=page, total=total)
        number_w = fonts.text_width_mm(number, style)
        if right_hand:
            mm.text(left + w, foot_y, number, style, align="right")
            if self.info.credit:
                _fitted_text(mm, left, foot_y, _typeset(self.info.credit, self.info), style, w - number_w - 6.0, align="left")
        else:
            mm.text(left, foot_y, number, style)
            if self.info.credit:
                _fitted_text(mm, left + w, foot_y, _typeset(self.info.credit, self.info), style, w - number_w - 6.0, align="right")
        canvas.restoreState()


def _fitted_text(mm: ReportlabCanvas, x: float, y: float, text: str, style: TextStyle, room_mm: float, *,
                 align: str) -> None:
    """One line in at most room_mm: smaller down to 5.5 pt, then cut with an ellipsis."""
    size = style.size_pt
    while fonts.text_width_mm(text, style.with_(size_pt=size)) > room_mm and size > 5.5:
        size -= 0.25
    style = style.with_(size_pt=size)
    if fonts.text_width_mm(text, style) > room_mm:
        while text and fonts.text_width_mm(text + "…", style) > room_mm:
            text = text[:-1]
        text = text.rstrip() + "…"
    mm.text(x, y, text, style, align=align)


# --- story -----------------------------------------------------------------------------------------

class StoryBuilder:
    """Document model blocks to platypus flowables."""

    def __init__(self, theme: Theme, styles: Styles):
        self.t, self.s = theme, styles
        self.prev_outline = -1
        self.appendix = False       # the blocks being built are the appendices (our template, not the rules)
        self.label_floor_pt = None  # the game's floor for a figure's labels (_story sets it from its game.yaml)

    def _tag(self, flow, kind: str, line: int | None, **more):
        """What the layout records of a flowable (RulebookTemplate.afterFlowable): its kind and rules line."""
        flow.laid_out = {"kind": kind, "line": None if self.appendix else line, **more}
        return flow

    def heading(self, h: Heading, *, toc: bool = True) -> Flowable:
        level = min(h.level, 4)
        # The outline cannot skip a level: a ### right under a # hangs one level down.
        outline = min(h.level - 1, self.prev_outline + 1)
        self.prev_outline = outline
        style = self.s.h[level - 1]
        text = markup(h.spans, style.fontSize, self.t.accent, bold=True)
        flow = HeadingFlowable(text, style, key=h.anchor, title=plain(h.spans), level=h.level,
                               outline_level=outline, rule_colour=self.t.accent if level == 1 else None, toc=toc)
        flow.toc_markup = markup(h.spans, self.t.body_pt, INK, bold=h.level == 1)
        return flow

    def blocks(self, blocks, *, indent: float = 0.0) -> list:
        out: list = []
        i = 0
        while i < len(blocks):
            # A heading and its opening paragraph stay together (reportlab's keepWithNext on the heading);
            # a figure after them floats to the next page if it must, the text after it filling this one.
            flows = [_from_line(flow, blocks[i].line) for flow in self.block(blocks[i], indent=indent)]
            leads_figure = isinstance(blocks[i], Heading) or (
                isinstance(blocks[i], ParaBlock) and plain(blocks[i].spans).rstrip().endswith(":"))
            if leads_figure and i + 1 < len(blocks) and isinstance(blocks[i + 1], FigureBlock):
                # a heading, or a sentence announcing it (':'), right above a figure: the two are one group, set
                # in place, never parted (the figure would otherwise drift a page away from what announces it)
                figure = _from_line(FigureFloat(self.figure_parts(blocks[i + 1]), lead=tuple(flows)),
                                    blocks[i + 1].line)
                out.append(figure)
                i += 2
                continue
            if (isinstance(blocks[i], ParaBlock) and plain(blocks[i].spans).rstrip().endswith(":")
                    and i + 1 < len(blocks) and isinstance(blocks[i + 1], (TableBlock, ListBlock))):
                # a sentence that introduces a table or a list never ends a page without it
                flows[-1].style = ParagraphStyle(f"{flows[-1].style.name}-lead", parent=flows[-1].style,
                                                 keepWithNext=1)
                flows[-1].keepWithNext = 1
                if hasattr(flows[-1], "laid_out"):      # recorded (the reader's page_fill takes them together)
                    flows[-1].laid_out = {**flows[-1].laid_out, "bound": True}
            out.extend(flows)
            i += 1
        return out

    def _body(self, indent: float) -> ParagraphStyle:
        if not indent:
            return self.s.body
        return ParagraphStyle(f"body-{indent:.1f}", parent=self.s.body, leftIndent=indent)

    def block(self, b, *, indent: float = 0.0) -> list:
        t, s = self.t, self.s
        if isinstance(b, Heading):
            return [self._tag(self.heading(b), "heading", b.line, level=b.level)]
        if isinstance(b, ParaBlock):
            return [_part_of(self._tag(RulesParagraph(markup(b.spans, t.body_pt, t.accent), self._body(indent)),
                                       "paragraph", b.line), b)]
        if isinstance(b, ListBlock):
            return self.list_block(b, indent)
        if isinstance(b, TableBlock):
            table = self.table(b, indent)
            return [self._tag(table, "table", b.line) if isinstance(table, RulesTable) else table]
        if isinstance(b, Quote):      # recorded as text: a page holding a figure and a quote is not figures alone
            return [self._tag(self.quote(b, indent), "quote", b.line)]
        if isinstance(b, FigureBlock):
            return [self.figure(b)]
        if isinstance(b, Rule):
            return [HRFlowable(width="30%", thickness=0.6, color=_colour(t.accent), spaceBefore=t.body_pt * 0.4,
                               spaceAfter=t.body_pt * 0.9, hAlign="CENTER")]
        if isinstance(b, CodeBlock):
            lines = [escape(line).replace(" ", "\u00a0") for line in b.text.split("\n")]
            return [self._tag(Paragraph("<br/>".join(lines), s.code), "code", b.line)]
        raise TypeError(f"unknown block {b!r}")

    def list_block(self, b: ListBlock, indent: float) -> list:
        t = self.t
        step = t.body_pt * 1.5
        if b.ordered and b.items:     # "10." and on: the text starts after the widest number, on every line
            widest = pdfmetrics.stringWidth(f"{b.start + len(b.items) - 1}.", self.s.body.fontName, t.body_pt)
            step = max(step, widest + t.body_pt * 0.65)    # reportlab keeps 0.6 em after a bullet
        inner = indent + step
        out: list = []
        for n, item in enumerate(b.items):
            bullet = f"{b.start + n}." if b.ordered else ("•" if indent == 0 else "–")
            style = ParagraphStyle(f"item-{inner:.1f}", parent=self.s.body, leftIndent=inner,
                                   bulletIndent=indent + (0 if b.ordered else step * 0.3),
                                   spaceAfter=t.body_pt * 0.25)
            blocks = list(item)
            first = blocks.pop(0) if blocks and isinstance(blocks[0], ParaBlock) else None
            text = markup(first.spans, t.body_pt, t.accent) if first else "\u00a0"
            item_flow = RulesParagraph(text, style, bulletText=bullet)
            if n == 0 and len(b.items) > 1:
                item_flow.keepWithNext = 1      # a list never breaks after its first item
            # (`item`: the item's own line, which a figure authored inside it follows: the reader's page_break)
            out.append(_part_of(self._tag(item_flow, "list_first" if n == 0 and len(b.items) > 1 else "list_item",
                                          b.line, item=first.line if first else b.line), b))
            out.extend(self.blocks(blocks, indent=inner))
        if out:
            out.append(Spacer(1, t.body_pt * 0.3))
        return out

    def table(self, b: TableBlock, indent: float) -> Flowable:
        t, s = self.t, self.s
        avail = t.text_w_mm * PT_PER_MM - indent
        ncols = max(len(b.header), max((len(r) for r in b.rows), default=0))
        aligns = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}

        def cell(spans, col, head):
            base = s.table_head if head else s.table
            align = b.align[col] if col < len(b.align) else "left"
            style = ParagraphStyle(f"{base.name}-{align}", parent=base, alignment=aligns[align])
            return Paragraph(markup(spans, t.table_pt, t.accent, bold=head), style)

        rows = [[cell(c, i, True) for i, c in enumerate(b.header)]] + \
               [[cell(c, i, False) for i, c in enumerate(r)] + [""] * (ncols - len(r)) for r in b.rows]
        widths = _column_widths([b.header] + list(b.rows), ncols, avail, t.table_pt)
        table = RulesTable(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        tint = _tint(t.accent, 0.12)
        table.setStyle(_table_style([
            ("BACKGROUND", (0, 0), (-1, 0), tint),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, _colour(t.accent)),
            ("LINEBELOW", (0, 1), (-1, -1), 0.3, _colour("#BBBBBB")),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ]))
        table.spaceAfter = t.body_pt * 0.8
        table.spaceBefore = t.body_pt * 0.2
        if indent:
            return _Indented(table, indent)
        return table

    def quote(self, b: Quote, indent: float) -> Flowable:
        t = self.t
        inner = self.blocks(b.blocks)
        rows = [[f] for f in inner] or [[Spacer(1, 1)]]
        avail = t.text_w_mm * PT_PER_MM - indent
        table = Table(rows, colWidths=(avail,), hAlign="LEFT")
        table.setStyle(_table_style([
            ("LINEBEFORE", (0, 0), (0, -1), 1.6, _colour(t.accent)),
            ("BACKGROUND", (0, 0), (-1, -1), _tint(t.accent, 0.06)),
            ("LEFTPADDING", (0, 0), (-1, -1), 8), ("RIGHTPADDING", (0, 0), (-1, -1), 6),
            ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, 0), 5), ("BOTTOMPADDING", (0, -1), (-1, -1), 2),
        ]))
        table.spaceAfter = t.body_pt * 0.8
        if indent:
            return _Indented(table, indent)
        return table

    def figure(self, b: FigureBlock) -> Flowable:
        return FigureFloat(self.figure_parts(b))

    def figure_parts(self, b: FigureBlock) -> list:
        """The figure and its caption, to be kept together (a KeepTogether cannot hold another one: it
        measures as a page-high block, so the parts are given to whichever keeps them)."""
        t, s = self.t, self.s
        caption = f"<b>{b.label}</b>"
        if b.caption:
            caption += " — " + markup(b.caption, t.caption_pt, t.accent)
        max_h = t.text_h_mm * PT_PER_MM * 0.62
        figure = FigureFlowable(b, max_h, self.label_floor_pt)
        return [Spacer(1, t.body_pt * 0.4), self._tag(figure, "figure", b.line, figure=b.id),
                Spacer(1, t.body_pt * 0.5), self._tag(Paragraph(caption, s.caption), "caption", b.line, figure=b.id),
                Spacer(1, t.body_pt * 0.9)]


class RulesParagraph(Paragraph):
    """A paragraph of the rules; where platypus splits it over a page, its parts keep what the layout records of
    it (a page holding only the tail of a paragraph under its figures holds text)."""

    def split(self, avail_w, avail_h):
        parts = super().split(avail_w, avail_h)
        for k, part in enumerate(parts):
            for name in _RECORDED:
                if hasattr(self, name) and not hasattr(part, name):
                    setattr(part, name, getattr(self, name))
            if k and hasattr(part, "laid_out"):     # its lines after the first part (the reader's page_break)
                part.laid_out = {**part.laid_out, "continued": True}
        return parts


class RulesTable(Table):
    """A table of the rules; where platypus splits it over a page, its parts keep what the layout records of it
    (each part marked split_part, so the reader's preflight sees how many rows each side of the break holds)."""

    least_rows = int(reader_thresholds.value("min_table_rows"))

    def _getFirstPossibleSplitRowPosition(self, availHeight, ignoreSpans=0):
        """Split only where least_rows body rows stay on each side (the header row repeats over the page)."""
        at = super()._getFirstPossibleSplitRowPosition(availHeight, ignoreSpans)
        rows = len(self._rowHeights)
        if at >= rows:
            return at                                   # the whole table fits
        head = self.repeatRows if isinstance(self.repeatRows, int) else len(self.repeatRows)
        at = min(at, rows - self.least_rows)
        return at if at - head >= self.least_rows else 0

    def least_part_height(self) -> float:
        """The height (pt, once wrapped) of the least first part a page may hold: the header and least_rows body
        rows; the whole table when it is too short to leave least_rows on each side."""
        head = self.repeatRows if isinstance(self.repeatRows, int) else len(self.repeatRows)
        heights = self._rowHeights
        if len(heights) - head < 2 * self.least_rows:
            return self._height
        return sum(heights[:head + self.least_rows])

    def split(self, avail_w, avail_h):
        parts = super().split(avail_w, avail_h)
        tag = getattr(self, "laid_out", None)
        for k, part in enumerate(parts):
            if tag is not None:
                part.laid_out = tag
            part.split_part = len(parts) > 1 or getattr(self, "split_part", False)
        return parts


_RECORDED = ("laid_out", "rules_line", "block_of")     # what a flowable's parts keep of it where it is split


def _part_of(flowable: Flowable, block) -> Flowable:
    """A paragraph, or a list's item, marked as a part of its block: waiting figures never come between the
    parts of one block (RulebookTemplate._continues_a_block)."""
    flowable.block_of = block
    return flowable


def _from_line(flowable: Flowable, line: int) -> Flowable:
    flowable.rules_line = line
    return flowable


class RulebookTooLong(Exception):
    """The book passes RULEBOOK_PAGES while it is typeset; `line`: the rules line of the block being set
    (reportlab raises a copy of an error with its message only: `_typeset_story` raises it again)."""

    def __init__(self, line: int | None = None):
        super().__init__(limits.exceeded(limits.RULEBOOK_PAGES, "more", "pages of the rulebook"))
        self.line = line


class FigureFloat(KeepTogether):
    """A figure and its caption, never apart; where they do not fit in what is left of the page, they are set
    smaller (down to the figure's least fit) or they open the next one while the text after them fills this one
    (RulebookTemplate.handle_flowable). With a `lead` (the heading right above the figure) the group does not
    float: the heading never ends a page, and never leaves its place in the text."""

    def __init__(self, parts: list, lead: tuple = ()):
        super().__init__(list(lead) + list(parts))
        self.lead = tuple(lead)
        self.figure = next(p for p in parts if isinstance(p, FigureFlowable))
        for flow in (*lead, self.figure):
            flow.group = self     # what the layout records of them: the least height of the whole group
        self.due = False          # set where it waited a page already: it waits no more

    @property
    def floats(self) -> bool:
        return not self.lead and not self.due

    def height_at(self, fit: float, width: float, canv) -> float:
        """Its height with the figure at `fit` (which it sets): the figure's share of it grows with the fit,
        the rest (caption, spaces, lead) stays; both measured once for a width."""
        measured = getattr(self, "_measured", None)
        if measured is None or measured[0] != width:
            self.figure.fit = 1.0
            whole = _listWrapOn(self._content, width, canv)[1]
            measured = self._measured = (width, whole - self.figure.height, self.figure.height)
        self.figure.fit = fit
        return measured[1] + measured[2] * fit

    def least_height(self, width: float, canv) -> float:
        """Its height with the figure at its least fit (the fit it has is kept)."""
        fit = self.figure.fit
        height = self.height_at(self.figure.least_fit(width), width, canv)
        self.figure.fit = fit
        return height

    def split(self, aW, aH):
        """Whole on the next page where it does not fit here (never its parts apart: a figure waiting to be
        released could come between them); its parts one by one only where a page cannot hold it."""
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        frame = getattr(self, "_frame", None)
        if self._H > aH and frame is not None and not frame._atTop:
            return [self.FrameBreak(), self]
        return super().split(aW, aH)

    def fit_in(self, room: float, width: float, canv) -> bool:
        """Sets the figure's fit for the group to take at most `room` (pt); False (fit 1) if it cannot."""
        full = self.height_at(1.0, width, canv)
        if full <= room:
            return True
        least = self.figure.least_fit(width)
        figure_h = self._measured[2]
        fit = (room - (full - figure_h)) / figure_h if figure_h else 0.0
        if fit < least:
            self.figure.fit = 1.0
            return False
        self.figure.fit = math.floor(fit * 1000) / 1000
        return True


class KeepWithNext(KeepTogether):
    """What keepWithNext binds (a heading, a sentence leading a list or a table, a list's first item) with what
    follows it. Where the group does not fit in what is left of the page, its last flowable (a paragraph, a
    table) is split there if it can be, its first part staying with the rest; otherwise the group opens the
    next page. reportlab's KeepTogether always moved the whole group, leaving the foot of the page blank."""

    def split(self, aW, aH):
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        frame = getattr(self, "_frame", None)
        if self._H > aH and len(self._content) > 1 and not getattr(frame, "_atTop", False):
            head, last = self._content[:-1], self._content[-1]
            head_h = _listWrapOn(head, aW, self.canv)[1]
            gap = max(last.getSpaceBefore(), head[-1].getSpaceAfter())
            room = aH - head_h - gap - 1.0
            if room > 0:
                parts = last.splitOn(self.canv, aW, room) if hasattr(last, "splitOn") else []
                if len(parts) >= 2 and parts[0].wrapOn(self.canv, aW, room)[1] <= room:
                    for part in parts:      # each part is recorded where it is set, as its whole would be
                        for name in _RECORDED:
                            if hasattr(last, name) and not hasattr(part, name):
                                setattr(part, name, getattr(last, name))
                    return head + parts
        return super().split(aW, aH)


class FloatBarrier(Flowable):
    """The end of the book, where every figure still waiting is set; never placed on a page itself."""


def _set_height(flowable: Flowable, width: float, height: float) -> float:
    """The height (pt) a flowable takes where it is set: its own and the space before and after it."""
    return flowable.wrap(width, height)[1] + flowable.getSpaceBefore() + flowable.getSpaceAfter()


def _paragraph_least(paragraph: Paragraph, height: float, wanted: float, widows: bool) -> float:
    """The height (pt) of a paragraph's first part split to give `wanted` (pt) of it, as reportlab splits it: a
    line a side at least, two where widows and orphans are refused; its whole height where it cannot split."""
    side = (1 if widows else 2) * paragraph.style.leading
    if height < 2 * side - 0.5:
        return height
    return min(height, max(wanted, side))


def _lead_heading(flowable):
    """The heading a group kept together opens (a figure's group is not looked into), or the flowable itself."""
    if isinstance(flowable, KeepTogether) and not isinstance(flowable, FigureFloat) and flowable._content:
        return flowable._content[0]
    return flowable


def _bound_end(flowables) -> int:
    """The index of the flowable that ends what the first one is bound to (keepWithNext: a heading, a sentence
    leading a list), 0 when it is bound to nothing."""
    k = 0
    while k < len(flowables) - 1 and not isinstance(flowables[k], (FigureFloat, ActionFlowable)) and \
            hasattr(flowables[k], "getKeepWithNext") and flowables[k].getKeepWithNext():
        k += 1
    return k


def _holds_floats_back(flowable) -> bool:
    """A flowable no figure may float past: a page break (the appendices' opening), the end of the book. Headings
    do not hold them back (they did, levels 1 and 2, and a page whose figure did not fit ended half empty: the
    next section's text could not come up); the figure opens the next page, within a page of its text."""
    if isinstance(flowable, KeepTogether) and flowable._content and \
            (not isinstance(flowable, FigureFloat) or flowable.lead):
        flowable = flowable._content[0]
    return isinstance(flowable, (PageBreak, CondPageBreak, NextPageTemplate, FloatBarrier))


class _Indented(Flowable):
    """A flowable moved right by `indent` points (a table inside a list item)."""

    def __init__(self, inner: Flowable, indent: float):
        super().__init__()
        self.inner, self.indent = inner, indent

    def wrap(self, avail_w, avail_h):
        w, h = self.inner.wrap(avail_w - self.indent, avail_h)
        self.width, self.height = w + self.indent, h
        return self.width, self.height

    def getSpaceAfter(self):
        return self.inner.getSpaceAfter()

    def draw(self):
        self.inner.drawOn(self.canv, self.indent, 0)


def _table_style(commands: list) -> TableStyle:
    """Table commands, with our font as the table's own default: reportlab's is an unembedded Helvetica."""
    return TableStyle([("FONTNAME", (0, 0), (-1, -1), FONT[(False, False)])] + commands)


def _tint(hex_colour: str, amount: float) -> Color:
    r, g, b = hex_to_rgb(hex_colour)
    return Color(1 - (1 - r) * amount, 1 - (1 - g) * amount, 1 - (1 - b) * amount)


def _column_widths(rows, ncols: int, avail: float, size_pt: float) -> list[float]:
    """Columns share the width by the length of their longest text, none narrower than a short word, nor
    than its own longest word where the widths allow it (a name such as "Téléportation" is not split, nor
    parted from the icon before it)."""
    need = [0.0] * ncols
    word = [0.0] * ncols

    def width(text: str) -> float:      # an icon (ICON_TEXT) as wide as it is set
        return (pdfmetrics.stringWidth(text.replace(ICON_TEXT, ""), FONT[(False, False)], size_pt)
                + text.count(ICON_TEXT) * icons.INLINE_EM * size_pt)

    for row in rows:
        for i, spans in enumerate(row):
            text = plain(spans)
            need[i] = max(need[i], width(text) + 10)
            # an icon before a word is its sign: kept on the word's line where the widths allow
            for w in text.replace(ICON_TEXT + " ", ICON_TEXT + "\x00").split():
                word[i] = max(word[i], width(w.replace("\x00", " ")) + 10)
    floor = min(avail / ncols, 18 * PT_PER_MM)
    if sum(need) <= avail:
        extra = (avail - sum(need)) / ncols if sum(need) > avail * 0.7 else 0.0
        return [n + extra for n in need]
    least = [max(floor, min(wd, n)) for wd, n in zip(word, need)]
    if sum(least) > avail:
        least = [floor] * ncols
    widths = [max(lo, avail * n / sum(need)) for lo, n in zip(least, need)]
    # the columns above their least width give up what the total exceeds, in proportion
    over = sum(widths) - avail
    room = sum(w - lo for w, lo in zip(widths, least))
    return [w - over * (w - lo) / room if room > 0 else w * avail / sum(widths) for w, lo in zip(widths, least)]


# --- cover and whole book -------------------------------------------------------------------------

def cover_story(info: Any, theme: Theme, styles: Styles) -> list:
    t, s = theme, styles
    words = catalogue(info.language)
    story: list = [Spacer(1, t.text_h_mm * PT_PER_MM * 0.14)]
    story.append(Paragraph(escape(info.title), s.title))
    if info.subtitle:
        story.append(Paragraph(markup([Span(_typeset(info.subtitle, info))], t.h2_pt, t.accent), s.subtitle))
    story.append(Spacer(1, t.body_pt * 2.2))
    authors = ", ".join(info.authors)
    rows = [(words("rulebook.cover.authors", count=len(info.authors)), authors),
            (words("rulebook.cover.players"), info.players), (words("rulebook.cover.duration"), info.duration),
            (words("rulebook.cover.ages"), info.ages)]
    data = [[Paragraph(f"<b>{escape(k)}</b>", s.cover),
             Paragraph(markup([Span(_typeset(str(v), info))], t.h3_pt, t.accent), s.cover)] for k, v in rows]
    label_w = 28 * PT_PER_MM if t.page_w_mm >= 200 else 22 * PT_PER_MM
    table = Table(data, colWidths=(label_w, t.text_w_mm * PT_PER_MM - label_w), hAlign="LEFT")
    table.setStyle(_table_style([("LINEBELOW", (0, 0), (-1, -1), 0.3, _colour("#CCCCCC")),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 5)]))
    story.append(table)
    return story


def _typeset(text: str, info: Any) -> str:
    """Furniture text in the typography of the game's language."""
    return typeset(text, info.language)


def render_pdf(document: Document, info: Any, theme: Theme, *, cmyk: bool = False) -> bytes:
    """The typeset rulebook as PDF bytes; with cmyk, every colour is written as CMYK."""
    return typeset_pdf(document, info, theme, cmyk=cmyk)[0]


def typeset_pdf(document: Document, info: Any, theme: Theme, *, cmyk: bool = False) -> tuple[bytes, dict]:
    """render_pdf, and how the pages were laid out: {"pages": [{page, fill, kind}], "flows": [{kind, line, page,
    top, bottom, ...}]} (RulebookTemplate.afterFlowable), which the reader's preflight reads."""
    pdf, last_lines, layout = _typeset_story(_story(document, info, theme), info, theme, cmyk)
    if last_lines < LAST_PAGE_MIN_LINES and _last_section(document) is not None:
        # A last page holding only the tail of a paragraph: the last section opens on it instead, if that
        # gives it more (a section longer than a page would not). A fresh story: platypus changes flowables.
        moved_pdf, moved_lines, moved_layout = _typeset_story(
            _story(document, info, theme, break_before=_last_section(document)), info, theme, cmyk)
        if moved_lines > last_lines:
            pdf, layout = moved_pdf, moved_layout
    return pdf, layout


LAST_PAGE_MIN_LINES = 5     # fewer lines of body text alone on the last page look left behind


def _last_section(document: Document) -> int | None:
    """Index of the block that opens the document's last section (level 1 or 2), unless a page opens there anyway."""
    last = max((i for i, b in enumerate(document.blocks) if isinstance(b, Heading) and b.level <= 2), default=None)
    return None if last in (None, 0, document.appendix_start) else last


def _story(document: Document, info: Any, theme: Theme, *, break_before: int | None = None) -> list:
    styles = make_styles(theme)
    builder = StoryBuilder(theme, styles)
    builder.label_floor_pt = reader_thresholds.value("min_label_pt", getattr(info, "preflight_values", None))
    story: list = cover_story(info, theme, styles)
    story += [NextPageTemplate("left"), PageBreak()]
    words = catalogue(info.language)
    contents_title = Heading(1, (Span(words("rulebook.contents")),), words("rulebook.contents_anchor"), 0)
    story.append(builder.heading(contents_title, toc=False))
    story.append(Contents(styles, theme.accent))
    story.append(PageBreak())
    builder.prev_outline = -1
    # Appendices open on a new page unless their opening fits in what is left (appendix_opening_pt); the last
    # section moved to the last page always does.
    breaks = sorted({b for b in (document.appendix_start, break_before) if b is not None and b < len(document.blocks)})
    for start, end in zip([0] + breaks, breaks + [len(document.blocks)]):
        if start == break_before:
            story.append(PageBreak())
        elif start:
            story.append(CondPageBreak(appendix_opening_pt(theme, styles)))
        builder.appendix = document.appendix_start is not None and start >= document.appendix_start
        story += builder.blocks(document.blocks[start:end])
    story.append(FloatBarrier())
    story.insert(0, PageCount())
    return story


def appendix_opening_pt(theme: Theme, styles: Styles) -> float:
    """The room (pt) the appendices need to open on the rules' last page rather than a new one: their heading and
    min_text_beside_figures lines under it. Less, and the heading would stand at the foot of a page over a line
    or two; more was asked before (two thirds of a page), and a booklet whose rules end a page after the middle
    (Tactix) printed its credits alone on a sheet of their own."""
    h1 = styles.h[0]
    lines = reader_thresholds.value("min_text_beside_figures") * theme.body_pt * theme.leading
    return h1.spaceBefore + h1.leading + h1.spaceAfter + lines


def _typeset_story(story: list, info: Any, theme: Theme, cmyk: bool) -> tuple[bytes, float]:
    """The PDF of a story, and how many lines of body text its last page holds."""
    buffer = io.BytesIO()
    page_count = next(f for f in story if isinstance(f, PageCount))
    doc = RulebookTemplate(buffer, theme, info, page_count, **({"enforceColorSpace": cmyk_colour} if cmyk else {}))
    try:
        doc.multiBuild(story, maxPasses=12)
    except RulebookTooLong:
        raise RulebookTooLong(doc.rules_line) from None
    frame = doc.frame
    used_pt = frame._y1 + frame._height - frame._y
    return buffer.getvalue(), used_pt / (theme.body_pt * theme.leading), doc.layout


NOTES_RULE_MM = 8.0      # the spacing of the ruled lines of a notes page: handwriting at arm's length


def notes_page(info: Any, theme: Theme, *, cmyk: bool = False) -> bytes:
    """One page of the booklet's size for the pages folding leaves over after the last: the catalogue's "Notes"
    as a heading, ruled lines under it (a choice: a blank page at the back of a booklet reads as a mistake)."""
    from reportlab.pdfgen.canvas import Canvas as PdfGenCanvas
    t = theme
    buffer = io.BytesIO()
    size = (t.page_w_mm * PT_PER_MM, t.page_h_mm * PT_PER_MM)
    canvas = PdfGenCanvas(buffer, pagesize=size, invariant=1, pageCompression=1, initialFontName=FONT[(False, False)],
                          initialFontSize=t.body_pt, **({"enforceColorSpace": cmyk_colour} if cmyk else {}))
    canvas.setTrimBox((0, 0, *size))
    canvas.setBleedBox((0, 0, *size))
    canvas.transform(PT_PER_MM, 0, 0, -PT_PER_MM, 0, size[1])
    mm = ReportlabCanvas(canvas)
    left = t.outer_mm         # the notes pages come after the last, on either side: the wider margin outside
    title = TextStyle(size_pt=t.h1_pt, bold=True, colour=t.accent)
    top = t.top_mm + title.size_mm
    mm.text(left, top, catalogue(info.language)("rulebook.notes"), title)
    mm.line(left, top + 2.0, left + t.text_w_mm, top + 2.0, Stroke(t.accent, 0.35))
    y = top + 2.0 + NOTES_RULE_MM
    while y <= t.page_h_mm - t.bottom_mm:
        mm.line(left, y, left + t.text_w_mm, y, Stroke("#BBBBBB", 0.25))
        y += NOTES_RULE_MM
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


__all__ = ["render_pdf", "typeset_pdf", "notes_page", "theme_for", "Theme", "gap_markup", "markup", "RulebookTooLong"]
