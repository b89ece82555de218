"""Large boards and mats: the whole face on one page when the paper allows, else tiled over pages.

Tiles are windows of the face's bleed box, all the same size, neighbours
sharing an overlap strip of `options.overlap_mm`. Sheets are named like a
spreadsheet, row letter then column number (A1, A2, B1…), unless the face prints one of those names as a
word (then by number, or by row and place: print/sheet_names.py), and assembled in
that order: each sheet is cut along its left and top art edges and laid over
the overlap of the sheets before it, its edge on the alignment marks printed
there. An assembly map page, first, shows the whole board with every sheet outlined.
Printed on the page, a sheet is "feuille A2" (catalogue), never a bare A2 that
could read as one of the game's own labels.

A face with marks (Face.keep_clear_mm: a mat's zones, labels, rulers; a turned zone with its outline) is cut
between them: each seam is chosen among the positions the page and the overlap allow, never through text where
any way avoids it, then doing zones the least harm (few cuts, each near a zone's end: _score), then through the
fewest zones (each worth MARK_WORTH_PAGES sheets). The cuts no way avoids are Tiling.cuts, drawn and named on
the assembly map. Where a seam down the whole height would cut
a mark, each row may be cut on its own (Tiling.row_xs: staggered sheets, like bricks), and printed the way up
that holds its marks (Tiling.row_pages: a zone too wide for an upright sheet and another too tall for a turned
one are both kept whole).

A face with grid lines (a board, a map: Face.grid_lines_mm) is cut on them, on the lines clear of its marks
where those allow: each sheet's left and top edges fall on a grid line, so the seams hide in the board's own lines and every sheet holds whole squares. The windows
are then balanced, or as large as the page allows when that prints fewer pages: windows thin enough to
stand one above the other share a page (named beside them, cut apart first). Equal windows are kept when
lines would need more pages. The notes on the overlap strips sit between grid lines, never struck by one, and
off the face's labels and zone outlines as the reader measures them (its glyphs' box and a margin), moved across
their strip where its middle line has no clear spot (_note_place).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Optional, Sequence

from .. import reader_thresholds
from ..components.face import Item
from ..draw import bounds, fonts, outline
from ..draw.canvas import layout_text
from ..draw.errors import LayoutError
from ..draw.geometry import shape_outline_ops
from ..draw.style import Stroke, TextStyle
from ..reader_thresholds import value as threshold
from .document import (LABEL_BAND_MM, GuideInfo, ImposedDocument, PageInfo, Placement, draw_face, draw_label,
                       fr, label_style, new_pdf, page_label)
from .geometry import Box, box3, inflate
from .marks import CUT_STROKE, OUTLINE_STROKE, Line, draw_marks, grid_marks, stack_height
from .options import PrintOptions
from . import sheet_names
from .paper import PAPER_NAMES, Page, candidate_pages
from .preflight import TEXT_ASCENT_EM, TEXT_DESCENT_EM
from .sheet_names import row_name
from .sheet import EDGE_MIN_MM, fit_axis

MIN_TICK_MM = 1.5    # a cut guide across a bleed narrower than this would be too short to find
MAP_LINE = Stroke("#000000", 0.3)
MAP_OVERLAP = Stroke("#000000", 0.2, dash_mm=(1.5, 1.0))
MAP_CUT = Stroke("#C62828", 0.8)       # a seam that cuts a zone (Tiling.cuts), on the assembly map


Span = tuple[float, float]   # (start, size) of the windows of one column or one row, in bleed-box mm


@dataclass(frozen=True)
class Tiling:
    page: Page
    columns: int
    rows: int
    tile_w: float             # the widest window (every window, when they are equal)
    tile_h: float
    overlap: float
    xs: tuple[Span, ...] = ()   # each column's window when they differ (cut on grid lines); () when equal
    ys: tuple[Span, ...] = ()
    sheets: tuple[tuple[tuple[int, int], ...], ...] = ()   # (row, col) of the windows of each page; (): one each
    # Each row's own columns when the rows are staggered (a mat whose marks no seam running the whole height
    # could miss); (): every row has the columns above. `columns` is then the most a row has.
    row_xs: tuple[tuple[Span, ...], ...] = ()
    # Each row's page when the rows turn the paper differently (a row of tall zones upright, one of wide zones
    # turned); (): `page` for every row.
    row_pages: tuple[Page, ...] = ()
    # The seams that cut a zone where no way of cutting keeps every zone whole: (row, col, edge, (x0, y0, x1, y1)),
    # the sheet whose left or top edge ("left", "top") it is, and the part of it inside the zone (bleed-box mm).
    # The assembly map draws and names them (the reader accepts them only through the game's seam_zone_cuts).
    cuts: tuple = ()
    # Each row's sheet names (print/sheet_names.py: A1, A2… unless the piece prints one of them); (): A1, A2…
    names: tuple[tuple[str, ...], ...] = ()

    def name(self, row: int, col: int) -> str:
        return self.names[row][col] if self.names else f"{row_name(row)}{col + 1}"

    def page_of(self, row: int) -> Page:
        return self.row_pages[row] if self.row_pages else self.page

    @property
    def pages(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """The windows printed on each page, in assembly order."""
        return self.sheets or tuple(((r, c),) for r in range(self.rows) for c in range(self.columns_in(r)))

    @property
    def count(self) -> int:
        """How many windows (sheets to cut and glue)."""
        return sum(self.columns_in(r) for r in range(self.rows))

    def columns_in(self, row: int) -> int:
        return len(self.row_xs[row]) if self.row_xs else self.columns

    def window(self, row: int, col: int) -> Box:
        """In face-bleed-local millimetres (origin at the top-left of the face's bleed box)."""
        xs = self.row_xs[row] if self.row_xs else self.xs
        x, w = xs[col] if xs else (col * (self.tile_w - self.overlap), self.tile_w)
        y, h = self.ys[row] if self.ys else (row * (self.tile_h - self.overlap), self.tile_h)
        return (x, y, w, h)

    def below(self, row: int, col: int) -> int:
        """The column of the next row whose sheet covers the middle of this sheet's bottom strip."""
        x, _, w, _ = self.window(row, col)
        middle = x + w / 2
        return next((c for c in range(self.columns_in(row + 1))
                     if self.window(row + 1, c)[0] <= middle <= sum(self.window(row + 1, c)[0:3:2])), col)


def _count(length: float, room: float, overlap: float) -> Optional[int]:
    if length <= room:
        return 1
    if room <= overlap:
        return None
    return math.ceil((length - overlap) / (room - overlap) - 1e-9)


def _spans_on_lines(length: float, room: float, overlap: float, lines: Sequence[float]) -> Optional[tuple[Span, ...]]:
    """Windows whose cut edges (every start but the first) lie on `lines`, each as long as `room` allows:
    taking the farthest line each time gives the fewest windows. None when no line is in reach."""
    spans: list[Span] = []
    start = 0.0
    while length - start > room + 1e-9:
        reach = [x for x in lines if start + 1e-6 < x and x - start + overlap <= room + 1e-9]
        if not reach:
            return None
        cut = max(reach)
        spans.append((start, cut - start + overlap))
        start = cut
    spans.append((start, length - start))
    return tuple(spans)


def _balanced(length: float, room: float, overlap: float, lines: Sequence[float], count: int) -> Optional[tuple[Span, ...]]:
    """`count` windows cut on the lines nearest to equal parts (no sliver of a sheet at the end), or None when
    those lines leave a window too large for the page."""
    cuts: list[float] = []
    for i in range(1, count):
        ahead = [x for x in lines if x > (cuts[-1] if cuts else 0.0) + 1e-6]
        if not ahead:
            return None
        cuts.append(min(ahead, key=lambda x: abs(x - length * i / count)))
    starts = [0.0] + cuts
    ends = [cut + overlap for cut in cuts] + [length]
    if any(end - start > room + 1e-9 or end - start <= overlap for start, end in zip(starts, ends)):
        return None
    return tuple((start, end - start) for start, end in zip(starts, ends))


def _equal(length: float, count: int, overlap: float) -> tuple[Span, ...]:
    size = (length + (count - 1) * overlap) / count
    return tuple((i * (size - overlap), size) for i in range(count))


Marks = Sequence[tuple[float, float, bool, bool]]   # (start, end, heavy, text) of what a seam should not cross
SEAM_CLEARANCE_MM = reader_thresholds.value("seam_clearance_mm")   # a seam this close to text runs through it
BORDER_CLEARANCE_MM = reader_thresholds.value("seam_border_clearance_mm")   # ... this close to a zone's border, beside it
TEXT_SLACK_MM = 1.0         # the reader measures text from its glyphs, we from the font's advance: a margin
ZONE_EDGE_MM = 0.5          # a seam on a zone's edge runs along its outline (two zones side by side), not across
CUT_STEP_MM = 1.0
MARK_WORTH_PAGES = 3        # a zone kept whole is worth up to three more sheets (text is kept whole first)
ZONE_CUT_HARM = 0.25        # a zone cut at all (seam_crossings' harm): two tips cut weigh more than one cut a
CUT_HARM_STEP = 0.05        # quarter deeper; harm greater by a step outweighs any count of sheets (_score)


def _marks_on_axis(boxes: Sequence[tuple], axis: int) -> list[tuple[float, float, bool, bool]]:
    """The marks' extents along one axis (0: x, 1: y), each (start, end, heavy, text): Face.keep_clear_mm."""
    return [(box[axis], box[axis] + box[axis + 2], bool(box[4]), _is_text(box)) for box in boxes]


def _is_text(box: tuple) -> bool:
    """Whether a keep_clear box holds text (kept seam_clearance_mm away) rather than a zone's area."""
    return bool(box[5]) if len(box) > 5 else True


def _margin(heavy: bool, text: bool) -> float:
    """How far from a mark a seam runs through it: text and lines within the clearance; a zone only inside."""
    return SEAM_CLEARANCE_MM + TEXT_SLACK_MM if text or not heavy else -ZONE_EDGE_MM


def _beside_border(cut: float, start: float, end: float) -> bool:
    """Whether a seam at `cut` runs beside a zone's border (start..end), outside it and closer than
    seam_border_clearance_mm but not on it: once glued, a cut edge a few millimetres off a drawn border reads as the
    border drawn twice, or crooked. On it (within ZONE_EDGE_MM) the border's stroke hides the joint."""
    return ZONE_EDGE_MM < start - cut < BORDER_CLEARANCE_MM or ZONE_EDGE_MM < cut - end < BORDER_CLEARANCE_MM


def seam_crossings(cut: float, marks: Marks) -> tuple[int, int, int, float]:
    """(text, zones, light, harm) of the marks that a seam at `cut` runs through: text (a label, a ruler's
    figures), zones (heavy marks without text: a zone's area, not along its edge), light (a line), each this side
    of the clearance; harm: for each zone cut, _cut_harm."""
    text = zones = light = 0
    harm = 0.0
    for start, end, is_heavy, is_text in marks:
        margin = _margin(is_heavy, is_text)
        if is_heavy and not is_text and _beside_border(cut, start, end):
            text += 1               # as bad as text run through: avoided wherever any way avoids it
        elif start - margin < cut < end + margin:
            if not is_heavy:
                light += 1
            elif is_text:
                text += 1
            else:
                zones += 1
                harm += _cut_harm(cut, start, end)
    return text, zones, light, harm


def _cut_harm(cut: float, start: float, end: float) -> float:
    """What cutting a zone (start..end) at `cut` costs: ZONE_CUT_HARM, and how far inside it the seam runs from its
    nearer end as a share of its length (a seam through a garden's tip does less harm than one through its
    middle, 0.5; a small square cut anywhere is cut through about its middle)."""
    return ZONE_CUT_HARM + max(0.0, min(cut - start, end - cut)) / max(end - start, 1e-9)


def _weights(positions: Sequence[float], marks: Marks) -> list[float]:
    """What a seam costs at each of the evenly spaced `positions` (seam_crossings, text first, then the harm to
    zones), each mark added over the positions it covers rather than each position testing every mark."""
    if not positions:
        return []
    step, first = (positions[1] - positions[0] if len(positions) > 1 else 1.0), positions[0]
    delta = [0.0] * (len(positions) + 1)
    harm = [0.0] * len(positions)      # the zones cut at each position (_cut_harm: the shallower cut wins)
    for start, end, is_heavy, is_text in marks:
        margin = _margin(is_heavy, is_text)
        lo = max(0, math.floor((start - margin - first) / step) + 1)         # first position > start - margin
        hi = min(len(positions), math.ceil((end + margin - first) / step))   # first position >= end + margin
        while lo < len(positions) and not positions[lo] > start - margin:
            lo += 1
        while hi > 0 and not positions[hi - 1] < end + margin:
            hi -= 1
        if is_heavy and not is_text:
            # beside the zone's border, outside it (_beside_border): as costly as text
            for p, x in enumerate(positions[max(0, lo - int(BORDER_CLEARANCE_MM / step) - 1):
                                            hi + int(BORDER_CLEARANCE_MM / step) + 1],
                                  start=max(0, lo - int(BORDER_CLEARANCE_MM / step) - 1)):
                if _beside_border(x, start, end):
                    delta[p] += 1e9
                    delta[p + 1] -= 1e9
        if lo < hi:
            if not is_heavy or is_text:
                cost = 1e3 if not is_heavy else 1e9
                delta[lo] += cost
                delta[hi] -= cost
            else:
                for p in range(lo, hi):
                    harm[p] += _cut_harm(positions[p], start, end)
    out, running = [], 0.0
    for d, h in zip(delta[:-1], harm):
        running += d
        out.append(running + 1e6 * h)
    return out


def _score(pages: int, crossed: Sequence[tuple]) -> tuple:
    """What a way to cut costs, least first: text run through (never, where any other way avoids it), then the
    harm done to zones (seam_crossings, in CUT_HARM_STEPs: where no way keeps every zone whole, few cuts, each
    through a zone's end rather than its middle), then sheets with MARK_WORTH_PAGES for each zone cut, then
    zones, then lines."""
    text, zones, light = (sum(c[k] for c in crossed) for k in range(3))
    harm = sum(c[3] for c in crossed if len(c) > 3)
    return (text, math.ceil(harm / CUT_HARM_STEP - 1e-9), pages + MARK_WORTH_PAGES * zones, zones, light)


def _clear_cuts(length: float, room: float, overlap: float, marks: Marks, count: int) -> Optional[tuple[Span, ...]]:
    """`count` windows whose cuts run through the fewest marks (heavy ones first), then nearest to equal
    parts: a shortest path over cut positions every CUT_STEP_MM, each window within `room`."""
    if count < 2:
        return None
    n = int(length / CUT_STEP_MM)
    positions = [i * CUT_STEP_MM for i in range(1, n)]
    weight = _weights(positions, marks)
    reach = int((room - overlap) / CUT_STEP_MM + 1e-9)       # cut to next cut, at most
    least = int(overlap / CUT_STEP_MM) + 1                   # a window is more than its overlap
    inf = float("inf")
    best = [weight[p] + abs(x - length / count) if x + overlap <= room + 1e-9 else inf
            for p, x in enumerate(positions)]
    back: list[list[int]] = []
    for i in range(2, count):
        layer, came = [inf] * len(positions), [-1] * len(positions)
        window: list[int] = []      # a deque of indices q, best[q] increasing
        head = 0
        for p, x in enumerate(positions):
            q_new = p - least
            if q_new >= 0 and best[q_new] < inf:
                while len(window) > head and best[window[-1]] >= best[q_new]:
                    window.pop()
                window.append(q_new)
            while len(window) > head and window[head] < p - reach:
                head += 1
            if len(window) > head:
                q = window[head]
                layer[p], came[p] = best[q] + weight[p] + abs(x - length * i / count), q
        back.append(came)
        best = layer
    ends = [(best[p], p) for p, x in enumerate(positions) if length - x <= room + 1e-9 and best[p] < inf]
    if not ends:
        return None
    p = min(ends)[1]
    cuts = [positions[p]]
    for came in reversed(back):
        p = came[p]
        cuts.append(positions[p])
    cuts.reverse()
    starts = [0.0] + cuts
    ends_ = [cut + overlap for cut in cuts] + [length]
    return tuple((start, end - start) for start, end in zip(starts, ends_))


def _axis_options(length: float, room: float, overlap: float, lines: Sequence[float],
                  marks: Marks = ()) -> list[tuple[Span, ...]]:
    """The ways to cut one axis, best first: on grid lines and balanced, on grid lines as far as each page
    allows (its last window may be small enough to share a page), then equal windows. A face with marks is
    also cut between them, in as few windows as the page allows and in one more (which may be clear)."""
    count = _count(length, room, overlap)
    if count is None:
        return []
    options = []
    if marks and not lines:
        options += [o for o in (_clear_cuts(length, room, overlap, marks, k) for k in (count, count + 1))
                    if o is not None]
    if lines and marks:
        # a map's or a board's seams on its grid lines, and of those lines the ones clear of its labels and zones
        clear = [x for x in lines if not any(seam_crossings(x, marks)[:2])]
        lines = clear if _spans_on_lines(length, room, overlap, clear) is not None else lines
    greedy = _spans_on_lines(length, room, overlap, lines) if lines else None
    if greedy is not None:
        balanced = _balanced(length, room, overlap, lines, len(greedy))
        options += [o for o in (balanced, greedy) if o is not None]
    options.append(_equal(length, count, overlap))
    return options


def _pack(xs: Sequence[Span], ys: Sequence[Span], room_h: float) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Windows in assembly order, stacked on a page while they fit one above the other (a page of two thin
    strips instead of two nearly blank pages)."""
    pages: list[list[tuple[int, int]]] = []
    used = 0.0
    for r, (_, h) in enumerate(ys):
        for c, (_, w) in enumerate(xs):
            need = h if not pages or not pages[-1] else used + 2 * EDGE_MIN_MM + h
            if pages and need <= room_h + 1e-9:
                pages[-1].append((r, c))
                used = need
            else:
                pages.append([(r, c)])
                used = h
    return tuple(tuple(page) for page in pages)


def _in_band(marks: Sequence[tuple], lo: float, hi: float, exact: bool = False) -> list[tuple[float, float, bool, bool]]:
    """The marks (keep_clear boxes) that reach into the band [lo, hi] of y, on the x axis: what a vertical seam
    running only down that band could cross. Within seam_clearance_mm of the band; `exact`: by the margins of
    seam_crossings (a zone ending on the band's edge is not in it), as the rows turned each their own way
    need (their cuts are chosen where those margins leave them clear)."""
    def margin(b) -> float:
        return _margin(bool(b[4]), _is_text(b)) if exact else SEAM_CLEARANCE_MM
    out = []
    for b in marks:
        m = margin(b)
        if not (b[1] - m < hi and b[1] + b[3] + m > lo):
            continue
        if len(b) > 6:
            # a turned zone: where its own outline lies in the band, not its box (a seam down this band only
            # may pass beside a garden turned away from it)
            extent = outline.extent_in_band(b[6], 0, lo - m, hi + m)
            if extent is not None:
                out.append((extent[0], extent[1], bool(b[4]), _is_text(b)))
            continue
        out.append((b[0], b[0] + b[2], bool(b[4]), _is_text(b)))
    return out


def _staggered(width: float, room: float, overlap: float, ys: Sequence[Span], boxes: Sequence[tuple]
               ) -> Optional[tuple[tuple[tuple[Span, ...], ...], list]]:
    """Each row cut on its own, its vertical seams running only down the row (from its top edge to the next
    row's): the columns of every row, and the marks each seam runs through (seam_crossings); None when a row
    cannot be cut."""
    rows, crossed = [], []
    for r, (y, h) in enumerate(ys):
        end = ys[r + 1][0] if r + 1 < len(ys) else y + h
        marks = _in_band(boxes, y, end)
        count = _count(width, room, overlap)
        if count is None:
            return None
        options = [o for o in (_clear_cuts(width, room, overlap, marks, k) for k in (count, count + 1))
                   if o is not None] or ([_equal(width, count, overlap)] if count == 1 else [])
        if not options:
            return None

        best = min(options, key=lambda xs: _score(len(xs), [seam_crossings(start, marks) for start, _ in xs[1:]]))
        rows.append(best)
        crossed += [seam_crossings(start, marks) for start, _ in best[1:]]
    return tuple(rows), crossed


def _clear_count(length: float, room: float, overlap: float, marks: Marks) -> Optional[tuple[float, ...]]:
    """The cuts (every CUT_STEP_MM) of the fewest windows along an axis whose seams cross no text and no zone
    (lines may be crossed): each cut as far as the window before allows (the farthest cut never leaves the
    rest harder). None when no such cuts exist."""
    blocked = sorted([(start - _margin(True, text), end + _margin(True, text))
                      for start, end, heavy, text in marks if heavy]
                     # beside a zone's border, outside it (_beside_border), on either side
                     + [span for start, end, heavy, text in marks if heavy and not text
                        for span in ((start - BORDER_CLEARANCE_MM, start - ZONE_EDGE_MM),
                                     (end + ZONE_EDGE_MM, end + BORDER_CLEARANCE_MM))])
    least, pitch = int(overlap / CUT_STEP_MM) + 1, int((room - overlap) / CUT_STEP_MM + 1e-9)
    last = math.ceil(length / CUT_STEP_MM) - 1         # the last cut position inside the length
    cuts, start = [], 0
    while length - start * CUT_STEP_MM > room + 1e-9:
        p = min(start + pitch, last)
        moved = True
        while moved and p >= start + least:
            moved = False
            for lo, hi in blocked:
                if lo < p * CUT_STEP_MM < hi:
                    p, moved = math.floor(lo / CUT_STEP_MM - 1e-9), True
        if p < start + least:
            return None
        cuts.append(p * CUT_STEP_MM)
        start = p
    return tuple(cuts)


def _turned_rows(width: float, height: float, overlap: float, pages: Sequence[Page],
                 rooms: Sequence[tuple[float, float]], boxes: Sequence[tuple]
                 ) -> Optional[tuple[tuple[Span, ...], tuple[tuple[Span, ...], ...], tuple[Page, ...]]]:
    """Rows each printed the way up that suits it (a row of tall zones on upright sheets, a row of wide ones on
    sheets turned), every seam clear of text and zones: the fewest sheets, then rows. (ys, each row's
    columns, each row's page), or None when no such cutting exists.

    Horizontal seams run the whole width, so a row starts and ends where no text or zone is (a clear stretch
    of y). A row's columns depend only on the marks between its two stretches, whichever cut in them: the
    fewest columns (_clear_count) are worked out once per pair of stretches and way up. A shortest path over
    the cut positions (every CUT_STEP_MM) then picks the rows."""
    n = int(height / CUT_STEP_MM)
    positions = [i * CUT_STEP_MM for i in range(1, n)]
    y_marks = _marks_on_axis(boxes, 1)
    weight = _weights(positions, y_marks)
    stretch = [-1] * (n + 1)          # position index (0: the top, n: the bottom) -> its clear stretch
    stretch[0], count = 0, 1
    for i, w in enumerate(weight, start=1):
        if w < ZONE_CUT_HARM * 1e6:     # no zone nor text there (lines may be crossed: _weights)
            stretch[i] = count if stretch[i - 1] < 0 or i == 1 else stretch[i - 1]
            count += stretch[i] == count
    stretch[n] = count
    ends = {}                          # stretch -> (first, last) position index in it
    for i, s in enumerate(stretch):
        if s >= 0:
            first, _ = ends.get(s, (i, i))
            ends[s] = (first, i)
    at = lambda i: height if i == n else i * CUT_STEP_MM     # noqa: E731
    columns: dict = {}

    def row_cost(s0: int, s1: int, way: int) -> Optional[tuple[float, ...]]:
        if (s0, s1, way) not in columns:
            lo, hi = at(ends[s0][1]), at(ends[s1][0])
            columns[(s0, s1, way)] = _clear_count(width, rooms[way][0], overlap, _in_band(boxes, lo, hi, True))
        return columns[(s0, s1, way)]

    inf = (math.inf, math.inf)
    best: list[tuple] = [inf] * (n + 1)
    came: list = [None] * (n + 1)
    best[0] = (0, 0)
    least = int(overlap / CUT_STEP_MM) + 1
    for i in range(1, n + 1):
        if stretch[i] < 0:
            continue
        for way, (_, room_h) in enumerate(rooms):
            lowest = max(0, i - int(((room_h if i == n else room_h - overlap)) / CUT_STEP_MM + 1e-9))
            j = i - least
            while j >= lowest:
                s0 = stretch[j]
                if s0 < 0:
                    j -= 1
                    continue
                first = max(ends[s0][0], lowest)
                k = min(range(first, j + 1), key=lambda q: best[q])
                cuts = row_cost(s0, stretch[i], way) if best[k] != inf else None
                if cuts is not None:
                    cost = (best[k][0] + len(cuts) + 1, best[k][1] + 1)
                    if cost < best[i]:
                        best[i], came[i] = cost, (k, way)
                j = first - 1
    if best[n] == inf:
        return None
    rows = []
    i = n
    while i:
        k, way = came[i]
        rows.append((k, i, way))
        i = k
    rows.reverse()
    ys = tuple((at(k), (at(i) + overlap if i < n else height) - at(k)) for k, i, _ in rows)
    row_xs = []
    for (k, i, way), (y, _) in zip(rows, ys):
        cuts = row_cost(stretch[k], stretch[i], way)
        band = _in_band(boxes, y, at(i), True)
        balanced = _clear_cuts(width, rooms[way][0], overlap, band, len(cuts) + 1) if cuts else None
        if balanced is not None and not any(any(seam_crossings(s, band)[:2]) for s, _ in balanced[1:]):
            row_xs.append(balanced)
        else:
            starts = (0.0,) + cuts
            row_xs.append(tuple((s, (e + overlap if e < width else width) - s)
                                for s, e in zip(starts, cuts + (width,))))
    return ys, tuple(row_xs), tuple(pages[way] for _, _, way in rows)


def _crossings(xs: Sequence[Span], ys: Sequence[Span], marks: tuple[Marks, Marks]) -> list:
    """The marks run through by each seam of these windows, both ways (seam_crossings)."""
    return [seam_crossings(start, axis_marks) for spans, axis_marks in ((xs, marks[0]), (ys, marks[1]))
            for start, _ in spans[1:]]


def plan_tiling(width_mm: float, height_mm: float, options: PrintOptions,
                grid_lines_mm: tuple[Sequence[float], Sequence[float]] = ((), ()),
                keep_clear_mm: Sequence[tuple] = ()) -> Tiling:
    """No text run through by a seam where any way avoids it (keep_clear_mm, bleed-box mm); then fewest pages
    plus MARK_WORTH_PAGES per zone cut; then seams clear of thin lines; then windows cut on the grid lines,
    balanced; portrait wins ties. Rows cut on their own (staggered) where that cuts fewer marks."""
    best: Optional[tuple[tuple, int, Tiling]] = None
    o = options.overlap_mm
    pages_ = candidate_pages(options.paper, options.orientation, options.margin_mm)
    rooms = [(p.printable[2] - 2 * EDGE_MIN_MM, p.printable[3] - LABEL_BAND_MM - 2 * EDGE_MIN_MM) for p in pages_]
    # A mark larger than a sheet's window whichever way the paper turns is cut whatever the seams (PuXes' play
    # circle): not counted. One that only the other way holds is counted, so that way wins.
    fitting = [b for b in keep_clear_mm if any(b[2] <= w and b[3] <= h for w, h in rooms)]
    marks = (_marks_on_axis(fitting, 0), _marks_on_axis(fitting, 1))
    for page, (room_w, room_h) in zip(pages_, rooms):
        staggered_by_rows: dict = {}      # the rows' own cuts depend on the rows only
        x_options = _axis_options(width_mm, room_w, o, grid_lines_mm[0], marks[0])
        y_options = _axis_options(height_mm, room_h, o, grid_lines_mm[1], marks[1])
        for rank, (xs, ys) in enumerate((xs, ys) for xs in x_options for ys in y_options):
            lined = bool(grid_lines_mm[0] or grid_lines_mm[1])
            sheets = _pack(xs, ys, room_h) if lined else ()
            pages = len(sheets) if sheets else len(xs) * len(ys)
            t = Tiling(page, len(xs), len(ys), max(w for _, w in xs), max(h for _, h in ys), o,
                       xs if lined or marks[0] else (), ys if lined or marks[1] else (),
                       sheets if len(sheets) < len(xs) * len(ys) else ())
            crossed = _crossings(xs, ys, marks)
            score = _score(pages, crossed)
            if best is None or (score, rank) < best[:2]:
                best = (score, rank, t)
            if any(c[0] or c[1] for c in crossed) and not lined and len(ys) > 1:
                # The same rows, each cut on its own: a seam then runs down one row only, and may miss a
                # mark that a seam down the whole height would cut (staggered sheets, like bricks).
                if ys not in staggered_by_rows:
                    staggered_by_rows[ys] = _staggered(width_mm, room_w, o, ys, fitting)
                staggered = staggered_by_rows[ys]
                if staggered is not None:
                    row_xs, s_crossed = staggered
                    s_score = _score(sum(len(r) for r in row_xs),
                                     s_crossed + [seam_crossings(start, marks[1]) for start, _ in ys[1:]])
                    if (s_score, rank) < best[:2]:
                        best = (s_score, rank, Tiling(page, max(len(r) for r in row_xs), len(ys),
                                                      max(w for r in row_xs for _, w in r),
                                                      max(h for _, h in ys), o, (), ys, (), row_xs))
    if best is not None and fitting and not any(grid_lines_mm) and len(pages_) > 1:
        # Each row printed the way up that holds its zones: PuXes' 4-player mat has gardens wider than an
        # upright sheet and taller than a turned one, cut whichever way every sheet turns; rows turned each
        # their own way cut none (and a mat's rows of small marks may take fewer sheets).
        turned = _turned_tiling(width_mm, height_mm, o, pages_, rooms, fitting, fitting, marks[1])
        if turned is not None and turned[0] < best[0]:
            best = (turned[0], 0, turned[1])
        # Where no way keeps every zone whole (PuXes' 3-player mat: a garden turned beside another, 210 mm
        # across them both, in a band that a turned sheet is too short for), the rows' cuts may run into the
        # zones' ends, a little deeper each time (a share of each zone's length), until rows exist: the cut then
        # goes through a zone's tip, not its middle (scored on the whole zones: _score, its harm first).
        depth = CUT_HARM_STEP
        while best[0][1] and depth < 0.5:
            trimmed = [_trimmed(b, depth) for b in fitting]
            turned = _turned_tiling(width_mm, height_mm, o, pages_, rooms, [b for b in trimmed if b], fitting,
                                    marks[1])
            if turned is not None:
                if turned[0] < best[0]:
                    best = (turned[0], 0, turned[1])
                break
            depth += CUT_HARM_STEP
    if best is None:
        raise LayoutError(f"the overlap of {o} mm leaves no room on {options.paper} paper")
    t = replace(best[2], cuts=_zone_cuts(best[2], fitting)) if best[0][3] else best[2]
    if not any(grid_lines_mm):
        t = _share_pages(t, dict(zip(pages_, rooms)))
    return t


def page_share(page: Page, windows: Sequence[Box]) -> float:
    """How much of a sheet of paper the windows printed on it cover (the reader's sheet_fill share)."""
    return sum(w[2] * w[3] for w in windows) / (page.width_mm * page.height_mm)


def _share_pages(t: Tiling, rooms: dict) -> Tiling:
    """A mat's windows that leave most of their sheet blank (under min_sheet_fill: a row of sheets along a garden,
    held between two rows that no seam may cross, 77 mm of an A4) share a page with another window of the same
    paper way up, one above the other, where both fit: the thinnest first, with the thinnest that fits (two strips
    rather than a strip on a full sheet; of those, the one that fits beside the fewest others), until no thin page
    has one that fits. Each page keeps its windows in assembly order, at the place of its first."""
    least = threshold("min_sheet_fill")
    pages = [list(p) for p in t.pages]
    paper = lambda p: t.page_of(p[0][0])                                        # noqa: E731
    share = lambda p: page_share(paper(p), [t.window(r, c) for r, c in p])      # noqa: E731

    def together(p: list, q: list) -> bool:
        return paper(q) == paper(p) and \
            stack_height([t.window(r, c)[3] for r, c in p + q]) <= rooms[paper(p)][1] + 1e-9
    done: set = set()
    while True:
        thin = [p for p in pages if share(p) < least and id(p) not in done]
        if not thin:
            break
        p = min(thin, key=share)
        fits = [q for q in pages if q is not p and together(p, q)]
        if not fits:
            done.add(id(p))
            continue
        # the partner with the fewest other pages it could join first (a taller window fits beside fewer), so
        # that pairing these two leaves the others theirs; then the thinnest, then the nearest
        q = min(fits, key=lambda q: (sum(1 for o in pages if o is not q and together(q, o)), share(q),
                                     abs(pages.index(q) - pages.index(p))))
        first, second = sorted((p, q), key=pages.index)
        first[:] = sorted(first + second)
        pages.remove(second)
    if len(pages) == len(t.pages):
        return t
    return replace(t, sheets=tuple(tuple(p) for p in pages))


def _zone_cuts(t: Tiling, boxes: Sequence[tuple]) -> tuple:
    """Tiling.cuts: each sheet's left and top edge, as far as it shows once the sheets are laid (down to the next
    row; across to the next sheet of its row), against the zones of `boxes` (by their outline when turned)."""
    zones = [b for b in boxes if b[4] and not _is_text(b)]
    found: dict = {}
    for r in range(t.rows):
        for c in range(t.columns_in(r)):
            x, y, w, h = t.window(r, c)
            bottom = t.window(r + 1, 0)[1] if r + 1 < t.rows else y + h
            right = t.window(r, c + 1)[0] if c + 1 < t.columns_in(r) else x + w
            edges = ([("left", 0, x, y, bottom)] if c else []) + ([("top", 1, y, x, right)] if r else [])
            for edge, axis, at, lo, hi in edges:
                for b in zones:
                    hull = list(b[6]) if len(b) > 6 else outline.box_corners(b[0], b[1], b[0] + b[2], b[1] + b[3])
                    extent = outline.extent_in_band(hull, axis, lo, hi)
                    if extent is None or not extent[0] + ZONE_EDGE_MM < at < extent[1] - ZONE_EDGE_MM:
                        continue
                    inside = outline.extent_in_band(hull, 1 - axis, at, at)
                    a, z = max(inside[0], lo), min(inside[1], hi)
                    seg = (at, a, at, z) if axis == 0 else (a, at, z, at)
                    key = (r, c, edge)
                    old = found.get(key)
                    found[key] = seg if old is None else (min(old[0], seg[0]), min(old[1], seg[1]),
                                                          max(old[2], seg[2]), max(old[3], seg[3]))
    return tuple((r, c, edge, seg) for (r, c, edge), seg in found.items())


def _turned_tiling(width: float, height: float, overlap: float, pages: Sequence[Page],
                   rooms: Sequence[tuple[float, float]], boxes: Sequence[tuple], scored: Sequence[tuple],
                   y_marks: Marks) -> Optional[tuple[tuple, Tiling]]:
    """_turned_rows cut clear of `boxes`, scored against the marks `scored` (the whole zones): (score, Tiling)."""
    turned = _turned_rows(width, height, overlap, pages, rooms, boxes)
    if turned is None:
        return None
    ys, row_xs, row_pages = turned
    crossed = [seam_crossings(start, _in_band(scored, y, ys[r + 1][0] if r + 1 < len(ys) else y + h, True))
               for r, (y, h) in enumerate(ys) for start, _ in row_xs[r][1:]]
    crossed += [seam_crossings(start, y_marks) for start, _ in ys[1:]]
    return _score(sum(len(r) for r in row_xs), crossed), Tiling(
        row_pages[0], max(len(r) for r in row_xs), len(ys), max(w for r in row_xs for _, w in r),
        max(h for _, h in ys), overlap, (), ys, (), row_xs, row_pages if len(set(row_pages)) > 1 else ())


def _trimmed(box: tuple, share: float) -> Optional[tuple]:
    """A zone's mark (keep_clear) less `share` of its length at each end, both ways (its outline cut to the smaller
    box): what a seam allowed that deep into the zone (seam_crossings' depth) must still miss. Text and lines
    are kept whole; None when nothing of the zone is left."""
    if not box[4] or _is_text(box):
        return box
    if share >= 0.5:
        return None
    x, y, w, h = box[:4]
    dx, dy = share * w, share * h
    if len(box) <= 6:
        return (x + dx, y + dy, w - 2 * dx, h - 2 * dy, *box[4:])
    hull = outline.clip(outline.clip(list(box[6]), 0, x + dx, x + w - dx), 1, y + dy, y + h - dy)
    if len(hull) < 3:
        return None
    x0, y0, x1, y1 = outline.bounds(hull)
    return (x0, y0, x1 - x0, y1 - y0, box[4], box[5], tuple(hull))


def _single_page(item: Item, options: PrintOptions) -> Optional[tuple[Page, Box, Box, bool]]:
    """Page, trim, printed art, and whether crop marks fit all round.

    A board whose trim fits inside the printer margin is printed whole even when crop marks do not fit
    beside it (a 194 mm board on A4): its cut outline is drawn instead. Two sheets glued together would
    be worse than a line on the board's own edge.
    """
    face = item.front
    pages = candidate_pages(options.paper, options.orientation, options.margin_mm)
    for page in pages:
        px, py, pw, ph = page.printable
        fx = fit_axis(px, pw, face.width_mm, face.bleed_mm, 0.0)
        fy = fit_axis(py, ph - LABEL_BAND_MM, face.height_mm, face.bleed_mm, 0.0)
        if fx and fy:
            trim = (fx.start, fy.start, face.width_mm, face.height_mm)
            return page, trim, inflate(trim, fx.outer_bleed, fy.outer_bleed, fx.outer_bleed, fy.outer_bleed), True
    for page in pages:
        px, py, pw, ph = page.printable
        room_w, room_h = pw - face.width_mm, ph - LABEL_BAND_MM - face.height_mm
        if room_w >= 0 and room_h >= 0:
            bx, by = min(face.bleed_mm, room_w / 2), min(face.bleed_mm, room_h / 2)
            trim = (px + room_w / 2, py + room_h / 2, face.width_mm, face.height_mm)
            return page, trim, inflate(trim, bx, by, bx, by), False
    return None


def tile_face(item: Item, options: PrintOptions, *, game_title: str, component_name: str,
              kind: str = "board") -> ImposedDocument:
    """A board or mat: one page with TrimBox and BleedBox when it fits, else tiles plus an assembly map."""
    face = item.front
    words, language = options.words, options.language
    pdf = new_pdf(options, title=f"{game_title} — {component_name}")
    single = _single_page(item, options)
    one_sided = words("print.side.single")
    setting = words("print.setting.at_100_with", setting=words("print.setting.none"))
    if single:
        page, trim, art, marks_fit = single
        p = Placement(page=1, item_id=item.id, copy=1, face="front", trim=box3(trim), art=box3(art),
                      rotation_deg=0, width_mm=face.width_mm, height_mm=face.height_mm, shape=face.shape,
                      corner_mm=face.corner_mm, component=item.component,
                      safe_mm=face.safe_mm)
        label = page_label(game_title, component_name, 1, 1, one_sided, setting, words=words)
        pdf.begin_page(page.width_mm, page.height_mm, trim=p.trim, bleed=p.art)
        draw_face(pdf, face, p)
        x, y, w, h = p.trim
        lines = [Line(True, x), Line(True, x + w), Line(False, y), Line(False, y + h)]
        px, py, pw, ph = page.printable
        marks = grid_marks([p.art], lines, [p.trim], (px, py, pw, ph - LABEL_BAND_MM))
        if not marks_fit or face.shape != "rect":
            pdf.path(p.transform.map_ops(shape_outline_ops(face.shape, face.width_mm, face.height_mm, face.corner_mm)),
                     stroke=OUTLINE_STROKE)
        if not marks_fit and face.shape == "rect":
            _bleed_ticks(pdf, p.trim, p.art)
        draw_marks(pdf, marks)
        draw_label(pdf, (px, py + ph - LABEL_BAND_MM, pw, LABEL_BAND_MM), label, language=language)
        info = PageInfo(1, page.width_mm, page.height_mm, "sheet", "single", label, (p,),
                        trim_box=p.trim, bleed_box=p.art)
        guide = GuideInfo(title=component_name, sides=one_sided, paper_fr=words("print.paper.tiled"),
                          steps=(words("print.step.print_100"),
                                 words("print.step.glue_then_cut" if marks_fit else "print.step.glue_then_cut_outline")),
                          pages=1)
        return ImposedDocument(pdf.finish(), (info,), component_name, kind, options.paper, guide)

    t = plan_tiling(face.bleed_width_mm, face.bleed_height_mm, options, face.grid_lines_mm, face.keep_clear_mm)
    # named so that no sheet's name is a word the face prints (PuXes' "Oracle C4" beside sheet C4)
    t = replace(t, names=sheet_names.choose([t.columns_in(r) for r in range(t.rows)],
                                            [text for text, _ in bounds.texts(face.draw)]))
    # The map on whichever way up of the sheets shows the board largest
    page = max(dict.fromkeys(t.row_pages or (t.page,)),
               key=lambda p: _map_scale(p.printable[2], p.printable[3] - LABEL_BAND_MM, face))
    px, py, pw, ph = page.printable
    region = (px, py, pw, ph - LABEL_BAND_MM)
    band = (px, py + ph - LABEL_BAND_MM, pw, LABEL_BAND_MM)
    total = len(t.pages) + 1
    # The assembly map comes first: a player reads how the sheets go together before cutting any.
    label = page_label(game_title, component_name, 1, total, words("print.side.assembly_map"), "", words=words)
    pdf.begin_page(page.width_mm, page.height_mm)
    _assembly_map(pdf, item, t, region, game_title, component_name, options)
    draw_label(pdf, band, label, language=language)
    infos = [PageInfo(1, page.width_mm, page.height_mm, "map", "single", label)]
    for n, windows in enumerate(t.pages, start=2):
        names = [t.name(r, c) for r, c in windows]
        wins = [t.window(r, c) for r, c in windows]
        page = t.page_of(windows[0][0])      # a row may be printed the other way up (Tiling.row_pages)
        px, py, pw, ph = page.printable
        region = (px, py, pw, ph - LABEL_BAND_MM)
        band = (px, py + ph - LABEL_BAND_MM, pw, LABEL_BAND_MM)
        # The page's windows, one above the other, centred in the printable region; the board's bleed-box
        # origin moves with each window.
        stack_h = stack_height([w[3] for w in wins])
        oy = py + (region[3] - stack_h) / 2
        placed = []
        for (r, c), win in zip(windows, wins):
            ox = px + _window_left(t, r, c, win[2], region[2], bool(face.keep_clear_mm))
            shift_x, shift_y = ox - win[0], oy - win[1]
            art = (ox, oy, win[2], win[3])
            trim = (shift_x + face.bleed_mm, shift_y + face.bleed_mm, face.width_mm, face.height_mm)
            placed.append((r, c, art, trim, shift_x, shift_y))
            oy += win[3] + 2 * EDGE_MIN_MM
        side = (words("print.side.tile", name=names[0]) if len(names) == 1
                else words("print.side.tiles", names=", ".join(names)))
        label = page_label(game_title, component_name, n, total, side, setting, words=words)
        pdf.begin_page(page.width_mm, page.height_mm)
        placements = []
        for k, (r, c, art, trim, shift_x, shift_y) in enumerate(placed):
            p = Placement(page=n, item_id=item.id, copy=1, face="front", trim=box3(trim), art=box3(art),
                          rotation_deg=0, width_mm=face.width_mm, height_mm=face.height_mm, shape=face.shape,
                          corner_mm=face.corner_mm, component=item.component,
                          safe_mm=face.safe_mm)
            draw_face(pdf, face, p)
            placements.append(p)
            # Each window's marks stay in its own share of the page, so none reaches a neighbour's.
            top = region[1] if k == 0 else art[1] - EDGE_MIN_MM
            bottom = region[1] + region[3] if k == len(placed) - 1 else art[1] + art[3] + EDGE_MIN_MM
            draw_marks(pdf, grid_marks([art], _tile_lines(t, r, c, trim, art), [art],
                                       (region[0], top, region[2], bottom - top)))
        for (r, c, art, trim, shift_x, shift_y), name in zip(placed, names):
            _overlap_notes(pdf, t, r, c, art, words, _page_lines(face.grid_lines_mm, shift_x, shift_y),
                           _page_marks(face.keep_clear_mm, shift_x, shift_y),
                           (trim[0] + face.safe_mm, trim[1] + face.safe_mm, trim[0] + trim[2] - face.safe_mm,
                            trim[1] + trim[3] - face.safe_mm))
            if len(placed) > 1:
                _piece_name(pdf, art, sheet_name(name, words))
        draw_label(pdf, band, label, language=language)
        infos.append(PageInfo(n, page.width_mm, page.height_mm, "tile", "single", label, tuple(placements),
                              tile=", ".join(names), window=box3(wins[0]) if len(wins) == 1 else None))
    # A board that A3 paper holds whole says so (issue 25: a rulebook promised an A3 board no file offered).
    whole_on = "a3" if options.paper != "a3" and _single_page(item, replace(options, paper="a3")) else ""
    guide = GuideInfo(
        title=component_name, sides=one_sided, paper_fr=words("print.paper.tiled"), pages=total,
        whole_on=whole_on,
        steps=(words("print.step.print_100"),
               *((words("print.tiling.turned"),) if len({p.orientation for p in t.row_pages}) > 1 else ()),
               (words("print.tiling.sheets", what=_what(kind, words), count=t.count, names=_names(t))
                if total - 1 == t.count else
                words("print.tiling.sheets_shared", what=_what(kind, words), count=t.count,
                      names=_names(t), pages=total - 1)),
               *_assembly_steps(t, words))
        + ((words("print.tiling.whole_on", what=_what(kind, words), paper=PAPER_NAMES[whole_on]),) if whole_on else ()))
    return ImposedDocument(pdf.finish(), tuple(infos), component_name, kind, options.paper, guide)


def _window_left(t: Tiling, row: int, col: int, width: float, room: float, marked: bool) -> float:
    """Where a window starts across its page, from the printable region's left. Centred; but a mat cut between
    its marks may have a narrow window: the first column then keeps to the left, the last to the right, like
    full ones, so the mat's trim never ends under the page's label (which is slug, not art)."""
    if marked and t.columns_in(row) > 1 and col == 0:
        return EDGE_MIN_MM
    if marked and t.columns_in(row) > 1 and col == t.columns_in(row) - 1:
        return room - EDGE_MIN_MM - width
    return (room - width) / 2


def _bleed_ticks(pdf, trim: Box, art: Box) -> None:
    """Where crop marks find no room beside the board (a 194 mm board on A4), each cut line is carried on in
    black across the bleed, at both ends: a guide the ruler finds, printed inside the printable area, so it
    survives a home printer's margin, and cut away with the bleed."""
    x, y, w, h = trim
    ax, ay, aw, ah = art
    left, right, top, bottom = x - ax, ax + aw - (x + w), y - ay, ay + ah - (y + h)
    for cut_y in (y, y + h):
        if left >= MIN_TICK_MM:
            pdf.line(ax, cut_y, x, cut_y, CUT_STROKE)
        if right >= MIN_TICK_MM:
            pdf.line(x + w, cut_y, ax + aw, cut_y, CUT_STROKE)
    for cut_x in (x, x + w):
        if top >= MIN_TICK_MM:
            pdf.line(cut_x, ay, cut_x, y, CUT_STROKE)
        if bottom >= MIN_TICK_MM:
            pdf.line(cut_x, y + h, cut_x, ay + ah, CUT_STROKE)


def _what(kind: str, words) -> str:
    """What the tiled face is, as the guide's sentence starts ("Le plateau", "The map")."""
    return words(f"print.tiling.what.{kind}" if f"print.tiling.what.{kind}" in words else "print.tiling.what.board")


def _piece_name(pdf, art: Box, name: str) -> None:
    """A window that shares its page is cut apart from the others: its name goes beside it, turned, left of
    its art, where no mark runs (marks extend the art's edges and lines, not its middle)."""
    ax, ay, aw, ah = art
    style = TextStyle(size_pt=9, bold=True, colour="#000000")
    with pdf.group(translate=(ax - 2.0, ay + ah / 2), rotate_deg=-90):
        pdf.text(0, 0, name, style, align="center")


def sheet_name(name: str, words) -> str:
    """"feuille A2": the sheet's name as every page says it (sheet_names.py keeps it off the face's own words)."""
    return words("print.tiling.sheet", name=name)


def _order(t: Tiling, words) -> str:
    """The order of assembly as the plan says it: "de gauche à droite (A1, A2, A3)", "rangée après rangée (A1,
    A2…, puis B1, B2…)", in the sheets' own names."""
    def first(r: int) -> str:
        return ", ".join(t.name(r, c) for c in range(min(2, t.columns_in(r))))
    return words("print.tiling.map_order", count=t.rows, names=_names(t), first=first(0),
                 second=first(1) if t.rows > 1 else "")


def _names(t: Tiling) -> str:
    return ", ".join(t.name(r, c) for r in range(t.rows) for c in range(t.columns_in(r)))


def _tile_lines(t: Tiling, r: int, c: int, trim: Box, art: Box) -> list[Line]:
    """Cut marks on the board's own edges and on this sheet's left/top edges; alignment marks where the
    next sheet's edge will lie."""
    lines = []
    x, y, w, h = trim
    ax, ay, aw, ah = art
    lines.append(Line(True, x) if c == 0 else Line(True, ax))
    lines.append(Line(False, y) if r == 0 else Line(False, ay))
    if c == t.columns_in(r) - 1:
        lines.append(Line(True, x + w))
    else:
        lines.append(Line(True, ax + aw - t.overlap, "align"))
    if r == t.rows - 1:
        lines.append(Line(False, y + h))
    else:
        lines.append(Line(False, ay + ah - t.overlap, "align"))
    return lines


def _page_lines(grid_lines_mm: tuple[Sequence[float], Sequence[float]], shift_x: float,
                shift_y: float) -> tuple[list[float], list[float]]:
    """The face's grid lines where they fall on this page."""
    return [x + shift_x for x in grid_lines_mm[0]], [y + shift_y for y in grid_lines_mm[1]]


def _clear_of(lines: Sequence[float], lo: float, hi: float) -> float:
    """Where along [lo, hi] a note goes: its middle, or, on a grid, the middle of the square nearest to it."""
    middle = (lo + hi) / 2
    inside = sorted(x for x in lines if lo < x < hi)
    gaps = list(zip([lo] + inside, inside + [hi])) if inside else []
    if not gaps:
        return middle
    a, b = min(gaps, key=lambda g: (-(min(g[1] - g[0], 40.0)), abs((g[0] + g[1]) / 2 - middle)))
    return (a + b) / 2


NOTE_END_MM = 1.0        # kept free at each end of a note, and between it and the strip's end
NOTE_STEP_MM = 1.0
NOTE_CLEAR_MM = 1.0      # kept between a note and a line of the face where the strip allows
NOTE_MARGIN_MM = 0.5     # round a note's glyphs: a label or a line nearer than this strikes it
NOTE_BASELINE_MM = 1.0   # a note's baseline, off its strip's middle (its glyphs then sit about the middle)
NOTE_INSET_MM = 0.2      # a note's glyphs keep this far inside their strip when moved across it
NOTE_SHIFT_MM = 0.5      # ... in steps of this


def _page_marks(keep_clear_mm: Sequence[tuple], shift_x: float, shift_y: float) -> list[tuple]:
    """The face's marks (Face.keep_clear_mm) where they fall on this page: (box x0 y0 x1 y1, outline or None,
    text, reach) in page mm, the outline a zone's own (turned) or its box's, the reach the box holding both
    (what note_cost skips a mark by)."""
    out = []
    for m in keep_clear_mm:
        x, y, w, h = m[0] + shift_x, m[1] + shift_y, m[2], m[3]
        hull = [(px + shift_x, py + shift_y) for px, py in m[6]] if len(m) > 6 else \
            outline.box_corners(x, y, x + w, y + h)
        hx0, hy0, hx1, hy1 = outline.bounds(hull)
        out.append(((x, y, x + w, y + h), hull, _is_text(m),
                    (min(x, hx0), min(y, hy0), max(x + w, hx1), max(y + h, hy1))))
    return out


APART_MM = 1e-6     # well beyond outline.clip's and _meets' own tolerances (1e-9)


def _apart(a: tuple, b: tuple) -> bool:
    """Whether two boxes (x0 y0 x1 y1) lie more than APART_MM apart: a mark reaching no further than `a` then
    hides, strikes and holds exactly nothing of a box `b` (an exact pre-check, not an estimate: what a mark
    measures of a box is zero when they are apart, so skipping it leaves every sum the same to the bit)."""
    return a[2] < b[0] - APART_MM or b[2] < a[0] - APART_MM or a[3] < b[1] - APART_MM or b[3] < a[1] - APART_MM


def note_cost(box: tuple, marks: Sequence[tuple], lines: Sequence[float] = (),
              axis: int = 0) -> tuple[int, float, int, float]:
    """What a note's box (page mm, x0 y0 x1 y1) suffers from the marks (_page_marks): how many it is struck by
    (a label or a ruler's figures under it, a zone's outline or a line through it), the area of those it overlaps,
    how many grid `lines` (along `axis`) run through it, and the area of the zones holding it (no harm, but a
    zone's fill or hatching reads less well under it than the mat's plain ground)."""
    struck, covered, held = 0, 0.0, 0.0
    for (x0, y0, x1, y1), hull, text, reach in marks:
        if _apart(reach, box):
            continue
        overlap = max(0.0, min(x1, box[2]) - max(x0, box[0])) * max(0.0, min(y1, box[3]) - max(y0, box[1]))
        if (overlap > 0 and text) or (not text and outline.strikes(hull, box)):
            struck += 1
            covered += overlap
        elif overlap > 0:
            held += overlap
    crossed = sum(1 for v in lines if box[axis] < v < box[axis + 2])
    return struck, covered, crossed, held


def _note_place(length: float, across: tuple[float, float], lo: float, hi: float, axis: int,
                marks: Sequence[tuple], lines: Sequence[float], corner: float = 0.0,
                within: tuple[float, float] = (-math.inf, math.inf),
                strip: Optional[tuple[float, float]] = None) -> tuple[float, float]:
    """Where along [lo, hi] (page mm, along `axis`) the middle of a note `length` long goes, its box spanning
    `across` on the other axis (the glyphs and NOTE_MARGIN_MM round them): where no mark strikes it (note_cost),
    else where the fewest and least of them do; then on the plain ground rather than in a zone; among those,
    nearest to where a board's grid or the strip's middle puts it (_clear_of). The `corner` at the strip's end,
    shared with the other strip, is left to that strip's note; a note moved from the middle stays `within` the
    face's safe zone. Where the strip's middle line has no spot clear of every mark and line (a label reaching
    into the strip, as PuXes' "Joueur A" under a thin row's seam), the note moves across the strip too, its
    glyphs kept inside `strip` (across, page mm): the least moved of the best spots. (along, shift across)."""
    wanted = _clear_of(lines, lo, hi)
    half = length / 2 + NOTE_END_MM
    lo, hi = max(lo, within[0]), min(hi - corner, within[1])
    if not marks:
        return wanted, 0.0
    first, last = lo + half, hi - half
    # a strip too short to move the note along (a thin row's, within the safe zone) may still let it move across
    spots = [wanted] if hi - lo <= 2 * half else \
        [min(max(wanted, first), last)] + [first + k * NOTE_STEP_MM
                                           for k in range(int((last - first) / NOTE_STEP_MM) + 1)]
    room = (strip[0] - across[0] - NOTE_MARGIN_MM, strip[1] - across[1] + NOTE_MARGIN_MM) if strip else (0.0, 0.0)
    steps = int(max(-room[0], room[1], 0.0) / NOTE_SHIFT_MM + 1e-9)
    shifts = [s for k in range(1, steps + 1) for s in (-k * NOTE_SHIFT_MM, k * NOTE_SHIFT_MM)
              if room[0] - 1e-9 <= s <= room[1] + 1e-9]
    # only the marks reaching the strip (and the graze around it) can cost a spot anything
    side = (across[0] + min([0.0] + shifts), across[1] + max([0.0] + shifts))
    reach = (lo - NOTE_CLEAR_MM, side[0] - NOTE_CLEAR_MM, hi + NOTE_CLEAR_MM, side[1] + NOTE_CLEAR_MM)
    marks = [m for m in marks if not _apart(m[3], reach if axis == 0 else (reach[1], reach[0], reach[3], reach[2]))]

    def cost(spot: tuple) -> tuple:
        at, shift = spot
        a0, a1 = across[0] + shift, across[1] + shift
        box = (at - half, a0, at + half, a1) if axis == 0 else (a0, at - half, a1, at + half)
        struck, covered, crossed, held = note_cost(box, marks, lines, axis)
        # a line passing a hair from the note (the play circle's, 0.4 mm off) reads as striking it
        grazed = note_cost((box[0] - NOTE_CLEAR_MM, box[1] - NOTE_CLEAR_MM, box[2] + NOTE_CLEAR_MM,
                            box[3] + NOTE_CLEAR_MM), marks)[0] if not struck else 0
        return struck, round(covered, 1), grazed, abs(shift), crossed, round(held, 1), abs(at - wanted)
    best = min(((at, 0.0) for at in spots), key=cost)
    if shifts and any(cost(best)[:3]):
        best = min([best] + [(at, shift) for shift in shifts for at in spots], key=cost)
    return best


def _overlap_notes(pdf, t: Tiling, r: int, c: int, art: Box, words,
                   lines: tuple[Sequence[float], Sequence[float]] = ((), ()), marks: Sequence[tuple] = (),
                   safe: Optional[tuple[float, float, float, float]] = None) -> None:
    """In the strips that end up under the next sheets (hidden once glued): which sheet goes there, written
    between the grid lines of a board, and clear of the zones and labels of a mat (a note struck by an oracle's
    dashed square reads badly: _note_place), within the face's safe zone (`safe`, x0 y0 x1 y1: a note moved off
    the play circle's line to a strip's end must not reach the bleed)."""
    ax, ay, aw, ah = art
    x0, y0, x1, y1 = safe if safe is not None else (ax, ay, ax + aw, ay + ah)
    style = label_style(pdf, 6.5).with_(colour="#000000")
    right = c < t.columns_in(r) - 1 and t.overlap >= 4
    below = r < t.rows - 1 and t.overlap >= 4
    # the glyphs' extent across the strip from the baseline, as the reader measures a run (preflight's em shares)
    up, down = TEXT_ASCENT_EM * style.size_mm, TEXT_DESCENT_EM * style.size_mm
    if right:
        text = words("print.tiling.glue_here", name=sheet_name(t.name(r, c + 1), words))
        middle = ax + aw - t.overlap / 2
        # turned a quarter: the baseline NOTE_BASELINE_MM left of the middle, the glyphs rising rightwards
        glyphs = (middle - NOTE_BASELINE_MM - down, middle - NOTE_BASELINE_MM + up)
        # the corner the strip below shares is left to its note
        along, shift = _note_place(fonts.text_width_mm(text, style), _with_margin(glyphs), ay, ay + ah, 1, marks,
                                   lines[1], t.overlap if below else 0.0, (y0, y1), _strip(ax + aw, t.overlap))
        with pdf.group(translate=(middle + shift, along), rotate_deg=90):
            pdf.text(0, NOTE_BASELINE_MM, text, style, align="center")
    if below:
        text = words("print.tiling.glue_here", name=sheet_name(t.name(r + 1, t.below(r, c)), words))
        middle = ay + ah - t.overlap / 2
        glyphs = (middle + NOTE_BASELINE_MM - up, middle + NOTE_BASELINE_MM + down)
        along, shift = _note_place(fonts.text_width_mm(text, style), _with_margin(glyphs), ax, ax + aw, 0, marks,
                                   lines[0], t.overlap if right else 0.0, (x0, x1), _strip(ay + ah, t.overlap))
        pdf.text(along, middle + shift + NOTE_BASELINE_MM, text, style, align="center")


def _with_margin(extent: tuple[float, float]) -> tuple[float, float]:
    return extent[0] - NOTE_MARGIN_MM, extent[1] + NOTE_MARGIN_MM


def _strip(edge: float, overlap: float) -> tuple[float, float]:
    """Across an overlap strip ending at the art's `edge` (page mm): where a note's glyphs may lie."""
    return edge - overlap + NOTE_INSET_MM, edge - NOTE_INSET_MM


NAME_BOX_MM = 7.5        # the height of a sheet's name box on the assembly map


def name_place(t: Tiling, r: int, c: int, half_w: float, half_h: float, marks: Sequence[tuple],
               clear_only: bool = False) -> Optional[tuple[float, float]]:
    """Where (bleed-box mm) the middle of sheet (r, c)'s name box (half_w x half_h each way) goes on the assembly
    map: in the part of the sheet no later sheet covers, where it hides the fewest of the board's zones and labels
    (Face.keep_clear_mm, each by its own outline when turned; one larger than a sheet is the ground), then the
    least of them; among those, nearest the
    sheet's middle, where it was always written (the name boxes hid PuXes' oracles and gardens). `clear_only`: the
    spot only where one hides nothing, else None."""
    x, y, w, h = t.window(r, c)
    x1 = x + w - (t.overlap if c < t.columns_in(r) - 1 else 0.0)
    y1 = y + h - (t.overlap if r < t.rows - 1 else 0.0)
    middle = ((x + x1) / 2, (y + y1) / 2)
    # a zone larger than any sheet (PuXes' play circle) is the ground every name lies on
    marks = [m for m in marks if max(m[2], m[3]) <= max(t.tile_w, t.tile_h)]
    if not marks or x1 - x <= 2 * half_w or y1 - y <= 2 * half_h:
        return middle if not clear_only or _hidden(t, middle, half_w, half_h, marks) == 0 else None
    step = NOTE_STEP_MM * 2
    # each mark's reach (name_covers measures its outline, else its box), once; only those reaching the sheet's
    # part, and for each column of spots only those reaching the column, are measured (_apart: exactly nothing
    # hidden by the others)
    near = [(outline.bounds(m[6]) if len(m) > 6 else (m[0], m[1], m[0] + m[2], m[1] + m[3]), m) for m in marks]
    near = [(e, m) for e, m in near if not _apart(e, (x, y, x1, y1))]

    def reaching(cx: float) -> list:
        # each turned mark's outline cut to the column's band once, the same cut for every spot down the column
        return [(e, m, outline.clip(list(m[6]), 0, cx - half_w, cx + half_w) if len(m) > 6 else None)
                for e, m in near if not _apart(e, (cx - half_w, y, cx + half_w, y1))]
    columns = [(cx, reaching(cx))
               for cx in (x + half_w + i * step for i in range(int((x1 - x - 2 * half_w) / step) + 1))]
    spots = [(middle, reaching(middle[0]))] + [((cx, y + half_h + j * step), column) for cx, column in columns
                                               for j in range(int((y1 - y - 2 * half_h) / step) + 1)]
    clear = _first_clear(spots, middle, half_w, half_h)
    return clear if clear is not None or clear_only else _least_hidden(spots, middle, half_w, half_h)


def _first_clear(spots: Sequence[tuple], middle: tuple[float, float], half_w: float, half_h: float):
    """The spot name_place's cost chooses when some spot hides nothing: of those, the nearest the middle (its
    distance rounded as the cost rounds it), the first of equals. Found by trying the spots nearest first, each
    until the first mark it hides, so that most spots and most zones' areas are never measured (issue 26: half the
    mats' build); None when every spot hides something (_least_hidden then weighs them)."""
    def clear(spot: tuple) -> bool:
        at, reaching = spot
        box = (at[0] - half_w, at[1] - half_h, at[0] + half_w, at[1] + half_h)
        return not any(name_covers(box, m, part) > 0 for e, m, part in reaching if not _apart(e, box))
    if clear(spots[0]):          # the middle itself (distance 0, the first spot): the spots need no sorting
        return spots[0][0]
    order = sorted(range(1, len(spots)), key=lambda i: (round(math.hypot(spots[i][0][0] - middle[0],
                                                                         spots[i][0][1] - middle[1]), 1), i))
    return next((spots[i][0] for i in order if clear(spots[i])), None)


def _least_hidden(spots: Sequence[tuple], middle: tuple[float, float], half_w: float, half_h: float):
    """The spot hiding the fewest marks, then the least of their area (rounded to 0.1 mm²), then nearest the middle
    (rounded to 0.1 mm), the first of equals: name_place's choice where every spot hides something. A spot is
    measured only while it hides no more marks than the fewest found so far (the areas it sums are then those of
    every mark reaching it, in their order, as name_place always summed them)."""
    fewest, kept = math.inf, []
    for index, (at, reaching) in enumerate(spots):
        box = (at[0] - half_w, at[1] - half_h, at[0] + half_w, at[1] + half_h)
        hidden, count = [], 0
        for e, m, part in reaching:
            if _apart(e, box):
                continue
            area = name_covers(box, m, part)
            hidden.append(area)
            if area > 0:
                count += 1
                if count > fewest:
                    break
        else:
            if count < fewest:
                fewest, kept = count, []
            kept.append((round(sum(hidden), 1), round(math.hypot(at[0] - middle[0], at[1] - middle[1]), 1),
                         index, at))
    return min(kept)[3]


NAME_TEXT_MARGIN_MM = 1.0   # kept between a sheet's name box and the face's labels on the plan, where a spot allows
PLAN_NAME_PT = (12.0, 10.5, 9.0)    # a sheet's name on the plan, at the first size that hides nothing; never under 9 pt,
# read at arm's length on a plan drawn at a quarter of the mat's size (at 6 pt, or beside the map with a leader, the
# readers did not find the sheet it named)


def _name_box(name: str, style: TextStyle, width_mm: float) -> tuple[float, float]:
    """Half the width and the height (page mm) of a name's box set in `style`, no wider than `width_mm`."""
    return min(fonts.text_width_mm(name, style) / 2 + 2, width_mm / 2), max(4.0, NAME_BOX_MM * style.size_pt / 12)


def _hidden(t: Tiling, at: tuple[float, float], half_w: float, half_h: float, marks: Sequence[tuple]) -> float:
    """The area of the face's zones and labels (bleed-box mm) a name's box centred `at` hides (name_covers; zones
    larger than a sheet are the ground, as name_place has them)."""
    box = (at[0] - half_w, at[1] - half_h, at[0] + half_w, at[1] + half_h)
    return sum(name_covers(box, m) for m in marks if max(m[2], m[3]) <= max(t.tile_w, t.tile_h))


def _own_width(t: Tiling, r: int, c: int) -> float:
    """The width (bleed-box mm) of the part of sheet (r, c) that no later sheet covers."""
    return t.window(r, c)[2] - (t.overlap if c < t.columns_in(r) - 1 else 0.0)


def _plan_name(t: Tiling, r: int, c: int, words, big: TextStyle, scale: float) -> tuple[str, TextStyle]:
    """A sheet's name on the plan and its style: "feuille 2.1", set smaller on a narrow sheet so that it stays
    inside its own part, down to PLAN_NAME_PT's least; narrower than that, the name alone ("2.1": the plan's note
    says they are sheets), never under that least."""
    for name in (sheet_name(t.name(r, c), words), t.name(r, c)):
        size = min(big.size_pt, big.size_pt * (_own_width(t, r, c) * scale - 4.5) / fonts.text_width_mm(name, big))
        if size >= PLAN_NAME_PT[-1]:
            return name, big.with_(size_pt=size)
    return name, big.with_(size_pt=PLAN_NAME_PT[-1])


def _name_on_sheet(t: Tiling, r: int, c: int, name: str, style: TextStyle, scale: float, marks: Sequence[tuple]):
    """A sheet's name inside its own part of the map (name_place): at the first of PLAN_NAME_PT (no larger than
    `style`, which its sheet's width allows) where its box hides none of the face's zones and labels; where none
    does (PuXes' 3-player row 3, between turned gardens), at the smallest, where it hides least. ((x, y) in
    bleed-box mm, half width, height, style)."""
    sizes = [size for size in PLAN_NAME_PT if size <= style.size_pt] or [style.size_pt]
    # First with the face's labels NAME_TEXT_MARGIN_MM of the plan larger all round: a name's box kept off them,
    # not only off their letters (a box abutting "Oracle A1" reads as one with it), at the first size that finds
    # such a spot; else as before, the labels as they are.
    d = NAME_TEXT_MARGIN_MM / scale
    wide = [(m[0] - d, m[1] - d, m[2] + 2 * d, m[3] + 2 * d, *m[4:]) if _is_text(m) and len(m) <= 6 else m
            for m in marks]
    for size in sizes:
        st = style.with_(size_pt=size)
        half, box_h = _name_box(name, st, _own_width(t, r, c) * scale)
        at = name_place(t, r, c, half / scale, box_h / 2 / scale, wide, clear_only=True)
        if at is not None:
            return at, half, box_h, st
    for size in sizes:
        st = style.with_(size_pt=size)
        half, box_h = _name_box(name, st, _own_width(t, r, c) * scale)
        at = name_place(t, r, c, half / scale, box_h / 2 / scale, marks)
        if _hidden(t, at, half / scale, box_h / 2 / scale, marks) < 1e-6 or size == sizes[-1]:
            return at, half, box_h, st


def name_covers(box: tuple, mark: tuple, across: Optional[list] = None) -> float:
    """The area of a mark (keep_clear, bleed-box mm) that a box (x0, y0, x1, y1) hides: a turned zone's by its
    outline, any other's by its box. `across`: the turned outline already cut to the box's x band (name_place cuts
    it once for a column of spots)."""
    if len(mark) > 6:
        part = outline.clip(outline.clip(list(mark[6]), 0, box[0], box[2]) if across is None else across, 1,
                            box[1], box[3])
        return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(part, part[1:] + part[:1]))) / 2 if len(part) > 2 \
            else 0.0
    x, y, w, h = mark[:4]
    return max(0.0, min(x + w, box[2]) - max(x, box[0])) * max(0.0, min(y + h, box[3]) - max(y, box[1]))


def _map_scale(room_w: float, room_h: float, face) -> float:
    """The assembly map's scale in a region room_w x room_h: the whole board under the title, with room for
    the note below."""
    return min((room_w - 10) / face.bleed_width_mm, (room_h - 14 - 30) / face.bleed_height_mm, 1.0)


def _assembly_map(pdf, item: Item, t: Tiling, region: Box, game_title: str, component_name: str,
                  options: PrintOptions) -> None:
    words, language = options.words, options.language
    face = item.front
    title = TextStyle(size_pt=14, bold=True)
    pdf.text(region[0] + region[2] / 2, region[1] + 8, fr(words("print.tiling.map_title", game=game_title, component=component_name), language),
             title, align="center")
    top = region[1] + 14
    scale = _map_scale(region[2], region[3], face)
    ox = region[0] + (region[2] - face.bleed_width_mm * scale) / 2
    # The map shows the sheets' names, not the art's small print: a label it would print under the floor is left out
    with pdf.group(translate=(ox, top), scale=scale), pdf.text_floor(options.label_floor_pt):
        with pdf.group(clip=(0, 0, face.bleed_width_mm, face.bleed_height_mm)):
            face.draw(pdf)
    big = TextStyle(size_pt=12, bold=True, colour="#000000")
    for r in range(t.rows):
        for c in range(t.columns_in(r)):
            wx, wy, ww, wh = t.window(r, c)
            x, y = ox + wx * scale, top + wy * scale
            pdf.rect(x, y, ww * scale, wh * scale, stroke=MAP_OVERLAP if (r or c) else MAP_LINE)
    for r in range(t.rows):
        for c in range(t.columns_in(r)):
            name, style = _plan_name(t, r, c, words, big, scale)
            (fx, fy), half, box_h, style = _name_on_sheet(t, r, c, name, style, scale, face.keep_clear_mm)
            cx, cy = ox + fx * scale, top + fy * scale
            pdf.rect(cx - half, cy - box_h / 2, 2 * half, box_h, fill="#FFFFFF", stroke=MAP_LINE)
            pdf.text(cx, cy + 1.65 * style.size_pt / 12, name, style, align="center")
    for _, _, _, (x0, y0, x1, y1) in t.cuts:
        pdf.line(ox + x0 * scale, top + y0 * scale, ox + x1 * scale, top + y1 * scale, MAP_CUT)
    note = TextStyle(size_pt=9)
    y = top + face.bleed_height_mm * scale + 8
    pdf.text_box(region[0] + 5, y, region[2] - 10, 20,
                 fr(words("print.tiling.map_note", count=t.count, overlap=words.number(t.overlap),
                          order=_order(t, words)),
                    language), note)
    if t.cuts:
        # where no way of cutting keeps every zone whole: which seams cut one (drawn in red above)
        edges = [words(f"print.tiling.cut_edge.{edge}", sheet=sheet_name(t.name(r, c), words))
                 for r, c, edge, _ in t.cuts]
        zones = layout_text(fr(words("print.tiling.cut_zones", count=len(edges), edges=", ".join(edges)), language),
                            note.with_(colour=MAP_CUT.colour), region[2] - 10, 20)
        pdf.draw_layout(region[0] + 5, y + 11, region[2] - 10, 20, zones)
        y += zones.height_mm
    # Under the notes, in the room the plan leaves: the face's key, then how to put the sheets together
    top, bottom = y + 11 + PLAN_GAP_MM, region[1] + region[3]
    top += _plan_key(pdf, face, (region[0] + 5, top, region[2] - 10, bottom - top))
    _plan_steps(pdf, _assembly_steps(t, words), (region[0] + 5, top, region[2] - 10, bottom - top), words, language)


PLAN_GAP_MM = 5.0          # between the plan's notes, its key and its steps


def _assembly_steps(t: Tiling, words) -> tuple[str, ...]:
    """How the sheets go together once printed, as the print guide and the plan say it: cut, lay, glue."""
    return (words("print.tiling.cut_edges"),
            words("print.tiling.lay", overlap=words.number(t.overlap), first=sheet_name(t.name(0, 0), words)),
            words("print.tiling.glue"))


def _plan_key(pdf, face, room: Box) -> float:
    """The face's key (a map's legend: which icon is what) at print size in the room under the plan's notes,
    where it fits; the height it takes with the gap under it. The plan draws the face about 1:2, its key's names
    under the label floor, so left out (issue 25: 3d Run's plan showed twenty icons without a name, over 40 % of
    its page blank)."""
    key = face.plan_key(room[2], room[3]) if face.plan_key is not None and room[3] > 0 else None
    if key is None:
        return 0.0
    height, draw = key
    with pdf.group(translate=(room[0], room[1])):
        draw(pdf)
    return height + PLAN_GAP_MM


PLAN_STEP_PT = 9.0


def _plan_steps(pdf, steps: Sequence[str], room: Box, words, language: str) -> None:
    """The assembly steps, numbered under a heading, in the room under the plan where they all fit (the plan is
    the page a player keeps at hand while cutting and gluing; the guide says them too); else none."""
    x, y, w, h = room
    head, body = TextStyle(size_pt=10, bold=True), TextStyle(size_pt=PLAN_STEP_PT)
    indent = 5.0
    layouts = [layout_text(fr(step, language), body, w - indent, 1000.0, fit=False) for step in steps]
    head_h = fonts.cap_height_mm(head) + 3.0
    if head_h + sum(lay.height_mm + 1.5 for lay in layouts) > h:
        return
    pdf.text(x, y + fonts.cap_height_mm(head), fr(words("print.tiling.map_steps"), language), head)
    y += head_h
    for n, lay in enumerate(layouts, start=1):
        pdf.text(x, y + lay.first_baseline_mm, f"{n}.", body.with_(bold=True))
        pdf.draw_layout(x + indent, y, w - indent, lay.height_mm + 0.5, lay)
        y += lay.height_mm + 1.5
