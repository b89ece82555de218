"""Typed models of a game's content: game.yaml and one model per component kind.

Field names are the YAML keys. Units are in the names (`cell_mm`). Every model
is frozen; `schema.build` makes them from located YAML, gives them what they
derive from it (`derive`) and runs `check`.

One module per kind (board, deck, tiles, counters, dice, sheet, mat, map,
form), one for the element language of faces (elements), one for what decks,
tiles and counters share (faceset), one for what a rulebook figure may be on
each model (figure), one for the game (game). Every name is
re-exported here: `from generator.content.models import Deck` works, and
imports the module that holds it on first use (PEP 562): a deck's build makes
no board, mat, map or form classes (about 40 ms of dataclasses, issue 26).
`COMPONENT_KINDS` maps each `kind:` of a component file to its model, its
module imported when that kind is first asked for; the registry of kinds
(generator.kinds) is built on it.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from ...lazy_names import on_first_use

# Each name and the module that holds it (one module per kind, and what they share).
_HOMES = {
    **dict.fromkeys(("Board", "BoardColours", "CellStyle", "Grid", "PieceStyle", "Placement", "Zone"), "board"),
    "Counters": "counters", "CARD_SIZES_MM": "deck", "Deck": "deck",
    **dict.fromkeys(("DIE_FACES", "Dice", "Die"), "dice"),
    **dict.fromkeys(("INK", "PATTERN_KINDS", "WHITE", "BackgroundSpec", "CircleSpec", "IconSpec", "ImageSpec",
                     "LayoutElement", "LineSpec", "Num", "PatternSpec", "PolygonSpec", "RectSpec", "TextSpec"),
                    "elements"),
    **dict.fromkeys(("HEX_RATIO", "FaceSet", "Row"), "faceset"),
    **dict.fromkeys(("FigureSpec", "FigureTarget"), "figure"),
    **dict.fromkeys(("Form", "FormBlock", "FormChoices", "FormField", "FormLines", "FormRow", "FormTable",
                     "FormText", "FormTrack"), "form"),
    **dict.fromkeys(("Game", "GameInfo", "Variant"), "game"),
    **dict.fromkeys(("MAP_COORDINATES", "Map", "MapLabel", "MapSymbol", "map_column_name", "parse_map_cell"), "map"),
    **dict.fromkeys(("Mat", "MatGrid", "MatZone"), "mat"),
    "MaterialLine": "material", "Sheet": "sheet", "Tiles": "tiles",
}
# The `kind:` of a component file -> the name of its model, in the order `pnp schema` lists them.
_KIND_MODELS = {"board": "Board", "dice": "Dice", "sheet": "Sheet", "deck": "Deck", "tiles": "Tiles",
                "counters": "Counters", "mat": "Mat", "map": "Map", "form": "Form"}


class _ComponentKinds(Mapping):
    """`kind:` -> its model class; a kind's module is imported when its model is first asked for (iterating
    the keys imports nothing; values() and items() import every kind)."""

    def __getitem__(self, kind: str) -> type:
        return __getattr__(_KIND_MODELS[kind])

    def __iter__(self):
        return iter(_KIND_MODELS)

    def __len__(self) -> int:
        return len(_KIND_MODELS)

    def __contains__(self, kind: object) -> bool:
        return kind in _KIND_MODELS

    def loaded(self) -> tuple[type, ...]:
        """The models of the kinds whose module is imported: every model an object can already be made of."""
        modules = (sys.modules.get(f"{__name__}.{_HOMES[name]}") for name in _KIND_MODELS.values())
        return tuple(getattr(module, name) for module, name in zip(modules, _KIND_MODELS.values()) if module)


COMPONENT_KINDS = _ComponentKinds()


_named = on_first_use(__name__, _HOMES, globals())


def __getattr__(name: str):
    if name != "Component":
        return _named(name)
    from typing import Union     # the union of every kind's model (for annotations): imports every kind
    value = globals()["Component"] = Union[tuple(COMPONENT_KINDS[kind] for kind in _KIND_MODELS)]
    return value


__all__ = [*_HOMES, "Component", "COMPONENT_KINDS"]
