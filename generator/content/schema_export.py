"""The JSON Schema of the content format (`pnp schema`), from the same models the loader uses.

One schema for every YAML file of a game, so an editor needs one `$schema` line per file: a list is a
diagrams.yaml, a mapping with a `kind` is a component (switched on its kind, so a deck is checked as a
deck), any other mapping is a game.yaml. Draft-07, the draft that editors' YAML support validates in full.
Every model is one entry of `definitions`, built from its dataclass (schema.json_schema): a field added to
a model appears here with its doc, type and bounds, with nothing to copy by hand.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from .diagrams import Diagram
from .errors import ContentError
from .models import COMPONENT_KINDS, GameInfo
from .schema import SCHEMA_DRAFT, json_schema


def content_schema() -> dict:
    definitions: dict = {}
    game = json_schema(GameInfo, definitions)
    kinds = {kind: json_schema(cls, definitions) for kind, cls in COMPONENT_KINDS.items()}
    diagram = json_schema(Diagram, definitions)
    definitions["game"] = game
    definitions["diagrams"] = {"description": "diagrams.yaml: the rulebook's figures, a list of diagrams",
                               "type": ["array", "null"], "items": diagram}
    definitions["component"] = {
        "description": "A component file: its `kind` says which model the rest of the file follows.",
        "type": "object",
        "required": ["kind"],
        "properties": {"kind": {"enum": list(COMPONENT_KINDS), "description": "the kind of component"}},
        "allOf": [{"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]}, "then": ref}
                  for kind, ref in kinds.items()],
    }
    definitions["playtest"] = _playtest_schema()
    return {
        "$schema": SCHEMA_DRAFT,
        "title": "PnP Forge content",
        "description": "Any YAML file of a game: diagrams.yaml (a list), a component file (a mapping with a "
                       "'kind'), playtest.yaml (written by `pnp playtest --into-notes`: a mapping with 'seats' and "
                       "'agents'), or game.yaml (any other mapping). `pnp guide` prints the guide.",
        "if": {"type": "array"},
        "then": {"$ref": "#/definitions/diagrams"},
        "else": {
            "if": {"type": "object", "required": ["kind"]},
            "then": {"$ref": "#/definitions/component"},
            "else": {
                "if": {"type": "object", "required": ["seats", "agents"]},
                "then": {"$ref": "#/definitions/playtest"},
                "else": {"$ref": "#/definitions/game"},
            },
        },
        "definitions": dict(sorted(definitions.items())),
    }


def _playtest_schema() -> dict:
    """playtest.yaml as content/playtest_notes.py reads it: whole numbers, percents and plies."""
    whole = {"type": "integer"}
    share = {"wins": whole, "low": whole, "high": whole}
    return {
        "description": "playtest.yaml: the figures `pnp playtest GAME --into-notes` wrote for the rulebook's "
                       "design notes; run it again rather than editing them",
        "type": "object",
        "required": ["games", "seed", "max_plies", "players", "agents", "seats", "capped", "draws"],
        "properties": {
            **{key: whole for key in ("games", "seed", "max_plies", "players", "capped", "draws")},
            "variant": {"type": ["string", "null"]},
            "agents": {"type": "array", "items": {"type": "string"}},
            "first_player": {"oneOf": [{"type": "null"}, {
                "type": "object", "required": ["wins", "low", "high", "fair"],
                "properties": {**share, "fair": whole}}]},
            "seats": {"type": "array", "items": {
                "type": "object", "required": ["player", "wins", "low", "high"],
                "properties": {"player": {"type": "string"}, "agent": {"type": "string"}, **share}}},
            "length": {"oneOf": [{"type": "null"}, {
                "type": "object", "required": ["median", "q1", "q3"],
                "properties": {"median": whole, "q1": whole, "q3": whole}}]},
        },
    }


@lru_cache(maxsize=1)
def schema_text() -> str:
    """The schema as written, made once per process (the models do not change while it runs)."""
    return json.dumps(content_schema(), indent=2, ensure_ascii=False) + "\n"


def write_schema(path: Path) -> Path:
    """Write the schema to `path` (replacing an older one: it is generated); a folder that cannot take it is a
    ContentError naming the file."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(schema_text(), encoding="utf-8")
    except OSError as err:
        raise ContentError(path, None, f"cannot write the schema: {err.strerror or err}") from None
    return path
