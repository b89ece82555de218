"""Typed models of a game's content: game.yaml and one model per component kind.

Field names are the YAML keys. Units are in the names (`cell_mm`). Every model
is frozen; `schema.build` makes them from located YAML and runs `check`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Optional, Union

from .coords import parse_square
from .schema import Colour, Where, spec

INK = Colour("#222222")
WHITE = Colour("#FFFFFF")


def _check_icon(name: str, where: Where) -> None:
    from ..draw.icons import icon_names
    if name != "none" and name not in icon_names():
        import difflib
        close = difflib.get_close_matches(name, icon_names(), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise where.error(f"unknown mark '{name}'{hint}; icons: {', '.join(icon_names())}")


@dataclass(frozen=True)
class Variant:
    """A named rules variant, switchable at build time."""
    id: str
    name: str
    description: str = ""
    changes: list[str] = spec(factory=tuple, doc="what the variant changes, one line each")


@dataclass(frozen=True)
class PieceStyle:
    """How a piece looks when drawn on a board or in a diagram."""
    shape: Literal["die", "disc", "square", "triangle", "hex", "pawn"] = "disc"
    fill: Colour = WHITE
    stroke: Colour = INK
    ink: Colour = INK
    size_mm: float = spec(14.0, minimum=2, maximum=200, doc="outer size of the piece")
    mark: str = spec("none", doc="an icon name (crown, star, ring…) drawn on the piece, or none")
    label: str = spec("", doc="letter or word printed on the piece, so colour never carries meaning alone")

    def check(self, where: Where) -> None:
        _check_icon(self.mark, where)


@dataclass(frozen=True)
class Placement:
    """One piece on one square of a board."""
    at: str
    piece: str
    value: Optional[str] = spec(None, doc="top face of a die, or a number/label shown on the piece")


@dataclass(frozen=True)
class CellStyle:
    """A style given to some squares (fill, a label, a mark)."""
    at: list[str]
    fill: Optional[Colour] = None
    label: str = ""
    label_colour: Colour = Colour("#666666")
    mark: str = spec("none", doc="an icon name (crown, star, cross…) drawn in the squares, or none")
    mark_colour: Colour = Colour("#888888")

    def check(self, where: Where) -> None:
        _check_icon(self.mark, where)


@dataclass(frozen=True)
class Zone:
    """A rectangle of squares outlined on the board (a portal area, a home region)."""
    corners: tuple[str, str] = spec(doc="two opposite squares, e.g. [b6, c8]")
    colour: Colour = INK
    line: Literal["solid", "dashed"] = "dashed"
    width_mm: float = spec(0.6, minimum=0.09, maximum=5)
    label: str = ""


@dataclass(frozen=True)
class Grid:
    columns: int = spec(doc="number of columns (a, b, c… from the left)", minimum=1, maximum=26)
    rows: int = spec(doc="number of rows (1, 2, 3… from the bottom)", minimum=1, maximum=99)
    cell_mm: float = spec(doc="side of one square in millimetres", minimum=3, maximum=200)
    points: bool = spec(False, doc="pieces stand on line crossings instead of inside squares")
    coordinates: bool = spec(True, doc="print a-h / 1-8 on the edges")
    checkered: Optional[Colour] = spec(None, doc="fill of every other square, if any")


@dataclass(frozen=True)
class BoardColours:
    background: Colour = WHITE
    line: Colour = Colour("#333333")
    coordinates: Colour = Colour("#8A8A8A")


@dataclass(frozen=True)
class Board:
    """A grid board, drawn at real size, with its start position."""
    kind: Literal["board"]
    id: str
    name: str
    grid: Grid
    line_mm: float = spec(0.4, minimum=0.09, maximum=3, doc="grid line width")
    border_mm: float = spec(1.0, minimum=0.09, maximum=5, doc="outer frame width")
    margin_mm: float = spec(8.0, minimum=0, maximum=50, doc="space around the grid for coordinates")
    piece_mm: Optional[float] = spec(None, doc="real size of the pieces the squares are sized for")
    colours: BoardColours = spec(factory=BoardColours)
    cells: list[CellStyle] = spec(factory=tuple)
    zones: list[Zone] = spec(factory=tuple)
    pieces: dict[str, PieceStyle] = spec(factory=dict, doc="piece styles by name")
    setup: list[Placement] = spec(factory=tuple, doc="the start position drawn on the board")
    draw_setup: bool = spec(True, doc="draw the start position on the printed board")

    def check(self, where: Where) -> None:
        g = self.grid
        for style in self.cells:
            for sq in style.at:
                if parse_square(sq, g.columns, g.rows) is None:
                    raise where.error(f"board '{self.id}': cell '{sq}' is not on the {g.columns}x{g.rows} grid")
        for zone in self.zones:
            for sq in zone.corners:
                if parse_square(sq, g.columns, g.rows) is None:
                    raise where.error(f"board '{self.id}': zone corner '{sq}' is not on the grid")
        seen = {}
        for p in self.setup:
            if parse_square(p.at, g.columns + g.points, g.rows + g.points) is None:
                raise where.error(f"board '{self.id}': setup square '{p.at}' is not on the grid")
            if p.piece not in self.pieces:
                raise where.error(f"board '{self.id}': setup piece '{p.piece}' has no style in 'pieces' "
                                  f"(known: {', '.join(sorted(self.pieces))})")
            if p.at in seen:
                raise where.error(f"board '{self.id}': two pieces on '{p.at}'")
            seen[p.at] = p
        if self.piece_mm is not None and self.piece_mm > g.cell_mm and not g.points:
            raise where.error(f"board '{self.id}': pieces of {self.piece_mm} mm do not fit squares of {g.cell_mm} mm")


@dataclass(frozen=True)
class Die:
    """One die: six faces, each a number 1-6 (pips), a symbol name, or short text."""
    id: str
    name: str
    faces: list[str] = spec(doc="six faces, in the places of a standard right-handed die's 1 to 6 (opposite faces 1-6, 2-5, 3-4)")
    fill: Colour = WHITE
    ink: Colour = INK
    count: int = spec(1, minimum=1, maximum=100, doc="how many of this die to print")

    def check(self, where: Where) -> None:
        if len(self.faces) != 6:
            raise where.error(f"die '{self.id}': a die has 6 faces, found {len(self.faces)}")


@dataclass(frozen=True)
class Dice:
    """Dice to build: cube nets with glue tabs, or stickers for blank dice."""
    kind: Literal["dice"]
    id: str
    name: str
    dice: list[Die]
    size_mm: float = spec(16.0, minimum=8, maximum=40, doc="edge of the cube")
    form: Literal["net", "stickers", "both"] = "net"
    tab_mm: float = spec(5.0, minimum=2, maximum=15, doc="depth of the glue tabs")


@dataclass(frozen=True)
class Sheet:
    """A printed sheet of text: a rules summary, a player aid."""
    kind: Literal["sheet"]
    id: str
    name: str
    source: str = spec(doc="Markdown file of the sheet's text, in the game folder")
    columns: int = spec(2, minimum=1, maximum=3)
    body_pt: float = spec(9.5, minimum=7, maximum=14, doc="body text size; shrunk to fit if needed, never below 7 pt")
    max_body_pt: float = spec(11.5, minimum=7, maximum=16, doc="largest body size a short text may grow to, to fill the page")
    accent: Colour = Colour("#7A1F1F")


# --- Cards, tiles and counters: faces described by a small element language ---------------------
#
# Every position in a layout is in millimetres from the top-left corner of the
# face's BLEED box (the same origin as components.face.Face), x to the right,
# y down. With the default 3 mm bleed the trim starts at (3, 3) and the safe
# zone, where text must stay, at (6, 6). Numbers may also be written as text
# with row fields, e.g. x: "{x}"; colours are '#RRGGBB' or "{field}".

import csv  # noqa: E402  (kept with the models that use them)
import io  # noqa: E402
import math  # noqa: E402
import re  # noqa: E402
import types  # noqa: E402
from typing import Any  # noqa: E402

from .errors import ContentError  # noqa: E402
from .yamlfile import LocatedList  # noqa: E402

Num = Union[float, str]
_COLOUR_OR_FIELD = re.compile(r"^(#[0-9A-Fa-f]{6}|.*\{[^}]*\}.*)$")


def _check_colour(value: Optional[str], where: Where, name: str) -> None:
    if value is not None and not _COLOUR_OR_FIELD.match(value):
        raise where.error(f"{name}: expected a colour '#RRGGBB' or a '{{field}}', found {value!r}")


def _check_num(value: Optional[Num], where: Where, name: str) -> None:
    if isinstance(value, str) and "{" not in value:
        raise where.error(f"{name}: expected a number or a '{{field}}', found {value!r}")


@dataclass(frozen=True)
class BackgroundSpec:
    """Fills the whole bleed box with a colour."""
    colour: str = spec(doc="'#RRGGBB' or '{field}'")

    def check(self, where: Where) -> None:
        _check_colour(self.colour, where, "colour")


@dataclass(frozen=True)
class RectSpec:
    """A rectangle, optionally rounded; x, y is its top-left corner. Without x/y/w/h: the trim box."""
    x: Optional[Num] = None
    y: Optional[Num] = None
    w: Optional[Num] = spec(None, doc="width in mm")
    h: Optional[Num] = spec(None, doc="height in mm")
    radius: Num = spec(0.0, doc="corner radius in mm")
    fill: Optional[str] = None
    stroke: Optional[str] = None
    stroke_mm: Num = spec(0.3, doc="line width in mm (0.09 mm at least)")
    dash_mm: list[float] = spec(factory=tuple, doc="dash pattern, e.g. [2, 1]")

    def check(self, where: Where) -> None:
        given = [v is not None for v in (self.x, self.y, self.w, self.h)]
        if any(given) and not all(given):
            raise where.error("rect: give all of x, y, w, h, or none of them for the trim box")
        for n in ("x", "y", "w", "h", "radius", "stroke_mm"):
            _check_num(getattr(self, n), where, n)
        _check_colour(self.fill, where, "fill")
        _check_colour(self.stroke, where, "stroke")


@dataclass(frozen=True)
class CircleSpec:
    """A circle of centre (cx, cy) and radius r."""
    cx: Num
    cy: Num
    r: Num
    fill: Optional[str] = None
    stroke: Optional[str] = None
    stroke_mm: Num = 0.3
    dash_mm: list[float] = spec(factory=tuple)

    def check(self, where: Where) -> None:
        for n in ("cx", "cy", "r", "stroke_mm"):
            _check_num(getattr(self, n), where, n)
        _check_colour(self.fill, where, "fill")
        _check_colour(self.stroke, where, "stroke")


@dataclass(frozen=True)
class PolygonSpec:
    """A closed polygon: either `points`, or a regular one (`sides`, centre cx/cy, radius r to the corners)."""
    points: list[tuple[Num, Num]] = spec(factory=tuple, doc="corners [[x, y], ...] in mm")
    sides: Optional[int] = spec(None, minimum=3, maximum=64)
    cx: Optional[Num] = None
    cy: Optional[Num] = None
    r: Optional[Num] = None
    rotate_deg: Num = spec(0.0, doc="turn of a regular polygon, clockwise; 0 puts a corner at the top")
    fill: Optional[str] = None
    stroke: Optional[str] = None
    stroke_mm: Num = 0.3
    dash_mm: list[float] = spec(factory=tuple)

    def check(self, where: Where) -> None:
        regular = [v is not None for v in (self.sides, self.cx, self.cy, self.r)]
        if self.points and any(regular):
            raise where.error("polygon: give either points or sides/cx/cy/r, not both")
        if not self.points and not all(regular):
            raise where.error("polygon: give points (3 at least), or all of sides, cx, cy, r")
        if self.points and len(self.points) < 3:
            raise where.error(f"polygon: needs 3 points at least, found {len(self.points)}")
        for p in self.points:
            _check_num(p[0], where, "x")
            _check_num(p[1], where, "y")
        for n in ("cx", "cy", "r", "rotate_deg", "stroke_mm"):
            _check_num(getattr(self, n), where, n)
        _check_colour(self.fill, where, "fill")
        _check_colour(self.stroke, where, "stroke")


@dataclass(frozen=True)
class LineSpec:
    """A straight line from (x1, y1) to (x2, y2), with an arrow head at the end if `arrow`."""
    x1: Num
    y1: Num
    x2: Num
    y2: Num
    stroke: str = "#222222"
    stroke_mm: Num = 0.3
    dash_mm: list[float] = spec(factory=tuple)
    cap: Literal["butt", "round", "square"] = "round"
    arrow: bool = spec(False, doc="draw a filled head at (x2, y2)")

    def check(self, where: Where) -> None:
        for n in ("x1", "y1", "x2", "y2", "stroke_mm"):
            _check_num(getattr(self, n), where, n)
        _check_colour(self.stroke, where, "stroke")


@dataclass(frozen=True)
class TextSpec:
    """Text. With w and h: wrapped and shrunk to fit the box (never under min_size_pt).
    With w only: one line, shrunk to fit the width. Without: one line at (x, y).
    (x, y) is the box's top-left corner; for a single line, x is the left end, the centre
    or the right end per `align`, and y the top (valign top), middle, bottom or baseline.
    `**bold**` and `*italic*` work inside the text; `{field}` takes a value from the row."""
    text: str
    x: Num
    y: Num
    w: Optional[Num] = None
    h: Optional[Num] = None
    size_pt: Num = spec(10.0, doc="starting size; 7 pt at least")
    min_size_pt: float = spec(7.0, minimum=7.0, maximum=200, doc="smallest size allowed when shrinking to fit")
    bold: bool = False
    italic: bool = False
    colour: str = "#222222"
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom", "baseline"] = "top"
    leading: float = spec(1.25, minimum=0.8, maximum=3)
    rotate_deg: Num = spec(0.0, doc="clockwise turn around (x, y)")

    def check(self, where: Where) -> None:
        for n in ("x", "y", "w", "h", "size_pt", "rotate_deg"):
            _check_num(getattr(self, n), where, n)
        if self.h is not None and self.w is None:
            raise where.error("text: a box needs w as well as h")
        if self.valign == "baseline" and self.h is not None:
            raise where.error("text: valign 'baseline' is for single lines without a box (no h)")
        if isinstance(self.size_pt, float) and self.size_pt < self.min_size_pt:
            raise where.error(f"text: size_pt {self.size_pt} is below the minimum {self.min_size_pt} pt")
        _check_colour(self.colour, where, "colour")


@dataclass(frozen=True)
class ImageSpec:
    """A PNG or SVG file from the game's assets/ folder, fitted into the box (aspect kept, centred)."""
    file: str = spec(doc="file name in assets/, '{field}' allowed")
    w: Num = spec(doc="box width in mm")
    h: Num = spec(doc="box height in mm")
    x: Num = 0.0
    y: Num = 0.0
    rotate_deg: Num = spec(0.0, doc="clockwise turn around the box centre")

    def check(self, where: Where) -> None:
        for n in ("x", "y", "w", "h", "rotate_deg"):
            _check_num(getattr(self, n), where, n)


