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
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from . import limits
from .errors import Collector, ContentError, unique_errors
from .paths import GAME_ID, close_file, game_folder_of, inside_game, plain_name
from .yamlfile import LocatedDict, LocatedList, read_bounded, utf8_text

HEX_COLOUR = re.compile(r"^#[0-9A-Fa-f]{6}$")
COLOUR_OR_FIELD = re.compile(r"^(#[0-9A-Fa-f]{6}|.*\{[^}]*\}.*)$")
FIELD_REF = re.compile(r"\{[^}]*\}")


class Colour(str):
    """A colour written '#RRGGBB' in content."""


class FieldColour(str):
    """A colour of a face element: '#RRGGBB', or text naming a row field, '{colour}'."""


class FieldText(str):
    """Text naming a row field, '{x}': where a number or a name is taken from the row (Num = float | FieldText)."""


class IconName(str):
    """The name of one of the vector icons of draw/icons.py, or 'none'."""


class Name(str):
    """An id that becomes a file name (a component's, a die's, a mat size's, a variant's, a diagram's): a plain
    name, as a game id (paths.plain_name), so that no id written '../x' places a file outside the output."""


ICON_NAME_PATTERN = r"^[A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9]+)*$"    # as draw/icons.INLINE_ICON reads a name


def icon_names() -> list[str]:
    """Every built-in icon (the drawing layer's list), read when first needed."""
    from ..draw.icons import icon_names as names
    return list(names())


def spec(default: Any = dataclasses.MISSING, *, doc: str = "", minimum: float | None = None,
         maximum: float | None = None, factory: Any = dataclasses.MISSING, schema: dict | None = None) -> Any:
    """A model field with documentation and bounds, read by `convert` and the schema. `schema`: JSON Schema
    keywords that say for editors what the model's `check` refuses beyond the type (e.g. minItems)."""
    meta = {"doc": doc, "minimum": minimum, "maximum": maximum, "schema": schema or {}}
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
    path, data = read_bytes_beside(where, name, owner, what)
    return path, utf8_text(data, path, encoding)


def read_bytes_beside(where: Where, name: str, owner: str, what: str) -> tuple[Path, bytes]:
    """The path and bytes of file `name` next to the content file at `where` (as read_text_beside)."""
    base = where.path.parent if where.path is not None else Path(".")
    # Relative to the content file, but never out of its game's folder.
    path = inside_game(game_folder_of(where.path) if where.path is not None else base,
                       _relative(base, name, where), where, f"{owner}: {what}")
    try:
        return path, read_bounded(path, limits.TEXT_FILE_BYTES)
    except FileNotFoundError:
        raise where.error(f"{owner}: {what} '{name}' not found{close_file(base, name)}") from None
    except OSError as err:
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
    if hint is FieldColour:
        return "a colour '#RRGGBB' or a '{field}'"
    if hint is FieldText:
        return "a '{field}'"
    if hint is IconName:
        return "an icon name"
    if hint is Name:
        return "a plain name"
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
                errors.append((option, err))
        if len(errors) == 1:
            raise errors[0][1]
        # A plain word (no '{field}') meant one of a list of choices: that choice's message, with its "did you mean".
        literal = [err for option, err in errors if get_origin(option) is Literal or option is IconName]
        if literal and isinstance(value, str) and not FIELD_REF.search(value):
            raise literal[0]
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
        items, errors = [], Collector()     # each item is checked: every wrong one is told
        for i, item in enumerate(value):
            with errors.attempt():
                items.append(convert(item_hint, item, Where(where.path, lines[i] if i < len(lines) else where.line),
                                     f"{name}[{i + 1}]"))
        errors.raise_any()
        return tuple(items)
    if origin is tuple:
        item_hints = get_args(hint)
        if not isinstance(value, list) or len(value) != len(item_hints):
            raise where.error(f"{name}: expected {_type_name(hint)}, found {_describe(value)}")
        return tuple(convert(h, v, where, name) for h, v in zip(item_hints, value))
    if origin is dict:
        key_hint, value_hint = get_args(hint)
        if not isinstance(value, dict):
            raise where.error(f"{name}: expected a mapping, found {_describe(value)}")
        out, errors = {}, Collector()
        for key, item in value.items():
            line = value.line_of(key) if isinstance(value, LocatedDict) else where.line
            with errors.attempt():
                out[convert(key_hint, key, Where(where.path, line), name)] = convert(
                    value_hint, item, Where(where.path, line), f"{name}.{key}")
        errors.raise_any()
        return types.MappingProxyType(out)
    if hint is Colour:
        if not isinstance(value, str) or not HEX_COLOUR.match(value):
            raise where.error(f"{name}: expected a colour '#RRGGBB', found {_describe(value)}")
        return Colour(value.upper())
    if hint is FieldColour:
        if not isinstance(value, str) or not COLOUR_OR_FIELD.match(value):
            raise where.error(f"{name}: expected a colour '#RRGGBB' or a '{{field}}', found {_describe(value)}")
        return FieldColour(value)
    if hint is FieldText:
        if not isinstance(value, str) or not FIELD_REF.search(value):
            raise where.error(f"{name}: expected a '{{field}}', found {_describe(value)}")
        return FieldText(value)
    if hint is Name:
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise where.error(f"{name}: expected a plain name, found {_describe(value)}")
        return Name(plain_name(str(value), where, name))
    if hint is IconName:
        if not isinstance(value, str):
            raise where.error(f"{name}: expected an icon name, found {_describe(value)}")
        from ..draw.icons import close_icons_hint, known
        if value != "none" and not known(value):
            raise where.error(f"{name}: unknown icon '{value}'{close_icons_hint(value)}")
        return IconName(value)
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


