"""The `map` kind: a text grid drawn through its legend at real size, whole on one page or tiled."""

from __future__ import annotations

from ..content.models import Map
from . import Job, Kind


def render(job: Job, game_map: Map) -> None:
    from ..components.map import map_item
    from .faces import render_large_face
    render_large_face(job, KIND, game_map, map_item(game_map, job.game.folder))


KIND = Kind(name="map", model=Map, render=render, paper="kinds.map.paper")
