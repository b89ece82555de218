"""The calibration page: lines of exactly 100 mm both ways and a one-inch square, to check 100 % scale."""

from __future__ import annotations

from ..draw.style import Stroke, TextStyle
from .document import GuideInfo, ImposedDocument, PageInfo, draw_label, fr, new_pdf, page_label
from .geometry import Box
from .options import PrintOptions
from .paper import page as paper_page

RULE_MM = 100.0
INCH_MM = 25.4
RULE = Stroke("#000000", 0.3)
TICK = Stroke("#000000", 0.2)


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


def calibration_page(options: PrintOptions, *, game_title: str = "") -> ImposedDocument:
    words, language = options.words, options.language
    page = paper_page(options.paper, "portrait", options.margin_mm)
    px, py, pw, ph = page.printable
    what = words("print.calibration.pdf_title")
    pdf = new_pdf(options, title=f"{game_title} — {what}" if game_title else what[:1].upper() + what[1:])
    pdf.begin_page(page.width_mm, page.height_mm)
    title = TextStyle(size_pt=16, bold=True)
    body = TextStyle(size_pt=10)
    pdf.text(px + 10, py + 15, fr(words("print.calibration.heading"), language), title)
    pdf.text_box(px + 10, py + 22, pw - 20, 24, fr(words("print.calibration.body"), language), body)
    x0, y0 = px + 20, py + 60
    _rule(pdf, x0, y0, horizontal=True)
    pdf.text(x0 + RULE_MM + 4, y0 + 1.5, "100 mm", body)
    vx, vy = x0, y0 + 25
    _rule(pdf, vx, vy, horizontal=False)
    pdf.text(vx - 2, vy + RULE_MM + 6, "100 mm", body)
    sx, sy = x0 + 40, y0 + 35
    pdf.rect(sx, sy, INCH_MM, INCH_MM, stroke=RULE)
    pdf.text(sx + INCH_MM + 4, sy + INCH_MM / 2 + 1.5, words("print.calibration.inch"), body)
    single = words("print.side.single")
    label = page_label(game_title, words("print.calibration.name"), 1, 1, single, words("print.setting.at_100"),
                       words=words)
    band: Box = (px, py + ph - 5.0, pw, 5.0)
    draw_label(pdf, band, label, language=language)
    info = PageInfo(1, page.width_mm, page.height_mm, "calibration", "single", label)
    guide = GuideInfo(title=words("print.calibration.entry_title"), sides=single,
                      paper_fr=words("print.paper.plain_80"), pages=1, steps=(words("print.calibration.step"),))
    return ImposedDocument(pdf.finish(), (info,), words("print.calibration.name"), "calibration", options.paper, guide,
                           meta={"rule_mm": RULE_MM, "horizontal": (x0, y0), "vertical": (vx, vy),
                                 "inch_square": (sx, sy, INCH_MM, INCH_MM)})
