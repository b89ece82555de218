"""Named layouts shared by a game's components (game.yaml `layouts:`), and the `extends` that uses them.

A face layout written once in game.yaml is used by any deck, tiles or counters of the game:

    # game.yaml
    layouts:
      carte:
        - background: {colour: "#FFFDF7"}
        - name: titre
          text: {text: "{name}", x: 8, y: 8, w: 47.5, size_pt: 14, bold: true}

    # a component file
    front:
      extends: carte
      set: {titre: {text: {colour: "#7030A0"}}}    # keys merged into the element named `titre`
      remove: []                                   # elements left out, by name
      add:                                         # elements drawn after the layout's
        - text: {text: "{text}", x: 8, y: 30, w: 47.5, h: 40}

`front`, `back` and each of `backs` may extend; so may a layout (another layout's name, no cycle). The
expansion is made on the YAML before the component is built, so every element keeps the file and line it was
written at: an error in a shared element names game.yaml, an error in an addition names the component file.
"""

from __future__ import annotations

from typing import Any

from .errors import ContentError, did_you_mean
from .yamlfile import LocatedDict, LocatedList

EXTENDS_KEYS = ("extends", "set", "add", "remove")
MAX_DEPTH = 8      # layouts extending layouts: a chain longer than this is a mistake, not a design

# What editors are told a face may be besides a list of elements (JSON Schema, draft-07).
EXTENDS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "a layout of game.yaml's `layouts`, extended: `set` merges keys into its named elements, "
                   "`remove` leaves some out, `add` draws more after them",
    "required": ["extends"],
    "additionalProperties": False,
    "properties": {
        "extends": {"type": "string", "description": "the name of a layout of game.yaml's `layouts`"},
        "set": {"type": "object", "description": "element name -> keys merged into that element",
                "additionalProperties": {"type": "object"}},
        "remove": {"type": "array", "items": {"type": "string"}, "description": "names of elements left out"},
        "add": {"type": "array", "items": {"$ref": "#/definitions/LayoutElement"},
                "description": "elements drawn after the layout's"},
    },
}


def face_schema(elements: dict, nullable: bool = False) -> dict:
    """A face for editors: a list of elements, or an `extends` of a shared layout (merged over the field's own
    schema: its `type` widened, the choice made by `anyOf`)."""
    choices = [elements, EXTENDS_SCHEMA] + ([{"type": "null"}] if nullable else [])
    return {"type": ["array", "object"] + (["null"] if nullable else []), "anyOf": choices}


def _error(node, key, message: str) -> ContentError:
    line = node.line_of(key) if isinstance(node, LocatedDict) and key is not None else getattr(node, "line", None)
    return ContentError(getattr(node, "path", None), line, message)


def _merge(base, over):
    """`over`'s keys merged into a copy of `base`, mappings merged key by key (the result keeps base's lines)."""
    if not (isinstance(base, dict) and isinstance(over, dict)):
        return over
    out = LocatedDict(base)
    for attr in ("path", "line"):
        if hasattr(base, attr):
            setattr(out, attr, getattr(base, attr))
    out.key_lines = dict(getattr(base, "key_lines", {}))
    for key, value in over.items():
        out[key] = _merge(base[key], value) if key in base else value
        if isinstance(over, LocatedDict) and key not in base:
            out.key_lines[key] = over.line_of(key)
    return out


def _listed(items: list, like) -> LocatedList:
    out = LocatedList(items)
    out.path, out.line = getattr(like, "path", None), getattr(like, "line", None)
    out.item_lines = [getattr(item, "line", out.line) for item in items]
    return out


def expand(face, layouts, seen: tuple[str, ...] = ()):
    """The list of elements `face` stands for: itself when it is a list, else its `extends` expanded."""
    if not (isinstance(face, dict) and "extends" in face):
        return face
    for key in face:
        if key not in EXTENDS_KEYS:
            raise _error(face, key, f"unknown key '{key}' in an extended layout{did_you_mean(key, EXTENDS_KEYS)}; "
                                    f"allowed here: {', '.join(EXTENDS_KEYS)}")
    name = face["extends"]
    if not isinstance(layouts, dict) or not layouts:
        raise _error(face, "extends", f"extends: '{name}', but game.yaml has no `layouts`")
    if name not in layouts:
        raise _error(face, "extends", f"extends: no layout '{name}' in game.yaml's `layouts`"
                                      f"{did_you_mean(name, layouts)}; layouts: {', '.join(sorted(layouts))}")
    if name in seen or len(seen) >= MAX_DEPTH:
        raise _error(face, "extends", f"extends: layouts extend each other in a loop ({' -> '.join(seen + (name,))})")
    base = expand(layouts[name], layouts, seen + (name,))
    if not isinstance(base, list):
        raise _error(layouts, name, f"layout '{name}' must be a list of elements (or extend another layout)")
    named = {element.get("name"): i for i, element in enumerate(base)
             if isinstance(element, dict) and element.get("name") is not None}
    elements = list(base)
    changes = face.get("set") or {}
    if not isinstance(changes, dict):
        raise _error(face, "set", "set: expected a mapping of element name -> keys to change")
    for element_name, keys in changes.items():
        if element_name not in named:
            raise _error(changes, element_name, f"set: layout '{name}' has no element named '{element_name}'"
                                                f"{did_you_mean(element_name, named)}")
        if not isinstance(keys, dict):
            raise _error(changes, element_name, f"set: {element_name}: expected a mapping of keys to change")
        elements[named[element_name]] = _merge(elements[named[element_name]], keys)
    removed = face.get("remove") or []
    if not isinstance(removed, list):
        raise _error(face, "remove", "remove: expected a list of element names")
    for element_name in removed:
        if element_name not in named:
            raise _error(face, "remove", f"remove: layout '{name}' has no element named '{element_name}'"
                                         f"{did_you_mean(element_name, named)}")
    dropped = {named[n] for n in removed}
    elements = [e for i, e in enumerate(elements) if i not in dropped]
    added = face.get("add") or []
    if not isinstance(added, list):
        raise _error(face, "add", "add: expected a list of elements")
    return _listed(elements + list(added), face)


def expand_faces(data, layouts) -> None:
    """Replace, in a component's YAML mapping, every face that extends a layout by its elements (in place)."""
    if not isinstance(data, dict):
        return
    for key in ("front", "back"):
        if key in data:
            data[key] = expand(data[key], layouts)
    backs = data.get("backs")
    if isinstance(backs, dict):
        for name in list(backs):
            backs[name] = expand(backs[name], layouts)
