"""The `tiles` kind: tiles on n-up sheets, glued onto greyboard before cutting."""

from __future__ import annotations

from ..content.models import Tiles
from . import Job, Kind


def render(job: Job, tiles: Tiles) -> None:
    from ..components.tile import items
    from .faces import render_face_set
    render_face_set(job, KIND, tiles, items(tiles, job.game.folder))


KIND = Kind(name="tiles", model=Tiles, render=render, paper="kinds.tiles.paper", guide_steps=("kinds.tiles.glue_step",))
