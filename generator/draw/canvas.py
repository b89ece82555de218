"""The canvas interface every component draws on.

Coordinates are millimetres from the top-left corner of the page, y pointing
down, as in SVG. Backends implement the primitives (`_` methods are theirs);
everything built from primitives (text wrapping and fitting, arrows, pips)
lives here once, so the PDF and the SVG come from the same decisions.
"""

from __future__ import annotations

import math
import re
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Callable, Iterator, Sequence

from . import fonts, icons
from .errors import LayoutError   # text that cannot fit its box, an unknown icon: the one error of draw/
from .geometry import PathOp, Point, polygon_ops
from .style import MIN_LINE_MM, MM_PER_PT, Stroke, TextStyle, ink_saver_fill, ink_saver_ink


# What an icon's run holds as text: the Unicode character that stands for an object set in a line.
ICON_TEXT = "\ufffc"


@dataclass(frozen=True)
class Run:
    text: str
    style: TextStyle
    icon: str | None = None      # an icon of draw/icons.py drawn in the line instead of text (text: ICON_TEXT)


@dataclass(frozen=True)
class PlacedRun:
    x_mm: float
    text: str
    style: TextStyle
    icon: str | None = None


def run_width_mm(text: str, style: TextStyle, icon: str | None = None) -> float:
    """Advance width of a run: its text, or the icon it draws."""
    return icons.inline_advance_mm(style.size_mm) if icon else fonts.text_width_mm(text, style)


_INLINE = re.compile(r"(\*\*.+?\*\*|\*.+?\*)")


def parse_inline(text: str, style: TextStyle) -> list[Run]:
    """`**bold**`, `*italic*` and icons (`:crown:`, see icons.INLINE_ICON) inside a string, as runs.

    An unknown icon name is a LayoutError, which the layer that read the text turns into its file and line.
    """
    runs = []
    for piece in _INLINE.split(text):
        if not piece:
            continue
        if piece.startswith("**") and piece.endswith("**") and len(piece) > 4:
            piece, look = piece[2:-2], style.with_(bold=True)
        elif piece.startswith("*") and piece.endswith("*") and len(piece) > 2:
            piece, look = piece[1:-1], style.with_(italic=True)
        else:
            look = style
        for part in icons.split_inline(piece):
            runs.append(Run(ICON_TEXT, look, part.name) if isinstance(part, icons.InlineIcon) else Run(part, look))
    return runs


def wrap_runs(runs: Sequence[Run], width_mm: float) -> list[list[PlacedRun]]:
    """Break runs into lines no wider than width_mm, at spaces; '\\n' forces a break.

    A word is never broken where two runs meet without a space ("**3**pts", an icon before its "!").
    """
    lines: list[list[PlacedRun]] = [[]]
    x = 0.0
    for word in _words(runs):
        if word is None:
            lines.append([])
            x = 0.0
            continue
        w = sum(piece[3] for piece in word)
        if lines[-1] and x + w > width_mm + 1e-6 and w > 0:
            lines.append([])
            x = 0.0
        for text, style, icon, width, trailing, space_w in word:
            if text:
                _append(lines[-1], x, text, style, icon)
                x += width
            if trailing and lines[-1]:
                _append(lines[-1], x, " " * trailing, style, None)
            x += trailing * space_w
    return [_strip_trailing(line) for line in lines]


def _words(runs: Sequence[Run]):
    """The runs as unbreakable words, None for '\\n'. A word is a list of pieces: (text, style, icon, width,
    trailing spaces, width of a space).

    A piece with no space after it is glued to the next piece, from the same run or the next one.
    """
    word: list = []
    for run in runs:
        if run.icon:
            tokens = [ICON_TEXT]
        else:
            tokens = re.findall(r"\n|[^ \n]+ *| +", run.text)
        space_w = fonts.text_width_mm(" ", run.style)
        for token in tokens:
            if token == "\n":
                if word:
                    yield word
                    word = []
                yield None
                continue
            text = token.rstrip(" ")
            trailing = len(token) - len(text)
            word.append((text, run.style, run.icon, run_width_mm(text, run.style, run.icon) if text else 0.0,
                         trailing, space_w))
            if trailing:
                yield word
                word = []
    if word:
        yield word


