"""The playtest report as one A4 page: the figures, a bar chart of the wins, a histogram of the lengths.

Drawn on the millimetre canvas of generator/draw (its PDF backend), every word
from the catalogue of the game's language. The bar chart shows each seat's win
rate with its 95 % interval as a whisker and the fair share as a dashed line;
the histogram counts the finished games by length, the games stopped at the limit
as a last, hatched bar. With a second variant, each bar has its twin (B, hatched
lighter) and the comparison table follows.
"""

from __future__ import annotations

import math
from typing import Sequence

from ..draw.canvas import Canvas, LayoutError
from ..draw.pdf import PdfCanvas
from ..draw.style import Stroke, TextStyle
from ..i18n import Catalogue
from .summary import Difference, Summary
from .table import agent_rows, agents_test, difference_rows, ending_rows, facts, headline, seat_rows, variant_name

PAGE_W, PAGE_H = 210.0, 297.0
MARGIN = 15.0
INK = "#222222"
GREY = "#8A8A8A"
LIGHT = "#D9D9D9"
BAR_A = "#2F6DA8"       # contrast with white over 4.5:1; the B bars are hatched too, not told by colour alone
BAR_B = "#C9772B"
TITLE = TextStyle(size_pt=16, bold=True, colour=INK)
SUB = TextStyle(size_pt=9, colour=INK)
BODY = TextStyle(size_pt=9, colour=INK)
HEAD = TextStyle(size_pt=10.5, bold=True, colour=INK)
SMALL = TextStyle(size_pt=7.5, colour="#555555")
CELL = TextStyle(size_pt=8.5, colour=INK)
CELL_BOLD = TextStyle(size_pt=8.5, bold=True, colour=INK)
HAIR = Stroke(LIGHT, 0.2)
AXIS = Stroke(GREY, 0.3)
HISTOGRAM_BINS = 20


def nice_width(span: float, bins: int) -> int:
    """A round bin width (1, 2, 5 times a power of ten) giving at most `bins` bins over `span`."""
    if span <= bins:
        return 1
    scale = 10 ** math.floor(math.log10(span / bins))
    for step in (1, 2, 5, 10):
        if span / (step * scale) <= bins:
            return int(step * scale)
    return int(10 * scale)