@dataclass(frozen=True)
class IconSpec:
    """A named vector symbol drawn by code (crown, star, heart, shield, plus, minus, arrow-up…),
    in a size x size square whose centre is (cx, cy)."""
    name: str = spec(doc="icon name, or '{field}'")
    cx: Num = spec(doc="centre x in mm")
    cy: Num = spec(doc="centre y in mm")
    size: Num = spec(doc="side of the icon's square in mm")
    colour: str = "#222222"
    outline: Optional[str] = spec(None, doc="outline colour (the game's one stroke width, size/24 x 1.5)")
    rotate_deg: Num = 0.0

    def check(self, where: Where) -> None:
        for n in ("cx", "cy", "size", "rotate_deg"):
            _check_num(getattr(self, n), where, n)
        _check_colour(self.colour, where, "colour")
        _check_colour(self.outline, where, "outline")


PATTERN_KINDS = ("stripes", "crosshatch", "dots", "grain", "checks")


@dataclass(frozen=True)
class PatternSpec:
    """A pattern of lines or dots over a box (default: the whole bleed box), clipped to it:
    a texture for plain backs, or a second cue beside a colour."""
    kind: str = spec(doc="stripes, crosshatch, dots, grain or checks; '{field}' allowed")
    colour: str = "#000000"
    x: Optional[Num] = None
    y: Optional[Num] = None
    w: Optional[Num] = None
    h: Optional[Num] = None
    spacing_mm: Num = spec(3.0, doc="distance between lines or dot centres")
    stroke_mm: Num = spec(0.3, doc="line width, or dot diameter")
    angle_deg: Num = spec(45.0, doc="direction of stripes and grain")

    def check(self, where: Where) -> None:
        given = [v is not None for v in (self.x, self.y, self.w, self.h)]
        if any(given) and not all(given):
            raise where.error("pattern: give all of x, y, w, h, or none of them for the bleed box")
        if "{" not in self.kind and self.kind not in PATTERN_KINDS:
            raise where.error(f"pattern: kind {self.kind!r} is not one of {', '.join(PATTERN_KINDS)}")
        for n in ("x", "y", "w", "h", "spacing_mm", "stroke_mm", "angle_deg"):
            _check_num(getattr(self, n), where, n)
        _check_colour(self.colour, where, "colour")


