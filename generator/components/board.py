"""Grid boards: the printed board at real size, and any rectangular part of it for diagrams.

Squares are named a1… (columns left to right, rows from the bottom). On a
`points` board the pieces stand on line crossings, named the same way with
one more column and row than there are squares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from ..content.coords import column_letter, parse_square, square_range
from ..content.models import Board
from ..draw import symbols
from ..draw.bounds import bounds
from ..draw.canvas import Canvas
from ..draw.fonts import cap_height_mm, text_width_mm
from ..draw.style import MM_PER_PT, Stroke, TextStyle
from ..reader_thresholds import value as threshold
from .face import DEFAULT_BLEED_MM, Face, Item
from .pieces import draw_piece

COORD_PT = 9.0
# Coordinates inside the edge squares (a margin too narrow for them), at an edge's size: at 7 pt Praxis' letters
# stood 1.3 mm tall, what issue 25 read as too small on a board whose rules name its squares.
INNER_COORD_PT = COORD_PT
INNER_COORD_PAD_MM = 2.0    # from the square's edge: clear of the grid line and of a zone's frame along it
INNER_COORD_CELL_MM = 15.0  # squares smaller than this have no room for a coordinate beside a piece

Placement = tuple[str, str, "str | None"]   # (square, piece style name, value)


@dataclass(frozen=True)
class View:
    """The part of a board to draw: columns c0..c1 and rows r0..r1 of squares (inclusive, 0-based)."""
    c0: int
    r0: int
    c1: int
    r1: int

    @property
    def columns(self) -> int:
        return self.c1 - self.c0 + 1

    @property
    def rows(self) -> int:
        return self.r1 - self.r0 + 1


def full_view(board: Board) -> View:
    return View(0, 0, board.grid.columns - 1, board.grid.rows - 1)


def view_of(board: Board, first: str, last: str) -> View | None:
    """The smallest view holding two corner squares (or points), or None if they are off the board."""
    g = board.grid
    extra = 1 if g.points else 0
    a, b = parse_square(first, g.columns + extra, g.rows + extra), parse_square(last, g.columns + extra, g.rows + extra)
    if a is None or b is None:
        return None
    c0, c1 = sorted((a[0], b[0]))
    r0, r1 = sorted((a[1], b[1]))
    if g.points:  # a view of points p..q covers squares p..q-1 (at least one square)
        c1, r1 = max(c0, c1 - 1), max(r0, r1 - 1)
        c1, r1 = min(c1, g.columns - 1), min(r1, g.rows - 1)
    return View(c0, r0, c1, r1)


def view_size_mm(board: Board, view: View, margin_mm: float | None = None) -> tuple[float, float]:
    m = board.margin_mm if margin_mm is None else margin_mm
    cell = board.grid.cell_mm
    return view.columns * cell + 2 * m, view.rows * cell + 2 * m


def board_size_mm(board: Board) -> tuple[float, float]:
    """Trim size of the printed board: the grid plus its margin on every side."""
    return view_size_mm(board, full_view(board))


class BoardDrawing:
    """Maps squares to millimetres for one view drawn with its grid's top-left corner at (gx, gy)."""

    def __init__(self, board: Board, view: View, gx: float, gy: float):
        self.board, self.view, self.gx, self.gy = board, view, gx, gy
        self.cell = board.grid.cell_mm

    def square_rect(self, col: int, row: int) -> tuple[float, float, float, float]:
        x = self.gx + (col - self.view.c0) * self.cell
        y = self.gy + (self.view.r1 - row) * self.cell
        return x, y, self.cell, self.cell

    def centre(self, name: str) -> tuple[float, float]:
        """Centre of a square, or the crossing itself on a points board."""
        g = self.board.grid
        if g.points:
            col, row = parse_square(name, g.columns + 1, g.rows + 1)
            return (self.gx + (col - self.view.c0) * self.cell,
                    self.gy + (self.view.r1 + 1 - row) * self.cell)
        col, row = parse_square(name, g.columns, g.rows)
        x, y, w, h = self.square_rect(col, row)
        return x + w / 2, y + h / 2

    def visible(self, name: str) -> bool:
        g = self.board.grid
        extra = 1 if g.points else 0
        pos = parse_square(name, g.columns + extra, g.rows + extra)
        if pos is None:
            return False
        col, row = pos
        v = self.view
        return v.c0 <= col <= v.c1 + extra and v.r0 <= row <= v.r1 + extra

    @property
    def grid_rect(self) -> tuple[float, float, float, float]:
        return self.gx, self.gy, self.view.columns * self.cell, self.view.rows * self.cell


