"""A figure of cards, tiles or counters: a hand, a tableau, a card drawn face up or lying face down.

The items are the component's own faces (the Items its module builds for the
print sheets), named in `show.items` by id or by row number in the table,
each showing its front or its back, laid in a row or fanned like a hand.
Each face is cut to its trim and shape and outlined, as it is once cut out.
"""

from __future__ import annotations

import math
from typing import Sequence

from ...content.diagrams import Diagram, ItemRef
from ...content.errors import did_you_mean
from ..face import Face, Item
from ..layout import item_ids
from .figure import MARK_RADIUS_MM, MIN_ARROW_MM, Figure, Places, Shown, draw_accents, fit_factor
from ...draw.geometry import shape_outline_ops, translation
from ...draw.style import Stroke

ROW_GAP_MM = 4.0
FAN_STEP_DEG = 9.0          # turn between two neighbours of a fan
FAN_RADIUS = 1.8            # the fan's pivot lies this many item heights below the items' centres
ITEM_MAX_HEIGHT_MM = 70.0   # a figure of cards stays a picture, not a sheet of cards at real size
COLUMN_MAX_HEIGHT_MM = 100.0   # a column of cards, all of them, or rows of them: about half a page
MIN_ITEM_FACTOR = 0.5       # an item drawn under half its size is a thumbnail whose print nobody reads (its labels
                            # fall under the reader's floor): a row that would shrink it more is split into rows
CUT_OUTLINE = Stroke("#555555", 0.25)
PAGE = "#FFFFFF"
MASK_OVERLAP_MM = 0.5       # how far past its bleed a round item's mask reaches
ARROW_CLEAR_MM = 1.0        # an arrow between items leaves and reaches them this far from their edges


def chosen_faces(component, items: Sequence[Item], diagram: Diagram,
                 refs: Sequence[ItemRef] | None = None) -> list[tuple[str, Face]]:
    """(name as `show.items` gives it, face) for every item of the figure; ContentError for an unknown one.

    `refs` stand for `show.items` when the engine gives the items (generator/figures.py).
    """
    by_id = {item.id: item for item in items}
    row_of = {item_id: row.index for row, item_id in zip(component.rows, item_ids(component))}
    by_row = {str(index): item_id for item_id, index in row_of.items()}
    out = []
    if not (diagram.show.items or refs):
        raise diagram.error(diagram.line_of("show"), f"show: items: name the items of '{component.id}' to draw")
    for i, ref in enumerate(diagram.show.item_refs() if refs is None else refs):
        line = diagram.show_line(f"items.{i}")
        item_id = ref.item if ref.item in row_of else by_row.get(ref.item)
        if item_id is None:
            raise diagram.error(line, f"show: items: '{component.id}' has no item '{ref.item}'"
                                      f"{did_you_mean(ref.item, row_of)}; items: {_listed(list(row_of))} "
                                      f"(or a row number, 1 to {len(component.rows)})")
        if item_id not in by_id:
            raise diagram.error(line, f"show: items: row {row_of[item_id]} of '{component.id}' ({item_id}) has "
                                      f"count 0: it is not printed, so it cannot be shown")
        item = by_id[item_id]
        face = item.front if ref.side == "front" else item.back
        if face is None:
            raise diagram.error(line, f"show: items: '{item_id}' has no back (the {component.kind} is single-sided)")
        out.append((ref.item, face))
    names = [name for name, _ in out]
    for i, m in enumerate(diagram.show.marks):
        _check_place(diagram, m.at, names, f"marks.{i}")
    for i, a in enumerate(diagram.show.arrows):
        for p in a.path:
            _check_place(diagram, p, names, f"arrows.{i}")
    for i, h in enumerate(diagram.show.highlight):
        _check_place(diagram, h, names, f"highlight.{i}")
    return out


def _listed(ids: list[str]) -> str:
    return ", ".join(ids[:12]) + (", …" if len(ids) > 12 else "")


