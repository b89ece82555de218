"""Where the cube nets of a page go: in a grid of their boxes, or head to tail where that saves a sheet.

A cross-shaped net leaves its box's corners empty. Turned half a turn, the next net's column slips beside
the first one's arm, a little lower: a row of nets that alternate up and down, each kept NET_GAP_MM from its
neighbours by the boxes round its faces and tabs (conservative: a tab's box holds the tab). The nets have no
crop marks (each is cut round its outline) and their fold lines lie inside it, so a gap between outlines is
all that keeps cuts and folds apart. Ten PuXes dice of 25 mm go five to a landscape A4 this way, two sheets
instead of three; where the grid needs no more sheets it is kept (it reads more simply).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Optional, Sequence

from .document import LABEL_BAND_MM
from .geometry import Box, place
from .options import PrintOptions
from .paper import Page, candidate_pages
from .sheet import EDGE_MIN_MM, choose_grid

DY_STEP_MM = 0.5      # how finely the lower net's drop is tried (at most 2 x the box's height / step tries)


@dataclass(frozen=True)
class NetSlot:
    box: Box             # the net's box on the page (turned: its turned box)
    rotation_deg: int    # 0, 90, 180 or 270
    row: int


@dataclass(frozen=True)
class NetLayout:
    page: Page
    label_band: Box
    slots: tuple[NetSlot, ...]

    @property
    def per_page(self) -> int:
        return len(self.slots)

    def placed(self, count: int) -> list[NetSlot]:
        """The first `count` slots, each row that is not full moved to the middle of the page's width."""
        used = list(self.slots[:count])
        out = []
        for row in dict.fromkeys(s.row for s in used):
            full = [s for s in self.slots if s.row == row]
            have = [s for s in used if s.row == row]
            shift = (_right(full) - _right(have)) / 2
            out.extend(NetSlot((s.box[0] + shift, *s.box[1:]), s.rotation_deg, s.row) for s in have)
        return out


def _right(slots: Sequence[NetSlot]) -> float:
    return max(s.box[0] + s.box[2] for s in slots)


def net_layout(width_mm: float, height_mm: float, parts: Sequence[Box], count: int, gap_mm: float,
               options: PrintOptions) -> NetLayout:
    """The layout that needs the fewest pages for `count` nets of a `width_mm` x `height_mm` box (its `parts`:
    boxes holding its faces and tabs, in the box's mm): the grid on a tie."""
    grid = choose_grid(width_mm, height_mm, 0.0, replace(options, gutter_mm=gap_mm), shared_cuts=False,
                       count=max(1, count))
    best = NetLayout(grid.page, grid.label_band,
                     tuple(NetSlot(grid.slot(i)[0], grid.rotation_deg, i // grid.fx.count)
                           for i in range(grid.per_page)))
    if options.cutter:        # the machine's frame is planned for a grid
        return best
    for page in candidate_pages(options.paper, options.orientation, options.margin_mm):
        for turn in (0, 90):
            chain = _head_to_tail(width_mm, height_mm, parts, turn, gap_mm, page)
            if chain is not None and math.ceil(count / chain.per_page) < math.ceil(count / best.per_page):
                best = chain
    return best


def _turned(width: float, height: float, parts: Sequence[Box], deg: int) -> list[Box]:
    """The parts of a net turned by deg, in its turned box's mm."""
    w, h = (width, height) if deg % 180 == 0 else (height, width)
    m = place(width, height, (0.0, 0.0, w, h), deg)
    return [m.map_box(b) for b in parts]


def _clear_offset(a: Sequence[Box], b: Sequence[Box], dy: float, gap: float) -> float:
    """How far right of `a` the shape `b`, dropped by dy, must start so that each of its parts beside a part of
    `a` (their heights within gap of each other) is gap right of it: any offset beyond keeps them apart."""
    need = -math.inf
    for ax, ay, aw, ah in a:
        for bx, by, bw, bh in b:
            if by + dy < ay + ah + gap and ay < by + dy + bh + gap:
                need = max(need, ax + aw + gap - bx)
    return need


def _head_to_tail(width: float, height: float, parts: Sequence[Box], turn: int, gap: float,
                  page: Page) -> Optional[NetLayout]:
    """Rows of nets turned `turn` and `turn + 180` in turn, the second dropped by the dy that puts the most on
    the page; None when no row holds two."""
    up, down = _turned(width, height, parts, turn), _turned(width, height, parts, turn + 180)
    w, h = (width, height) if turn == 0 else (height, width)
    px, py, pw, ph = page.printable
    room_w, room_h = pw - 2 * EDGE_MIN_MM, ph - LABEL_BAND_MM - 2 * EDGE_MIN_MM
    same = _clear_offset(up, up, 0.0, gap)
    best = None
    for k in range(int(h / DY_STEP_MM) + 1):
        dy = k * DY_STEP_MM
        dx = max(0.0, _clear_offset(up, down, dy, gap))
        pitch = max(same, dx + _clear_offset(down, up, -dy, gap))
        xs = []
        while (x := (len(xs) // 2) * pitch + (dx if len(xs) % 2 else 0.0)) + w <= room_w + 1e-9:
            xs.append(x)
        rows = math.floor((room_h + gap + 1e-9) / (h + dy + gap))
        if len(xs) < 2 or rows < 1:
            continue
        if best is None or len(xs) * rows > best[0]:
            best = (len(xs) * rows, xs, rows, dy)
    if best is None:
        return None
    _, xs, rows, dy = best
    block_w = xs[-1] + w
    block_h = rows * (h + dy) + (rows - 1) * gap
    x0 = px + EDGE_MIN_MM + (room_w - block_w) / 2
    y0 = py + EDGE_MIN_MM + (room_h - block_h) / 2
    slots = tuple(NetSlot((x0 + x, y0 + r * (h + dy + gap) + (dy if i % 2 else 0.0), w, h),
                          (turn + (180 if i % 2 else 0)) % 360, r)
                  for r in range(rows) for i, x in enumerate(xs))
    return NetLayout(page, (px, py + ph - LABEL_BAND_MM, pw, LABEL_BAND_MM), slots)