def draw_board(canvas: Canvas, board: Board, x: float, y: float, *, view: View | None = None,
               placements: Iterable[Placement] | None = None, margin_mm: float | None = None,
               background: bool = True, coord_pt: float = COORD_PT, highlight: Sequence[str] = (),
               highlight_colour: str = "#F4C7B8", highlight_mark: str = "#C0392B",
               safe_mm: float = 0.0) -> BoardDrawing:
    """Draw `view` of the board (default: all of it) with its margin's top-left corner at (x, y); the edge
    coordinates stay `safe_mm` inside the margin's outer edge where they can (the printed board's trim).

    Returns the square-to-mm mapping, so callers (diagrams) can draw marks and arrows over it.
    """
    view = view or full_view(board)
    placements = list(placements) if placements is not None else None
    m = board.margin_mm if margin_mm is None else margin_mm
    g, cell = board.grid, board.grid.cell_mm
    d = BoardDrawing(board, view, x + m, y + m)
    gw, gh = view.columns * cell, view.rows * cell
    if background:
        canvas.rect(x, y, gw + 2 * m, gh + 2 * m, fill=board.colours.background)
    standing = {square for square, _, _ in placements} if placements is not None else set()
    _fill_cells(canvas, board, d, standing)
    for name in highlight:
        if d.visible(name):
            if g.points:
                cx, cy = d.centre(name)
                canvas.circle(cx, cy, cell * 0.32, fill=highlight_colour)
            else:
                col, row = parse_square(name, g.columns, g.rows)
                canvas.rect(*d.square_rect(col, row), fill=highlight_colour)
    _draw_lines(canvas, board, d)
    _draw_zones(canvas, board, d)
    if g.coordinates:
        _draw_coordinates(canvas, board, d, m, coord_pt, safe_mm)
    if placements is not None:
        for square, piece, value in placements:
            if d.visible(square):
                cx, cy = d.centre(square)
                draw_piece(canvas, board.pieces[piece], cx, cy, value)
    # The tint alone would carry the meaning by colour: a dot on an empty square, a frame round a piece.
    for name in highlight:
        if not d.visible(name):
            continue
        cx, cy = d.centre(name)
        if name in standing:
            half = cell * 0.46
            canvas.rect(cx - half, cy - half, 2 * half, 2 * half, stroke=Stroke(highlight_mark, max(0.4, cell * 0.05)),
                        radius=cell * 0.08)
        else:
            canvas.circle(cx, cy, cell * 0.13, fill=highlight_mark)
    return d


def _fill_cells(canvas: Canvas, board: Board, d: BoardDrawing, standing: set = frozenset()) -> None:
    """The squares' fills, marks and labels; a square a piece stands on keeps no label (it would peek out
    from under the piece: the region's other squares carry it)."""
    v = d.view
    if board.grid.checkered:
        for row in range(v.r0, v.r1 + 1):
            for col in range(v.c0, v.c1 + 1):
                if (col + row) % 2 == 0:
                    canvas.rect(*d.square_rect(col, row), fill=board.grid.checkered)
    g = board.grid
    for style in board.cells:
        for name in style.at:
            col, row = parse_square(name, g.columns, g.rows)
            if not (v.c0 <= col <= v.c1 and v.r0 <= row <= v.r1):
                continue
            x, y, w, h = d.square_rect(col, row)
            if style.fill:
                canvas.rect(x, y, w, h, fill=style.fill)
            if style.mark != "none":
                symbols.draw_symbol(canvas, style.mark, x + w / 2, y + h / 2, w * 0.55, style.mark_colour)
            if style.label and name not in standing:
                ts = TextStyle(size_pt=7.5, colour=style.label_colour)
                canvas.text(x + w - 1.2, y + h - 1.2, style.label, ts, align="right")


