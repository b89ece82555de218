"""The JSON Schema of the content format (`pnp schema`), from the same models the loader uses."""

from __future__ import annotations

from .models import COMPONENT_KINDS, GameInfo
from .schema import json_schema


def content_schema() -> dict:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "PnP Forge content",
        "$defs": {
            "game": json_schema(GameInfo),
            **{kind: json_schema(cls) for kind, cls in COMPONENT_KINDS.items()},
        },
        "description": "game.yaml follows $defs/game; each component file follows the $defs entry named by its 'kind'.",
    }
