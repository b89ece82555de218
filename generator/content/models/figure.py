"""What a rulebook figure may be on each kind of component, said by the component's own model.

Every component model is a `FigureTarget`. A model that can carry figures sets
`figure_spec` (which `show` keys it takes, its arrangements, whether pieces
stand on it and whether an engine reads them) and answers for its own places:
`place_exists(name)`, `check_figure(diagram)` (the `show` of a diagram drawn on
it names only what it has), `figure_pieces()` (the piece styles it lends to
every figure of the game). content/diagrams.py asks these and tests no kind;
a model whose `figure_spec` is None (a sheet, a form) cannot carry a figure.

A diagram is passed in, not imported: content/diagrams.py builds on the models.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FigureSpec:
    """What a figure drawn on one kind of component may say and show."""
    show: tuple[str, ...]                 # its own `show` keys, besides marks, arrows and highlight
    arrangements: tuple[str, ...] = ()    # the `show.arrange` it takes
    pieces: bool = False                  # a figure on it places pieces (`position`) on its places
    engine_position: bool = False         # a game's engine reads such a position, in its own notation
    setup: bool = False                   # `position: start` is its setup
    default: bool = False                 # a diagram without `on` is drawn on the game's first such component


class FigureTarget:
    """The figure side of a component model: by default, no figure can be drawn on it."""
    figure_spec = None        # FigureSpec | None

    def check_figure(self, diagram) -> None:
        """Refuses (ContentError at the diagram's line) a `show` naming what this component does not have."""

    def place_exists(self, name: str) -> bool:
        """Whether a figure can place a piece on `name` (a square, a cell, a zone or 'x,y')."""
        return False

    def figure_pieces(self) -> dict:
        """The piece styles (name -> PieceStyle) this component lends to every figure of the game."""
        return {}

    def engine_data(self):
        """What this component offers the game's rules engine, as plain values (engine.core.GameData), or None.
        Not a figure matter, but every component model shares this base; a map gives its rows."""
        return None
