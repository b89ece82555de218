"""The `form` kind: a page to fill in by hand, 1, 2 or 4 forms per sheet (print/forms.py), and its SVG; pieces
of its stock (their `sheet_with`) in the band its rows leave free under each copy."""

from __future__ import annotations

from ..content.models import Form
from . import Job, Kind, kind_of


def render(job: Job, form: Form) -> None:
    from ..components.form import form_face, free_band
    from ..print.forms import form_document
    from .faces import face_svg, guests_said, sharing, with_paper

    language = job.game.info.language

    def make_face(width_mm: float, height_mm: float):
        return form_face(form, job.game.folder, width_mm, height_mm, game_title=job.title, language=language)

    guests = sharing(job.game, form)
    pieces = [item for guest in guests for item in kind_of(guest).pieces(guest, job.game.folder)]
    name, steps = guests_said(job, form, guests, "print.form.pieces")
    document, face = form_document(form, make_face, job.print_options, game_title=job.title, guests=pieces,
                                   free_band=lambda w, h: free_band(form, w, h, language), name=name,
                                   guest_steps=steps)
    job.out.add_document(f"{form.id}.pdf", with_paper(document, KIND, job))
    job.out.add(f"{form.id}.svg", face_svg(face, f"{job.title} — {form.name}"))


KIND = Kind(name="form", model=Form, render=render, paper="kinds.form.paper")
