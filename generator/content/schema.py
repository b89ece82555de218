"""Turn located YAML values into frozen dataclasses, checking as we go.

Models are plain dataclasses with type hints; this module is the one place
that knows how to check a value against a hint, so every model gets the same
messages: unknown keys with a "did you mean", wrong types, missing keys,
values out of range, each with its file and line. The same hints give the
JSON Schema printed by `pnp schema`.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import types
import typing
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from . import limits
from .errors import ContentError
from .paths import game_folder_of, inside_game
from .yamlfile import LocatedDict, LocatedList, read_bounded

HEX_COLOUR = re.compile(r"^#[0-9A-Fa-f]{6}$")


class Colour(str):
    """A colour written '#RRGGBB' in content."""


def spec(default: Any = dataclasses.MISSING, *, doc: str = "", minimum: float | None = None,
         maximum: float | None = None, factory: Any = dataclasses.MISSING) -> Any:
    """A model field with documentation and bounds, read by `convert` and the schema."""
    meta = {"doc": doc, "minimum": minimum, "maximum": maximum}
    if factory is not dataclasses.MISSING:
        return dataclasses.field(default_factory=factory, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


def derived(default: Any = None) -> Any:
    """A model field the loader works out rather than reads: where the model was written (`_source`), the
    rows of a table. Its name starts with '_', so it is never a content key; `build` passes it to the
    constructor (from `derive`), so no frozen model is written to after it is made."""
    return dataclasses.field(default=default, compare=False, repr=False)


class Where(typing.NamedTuple):
    path: Path | None
    line: int | None

    def error(self, message: str) -> ContentError:
        return ContentError(self.path, self.line, message)


def read_text_beside(where: Where, name: str, owner: str, what: str, encoding: str = "utf-8") -> tuple[Path, str]:
    """The path and text of file `name` next to the content file at `where`; a missing or unreadable file is a
    ContentError at `where`, e.g. "deck 'actions': table file 'cards.csv' not found"."""
    base = where.path.parent if where.path is not None else Path(".")
    # Relative to the content file, but never out of its game's folder.
    path = inside_game(game_folder_of(where.path) if where.path is not None else base,
                       _relative(base, name, where), where, f"{owner}: {what}")
    try:
        return path, read_bounded(path, limits.TEXT_FILE_BYTES).decode(encoding)
    except FileNotFoundError:
        raise where.error(f"{owner}: {what} '{name}' not found") from None
    except (OSError, UnicodeDecodeError) as err:
        raise where.error(f"{owner}: cannot read '{name}': {err}") from None


def _relative(base: Path, name: str, where: Where) -> str:
    """`name` (relative to `base`, a content file's folder) as a path relative to the game's folder."""
    if where.path is None:
        return str(name)
    folder = game_folder_of(where.path)
    try:
        prefix = base.relative_to(folder)
    except ValueError:
        return str(name)
    text = str(name)
    return text if str(prefix) == "." or Path(text).is_absolute() or ".." in Path(text).parts else str(prefix / text)


def where_of(value: Any, fallback: Where) -> Where:
    if isinstance(value, (LocatedDict, LocatedList)):
        return Where(value.path, value.line)
    return fallback


def _type_name(hint: Any) -> str:
    origin = get_origin(hint)
    if hint is Colour:
        return "a colour '#RRGGBB'"
    if hint is str:
        return "text"
    if hint is int:
        return "a whole number"
    if hint is float:
        return "a number"
    if hint is bool:
        return "true or false"
    if origin is list:
        return "a list"
    if origin is dict or dataclasses.is_dataclass(hint):
        return "a mapping"
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in get_args(hint))
    if origin in (Union, types.UnionType):
        return " or ".join(_type_name(a) for a in get_args(hint) if a is not type(None))
    if origin is tuple:
        return f"a list of {len(get_args(hint))} values"
    return str(hint)


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if value is None:
        return "nothing"
    return type(value).__name__


def convert(hint: Any, value: Any, where: Where, name: str = "value") -> Any:
    """Check `value` against the type `hint` and build it; raise ContentError if it does not fit."""
    where = where_of(value, where)
    origin = get_origin(hint)
    if hint is Any:
        return value
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        if value is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return convert(option, value, where, name)
            except ContentError as err:
                errors.append(err)
        if len(errors) == 1:
            raise errors[0]
        raise where.error(f"{name}: expected {_type_name(hint)}, found {_describe(value)}")
    if origin is Literal:
        choices = get_args(hint)
        if value in choices:
            return value
        hint_text = ""
        if isinstance(value, str):
            close = difflib.get_close_matches(value, [str(c) for c in choices], n=1)
            if close:
                hint_text = f" (did you mean '{close[0]}'?)"
        raise where.error(f"{name}: {value!r} is not one of {', '.join(repr(c) for c in choices)}{hint_text}")
    if dataclasses.is_dataclass(hint):
        return build(hint, value, where, name)
    if origin is list:
        (item_hint,) = get_args(hint)
        if not isinstance(value, list):
            raise where.error(f"{name}: expected a list, found {_describe(value)}")
        lines = value.item_lines if isinstance(value, LocatedList) else []
        return tuple(
            convert(item_hint, item, Where(where.path, lines[i] if i < len(lines) else where.line), f"{name}[{i + 1}]")
            for i, item in enumerate(value)
        )
    if origin is tuple:
        item_hints = get_args(hint)
        if not isinstance(value, list) or len(value) != len(item_hints):
            raise where.error(f"{name}: expected {_type_name(hint)}, found {_describe(value)}")
        return tuple(convert(h, v, where, name) for h, v in zip(item_hints, value))
    if origin is dict:
        key_hint, value_hint = get_args(hint)
        if not isinstance(value, dict):
            raise where.error(f"{name}: expected a mapping, found {_describe(value)}")
        out = {}
        for key, item in value.items():
            line = value.line_of(key) if isinstance(value, LocatedDict) else where.line
            out[convert(key_hint, key, Where(where.path, line), name)] = convert(
                value_hint, item, Where(where.path, line), f"{name}.{key}")
        return types.MappingProxyType(out)
    if hint is Colour:
        if not isinstance(value, str) or not HEX_COLOUR.match(value):
            raise where.error(f"{name}: expected a colour '#RRGGBB', found {_describe(value)}")
        return Colour(value.upper())
    if hint is bool:
        if not isinstance(value, bool):
            raise where.error(f"{name}: expected true or false, found {_describe(value)}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise where.error(f"{name}: expected a whole number, found {_describe(value)}")
        limits.check_number(value, where.path, where.line, name)
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise where.error(f"{name}: expected a number, found {_describe(value)}")
        limits.check_number(value, where.path, where.line, name)
        return float(value)
    if hint is str:
        if isinstance(value, bool) or value is None or isinstance(value, (list, dict)):
            raise where.error(f"{name}: expected text, found {_describe(value)}")
        return str(value)
    raise TypeError(f"schema: unsupported hint {hint!r}")  # a programming error, not a user one


def bounds(field: dataclasses.Field) -> tuple[float | None, float | None]:
    """A field's (minimum, maximum): its own, or for a length in mm (a name ending in _mm) 0 and
    limits.MAX_LENGTH_MM, so no size is negative or absurd even where a model gave no bounds."""
    lo, hi = field.metadata.get("minimum"), field.metadata.get("maximum")
    if field.name.endswith("_mm"):
        lo = 0 if lo is None else lo
        hi = limits.MAX_LENGTH_MM if hi is None else hi
    return lo, hi


def _check_bounds(field: dataclasses.Field, value: Any, where: Where, name: str) -> None:
    lo, hi = bounds(field)
    if isinstance(value, tuple):   # a list of lengths (dash_mm): each within the field's bounds
        for item in value:
            _check_bounds(field, item, where, name)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if lo is not None and value < lo:
            raise where.error(f"{name}: {value} is below the minimum {lo}")
        if hi is not None and value > hi:
            raise where.error(f"{name}: {value} is above the maximum {hi}")


def build(cls: type, value: Any, where: Where, name: str | None = None) -> Any:
    """Build dataclass `cls` from a mapping, naming unknown, missing and wrong keys."""
    label = name or cls.__name__
    where = where_of(value, where)
    if not isinstance(value, dict):
        raise where.error(f"{label}: expected a mapping, found {_describe(value)}")
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init and not f.name.startswith("_")}
    hints = get_type_hints(cls)
    for key in value:
        if key not in fields:
            line = value.line_of(key) if isinstance(value, LocatedDict) else where.line
            close = difflib.get_close_matches(str(key), list(fields), n=1, cutoff=0.6)
            suggestion = f" (did you mean '{close[0]}'?)" if close else ""
            allowed = ", ".join(sorted(fields))
            raise ContentError(where.path, line, f"unknown key '{key}'{suggestion}; allowed here: {allowed}")
    kwargs = {}
    for fname, field in fields.items():
        if fname in value:
            line = value.line_of(fname) if isinstance(value, LocatedDict) else where.line
            fwhere = Where(where.path, line)
            converted = convert(hints[fname], value[fname], fwhere, fname)
            _check_bounds(field, converted, fwhere, fname)
            kwargs[fname] = converted
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise where.error(f"missing key '{fname}' in {label}")
    if any(f.name == "_source" for f in dataclasses.fields(cls)):
        kwargs["_source"] = where
    obj = cls(**kwargs)
    derive = getattr(obj, "derive", None)
    if callable(derive):
        # What a model works out from its content (rows of a table, a map's text) is checked as it is read,
        # then given to a new frozen instance.
        obj = dataclasses.replace(obj, **derive(where))
    check = getattr(obj, "check", None)
    if callable(check):
        check(where)
    return obj


def json_schema(hint: Any) -> dict:
    """JSON Schema (draft 2020-12) for a model hint, for editors."""
    origin = get_origin(hint)
    if hint is Any:
        return {}
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(hint) if a is not type(None)]
        schemas = [json_schema(a) for a in options]
        if type(None) in get_args(hint):
            schemas.append({"type": "null"})
        return schemas[0] if len(schemas) == 1 else {"anyOf": schemas}
    if origin is Literal:
        return {"enum": list(get_args(hint))}
    if dataclasses.is_dataclass(hint):
        hints = get_type_hints(hint)
        props, required = {}, []
        for f in dataclasses.fields(hint):
            if not f.init or f.name.startswith("_"):
                continue
            prop = json_schema(hints[f.name])
            if f.metadata.get("doc"):
                prop["description"] = f.metadata["doc"]
            lo, hi = bounds(f)
            if lo is not None:
                prop["minimum"] = lo
            if hi is not None:
                prop["maximum"] = hi
            props[f.name] = prop
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                required.append(f.name)
        out = {"type": "object", "properties": props, "additionalProperties": False}
        if required:
            out["required"] = required
        if hint.__doc__:
            out["description"] = hint.__doc__.strip().splitlines()[0]
        return out
    if origin is list:
        return {"type": "array", "items": json_schema(get_args(hint)[0])}
    if origin is tuple:
        items = [json_schema(a) for a in get_args(hint)]
        return {"type": "array", "prefixItems": items, "minItems": len(items), "maxItems": len(items)}
    if origin is dict:
        return {"type": "object", "additionalProperties": json_schema(get_args(hint)[1])}
    if hint is Colour:
        return {"type": "string", "pattern": HEX_COLOUR.pattern}
    return {str: {"type": "string"}, int: {"type": "integer"}, float: {"type": "number"},
            bool: {"type": "boolean"}}[hint]
