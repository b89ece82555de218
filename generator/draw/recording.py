"""A drawing kept as the backend calls it made, and played again on another canvas: what a rulebook figure
unchanged since the last build costs (generator/figure_cache.py).

Every backend implements the same few primitives (`_rect`, `_circle`, `_path`, `_text_run`, `image`, `group`,
`repeated`); everything else of the mm canvas (text set in runs, the floor for small text, lines kept
printable, paths outside the view left out) is worked out in `Canvas` from the canvas's state: its `scale`,
`view`, `ink_saver`, text floor. `RecordingCanvas` wraps a real canvas: the drawing goes through, and the
primitives it reached are kept (`ops`). Played again (`replay`) on a canvas of the same class in the same state
(`state_key`), the same primitives are called with the same arguments in the same order: the backend writes
what drawing would have written, in whatever document it is (a PDF's font subsets and forms are the
backend's, as when drawing). `repeated` art is kept as the public calls that draw it (a pattern's paths), so
the backend draws it, or places the form it has, as it would.

`dumps`/`decode_ops` turn ops into JSON text and back, exactly (floats by repr, tuples as tuples, strokes and
text styles as themselves), so a drawing kept in a file plays the same bytes as one kept in memory.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from .canvas import Canvas
from .style import Stroke, TextStyle

_STATE = ("scale", "view", "ink_saver", "text_floor_pt", "text_growth")


def state_key(canvas: Canvas) -> str:
    """What a drawing's primitives depend on besides its own inputs: the backend and its state (cmyk: the PDF
    backend's colours)."""
    kind = type(canvas)
    state = [getattr(canvas, name) for name in _STATE] + [getattr(canvas, "cmyk", None)]
    return f"{kind.__module__}.{kind.__qualname__}|" + repr(state)


class NotKept(Exception):
    """A drawing that called something this module cannot keep (the figure is then drawn every time)."""


class _ArtCalls(Canvas):
    """What `repeated` art draws, as its public calls (only paths, rects and circles: a pattern's marks)."""

    def __init__(self) -> None:
        self.calls: list = []

    def path(self, ops, *, fill=None, stroke=None, even_odd=False) -> None:
        self.calls.append(("path", tuple(tuple(op) for op in ops), fill, stroke, even_odd))

    def rect(self, x, y, w, h, *, fill=None, stroke=None, radius=0.0) -> None:
        self.calls.append(("rect", x, y, w, h, fill, stroke, radius))

    def circle(self, cx, cy, r, *, fill=None, stroke=None) -> None:
        self.calls.append(("circle", cx, cy, r, fill, stroke))

    def _refuse(self, *args, **kwargs):
        raise NotKept("repeated art that draws more than paths")

    _rect = _circle = _path = _text_run = image = repeated = _refuse

    def group(self, **kwargs):
        raise NotKept("repeated art with groups")


def _art(calls: tuple) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        for call in calls:
            if call[0] == "path":
                canvas.path(call[1], fill=call[2], stroke=call[3], even_odd=call[4])
            elif call[0] == "rect":
                canvas.rect(*call[1:5], fill=call[5], stroke=call[6], radius=call[7])
            else:
                canvas.circle(*call[1:4], fill=call[4], stroke=call[5])
    return draw


def _target_state(name: str):
    return property(lambda self: getattr(self._target, name), lambda self, value: setattr(self._target, name, value))


