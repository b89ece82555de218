"""How many figures a game has: kept apart from diagrams.py (which loads the models and the schema), so that a
build finding a game unchanged says it from its cache record without loading them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FigureCount:
    """The figures of a game: checked by its engine (they make claims), and illustrations (they make none)."""
    checked: int
    illustrations: int
