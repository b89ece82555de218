"""Named vector icons drawn by code, in one style for every game, on a face or inside a line of text.

Each icon is a filled silhouette on a 24 x 24 grid (y down), built from
straight lines and cubic Béziers, so it scales to any size and reads the same
in the PDF and the SVG. An optional outline uses one stroke width for all
icons (1.5 grid units, round joins): STYLE.md asks for one icon style.

Inside text, `:name:` stands for an icon (`split_inline`): it is drawn at the
text's size and colour, standing on the baseline, and takes its width in the
line like a word (`inline_ops`, `INLINE_EM`).
"""

from __future__ import annotations

import difflib
import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterator, Mapping, Sequence

from .effect_icons import EFFECT_ICONS
from .errors import LayoutError
from .icon_table import IconTable
from .geometry import Affine, PathOp, circle_ops, polygon_ops, regular_polygon, rotation
from .style import Stroke

GRID = 24.0
OUTLINE_UNITS = 1.5


def _poly(*points: tuple[float, float]) -> list[PathOp]:
    return polygon_ops(points)


def _star(points: int, outer: float, inner: float, cx: float = 12.0, cy: float = 12.6) -> list[PathOp]:
    """A star whose first point stands straight up, its inner corners halfway between the points."""
    tips = regular_polygon(cx, cy, outer, points)
    notches = regular_polygon(cx, cy, inner, points, 180.0 / points)
    return polygon_ops([corner for pair in zip(tips, notches) for corner in pair])


_ARROW_UP = _poly((12, 2), (21.5, 11.5), (15, 11.5), (15, 22), (9, 22), (9, 11.5), (2.5, 11.5))
_PLUS = _poly((9.5, 3), (14.5, 3), (14.5, 9.5), (21, 9.5), (21, 14.5), (14.5, 14.5), (14.5, 21), (9.5, 21),
              (9.5, 14.5), (3, 14.5), (3, 9.5), (9.5, 9.5))


def _rotated(ops: Sequence[PathOp], degrees: float) -> list[PathOp]:
    """Ops turned clockwise around the grid centre."""
    return rotation(degrees, about=(GRID / 2, GRID / 2)).map_ops(ops)


# name -> (ops on the 24-unit grid, even-odd fill)
_DRAWN_HERE: dict[str, tuple[list[PathOp], bool]] = {
    "crown": (_poly((3, 18), (2.5, 6.5), (8, 11), (12, 3.5), (16, 11), (21.5, 6.5), (21, 18))
              + _poly((3, 19.5), (21, 19.5), (21, 22), (3, 22)), False),
    "star": (_star(5, 11.0, 4.4), False),
    "heart": ([("M", 12, 21.5), ("C", 5, 16, 2, 12.5, 2, 8.5), ("C", 2, 5.2, 4.5, 3, 7.2, 3),
               ("C", 9.3, 3, 11, 4.3, 12, 6), ("C", 13, 4.3, 14.7, 3, 16.8, 3), ("C", 19.5, 3, 22, 5.2, 22, 8.5),
               ("C", 22, 12.5, 19, 16, 12, 21.5), ("Z",)], False),
    "shield": ([("M", 12, 2), ("L", 21, 5), ("L", 21, 11), ("C", 21, 16.5, 17, 20, 12, 22),
                ("C", 7, 20, 3, 16.5, 3, 11), ("L", 3, 5), ("Z",)], False),
    "plus": (_PLUS, False),
    "minus": (_poly((3, 9.5), (21, 9.5), (21, 14.5), (3, 14.5)), False),
    "cross": (_rotated(_PLUS, 45), False),
    "arrow-up": (_ARROW_UP, False),
    "arrow-up-right": (_rotated(_ARROW_UP, 45), False),
    "arrow-right": (_rotated(_ARROW_UP, 90), False),
    "arrow-down-right": (_rotated(_ARROW_UP, 135), False),
    "arrow-down": (_rotated(_ARROW_UP, 180), False),
    "arrow-down-left": (_rotated(_ARROW_UP, 225), False),
    "arrow-left": (_rotated(_ARROW_UP, 270), False),
    "arrow-up-left": (_rotated(_ARROW_UP, 315), False),
    "disc": (circle_ops(12, 12, 10), False),
    "ring": (circle_ops(12, 12, 10) + circle_ops(12, 12, 6.5), True),
    "square": (_poly((3, 3), (21, 3), (21, 21), (3, 21)), False),
    "diamond": (_poly((12, 1.5), (22.5, 12), (12, 22.5), (1.5, 12)), False),
    "triangle": (_poly((12, 2.5), (22.5, 20.5), (1.5, 20.5)), False),
    "hexagon": (polygon_ops(regular_polygon(12, 12, 10.5, 6)), False),
    "mushroom": ([("M", 2, 12.5), ("C", 2, 6, 6.5, 2, 12, 2), ("C", 17.5, 2, 22, 6, 22, 12.5), ("Z",),
                  ("M", 8.5, 12.5), ("L", 15.5, 12.5), ("L", 16, 20.5), ("C", 16, 22, 14.5, 22.5, 12, 22.5),
                  ("C", 9.5, 22.5, 8, 22, 8, 20.5), ("Z",)], False),
    "flag": (_poly((4, 2), (6.5, 2), (6.5, 22), (4, 22)) + _poly((6.5, 3), (20.5, 7.5), (6.5, 12)), False),
    "signpost": (_poly((10.5, 2), (13.5, 2), (13.5, 22), (10.5, 22))
                 + _poly((3, 4.5), (17.5, 4.5), (21.5, 8), (17.5, 11.5), (3, 11.5)), False),
}
# die-roll, swords, return, no-entry, burst, draw-pile, teleport, portal: drawn on first use. Only icons any game
# may use live here: an icon drawn for one game (PuXes's DiXe faces) is that game's own, an SVG of its
# assets/icons (content/game_icons.py), so its names never crowd another game's list.
ICONS = IconTable({}).merged(_DRAWN_HERE).merged(EFFECT_ICONS)


