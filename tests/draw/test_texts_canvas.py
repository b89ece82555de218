"""The figure proof's replay of a drawing (draw/bounds.TextsCanvas, figure_proof._hidden_labels) keeps its strings
only: the same strings, in the same order, hidden by the same crops as when every line, cell and label was measured
(as it was until branch proof-cost), and no box measured beside them (issue 24: the preflight runs in every build)."""

from __future__ import annotations

import random
from pathlib import Path

from generator.build import own_icons
from generator.content import load_game
from generator.draw import fonts
from generator.draw.bounds import BoundsCanvas, TextsCanvas, texts
from generator.draw.style import Stroke, TextStyle
from generator.engine.checker import load_game_diagrams
from generator.figures import game_figures

CONTENT = Path(__file__).resolve().parents[2] / "content"


class AsItWas(BoundsCanvas):
    """TextsCanvas as it was: every area measured, each string's box against the clip as it is drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[tuple[str, bool]] = []

    def _text_run(self, x, y, text, style) -> None:
        w = fonts.text_width_mm(text, style)
        corners = [self._map(px, py) for px in (x, x + w) for py in (y - 0.8 * style.size_mm, y + 0.25 * style.size_mm)]
        x0, y0 = min(p[0] for p in corners), min(p[1] for p in corners)
        x1, y1 = max(p[0] for p in corners), max(p[1] for p in corners)
        clip = self._clip
        hidden = clip is not None and (x1 <= clip[0] or x0 >= clip[2] or y1 <= clip[1] or y0 >= clip[3])
        self.texts.append((text, hidden))
        super()._text_run(x, y, text, style)


def _as_it_was(draw) -> list[tuple[str, bool]]:
    canvas = AsItWas()
    draw(canvas)
    return canvas.texts


def _drawing(seed: int):
    """Labels, lines and boxes in nested groups: moved, turned, scaled, clipped, some wholly beyond their clip,
    some across its edge, a narrow no-break space inside one."""
    rng = random.Random(seed)
    steps = []
    for _ in range(25):
        group = dict(translate=(rng.uniform(-30, 30), rng.uniform(-30, 30)), rotate_deg=rng.choice([0.0, 90.0, 17.0]),
                     scale=rng.choice([1.0, 0.5, 0.125]),
                     clip=rng.choice([None, (0.0, 0.0, 40.0, 30.0), (10.5, -5.0, 12.25, 70.0), (200.0, 200.0, 1.0, 1.0)]))
        inner = rng.choice([None, (rng.uniform(-10, 10), rng.uniform(-10, 10), 15.0, 15.0)])
        label = rng.choice(["6 DiXes", "Temple A", "Oracle\u202fA2", "d4", "Pics"])
        steps.append((group, inner, label, rng.uniform(-20, 50), rng.uniform(-20, 50), rng.uniform(2.0, 9.0)))

    def draw(c) -> None:
        for group, inner, label, x, y, size in steps:
            with c.group(**group):
                c.rect(x - 2, y - 2, 20, 8, fill="#EEEEEE", stroke=Stroke("#000000", 0.3))
                c.line(x, y, x + 30, y + 5, Stroke("#000000", 0.5))
                with c.group(clip=inner):
                    c.text(x, y, label, TextStyle(size_pt=size), align=random.Random(x).choice(["left", "center", "right"]))
    return draw


def test_the_strings_and_what_the_crop_hides_are_as_when_everything_was_measured():
    for seed in range(30):
        draw = _drawing(seed)
        assert texts(draw) == _as_it_was(draw), seed


def test_the_figures_of_a_game_cropping_its_maps_read_the_same():
    """3d Run's figures crop each level's map: most of its legend and cell names are drawn hidden."""
    game = load_game(CONTENT, "3d-run")
    diagrams = load_game_diagrams("3d-run", CONTENT, game.components)
    with own_icons(game):
        figures = game_figures(game, CONTENT, diagrams=diagrams)
        read = {fid: texts(f.draw) for fid, f in figures.items()}
        assert read == {fid: _as_it_was(f.draw) for fid, f in figures.items()}
    assert any(hidden for strings in read.values() for _, hidden in strings)      # the crops hide some
    assert any(not hidden for strings in read.values() for _, hidden in strings)


def test_only_strings_are_recorded_nothing_else_measured():
    canvas = TextsCanvas()
    with canvas.group(clip=(0.0, 0.0, 10.0, 10.0)):
        canvas.rect(0, 0, 50, 50, fill="#000000")
        canvas.line(0, 0, 80, 80, Stroke("#000000", 1.0))
        canvas.text(20.0, 20.0, "Temple A", TextStyle(size_pt=8))
        canvas.text(2.0, 5.0, "Oracle", TextStyle(size_pt=8))
    assert canvas.box is None
    assert [s[0] for s in canvas.strings] == ["Temple A", "Oracle"]
    assert [canvas.hidden(0), canvas.hidden(1)] == [True, False]
