"""The `mat` kind: a large play area at real size, whole on one page or tiled, with its SVG preview; figures
show a region or a zone of it with pieces on it."""

from __future__ import annotations

from ..content.models import Mat
from . import FigureJob, Job, Kind


def render(job: Job, mat: Mat) -> None:
    from ..components.mat import mat_item
    from .faces import render_large_face
    for each in mat.all_sizes():        # the mat, then the other sizes its `sizes:` work out from its numbers
        render_large_face(job, KIND, each, mat_item(each, job.game.folder))


def figure(job: FigureJob, mat: Mat):
    from ..components.diagram import mat_figure
    return mat_figure(mat, job.diagram, job.placements, job.styles, job.game.folder, max_width_mm=job.max_width_mm)


KIND = Kind(name="mat", model=Mat, render=render, paper="kinds.mat.paper", figure=figure)
