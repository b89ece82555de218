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
    """One die to build: its six face drawings (each in a size_mm square at the origin)."""
    id: str
    name: str
    faces: tuple[FaceDrawer, ...]
    copies: int = 1
