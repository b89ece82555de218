"""The print tests' own reader helpers (printkit.py) read what pdfplumber reads without them."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pdfplumber
import pytest
from pdfminer import pdfinterp
from printkit import forms_interpreted_once, forms_parsed_once, read_pages
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


def _near(ours, theirs, where: str = "") -> list[str]:
    """Where two readings differ: any value but a coordinate exactly, a coordinate (a float) by more than 1e-9."""
    if isinstance(ours, float) or isinstance(theirs, float):
        return [] if isinstance(ours, (int, float)) and isinstance(theirs, (int, float)) and \
            math.isclose(ours, theirs, rel_tol=0, abs_tol=1e-9) else [f"{where}: {ours!r} != {theirs!r}"]
    if isinstance(ours, dict) and isinstance(theirs, dict):
        if ours.keys() != theirs.keys():
            return [f"{where}: keys {sorted(set(ours) ^ set(theirs))}"]
        return [d for key in ours for d in _near(ours[key], theirs[key], f"{where}.{key}")]
    if isinstance(ours, (list, tuple)) and isinstance(theirs, (list, tuple)):
        if len(ours) != len(theirs):
            return [f"{where}: {len(ours)} items != {len(theirs)}"]
        return [d for i, (a, b) in enumerate(zip(ours, theirs)) for d in _near(a, b, f"{where}[{i}]")]
    return [] if ours == theirs else [f"{where}: {ours!r} != {theirs!r}"]


MOVES = {0: (0, 0), -40.25: (3.5, 0), -80.125: (-7.0625, 0), -20: (0, 90)}     # x: (y, turn) of each page


def _form_moved_turned_and_nested() -> bytes:
    """A form holding another form (text, dots, a filled square, a line) drawn on four pages: three only moved
    (by fractions of a point too), one turned a quarter; on each page a text of its own."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(200, 200))
    pdf.beginForm("dots")
    for i in range(12):
        pdf.circle(10 + 12 * (i % 6), 100 + 12 * (i // 6), 2, stroke=0, fill=1)
    pdf.endForm()
    pdf.beginForm("art")
    pdf.setFillColorRGB(0.8, 0.2, 0.1)
    pdf.rect(20, 20, 60, 60, stroke=0, fill=1)
    pdf.setLineWidth(1.5)
    pdf.line(5, 90, 150, 95)
    pdf.doForm("dots")
    pdf.drawString(30, 160, "Temple A")
    pdf.endForm()
    for dx, (dy, turn) in MOVES.items():
        pdf.saveState()
        pdf.translate(dx, dy)
        pdf.rotate(turn)
        pdf.doForm("art")
        pdf.restoreState()
        pdf.drawString(5, 5, f"page at {dx}")
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def _everything(data: bytes, pages: int | None = None) -> list:
    """What pdfplumber reads of each page: every object as a dict, and the text."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [(page.objects, page.extract_text()) for page in pdf.pages[:pages]]


def test_a_form_drawn_only_moved_is_interpreted_once_and_read_as_anew(monkeypatch):
    """forms_interpreted_once: every object of every page as pdfplumber reads it anew (coordinates within 1e-9 pt),
    the forms interpreted once per way they are turned (the outer form twice, the inner one once with it)."""
    data = _form_moved_turned_and_nested()
    plain = _everything(data)
    interpreted = []
    original = pdfinterp.PDFPageInterpreter.render_contents

    def counting(self, resources, streams, ctm=(1, 0, 0, 1, 0, 0)):
        interpreted.append(len(streams))
        return original(self, resources, streams, ctm)
    monkeypatch.setattr(pdfinterp.PDFPageInterpreter, "render_contents", counting)
    with forms_interpreted_once():
        once = _everything(data)
    assert _near(once, plain) == []
    assert [len(page["char"]) for page, _ in plain] == [len(f"Temple Apage at {dx}") for dx in MOVES]
    assert all(len(page["curve"]) == 12 and page["rect"] and page["line"] for page, _ in plain)
    assert len(interpreted) == 4 + 2 * 2        # the four pages' own streams; each form once upright, once turned
    assert pdfinterp.PDFPageInterpreter.render_contents is counting     # put back after the block


def test_a_mat_is_read_the_same_with_its_art_interpreted_once():
    """A PuXes mat's map and first two tiles (the second tile's art replayed, moved): every object as pdfplumber
    reads it anew, within 1e-9 pt; read_pages reads its tiles through it."""
    from generator.components.mat import mat_item
    from generator.content.loader import load_game
    from generator.print import PrintOptions, tile_face
    game = load_game(Path(__file__).resolve().parents[2] / "content", "puxes")
    mat = next(size for c in game.components if type(c).__name__ == "Mat" for size in c.all_sizes()
               if size.id == "tapis-2j-petit")
    data = tile_face(mat_item(mat, game.folder), PrintOptions(), game_title=game.info.title,
                     component_name=mat.name).pdf
    plain = _everything(data, 3)
    with forms_parsed_once(), forms_interpreted_once():
        once = _everything(data, 3)
    assert _near(once, plain) == []
    assert len(plain[2][0]["char"]) > 100 and len(plain[2][0]["curve"]) > 100