@lru_cache(maxsize=None)
def _type_hints(cls: type) -> dict:
    """A model's field types, worked out once per process: get_type_hints compiles every annotation's text (the
    models say `from __future__ import annotations`), and a deck builds the same element models dozens of times."""
    return get_type_hints(cls)


def build(cls: type, value: Any, where: Where, name: str | None = None, given: dict | None = None) -> Any:
    """Build dataclass `cls` from a mapping, naming unknown, missing and wrong keys. `given`: derived fields
    the caller knows and the content does not say (a table's game layouts), passed before `derive`."""
    label = name or cls.__name__
    where = where_of(value, where)
    if not isinstance(value, dict):
        raise where.error(f"{label}: expected a mapping, found {_describe(value)}")
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init and not f.name.startswith("_")}
    hints = _type_hints(cls)
    # Each key is checked on its own, so every wrong key of a mapping is told at once (in the file's order);
    # what the model works out and checks from all of them (derive, check) waits until they are all right.
    errors, meant = Collector(), set()
    for key in value:
        if key not in fields:
            line = value.line_of(key) if isinstance(value, LocatedDict) else where.line
            close = difflib.get_close_matches(str(key), list(fields), n=1, cutoff=0.6)
            suggestion = f" (did you mean '{close[0]}'?)" if close else ""
            meant.update(close)
            allowed = ", ".join(sorted(fields))
            errors.errors.append(ContentError(where.path, line,
                                              f"unknown key '{key}'{suggestion}; allowed here: {allowed}"))
    kwargs = {}
    for fname, field in fields.items():
        if fname in value:
            line = value.line_of(fname) if isinstance(value, LocatedDict) else where.line
            fwhere = Where(where.path, line)
            with errors.attempt():
                converted = convert(hints[fname], value[fname], fwhere, fname)
                _check_bounds(field, converted, fwhere, fname)
                kwargs[fname] = converted
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING \
                and fname not in meant:      # a misspelt key is one error, told at the misspelling
            errors.errors.append(where.error(f"missing key '{fname}' in {label}"))
    # in the file's order; an error without a line (none expected here) after those with one
    errors.errors = sorted(unique_errors(errors.errors), key=lambda err: (err.line is None, err.line or 0))
    errors.raise_any()
    names = {f.name for f in dataclasses.fields(cls)}
    if "_source" in names:
        kwargs["_source"] = where
    if "_key_lines" in names:       # what derive() checks is told at its own key's line, not the mapping's
        kwargs["_key_lines"] = dict(value.key_lines) if isinstance(value, LocatedDict) else {}
    kwargs.update({key: v for key, v in (given or {}).items() if key in names and key.startswith("_")})
    obj = cls(**kwargs)
    derive = getattr(obj, "derive", None)
    if callable(derive):
        # What a model works out from its content (rows of a table, a map's text) is checked as it is read,
        # then given to a new frozen instance.
        obj = dataclasses.replace(obj, **derive(where))
    check = getattr(obj, "check", None)
    if callable(check):
        try:
            check(where)
        except ContentError as err:
            # Refused only for some of its rows (the model itself is whole): the build may still lay out the
            # others, for their own errors. Refused for anything else, it is not laid out.
            if all(getattr(one, "row_level", False) for one in err.errors):
                err.partial = obj
            raise
    return obj


SCHEMA_DRAFT = "http://json-schema.org/draft-07/schema#"


