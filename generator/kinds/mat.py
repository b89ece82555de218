"""The `mat` kind: a large play area at real size, whole on one page or tiled, with its SVG preview."""

from __future__ import annotations

from ..content.models import Mat
from . import Job, Kind


def render(job: Job, mat: Mat) -> None:
    from ..components.mat import mat_item
    from .faces import render_large_face
    render_large_face(job, KIND, mat, mat_item(mat, job.game.folder))


KIND = Kind(name="mat", model=Mat, render=render, paper="kinds.mat.paper")
