"""A one-page A4 PDF drawn straight with reportlab, for the reader's fixtures: what a check is shown, one defect
at a time, without a build."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas as rl_canvas

A4 = (595.2756, 841.8898)


def drawn_pdf(draw) -> bytes:
    """The bytes of a page `draw(canvas)` fills, its trim and bleed boxes the page."""
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, pagesize=A4, invariant=1)
    c.setTrimBox([0, 0, *A4])
    c.setBleedBox([0, 0, *A4])
    draw(c)
    c.showPage()
    c.save()
    return buf.getvalue()
