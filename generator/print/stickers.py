"""Sticker sheets for blank dice, die by die: each die's six stickers in one block under or beside its name,
each sticker numbered 1 to 6 on the backing just below it (outside its cut: the art stays whole).

Blank 16 mm dice have rounded edges, so the flat of a face is smaller than
the die: stickers default to the die size less STICKER_MARGIN_MM.

A block is the die's name, then its six stickers in a row (or three by two,
or two by three, whichever needs the fewest sheets); blocks are spread
evenly over the sheets. The numbers are the places of a standard die
(dieart.DieArt: face i is the die's i + 1), the same numbers the nets carry.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from ..components.face import Face
from ..draw.errors import LayoutError
from ..draw.fonts import cap_height_mm, text_width_mm
from ..draw.geometry import translation
from ..draw.style import TextStyle
from .cutfile import cut_svg, placement_cut_ops
from .dieart import DieArt
from .document import (LABEL_BAND_MM, GuideInfo, ImposedDocument, PageInfo, Placement, draw_face, draw_label, fr,
                       new_pdf, page_label)
from .geometry import Box
from .marks import OUTLINE_STROKE
from .options import PrintOptions
from .cutter import cutter_layout, draw_registration
from .paper import candidate_pages
from .paper import page as paper_page

STICKER_MARGIN_MM = 3.0     # 16 mm die -> 13 mm sticker
STICKER_GUTTER_MM = 3.0     # between two stickers of a die: room to cut each alone
STICKER_CORNER_MM = 1.0
NUMBER_PT = 6.0             # a sticker's number on the backing (the reader's floor for labels is 5 pt)
NUMBER_GAP_MM = 0.7         # between a sticker's cut and the top of its number: the number reads as its own
NAME_PT = 7.0               # the die's name above or beside its block
NAME_GAP_MM = 1.2           # between the name and the block
BLOCK_GAP_MM = (6.0, 3.0)   # between two dice's blocks, across and down: wider than the gutter inside a block
EDGE_MM = 2.0               # the blocks stay this far inside the printable area
ARRANGEMENTS = ((6, 1), (3, 2), (2, 3))   # stickers across and down in a block, in order of preference


def sticker_size(die_mm: float) -> float:
    return die_mm - STICKER_MARGIN_MM


@dataclass(frozen=True)
class Block:
    """The shape of one die's block: its stickers across and down, where its name goes, its size."""
    across: int
    down: int
    name_left: bool
    name_width: float      # the column kept for the name when it is on the left
    width: float
    height: float
    row_pitch: float       # from a row of stickers to the next (sticker, its number, the gutter)


def _number_style(ink_saver: bool = False) -> TextStyle:
    return TextStyle(size_pt=NUMBER_PT, colour="#8C8C8C" if ink_saver else "#4D4D4D", bold=True)


def _name_style() -> TextStyle:
    return TextStyle(size_pt=NAME_PT, colour="#333333", bold=True)


def _block(across: int, down: int, name_left: bool, s: float, name_width: float) -> Block:
    number_band = NUMBER_GAP_MM + cap_height_mm(_number_style())
    row_pitch = s + number_band + STICKER_GUTTER_MM
    stickers_w = across * s + (across - 1) * STICKER_GUTTER_MM
    stickers_h = down * row_pitch - STICKER_GUTTER_MM
    if name_left:
        return Block(across, down, True, name_width, name_width + NAME_GAP_MM + stickers_w, stickers_h, row_pitch)
    name_h = cap_height_mm(_name_style()) + NAME_GAP_MM
    return Block(across, down, False, 0.0, stickers_w, name_h + stickers_h, row_pitch)


def _names(dice: Sequence[DieArt], words) -> list[tuple[DieArt, int, str]]:
    """(die, copy, the name its block shows) of every copy: copies of one die are told apart by their number."""
    out = []
    for die in dice:
        for copy in range(1, die.copies + 1):
            name = die.name if die.copies == 1 else words("print.dice.sticker_copy", name=die.name, n=copy,
                                                            total=die.copies)
            out.append((die, copy, name))
    return out


