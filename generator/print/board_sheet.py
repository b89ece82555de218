"""A board whole on one sheet with pieces of its stock in the band under it (their `sheet_with`).

A board that fits one sheet leaves paper free beside it (Armada's 188 mm board on A4: about 99 mm under it
once it sits at the top). Pieces glued onto the same greyboard and cut the same way go there: the board at the
top of the page with its crop marks, the pieces in the band under those marks, laid out by the n-up sheet's
band (sheet.plan_band: their own grid, bleed and crop marks, all inside the band). The player glues the whole
sheet, cuts the band off along the white strip between the two, then cuts each. A tiled board hosts nothing:
its sheets are windows of one piece (print/tiling.py).
"""

from __future__ import annotations

from typing import Optional, Sequence

from ..components.face import Item
from ..draw.errors import LayoutError
from .document import LABEL_BAND_MM, GuideInfo, ImposedDocument, PageInfo, Placement, draw_face, draw_label, \
    new_pdf, page_label
from .geometry import Box, box3, inflate
from .marks import MARK_CLEARANCE_MM, MARK_LEN_MM, Line, draw_marks, grid_marks
from .options import PrintOptions
from .paper import PAPER_NAMES, Page, candidate_pages
from .sheet import Band, draw_pieces, fit_axis, plan_band

class NoRoomToHost(LayoutError):
    """A board that does not fit one sheet with its crop marks (too large, or the paper forced the wrong way up):
    it prints alone, its guests on sheets of their own (kinds/board.render_hosting)."""


SEPARATION_MM = 2.0     # a white strip between the board's marks and the band's: the band is cut off along it


def _board_at_top(item: Item, page: Page) -> Optional[tuple[Box, Box, Box]]:
    """The board's trim and art at the top of the page, centred across, with room for its crop marks on every
    side (above it as much room as beside it, up to what a mark needs), and the band left under its marks;
    None when its marks do not fit across or no band is left."""
    face = item.front
    px, py, pw, ph = page.printable
    fx = fit_axis(px, pw, face.width_mm, face.bleed_mm, 0.0)
    if fx is None:
        return None
    # above it, the room beside it (its marks as long) but no more than a whole mark needs: a landscape
    # page's wide sides would push it down into the band
    side = min(fx.start - px, fx.outer_bleed + MARK_CLEARANCE_MM + MARK_LEN_MM)
    trim = (fx.start, py + side, face.width_mm, face.height_mm)
    art = inflate(trim, fx.outer_bleed, fx.outer_bleed, fx.outer_bleed, fx.outer_bleed)
    top = art[1] + art[3] + MARK_CLEARANCE_MM + MARK_LEN_MM + SEPARATION_MM     # under the board's marks
    bottom = py + ph - LABEL_BAND_MM
    if bottom - top <= 0:
        return None
    return trim, art, (px, top, pw, bottom - top)


def board_with_pieces(item: Item, pieces: Sequence[Item], options: PrintOptions, *, game_title: str,
                      name: str, kind: str = "board", guest_steps: Sequence[str] = ()) -> ImposedDocument:
    """The board at the top of one sheet, `pieces` (one-sided, one size) in the band under it: the PDF, its
    page for the manifest (the board's placement and each piece's, by component) and its print guide entry
    (`name`: the board's and its guests'; `guest_steps`: what the guide says of them, where they are first).
    A LayoutError when the board does not fit one sheet with its marks, or the pieces do not fit under it."""
    face = item.front
    entries = [(piece, k + 1) for piece in pieces for k in range(piece.copies)]
    tried = []
    for page in candidate_pages(options.paper, options.orientation, options.margin_mm):
        placed = _board_at_top(item, page)
        if placed is None:
            continue
        trim, art, region = placed
        try:
            band = plan_band(entries, region, page, 1, options)
        except LayoutError as err:
            tried.append(str(err))
            continue
        return _document(item, page, trim, art, region, band, options, game_title=game_title, name=name, kind=kind,
                         guest_steps=guest_steps)
    if not tried:
        raise NoRoomToHost(f"a {face.width_mm:g} x {face.height_mm:g} mm board does not fit one "
                          f"{PAPER_NAMES[options.paper]} sheet with its crop marks: it can host no pieces "
                          f"(sheet_with), their own sheets can")
    raise LayoutError(f"the pieces printed under the board: {tried[0]}")


def _document(item: Item, page: Page, trim: Box, art: Box, region: Box, band: Band, options: PrintOptions, *, game_title: str,
              name: str, kind: str, guest_steps: Sequence[str]) -> ImposedDocument:
    face = item.front
    words = options.words
    one_sided = words("print.side.single")
    setting = words("print.setting.at_100_with", setting=words("print.setting.none"))
    label = page_label(game_title, name, 1, 1, one_sided, setting, words=words)
    board = Placement(page=1, item_id=item.id, copy=1, face="front", trim=box3(trim), art=box3(art),
                      rotation_deg=0, width_mm=face.width_mm, height_mm=face.height_mm, shape=face.shape,
                      corner_mm=face.corner_mm, component=item.component, safe_mm=face.safe_mm)
    px, py, pw, ph = page.printable
    pdf = new_pdf(options, title=f"{game_title} — {name}")
    pdf.begin_page(page.width_mm, page.height_mm)
    draw_face(pdf, face, board)
    x, y, w, h = board.trim
    lines = [Line(True, x), Line(True, x + w), Line(False, y), Line(False, y + h)]
    # the board's marks stay above the band's region, the band's own inside it: none reaches the other's art
    draw_marks(pdf, grid_marks([board.art], lines, [board.trim], (px, py, pw, region[1] - SEPARATION_MM - py)))
    draw_pieces(pdf, band)
    draw_label(pdf, (px, py + ph - LABEL_BAND_MM, pw, LABEL_BAND_MM), label, language=options.language)
    placements = (board, *(p for p, _ in band.faces))
    info = PageInfo(1, page.width_mm, page.height_mm, "sheet", "single", label, placements)
    steps = (words("print.step.print_100"), *guest_steps, words("print.step.cut_bands"), words("print.step.cut_ruler"))
    guide = GuideInfo(title=name, sides=one_sided, paper_fr=words("print.paper.tiled"), steps=steps, pages=1,
                      copies=1 + len(band.faces))
    return ImposedDocument(pdf.finish(), (info,), name, kind, options.paper, guide)

