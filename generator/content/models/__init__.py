"""Typed models of a game's content: game.yaml and one model per component kind.

Field names are the YAML keys. Units are in the names (`cell_mm`). Every model
is frozen; `schema.build` makes them from located YAML, gives them what they
derive from it (`derive`) and runs `check`.

One module per kind (board, deck, tiles, counters, dice, sheet, mat, map,
form), one for the element language of faces (elements), one for what decks,
tiles and counters share (faceset), one for what a rulebook figure may be on
each model (figure), one for the game (game). Every name is
re-exported here: `from generator.content.models import Deck` works.
`COMPONENT_KINDS` maps each `kind:` of a component file to its model; the
registry of kinds (generator.kinds) is built on it.
"""

from __future__ import annotations

from typing import Union

from .board import Board, BoardColours, CellStyle, Grid, PieceStyle, Placement, Zone
from .counters import Counters
from .deck import CARD_SIZES_MM, Deck
from .dice import DIE_FACES, Dice, Die
from .elements import (INK, PATTERN_KINDS, WHITE, BackgroundSpec, CircleSpec, IconSpec, ImageSpec, LayoutElement,
                       LineSpec, Num, PatternSpec, PolygonSpec, RectSpec, TextSpec)
from .faceset import HEX_RATIO, FaceSet, Row
from .figure import FigureSpec, FigureTarget
from .form import Form, FormBlock, FormChoices, FormField, FormLines, FormRow, FormTable, FormText, FormTrack
from .game import Game, GameInfo, Variant
from .map import MAP_COORDINATES, Map, MapLabel, MapSymbol, map_column_name, parse_map_cell
from .mat import Mat, MatGrid, MatZone
from .material import MaterialLine
from .sheet import Sheet
from .tiles import Tiles

Component = Union[Board, Dice, Sheet, Deck, Tiles, Counters, Mat, Map, Form]
# The `kind:` of a component file -> its model, in the order `pnp schema` lists them.
COMPONENT_KINDS = {"board": Board, "dice": Dice, "sheet": Sheet, "deck": Deck, "tiles": Tiles, "counters": Counters,
                   "mat": Mat, "map": Map, "form": Form}

__all__ = ["Board", "BoardColours", "CellStyle", "Grid", "PieceStyle", "Placement", "Zone", "Counters",
           "CARD_SIZES_MM", "Deck", "DIE_FACES", "Dice", "Die", "INK", "PATTERN_KINDS", "WHITE", "BackgroundSpec",
           "CircleSpec", "IconSpec", "ImageSpec", "LayoutElement", "LineSpec", "Num", "PatternSpec", "PolygonSpec",
           "RectSpec", "TextSpec", "HEX_RATIO", "FaceSet", "Row", "FigureSpec", "FigureTarget", "Form", "FormBlock",
           "FormChoices", "FormField", "FormLines", "FormRow", "FormTable", "FormText", "FormTrack", "Game",
           "GameInfo", "Variant", "MAP_COORDINATES", "Map", "MapLabel", "MapSymbol", "map_column_name",
           "parse_map_cell", "Mat", "MatGrid", "MatZone", "MaterialLine", "Sheet", "Tiles", "Component",
           "COMPONENT_KINDS"]