@dataclass(frozen=True)
class LayoutElement:
    """One element of a face, drawn in list order: exactly one of the shape keys, plus optional
    `when` / `unless` conditions on the row's fields (a value, or a list of accepted values)."""
    background: Optional[BackgroundSpec] = None
    rect: Optional[RectSpec] = None
    circle: Optional[CircleSpec] = None
    polygon: Optional[PolygonSpec] = None
    line: Optional[LineSpec] = None
    text: Optional[TextSpec] = None
    image: Optional[ImageSpec] = None
    icon: Optional[IconSpec] = None
    pattern: Optional[PatternSpec] = None
    when: dict[str, Any] = spec(factory=dict, doc="draw only when every field matches (a value or a list of values)")
    unless: dict[str, Any] = spec(factory=dict, doc="skip when every field matches (a value or a list of values)")
    _source: Optional[Where] = field(default=None, init=False, compare=False, repr=False)

    KINDS = ("background", "rect", "circle", "polygon", "line", "text", "image", "icon", "pattern")

    @property
    def element_kind(self) -> str:
        return next(k for k in self.KINDS if getattr(self, k) is not None)

    @property
    def body(self):
        """The element's own spec (RectSpec, TextSpec…)."""
        return getattr(self, self.element_kind)

    def accepts(self, values) -> bool:
        """Whether a row with these field values (text) draws this element."""
        def matches(cond) -> bool:
            for key, want in cond.items():
                options = want if isinstance(want, (list, tuple)) else (want,)
                if values.get(key) not in {_scalar_text(o, Where(None, None), key) for o in options}:
                    return False
            return True
        return (not self.when or matches(self.when)) and not (self.unless and matches(self.unless))

    def check(self, where: Where) -> None:
        present = [k for k in self.KINDS if getattr(self, k) is not None]
        if len(present) != 1:
            found = ", ".join(present) if present else "none"
            raise where.error(f"a layout element needs exactly one of {', '.join(self.KINDS)} (found: {found})")
        for cond in (self.when, self.unless):
            for key, want in cond.items():
                for option in (want if isinstance(want, (list, tuple)) else (want,)):
                    _scalar_text(option, where, key)


