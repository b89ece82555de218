"""A figure on a mat: a region of the mat's own face (a rectangle in mm, or one of its zones), scaled down.

Places on a mat are its zones (by label, at their centre) or points 'x,y' in
the mat's bleed-box mm, the frame its zones and elements are written in.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ...content.diagrams import Diagram
from ...content.models import Mat, PieceStyle
from ...draw.style import Stroke
from ..board import Placement
from ...draw.bounds import bounds, texts
from ..mat import mat_elements, mat_face
from ..pieces import draw_piece, drawn_attributes
from .figure import Figure, Places, Shown, draw_accents

ZONE_PAD_MM = 5.0          # a figure of one zone shows a little of the mat around it
MAT_PLACE_MM = 8.0         # the size marks and arrows give a place on a mat, which has no cells
GUIDES_MIN_FACTOR = 0.25   # a mat drawn smaller leaves out its elements (rulers, measures, the centre's cross,
                           # notes): their words, 7-8 pt at real size, would need more than LABEL_GROWTH to reach
                           # the reader's floor and are left out, and lines and bars without their words are
                           # marks no caption explains. Its zones stay, named where their labels fit.
CUT_SHARE = 0.25           # an element running this share of its length out of the crop leaves the frame (a ruler
                           # whose end and words are beyond it); a dashed guide cut a few mm short still reads


def mat_region(mat: Mat, diagram: Diagram) -> tuple[float, float, float, float]:
    """The area drawn, bleed-box mm: `region`, else the zone padded (within the bleed box), else the trim."""
    show = diagram.show
    bw, bh = mat.width_mm + 2 * mat.bleed_mm, mat.height_mm + 2 * mat.bleed_mm
    if show.region is not None:
        return show.region
    if show.zone is not None:
        z = mat.zone_labelled(show.zone)
        x0, y0 = max(0.0, z.x - ZONE_PAD_MM), max(0.0, z.y - ZONE_PAD_MM)
        x1, y1 = min(bw, z.x + z.w + ZONE_PAD_MM), min(bh, z.y + z.h + ZONE_PAD_MM)
        return x0, y0, x1 - x0, y1 - y0
    return mat.bleed_mm, mat.bleed_mm, mat.width_mm, mat.height_mm


def mat_figure(mat: Mat, diagram: Diagram, placements: Sequence[Placement], styles: dict[str, PieceStyle],
               game_folder: Path, *, max_width_mm: float = 120.0, max_height_mm: float = 150.0) -> Figure:
    rx, ry, rw, rh = mat_region(mat, diagram)
    factor = min(1.0, max_width_mm / rw, max_height_mm / rh)
    face = mat_face(mat, game_folder, elements=factor >= GUIDES_MIN_FACTOR)

    def centre(name: str) -> tuple[float, float]:
        px, py = mat.point(name)
        return (px - rx) * factor, (py - ry) * factor

    def box(name: str) -> tuple[float, float, float, float]:
        zone = mat.zone_labelled(name)
        if zone is None:
            cx, cy = centre(name)
            return cx - MAT_PLACE_MM / 2, cy - MAT_PLACE_MM / 2, MAT_PLACE_MM, MAT_PLACE_MM
        return (zone.x - rx) * factor, (zone.y - ry) * factor, zone.w * factor, zone.h * factor

    def draw(canvas) -> None:
        with canvas.group(translate=(-rx * factor, -ry * factor), scale=factor, clip=(rx, ry, rw, rh)):
            face.draw(canvas)
        canvas.rect(0.0, 0.0, rw * factor, rh * factor, stroke=Stroke("#555555", 0.25))
        for place, piece, value in placements:
            style = styles[piece]
            draw_piece(canvas, style, *centre(place), value, size_mm=style.size_mm * factor)
        draw_accents(canvas, diagram, Places(centre, MAT_PLACE_MM, box))

    shows = tuple(Shown(place, piece, value, attrs=drawn_attributes(styles[piece])) for place, piece, value in placements)
    cut = _cut_elements(mat, game_folder, (rx, ry, rw, rh)) if factor >= GUIDES_MIN_FACTOR else ()
    return Figure(diagram.id, diagram.caption, rw * factor, rh * factor, draw, shows, cut)


def _cut_elements(mat: Mat, game_folder: Path, region: tuple) -> tuple[str, ...]:
    """The words of each element of the mat (a ruler and its label, a measure, a note) that the region shows in
    part, more than CUT_SHARE of it beyond the region on one axis: the line runs out of the figure's frame."""
    rx, ry, rw, rh = region
    cut = []
    for ops in mat_elements(mat, game_folder):
        def draw(canvas, ops=ops) -> None:
            for op in ops:
                op(canvas)
        box, _ = bounds(draw)
        if box is None:
            continue
        x, y, w, h = box
        if x >= rx + rw or x + w <= rx or y >= ry + rh or y + h <= ry:
            continue            # wholly outside: not drawn at all
        beyond = [(max(0.0, lo - start) + max(0.0, start + size - (lo + span))) / size
                  for start, size, lo, span in ((x, w, rx, rw), (y, h, ry, rh)) if size > 1.0]
        if beyond and max(beyond) > CUT_SHARE:
            cut.append(" ".join(text for text, _ in texts(draw)))
    return tuple(cut)
