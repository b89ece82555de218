"""Vector SVG files replayed onto our Canvas, so imported art stays vector in the PDF and the SVG.

`load_svg` parses a file (xml.etree) into flat shapes: every element becomes
path operations (M, L, C, Z only: arcs, quadratics, rectangles with rx,
circles and ellipses turn into cubic Béziers), with the element's transforms
already applied to the points, so the Canvas needs no matrix support and skew
works like any other transform. `draw_svg_file` scales the result into a box
as SVG's viewBox with preserveAspectRatio "xMidYMid meet" does.

Supported: svg, g, rect, circle, ellipse, line, polyline, polygon, path, use;
fill, stroke, stroke-width, fill-rule, stroke-linecap/linejoin,
stroke-dasharray as attributes or in style="", inherited down the tree.
Anything that would be drawn wrongly if ignored (text, images, gradients and
patterns used as paint, clipping, masks, filters, opacity below 1) is an
SvgImportError naming the file, never a silent approximation.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple, Optional

from .canvas import Canvas, PathOp
from .geometry import (IDENTITY, Affine, ellipse_ops, polygon_ops, rotation, rounded_rect_ops, scaling, skew,
                       translation)
from .style import MIN_LINE_MM, Stroke

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"

# Elements that draw nothing and can be skipped whole.
_SILENT = {"title", "desc", "metadata", "defs", "style", "symbol", "linearGradient", "radialGradient",
           "pattern", "clipPath", "mask", "filter", "marker"}
_UNSUPPORTED = {"text", "image", "foreignObject", "switch", "tspan", "textPath", "a", "video", "audio",
                "animate", "animateTransform", "animateMotion", "set"}
_INHERITED = ("fill", "stroke", "stroke-width", "fill-rule", "stroke-linecap", "stroke-linejoin",
              "stroke-dasharray", "visibility", "fill-opacity", "stroke-opacity")
_NAMED = {
    "black": "#000000", "white": "#FFFFFF", "red": "#FF0000", "green": "#008000", "lime": "#00FF00",
    "blue": "#0000FF", "yellow": "#FFFF00", "cyan": "#00FFFF", "aqua": "#00FFFF", "magenta": "#FF00FF",
    "fuchsia": "#FF00FF", "gray": "#808080", "grey": "#808080", "silver": "#C0C0C0", "maroon": "#800000",
    "olive": "#808000", "navy": "#000080", "purple": "#800080", "teal": "#008080", "orange": "#FFA500",
    "brown": "#A52A2A", "gold": "#FFD700", "pink": "#FFC0CB", "darkgray": "#A9A9A9", "darkgrey": "#A9A9A9",
    "lightgray": "#D3D3D3", "lightgrey": "#D3D3D3", "darkgreen": "#006400", "darkred": "#8B0000",
    "darkblue": "#00008B", "tan": "#D2B48C", "beige": "#F5F5DC", "ivory": "#FFFFF0", "khaki": "#F0E68C",
    "crimson": "#DC143C", "indigo": "#4B0082", "violet": "#EE82EE", "salmon": "#FA8072",
    "chocolate": "#D2691E", "sienna": "#A0522D", "saddlebrown": "#8B4513", "forestgreen": "#228B22",
    "steelblue": "#4682B4", "skyblue": "#87CEEB", "coral": "#FF7F50", "tomato": "#FF6347",
    "goldenrod": "#DAA520", "darkgoldenrod": "#B8860B", "firebrick": "#B22222", "dimgray": "#696969",
    "dimgrey": "#696969", "whitesmoke": "#F5F5F5", "slategray": "#708090", "slategrey": "#708090",
}
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_UNITS_PER_PX = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}


class SvgImportError(ValueError):
    """An SVG file we cannot replay faithfully; the message names the file."""


class SvgBounds(NamedTuple):
    """What one SVG file may cost. The numbers and their reasons are content/limits.py's (svg_file_bytes,
    svg_depth, svg_elements); a caller reading content passes them, since draw/ imports nothing above it."""
    max_bytes: int
    max_depth: int        # nested elements, a <use> counting as one level more
    max_elements: int     # elements replayed, every <use> expanded
    max_segments: Optional[int] = None    # path segments of the whole file, counted as its paths are read
    min_view_box: float = 1e-6            # a viewBox side, and the largest number of the file's geometry:
    max_coordinate: float = 1e9           # scaled to mm, anything else is no printable number


@dataclass(frozen=True)
class Shape:
    """One painted path in the file's user units (viewBox space), transforms applied."""
    ops: tuple
    fill: Optional[str]
    stroke: Optional[str]
    stroke_width: float        # user units, already scaled by the element's transform
    even_odd: bool
    cap: str
    join: str
    dash: tuple


