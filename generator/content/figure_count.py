"""How many figures a game has: kept apart from diagrams.py (which loads the models and the schema), so that a
build finding a game unchanged says it from its cache record without loading them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FigureCount:
    """The figures of a game: checked by its engine (they make claims), and illustrations (they make none)."""
    checked: int
    illustrations: int


def count_figures(diagrams: list) -> FigureCount:
    """How many of these diagrams (content/diagrams.py Diagram) make claims (checked), and how many are
    illustrations."""
    checked = sum(1 for d in diagrams if not d.is_illustration)
    return FigureCount(checked, len(diagrams) - checked)
