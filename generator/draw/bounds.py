"""A canvas that draws nothing and measures: the box (x, y, w, h) in mm that a drawing covers.

The print layer asks where a large face carries marks (a mat's zones, labels, rulers) so the seams of
its tiles keep clear of them; measuring the face's own drawing keeps that true whatever the content draws.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from typing import Callable, Iterator, Optional

from . import fonts, outline
from .canvas import Canvas, Point
from .geometry import circle_ops
from .style import TextStyle

Box = tuple[float, float, float, float]


class BoundsCanvas(Canvas):
    def __init__(self) -> None:
        self._matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)     # a, b, c, d, e, f: x' = a x + c y + e
        self._box: Optional[list[float]] = None
        self._clip: Optional[tuple[float, float, float, float]] = None   # x0, y0, x1, y1 on the canvas
        self.wrote_text = False
        self._points: list[tuple[float, float]] = []     # every area's corners as drawn (turned), cut to the clip

    def repeated(self, key: tuple, w: float, h: float, draw: Callable[[Canvas], None], *,
                 at: tuple[float, float] = (0.0, 0.0)) -> None:
        """Repeated art counts as the box it is placed in (it clips the art): a pattern covers its zone,
        and measuring its every dot cost PuXes 20 s."""
        self._area(at[0], at[1], w, h)

    @property
    def box(self) -> Optional[Box]:
        if self._box is None:
            return None
        x0, y0, x1, y1 = self._box
        return (x0, y0, x1 - x0, y1 - y0)

    @property
    def outline(self) -> list[tuple[float, float]]:
        """The convex outline of all that was drawn (draw/outline.py): a zone turned with its group is its own
        turned rectangle, where `box` is the box round it."""
        return outline.convex_hull(self._points)

    def _map(self, x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = self._matrix
        return a * x + c * y + e, b * x + d * y + f

    def _area(self, x: float, y: float, w: float, h: float, pad: float = 0.0) -> None:
        """Adds the area (turned with the group), cut to the clip in force: a pattern's lines run past the
        zone they are clipped to."""
        points = [self._map(px, py) for px, py in ((x - pad, y - pad), (x + w + pad, y - pad), (x + w + pad, y + h + pad),
                                                   (x - pad, y + h + pad))]
        x0, y0 = min(p[0] for p in points), min(p[1] for p in points)
        x1, y1 = max(p[0] for p in points), max(p[1] for p in points)
        if self._clip is not None:
            cx0, cy0, cx1, cy1 = self._clip
            x0, y0, x1, y1 = max(x0, cx0), max(y0, cy0), min(x1, cx1), min(y1, cy1)
            if x0 > x1 or y0 > y1:
                return
            points = outline.clip(outline.clip(outline.convex_hull(points), 0, cx0, cx1), 1, cy0, cy1)
        self._points += points
        if self._box is None:
            self._box = [x0, y0, x1, y1]
        else:
            bx = self._box
            bx[0], bx[1], bx[2], bx[3] = min(bx[0], x0), min(bx[1], y0), max(bx[2], x1), max(bx[3], y1)

    def _rect(self, x, y, w, h, fill, stroke, radius) -> None:
        self._area(x, y, w, h, stroke.width_mm / 2 if stroke else 0.0)

    def _circle(self, cx, cy, r, fill, stroke) -> None:
        pad = stroke.width_mm / 2 if stroke else 0.0
        kept = len(self._points)
        self._area(cx - r, cy - r, 2 * r, 2 * r, pad)
        if len(self._points) > kept:       # the outline is the circle, not its box (the box stays)
            del self._points[kept:]
            self._curve_outline(circle_ops(cx, cy, r), pad)

    def _path(self, ops, fill, stroke, even_odd) -> None:
        pad = stroke.width_mm / 2 if stroke else 0.0
        curved = any(op[0] == "C" for op in ops)
        kept = len(self._points)
        self._path_box(ops, pad)
        if curved and len(self._points) > kept:
            # The box is the control points' (as it always was); the outline is the curve's own points
            # (outline.cubic_points): the control points of PuXes' play circle make an octagon round it.
            del self._points[kept:]
            self._curve_outline(ops, pad)

    def _curve_outline(self, ops, pad: float) -> None:
        """Adds the outline of a path with curves: each Bézier flattened (a bounded count of points), padded by
        half its stroke, turned with the group and cut to the clip like any area."""
        points: list[tuple[float, float]] = []
        at = (0.0, 0.0)
        for op in ops:
            if op[0] == "C":
                points += outline.cubic_points(at, (op[1], op[2]), (op[3], op[4]), (op[5], op[6]))
                at = (op[5], op[6])
            elif op[0] in ("M", "L"):
                at = (op[1], op[2])
                points.append(at)
        if pad:
            for x, y in points:
                self._area(x, y, 0.0, 0.0, pad)
            return
        mapped = [self._map(x, y) for x, y in points]
        if self._clip is not None:
            cx0, cy0, cx1, cy1 = self._clip
            mapped = [(px, py) for px, py in mapped if cx0 <= px <= cx1 and cy0 <= py <= cy1]
        self._points += mapped

    def _path_box(self, ops, pad: float) -> None:
        if pad:
            for op in ops:
                for x, y in zip(op[1::2], op[2::2]):
                    self._area(x, y, 0.0, 0.0, pad)
            return
        # Unpadded, a point's area is the point itself (x - 0.0 + 0.0 is x): the same box as _area point by point,
        # its points mapped and compared in one pass (a die's symbols, measured to keep clear of a net's number).
        a, b, c, d, e, f = self._matrix
        xs = [a * x + c * y + e for op in ops for x, y in zip(op[1::2], op[2::2])]
        ys = [b * x + d * y + f for op in ops for x, y in zip(op[1::2], op[2::2])]
        if self._clip is not None:        # a point outside the clip adds nothing; one inside adds itself
            cx0, cy0, cx1, cy1 = self._clip
            kept = [(px, py) for px, py in zip(xs, ys) if cx0 <= px <= cx1 and cy0 <= py <= cy1]
            xs, ys = [p[0] for p in kept], [p[1] for p in kept]
        if not xs:
            return
        self._points += zip(xs, ys)         # the outline too (draw/outline.py): a turned zone drawn as a path
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
        if self._box is None:
            self._box = [x0, y0, x1, y1]
        else:
            bx = self._box
            bx[0], bx[1], bx[2], bx[3] = min(bx[0], x0), min(bx[1], y0), max(bx[2], x1), max(bx[3], y1)

    def _text_run(self, x: float, y: float, text: str, style: TextStyle) -> None:
        # Ascenders reach about 0.8 of the size above the baseline, descenders 0.25 below.
        self.wrote_text = True
        self._area(x, y - 0.8 * style.size_mm, fonts.text_width_mm(text, style), 1.05 * style.size_mm)

    def image(self, x, y, w, h, source) -> None:
        self._area(x, y, w, h)

    @contextmanager
    def group(self, *, translate: Point = (0.0, 0.0), rotate_deg: float = 0.0, scale: float = 1.0,
              clip=None, name=None) -> Iterator[None]:
        saved, saved_clip = self._matrix, self._clip
        a, b, c, d, e, f = saved
        e, f = a * translate[0] + c * translate[1] + e, b * translate[0] + d * translate[1] + f
        t = math.radians(rotate_deg)
        cos, sin = math.cos(t) * scale, math.sin(t) * scale
        self._matrix = (a * cos + c * sin, b * cos + d * sin, -a * sin + c * cos, -b * sin + d * cos, e, f)
        if clip is not None:
            cx, cy, cw, ch = clip
            corners = [self._map(px, py) for px in (cx, cx + cw) for py in (cy, cy + ch)]
            box = (min(p[0] for p in corners), min(p[1] for p in corners),
                   max(p[0] for p in corners), max(p[1] for p in corners))
            if self._clip is not None:
                box = (max(box[0], self._clip[0]), max(box[1], self._clip[1]),
                       min(box[2], self._clip[2]), min(box[3], self._clip[3]))
            self._clip = box
        try:
            yield
        finally:
            self._matrix, self._clip = saved, saved_clip


class TextsCanvas(BoundsCanvas):
    """Records every string a drawing writes, where, and the clip in force; whether that clip hides it wholly
    (`hidden`: a figure's crop of a mat draws the whole face, what lies beyond the crop is drawn and hidden) is
    measured only when asked. Nothing else is measured: the figure proof asks this of every figure in every
    build, and measuring each line, cell and label's box as BoundsCanvas does was most of the proof's time."""

    def __init__(self) -> None:
        super().__init__()
        self.strings: list[tuple] = []      # (text, x, y, style, matrix, clip): each string as drawn
        self._hidden: dict[int, bool] = {}

    def _text_run(self, x: float, y: float, text: str, style: TextStyle) -> None:
        self.strings.append((text, x, y, style, self._matrix, self._clip))

    def hidden(self, i: int) -> bool:
        """Whether the clip in force when string `i` was drawn hides it wholly (its box: the advance width, 0.8
        of the size above the baseline, 0.25 below)."""
        known = self._hidden.get(i)
        if known is None:
            text, x, y, style, (a, b, c, d, e, f), clip = self.strings[i]
            known = False
            if clip is not None:
                w = fonts.text_width_mm(text, style)
                xs, ys = [], []
                for px in (x, x + w):
                    for py in (y - 0.8 * style.size_mm, y + 0.25 * style.size_mm):
                        xs.append(a * px + c * py + e)
                        ys.append(b * px + d * py + f)
                known = max(xs) <= clip[0] or min(xs) >= clip[2] or max(ys) <= clip[1] or min(ys) >= clip[3]
            self._hidden[i] = known
        return known

    keeps_shapes = False

    # No box but the text's: lines, fills, images and repeated art write no string.
    def rect(self, *args, **kwargs) -> None:
        pass

    def circle(self, *args, **kwargs) -> None:
        pass

    def path(self, *args, **kwargs) -> None:
        pass

    def _path(self, ops, fill, stroke, even_odd) -> None:     # an icon inline in a text run
        pass

    def image(self, x, y, w, h, source) -> None:
        pass

    def repeated(self, key, w, h, draw, *, at=(0.0, 0.0)) -> None:
        pass


def drawn_texts(draw) -> TextsCanvas:
    """The canvas `draw(canvas)` wrote its strings on: `strings` in order, `hidden(i)` measured when asked."""
    canvas = TextsCanvas()
    draw(canvas)
    return canvas


def texts(draw) -> list[tuple[str, bool]]:
    """Each string `draw(canvas)` writes, in order, and whether its clip hides it wholly."""
    canvas = drawn_texts(draw)
    return [(run[0], canvas.hidden(i)) for i, run in enumerate(canvas.strings)]


def bounds(draw) -> tuple[Optional[Box], bool]:
    """The box that `draw(canvas)` covers (None when it draws nothing), and whether it writes text."""
    canvas = BoundsCanvas()
    draw(canvas)
    return canvas.box, canvas.wrote_text


def measure(draw) -> tuple[Optional[Box], bool, list[tuple[float, float]]]:
    """bounds(), and the convex outline of what `draw(canvas)` covers (its corners, in mm)."""
    canvas = BoundsCanvas()
    draw(canvas)
    return canvas.box, canvas.wrote_text, canvas.outline
