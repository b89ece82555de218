"""N-up sheets: as many cards, tiles or counters per page as fit, with crop marks, duplex backs or fold pairs.

The layout is computed as data first (`plan_sheets`): which paper way up,
which quarter turn of the items, how many per row and column, and for every
face its page, trim rectangle and printed art. Drawing, the manifest and the
cut files all read that plan.

Along each axis neighbours are either kept apart by a gutter of at least two
bleeds (each keeps its whole bleed, one cut per side) or butted against each
other (one shared cut, bleed kept only on the outside of the block). The
layout takes whichever holds more, preferring the gutter on a tie: nine poker
cards fit an A4 page only butted in one direction. The bleed on the outside of
the block shrinks, if it must, to leave room for marks that can be seen.
"""

from __future__ import annotations

import hashlib
import math
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Optional, Sequence

from ..components.face import Face, Item
from ..draw.errors import LayoutError
from ..draw.geometry import Affine, rect_ops, translation
from ..draw.pdfpages import drawn_or_replayed, keeping
from .cutfile import cut_svg, placement_cut_ops
from .document import (LABEL_BAND_MM, GuideInfo, ImposedDocument, PageInfo, Placement, draw_face, draw_label,
                       new_pdf, page_label)
from .duplex import back_placement, sheet_flip
from .fold import fold_segment, pair_placements
from .geometry import Box, box3, intersect
from .marks import (EDGE_MIN_MM, FOLD_LINE_STROKE, MARK_CLEARANCE_MM, MARK_LEN_MM, MARK_OFFSET_MM, MIN_MARK_MM, OUTLINE_STROKE, Line, Mark,
                    draw_marks, grid_marks)
from .options import PrintOptions
from .paper import PAPER_NAMES, Page, candidate_pages
from .paper import page as paper_page
from .cutter import cutter_layout, draw_registration


class DoesNotFit(LayoutError):
    """An item larger than the printable area: it must be tiled (tiling.tile_face)."""


# --- the grid ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class AxisFit:
    count: int
    start: float          # page coordinate of the first trim edge
    size: float           # trim size of a unit along this axis
    gap: float            # trim-to-trim gap between neighbours
    outer_bleed: float    # art kept beyond the outermost trims
    inner_bleed: float    # art kept toward a neighbour
    bleed: float = 0.0    # the items' own bleed: kept toward a slot left empty

    def trim_at(self, i: int) -> float:
        return self.start + i * (self.size + self.gap)

    def art_extent(self, i: int, before: bool = True, after: bool = True) -> tuple[float, float]:
        """Art along this axis of the unit at i; `before`/`after`: whether the neighbouring slot on that side
        holds a unit (an empty slot is free paper: the unit keeps its whole bleed toward it)."""
        lo = self.outer_bleed if i == 0 else (self.inner_bleed if before else self.bleed)
        hi = self.outer_bleed if i == self.count - 1 else (self.inner_bleed if after else self.bleed)
        return self.trim_at(i) - lo, self.trim_at(i) + self.size + hi


def full_edge(bleed: float) -> float:
    """Room beyond an outer trim for the whole bleed and a whole crop mark (STYLE.md: 5 mm, 2 mm off the trim, or
    just past the bleed's art)."""
    return max(MARK_OFFSET_MM, bleed + MARK_CLEARANCE_MM) + MARK_LEN_MM


def fit_axis(lo: float, length: float, size: float, bleed: float, gutter: float, *,
             shared_cuts: bool = True, full: bool = False) -> Optional[AxisFit]:
    """The best row (or column) of units along one axis of the printable region [lo, lo + length].

    `full`: every outer edge keeps the whole bleed and whole crop marks (a band laid under a host: its few
    pieces are cut out of the band, not off a sheet's edge; fewer fit rather than any edge short)."""
    best: Optional[AxisFit] = None
    edge = full_edge(bleed) if full else EDGE_MIN_MM
    for gap in ((gutter, 0.0) if gutter > 0 and shared_cuts else (gutter,)):
        n = math.floor((length - 2 * edge + gap) / (size + gap) + 1e-9)
        if n < 1:
            continue
        span = n * size + (n - 1) * gap
        side = (length - span) / 2
        outer = bleed if full else max(0.0, min(bleed, side - MIN_MARK_MM - MARK_CLEARANCE_MM))
        fit = AxisFit(n, lo + side, size, gap, outer, min(bleed, gap / 2), bleed)
        if best is None or fit.count > best.count:
            best = fit
    return best


