"""The `mat` kind: one large play area at real size, tiled over pages by the print layer.

Positions, like card layouts, are mm from the top-left corner of the BLEED box.
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass
from typing import Literal, Optional, Union

from ..errors import did_you_mean
from ..expressions import BRACED, ExpressionError, evaluate, work_out
from ..schema import Name, Colour, Where, derived, spec
from .elements import FIELD_NAME, INK, PATTERN_KINDS, WHITE, LayoutElement, Num
from .figure import FigureSpec, FigureTarget
from .material import MaterialLine

POINT = re.compile(r"^\s*(-?[0-9]+(?:\.[0-9]+)?)\s*,\s*(-?[0-9]+(?:\.[0-9]+)?)\s*$")   # a place 'x,y' in mm

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
    json_schema_extra = {"dependencies": {k: [o for o in "xywh" if o != k] for k in "xywh"}}   # all or none

    def check(self, where: Where) -> None:
        given = [v is not None for v in (self.x, self.y, self.w, self.h)]
        if any(given) and not all(given):
            raise where.error("grid: give all of x, y, w, h, or none of them for the trim box")
        if any(d <= 0 for d in self.dash_mm):
            raise where.error("grid: dash lengths must be above 0")


@dataclass(frozen=True)
class MatZone:
    """A named area of a mat: a rectangle (rounded with radius_mm) or an ellipse in the box x, y, w, h,
    with its label inside, so the zone never relies on its colour alone. x, y, w, h and rotate_deg
    may be '{expression}' of the mat's numbers."""
    x: Num
    y: Num
    w: Num
    h: Num
    rotate_deg: Num = spec(0.0, doc="clockwise turn of the zone and its label around the box centre")
    shape: Literal["rect", "ellipse"] = "rect"
    radius_mm: float = spec(0.0, minimum=0, doc="corner radius of a rect zone")
    fill: Optional[Colour] = None
    stroke: Optional[Colour] = INK
    stroke_mm: float = spec(0.5, minimum=0.09, maximum=10)
    dash_mm: list[float] = spec(factory=tuple)
    pattern: Optional[Literal[PATTERN_KINDS]] = spec(None, doc="stripes, crosshatch, dots, grain or checks over a rect zone")
    pattern_colour: Colour = Colour("#000000")
    label: str = ""
    label_pt: float = spec(12.0, minimum=7, maximum=200)
    label_colour: Colour = INK
    label_at: Literal["top", "center", "bottom"] = spec("top", doc="where the label sits inside the zone")
    _source: Optional[Where] = derived()

    def check(self, where: Where) -> None:
        if not all(isinstance(getattr(self, n), float) for n in ("x", "y", "w", "h", "rotate_deg")):
            return      # checked again once the mat has worked out its expressions
        if self.w < 1 or self.h < 1:
            raise where.error(f"zone: w and h must be 1 mm at least, found {self.w:g} x {self.h:g}")
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

    def bounds(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 of the zone as drawn, turned by rotate_deg."""
        cx, cy = self.x + self.w / 2, self.y + self.h / 2
        a = math.radians(self.rotate_deg)
        hw = abs(self.w / 2 * math.cos(a)) + abs(self.h / 2 * math.sin(a))
        hh = abs(self.w / 2 * math.sin(a)) + abs(self.h / 2 * math.cos(a))
        return cx - hw, cy - hh, cx + hw, cy + hh


@dataclass(frozen=True)
class MatSize:
    """Another size of the same mat: its geometry worked out again from the mat's numbers with this
    width and height (and these numbers replaced), printed as its own file."""
    id: Name
    name: str
    width_mm: float = spec(doc="trim width", minimum=20, maximum=5000)
    height_mm: float = spec(doc="trim height", minimum=20, maximum=5000)
    numbers: dict[str, Union[float, str]] = spec(factory=dict, doc="numbers of the mat given another value here")
    _source: Optional[Where] = derived()


@dataclass(frozen=True)
class MatPlace:
    """Where a group is laid: its origin (bleed-box mm), its clockwise turn, and the values its labels
    and texts read as '{name}' (e.g. the player's letter)."""
    x: Num
    y: Num
    rotate_deg: Num = 0.0
    values: dict[str, str] = spec(factory=dict, doc="'{name}' in the group's labels and texts")
    _source: Optional[Where] = derived()


@dataclass(frozen=True)
class MatGroup:
    """Zones, lines and texts written once around an origin (mm from it, '{expression}'s allowed) and laid at
    each place of `at`, turned with it: a player's corner of the table, drawn the same for every player."""
    at: list[MatPlace]
    zones: list[MatZone] = spec(factory=tuple)
    elements: list[LayoutElement] = spec(factory=tuple, doc="line and text elements only (they turn with the "
                                                            "group)")
    _source: Optional[Where] = derived()

    def check(self, where: Where) -> None:
        if not self.at:
            raise where.error("group: 'at' needs one place at least")
        for i, element in enumerate(self.elements, start=1):
            if element.element_kind not in ("line", "text"):
                raise (element._source or where).error(
                    f"group: element {i} is a {element.element_kind}; a group holds line and text elements only")


def _turn(x: float, y: float, degrees: float) -> tuple[float, float]:
    """(x, y) turned clockwise (y down) around the origin."""
    a = math.radians(degrees)
    return x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)


def _with_values(text: str, values) -> str:
    for key, value in values.items():
        text = text.replace("{" + key + "}", str(value))
    return text


def _is_expression(text: str) -> bool:
    """'{expression}' as a whole value, other than a bare '{field}' name (a row field, e.g. {name})."""
    m = BRACED.match(text)
    return bool(m) and not re.fullmatch(r"\s*[A-Za-z_][A-Za-z0-9_]*\s*", m.group(1))


def _worked_out(value, env: dict, where: Where, what: str):
    """`value` with every '{expression}' (and every '{name}' of a number) replaced by its number, as text,
    through dataclasses, lists and mappings."""
    if isinstance(value, str):
        m = BRACED.match(value)
        if m and (_is_expression(value) or m.group(1).strip() in env):
            try:
                number = evaluate(m.group(1), env)
            except ExpressionError as err:
                raise where.error(f"{what}: {err}") from None
            return type(value)(repr(number))
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: _worked_out(getattr(value, f.name), env, getattr(value, "_source", None) or where, what)
                   for f in dataclasses.fields(value) if f.init and not f.name.startswith("_")}
        return dataclasses.replace(value, **{k: v for k, v in changes.items() if v is not getattr(value, k)})
    if isinstance(value, tuple):
        items = tuple(_worked_out(v, env, where, what) for v in value)
        return value if all(a is b for a, b in zip(items, value)) else items
    if isinstance(value, list):
        return [_worked_out(v, env, where, what) for v in value]
    return value


