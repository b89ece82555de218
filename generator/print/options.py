"""Print options: the few choices a player makes about how the material comes out of the printer.

One frozen value handed to every imposition function, so a sheet, a tiled
board and a dice page all follow the same paper, margin and duplex setting,
and speak the game's language (`language`, `words`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, Catalogue, catalogue
from ..paper_sizes import paper_size_mm
from ..reader_thresholds import value as threshold
from .printer import PrinterProfile

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
    language: str = DEFAULT_LANGUAGE                     # of the page furniture: the game's language
    printer: Optional[PrinterProfile] = None             # correction of every duplex back page (printer.py)
    cutter: Optional[str] = None                         # silhouette | cricut: sheets inside its marks (cutter.py)
    label_floor_pt: float = threshold("min_label_pt")    # the game's floor for labels (its game.yaml preflight):
                                                         # what the assembly map prints of the art's small text

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
        if self.cutter not in (None, "silhouette", "cricut"):
            raise ValueError(f"cutter must be silhouette or cricut, not {self.cutter!r}")
        if self.language not in LANGUAGES:
            raise ValueError(f"no catalogue for language {self.language!r} (known: {', '.join(LANGUAGES)})")

    @property
    def words(self) -> Catalogue:
        """The catalogue of the game's language: every word the print layer writes on a page."""
        return catalogue(self.language)

    @property
    def print_setting(self) -> str:
        """What the player must choose in the print dialog for two-sided sheets, in the game's language."""
        return self.words(f"print.setting.{self.duplex}")
