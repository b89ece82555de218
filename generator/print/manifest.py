"""manifest.json: every page of every print file of a game, and every item on it with its trim in mm.

Rectangles are [x, y, width, height] in millimetres from the page's top-left
corner, y down. `trim_mm` is where the item is cut; `art_mm` is the art
actually printed around it (its bleed, cut back where neighbours share a cut
line); a tile's `window_mm` is the part of the board's bleed box it shows.
Every page states the TrimBox and BleedBox its PDF page carries: `boxes: page`
when they are the whole page (no bleed: the sheet is not trimmed, its items
are cut at their marks), `boxes: item` when the page holds one item (a print
shop's page) and they are that item's trim and bleed.
A verso printed with a printer profile (`options.printer`) keeps its items'
rectangles as placed and gives `printer_correction`, the map to where they
are printed.
What programs read is language-neutral (a page's `side` front/back/single, `print.sides` single,
duplex-long or duplex-short); the words for people keep their game's language and say so in their key
(`sides_label`, `paper_label`, `label`, `steps`). `shrunk_text` lists the texts a face shrank to fit (a
file's), and at the top the texts set smaller in files of no faces (a text sheet's body, a rulebook figure).
`outputs` lists every other file of the game's folder with its SHA-256.
`MANIFEST_SCHEMA` is the JSON Schema of the file; `check_manifest` checks a
manifest against it without any extra library.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from .cutter import cutter_layout
from .document import ImposedDocument, PageInfo, Placement
from .options import PrintOptions

MANIFEST_VERSION = 3     # 2: every page states its TrimBox and BleedBox; 3: values programs read are
#                          language-neutral (side front/back/single, print.sides a code), words in *_label keys
SIDES = {"recto": "front", "verso": "back", "single": "single"}     # a page's side, as the manifest says it

_RECT = {"type": "array", "items": {"type": "number"}, "minItems": 4, "maxItems": 4}
_NULLABLE_RECT = {"type": ["array", "null"], "items": {"type": "number"}, "minItems": 4, "maxItems": 4}

MANIFEST_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "PnP Forge print manifest",
    "type": "object",
    "required": ["version", "game", "title", "unit", "options", "files"],
    "properties": {
        "version": {"type": "integer", "enum": [MANIFEST_VERSION]},
        "game": {"type": "string"},
        "title": {"type": "string"},
        "unit": {"type": "string", "enum": ["mm"]},
        "options": {"type": "object", "required": ["paper", "margin_mm", "duplex", "fold", "ink_saver", "cmyk"]},
        "files": {"type": "array", "items": {
            "type": "object",
            "required": ["file", "component", "kind", "paper", "pages", "cut_files", "print"],
            "properties": {
                "file": {"type": "string"},
                "component": {"type": "string"},
                "kind": {"type": "string"},
                "paper": {"type": "string"},
                "print": {"type": "object", "required": ["sides", "sides_label", "paper_label", "copies", "steps"],
                          "properties": {"alone": {"type": "string"},
                                         "sides": {"type": "string",
                                                   "enum": ["single", "duplex-long", "duplex-short"]}}},
                "shrunk_text": {"type": "array", "items": {
                    "type": "object", "required": ["id", "side", "element", "text", "asked_pt", "set_pt"]}},
                "cut_files": {"type": "array", "items": {
                    "type": "object", "required": ["page", "file"],
                    "properties": {"page": {"type": "integer"}, "file": {"type": "string"}}}},
                "pages": {"type": "array", "items": {
                    "type": "object",
                    "required": ["page", "width_mm", "height_mm", "kind", "side", "label", "boxes", "trim_box_mm",
                                 "bleed_box_mm", "items"],
                    "properties": {
                        "page": {"type": "integer"},
                        "width_mm": {"type": "number"},
                        "height_mm": {"type": "number"},
                        "kind": {"type": "string", "enum": ["sheet", "fold", "tile", "map", "dice", "stickers",
                                                            "calibration", "guide", "card"]},
                        "side": {"type": "string", "enum": ["front", "back", "single"]},
                        "flip": {"type": ["string", "null"], "enum": ["long", "short", None]},
                        "label": {"type": "string"},
                        "tile": {"type": ["string", "null"]},
                        "window_mm": _NULLABLE_RECT,
                        "boxes": {"type": "string", "enum": ["page", "item"]},
                        "trim_box_mm": _RECT,
                        "bleed_box_mm": _RECT,
                        "printer_correction": {"type": ["array", "null"], "items": {"type": "number"},
                                               "minItems": 6, "maxItems": 6},
                        "items": {"type": "array", "items": {
                            "type": "object",
                            "required": ["id", "copy", "face", "trim_mm", "art_mm", "rotation_deg", "shape"],
                            "properties": {
                                "id": {"type": "string"},
                                "component": {"type": "string"},      # the component the piece is of
                                "copy": {"type": "integer"},
                                "face": {"type": "string"},
                                "trim_mm": _RECT,
                                "safe_mm": {"type": "number"},
                                "art_mm": _RECT,
                                "rotation_deg": {"type": "integer", "enum": [0, 90, 180, 270]},
                                "shape": {"type": "string", "enum": ["rect", "round", "hex", "triangle"]},
                            }}},
                    }}},
            }}},
        # Texts set smaller than asked to fit, in files that hold no faces (a text sheet's body, a rulebook figure
        # set smaller): which file, what (`id`: a sheet's or a figure's), the element, its text and both sizes.
        "shrunk_text": {"type": "array", "items": {
            "type": "object", "required": ["file", "id", "element", "text", "asked_pt", "set_pt"]}},
        # Every other file of the game's folder and its SHA-256: the folder is whole when it holds exactly these.
        "outputs": {"type": "array", "items": {
            "type": "object", "required": ["file", "sha256"],
            "properties": {"file": {"type": "string"}, "sha256": {"type": "string"}}}},
    },
}


def _rect(box) -> list[float] | None:
    return None if box is None else [round(v, 3) for v in box]


def _item(p: Placement) -> dict:
    return {"id": p.item_id, "component": p.component, "copy": p.copy, "face": p.face, "trim_mm": _rect(p.trim),
            "art_mm": _rect(p.art),
            "safe_mm": round(p.safe_mm, 3),
            "rotation_deg": p.rotation_deg, "shape": p.shape}


def _page(info: PageInfo) -> dict:
    # The TrimBox and BleedBox the PDF page carries: those of its one item (a shop page), or else the whole page
    # ("page": no bleed; what is cut, the items' trims and the marks show).
    page_box = (0.0, 0.0, info.width_mm, info.height_mm)
    trim = info.trim_box or page_box
    return {"page": info.number, "width_mm": round(info.width_mm, 3), "height_mm": round(info.height_mm, 3),
            "kind": info.kind, "side": SIDES[info.side], "flip": info.flip, "label": info.label, "tile": info.tile,
            "window_mm": _rect(info.window), "boxes": "page" if info.trim_box is None else "item",
            "trim_box_mm": _rect(trim), "bleed_box_mm": _rect(info.bleed_box or trim),
            "printer_correction": _correction(info), "items": [_item(p) for p in info.placements]}


def _correction(info: PageInfo) -> list[float] | None:
    """A verso printed with a printer profile: [a, b, c, d, tx, ty], x' = a x + b y + tx, y' = c x + d y + ty, from
    the page's item rectangles (as placed, uncorrected) to where they are printed."""
    return None if info.correction is None else [round(v, 6) for v in info.correction]