def _append(line: list[PlacedRun], x: float, text: str, style: TextStyle, icon: str | None = None) -> None:
    if line and line[-1].style == style and not icon and not line[-1].icon:
        last = line[-1]
        line[-1] = PlacedRun(last.x_mm, last.text + text, style)
    else:
        line.append(PlacedRun(x, text, style, icon))


def _strip_trailing(line: list[PlacedRun]) -> list[PlacedRun]:
    while line and not line[-1].text.strip():
        line.pop()
    if line and not line[-1].icon:
        last = line[-1]
        line[-1] = PlacedRun(last.x_mm, last.text.rstrip(" "), last.style)
    return line


def line_width_mm(line: list[PlacedRun]) -> float:
    if not line:
        return 0.0
    last = line[-1]
    return last.x_mm + run_width_mm(last.text, last.style, last.icon)


class Canvas:
    """Abstract mm canvas. Subclasses: PdfCanvas, SvgCanvas."""

    # Set by the print layer for --ink-saver. Faces read it and swap large dark fills for light ones:
    # once a face is drawn, nothing downstream can recolour it.
    ink_saver: bool = False
    # False on a canvas that keeps only what is written (draw/bounds.TextsCanvas, the figure proof's replay): art
    # made of shapes alone (an SVG asset's paths) need not be worked out for it.
    keeps_shapes: bool = True
    # How much the groups now open scale what is drawn (backends keep it in group()): a face drawn smaller
    # (an assembly map, a figure) keeps its lines at MIN_LINE_MM on paper, the thinnest a printer prints.
    scale: float = 1.0
    # What can still show, in the current group's mm (x, y, w, h), or None when unknown (no clip yet, or a
    # turned group): a path wholly outside it is left out. A tiled board draws its whole face on every
    # tile, clipped to the tile; this keeps each page to what that tile shows.
    view: tuple[float, float, float, float] | None = None
    # Text drawn smaller (a figure, an assembly map) prints at `text_floor_pt` at the least, or not at all: a
    # run that the groups' scale would print under it is drawn at the floor where it still fits, else left
    # out. Text set to a width (a zone's label) fits if it takes no more lines in that width; any other text
    # (no box to measure it against) if the floor enlarges it at most `text_growth` times and it stays within
    # what the clip shows. None: every text at its size times the scale (a face at full size prints what its
    # content says; the preflight tells).
    text_floor_pt: float | None = None
    text_growth: float = 1.0

    @contextmanager
    def text_floor(self, floor_pt: float | None, *, growth: float = 1.0) -> Iterator[None]:
        """Within the block, text drawn smaller keeps to `floor_pt` printed (see text_floor_pt): enlarged where
        it fits, text without a box up to `growth` times; growth 1.0: none is enlarged, what is under the floor
        is left out."""
        outer = self.text_floor_pt, self.text_growth
        self.text_floor_pt, self.text_growth = floor_pt, growth
        try:
            yield
        finally:
            self.text_floor_pt, self.text_growth = outer

    def _text_factor(self, size_pt: float) -> float:
        """How much text of this size is enlarged to print at the floor: 1.0 (as it is) or more. Only under a
        scale below 1: drawn at full size, a face prints what its content asks."""
        floor = self.text_floor_pt
        if floor is None or self.scale >= 1.0 - 1e-9:
            return 1.0
        printed = size_pt * self.scale
        return 1.0 if printed >= floor - 1e-6 else floor / printed

    def _inside_view(self, box: tuple[float, float, float, float]) -> bool:
        view = self.view
        if view is None:
            return True
        eps = 1e-6
        return (box[0] >= view[0] - eps and box[1] >= view[1] - eps and box[2] <= view[0] + view[2] + eps
                and box[3] <= view[1] + view[3] + eps)

    def _inner_view(self, translate: Point, rotate_deg: float, scale: float, clip) -> tuple | None:
        """The view inside a group opened with these arguments (backends call it in group())."""
        view = self.view
        if rotate_deg:
            view = None
        elif view is not None:
            vx, vy, vw, vh = view
            view = ((vx - translate[0]) / scale, (vy - translate[1]) / scale, vw / scale, vh / scale)
        if clip is not None:
            if view is None:
                view = tuple(clip)
            else:
                x0, y0 = max(view[0], clip[0]), max(view[1], clip[1])
                x1 = min(view[0] + view[2], clip[0] + clip[2])
                y1 = min(view[1] + view[3], clip[1] + clip[3])
                view = (x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))
        return view

    @contextmanager
    def _group_state(self, translate: Point, rotate_deg: float, scale: float, clip) -> Iterator[None]:
        """The scale and view within a group opened with these arguments (backends' group() keep them)."""
        outer, self.scale = self.scale, self.scale * scale
        outer_view, self.view = self.view, self._inner_view(translate, rotate_deg, scale, clip)
        try:
            yield
        finally:
            self.scale, self.view = outer, outer_view

    def _outside_view(self, ops: Sequence[PathOp], stroke: Stroke | None) -> bool:
        view = self.view
        if view is None or not ops:
            return False
        xs = [v for op in ops for v in op[1::2]]
        ys = [v for op in ops for v in op[2::2]]
        if not xs or not ys:
            return False
        # A curve stays inside its control points; a stroke reaches past them by at most its miter.
        pad = (5.0 * stroke.width_mm if stroke is not None else 0.0) + 0.01
        return (max(xs) + pad < view[0] or min(xs) - pad > view[0] + view[2]
                or max(ys) + pad < view[1] or min(ys) - pad > view[1] + view[3])

    def _printable(self, stroke: Stroke | None) -> Stroke | None:
        if stroke is None or stroke.width_mm * self.scale >= MIN_LINE_MM - 1e-9:
            return stroke
        return replace(stroke, width_mm=MIN_LINE_MM / self.scale)

    # --- primitives: backends implement the underscored methods ----------------------
    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None,
             stroke: Stroke | None = None, radius: float = 0.0) -> None:
        self._rect(x, y, w, h, self._fill(fill, abs(w * h)), self._printable(stroke), radius)

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None,
               stroke: Stroke | None = None) -> None:
        self._circle(cx, cy, r, self._fill(fill, math.pi * r * r), self._printable(stroke))

    def path(self, ops: Sequence[PathOp], *, fill: str | None = None, stroke: Stroke | None = None,
             even_odd: bool = False) -> None:
        if self._outside_view(ops, stroke):
            return
        if fill is not None and self.ink_saver:
            xs = [v for op in ops for v in op[1::2]]
            ys = [v for op in ops for v in op[2::2]]
            fill = self._fill(fill, (max(xs) - min(xs)) * (max(ys) - min(ys)) if xs else 0.0)
        self._path(ops, fill, self._printable(stroke), even_odd)

    def _fill(self, fill: str | None, area_mm2: float) -> str | None:
        if fill is None or not self.ink_saver:
            return fill
        return ink_saver_fill(fill, area_mm2)

    def _rect(self, x, y, w, h, fill, stroke, radius) -> None:
        raise NotImplementedError

    def _circle(self, cx, cy, r, fill, stroke) -> None:
        raise NotImplementedError

    def _path(self, ops, fill, stroke, even_odd) -> None:
        raise NotImplementedError

    def _text_run(self, x: float, y: float, text: str, style: TextStyle) -> None:
        """Draw one run with its baseline starting at (x, y); no NNBSP inside."""
        raise NotImplementedError

    def image(self, x: float, y: float, w: float, h: float, source) -> None:
        raise NotImplementedError

    @contextmanager
    def group(self, *, translate: Point = (0.0, 0.0), rotate_deg: float = 0.0, scale: float = 1.0,
              clip: tuple[float, float, float, float] | None = None, name: str | None = None) -> Iterator[None]:
        """Draw the block's calls moved, then rotated (clockwise, in degrees), then scaled; clip in local mm."""
        raise NotImplementedError
        yield

    def repeated(self, key: tuple, w: float, h: float, draw: Callable[["Canvas"], None], *,
                 at: Point = (0.0, 0.0)) -> None:
        """Art that recurs (a pattern over a zone, a die's or a cell's texture): `draw` draws it in the box
        (0, 0, w, h), which clips it, and it is placed with that box's corner at `at`.

        The backends draw it once per document and place it by reference after that (a PDF form XObject,
        an SVG group in <defs> and <use>), so a mat's dots are written once, not on every tile and figure.
        `key` names the drawing: equal keys must draw the same (the backend adds what it changes itself,
        the scale that thickens thin lines and --ink-saver). Here: drawn in place, clipped to its box.
        """
        with self.group(translate=at, clip=(0.0, 0.0, w, h)):
            draw(self)

    def _placed_outside_view(self, at: Point, w: float, h: float) -> bool:
        x, y = at
        return self._outside_view([("M", x, y), ("L", x + w, y + h)], None)

    def _repeat_key(self, key: tuple, w: float, h: float) -> tuple:
        return (key, w, h, self.scale, self.ink_saver)

    # --- built from primitives: the same in every backend ------------------------
    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: Stroke) -> None:
        self.path([("M", x1, y1), ("L", x2, y2)], stroke=stroke)

    def polyline(self, points: Sequence[Point], *, stroke: Stroke | None = None, fill: str | None = None,
                 closed: bool = False) -> None:
        self.path(polygon_ops(points, closed=closed), fill=fill, stroke=stroke)

    def polygon(self, points: Sequence[Point], *, fill: str | None = None, stroke: Stroke | None = None) -> None:
        self.polyline(points, stroke=stroke, fill=fill, closed=True)

    def arrow(self, x1: float, y1: float, x2: float, y2: float, *, colour: str, width_mm: float = 0.8,
              head_mm: float = 3.0) -> None:
        """A straight arrow with a filled head ending exactly at (x2, y2)."""
        angle = math.atan2(y2 - y1, x2 - x1)
        back = (x2 - head_mm * math.cos(angle), y2 - head_mm * math.sin(angle))
        self.line(x1, y1, back[0], back[1], Stroke(colour, width_mm, cap="round"))
        half = head_mm * 0.45
        nx, ny = -math.sin(angle) * half, math.cos(angle) * half
        self.polygon([(x2, y2), (back[0] + nx, back[1] + ny), (back[0] - nx, back[1] - ny)], fill=colour)

    def text(self, x: float, y: float, text: str, style: TextStyle, *, align: str = "left") -> None:
        """One line of text, baseline at y; align left, center or right of x."""
        self.runs(x, y, [Run(text, style)], align=align)

    def runs(self, x: float, y: float, runs: Sequence[Run], *, align: str = "left") -> None:
        placed, xx = [], 0.0
        for run in runs:
            placed.append(PlacedRun(xx, run.text, run.style, run.icon))
            xx += run_width_mm(run.text, run.style, run.icon)
        self._placed_line(x, y, placed, align, xx)

    def _placed_line(self, x: float, y: float, line: list[PlacedRun], align: str, width: float) -> None:
        if not line:
            return
        factor = self._text_factor(min(run.style.size_pt for run in line))
        if factor > self.text_growth + 1e-9:
            return                       # made for a larger drawing: enlarged, it would cover its neighbours
        if factor != 1.0:
            size_mm = max(run.style.size_mm for run in line)
            if self._inside_view(_line_box(x, y, width, align, size_mm)) and \
                    not self._inside_view(_line_box(x, y, width * factor, align, size_mm * factor)):
                return                   # enlarged, it would cross the clip it fitted in: left out
            line = _enlarged_line(line, factor)
            width *= factor
        offset = {"left": 0.0, "center": -width / 2.0, "right": -width}[align]
        for run in line:
            cursor = x + offset + run.x_mm
            style = run.style.with_(colour=ink_saver_ink(run.style.colour)) if self.ink_saver else run.style
            if run.icon:       # drawn as its text would be: same colour, on the baseline, at the size of the text
                ops, even_odd = icons.inline_ops(run.icon, cursor, y, run.style.size_mm)
                self._path(ops, style.colour, None, even_odd)
                continue
            parts = run.text.split(fonts.NNBSP)
            for i, part in enumerate(parts):
                if part:
                    self._text_run(cursor, y, part, style)
                cursor += fonts.text_width_mm(part, run.style)
                if i < len(parts) - 1:
                    cursor += fonts.NNBSP_EM * run.style.size_mm

    def text_box(self, x: float, y: float, w: float, h: float, text: str | Sequence[Run], style: TextStyle, *,
                 align: str = "left", valign: str = "top", leading: float = 1.25, fit: bool = True,
                 min_size_pt: float = 7.0) -> float:
        """Wrap text into the box, shrinking it (down to min_size_pt) until it fits.

        Returns the size used. Raises LayoutError when it cannot fit: a silent
        overflow would print text over the cut line.
        """
        layout = layout_text(text, style, w, h, leading=leading, fit=fit, min_size_pt=min_size_pt)
        self.draw_layout(x, y, w, h, layout, align=align, valign=valign)
        return layout.size_pt

    def draw_layout(self, x: float, y: float, w: float, h: float, layout: "TextLayout", *,
                    align: str = "left", valign: str = "top") -> None:
        runs = [run for line in layout.lines for run in line]
        factor = self._text_factor(min(run.style.size_pt for run in runs)) if runs else 1.0
        if factor != 1.0:
            layout = self._enlarged_layout(x, y, w, h, layout, factor, align, valign)
            if layout is None:
                return
        top = y + {"top": 0.0, "middle": (h - layout.height_mm) / 2.0, "bottom": h - layout.height_mm}[valign]
        ax = {"left": x, "center": x + w / 2.0, "right": x + w}[align]
        for i, line in enumerate(layout.lines):
            baseline = top + layout.first_baseline_mm + i * layout.line_height_mm
            self._placed_line(ax, baseline, line, align, line_width_mm(line))

    def _enlarged_layout(self, x: float, y: float, w: float, h: float, layout: "TextLayout", factor: float,
                         align: str, valign: str) -> "TextLayout | None":
        """The layout `factor` times larger if it still fits, else None. Set to a width (w > 0), it is wrapped
        again within it, on no more lines unless the factor is within text_growth; a box taller than the text
        binds its height (one exactly the text's height is only where it was measured); else the block must
        stay within what the clip shows, if it did."""
        if self.text_growth <= 1.0 + 1e-9 or (w <= 0 and factor > self.text_growth + 1e-9):
            return None
        if w > 0:
            runs: list[Run] = []
            for line in layout.lines:
                if runs and line:
                    runs.append(Run(" ", line[0].style))
                runs += [Run(run.text, run.style, run.icon) for run in line]
            size = layout.size_pt * factor
            bigger = layout_text(_scaled(runs, size, layout.size_pt), runs[0].style.with_(size_pt=size), w, h,
                                 leading=layout.line_height_mm / (layout.size_pt * MM_PER_PT), fit=False)
            if any(line_width_mm(line) > w + 1e-6 for line in bigger.lines) or \
                    (len(bigger.lines) > len(layout.lines) and factor > self.text_growth + 1e-9):
                return None                  # a word wider than the box, or more lines than it was made for
        else:
            bigger = layout.enlarged(factor)
        if h > layout.height_mm + 1e-6:
            return bigger if bigger.height_mm <= h + 1e-6 else None
        top = y + {"top": 0.0, "middle": (h - bigger.height_mm) / 2.0, "bottom": h - bigger.height_mm}[valign]
        anchor = {"left": x, "center": x + w / 2.0, "right": x + w}[align]

        def block(lay: TextLayout, top_mm: float) -> tuple[float, float, float, float]:
            wide = max((line_width_mm(line) for line in lay.lines), default=0.0)
            left = anchor - {"left": 0.0, "center": wide / 2.0, "right": wide}[align]
            return left, top_mm, left + wide, top_mm + lay.height_mm
        if self._inside_view(block(layout, y)) and not self._inside_view(block(bigger, top)):
            return None
        return bigger


