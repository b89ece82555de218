"""`pnp export GAME`: every card, tile and counter face as a PNG, and a Tabletop Simulator deck sheet per set.

The images are the PDF faces rasterised (pypdfium2, the PDF engine of Chromium), so what a virtual tabletop
shows is what the printer prints: there is no second renderer to keep in step. A face is exported at its
trim (no bleed: nothing is cut on a screen). Written to `<out>/_export/<game>/` as a whole, like a build
(game ids never start with "_", so the folder is never a game's).

A deck sheet follows Tabletop Simulator's custom deck grid: always TTS_COLUMNS x TTS_ROWS slots (the grid TTS's
Custom Deck dialog expects by default), every copy of every item left to right, top to bottom, up to 69 per
sheet, the bottom-right slot holding the back (the image TTS shows of a hidden card when told to use that slot).
A set whose items share one back has one back image; a set with several backs (per-row `backs`) has a back
sheet on the same grid, each slot the back of the face in the same slot (TTS's "unique backs"). Each set also
gets `<set>-tts.json`, a TTS saved object (a DeckCustom holding every card, named by its label; a lone card is a
Card) whose image URLs are `file://` paths of the export folder, or `--tts-url BASE` + the file name for images
put online; copied into TTS's "Saved Objects" folder it loads from the Objects menu.

Tiles and counters are no cards in TTS: their saved object is a Bag holding one piece per copy, each TTS's own
object for it. A square or rectangular, round or hexagonal piece is a Custom_Tile of that type (Box, Circle, Hex),
its front on top and its back below, shaped by the image's proportions (Stretch off); a triangle, a shape TTS's
tiles lack, is a Custom_Token, whose outline TTS cuts along the transparent pixels of `<item>-tts.png` (the front,
transparent outside the triangle; a token shows one image, its back is not shown).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Sequence
from urllib.parse import quote

from .components.face import Face, Item
from .draw.pdf import PdfCanvas
from .outfolder import EXPORT_FOLDER   # noqa: F401  (named here by the command line)
from .raster import png, rasterise   # noqa: F401  (png: part of this module's interface)

TTS_COLUMNS, TTS_ROWS = 10, 7
TTS_PER_SHEET = TTS_COLUMNS * TTS_ROWS - 1    # the last slot shows a hidden card
POKER_MM = (63.5, 88.9)      # the card TTS draws at scale 1: other sizes are scaled from it
TTS_MAX_PX = 8192            # the longest side of a deck sheet: larger images are slow or refused in TTS
PIECE_KINDS = ("tiles", "counters")     # exported as TTS pieces in a bag, not as a deck of cards
# TTS's Custom_Tile types (its saved-object CustomTile.Type) for our face shapes; a triangle is a Custom_Token.
TTS_TILE_TYPES = {"rect": 0, "hex": 1, "round": 2}
# Assumed: a Custom_Tile or Custom_Token at scale 1 is about 2 of TTS's units (inches) across; a piece is scaled
# from it to its own width, as a card from a poker card.
TTS_PIECE_MM = 50.8
TTS_PIECE_THICKNESS = 0.1    # TTS units (about an inch each): the thickness TTS's import dialog proposes
DEFAULT_DPI = 300
MAX_DPI = 1200


def _draw_trim(canvas: PdfCanvas, face: Face, x: float, y: float) -> None:
    """The face's trim box at (x, y): its art drawn moved back by the bleed, clipped to the trim."""
    with canvas.group(translate=(x, y), clip=(0.0, 0.0, face.width_mm, face.height_mm)):
        with canvas.group(translate=(-face.bleed_mm, -face.bleed_mm)):
            face.draw(canvas)


def faces_pdf(faces: Sequence[Face]) -> bytes:
    """One page per face, each at the face's trim size."""
    canvas = PdfCanvas()
    for face in faces:
        canvas.begin_page(face.width_mm, face.height_mm)
        _draw_trim(canvas, face, 0.0, 0.0)
    return canvas.finish()


def deck_sheets(items: Sequence[Item]) -> list[list[Item]]:
    """The item of every copy, TTS_PER_SHEET per sheet (the grid's last slot is kept for the hidden card)."""
    copies = [item for item in items for _ in range(item.copies)]
    return [copies[i:i + TTS_PER_SHEET] for i in range(0, len(copies), TTS_PER_SHEET)]


