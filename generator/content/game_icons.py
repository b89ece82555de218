"""A game's own icons: every SVG file of its `assets/icons/` becomes an icon named by its file name.

`assets/icons/epee.svg` is then `:epee:` in card, sheet and rulebook text and `icon: {name: epee}` on a face,
coloured like the text (or the element's colour) and checked with a did-you-mean like the built-in ones. An
icon is a silhouette: the file's filled shapes, merged into one path and scaled from its viewBox into the
icons' 24-unit square; a stroke (a line drawn, not filled) would be lost, so it is refused with how to fix
it. A name of a built-in icon is refused too (the file would silently replace it).
"""

from __future__ import annotations

import re
from contextlib import nullcontext
from pathlib import Path

from . import limits
from .errors import Collector, ContentError
from .paths import inside_game

ICONS_FOLDER = "assets/icons"
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")     # what `:name:` in text can name


def read_game_icons(folder: Path) -> dict:
    """name -> (ops on the 24-unit grid, even-odd fill) for every SVG of `folder`/assets/icons, checked."""
    where_folder = Path(folder) / ICONS_FOLDER
    if not where_folder.is_dir():
        return {}
    from ..draw import icons
    from ..draw.svgimport import SvgBounds, SvgImportError, load_svg
    files = sorted(p for p in where_folder.iterdir() if p.suffix.lower() == ".svg")
    limits.check(limits.GAME_ICONS, len(files), "icons in assets/icons", where_folder, None)
    bounds = SvgBounds(limits.SVG_FILE_BYTES.default, limits.SVG_DEPTH.default, limits.SVG_ELEMENTS.default,
                       limits.SVG_PATH_SEGMENTS.default, limits.SVG_MIN_VIEWBOX, limits.SVG_MAX_COORDINATE)
    own, errors = {}, Collector()     # each file on its own: every wrong icon is told
    for path in files:
        with errors.attempt():
            name = path.stem
            if not _NAME.fullmatch(name):
                raise ContentError(path, None, f"icon '{name}': an icon's file name is its name in text "
                                               f"(:{name}:), so letters and digits only, with single hyphens "
                                               f"inside (e.g. 'coup-bas.svg')")
            if name in icons.ICONS:
                raise ContentError(path, None, f"icon '{name}' has the name of a built-in icon, which it would "
                                               f"replace without a word; rename the file")
            safe = inside_game(Path(folder), f"{ICONS_FOLDER}/{path.name}", (path, None), "icon")
            try:
                drawing = load_svg(safe, bounds)
            except SvgImportError as err:
                raise ContentError(path, None, str(err)) from None
            stroked = [s for s in drawing.shapes if s.fill is None and s.stroke is not None]
            if stroked:
                raise ContentError(path, None, f"icon '{name}' draws {len(stroked)} line(s) with a stroke and no "
                                               f"fill: an icon is a filled silhouette, coloured like the text; "
                                               f"turn the strokes into shapes (Inkscape: Path > Stroke to Path)")
            filled = [s for s in drawing.shapes if s.fill is not None]
            if not filled:
                raise ContentError(path, None, f"icon '{name}' fills no shape")
            to_grid = drawing.placement(0.0, 0.0, icons.GRID, icons.GRID)
            ops = [op for shape in filled for op in to_grid.map_ops(shape.ops)]
            own[name] = (ops, any(shape.even_odd for shape in filled))
    errors.raise_any()
    return own


def using_icons(own: dict):
    """game_icons(own) of the drawing layer, imported only for a game that has icons of its own (loading a
    game without any does not pay for the drawing stack)."""
    if not own:
        return nullcontext()
    from ..draw.icons import game_icons
    return game_icons(own)