@dataclass(frozen=True)
class SvgDrawing:
    """A parsed SVG file: its shapes and the viewBox they live in."""
    path: Path
    shapes: tuple
    view_box: tuple[float, float, float, float]    # min-x, min-y, width, height
    align: str                                     # preserveAspectRatio: 'none' or e.g. 'xMidYMid'
    slice: bool

    def placement(self, x: float, y: float, w: float, h: float) -> Affine:
        """The map taking viewBox units into the box (x, y, w, h) in mm."""
        vx, vy, vw, vh = self.view_box
        if self.align == "none":
            sx, sy = w / vw, h / vh
            return Affine(a=sx, d=sy, tx=x - vx * sx, ty=y - vy * sy)
        s = max(w / vw, h / vh) if self.slice else min(w / vw, h / vh)
        fx = {"xMin": 0.0, "xMid": 0.5, "xMax": 1.0}[self.align[:4]]
        fy = {"YMin": 0.0, "YMid": 0.5, "YMax": 1.0}[self.align[4:]]
        return Affine(a=s, d=s, tx=x + (w - vw * s) * fx - vx * s, ty=y + (h - vh * s) * fy - vy * s)

    def draw(self, canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
        if not canvas.keeps_shapes:
            return          # paths only: nothing a canvas keeping text alone records
        m = self.placement(x, y, w, h)
        scale = m.scale
        for shape in self.shapes:
            stroke = None
            if shape.stroke is not None and shape.stroke_width > 0:
                # Hairlines in icons would vanish on paper: never thinner than 0.25 pt.
                width = max(shape.stroke_width * scale, MIN_LINE_MM)
                dash = tuple(d * scale for d in shape.dash) or None
                stroke = Stroke(shape.stroke, width, dash, cap=shape.cap, join=shape.join)
            canvas.path(m.map_ops(shape.ops), fill=shape.fill, stroke=stroke, even_odd=shape.even_odd)


def draw_svg_file(canvas: Canvas, path, x: float, y: float, w: float, h: float) -> None:
    """Draw the SVG file at `path` into the box (x, y, w, h) mm, aspect ratio kept, centred."""
    load_svg(Path(path)).draw(canvas, x, y, w, h)


def load_svg(path: Path, bounds: Optional[SvgBounds] = None) -> SvgDrawing:
    """Parse an SVG file (cached while the file is unchanged); SvgImportError if it cannot be replayed or costs
    more than `bounds`."""
    path = Path(path)
    try:
        stat = path.stat()
    except OSError as err:
        raise SvgImportError(f"{path}: cannot read ({err.strerror})") from None
    if bounds is not None and stat.st_size > bounds.max_bytes:
        raise SvgImportError(f"{path}: {stat.st_size} bytes, more than the limit of {bounds.max_bytes} for an SVG "
                             f"asset (svg_file_bytes)")
    loaded = _load_once(path.resolve(), stat.st_mtime_ns, stat.st_size, bounds)
    if isinstance(loaded, SvgImportError):
        raise loaded
    return loaded


@lru_cache(maxsize=128)
def _load_once(path: Path, _mtime: int, _size: int, bounds: Optional[SvgBounds]) -> SvgDrawing | SvgImportError:
    """The drawing, or why it cannot be: a refused file is refused once, not again for every card showing it."""
    try:
        return _load(path, bounds)
    except SvgImportError as err:
        return err


def _load(path: Path, bounds: Optional[SvgBounds]) -> SvgDrawing:
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as err:
        raise SvgImportError(f"{path}: not well-formed XML ({err})") from None
    except OSError as err:
        raise SvgImportError(f"{path}: cannot read ({err.strerror})") from None
    if _local(root.tag) != "svg":
        raise SvgImportError(f"{path}: the root element is <{_local(root.tag)}>, not <svg>")
    return _Parser(path, root, bounds).drawing()


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _namespace(tag) -> str:
    return tag[1:].split("}", 1)[0] if isinstance(tag, str) and tag.startswith("{") else ""


# --- transforms ----------------------------------------------------------------------------------

_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")


def parse_transform(text: str, where: str = "transform") -> Affine:
    """An SVG transform list as one map; the leftmost transform applies last, as in SVG."""
    m = IDENTITY
    pos = 0
    text = text.strip()
    while pos < len(text):
        match = _TRANSFORM.match(text, pos)
        if not match:
            raise SvgImportError(f"{where}: cannot read transform {text!r}")
        name, args = match.group(1), [float(v) for v in _NUMBER.findall(match.group(2))]
        pos = match.end()
        counts = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3), "skewX": (1,),
                  "skewY": (1,)}
        if len(args) not in counts[name]:
            raise SvgImportError(f"{where}: {name}() takes {' or '.join(map(str, counts[name]))} numbers, "
                                 f"found {len(args)}")
        if name == "matrix":
            t = Affine.from_svg(*args)
        elif name == "translate":
            t = translation(args[0], args[1] if len(args) > 1 else 0.0)
        elif name == "scale":
            t = scaling(*args)
        elif name == "rotate":
            t = rotation(args[0], about=(args[1], args[2]) if len(args) == 3 else (0.0, 0.0))
        elif name == "skewX":
            t = skew(x_deg=args[0])
        else:
            t = skew(y_deg=args[0])
        m = t.then(m)
    return m