class RecordingCanvas(Canvas):
    """Draws on `target` and keeps the primitives reached (`ops`); its state is the target's own."""

    scale = _target_state("scale")
    view = _target_state("view")
    ink_saver = _target_state("ink_saver")
    text_floor_pt = _target_state("text_floor_pt")
    text_growth = _target_state("text_growth")

    def __init__(self, target: Canvas, arts: dict | None = None):
        self._target = target
        self.ops: list = []
        self._into = self.ops
        # `repeated` art's calls by (key, w, h), shared by the recorders given the same dict: equal keys draw the
        # same (Canvas.repeated), so a mat's dots are taken down once, not at each placement nor each state
        self.arts: dict = {} if arts is None else arts

    def _rect(self, x, y, w, h, fill, stroke, radius) -> None:
        self._into.append(("rect", x, y, w, h, fill, stroke, radius))
        self._target._rect(x, y, w, h, fill, stroke, radius)

    def _circle(self, cx, cy, r, fill, stroke) -> None:
        self._into.append(("circle", cx, cy, r, fill, stroke))
        self._target._circle(cx, cy, r, fill, stroke)

    def _path(self, ops, fill, stroke, even_odd) -> None:
        ops = tuple(tuple(op) for op in ops)
        self._into.append(("path", ops, fill, stroke, even_odd))
        self._target._path(ops, fill, stroke, even_odd)

    def _text_run(self, x, y, text, style) -> None:
        self._into.append(("text", x, y, text, style))
        self._target._text_run(x, y, text, style)

    def image(self, x, y, w, h, source) -> None:
        self._into.append(("image", x, y, w, h, str(source)))
        self._target.image(x, y, w, h, source)

    @contextmanager
    def group(self, *, translate=(0.0, 0.0), rotate_deg=0.0, scale=1.0, clip=None, name=None) -> Iterator[None]:
        inner: list = []
        self._into.append(("group", tuple(translate), rotate_deg, scale, None if clip is None else tuple(clip), name,
                           inner))
        outer, self._into = self._into, inner
        try:
            with self._target.group(translate=translate, rotate_deg=rotate_deg, scale=scale, clip=clip, name=name):
                yield
        finally:
            self._into = outer

    def repeated(self, key, w, h, draw, *, at=(0.0, 0.0)) -> None:
        calls = self.arts.get((key, w, h))
        if calls is None:
            art = _ArtCalls()
            draw(art)
            calls = self.arts[(key, w, h)] = tuple(art.calls)
        self._into.append(("repeated", key, w, h, tuple(at), calls))
        self._target.repeated(key, w, h, draw, at=at)


def replay(ops, canvas: Canvas) -> None:
    """Call on `canvas` the primitives a RecordingCanvas kept (on a canvas of its class, in the same state)."""
    for op in ops:
        kind = op[0]
        if kind == "path":
            canvas._path(op[1], op[2], op[3], op[4])
        elif kind == "text":
            canvas._text_run(op[1], op[2], op[3], op[4])
        elif kind == "rect":
            canvas._rect(*op[1:8])
        elif kind == "circle":
            canvas._circle(*op[1:6])
        elif kind == "group":
            with canvas.group(translate=op[1], rotate_deg=op[2], scale=op[3], clip=op[4], name=op[5]):
                replay(op[6], canvas)
        elif kind == "repeated":
            canvas.repeated(op[1], op[2], op[3], _art(op[5]), at=op[4])
        elif kind == "image":
            canvas.image(op[1], op[2], op[3], op[4], Path(op[5]))
        else:
            raise ValueError(f"unknown drawing operation {kind!r}")


def images(ops) -> list[str]:
    """The files the ops place as images (what a kept drawing would read when played)."""
    found = []
    for op in ops:
        if op[0] == "image":
            found.append(op[5])
        elif op[0] == "group":
            found += images(op[6])
    return found


# --- to JSON and back, exactly ------------------------------------------------------------------------------
def _style(value: Any) -> Any:
    if isinstance(value, Stroke):
        return {"S": [value.colour, value.width_mm, value.dash_mm, value.cap, value.join]}
    if isinstance(value, TextStyle):
        return {"T": [value.size_pt, value.colour, value.bold, value.italic, value.family]}
    raise NotKept(f"a drawing argument of type {type(value).__name__}")


def _dumps(value) -> str:
    return json.dumps(value, default=_style, ensure_ascii=False, separators=(",", ":"))


