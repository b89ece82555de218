"""Decks of cards: one Item per row of the deck's table, faces drawn from its layouts.

Cards are cut as rectangles with rounded corners (`corner_mm`). With
`back_oriented: true` (Lutinades) the Items say so, and the print layer keeps
each back's top matched to its front's top instead of merely mirroring.
"""

from __future__ import annotations

from pathlib import Path

from ..content.models import Deck
from .face import Item
from .layout import build_items, frame_of


def items(component: Deck, game_folder: Path) -> list[Item]:
    """The deck's cards, one Item per row with `copies` = the row's count; faces checked now."""
    return build_items(component, game_folder, frame_of(component, "rect", component.corner_mm))