def document_entry(file_name: str, doc: ImposedDocument) -> dict:
    names = doc.cut_file_names(file_name)
    g = doc.guide
    backs = [p for p in doc.pages if p.side == "verso"]
    sides = f"duplex-{backs[0].flip or 'long'}" if backs else "single"
    return {"file": file_name, "component": doc.component, "kind": doc.kind, "paper": doc.paper,
            "print": {"sides": sides, "sides_label": g.sides, "paper_label": g.paper_fr, "copies": g.copies,
                      "steps": list(g.steps), **({"alone": g.alone} if g.alone else {})},
            "cut_files": [{"page": n, "file": names[n]} for n, _ in doc.cut_files],
            "pages": [_page(p) for p in doc.pages],
            **({"shrunk_text": doc.meta["shrunk_text"]} if doc.meta.get("shrunk_text") else {})}


def build_manifest(game_id: str, game_title: str, files: Sequence[tuple[str, ImposedDocument]],
                   options: PrintOptions) -> dict:
    return manifest_of(game_id, game_title, [document_entry(name, doc) for name, doc in files], options)


def manifest_of(game_id: str, game_title: str, entries: Sequence[dict], options: PrintOptions) -> dict:
    """The manifest from the `document_entry` of each print file (the build keeps them for files it reuses)."""
    return {"version": MANIFEST_VERSION, "game": game_id, "title": game_title, "unit": "mm",
            "options": {"paper": options.paper, "orientation": options.orientation, "margin_mm": options.margin_mm,
                        "duplex": options.duplex, "fold": options.fold, "cut_lines": options.cut_lines,
                        "overlap_mm": options.overlap_mm, "ink_saver": options.ink_saver, "cmyk": options.cmyk,
                        "printer": options.printer.as_dict() if options.printer else None,
                        "cutter": _cutter(options)},
            "files": list(entries)}


def _cutter(options: PrintOptions) -> dict | None:
    """The cutting machine and its marks' frame on the page: a cut file's (0, 0) is the frame's top-left."""
    if not options.cutter:
        return None
    layout = cutter_layout(options.cutter, options.paper)
    return {"machine": layout.machine, "frame_mm": _rect(layout.frame)}


def dumps(manifest: dict) -> str:
    """Stable text: insertion order kept, no floats wider than a micrometre, a final newline."""
    return json.dumps(manifest, ensure_ascii=False, indent=1) + "\n"


_TYPES = {"object": dict, "array": list, "string": str, "number": (int, float), "integer": int,
          "boolean": bool, "null": type(None)}


def check_manifest(data: Any, schema: dict = MANIFEST_SCHEMA, path: str = "$") -> list[str]:
    """Errors of `data` against the subset of JSON Schema that MANIFEST_SCHEMA uses."""
    errors: list[str] = []
    types = schema.get("type")
    if types is not None:
        names = types if isinstance(types, list) else [types]
        ok = any(isinstance(data, _TYPES[t]) and not (t in ("number", "integer") and isinstance(data, bool))
                 for t in names)
        if not ok:
            return [f"{path}: expected {' or '.join(names)}, got {type(data).__name__}"]
    if "enum" in schema and data not in schema["enum"]:
        errors.append(f"{path}: {data!r} is not one of {schema['enum']}")
    if isinstance(data, dict):
        for key in schema.get("required", ()):
            if key not in data:
                errors.append(f"{path}: missing {key!r}")
        for key, sub in schema.get("properties", {}).items():
            if key in data:
                errors.extend(check_manifest(data[key], sub, f"{path}.{key}"))
    if isinstance(data, list):
        if len(data) < schema.get("minItems", 0):
            errors.append(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(data) > schema["maxItems"]:
            errors.append(f"{path}: more than {schema['maxItems']} items")
        if "items" in schema:
            for i, value in enumerate(data):
                errors.extend(check_manifest(value, schema["items"], f"{path}[{i}]"))
    return errors
