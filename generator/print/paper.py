"""Paper sizes, orientation and the printable area inside the printer's margin."""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import Box

PAPERS_MM: dict[str, tuple[float, float]] = {   # portrait width, height
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),                     # 8.5 x 11 in
    "a3": (297.0, 420.0),
}
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
    if paper not in PAPERS_MM:
        raise ValueError(f"unknown paper {paper!r}")
    w, h = PAPERS_MM[paper]
    if orientation == "landscape":
        w, h = h, w
    return Page(paper, orientation, w, h, margin_mm)


def candidate_pages(paper: str, orientation: str, margin_mm: float) -> list[Page]:
    """The pages to try, portrait first so that a tie keeps the usual way up."""
    if orientation == "auto":
        return [page(paper, "portrait", margin_mm), page(paper, "landscape", margin_mm)]
    return [page(paper, orientation, margin_mm)]
