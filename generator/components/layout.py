"""The element language shared by cards, tiles and counters: layouts + rows -> Faces and Items.

A layout is a list of LayoutElement (content/models.py), drawn in order, every
position in mm from the top-left corner of the face's bleed box. This module
resolves each element against one row of fields (`{field}` substitution,
`when` / `unless`), checks what a printer would regret (unknown fields,
missing assets, text that overflows its box or leaves the safe zone, glyphs
the font lacks, lines too thin to print) and only then returns a Face whose
`draw` replays the resolved primitives. So every content error surfaces when
items are built, as a ContentError naming the file and line of the element,
never halfway through writing a sheet.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import re
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Optional, Sequence

from ..content import limits
from ..content.errors import Collector, ContentError, did_you_mean, display_path
from ..content.paths import assets_signature, close_file, inside_game
from ..content.models import PATTERN_KINDS, FaceSet, LayoutElement, Row
from ..draw import fonts
from ..draw.canvas import Canvas, LayoutError, PathOp, layout_text, line_width_mm
from ..draw.geometry import circle_ops, rect_ops, regular_polygon, rotation, shape_polygon, translation
from ..draw.imageheader import read_header
from ..draw.style import MIN_LINE_MM, Stroke, TextStyle, ink_saver_ink
from ..draw import icons
from ..draw.pdfpages import forgotten_with_pages, keeping
from ..reads import note, recording
from .face import Face, Item

Op = Callable[[Canvas], None]
FIELD = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")
HEX_COLOUR = re.compile(r"^#[0-9A-Fa-f]{6}$")
SAFE_TOLERANCE_MM = 0.05   # rounding slack when checking the safe zone, far below any cutter's accuracy
DESCENT_EM = 0.25          # the part of a line below the baseline, as canvas.TextLayout counts it
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")


# --- geometry of one face ---------------------------------------------------------------------

@dataclass(frozen=True)
class Frame:
    """Trim size, bleed, safe distance and cut shape of a face; positions are bleed-box mm."""
    width_mm: float
    height_mm: float
    bleed_mm: float = 3.0
    safe_mm: float = 3.0
    shape: str = "rect"          # rect | round | hex | triangle (Face.shape)
    corner_mm: float = 0.0

    @property
    def bleed_width_mm(self) -> float:
        return self.width_mm + 2 * self.bleed_mm

    @property
    def bleed_height_mm(self) -> float:
        return self.height_mm + 2 * self.bleed_mm

    def face(self, draw: Callable[[Canvas], None]) -> Face:
        return Face(width_mm=self.width_mm, height_mm=self.height_mm, draw=draw, bleed_mm=self.bleed_mm,
                    safe_mm=self.safe_mm, shape=self.shape, corner_mm=self.corner_mm)

    def cut_polygon(self) -> list[tuple[float, float]] | None:
        """Corners of a hexagonal or triangular cut (bleed-box mm); None for rect and round."""
        return shape_polygon(self.shape, self.bleed_mm, self.bleed_mm, self.width_mm, self.height_mm)

    def inside_safe(self, x: float, y: float) -> bool:
        """Whether a point lies in the safe zone: `safe_mm` inside the cut, whatever its shape."""
        b, s, w, h = self.bleed_mm, self.safe_mm, self.width_mm, self.height_mm
        t = SAFE_TOLERANCE_MM
        if self.shape == "round":
            rx, ry = w / 2.0 - s, h / 2.0 - s
            if rx <= 0 or ry <= 0:
                return False
            dx, dy = (x - b - w / 2.0) / (rx + t), (y - b - h / 2.0) / (ry + t)
            return dx * dx + dy * dy <= 1.0
        if self.shape in ("hex", "triangle"):
            return _inside_inset_polygon(self.cut_polygon(), s - t, x, y)
        return b + s - t <= x <= b + w - s + t and b + s - t <= y <= b + h - s + t


def _inside_inset_polygon(poly: list[tuple[float, float]], inset: float, x: float, y: float) -> bool:
    """Point inside a convex polygon (clockwise on paper) shrunk by `inset` mm on every side."""
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        length = math.hypot(ex, ey)
        # With y down and corners clockwise on paper, the inside is where this cross product is positive.
        if (ex * (y - y1) - ey * (x - x1)) / length < inset:
            return False
    return True


def frame_of(component: FaceSet, shape: str = "rect", corner_mm: float = 0.0) -> Frame:
    w, h = component.trim_mm()
    return Frame(w, h, component.bleed_mm, component.safe_mm, shape, corner_mm)


# --- where an element is, for messages ----------------------------------------------------------

@dataclass(frozen=True)
class Spot:
    """One element being resolved for one row: enough to write a useful error."""
    component: FaceSet
    side: str
    number: int
    element: LayoutElement
    row: Row

    def error(self, message: str) -> ContentError:
        src = self.element._source
        path = src.path if src is not None else None
        line = src.line if src is not None else None
        if path is None and self.component._source is not None:
            path = self.component._source.path
        row = self.row
        where_row = ""
        if row.path is not None and row.path != path:
            shown = row.path.name if path is not None and row.path.parent == path.parent else display_path(row.path)
            where_row = f" ({shown}:{row.line})"
        elif row.line:
            where_row = f" (line {row.line})"
        # The same message of the same element on another row is the same error, told once (at its first row).
        row_part = f", row {row.index}{where_row}" if row.index else ""    # index 0: true of every row
        return ContentError(path, line, f"{self.component.kind} '{self.component.id}', {self.side} element "
                                        f"{self.number} ({self.element.element_kind}){row_part}: {message}",
                            same=(str(path), line, self.side, self.number, message))


def fields_of(row: Row, item_id: str) -> dict[str, str]:
    """The values `{field}` can name: the row's, plus `index` (1-based) and `id` unless the row sets them."""
    values = dict(row.values)
    values.setdefault("index", str(row.index))
    values.setdefault("id", item_id)
    return values