# The icons of the game being built (its assets/icons/*.svg, content/game_icons.py): set around each step that
# loads, lays out or renders one game (`game_icons`), looked up before the built-in ones.
_GAME_ICONS: ContextVar[Mapping[str, tuple[list[PathOp], bool]]] = ContextVar("game_icons", default={})


@contextmanager
def game_icons(own: Mapping[str, tuple[list[PathOp], bool]]) -> Iterator[None]:
    """Within the block, `own` (name -> (ops on the 24-unit grid, even-odd)) are icons too, as the built-in ones."""
    token = _GAME_ICONS.set(own)
    try:
        yield
    finally:
        _GAME_ICONS.reset(token)


def known(name: str) -> bool:
    return name in _GAME_ICONS.get() or name in ICONS


def lookup(name: str) -> tuple[list[PathOp], bool]:
    """An icon's (ops, even-odd): the game's own of that name, else the built-in one."""
    own = _GAME_ICONS.get()
    return own[name] if name in own else ICONS[name]


def icon_names() -> list[str]:
    return sorted(set(ICONS) | set(_GAME_ICONS.get()))


def close_icons_hint(name: str, colons: bool = False) -> str:
    """What an unknown icon's message adds: the closest names (a few, not every icon), and where a game's own
    icons come from."""
    close = difflib.get_close_matches(name.lower(), icon_names(), n=4, cutoff=0.6)
    wrap = (lambda n: f"':{n}:'") if colons else (lambda n: f"'{n}'")
    if close:
        return f" (did you mean {wrap(close[0])}?)" + (f"; close names: {', '.join(map(wrap, close[1:]))}"
                                                       if len(close) > 1 else "")
    return f"; no icon has a close name ({len(icon_names())} icons: `pnp guide` lists the built-in ones; " \
           f"a game's own are the SVG files of its assets/icons/)"


# icon_ops' last results: a die's face is drawn at the same place of its square on every copy, in the PDF, the
# SVG and the measure that keeps it clear of the net's number (PuXes: 1,890 icons of up to 964 points at 189
# places). Keyed by the drawing itself (the game's own icons change with the game), bounded (256 icons of
# 1,000 points: about 30 MB at most), cleared when full.
_PLACED: dict = {}
_PLACED_MAX = 256


