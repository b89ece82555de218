"""`pnp export GAME`: every card, tile and counter face as a PNG, and a Tabletop Simulator deck sheet per set.

The images are the PDF faces rasterised (pypdfium2, the PDF engine of Chromium), so what a virtual tabletop
shows is what the printer prints: there is no second renderer to keep in step. A face is exported at its
trim (no bleed: nothing is cut on a screen). Written to `<out>/_export/<game>/` as a whole, like a build
(game ids never start with "_", so the folder is never a game's).

A deck sheet follows Tabletop Simulator's custom deck: up to TTS_COLUMNS x TTS_ROWS faces, every copy of every
item, the bottom-right slot holding the back (TTS shows it for a card held face down), one sheet per 69 faces, plus
the back alone; `<set>-tts.json` gives what the Custom Deck dialog asks (columns, rows, count per sheet).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

from .components.face import Face, Item
from .draw.pdf import PdfCanvas
from .raster import png, rasterise   # noqa: F401  (png: part of this module's interface)

EXPORT_FOLDER = "_export"
TTS_COLUMNS, TTS_ROWS = 10, 7
TTS_MAX_PX = 8192            # the longest side of a deck sheet: larger images are slow or refused in TTS
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


def deck_sheets(items: Sequence[Item]) -> tuple[list[list[Face]], Face | None]:
    """The faces of every copy, TTS_COLUMNS x TTS_ROWS - 1 per sheet (the last slot is the back's), and the back."""
    faces = [item.front for item in items for _ in range(item.copies)]
    per_sheet = TTS_COLUMNS * TTS_ROWS - 1
    back = next((item.back for item in items if item.back is not None), None)
    return [faces[i:i + per_sheet] for i in range(0, len(faces), per_sheet)], back


def sheet_pdf(faces: Sequence[Face], back: Face | None) -> tuple[bytes, int, int]:
    """A deck sheet as one PDF page: faces left to right, top to bottom, the back in the bottom-right slot
    (where TTS looks for the face it shows of a hidden card); as few rows as the faces need."""
    w, h = faces[0].width_mm, faces[0].height_mm
    slots = len(faces) + (back is not None)
    columns = min(TTS_COLUMNS, slots)
    rows = -(-slots // columns)
    canvas = PdfCanvas()
    canvas.begin_page(columns * w, rows * h)
    for slot, face in enumerate(faces):
        _draw_trim(canvas, face, (slot % columns) * w, (slot // columns) * h)
    if back is not None:
        _draw_trim(canvas, back, (columns - 1) * w, (rows - 1) * h)
    return canvas.finish(), columns, rows


def export_files(game, items_by_set: dict[str, list[Item]], words, dpi: float) -> dict[str, bytes]:
    """Every file of the export folder: name -> bytes."""
    files: dict[str, bytes] = {}
    for set_id, items in items_by_set.items():
        if not items:
            continue
        faces, names = [], []
        back_png = None           # the set's shared back, rasterised once: its TTS back image is the same file
        for item in items:
            faces.append(item.front)
            names.append(f"{set_id}/{item.id}-{words('print.side.recto')}.png")
            if item.back is not None:
                faces.append(item.back)
                names.append(f"{set_id}/{item.id}-{words('print.side.verso')}.png")
        files.update(zip(names, rasterise(faces_pdf(faces), dpi)))
        sheets, back = deck_sheets(items)
        if back is not None:
            first = next(item for item in items if item.back is back)
            back_png = files[f"{set_id}/{first.id}-{words('print.side.verso')}.png"]
        if any(f.width_mm != sheets[0][0].width_mm or f.height_mm != sheets[0][0].height_mm
               for sheet in sheets for f in sheet):
            continue           # faces of several sizes make no deck sheet
        described = []
        for n, sheet in enumerate(sheets, start=1):
            pdf, columns, rows = sheet_pdf(sheet, back)
            sheet_dpi = min(dpi, TTS_MAX_PX / (max(columns * sheet[0].width_mm, rows * sheet[0].height_mm) / 25.4))
            name = f"{set_id}-tts-{n}.png"
            files[name] = rasterise(pdf, sheet_dpi)[0]
            described.append({"face_image": name, "columns": columns, "rows": rows, "cards": len(sheet),
                              "dpi": round(sheet_dpi, 1)})
        if back is not None:
            files[f"{set_id}-tts-{words('print.side.verso')}.png"] = back_png
        files[f"{set_id}-tts.json"] = (json.dumps({
            "game": game.id, "set": set_id, "back_image": f"{set_id}-tts-{words('print.side.verso')}.png"
            if back is not None else None, "back_in_last_slot": back is not None, "sheets": described},
            ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    return files


def export_game(content_dir: Path, out_dir: Path, game_id: str, dpi: float = DEFAULT_DPI) -> tuple[list[Path], str]:
    """Export the faces of a game's cards, tiles and counters; the files written, and the game's language
    (what the terminal then says it in)."""
    from .content import load_game
    from .i18n import catalogue
    from .kinds import kind_of
    from .outfolder import check_out_folder, clean_leftovers, replace_folder

    check_out_folder(out_dir, content_dir)
    game = load_game(content_dir, game_id)
    items_by_set = {}
    for component in game.components:
        make = kind_of(component).items
        if make is not None:
            items_by_set[component.id] = make(component, game.folder)
    files = export_files(game, items_by_set, catalogue(game.info.language), dpi)
    if not files:
        return [], game.info.language
    folder = Path(out_dir) / EXPORT_FOLDER
    clean_leftovers(folder)
    replace_folder(folder, game.id, files, language=game.info.language)
    return [folder / game.id / name for name in sorted(files)], game.info.language


__all__ = ["export_game", "export_files", "png", "rasterise", "DEFAULT_DPI", "MAX_DPI"]
