"""Print-shop export: one PDF per deck, one card face per page at trim + bleed, back then front, CMYK.

This is the layout card printers such as DriveThruCards ask for: every page
is a single face with its bleed, TrimBox inset by the bleed, BleedBox the
whole page, colours in CMYK and every font embedded (reportlab embeds the
TrueType subsets it uses), marked PDF/X-1a:2003 (pdfx.py). No marks or
labels: the shop trims.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ..components.face import Face, Item
from ..draw.errors import LayoutError
from .document import GuideInfo, ImposedDocument, PageInfo, Placement, new_pdf
from .options import PrintOptions
from .pdfx import mark_pdfx1a


def _page(pdf, face: Face, item: Item, copy: int, name: str, number: int, component: str, words) -> PageInfo:
    w, h = face.bleed_width_mm, face.bleed_height_mm
    trim = (face.bleed_mm, face.bleed_mm, face.width_mm, face.height_mm)
    pdf.begin_page(w, h, trim=trim, bleed=(0.0, 0.0, w, h))
    face.draw(pdf)
    p = Placement(page=number, item_id=item.id, copy=copy, face=name, trim=trim, art=(0.0, 0.0, w, h),
                  rotation_deg=0, width_mm=face.width_mm, height_mm=face.height_mm, shape=face.shape,
                  corner_mm=face.corner_mm, component=component, safe_mm=face.safe_mm)
    return PageInfo(number, w, h, "card", "single", f"{item.label or item.id} — {words(f'print.shop.{name}')}",
                    (p,), trim_box=trim, bleed_box=(0.0, 0.0, w, h))


def _blank(face: Face) -> Face:
    """A white back for an item that has none: shops want every card's pair of pages."""
    return Face(face.width_mm, face.height_mm,
                lambda c: c.rect(0, 0, face.bleed_width_mm, face.bleed_height_mm, fill="#FFFFFF"),
                bleed_mm=face.bleed_mm, shape=face.shape, corner_mm=face.corner_mm)


def shop_export(items: Sequence[Item], options: PrintOptions, *, game_title: str,
                component_name: str) -> ImposedDocument:
    """Back, front, back, front… one pair per copy of every card; always CMYK, never ink-saver."""
    if not items:
        raise LayoutError("nothing to export: no items")
    opts = replace(options, cmyk=True, ink_saver=False)
    words = options.words
    pdf = new_pdf(opts, title=f"{game_title} — {words('print.shop.name', name=component_name)}")
    infos = []
    for item in items:
        for copy in range(1, item.copies + 1):
            back = item.back or _blank(item.front)
            for name, face in (("back", back), ("front", item.front)):
                infos.append(_page(pdf, face, item, copy, name, len(infos) + 1, component_name, words))
    guide = GuideInfo(title=words("print.shop.name", name=component_name), sides=words("print.shop.sides"),
                      paper_fr=words("print.paper.shop"), pages=len(infos), copies=sum(i.copies for i in items),
                      steps=(words("print.shop.step"),)
                      + ((words("print.shop.oriented"),) if any(i.back_oriented for i in items) else ()))
    return ImposedDocument(mark_pdfx1a(pdf.finish()), tuple(infos), component_name, "shop", options.paper, guide)
