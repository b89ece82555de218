"""Helpers for the component tests (imported as `comphelp`): render faces to a real PDF and
read it back with pdfplumber in millimetres (top-left origin, y down)."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber

from generator.components import card, counter, tile
from generator.draw.pdf import PdfCanvas
from generator.draw.style import MM_PER_PT

FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path(__file__).resolve().parents[2]
RENDERERS = {"deck": card.items, "tiles": tile.items, "counters": counter.items}


def items_of(component, folder: Path):
    return RENDERERS[component.kind](component, folder)


def render_faces(faces) -> bytes:
    """One PDF page per face, each page the face's bleed box."""
    c = PdfCanvas(title="test")
    for face in faces:
        c.begin_page(face.bleed_width_mm, face.bleed_height_mm)
        face.draw(c)
    return c.finish()


class Page:
    """A PDF page read back, every measure in mm from the top-left corner."""

    def __init__(self, page):
        self.page = page
        self.height_mm = page.height * MM_PER_PT

    def box(self, obj) -> tuple[float, float, float, float]:
        return (obj["x0"] * MM_PER_PT, obj["top"] * MM_PER_PT, obj["x1"] * MM_PER_PT, obj["bottom"] * MM_PER_PT)

    @property
    def rects(self):
        return [self.box(o) for o in self.page.rects]

    @property
    def curves(self):
        return [self.box(o) for o in self.page.curves]

    def curve_objects(self):
        return list(self.page.curves)

    def chars(self):
        """(text, x of the glyph's origin, baseline y, size in pt, font name) per character."""
        out = []
        for ch in self.page.chars:
            m = ch["matrix"]
            out.append((ch["text"], m[4] * MM_PER_PT, self.height_mm - m[5] * MM_PER_PT, ch["size"], ch["fontname"]))
        return out

    def words(self):
        return [(w["text"], w["x0"] * MM_PER_PT, w["x1"] * MM_PER_PT)
                for w in self.page.extract_words(keep_blank_chars=True)]


def read_pdf(data: bytes) -> list[Page]:
    pdf = pdfplumber.open(io.BytesIO(data))
    return [Page(p) for p in pdf.pages]
