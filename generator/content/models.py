"""Typed models of a game's content: game.yaml and one model per component kind.

Field names are the YAML keys. Units are in the names (`cell_mm`). Every model
is frozen; `schema.build` makes them from located YAML and runs `check`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Optional, Union

from .coords import parse_square
from .schema import Colour, Where, spec

INK = Colour("#222222")
WHITE = Colour("#FFFFFF")


@dataclass(frozen=True)
class Variant:
    """A named rules variant, switchable at build time."""
    id: str
    name: str
    description: str = ""
    changes: list[str] = spec(factory=tuple, doc="what the variant changes, one line each")


@dataclass(frozen=True)
class PieceStyle:
    """How a piece looks when drawn on a board or in a diagram."""
    shape: Literal["die", "disc", "square", "triangle", "hex", "pawn"] = "disc"
    fill: Colour = WHITE
    stroke: Colour = INK
    ink: Colour = INK
    size_mm: float = spec(14.0, minimum=2, maximum=200, doc="outer size of the piece")
    mark: Literal["none", "crown", "ring"] = "none"
    label: str = spec("", doc="letter or word printed on the piece, so colour never carries meaning alone")


@dataclass(frozen=True)
class Placement:
    """One piece on one square of a board."""
    at: str
    piece: str
    value: Optional[str] = spec(None, doc="top face of a die, or a number/label shown on the piece")


@dataclass(frozen=True)
class CellStyle:
    """A style given to some squares (fill, a label, a mark)."""
    at: list[str]
    fill: Optional[Colour] = None
    label: str = ""
    label_colour: Colour = Colour("#666666")
    mark: Literal["none", "crown", "star", "cross", "dot"] = "none"
    mark_colour: Colour = Colour("#888888")


@dataclass(frozen=True)
class Zone:
    """A rectangle of squares outlined on the board (a portal area, a home region)."""
    corners: tuple[str, str] = spec(doc="two opposite squares, e.g. [b6, c8]")
    colour: Colour = INK
    line: Literal["solid", "dashed"] = "dashed"
    width_mm: float = spec(0.6, minimum=0.09, maximum=5)
    label: str = ""


@dataclass(frozen=True)
class Grid:
    columns: int = spec(doc="number of columns (a, b, c… from the left)", minimum=1, maximum=26)
    rows: int = spec(doc="number of rows (1, 2, 3… from the bottom)", minimum=1, maximum=99)
    cell_mm: float = spec(doc="side of one square in millimetres", minimum=3, maximum=200)
    points: bool = spec(False, doc="pieces stand on line crossings instead of inside squares")
    coordinates: bool = spec(True, doc="print a-h / 1-8 on the edges")
    checkered: Optional[Colour] = spec(None, doc="fill of every other square, if any")


@dataclass(frozen=True)
class BoardColours:
    background: Colour = WHITE
    line: Colour = Colour("#333333")
    coordinates: Colour = Colour("#8A8A8A")


@dataclass(frozen=True)
class Board:
    """A grid board, drawn at real size, with its start position."""
    kind: Literal["board"]
    id: str
    name: str
    grid: Grid
    line_mm: float = spec(0.4, minimum=0.09, maximum=3, doc="grid line width")
    border_mm: float = spec(1.0, minimum=0.09, maximum=5, doc="outer frame width")
    margin_mm: float = spec(8.0, minimum=0, maximum=50, doc="space around the grid for coordinates")
    piece_mm: Optional[float] = spec(None, doc="real size of the pieces the squares are sized for")
    colours: BoardColours = spec(factory=BoardColours)
    cells: list[CellStyle] = spec(factory=tuple)
    zones: list[Zone] = spec(factory=tuple)
    pieces: dict[str, PieceStyle] = spec(factory=dict, doc="piece styles by name")
    setup: list[Placement] = spec(factory=tuple, doc="the start position drawn on the board")
    draw_setup: bool = spec(True, doc="draw the start position on the printed board")

    def check(self, where: Where) -> None:
        g = self.grid
        for style in self.cells:
            for sq in style.at:
                if parse_square(sq, g.columns, g.rows) is None:
                    raise where.error(f"board '{self.id}': cell '{sq}' is not on the {g.columns}x{g.rows} grid")
        for zone in self.zones:
            for sq in zone.corners:
                if parse_square(sq, g.columns, g.rows) is None:
                    raise where.error(f"board '{self.id}': zone corner '{sq}' is not on the grid")
        seen = {}
        for p in self.setup:
            if parse_square(p.at, g.columns + g.points, g.rows + g.points) is None:
                raise where.error(f"board '{self.id}': setup square '{p.at}' is not on the grid")
            if p.piece not in self.pieces:
                raise where.error(f"board '{self.id}': setup piece '{p.piece}' has no style in 'pieces' "
                                  f"(known: {', '.join(sorted(self.pieces))})")
            if p.at in seen:
                raise where.error(f"board '{self.id}': two pieces on '{p.at}'")
            seen[p.at] = p
        if self.piece_mm is not None and self.piece_mm > g.cell_mm and not g.points:
            raise where.error(f"board '{self.id}': pieces of {self.piece_mm} mm do not fit squares of {g.cell_mm} mm")


@dataclass(frozen=True)
class Die:
    """One die: six faces, each a number 1-6 (pips), a symbol name, or short text."""
    id: str
    name: str
    faces: list[str] = spec(doc="six faces, in the places of a standard right-handed die's 1 to 6 (opposite faces 1-6, 2-5, 3-4)")
    fill: Colour = WHITE
    ink: Colour = INK
    count: int = spec(1, minimum=1, maximum=100, doc="how many of this die to print")

    def check(self, where: Where) -> None:
        if len(self.faces) != 6:
            raise where.error(f"die '{self.id}': a die has 6 faces, found {len(self.faces)}")


@dataclass(frozen=True)
class Dice:
    """Dice to build: cube nets with glue tabs, or stickers for blank dice."""
    kind: Literal["dice"]
    id: str
    name: str
    dice: list[Die]
    size_mm: float = spec(16.0, minimum=8, maximum=40, doc="edge of the cube")
    form: Literal["net", "stickers", "both"] = "net"
    tab_mm: float = spec(5.0, minimum=2, maximum=15, doc="depth of the glue tabs")


@dataclass(frozen=True)
class Sheet:
    """A printed sheet of text: a rules summary, a player aid."""
    kind: Literal["sheet"]
    id: str
    name: str
    source: str = spec(doc="Markdown file of the sheet's text, in the game folder")
    columns: int = spec(2, minimum=1, maximum=3)
    body_pt: float = spec(9.5, minimum=7, maximum=14, doc="body text size; shrunk to fit if needed, never below 7 pt")
    accent: Colour = Colour("#7A1F1F")


Component = Union[Board, Dice, Sheet]
COMPONENT_KINDS = {"board": Board, "dice": Dice, "sheet": Sheet}


@dataclass(frozen=True)
class GameInfo:
    """game.yaml: who made the game, what it needs, and its component files."""
    id: str
    title: str
    authors: list[str]
    licence: str
    players: str
    duration: str
    ages: str
    components: list[str] = spec(doc="component files in this folder, in print order")
    subtitle: str = ""
    credit: str = spec("", doc="credit line printed on every page when the licence asks for one")
    version: str = "1.0"
    language: Literal["fr", "en"] = "fr"
    variants: list[Variant] = spec(factory=tuple)
    assumptions: list[str] = spec(factory=tuple, doc="choices made where the sources are silent")
    rules: Optional[str] = spec(None, doc="Markdown rule text, e.g. rules.fr.md")


@dataclass(frozen=True)
class Game:
    """A loaded game: its info, its components, and where they came from."""
    info: GameInfo
    folder: Path
    components: tuple
    sources: dict = field(default_factory=dict, compare=False)  # component id -> (path, line)

    @property
    def id(self) -> str:
        return self.info.id

    def component(self, component_id: str):
        for c in self.components:
            if c.id == component_id:
                return c
        raise KeyError(component_id)
