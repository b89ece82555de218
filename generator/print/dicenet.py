"""Dice to build: cube nets with glue tabs, laid out several to a page.

The net is a cross, three faces wide and four tall:

          top
    left  front  right
          bottom
          back

Faces come as six drawing callables in the places of a standard die's 1 to 6
(opposite faces 1-6, 2-5, 3-4). Front is 1, right 2, top 3: 1, 2, 3 then run
counterclockwise around their shared corner, the right-handed die that
FACTS.md describes. A cube net has 14 free edges that meet in 7 pairs when
folded; each pair gets one glue tab, on the side faces and below the back,
where no two tabs collide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..draw.errors import LayoutError
from ..draw.geometry import Affine, polygon_ops
from ..draw.fonts import cap_height_mm, text_width_mm
from ..draw.style import MIN_LINE_MM, Stroke, TextStyle, ink_saver_ink
from ..draw.svg import SvgCanvas
from .cutfile import cut_svg
from .dieart import DieArt
from .document import GuideInfo, ImposedDocument, PageInfo, Placement, draw_label, new_pdf, page_label
from .geometry import Box, box3, place
from .marks import FOLD_LINE_STROKE
from .preflight import SAFE_MM
from .options import PrintOptions
from .netpack import net_layout
from .stickers import dice_stickers, spread, sticker_size

# face index (0 = the die's "1") -> (column, row) in the cross
NET_CELLS: dict[int, tuple[int, int]] = {0: (1, 1), 1: (2, 1), 2: (1, 0), 3: (1, 2), 4: (0, 1), 5: (1, 3)}
# the free edges, walked clockwise round the cross from the top face's top edge
BOUNDARY: tuple[tuple[int, str], ...] = (
    (2, "top"), (2, "right"), (1, "top"), (1, "right"), (1, "bottom"), (3, "right"), (5, "right"),
    (5, "bottom"), (5, "left"), (3, "left"), (4, "bottom"), (4, "left"), (4, "top"), (2, "left"))
# one edge of each pair that meets when folded carries the tab
TABS: tuple[tuple[int, str], ...] = (
    (4, "top"), (1, "top"), (4, "left"), (1, "right"), (4, "bottom"), (1, "bottom"), (5, "bottom"))
NET_GAP_MM = 4.0
TAB_FILL = "#E6E6E6"
NET_CUT = Stroke("#000000", MIN_LINE_MM)
# A fold drawn twice, a white band under a dark dash: the dash stands out on a light face, the band on a dark
# one, and neither melts into a face's own lines (the lattice of a patterned set).
NET_FOLD_UNDER = Stroke("#FFFFFF", 0.55)
NET_FOLD = Stroke("#333333", FOLD_LINE_STROKE.width_mm, dash_mm=FOLD_LINE_STROKE.dash_mm)
NET_NUMBER_PT = 6.0        # a face's number in its corner: small, but above the reader's 5 pt floor for labels
NET_NUMBER_INSET = 0.1     # of the side: from the face's bottom and right edges to the number
NET_NUMBER_PAD_MM = 0.5    # the patch of ground round the number
# A 6 turned over reads 9: on a sheet where nets lie head to tail, and on a rolled die. Underlined as on printed
# dice, it reads one way only (a die's faces are 1 to 6, so no 9 needs the mark too).
NET_NUMBER_UNDERLINED = frozenset({6, 9})
NET_UNDERLINE_MM = 0.25


@dataclass(frozen=True)
class NetPlan:
    """One net in its own millimetres, the bounding box of faces and tabs starting at (0, 0)."""
    size_mm: float
    tab_mm: float
    faces: tuple[tuple[int, Box], ...]                       # (face index, square)
    tabs: tuple[tuple[int, str, tuple[tuple[float, float], ...]], ...]
    outline: tuple[tuple[float, float], ...]                 # the cut, a closed polygon
    folds: tuple[tuple[float, float, float, float], ...]     # face-to-face and face-to-tab edges
    width_mm: float
    height_mm: float


def _edge(cell: Box, side: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The edge of a square, in the clockwise direction."""
    x, y, s, _ = cell
    return {"top": ((x, y), (x + s, y)), "right": ((x + s, y), (x + s, y + s)),
            "bottom": ((x + s, y + s), (x, y + s)), "left": ((x, y + s), (x, y))}[side]


