"""Mats: a large play area (PuXes' 60 x 90 cm) drawn at real size as one Face.

The print layer tiles it over sheets with overlaps, or prints it whole when the
paper holds it. Its look is data: a background, named zones, an optional grid,
and the element language of cards (components/layout.py) for everything else.

This module also lends mats, maps and forms one way to resolve layout elements
that do not belong to a deck's rows (`resolve_elements`), so they share the
checks of cards: thin lines, text outside the safe zone, unknown glyphs, assets.
"""

from __future__ import annotations

import math
import types
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Optional, Sequence

from ..content.errors import Collector, ContentError
from ..content.models import (CircleSpec, LayoutElement, Mat, MatZone, PatternSpec, RectSpec, Row, TextSpec)
from ..content.schema import Where
from ..draw import outline
from ..draw.bounds import measure
from ..draw.canvas import Canvas, layout_text, line_width_mm
from ..draw.geometry import ellipse_ops, rounded_rect_ops
from ..draw.style import Stroke, TextStyle
from .face import Face, Item
from .layout import _HANDLERS, FaceContext, Frame, Op, Resolver, check_condition_fields, fields_of, replay

CUT_LINE = Stroke("#808080", 0.2)      # the cut outline drawn in the art of a rounded mat (above 0.25 pt)
ZONE_LABEL_PAD_MM = 3.0                # label inset from a zone's edge
THIN_MARK_MM = 2.0                     # a drawing no wider than this, without text, is a line (an arrow)


@dataclass(frozen=True)
class ElementSpot:
    """Where an element or a generated shape came from, for ContentError messages (duck-types layout.Spot)."""
    kind: str
    id: str
    what: str                       # "element 3 (rect)", "zone 2"…
    source: Optional[Where]
    fallback: Optional[Where]

    def error(self, message: str) -> ContentError:
        src = self.source if self.source is not None and self.source.path is not None else self.fallback
        path = src.path if src is not None else None
        line = src.line if src is not None else None
        return ContentError(path, line, f"{self.kind} '{self.id}', {self.what}: {message}")


def element_values(component, extra: dict[str, str]) -> dict[str, str]:
    """What `{field}` may name in a mat's, map's or form's elements: its own values, then id and name."""
    values = {"id": component.id, "name": component.name}
    values.update(extra)
    values.update(component.values if hasattr(component, "values") else {})
    return values


def resolve_elements(component, elements: Sequence[LayoutElement], values: dict[str, str], frame: Frame,
                     game_folder: Path, *, each: bool = False) -> list:
    """Check every layout element against `frame` (positions in its bleed-box mm) and return its
    drawing operations, in order; `when` / `unless` read `values`. `each`: a list of ops per element drawn."""
    row = Row(types.MappingProxyType(dict(values)), 1, 1, None, None)
    full = fields_of(row, component.id)
    ctx = FaceContext(component, game_folder)
    ops: list[Op] = []
    errors = Collector()
    check_condition_fields(elements, full, errors, lambda number, element: ElementSpot(
        component.kind, component.id, f"element {number} ({element.element_kind})", element._source,
        component._source))
    errors.raise_any()
    for number, element in enumerate(elements, start=1):
        if not element.accepts(full):
            continue
        spot = ElementSpot(component.kind, component.id, f"element {number} ({element.element_kind})",
                           element._source, component._source)
        drawn = _HANDLERS[element.element_kind](element.body, Resolver(full, spot), frame, ctx)
        if each:
            ops.append(drawn)
        else:
            ops.extend(drawn)
    return ops


def mat_frame(mat: Mat) -> Frame:
    return Frame(mat.width_mm, mat.height_mm, mat.bleed_mm, mat.safe_mm, "rect", mat.corner_mm)


