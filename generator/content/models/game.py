"""The game itself: game.yaml (GameInfo, its Variants) and the loaded Game with its components."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Optional

from ...reader_thresholds import THRESHOLDS
from ..layouts import face_schema
from ..schema import Name, spec

@dataclass(frozen=True)
class Variant:
    """A named rules variant, switchable at build time."""
    id: Name
    name: str
    description: str = ""
    changes: list[str] = spec(factory=tuple, doc="what the variant changes, one line each")


@dataclass(frozen=True)
class PreflightOverride:
    """A threshold of the reader's preflight set for this game (generator/reader_thresholds.py), and why."""
    value: float
    reason: str = spec(doc="why this game needs another value than ours")


@dataclass(frozen=True)
class GameInfo:
    """game.yaml: who made the game, what it needs, and its component files."""
    id: Name
    title: str
    authors: list[str]
    licence: str
    players: str
    duration: str
    ages: str
    components: list[str] = spec(doc="component files in this folder, in print order")
    subtitle: str = ""
    credit: str = spec("", doc="credit line printed on every page when the licence asks for one")
    version: str = "1.0"
    language: Literal["fr", "en"] = "fr"
    variants: list[Variant] = spec(factory=tuple)
    assumptions: list[str] = spec(factory=tuple, doc="choices made where the sources are silent")
    rules: Optional[str] = spec(None, doc="Markdown rule text, e.g. rules.en.md (rules.fr.md for a French game)")
    numbers: dict[str, int] = spec(factory=dict, doc="named numbers of the rules that no component holds "
                                                     "(a starting life total), read as game.numbers.<name>")
    limits: dict[str, int] = spec(factory=dict, doc="raise a limit for this game, e.g. {items_per_game: 20000}: "
                                                    "copies_per_row, items_per_game, table_rows, map_cells "
                                                    "(each up to its hard maximum; see content/limits.py)")
    layouts: dict[str, Any] = spec(factory=dict, doc="face layouts shared by the game's components, by name: "
                                                     "a list of elements; a face uses one with `extends: name`",
                                   schema={"additionalProperties": face_schema(
                                       {"type": "array", "items": {"$ref": "#/definitions/LayoutElement"}})})
    preflight: dict[str, PreflightOverride] = spec(
        factory=dict, doc="set a threshold of the reader's preflight for this game, with the reason, e.g. "
                          "{min_text_pt: {value: 5.5, reason: ...}}: min_text_pt, min_label_pt, min_page_fill, "
                          "min_sheet_fill, min_text_beside_figures, min_table_rows, min_last_page_fill, min_lone_section_fill, seam_clearance_mm, seam_zone_cuts, min_bleed_mm "
                          "(see generator/reader_thresholds.py)",
        schema={"propertyNames": {"enum": sorted(THRESHOLDS)}})

    @property
    def preflight_values(self) -> dict[str, float]:
        """The thresholds this game sets: name -> value."""
        return {name: o.value for name, o in self.preflight.items()}


@dataclass(frozen=True)
class Game:
    """A loaded game: its info, its components, and where they came from."""
    info: GameInfo
    folder: Path
    components: tuple
    sources: dict = field(default_factory=dict, compare=False)  # component id -> (path, line)
    icons: dict = field(default_factory=dict, compare=False)    # its own icons (assets/icons): name -> (ops, even-odd)

    @property
    def id(self) -> str:
        return self.info.id

    def component(self, component_id: str):
        for c in self.components:
            if c.id == component_id:
                return c
        raise KeyError(component_id)