def _tab(p0, p1, depth: float) -> tuple[tuple[float, float], ...]:
    """A trapezoid on a clockwise edge: outward by depth, ends cut at 45 degrees."""
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    length = (dx * dx + dy * dy) ** 0.5
    tx, ty = dx / length, dy / length
    nx, ny = ty, -tx                     # outward of a clockwise edge, y down
    inset = min(depth, length / 3)
    return (p0, (p0[0] + nx * depth + tx * inset, p0[1] + ny * depth + ty * inset),
            (p1[0] + nx * depth - tx * inset, p1[1] + ny * depth - ty * inset), p1)


def net_plan(size_mm: float, tab_mm: float = 5.0) -> NetPlan:
    if tab_mm <= 0 or tab_mm > size_mm / 2:
        raise LayoutError(f"glue tabs of {tab_mm} mm do not suit a {size_mm} mm die")
    s, t = size_mm, tab_mm
    ox, oy = t, 0.0                      # the left tab sticks out left of the cross
    cells = {i: (ox + c * s, oy + r * s, s, s) for i, (c, r) in NET_CELLS.items()}
    tab_set = set(TABS)
    outline: list[tuple[float, float]] = []
    tabs = []
    for index, side in BOUNDARY:
        p0, p1 = _edge(cells[index], side)
        pts = _tab(p0, p1, t) if (index, side) in tab_set else (p0, p1)
        if (index, side) in tab_set:
            tabs.append((index, side, tuple((round(x, 6), round(y, 6)) for x, y in pts)))
        for p in pts:
            p = (round(p[0], 6), round(p[1], 6))
            if not outline or outline[-1] != p:
                outline.append(p)
    if outline[0] == outline[-1]:
        outline.pop()
    folds = []
    for a, b, side in ((2, 0, "bottom"), (4, 0, "right"), (0, 1, "right"), (0, 3, "bottom"), (3, 5, "bottom")):
        (x1, y1), (x2, y2) = _edge(cells[a], side)
        folds.append((x1, y1, x2, y2))
    for _, _, pts in tabs:
        folds.append((*pts[0], *pts[-1]))
    width = 3 * s + 2 * t
    height = 4 * s + t
    return NetPlan(s, t, tuple(sorted(cells.items())), tuple(tabs), tuple(outline), tuple(folds), width, height)


def dice_nets(dice: Sequence[DieArt], options: PrintOptions, *, size_mm: float, tab_mm: float = 5.0,
              game_title: str, component_name: str) -> ImposedDocument:
    """Cube nets on as few pages as hold them, shared out evenly; one cut file per page with each net's outline."""
    plan = net_plan(size_mm, tab_mm)
    entries = [(die, k + 1) for die in dice for k in range(die.copies)]
    layout = net_layout(plan.width_mm, plan.height_mm, net_parts(plan), len(entries), NET_GAP_MM, options)
    for die in dice:
        if len(die.faces) != 6:
            raise LayoutError(f"die {die.id!r}: a cube has 6 faces, got {len(die.faces)}")
    if not entries:
        raise LayoutError("no dice to print")
    chunks, start = [], 0
    for count in spread(len(entries), layout.per_page):
        chunks.append(entries[start:start + count])
        start += count
    page = layout.page
    words = options.words
    pdf = new_pdf(options, title=f"{game_title} — {component_name}")
    infos, cut_files = [], []
    one_sided = words("print.side.single")
    for n, chunk in enumerate(chunks, start=1):
        label = page_label(game_title, component_name, n, len(chunks), one_sided,
                           words("print.setting.at_100_with", setting=words("print.setting.none")), words=words)
        pdf.begin_page(page.width_mm, page.height_mm)
        placements, cuts = [], []
        # a last row short of nets stands in the middle of the page, not against its left edge
        for slot, (die, copy) in zip(layout.placed(len(chunk)), chunk):
            m = _net_transform(plan, slot.box, slot.rotation_deg)
            placements.extend(_draw_net(pdf, plan, die, copy, m, slot.rotation_deg, n, component_name))
            cuts.append(m.map_ops(polygon_ops(plan.outline)))
        draw_label(pdf, layout.label_band, label, language=options.language)
        infos.append(PageInfo(n, page.width_mm, page.height_mm, "dice", "single", label, tuple(placements)))
        cut_files.append((n, cut_svg(page.width_mm, page.height_mm, cuts,
                                     title=words("print.cut_file_title", game=game_title, component=component_name,
                                                 n=n))))
    total = sum(d.copies for d in dice)
    guide = GuideInfo(
        title=component_name, sides=one_sided, paper_fr=words("print.paper.dice_net"), pages=len(chunks),
        copies=total,
        steps=(words("print.step.print_100"), words("print.dice.net_cut"), words("print.dice.net_fold"),
               words("print.dice.net_glue")))
    return ImposedDocument(pdf.finish(), tuple(infos), component_name, "dice", options.paper, guide,
                           tuple(cut_files), language=options.language)


