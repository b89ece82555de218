"""Forms on paper: one, two or four copies of a form's face per page, cut lines between them, a page label.

The n-up sheets of sheet.py are for cut items with crop marks and bleed; a
form has neither, and shares the page in halves or quarters instead. Pieces
of the form's stock (fold-over counters: plain paper, one side) may print in
the band its rows leave free under each copy (their `sheet_with`): dealt out
in order, the first copy's band the first pieces, each band its own grid and
crop marks (sheet.plan_band), so a player's pawn comes with his sheet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from ..components.face import Face, Item
from ..draw.errors import LayoutError
from ..draw.style import Stroke
from ..paper_sizes import paper_size_mm
from .document import LABEL_BAND_MM, GuideInfo, ImposedDocument, PageInfo, Placement, draw_label, new_pdf, page_label
from .geometry import Box
from .marks import MARK_CLEARANCE_MM
from .options import PrintOptions
from .paper import Page
from .sheet import draw_pieces, plan_band

CUT_STROKE = Stroke("#7F7F7F", 0.25, dash_mm=(3.0, 2.0))


@dataclass(frozen=True)
class FormPages:
    """How forms share a sheet: page size, one box per form, and the cut lines between them."""
    width_mm: float
    height_mm: float
    cells: tuple[tuple[float, float, float, float], ...]
    cuts: tuple[tuple[float, float, float, float], ...]
    band: tuple[float, float, float, float]        # where the page label goes


def form_pages(paper: str, per_page: int, orientation: str, margin_mm: float, label_band_mm: float) -> FormPages:
    """One form on the page (turned its way), two side by side across the long side, or four in a 2 x 2."""
    w, h = paper_size_mm(paper)
    landscape_page = (orientation == "landscape") != (per_page == 2)
    if landscape_page:
        w, h = h, w
    rx, ry, rw, rh = margin_mm, margin_mm, w - 2 * margin_mm, h - 2 * margin_mm - label_band_mm
    band = (rx, ry + rh, rw, label_band_mm)
    if per_page == 1:
        return FormPages(w, h, ((rx, ry, rw, rh),), (), band)
    if per_page == 2 and landscape_page:            # portrait forms, left and right
        half = rw / 2
        return FormPages(w, h, ((rx, ry, half, rh), (rx + half, ry, half, rh)),
                         ((rx + half, 0.0, rx + half, ry + rh),), band)
    if per_page == 2:                               # landscape forms, one above the other
        half = rh / 2
        return FormPages(w, h, ((rx, ry, rw, half), (rx, ry + half, rw, half)),
                         ((0.0, ry + half, w, ry + half),), band)
    cw, ch = rw / 2, rh / 2
    cells = tuple((rx + i * cw, ry + j * ch, cw, ch) for j in range(2) for i in range(2))
    return FormPages(w, h, cells, ((rx + cw, 0.0, rx + cw, ry + rh), (0.0, ry + ch, w, ry + ch)), band)


def form_document(form, make_face: Callable[[float, float], Face], options: PrintOptions, *,
                  game_title: str, guests: Sequence[Item] = (), free_band: Optional[Callable[[float, float], Box]] = None,
                  name: str = "", guest_steps: Sequence[str] = ()) -> tuple[ImposedDocument, Face]:
    """The form's PDF as an ImposedDocument (pages, manifest data, print guide entry), and its face.

    `make_face(width_mm, height_mm)` draws one form at its share of the page (components.form.form_face);
    `guests`: pieces of other components printed in the band `free_band(width_mm, height_mm)` (form mm) each
    copy leaves free, dealt out in order; `name` the file's name then (the form's and its guests'), and
    `guest_steps` what the guide says of them.
    """
    pages = form_pages(options.paper, form.per_page, form.orientation, options.margin_mm, LABEL_BAND_MM)
    _, _, cw, ch = pages.cells[0]
    face = make_face(cw, ch)
    copies = form.copies or form.per_page
    n_pages = math.ceil(copies / form.per_page)
    words = options.words
    name = name or form.name
    dealt = _dealt(guests, copies)
    band = free_band(cw, ch) if dealt else None
    paper_page = Page(options.paper, "landscape" if pages.width_mm > pages.height_mm else "portrait",
                      pages.width_mm, pages.height_mm, options.margin_mm)
    pdf = new_pdf(options, title=f"{game_title} — {name}")
    infos = []
    for p in range(n_pages):
        pdf.begin_page(pages.width_mm, pages.height_mm)
        placements, held = [], 0
        for k, cell in enumerate(pages.cells):
            copy = p * form.per_page + k + 1
            if copy > copies:
                break
            x, y, w, h = cell
            with pdf.group(translate=(x, y)):
                face.draw(pdf)
            placements.append(Placement(page=p + 1, item_id=form.id, copy=copy, face="front", trim=cell, art=cell,
                                        rotation_deg=0, width_mm=w, height_mm=h, component=form.id))
            held += 1
            if dealt and dealt[copy - 1]:
                # down to the form's own cut, not its margin: the margin is blank paper the band's bottom crop
                # marks may take (its pieces are cut out of the band, the form along the dashed line)
                region = (x + band[0], y + band[1], band[2], h - MARK_CLEARANCE_MM - band[1])
                try:
                    pieces = plan_band(dealt[copy - 1], region, paper_page, p + 1, options)
                except LayoutError as err:
                    raise LayoutError(f"the pieces printed on it ({', '.join(sorted({i.component for i in guests}))})"
                                      f": {err}") from None
                draw_pieces(pdf, pieces)
                placements.extend(placement for placement, _ in pieces.faces)
        if held > 1:
            for x1, y1, x2, y2 in pages.cuts:
                pdf.line(x1, y1, x2, y2, CUT_STROKE)
        label = page_label(game_title, name, p + 1, n_pages, words("print.side.single"),
                           words("print.setting.at_100"), words=words)
        draw_label(pdf, pages.band, label, language=options.language)
        infos.append(PageInfo(p + 1, pages.width_mm, pages.height_mm, "sheet", "single", label, tuple(placements)))
    # a black-and-white copy of the sheet would copy its pieces too, without their colours
    steps = [words("print.form.step_with_pieces" if dealt else "print.form.step")]
    if form.per_page > 1:
        steps.append(words("print.form.copies", count=form.per_page))
    steps.extend(guest_steps)
    guide = GuideInfo(title=name, sides=words("print.side.single"), paper_fr=words("print.paper.plain_80"),
                      steps=tuple(steps),
                      pages=n_pages, copies=copies)
    return ImposedDocument(pdf.finish(), tuple(infos), name, "form", options.paper, guide), face


def _dealt(guests: Sequence[Item], copies: int) -> list[list[tuple[Item, int]]]:
    """The guests' pieces (item, copy number) dealt out over the form's copies in order, as many to each (the
    last copies may hold fewer): one pawn a character sheet, the first sheet the first pawn."""
    if not guests:
        return []
    pieces = [(item, k + 1) for item in guests for k in range(item.copies)]
    each = math.ceil(len(pieces) / copies)
    return [pieces[k * each:(k + 1) * each] for k in range(copies)]