CARD_SIZES_MM = {
    "poker": (63.5, 88.9),    # 2.5 x 3.5 in
    "bridge": (57.15, 88.9),  # 2.25 x 3.5 in
    "mini": (44.45, 63.5),    # 1.75 x 2.5 in (DriveThruCards mini)
    "tarot": (69.85, 120.65), # 2.75 x 4.75 in
    "square": (63.5, 63.5),   # 2.5 x 2.5 in
}

_FIELD_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


@dataclass(frozen=True)
class Row:
    """One row of a component's table: field values as text, how many copies, where it was written."""
    values: types.MappingProxyType
    count: int
    index: int                      # 1-based position in the table
    path: Optional[Path]
    line: Optional[int]

    def get(self, key: str, default: Optional[str] = None) -> Optional[str]:
        return self.values.get(key, default)


def _scalar_text(value, where: Where, key: str) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (str, int, float)):
        return str(value)
    found = "a list" if isinstance(value, list) else "a mapping"
    raise where.error(f"field '{key}': expected a single value, found {found}")


def _make_row(values: dict, index: int, where: Where, defaults) -> Row:
    out = dict(defaults)
    count = None
    for key, raw in values.items():
        if not _FIELD_NAME.match(str(key)):
            raise where.error(f"field name '{key}' must start with a letter and hold only letters, digits, _ or -")
        text = _scalar_text(raw, where, key)
        if text == "" and key in out:
            continue   # an empty cell (a CSV gap) means "not given": the default stays
        if key in ("count", "quantity"):
            if count is not None:
                raise where.error("give 'count' or 'quantity', not both")
            try:
                count = int(text)
            except ValueError:
                raise where.error(f"{key}: expected a whole number, found {text!r}") from None
            if count < 0:
                raise where.error(f"{key}: {count} is below 0")
        out[key] = text
    if count is None:
        count = 1
    out.setdefault("count", str(count))
    return Row(types.MappingProxyType(out), count, index, where.path, where.line)


def _read_rows(owner, where: Where) -> tuple:
    """The rows of `fields` (inline) or `table` (CSV next to the component file), checked."""
    defaults = dict(owner.defaults)
    if owner.fields is not None and owner.table is not None:
        raise where.error(f"{owner.kind} '{owner.id}': give 'fields' or 'table', not both")
    rows = []
    if owner.fields is not None:
        data = owner.fields
        if not isinstance(data, list):
            raise where.error(f"{owner.kind} '{owner.id}': 'fields' must be a list of rows (mappings)")
        for i, item in enumerate(data):
            line = data.line_of(i) if isinstance(data, LocatedList) else where.line
            rwhere = Where(where.path, line)
            if not isinstance(item, dict):
                raise rwhere.error(f"row {i + 1}: expected a mapping of field: value")
            rows.append(_make_row(item, i + 1, rwhere, defaults))
    elif owner.table is not None:
        base = where.path.parent if where.path is not None else Path(".")
        table = base / owner.table
        try:
            text = table.read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            raise where.error(f"{owner.kind} '{owner.id}': table file '{owner.table}' not found") from None
        except (OSError, UnicodeDecodeError) as err:
            raise where.error(f"{owner.kind} '{owner.id}': cannot read '{owner.table}': {err}") from None
        first = text.splitlines()[0] if text else ""
        delimiter = ";" if first.count(";") > first.count(",") else ","
        reader = csv.reader(io.StringIO(text), delimiter=delimiter)
        header = None
        for record in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in record):
                continue
            if header is None:
                header = [c.strip() for c in record]
                dupes = sorted({c for c in header if header.count(c) > 1})
                if dupes:
                    raise ContentError(table, line, f"column '{dupes[0]}' appears twice")
                continue
            if len(record) != len(header):
                raise ContentError(table, line, f"{len(record)} values for {len(header)} columns")
            rows.append(_make_row(dict(zip(header, (c.strip() for c in record))), len(rows) + 1,
                                  Where(table, line), defaults))
        if header is None:
            raise ContentError(table, None, "the table is empty (a header line is needed)")
    else:
        rows.append(_make_row({}, 1, where, defaults))
    return tuple(rows)


