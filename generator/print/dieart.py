"""A die to print: its six face drawings, named, with how many copies to make.

The nets (dicenet.py) and the sticker sheets (stickers.py) both take dice in
this form, so neither needs the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..draw.canvas import Canvas

FaceDrawer = Callable[[Canvas], None]


@dataclass(frozen=True)
class DieArt:
    """One die to build: its six face drawings (each in a size_mm square at the origin), face i being the place
    i + 1 of a standard die. `self_numbered[i]`: face i already says its number (i + 1 pips), so a net need not
    print it."""
    id: str
    name: str
    faces: tuple[FaceDrawer, ...]
    copies: int = 1
    ink: str = "#222222"                     # the colour of the faces' art: a net's face numbers take it
    fill: str = "#FFFFFF"                    # the faces' ground: a number sits on a patch of it, off any texture
    self_numbered: tuple[bool, ...] = ()
    keeps_clear: bool = False                # its drawers take clear=(x, y, w, h), a box their art keeps out of

    def draw_face(self, index: int, canvas: Canvas, clear: tuple[float, float, float, float] | None = None) -> None:
        """Face `index`, its art kept out of `clear` (a face number's patch) where its drawers can."""
        if clear is not None and self.keeps_clear:
            self.faces[index](canvas, clear=clear)
        else:
            self.faces[index](canvas)

    def shows_number(self, index: int) -> bool:
        return index < len(self.self_numbered) and self.self_numbered[index]