def sheet_pdf(faces: Sequence[Face | None], hidden: Face | None) -> bytes:
    """A deck sheet as one PDF page of TTS_COLUMNS x TTS_ROWS slots: `faces` left to right, top to bottom (None:
    an empty slot), `hidden` in the bottom-right slot; empty slots are white."""
    first = next(face for face in faces if face is not None)
    w, h = first.width_mm, first.height_mm
    canvas = PdfCanvas()
    canvas.begin_page(TTS_COLUMNS * w, TTS_ROWS * h)
    for slot, face in enumerate(faces):
        if face is not None:
            _draw_trim(canvas, face, (slot % TTS_COLUMNS) * w, (slot // TTS_COLUMNS) * h)
    if hidden is not None:
        _draw_trim(canvas, hidden, (TTS_COLUMNS - 1) * w, (TTS_ROWS - 1) * h)
    return canvas.finish()


def sheet_dpi(face: Face, dpi: float) -> float:
    """The resolution of a deck sheet: `dpi`, lowered so that its longest side stays within TTS_MAX_PX."""
    longest_in = max(TTS_COLUMNS * face.width_mm, TTS_ROWS * face.height_mm) / 25.4
    return min(dpi, TTS_MAX_PX / longest_in)


def piece_dpi(faces: Sequence[Face], dpi: float) -> float:
    """The resolution of a tile or counter set's images: `dpi`, lowered so that no face's longest side passes
    TTS_MAX_PX (its images are TTS's images of the pieces)."""
    longest_in = max(max(face.width_mm, face.height_mm) for face in faces) / 25.4
    return min(dpi, TTS_MAX_PX / longest_in)


def _guid(*parts) -> str:
    """A stable 6-hex-digit GUID for a TTS object (the same content gives the same file)."""
    return hashlib.sha256("/".join(map(str, parts)).encode("utf-8")).hexdigest()[:6]


def tts_deck(game, set_id: str, name: str, sheets: list[list[Item]], face_urls: list[str],
             back_urls: list[str], unique_back: bool, size_mm: tuple[float, float]) -> list[dict]:
    """The objects of a deck's Tabletop Simulator saved object (the JSON of Saves/Saved Objects): a DeckCustom of
    every card of the set, each sheet one CustomDeck entry (numbered from 1; a card's CardID is entry * 100 + its
    slot); a lone card is a Card. TTS shows the deck by its Nickname."""
    w, h = size_mm
    transform = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
                 "scaleX": round(w / POKER_MM[0], 4), "scaleY": 1.0, "scaleZ": round(h / POKER_MM[1], 4)}
    decks = {str(n): {"FaceURL": face_urls[n - 1], "BackURL": back_urls[n - 1], "NumWidth": TTS_COLUMNS,
                      "NumHeight": TTS_ROWS, "BackIsHidden": True, "UniqueBack": unique_back, "Type": 0}
             for n in range(1, len(sheets) + 1)}
    cards = []
    for n, sheet in enumerate(sheets, start=1):
        for slot, item in enumerate(sheet):
            card_id = n * 100 + slot
            cards.append({"GUID": _guid(game.id, set_id, card_id), "Name": "Card", "Transform": transform,
                          "Nickname": item.label, "Description": "", "CardID": card_id,
                          "CustomDeck": {str(n): decks[str(n)]}, "Hands": True, "SidewaysCard": False})
    if len(cards) == 1:
        objects = [cards[0]]
    else:
        objects = [{"GUID": _guid(game.id, set_id), "Name": "DeckCustom", "Transform": transform,
                    "Nickname": name, "Description": "", "DeckIDs": [card["CardID"] for card in cards],
                    "CustomDeck": decks, "ContainedObjects": cards, "Hands": False, "SidewaysCard": False}]
    return objects


def _saved(objects: list[dict]) -> bytes:
    """A TTS saved object holding `objects`: a save whose outer fields are left empty (or at their defaults),
    only its objects counting; TTS lists it by its file name."""
    save = {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "", "GameComplexity": "",
            "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "TabStates": {},
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": objects}
    return (json.dumps(save, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def tts_piece_bag(game, set_id: str, name: str, items: Sequence[Item], images: dict[str, tuple[str, str]]) -> dict:
    """A TTS Bag holding a piece per copy of every item: a Custom_Tile (front on top, back below) or, for a
    triangle, a Custom_Token; `images`: item id -> the URLs of its front (a token's cut-out image) and back."""
    pieces = []
    for item in items:
        face = item.front
        scale = round(face.width_mm / TTS_PIECE_MM, 4)
        front_url, back_url = images[item.id]
        for copy in range(item.copies):
            transform = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
                         "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}
            image = {"ImageURL": front_url, "ImageSecondaryURL": back_url, "ImageScalar": 1.0, "WidthScale": 0.0}
            if face.shape in TTS_TILE_TYPES:
                name_, image["CustomTile"] = "Custom_Tile", {"Type": TTS_TILE_TYPES[face.shape],
                                                             "Thickness": TTS_PIECE_THICKNESS,
                                                             "Stackable": True, "Stretch": False}
            else:
                name_, image["CustomToken"] = "Custom_Token", {"Thickness": TTS_PIECE_THICKNESS,
                                                               "MergeDistancePixels": 15.0, "StandUp": False,
                                                               "Stackable": True}
            pieces.append({"GUID": _guid(game.id, set_id, item.id, copy), "Name": name_, "Transform": transform,
                           "Nickname": item.label, "Description": "", "CustomImage": image})
    return {"GUID": _guid(game.id, set_id), "Name": "Bag",
            "Transform": {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 0.0, "rotZ": 0.0,
                          "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0},
            "Nickname": name, "Description": "", "Bag": {"Order": 0}, "ContainedObjects": pieces}


def _cut_out(face: Face, dpi: float) -> bytes:
    """The face's trim as an RGBA PNG, transparent outside its cut outline (a polygon): the image whose
    transparency Tabletop Simulator cuts a Custom_Token along."""
    from .draw.geometry import shape_polygon
    from .raster import iter_regions
    [(width, height, pixels)] = iter_regions(faces_pdf([face]), [(0, (0.0, 0.0, face.width_mm, face.height_mm), 0)],
                                             dpi)
    corners = [(x * width / face.width_mm, y * height / face.height_mm)
               for x, y in shape_polygon(face.shape, 0.0, 0.0, face.width_mm, face.height_mm)]
    rows, alphas = [], []
    for y in range(height):
        rows.append(pixels[y * width * 3:(y + 1) * width * 3])
        inside = _span(corners, y + 0.5)
        alpha = bytearray(width)
        if inside is not None:
            left, right = max(0, round(inside[0])), min(width, round(inside[1]))
            alpha[left:right] = b"\xff" * max(0, right - left)
        alphas.append(bytes(alpha))
    return png(width, height, rows, dpi, alpha_rows=alphas)


def _span(corners: list[tuple[float, float]], y: float) -> tuple[float, float] | None:
    """Where the horizontal line at `y` crosses a convex polygon: (left x, right x), or None outside it."""
    xs = []
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        if (y1 <= y < y2) or (y2 <= y < y1):
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    return (min(xs), max(xs)) if len(xs) >= 2 else None


def export_files(game, items_by_set: dict[str, list[Item]], words, dpi: float, url_of=None,
                 names: dict[str, str] | None = None, pieces: Sequence[str] = ()) -> dict[str, bytes]:
    """Every file of the export folder: name -> bytes. `url_of(name)` is the URL a TTS saved object gives for
    the image `name` of the folder (default: the name itself); `names` the sets' names for TTS; `pieces` the
    sets that are tiles or counters (a bag of TTS pieces, not a deck)."""
    url_of = url_of or (lambda file_name: file_name)
    files: dict[str, bytes] = {}
    recto, verso = words("print.side.recto"), words("print.side.verso")
    for set_id, items in items_by_set.items():
        if not items:
            continue
        faces, face_names = [], []
        for item in items:
            faces.append(item.front)
            face_names.append(f"{set_id}/{item.id}-{recto}.png")
            if item.back is not None:
                faces.append(item.back)
                face_names.append(f"{set_id}/{item.id}-{verso}.png")
        # a piece's face is its TTS image: within TTS's size limit too
        resolution = piece_dpi(faces, dpi) if set_id in pieces else dpi
        files.update(zip(face_names, rasterise(faces_pdf(faces), resolution)))
        if set_id in pieces:
            images = {}
            for item in items:
                front = f"{set_id}/{item.id}-{recto}.png"
                if item.front.shape not in TTS_TILE_TYPES:      # a token: its front cut out, one image
                    front = f"{set_id}/{item.id}-tts.png"
                    files[front] = _cut_out(item.front, resolution)
                    images[item.id] = (url_of(front), "")
                    continue
                back = f"{set_id}/{item.id}-{verso}.png" if item.back is not None else front
                images[item.id] = (url_of(front), url_of(back))
            bag = tts_piece_bag(game, set_id, (names or {}).get(set_id, set_id), items, images)
            files[f"{set_id}-tts.json"] = _saved([bag])
            continue
        size = (items[0].front.width_mm, items[0].front.height_mm)
        if any((f.width_mm, f.height_mm) != size for item in items for f in (item.front, item.back) if f):
            continue           # faces of several sizes make no deck sheet
        backs = list(dict.fromkeys(id(item.back) for item in items))
        unique_back = len(backs) > 1          # several backs (or some items without one): a back per slot
        shared = items[0].back if not unique_back else None
        resolution = sheet_dpi(items[0].front, dpi)
        sheets = deck_sheets(items)
        face_urls, back_urls = [], []
        for n, sheet in enumerate(sheets, start=1):
            hidden = shared if shared is not None else next((i.back for i in sheet if i.back is not None), None)
            name = f"{set_id}-tts-{n}.png"
            files[name] = rasterise(sheet_pdf([item.front for item in sheet], hidden), resolution)[0]
            face_urls.append(url_of(name))
            if unique_back:
                back_name = f"{set_id}-tts-{n}-{verso}.png"
                blank = [item.back if item.back is not None else _blank(item.front) for item in sheet]
                files[back_name] = rasterise(sheet_pdf(blank, None), resolution)[0]
                back_urls.append(url_of(back_name))
        if not unique_back:
            back_name = f"{set_id}-tts-{verso}.png"
            if shared is not None:
                first = next(item for item in items if item.back is shared)
                files[back_name] = files[f"{set_id}/{first.id}-{verso}.png"]
            else:                              # single-sided: TTS needs a back, a white one
                files[back_name] = rasterise(faces_pdf([_blank(items[0].front)]), dpi)[0]
            back_urls = [url_of(back_name)] * len(sheets)
        deck = tts_deck(game, set_id, (names or {}).get(set_id, set_id), sheets, face_urls, back_urls,
                        unique_back, size)
        files[f"{set_id}-tts.json"] = _saved(deck)
    return files


def _blank(like: Face) -> Face:
    """A white face of the size of `like`: the back of a single-sided card in TTS."""
    def draw(canvas) -> None:
        canvas.rect(0.0, 0.0, like.bleed_width_mm, like.height_mm + 2 * like.bleed_mm, fill="#FFFFFF")
    return Face(like.width_mm, like.height_mm, draw, bleed_mm=like.bleed_mm)


def export_game(content_dir: Path, out_dir: Path, game_id: str, dpi: float = DEFAULT_DPI,
                tts_url: str | None = None) -> tuple[list[Path], str]:
    """Export the faces of a game's cards, tiles and counters; the files written, and the game's language
    (what the terminal then says it in)."""
    from .content import load_game
    from .i18n import catalogue
    from .kinds import kind_of
    from .outfolder import check_out_folder, clean_leftovers, replace_folder

    check_out_folder(out_dir, content_dir)
    game = load_game(content_dir, game_id)
    from .draw.icons import game_icons
    items_by_set = {}
    with game_icons(game.icons):     # the faces are laid out, then drawn, with the game's own icons
        for component in game.components:
            make = kind_of(component).items
            if make is not None:
                items_by_set[component.id] = make(component, game.folder)
    folder = Path(out_dir) / EXPORT_FOLDER
    if tts_url:
        base = tts_url.rstrip("/")
        url_of = lambda name: f"{base}/{quote(name)}"        # noqa: E731
    else:                   # where the images will be once written: TTS loads a local file by its file:// URL
        url_of = lambda name: (Path(os.path.abspath(folder)) / game.id / name).as_uri()    # noqa: E731
    names = {c.id: c.name for c in game.components}
    pieces = [c.id for c in game.components if c.kind in PIECE_KINDS]
    with game_icons(game.icons):
        files = export_files(game, items_by_set, catalogue(game.info.language), dpi, url_of, names, pieces)
    if not files:
        return [], game.info.language
    clean_leftovers(folder)
    replace_folder(folder, game.id, files, language=game.info.language)
    return [folder / game.id / name for name in sorted(files)], game.info.language


__all__ = ["export_game", "export_files", "png", "rasterise", "DEFAULT_DPI", "MAX_DPI"]