def _zone_ops(mat: Mat, number: int, zone: MatZone, frame: Frame, ctx: FaceContext,
              values: dict) -> tuple[list[Op], list[Op]]:
    """The zone's shape, and its label (drawn after the grid, which would strike it through)."""
    spot = ElementSpot("mat", mat.id, f"zone {number}" + (f" ({zone.label})" if zone.label else ""),
                       zone._source, mat._source)
    r = Resolver(values, spot)
    ops: list[Op] = []
    if zone.shape == "rect":
        if zone.fill is not None:
            ops += _HANDLERS["rect"](RectSpec(x=zone.x, y=zone.y, w=zone.w, h=zone.h, radius=zone.radius_mm,
                                              fill=zone.fill), r, frame, ctx)
        if zone.pattern is not None:
            ops += _HANDLERS["pattern"](PatternSpec(kind=zone.pattern, colour=zone.pattern_colour, x=zone.x,
                                                    y=zone.y, w=zone.w, h=zone.h), r, frame, ctx)
        if zone.stroke is not None:
            ops += _HANDLERS["rect"](RectSpec(x=zone.x, y=zone.y, w=zone.w, h=zone.h, radius=zone.radius_mm,
                                              stroke=zone.stroke, stroke_mm=zone.stroke_mm,
                                              dash_mm=zone.dash_mm), r, frame, ctx)
    elif abs(zone.w - zone.h) < 1e-9:
        ops += _HANDLERS["circle"](CircleSpec(cx=zone.x + zone.w / 2, cy=zone.y + zone.h / 2, r=zone.w / 2,
                                              fill=zone.fill, stroke=zone.stroke, stroke_mm=zone.stroke_mm,
                                              dash_mm=zone.dash_mm), r, frame, ctx)
    else:
        stroke = r.stroke(zone.stroke, zone.stroke_mm, zone.dash_mm) if zone.stroke else None
        path = ellipse_ops(zone.x + zone.w / 2, zone.y + zone.h / 2, zone.w / 2, zone.h / 2, start="top")
        fill = zone.fill
        ops.append(lambda c: c.path(path, fill=fill, stroke=stroke))
    labels: list[Op] = []
    if zone.label:
        # An ellipse is narrow near its top and bottom: its label keeps further in.
        pad_y = ZONE_LABEL_PAD_MM if zone.shape == "rect" else max(ZONE_LABEL_PAD_MM, zone.h * 0.12)
        pad_x = ZONE_LABEL_PAD_MM if zone.shape == "rect" else max(ZONE_LABEL_PAD_MM, zone.w * 0.15)
        y, valign = {"top": (zone.y + pad_y, "top"), "center": (zone.y + zone.h / 2, "middle"),
                     "bottom": (zone.y + zone.h - pad_y, "bottom")}[zone.label_at]
        text = zone.label.replace("{", "{{").replace("}", "}}")
        spec = TextSpec(text=text, x=zone.x + zone.w / 2, y=y, w=zone.w - 2 * pad_x, size_pt=zone.label_pt,
                        bold=True, colour=zone.label_colour, align="center", valign=valign)
        band = _label_band(mat, zone, pad_y)
        if band is not None and _fits_one_line(zone.label, zone.label_pt, zone.w - 2 * pad_x, band):
            # Boxed in the band between the zone's edge and the zones inside it (a garden's oracle places):
            # the same text at full size, but a figure that enlarges it to the reader's floor leaves it out
            # rather than lay it over them (Canvas.text_floor: a box binds the text).
            top = y if zone.label_at == "top" else y - band
            spec = replace(spec, x=zone.x + pad_x, y=top, h=band)
        labels += _HANDLERS["text"](spec, r, frame, ctx)
    if zone.rotate_deg:
        cx, cy, turn = zone.x + zone.w / 2, zone.y + zone.h / 2, zone.rotate_deg
        return [_turned(ops, cx, cy, turn)], [_turned(labels, cx, cy, turn)] if labels else []
    return ops, labels


