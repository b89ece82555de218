"""The element language of faces: what cards, tiles, counters, mats, maps and forms are drawn with.

Every position in a layout is in millimetres from the top-left corner of the
face's BLEED box (the same origin as components.face.Face), x to the right,
y down. With the default 3 mm bleed the trim starts at (3, 3) and the safe
zone, where text must stay, at (6, 6). Numbers may also be written as text
with row fields, e.g. x: "{x}"; colours are '#RRGGBB' or "{field}".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal, Optional, Union

from ..schema import COLOUR_OR_FIELD, Colour, FieldColour, FieldText, IconName, Where, derived, spec

INK = Colour("#222222")
WHITE = Colour("#FFFFFF")


def check_icon(name: str, where: Where) -> None:
    from ...draw.icons import close_icons_hint, known
    if name != "none" and not known(name):
        raise where.error(f"unknown mark '{name}'{close_icons_hint(name)}")


SCALAR = {"type": ["string", "number", "boolean", "null"]}   # a table cell, as a JSON Schema
Num = Union[float, FieldText]          # a number, or a row field that gives one: "{x}"
_COLOUR_OR_FIELD = COLOUR_OR_FIELD


def check_colour(value: Optional[str], where: Where, name: str) -> None:
    if value is not None and not _COLOUR_OR_FIELD.match(value):
        raise where.error(f"{name}: expected a colour '#RRGGBB' or a '{{field}}', found {value!r}")


def check_num(value: Optional[Num], where: Where, name: str) -> None:
    if isinstance(value, str) and "{" not in value:
        raise where.error(f"{name}: expected a number or a '{{field}}', found {value!r}")


def check_outline(shape, where: Where, numbers: tuple[str, ...]) -> None:
    """A filled and stroked shape: its numbers (or '{field}'s) and its fill and stroke colours."""
    for n in numbers:
        check_num(getattr(shape, n), where, n)
    check_colour(shape.fill, where, "fill")
    check_colour(shape.stroke, where, "stroke")


@dataclass(frozen=True)
class BackgroundSpec:
    """Fills the whole bleed box with a colour."""
    colour: FieldColour = spec(doc="'#RRGGBB' or '{field}'")

    def check(self, where: Where) -> None:
        check_colour(self.colour, where, "colour")


@dataclass(frozen=True)
class RectSpec:
    """A rectangle, optionally rounded; x, y is its top-left corner. Without x/y/w/h: the trim box."""
    x: Optional[Num] = None
    y: Optional[Num] = None
    w: Optional[Num] = spec(None, doc="width in mm")
    h: Optional[Num] = spec(None, doc="height in mm")
    radius: Num = spec(0.0, doc="corner radius in mm")
    fill: Optional[FieldColour] = None
    stroke: Optional[FieldColour] = None
    stroke_mm: Num = spec(0.3, doc="line width in mm (0.09 mm at least)")
    dash_mm: list[float] = spec(factory=tuple, doc="dash pattern, e.g. [2, 1]")
    # For editors (pnp schema): x, y, w and h come together or not at all, as `check` says.
    json_schema_extra = {"dependencies": {k: [o for o in "xywh" if o != k] for k in "xywh"}}

    def check(self, where: Where) -> None:
        given = [v is not None for v in (self.x, self.y, self.w, self.h)]
        if any(given) and not all(given):
            raise where.error("rect: give all of x, y, w, h, or none of them for the trim box")
        check_outline(self, where, ("x", "y", "w", "h", "radius", "stroke_mm"))


@dataclass(frozen=True)
class CircleSpec:
    """A circle of centre (cx, cy) and radius r."""
    cx: Num
    cy: Num
    r: Num
    fill: Optional[FieldColour] = None
    stroke: Optional[FieldColour] = None
    stroke_mm: Num = 0.3
    dash_mm: list[float] = spec(factory=tuple)

    def check(self, where: Where) -> None:
        check_outline(self, where, ("cx", "cy", "r", "stroke_mm"))


@dataclass(frozen=True)
class PolygonSpec:
    """A closed polygon: either `points`, or a regular one (`sides`, centre cx/cy, radius r to the corners)."""
    points: list[tuple[Num, Num]] = spec(factory=tuple, doc="corners [[x, y], ...] in mm")
    sides: Optional[int] = spec(None, minimum=3, maximum=64)
    cx: Optional[Num] = None
    cy: Optional[Num] = None
    r: Optional[Num] = None
    rotate_deg: Num = spec(0.0, doc="turn of a regular polygon, clockwise; 0 puts a corner at the top")
    fill: Optional[FieldColour] = None
    stroke: Optional[FieldColour] = None
    stroke_mm: Num = 0.3
    dash_mm: list[float] = spec(factory=tuple)
    # For editors: points, or all of sides, cx, cy, r; never both.
    json_schema_extra = {"oneOf": [{"required": ["points"], "not": {"anyOf": [{"required": [k]} for k in
                                                                              ("sides", "cx", "cy", "r")]}},
                                   {"required": ["sides", "cx", "cy", "r"], "not": {"required": ["points"]}}]}

    def check(self, where: Where) -> None:
        regular = [v is not None for v in (self.sides, self.cx, self.cy, self.r)]
        if self.points and any(regular):
            raise where.error("polygon: give either points or sides/cx/cy/r, not both")
        if not self.points and not all(regular):
            raise where.error("polygon: give points (3 at least), or all of sides, cx, cy, r")
        if self.points and len(self.points) < 3:
            raise where.error(f"polygon: needs 3 points at least, found {len(self.points)}")
        for p in self.points:
            check_num(p[0], where, "x")
            check_num(p[1], where, "y")
        check_outline(self, where, ("cx", "cy", "r", "rotate_deg", "stroke_mm"))


@dataclass(frozen=True)
class LineSpec:
    """A straight line from (x1, y1) to (x2, y2), with an arrow head at the end if `arrow`."""
    x1: Num
    y1: Num
    x2: Num
    y2: Num
    stroke: FieldColour = "#222222"
    stroke_mm: Num = 0.3
    dash_mm: list[float] = spec(factory=tuple)
    cap: Literal["butt", "round", "square"] = "round"
    arrow: bool = spec(False, doc="draw a filled head at (x2, y2)")

    def check(self, where: Where) -> None:
        for n in ("x1", "y1", "x2", "y2", "stroke_mm"):
            check_num(getattr(self, n), where, n)
        check_colour(self.stroke, where, "stroke")


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
    colour: FieldColour = "#222222"
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom", "baseline"] = "top"
    leading: float = spec(1.25, minimum=0.8, maximum=3)
    rotate_deg: Num = spec(0.0, doc="clockwise turn around (x, y)")
    json_schema_extra = {"dependencies": {"h": ["w"]}}      # a box needs a width

    def check(self, where: Where) -> None:
        for n in ("x", "y", "w", "h", "size_pt", "rotate_deg"):
            check_num(getattr(self, n), where, n)
        if self.h is not None and self.w is None:
            raise where.error("text: a box needs w as well as h")
        if self.valign == "baseline" and self.h is not None:
            raise where.error("text: valign 'baseline' is for single lines without a box (no h)")
        if isinstance(self.size_pt, float) and self.size_pt < self.min_size_pt:
            raise where.error(f"text: size_pt {self.size_pt} is below the minimum {self.min_size_pt} pt")
        check_colour(self.colour, where, "colour")


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
            check_num(getattr(self, n), where, n)


@dataclass(frozen=True)
class IconSpec:
    """A named vector symbol drawn by code (`name`: one of draw/icons.py's icons, which `pnp schema` lists
    whole), in a size x size square whose centre is (cx, cy)."""
    name: Union[IconName, FieldText] = spec(doc="icon name, or '{field}'")
    cx: Num = spec(doc="centre x in mm")
    cy: Num = spec(doc="centre y in mm")
    size: Num = spec(doc="side of the icon's square in mm")
    colour: FieldColour = "#222222"
    outline: Optional[FieldColour] = spec(None, doc="outline colour (the game's one stroke width, size/24 x 1.5)")
    rotate_deg: Num = 0.0

    def check(self, where: Where) -> None:
        for n in ("cx", "cy", "size", "rotate_deg"):
            check_num(getattr(self, n), where, n)
        check_colour(self.colour, where, "colour")
        check_colour(self.outline, where, "outline")


PATTERN_KINDS = ("stripes", "crosshatch", "dots", "grain", "checks")


@dataclass(frozen=True)
class PatternSpec:
    """A pattern of lines or dots over a box (default: the whole bleed box), clipped to it:
    a texture for plain backs, or a second cue beside a colour."""
    kind: Union[Literal[PATTERN_KINDS], FieldText] = spec(doc="stripes, crosshatch, dots, grain or checks; "
                                                                  "'{field}' allowed")
    colour: FieldColour = "#000000"
    x: Optional[Num] = None
    y: Optional[Num] = None
    w: Optional[Num] = None
    h: Optional[Num] = None
    spacing_mm: Num = spec(3.0, doc="distance between lines or dot centres")
    stroke_mm: Num = spec(0.3, doc="line width, or dot diameter")
    angle_deg: Num = spec(45.0, doc="direction of stripes and grain")
    # For editors (pnp schema): x, y, w and h come together or not at all, as `check` says.
    json_schema_extra = {"dependencies": {k: [o for o in "xywh" if o != k] for k in "xywh"}}

    def check(self, where: Where) -> None:
        given = [v is not None for v in (self.x, self.y, self.w, self.h)]
        if any(given) and not all(given):
            raise where.error("pattern: give all of x, y, w, h, or none of them for the bleed box")
        if "{" not in self.kind and self.kind not in PATTERN_KINDS:
            raise where.error(f"pattern: kind {self.kind!r} is not one of {', '.join(PATTERN_KINDS)}")
        for n in ("x", "y", "w", "h", "spacing_mm", "stroke_mm", "angle_deg"):
            check_num(getattr(self, n), where, n)
        check_colour(self.colour, where, "colour")


class OneOf:
    """A mapping that holds exactly one of its KINDS, named by the content (a layout element, a form block)."""
    KINDS: tuple[str, ...] = ()
    WHAT = "a mapping"

    @classmethod
    def json_schema_extra(cls) -> dict:
        """For editors: exactly one of KINDS."""
        return {"oneOf": [{"required": [k]} for k in cls.KINDS]}

    def chosen(self) -> str:
        return next(k for k in self.KINDS if getattr(self, k) is not None)

    @property
    def body(self):
        """The chosen part's own spec (RectSpec, FormTable…)."""
        return getattr(self, self.chosen())

    def check_one_of(self, where: Where) -> None:
        present = [k for k in self.KINDS if getattr(self, k) is not None]
        if len(present) != 1:
            found = ", ".join(present) if present else "none"
            raise where.error(f"{self.WHAT} needs exactly one of {', '.join(self.KINDS)} (found: {found})")