@dataclass(frozen=True)
class Grid:
    page: Page
    rotation_deg: int      # quarter turn of every unit on the page (0 or 90)
    fx: AxisFit
    fy: AxisFit
    region: Box            # printable area less the label band
    label_band: Box

    @property
    def per_page(self) -> int:
        return self.fx.count * self.fy.count

    def slot(self, i: int, filled: Optional[int] = None) -> tuple[Box, Box]:
        """Trim and allowed art of slot i, row by row from the top-left, on a page whose first `filled` slots
        (all, if None) hold units: toward an empty slot a unit keeps its whole bleed (the last row's bottom
        edge is cut like any outer edge)."""
        filled = self.per_page if filled is None else filled
        c, r = i % self.fx.count, i // self.fx.count
        x, y = self.fx.trim_at(c), self.fy.trim_at(r)
        ax0, ax1 = self.fx.art_extent(c, after=i + 1 < filled)
        ay0, ay1 = self.fy.art_extent(r, after=i + self.fx.count < filled)
        return (x, y, self.fx.size, self.fy.size), (ax0, ay0, ax1 - ax0, ay1 - ay0)


def choose_grid(unit_w: float, unit_h: float, bleed: float, options: PrintOptions, *,
                shared_cuts: bool = True, count: Optional[int] = None) -> Grid:
    """Paper way up and item turn that need the fewest pages for `count` units (the most per page when
    count is None); on a tie, upright items, then portrait paper, then more per page.

    Butting items (shared cuts) is tried only with the default gutter: a gutter asked for is kept.
    """
    gutter = 2 * bleed if options.gutter_mm is None else options.gutter_mm
    shared_cuts = shared_cuts and options.gutter_mm is None
    best: Optional[Grid] = None
    cutter = cutter_layout(options.cutter, options.paper) if options.cutter else None
    if cutter:     # portrait, inside the machine's frame; the largest region whose layout clears its marks
        portrait = paper_page(options.paper, "portrait", options.margin_mm)
        areas = [(portrait, r) for r in cutter.regions]
    else:
        areas = [(page, page.printable) for page in candidate_pages(options.paper, options.orientation,
                                                                     options.margin_mm)]
    for page, (px, py, pw, ph) in areas:
        region = (px, py, pw, ph - LABEL_BAND_MM)
        band = (px, py + ph - LABEL_BAND_MM, pw, LABEL_BAND_MM)
        if cutter:
            lo, hi = max(px, cutter.label_span[0]), min(px + pw, cutter.label_span[1])
            band = (lo, band[1], hi - lo, LABEL_BAND_MM)
        for grid in _grids(page, region, band, unit_w, unit_h, bleed, gutter, shared_cuts):
            if cutter and not _clears(grid, cutter):
                continue
            if best is None or _rank(grid, count) < _rank(best, count):
                best = grid
            if unit_w == unit_h:
                break     # a square unit turned is the same layout
    if best is None:
        raise DoesNotFit(f"a {unit_w:g} x {unit_h:g} mm item does not fit on {PAPER_NAMES[options.paper]} "
                         f"inside a {options.margin_mm:g} mm margin: tile it across pages")
    return best