@dataclass(frozen=True)
class FaceSet:
    """What decks, tiles and counters share: a table of rows, each giving one item drawn
    from the `front` layout (and `back`), `count` copies of it. Positions are mm from the
    bleed box's top-left corner. Besides its own fields a row offers `{index}` (1-based)
    and `{id}` (its `id` field, or '<component id>-<index>')."""
    kind: str
    id: str
    name: str
    front: list[LayoutElement] = spec(doc="elements of the front, drawn in order")
    back: Optional[list[LayoutElement]] = spec(None, doc="the back shared by every row (none: single-sided)")
    backs: dict[str, list[LayoutElement]] = spec(factory=dict, doc="named backs, chosen per row by its 'back' field "
                                                 "(rows without one use `back`)")
    back_oriented: bool = spec(False, doc="the back has a top: keep its orientation to the front when printing")
    fields: Any = spec(None, doc="rows inline: a list of mappings field: value; 'count' (or 'quantity') copies")
    table: Optional[str] = spec(None, doc="rows from a CSV file next to this one (header line = field names)")
    defaults: dict[str, str] = spec(factory=dict, doc="field values for rows that do not give them")
    bleed_mm: float = spec(3.0, minimum=0, maximum=10)
    safe_mm: float = spec(3.0, minimum=0, maximum=20, doc="text stays this far inside the cut line")
    _source: Optional[Where] = field(default=None, init=False, compare=False, repr=False)
    _rows: tuple = field(default=(), init=False, compare=False, repr=False)

    @property
    def rows(self) -> tuple:
        return self._rows

    def trim_mm(self) -> tuple[float, float]:
        raise NotImplementedError

    def check(self, where: Where) -> None:
        object.__setattr__(self, "_rows", _read_rows(self, where))
        for row in self._rows:
            name = row.get("back") if self.backs else None   # without `backs`, 'back' is a plain field
            if name is not None and name not in self.backs:
                known = ", ".join(sorted(self.backs)) or "none"
                raise ContentError(row.path, row.line,
                                   f"row {row.index}: back '{name}' is not one of 'backs' ({known})")
        if self.back is None and not self.backs and self.back_oriented:
            raise where.error(f"{self.kind} '{self.id}': back_oriented needs a back")


@dataclass(frozen=True)
class Deck(FaceSet):
    """A deck of cards: one size (a preset or width_mm/height_mm), rounded corners."""
    kind: Literal["deck"]
    size: Optional[Literal["poker", "bridge", "mini", "tarot", "square"]] = spec(
        None, doc="poker 63.5x88.9, bridge 57.15x88.9, mini 44.45x63.5, tarot 69.85x120.65, square 63.5x63.5")
    width_mm: Optional[float] = spec(None, minimum=10, maximum=300)
    height_mm: Optional[float] = spec(None, minimum=10, maximum=300)
    landscape: bool = spec(False, doc="swap the preset's width and height")
    corner_mm: float = spec(3.0, minimum=0, maximum=20, doc="corner radius of the cut")

    def trim_mm(self) -> tuple[float, float]:
        if self.size is not None:
            w, h = CARD_SIZES_MM[self.size]
        else:
            w, h = self.width_mm, self.height_mm
        return (h, w) if self.landscape else (w, h)

    def check(self, where: Where) -> None:
        if (self.size is None) == (self.width_mm is None or self.height_mm is None):
            raise where.error(f"deck '{self.id}': give a size preset ({', '.join(CARD_SIZES_MM)}) "
                              f"or both width_mm and height_mm")
        if self.size is not None and (self.width_mm is not None or self.height_mm is not None):
            raise where.error(f"deck '{self.id}': give a size preset or width_mm/height_mm, not both")
        super().check(where)


HEX_RATIO = 2.0 / math.sqrt(3.0)   # corner-to-corner over flat-to-flat of a regular hexagon


@dataclass(frozen=True)
class Tiles(FaceSet):
    """Tiles: square (size_mm), rectangular (width_mm/height_mm) or hexagonal (size_mm across flats)."""
    kind: Literal["tiles"]
    shape: Literal["square", "rect", "hex"] = "square"
    size_mm: Optional[float] = spec(None, minimum=5, maximum=300, doc="side of a square, or hexagon across flats")
    width_mm: Optional[float] = spec(None, minimum=5, maximum=300)
    height_mm: Optional[float] = spec(None, minimum=5, maximum=300)
    hex_top: Literal["pointy", "flat"] = spec("pointy", doc="hexagon with a corner or a side at the top")
    corner_mm: float = spec(0.0, minimum=0, maximum=20)

    def trim_mm(self) -> tuple[float, float]:
        if self.shape == "rect":
            return self.width_mm, self.height_mm
        if self.shape == "hex":
            s = self.size_mm
            return (s, s * HEX_RATIO) if self.hex_top == "pointy" else (s * HEX_RATIO, s)
        return self.size_mm, self.size_mm

    def check(self, where: Where) -> None:
        if self.shape == "rect" and (self.width_mm is None or self.height_mm is None):
            raise where.error(f"tiles '{self.id}': a rect tile needs width_mm and height_mm")
        if self.shape != "rect" and self.size_mm is None:
            raise where.error(f"tiles '{self.id}': a {self.shape} tile needs size_mm")
        if self.shape != "rect" and (self.width_mm is not None or self.height_mm is not None):
            raise where.error(f"tiles '{self.id}': width_mm/height_mm are for rect tiles; a {self.shape} tile "
                              f"takes size_mm")
        super().check(where)


@dataclass(frozen=True)
class Counters(FaceSet):
    """Counters: round, square, hex or triangle; flat (one or two faces), folded (front and
    back side by side, folded along the middle) or standees (back upside down above the
    front, folded at the top, with feet)."""
    kind: Literal["counters"]
    shape: Literal["round", "square", "hex", "triangle"] = "round"
    size_mm: Optional[float] = spec(None, minimum=5, maximum=200,
                                    doc="diameter, side of a square or triangle, or hexagon across flats")
    height_mm: Optional[float] = spec(None, minimum=5, maximum=300, doc="for square counters: a rectangle this tall")
    hex_top: Literal["pointy", "flat"] = spec("pointy", doc="hexagon with a corner or a side at the top")
    form: Literal["flat", "fold", "standee"] = "flat"
    foot_mm: float = spec(12.0, minimum=5, maximum=60, doc="depth of each foot of a standee")
    foot_colour: Colour = Colour("#FFFFFF")
    corner_mm: float = spec(0.0, minimum=0, maximum=20)

    def trim_mm(self) -> tuple[float, float]:
        s = self.size_mm
        if self.shape == "hex":
            return (s, s * HEX_RATIO) if self.hex_top == "pointy" else (s * HEX_RATIO, s)
        if self.shape == "triangle":
            return s, s * math.sqrt(3.0) / 2.0
        if self.shape == "square" and self.height_mm is not None:
            return s, self.height_mm
        return s, s

    def check(self, where: Where) -> None:
        if self.size_mm is None:
            raise where.error(f"missing key 'size_mm' in counters '{self.id}'")
        if self.height_mm is not None and self.shape != "square":
            raise where.error(f"counters '{self.id}': height_mm is for square (rectangular) counters only")
        if self.form != "flat" and self.shape != "square":
            raise where.error(f"counters '{self.id}': {self.form} counters must be square "
                              f"(the cut of two joined faces is a rectangle)")
        if self.form == "fold" and self.back is None and not self.backs:
            raise where.error(f"counters '{self.id}': a fold counter needs a back")
        super().check(where)


