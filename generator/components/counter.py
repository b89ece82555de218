"""Counters: round, square, hex or triangle pieces; flat, fold-over, or standees.

- flat: one Item per row, front and (if given) back faces, Face.shape set
  so cut lines follow the counter's outline.
- fold: one single-sided Face twice as wide: front on the left, back on the
  right, upright; cut the rectangle, fold along the middle, glue.
- standee: one single-sided Face: foot, back upside down, front, foot, top to
  bottom; folded at the top of the figure, the feet bent out to stand it up.
  Without a back the front's art is used on both sides.
Fold lines are marked by short ticks in the bleed (outside the cut) and given
to the print layer in `Item.meta["folds_mm"]` as (x1, y1, x2, y2) segments in
the face's bleed-box millimetres.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..content.models import Counters
from ..draw.canvas import Canvas
from ..draw.style import Stroke
from .face import Item
from .layout import (FaceMaker, Frame, Op, back_layout, build_items, frame_of, front_layout, item_ids, item_meta,
                     label_of)

SHAPES = {"round": "round", "square": "rect", "hex": "hex", "triangle": "triangle"}
FOLD_TICK = Stroke("#8A8A8A", 0.2, dash_mm=(1.0, 0.6))
TICK_GAP_MM = 0.5   # ticks stop this short of the cut so none is left on the piece


def items(component: Counters, game_folder: Path) -> list[Item]:
    """The counters, one Item per row with `copies` = the row's count; faces checked now."""
    frame = frame_of(component, SHAPES[component.shape], component.corner_mm)
    if component.form == "flat":
        return build_items(component, game_folder, frame)
    maker = FaceMaker(component, game_folder, frame)
    out, shown = [], {}
    for row, item_id in zip(component.rows, item_ids(component)):
        if row.count == 0:
            continue
        front, front_side = front_layout(component, row)
        front_ops = maker.ops(front, row, item_id, front_side)
        layout, side = back_layout(component, row)
        if layout is None:   # a standee without a back shows the front's art on both sides
            layout, side = front, front_side
        back_ops = maker.ops(layout, row, item_id, side)
        compose = _fold if component.form == "fold" else _standee
        face, folds = compose(component, frame, front_ops, back_ops)
        meta = item_meta(component, row, shown)
        meta["folds_mm"] = folds
        out.append(Item(id=item_id, component=component.id, front=face, back=None, copies=row.count,
                        label=label_of(row, item_id), meta=meta))
    return out


def _fold(component: Counters, frame: Frame, front: Sequence[Op], back: Sequence[Op]):
    b, w, h = frame.bleed_mm, frame.width_mm, frame.height_mm
    whole = Frame(2 * w, h, b, frame.safe_mm, "rect", frame.corner_mm)
    fold_x = b + w
    folds = [(fold_x, b, fold_x, b + h)]
    H = whole.bleed_height_mm

    def draw(c: Canvas) -> None:
        with c.group(clip=(0.0, 0.0, whole.bleed_width_mm, H)):
            with c.group(clip=(0.0, 0.0, b + w, H)):
                _replay(c, front)
            with c.group(translate=(w, 0.0), clip=(b, 0.0, w + b, H)):
                _replay(c, back)
            if b > TICK_GAP_MM:
                c.line(fold_x, 0.0, fold_x, b - TICK_GAP_MM, FOLD_TICK)
                c.line(fold_x, H - b + TICK_GAP_MM, fold_x, H, FOLD_TICK)
    return whole.face(draw), folds


def _standee(component: Counters, frame: Frame, front: Sequence[Op], back: Sequence[Op]):
    b, w, h, f = frame.bleed_mm, frame.width_mm, frame.height_mm, component.foot_mm
    whole = Frame(w, 2 * h + 2 * f, b, frame.safe_mm, "rect", frame.corner_mm)
    W, H = whole.bleed_width_mm, whole.bleed_height_mm
    fold_ys = (b + f, b + f + h, b + f + 2 * h)   # foot | back, top of the figure, front | foot
    folds = [(b, y, b + w, y) for y in fold_ys]
    foot = component.foot_colour
    local_clip = (0.0, b, w + 2 * b, h)   # a side's own trim rows, its full bleed width

    def draw(c: Canvas) -> None:
        with c.group(clip=(0.0, 0.0, W, H)):
            c.rect(0.0, 0.0, W, b + f, fill=foot)
            c.rect(0.0, b + f + 2 * h, W, b + f, fill=foot)
            # The back turns half a turn about its slot so its top meets the front's top at the fold.
            with c.group(translate=(w + 2 * b, h + f + 2 * b), rotate_deg=180.0, clip=local_clip):
                _replay(c, back)
            with c.group(translate=(0.0, f + h), clip=local_clip):
                _replay(c, front)
            if b > TICK_GAP_MM:
                for y in fold_ys:
                    c.line(0.0, y, b - TICK_GAP_MM, y, FOLD_TICK)
                    c.line(W - b + TICK_GAP_MM, y, W, y, FOLD_TICK)
    return whole.face(draw), folds


def _replay(c: Canvas, ops: Sequence[Op]) -> None:
    for op in ops:
        op(c)
