"""Pages of a paper size (generator/paper_sizes.py): orientation and the printable area inside the printer's margin."""

from __future__ import annotations

from dataclasses import dataclass

from ..paper_sizes import paper_size_mm
from .geometry import Box

PAPER_NAMES = {"a4": "A4", "letter": "US Letter", "a3": "A3"}   # the same in every language


@dataclass(frozen=True)
class Page:
    """One paper size in one orientation, with the printer's margin."""
    paper: str
    orientation: str          # portrait | landscape
    width_mm: float
    height_mm: float
    margin_mm: float

    @property
    def printable(self) -> Box:
        m = self.margin_mm
        return (m, m, self.width_mm - 2 * m, self.height_mm - 2 * m)

    @property
    def long_edge_vertical(self) -> bool:
        return self.height_mm >= self.width_mm


def page(paper: str, orientation: str, margin_mm: float) -> Page:
    w, h = paper_size_mm(paper)
    if orientation == "landscape":
        w, h = h, w
    return Page(paper, orientation, w, h, margin_mm)


def candidate_pages(paper: str, orientation: str, margin_mm: float) -> list[Page]:
    """The pages to try, portrait first so that a tie keeps the usual way up."""
    if orientation == "auto":
        return [page(paper, "portrait", margin_mm), page(paper, "landscape", margin_mm)]
    return [page(paper, orientation, margin_mm)]