def _grids(page: Page, region: Box, band: Box, unit_w: float, unit_h: float, bleed: float, gutter: float,
           shared_cuts: bool, full: bool = False):
    """The grids of the region with the units upright, then turned, where at least one fits (`full`: fit_axis)."""
    for turn in (0, 90):
        w, h = (unit_w, unit_h) if turn == 0 else (unit_h, unit_w)
        fx = fit_axis(region[0], region[2], w, bleed, gutter, shared_cuts=shared_cuts, full=full)
        fy = fit_axis(region[1], region[3], h, bleed, gutter, shared_cuts=shared_cuts, full=full)
        if fx is not None and fy is not None:
            yield Grid(page, turn, fx, fy, region, band)


def _clears(grid: Grid, cutter) -> bool:
    """Whether every slot's art and its crop marks (drawn inside the region) stay out of the cutter's keep-out
    squares."""
    m = MARK_OFFSET_MM + MARK_LEN_MM
    return all(cutter.clear(intersect((a[0] - m, a[1] - m, a[2] + 2 * m, a[3] + 2 * m), grid.region) or a)
               for a in (grid.slot(i)[1] for i in range(grid.per_page)))


def _rank(grid: Grid, count: Optional[int]) -> tuple:
    pages = math.ceil(count / grid.per_page) if count else 0
    return (pages, grid.rotation_deg != 0, grid.page.orientation != "portrait", -grid.per_page)


# --- the plan ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlannedPage:
    info: PageInfo
    faces: tuple[tuple[Placement, Face], ...]
    marks: tuple[Mark, ...]
    outlines: tuple[Placement, ...]            # cut outlines drawn over the art
    fold_lines: tuple[tuple[float, float, float, float], ...]
    label_band: Box
    cut_paths: tuple[tuple, ...]               # cut outlines for the SVG cut file (recto pages only)


@dataclass(frozen=True)
class SheetPlan:
    pages: tuple[PlannedPage, ...]
    mode: str                                  # single | duplex | fold
    paper: str
    banded: bool = False                       # a sheet holds a band of other pieces under its first grid


def _copies(items: Sequence[Item]) -> list[tuple[Item, int]]:
    out = []
    for item in items:
        if item.copies < 1:
            raise LayoutError(f"item {item.id!r}: copies must be at least 1")
        out.extend((item, k + 1) for k in range(item.copies))
    return out


def _group_key(item: Item, mode: str) -> tuple:
    f = item.front
    return (round(f.width_mm, 6), round(f.height_mm, 6), mode == "fold")


def _unit_lines(unit_trim: Box) -> list[Line]:
    x, y, w, h = unit_trim
    return [Line(True, x), Line(True, x + w), Line(False, y), Line(False, y + h)]


def _dedupe(lines: list[Line]) -> list[Line]:
    seen: dict[tuple, Line] = {}
    for line in lines:
        key = (line.vertical, round(line.at, 6))
        if key not in seen or line.kind == "cut":
            seen[key] = line
    return [seen[k] for k in sorted(seen)]


