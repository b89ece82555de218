"""Crop marks, fold marks and alignment marks: page furniture that tells the scissors where to go.

Marks are computed as segments first, then drawn, so tests and cut files see
the same geometry. A mark never touches printed art: perimeter marks sit
beyond the outermost art, gutter marks only in bands that no art crosses, and
`clear_of_art` drops anything that would still touch an art rectangle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Sequence

from ..draw.style import MIN_LINE_MM, Stroke
from .geometry import Box

if TYPE_CHECKING:   # a type only: the reader takes the mark sizes from here, and a rebuild draws nothing
    from ..draw.canvas import Canvas

MARK_LEN_MM = 5.0          # STYLE.md: cut marks 5 mm long
MARK_OFFSET_MM = 2.0       # STYLE.md: 2 mm off the trim (further when bleed art reaches beyond that)
MARK_CLEARANCE_MM = 0.5    # white gap between printed art and the start of a mark
MIN_MARK_MM = 2.5          # shorter than this, a mark is too hard to find with a ruler
MARK_WIDTH_MM = MIN_LINE_MM  # 0.25 pt
EDGE_MIN_MM = MARK_OFFSET_MM + MIN_MARK_MM   # room beyond the outer trim that the smallest marks need



def stack_height(heights: Sequence[float]) -> float:
    """The height of pieces (a tiled mat's windows) stood one above the other on a page, the marks of each kept in
    its own share (EDGE_MIN_MM on either side of a gap): what the tiler packs and the reader checks."""
    return sum(heights) + 2 * EDGE_MIN_MM * (len(heights) - 1)


CUT_STROKE = Stroke("#000000", MARK_WIDTH_MM)
FOLD_STROKE = Stroke("#000000", MARK_WIDTH_MM, dash_mm=(1.0, 1.0))
ALIGN_STROKE = Stroke("#000000", MARK_WIDTH_MM, dash_mm=(2.0, 0.6, 0.4, 0.6))   # dash-dot: "lay the next sheet's edge here"
OUTLINE_STROKE = Stroke("#808080", MARK_WIDTH_MM)
FOLD_LINE_STROKE = Stroke("#808080", MARK_WIDTH_MM, dash_mm=(2.0, 1.5))


@dataclass(frozen=True)
class Mark:
    x1: float
    y1: float
    x2: float
    y2: float
    kind: str = "cut"          # cut | fold | align


@dataclass(frozen=True)
class Line:
    """A straight cut or fold running across the page: `vertical` lines have a fixed x."""
    vertical: bool
    at: float
    kind: str = "cut"


def _merge(intervals: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[list[float]] = []
    for a, b in sorted(intervals):
        if merged and a <= merged[-1][1] + 1e-9:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return [(a, b) for a, b in merged]


def grid_marks(arts: Sequence[Box], lines: Sequence[Line], trims: Sequence[Box], area: Box) -> list[Mark]:
    """Marks extending each line beyond the art around it, inside `area` (the printable region).

    Perimeter marks go outside the union of all art, starting MARK_OFFSET_MM
    off the trim (or just past the art when bleed reaches further) and as long
    as the area allows, up to MARK_LEN_MM. Inside the sheet, a mark goes in a
    band between rows (or columns) only where that band is free of art.
    """
    if not arts:
        return []
    left = min(b[0] for b in arts)
    top = min(b[1] for b in arts)
    right = max(b[0] + b[2] for b in arts)
    bottom = max(b[1] + b[3] for b in arts)
    t_left = min(b[0] for b in trims)
    t_top = min(b[1] for b in trims)
    t_right = max(b[0] + b[2] for b in trims)
    t_bottom = max(b[1] + b[3] for b in trims)
    ax0, ay0, ax1, ay1 = area[0], area[1], area[0] + area[2], area[1] + area[3]
    marks: list[Mark] = []

    def outward(start: float, limit: float) -> tuple[float, float] | None:
        """A mark from `start` toward `limit` (either direction), clipped to MARK_LEN_MM."""
        room = abs(limit - start)
        if room < MIN_MARK_MM - 1e-9:
            return None
        length = min(MARK_LEN_MM, room)
        return start, start + (length if limit > start else -length)

    starts = {
        "top": min(t_top - MARK_OFFSET_MM, top - MARK_CLEARANCE_MM),
        "bottom": max(t_bottom + MARK_OFFSET_MM, bottom + MARK_CLEARANCE_MM),
        "left": min(t_left - MARK_OFFSET_MM, left - MARK_CLEARANCE_MM),
        "right": max(t_right + MARK_OFFSET_MM, right + MARK_CLEARANCE_MM),
    }
    row_bands = _free_bands([(b[1], b[1] + b[3]) for b in arts])
    col_bands = _free_bands([(b[0], b[0] + b[2]) for b in arts])
    for line in lines:
        if line.vertical:
            for start, limit in ((starts["top"], ay0), (starts["bottom"], ay1)):
                seg = outward(start, limit)
                if seg:
                    marks.append(Mark(line.at, seg[0], line.at, seg[1], line.kind))
            for a, b in row_bands:
                seg = _centred(a, b)
                if seg:
                    marks.append(Mark(line.at, seg[0], line.at, seg[1], line.kind))
        else:
            for start, limit in ((starts["left"], ax0), (starts["right"], ax1)):
                seg = outward(start, limit)
                if seg:
                    marks.append(Mark(seg[0], line.at, seg[1], line.at, line.kind))
            for a, b in col_bands:
                seg = _centred(a, b)
                if seg:
                    marks.append(Mark(seg[0], line.at, seg[1], line.at, line.kind))
    return clear_of_art(marks, arts)


def _free_bands(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    merged = _merge(intervals)
    return [(merged[i][1], merged[i + 1][0]) for i in range(len(merged) - 1)]


def _centred(a: float, b: float) -> tuple[float, float] | None:
    room = (b - a) - 2 * MARK_CLEARANCE_MM
    if room < MIN_MARK_MM - 1e-9:
        return None
    length = min(MARK_LEN_MM, room)
    mid = (a + b) / 2
    return mid - length / 2, mid + length / 2


def touches(mark: Mark, box: Box, clearance: float = MARK_CLEARANCE_MM / 2) -> bool:
    """Whether an axis-parallel mark comes within `clearance` of a box (the mark's width included)."""
    half = MARK_WIDTH_MM / 2 + clearance
    x0, x1 = sorted((mark.x1, mark.x2))
    y0, y1 = sorted((mark.y1, mark.y2))
    return (x0 - half < box[0] + box[2] and x1 + half > box[0] and
            y0 - half < box[1] + box[3] and y1 + half > box[1])


def clear_of_art(marks: Iterable[Mark], arts: Sequence[Box]) -> list[Mark]:
    return [m for m in marks if not any(touches(m, a) for a in arts)]


def draw_marks(canvas: Canvas, marks: Iterable[Mark]) -> None:
    strokes = {"cut": CUT_STROKE, "fold": FOLD_STROKE, "align": ALIGN_STROKE}
    for m in marks:
        canvas.line(m.x1, m.y1, m.x2, m.y2, strokes[m.kind])


def registration_target(canvas: Canvas, cx: float, cy: float, size_mm: float = 4.0) -> None:
    """A circle with a cross through it: the same point on two sheets that must be laid together."""
    r = size_mm / 2
    canvas.circle(cx, cy, r * 0.6, stroke=CUT_STROKE)
    canvas.line(cx - r, cy, cx + r, cy, CUT_STROKE)
    canvas.line(cx, cy - r, cx, cy + r, CUT_STROKE)