@dataclass(frozen=True)
class TextLayout:
    lines: list
    size_pt: float
    line_height_mm: float
    first_baseline_mm: float

    @property
    def height_mm(self) -> float:
        if not self.lines:
            return 0.0
        return self.first_baseline_mm + (len(self.lines) - 1) * self.line_height_mm + \
            0.25 * self.line_height_mm / 1.25

    def enlarged(self, factor: float) -> "TextLayout":
        """The same lines, broken where they were, `factor` times larger."""
        return TextLayout([_enlarged_line(line, factor) for line in self.lines], self.size_pt * factor,
                          self.line_height_mm * factor, self.first_baseline_mm * factor)


def _enlarged_line(line: list[PlacedRun], factor: float) -> list[PlacedRun]:
    return [PlacedRun(run.x_mm * factor, run.text, run.style.with_(size_pt=run.style.size_pt * factor), run.icon)
            for run in line]


def _line_box(x: float, y: float, width: float, align: str, size_mm: float) -> tuple[float, float, float, float]:
    """A line's box about its anchor (x at `align`, baseline y): 0.8 em above the baseline, 0.25 em below."""
    left = x + {"left": 0.0, "center": -width / 2.0, "right": -width}[align]
    return left, y - 0.8 * size_mm, left + width, y + 0.25 * size_mm


