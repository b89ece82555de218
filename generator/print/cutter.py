"""Print-and-cut: the registration marks of a cutting machine, the area sheets are laid out in, the cut file's frame.

A cutting machine reads printed registration marks with its optical sensor,
then cuts the paths of a cut file in the frame those marks define. So with
`--cutter` the sheets are laid out inside the machine's area, the marks are
printed on every recto, and each page's cut file (cutfile.py) gives every
item's trim in millimetres from the frame's origin, the outer corner of the
top-left mark, over the frame's width and height.

- Silhouette (Studio's "Type 1" marks, portrait, for CAMEO, Portrait and
  Curio): a 5 mm filled square at the top-left, L-shaped corners 20 mm long
  at the top-right and bottom-left, 0.5 mm thick, 10 mm in from the edges
  of the paper. The sensor searches the 20 mm square at each mark's corner:
  nothing is printed there (2 mm more of white), and sheets keep 8 mm inside
  the frame (the square and 3 mm); a layout whose corners would reach a
  mark's square is laid out again 22 mm inside the frame. The values are
  printed on the page, to be set the same in Studio's registration-mark
  panel.
- Cricut (Design Space's Print Then Cut): the printable area is at most
  6.75 x 9.25 in (171.45 x 234.95 mm), centred on the page, on A4 as on
  Letter; its frame is four L-shaped corners 1.5 mm thick, 25 mm long,
  11.6 mm to the sides of the area and 18.9 mm above and below it (Design
  Space's own frame, as drawn on its Letter sheet). Design Space prints its
  own frame when it prints from an uploaded image; printed from our PDF, the
  frame is ours, at the same place.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..draw.errors import LayoutError
from ..paper_sizes import paper_size_mm
from .geometry import Box, box3

CUTTERS = ("silhouette", "cricut")
PAPERS = ("a4", "letter")

SILHOUETTE_INSET_MM = 10.0
SILHOUETTE_SQUARE_MM = 5.0
SILHOUETTE_ARM_MM = 20.0
SILHOUETTE_THICKNESS_MM = 0.5
SILHOUETTE_CLEAR_MM = 8.0          # sheets start this far inside the frame: the square plus 3 mm of white
SILHOUETTE_KEEP_OUT_MM = 22.0      # the square the sensor searches at each mark's corner, and 2 mm of white

CRICUT_AREA_MM = (171.45, 234.95)  # 6.75 x 9.25 in
CRICUT_SIDE_GAP_MM = 11.6
CRICUT_END_GAP_MM = 18.9
CRICUT_ARM_MM = 25.0
CRICUT_THICKNESS_MM = 1.5


@dataclass(frozen=True)
class CutterLayout:
    machine: str
    paper: str
    width_mm: float               # the page, portrait
    height_mm: float
    frame: Box                    # the marks' frame on the page: its origin is the cut file's (0, 0)
    regions: tuple[Box, ...]      # where sheets may lay items out (page millimetres), the largest first
    marks: tuple[Box, ...]        # filled rectangles, page millimetres
    keep_out: tuple[Box, ...]     # where nothing may be printed: the sensor's search squares
    label_span: tuple[float, float]   # x range of the page label, clear of the keep-out squares
    settings: dict                # what the machine's software must be told, for the page and the guide

    @property
    def region(self) -> Box:
        return self.regions[0]

    def clear(self, box: Box) -> bool:
        """Whether a page rectangle stays out of every keep-out square."""
        x, y, w, h = box
        return all(x + w <= k[0] or k[0] + k[2] <= x or y + h <= k[1] or k[1] + k[3] <= y for k in self.keep_out)

    def to_frame(self, x: float, y: float) -> tuple[float, float]:
        return x - self.frame[0], y - self.frame[1]


def _l_mark(x: float, y: float, dx: int, dy: int, arm: float, t: float) -> list[Box]:
    """An L whose outer corner is (x, y), arms going dx (+1 right, -1 left) and dy (+1 down, -1 up)."""
    horizontal = (x if dx > 0 else x - arm, y if dy > 0 else y - t, arm, t)
    vertical = (x if dx > 0 else x - t, y if dy > 0 else y - arm, t, arm)
    return [horizontal, vertical]


def cutter_layout(machine: str, paper: str) -> CutterLayout:
    if machine not in CUTTERS:
        raise LayoutError(f"no cutting machine {machine!r} (known: {', '.join(CUTTERS)})")
    if paper not in PAPERS:
        raise LayoutError(f"print-and-cut with {machine} is on A4 or Letter, not {paper}")
    w, h = paper_size_mm(paper)
    if machine == "silhouette":
        i = SILHOUETTE_INSET_MM
        frame = (i, i, w - 2 * i, h - 2 * i)
        arm, t = SILHOUETTE_ARM_MM, SILHOUETTE_THICKNESS_MM
        marks = [(i, i, SILHOUETTE_SQUARE_MM, SILHOUETTE_SQUARE_MM)]
        marks += _l_mark(w - i, i, -1, +1, arm, t)
        marks += _l_mark(i, h - i, +1, -1, arm, t)
        k = SILHOUETTE_KEEP_OUT_MM
        keep_out = ((i, i, k, k), (w - i - k, i, k, k), (i, h - i - k, k, k))
        regions = tuple((frame[0] + c, frame[1] + c, frame[2] - 2 * c, frame[3] - 2 * c)
                        for c in (SILHOUETTE_CLEAR_MM, k))
        span = (i + k, w - i - k)
        settings = {"type": 1, "length_mm": arm, "thickness_mm": t, "inset_mm": i}
    else:
        aw, ah = CRICUT_AREA_MM
        area = ((w - aw) / 2, (h - ah) / 2, aw, ah)
        frame = (area[0] - CRICUT_SIDE_GAP_MM, area[1] - CRICUT_END_GAP_MM,
                 aw + 2 * CRICUT_SIDE_GAP_MM, ah + 2 * CRICUT_END_GAP_MM)
        x0, y0, x1, y1 = frame[0], frame[1], frame[0] + frame[2], frame[1] + frame[3]
        arm, t = CRICUT_ARM_MM, CRICUT_THICKNESS_MM
        marks = (_l_mark(x0, y0, +1, +1, arm, t) + _l_mark(x1, y0, -1, +1, arm, t) +
                 _l_mark(x0, y1, +1, -1, arm, t) + _l_mark(x1, y1, -1, -1, arm, t))
        settings = {"area_mm": [aw, ah]}
        regions, keep_out, span = (area,), (), (area[0], area[0] + aw)
    return CutterLayout(machine, paper, w, h, box3(frame), tuple(box3(r) for r in regions),
                        tuple(box3(m) for m in marks), tuple(box3(k) for k in keep_out), span, settings)


def draw_registration(canvas, layout: CutterLayout) -> None:
    """The machine's marks, solid black (plain K in CMYK: what the sensor reads best)."""
    for x, y, w, h in layout.marks:
        canvas.rect(x, y, w, h, fill="#000000")
