"""Large boards and mats: the whole face on one page when the paper allows, else tiled over pages.

Tiles are windows of the face's bleed box, all the same size, neighbours
sharing an overlap strip of `options.overlap_mm`. Sheets are named like a
spreadsheet, row letter then column number (A1, A2, B1…), and assembled in
that order: each sheet is cut along its left and top art edges and laid over
the overlap of the sheets before it, its edge on the alignment marks printed
there. An assembly map page shows the whole board with every sheet outlined.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

from ..components.face import Item
from ..draw.errors import LayoutError
from ..draw.geometry import shape_outline_ops
from ..draw.style import Stroke, TextStyle
from .document import (LABEL_BAND_MM, GuideInfo, ImposedDocument, PageInfo, Placement, draw_face, draw_label,
                       fr, label_style, new_pdf, page_label)
from .geometry import Box, box3, inflate
from .marks import CUT_STROKE, OUTLINE_STROKE, Line, draw_marks, grid_marks
from .options import PrintOptions
from .paper import Page, candidate_pages
from .sheet import EDGE_MIN_MM, fit_axis

MIN_TICK_MM = 1.5    # a cut guide across a bleed narrower than this would be too short to find
MAP_LINE = Stroke("#000000", 0.3)
MAP_OVERLAP = Stroke("#000000", 0.2, dash_mm=(1.5, 1.0))


def row_name(i: int) -> str:
    """A, B, … Z, AA, AB…"""
    name = ""
    i += 1
    while i:
        i, rem = divmod(i - 1, 26)
        name = chr(ord("A") + rem) + name
    return name


@dataclass(frozen=True)
class Tiling:
    page: Page
    columns: int
    rows: int
    tile_w: float
    tile_h: float
    overlap: float

    def window(self, row: int, col: int) -> Box:
        """In face-bleed-local millimetres (origin at the top-left of the face's bleed box)."""
        return (col * (self.tile_w - self.overlap), row * (self.tile_h - self.overlap), self.tile_w, self.tile_h)


def _count(length: float, room: float, overlap: float) -> Optional[int]:
    if length <= room:
        return 1
    if room <= overlap:
        return None
    return math.ceil((length - overlap) / (room - overlap) - 1e-9)


def plan_tiling(width_mm: float, height_mm: float, options: PrintOptions) -> Tiling:
    """Fewest pages; equal windows; portrait wins ties."""
    best: Optional[Tiling] = None
    o = options.overlap_mm
    for page in candidate_pages(options.paper, options.orientation, options.margin_mm):
        _, _, pw, ph = page.printable
        room_w, room_h = pw - 2 * EDGE_MIN_MM, ph - LABEL_BAND_MM - 2 * EDGE_MIN_MM
        nc, nr = _count(width_mm, room_w, o), _count(height_mm, room_h, o)
        if nc is None or nr is None:
            continue
        t = Tiling(page, nc, nr, (width_mm + (nc - 1) * o) / nc, (height_mm + (nr - 1) * o) / nr, o)
        if best is None or nc * nr < best.columns * best.rows:
            best = t
    if best is None:
        raise LayoutError(f"the overlap of {o} mm leaves no room on {options.paper} paper")
    return best


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
                      corner_mm=face.corner_mm, component=item.component)
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

    t = plan_tiling(face.bleed_width_mm, face.bleed_height_mm, options)
    page = t.page
    px, py, pw, ph = page.printable
    region = (px, py, pw, ph - LABEL_BAND_MM)
    band = (px, py + ph - LABEL_BAND_MM, pw, LABEL_BAND_MM)
    total = t.rows * t.columns + 1
    infos = []
    # Windows are centred in the printable region; the board's bleed-box origin moves with each window.
    ox, oy = px + (region[2] - t.tile_w) / 2, py + (region[3] - t.tile_h) / 2
    for r in range(t.rows):
        for c in range(t.columns):
            n = r * t.columns + c + 1
            name = f"{row_name(r)}{c + 1}"
            win = t.window(r, c)
            shift_x, shift_y = ox - win[0], oy - win[1]
            art = (ox, oy, t.tile_w, t.tile_h)
            trim = (shift_x + face.bleed_mm, shift_y + face.bleed_mm, face.width_mm, face.height_mm)
            p = Placement(page=n, item_id=item.id, copy=1, face="front", trim=box3(trim), art=box3(art),
                          rotation_deg=0, width_mm=face.width_mm, height_mm=face.height_mm, shape=face.shape,
                          corner_mm=face.corner_mm, component=item.component)
            label = page_label(game_title, component_name, n, total, words("print.side.tile", name=name), setting,
                               words=words)
            pdf.begin_page(page.width_mm, page.height_mm)
            draw_face(pdf, face, p)
            lines = _tile_lines(t, r, c, trim, art)
            draw_marks(pdf, grid_marks([art], lines, [art], region))
            _overlap_notes(pdf, t, r, c, art, words)
            draw_label(pdf, band, label, language=language)
            infos.append(PageInfo(n, page.width_mm, page.height_mm, "tile", "single", label, (p,),
                                  tile=name, window=box3(win)))
    label = page_label(game_title, component_name, total, total, words("print.side.assembly_map"), "", words=words)
    pdf.begin_page(page.width_mm, page.height_mm)
    _assembly_map(pdf, item, t, region, game_title, component_name, options)
    draw_label(pdf, band, label, language=language)
    infos.append(PageInfo(total, page.width_mm, page.height_mm, "map", "single", label))
    guide = GuideInfo(
        title=component_name, sides=one_sided, paper_fr=words("print.paper.tiled"), pages=total,
        steps=(words("print.step.print_100"),
               words("print.tiling.sheets", what=_what(kind, words), count=t.rows * t.columns, names=_names(t)),
               words("print.tiling.cut_edges"),
               words("print.tiling.lay", overlap=words.number(t.overlap)),
               words("print.tiling.glue")))
    return ImposedDocument(pdf.finish(), tuple(infos), component_name, kind, options.paper, guide)


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


