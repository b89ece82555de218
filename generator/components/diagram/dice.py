"""A figure of a die's faces: some or all six, in a row or folded out as the cube's net.

Each face is drawn by components/die.py, as on the printed net. The net's
shape (which face goes where in the cross) belongs to the print layer; the
build hands it in, so this module draws any arrangement of cells it is given.
"""

from __future__ import annotations

from typing import Mapping

from ...content.diagrams import Diagram
from ...content.models import DIE_FACES, Dice
from ...draw.style import Stroke
from ..die import draw_die_face
from .figure import Figure, Places, Shown, draw_accents

FIGURE_FACE_MM = 14.0      # a face in a figure: pips read at a glance
ROW_GAP_MM = 3.0
FACE_OUTLINE = Stroke("#222222", 0.35)


def dice_figure(dice: Dice, diagram: Diagram, net_cells: Mapping[int, tuple[int, int]], *,
                max_width_mm: float = 120.0) -> Figure:
    """The faces `show.faces` (default all six, numbered 1-6) of the chosen die; `net_cells` maps a face
    index (0 for the die's 1) to its (column, row) in the net, used when `arrange: net`."""
    if diagram.show.items:
        return _rolled_figure(dice, diagram, max_width_mm)
    die = dice.shown_die(diagram)
    numbers = list(diagram.show.faces) or list(range(1, DIE_FACES + 1))
    if diagram.show.arrange == "net":
        cells = {n: net_cells[n - 1] for n in numbers}
        step, gap = FIGURE_FACE_MM, 0.0
    else:
        cells = {n: (i, 0) for i, n in enumerate(numbers)}
        step = min(FIGURE_FACE_MM + ROW_GAP_MM, (max_width_mm + ROW_GAP_MM) / len(numbers))
        gap = ROW_GAP_MM
    size = step - gap
    c0 = min(c for c, _ in cells.values())
    r0 = min(r for _, r in cells.values())
    spots = {str(n): ((c - c0) * step, (r - r0) * step, size, size) for n, (c, r) in cells.items()}
    width = max(x + size for x, _, _, _ in spots.values())
    height = max(y + size for _, y, _, _ in spots.values())

    def centre(name: str) -> tuple[float, float]:
        x, y, w, h = spots[str(name)]
        return x + w / 2, y + h / 2

    def draw(canvas) -> None:
        for n in numbers:
            x, y, s, _ = spots[str(n)]
            with canvas.group(clip=(x, y, s, s)):
                draw_die_face(canvas, die, n - 1, s, x=x, y=y)
            canvas.rect(x, y, s, s, stroke=FACE_OUTLINE)
        draw_accents(canvas, diagram, Places(centre, size, lambda name: spots[str(name)]))

    shows = tuple(Shown(str(n), die.id, str(n), "item") for n in numbers)
    return Figure(diagram.id, diagram.caption, width, height, draw, shows)


def _rolled_figure(dice: Dice, diagram: Diagram, max_width_mm: float) -> Figure:
    """Several dice seen from above, each showing the face `show.items` names, in rows (a roll, oracles)."""
    rows = dice.rolled(diagram)
    longest = max(len(row) for row in rows)
    step = min(FIGURE_FACE_MM + ROW_GAP_MM, (max_width_mm + ROW_GAP_MM) / longest)
    size = step - ROW_GAP_MM
    spots = {}
    for r, row in enumerate(rows):
        for c, (_, _, name) in enumerate(row):
            spots[name] = (c * step, r * step, size, size)
    width = longest * step - ROW_GAP_MM
    height = len(rows) * step - ROW_GAP_MM

    def centre(name: str) -> tuple[float, float]:
        x, y, w, h = spots[str(name)]
        return x + w / 2, y + h / 2

    def draw(canvas) -> None:
        for row in rows:
            for die, index, name in row:
                x, y, s, _ = spots[name]
                with canvas.group(clip=(x, y, s, s)):
                    draw_die_face(canvas, die, index, s, x=x, y=y)
                canvas.rect(x, y, s, s, stroke=FACE_OUTLINE)
        draw_accents(canvas, diagram, Places(centre, size, lambda name: spots[str(name)]))

    shows = tuple(Shown(name, die.id, str(index + 1), "item", r) for r, row in enumerate(rows)
                  for die, index, name in row)
    return Figure(diagram.id, diagram.caption, width, height, draw, shows)