def _draw_lines(canvas: Canvas, board: Board, d: BoardDrawing) -> None:
    g, v = board.grid, d.view
    gx, gy, gw, gh = d.grid_rect
    inner = Stroke(board.colours.line, board.line_mm)
    outer = Stroke(board.colours.line, board.border_mm, join="miter")
    for i in range(v.columns + 1):
        col = v.c0 + i
        xx = gx + i * d.cell
        is_edge = col in (0, g.columns)
        if not is_edge:
            canvas.line(xx, gy, xx, gy + gh, inner)
    for j in range(v.rows + 1):
        row = v.r1 + 1 - j
        yy = gy + j * d.cell
        is_edge = row in (0, g.rows)
        if not is_edge:
            canvas.line(gx, yy, gx + gw, yy, inner)
    # The frame is drawn where the view reaches the board's real edge; elsewhere a thin line ends the crop.
    edges = [
        (v.c0 == 0, (gx, gy, gx, gy + gh)),
        (v.c1 == g.columns - 1, (gx + gw, gy, gx + gw, gy + gh)),
        (v.r1 == g.rows - 1, (gx, gy, gx + gw, gy)),
        (v.r0 == 0, (gx, gy + gh, gx + gw, gy + gh)),
    ]
    for real, (x1, y1, x2, y2) in edges:
        stroke = outer if real else inner
        ext = board.border_mm / 2 if real else 0.0
        if x1 == x2:
            canvas.line(x1, y1 - ext, x2, y2 + ext, stroke)
        else:
            canvas.line(x1 - ext, y1, x2 + ext, y2, stroke)


def _draw_zones(canvas: Canvas, board: Board, d: BoardDrawing) -> None:
    for zone in board.zones:
        _draw_zone(canvas, board, d, zone)


def _draw_zone(canvas: Canvas, board: Board, d: BoardDrawing, zone, *, outline: bool = True,
               label: bool = True) -> None:
    g, v = board.grid, d.view
    squares = square_range(zone.corners[0], zone.corners[1], g.columns, g.rows)
    cols = [c for c, _ in squares]
    rows = [r for _, r in squares]
    c0, c1 = max(min(cols), v.c0), min(max(cols), v.c1)
    r0, r1 = max(min(rows), v.r0), min(max(rows), v.r1)
    if c0 > c1 or r0 > r1:
        return
    x0, y0, _, _ = d.square_rect(c0, r1)
    x1, y1, w, h = d.square_rect(c1, r0)
    inset = zone.width_mm / 2 + board.line_mm
    dash = (2.0, 1.4) if zone.line == "dashed" else None
    if outline:
        canvas.rect(x0 + inset, y0 + inset, x1 + w - x0 - 2 * inset, y1 + h - y0 - 2 * inset,
                    stroke=Stroke(zone.colour, zone.width_mm, dash_mm=dash), radius=1.0)
    if zone.label and label:
        ts = TextStyle(size_pt=zone.label_pt, colour=zone.label_colour or zone.colour, bold=True)
        canvas.text(x0 + inset + 1.2, y0 + inset + 1.2 + cap_height_mm(ts), zone.label, ts)


def _zone_label_boxes(board: Board, d: BoardDrawing) -> list[tuple[float, float, float, float]]:
    """The box (x0, y0, x1, y1 mm) of each zone's label as _draw_zones sets it, in the zone's top-left corner."""
    g, v = board.grid, d.view
    out = []
    for zone in board.zones:
        if not zone.label:
            continue
        squares = square_range(zone.corners[0], zone.corners[1], g.columns, g.rows)
        c0, r1 = max(min(c for c, _ in squares), v.c0), min(max(r for _, r in squares), v.r1)
        x0, y0, _, _ = d.square_rect(c0, r1)
        ts = TextStyle(size_pt=zone.label_pt, bold=True)
        left, top = x0 + zone.width_mm / 2 + board.line_mm + 1.2, y0 + zone.width_mm / 2 + board.line_mm + 1.2
        out.append((left, top, left + text_width_mm(zone.label, ts), top + cap_height_mm(ts) + 0.25 * ts.size_mm))
    return out


