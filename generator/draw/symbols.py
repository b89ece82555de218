"""Die pips, and the named icons (draw/icons.py) used as marks on boards, dice and pieces.

The font has no chess crowns or circled operators (FACTS.md), and a symbol
must look the same on a board, a die, a card and in a rulebook, so symbols
are geometry, from one icon set.
"""

from __future__ import annotations

from . import icons
from .canvas import Canvas

# Pip centres on a 3x3 grid for faces 1-6, in units of the pip grid step.
PIP_LAYOUT = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}

def is_symbol(value: str) -> bool:
    """A die face or piece value naming an icon: a built-in one or the game's own (asked each time: the game's
    own icons are known only while its step runs)."""
    return icons.known(value)


def pips(canvas: Canvas, cx: float, cy: float, size: float, value: int, colour: str, *,
         rotate_quarter: int = 0) -> None:
    """Pips of a die face of side `size`; rotate_quarter turns the 2, 3 and 6 patterns by 90°."""
    step = size * 0.27
    r = size * 0.085
    for px, py in PIP_LAYOUT[value]:
        if rotate_quarter % 2:
            px, py = -py, px
        canvas.circle(cx + px * step, cy + py * step, r, fill=colour)


def draw_symbol(canvas: Canvas, name: str, cx: float, cy: float, size: float, colour: str) -> None:
    """The icon `name`, `size` mm square, centred on (cx, cy)."""
    icons.draw_icon(canvas, name, cx, cy, size, colour=colour)
