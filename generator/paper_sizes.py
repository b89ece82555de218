"""Paper sizes by name, in millimetres: the one table that the command line, the print layer and the
rulebook read (no dependency, so that `pnp --help` can offer the names without loading the renderers)."""

from __future__ import annotations

DEFAULT_PAPER = "a4"   # the paper a game's content is made for; others are chosen at build time (--paper)

PAPER_SIZES_MM: dict[str, tuple[float, float]] = {   # portrait width, height
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),                          # 8.5 x 11 in
    "a3": (297.0, 420.0),
}


def paper_size_mm(paper: str) -> tuple[float, float]:
    """The portrait width and height of a named paper; a ValueError naming the known ones otherwise."""
    try:
        return PAPER_SIZES_MM[paper]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r} (known: {', '.join(PAPER_SIZES_MM)})") from None