def net_parts(plan: NetPlan) -> list[Box]:
    """Boxes that hold the net's faces and tabs (a tab's box holds its trapezoid): what netpack keeps apart."""
    tabs = [(min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts) - min(x for x, _ in pts),
             max(y for _, y in pts) - min(y for _, y in pts)) for _, _, pts in plan.tabs]
    return [square for _, square in plan.faces] + tabs


def net_svg(die: DieArt, *, size_mm: float, tab_mm: float = 5.0, title: str = "") -> str:
    """One die's net alone, at real size, as SVG: the same drawing as on the printed sheet."""
    plan = net_plan(size_mm, tab_mm)
    pad = 1.0  # the cut outline's stroke straddles the edge: keep all of it on the drawing
    svg = SvgCanvas(plan.width_mm + 2 * pad, plan.height_mm + 2 * pad, title=title or die.name)
    _draw_net(svg, plan, die, 1, _net_transform(plan, (pad, pad, plan.width_mm, plan.height_mm), 0), 0, 1, "")
    return svg.tostring()


def _net_transform(plan: NetPlan, unit: Box, rotation_deg: int) -> Affine:
    return place(plan.width_mm, plan.height_mm, unit, rotation_deg)


def _draw_net(pdf, plan: NetPlan, die: DieArt, copy: int, m: Affine, rotation_deg: int, page: int,
              component: str) -> list[Placement]:
    placements = []
    for _, _, pts in plan.tabs:
        pdf.path(m.map_ops(polygon_ops(pts)), fill=TAB_FILL)
    for index, square in plan.faces:
        trim = box3(m.map_box(square))
        p = Placement(page=page, item_id=die.id, copy=copy, face=str(index + 1), trim=trim, art=trim,
                      rotation_deg=rotation_deg, width_mm=plan.size_mm, height_mm=plan.size_mm,
                      component=component)
        with pdf.group(clip=trim):
            with pdf.group(translate=p.transform.apply(0, 0), rotate_deg=rotation_deg):
                if die.shows_number(index):
                    die.faces[index](pdf)
                else:       # the art keeps out from under the number
                    die.draw_face(index, pdf, clear=_number_patch(index + 1, plan.size_mm))
                    _face_number(pdf, index + 1, plan.size_mm, die.ink, die.fill)
        placements.append(p)
    for stroke in (NET_FOLD_UNDER, NET_FOLD):
        for x1, y1, x2, y2 in plan.folds:
            a, b = m.apply(x1, y1), m.apply(x2, y2)
            pdf.line(a[0], a[1], b[0], b[1], stroke)
    pdf.path(m.map_ops(polygon_ops(plan.outline)), stroke=NET_CUT)
    # The die's name goes on the tab under the back face: hidden once the cube is closed.
    _, _, pts = next(t for t in plan.tabs if t[:2] == (5, "bottom"))
    name, style, depth = _tab_label(die.name, pts)
    cx = (pts[0][0] + pts[-1][0]) / 2
    x, y = m.apply(cx, pts[0][1] + depth)
    with pdf.group(translate=(x, y), rotate_deg=rotation_deg):
        pdf.text(0, 0, name, style, align="center")
    return placements


def _face_number(pdf, number: int, size_mm: float, ink: str, fill: str) -> None:
    """The face's place on a standard die (the number its sticker has), small in the corner opposite the set's
    letter, clear of the art in the middle, on a patch of the face's own ground (a striped or dotted set's
    texture would break up so small a figure)."""
    if getattr(pdf, "ink_saver", False):
        ink = ink_saver_ink(ink)
    style = TextStyle(size_pt=NET_NUMBER_PT, colour=ink, bold=True)
    pad = NET_NUMBER_PAD_MM
    x, y, w, h = _number_patch(number, size_mm)
    pdf.rect(x, y, w, h, fill=fill, radius=pad)
    pdf.text(x + w - pad, y + h - pad, str(number), style, align="right")
    if number in NET_NUMBER_UNDERLINED:
        under = y + h - pad / 2           # in the patch's pad under the baseline
        pdf.line(x + pad, under, x + w - pad, under, Stroke(ink, NET_UNDERLINE_MM))