LABEL_HALF_EM = 0.6     # half the height a label's box takes about its middle: 0.8 em above the baseline, 0.25 below
LABEL_CLEARANCE_MM = 0.8


def edge_label_size(margin_mm: float, safe_mm: float, size_pt: float, widest: Callable[[float], float]) -> float:
    """The largest size up to `size_pt` at which an edge label (its height, and `widest(size_pt)`, the widest
    label's width in mm) fits between the line `safe_mm` inside the margin's outer edge and the grid."""
    room = margin_mm - safe_mm - LABEL_CLEARANCE_MM
    for _ in range(2):      # the width scales with the size: a second pass settles it
        size_pt = min(size_pt, room / (2 * LABEL_HALF_EM * MM_PER_PT), size_pt * room / max(widest(size_pt), 1e-9))
    return size_pt


def edge_label_offset(margin_mm: float, half_mm: float, safe_mm: float) -> float:
    """How far from the grid's edge a coordinate label's middle sits in a margin: in the margin's middle, or
    nearer the grid when the middle would put the label's outer edge within `safe_mm` of the margin's outer
    edge (the trim: a cut may wander that far), never nearer the grid than LABEL_CLEARANCE_MM."""
    return max(half_mm + LABEL_CLEARANCE_MM, min(margin_mm / 2, margin_mm - safe_mm - half_mm))


def _draw_coordinates(canvas: Canvas, board: Board, d: BoardDrawing, margin: float, coord_pt: float,
                      safe_mm: float = 0.0) -> None:
    g, v = board.grid, d.view
    gx, gy, gw, gh = d.grid_rect
    extra = 1 if g.points else 0
    offset = 0.0 if g.points else d.cell / 2
    rows = [str(v.r1 + extra - j + 1) for j in range(v.rows + extra)]

    def widest(size_pt: float) -> float:
        return max(text_width_mm(r, TextStyle(size_pt=size_pt)) for r in rows)
    # The labels sit in the margin; they shrink with a narrow margin rather than touch the grid or the trim.
    size_pt = min(coord_pt, margin * 0.55 * 72 / 25.4)
    if safe_mm:
        size_pt = edge_label_size(margin, safe_mm, size_pt, widest)
    if size_pt < threshold("min_label_pt") and d.cell >= INNER_COORD_CELL_MM and not g.points:
        _draw_inner_coordinates(canvas, board, d, rows)
        return
    if size_pt < 4:
        return
    ts = TextStyle(size_pt=size_pt, colour=board.colours.coordinates)
    half_cap = cap_height_mm(ts) / 2
    across = edge_label_offset(margin, LABEL_HALF_EM * ts.size_mm, safe_mm)     # letters above and below
    beside = edge_label_offset(margin, widest(size_pt) / 2, safe_mm)             # numbers left and right
    for i in range(v.columns + extra):
        col = v.c0 + i
        label = column_letter(col)
        xx = gx + i * d.cell + offset
        canvas.text(xx, gy + gh + across + half_cap, label, ts, align="center")
        canvas.text(xx, gy - across + half_cap, label, ts, align="center")
    for j, label in enumerate(rows):
        yy = gy + j * d.cell + offset
        canvas.text(gx - beside, yy + half_cap, label, ts, align="center")
        canvas.text(gx + gw + beside, yy + half_cap, label, ts, align="center")


