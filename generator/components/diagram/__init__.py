"""Rulebook figures on any component: a board, a map, a mat, cards, tiles or counters, a die's faces.

One module per kind of figure, each drawing the component with its own code
(components/board.py, map.py, mat.py, the item faces, die.py), cropped and
scaled to the rulebook column; figure.py holds what they share: the Figure,
and the marks, arrows and highlights in one accent colour (STYLE.md).
Which figure suits which component is its kind's choice (`figure` in generator/kinds/<kind>.py).
"""

from .board import board_figure, scaled_board
from .dice import dice_figure
from .figure import ACCENT, Figure, Shown
from .items import items_figure
from .map import map_figure
from .mat import mat_figure

__all__ = ["ACCENT", "Figure", "Shown", "board_figure", "dice_figure", "items_figure", "map_figure", "mat_figure",
           "scaled_board"]