def icon_ops(name: str, cx: float, cy: float, size: float, rotate_deg: float = 0.0) -> tuple[list[PathOp], bool]:
    """The icon's path in mm, centred on (cx, cy), `size` mm square, turned clockwise."""
    drawing = lookup(name)
    key = (name, cx, cy, size, rotate_deg)
    hit = _PLACED.get(key)
    if hit is not None and hit[0] is drawing:
        return list(hit[1]), drawing[1]
    ops, even_odd = drawing
    if rotate_deg:
        ops = _rotated(ops, rotate_deg)
    k = size / GRID
    placed = Affine(a=k, d=k, tx=cx - size / 2.0, ty=cy - size / 2.0).map_ops(ops)
    if len(_PLACED) >= _PLACED_MAX:
        _PLACED.clear()
    _PLACED[key] = (drawing, tuple(placed))       # the drawing kept: its identity is the key's half
    return placed, even_odd


def draw_icon(canvas, name: str, cx: float, cy: float, size: float, *, colour: str,
              outline: str | None = None, rotate_deg: float = 0.0) -> None:
    """The icon on a Canvas (not imported here: the canvas imports this module to set icons in text)."""
    ops, even_odd = icon_ops(name, cx, cy, size, rotate_deg)
    stroke = None
    if outline is not None:
        stroke = Stroke(outline, max(size / GRID * OUTLINE_UNITS, 0.09), join="round", cap="round")
    canvas.path(ops, fill=colour, stroke=stroke, even_odd=even_odd)



# --- icons inside text -------------------------------------------------------------------------------

# `:name:` in text: a colon, a name of letters, digits and inner hyphens, a colon. Not an icon when a letter or
# digit touches either colon ("10:30", "a:b:c", "http://x:80:" stay text), nor when a space is inside
# ("Note : voir :"). A backslash before it keeps the text as written, without the backslash.
INLINE_ICON = re.compile(r"(\\)?(?<![A-Za-z0-9]):([A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*):(?![A-Za-z0-9])")
# The icon's 24-unit square is this part of the font size: the silhouettes' 20 units (grid lines 2 to 22)
# are then 0.75 em tall, a little above the capitals (0.69 em in Fira Sans), as a symbol set among words is.
INLINE_EM = 0.9
INLINE_BASELINE = 22.0       # the grid line the silhouettes stand on: it sits on the text's baseline


@dataclass(frozen=True)
class InlineIcon:
    """An icon named in text (`:name:`), where it was found."""
    name: str


def unknown_icon_message(name: str) -> str:
    return f"unknown icon ':{name}:'{close_icons_hint(name, colons=True)}"


def split_inline(text: str) -> list:
    """`text` as strings and InlineIcons, in order; an unknown name is a LayoutError saying the close ones."""
    out: list = []
    text_pieces: list[str] = []     # text since the last icon, joined once (not added to, piece by piece)

    def add(piece: str) -> None:
        text_pieces.append(piece)

    def icon(name: str) -> None:
        if "".join(text_pieces):
            out.append("".join(text_pieces))
        text_pieces.clear()
        out.append(InlineIcon(name))

    pos = 0
    for m in INLINE_ICON.finditer(text):
        add(text[pos:m.start()])
        pos = m.end()
        if m.group(1):                       # escaped: the text as written, less the backslash
            add(m.group(0)[1:])
        elif known(m.group(2)):
            icon(m.group(2))
        else:
            raise LayoutError(unknown_icon_message(m.group(2)))
    add(text[pos:])
    if "".join(text_pieces):
        out.append("".join(text_pieces))
    return out


def inline_advance_mm(size_mm: float) -> float:
    """The width an icon takes in a line of text set at size_mm (its side bearings are the grid's margins)."""
    return INLINE_EM * size_mm


def inline_ops(name: str, x: float, baseline: float, size_mm: float) -> tuple[list[PathOp], bool]:
    """The path of an icon set in text: its box starts at x, grid line INLINE_BASELINE on the baseline."""
    side = INLINE_EM * size_mm
    top = baseline - side * INLINE_BASELINE / GRID
    return icon_ops(name, x + side / 2.0, top + side / 2.0, side)
