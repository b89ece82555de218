"""The `counters` kind: counters on n-up sheets (flat, folded or standees), glued onto greyboard before cutting."""

from __future__ import annotations

from ..content.models import Counters
from . import Job, Kind


def render(job: Job, counters: Counters) -> None:
    from ..components.counter import items
    from .faces import render_face_set
    render_face_set(job, KIND, counters, items(counters, job.game.folder))


KIND = Kind(name="counters", model=Counters, render=render, paper="kinds.counters.paper",
            guide_steps=("kinds.counters.glue_step",))