# --- path data ------------------------------------------------------------------------------------

_PATH_TOKEN = re.compile(r"([MmZzLlHhVvCcSsQqTtAa])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|([\s,]+)|(.)")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def _tokens(d: str, where: str, max_tokens: Optional[int], max_coordinate: float) -> list:
    out = []
    pos = 0
    while pos < len(d):
        m = _PATH_TOKEN.match(d, pos)
        if m.group(4) is not None:
            raise SvgImportError(f"{where}: unexpected {m.group(4)!r} in path data at character {pos + 1}")
        if m.group(1):
            out.append(m.group(1))
        elif m.group(2):
            if not abs(float(m.group(2))) <= max_coordinate:
                raise SvgImportError(f"{where}: {m.group(2)} in path data is beyond {max_coordinate:g}")
            out.append(m.group(2))
        pos = m.end()
        if max_tokens is not None and len(out) > max_tokens:
            raise SvgImportError(f"{where}: more path segments in this file than the limit (svg_path_segments)")
    return out


def parse_path(d: str, where: str = "path", max_segments: Optional[int] = None,
               max_coordinate: float = 1e9) -> list[PathOp]:
    """SVG path data to M/L/C/Z operations in absolute coordinates (arcs and quadratics as cubics); an
    SvgImportError past `max_segments` (read before the path is: no segment has more than 8 tokens)."""
    tokens = _tokens(d, where, None if max_segments is None else 8 * max_segments + 8, max_coordinate)
    ops: list[PathOp] = []
    i = 0
    cmd = None
    cx = cy = 0.0           # current point
    sx = sy = 0.0           # start of the subpath
    last_ctrl = None        # last cubic control point, for S
    last_quad = None        # last quadratic control point, for T
    while i < len(tokens):
        tok = tokens[i]
        if tok[0].isalpha():
            cmd = tok
            i += 1
            if cmd in "Zz":
                ops.append(("Z",))
                cx, cy = sx, sy
                last_ctrl = last_quad = None
                continue
        elif cmd is None:
            raise SvgImportError(f"{where}: path data must start with a command (M), found {tok!r}")
        elif cmd in "Zz":
            raise SvgImportError(f"{where}: numbers after Z in path data")
        upper = cmd.upper()
        n = _ARGS[upper]
        args = []
        while len(args) < n:
            if i >= len(tokens):
                raise SvgImportError(f"{where}: path command {cmd} needs {n} numbers")
            t = tokens[i]
            if upper == "A" and len(args) in (3, 4) and t[0] in "01" and len(t) > 1:
                # Arc flags may be written without separators ("a1 1 0 00 1 1"): split off one digit.
                args.append(float(t[0]))
                tokens[i] = t[1:]
                continue
            if t[0].isalpha():
                raise SvgImportError(f"{where}: path command {cmd} needs {n} numbers, found {len(args)}")
            args.append(float(t))
            i += 1
        rel = cmd.islower()
        ox, oy = (cx, cy) if rel else (0.0, 0.0)
        if upper == "M":
            cx, cy = ox + args[0], oy + args[1]
            sx, sy = cx, cy
            ops.append(("M", cx, cy))
            cmd = "l" if rel else "L"     # further pairs are implicit line-tos
            last_ctrl = last_quad = None
        elif upper == "L":
            cx, cy = ox + args[0], oy + args[1]
            ops.append(("L", cx, cy))
            last_ctrl = last_quad = None
        elif upper == "H":
            cx = ox + args[0]
            ops.append(("L", cx, cy))
            last_ctrl = last_quad = None
        elif upper == "V":
            cy = oy + args[0]
            ops.append(("L", cx, cy))
            last_ctrl = last_quad = None
        elif upper in "CS":
            if upper == "C":
                x1, y1 = ox + args[0], oy + args[1]
                x2, y2, x, y = ox + args[2], oy + args[3], ox + args[4], oy + args[5]
            else:
                x1, y1 = (2 * cx - last_ctrl[0], 2 * cy - last_ctrl[1]) if last_ctrl else (cx, cy)
                x2, y2, x, y = ox + args[0], oy + args[1], ox + args[2], oy + args[3]
            ops.append(("C", x1, y1, x2, y2, x, y))
            last_ctrl, last_quad = (x2, y2), None
            cx, cy = x, y
        elif upper in "QT":
            if upper == "Q":
                qx, qy, x, y = ox + args[0], oy + args[1], ox + args[2], oy + args[3]
            else:
                qx, qy = (2 * cx - last_quad[0], 2 * cy - last_quad[1]) if last_quad else (cx, cy)
                x, y = ox + args[0], oy + args[1]
            ops.append(quad_to_cubic(cx, cy, qx, qy, x, y))
            last_quad, last_ctrl = (qx, qy), None
            cx, cy = x, y
        elif upper == "A":
            x, y = ox + args[5], oy + args[6]
            ops.extend(arc_to_cubics(cx, cy, args[0], args[1], args[2], args[3] != 0, args[4] != 0, x, y))
            cx, cy = x, y
            last_ctrl = last_quad = None
    if max_segments is not None and len(ops) > max_segments:
        raise SvgImportError(f"{where}: more path segments in this file than the limit (svg_path_segments)")
    return ops


