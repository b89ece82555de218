"""Text sheets (a rules summary, a player aid): Markdown flowed into columns on one page.

The sheet shrinks its body text, never below 7 pt, until everything fits one
page; if it cannot, the build fails rather than cut the rules short.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt

from ..content.errors import ContentError
from ..content.models import GameInfo, Sheet
from ..draw.canvas import Canvas, LayoutError, Run, layout_text
from ..draw.style import Stroke, TextStyle
from ..draw.typography import french, french_runs

MIN_BODY_PT = 7.0


@dataclass(frozen=True)
class Block:
    kind: str            # heading | paragraph | item
    runs: tuple          # inline runs as (text, bold, italic)
    line: int            # line in the Markdown file, for errors


def parse_blocks(text: str) -> list[Block]:
    """Headings, paragraphs and list items of a Markdown text, with inline bold and italic."""
    tokens = MarkdownIt("commonmark").parse(text)
    blocks: list[Block] = []
    kind = "paragraph"
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open":
            kind = "heading"
        elif tok.type == "list_item_open":
            kind = "item"
        elif tok.type == "paragraph_open" and kind != "item":
            kind = "paragraph"
        elif tok.type == "inline":
            line = (tok.map[0] + 1) if tok.map else 0
            blocks.append(Block(kind, tuple(_inline_runs(tok.children or [])), line))
            if kind == "heading":
                kind = "paragraph"
        elif tok.type == "list_item_close":
            kind = "paragraph"
    return blocks


def _inline_runs(children) -> list[tuple[str, bool, bool]]:
    runs, bold, italic = [], False, False
    for child in children:
        if child.type == "strong_open":
            bold = True
        elif child.type == "strong_close":
            bold = False
        elif child.type == "em_open":
            italic = True
        elif child.type == "em_close":
            italic = False
        elif child.type in ("text", "code_inline"):
            runs.append((child.content, bold, italic))
        elif child.type in ("softbreak",):
            runs.append((" ", bold, italic))
        elif child.type == "hardbreak":
            runs.append(("\n", bold, italic))
    return runs


def _runs(block: Block, style: TextStyle) -> list[Run]:
    texts = french_runs([text for text, _, _ in block.runs])
    return [Run(t, style.with_(bold=style.bold or b, italic=style.italic or it))
            for t, (_, b, it) in zip(texts, block.runs)]


@dataclass(frozen=True)
class _Placed:
    column: int
    y: float
    block: Block
    layout: object
    indent: float


def _flow(blocks, body_pt: float, accent: str, columns: int, col_w: float, col_h: float):
    """Place blocks top to bottom, column after column; None if they do not fit."""
    placed, col, y = [], 0, 0.0
    body = TextStyle(size_pt=body_pt)
    for block in blocks:
        if block.kind == "heading":
            style = TextStyle(size_pt=body_pt * 1.3, bold=True, colour=accent)
            before, indent = body_pt * 0.5 * 0.3528, 0.0
        elif block.kind == "item":
            style, before, indent = body, body_pt * 0.15 * 0.3528, body_pt * 0.3528 * 1.3
        else:
            style, before, indent = body, body_pt * 0.35 * 0.3528, 0.0
        layout = layout_text(_runs(block, style), style, col_w - indent, 1e9, fit=False)
        h = layout.height_mm
        if y > 0:
            y += before
        # A heading must not end a column: keep it with the next block's first lines.
        need = h + (body_pt * 0.3528 * 2.6 if block.kind == "heading" else 0)
        if y + need > col_h:
            col, y = col + 1, 0.0
            if col >= columns:
                return None
        placed.append(_Placed(col, y, block, layout, indent))
        y += h
    return placed


def _balanced(blocks, body_pt: float, accent: str, columns: int, col_w: float, col_h: float):
    """The flow with the shortest column height that still fits: columns end level instead of one full, one empty."""
    lo, hi, best = 0.0, col_h, None
    for _ in range(30):
        mid = (lo + hi) / 2
        placed = _flow(blocks, body_pt, accent, columns, col_w, mid)
        if placed is None:
            lo = mid
        else:
            hi, best = mid, placed
    return best


def _fitting_size(blocks, sheet: Sheet, accent: str, col_w: float, col_h: float, path: Path):
    """The body size and flow: body_pt, shrunk (never under 7 pt) until it fits, or grown up to
    max_body_pt while it still fits, so a short text fills the page instead of leaving half of it blank."""
    def flow(size):
        try:
            return _flow(blocks, size, accent, sheet.columns, col_w, col_h)
        except LayoutError as err:
            raise ContentError(path, None, str(err)) from None

    size = sheet.body_pt
    placed = flow(size)
    while placed is None and size - 0.25 >= MIN_BODY_PT - 1e-9:
        size -= 0.25
        placed = flow(size)
    if placed is None:
        raise ContentError(path, blocks[-1].line if blocks else None,
                           f"sheet '{sheet.id}': the text does not fit one page even at {MIN_BODY_PT} pt")
    while size + 0.25 <= sheet.max_body_pt + 1e-9:
        bigger = flow(size + 0.25)
        if bigger is None:
            break
        size, placed = size + 0.25, bigger
    return size, _balanced(blocks, size, accent, sheet.columns, col_w, col_h) or placed


def render_sheet(canvas: Canvas, sheet: Sheet, info: GameInfo, folder: Path, width_mm: float, height_mm: float,
                 margin_mm: float = 12.0, label: str = "") -> None:
    """Draw the sheet on the current page of `canvas` (a page of width_mm x height_mm)."""
    path = folder / sheet.source
    blocks = parse_blocks(path.read_text(encoding="utf-8"))
    accent = sheet.accent
    # Title band
    title = TextStyle(size_pt=20, bold=True, colour=accent)
    canvas.text(margin_mm, margin_mm + 7, info.title, title)
    sub = TextStyle(size_pt=11, colour="#444444")
    canvas.text(width_mm - margin_mm, margin_mm + 7, sheet.name, sub, align="right")
    canvas.line(margin_mm, margin_mm + 10, width_mm - margin_mm, margin_mm + 10, Stroke(accent, 0.5))
    top = margin_mm + 15
    footer_h = 10.0
    gap = 7.0
    col_w = (width_mm - 2 * margin_mm - gap * (sheet.columns - 1)) / sheet.columns
    col_h = height_mm - top - margin_mm - footer_h
    size, placed = _fitting_size(blocks, sheet, accent, col_w, col_h, path)
    for p in placed:
        x = margin_mm + p.column * (col_w + gap)
        if p.block.kind == "item":
            bullet = TextStyle(size_pt=size, bold=True, colour=accent)
            canvas.text(x + 0.6, top + p.y + p.layout.first_baseline_mm, "•", bullet)
        canvas.draw_layout(x + p.indent, top + p.y, col_w - p.indent, p.layout.height_mm, p.layout)
    for i in range(1, sheet.columns):
        xx = margin_mm + i * (col_w + gap) - gap / 2
        canvas.line(xx, top, xx, top + col_h, Stroke("#DDDDDD", 0.25))
    foot = TextStyle(size_pt=7.5, colour="#666666")
    credit = info.credit or ", ".join(info.authors)
    canvas.line(margin_mm, height_mm - margin_mm - footer_h + 3, width_mm - margin_mm,
                height_mm - margin_mm - footer_h + 3, Stroke("#BBBBBB", 0.25))
    canvas.text(margin_mm, height_mm - margin_mm - 2, french(credit), foot)
    canvas.text(width_mm - margin_mm, height_mm - margin_mm - 2,
                french(f"{info.players} joueurs · {info.duration} · {info.ages}"), foot, align="right")
    if label:  # what the sheet is and how to print it (STYLE.md), under the footer
        canvas.text(width_mm / 2, height_mm - margin_mm / 2 + 1.2, label, foot.with_(colour="#8C8C8C"), align="center")
