"""A table of icons drawn on first use: name -> (ops on the 24-unit grid, even-odd fill), each made by its
function the first time it is looked up. The effect icons are built from arcs and rings; making all of
them when the drawing layer is imported cost every build (a deck of text and rectangles too) tens of ms."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from .geometry import PathOp

Icon = tuple[list[PathOp], bool]


class IconTable(Mapping):
    def __init__(self, makers: Mapping[str, Callable[[], Icon]]):
        self._makers = dict(makers)
        self._made: dict[str, Icon] = {}

    def __getitem__(self, name: str) -> Icon:
        if name not in self._made:
            self._made[name] = self._makers[name]()      # KeyError for an unknown name, as a dict
        return self._made[name]

    def __contains__(self, name: object) -> bool:
        return name in self._makers

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)

    def merged(self, other: Mapping[str, Icon] | "IconTable") -> "IconTable":
        """This table and `other` (a plain table, or another drawn on first use), whose names replace this one's
        (as dict.update)."""
        makers = dict(self._makers)
        for name in other:
            makers[name] = other._makers[name] if isinstance(other, IconTable) else (lambda icon=other[name]: icon)
        return IconTable(makers)
