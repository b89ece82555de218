"""The data a rules template sees: plain values built for it, never a model object, a Path or a method.

A template may read the game (title, components, counts) but must not reach
anything with behaviour: a model's methods, a `Path` (which reads and writes
files), a module. `plain()` copies what the models hold into `Record`s
(read-only mappings read with `a.b` or `a["b"]`), tuples, strings and
numbers; file paths are left out, since a rules text has no use for where a
file lies on this machine.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Mapping
from pathlib import PurePath
from typing import Any, Iterator

# How deep the copy goes: far deeper than any model nests, short of a cycle.
MAX_DEPTH = 24


class Record(Mapping):
    """A read-only mapping of plain values; `str()` gives the text of the object it was made from, if any."""

    __slots__ = ("_values", "_text")

    def __init__(self, values: Mapping[str, Any], text: str | None = None):
        self._values = dict(values)
        self._text = text

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __getattr__(self, name: str) -> Any:   # `line.count` in Python as in a template
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __str__(self) -> str:
        if self._text is not None:
            return self._text
        return "{" + ", ".join(f"{k}: {v}" for k, v in self._values.items()) + "}"

    __repr__ = __str__


def _public_properties(obj: Any) -> Iterator[tuple[str, Any]]:
    """The properties of a model (a deck's `rows`, a map's `columns`): data worked out from its fields."""
    for name in dir(type(obj)):
        if name.startswith("_") or not isinstance(getattr(type(obj), name, None), property):
            continue
        try:
            yield name, getattr(obj, name)
        except Exception:  # a property that cannot be worked out for this object is simply not offered
            continue


def plain(value: Any, depth: int = 0) -> Any:
    """`value` as plain data: str, int, float, bool, None, tuples and Records of them; anything else is None."""
    if depth > MAX_DEPTH:
        return None
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return value if type(value) is str or _keeps_type(value) else str(value)
    if isinstance(value, PurePath) or isinstance(value, (types.ModuleType, types.FunctionType, type)):
        return None
    if dataclasses.is_dataclass(value):
        fields = {f.name: plain(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)
                  if not f.name.startswith("_")}   # bookkeeping such as where the value was written
        for name, prop in _public_properties(value):
            fields.setdefault(name, plain(prop, depth + 1))
        own_str = type(value).__str__ is not object.__str__ and type(value).__str__ is not type(value).__repr__
        return Record({k: v for k, v in fields.items() if v is not None or _was_none(value, k)},
                      str(value) if own_str else None)
    if isinstance(value, Mapping):
        return Record({str(k): plain(v, depth + 1) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        items = tuple(plain(v, depth + 1) for v in value)
        return type(value)(items) if _keeps_type(value) else items
    if isinstance(value, (set, frozenset)):
        return tuple(sorted((plain(v, depth + 1) for v in value), key=str))
    return None


def _was_none(obj: Any, name: str) -> bool:
    """A field that is None in the model stays (a template may test it); one dropped by `plain` goes."""
    return getattr(obj, name, None) is None


def _keeps_type(value: Any) -> bool:
    """Subclasses of str and tuple made for templates (MarkdownText, MaterialList) keep their type."""
    return getattr(type(value), "template_value", False)


__all__ = ["Record", "plain"]
