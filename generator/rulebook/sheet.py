"""Text sheets (a rules summary, a player aid): the rulebook's reader, flowed into columns on one page.

The sheet's Markdown goes through the same sandboxed Jinja, Markdown reader
and typography (French rules for French games) as the rulebook, so a summary can take its counts and
names from the components too. A table is set as rows that flow like lines (its header kept with its first
row; a cell holding only icons shows them larger: a face to recognise, not a word). Its body shrinks (never under 7 pt) until
everything fits one page, or grows up to `max_body_pt` to fill it; if it
cannot fit, the build fails rather than cut the rules short.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from ..content import limits
from ..content.errors import ContentError
from ..content.paths import inside_game
from ..content.yamlfile import read_bounded, utf8_text
from ..draw.canvas import Canvas, LayoutError, Run, layout_text, line_width_mm
from ..draw.style import MM_PER_PT, Stroke, TextStyle
from ..draw.typography import typeset
from ..i18n import catalogue
from .expressions import expand, game_context
from .figures import FigureLookup, FigureSource
from .markdown import Document, FigureBlock, Heading, ListBlock, Paragraph, Quote, Rule, Table, parse

MIN_BODY_PT = 7.0
QUIET = "#666666"


def read_sheet(game: Any, sheet: Any, *, figures: FigureSource = None) -> Document:
    """The sheet's text as the rulebook's document model, every expression and link checked."""
    path = inside_game(game.folder, sheet.source, game.sources.get(sheet.id, (Path(game.folder) / "game.yaml", None)),
                       f"sheet '{sheet.id}': source")
    # its size first, then a byte that is not UTF-8 told at its line
    source = utf8_text(read_bounded(path, limits.MARKDOWN_FILE_BYTES), path)
    document, _links = parse(expand(source, path, game_context(game), FigureLookup(figures)),
                             language=game.info.language)
    for block in document.blocks:
        if block.kind == "code":
            raise ContentError(path, block.line, f"a {block.kind} does not fit a text sheet's columns; "
                                                 "keep it for the rulebook")
    return document


@dataclass(frozen=True)
class _Piece:
    """One placed unit of the flow: its height at the current size and how to draw it at (x, y, width)."""
    height_mm: float
    draw: Callable[[Canvas, float, float], None]
    keep_with_next: bool = False
    space_before_mm: float = 0.0


def _runs(spans, style: TextStyle) -> list[Run]:
    return [Run(s.text, style.with_(bold=style.bold or s.bold, italic=style.italic or s.italic), s.icon)
            for s in spans]


def _text_piece(spans, style: TextStyle, width: float, *, indent: float = 0.0, bullet: str = "",
                bullet_colour: str = "", before: float = 0.0, keep: bool = False) -> _Piece:
    layout = layout_text(_runs(spans, style), style, width - indent, 1e9, fit=False)

    def draw(canvas: Canvas, x: float, y: float) -> None:
        if bullet:
            canvas.text(x + 0.6, y + layout.first_baseline_mm, bullet,
                        style.with_(bold=True, colour=bullet_colour or style.colour))
        canvas.draw_layout(x + indent, y, width - indent, layout.height_mm, layout)
    return _Piece(layout.height_mm, draw, keep, before)


def _pieces(blocks, size_pt: float, accent: str, width: float) -> Iterator[_Piece]:
    """The pieces of the flow, each laid out when the flow asks for it: a text far longer than a page is laid
    out only up to where the page is full, at each size tried."""
    body = TextStyle(size_pt=size_pt)
    em = size_pt * MM_PER_PT
    for block in blocks:
        yield from _block_pieces(block, body, em, size_pt, accent, width)


def _block_pieces(block, body: TextStyle, em: float, size_pt: float, accent: str, width: float) -> list[_Piece]:
    out: list[_Piece] = []
    if isinstance(block, Heading):
        style = TextStyle(size_pt=size_pt * (1.3 if block.level <= 1 else 1.12), bold=True, colour=accent)
        out.append(_text_piece(block.spans, style, width, before=em * 0.6, keep=True))
    elif isinstance(block, Paragraph):
        out.append(_text_piece(block.spans, body, width, before=em * 0.35))
    elif isinstance(block, ListBlock):
        for i, item in enumerate(block.items):
            mark = f"{block.start + i}." if block.ordered else "•"
            for j, inner in enumerate(item):
                spans = getattr(inner, "spans", ())
                out.append(_text_piece(spans, body, width, indent=em * (1.9 if block.ordered else 1.3),
                                       bullet=mark if j == 0 else "", bullet_colour=accent, before=em * 0.15))
    elif isinstance(block, Quote):
        for inner in block.blocks:
            piece = _text_piece(getattr(inner, "spans", ()), body.with_(italic=True), width, indent=em,
                                before=em * 0.35)

            def draw(canvas, x, y, piece=piece):
                canvas.rect(x, y, 0.8, piece.height_mm, fill=accent)
                piece.draw(canvas, x, y)
            out.append(_Piece(piece.height_mm, draw, False, piece.space_before_mm))
    elif isinstance(block, Table):
        out.extend(_table_pieces(block, body, em, accent, width))
    elif isinstance(block, FigureBlock):
        out.append(_figure_piece(block, size_pt, width))
    elif isinstance(block, Rule):
        out.append(_Piece(0.0, lambda canvas, x, y: canvas.line(x, y, x + width, y, Stroke("#BBBBBB", 0.25)),
                          space_before_mm=em * 0.6))
    return out


ICON_CELL = 2.0        # a cell of icons only: its icons at this many times the body size
CELL_PAD = 0.45        # of an em: space on each side of a cell's text
ROW_PAD = 0.15         # of an em: above and below a row's tallest cell


def _table_pieces(block: Table, body: TextStyle, em: float, accent: str, width: float) -> list[_Piece]:
    """The header and each row as a piece of the flow. Columns take their widest cell's width; when they are
    wider than the column of the sheet, the widest one shrinks to what is left and its cells wrap."""
    pad, row_pad = em * CELL_PAD, em * ROW_PAD
    rows = [(block.header, True)] + [(row, False) for row in block.rows]

    def style_of(cell, header: bool) -> TextStyle:
        if header:
            return body.with_(bold=True, colour=accent)
        icons_only = cell and all(s.icon or not s.text.strip() for s in cell)
        return body.with_(size_pt=body.size_pt * ICON_CELL) if icons_only else body

    n = len(block.header)
    natural = [0.0] * n
    for cells, header in rows:
        for k, cell in enumerate(cells):
            layout = layout_text(_runs(cell, style_of(cell, header)), style_of(cell, header), 1e6, 1e9, fit=False)
            natural[k] = max(natural[k], max((line_width_mm(line) for line in layout.lines), default=0.0) + 2 * pad)
    widths = list(natural)
    if sum(widths) > width:
        widest = max(range(n), key=lambda k: widths[k])
        widths[widest] = max(width * 0.25, width - (sum(widths) - widths[widest]))
    else:
        widths[-1] += width - sum(widths)
    if sum(widths) > width + 1e-6:
        raise LayoutError(f"a table of {n} columns does not fit a {width:.1f} mm column of the sheet")
    pieces = []
    for cells, header in rows:
        layouts = [layout_text(_runs(cell, style_of(cell, header)), style_of(cell, header), widths[k] - 2 * pad, 1e9,
                               fit=False) for k, cell in enumerate(cells)]
        height = max(layout.height_mm for layout in layouts) + 2 * row_pad

        def draw(canvas: Canvas, x: float, y: float, layouts=layouts, height=height, header=header) -> None:
            left = x
            for k, layout in enumerate(layouts):
                canvas.draw_layout(left + pad, y, widths[k] - 2 * pad, height, layout,
                                   align=block.align[k] if k < len(block.align) else "left", valign="middle")
                left += widths[k]
            rule = Stroke(accent, 0.4) if header else Stroke("#DDDDDD", 0.25)
            canvas.line(x, y + height, x + width, y + height, rule)
        pieces.append(_Piece(height, draw, keep_with_next=header, space_before_mm=em * 0.35 if header else 0.0))
    return pieces


def _figure_piece(block: FigureBlock, size_pt: float, width: float) -> _Piece:
    figure = block.figure
    scale = min(1.0, width / figure.width_mm)
    caption_style = TextStyle(size_pt=max(MIN_BODY_PT, size_pt * 0.85), italic=True, colour=QUIET)
    # a sheet's own label ("Schéma 1"), not the rulebook's "Figure 1": an aid's figure 1 is not the book's
    label = catalogue(block.language)("rulebook.sheet_figure", n=block.number)
    caption = [Run(typeset(f"{label} — ", block.language), caption_style.with_(bold=True))] + _runs(block.caption, caption_style)
    layout = layout_text(caption, caption_style, width, 1e9, fit=False)
    fig_h = figure.height_mm * scale
    gap = 1.5

    def draw(canvas: Canvas, x: float, y: float) -> None:
        left = x + (width - figure.width_mm * scale) / 2
        with canvas.group(translate=(left, y), scale=scale):
            figure.draw(canvas)
        canvas.draw_layout(x, y + fig_h + gap, width, layout.height_mm, layout, align="left")
    return _Piece(fig_h + gap + layout.height_mm, draw, False, size_pt * MM_PER_PT * 0.6)


def _flow(pieces: Iterable[_Piece], columns: int, col_h: float):
    """(column, y, piece) for each piece, top to bottom then column after column; None if they do not fit
    (known at the first piece that does not: the pieces after it are never asked for)."""
    placed, col, y = [], 0, 0.0
    pieces = iter(pieces)
    piece = next(pieces, None)
    while piece is not None:
        top = y + piece.space_before_mm if y > 0 else 0.0
        # A heading never ends a column: it moves with the first lines of what follows.
        # (with the space above those lines: without it a heading fitted at a column's foot alone)
        after = next(pieces, None)
        following = after if piece.keep_with_next else None
        need = piece.height_mm + (following.space_before_mm + following.height_mm if following else 0.0)
        if top + need > col_h + 1e-6:
            col, top = col + 1, 0.0
            if col >= columns or need > col_h + 1e-6:
                return None
        placed.append((col, top, piece))
        y = top + piece.height_mm
        piece = after
    return placed


def _balanced(pieces: list[_Piece], columns: int, col_h: float):
    """The flow with the shortest columns that still fits: columns end level instead of one full, one empty."""
    lo, hi, best = 0.0, col_h, None
    for _ in range(30):
        mid = (lo + hi) / 2
        placed = _flow(pieces, columns, mid)
        if placed is None:
            lo = mid
        else:
            hi, best = mid, placed
    return best


def render_sheet(canvas: Canvas, game: Any, sheet: Any, document: Document, width_mm: float, height_mm: float,
                 *, margin_mm: float = 12.0, label: str = "") -> float:
    """Draw the sheet on the current page of `canvas`; returns the body size used, in points."""
    info, accent = game.info, sheet.accent
    language = info.language
    path = Path(game.folder) / sheet.source
    canvas.text(margin_mm, margin_mm + 7, typeset(info.title, language), TextStyle(size_pt=20, bold=True, colour=accent))
    canvas.text(width_mm - margin_mm, margin_mm + 7, typeset(sheet.name, language), TextStyle(size_pt=11, colour="#444444"),
                align="right")
    canvas.line(margin_mm, margin_mm + 10, width_mm - margin_mm, margin_mm + 10, Stroke(accent, 0.5))
    top, footer_h, gap = margin_mm + 15, 10.0, 7.0
    col_w = (width_mm - 2 * margin_mm - gap * (sheet.columns - 1)) / sheet.columns
    col_h = height_mm - top - margin_mm - footer_h

    def flow(size):
        try:
            return _flow(_pieces(document.blocks, size, accent, col_w), sheet.columns, col_h)
        except LayoutError as err:
            raise ContentError(path, None, str(err)) from None

    size = sheet.body_pt
    placed = flow(size)
    while placed is None and size - 0.25 >= MIN_BODY_PT - 1e-9:
        size -= 0.25
        placed = flow(size)
    if placed is None:
        last = document.blocks[-1].line if document.blocks else None
        raise ContentError(path, last, f"sheet '{sheet.id}': the text does not fit one page even at {MIN_BODY_PT} pt")
    while size + 0.25 <= sheet.max_body_pt + 1e-9:
        bigger = flow(size + 0.25)
        if bigger is None:
            break
        size, placed = size + 0.25, bigger
    placed = _balanced([piece for _, _, piece in placed], sheet.columns, col_h) or placed
    for column, y, piece in placed:
        piece.draw(canvas, margin_mm + column * (col_w + gap), top + y)
    for i in range(1, sheet.columns):
        xx = margin_mm + i * (col_w + gap) - gap / 2
        canvas.line(xx, top, xx, top + col_h, Stroke("#DDDDDD", 0.25))
    foot = TextStyle(size_pt=7.5, colour=QUIET)
    rule_y = height_mm - margin_mm - footer_h + 3
    canvas.line(margin_mm, rule_y, width_mm - margin_mm, rule_y, Stroke("#BBBBBB", 0.25))
    canvas.text(margin_mm, height_mm - margin_mm - 2, typeset(info.credit or ", ".join(info.authors), language), foot)
    canvas.text(width_mm - margin_mm, height_mm - margin_mm - 2,
                typeset(catalogue(language)("rulebook.sheet_footer", players=info.players, duration=info.duration,
                                            ages=info.ages), language), foot, align="right")
    if label:  # what the sheet is and how to print it (STYLE.md)
        canvas.text(width_mm / 2, height_mm - margin_mm / 2 + 1.2, label, foot, align="center")
    return size