def substitute(text: str, values: dict[str, str], spot: Spot) -> str:
    """Replace `{field}` and `{field:format}` with row values; `{{` and `}}` are literal braces."""
    def one(match: re.Match) -> str:
        token = match.group(0)
        if token == "{{":
            return "{"
        if token == "}}":
            return "}"
        expr = match.group(1).strip()
        name, _, fmt = expr.partition(":")
        name = name.strip()
        if name not in values:
            raise spot.error(f"unknown field '{name}' in {text!r}{did_you_mean(name, values)}; "
                             f"fields: {', '.join(sorted(values))}")
        value = values[name]
        if not fmt:
            return value
        for kind in (int, float):
            try:
                return format(kind(value), fmt)
            except ValueError:
                continue
        try:
            return format(value, fmt)
        except ValueError as err:
            raise spot.error(f"format '{fmt}' does not apply to {name} = {value!r}: {err}") from None
    return FIELD.sub(one, text)


def check_condition_fields(elements: Iterable[LayoutElement], known: Iterable[str], errors: Collector,
                           where: Callable[[int, LayoutElement], "Spot | ElementSpot"]) -> None:
    """Every field a `when` / `unless` names is one the rows have: a misspelt field would otherwise
    match no row (or every row) and print the wrong face silently."""
    known = sorted(set(known))
    for number, element in enumerate(elements, start=1):
        for key_name, cond in (("when", element.when), ("unless", element.unless)):
            for name in cond:
                if name not in known:
                    with errors.attempt():
                        raise where(number, element).error(f"{key_name}: unknown field '{name}'"
                                                           f"{did_you_mean(name, known)}; fields: {', '.join(known)}")


def referenced_fields(layout: Iterable[LayoutElement]) -> frozenset[str]:
    """Field names a layout's texts, values and conditions use: what makes two rows' faces differ."""
    names: set[str] = set()

    def visit(value) -> None:
        if isinstance(value, str):
            for m in FIELD.finditer(value):
                if m.group(1) is not None:
                    names.add(m.group(1).partition(":")[0].strip())
        elif isinstance(value, tuple):
            for v in value:
                visit(v)
        elif dataclasses.is_dataclass(value):
            for f in dataclasses.fields(value):
                visit(getattr(value, f.name))

    for element in layout:
        visit(element.body)
        names.update(element.when)
        names.update(element.unless)
    return frozenset(names)


# --- resolving values ---------------------------------------------------------------------------

class Resolver:
    """Turns an element's raw values (numbers, '{field}' text) into numbers and colours for one row."""

    def __init__(self, values: dict[str, str], spot: Spot, shrunk: list | None = None):
        self.values, self.spot = values, spot
        self.shrunk = shrunk     # where a text shrunk to fit says so: (element number, text, asked, set)

    def text(self, raw: str) -> str:
        return substitute(raw, self.values, self.spot)

    def num(self, raw, name: str) -> float:
        if isinstance(raw, (int, float)) and not isinstance(raw, bool):
            return float(raw)
        text = self.text(str(raw)).strip()
        try:
            value = float(text)
        except ValueError:
            raise self.spot.error(f"{name}: {raw!r} gives {text!r}, which is not a number") from None
        if not math.isfinite(value):
            raise self.spot.error(f"{name}: {raw!r} gives {text!r}, which is not a finite number")
        return value

    def opt_num(self, raw, name: str) -> Optional[float]:
        return None if raw is None else self.num(raw, name)

    def colour(self, raw: Optional[str], name: str) -> Optional[str]:
        if raw is None:
            return None
        text = self.text(raw).strip()
        if text.lower() == "none" and "{" in raw:
            return None   # a row may switch a fill or stroke off with the value 'none'
        if not HEX_COLOUR.match(text):
            raise self.spot.error(f"{name}: {raw!r} gives {text!r}, which is not a colour '#RRGGBB'")
        return text.upper()

    def stroke(self, colour_raw: Optional[str], width_raw, dash: Sequence[float] = (), cap: str = "butt",
               join: str = "miter") -> Optional[Stroke]:
        colour = self.colour(colour_raw, "stroke")
        if colour is None:
            return None
        width = self.num(width_raw, "stroke_mm")
        if width < MIN_LINE_MM - 1e-9:
            raise self.spot.error(f"stroke_mm: a line of {width} mm is thinner than {MIN_LINE_MM:.3f} mm "
                                  f"(0.25 pt) and would not survive printing")
        if any(d <= 0 for d in dash):
            raise self.spot.error("dash_mm: dash lengths must be above 0")
        return Stroke(colour, width, tuple(dash) or None, cap=cap, join=join)


