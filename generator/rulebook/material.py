"""The "Matériel" list, worked out from the components so the rulebook never disagrees with them.

Each component describes itself (`material_lines(words)` of its content
model, in the game's language); this module only gathers the lines and
prints them as a Markdown list.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..content.models import MaterialLine
from ..i18n import DEFAULT_LANGUAGE, catalogue

__all__ = ["MaterialLine", "MaterialList", "material_list", "material_lines", "setup_counts"]


class MaterialList(tuple):
    """The material lines of a game; prints as a Markdown bullet list inside a rules file."""
    template_value = True   # template_data.plain keeps it as it is

    def __str__(self) -> str:
        return "\n".join(f"- {line}" for line in self)

    @property
    def total(self) -> int:
        return sum(line.count for line in self)


def material_lines(component: Any, language: str = DEFAULT_LANGUAGE) -> list[MaterialLine]:
    """What one component adds to the list, in `language`."""
    return list(component.material_lines(catalogue(language)))


def material_list(components: Iterable[Any], language: str = DEFAULT_LANGUAGE) -> MaterialList:
    return MaterialList(line for component in components for line in material_lines(component, language))


def setup_counts(board: Any) -> dict[str, int]:
    """How many of each piece style the board's start position uses, in first-seen order."""
    counts: dict[str, int] = {}
    for placement in getattr(board, "setup", ()):
        counts[placement.piece] = counts.get(placement.piece, 0) + 1
    return counts