def plan_sheets(items: Sequence[Item], options: PrintOptions, *, shared_cuts: bool = True) -> SheetPlan:
    """`shared_cuts=False` keeps every unit apart by the gutter (stickers, shapes that must not touch)."""
    if not items:
        raise LayoutError("nothing to impose: no items")
    has_back = any(item.back is not None for item in items)
    mode = "fold" if options.fold and has_back else ("duplex" if has_back and options.duplex != "none" else "single")
    groups: dict[tuple, list[tuple[Item, int]]] = {}
    for item, copy in _copies(items):
        groups.setdefault(_group_key(item, mode), []).append((item, copy))

    pages: list[dict] = []
    banded = False
    sizes = list(groups.values())

    def dims(entries) -> tuple[float, float, float, float]:
        first = entries[0][0].front
        bleed = max(max(it.front.bleed_mm, it.back.bleed_mm if it.back else 0.0) for it, _ in entries)
        return first.width_mm, first.height_mm, (2 * first.width_mm if mode == "fold" else first.width_mm), bleed

    def band_under(laid: list[dict], entries) -> Optional[Grid]:
        _, h, unit_w, bleed = dims(entries)
        return _band_grid(laid[-2] if mode == "duplex" else laid[-1], unit_w, h, bleed, options,
                          shared_cuts=shared_cuts, count=len(entries))

    for index, entries in enumerate(sizes):
        w, h, unit_w, bleed = dims(entries)
        if pages:     # a second size goes first in the free rows under the last sheet's pieces
            band = band_under(pages, entries)
            if band is not None:
                chunk, entries = entries[:band.per_page], entries[band.per_page:]
                _add_block(pages, chunk, band, mode, w, h, options, appended=True)
                banded = True
        if not entries:
            continue
        grid = choose_grid(unit_w, h, bleed, options, shared_cuts=shared_cuts, count=len(entries))
        start, spread = len(pages), _chunks(entries, grid)
        for chunk in spread:
            _add_block(pages, chunk, grid, mode, w, h, options)
        following = sizes[index + 1] if index + 1 < len(sizes) else None
        if following is not None and band_under(pages, following) is None:
            # the rows spread over the pages leave the next size no band: one row on the last sheet, the others
            # spread over as many sheets as before, may (PuXes' 20 skill cards as 9 + 8 + 3, its fortress under
            # the last three)
            plain = _chunks(entries, grid, one_row_last=True)
            if len(plain) == len(spread):
                trial = pages[:start]
                for chunk in plain:
                    _add_block(trial, chunk, grid, mode, w, h, options)
                if band_under(trial, following) is not None:
                    pages[:] = trial
    return SheetPlan(tuple(_finish_page(d) for d in pages), mode, options.paper, banded)


def _add_block(pages: list[dict], chunk: list, grid: Grid, mode: str, w: float, h: float, options: PrintOptions, *,
               appended: bool = False) -> None:
    """Lay `chunk` in `grid`: on a new sheet (and its back), or `appended` on the last sheet (a band under
    what it holds, its marks inside that band: the band is cut off first, then its pieces)."""
    page = grid.page
    flip = sheet_flip(page.width_mm, page.height_mm, options.duplex) if mode == "duplex" else None
    if appended:
        front = pages[-2] if mode == "duplex" else pages[-1]
        number = front["number"]
    else:
        number = len(pages) + 1
        front = dict(number=number, page=page, side="fold" if mode == "fold" else
                     ("recto" if mode == "duplex" else "single"), faces=[], marks=[], outlines=[], folds=[],
                     band=grid.label_band, cut_paths=[], flip=None, region=grid.region)
        pages.append(front)
    faces, lines, outlines, folds, arts, trims, cut_paths = [], [], [], [], [], [], []
    for slot, (item, copy) in enumerate(chunk):
        unit_trim, unit_art = grid.slot(slot, len(chunk))
        trims.append(unit_trim)
        lines.extend(_unit_lines(unit_trim))
        if mode == "fold":
            back = item.back or _blank_back(item.front)
            pair = pair_placements(unit_trim, unit_art, grid.rotation_deg, w, h, page=number,
                                   item_id=item.id, copy=copy, component=item.component,
                                   front=item.front, back=back)
            faces.extend(zip(pair, (item.front, back)))
            arts.extend(p.art for p in pair)
            seg = fold_segment(unit_trim, grid.rotation_deg, w, h)
            folds.append(seg)
            vertical = abs(seg[0] - seg[2]) < 1e-9
            lines.append(Line(vertical, seg[0] if vertical else seg[1], "fold"))
            cut_paths.append(_pair_cut_ops(pair, unit_trim, item.front))
            if options.cut_lines or item.front.shape != "rect":
                outlines.extend(pair)
        else:
            p = Placement(page=number, item_id=item.id, copy=copy, face="front", trim=unit_trim,
                          art=unit_art, rotation_deg=grid.rotation_deg, width_mm=w, height_mm=h,
                          shape=item.front.shape, corner_mm=item.front.corner_mm, component=item.component,
                          safe_mm=item.front.safe_mm)
            faces.append((p, item.front))
            arts.append(unit_art)
            cut_paths.append(placement_cut_ops(p))
            if options.cut_lines or item.front.shape != "rect":
                outlines.append(p)
    front["faces"].extend(faces)
    front["marks"].extend(grid_marks(arts, _dedupe(lines), trims, grid.region))
    front["outlines"].extend(outlines)
    front["folds"].extend(folds)
    front["cut_paths"].extend(cut_paths)
    front.setdefault("arts", []).extend(arts)
    if mode != "duplex":
        return
    backs = []
    for (item, _), (p, face) in zip(chunk, faces):
        if item.back is not None:
            backs.append((back_placement(p, item.back, flip, oriented=item.back_oriented, page=number + 1), item.back))
    if appended:
        pages[-1]["faces"].extend(backs)
    else:
        pages.append(dict(number=number + 1, page=page, side="verso", faces=backs, marks=[], outlines=[], folds=[],
                          band=flip.map_box(grid.label_band), cut_paths=[], flip=options.duplex))


