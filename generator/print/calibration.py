"""The calibration sheet: 100 mm rules and a one-inch square (scale), and four duplex scales (back offset).

Page 1 (recto) checks that the printer prints at 100 %. With duplex, page 2
(verso) completes four vernier-like scales: on the recto each scale is a row
of short bars, and the verso continues each bar as it would be drawn with a
correction of k x 0.25 mm (k = -12..12) along the scale. Held to a light, the
one bar that runs on without a break names the correction this printer needs
there, as the label under it says. Two scales read x (A at the top, B at the
bottom), two read y (C on the left, D on the right); their differences give
the angle (printer.from_readings). The sheet itself is printed without any
printer profile: it measures the printer as it is.
"""

from __future__ import annotations

import re

from ..draw.canvas import layout_text
from ..draw.fonts import text_width_mm
from ..draw.geometry import Affine, translation
from ..draw.style import MM_PER_PT, Stroke, TextStyle
from .document import GuideInfo, ImposedDocument, PageInfo, draw_label, fr, new_pdf, page_label
from .duplex import sheet_flip
from .geometry import Box
from .options import PrintOptions
from .paper import page as paper_page
from .printer import Scale

RULE_MM = 100.0
INCH_MM = 25.4
RULE = Stroke("#000000", 0.3)
TICK = Stroke("#000000", 0.2)

STEP_MM = 0.25            # the correction between neighbouring bars: what the sheet resolves
STEPS = 12                # bars from -12 to +12 steps: -3 mm to +3 mm
PITCH_MM = 6.0            # distance between neighbouring bars of a scale
BAR_MM = 6.0              # length of each half of a bar (recto half, verso half)
BAR = Stroke("#000000", 0.3)
SCALE_INSET_MM = 22.0     # from the page edge to where the recto half of a side scale ends
LABEL_PT = 6.0


def _rule(pdf, x: float, y: float, horizontal: bool) -> None:
    """A 100 mm line with a tick every 10 mm (longer at 50 mm), ticks drawn apart from the line itself."""
    if horizontal:
        pdf.line(x, y, x + RULE_MM, y, RULE)
    else:
        pdf.line(x, y, x, y + RULE_MM, RULE)
    small = TextStyle(size_pt=7, colour="#333333")
    for i in range(11):
        length = 4.0 if i in (0, 5, 10) else 2.0
        if horizontal:
            pdf.line(x + 10 * i, y + 0.6, x + 10 * i, y + 0.6 + length, TICK)
            if i in (0, 5, 10):
                pdf.text(x + 10 * i, y + 8, f"{10 * i}", small, align="center")
        else:
            pdf.line(x + 0.6, y + 10 * i, x + 0.6 + length, y + 10 * i, TICK)
            if i in (0, 5, 10):
                pdf.text(x + 6, y + 10 * i + 1.2, f"{10 * i}", small)


# --- the duplex scales -------------------------------------------------------------------------------
def duplex_scales(width_mm: float, height_mm: float) -> list[dict]:
    """The four scales on the recto page: name, axis read, where its bars meet (the junction line), which way
    its verso half goes, and which side its labels go. Page millimetres of the recto."""
    cx, cy = width_mm / 2, height_mm / 2
    return [
        dict(name="A", axis="x", junction=(cx, 27.0), outward=(0.0, 1.0)),
        dict(name="B", axis="x", junction=(cx, height_mm - 34.0), outward=(0.0, -1.0)),
        dict(name="C", axis="y", junction=(SCALE_INSET_MM, cy), outward=(1.0, 0.0)),
        dict(name="D", axis="y", junction=(width_mm - SCALE_INSET_MM, cy), outward=(-1.0, 0.0)),
    ]


