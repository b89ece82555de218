"""The print tests' own reader helpers (printkit.py) read what pdfplumber reads without them."""

from __future__ import annotations

import io

import pdfplumber
from pdfminer import pdfinterp
from printkit import forms_parsed_once
from reportlab.pdfgen import canvas


def _form_on_three_pages() -> bytes:
    """One form (text, dots, a filled square) placed on three pages, each through another window and clip."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(200, 200))
    pdf.beginForm("art")
    pdf.setFillColorRGB(0.8, 0.2, 0.1)
    pdf.rect(20, 20, 60, 60, stroke=0, fill=1)
    for i in range(30):
        pdf.circle(10 + 12 * (i % 10), 100 + 12 * (i // 10), 2, stroke=0, fill=1)
    pdf.drawString(30, 160, "Temple A")
    pdf.endForm()
    for dx in (0, -40, -80):
        path = pdf.beginPath()
        path.rect(10, 10, 150, 180)
        pdf.saveState()
        pdf.clipPath(path, stroke=0, fill=0)
        pdf.translate(dx, 0)
        pdf.doForm("art")
        pdf.restoreState()
        pdf.drawString(5, 5, f"page at {dx}")
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def _objects(data: bytes) -> list:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [(page.rects, page.curves, page.chars, page.extract_text()) for page in pdf.pages]


def test_a_form_placed_on_many_pages_is_tokenised_once_and_read_the_same(monkeypatch):
    data = _form_on_three_pages()
    plain = _objects(data)
    tokenised = []
    original = pdfinterp.PDFContentParser

    def counting(streams):
        tokenised.append(len(streams))
        return original(streams)
    monkeypatch.setattr(pdfinterp, "PDFContentParser", counting)
    with forms_parsed_once():
        once = _objects(data)
    assert once == plain and len(plain) == 3 and plain[0][1] and "Temple A" in plain[2][3]
    assert len(tokenised) == 4          # the three pages' own streams and the form, once
    assert pdfinterp.PDFContentParser is counting       # put back after the block