def _band_grid(last: dict, unit_w: float, unit_h: float, bleed: float, options: PrintOptions, *,
               shared_cuts: bool, count: int) -> Optional[Grid]:
    """A grid of units in the free rows of a sheet under what it holds (its art, its marks, a clearance):
    upright when that holds the `count` units, else the turn that holds more; None when not one row fits, or
    with a cutting machine (its frame is planned for one grid)."""
    if options.cutter or not last.get("arts"):
        return None
    page, (rx, ry, rw, rh) = last["page"], last["region"]
    used = max(a[1] + a[3] for a in last["arts"]) + MARK_CLEARANCE_MM + MARK_LEN_MM
    region = (rx, used, rw, ry + rh - used)
    if region[3] <= 0:
        return None
    gutter = 2 * bleed if options.gutter_mm is None else options.gutter_mm
    shared_cuts = shared_cuts and options.gutter_mm is None
    best = None
    for grid in _grids(page, region, last["band"], unit_w, unit_h, bleed, gutter, shared_cuts, full=True):
        # up against the band's top, not centred in it: its whole bleed and crop marks above it
        grid = replace(grid, fy=replace(grid.fy, start=region[1] + full_edge(bleed)))
        if best is None or min(grid.per_page, count) > min(best.per_page, count):
            best = grid
    return best


@dataclass(frozen=True)
class Band:
    """Pieces laid in a region of a page another layout owns (the band a form's rows or a board leave free): what
    _draw_pieces draws there, in page mm."""
    faces: tuple[tuple[Placement, Face], ...]
    marks: tuple[Mark, ...]
    outlines: tuple[Placement, ...]
    fold_lines: tuple[tuple[float, float, float, float], ...]


def plan_band(entries: Sequence[tuple[Item, int]], region: Box, page: Page, number: int,
              options: PrintOptions) -> Band:
    """One-sided pieces of one size ((item, copy number) pairs) in `region` of page `number`: the n-up grid's
    slots, bleed and crop marks inside the region (cut the band off, then its pieces), upright when that holds
    them all, else turned, in rows of even length (_balanced_rows); a LayoutError when they do not fit."""
    entries = list(entries)
    sizes = {_group_key(item, "single") for item, _ in entries}
    first = entries[0][0].front
    if len(sizes) > 1 or any(item.back is not None for item, _ in entries):
        raise LayoutError("the pieces sharing a band (under a form or a board) must be of one size and printed "
                          "on one side")
    bleed = max(item.front.bleed_mm for item, _ in entries)
    gutter = 2 * bleed if options.gutter_mm is None else options.gutter_mm
    grids = [g for g in _grids(page, region, region, first.width_mm, first.height_mm, bleed, gutter,
                               options.gutter_mm is None, full=True) if g.per_page >= len(entries)]
    if not grids:
        raise LayoutError(f"{len(entries)} piece(s) of {first.width_mm:g} x {first.height_mm:g} mm do not fit the "
                          f"{region[2]:.1f} x {region[3]:.1f} mm left free")
    grid = _balanced_rows(grids[0], len(entries))      # upright first (_grids)
    front = dict(number=number, page=page, faces=[], marks=[], outlines=[], folds=[], cut_paths=[])
    _add_block([front], entries, grid, "single", first.width_mm, first.height_mm, options, appended=True)
    return Band(tuple(front["faces"]), tuple(front["marks"]), tuple(front["outlines"]), tuple(front["folds"]))


