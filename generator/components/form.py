"""Forms to fill in by hand: score pads, character sheets, any sheet of boxes, tracks and lines.

A form is one Face the size of its share of the paper (a whole page, a half or
a quarter), laid out from `rows` of `blocks` top to bottom: each row shares the
width among its blocks by their `width`, takes the height of its tallest block
(or its own `height_mm`), and rows marked `grow` share what is left of the page,
where tables and lines without a count add rows until they fill it. Layout is
computed and checked first (text at 7 pt at least, every glyph in the font,
everything on the page), then drawn, so a form that does not fit is a
ContentError with the form's line, never a clipped page.

print/forms.py puts copies of the face on pages with cut lines between them
and a page label.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

from ..content.models import Form, FormBlock, FormChoices, FormField, FormLines, FormTable, FormText, FormTrack
from ..content.schema import Where
from ..draw import fonts
from ..draw.canvas import Canvas, LayoutError, layout_text
from ..draw.style import Stroke, TextStyle
from ..draw.typography import french
from .face import Face
from .layout import Frame, replay
from .mat import ElementSpot, element_values, resolve_elements

Op = Callable[[Canvas], None]
MIN_PT = 7.0
TITLE_PT = 13.0
SUBTITLE_PT = 8.0
HEADER_MM = 11.0            # title band: title, rule, space before the first row
LABEL_GAP_MM = 1.2          # between a label and the box it names
FRAME_PAD_MM = 2.5          # inside a framed block
HINT_COLOUR = "#6B6B6B"     # grey text still at 5.3:1 on white
RULE_COLOUR = "#8A8A8A"     # writing lines
HEADER_FILL = "#EDEDED"     # table header cells
BAND_GAP_MM = 1.0           # between the last row and the band of pieces: their crop marks keep 2 mm more


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float


class Placed:
    """A block with its box, ready to draw."""

    def __init__(self, block: FormBlock, box: Box):
        self.block, self.box = block, box


def _spot(form: Form, row_no: int, block_no: int, block: FormBlock) -> ElementSpot:
    return ElementSpot("form", form.id, f"row {row_no}, block {block_no} ({block.block_kind})",
                       block._source, form._source)


class FormLayout:
    """Measures and draws the blocks of one form at one size."""

    def __init__(self, form: Form, width_mm: float, height_mm: float, language: str = "fr"):
        self.form, self.width_mm, self.height_mm = form, width_mm, height_mm
        self.language = language
        self.label = TextStyle(size_pt=form.text_pt, bold=True, colour=form.accent)
        self.plain = TextStyle(size_pt=form.text_pt)
        self.small = TextStyle(size_pt=MIN_PT, colour=HINT_COLOUR)
        self.stroke = Stroke("#222222", form.line_mm)
        self.heavy = Stroke("#222222", max(form.line_mm * 1.8, 0.45))

    # --- text helpers --------------------------------------------------------------------------
    def t(self, text: str) -> str:
        return french(text) if self.language == "fr" else text

    def check_text(self, text: str, style: TextStyle, spot: ElementSpot) -> None:
        missing = fonts.missing_glyphs(text, style)
        if missing:
            shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in sorted(missing))
            raise spot.error(f"the font has no glyph for {shown}")

    def fit_line(self, text: str, style: TextStyle, width: float, spot: ElementSpot) -> TextStyle:
        """The style shrunk (never under 7 pt) until one line of text fits the width."""
        self.check_text(text, style, spot)
        while fonts.text_width_mm(text, style) > width + 1e-6:
            if style.size_pt - 0.25 < MIN_PT - 1e-9:
                raise spot.error(f"{text!r} does not fit {max(width, 0):.1f} mm even at {MIN_PT:g} pt; widen "
                                 f"the block or shorten the text")
            style = style.with_(size_pt=style.size_pt - 0.25)
        return style

    def label_h(self, text: str) -> float:
        return fonts.cap_height_mm(self.label) + LABEL_GAP_MM + 0.6 if text else 0.0

    # --- natural heights -------------------------------------------------------------------------
    def natural_h(self, block: FormBlock, w: float, spot: ElementSpot) -> float:
        body = block.body
        pad = 2 * FRAME_PAD_MM if block.frame else 0.0
        w -= pad
        if w <= 0:
            raise spot.error("the block has no width left; give it a larger `width` or fewer neighbours")
        kind = block.block_kind
        if kind == "space":
            return body + pad
        if kind == "field":
            return (self.label_h(body.label) if body.label_at == "top" else 0.0) + body.height_mm + pad
        if kind == "track":
            lines = self._track_lines(body, w, spot)[1]
            top = self.label_h(body.label) if body.label_at == "top" else 0.0
            return top + lines * body.box_mm + (lines - 1) * body.gap_mm + pad
        if kind == "table":
            rows = (body.rows or 1) + 1 + (1 if body.total else 0)
            return rows * body.row_mm + pad
        if kind == "lines":
            return self.label_h(body.label) + (body.count or 1) * body.spacing_mm + pad
        if kind == "text":
            return self._text_layout(body, w, None, spot).height_mm + pad
        if kind == "choices":
            cols, rows, _ = self._choice_grid(body, w, spot)
            return self.label_h(body.label) + rows * body.box_mm + (rows - 1) * 2.0 + pad
        raise AssertionError(kind)

    def _track_lines(self, track: FormTrack, w: float, spot: ElementSpot) -> tuple[float, int, int]:
        """Label width beside the boxes, number of lines, boxes per line."""
        label_w = 0.0
        if track.label and track.label_at == "left":
            self.check_text(track.label, self.label, spot)
            label_w = fonts.text_width_mm(self.t(track.label), self.label) + 2.5
        room = w - label_w
        per_line = int((room + track.gap_mm) / (track.box_mm + track.gap_mm) + 1e-9)
        if per_line < 1:
            raise spot.error(f"track: not even one {track.box_mm:g} mm box fits beside its label in "
                             f"{w:.1f} mm")
        per_line = min(per_line, track.boxes)
        return label_w, math.ceil(track.boxes / per_line), per_line

    def _text_layout(self, text: FormText, w: float, h: Optional[float], spot: ElementSpot):
        style = TextStyle(size_pt=text.size_pt, bold=text.bold, italic=text.italic, colour=text.colour)
        self.check_text(text.text.replace("*", ""), style, spot)
        try:
            if h is None:
                return layout_text(self.t(text.text), style, w, 1e6, fit=False)
            return layout_text(self.t(text.text), style, w, h, min_size_pt=MIN_PT)
        except LayoutError as err:
            raise spot.error(str(err)) from None

    def _choice_grid(self, ch: FormChoices, w: float, spot: ElementSpot) -> tuple[int, int, float]:
        for option in ch.options:
            self.check_text(option, self.plain, spot)
        widest = max(fonts.text_width_mm(self.t(o), self.plain) for o in ch.options)
        cell = ch.box_mm + 1.5 + widest + 4.0
        fit = max(1, int((w + 4.0) / cell + 1e-9))
        cols = min(ch.columns or fit, len(ch.options))
        if ch.columns and ch.columns > fit and cols > 1:
            raise spot.error(f"choices: {ch.columns} columns of {cell - 4.0:.1f} mm do not fit {w:.1f} mm")
        col_w = (w + 4.0) / cols - 4.0
        if ch.box_mm + 1.5 + widest > col_w + 1e-6:
            raise spot.error(f"choices: the longest option does not fit {w:.1f} mm beside its box")
        return cols, math.ceil(len(ch.options) / cols), col_w

    # --- layout ------------------------------------------------------------------------------------
    def content_box(self) -> Box:
        m = self.form.margin_mm
        top = m + (HEADER_MM if self.has_title else 0.0)
        return Box(m, top, self.width_mm - 2 * m, self.height_mm - top - m)

    @property
    def has_title(self) -> bool:
        return self.title_text != ""

    @property
    def title_text(self) -> str:
        return self.form.name if self.form.title is None else self.form.title

    def place(self) -> tuple[list[Placed], list[tuple[str, float, float, float]]]:
        """Every block's box, and every row heading (text, x, y, width), or a ContentError."""
        form, area = self.form, self.content_box()
        measured = []   # (row, widths, natural height, heading height)
        for r, row in enumerate(form.rows, start=1):
            gaps = row.gap_mm * (len(row.blocks) - 1)
            total = sum(b.width for b in row.blocks)
            widths = [(area.w - gaps) * b.width / total for b in row.blocks]
            if row.heading:
                self.check_text(row.heading, self.label, ElementSpot("form", form.id, f"row {r}", row._source,
                                                                     form._source))
            heading_h = self.label_h(row.heading) + 0.6 if row.heading else 0.0
            naturals = [self.natural_h(b, w, _spot(form, r, i, b))
                        for i, (b, w) in enumerate(zip(row.blocks, widths), start=1)]
            height = row.height_mm if row.height_mm is not None else max(naturals)
            for i, (b, nat) in enumerate(zip(row.blocks, naturals), start=1):
                if nat > height + 1e-6 and b.block_kind != "text":
                    raise _spot(form, r, i, b).error(f"needs {nat:.1f} mm but the row is {height:g} mm tall")
            measured.append((row, widths, height, heading_h))
        used = sum(h + hh for _, _, h, hh in measured) + form.row_gap_mm * max(0, len(measured) - 1)
        spare = area.h - used
        if spare < -1e-6:
            where = form._source or Where(None, None)
            raise where.error(f"form '{form.id}': the rows need {used:.1f} mm but a form of "
                              f"{self.width_mm:.0f} x {self.height_mm:.0f} mm holds {area.h:.1f} mm; remove rows, "
                              f"lower heights, or print fewer per page")
        growers = [m for m in measured if m[0].grow]
        extra = spare / len(growers) if growers else 0.0
        placed, headings, y = [], [], area.y
        for row, widths, height, heading_h in measured:
            if row.grow:
                height += extra
            if row.heading:
                headings.append((row.heading, area.x, y, area.w))
                y += heading_h
            x = area.x
            for block, w in zip(row.blocks, widths):
                placed.append(Placed(block, Box(x, y, w, height)))
                x += w + row.gap_mm
            y += height + form.row_gap_mm
        return placed, headings

    # --- drawing -------------------------------------------------------------------------------------
    def ops(self, game_title: str = "") -> list[Op]:
        """Checked drawing operations of the whole form (title, rows) in form mm."""
        form = self.form
        ops: list[Op] = []
        if self.has_title:
            ops += self._title_ops(game_title)
        placed, headings = self.place()
        for text, x, y, w in headings:
            heading, style = self.t(text), self.label
            cap = fonts.cap_height_mm(style)
            ops.append(lambda c, heading=heading, x=x, y=y, style=style, cap=cap: c.text(x, y + cap, heading, style))
        numbers = {}
        for r, row in enumerate(form.rows, start=1):
            for i, b in enumerate(row.blocks, start=1):
                numbers[id(b)] = (r, i)
        for p in placed:
            r, i = numbers[id(p.block)]
            ops += self.block_ops(p.block, p.box, _spot(form, r, i, p.block))
        return ops

    def _title_ops(self, game_title: str) -> list[Op]:
        form, m = self.form, self.form.margin_mm
        spot = ElementSpot("form", form.id, "title", form._source, form._source)
        right = self.t(game_title) if game_title and game_title != self.title_text else ""
        sub = TextStyle(size_pt=SUBTITLE_PT, colour=HINT_COLOUR)
        right_w = fonts.text_width_mm(right, sub) + 4.0 if right else 0.0
        title = self.fit_line(self.t(self.title_text), TextStyle(size_pt=TITLE_PT, bold=True, colour=form.accent),
                              self.width_mm - 2 * m - right_w, spot)
        if right:
            self.check_text(right, sub, spot)
        text, w = self.t(self.title_text), self.width_mm
        base = m + fonts.cap_height_mm(title) + 0.5
        rule = Stroke(form.accent, 0.4)

        def draw(c: Canvas) -> None:
            c.text(m, base, text, title)
            if right:
                c.text(w - m, base, right, sub, align="right")
            c.line(m, base + 2.5, w - m, base + 2.5, rule)
        return [draw]

    def block_ops(self, block: FormBlock, box: Box, spot: ElementSpot) -> list[Op]:
        ops: list[Op] = []
        if block.frame:
            frame_stroke = Stroke(self.form.accent, max(self.form.line_mm, 0.3))
            outer = box
            ops.append(lambda c: c.rect(outer.x, outer.y, outer.w, outer.h, stroke=frame_stroke, radius=1.5))
            box = Box(box.x + FRAME_PAD_MM, box.y + FRAME_PAD_MM, box.w - 2 * FRAME_PAD_MM, box.h - 2 * FRAME_PAD_MM)
        kind = block.block_kind
        if kind == "space":
            return ops
        handler = {"field": self._field, "track": self._track, "table": self._table, "lines": self._lines,
                   "text": self._text, "choices": self._choices}[kind]
        return ops + handler(block.body, box, spot)

    def _label_op(self, text: str, x: float, y_top: float, w: float, spot: ElementSpot) -> tuple[Op, float]:
        """A label whose capitals start at y_top; returns its drawing and its height with the gap."""
        text = self.t(text)
        style = self.fit_line(text, self.label, w, spot)
        cap = fonts.cap_height_mm(style)
        return (lambda c: c.text(x, y_top + cap, text, style)), self.label_h(text)

    def _field(self, f: FormField, box: Box, spot: ElementSpot) -> list[Op]:
        ops: list[Op] = []
        x, y, w = box.x, box.y, box.w
        if f.label and f.label_at == "top":
            op, h = self._label_op(f.label, x, y, w, spot)
            ops.append(op)
            y += h
        elif f.label and f.label_at == "left":
            text = self.t(f.label)
            style = self.fit_line(text, self.label, w * 0.6, spot)
            lw = fonts.text_width_mm(text, style) + 2.5
            cap = fonts.cap_height_mm(style)
            cy = y + f.height_mm / 2
            lx = x
            ops.append(lambda c: c.text(lx, cy + cap / 2, text, style))
            x, w = x + lw, w - lw
        bx, by, bw, bh = x, y, w, f.height_mm
        stroke = self.stroke
        ops.append(lambda c: c.rect(bx, by, bw, bh, stroke=stroke, radius=1.0))
        if f.label and f.label_at == "inside":
            text = self.t(f.label)
            style = self.fit_line(text, self.label.with_(size_pt=max(MIN_PT, self.form.text_pt - 1)), bw - 3, spot)
            cap = fonts.cap_height_mm(style)
            if cap + 2.0 > bh:
                raise spot.error(f"field: a {bh:g} mm box is too low for its label inside")
            ops.append(lambda c: c.text(bx + 1.5, by + 1.2 + cap, text, style))
        if f.hint:
            hint = self.t(f.hint)
            style = self.fit_line(hint, self.small, bw - 3, spot)
            ops.append(lambda c: c.text(bx + bw - 1.5, by + bh - 1.3, hint, style, align="right"))
        return ops

    def _track(self, t: FormTrack, box: Box, spot: ElementSpot) -> list[Op]:
        ops: list[Op] = []
        x, y, w = box.x, box.y, box.w
        if t.label and t.label_at == "top":
            op, h = self._label_op(t.label, x, y, w, spot)
            ops.append(op)
            y += h
        label_w, lines, per_line = self._track_lines(t, w, spot)
        if t.label and t.label_at == "left":
            text = self.t(t.label)
            style, cap = self.label, fonts.cap_height_mm(self.label)
            ly = y + t.box_mm / 2 + cap / 2
            ops.append(lambda c: c.text(x, ly, text, style))
        number_style = TextStyle(size_pt=MIN_PT, colour=HINT_COLOUR)
        if t.numbered:
            widest = max(fonts.text_width_mm(str(n), number_style) for n in (t.start, t.start + t.boxes - 1))
            if widest > t.box_mm * 0.85:
                raise spot.error(f"track: numbers do not fit {t.box_mm:g} mm boxes at {MIN_PT:g} pt; enlarge "
                                 f"box_mm or drop numbered")
        boxes = []
        for n in range(t.boxes):
            line, k = divmod(n, per_line)
            bx = x + label_w + k * (t.box_mm + t.gap_mm)
            by = y + line * (t.box_mm + t.gap_mm)
            boxes.append((bx, by, str(t.start + n)))
        s, stroke, circle = t.box_mm, self.stroke, t.shape == "circle"
        cap = fonts.cap_height_mm(number_style)

        def draw(c: Canvas) -> None:
            for bx, by, number in boxes:
                if circle:
                    c.circle(bx + s / 2, by + s / 2, s / 2, stroke=stroke)
                else:
                    c.rect(bx, by, s, s, stroke=stroke, radius=min(0.8, s * 0.1))
                if t.numbered:
                    c.text(bx + s / 2, by + s / 2 + cap / 2, number, number_style, align="center")
        return ops + [draw]

    def _table(self, t: FormTable, box: Box, spot: ElementSpot) -> list[Op]:
        weights = list(t.widths) or [1.0] * len(t.columns)
        total = sum(weights)
        xs = [box.x]
        for wgt in weights:
            xs.append(xs[-1] + box.w * wgt / total)
        body_rows = t.rows if t.rows is not None else int((box.h + 1e-6) / t.row_mm) - 1 - (1 if t.total else 0)
        if body_rows < 1:
            raise spot.error(f"table: no room for one row of {t.row_mm:g} mm")
        n_rows = 1 + body_rows + (1 if t.total else 0)
        ys = [box.y + k * t.row_mm for k in range(n_rows + 1)]
        header = TextStyle(size_pt=t.header_pt, bold=True)
        texts = []   # (text, style, x centre, baseline)
        for k, name in enumerate(t.columns):
            if not name:
                continue
            name = self.t(name)
            col_w = xs[k + 1] - xs[k] - 1.5
            style = self.fit_line(name, header, col_w, spot)
            if fonts.cap_height_mm(style) + 1.5 > t.row_mm:
                raise spot.error(f"table: rows of {t.row_mm:g} mm are too low for the header text")
            texts.append((name, style, (xs[k] + xs[k + 1]) / 2, ys[0] + t.row_mm / 2 + fonts.cap_height_mm(style) / 2))
        first_w = xs[1] - xs[0] - 1.5
        if t.numbered:
            number = self.plain.with_(colour=HINT_COLOUR)
            self.fit_line(str(body_rows), number, first_w, spot)
            cap = fonts.cap_height_mm(number)
            for k in range(body_rows):
                texts.append((str(k + 1), number, (xs[0] + xs[1]) / 2, ys[k + 1] + t.row_mm / 2 + cap / 2))
        if t.total:
            label = self.t(t.total_label)
            style = self.fit_line(label, self.plain.with_(bold=True), first_w, spot)
            cap = fonts.cap_height_mm(style)
            texts.append((label, style, (xs[0] + xs[1]) / 2, ys[-2] + t.row_mm / 2 + cap / 2))
        thin, heavy, x0, x1, y0, y1 = self.stroke, self.heavy, xs[0], xs[-1], ys[0], ys[-1]

        def draw(c: Canvas) -> None:
            c.rect(x0, y0, x1 - x0, t.row_mm, fill=HEADER_FILL)
            for yy in ys[1:-1]:
                heavy_line = yy == ys[1] or (t.total and yy == ys[-2])
                c.line(x0, yy, x1, yy, heavy if heavy_line else thin)
            for xx in xs[1:-1]:
                c.line(xx, y0, xx, y1, thin)
            c.rect(x0, y0, x1 - x0, y1 - y0, stroke=heavy)
            for text, style, cx, base in texts:
                c.text(cx, base, text, style, align="center")
        return [draw]

    def _lines(self, ln: FormLines, box: Box, spot: ElementSpot) -> list[Op]:
        ops: list[Op] = []
        y = box.y
        if ln.label:
            op, h = self._label_op(ln.label, box.x, y, box.w, spot)
            ops.append(op)
            y += h
        count = ln.count if ln.count is not None else int((box.y + box.h - y + 1e-6) / ln.spacing_mm)
        if count < 1:
            raise spot.error(f"lines: no room for one line at {ln.spacing_mm:g} mm spacing")
        ys = [y + (k + 1) * ln.spacing_mm for k in range(count)]
        rule = Stroke(RULE_COLOUR, 0.25)
        x0, x1 = box.x, box.x + box.w

        def draw(c: Canvas) -> None:
            for yy in ys:
                c.line(x0, yy, x1, yy, rule)
        return ops + [draw]

    def _text(self, tx: FormText, box: Box, spot: ElementSpot) -> list[Op]:
        layout = self._text_layout(tx, box.w, box.h, spot)
        return [lambda c: c.draw_layout(box.x, box.y, box.w, box.h, layout, align=tx.align)]

    def _choices(self, ch: FormChoices, box: Box, spot: ElementSpot) -> list[Op]:
        ops: list[Op] = []
        y = box.y
        if ch.label:
            op, h = self._label_op(ch.label, box.x, y, box.w, spot)
            ops.append(op)
            y += h
        cols, rows, col_w = self._choice_grid(ch, box.w, spot)
        s, stroke, style = ch.box_mm, self.stroke, self.plain
        cap = fonts.cap_height_mm(style)
        items = []
        for n, option in enumerate(ch.options):
            col, row = n % cols, n // cols
            items.append((box.x + col * (col_w + 4.0), y + row * (s + 2.0), self.t(option)))

        def draw(c: Canvas) -> None:
            for bx, by, text in items:
                c.rect(bx, by, s, s, stroke=stroke, radius=min(0.8, s * 0.1))
                c.text(bx + s + 1.5, by + s / 2 + cap / 2, text, style)
        return ops + [draw]