def _number_patch(number: int, size_mm: float) -> tuple[float, float, float, float]:
    """The patch (x, y, w, h) in the face's square that the face's number is printed on: its art keeps out."""
    # at least the safe zone's 3 mm (and a little) from the face's edge: on a face at the net's outer edge the
    # number must survive an imprecise cut, as all text does (print/preflight.py)
    inset = max(size_mm * NET_NUMBER_INSET, SAFE_MM + 0.8)     # 0.8: the figure's descent, and a little
    style = TextStyle(size_pt=NET_NUMBER_PT, bold=True)
    cap, pad, width = cap_height_mm(style), NET_NUMBER_PAD_MM, text_width_mm(str(number), style)
    x, baseline = size_mm - inset, size_mm - inset
    return x - width - pad, baseline - cap - pad, width + 2 * pad, cap + 2 * pad


TAB_LABEL_PT = (7.0, 4.5)      # a die's name on its tab: this size at most, this at least (it is hidden once glued)
TAB_LABEL_GAP_MM = 0.6         # between the fold and the capitals, and on each side of the name


def _tab_label(name: str, pts) -> tuple[str, TextStyle, float]:
    """The name, its style and the depth of its baseline below the fold, so that it sits inside the tapered tab:
    as large as fits, and shortened with an ellipsis only when even the smallest size does not."""
    (x0, y0), (x1, y1) = pts[1], pts[2]
    top = abs(pts[-1][0] - pts[0][0])                  # the tab's width along the fold
    depth, bottom = abs(y1 - pts[0][1]), abs(x0 - x1)  # its depth, its width at the outer edge

    def room(d: float) -> float:
        return top - (top - bottom) * d / depth - 2 * TAB_LABEL_GAP_MM

    size = TAB_LABEL_PT[0]
    while True:
        style = TextStyle(size_pt=size, colour="#555555")
        base = TAB_LABEL_GAP_MM + cap_height_mm(style)
        if text_width_mm(name, style) <= room(base) or size <= TAB_LABEL_PT[1]:
            break
        size = max(TAB_LABEL_PT[1], size - 0.25)
    while len(name) > 1 and text_width_mm(name, style) > room(base):
        name = name[:-2].rstrip() + "…"
    return name, style, base


# faces(die, size_mm) -> six drawers, one per face (components.die.die_faces), each drawer(canvas) or
# drawer(canvas, clear=box) for a face whose art keeps out of a box: the build hands it in, so the print layer
# places faces without knowing how a die is drawn.
FaceSource = Callable[[Any, float], Sequence[Callable]]


def dice_arts(component, faces: FaceSource, size_mm: float | None = None) -> list[DieArt]:
    """The dice of a `dice` component as art of side size_mm (default: the die's): six face drawings each."""
    size = component.size_mm if size_mm is None else size_mm
    return [DieArt(d.id, d.name, tuple(faces(d, size)), d.count, ink=d.ink, fill=d.fill,
                   self_numbered=tuple(v == str(i + 1) for i, v in enumerate(d.faces)), keeps_clear=True)
            for d in component.dice]


def net_tab_mm(component) -> float:
    # A tab deeper than a third of the face would collide with its neighbour at the corners.
    return min(component.tab_mm, component.size_mm / 3)


def dice_documents(component, options: PrintOptions, *, game_title: str,
                   faces: FaceSource) -> dict[str, ImposedDocument]:
    """A `dice` component's print files by name: the nets and/or the sticker sheet its `form` asks for."""
    size = component.size_mm
    words = options.words
    out: dict[str, ImposedDocument] = {}
    if component.form in ("net", "both"):
        out[words("files.dice_nets", id=component.id) + ".pdf"] = dice_nets(dice_arts(component, faces), options, size_mm=size,
                                                       tab_mm=net_tab_mm(component), game_title=game_title,
                                                       component_name=component.name)
    if component.form in ("stickers", "both"):
        sticker = sticker_size(size)
        out[words("files.dice_stickers", id=component.id) + ".pdf"] = dice_stickers(
            dice_arts(component, faces, sticker), options, sticker_mm=sticker, game_title=game_title,
            component_name=words("print.dice.stickers_name", name=component.name))
    return out