def _label_band(mat: Mat, zone: MatZone, pad_y: float) -> float | None:
    """The height free for a label at the zone's top or bottom edge (after its pad), down or up to the nearest
    zone lying inside this one, in the zone's own frame (turned with it); None for a label in the centre or a
    zone with nothing inside."""
    if zone.label_at == "center":
        return None
    px, py = zone.x + zone.w / 2, zone.y + zone.h / 2
    inner = []
    for other in mat.zones:
        if other is zone:
            continue
        box = _box_in_frame_of(other, px, py, zone.rotate_deg)
        eps = 0.5
        if box[0] >= zone.x - eps and box[1] >= zone.y - eps and box[2] <= zone.x + zone.w + eps \
                and box[3] <= zone.y + zone.h + eps and (box[2] - box[0]) * (box[3] - box[1]) < zone.w * zone.h:
            inner.append(box)
    if not inner:
        return None
    if zone.label_at == "top":
        return min(b[1] for b in inner) - (zone.y + pad_y)
    return (zone.y + zone.h - pad_y) - max(b[3] for b in inner)


def _box_in_frame_of(zone: MatZone, px: float, py: float, degrees: float) -> tuple[float, float, float, float]:
    """The zone's box (x0, y0, x1, y1) as seen in the frame of a zone centred on (px, py) turned by `degrees`."""
    cx, cy = zone.x + zone.w / 2, zone.y + zone.h / 2
    own, back = math.radians(zone.rotate_deg), math.radians(-degrees)
    points = []
    for dx, dy in ((-zone.w / 2, -zone.h / 2), (zone.w / 2, -zone.h / 2), (zone.w / 2, zone.h / 2),
                   (-zone.w / 2, zone.h / 2)):
        x = cx + dx * math.cos(own) - dy * math.sin(own) - px          # the corner, turned with its zone
        y = cy + dx * math.sin(own) + dy * math.cos(own) - py
        points.append((px + x * math.cos(back) - y * math.sin(back), py + x * math.sin(back) + y * math.cos(back)))
    return (min(p[0] for p in points), min(p[1] for p in points), max(p[0] for p in points),
            max(p[1] for p in points))


def _fits_one_line(text: str, size_pt: float, width_mm: float, band_mm: float) -> bool:
    """Whether the label fits its band as it is printed, one line at its size (so boxing it changes nothing)."""
    layout = layout_text(text, TextStyle(size_pt=size_pt, bold=True), width_mm, band_mm, fit=False)
    return len(layout.lines) == 1 and line_width_mm(layout.lines[0]) <= width_mm and layout.height_mm <= band_mm


def _turned(ops: list[Op], cx: float, cy: float, degrees: float) -> Op:
    """The operations turned clockwise by `degrees` around (cx, cy)."""
    def draw(c: Canvas) -> None:
        with c.group(translate=(cx, cy), rotate_deg=degrees):
            with c.group(translate=(-cx, -cy)):
                for op in ops:
                    op(c)
    return draw


def _grid_ops(mat: Mat, frame: Frame) -> list[Op]:
    g = mat.grid
    if g.x is None:
        x, y, w, h = frame.bleed_mm, frame.bleed_mm, frame.width_mm, frame.height_mm
    else:
        x, y, w, h = g.x, g.y, g.w, g.h
    stroke = Stroke(g.colour, g.line_mm, tuple(g.dash_mm) or None)
    segments = []
    n = int(w / g.cell_mm + 1e-9)
    for i in range(n + 1):
        segments.append((x + i * g.cell_mm, y, x + i * g.cell_mm, y + h))
    if n * g.cell_mm < w - 1e-6:
        segments.append((x + w, y, x + w, y + h))
    m = int(h / g.cell_mm + 1e-9)
    for j in range(m + 1):
        segments.append((x, y + j * g.cell_mm, x + w, y + j * g.cell_mm))
    if m * g.cell_mm < h - 1e-6:
        segments.append((x, y + h, x + w, y + h))

    def draw(c: Canvas) -> None:
        for x1, y1, x2, y2 in segments:
            c.line(x1, y1, x2, y2, stroke)
    return [draw]