def _scaled(runs: Sequence[Run], size_pt: float, base_pt: float) -> list[Run]:
    k = size_pt / base_pt
    return [replace(r, style=r.style.with_(size_pt=r.style.size_pt * k)) for r in runs]


def layout_text(text: str | Sequence[Run], style: TextStyle, w: float, h: float, *, leading: float = 1.25,
                fit: bool = True, min_size_pt: float = 7.0) -> TextLayout:
    """Lines and size for text in a w x h box (see Canvas.text_box)."""
    runs = parse_inline(text, style) if isinstance(text, str) else list(text)
    size = style.size_pt
    while True:
        scaled = _scaled(runs, size, style.size_pt)
        lines = wrap_runs(scaled, w)
        size_mm = size * (25.4 / 72.0)
        lh = size_mm * leading
        ascent = fonts.ascent_mm(style.with_(size_pt=size))
        layout = TextLayout(lines, size, lh, ascent)
        too_wide = any(line_width_mm(line) > w + 1e-6 for line in lines)
        if (layout.height_mm <= h + 1e-6 and not too_wide) or not fit:
            return layout
        if size - 0.25 < min_size_pt - 1e-9:
            plain = "".join(f":{r.icon}:" if r.icon else r.text for r in runs)
            raise LayoutError(f"text does not fit a {w:.1f} x {h:.1f} mm box even at {min_size_pt} pt: "
                              f"{plain[:60]!r}{'…' if len(plain) > 60 else ''}")
        size -= 0.25
