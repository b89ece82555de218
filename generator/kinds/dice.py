"""The `dice` kind: cube nets to cut, fold and glue (with an SVG of each net), and/or stickers for blank dice."""

from __future__ import annotations

from dataclasses import replace

from ..content.models import Dice
from . import FigureJob, Job, Kind

# The print layer makes nets (document kind "dice") and sticker sheets ("stickers"); each has its own paper.
_PAPER = {"dice": "kinds.dice.paper", "stickers": "kinds.dice.sticker_paper"}


def render(job: Job, dice: Dice) -> None:
    from ..components.die import die_faces
    from ..print.dicenet import dice_arts, dice_documents, net_svg, net_tab_mm
    words = job.words
    for name, document in dice_documents(dice, job.print_options, game_title=job.title, faces=die_faces).items():
        guide = replace(document.guide, paper_fr=words(_PAPER[document.kind]))
        job.out.add_document(name, replace(document, guide=guide))
    if dice.form in ("net", "both"):
        for art in dice_arts(dice, die_faces):
            job.out.add(words("kinds.files.net_svg", id=dice.id, die=art.id),
                        net_svg(art, size_mm=dice.size_mm, tab_mm=net_tab_mm(dice), title=f"{job.title} — {art.name}"))


def figure(job: FigureJob, dice: Dice):
    """Faces of one die, in a row or on the net the print layer folds (its cells passed down: components
    do not import print)."""
    from ..components.diagram import dice_figure
    from ..print.dicenet import NET_CELLS
    return dice_figure(dice, job.diagram, NET_CELLS, max_width_mm=job.max_width_mm)


KIND = Kind(name="dice", model=Dice, render=render, paper="kinds.dice.paper", figure=figure,
            drawn_from_itself=True)