def _areas(options: PrintOptions, cutter) -> list:
    """(page, region for the blocks, label band) to choose from: with a cutting machine, the portrait page and
    the regions inside its marks (the largest first); else each way up of the paper, inside the margin."""
    if cutter:
        page = paper_page(options.paper, "portrait", options.margin_mm)
        lo, hi = cutter.label_span
        out = []
        for rx, ry, rw, rh in cutter.regions:
            band = (lo, ry + rh - LABEL_BAND_MM, hi - lo, LABEL_BAND_MM)
            out.append((page, (rx + EDGE_MM, ry + EDGE_MM, rw - 2 * EDGE_MM, rh - LABEL_BAND_MM - 2 * EDGE_MM), band))
        return out
    out = []
    for page in candidate_pages(options.paper, options.orientation, options.margin_mm):
        px, py, pw, ph = page.printable
        out.append((page, (px + EDGE_MM, py + EDGE_MM, pw - 2 * EDGE_MM, ph - LABEL_BAND_MM - 2 * EDGE_MM),
                    (px, py + ph - LABEL_BAND_MM, pw, LABEL_BAND_MM)))
    return out


def _choose(count: int, s: float, name_width: float, options: PrintOptions, cutter):
    """Page, region, label band, block shape and blocks across and down that need the fewest sheets; on a tie,
    portrait paper, the first shape of ARRANGEMENTS, the name on the left. With a cutting machine, only a
    layout whose blocks stay out of its marks' keep-out squares."""
    best = None
    for rank, (across, down) in enumerate(ARRANGEMENTS):
        for name_left in (True, False):
            block = _block(across, down, name_left, s, name_width)
            for page, region, band in _areas(options, cutter):
                cols = math.floor((region[2] + BLOCK_GAP_MM[0]) / (block.width + BLOCK_GAP_MM[0]) + 1e-9)
                rows = math.floor((region[3] + BLOCK_GAP_MM[1]) / (block.height + BLOCK_GAP_MM[1]) + 1e-9)
                if cols < 1 or rows < 1:
                    continue
                if cutter and not all(cutter.clear(box) for box in _block_boxes(region, block, cols, rows,
                                                                                   cols * rows)):
                    continue
                pages = math.ceil(count / (cols * rows))
                key = (pages, page.orientation != "portrait", rank, not name_left)
                if best is None or key < best[0]:
                    best = (key, page, region, band, block, cols, rows)
    if best is None:
        raise LayoutError(f"a die's six {s:g} mm stickers do not fit on the page")
    return best[1:]