# --- elements -----------------------------------------------------------------------------------

class FaceContext:
    """Everything elements need besides the row: the component, its folder, the face geometry."""

    def __init__(self, component: FaceSet, game_folder: Path):
        self.component = component
        self.game_folder = Path(game_folder)
        self.assets = self.game_folder / "assets"


def resolve_layout(layout: Sequence[LayoutElement], row: Row, item_id: str, frame: Frame, ctx: FaceContext,
                   side: str, shrunk: list | None = None) -> list[Op]:
    """Check every element of `layout` for `row` and return the drawing operations, in order; the texts
    shrunk to fit are added to `shrunk`."""
    values = fields_of(row, item_id)
    ops: list[Op] = []
    errors = Collector()     # every element is checked: each wrong one is told
    for number, element in enumerate(layout, start=1):
        if not element.accepts(values):
            continue
        spot = Spot(ctx.component, side, number, element, row)
        handler = _HANDLERS[element.element_kind]
        with errors.attempt():
            ops.extend(handler(element.body, Resolver(values, spot, shrunk), frame, ctx))
    errors.raise_any()
    return ops


def _background(spec, r: Resolver, frame: Frame, ctx: FaceContext) -> list[Op]:
    colour = r.colour(spec.colour, "colour")
    w, h = frame.bleed_width_mm, frame.bleed_height_mm
    if colour is None:
        return []
    return [lambda c: c.rect(0.0, 0.0, w, h, fill=colour)]


def _box(spec, r: Resolver, frame: Frame, default: str) -> tuple[float, float, float, float]:
    if spec.x is None:
        if default == "trim":
            return frame.bleed_mm, frame.bleed_mm, frame.width_mm, frame.height_mm
        return 0.0, 0.0, frame.bleed_width_mm, frame.bleed_height_mm
    box = r.num(spec.x, "x"), r.num(spec.y, "y"), r.num(spec.w, "w"), r.num(spec.h, "h")
    if box[2] <= 0 or box[3] <= 0:
        raise r.spot.error(f"w and h must be above 0 (found {box[2]:g} x {box[3]:g})")
    return box


def _rect(spec, r: Resolver, frame: Frame, ctx: FaceContext) -> list[Op]:
    x, y, w, h = _box(spec, r, frame, "trim")
    radius = r.num(spec.radius, "radius")
    if radius < 0 or radius > min(w, h) / 2 + 1e-9:
        raise r.spot.error(f"radius {radius:g} must lie between 0 and half the smaller side ({min(w, h) / 2:g})")
    fill = r.colour(spec.fill, "fill")
    stroke = r.stroke(spec.stroke, spec.stroke_mm, spec.dash_mm)
    if fill is None and stroke is None:
        raise r.spot.error("a rect needs a fill or a stroke")
    return [lambda c: c.rect(x, y, w, h, fill=fill, stroke=stroke, radius=radius)]


def _circle(spec, r: Resolver, frame: Frame, ctx: FaceContext) -> list[Op]:
    cx, cy, rad = r.num(spec.cx, "cx"), r.num(spec.cy, "cy"), r.num(spec.r, "r")
    if rad <= 0:
        raise r.spot.error(f"r must be above 0 (found {rad:g})")
    fill = r.colour(spec.fill, "fill")
    stroke = r.stroke(spec.stroke, spec.stroke_mm, spec.dash_mm)
    if fill is None and stroke is None:
        raise r.spot.error("a circle needs a fill or a stroke")
    return [lambda c: c.circle(cx, cy, rad, fill=fill, stroke=stroke)]


def _polygon(spec, r: Resolver, frame: Frame, ctx: FaceContext) -> list[Op]:
    if spec.points:
        points = [(r.num(px, "x"), r.num(py, "y")) for px, py in spec.points]
    else:
        cx, cy, rad = r.num(spec.cx, "cx"), r.num(spec.cy, "cy"), r.num(spec.r, "r")
        points = regular_polygon(cx, cy, rad, spec.sides, r.num(spec.rotate_deg, "rotate_deg"))
    fill = r.colour(spec.fill, "fill")
    stroke = r.stroke(spec.stroke, spec.stroke_mm, spec.dash_mm, join="round")
    if fill is None and stroke is None:
        raise r.spot.error("a polygon needs a fill or a stroke")
    return [lambda c: c.polygon(points, fill=fill, stroke=stroke)]


