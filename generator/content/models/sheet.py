"""The `sheet` kind: a printed page of text (a rules summary, a player aid)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..schema import Name, Colour, spec
from .figure import FigureTarget
from .material import MaterialLine


@dataclass(frozen=True)
class Sheet(FigureTarget):
    """A printed sheet of text: a rules summary, a player aid."""
    kind: Literal["sheet"]
    id: Name
    name: str
    source: str = spec(doc="Markdown file of the sheet's text, in the game folder")
    columns: int = spec(2, minimum=1, maximum=3)
    body_pt: float = spec(9.5, minimum=7, maximum=14, doc="body text size; shrunk to fit if needed, never below 7 pt")
    max_body_pt: float = spec(11.5, minimum=7, maximum=16, doc="largest body size a short text may grow to, to fill the page")
    accent: Colour = Colour("#7A1F1F")

    def material_lines(self, words) -> list[MaterialLine]:
        return [MaterialLine(1, self.name, "", self.id)]