def free_band(form: Form, width_mm: float, height_mm: float, language: str = "fr") -> tuple[float, float, float, float]:
    """The band (x, y, width, height in form mm) under the form's last row, inside its margin: where pieces of
    its stock may print (their `sheet_with`). The rows are measured, not the free `elements`: a form that
    hosts pieces keeps its elements above its rows' foot."""
    layout = FormLayout(form, width_mm, height_mm, language)
    placed, headings = layout.place()
    area = layout.content_box()
    feet = [b.box.y + b.box.h for b in placed] + [y for _, _, y, _ in headings]
    top = (max(feet) + BAND_GAP_MM) if feet else area.y
    return (area.x, top, area.w, max(0.0, area.y + area.h - top))


def form_face(form: Form, game_folder: Path, width_mm: float, height_mm: float, *, game_title: str = "",
              language: str = "fr") -> Face:
    """One form at this size (its share of the page), checked, as a Face without bleed."""
    layout = FormLayout(form, width_mm, height_mm, language)
    # White paper under everything, so the SVG preview is not transparent.
    ops: list[Op] = [lambda c: c.rect(0.0, 0.0, width_mm, height_mm, fill="#FFFFFF")]
    ops += layout.ops(game_title)
    frame = Frame(width_mm, height_mm, 0.0, form.margin_mm)
    values = element_values(form, {"width_mm": f"{width_mm:g}", "height_mm": f"{height_mm:g}"})
    placed, _ = layout.place()
    for block in (p for p in placed if p.block.elements):
        inside = Frame(block.box.w, block.box.h, 0.0, 0.0)      # checked against the block, not the form
        ops.append(_in_block(resolve_elements(form, block.block.elements, values, inside, game_folder), block.box))
    ops += resolve_elements(form, form.elements, values, frame, game_folder)
    return frame.face(replay(ops, frame))


def _in_block(drawn: list[Op], box: Box) -> Op:
    """A block's own elements, drawn from its top-left corner: where the form is printed larger (A3), its blocks
    widen and move, and what is drawn in them moves along (3d Run's direction arrows in the space beside JUMP)."""
    def draw(c: Canvas) -> None:
        with c.group(translate=(box.x, box.y)):
            for op in drawn:
                op(c)
    return draw
