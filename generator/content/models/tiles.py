"""The `tiles` kind: square, rectangular or hexagonal tiles, one per row of the table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from ..schema import Where, spec
from .faceset import HEX_RATIO, FaceSet
from .material import MaterialLine

@dataclass(frozen=True)
class Tiles(FaceSet):
    """Tiles: square (size_mm), rectangular (width_mm/height_mm) or hexagonal (size_mm across flats)."""
    kind: Literal["tiles"]
    shape: Literal["square", "rect", "hex"] = "square"
    size_mm: Optional[float] = spec(None, minimum=5, maximum=300, doc="side of a square, or hexagon across flats")
    width_mm: Optional[float] = spec(None, minimum=5, maximum=300)
    height_mm: Optional[float] = spec(None, minimum=5, maximum=300)
    hex_top: Literal["pointy", "flat"] = spec("pointy", doc="hexagon with a corner or a side at the top")
    corner_mm: float = spec(0.0, minimum=0, maximum=20)
    # For editors: a rect tile takes width_mm and height_mm, a square or hex one size_mm alone (as `check` says).
    json_schema_extra = {"if": {"properties": {"shape": {"const": "rect"}}, "required": ["shape"]},
                         "then": {"required": ["width_mm", "height_mm"]},
                         "else": {"required": ["size_mm"],
                                  "not": {"anyOf": [{"required": ["width_mm"]}, {"required": ["height_mm"]}]}}}

    def material_lines(self, words) -> list[MaterialLine]:
        """Every tile counted with its row's quantity, then its shape and size."""
        if self.shape == "hex":
            return [self.count_line(words, "kinds.tiles.material.hex", size=self.size_mm)]
        width, height = self.trim_mm()
        return [self.count_line(words, "kinds.tiles.material.rect", width=width, height=height)]

    def trim_mm(self) -> tuple[float, float]:
        if self.shape == "rect":
            return self.width_mm, self.height_mm
        if self.shape == "hex":
            s = self.size_mm
            return (s, s * HEX_RATIO) if self.hex_top == "pointy" else (s * HEX_RATIO, s)
        return self.size_mm, self.size_mm

    def check(self, where: Where) -> None:
        if self.shape == "rect" and (self.width_mm is None or self.height_mm is None):
            raise where.error(f"tiles '{self.id}': a rect tile needs width_mm and height_mm")
        if self.shape != "rect" and self.size_mm is None:
            raise where.error(f"tiles '{self.id}': a {self.shape} tile needs size_mm")
        if self.shape != "rect" and (self.width_mm is not None or self.height_mm is not None):
            raise where.error(f"tiles '{self.id}': width_mm/height_mm are for rect tiles; a {self.shape} tile "
                              f"takes size_mm")
        super().check(where)
