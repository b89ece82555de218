"""Faces and items: what components give the print layer.

A Face draws itself with its origin at the top-left corner of its bleed box;
the trim box starts `bleed_mm` in from there. Art should fill the whole bleed
box; text should stay `safe_mm` inside the trim.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Literal, Optional

from ..draw.canvas import Canvas

DEFAULT_BLEED_MM = 3.0
DEFAULT_SAFE_MM = 3.0


@dataclass(frozen=True)
class Face:
    """One printable side of one item, drawn at real size."""
    width_mm: float                      # trim width
    height_mm: float                     # trim height
    draw: Callable[[Canvas], None]       # draws in the bleed box, origin at its top-left corner
    bleed_mm: float = DEFAULT_BLEED_MM
    safe_mm: float = DEFAULT_SAFE_MM
    shape: Literal["rect", "round", "hex", "triangle"] = "rect"   # the cut outline inside the trim box
    corner_mm: float = 0.0               # corner radius of the cut, for rounded cards
    # A grid board's lines (xs, ys) in bleed-box mm: a tiled sheet's cut edge falls on one, and the notes
    # printed on the overlap strips keep clear of them (print/tiling.py). Empty: the face has no grid.
    grid_lines_mm: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())
    # Boxes (x, y, w, h, heavy[, text]) in bleed-box mm that carry the face's marks: the seams of a tiled sheet
    # keep clear of them where the paper allows (print/tiling.py). Heavy: a zone, a label, a ruler, which a seam
    # would spoil; light: a thin line (an arrow, a cross's arm), glued true without a look. Text (the default):
    # kept seam_clearance_mm away; not text (a zone's area): a seam may run along its edge. A mark that is not its
    # box (turned, a polygon) may add its convex outline, ((x, y), ...), seventh.
    keep_clear_mm: tuple[tuple, ...] = ()
    # Texts shrunk to fit their box: (element number, text, size asked, size set), so a designer sees which
    # faces are cramped (the manifest, the gallery, `pnp build -v`).
    shrunk: tuple[tuple[int, str, float, float], ...] = field(default=(), compare=False)
    # A hash of everything the face draws (its layout, the row's values, the files and icons it reads), so a
    # sheet of faces unchanged since the last build is played again, not drawn (draw/pdfpages.py); made while
    # builds keep their pages (`pnp watch`). Empty: not known, a sheet holding the face is always drawn.
    key: str = field(default="", compare=False)
    # What the face pictures (its elements' `depicts`: a gnome making a gesture), each as (name, value) pairs:
    # a rulebook figure showing the face records them (Shown, how 'depicted') for the figure proof.
    depicts: tuple[tuple[tuple[str, str], ...], ...] = field(default=(), compare=False)
    # A tiled face's key (a map's legend) laid out afresh for a box (width, height) in mm: (its height, its drawing
    # from the box's corner), or None where it does not fit. The assembly plan draws the face too small to read its
    # key and repeats it at print size in the room under the plan (print/tiling.py). None: the face has no key.
    plan_key: Optional[Callable[[float, float], Optional[tuple[float, Callable[[Canvas], None]]]]] = \
        field(default=None, compare=False)

    @property
    def bleed_width_mm(self) -> float:
        return self.width_mm + 2 * self.bleed_mm

    @property
    def bleed_height_mm(self) -> float:
        return self.height_mm + 2 * self.bleed_mm


@dataclass(frozen=True)
class Item:
    """A thing a player cuts out: a card, a tile, a counter, a board.

    `back` is None for single-sided items. `back_oriented` is True when the
    back has a top and bottom that must keep their relation to the front
    (Lutinades): the print layer then rotates rather than just mirrors.
    """
    id: str
    component: str
    front: Face
    back: Optional[Face] = None
    back_oriented: bool = False
    copies: int = 1
    label: str = ""
    meta: dict = field(default_factory=dict, compare=False)