class _Art:
    """A `repeated` op's calls, written as a token that `dumps` replaces by their JSON text."""

    def __init__(self, token: str):
        self.token = token


def dumps(ops, arts: dict | None = None) -> str:
    """Ops as JSON text (compact, not ASCII-escaped): tuples as lists, a stroke or a text style tagged by a
    one-key object, anything else but JSON's own types refused (NotKept). One pass of json's C encoder: a
    mat's figure holds millions of numbers, and walking them in Python first cost more than drawing it.

    `arts` (id of a `repeated` op's calls -> (the calls, their JSON text)), kept by the caller across drawings:
    art whose calls are the very object already written is not written again but its text put in its place
    (compact JSON of a value is the same wherever it stands): the same text as without it, made once.
    """
    if arts is None:
        return _dumps(ops)
    placed: dict[str, list] = {}         # a token's JSON text -> [the art's JSON text, how many placed]

    def swap(ops):
        out = []
        for op in ops:
            if op[0] == "repeated":
                calls = op[5]
                if arts.get(id(calls), (None,))[0] is not calls:
                    arts[id(calls)] = (calls, _dumps(calls))
                token = f"\x00pnp-art-{id(calls)}\x00"
                placed.setdefault(json.dumps(token), [arts[id(calls)][1], 0])[1] += 1
                op = op[:5] + (_Art(token),)
            elif op[0] == "group":
                op = op[:6] + (swap(op[6]),)
            out.append(op)
        return out

    text = json.dumps(swap(ops), default=lambda v: v.token if isinstance(v, _Art) else _style(v),
                      ensure_ascii=False, separators=(",", ":"))
    for token, (art, count) in placed.items():
        if text.count(token) != count:
            return _dumps(ops)      # a text of the drawing holding such a token (never ours): written plainly
        text = text.replace(token, art)
    return text


def decode(data: Any) -> Any:
    """A value `dumps` wrote, read back by json, as it was (every list a tuple)."""
    if isinstance(data, list):
        return tuple(decode(v) for v in data)
    if isinstance(data, dict):
        if "S" in data:
            colour, width, dash, cap, join = data["S"]
            return Stroke(colour, width, decode(dash), cap, join)
        return TextStyle(*data["T"])
    return data


def decode_ops(ops: list) -> list:
    """Ops `dumps` wrote, read back by json, as they were, by what each op holds: a path's points stay lists
    (the backends only index them: a figure has tens of thousands), the rest as `decode` makes it."""
    styles: dict = {}

    def paint(value):
        if not isinstance(value, dict):
            return value
        marker = repr(value)
        if marker not in styles:
            styles[marker] = decode(value)
        return styles[marker]

    out = []
    for op in ops:
        kind = op[0]
        if kind == "path":
            out.append(("path", op[1], op[2], paint(op[3]), op[4]))
        elif kind == "text":
            out.append(("text", op[1], op[2], op[3], paint(op[4])))
        elif kind == "rect":
            out.append(("rect", *op[1:6], paint(op[6]), op[7]))
        elif kind == "circle":
            out.append(("circle", *op[1:5], paint(op[5])))
        elif kind == "group":
            out.append(("group", tuple(op[1]), op[2], op[3], None if op[4] is None else tuple(op[4]), op[5],
                        decode_ops(op[6])))
        elif kind == "repeated":
            calls = tuple(("path", c[1], c[2], paint(c[3]), c[4]) if c[0] == "path" else _art_call(c, paint)
                          for c in op[5])
            out.append(("repeated", decode(op[1]), op[2], op[3], tuple(op[4]), calls))
        else:
            out.append(tuple(op))
    return out


def _art_call(call: list, paint) -> tuple:
    if call[0] == "rect":        # ("rect", x, y, w, h, fill, stroke, radius)
        return ("rect", *call[1:6], paint(call[6]), call[7])
    return ("circle", *call[1:5], paint(call[5]))   # ("circle", cx, cy, r, fill, stroke)
