"""The `deck` kind: cards on n-up sheets (duplex or fold), previews of the first card, and with --shop one
card face per page for a print shop. Card stock is its paper advice."""

from __future__ import annotations

from ..content.models import Deck
from . import FigureJob, Job, Kind


def items(deck: Deck, folder) -> list:
    """The faces of its cards, for its print sheets and its figures."""
    from ..components.card import items as card_items
    return card_items(deck, folder)


def render(job: Job, deck: Deck) -> None:
    from .faces import render_face_set
    render_face_set(job, KIND, deck, items(deck, job.game.folder), shop=job.options.shop)


def check(job: Job, deck: Deck) -> None:
    """Its faces laid out and its sheets planned, without drawing (`pnp validate`)."""
    from .faces import check_face_set
    check_face_set(job, items(deck, job.game.folder))


def figure(job: FigureJob, deck: Deck):
    from .faces import items_figure
    return items_figure(job, deck, items)


KIND = Kind(name="deck", model=Deck, render=render, check=check, items=items, paper="kinds.deck.paper", figure=figure)