def _shown(value: float) -> str:
    """A number as a text element prints it: 6 for 6.0000000001, 2.5 for 2.5."""
    return f"{round(value, 6):g}"


def mat_ops(mat: Mat, game_folder: Path) -> list[Op]:
    """Every drawing operation of the mat, checked: background, zones, grid, zone labels, elements, cut line."""
    return _mat_layers(mat, game_folder)[0]


def _mat_layers(mat: Mat, game_folder: Path, *, elements: bool = True) -> tuple[list[Op], list[Op]]:
    """All the operations, and those that mark a place on the mat (zones, their labels, elements): what a
    seam should not cross. The background, the grid and the cut line run everywhere. `elements=False`: the
    zones without the elements (rulers, measures, notes), for a figure too small to print their words."""
    frame = mat_frame(mat)
    values = _mat_values(mat)
    ctx = FaceContext(mat, game_folder)
    full = fields_of(Row(types.MappingProxyType(values), 1, 1, None, None), mat.id)
    bw, bh, bg = frame.bleed_width_mm, frame.bleed_height_mm, mat.background
    ops: list[Op] = [lambda c: c.rect(0.0, 0.0, bw, bh, fill=bg)]
    labels: list[Op] = []
    marks: list[Op] = []
    for number, zone in enumerate(mat.zones, start=1):
        shape, label = _zone_ops(mat, number, zone, frame, ctx, full)
        ops += shape
        labels += label
        marks += shape + label
    if mat.grid is not None:
        ops += _grid_ops(mat, frame)
    ops += labels           # over the grid: a grid line never strikes a zone's name
    drawn = resolve_elements(mat, mat.elements, values, frame, game_folder) if elements else []
    ops += drawn
    marks += drawn
    cut_line = mat.cut_line if mat.cut_line is not None else mat.corner_mm > 0
    if cut_line:
        outline = rounded_rect_ops(mat.bleed_mm, mat.bleed_mm, mat.width_mm, mat.height_mm, mat.corner_mm)
        ops.append(lambda c: c.path(outline, stroke=CUT_LINE))
    return ops, marks


def _mat_values(mat: Mat) -> dict[str, str]:
    """What the mat's elements may name: width_mm, height_mm, bleed_mm and the mat's numbers."""
    numbers = {name: _shown(value) for name, value in mat.environment(mat._source or Where(None, None)).items()}
    return element_values(mat, numbers)


def mat_elements(mat: Mat, game_folder: Path) -> list[list[Op]]:
    """The drawing of each of the mat's elements (rulers, measures, notes), in bleed-box mm: what a figure's
    crop must show whole or not at all (components/diagram/mat.py)."""
    return resolve_elements(mat, mat.elements, _mat_values(mat), mat_frame(mat), game_folder, each=True)


def mat_face(mat: Mat, game_folder: Path, *, elements: bool = True) -> Face:
    frame = mat_frame(mat)
    ops, marks = _mat_layers(mat, game_folder, elements=elements)
    clear = []
    for op in marks:
        box, text, hull = measure(op)
        if box is None:
            continue
        # A mark is thin by its outline, not its box: a ruler's arrow turned with its player's corner spans a box
        # 130 x 75 mm and is still a line. A zone turned (PuXes' 3-player gardens) keeps its outline, which a
        # seam running down one row of sheets only may pass beside (print/tiling.py); text keeps its box.
        if text or outline.is_box(hull):
            clear.append((*box, text or min(box[2], box[3]) > THIN_MARK_MM, text))
        else:
            clear.append((*box, outline.width(hull) > THIN_MARK_MM, False, tuple(hull)))
    clear = tuple(dict.fromkeys(clear))
    return replace(frame.face(replay(ops, frame)), keep_clear_mm=tuple(clear))


def mat_item(mat: Mat, game_folder: Path) -> Item:
    """The whole mat as one printable item, for print.tile_face."""
    return Item(id=mat.id, component=mat.id, front=mat_face(mat, game_folder), label=mat.name)