def _laid_element(element: LayoutElement, px: float, py: float, turn: float, values) -> LayoutElement:
    """A group's line or text element moved to its place and turned with it."""
    if element.line is not None:
        ln = element.line
        (x1, y1), (x2, y2) = (_turn(float(ln.x1), float(ln.y1), turn), _turn(float(ln.x2), float(ln.y2), turn))
        return dataclasses.replace(element, line=dataclasses.replace(ln, x1=px + x1, y1=py + y1, x2=px + x2,
                                                                       y2=py + y2))
    t = element.text
    x, y = _turn(float(t.x), float(t.y), turn)
    return dataclasses.replace(element, text=dataclasses.replace(t, x=px + x, y=py + y,
                                                                 rotate_deg=float(t.rotate_deg) + turn,
                                                                 text=_with_values(t.text, values)))


def _number_line(where: Where, name: Optional[str]) -> Where:
    """Where the number `name` is written under `numbers:` in the mat's file (its mapping keeps no lines once
    read), else `where`."""
    if name is None or where.path is None:
        return where
    try:
        lines = where.path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return where
    start = next((i for i, text in enumerate(lines) if re.match(r"^numbers\s*:", text)), None)
    if start is None:
        return where
    for i in range(start + 1, len(lines)):
        if re.match(rf"^\s+{re.escape(name)}\s*:", lines[i]):
            return Where(where.path, i + 1)
        if lines[i] and not lines[i][0].isspace() and not lines[i].startswith("#"):
            break
    return where


def _zone_number(raw, env: dict, where: Where, what: str) -> float:
    if isinstance(raw, (int, float)):
        return float(raw)
    m = BRACED.match(str(raw))
    if not m:
        raise where.error(f"{what}: expected a number or a '{{expression}}' of the mat's numbers, found {raw!r}")
    try:
        return evaluate(m.group(1), env)
    except ExpressionError as err:
        raise where.error(f"{what}: {err}") from None