def json_schema(hint: Any, definitions: dict | None = None) -> dict:
    """JSON Schema (draft-07, what editors' YAML support validates in full) for a model hint.

    With `definitions` given, every dataclass is written there once, under its class name, and referred to
    by `$ref`; without, inline. A model says what its `check` refuses beyond the types in its class attribute
    `json_schema_extra` (merged into its schema) and in its fields' `spec(schema=...)`.
    """
    origin = get_origin(hint)
    if hint is Any:
        return {}
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(hint) if a is not type(None)]
        schemas = [json_schema(a, definitions) for a in options]
        if type(None) in get_args(hint):
            schemas.append({"type": "null"})
        return schemas[0] if len(schemas) == 1 else {"anyOf": schemas}
    if origin is Literal:
        choices = list(get_args(hint))
        return {"const": choices[0]} if len(choices) == 1 else {"enum": choices}
    if dataclasses.is_dataclass(hint):
        if definitions is None:
            return _object_schema(hint, None)
        name = hint.__name__
        if name not in definitions:
            definitions[name] = {}          # placed first: a model that contains itself refers to itself
            definitions[name] = _object_schema(hint, definitions)
        return {"$ref": f"#/definitions/{name}"}
    if origin is list:
        return {"type": "array", "items": json_schema(get_args(hint)[0], definitions)}
    if origin is tuple:
        items = [json_schema(a, definitions) for a in get_args(hint)]
        return {"type": "array", "items": items, "minItems": len(items), "maxItems": len(items)}
    if origin is dict:
        return {"type": "object", "additionalProperties": json_schema(get_args(hint)[1], definitions)}
    if hint is Colour:
        return {"type": "string", "pattern": HEX_COLOUR.pattern, "description": "a colour '#RRGGBB'"}
    if hint is FieldColour:
        return {"type": "string", "pattern": COLOUR_OR_FIELD.pattern,
                "description": "a colour '#RRGGBB', or a row field '{colour}'"}
    if hint is FieldText:
        return {"type": "string", "pattern": FIELD_REF.pattern, "description": "a row field, e.g. '{x}'"}
    if hint is IconName:
        # Any well-formed name: a game's own icons (its assets/icons/*.svg) are icons too, which one schema for
        # every game cannot list; the built-in ones are offered to editors as examples.
        return {"type": "string", "pattern": ICON_NAME_PATTERN, "examples": icon_names() + ["none"],
                "description": "an icon: a built-in one, or the name of an SVG file of the game's assets/icons/"}
    if hint is Name:
        return {"type": ["string", "integer"], "pattern": f"^{GAME_ID.pattern}$",
                "description": "a plain name (it becomes a file name): letters, digits, '-' and '_'"}
    # Text fields take a number too, read as its text (`convert`): `label: 1`, `at: 6`.
    plain = {str: {"type": ["string", "number"]}, int: {"type": "integer"}, float: {"type": "number"},
             bool: {"type": "boolean"}}
    if hint not in plain:
        raise TypeError(f"schema: no JSON Schema for hint {hint!r}")  # a programming error: teach json_schema it
    return plain[hint]


def _object_schema(cls: type, definitions: dict | None) -> dict:
    hints = _type_hints(cls)
    props, required = {}, []
    for f in dataclasses.fields(cls):
        if not f.init or f.name.startswith("_"):
            continue
        prop = json_schema(hints[f.name], definitions)
        doc = f.metadata.get("doc")
        if "$ref" in prop and doc:
            prop = {"allOf": [prop]}        # draft-07 ignores what sits beside a $ref
        if doc:
            prop["description"] = doc
        lo, hi = bounds(f)
        target = prop["items"] if prop.get("type") == "array" and isinstance(prop.get("items"), dict) else prop
        if lo is not None:     # a list of lengths (dash_mm): each item within the bounds, as `convert` checks
            target["minimum"] = lo
        if hi is not None:
            target["maximum"] = hi
        prop.update(f.metadata.get("schema") or {})
        default = _json_default(f)
        if default is not None:
            prop["default"] = default
        props[f.name] = prop
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(f.name)
    out = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = required
    if cls.__doc__:
        out["description"] = " ".join(cls.__doc__.split())
    extra = getattr(cls, "json_schema_extra", None)
    out.update((extra() if callable(extra) else extra) or {})
    return out


def _json_default(field: dataclasses.Field) -> Any:
    """A field's default as plain JSON (a number, text, true/false, an empty list or mapping); None when it has
    none worth showing (no default, None, a nested model)."""
    if field.default is not dataclasses.MISSING:
        value = field.default
    elif field.default_factory in (tuple, list, dict):
        value = field.default_factory()
    else:
        return None
    if isinstance(value, bool) or isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (tuple, list)):
        return [] if not value else None
    if isinstance(value, dict):
        return {} if not value else None
    return None