@dataclass(frozen=True)
class LayoutElement(OneOf):
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
    name: Optional[str] = spec(None, doc="a name for this element, so that a face extending its layout can "
                                         "change it (`set`) or leave it out (`remove`)")
    when: dict[str, Any] = spec(factory=dict, doc="draw only when every field matches (a value or a list of values)",
                                schema={"additionalProperties": {"anyOf": [SCALAR, {"type": "array", "items": SCALAR}]}})
    unless: dict[str, Any] = spec(factory=dict, doc="skip when every field matches (a value or a list of values)",
                                  schema={"additionalProperties": {"anyOf": [SCALAR, {"type": "array",
                                                                                     "items": SCALAR}]}})
    depicts: dict[str, Any] = spec(factory=dict, doc="what the element pictures, for the figure proof: `piece` (a "
                                                      "gnome), `player` (its name), `move` (the move it makes: a "
                                                      "gesture); a rulebook figure showing the face is checked "
                                                      "against its position and caption",
                                   schema={"additionalProperties": SCALAR})
    _source: Optional[Where] = derived()

    KINDS = ("background", "rect", "circle", "polygon", "line", "text", "image", "icon", "pattern")
    WHAT = "a layout element"

    @property
    def element_kind(self) -> str:
        return self.chosen()

    def accepts(self, values) -> bool:
        """Whether a row with these field values (text) draws this element."""
        def matches(cond) -> bool:
            for key, want in cond.items():
                options = want if isinstance(want, (list, tuple)) else (want,)
                if values.get(key) not in {scalar_text(o, Where(None, None), key) for o in options}:
                    return False
            return True
        return (not self.when or matches(self.when)) and not (self.unless and matches(self.unless))

    def check(self, where: Where) -> None:
        self.check_one_of(where)
        for cond in (self.when, self.unless):
            for key, want in cond.items():
                for option in (want if isinstance(want, (list, tuple)) else (want,)):
                    scalar_text(option, where, key)


FIELD_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


def scalar_text(value, where: Where, key: str) -> str:
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
