"""What the rulebook needs from a figure, and how it finds one by id.

The build provides the real figures (generator/figures.py draws each diagram
of content/<game>/diagrams.yaml on the component it names); the rulebook
only relies on this protocol, so it can be typeset and tested on its own.
"""

from __future__ import annotations

from typing import Callable, Mapping, Protocol, Union, runtime_checkable

from ..draw.canvas import Canvas


@runtime_checkable
class Figure(Protocol):
    """A vector figure drawn at real size in a box of width_mm x height_mm."""

    width_mm: float
    height_mm: float
    caption: str

    def draw(self, canvas: Canvas) -> None:
        """Draw on the mm canvas, origin at the top-left corner of the figure box, y down."""

    def svg(self) -> str:
        """The same drawing as a standalone SVG document (viewBox in mm)."""


# Either every figure by id, or a function that builds one and raises KeyError for an unknown id.
FigureSource = Union[Mapping[str, Figure], Callable[[str], Figure], None]


class FigureLookup:
    """Figures by id, each built once, whatever the caller handed us."""

    def __init__(self, source: FigureSource):
        self._source = source
        self._cache: dict[str, Figure] = {}

    def known_ids(self) -> list[str] | None:
        """Every id when the source can list them (a mapping, or a callable with `ids()`), else None."""
        if isinstance(self._source, Mapping):
            return sorted(self._source)
        ids = getattr(self._source, "ids", None)
        if callable(ids):
            return sorted(ids())
        return None

    def get(self, figure_id: str) -> Figure:
        """The figure for `figure_id`; KeyError when there is none."""
        if figure_id in self._cache:
            return self._cache[figure_id]
        if self._source is None:
            raise KeyError(figure_id)
        if isinstance(self._source, Mapping):
            figure = self._source[figure_id]
        else:
            figure = self._source(figure_id)
        if figure is None:
            raise KeyError(figure_id)
        self._cache[figure_id] = figure
        return figure