def _bar_points(scale: dict, k: int) -> tuple[tuple, tuple, tuple]:
    """Recto start, junction, verso end of bar k (recto page millimetres, no correction)."""
    jx, jy = scale["junction"]
    ox, oy = scale["outward"]
    if scale["axis"] == "x":
        jx += k * PITCH_MM
    else:
        jy += k * PITCH_MM
    return (jx - ox * BAR_MM, jy - oy * BAR_MM), (jx, jy), (jx + ox * BAR_MM, jy + oy * BAR_MM)


def back_scales(width_mm: float, height_mm: float, edge: str) -> list[Scale]:
    """Where each scale's readings apply on the back page, for printer.from_readings."""
    flip = sheet_flip(width_mm, height_mm, edge)
    return [Scale(s["name"], s["axis"], flip.apply(*s["junction"])) for s in duplex_scales(width_mm, height_mm)]


def _value(words, k: int) -> str:
    v = k * STEP_MM
    text = words.number(abs(v), 2)
    return "0" if k == 0 else ("+" if v > 0 else "\u2212") + text


def _draw_recto_scales(pdf, words, width_mm: float, height_mm: float) -> None:
    small = TextStyle(size_pt=LABEL_PT, colour="#333333")
    zero = small.with_(bold=True, colour="#000000")
    name_style = TextStyle(size_pt=12, bold=True)
    for scale in duplex_scales(width_mm, height_mm):
        ox, oy = scale["outward"]
        for k in range(-STEPS, STEPS + 1):
            start, junction, _ = _bar_points(scale, k)
            pdf.line(*start, *junction, BAR)
            style = zero if k == 0 else small
            label = _value(words, k)
            if scale["axis"] == "x":
                # Labels beyond the recto half, on two staggered rows so neighbours never touch.
                row = 0 if k % 2 == 0 else 1
                y = start[1] - 1.2 - 2.6 * row if oy > 0 else start[1] + 1.2 + 2.1 + 2.6 * row
                pdf.text(start[0], y, label, style, align="center")
            else:
                x = start[0] - ox * 1.2
                pdf.text(x, start[1] + 0.75, label, style, align="right" if ox > 0 else "left")
        # The scale's letter beside its first bar, outside the labels.
        first, _, _ = _bar_points(scale, -STEPS - 2)
        if scale["axis"] == "x":
            pdf.text(first[0], scale["junction"][1] - oy * 1.5 + 2.0, scale["name"], name_style, align="center")
        else:
            pdf.text(scale["junction"][0] - ox * 4.0, first[1] + 2.0, scale["name"], name_style, align="center")


def _draw_verso_scales(pdf, width_mm: float, height_mm: float, flip: Affine) -> None:
    """Each verso half on the back page where a correction of k steps along the scale would put it."""
    for scale in duplex_scales(width_mm, height_mm):
        for k in range(-STEPS, STEPS + 1):
            _, junction, end = _bar_points(scale, k)
            shift = (k * STEP_MM, 0.0) if scale["axis"] == "x" else (0.0, k * STEP_MM)
            moved = flip.then(translation(*shift))
            pdf.line(*moved.apply(*junction), *moved.apply(*end), BAR)


READINGS = TextStyle(size_pt=10, bold=True)
READINGS_GAP_MM = 5.0      # between two blanks on a line


def _draw_readings(pdf, x: float, y: float, width: float, text: str) -> None:
    """The catalogue's blanks (fields apart by three spaces or more: "A : ___    B : ___ …"), left to right
    within `width`, a field that would pass it starting the next line: never across the vertical rule."""
    cx = x
    for field in re.split(r"\s{3,}", text.strip()):
        w = text_width_mm(field, READINGS)
        if cx > x and cx + w > x + width:
            cx, y = x, y + READINGS.size_pt * MM_PER_PT * 1.6
        pdf.text(cx, y, field, READINGS)
        cx += w + READINGS_GAP_MM