# --- Mats, maps and forms ------------------------------------------------------------------------
#
# A mat is one large face at real size (tiled over pages by the print layer); a map is a
# text grid, one character per cell, drawn through a legend; a form is a page to fill in
# by hand, laid out in rows of blocks. Mat and map positions, like card layouts, are mm
# from the top-left corner of the BLEED box; form elements are mm from the form's corner.

import dataclasses  # noqa: E402  (FormBlock has a key named 'field', which hides dataclasses.field)


@dataclass(frozen=True)
class MatGrid:
    """A regular grid printed over the mat (default: over the whole trim box)."""
    cell_mm: float = spec(doc="side of one square in mm", minimum=3, maximum=500)
    x: Optional[float] = spec(None, doc="left edge of the gridded area (bleed-box mm); default: the trim")
    y: Optional[float] = None
    w: Optional[float] = spec(None, minimum=1)
    h: Optional[float] = spec(None, minimum=1)
    colour: Colour = Colour("#9A9A9A")
    line_mm: float = spec(0.3, minimum=0.09, maximum=5)
    dash_mm: list[float] = spec(factory=tuple, doc="dash pattern, e.g. [2, 1]")

    def check(self, where: Where) -> None:
        given = [v is not None for v in (self.x, self.y, self.w, self.h)]
        if any(given) and not all(given):
            raise where.error("grid: give all of x, y, w, h, or none of them for the trim box")
        if any(d <= 0 for d in self.dash_mm):
            raise where.error("grid: dash lengths must be above 0")


@dataclass(frozen=True)
class MatZone:
    """A named area of a mat: a rectangle (rounded with radius_mm) or an ellipse in the box x, y, w, h,
    with its label inside, so the zone never relies on its colour alone."""
    x: float
    y: float
    w: float = spec(minimum=1)
    h: float = spec(minimum=1)
    shape: Literal["rect", "ellipse"] = "rect"
    radius_mm: float = spec(0.0, minimum=0, doc="corner radius of a rect zone")
    fill: Optional[Colour] = None
    stroke: Optional[Colour] = INK
    stroke_mm: float = spec(0.5, minimum=0.09, maximum=10)
    dash_mm: list[float] = spec(factory=tuple)
    pattern: Optional[str] = spec(None, doc="stripes, crosshatch, dots, grain or checks over a rect zone")
    pattern_colour: Colour = Colour("#000000")
    label: str = ""
    label_pt: float = spec(12.0, minimum=7, maximum=200)
    label_colour: Colour = INK
    label_at: Literal["top", "center", "bottom"] = spec("top", doc="where the label sits inside the zone")
    _source: Optional[Where] = field(default=None, init=False, compare=False, repr=False)

    def check(self, where: Where) -> None:
        if self.pattern is not None and self.pattern not in PATTERN_KINDS:
            raise where.error(f"zone: pattern {self.pattern!r} is not one of {', '.join(PATTERN_KINDS)}")
        if self.pattern is not None and self.shape != "rect":
            raise where.error("zone: a pattern needs a rect zone (it is clipped to a rectangle)")
        if self.radius_mm > min(self.w, self.h) / 2 + 1e-9:
            raise where.error(f"zone: radius_mm {self.radius_mm:g} is more than half the smaller side")
        if self.fill is None and self.stroke is None:
            raise where.error("zone: give a fill or a stroke (or both)")
        if any(d <= 0 for d in self.dash_mm):
            raise where.error("zone: dash lengths must be above 0")


@dataclass(frozen=True)
class Mat:
    """A large play area at real size: tiled over sheets with overlaps, or whole on one page
    (e.g. with --paper a3) when it fits. Drawn in order: background, zones, grid, elements."""
    kind: Literal["mat"]
    id: str
    name: str
    width_mm: float = spec(doc="trim width", minimum=20, maximum=5000)
    height_mm: float = spec(doc="trim height", minimum=20, maximum=5000)
    corner_mm: float = spec(0.0, minimum=0, maximum=500, doc="corner radius of the cut")
    background: Colour = spec(WHITE, doc="fills the whole bleed box")
    grid: Optional[MatGrid] = None
    zones: list[MatZone] = spec(factory=tuple)
    elements: list[LayoutElement] = spec(factory=tuple, doc="layout elements (as on cards), bleed-box mm")
    values: dict[str, str] = spec(factory=dict, doc="values for '{field}' in elements (besides width_mm, "
                                                    "height_mm, bleed_mm, id, name)")
    cut_line: Optional[bool] = spec(None, doc="draw the cut outline in the art; default: when corners are rounded")
    bleed_mm: float = spec(3.0, minimum=0, maximum=20)
    safe_mm: float = spec(5.0, minimum=0, maximum=100, doc="text stays this far inside the cut line")
    _source: Optional[Where] = field(default=None, init=False, compare=False, repr=False)

    def check(self, where: Where) -> None:
        if self.corner_mm > min(self.width_mm, self.height_mm) / 2:
            raise where.error(f"mat '{self.id}': corner_mm {self.corner_mm:g} is more than half the smaller side")
        bw, bh = self.width_mm + 2 * self.bleed_mm, self.height_mm + 2 * self.bleed_mm
        for i, zone in enumerate(self.zones, start=1):
            if zone.x < -1e-9 or zone.y < -1e-9 or zone.x + zone.w > bw + 1e-9 or zone.y + zone.h > bh + 1e-9:
                zw = zone._source or where
                raise zw.error(f"mat '{self.id}': zone {i} ({zone.x:g}, {zone.y:g}, {zone.w:g} x {zone.h:g}) "
                               f"leaves the {bw:g} x {bh:g} mm bleed box")
        for key in self.values:
            if not _FIELD_NAME.match(key):
                raise where.error(f"mat '{self.id}': value name '{key}' must start with a letter")


MAP_COORDINATES = ("letters", "numbers", "none")