def _line(spec, r: Resolver, frame: Frame, ctx: FaceContext) -> list[Op]:
    x1, y1, x2, y2 = (r.num(getattr(spec, n), n) for n in ("x1", "y1", "x2", "y2"))
    stroke = r.stroke(spec.stroke, spec.stroke_mm, spec.dash_mm, cap=spec.cap)
    if spec.arrow:
        head = max(3.0 * stroke.width_mm, 2.0)
        if math.hypot(x2 - x1, y2 - y1) <= head:
            raise r.spot.error(f"an arrow needs to be longer than its head ({head:g} mm)")
        return [lambda c: c.arrow(x1, y1, x2, y2, colour=stroke.colour, width_mm=stroke.width_mm, head_mm=head)]
    return [lambda c: c.line(x1, y1, x2, y2, stroke)]


def _text(spec, r: Resolver, frame: Frame, ctx: FaceContext) -> list[Op]:
    text = r.text(spec.text)
    if not text.strip():
        return []
    size = r.num(spec.size_pt, "size_pt")
    if size < spec.min_size_pt:
        raise r.spot.error(f"size_pt {size:g} is below the minimum {spec.min_size_pt:g} pt")
    style = TextStyle(size_pt=size, colour=r.colour(spec.colour, "colour"), bold=spec.bold, italic=spec.italic)
    missing = fonts.missing_glyphs(text.replace("*", ""), style)
    if missing:
        shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in sorted(missing))
        raise r.spot.error(f"the font has no glyph for {shown}; draw it as an icon instead")
    x, y = r.num(spec.x, "x"), r.num(spec.y, "y")
    w, h = r.opt_num(spec.w, "w"), r.opt_num(spec.h, "h")
    rotate = r.num(spec.rotate_deg, "rotate_deg")
    if (w is not None and w <= 0) or (h is not None and h <= 0):
        raise r.spot.error("w and h must be above 0")
    try:
        if h is not None:          # a box: wrap and shrink
            layout = layout_text(text, style, w, h, leading=spec.leading, min_size_pt=spec.min_size_pt)
        elif w is not None:        # one line shrunk to the width
            layout = layout_text(text, style, 1e6, 1e6, leading=spec.leading, fit=False)
            while any(line_width_mm(line) > w + 1e-6 for line in layout.lines):
                if layout.size_pt - 0.25 < spec.min_size_pt - 1e-9:
                    raise LayoutError(f"text does not fit a width of {w:.1f} mm even at {spec.min_size_pt} pt: "
                                      f"{text[:60]!r}")
                layout = layout_text(text, style.with_(size_pt=layout.size_pt - 0.25), 1e6, 1e6,
                                     leading=spec.leading, fit=False)
        else:
            layout = layout_text(text, style, 1e6, 1e6, leading=spec.leading, fit=False)
    except LayoutError as err:
        raise r.spot.error(str(err)) from None
    if layout.size_pt < style.size_pt - 1e-9 and r.shrunk is not None:
        r.shrunk.append((r.spot.number, text, style.size_pt, layout.size_pt))

    # Local coordinates: the anchor (x, y) is the origin, so a rotation turns around it.
    if h is not None:
        box_x, box_w = 0.0, w
        top = {"top": 0.0, "middle": (h - layout.height_mm) / 2.0, "bottom": h - layout.height_mm}[spec.valign]
    else:
        box_x, box_w = ({"left": 0.0, "center": -w / 2.0, "right": -w}[spec.align], w) if w is not None \
            else (0.0, 0.0)
        top = {"top": 0.0, "middle": -layout.height_mm / 2.0, "bottom": -layout.height_mm,
               "baseline": -layout.first_baseline_mm}[spec.valign]
    anchor = {"left": box_x, "center": box_x + box_w / 2.0, "right": box_x + box_w}[spec.align]
    size_mm = layout.size_pt * (25.4 / 72.0)
    ascent = fonts.ascent_mm(style.with_(size_pt=layout.size_pt))
    placed = rotation(rotate).then(translation(x, y))     # as Canvas.group draws it
    corners = []
    for i, line in enumerate(layout.lines):
        if not line:
            continue
        width = line_width_mm(line)
        x0 = anchor - {"left": 0.0, "center": width / 2.0, "right": width}[spec.align]
        baseline = top + layout.first_baseline_mm + i * layout.line_height_mm
        for px, py in ((x0, baseline - ascent), (x0 + width, baseline - ascent),
                       (x0, baseline + DESCENT_EM * size_mm), (x0 + width, baseline + DESCENT_EM * size_mm)):
            corners.append(placed.apply(px, py))
    outside = [p for p in corners if not frame.inside_safe(*p)]
    if outside:
        px, py = outside[0]
        raise r.spot.error(f"text {text[:40]!r} reaches ({px:.1f}, {py:.1f}) mm, outside the safe zone "
                           f"({frame.safe_mm:g} mm inside the cut); move it, give it a box, or shorten it")
    # Drawn in its box, or in a box of its own height when it has none (the same place whatever the valign):
    # the valign says which way the text grows if a figure drawing it smaller enlarges it to the reader's
    # floor (Canvas.text_floor), and a box binds it.
    block_h = layout.height_mm if h is None else h
    valign = spec.valign if spec.valign in ("top", "middle", "bottom") else "top"
    if h is not None:
        top = 0.0

    def draw(c: Canvas) -> None:
        if rotate:
            with c.group(translate=(x, y), rotate_deg=rotate):
                c.draw_layout(box_x, top, box_w, block_h, layout, align=spec.align, valign=valign)
        else:
            c.draw_layout(x + box_x, y + top, box_w, block_h, layout, align=spec.align, valign=valign)
    return [draw]


