"""Helpers for the rulebook tests: a figure that needs no engine, text read back from PDFs."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

from generator.draw.canvas import Canvas
from generator.draw.style import Stroke, TextStyle
from generator.draw.svg import SvgCanvas

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@dataclasses.dataclass(frozen=True)
class BoxFigure:
    """A framed box with its id written inside: enough to find a figure again in the output."""
    id: str
    caption: str
    width_mm: float = 60.0
    height_mm: float = 30.0
    text_pt: float = 9.0      # at the reader's floor for labels (6 pt), the typesetter may not set it smaller

    def draw(self, canvas: Canvas) -> None:
        canvas.rect(0, 0, self.width_mm, self.height_mm, stroke=Stroke("#222222", 0.4), fill="#F4EEE2")
        canvas.line(0, 0, self.width_mm, self.height_mm, Stroke("#C0392B", 0.5))
        canvas.text(self.width_mm / 2, self.height_mm / 2, f"FIG-{self.id}", TextStyle(size_pt=self.text_pt),
                    align="center")

    def svg(self) -> str:
        canvas = SvgCanvas(self.width_mm, self.height_mm)
        self.draw(canvas)
        return canvas.tostring()


def box_figures(*ids: str, **sizes) -> dict[str, BoxFigure]:
    return {i: BoxFigure(i, f"Légende de {i} : à regarder !", **sizes) for i in ids}




def pdf_text_lines(pdf: bytes) -> list[list[str]]:
    """Lines of text per page, top to bottom, as pdfplumber reads them."""
    import pdfplumber
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [(page.extract_text() or "").split("\n") for page in doc.pages]