@dataclass(frozen=True)
class Mat(FigureTarget):
    """A large play area at real size: tiled over sheets with overlaps, or whole on one page
    (e.g. with --paper a3) when it fits. Drawn in order: background, zones, grid, zone labels, elements."""
    kind: Literal["mat"]
    id: Name
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
    numbers: dict[str, Union[float, str]] = spec(
        factory=dict, doc="named numbers, in order: each a number or an arithmetic expression of width_mm, "
                          "height_mm, bleed_mm and the names above it; a zone's or an element's number written "
                          "'{expression}' reads them")
    groups: list[MatGroup] = spec(factory=tuple, doc="zones, lines and texts laid at several places, turned "
                                                    "(drawn after the mat's own zones and elements)")
    sizes: list[MatSize] = spec(factory=tuple, doc="other sizes of this mat, worked out from the same numbers, "
                                                  "each printed as its own file")
    cut_line: Optional[bool] = spec(None, doc="draw the cut outline in the art; default: when corners are rounded")
    bleed_mm: float = spec(3.0, minimum=0, maximum=20)
    safe_mm: float = spec(5.0, minimum=0, maximum=100, doc="text stays this far inside the cut line")
    sheet_with: Optional[Name] = spec(None, doc="a mat small enough for a sheet (a piece laid on another): print "
                                                "it on the sheets of that deck, tiles or counters of the game")
    sheet_alone: Optional[str] = spec(None, doc="why a mat small enough for one sheet shares it with nothing else: "
                                                "the print guide says it, the reader's preflight accepts the sheet")
    _source: Optional[Where] = derived()
    _plan: Optional[tuple] = derived()     # the zones and elements as written, before their expressions

    whole_piece = True       # small enough, it may print on the sheets of a deck, tiles or counters (sheet_with)
    # A figure shows a region or a zone of the mat and places pieces on it; no engine reads them.
    figure_spec = FigureSpec(show=("region", "zone"), pieces=True)

    def environment(self, where: Where) -> dict[str, float]:
        """The mat's numbers worked out, with width_mm, height_mm and bleed_mm."""
        env = {"width_mm": float(self.width_mm), "height_mm": float(self.height_mm), "bleed_mm": float(self.bleed_mm)}
        try:
            return work_out(self.numbers, env)
        except ExpressionError as err:
            raise _number_line(where, err.name).error(f"mat '{self.id}': numbers: {err.name}: {err}") from None

    def derive(self, where: Where) -> dict:
        """Zones and elements with their '{expression}'s worked out (the written ones kept for `sizes`)."""
        zones, elements = self._plan if self._plan is not None else (self.zones, self.elements)
        env = self.environment(where)
        out_zones = [self._zone(zone, env, where, f"zone {i}") for i, zone in enumerate(zones, start=1)]
        out_elements = [_worked_out(e, env, e._source or where, f"mat '{self.id}', element {i}")
                        for i, e in enumerate(elements, start=1)]
        for g, group in enumerate(self.groups, start=1):
            for p, place in enumerate(group.at, start=1):
                pw = place._source or group._source or where
                what = f"group {g}, place {p}"
                px, py, turn = (_zone_number(getattr(place, n), env, pw, f"mat '{self.id}', {what}, {n}")
                                for n in ("x", "y", "rotate_deg"))
                for i, zone in enumerate(group.zones, start=1):
                    local = self._zone(zone, env, where, f"{what}, zone {i}", check=False)
                    dx, dy = _turn(local.x + local.w / 2, local.y + local.h / 2, turn)
                    laid = dataclasses.replace(local, x=px + dx - local.w / 2, y=py + dy - local.h / 2,
                                               rotate_deg=local.rotate_deg + turn,
                                               label=_with_values(local.label, place.values))
                    laid.check(zone._source or where)
                    out_zones.append(laid)
                for i, element in enumerate(group.elements, start=1):
                    worked = _worked_out(element, env, element._source or where, f"mat '{self.id}', {what}, "
                                                                                    f"element {i}")
                    try:
                        out_elements.append(_laid_element(worked, px, py, turn, place.values))
                    except ValueError:
                        raise (element._source or where).error(
                            f"mat '{self.id}', {what}, element {i}: a group's line or text needs numbers "
                            f"or '{{expression}}'s of the mat's numbers for its place") from None
        return {"zones": tuple(out_zones), "elements": tuple(out_elements), "_plan": (zones, elements)}

    def _zone(self, zone: MatZone, env: dict, where: Where, what: str, check: bool = True) -> MatZone:
        zw = zone._source or where
        nums = {n: _zone_number(getattr(zone, n), env, zw, f"mat '{self.id}', {what}, {n}")
                for n in ("x", "y", "w", "h", "rotate_deg")}
        worked = dataclasses.replace(zone, **nums)
        if check:
            worked.check(zw)
        return worked

    def at_size(self, size: MatSize, where: Where) -> "Mat":
        """This mat built again at another size from the same description."""
        numbers = dict(self.numbers)
        where = size._source or where
        for key, value in size.numbers.items():
            if key not in numbers:
                raise where.error(f"mat '{self.id}', size '{size.id}': no number '{key}' to replace"
                                  f"{did_you_mean(key, list(numbers))}")
            numbers[key] = value
        other = dataclasses.replace(self, id=size.id, name=size.name, width_mm=size.width_mm,
                                    height_mm=size.height_mm, numbers=numbers, sizes=())
        other = dataclasses.replace(other, **other.derive(where))
        other.check(where)
        return other

    def all_sizes(self) -> list["Mat"]:
        """This mat, then each of its other sizes."""
        where = self._source or Where(None, None)
        return [self] + [self.at_size(size, where) for size in self.sizes]

    def check(self, where: Where) -> None:
        ids = [self.id] + [s.id for s in self.sizes]
        if len(set(ids)) != len(ids):
            raise where.error(f"mat '{self.id}': sizes: every size needs its own id, found {', '.join(ids)}")
        if self.corner_mm > min(self.width_mm, self.height_mm) / 2:
            raise where.error(f"mat '{self.id}': corner_mm {self.corner_mm:g} is more than half the smaller side")
        bw, bh = self.width_mm + 2 * self.bleed_mm, self.height_mm + 2 * self.bleed_mm
        for i, zone in enumerate(self.zones, start=1):
            x0, y0, x1, y1 = zone.bounds()
            if x0 < -1e-6 or y0 < -1e-6 or x1 > bw + 1e-6 or y1 > bh + 1e-6:
                zw = zone._source or where
                raise zw.error(f"mat '{self.id}': zone {i} ({zone.x:g}, {zone.y:g}, {zone.w:g} x {zone.h:g}) "
                               f"leaves the {bw:g} x {bh:g} mm bleed box")
        for key in self.values:
            if not FIELD_NAME.match(key):
                raise where.error(f"mat '{self.id}': value name '{key}' must start with a letter")

    def material_lines(self, words) -> list[MaterialLine]:
        return [MaterialLine(1, self.name, "", self.id)] + [
            MaterialLine(1, size.name, words("kinds.mat.other_size", name=self.name), size.id) for size in self.sizes]

    def zone_labelled(self, label: str):
        """The zone with this label, or None."""
        return next((z for z in self.zones if z.label == label), None)

    def point(self, name: str) -> tuple[float, float] | None:
        """A place in bleed-box mm: a zone's centre, or 'x,y'; None if it is neither."""
        zone = self.zone_labelled(name)
        if zone is not None:
            return zone.x + zone.w / 2, zone.y + zone.h / 2
        m = POINT.match(str(name))
        return (float(m.group(1)), float(m.group(2))) if m else None

    def place_exists(self, name: str) -> bool:
        return self.point(name) is not None

    def check_figure(self, diagram) -> None:
        labels = [z.label for z in self.zones if z.label]
        show = diagram.show
        if show.zone is not None and self.zone_labelled(show.zone) is None:
            raise diagram.error(diagram.show_line("zone"), f"show: zone: mat '{self.id}' has no zone '{show.zone}'"
                                                           f"{did_you_mean(show.zone, labels)}; zones: "
                                                           f"{', '.join(labels) or 'none'}")
        if show.zone is not None and show.region is not None:
            raise diagram.error(diagram.show_line("region"), "show: give 'region' or 'zone', not both")
        if show.region is not None:
            x, y, w, h = show.region
            bw, bh = self.width_mm + 2 * self.bleed_mm, self.height_mm + 2 * self.bleed_mm
            if w <= 0 or h <= 0 or x < 0 or y < 0 or x + w > bw + 1e-6 or y + h > bh + 1e-6:
                raise diagram.error(diagram.show_line("region"), f"show: region [{x:g}, {y:g}, {w:g}, {h:g}] is not "
                                                                 f"inside mat '{self.id}' ({bw:g} x {bh:g} mm with "
                                                                 f"its bleed)")
        for name, key in show.places():
            if self.point(name) is None:
                raise diagram.error(diagram.show_line(key), f"show: '{name}' is neither a zone of mat '{self.id}'"
                                                            f"{did_you_mean(name, labels)} nor 'x,y' in mm; zones: "
                                                            f"{', '.join(labels) or 'none'}")