def _names(t: Tiling) -> str:
    return ", ".join(f"{row_name(r)}{c + 1}" for r in range(t.rows) for c in range(t.columns))


def _tile_lines(t: Tiling, r: int, c: int, trim: Box, art: Box) -> list[Line]:
    """Cut marks on the board's own edges and on this sheet's left/top edges; alignment marks where the
    next sheet's edge will lie."""
    lines = []
    x, y, w, h = trim
    ax, ay, aw, ah = art
    lines.append(Line(True, x) if c == 0 else Line(True, ax))
    lines.append(Line(False, y) if r == 0 else Line(False, ay))
    if c == t.columns - 1:
        lines.append(Line(True, x + w))
    else:
        lines.append(Line(True, ax + aw - t.overlap, "align"))
    if r == t.rows - 1:
        lines.append(Line(False, y + h))
    else:
        lines.append(Line(False, ay + ah - t.overlap, "align"))
    return lines


def _overlap_notes(pdf, t: Tiling, r: int, c: int, art: Box, words) -> None:
    """In the strips that end up under the next sheets (hidden once glued): which sheet goes there."""
    ax, ay, aw, ah = art
    style = label_style(pdf, 6.5).with_(colour="#000000")
    if c < t.columns - 1 and t.overlap >= 4:
        name = f"{row_name(r)}{c + 2}"
        with pdf.group(translate=(ax + aw - t.overlap / 2, ay + ah / 2), rotate_deg=90):
            pdf.text(0, 1.0, words("print.tiling.glue_here", name=name), style, align="center")
    if r < t.rows - 1 and t.overlap >= 4:
        name = f"{row_name(r + 1)}{c + 1}"
        pdf.text(ax + aw / 2, ay + ah - t.overlap / 2 + 1.0, words("print.tiling.glue_here", name=name), style,
                 align="center")


def _assembly_map(pdf, item: Item, t: Tiling, region: Box, game_title: str, component_name: str,
                  options: PrintOptions) -> None:
    words, language = options.words, options.language
    face = item.front
    title = TextStyle(size_pt=14, bold=True)
    pdf.text(region[0] + region[2] / 2, region[1] + 8, fr(words("print.tiling.map_title", game=game_title, component=component_name), language),
             title, align="center")
    top = region[1] + 14
    avail_w, avail_h = region[2] - 10, region[3] - 14 - 30
    scale = min(avail_w / face.bleed_width_mm, avail_h / face.bleed_height_mm, 1.0)
    ox = region[0] + (region[2] - face.bleed_width_mm * scale) / 2
    with pdf.group(translate=(ox, top), scale=scale):
        with pdf.group(clip=(0, 0, face.bleed_width_mm, face.bleed_height_mm)):
            face.draw(pdf)
    big = TextStyle(size_pt=16, bold=True, colour="#000000")
    for r in range(t.rows):
        for c in range(t.columns):
            wx, wy, ww, wh = t.window(r, c)
            x, y = ox + wx * scale, top + wy * scale
            pdf.rect(x, y, ww * scale, wh * scale, stroke=MAP_OVERLAP if (r or c) else MAP_LINE)
            cx, cy = x + ww * scale / 2, y + wh * scale / 2
            pdf.rect(cx - 8, cy - 6, 16, 9, fill="#FFFFFF", stroke=MAP_LINE)
            pdf.text(cx, cy + 0.6, f"{row_name(r)}{c + 1}", big, align="center")
    note = TextStyle(size_pt=9)
    y = top + face.bleed_height_mm * scale + 8
    pdf.text_box(region[0] + 5, y, region[2] - 10, 20,
                 fr(words("print.tiling.map_note", count=t.rows * t.columns, overlap=words.number(t.overlap)),
                    language), note)
