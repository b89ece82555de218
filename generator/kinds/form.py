"""The `form` kind: a page to fill in by hand, 1, 2 or 4 forms per sheet (print/forms.py), and its SVG."""

from __future__ import annotations

from ..content.models import Form
from . import Job, Kind


def render(job: Job, form: Form) -> None:
    from ..components.form import form_face
    from ..print.forms import form_document
    from .faces import face_svg, with_paper

    def make_face(width_mm: float, height_mm: float):
        return form_face(form, job.game.folder, width_mm, height_mm, game_title=job.title,
                         language=job.game.info.language)

    document, face = form_document(form, make_face, job.print_options, game_title=job.title)
    job.out.add_document(f"{form.id}.pdf", with_paper(document, KIND, job))
    job.out.add(f"{form.id}.svg", face_svg(face, f"{job.title} — {form.name}"))


KIND = Kind(name="form", model=Form, render=render, paper="kinds.form.paper")