def quad_to_cubic(x0: float, y0: float, qx: float, qy: float, x: float, y: float) -> PathOp:
    """The cubic Bézier equal to a quadratic one: controls two thirds of the way to the quadratic's."""
    return ("C", x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0), x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)


def arc_to_cubics(x1: float, y1: float, rx: float, ry: float, phi_deg: float, large: bool, sweep: bool,
                  x2: float, y2: float) -> list[PathOp]:
    """An SVG elliptical arc as cubic Béziers of at most 90 degrees each (SVG 1.1, appendix F.6.5)."""
    if x1 == x2 and y1 == y2:
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    phi = math.radians(phi_deg % 360.0)
    cos_p, sin_p = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2.0, (y1 - y2) / 2.0
    x1p, y1p = cos_p * dx + sin_p * dy, -sin_p * dx + cos_p * dy
    lam = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if lam > 1.0:            # radii too small for the endpoints: scale them up, as the spec says
        s = math.sqrt(lam)
        rx, ry = rx * s, ry * s
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    coef = math.sqrt(max(num / den, 0.0)) if den else 0.0
    if large == sweep:
        coef = -coef
    cxp, cyp = coef * rx * y1p / ry, -coef * ry * x1p / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2.0
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2.0

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    theta1 = angle(1.0, 0.0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    delta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    elif sweep and delta < 0:
        delta += 2 * math.pi
    segments = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / segments
    k = 4.0 / 3.0 * math.tan(step / 4.0)

    def point(t: float) -> tuple[float, float]:
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        return cx + cos_p * ex - sin_p * ey, cy + sin_p * ex + cos_p * ey

    def derivative(t: float) -> tuple[float, float]:
        ex, ey = -rx * math.sin(t), ry * math.cos(t)
        return cos_p * ex - sin_p * ey, sin_p * ex + cos_p * ey

    ops = []
    t = theta1
    for n in range(segments):
        t2 = t + step
        p0, p3 = point(t), point(t2)
        d0, d3 = derivative(t), derivative(t2)
        if n == segments - 1:
            p3 = (x2, y2)    # land exactly on the given end point
        ops.append(("C", p0[0] + k * d0[0], p0[1] + k * d0[1], p3[0] - k * d3[0], p3[1] - k * d3[1], p3[0], p3[1]))
        t = t2
    return ops


# --- the tree -----------------------------------------------------------------------------------

class _Parser:
    def __init__(self, path: Path, root: ET.Element, bounds: Optional[SvgBounds] = None):
        self.path, self.root, self.bounds = path, root, bounds
        self.shapes: list[Shape] = []
        self.ids = {el.get("id"): el for el in root.iter() if el.get("id")}
        self._use_depth = 0
        self._depth = 0
        self._elements = 0
        self._segments = 0      # path segments read so far (bounds.max_segments)

    def fail(self, message: str, element: Optional[ET.Element] = None) -> SvgImportError:
        where = f" <{_local(element.tag)}>" if element is not None else ""
        return SvgImportError(f"{self.path}:{where} {message}")

    def length(self, value: Optional[str], element: ET.Element, name: str, default: float = 0.0) -> float:
        if value is None or value.strip() == "":
            return default
        m = re.fullmatch(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(px|pt|pc|mm|cm|in|%)?\s*", value)
        if not m:
            raise self.fail(f"cannot read {name}={value!r}", element)
        unit = m.group(2) or ""
        if unit == "%":
            raise self.fail(f"{name}={value!r}: percentages are not supported; use user units", element)
        return float(m.group(1)) * _UNITS_PER_PX[unit]

    def view_box(self, text: str, element: ET.Element) -> tuple[float, float, float, float]:
        """Four numbers, a width and height neither 0 nor so small or large that scaling them overflows."""
        nums = [float(v) for v in _NUMBER.findall(text)]
        smallest, largest = (self.bounds.min_view_box, self.bounds.max_coordinate) if self.bounds else (0.0, math.inf)
        if len(nums) != 4 or not (nums[2] > 0 and nums[3] > 0):
            raise self.fail(f"viewBox {text!r} must be four numbers with a positive width and height", element)
        if min(nums[2:]) < smallest or max(abs(n) for n in nums) > largest:
            raise self.fail(f"viewBox {text!r}: its sides must lie between {smallest:g} and {largest:g} (a viewBox "
                            f"that small or large scales the drawing beyond any printable number)", element)
        return nums[0], nums[1], nums[2], nums[3]

    def drawing(self) -> SvgDrawing:
        root = self.root
        vb = root.get("viewBox")
        if vb:
            view_box = self.view_box(vb, root)
        else:
            w = self.length(root.get("width"), root, "width", 0.0)
            h = self.length(root.get("height"), root, "height", 0.0)
            if w <= 0 or h <= 0:
                raise self.fail("needs a viewBox, or a width and height in absolute units", root)
            view_box = (0.0, 0.0, w, h)   # user units are px when there is no viewBox
        par = (root.get("preserveAspectRatio") or "xMidYMid meet").split()
        align = par[0] if par else "xMidYMid"
        if align != "none" and not re.fullmatch(r"x(Min|Mid|Max)Y(Min|Mid|Max)", align):
            raise self.fail(f"preserveAspectRatio {align!r} is not understood", root)
        slice_ = len(par) > 1 and par[1] == "slice"
        style = {"fill": "#000000", "stroke": None, "stroke-width": "1", "fill-rule": "nonzero",
                 "stroke-linecap": "butt", "stroke-linejoin": "miter", "stroke-dasharray": "none",
                 "visibility": "visible", "fill-opacity": "1", "stroke-opacity": "1"}
        self.children(root, IDENTITY, style)
        return SvgDrawing(self.path, tuple(self.shapes), view_box, align, slice_)

    def children(self, element: ET.Element, matrix: Affine, style: dict) -> None:
        for child in element:
            self.element(child, matrix, style)

    def properties(self, element: ET.Element) -> dict:
        props = {}
        for name in _INHERITED + ("opacity", "display", "clip-path", "mask", "filter"):
            if element.get(name) is not None:
                props[name] = element.get(name).strip()
        for decl in (element.get("style") or "").split(";"):
            if ":" in decl:
                key, _, value = decl.partition(":")
                props[key.strip()] = value.strip()
        return props

    def element(self, element: ET.Element, matrix: Affine, style: dict) -> None:
        self._elements += 1
        self._depth += 1
        try:
            if self.bounds is not None:
                if self._depth > self.bounds.max_depth:
                    raise self.fail(f"elements nest more than {self.bounds.max_depth} deep, counting each <use> "
                                    f"(limit svg_depth)", element)
                if self._elements > self.bounds.max_elements:
                    raise self.fail(f"more than {self.bounds.max_elements} elements once every <use> is expanded "
                                    f"(limit svg_elements)", element)
            self._element(element, matrix, style)
        finally:
            self._depth -= 1

    def _element(self, element: ET.Element, matrix: Affine, style: dict) -> None:
        if not isinstance(element.tag, str):
            return          # comments and processing instructions
        if _namespace(element.tag) not in ("", SVG_NS):
            return          # editor data (Inkscape, Sodipodi): draws nothing
        tag = _local(element.tag)
        if tag in _SILENT:
            return
        if tag in _UNSUPPORTED:
            raise self.fail(f"<{tag}> is not supported: convert text to paths and embed no images", element)
        props = self.properties(element)
        if props.get("display") == "none":
            return
        for name in ("clip-path", "mask", "filter"):
            if props.get(name, "none") != "none":
                raise self.fail(f"{name} is not supported", element)
        for name in ("opacity", "fill-opacity", "stroke-opacity"):
            if name in props:
                try:
                    value = float(props[name].rstrip("%")) / (100.0 if props[name].endswith("%") else 1.0)
                except ValueError:
                    raise self.fail(f"cannot read {name}={props[name]!r}", element) from None
                if value < 0.999:
                    raise self.fail(f"{name} below 1 is not supported (print has no transparency here)", element)
        inherited = dict(style)
        inherited.update({k: v for k, v in props.items() if k in _INHERITED})
        if element.get("transform"):
            matrix = parse_transform(element.get("transform"), f"{self.path}: <{tag}>").then(matrix)
        if tag == "g":
            self.children(element, matrix, inherited)
        elif tag == "svg":      # a nested viewport: place its viewBox into x, y, width, height
            x = self.length(element.get("x"), element, "x")
            y = self.length(element.get("y"), element, "y")
            matrix = translation(x, y).then(matrix)
            vb = element.get("viewBox")
            if vb:
                vx, vy, vw, vh = self.view_box(vb, element)
                w = self.length(element.get("width"), element, "width", vw)
                h = self.length(element.get("height"), element, "height", vh)
                s = min(w / vw, h / vh)
                matrix = Affine(a=s, d=s, tx=(w - vw * s) / 2 - vx * s, ty=(h - vh * s) / 2 - vy * s).then(matrix)
            self.children(element, matrix, inherited)
        elif tag == "use":
            ref = (element.get(f"{{{XLINK_NS}}}href") or element.get("href") or "").lstrip("#")
            target = self.ids.get(ref)
            if target is None:
                raise self.fail(f"<use> refers to '#{ref}', which is not in the file", element)
            if self._use_depth > 20:
                raise self.fail("<use> elements refer to each other in a loop", element)
            x = self.length(element.get("x"), element, "x")
            y = self.length(element.get("y"), element, "y")
            self._use_depth += 1
            if _local(target.tag) == "symbol":
                self.children(target, translation(x, y).then(matrix), inherited)
            else:
                self.element(target, translation(x, y).then(matrix), inherited)
            self._use_depth -= 1
        else:
            ops = self.geometry(tag, element)
            if ops is None:
                raise self.fail(f"<{tag}> is not supported", element)
            if tag != "path" and self.bounds is not None and self.bounds.max_segments is not None:
                self._segments += len(ops)      # a path counts its own as it is read
                if self._segments > self.bounds.max_segments:
                    raise self.fail(f"more than {self.bounds.max_segments} path segments in this file "
                                    f"(svg_path_segments)", element)
            if ops and inherited.get("visibility", "visible") == "visible":
                self.paint(element, ops, matrix, inherited)

    def geometry(self, tag: str, e: ET.Element) -> Optional[list[PathOp]]:
        num = lambda name, default=0.0: self.length(e.get(name), e, name, default)  # noqa: E731
        if tag == "path":
            if self.bounds is None or self.bounds.max_segments is None:
                return parse_path(e.get("d") or "", f"{self.path}: <path id={e.get('id')!r}>")
            ops = parse_path(e.get("d") or "", f"{self.path}: <path id={e.get('id')!r}>",
                             self.bounds.max_segments - self._segments, self.bounds.max_coordinate)
            self._segments += len(ops)
            return ops
        if tag == "rect":
            w, h = num("width"), num("height")
            if w <= 0 or h <= 0:
                return []
            rx_raw, ry_raw = e.get("rx"), e.get("ry")
            rx = num("rx") if rx_raw is not None else None
            ry = num("ry") if ry_raw is not None else None
            rx = ry if rx is None else rx
            ry = rx if ry is None else ry
            rx, ry = min(rx or 0.0, w / 2), min(ry or 0.0, h / 2)
            return rounded_rect_ops(num("x"), num("y"), w, h, rx, ry)
        if tag == "circle":
            r = num("r")
            return ellipse_ops(num("cx"), num("cy"), r, r) if r > 0 else []
        if tag == "ellipse":
            rx, ry = num("rx"), num("ry")
            return ellipse_ops(num("cx"), num("cy"), rx, ry) if rx > 0 and ry > 0 else []
        if tag == "line":
            return [("M", num("x1"), num("y1")), ("L", num("x2"), num("y2"))]
        if tag in ("polyline", "polygon"):
            values = [float(v) for v in _NUMBER.findall(e.get("points") or "")]
            if len(values) < 4:
                return []
            return polygon_ops(list(zip(values[0::2], values[1::2])), closed=tag == "polygon")
        return None

    def paint(self, element: ET.Element, ops: list[PathOp], matrix: Affine, style: dict) -> None:
        fill = self.colour(style.get("fill"), element, "fill")
        if _local(element.tag) == "line":
            fill = None    # a line has no inside (a polyline does: SVG fills it black by default)
        stroke = self.colour(style.get("stroke"), element, "stroke")
        width = self.length(style.get("stroke-width"), element, "stroke-width", 1.0)
        width *= matrix.scale   # exact for uniform scales, the mean for stretched ones
        dash_text = style.get("stroke-dasharray") or "none"
        dash = () if dash_text == "none" else tuple(float(v) * matrix.scale for v in _NUMBER.findall(dash_text))
        if dash and len(dash) % 2:
            dash = dash * 2   # an odd list repeats, as SVG says
        if dash and not any(dash):
            dash = ()
        if fill is None and stroke is None:
            return
        cap = style.get("stroke-linecap", "butt")
        join = style.get("stroke-linejoin", "miter")
        if cap not in ("butt", "round", "square"):
            cap = "butt"
        if join not in ("miter", "round", "bevel"):
            join = "miter"
        self.shapes.append(Shape(tuple(matrix.map_ops(ops)), fill, stroke, width,
                                 style.get("fill-rule") == "evenodd", cap, join, dash))

    def colour(self, value: Optional[str], element: ET.Element, name: str) -> Optional[str]:
        if value is None:
            return None
        v = value.strip()
        low = v.lower()
        if low in ("none", "transparent"):
            return None
        if low.startswith("url("):
            raise self.fail(f"{name}: gradients and patterns ({v}) are not supported; use plain colours", element)
        if low == "currentcolor":
            return "#000000"
        if re.fullmatch(r"#[0-9a-fA-F]{6}", v):
            return v.upper()
        if re.fullmatch(r"#[0-9a-fA-F]{3}", v):
            return ("#" + "".join(ch * 2 for ch in v[1:])).upper()
        m = re.fullmatch(r"rgb\(\s*([^,\s]+)[\s,]+([^,\s]+)[\s,]+([^,\s)]+)\s*\)", low)
        if m:
            channels = []
            for part in m.groups():
                val = float(part.rstrip("%")) * (2.55 if part.endswith("%") else 1.0)
                channels.append(max(0, min(255, round(val))))
            return "#{:02X}{:02X}{:02X}".format(*channels)
        if low in _NAMED:
            return _NAMED[low]
        raise self.fail(f"{name}: colour {v!r} is not understood", element)
