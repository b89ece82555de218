"""The `board` kind: a grid board drawn at real size, with its start position."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from ..coords import column_letter, parse_square
from ..schema import Name, Colour, IconName, Where, spec
from .elements import INK, WHITE, check_icon
from .figure import FigureSpec, FigureTarget
from .material import MaterialLine
from .stock import GREYBOARD, Stock

@dataclass(frozen=True)
class PieceStyle:
    """How a piece looks when drawn on a board or in a diagram."""
    shape: Literal["die", "disc", "square", "triangle", "hex", "pawn"] = "disc"
    fill: Colour = WHITE
    stroke: Colour = INK
    ink: Colour = INK
    size_mm: float = spec(14.0, minimum=2, maximum=200, doc="outer size of the piece")
    mark: IconName = spec("none", doc="an icon drawn on the piece, or none")
    label: str = spec("", doc="letter or word printed on the piece, so colour never carries meaning alone")
    facing: Literal["none", "left", "right", "up", "down"] = spec(
        "none", doc="the way a pawn faces, drawn as a pointed nose on its rim (a runner's front), or none")
    called: str = spec("", doc="the nouns a caption names the piece by, '|' between several (navire, dé), besides "
                               "its style's first word: the figure proof counts them in captions ('cinq navires')")

    def check(self, where: Where) -> None:
        check_icon(self.mark, where)


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
    mark: IconName = spec("none", doc="an icon drawn in the squares, or none")
    mark_colour: Colour = Colour("#888888")

    def check(self, where: Where) -> None:
        check_icon(self.mark, where)


@dataclass(frozen=True)
class Zone:
    """A rectangle of squares outlined on the board (a portal area, a home region)."""
    corners: tuple[str, str] = spec(doc="two opposite squares, e.g. [b6, c8]")
    colour: Colour = INK
    line: Literal["solid", "dashed"] = "dashed"
    width_mm: float = spec(0.6, minimum=0.09, maximum=5)
    label: str = ""
    label_colour: Optional[Colour] = spec(None, doc="ink of the label; default: the zone's colour (give a darker "
                                                    "one when the colour is too light to read, as yellow is)")
    label_pt: float = spec(7.5, minimum=6, maximum=24)


@dataclass(frozen=True)
class PieceDraw:
    """A piece set before each game on one square of a rectangle, drawn at random: a setup card shows one draw."""
    piece: str = spec(doc="its style in 'pieces'")
    corners: tuple[str, str] = spec(doc="two opposite squares of the rectangle it is drawn in, e.g. [b6, c8]")
    name: str = spec("", doc="what the setup card calls it (default: the piece's name)")


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
    coordinates: Colour = Colour("#666666")     # 5.7:1 on white (#8A8A8A: 3.2 on cream, under the reader's 4.5)


@dataclass(frozen=True)
class Board(FigureTarget):
    """A grid board, drawn at real size, with its start position."""
    kind: Literal["board"]
    id: Name
    name: str
    grid: Grid
    line_mm: float = spec(0.4, minimum=0.09, maximum=3, doc="grid line width")
    border_mm: float = spec(1.0, minimum=0.09, maximum=5, doc="outer frame width")
    margin_mm: float = spec(8.0, minimum=0, maximum=50, doc="space around the grid for coordinates")
    safe_mm: float = spec(3.0, minimum=0, maximum=20,
                          doc="edge coordinates stay this far inside the cut (smaller, they can sit in a narrow margin)")
    piece_mm: Optional[float] = spec(None, doc="real size of the pieces the squares are sized for")
    colours: BoardColours = spec(factory=BoardColours)
    cells: list[CellStyle] = spec(factory=tuple)
    zones: list[Zone] = spec(factory=tuple)
    pieces: dict[str, PieceStyle] = spec(factory=dict, doc="piece styles by name")
    setup: list[Placement] = spec(factory=tuple, doc="the start position drawn on the board")
    draw_setup: bool = spec(True, doc="draw the start position on the printed board")
    draws: list[PieceDraw] = spec(factory=tuple, doc="pieces placed at random before each game, each in its "
                                                     "rectangle: printed on a setup card drawn from `pnp build --seed`")

    # A figure crops the board and places pieces on its squares; the game's engine reads them.
    figure_spec = FigureSpec(show=("state", "crop"), pieces=True, engine_position=True, setup=True, default=True)

    # Pieces of its stock may print in the band it leaves free under it on its one sheet (their `sheet_with`;
    # print/board_sheet.py): a tiled board hosts none, and says so when it is built.
    hosts_sheets = True
    pieces_in_band = True              # not on n-up sheets: a mat (a piece cut whole) does not go there
    stock = Stock(GREYBOARD, "single")     # printed on paper glued onto greyboard, then cut

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
        for draw in self.draws:
            if draw.piece not in self.pieces:
                raise where.error(f"board '{self.id}': draws: piece '{draw.piece}' has no style in 'pieces' "
                                  f"(known: {', '.join(sorted(self.pieces))})")
            for sq in draw.corners:
                if parse_square(sq, g.columns, g.rows) is None:
                    raise where.error(f"board '{self.id}': draws: corner '{sq}' is not on the grid")
        if self.piece_mm is not None and self.piece_mm > g.cell_mm and not g.points:
            raise where.error(f"board '{self.id}': pieces of {self.piece_mm} mm do not fit squares of {g.cell_mm} mm")

    def material_lines(self, words) -> list[MaterialLine]:
        """One board; its grid says what it is (words: the game's `kinds` catalogue)."""
        g = self.grid
        if g.points:
            detail = words("kinds.board.material.points", columns=g.columns, rows=g.rows)
        else:
            detail = words("kinds.board.material.squares", columns=g.columns, rows=g.rows,
                           cell=words.number(g.cell_mm))
        return [MaterialLine(1, self.name, detail, self.id)]

    def places(self) -> tuple[int, int]:
        """(columns, rows) of the places a diagram can name: squares, or crossings of a points board."""
        g = self.grid
        return g.columns + g.points, g.rows + g.points

    def place_exists(self, name: str) -> bool:
        return parse_square(name, *self.places()) is not None

    def check_figure(self, diagram) -> None:
        columns, rows = self.places()
        last = f"{column_letter(columns - 1)}{rows}"
        for name, key in diagram.show.corners_and_places():
            if parse_square(name, columns, rows) is None:
                raise diagram.error(diagram.show_line(key), f"show: '{name}' is not a square of the {columns}x{rows} "
                                                            f"board '{self.id}' (a1 to {last})")

    def figure_pieces(self) -> dict[str, PieceStyle]:
        return self.pieces
