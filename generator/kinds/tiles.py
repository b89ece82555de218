"""The `tiles` kind: tiles on n-up sheets (duplex or fold), glued onto greyboard before cutting, and with --shop
one face per page for a print shop."""

from __future__ import annotations

from ..content.models import Tiles
from . import FigureJob, Job, Kind


def items(tiles: Tiles, folder) -> list:
    """The faces of its tiles, for its print sheets and its figures."""
    from ..components.tile import items as tile_items
    return tile_items(tiles, folder)


def advice(made: list, job: Job) -> tuple[str, tuple[str, ...]] | None:
    """Catalogue keys (paper, guide steps) where the general advice (glue the sheet onto greyboard, then cut)
    would be wrong: tiles with a back printed on the sheet's other side cannot be glued down, and fold-over
    tiles are glued to themselves. None: the kind's own advice (fronts only)."""
    if not any(item.back is not None for item in made):
        return None
    if job.print_options.fold:
        return "kinds.tiles.paper_fold", ()        # the sheet's own step says how its pairs are folded
    if job.print_options.duplex != "none":
        return "kinds.tiles.paper_duplex", ("kinds.tiles.duplex_step",)
    return None


def render(job: Job, tiles: Tiles) -> None:
    from .faces import render_face_set
    made = items(tiles, job.game.folder)
    render_face_set(job, KIND, tiles, made, shop=job.options.shop, advice=advice(made, job))


def check(job: Job, tiles: Tiles) -> None:
    """Its faces laid out and its sheets planned, without drawing (`pnp validate`)."""
    from .faces import check_face_set
    check_face_set(job, items(tiles, job.game.folder))


def figure(job: FigureJob, tiles: Tiles):
    from .faces import items_figure
    return items_figure(job, tiles, items)


KIND = Kind(name="tiles", model=Tiles, render=render, check=check, items=items, paper="kinds.tiles.paper",
            guide_steps=("kinds.tiles.glue_step",), figure=figure)
