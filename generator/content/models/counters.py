"""The `counters` kind: round, square, hex or triangle counters, flat, folded or standing."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, Optional

from ..schema import Colour, Where, spec
from .faceset import HEX_RATIO, FaceSet
from .material import MaterialLine
from .stock import GREYBOARD, PLAIN, Stock

@dataclass(frozen=True)
class Counters(FaceSet):
    """Counters: round, square, hex or triangle; flat (one or two faces), folded (front and
    back side by side, folded along the middle) or standees (back upside down above the
    front, folded at the top, with feet)."""
    kind: Literal["counters"]
    shape: Literal["round", "square", "hex", "triangle"] = "round"
    size_mm: Optional[float] = spec(None, minimum=5, maximum=200,
                                    doc="diameter, side of a square or triangle, or hexagon across flats")
    height_mm: Optional[float] = spec(None, minimum=5, maximum=300, doc="for square counters: a rectangle this tall")
    hex_top: Literal["pointy", "flat"] = spec("pointy", doc="hexagon with a corner or a side at the top")
    form: Literal["flat", "fold", "standee"] = "flat"
    foot_mm: float = spec(12.0, minimum=5, maximum=60, doc="depth of each foot of a standee")
    foot_colour: Colour = Colour("#FFFFFF")
    corner_mm: float = spec(0.0, minimum=0, maximum=20)
    # For editors, as `check` says: size_mm always; height_mm, fold and standee for square counters only.
    json_schema_extra = {"allOf": [{"required": ["size_mm"]},
                                   {"if": {"properties": {"form": {"enum": ["fold", "standee"]}}, "required": ["form"]},
                                    "then": {"properties": {"shape": {"const": "square"}}, "required": ["shape"]}}],
                         "dependencies": {"height_mm": {"properties": {"shape": {"const": "square"}},
                                                        "required": ["shape"]}}}

    @property
    def stock(self) -> Stock:
        """A fold-over counter is one face printed on plain paper, folded and glued to itself (80 to 160 g/m²);
        a standee is glued onto greyboard like a flat counter printed one side."""
        if self.form == "fold":
            return Stock(PLAIN, "single")
        if self.form == "standee":
            return Stock(GREYBOARD, "single")
        return super().stock

    def material_lines(self, words) -> list[MaterialLine]:
        """Every counter counted with its row's quantity, then its shape and size."""
        if self.shape != "square":
            return [self.count_line(words, f"kinds.counters.material.{self.shape}", size=self.size_mm)]
        width, height = self.trim_mm()
        return [self.count_line(words, "kinds.counters.material.square", width=width, height=height)]

    def trim_mm(self) -> tuple[float, float]:
        s = self.size_mm
        if self.shape == "hex":
            return (s, s * HEX_RATIO) if self.hex_top == "pointy" else (s * HEX_RATIO, s)
        if self.shape == "triangle":
            return s, s * math.sqrt(3.0) / 2.0
        if self.shape == "square" and self.height_mm is not None:
            return s, self.height_mm
        return s, s

    def check(self, where: Where) -> None:
        if self.size_mm is None:
            raise where.error(f"missing key 'size_mm' in counters '{self.id}'")
        if self.height_mm is not None and self.shape != "square":
            raise where.error(f"counters '{self.id}': height_mm is for square (rectangular) counters only")
        if self.form != "flat" and self.shape != "square":
            raise where.error(f"counters '{self.id}': {self.form} counters must be square "
                              f"(the cut of two joined faces is a rectangle)")
        if self.form == "fold" and self.back is None and not self.backs:
            raise where.error(f"counters '{self.id}': a fold counter needs a back")
        super().check(where)