_IMAGE_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}


def _image_header(path: Path, name: str, suffix: str, r: Resolver) -> tuple[int, int]:
    """The size in pixels of a PNG or JPEG asset, known from its size on disk and its header before anything
    reads it whole or decodes it: its content must be the format its name says (a GIF named .png is refused)."""
    try:
        size_bytes = path.stat().st_size
        if size_bytes > limits.IMAGE_FILE_BYTES.default:
            raise r.spot.error(limits.exceeded(limits.IMAGE_FILE_BYTES, size_bytes, f"image '{name}': bytes"))
        header = read_header(path)
    except OSError as err:
        raise r.spot.error(f"image '{name}' cannot be read ({err.strerror})") from None
    expected = _IMAGE_FORMATS[suffix]
    if header.format != expected:
        found = f"a {header.format} image" if header.format else "not an image (its first bytes are no PNG nor JPEG)"
        raise r.spot.error(f"image '{name}' is {found}, not {expected} as its name says; save it as PNG or JPEG")
    if header.size is None:
        raise r.spot.error(f"image '{name}': its {expected} header is damaged (it gives no size)")
    return header.size


def _picture_size(element) -> list[tuple[str, str]]:
    """('size_mm', the smaller side of its box) of an image that pictures something (`depicts`), where its box is
    given in numbers: a figure showing the face records it (Shown.size_mm), the reader measures it in print."""
    spec = element.image
    if spec is None or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (spec.w, spec.h)):
        return []
    return [("size_mm", f"{min(spec.w, spec.h):g}")]


def _image(spec, r: Resolver, frame: Frame, ctx: FaceContext) -> list[Op]:
    name = r.text(spec.file).strip()
    if Path(name).is_absolute() or ".." in Path(name).parts:
        raise r.spot.error(f"image '{name}': give a file name inside the game's assets/ folder")
    path = inside_game(ctx.game_folder, str(Path("assets") / name), r.spot, "image")
    if not path.is_file():
        raise r.spot.error(f"image file '{name}' not found in {display_path(ctx.assets)}"
                           f"{close_file(ctx.assets, name)}")
    suffix = path.suffix.lower()
    if suffix not in IMAGE_SUFFIXES:
        raise r.spot.error(f"image '{name}': use PNG, JPEG or SVG, not '{suffix}'")
    x, y, w, h = r.num(spec.x, "x"), r.num(spec.y, "y"), r.num(spec.w, "w"), r.num(spec.h, "h")
    if w <= 0 or h <= 0:
        raise r.spot.error("w and h must be above 0")
    rotate = r.num(spec.rotate_deg, "rotate_deg")
    if suffix == ".svg":
        from ..draw.svgimport import SvgBounds, SvgImportError, load_svg
        bounds = SvgBounds(limits.SVG_FILE_BYTES.default, limits.SVG_DEPTH.default, limits.SVG_ELEMENTS.default,
                           limits.SVG_PATH_SEGMENTS.default, limits.SVG_MIN_VIEWBOX, limits.SVG_MAX_COORDINATE)
        try:
            drawing = load_svg(path, bounds)
        except SvgImportError as err:
            raise r.spot.error(str(err)) from None

        def paint(c: Canvas, bx: float, by: float) -> None:
            drawing.draw(c, bx, by, w, h)
    else:
        from reportlab.lib.utils import ImageReader
        size = _image_header(path, name, suffix, r)
        if size[0] * size[1] > limits.IMAGE_PIXELS.default:
            raise r.spot.error(limits.exceeded(limits.IMAGE_PIXELS, size[0] * size[1],
                                               f"image '{name}' ({size[0]} x {size[1]}): pixels"))
        try:
            pw, ph = ImageReader(str(path)).getSize()
        except Exception as err:   # reportlab/PIL raise many kinds for a damaged file
            raise r.spot.error(f"image '{name}' cannot be read: {err}") from None
        k = min(w / pw, h / ph)    # keep the aspect ratio, centred in the box, as SVG's 'meet' does
        iw, ih = pw * k, ph * k

        def paint(c: Canvas, bx: float, by: float) -> None:
            c.image(bx + (w - iw) / 2.0, by + (h - ih) / 2.0, iw, ih, path)

    def draw(c: Canvas) -> None:
        if rotate:
            with c.group(translate=(x + w / 2.0, y + h / 2.0), rotate_deg=rotate):
                paint(c, -w / 2.0, -h / 2.0)
        else:
            paint(c, x, y)
    return [draw]


