"""The `deck` kind: cards on n-up sheets (duplex or fold), previews of the first card, and with --shop one
card face per page for a print shop. Card stock is its paper advice."""

from __future__ import annotations

from ..content.models import Deck
from . import Job, Kind


def render(job: Job, deck: Deck) -> None:
    from ..components.card import items
    from .faces import render_face_set
    render_face_set(job, KIND, deck, items(deck, job.game.folder), shop=job.options.shop)


KIND = Kind(name="deck", model=Deck, render=render, paper="kinds.deck.paper")