@dataclass(frozen=True)
class MapSymbol:
    """What one character of a map stands for and how its cells look. Colour never carries the
    meaning alone: a symbol with a fill also needs an icon, a label, a pattern or an image."""
    name: str = spec(doc="what the legend calls it")
    fill: Optional[Colour] = None
    icon: Optional[str] = spec(None, doc="an icon name (draw/icons.py) drawn in the cell")
    icon_colour: Colour = INK
    label: str = spec("", doc="a letter or short word printed in the cell")
    label_colour: Colour = INK
    pattern: Optional[str] = spec(None, doc="stripes, crosshatch, dots, grain or checks over the cell")
    pattern_colour: Colour = Colour("#000000")
    image: Optional[str] = spec(None, doc="a PNG, JPEG or SVG of assets/, fitted into the cell")
    in_legend: bool = spec(True, doc="list the symbol in the legend box")
    _source: Optional[Where] = field(default=None, init=False, compare=False, repr=False)

    def check(self, where: Where) -> None:
        if self.icon is not None:
            _check_icon(self.icon, where)
        if self.pattern is not None and self.pattern not in PATTERN_KINDS:
            raise where.error(f"pattern {self.pattern!r} is not one of {', '.join(PATTERN_KINDS)}")
        if self.fill is not None and not (self.icon or self.label or self.pattern or self.image):
            raise where.error(f"symbol '{self.name}': a fill alone would carry the meaning by colour only; "
                              f"add an icon, a label or a pattern")


@dataclass(frozen=True)
class MapLabel:
    """Text over the map, centred on a cell (or on `span` cells from it to the right)."""
    at: str = spec(doc="a cell: 'c4' (column letters, row counted from the bottom) or '12,4' (column, row)")
    text: str
    span: int = spec(1, minimum=1, maximum=500, doc="cells the label may spread over, to the right")
    size_pt: float = spec(10.0, minimum=7, maximum=200)
    colour: Colour = INK
    bold: bool = True
    _source: Optional[Where] = field(default=None, init=False, compare=False, repr=False)


_CELL_LETTERS = re.compile(r"^([a-z]+)([0-9]+)$")
_CELL_NUMBERS = re.compile(r"^([0-9]+)\s*,\s*([0-9]+)$")


def map_column_name(index: int) -> str:
    """0-based column to a, b, … z, aa, ab…"""
    name, i = "", index + 1
    while i:
        i, rem = divmod(i - 1, 26)
        name = chr(ord("a") + rem) + name
    return name


def parse_map_cell(name: str, columns: int, rows: int) -> Optional[tuple[int, int]]:
    """'c4' or '3,4' to 0-based (column, row from the TOP of the text), or None if off the map."""
    text = str(name).strip().lower()
    m = _CELL_LETTERS.match(text)
    if m:
        col = 0
        for ch in m.group(1):
            col = col * 26 + (ord(ch) - ord("a") + 1)
        col, row = col - 1, int(m.group(2))
    else:
        m = _CELL_NUMBERS.match(text)
        if not m:
            return None
        col, row = int(m.group(1)) - 1, int(m.group(2))
    if 0 <= col < columns and 1 <= row <= rows:
        return col, rows - row
    return None