def _icon(spec, r: Resolver, frame: Frame, ctx: FaceContext) -> list[Op]:
    name = r.text(spec.name).strip()
    if not icons.known(name):
        raise r.spot.error(f"unknown icon '{name}'{icons.close_icons_hint(name)}")
    cx, cy, size = r.num(spec.cx, "cx"), r.num(spec.cy, "cy"), r.num(spec.size, "size")
    if size <= 0:
        raise r.spot.error("size must be above 0")
    colour = r.colour(spec.colour, "colour")
    outline = r.colour(spec.outline, "outline")
    rotate = r.num(spec.rotate_deg, "rotate_deg")
    if outline is not None and size / icons.GRID * icons.OUTLINE_UNITS < MIN_LINE_MM:
        raise r.spot.error(f"an outlined icon of {size:g} mm has lines thinner than 0.25 pt; make it larger")
    # Icons are ink: with --ink-saver a light icon turns dark, since the fill under it becomes a light tint.
    return [lambda c: icons.draw_icon(c, name, cx, cy, size, colour=ink_saver_ink(colour) if c.ink_saver else colour,
                                      outline=outline, rotate_deg=rotate)]


def _pattern(spec, r: Resolver, frame: Frame, ctx: FaceContext) -> list[Op]:
    kind = r.text(spec.kind).strip()
    if kind not in PATTERN_KINDS:
        raise r.spot.error(f"pattern kind {kind!r} is not one of {', '.join(PATTERN_KINDS)}")
    x, y, w, h = _box(spec, r, frame, "bleed")
    colour = r.colour(spec.colour, "colour")
    spacing = r.num(spec.spacing_mm, "spacing_mm")
    width = r.num(spec.stroke_mm, "stroke_mm")
    angle = r.num(spec.angle_deg, "angle_deg")
    if spacing < 0.5:
        raise r.spot.error(f"spacing_mm {spacing:g} is too fine to print (0.5 mm at least)")
    if width < MIN_LINE_MM - 1e-9:
        raise r.spot.error(f"stroke_mm {width:g} is thinner than {MIN_LINE_MM:.3f} mm (0.25 pt)")
    marks = pattern_marks(kind, w, h, spacing)
    if marks > limits.PATTERN_MARKS.default:
        raise r.spot.error(limits.exceeded(limits.PATTERN_MARKS, marks, f"{kind} of {spacing:g} mm over "
                                                                       f"{w:g} x {h:g} mm: marks"))
    art = PatternArt(kind, w, h, spacing, width, angle, colour)
    return [lambda c: c.repeated(art.key, w, h, art, at=(x, y))]


class PatternArt:
    """A pattern over a box of w x h mm at the origin, as Canvas.repeated draws it (once per document,
    however many tiles, figures, zones or faces show it); its key is everything that shapes it.
    Dots and checks are filled; lines are stroked with `stroke`, round by default."""

    def __init__(self, kind: str, w: float, h: float, spacing: float, width: float, angle: float, colour: str,
                 stroke: Optional[Stroke] = None):
        self.paths = pattern_paths(kind, 0.0, 0.0, w, h, spacing, width, angle)
        self.fill = colour if kind in ("dots", "checks") else None
        self.stroke = None if self.fill else stroke or Stroke(colour, width, cap="round", join="round")
        self.key = ("pattern", kind, spacing, width, angle, self.fill, self.stroke)

    def __call__(self, c: Canvas) -> None:
        for ops in self.paths:
            c.path(ops, fill=self.fill, stroke=self.stroke)


def pattern_marks(kind: str, w: float, h: float, spacing: float) -> int:
    """How many dots, checks, lines or waves `pattern_paths` draws over a box of w x h mm: known before any."""
    lines = 2 * (int((math.hypot(w, h) / 2.0 + spacing) / spacing) + 1) + 1
    if kind == "stripes":
        return lines
    if kind == "crosshatch":
        return 2 * lines
    if kind == "grain":
        return lines * (int((math.hypot(w, h) + 2 * spacing) / (spacing * 4.0)) + 1)
    if kind == "dots":
        return (int(h / spacing) + 2) * (int(w / spacing) + 2)
    return ((int(h / spacing) + 1) * (int(w / spacing) + 1) + 1) // 2     # checks


