"""What an imposition produces: placements as data, page descriptions, and the finished document.

Layouts compute `Placement`s first (page, trim rectangle, printed art
rectangle, quarter turn); the same data then draws the PDF, feeds the
manifest and the cut files, so the three can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ..components.face import Face
from ..content import limits
from ..draw import fonts
from ..draw.canvas import Canvas
from ..draw.geometry import Affine
from ..draw.pdf import PdfCanvas
from ..draw.style import TextStyle
from ..draw.typography import typeset
from ..i18n import DEFAULT_LANGUAGE, Catalogue, catalogue
from .geometry import Box, place
from .options import PrintOptions

LABEL_BAND_MM = 5.0        # strip at the bottom of the printable area kept for the page label
LABEL_PT = 7.0             # STYLE.md: nothing a player must read under 7 pt
LABEL_MIN_PT = 5.5         # a very long label shrinks this far rather than run off the page
LABEL_COLOUR = "#4D4D4D"
LABEL_COLOUR_INK_SAVER = "#8C8C8C"


@dataclass(frozen=True)
class Placement:
    """One face of one copy of one item, on one page."""
    page: int                 # 1-based page number in its document
    item_id: str
    copy: int                 # 1-based copy number
    face: str                 # front | back
    trim: Box                 # page rectangle of the trim box (mm, y down)
    art: Box                  # page rectangle actually printed: the bleed, cut back where neighbours share a cut
    rotation_deg: int         # clockwise quarter turn of the face on the page
    width_mm: float           # the face's own trim size, before turning
    height_mm: float
    shape: str = "rect"
    corner_mm: float = 0.0
    component: str = ""
    safe_mm: float = 3.0      # the face's safe zone: its text stays this far inside the trim

    @property
    def transform(self) -> Affine:
        """Trim-local millimetres (origin at the trim's top-left corner) to page millimetres."""
        return place(self.width_mm, self.height_mm, self.trim, self.rotation_deg)


@dataclass(frozen=True)
class PageInfo:
    number: int
    width_mm: float
    height_mm: float
    kind: str                 # sheet | fold | tile | map | dice | stickers | calibration | guide | card
    side: str                 # recto | verso | single
    label: str
    placements: tuple[Placement, ...] = ()
    flip: Optional[str] = None        # for a verso: "long" or "short", the edge the sheet turns on
    tile: Optional[str] = None        # assembly label of a board tile (A1, A2, B1…)
    window: Optional[Box] = None      # for a tile: the part of the board's bleed box it shows
    trim_box: Optional[Box] = None    # written as the page's TrimBox when it holds one item
    bleed_box: Optional[Box] = None
    # For a verso drawn with a printer profile: the map (a, b, c, d, tx, ty of draw.geometry.Affine) from where
    # the page's placements say to where they are printed; the placements themselves stay uncorrected.
    correction: Optional[tuple[float, float, float, float, float, float]] = None


@dataclass(frozen=True)
class GuideInfo:
    """What the print guide says about one file (the build names the file), in the game's language."""
    title: str                      # what it is
    sides: str                      # "recto seul", "recto verso, bord long"… (print.setting.*, print.side.*)
    paper_fr: str                   # suggested stock
    steps: tuple[str, ...]          # how to cut and assemble, in order
    pages: int = 0
    copies: int = 1
    alone: str = ""                 # why this file's sheets share with no other (its steps say it too)
    whole_on: str = ""              # a paper a tiled board prints whole on ("a3"): the designer's section offers it


@dataclass(frozen=True)
class ImposedDocument:
    pdf: bytes
    pages: tuple[PageInfo, ...]
    component: str
    kind: str
    paper: str
    guide: GuideInfo
    cut_files: tuple[tuple[int, str], ...] = ()     # (page number, SVG text with cut paths only)
    meta: dict = field(default_factory=dict, compare=False)
    language: str = DEFAULT_LANGUAGE                 # names the cut files

    @property
    def placements(self) -> list[Placement]:
        return [p for page in self.pages for p in page.placements]

    def cut_file_names(self, pdf_name: str) -> dict[int, str]:
        """Page number -> file name of its cut file, next to the PDF."""
        stem = pdf_name[:-4] if pdf_name.endswith(".pdf") else pdf_name
        words = catalogue(self.language)
        return {n: words("files.cut_file", stem=stem, page=f"{n:02d}") for n, _ in self.cut_files}

    def outputs(self, pdf_name: str) -> dict[str, bytes]:
        """Every file this document writes: the PDF and its cut files, by name."""
        names = self.cut_file_names(pdf_name)
        out = {pdf_name: self.pdf}
        out.update({names[n]: svg.encode("utf-8") for n, svg in self.cut_files})
        return out


class BoundedPdfCanvas(PdfCanvas):
    """A PdfCanvas that refuses a page past limits.PAGES_PER_OUTPUT: the document is held in memory until it is
    written, so an imposition asked for too many pages stops before it costs more."""

    def __init__(self, *, title: str, **options):
        super().__init__(title=title, **options)
        self.title = title

    def begin_page(self, width_mm: float, height_mm: float, **boxes) -> None:
        limits.check(limits.PAGES_PER_OUTPUT, self.page_count + 1 + int(self._page_open),
                     f"pages of '{self.title}'", None, None)
        super().begin_page(width_mm, height_mm, **boxes)


def new_pdf(options: PrintOptions, *, title: str, subject: str = "") -> PdfCanvas:
    canvas = BoundedPdfCanvas(title=title, subject=subject, cmyk=options.cmyk)
    canvas.ink_saver = options.ink_saver
    return canvas


def draw_face(canvas: Canvas, face: Face, placement: Placement) -> None:
    """Draw a face where its placement says, clipped to the art the layout allows it."""
    m = placement.transform
    with canvas.group(clip=placement.art):
        with canvas.group(translate=(m.tx, m.ty), rotate_deg=placement.rotation_deg):
            with canvas.group(translate=(-face.bleed_mm, -face.bleed_mm)):
                face.draw(canvas)


def fr(text: str, language: str = DEFAULT_LANGUAGE) -> str:
    """The typography of `language` for page furniture: in French the rulebook's rules (narrow spaces,
    apostrophes, dashes), in English none of them."""
    return typeset(text, language)


def label_style(canvas: Canvas, size_pt: float = LABEL_PT) -> TextStyle:
    ink_saver = getattr(canvas, "ink_saver", False)
    return TextStyle(size_pt=size_pt, colour=LABEL_COLOUR_INK_SAVER if ink_saver else LABEL_COLOUR)


def draw_label(canvas: Canvas, band: Box, text: str, *, align: str = "center",
               language: str = DEFAULT_LANGUAGE) -> None:
    """One line naming the sheet, centred in its band; shrunk, never clipped, when it is long."""
    style = label_style(canvas)
    text = fr(text, language)
    width = fonts.text_width_mm(text, style)
    if width > band[2]:
        size = max(LABEL_MIN_PT, LABEL_PT * band[2] / width)
        style = style.with_(size_pt=size)
    x = {"left": band[0], "center": band[0] + band[2] / 2, "right": band[0] + band[2]}[align]
    baseline = band[1] + band[3] / 2 + fonts.cap_height_mm(style) / 2
    canvas.text(x, baseline, text, style, align=align)


def page_label(game_title: str, component: str, n: int, total: int, side: str, setting: str, *,
               words: Catalogue) -> str:
    """Game · component · page n/N · side · print setting, in the language of `words`."""
    # "recto seul" is said once, by the setting, when the setting already says it.
    parts = [game_title, component, words("print.page", n=n, total=total), "" if side and side in setting else side]
    if setting:
        parts.append(setting)
    return " · ".join(p for p in parts if p)
