"""The `counters` kind: counters on n-up sheets (flat, folded or standees), glued onto greyboard before cutting."""

from __future__ import annotations

from ..content.models import Counters
from . import FigureJob, Job, Kind


def items(counters: Counters, folder) -> list:
    """The faces of its counters, for its print sheets and its figures."""
    from ..components.counter import items as counter_items
    return counter_items(counters, folder)


def advice(counters: Counters, job: Job) -> tuple[str, tuple[str, ...]] | None:
    """Catalogue keys (paper, guide steps) where the general advice (glue the sheet onto greyboard, then cut)
    would be wrong: a sheet printed on both sides cannot be glued down, and a fold-over counter (its form, or
    a two-sided counter laid out face and back side by side by --fold) is glued to itself. None: the kind's
    own advice (fronts only)."""
    two_sided = counters.form == "flat" and (counters.back is not None or counters.backs)
    if counters.form == "fold":
        return "kinds.counters.paper_fold", ("kinds.counters.fold_step",)
    if two_sided and job.print_options.fold:
        return "kinds.counters.paper_fold", ()     # the sheet's own step says how its pairs are folded
    if two_sided and job.print_options.duplex != "none":
        return "kinds.counters.paper_duplex", ("kinds.counters.duplex_step",)
    return None


def render(job: Job, counters: Counters) -> None:
    from .faces import render_face_set
    render_face_set(job, KIND, counters, items(counters, job.game.folder), advice=advice(counters, job))


def check(job: Job, counters: Counters) -> None:
    """Its faces laid out and its sheets planned, without drawing (`pnp validate`)."""
    from .faces import check_face_set
    check_face_set(job, items(counters, job.game.folder))


def figure(job: FigureJob, counters: Counters):
    from .faces import items_figure
    return items_figure(job, counters, items)


KIND = Kind(name="counters", model=Counters, render=render, check=check, items=items, paper="kinds.counters.paper",
            guide_steps=("kinds.counters.glue_step",), figure=figure, advice=advice)
