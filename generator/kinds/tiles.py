"""The `tiles` kind: tiles on n-up sheets (duplex or fold), glued onto greyboard before cutting, and with --shop
one face per page for a print shop."""

from __future__ import annotations

from ..content.models import Tiles
from . import FigureJob, Job, Kind


def items(tiles: Tiles, folder) -> list:
    """The faces of its tiles, for its print sheets and its figures."""
    from ..components.tile import items as tile_items
    return tile_items(tiles, folder)


def render(job: Job, tiles: Tiles) -> None:
    from .faces import render_face_set
    render_face_set(job, KIND, tiles, items(tiles, job.game.folder), shop=job.options.shop)


def figure(job: FigureJob, tiles: Tiles):
    from .faces import items_figure
    return items_figure(job, tiles, items)


KIND = Kind(name="tiles", model=Tiles, render=render, items=items, paper="kinds.tiles.paper",
            guide_steps=("kinds.tiles.glue_step",), figure=figure)