def pattern_paths(kind: str, x: float, y: float, w: float, h: float, spacing: float, width: float,
                  angle: float) -> list[list[PathOp]]:
    """Deterministic pattern geometry covering the box (x, y, w, h); the caller clips to it."""
    cx, cy = x + w / 2.0, y + h / 2.0
    reach = math.hypot(w, h) / 2.0 + spacing
    paths: list[list[PathOp]] = []

    def parallel(deg: float) -> list[tuple[float, float, float, float]]:
        a = math.radians(deg)
        dx, dy = math.cos(a), math.sin(a)          # along the lines
        nx, ny = -dy, dx                           # across them
        n = int(reach / spacing) + 1
        return [(cx + nx * k * spacing, cy + ny * k * spacing, dx, dy) for k in range(-n, n + 1)]

    if kind in ("stripes", "crosshatch"):
        for deg in ((angle,) if kind == "stripes" else (angle, angle + 90.0)):
            ops: list[PathOp] = []
            for px, py, dx, dy in parallel(deg):
                ops += [("M", px - dx * reach, py - dy * reach), ("L", px + dx * reach, py + dy * reach)]
            paths.append(ops)
    elif kind == "grain":
        # Gently waving lines, their waves varying along and across so the texture does not look ruled;
        # sines of the indices keep it the same on every build.
        half_wave = spacing * 4.0
        for j, (px, py, dx, dy) in enumerate(parallel(angle)):
            nx, ny = -dy, dx
            steps = int(2 * reach / half_wave) + 1
            sx, sy = px - dx * reach, py - dy * reach
            ops = [("M", sx, sy)]
            for i in range(steps):
                amp = spacing * 0.28 * (0.55 + 0.45 * math.sin(1.7 * i + 2.3 * j)) * (1 if i % 2 == 0 else -1)
                ex, ey = sx + dx * half_wave, sy + dy * half_wave
                ops.append(("C", sx + dx * half_wave / 3 + nx * amp, sy + dy * half_wave / 3 + ny * amp,
                            ex - dx * half_wave / 3 + nx * amp, ey - dy * half_wave / 3 + ny * amp, ex, ey))
                sx, sy = ex, ey
            paths.append(ops)
    elif kind == "dots":
        # One path a row: a tile of a large mat then draws only the rows it shows (Canvas.view).
        rows = int(h / spacing) + 2
        cols = int(w / spacing) + 2
        r = width / 2.0
        for j in range(rows):
            shift = spacing / 2.0 if j % 2 else 0.0   # staggered rows read as a texture, not a grid
            ops = []
            for i in range(cols):
                ops += circle_ops(x + i * spacing + shift, y + j * spacing, r)
            paths.append(ops)
    elif kind == "checks":
        for j in range(int(h / spacing) + 1):
            ops = []
            for i in range(int(w / spacing) + 1):
                if (i + j) % 2 == 0:
                    ops += rect_ops(x + i * spacing, y + j * spacing, spacing, spacing)
            if ops:
                paths.append(ops)
    return paths


_HANDLERS = {"background": _background, "rect": _rect, "circle": _circle, "polygon": _polygon, "line": _line,
             "text": _text, "image": _image, "icon": _icon, "pattern": _pattern}


# --- faces and items ----------------------------------------------------------------------------

def replay(ops: Sequence[Op], frame: Frame) -> Callable[[Canvas], None]:
    """A Face.draw that replays resolved operations, clipped to the bleed box so art never
    spills onto a neighbour on the sheet."""
    ops = tuple(ops)
    clip = (0.0, 0.0, frame.bleed_width_mm, frame.bleed_height_mm)

    def draw(canvas: Canvas) -> None:
        with canvas.group(clip=clip):
            for op in ops:
                op(canvas)
    return draw


class FaceMaker:
    """Builds the faces of one component, sharing a Face between rows whose fields make no difference."""

    def __init__(self, component: FaceSet, game_folder: Path, frame: Frame):
        self.ctx = FaceContext(component, game_folder)
        self.frame = frame
        self._refs: dict[int, frozenset[str]] = {}
        self._cache: dict[tuple, Face] = {}
        self._assets: str | None = None

    def key(self, layout: Sequence[LayoutElement], values: dict[str, str]) -> tuple:
        refs = self._refs.get(id(layout))
        if refs is None:
            refs = self._refs[id(layout)] = referenced_fields(layout)
        return tuple((name, values.get(name)) for name in sorted(refs))

    def ops(self, layout: Sequence[LayoutElement], row: Row, item_id: str, side: str,
            frame: Optional[Frame] = None) -> list[Op]:
        return resolve_layout(layout, row, item_id, frame or self.frame, self.ctx, side)

    def face(self, layout: Sequence[LayoutElement], row: Row, item_id: str, side: str) -> Face:
        key = (side, id(layout), self.key(layout, fields_of(row, item_id)))
        face = self._cache.get(key)
        if face is None:
            content = self._content_key(layout, key) if keeping() else ""    # `pnp build`: nothing is kept
            kept = _kept_faces.get(content) if content else None
            if kept is not None:      # laid out by a build before, from the same inputs
                face, read = kept
                for path in read:
                    note(path)        # the unit still depends on what its layout read
            else:
                shrunk: list = []
                with recording(self.ctx.game_folder) if content else nullcontext(set()) as read:
                    ops = resolve_layout(layout, row, item_id, self.frame, self.ctx, side, shrunk)
                values = fields_of(row, item_id)
                depicts = tuple(tuple(sorted([(str(k), str(v)) for k, v in e.depicts.items()] + _picture_size(e)))
                                for e in layout if e.depicts and e.accepts(values))
                face = dataclasses.replace(self.frame.face(replay(ops, self.frame)), shrunk=tuple(shrunk),
                                           key=content, depicts=depicts)
                if content:
                    _keep_face(content, face, tuple(sorted(read)))
            self._cache[key] = face
        return face

    def _content_key(self, layout: Sequence[LayoutElement], key: tuple) -> str:
        """Face.key: the layout and the values it reads, the frame, and what a face may read besides: the files
        of the game's assets folder (images, its own icons), by name, size, modification time and inode."""
        if self._assets is None:
            self._assets = assets_signature(self.ctx.game_folder)
        text = repr((key[0], tuple(layout), self.frame, key[2], self._assets))
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


