"""SVG cut files: one per sheet, cut paths only, at the page's real size, for cutting machines and lasers.

Red hairlines are what laser and plotter software take for "cut"; nothing
else is in the file, so no art or mark is ever cut by mistake.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..draw.canvas import PathOp
from ..draw.geometry import shape_outline_ops
from ..draw.style import MIN_LINE_MM, Stroke
from ..draw.svg import SvgCanvas
from .document import Placement

CUT_PATH_STROKE = Stroke("#FF0000", MIN_LINE_MM)


def placement_cut_ops(p: Placement) -> list[PathOp]:
    return p.transform.map_ops(shape_outline_ops(p.shape, p.width_mm, p.height_mm, p.corner_mm))


def cut_svg(width_mm: float, height_mm: float, paths: Iterable[Sequence[PathOp]], *, title: str = "") -> str:
    svg = SvgCanvas(width_mm, height_mm, title=title, embed_fonts=False)
    for ops in paths:
        svg.path(list(ops), stroke=CUT_PATH_STROKE)
    return svg.tostring()