def _balanced_rows(grid: Grid, count: int) -> Grid:
    """The grid narrowed to as few columns as hold `count` units in the rows they need, centred where it was:
    40 ships in rows of 13 leave one alone in a fourth row; in rows of 10 the four rows are full."""
    rows = math.ceil(count / grid.fx.count)
    cols = math.ceil(count / rows)
    if cols >= grid.fx.count:
        return grid
    fx = grid.fx
    shift = (fx.count - cols) * (fx.size + fx.gap) / 2
    return replace(grid, fx=replace(fx, count=cols, start=fx.start + shift))


def page_counts(count: int, grid: Grid) -> list[int]:
    """How many units each page holds: full pages, unless the last would hold a lone row under pages of
    several rows; then the rows are spread evenly over the same number of pages (first pages one row more),
    so no sheet is nearly empty: 3 x 3 cards, 20 of them, go 9 + 6 + 5, not 9 + 9 + 2."""
    per_page, cols, rows = grid.per_page, grid.fx.count, grid.fy.count
    pages = math.ceil(count / per_page)
    plain = [per_page] * (pages - 1) + [count - per_page * (pages - 1)]
    if pages < 2 or rows < 2 or plain[-1] > cols:
        return plain
    needed = math.ceil(count / cols)              # rows in all
    spread = [needed // pages + (1 if k < needed % pages else 0) for k in range(pages)]
    counts = [r * cols for r in spread]
    counts[-1] -= sum(counts) - count             # the last row of the last page may be short
    return counts


def _chunks(entries: list, grid: Grid, *, one_row_last: bool = False) -> list[list]:
    """The entries page by page, rows spread (page_counts); `one_row_last`: the last page one row, the others
    spread over the rest (a band of another size goes under that row)."""
    counts = page_counts(len(entries), grid)
    cols = grid.fx.count
    if one_row_last and len(entries) > cols:
        counts = page_counts(len(entries) - cols, grid) + [cols]
    out, start = [], 0
    for n in counts:
        out.append(entries[start:start + n])
        start += n
    return out


def _blank_back(front: Face) -> Face:
    return Face(front.width_mm, front.height_mm, lambda canvas: None, bleed_mm=front.bleed_mm,
                safe_mm=front.safe_mm, shape=front.shape, corner_mm=front.corner_mm)


def _pair_cut_ops(pair: list[Placement], unit_trim: Box, front: Face) -> tuple:
    """A rectangular pair is cut round as one piece; other shapes round each face."""
    if front.shape == "rect":
        return tuple(rect_ops(*unit_trim))
    return tuple(op for p in pair for op in placement_cut_ops(p))


def _finish_page(d: dict) -> PlannedPage:
    page: Page = d["page"]
    placements = tuple(replace(p, trim=box3(p.trim), art=box3(p.art)) for p, _ in d["faces"])
    info = PageInfo(number=d["number"], width_mm=page.width_mm, height_mm=page.height_mm,
                    kind="fold" if d["side"] == "fold" else "sheet",
                    side="verso" if d["side"] == "verso" else ("recto" if d["side"] == "recto" else "single"),
                    label="", placements=placements, flip=d["flip"])
    return PlannedPage(info, tuple(d["faces"]), tuple(d["marks"]), tuple(d["outlines"]), tuple(d["folds"]),
                       d["band"], tuple(tuple(ops) for ops in d["cut_paths"]))


# --- drawing ---------------------------------------------------------------------------------------
def _back_correction(info: PageInfo, options: PrintOptions) -> Optional[Affine]:
    """The printer profile's correction of a duplex back page (printer.py); None for any other page."""
    if info.side != "verso" or options.printer is None or options.printer.is_identity:
        return None
    return options.printer.back_correction(info.width_mm, info.height_mm)


@contextmanager
def _corrected(canvas, correction: Optional[Affine]):
    """Draw the block moved by `correction` (a turn about a point, then a shift), as two nested groups."""
    if correction is None:
        yield
        return
    # correction = translate(t) . rotate(angle): the group moves to t and turns there.
    angle = math.degrees(math.atan2(correction.c, correction.a))
    with canvas.group(translate=(correction.tx, correction.ty), rotate_deg=angle):
        yield


def _setting(mode: str, options: PrintOptions) -> str:
    words = options.words
    if mode == "duplex":
        return words("print.setting.at_100_with", setting=options.print_setting)
    return words("print.setting.at_100_with", setting=words("print.setting.none"))


def impose_sheets(items: Sequence[Item], options: PrintOptions, *, game_title: str, component_name: str,
                  kind: str = "cards", shared_cuts: bool = True, paper: str | None = None,
                  extra_steps: Sequence[str] = (), alone: str = "") -> ImposedDocument:
    """Cards, tiles or counters on n-up sheets: PDF, page data for the manifest, one cut file per recto.

    `kind` is what the manifest calls the file; `paper` (default: ordinary sheet paper, in the options'
    language) and `extra_steps` are what the print guide says of this kind of component (the registry of
    kinds, generator.kinds, knows them); `alone`, why its sheets share with no other (the content's reason)."""
    plan = plan_sheets(items, options, shared_cuts=shared_cuts)
    cutter = cutter_layout(options.cutter, options.paper) if options.cutter else None
    total = len(plan.pages)
    pdf = new_pdf(options, title=f"{game_title} — {component_name}")
    infos, cut_files = [], []
    words = options.words
    setting = _setting(plan.mode, options)
    for planned in plan.pages:
        info = planned.info
        side = words("print.side.fold") if plan.mode == "fold" else words(f"print.side.{info.side}")
        label = page_label(game_title, component_name, info.number, total, side, setting, words=words)
        if cutter and info.side != "verso":     # what the cutting software must be told, where the marks are
            label += " · " + words(f"print.cutter.{cutter.machine}_label", **_settings_words(cutter, words))
        info = replace(info, label=label)
        single = info.placements[0] if len(info.placements) == 1 else None
        correction = _back_correction(info, options)
        boxes = (single.trim, single.art) if single else None
        if boxes and correction is not None:     # where the one item is printed (its bounds, if turned)
            boxes = tuple(box3(correction.map_box(b)) for b in boxes)
        pdf.begin_page(info.width_mm, info.height_mm, trim=boxes[0] if boxes else None,
                       bleed=boxes[1] if boxes else None)
        if boxes:
            info = replace(info, trim_box=boxes[0], bleed_box=boxes[1])
        with drawn_or_replayed(pdf, _page_key(planned, info, options) if keeping() else None) as page:
            if page.draw:
                _draw_page(pdf, planned, label, correction, cutter if info.side != "verso" else None, options)
        if correction is not None:
            info = replace(info, correction=tuple(round(v, 9) for v in (correction.a, correction.b, correction.c,
                                                                        correction.d, correction.tx, correction.ty)))
        infos.append(info)
        if info.side != "verso":
            title = words("print.cut_file_title", game=game_title, component=component_name, n=info.number)
            if cutter:     # in the marks' frame: (0, 0) is the outer corner of the top-left mark
                to_frame = translation(-cutter.frame[0], -cutter.frame[1])
                svg = cut_svg(cutter.frame[2], cutter.frame[3], [to_frame.map_ops(ops) for ops in planned.cut_paths],
                              title=title)
            else:
                svg = cut_svg(info.width_mm, info.height_mm, planned.cut_paths, title=title)
            cut_files.append((info.number, svg))
    return ImposedDocument(pdf=pdf.finish(), pages=tuple(infos), component=component_name, kind=kind,
                           paper=options.paper, guide=replace(_guide(plan, options, component_name, items, paper,
                                                                     extra_steps), alone=alone),
                           cut_files=tuple(cut_files), language=options.language)


def _draw_page(pdf, planned: PlannedPage, label: str, correction: Optional[Affine], cutter,
               options: PrintOptions) -> None:
    """One sheet: its faces, cut outlines, fold lines, marks and label; `cutter`: the machine's registration."""
    with _corrected(pdf, correction):
        draw_pieces(pdf, planned)
        draw_label(pdf, planned.label_band, label, language=options.language)
    if cutter:     # the machine reads the side it cuts
        draw_registration(pdf, cutter)


def draw_pieces(pdf, planned) -> None:
    """A sheet's or a band's pieces (a PlannedPage or a Band): faces, cut outlines, fold lines, crop marks."""
    for placement, face in planned.faces:
        draw_face(pdf, face, placement)
    for p in planned.outlines:
        pdf.path(placement_cut_ops(p), stroke=OUTLINE_STROKE)
    for x1, y1, x2, y2 in planned.fold_lines:
        pdf.line(x1, y1, x2, y2, FOLD_LINE_STROKE)
    draw_marks(pdf, planned.marks)


def _page_key(planned: PlannedPage, info: PageInfo, options: PrintOptions) -> Optional[str]:
    """A hash of everything a sheet draws (draw/pdfpages.py keeps it by this): its plan, its label, the options,
    and what each face draws (Face.key); None when a face's key is not known (the sheet is always drawn)."""
    faces = []
    for placement, face in planned.faces:
        if not face.key:
            return None
        faces.append((placement, face.key))
    text = repr((info, tuple(faces), planned.marks, planned.outlines, planned.fold_lines, planned.label_band,
                 options))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _settings_words(cutter, words) -> dict:
    """The cutter's settings as the catalogue's templates show them (numbers in the language's way)."""
    return {k: words.number(v, 2) if isinstance(v, float) else v for k, v in cutter.settings.items()
            if not isinstance(v, list)}


def _guide(plan: SheetPlan, options: PrintOptions, name: str, items: Sequence[Item], paper: str | None,
           extra_steps: Sequence[str]) -> GuideInfo:
    words = options.words
    steps = [words("print.step.print_100")]
    if plan.mode == "duplex":
        sides = options.print_setting
        steps.append(words(f"print.step.duplex_{options.duplex}"))
        if options.printer and not options.printer.is_identity:
            steps.append(words("print.step.printer_profile", name=options.printer.name))
        steps.append(words("print.step.check_backs"))
    elif plan.mode == "fold":
        sides = words("print.side.single")
        steps.append(words("print.step.fold_pairs"))
    else:
        sides = words("print.side.single")
    steps.extend(extra_steps)       # what the kind asks (counters, tiles: glue the sheet on card) comes before the cut
    if options.cutter:
        cutter = cutter_layout(options.cutter, options.paper)
        steps.append(words(f"print.cutter.{options.cutter}_step", **_settings_words(cutter, words)))
        steps.append(words("print.cutter.cut_file"))
    else:
        if plan.banded:     # a ruler run across the whole sheet along the first grid's marks would cut the band
            steps.append(words("print.step.cut_bands"))
        steps.append(words("print.step.cut_ruler"))
        # the shapes this file holds, named: a guide saying "hexagonal" of triangles sends readers looking
        shapes = [shape for shape in ("round", "hex", "triangle") if any(it.front.shape == shape for it in items)]
        if shapes:
            named = [words(f"print.shapes.{shape}") for shape in shapes]
            steps.append(words("print.step.cut_shapes", shapes=words("print.shapes.or").join(named)))
    if plan.mode in ("duplex", "fold") and any(it.back_oriented for it in items):
        steps.append(words("print.step.oriented_backs"))
    copies = sum(it.copies for it in items)
    return GuideInfo(title=name, sides=sides, paper_fr=paper or words("print.paper.sheets"),
                     steps=tuple(steps), pages=len(plan.pages), copies=copies)
