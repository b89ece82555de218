"""Tiles: square, rectangular or hexagonal faces, one Item per row of the table.

A hexagonal tile's Face has shape "hex": the hexagon is inscribed in the trim
box, corner at the top when the box is taller than wide (see draw/geometry.shape_polygon).
"""

from __future__ import annotations

from pathlib import Path

from ..content.models import Tiles
from .face import Item
from .layout import build_items, frame_of


def items(component: Tiles, game_folder: Path) -> list[Item]:
    """The tiles, one Item per row with `copies` = the row's count; faces checked now."""
    shape = "hex" if component.shape == "hex" else "rect"
    return build_items(component, game_folder, frame_of(component, shape, component.corner_mm))
