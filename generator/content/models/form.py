"""The `form` kind: a page to fill in by hand (a score pad, a character sheet), in rows of blocks.

Form elements are mm from the form's top-left corner; a block's own elements, mm from the block's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from ..schema import Name, Colour, Where, derived, spec
from .elements import FIELD_NAME, INK, LayoutElement, OneOf
from .figure import FigureTarget
from .material import MaterialLine
from .stock import PLAIN, Stock

@dataclass(frozen=True)
class FormField:
    """A labelled box to write in."""
    label: str = ""
    height_mm: float = spec(10.0, minimum=4, maximum=300)
    label_at: Literal["top", "left", "inside"] = spec("top", doc="above the box, left of it, or in its corner")
    hint: str = spec("", doc="grey text at the box's bottom right, e.g. a unit or a maximum")


@dataclass(frozen=True)
class FormTrack:
    """A row of boxes to tick or fill (life points, coins, die slots); wraps when it is too long."""
    boxes: int = spec(doc="how many boxes", minimum=1, maximum=500)
    label: str = ""
    box_mm: float = spec(6.0, minimum=3, maximum=60)
    gap_mm: float = spec(1.5, minimum=0, maximum=30)
    shape: Literal["square", "circle"] = "square"
    numbered: bool = spec(False, doc="print a small number in each box")
    start: int = spec(1, doc="number of the first box")
    label_at: Literal["left", "top"] = "left"


@dataclass(frozen=True)
class FormTable:
    """A table to fill: named columns, N rows, an optional totals row (a score pad)."""
    columns: list[str] = spec(doc="header of each column; '' leaves a header to write in (a player's name)")
    widths: list[float] = spec(factory=tuple, doc="relative width of each column (default: equal)")
    rows: Optional[int] = spec(None, minimum=1, maximum=300, doc="rows to fill; none: as many as the space holds")
    row_mm: float = spec(7.0, minimum=4, maximum=60)
    numbered: bool = spec(False, doc="number the rows in the first column")
    total: bool = spec(False, doc="a last row for totals")
    total_label: str = "Total"
    header_pt: float = spec(8.5, minimum=7, maximum=24)

    def check(self, where: Where) -> None:
        if not self.columns:
            raise where.error("table: give at least one column")
        if self.widths and len(self.widths) != len(self.columns):
            raise where.error(f"table: {len(self.widths)} widths for {len(self.columns)} columns")
        if any(w <= 0 for w in self.widths):
            raise where.error("table: widths must be above 0")


@dataclass(frozen=True)
class FormLines:
    """Ruled lines to write on."""
    label: str = ""
    count: Optional[int] = spec(None, minimum=1, maximum=200, doc="how many; none: as many as the space holds")
    spacing_mm: float = spec(8.0, minimum=4, maximum=40)


@dataclass(frozen=True)
class FormText:
    """Printed text (an instruction, a reminder), wrapped to the block."""
    text: str
    size_pt: float = spec(9.0, minimum=7, maximum=72)
    bold: bool = False
    italic: bool = False
    align: Literal["left", "center", "right"] = "left"
    colour: Colour = INK


@dataclass(frozen=True)
class FormChoices:
    """Options with a box to tick beside each (powers, roles), in columns."""
    options: list[str]
    label: str = ""
    columns: Optional[int] = spec(None, minimum=1, maximum=20, doc="options per line; default: as many as fit")
    box_mm: float = spec(4.5, minimum=3, maximum=30)

    def check(self, where: Where) -> None:
        if not self.options:
            raise where.error("choices: give at least one option")


@dataclass(frozen=True)
class FormBlock(OneOf):
    """One block of a form row: exactly one of field, track, table, lines, text, choices, space."""
    field: Optional[FormField] = None
    track: Optional[FormTrack] = None
    table: Optional[FormTable] = None
    lines: Optional[FormLines] = None
    text: Optional[FormText] = None
    choices: Optional[FormChoices] = None
    space: Optional[float] = spec(None, minimum=0, maximum=400, doc="an empty block this tall (mm)")
    width: float = spec(1.0, minimum=0.05, maximum=100, doc="share of the row's width, relative to its other blocks")
    frame: bool = spec(False, doc="draw a rounded box around the block")
    elements: list[LayoutElement] = spec(factory=tuple, doc="layout elements drawn in the block, in mm from its "
                                         "top-left corner: they move with it when the form is printed larger")
    _source: Optional[Where] = derived()

    KINDS = ("field", "track", "table", "lines", "text", "choices", "space")
    WHAT = "a form block"

    @property
    def block_kind(self) -> str:
        return self.chosen()

    def check(self, where: Where) -> None:
        self.check_one_of(where)


@dataclass(frozen=True)
class FormRow:
    """Blocks side by side, sharing the width by their `width`; as tall as its tallest block."""
    blocks: list[FormBlock]
    heading: str = spec("", doc="a small title above the row")
    height_mm: Optional[float] = spec(None, minimum=3, maximum=400, doc="fixed height; default: the tallest block's")
    grow: bool = spec(False, doc="take the height left over on the page (tables and lines without a count fill it)")
    gap_mm: float = spec(4.0, minimum=0, maximum=50, doc="space between blocks")
    _source: Optional[Where] = derived()

    def check(self, where: Where) -> None:
        if not self.blocks:
            raise where.error("a form row needs at least one block")


@dataclass(frozen=True)
class Form(FigureTarget):
    """A printable form: a score pad, a character sheet, any page to fill in by hand. One form per
    page, or 2 or 4 per page with cut lines between them; rows of blocks laid out top to bottom."""
    kind: Literal["form"]
    id: Name
    name: str
    rows: list[FormRow] = spec(factory=tuple)
    elements: list[LayoutElement] = spec(factory=tuple, doc="layout elements, in mm from the form's top-left corner")
    values: dict[str, str] = spec(factory=dict, doc="values for '{field}' in elements")
    title: Optional[str] = spec(None, doc="printed at the top; default: the name; '' for none")
    per_page: Literal[1, 2, 4] = spec(1, doc="forms on one sheet of paper (cut apart along the dashed lines)")
    orientation: Literal["portrait", "landscape"] = spec("portrait", doc="of each form")
    copies: Optional[int] = spec(None, minimum=1, maximum=500, doc="forms in the PDF; default: one sheet's worth")
    margin_mm: float = spec(6.0, minimum=3, maximum=40, doc="white space inside each form's edge")
    row_gap_mm: float = spec(4.0, minimum=0, maximum=40)
    text_pt: float = spec(8.5, minimum=7, maximum=16, doc="size of labels")
    accent: Colour = Colour("#333333")
    line_mm: float = spec(0.3, minimum=0.09, maximum=2, doc="box and table lines")
    _source: Optional[Where] = derived()

    # Pieces of its stock may print in the band its rows leave free under each copy (their `sheet_with`).
    hosts_sheets = True
    pieces_in_band = True              # not on n-up sheets: a mat (a piece cut whole) does not go there
    stock = Stock(PLAIN, "single")     # plain paper, one side, written on in pencil

    def check(self, where: Where) -> None:
        if not self.rows and not self.elements:
            raise where.error(f"form '{self.id}': give rows, elements or both")
        for key in self.values:
            if not FIELD_NAME.match(key):
                raise where.error(f"form '{self.id}': value name '{key}' must start with a letter")

    def material_lines(self, words) -> list[MaterialLine]:
        """As many forms as `copies` asks for; one (a master to copy) when it does not say."""
        return [MaterialLine(self.copies or 1, self.name, "", self.id)]
