"""The rulebook pages of the abstracts (Armada, Tectonic), filled by their content (issue 25, "Pages that waste
paper"): figures cropped to the rows their move needs, captions and notes said in fewer words, and the appendices'
credits sharing a page with the notes. Read back from the PDFs (the share of each page's text block above its
lowest word or drawn box) and from the layout the reader's preflight reads."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from generator.print.reader import Subject, figures_alone, page_fill
from generator.reader_thresholds import value as threshold
from tests.content.test_rulebook_pages import _fills, _rulebook


@pytest.fixture(scope="module")
def armada_rules():
    return _rulebook("armada")


@pytest.fixture(scope="module")
def tectonic_rules():
    return _rulebook("tectonic")


def _reader_fill_warnings(book) -> list:
    """The reader's page_fill warnings (a page filled under the share, a page of figures alone) of both editions."""
    found = []
    for name, data, layout in (("regles.pdf", book.pdf_a4, book.layout_full),
                               ("regles-livret.pdf", book.pdf_a5, book.layout_half)):
        subject = Subject(name, data, role="rulebook", layout=layout, rules_path="rules.fr.md")
        found += page_fill(subject, None, None) + figures_alone(subject, None)
    return found


def _annex_b_page_opens_below_the_notes(pdf) -> bool:
    """The credits (Annexe B) open under the end of the notes on their page, not at its top alone."""
    for page in pdf.pages:
        words = page.extract_words()
        heading = next((w for w, n in zip(words, words[1:]) if w["text"] == "Annexe" and n["text"] == "B"), None)
        if heading is not None:
            above = [w for w in words if w["bottom"] < heading["top"] and w["top"] > 60]
            return len({round(w["top"]) for w in above}) >= 3     # three lines of the notes at least
    raise AssertionError("no Annexe B")


def test_armada_booklet_leaves_no_page_a_quarter_blank(armada_rules):
    """The booklet's page 8 was 55 % full and page 9 73 %: figure 7 (the five-ship limit, 9 rows of the board)
    and figure 8 (the fifth ship, the whole board) could not follow the text announcing them. Both now show their
    ships on 5 and 6 rows, and figure 9 (the pivot) the same fleet as figure 7."""
    pdf = pdfplumber.open(io.BytesIO(armada_rules.pdf_a5))
    fills = _fills(pdf, half=True)
    assert len(pdf.pages) <= 13
    assert min(fills[:-1]) >= threshold("min_page_fill"), fills
    assert _reader_fill_warnings(armada_rules) == []


def test_tectonic_rulebook_fills_its_pages_and_prints_the_credits_under_the_notes(tectonic_rules):
    """The booklet's pages 6, 11, 12 and 16 were 66-71 % full and 60 %, the credits stood alone on its page 19
    and on the A4 page 14 (22 %). The mont's and the red pieces' figures are cropped to the rows of their move,
    the notes said shorter, and a heading whose list went over whole is known to need it (rulebook/pdf.py
    _paragraph_least): 17 A5 pages, 13 A4."""
    booklet = pdfplumber.open(io.BytesIO(tectonic_rules.pdf_a5))
    a4 = pdfplumber.open(io.BytesIO(tectonic_rules.pdf_a4))
    assert len(booklet.pages) <= 17 and len(a4.pages) <= 13
    for pdf, half in ((booklet, True), (a4, False)):
        fills = _fills(pdf, half=half)
        assert min(fills[:-1]) >= threshold("min_page_fill"), fills
        assert _annex_b_page_opens_below_the_notes(pdf)
    assert _reader_fill_warnings(tectonic_rules) == []
