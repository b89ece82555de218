"""The `map` kind: a text grid, one character per cell, drawn through a legend at real size.

Positions of its elements, like card layouts, are mm from the top-left corner of the BLEED box.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Optional

from .. import limits
from ..errors import ContentError
from ..schema import Name, Colour, IconName, Where, derived, read_text_beside, spec
from .elements import INK, PATTERN_KINDS, WHITE, LayoutElement, check_icon
from .figure import FigureSpec, FigureTarget
from .material import MaterialLine

MAP_COORDINATES = ("letters", "numbers", "none")


@dataclass(frozen=True)
class MapSymbol:
    """What one character of a map stands for and how its cells look. Colour never carries the
    meaning alone: a symbol with a fill also needs an icon, a label, a pattern or an image."""
    name: str = spec(doc="what the legend calls it")
    fill: Optional[Colour] = None
    icon: Optional[IconName] = spec(None, doc="an icon drawn in the cell")
    icon_colour: Colour = INK
    label: str = spec("", doc="a letter or short word printed in the cell")
    label_colour: Colour = INK
    pattern: Optional[Literal[PATTERN_KINDS]] = spec(None, doc="stripes, crosshatch, dots, grain or checks over the cell")
    pattern_colour: Colour = Colour("#000000")
    image: Optional[str] = spec(None, doc="a PNG, JPEG or SVG of assets/, fitted into the cell")
    in_legend: bool = spec(True, doc="list the symbol in the legend box")
    _source: Optional[Where] = derived()

    def check(self, where: Where) -> None:
        if self.icon is not None:
            check_icon(self.icon, where)
        if self.pattern is not None and self.pattern not in PATTERN_KINDS:
            raise where.error(f"pattern {self.pattern!r} is not one of {', '.join(PATTERN_KINDS)}")
        if self.fill is not None and not (self.icon or self.label or self.pattern or self.image):
            raise where.error(f"symbol '{self.name}': a fill alone would carry the meaning by colour only; "
                              f"add an icon, a label or a pattern")


@dataclass(frozen=True)
class MapLabel:
    """Text over the map, centred on a cell (or on `span` cells from it to the right)."""
    at: str = spec(doc="a cell: 'c4' (column letters, row counted from the bottom) or '12,4' (column, row)")
    text: str
    span: int = spec(1, minimum=1, maximum=500, doc="cells the label may spread over, to the right")
    size_pt: float = spec(10.0, minimum=7, maximum=200)
    colour: Colour = INK
    bold: bool = True
    _source: Optional[Where] = derived()


_CELL_LETTERS = re.compile(r"^([a-z]+)([0-9]+)$")
_CELL_NUMBERS = re.compile(r"^([0-9]+)\s*,\s*([0-9]+)$")


def map_column_name(index: int) -> str:
    """0-based column to a, b, … z, aa, ab…"""
    name, i = "", index + 1
    while i:
        i, rem = divmod(i - 1, 26)
        name = chr(ord("a") + rem) + name
    return name


def parse_map_cell(name: str, columns: int, rows: int) -> Optional[tuple[int, int]]:
    """'c4' or '3,4' to 0-based (column, row from the TOP of the text), or None if off the map."""
    text = str(name).strip().lower()
    m = _CELL_LETTERS.match(text)
    if m:
        col = 0
        for ch in m.group(1):
            col = col * 26 + (ord(ch) - ord("a") + 1)
        col, row = col - 1, int(m.group(2))
    else:
        m = _CELL_NUMBERS.match(text)
        if not m:
            return None
        col, row = int(m.group(1)) - 1, int(m.group(2))
    if 0 <= col < columns and 1 <= row <= rows:
        return col, rows - row
    return None


def _text_block_origin(path: Optional[Path], key: str) -> tuple[Optional[int], int]:
    """File line of the first text row of the block scalar under top-level `key`, and the file
    column (0-based) where its rows start. Only needed for error messages, so parsed on demand."""
    import yaml
    if path is None:
        return None, 0
    try:
        node = yaml.compose(Path(path).read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except (OSError, yaml.YAMLError):
        return None, 0
    if not isinstance(node, yaml.MappingNode):
        return None, 0
    for key_node, value_node in node.value:
        if getattr(key_node, "value", None) == key:
            if value_node.style in ("|", ">"):
                # The indicator sits on the key's line; the rows start on the next line at the block's indent.
                lines = Path(path).read_text(encoding="utf-8").splitlines()
                first = value_node.start_mark.line + 1
                while first < len(lines) and not lines[first].strip():
                    first += 1
                indent = len(lines[first]) - len(lines[first].lstrip(" ")) if first < len(lines) else 0
                return first + 1, indent
            return value_node.start_mark.line + 1, value_node.start_mark.column
    return None, 0


@dataclass(frozen=True)
class Map(FigureTarget):
    """A map written as text: one character per cell, rows top to bottom, each character named in
    `legend`. Drawn at real size with coordinates and a legend box; tiled when larger than the paper."""
    kind: Literal["map"]
    id: Name
    name: str
    legend: dict[str, MapSymbol] = spec(doc="one entry per character used, e.g. '#': {name: Mur, ...}")
    grid: Optional[str] = spec(None, doc="the map text (a YAML block `|`): one character per cell, rows top to bottom")
    grid_file: Optional[str] = spec(None, doc="the map text from a file next to this one, instead of `grid`")
    cell_mm: float = spec(10.0, minimum=4, maximum=100, doc="side of one cell")
    # For editors: the map text as `grid` or `grid_file`, one of them (as `derive` says).
    json_schema_extra = {"oneOf": [{"required": ["grid"]}, {"required": ["grid_file"]}]}
    coordinates: Literal["letters", "numbers", "none"] = spec(
        "letters", doc="edge labels: columns a, b… and rows 1, 2… from the bottom; or numbers both ways; or none")
    legend_at: Literal["auto", "right", "below", "none"] = spec(
        "auto", doc="where the legend box goes; auto: below a wide map, right of a tall one")
    legend_title: Optional[str] = spec(None, doc="title of the legend box; default: the word for legend in the game's language")
    background: Colour = WHITE
    line_colour: Colour = Colour("#A8A8A8")
    line_mm: float = spec(0.2, minimum=0.09, maximum=2, doc="cell lines")
    border_mm: float = spec(0.6, minimum=0.09, maximum=5, doc="frame around the grid")
    margin_mm: float = spec(8.0, minimum=0, maximum=50, doc="space around the grid for coordinates")
    labels: list[MapLabel] = spec(factory=tuple)
    elements: list[LayoutElement] = spec(factory=tuple, doc="layout elements drawn over the map, bleed-box mm")
    bleed_mm: float = spec(3.0, minimum=0, maximum=20)
    safe_mm: float = spec(3.0, minimum=0, maximum=50)
    _source: Optional[Where] = derived()
    _rows: tuple = derived(())

    # A figure crops the map and places pieces on its cells; the game's engine reads them.
    figure_spec = FigureSpec(show=("state", "crop"), pieces=True, engine_position=True)

    @property
    def rows(self) -> tuple:
        """The map's rows of characters, top to bottom, all the same length."""
        return self._rows

    @property
    def columns(self) -> int:
        return len(self._rows[0]) if self._rows else 0

    def engine_data(self) -> tuple:
        """The game's engine may play on the map itself: its rows of characters, top to bottom."""
        return self._rows

    def derive(self, where: Where) -> dict:
        """The map's rows, read from `grid` or `grid_file` and checked against the legend."""
        if (self.grid is None) == (self.grid_file is None):
            raise where.error(f"map '{self.id}': give the map text as 'grid' or 'grid_file' (one of them)")
        for key, symbol in self.legend.items():
            if len(key) != 1:
                raise (symbol._source or where).error(
                    f"map '{self.id}': legend key {key!r} must be a single character")
        if self.grid is not None:
            text, path = self.grid, where.path
            origin = lambda: _text_block_origin(where.path, "grid")   # noqa: E731 (read only on error)
        else:
            path, text = read_text_beside(where, self.grid_file, f"map '{self.id}'", "grid_file")
            text = text.replace("\r\n", "\n").replace("\r", "\n")   # a file saved with Windows (or old Mac) line ends
            origin = lambda: (1, 0)   # noqa: E731
        rows = text.split("\n")
        while rows and rows[-1].strip() == "":
            rows.pop()
        first = 0
        while first < len(rows) and rows[first].strip() == "":
            first += 1
        rows = rows[first:]
        if not rows:
            raise where.error(f"map '{self.id}': the map text is empty")
        if " " not in self.legend:
            rows = [r.rstrip(" ") for r in rows]   # trailing blanks are editor noise unless ' ' is a symbol
        cells = len(rows) * max(len(r) for r in rows)
        if cells > limits.value(limits.MAP_CELLS):
            line, _ = origin()
            raise ContentError(path, line, limits.exceeded(
                limits.MAP_CELLS, cells, f"map '{self.id}': cells ({max(len(r) for r in rows)} x {len(rows)})"))

        def at(row: int) -> Optional[int]:
            line, _ = origin()
            return None if line is None else line + first + row

        known = "".join(self.legend)
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch not in self.legend:
                    shown = repr(ch) if ch.strip() else f"{ch!r} (a blank)"
                    _, indent = origin()
                    raise ContentError(path, at(r), f"map '{self.id}': character {shown} at row {r + 1}, column "
                                                    f"{c + 1} (file column {indent + c + 1}) is not in the legend "
                                                    f"(known: {known!r})")
        width = len(rows[0])
        for r, row in enumerate(rows):
            if len(row) != width:
                raise ContentError(path, at(r), f"map '{self.id}': row {r + 1} has {len(row)} cells, row 1 has "
                                                f"{width}; every row must be as long (ragged map)")
        return {"_rows": tuple(rows)}

    def check(self, where: Where) -> None:
        width, height = self.columns, len(self._rows)
        for label in self.labels:
            if parse_map_cell(label.at, width, height) is None:
                raise (label._source or where).error(
                    f"map '{self.id}': label cell '{label.at}' is not on the {width}x{height} map")

    def material_lines(self, words) -> list[MaterialLine]:
        return [MaterialLine(1, self.name, "", self.id)]

    def place_exists(self, name: str) -> bool:
        return parse_map_cell(name, self.columns, len(self.rows)) is not None

    def check_figure(self, diagram) -> None:
        last = f"{map_column_name(self.columns - 1)}{len(self.rows)}"
        for name, key in diagram.show.corners_and_places():
            if parse_map_cell(name, self.columns, len(self.rows)) is None:
                raise diagram.error(diagram.show_line(key), f"show: '{name}' is not a cell of the "
                                                            f"{self.columns}x{len(self.rows)} map '{self.id}' "
                                                            f"(a1 to {last}, or 'column,row')")