def _text_block_origin(path: Optional[Path], key: str) -> tuple[Optional[int], int]:
    """File line of the first text row of the block scalar under top-level `key`, and the file
    column (0-based) where its rows start. Only needed for error messages, so parsed on demand."""
    import yaml
    if path is None:
        return None, 0
    try:
        node = yaml.compose(Path(path).read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except (OSError, yaml.YAMLError):
        return None, 0
    if not isinstance(node, yaml.MappingNode):
        return None, 0
    for key_node, value_node in node.value:
        if getattr(key_node, "value", None) == key:
            if value_node.style in ("|", ">"):
                # The indicator sits on the key's line; the rows start on the next line at the block's indent.
                lines = Path(path).read_text(encoding="utf-8").splitlines()
                first = value_node.start_mark.line + 1
                while first < len(lines) and not lines[first].strip():
                    first += 1
                indent = len(lines[first]) - len(lines[first].lstrip(" ")) if first < len(lines) else 0
                return first + 1, indent
            return value_node.start_mark.line + 1, value_node.start_mark.column
    return None, 0


@dataclass(frozen=True)
class Map:
    """A map written as text: one character per cell, rows top to bottom, each character named in
    `legend`. Drawn at real size with coordinates and a legend box; tiled when larger than the paper."""
    kind: Literal["map"]
    id: str
    name: str
    legend: dict[str, MapSymbol] = spec(doc="one entry per character used, e.g. '#': {name: Mur, ...}")
    grid: Optional[str] = spec(None, doc="the map text (a YAML block `|`): one character per cell, rows top to bottom")
    grid_file: Optional[str] = spec(None, doc="the map text from a file next to this one, instead of `grid`")
    cell_mm: float = spec(10.0, minimum=4, maximum=100, doc="side of one cell")
    coordinates: Literal["letters", "numbers", "none"] = spec(
        "letters", doc="edge labels: columns a, b… and rows 1, 2… from the bottom; or numbers both ways; or none")
    legend_at: Literal["auto", "right", "below", "none"] = spec(
        "auto", doc="where the legend box goes; auto: below a wide map, right of a tall one")
    legend_title: str = "Légende"
    background: Colour = WHITE
    line_colour: Colour = Colour("#A8A8A8")
    line_mm: float = spec(0.2, minimum=0.09, maximum=2, doc="cell lines")
    border_mm: float = spec(0.6, minimum=0.09, maximum=5, doc="frame around the grid")
    margin_mm: float = spec(8.0, minimum=0, maximum=50, doc="space around the grid for coordinates")
    labels: list[MapLabel] = spec(factory=tuple)
    elements: list[LayoutElement] = spec(factory=tuple, doc="layout elements drawn over the map, bleed-box mm")
    bleed_mm: float = spec(3.0, minimum=0, maximum=20)
    safe_mm: float = spec(3.0, minimum=0, maximum=50)
    _source: Optional[Where] = field(default=None, init=False, compare=False, repr=False)
    _rows: tuple = field(default=(), init=False, compare=False, repr=False)

    @property
    def rows(self) -> tuple:
        """The map's rows of characters, top to bottom, all the same length."""
        return self._rows

    @property
    def columns(self) -> int:
        return len(self._rows[0]) if self._rows else 0

    def check(self, where: Where) -> None:
        if (self.grid is None) == (self.grid_file is None):
            raise where.error(f"map '{self.id}': give the map text as 'grid' or 'grid_file' (one of them)")
        for key, symbol in self.legend.items():
            if len(key) != 1:
                raise (symbol._source or where).error(
                    f"map '{self.id}': legend key {key!r} must be a single character")
        if self.grid is not None:
            text, path = self.grid, where.path
            origin = lambda: _text_block_origin(where.path, "grid")   # noqa: E731 (read only on error)
        else:
            base = where.path.parent if where.path is not None else Path(".")
            path = base / self.grid_file
            try:
                text = path.read_text(encoding="utf-8")
            except FileNotFoundError:
                raise where.error(f"map '{self.id}': grid_file '{self.grid_file}' not found") from None
            except (OSError, UnicodeDecodeError) as err:
                raise where.error(f"map '{self.id}': cannot read '{self.grid_file}': {err}") from None
            origin = lambda: (1, 0)   # noqa: E731
        rows = text.split("\n")
        while rows and rows[-1].strip() == "":
            rows.pop()
        first = 0
        while first < len(rows) and rows[first].strip() == "":
            first += 1
        rows = rows[first:]
        if not rows:
            raise where.error(f"map '{self.id}': the map text is empty")
        if " " not in self.legend:
            rows = [r.rstrip(" ") for r in rows]   # trailing blanks are editor noise unless ' ' is a symbol

        def at(row: int) -> Optional[int]:
            line, _ = origin()
            return None if line is None else line + first + row

        known = "".join(self.legend)
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch not in self.legend:
                    shown = repr(ch) if ch.strip() else f"{ch!r} (a blank)"
                    _, indent = origin()
                    raise ContentError(path, at(r), f"map '{self.id}': character {shown} at row {r + 1}, column "
                                                    f"{c + 1} (file column {indent + c + 1}) is not in the legend "
                                                    f"(known: {known!r})")
        width = len(rows[0])
        for r, row in enumerate(rows):
            if len(row) != width:
                raise ContentError(path, at(r), f"map '{self.id}': row {r + 1} has {len(row)} cells, row 1 has "
                                                f"{width}; every row must be as long (ragged map)")
        object.__setattr__(self, "_rows", tuple(rows))
        for label in self.labels:
            if parse_map_cell(label.at, width, len(rows)) is None:
                raise (label._source or where).error(
                    f"map '{self.id}': label cell '{label.at}' is not on the {width}x{len(rows)} map")


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
class FormBlock:
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
    # `field` is a block kind here, so the dataclass helper is reached by its module's name.
    _source: Optional[Where] = dataclasses.field(default=None, init=False, compare=False, repr=False)

    KINDS = ("field", "track", "table", "lines", "text", "choices", "space")

    @property
    def block_kind(self) -> str:
        return next(k for k in self.KINDS if getattr(self, k) is not None)

    @property
    def body(self):
        return getattr(self, self.block_kind)

    def check(self, where: Where) -> None:
        present = [k for k in self.KINDS if getattr(self, k) is not None]
        if len(present) != 1:
            found = ", ".join(present) if present else "none"
            raise where.error(f"a form block needs exactly one of {', '.join(self.KINDS)} (found: {found})")


@dataclass(frozen=True)
class FormRow:
    """Blocks side by side, sharing the width by their `width`; as tall as its tallest block."""
    blocks: list[FormBlock]
    heading: str = spec("", doc="a small title above the row")
    height_mm: Optional[float] = spec(None, minimum=3, maximum=400, doc="fixed height; default: the tallest block's")
    grow: bool = spec(False, doc="take the height left over on the page (tables and lines without a count fill it)")
    gap_mm: float = spec(4.0, minimum=0, maximum=50, doc="space between blocks")
    _source: Optional[Where] = field(default=None, init=False, compare=False, repr=False)

    def check(self, where: Where) -> None:
        if not self.blocks:
            raise where.error("a form row needs at least one block")


@dataclass(frozen=True)
class Form:
    """A printable form: a score pad, a character sheet, any page to fill in by hand. One form per
    page, or 2 or 4 per page with cut lines between them; rows of blocks laid out top to bottom."""
    kind: Literal["form"]
    id: str
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
    _source: Optional[Where] = field(default=None, init=False, compare=False, repr=False)

    def check(self, where: Where) -> None:
        if not self.rows and not self.elements:
            raise where.error(f"form '{self.id}': give rows, elements or both")
        for key in self.values:
            if not _FIELD_NAME.match(key):
                raise where.error(f"form '{self.id}': value name '{key}' must start with a letter")


Component = Union[Board, Dice, Sheet, Deck, Tiles, Counters, Mat, Map, Form]
COMPONENT_KINDS = {"board": Board, "dice": Dice, "sheet": Sheet, "deck": Deck, "tiles": Tiles, "counters": Counters,
                   "mat": Mat, "map": Map, "form": Form}


@dataclass(frozen=True)
class GameInfo:
    """game.yaml: who made the game, what it needs, and its component files."""
    id: str
    title: str
    authors: list[str]
    licence: str
    players: str
    duration: str
    ages: str
    components: list[str] = spec(doc="component files in this folder, in print order")
    subtitle: str = ""
    credit: str = spec("", doc="credit line printed on every page when the licence asks for one")
    version: str = "1.0"
    language: Literal["fr", "en"] = "fr"
    variants: list[Variant] = spec(factory=tuple)
    assumptions: list[str] = spec(factory=tuple, doc="choices made where the sources are silent")
    rules: Optional[str] = spec(None, doc="Markdown rule text, e.g. rules.fr.md")


@dataclass(frozen=True)
class Game:
    """A loaded game: its info, its components, and where they came from."""
    info: GameInfo
    folder: Path
    components: tuple
    sources: dict = field(default_factory=dict, compare=False)  # component id -> (path, line)

    @property
    def id(self) -> str:
        return self.info.id

    def component(self, component_id: str):
        for c in self.components:
            if c.id == component_id:
                return c
        raise KeyError(component_id)
