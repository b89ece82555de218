"""One line of a game's component list ("Matériel"), as each kind of component describes itself.

Every component model has `material_lines(words) -> list[MaterialLine]`, its
words taken from the `kinds` catalogue of the game's language; the rulebook
prints the lines (`{{ materiel() }}`) without knowing any kind.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MaterialLine:
    """One line of the material list: how many, what, and a short precision."""
    count: int
    name: str
    detail: str = ""
    component: str = ""

    def __str__(self) -> str:
        text = f"{self.count} × {self.name}"
        if not self.detail:
            return text
        # parentheses never nest: a name or detail that has its own gets the detail after a dash
        nested = "(" in self.name or "(" in self.detail
        return f"{text} — {self.detail}" if nested else f"{text} ({self.detail})"