def _check_place(diagram: Diagram, name: str, names: list[str], key: str) -> None:
    if str(name) not in names:
        raise diagram.error(diagram.show_line(key), f"show: '{name}' is not one of the items shown "
                                                    f"({', '.join(names)}){did_you_mean(name, names)}")


def items_figure(component, items: Sequence[Item], diagram: Diagram, *, refs: Sequence[ItemRef] | None = None,
                 max_width_mm: float = 120.0) -> Figure:
    faces = chosen_faces(component, items, diagram, refs)
    fw = max(f.width_mm for _, f in faces)
    fh = max(f.height_mm for _, f in faces)
    n = len(faces)
    if diagram.show.arrange == "fan" and n > 1:
        # Items overlap in a fan; what a round or pointed cut takes away would show the page over its neighbour.
        shapes = sorted({f.shape for _, f in faces} - {"rect"})
        if shapes:
            raise diagram.error(diagram.show_line("arrange"), f"show: arrange: a fan lays items over one another, "
                                                              f"which suits rectangular cards and tiles; the "
                                                              f"{component.kind} of '{component.id}' are {shapes[0]}: "
                                                              f"use arrange: row")
        return _fan(diagram, faces, fw, fh, max_width_mm)
    # Neighbours stay clear of each other's bleed, which a round item's mask covers.
    gap = max(ROW_GAP_MM, max(f.bleed_mm for _, f in faces) + 2 * MASK_OVERLAP_MM)
    if diagram.show.arrows:         # an arrow between items runs in the gap, over neither face's print
        gap = max(gap, MIN_ARROW_MM + 2 * ARROW_CLEAR_MM)
    column = diagram.show.arrange == "column"      # one above the other: a card turned over its top edge
    if column:
        per_row = 1
        factor = fit_factor(fw, n * fh, max_width_mm, max_height_mm=COLUMN_MAX_HEIGHT_MM - (n - 1) * gap)
    else:
        per_row, factor = _rows(n, fw, fh, gap, max_width_mm)
    w, h = fw * factor, fh * factor
    spots, at = {}, []
    for i, (name, _) in enumerate(faces):
        at.append(((i % per_row) * (w + gap), (i // per_row) * (h + gap)))
        spots.setdefault(name, (*at[-1], w, h))
    rows = -(-n // per_row)

    def draw(canvas) -> None:
        for (_, face), (x, y) in zip(faces, at):
            _draw_cut_face(canvas, face, x + w / 2, y + h / 2, 0.0, factor)
        draw_accents(canvas, diagram, _places(spots, w, edges=True))

    return Figure(diagram.id, diagram.caption, per_row * w + (per_row - 1) * gap, rows * h + (rows - 1) * gap, draw,
                  _shows(faces, factor) + _flips(diagram, refs, _places(spots, w).centre))


def _rows(n: int, fw: float, fh: float, gap: float, max_width_mm: float) -> tuple[int, float]:
    """How many items a row of the figure holds, and their scale: all n in one row, unless that draws them under
    MIN_ITEM_FACTOR of their size; then the fewest rows that draw them at it at least, in reading order (or
    the rows that draw them largest, if none does)."""
    best = None
    for rows in range(1, n + 1):
        per_row = -(-n // rows)
        if rows > 1 and -(-n // (rows - 1)) == per_row:
            continue                       # as many a row as with one row fewer: no larger
        rows = -(-n // per_row)
        room_h = ITEM_MAX_HEIGHT_MM if rows == 1 else COLUMN_MAX_HEIGHT_MM - (rows - 1) * gap
        factor = fit_factor(per_row * fw, rows * fh, max_width_mm - (per_row - 1) * gap, max_height_mm=room_h)
        if factor >= MIN_ITEM_FACTOR - 1e-9:
            return per_row, factor
        if best is None or factor > best[1] + 1e-9:
            best = (per_row, factor)
    return best


def _shows(faces, factor: float) -> tuple:
    """What an items figure draws: each item by the name `show.items` gives it, then what each face pictures
    (Face.depicts: a gnome making a gesture), 'depicted' on that item, its piece and the rest as attrs, its size
    the picture's on the face (`size_mm`, layout.py) `factor` times."""
    items = [Shown(name, name, None, "item") for name, _ in faces]
    pictured = [Shown(name, dict(d).get("piece", ""), None, "depicted",
                      attrs=tuple(p for p in d if p[0] not in ("piece", "size_mm")),
                      size_mm=float(dict(d).get("size_mm", 0.0)) * factor)
                for name, face in faces for d in face.depicts]
    return tuple(items + pictured)


def _flips(diagram: Diagram, refs: Sequence[ItemRef] | None, centre) -> tuple:
    """An arrow from an item lying face down to one face up (or back) draws a card turned over: over the edge
    the arrow leaves it by ('top' when it points up the page, the card landing above). Recorded as a Shown
    'flip' on the item it lands as, attrs (('edge', ...),), which the proof compares with the caption."""
    side = {}
    for ref in (diagram.show.item_refs() if refs is None else refs):
        side.setdefault(str(ref.item), ref.side)
    out = []
    for arrow in diagram.show.arrows:
        start, end = str(arrow.path[0]), str(arrow.path[-1])
        if start not in side or end not in side or side[start] == side[end]:
            continue
        (x0, y0), (x1, y1) = centre(start), centre(end)
        dx, dy = x1 - x0, y1 - y0
        edge = ("bottom" if dy > 0 else "top") if abs(dy) >= abs(dx) else ("right" if dx > 0 else "left")
        out.append(Shown(end, end, None, "flip", attrs=(("edge", edge),)))
    return tuple(out)


def _places(spots: dict, size: float, *, edges: bool = False) -> Places:
    """The items' places; with `edges`, an arrow goes from the edge of its first item to the edge of its last,
    ARROW_CLEAR_MM off each, along the line joining their centres: a card's print stays clear of it (an arrow
    from centre to centre struck the words of both cards of Lutinades' figure 1)."""
    def centre(name: str) -> tuple[float, float]:
        x, y, w, h = spots[str(name)]
        return x + w / 2, y + h / 2

    def arrow_points(path: list[str]) -> list[tuple[float, float]]:
        points = [centre(p) for p in path]
        (ax, ay), (bx, by) = points[0], points[-1]
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            return points
        leave = _exit(spots[str(path[0])], (ax, ay), ((bx - ax) / length, (by - ay) / length)) + ARROW_CLEAR_MM
        reach = _exit(spots[str(path[-1])], (bx, by), ((ax - bx) / length, (ay - by) / length)) + ARROW_CLEAR_MM
        first, last = points[1] if len(points) > 2 else (bx, by), points[-2] if len(points) > 2 else (ax, ay)
        return [_towards((ax, ay), first, leave)] + points[1:-1] + [_towards((bx, by), last, reach)]
    return Places(centre, size, lambda name: spots[str(name)], arrow_points=arrow_points if edges else None)


def _exit(box: tuple, start: tuple[float, float], direction: tuple[float, float]) -> float:
    """How far from `start` (inside the box x, y, w, h) a ray along the unit `direction` leaves the box."""
    x, y, w, h = box
    out = []
    for d, lo, hi, at in ((direction[0], x, x + w, start[0]), (direction[1], y, y + h, start[1])):
        if abs(d) > 1e-9:
            out.append(((hi if d > 0 else lo) - at) / d)
    return min(out) if out else 0.0


def _towards(start: tuple[float, float], to: tuple[float, float], distance: float) -> tuple[float, float]:
    length = math.hypot(to[0] - start[0], to[1] - start[1]) or 1.0
    return start[0] + (to[0] - start[0]) / length * distance, start[1] + (to[1] - start[1]) / length * distance


def _fan(diagram: Diagram, faces, fw: float, fh: float, max_width_mm: float) -> Figure:
    """Items turned about a pivot below them, like a hand held up: the first on the left, under the next."""
    n = len(faces)
    angles = [(i - (n - 1) / 2) * FAN_STEP_DEG for i in range(n)]
    radius = fh * FAN_RADIUS

    def corners(angle: float, k: float) -> list[tuple[float, float]]:
        a = math.radians(angle)
        out = []
        for dx, dy in ((-fw / 2, -fh / 2), (fw / 2, -fh / 2), (fw / 2, fh / 2), (-fw / 2, fh / 2)):
            x, y = dx * k, (dy - radius) * k
            out.append((x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)))
        return out

    points = [p for angle in angles for p in corners(angle, 1.0)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    factor = fit_factor(max(xs) - min(xs), max(ys) - min(ys), max_width_mm,
                        max_height_mm=ITEM_MAX_HEIGHT_MM * 1.3)
    ox, oy = -min(xs) * factor, -min(ys) * factor      # the pivot, in figure mm
    centres = []
    for angle in angles:
        a = math.radians(angle)
        centres.append((ox + radius * factor * math.sin(a), oy - radius * factor * math.cos(a), angle))
    w, h = fw * factor, fh * factor
    spots, corners_of = {}, {}
    inset = MARK_RADIUS_MM * 1.3
    for (name, _), (cx, cy, angle) in zip(faces, centres):
        spots.setdefault(name, (cx - w / 2, cy - h / 2, w, h))
        # The next item covers the right of this one: its mark goes in the top-left corner, which stays in view.
        a = math.radians(angle)
        dx, dy = -w / 2 + inset, -h / 2 + inset
        corners_of.setdefault(name, (cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a)))
    places = _places(spots, w)

    def draw(canvas) -> None:
        for (_, face), (cx, cy, angle) in zip(faces, centres):
            _draw_cut_face(canvas, face, cx, cy, angle, factor)
        draw_accents(canvas, diagram, Places(places.centre, w, mark_at=lambda name: corners_of[str(name)]), frames=False)

    return Figure(diagram.id, diagram.caption, (max(xs) - min(xs)) * factor, (max(ys) - min(ys)) * factor, draw,
                  _shows(faces, factor) + _flips(diagram, None, places.centre))


def _draw_cut_face(canvas, face: Face, cx: float, cy: float, angle: float, factor: float) -> None:
    """A face centred on (cx, cy), turned `angle` degrees, `factor` times its size, cut to its trim and shape."""
    b, w, h = face.bleed_mm, face.width_mm, face.height_mm
    outline = _cut_ops(face)
    box = [("M", b, b), ("L", b + w, b), ("L", b + w, b + h), ("L", b, b + h), ("Z",)]
    with canvas.group(translate=(cx, cy), rotate_deg=angle, scale=factor):
        with canvas.group(translate=(-w / 2 - b, -h / 2 - b)):
            if face.shape == "rect":
                with canvas.group(clip=(b, b, w, h)):
                    face.draw(canvas)
                    # Round corners: what the cut takes away goes back to the page.
                    if outline is not None:
                        canvas.path(box + outline, fill=PAGE, even_odd=True)
            else:
                # A round or pointed cut: the page covers the whole bleed and a little past it, so no edge of
                # the art is left showing (the row's gap leaves room for it).
                e = MASK_OVERLAP_MM / factor
                x0, y0, x1, y1 = -e, -e, w + 2 * b + e, h + 2 * b + e
                face.draw(canvas)
                canvas.path([("M", x0, y0), ("L", x1, y0), ("L", x1, y1), ("L", x0, y1), ("Z",)] + outline,
                            fill=PAGE, even_odd=True)
            canvas.path(outline or box, stroke=Stroke(CUT_OUTLINE.colour, CUT_OUTLINE.width_mm / factor))


def _cut_ops(face: Face):
    """The cut outline in the face's bleed-box mm, or None for a plain rectangle."""
    if face.shape == "rect" and face.corner_mm <= 0:
        return None
    outline = shape_outline_ops(face.shape, face.width_mm, face.height_mm, face.corner_mm)
    return translation(face.bleed_mm, face.bleed_mm).map_ops(outline)
