"""A figure waiting for the next page lets the text after it fill this one, but not the text that introduces the
next figure (rulebook/pdf.py `_section_text`): that text stays between the two figures, so each figure follows
its own text. Armada's booklet had figures 6 to 9 each a paragraph behind their text ("jamais plus de 5 navires"
above figure 6, the sentence after figure 9 above figure 8)."""

import io

import pdfplumber

from generator.rulebook.markdown import Document, FigureBlock, Paragraph, Span
from generator.rulebook.pdf import render_pdf, theme_for

from rulebook_helpers import BoxFigure

A5 = theme_for("a4", half=True)


def _words(count: int, stem: str, line: int) -> Paragraph:
    return Paragraph((Span(" ".join(f"{stem}{w:04d}" for w in range(count))),), line)


def _figure(fid: str, number: int, line: int) -> FigureBlock:
    return FigureBlock(number, fid, BoxFigure(fid, "Légende", width_mm=90, height_mm=105), (Span(f"Légende{fid}"),),
                       line)


def _order(blocks: list, info) -> list[str]:
    """The marks read in page order: FIG-<id> for a figure, the stem of each paragraph's first word."""
    pdf = render_pdf(Document(blocks=blocks), info, A5)
    seen = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages[2:]:
            for word in page.extract_words():
                text = word["text"]
                mark = text if text.startswith("FIG-") else text[:-4] if text.endswith("0000") else None
                if mark and mark not in seen:
                    seen.append(mark)
    return seen


def test_the_text_introducing_a_figure_does_not_pass_the_figure_before_it(tactix):
    blocks = [_words(200, "avant", 1), _figure("a", 1, 2), _words(12, "annonce", 3), _figure("b", 2, 4),
              _words(300, "suite", 5)]
    # figure b waits in turn, its own text after it filling the page
    assert _order(blocks, tactix.info) == ["avant", "FIG-a", "annonce", "suite", "FIG-b"]


def test_the_text_after_a_figure_that_is_its_own_still_fills_the_page_before_it(tactix):
    """With no figure after it, the section's text fills this page while the figure waits for the next."""
    blocks = [_words(200, "avant", 1), _figure("a", 1, 2), _words(300, "suite", 3)]
    assert _order(blocks, tactix.info) == ["avant", "suite", "FIG-a"]