# Faces laid out by the builds of this process, while they keep their pages (draw.pdfpages.keeping_pages:
# `pnp watch`), by Face.key: a card unchanged since the last build is not laid out again. Each with the content
# files its layout read, noted again when it is served (the incremental cache keys its unit with them).
KEPT_FACES = 20_000
_kept_faces: dict[str, tuple[Face, tuple[Path, ...]]] = {}
forgotten_with_pages(_kept_faces.clear)


def _keep_face(content: str, face: Face, read: tuple[Path, ...]) -> None:
    _kept_faces[content] = (face, read)
    while len(_kept_faces) > KEPT_FACES:
        del _kept_faces[next(iter(_kept_faces))]     # the oldest first


def item_ids(component: FaceSet) -> list[str]:
    """One id per row: the row's `id` field, else '<component>-<index>' zero-padded; all distinct."""
    return component.item_ids()


def back_layout(component: FaceSet, row: Row) -> tuple[Optional[Sequence[LayoutElement]], str]:
    """The back layout of a row and its name for messages: the named back its 'back' field picks
    when the component has `backs`, else the shared `back` (None: single-sided)."""
    name = (row.get("back") or None) if component.backs else None    # an empty cell: not given
    if name is not None and name not in component.backs:
        raise component.unknown_back(row, name)      # told by the component's check too: the same error, once
    if name is not None:
        return component.backs[name], f"back '{name}'"
    return component.back, "back"


def front_layout(component: FaceSet, row: Row) -> tuple[Sequence[LayoutElement], str]:
    """The front layout of a row and its name for messages: the game layout its 'layout' field picks (game.yaml
    `layouts`), else the component's `front`."""
    name = component.row_layout(row)
    if name is None:
        return component.front, "front"
    if name not in (component._row_fronts or {}):
        raise component.unknown_layout(row, name)      # told by the component's check too: the same error, once
    return component._row_fronts[name], f"layout '{name}'"


def label_of(row: Row, item_id: str) -> str:
    for key in ("name", "title", "label"):
        if row.get(key):
            return row.get(key)
    return item_id


def build_items(component: FaceSet, game_folder: Path, frame: Frame) -> list[Item]:
    """One Item per row with `count` copies (rows with count 0 are left out); front and back faces
    come from the layouts, resolved and checked now."""
    maker = FaceMaker(component, game_folder, frame)
    items = []
    errors = Collector()     # every row is laid out: the errors of each are told (an element's same error once)
    known = {"index", "id"}.union(*(row.values for row in component.rows))
    no_row = Row({}, 0, 0, None, None)     # a condition is wrong for every row: the message names none
    layouts = [("front", component.front), ("back", component.back)]
    layouts += [(f"back '{name}'", layout) for name, layout in (component.backs or {}).items()]
    layouts += [(f"layout '{name}'", layout) for name, layout in (component._row_fronts or {}).items()]
    for side, layout in layouts:
        if layout is not None:
            check_condition_fields(layout, known, errors,
                                   lambda n, e, side=side: Spot(component, side, n, e, no_row))
    # a condition on a field no row has would silently print wrong faces: told, and the rows are still laid out
    # for their own errors (one run tells them all); no face is kept while any error stands
    ids = None
    shown: dict = {}         # display_path of each row's file (item_meta)
    with errors.attempt():     # a duplicate id is told; the faces are still laid out, for their own errors
        ids = item_ids(component)
    if ids is None:
        ids = [f"{component.id}-{row.index}" for row in component.rows]
    for row, item_id in zip(component.rows, ids):
        if row.count == 0:
            continue
        front = back = None
        with errors.attempt():
            layout, side = front_layout(component, row)
            front = maker.face(layout, row, item_id, side)
        layout = None
        with errors.attempt():
            layout, back_name = back_layout(component, row)
        if layout is not None:
            with errors.attempt():
                back = maker.face(layout, row, item_id, back_name)
        if errors:
            continue
        items.append(Item(id=item_id, component=component.id, front=front, back=back,
                          back_oriented=component.back_oriented and back is not None, copies=row.count,
                          label=label_of(row, item_id), meta=item_meta(component, row, shown)))
    errors.raise_any()
    return items


def item_meta(component: FaceSet, row: Row, shown: dict | None = None) -> dict:
    """What the print layer and the manifest may want to show: the row's fields and where it was written.
    `shown`: each file's display_path already worked out for the rows before (resolving a path reads every
    folder on its way: once per file, not once per row)."""
    shown = {} if shown is None else shown
    if row.path is not None and row.path not in shown:
        shown[row.path] = display_path(row.path)
    source = f"{shown[row.path]}:{row.line}" if row.path is not None else ""
    return {"fields": dict(row.values), "source": source, "kind": component.kind}


def shrunk_texts(item: Item) -> list[dict]:
    """The texts of an item's faces that were shrunk to fit: side, element, text, size asked and set (pt)."""
    return [{"side": side, "element": number, "text": text, "asked_pt": round(asked, 2), "set_pt": round(set_, 2)}
            for side, face in (("front", item.front), ("back", item.back)) if face is not None
            for number, text, asked, set_ in face.shrunk]
