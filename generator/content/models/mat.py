"""The `mat` kind: one large play area at real size, tiled over pages by the print layer.

Positions, like card layouts, are mm from the top-left corner of the BLEED box.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, Optional

from ..errors import did_you_mean
from ..schema import Colour, Where, derived, spec
from .elements import FIELD_NAME, INK, PATTERN_KINDS, WHITE, LayoutElement
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
    pattern: Optional[Literal[PATTERN_KINDS]] = spec(None, doc="stripes, crosshatch, dots, grain or checks over a rect zone")
    pattern_colour: Colour = Colour("#000000")
    label: str = ""
    label_pt: float = spec(12.0, minimum=7, maximum=200)
    label_colour: Colour = INK
    label_at: Literal["top", "center", "bottom"] = spec("top", doc="where the label sits inside the zone")
    _source: Optional[Where] = derived()

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
class Mat(FigureTarget):
    """A large play area at real size: tiled over sheets with overlaps, or whole on one page
    (e.g. with --paper a3) when it fits. Drawn in order: background, zones, grid, zone labels, elements."""
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
    _source: Optional[Where] = derived()

    # A figure shows a region or a zone of the mat and places pieces on it; no engine reads them.
    figure_spec = FigureSpec(show=("region", "zone"), pieces=True)

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
            if not FIELD_NAME.match(key):
                raise where.error(f"mat '{self.id}': value name '{key}' must start with a letter")

    def material_lines(self, words) -> list[MaterialLine]:
        return [MaterialLine(1, self.name, "", self.id)]

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
