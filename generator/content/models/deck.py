"""The `deck` kind: cards of one size, one card per row of the deck's table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from ..schema import Where, spec
from .faceset import FaceSet
from .material import MaterialLine
from .stock import CARD, Stock, face_set_stock

CARD_SIZES_MM = {
    "poker": (63.5, 88.9),    # 2.5 x 3.5 in
    "bridge": (57.15, 88.9),  # 2.25 x 3.5 in
    "mini": (44.45, 63.5),    # 1.75 x 2.5 in (DriveThruCards mini)
    "tarot": (69.85, 120.65), # 2.75 x 4.75 in
    "square": (63.5, 63.5),   # 2.5 x 2.5 in
}


@dataclass(frozen=True)
class Deck(FaceSet):
    """A deck of cards: one size (a preset or width_mm/height_mm), rounded corners."""
    kind: Literal["deck"]
    size: Optional[Literal["poker", "bridge", "mini", "tarot", "square"]] = spec(
        None, doc="poker 63.5x88.9, bridge 57.15x88.9, mini 44.45x63.5, tarot 69.85x120.65, square 63.5x63.5")
    width_mm: Optional[float] = spec(None, minimum=10, maximum=300)
    height_mm: Optional[float] = spec(None, minimum=10, maximum=300)
    landscape: bool = spec(False, doc="swap the preset's width and height")
    corner_mm: float = spec(3.0, minimum=0, maximum=20, doc="corner radius of the cut")
    # For editors: a preset, or both sizes; never both (as `check` says).
    json_schema_extra = {"oneOf": [{"required": ["size"]}, {"required": ["width_mm", "height_mm"]}],
                         "dependencies": {"width_mm": ["height_mm"], "height_mm": ["width_mm"]}}

    @property
    def stock(self) -> Stock:
        """Cards print on card, one side or both."""
        return face_set_stock(CARD, self.back is not None or bool(self.backs))

    def material_lines(self, words) -> list[MaterialLine]:
        """Every card counted with its row's quantity: a deck of 18 cards is 18 cards."""
        width, height = self.trim_mm()
        return [self.count_line(words, "kinds.deck.material.detail", width=width, height=height)]

    def trim_mm(self) -> tuple[float, float]:
        if self.size is not None:
            w, h = CARD_SIZES_MM[self.size]
        else:
            w, h = self.width_mm, self.height_mm
        return (h, w) if self.landscape else (w, h)

    def check(self, where: Where) -> None:
        if (self.size is None) == (self.width_mm is None or self.height_mm is None):
            raise where.error(f"deck '{self.id}': give a size preset ({', '.join(CARD_SIZES_MM)}) "
                              f"or both width_mm and height_mm")
        if self.size is not None and (self.width_mm is not None or self.height_mm is not None):
            raise where.error(f"deck '{self.id}': give a size preset or width_mm/height_mm, not both")
        super().check(where)