def calibration_page(options: PrintOptions, *, game_title: str = "") -> ImposedDocument:
    words, language = options.words, options.language
    page = paper_page(options.paper, "portrait", options.margin_mm)
    px, py, pw, ph = page.printable
    W, H = page.width_mm, page.height_mm
    duplex = options.duplex != "none"
    what = words("print.calibration.pdf_title")
    pdf = new_pdf(options, title=f"{game_title} — {what}" if game_title else what[:1].upper() + what[1:])
    pdf.begin_page(W, H)
    title = TextStyle(size_pt=14, bold=True)
    body = TextStyle(size_pt=9)
    # The text and the rules sit between the four scales: x from 40 mm to W - 40 mm, y from 45 mm.
    tx, tw = 40.0, W - 80.0
    pdf.text(tx, 46.0, fr(words("print.calibration.heading"), language), title)
    pdf.text_box(tx, 50.0, tw, 26, fr(words("print.calibration.body"), language), body)
    x0, y0 = tx + 8.0, 84.0
    _rule(pdf, x0, y0, horizontal=True)
    pdf.text(x0 + RULE_MM + 4, y0 + 1.5, "100 mm", body)
    vx, vy = W - 52.0, y0 + 14
    _rule(pdf, vx, vy, horizontal=False)
    pdf.text(vx + 2, vy + RULE_MM + 6, "100 mm", body, align="center")
    sx, sy = x0, y0 + 16
    pdf.rect(sx, sy, INCH_MM, INCH_MM, stroke=RULE)
    pdf.text(sx + INCH_MM + 4, sy + INCH_MM / 2 + 1.5, words("print.calibration.inch"), body)
    if duplex:
        dy = sy + INCH_MM + 12
        dw = vx - 6 - tx
        pdf.text(tx, dy, fr(words("print.calibration.duplex_heading"), language), title.with_(size_pt=12))
        text = fr(words("print.calibration.duplex_body", setting=options.print_setting,
                        step=words.number(STEP_MM, 2)), language)
        layout = layout_text(text, body, dw, H - 62 - dy - 3)
        pdf.draw_layout(tx, dy + 3, dw, layout.height_mm, layout)
        below = dy + 3 + layout.height_mm + 6.0
        # Boxes to write the four readings in: the player hands them on; the commands that use them are the
        # designer's, at the end of the print guide (print.guide.designer_*).
        _draw_readings(pdf, tx, below + 1.0, vx - 4.0 - tx, words("print.calibration.readings"))
        _draw_recto_scales(pdf, words, W, H)
    side = words("print.side.recto") if duplex else words("print.side.single")
    setting = options.print_setting if duplex else words("print.setting.at_100")
    label = page_label(game_title, words("print.calibration.name"), 1, 2 if duplex else 1, side, setting, words=words)
    band: Box = (px, py + ph - 5.0, pw, 5.0)
    draw_label(pdf, band, label, language=language)
    infos = [PageInfo(1, W, H, "calibration", "recto" if duplex else "single", label)]
    meta = {"rule_mm": RULE_MM, "horizontal": (x0, y0), "vertical": (vx, vy),
            "inch_square": (sx, sy, INCH_MM, INCH_MM)}
    if duplex:
        flip = sheet_flip(W, H, options.duplex)
        pdf.begin_page(W, H)
        _draw_verso_scales(pdf, W, H, flip)
        back_label = page_label(game_title, words("print.calibration.name"), 2, 2, words("print.side.verso"),
                                options.print_setting, words=words)
        draw_label(pdf, flip.map_box(band), back_label, language=language)
        infos.append(PageInfo(2, W, H, "calibration", "verso", back_label, flip=options.duplex))
        meta["scales"] = back_scales(W, H, options.duplex)
    steps = [words("print.calibration.step")]
    if duplex:
        steps.append(words("print.calibration.duplex_step"))
    guide = GuideInfo(title=words("print.calibration.entry_title"),
                      sides=options.print_setting if duplex else words("print.side.single"),
                      paper_fr=words("print.paper.plain_80"), pages=len(infos), steps=tuple(steps))
    return ImposedDocument(pdf.finish(), tuple(infos), words("print.calibration.name"), "calibration", options.paper,
                           guide, meta=meta)
