"""The `map` kind: a text grid drawn through its legend at real size, whole on one page or tiled;
figures show a crop of it with pieces on its cells."""

from __future__ import annotations

from ..content.models import Map
from . import FigureJob, Job, Kind


def render(job: Job, game_map: Map) -> None:
    from ..components.map import map_item
    from .faces import render_large_face
    render_large_face(job, KIND, game_map, map_item(game_map, job.game.folder, language=job.game.info.language))


def figure(job: FigureJob, game_map: Map):
    from ..components.diagram import map_figure
    return map_figure(game_map, job.diagram, job.placements, job.styles, job.game.folder,
                      language=job.game.info.language, ghosts=job.ghosts,
                      max_width_mm=job.max_width_mm)


KIND = Kind(name="map", model=Map, render=render, paper="kinds.map.paper", figure=figure)
