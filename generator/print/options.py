"""Print options: the few choices a player makes about how the material comes out of the printer.

One frozen value handed to every imposition function, so a sheet, a tiled
board and a dice page all follow the same paper, margin and duplex setting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from ..paper_sizes import paper_size_mm

Duplex = Literal["long", "short", "none"]


@dataclass(frozen=True)
class PrintOptions:
    paper: str = "a4"                                   # a4 | letter | a3 (paper_sizes.PAPER_SIZES_MM)
    orientation: Literal["auto", "portrait", "landscape"] = "auto"   # auto: whichever holds more
    margin_mm: float = 5.0                               # the printer's unprintable border, kept empty
    gutter_mm: Optional[float] = None                    # trim-to-trim gap on sheets; None: 2 x bleed
    duplex: Duplex = "long"                              # backs on the next page, flipped on this edge
    fold: bool = False                                   # front and back side by side, for printers without duplex
    cut_lines: bool = False                              # draw every cut outline, not only crop marks
    overlap_mm: float = 10.0                             # shared strip between the pages of a tiled board
    ink_saver: bool = False                              # light page furniture; faces read canvas.ink_saver
    cmyk: bool = False                                   # every colour written as CMYK

    def __post_init__(self):
        paper_size_mm(self.paper)      # a ValueError naming the known papers
        if self.margin_mm < 0:
            raise ValueError("the printer margin cannot be negative")
        if self.gutter_mm is not None and self.gutter_mm < 0:
            raise ValueError("the gutter cannot be negative")
        if self.overlap_mm < 0:
            raise ValueError("the tiling overlap cannot be negative")
        if self.duplex not in ("long", "short", "none"):
            raise ValueError(f"duplex must be long, short or none, not {self.duplex!r}")

    @property
    def print_setting_fr(self) -> str:
        """What the player must choose in the print dialog for two-sided sheets."""
        return {"long": "recto verso, bord long", "short": "recto verso, bord court",
                "none": "recto seul"}[self.duplex]
