"""Sticker sheets for blank dice: each face a small square, cut outline drawn, six in a row per die.

Blank 16 mm dice have rounded edges, so the flat of a face is smaller than
the die: stickers default to the die size less STICKER_MARGIN_MM.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ..components.face import Face, Item
from ..draw.errors import LayoutError
from .dieart import DieArt
from .document import GuideInfo, ImposedDocument
from .options import PrintOptions
from .sheet import impose_sheets

STICKER_MARGIN_MM = 3.0     # 16 mm die -> 13 mm sticker
STICKER_GUTTER_MM = 3.0
STICKER_CORNER_MM = 1.0


def sticker_size(die_mm: float) -> float:
    return die_mm - STICKER_MARGIN_MM


def dice_stickers(dice: Sequence[DieArt], options: PrintOptions, *, sticker_mm: float, game_title: str,
                  component_name: str) -> ImposedDocument:
    """`dice[i].faces` must draw in a sticker_mm square (die_faces(die, sticker_mm))."""
    items = []
    for die in dice:
        if len(die.faces) != 6:
            raise LayoutError(f"die {die.id!r}: a cube has 6 faces, got {len(die.faces)}")
        # Each copy of a die keeps its six stickers together, 1 to 6.
        for copy in range(die.copies):
            suffix = f"#{copy + 1}" if die.copies > 1 else ""
            for index, draw in enumerate(die.faces):
                face = Face(sticker_mm, sticker_mm, draw, bleed_mm=0.0, safe_mm=0.5, corner_mm=STICKER_CORNER_MM)
                items.append(Item(id=f"{die.id}{suffix}:{index + 1}", component=component_name, front=face,
                                  label=f"{die.name} {index + 1}"))
    opts = replace(options, gutter_mm=STICKER_GUTTER_MM, cut_lines=True, fold=False, duplex="none")
    doc = impose_sheets(items, opts, game_title=game_title, component_name=component_name, kind="stickers",
                        shared_cuts=False)
    words = options.words
    guide = GuideInfo(title=component_name, sides=words("print.side.single"), paper_fr=words("print.paper.stickers"),
                      pages=len(doc.pages), copies=sum(d.copies for d in dice),
                      steps=(words("print.step.print_100"), words("print.dice.stickers_cut"),
                             words("print.dice.stickers_stick")))
    return replace(doc, guide=guide)