def histogram(values: Sequence[int], width: int) -> list[int]:
    """Counts of values in [0, w), [w, 2w), ... up to the largest value."""
    if not values:
        return []
    counts = [0] * (max(values) // width + 1)
    for v in values:
        counts[v // width] += 1
    return counts


def _hatch(c: Canvas, x: float, y: float, w: float, h: float, colour: str) -> None:
    """Diagonal lines across a box (clipped to it): a bar told apart by its pattern, not its colour alone."""
    with c.group(clip=(x, y, w, h)):
        step = 1.6
        k = -h
        while k < w:
            c.line(x + k, y + h, x + k + h, y, Stroke(colour, 0.3))
            k += step


def _table(c: Canvas, x: float, y: float, widths: Sequence[float], header: Sequence[str],
           rows: Sequence[Sequence[str]], aligns: str) -> float:
    """A plain table (header in bold, a hairline under it); returns the y under its last row."""
    line = 4.4
    y += line

    def cells(values: Sequence[str], style: TextStyle, at: float) -> None:
        cx = x
        for value, w, align in zip(values, widths, aligns):
            if align == "r":
                c.text(cx + w - 1.0, at, value, style, align="right")
            else:
                c.text(cx, at, value, style)
            cx += w

    cells(header, CELL_BOLD, y)
    c.line(x, y + 1.4, x + sum(widths), y + 1.4, AXIS)
    for row in rows:
        y += line
        cells(row, CELL, y)
    return y + 2.0


def _bars(c: Canvas, x: float, y: float, w: float, h: float, runs: Sequence[Summary], words: Catalogue) -> None:
    """Win rate per seat (and draws, capped), whiskers for the 95 % intervals, the fair share dashed."""
    c.text(x, y, words("engine.report.bars_title"), HEAD)
    top, bottom = y + 6.0, y + h - 9.0
    left = x + 9.0
    right = x + w
    plot_h = bottom - top
    for tick in (0, 25, 50, 75, 100):
        ty = bottom - plot_h * tick / 100
        c.line(left, ty, right, ty, HAIR if tick else AXIS)
        c.text(left - 1.5, ty + 1.0, words("engine.report.percent", value=tick), SMALL, align="right")
    first = runs[0]
    groups = [(line.player, [run.seats[i].wins for run in runs]) for i, line in enumerate(first.seats)]
    if any(run.draws.k for run in runs):
        groups.append((words("engine.report.draws"), [run.draws for run in runs]))
    if any(run.capped.k for run in runs):
        groups.append((words("engine.report.capped"), [run.capped for run in runs]))
    slot = (right - left) / len(groups)
    bar = min(14.0, slot * 0.7 / len(runs))
    for g, (label, shares) in enumerate(groups):
        gx = left + slot * g + (slot - bar * len(shares)) / 2
        for r, share in enumerate(shares):
            bx = gx + r * bar
            bh = plot_h * share.rate
            colour = BAR_A if r == 0 else BAR_B
            if bh > 0:
                c.rect(bx + 0.4, bottom - bh, bar - 0.8, bh, fill=colour if r == 0 else None,
                       stroke=Stroke(colour, 0.3))
                if r:
                    _hatch(c, bx + 0.4, bottom - bh, bar - 0.8, bh, colour)
            low, high = share.interval
            mx = bx + bar / 2
            c.line(mx, bottom - plot_h * low, mx, bottom - plot_h * high, Stroke(INK, 0.35))
            for end in (low, high):
                c.line(mx - 1.2, bottom - plot_h * end, mx + 1.2, bottom - plot_h * end, Stroke(INK, 0.35))
        c.text(left + slot * (g + 0.5), bottom + 4.0, label, SMALL, align="center")
    fair_y = bottom - plot_h * first.fair        # the fair share, over the bars
    c.line(left, fair_y, right, fair_y, Stroke(INK, 0.3, dash_mm=(1.5, 1.0)))
    if len(runs) > 1:
        lx = left
        for r, run in enumerate(runs):
            colour = BAR_A if r == 0 else BAR_B
            c.rect(lx, bottom + 6.0, 3.0, 2.4, fill=colour if r == 0 else None, stroke=Stroke(colour, 0.3))
            if r:
                _hatch(c, lx, bottom + 6.0, 3.0, 2.4, colour)
            name = variant_name(words, run.setup.variant)
            c.text(lx + 4.0, bottom + 8.2, name, SMALL)
            lx += 8.0 + _small_width(name)


def _small_width(text: str) -> float:
    from ..draw.fonts import text_width_mm
    return text_width_mm(text, SMALL)


def _histogram(c: Canvas, x: float, y: float, w: float, h: float, runs: Sequence[Summary],
               words: Catalogue) -> None:
    """Finished games by length, in round bins; the capped games as a last hatched bar."""
    c.text(x, y, words("engine.report.histogram_title"), HEAD)
    top, bottom = y + 6.0, y + h - 9.0
    left, right = x + 9.0, x + w
    longest = max([max(run.length_values, default=0) for run in runs] + [1])
    width = nice_width(longest + 1, HISTOGRAM_BINS)
    series = [histogram(run.length_values, width) for run in runs]
    bins = max(len(s) for s in series) if any(series) else 1
    capped = [run.capped.k for run in runs]
    columns = bins + (1 if any(capped) else 0)
    peak = max([max(s, default=0) for s in series] + capped + [1])
    step = nice_width(peak, 5)      # at most 5 gridlines, on round counts
    plot_h = bottom - top
    for tick in range(0, peak + 1, step):
        ty = bottom - plot_h * tick / peak
        c.line(left, ty, right, ty, HAIR if tick else AXIS)
        c.text(left - 1.5, ty + 1.0, str(tick), SMALL, align="right")
    slot = (right - left) / columns
    bar = slot / len(runs)
    for r, counts in enumerate(series):
        colour = BAR_A if r == 0 else BAR_B
        for b, n in enumerate(list(counts) + ([capped[r]] if any(capped) else [])):
            if not n:
                continue
            bh = plot_h * n / peak
            bx = left + b * slot + r * bar
            if any(capped) and b == columns - 1:
                colour = GREY
            c.rect(bx + 0.15, bottom - bh, bar - 0.3, bh, fill=None if r else colour, stroke=Stroke(colour, 0.25))
            if r:
                _hatch(c, bx + 0.15, bottom - bh, bar - 0.3, bh, colour)
    labels = max(1, math.ceil(bins / 5))
    for b in range(0, bins + 1, labels):
        if b < bins or not any(capped):     # the capped column has its own label there
            c.text(left + b * slot, bottom + 4.0, str(b * width), SMALL, align="center")
    if any(capped):
        c.text(right - slot / 2, bottom + 4.0, f"{runs[0].capped_plies}+", SMALL, align="center")
        c.text(right, bottom + 8.0, words("engine.report.histogram_capped", plies=runs[0].capped_plies), SMALL,
               align="right")


def draw_report(c: Canvas, runs: Sequence[Summary], words: Catalogue, diffs: Sequence[Difference] = ()) -> None:
    """The whole page on a canvas already at an A4 page."""
    first = runs[0]
    x, y = MARGIN, MARGIN + 6.0
    lines = headline(first, words)
    c.text(x, y, lines[0], TITLE)
    y += 6.0
    for line in lines[1:]:
        c.text(x, y, line, SUB)
        y += 4.4
    if len(runs) > 1:
        c.text(x, y, words("engine.report.compare_title", a=variant_name(words, first.setup.variant),
                           b=variant_name(words, runs[1].setup.variant)), SUB)
        y += 4.4
    y += 4.0
    half = (PAGE_W - 2 * MARGIN - 8.0) / 2
    chart_h = 70.0 if len(runs) > 1 else 95.0
    _bars(c, x, y, half, chart_h, runs, words)
    _histogram(c, x + half + 8.0, y, half, chart_h, runs, words)
    y += chart_h + 6.0
    width = PAGE_W - 2 * MARGIN
    for run in runs:
        if len(runs) > 1:
            # Compared: the comparison table below gives each seat's rates; here each run's facts and endings.
            c.text(x, y, variant_name(words, run.setup.variant), HEAD)
            y += 2.0
        else:
            y = _table(c, x, y, (45.0, 35.0, 35.0, 30.0, 35.0),
                       [words(f"engine.report.{k}") for k in ("seat", "agent", "won", "rate", "interval")],
                       seat_rows(run, words), "llrrr")
        for sentence in facts(run, words):
            c.text_box(x, y, width, 9.0, sentence, BODY, min_size_pt=8.0)
            y += 4.4 * (2 if _wraps(sentence, width) else 1)
        if run.agents and len(runs) == 1:
            # different agents in the seats: whether one beats the others, and how to read the test
            y = _table(c, x, y + 1.0, (22.0, 15.0, 30.0, 16.0, 30.0, 22.0, 26.0, width - 161.0),
                       [words(f"engine.report.{k}") for k in ("agent", "seats", "won_decided", "rate", "interval",
                                                               "fair", "p_value", "beats")],
                       agent_rows(run, words), "lrrrrrrr")
            c.text_box(x, y, width, 18.0, agents_test(run, words), BODY, min_size_pt=7.0)
            y += 18.0
        y += 1.0
        y = _table(c, x, y, (width - 45.0, 22.0, 23.0),
                   [words(f"engine.report.{k}") for k in ("ending", "games", "share")],
                   ending_rows(run, words), "lrr") + 5.0
    if diffs:
        c.text(x, y + 2.0, words("engine.report.compare_title", a=variant_name(words, first.setup.variant),
                                 b=variant_name(words, runs[1].setup.variant)), HEAD)
        y = _table(c, x, y + 3.0, (52.0, 22.0, 22.0, 26.0, 36.0, 22.0),
                   [words("engine.report.measure"), variant_name(words, first.setup.variant),
                    variant_name(words, runs[1].setup.variant)] +
                   [words(f"engine.report.{k}") for k in ("difference", "interval", "significant")],
                   difference_rows(diffs, words), "lrrrrr")
        c.text_box(x, y, width, 9.0, words("engine.report.significance", games=first.games), BODY, min_size_pt=8.0)
        y += 9.0
    if y > PAGE_H - MARGIN:
        raise LayoutError(f"the playtest report needs {y:.0f} mm of a {PAGE_H:.0f} mm page")
    c.text(x, PAGE_H - MARGIN + 4.0, words("engine.report.footer", game=first.setup.game_id, games=first.games,
                                           seed=first.setup.seed), SMALL)


def _wraps(text: str, width: float) -> bool:
    from ..draw.fonts import text_width_mm
    return text_width_mm(text, BODY) > width


def report_pdf(runs: Sequence[Summary], words: Catalogue, diffs: Sequence[Difference] = ()) -> bytes:
    """The one-page PDF of a run (or of two runs compared)."""
    first = runs[0]
    pdf = PdfCanvas(title=words("engine.report.heading", game=first.setup.game_id, games=first.games),
                    author="PnP Forge")
    pdf.begin_page(PAGE_W, PAGE_H)
    draw_report(pdf, runs, words, diffs)
    return pdf.finish()