def _block_boxes(region: Box, block: Block, cols: int, rows: int, count: int) -> list[Box]:
    """Where the first `count` blocks of a sheet go: rows of `cols`, the whole centred in the region, and a last
    row short of blocks centred under the others."""
    used_rows, used_cols = math.ceil(count / cols), min(cols, count)
    pitch_x, pitch_y = block.width + BLOCK_GAP_MM[0], block.height + BLOCK_GAP_MM[1]
    x0 = region[0] + (region[2] - used_cols * pitch_x + BLOCK_GAP_MM[0]) / 2
    y0 = region[1] + (region[3] - used_rows * pitch_y + BLOCK_GAP_MM[1]) / 2
    boxes = []
    for k in range(count):
        in_row = min(used_cols, count - k // cols * cols)
        boxes.append((x0 + (k % cols + (used_cols - in_row) / 2) * pitch_x, y0 + (k // cols) * pitch_y,
                      block.width, block.height))
    return boxes


def spread(count: int, per_page: int) -> list[int]:
    """How many pieces each sheet holds: as few sheets as fit them, shared out evenly (10 of 4 a sheet: 4, 3, 3,
    not 4, 4, 2 with a last sheet half blank)."""
    pages = max(1, math.ceil(count / per_page))
    base, extra = divmod(count, pages)
    return [base + (1 if i < extra else 0) for i in range(pages)]


def dice_stickers(dice: Sequence[DieArt], options: PrintOptions, *, sticker_mm: float, game_title: str,
                  component_name: str) -> ImposedDocument:
    """`dice[i].faces` must draw in a sticker_mm square (die_faces(die, sticker_mm))."""
    for die in dice:
        if len(die.faces) != 6:
            raise LayoutError(f"die {die.id!r}: a cube has 6 faces, got {len(die.faces)}")
    if not dice:
        raise LayoutError("no dice to print")
    words = options.words
    s = sticker_mm
    blocks = _names(dice, words)
    name_style = _name_style()
    name_width = max(text_width_mm(fr(name, options.language), name_style) for _, _, name in blocks)
    cutter = cutter_layout(options.cutter, options.paper) if options.cutter else None
    page, region, band, shape, cols, rows = _choose(len(blocks), s, name_width, options, cutter)
    counts = spread(len(blocks), cols * rows)
    pdf = new_pdf(options, title=f"{game_title} — {component_name}")
    one_sided = words("print.side.single")
    setting = words("print.setting.at_100_with", setting=words("print.setting.none"))
    number_style = _number_style(options.ink_saver)
    infos, cut_files, start = [], [], 0
    for n, count in enumerate(counts, start=1):
        label = page_label(game_title, component_name, n, len(counts), one_sided, setting, words=words)
        if cutter:     # what the cutting software must be told, where the marks are
            label += " · " + words(f"print.cutter.{cutter.machine}_label", **_cutter_words(cutter, words))
        pdf.begin_page(page.width_mm, page.height_mm)
        placements, cuts = [], []
        for (bx, by, _, _), (die, copy, name) in zip(_block_boxes(region, shape, cols, rows, count),
                                                     blocks[start:start + count]):
            placed = _draw_block(pdf, shape, (bx, by), die, copy, name, s, n, component_name, name_style,
                                 number_style, options.language)
            placements.extend(placed)
            cuts.extend(placement_cut_ops(p) for p in placed)
        start += count
        draw_label(pdf, band, label, language=options.language)
        title = words("print.cut_file_title", game=game_title, component=component_name, n=n)
        if cutter:      # the machine reads the marks; its cut file is in their frame
            draw_registration(pdf, cutter)
            to_frame = translation(-cutter.frame[0], -cutter.frame[1])
            svg = cut_svg(cutter.frame[2], cutter.frame[3], [to_frame.map_ops(ops) for ops in cuts], title=title)
        else:
            svg = cut_svg(page.width_mm, page.height_mm, cuts, title=title)
        infos.append(PageInfo(n, page.width_mm, page.height_mm, "stickers", "single", label, tuple(placements)))
        cut_files.append((n, svg))
    guide = GuideInfo(title=component_name, sides=one_sided, paper_fr=words("print.paper.stickers"),
                      pages=len(counts), copies=len(blocks),
                      steps=(words("print.step.print_100"), words("print.dice.stickers_find"),
                             *_cutter_steps(cutter, words), words("print.dice.stickers_cut"),
                             words("print.dice.stickers_stick")))
    return ImposedDocument(pdf.finish(), tuple(infos), component_name, "stickers", options.paper, guide,
                           tuple(cut_files), language=options.language)


def _cutter_words(cutter, words) -> dict:
    return {k: words.number(v, 2) if isinstance(v, float) else v for k, v in cutter.settings.items()
            if not isinstance(v, list)}


def _cutter_steps(cutter, words) -> tuple[str, ...]:
    if not cutter:
        return ()
    return (words(f"print.cutter.{cutter.machine}_step", **_cutter_words(cutter, words)), words("print.cutter.cut_file"))


def _draw_block(pdf, shape: Block, at: tuple[float, float], die: DieArt, copy: int, name: str, s: float, page: int,
                component: str, name_style: TextStyle, number_style: TextStyle, language: str) -> list[Placement]:
    """One die's block: its name, its six stickers (cut outline over the art), each one's number below it."""
    bx, by = at
    name_cap = cap_height_mm(name_style)
    if shape.name_left:     # level with the middle of the first row of stickers
        pdf.text(bx, by + (s + name_cap) / 2, fr(name, language), name_style)
        sx, sy = bx + shape.name_width + NAME_GAP_MM, by
    else:
        pdf.text(bx, by + name_cap, fr(name, language), name_style)
        sx, sy = bx, by + name_cap + NAME_GAP_MM
    placements = []
    for index, draw in enumerate(die.faces):
        c, r = index % shape.across, index // shape.across
        trim: Box = (sx + c * (s + STICKER_GUTTER_MM), sy + r * shape.row_pitch, s, s)
        face = Face(s, s, draw, bleed_mm=0.0, safe_mm=0.5, corner_mm=STICKER_CORNER_MM)
        p = Placement(page=page, item_id=die.id, copy=copy, face=str(index + 1), trim=trim, art=trim,
                      rotation_deg=0, width_mm=s, height_mm=s, corner_mm=STICKER_CORNER_MM, component=component,
                      safe_mm=0.5)
        draw_face(pdf, face, p)
        pdf.path(placement_cut_ops(p), stroke=OUTLINE_STROKE)
        baseline = trim[1] + s + NUMBER_GAP_MM + cap_height_mm(number_style)
        pdf.text(trim[0] + s / 2, baseline, str(index + 1), number_style, align="center")
        placements.append(p)
    return placements
