"""The `counters` kind: counters on n-up sheets (flat, folded or standees), glued onto greyboard before cutting."""

from __future__ import annotations

from ..content.models import Counters
from . import FigureJob, Job, Kind


def items(counters: Counters, folder) -> list:
    """The faces of its counters, for its print sheets and its figures."""
    from ..components.counter import items as counter_items
    return counter_items(counters, folder)


def render(job: Job, counters: Counters) -> None:
    from .faces import render_face_set
    render_face_set(job, KIND, counters, items(counters, job.game.folder))


def figure(job: FigureJob, counters: Counters):
    from .faces import items_figure
    return items_figure(job, counters, items)


KIND = Kind(name="counters", model=Counters, render=render, items=items, paper="kinds.counters.paper",
            guide_steps=("kinds.counters.glue_step",), figure=figure)
