"""The `mat` kind: a large play area at real size, whole on one page or tiled, with its SVG preview; figures
show a region or a zone of it with pieces on it."""

from __future__ import annotations

from ..content.models import Mat
from . import FigureJob, Job, Kind


def render(job: Job, mat: Mat) -> None:
    from ..components.mat import mat_item
    from .faces import face_svg, render_large_face
    if mat.sheet_with:                  # printed on its host's sheets (kinds/faces.render_face_set): its preview
        job.out.add(f"{mat.id}.svg", face_svg(mat_item(mat, job.game.folder).front, f"{job.title} — {mat.name}"))
        return
    for each in mat.all_sizes():        # the mat, then the other sizes its `sizes:` work out from its numbers
        render_large_face(job, KIND, each, mat_item(each, job.game.folder))


def sheet_items(mat: Mat, folder) -> list:
    """The mat as one piece on another component's sheets (a small mat: its `sheet_with`)."""
    from ..components.mat import mat_item
    return [mat_item(mat, folder)]


def figure(job: FigureJob, mat: Mat):
    from ..components.diagram import mat_figure
    return mat_figure(mat, job.diagram, job.placements, job.styles, job.game.folder, max_width_mm=job.max_width_mm)


KIND = Kind(name="mat", model=Mat, render=render, paper="kinds.mat.paper", figure=figure, sheet_items=sheet_items,
            drawn_from_itself=True)