def _draw_inner_coordinates(canvas: Canvas, board: Board, d: BoardDrawing, rows: Sequence[str]) -> None:
    """Coordinates inside the edge squares, for a margin too narrow to hold them at the reader's floor: each
    column's letter at the outer edge of its square in the bottom and top rows, each row's number at the outer
    edge of its square in the left and right columns, clear of the zones' labels (a letter in the top row moves
    to the square's right-hand corner, or is left out, where a label stands). A piece on the square covers
    it, as on a chessboard; an empty board, the one the set-up is read on, shows every one."""
    v = d.view
    gx, gy, gw, gh = d.grid_rect
    ts = TextStyle(size_pt=INNER_COORD_PT, colour=board.colours.coordinates)
    cap, pad, cell = cap_height_mm(ts), INNER_COORD_PAD_MM + board.line_mm, d.cell
    taken = _zone_label_boxes(board, d)

    def clear(x: float, baseline: float, text: str, align: str) -> bool:
        w = text_width_mm(text, ts)
        left = x - {"left": 0.0, "center": w / 2, "right": w}[align]
        box = (left - 0.5, baseline - cap - 0.5, left + w + 0.5, baseline + 0.25 * ts.size_mm + 0.5)
        return not any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in taken)

    for i in range(v.columns):
        label = column_letter(v.c0 + i)
        x0 = gx + i * cell
        if v.r0 == 0:        # the bottom row: the letter at the middle of its square's lower edge
            canvas.text(x0 + cell / 2, gy + gh - pad - 0.25 * ts.size_mm, label, ts, align="center")
        if v.r1 == board.grid.rows - 1:
            baseline = gy + pad + cap
            spot = next(((x, a) for x, a in ((x0 + cell / 2, "center"), (x0 + cell - pad, "right"))
                         if clear(x, baseline, label, a)), None)
            if spot is not None:
                canvas.text(spot[0], baseline, label, ts, align=spot[1])
    for j, label in enumerate(rows):
        baseline = gy + j * cell + cell / 2 + cap / 2
        if v.c0 == 0:
            canvas.text(gx + pad, baseline, label, ts)
        if v.c1 == board.grid.columns - 1:
            canvas.text(gx + gw - pad, baseline, label, ts, align="right")


def board_item(board: Board, *, bleed_mm: float = DEFAULT_BLEED_MM) -> Item:
    """The whole board as one printable item, with its start position if the content asks for it."""
    w, h = board_size_mm(board)
    placements = [(p.at, p.piece, p.value) for p in board.setup] if board.draw_setup else None

    def draw(canvas: Canvas) -> None:
        # Background over the whole bleed box, so a slightly-off cut shows no white edge.
        canvas.rect(0, 0, w + 2 * bleed_mm, h + 2 * bleed_mm, fill=board.colours.background)
        draw_board(canvas, board, bleed_mm, bleed_mm, placements=placements, background=False,
                   safe_mm=board.safe_mm)

    xs, ys = grid_line_positions(board, bleed_mm, bleed_mm)
    # A tiled board is cut on its grid lines, on those clear of its zones where the paper allows (print/tiling.py)
    d = BoardDrawing(board, full_view(board), bleed_mm + board.margin_mm, bleed_mm + board.margin_mm)
    marks = []
    for zone in board.zones:     # its outline (a seam may run along its edge), its label (kept clear)
        for outline, label in ((True, False), (False, True)):
            box = bounds(lambda c, zone=zone: _draw_zone(c, board, d, zone, outline=outline, label=label))[0]
            if box is not None:
                marks.append((*box, True, label))
    face = Face(width_mm=w, height_mm=h, draw=draw, bleed_mm=bleed_mm, safe_mm=board.safe_mm,
                grid_lines_mm=(tuple(xs), tuple(ys)), keep_clear_mm=tuple(marks))
    return Item(id=board.id, component=board.id, front=face, label=board.name)


def grid_line_positions(board: Board, x: float, y: float) -> tuple[list[float], list[float]]:
    """Where the board's vertical and horizontal lines fall (mm) when drawn at (x, y): for tests and cut files."""
    m, cell, g = board.margin_mm, board.grid.cell_mm, board.grid
    xs = [x + m + i * cell for i in range(g.columns + 1)]
    ys = [y + m + j * cell for j in range(g.rows + 1)]
    return xs, ys
