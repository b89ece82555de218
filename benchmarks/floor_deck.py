"""The floor: the peer deck (benchmarks/peer-deck) drawn by a raw reportlab script, no PnP Forge code at all.

The same 48 cards as benchmarks/peer-deck/deck.yaml (/work/shared/bench/peer-deck.md): poker 63 x 88 mm,
3 mm bleed, A4 portrait, 3 x 3 per sheet with 3 mm gaps, crop marks, backs mirrored for long-edge duplex
(6 pages of fronts, 6 of backs), Fira Sans Bold embedded. What `pnp build peer-deck` does beyond this
(previews, cut files, calibration page, print guide, manifest, checks) is what the ratio measures.

    python benchmarks/floor_deck.py OUT.pdf
"""

from __future__ import annotations

import sys
from pathlib import Path

import fontpkg_fira_sans
from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

MM = 72 / 25.4
W, H, BLEED, GAP = 63.0, 88.0, 3.0, 3.0
BW, BH = W + 2 * BLEED, H + 2 * BLEED
COLS = ROWS = 3
SUITS = ("Fire", "Water", "Earth", "Gold")
BACKGROUNDS = ("#FDE2E2", "#E2F0FD", "#E2FDE6", "#FDF6E2")
INKS = ("#B22222", "#1F4E8C", "#2E7D32", "#B8860B")
FONT = "FiraSans-Bold"
PAGE_W, PAGE_H = 210.0, 297.0
X0, Y0 = (PAGE_W - COLS * BW - (COLS - 1) * GAP) / 2, (PAGE_H - ROWS * BH - (ROWS - 1) * GAP) / 2


def text_box_baseline(top_mm: float, size_pt: float) -> float:
    """Baseline (mm from the card's top) of a line whose top is top_mm: the font's ascent below it."""
    return top_mm + pdfmetrics.getFont(FONT).face.ascent / 1000 * size_pt / MM


def card(c: Canvas, front: bool, i: int) -> None:
    """One card, drawn in a coordinate system whose origin is its bleed box's top-left, y down in mm."""
    def rect(x, y, w, h, fill=None, stroke=None, width=0.0, radius=0.0):
        if fill:
            c.setFillColor(HexColor(fill))
        if stroke:
            c.setStrokeColor(HexColor(stroke))
            c.setLineWidth(width * MM)
        c.roundRect(x * MM, -(y + h) * MM, w * MM, h * MM, radius * MM, stroke=bool(stroke), fill=bool(fill))

    def text(s, x, y_top, size, colour, align="left"):
        c.setFillColor(HexColor(colour))
        c.setFont(FONT, size)
        baseline = -text_box_baseline(y_top, size) * MM
        {"left": c.drawString, "right": c.drawRightString, "center": c.drawCentredString}[align](x * MM, baseline, s)

    def centred(s, cx, cy, size, colour):
        c.setFillColor(HexColor(colour))
        c.setFont(FONT, size)
        cap = (pdfmetrics.getFont(FONT).face.capHeight or 700) / 1000 * size
        c.drawCentredString(cx * MM, -cy * MM - cap / 2, s)

    def triangle(points, fill, stroke=None, width=0.0):
        p = c.beginPath()
        p.moveTo(points[0][0] * MM, -points[0][1] * MM)
        for x, y in points[1:]:
            p.lineTo(x * MM, -y * MM)
        p.close()
        c.setFillColor(HexColor(fill))
        if stroke:
            c.setStrokeColor(HexColor(stroke))
            c.setLineWidth(width * MM)
        c.drawPath(p, fill=1, stroke=bool(stroke))

    if front:
        suit, value, ink = i % 4, i % 13 + 1, INKS[i % 4]
        rect(0, 0, BW, BH, fill=BACKGROUNDS[suit])
        rect(6, 6, 57, 82, stroke="#333333", width=1, radius=3)
        text(f"{SUITS[suit]} {i + 1:02d}", 9, 9, 12, "#222222")
        text(str(value), 60, 9, 12, ink, "right")
        centred(str(value), 34.5, 43, 72, ink)
        triangle([(34.5, 62), (24.5, 80), (44.5, 80)], ink, "#333333", 0.5)
    else:
        rect(0, 0, BW, BH, fill="#223355")
        rect(6, 6, 57, 82, stroke="#D4AF37", width=1, radius=3)
        centred("PEERS", 34.5, 40, 28, "#D4AF37")
        triangle([(34.5, 56), (24.5, 74), (44.5, 74)], "#D4AF37")


def crop_marks(c: Canvas) -> None:
    """Marks 5 mm long, 2 mm off the trim, outside the block of cards (as benchmarks/peer_deck.py draws them)."""
    c.setStrokeColor(HexColor("#000000"))
    c.setLineWidth(0.25)
    left, top = X0 + BLEED, Y0 + BLEED
    right = X0 + COLS * BW + (COLS - 1) * GAP - BLEED
    bottom = Y0 + ROWS * BH + (ROWS - 1) * GAP - BLEED
    edge, mark = BLEED + 2.0, 5.0

    def line(x1, y1, x2, y2):
        c.line(x1 * MM, (PAGE_H - y1) * MM, x2 * MM, (PAGE_H - y2) * MM)
    for col in range(COLS):
        for cx in (left + col * (BW + GAP), left + col * (BW + GAP) + W):
            line(cx, max(0.0, top - edge - mark), cx, top - edge)
            line(cx, bottom + edge, cx, min(PAGE_H, bottom + edge + mark))
    for row in range(ROWS):
        for cy in (top + row * (BH + GAP), top + row * (BH + GAP) + H):
            line(left - edge - mark, cy, left - edge, cy)
            line(right + edge, cy, right + edge + mark, cy)


def main(out: Path) -> None:
    pdfmetrics.registerFont(TTFont(FONT, str(Path(fontpkg_fira_sans.ROOT) / "files" / "FiraSans-Bold.ttf")))
    c = Canvas(str(out), pagesize=A4, invariant=1)
    per_page = COLS * ROWS
    for front in (True, False):
        for first in range(0, 48, per_page):
            for k, i in enumerate(range(first, min(first + per_page, 48))):
                col, row = k % COLS, k // COLS
                if not front:
                    col = COLS - 1 - col          # long-edge duplex: a back sits behind its front
                c.saveState()
                c.translate((X0 + col * (BW + GAP)) * MM, (PAGE_H - Y0 - row * (BH + GAP)) * MM)
                card(c, front, i)
                c.restoreState()
            crop_marks(c)
            c.showPage()
    c.save()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
