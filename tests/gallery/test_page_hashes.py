"""pagehash.py: two pages with the same hash draw the same pixels, so the gallery may keep a thumbnail; a page
that draws differently, even with the same content stream, has another hash."""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter

from generator import raster
from generator.draw.pdf import PdfCanvas
from generator.draw.style import Stroke, TextStyle
from generator.pagehash import page_hashes


def _pdf(pages: list[tuple[str, float]]) -> bytes:
    """A PDF of one page per (text, line length in mm)."""
    pdf = PdfCanvas(title="essai")
    for text, length in pages:
        pdf.begin_page(210, 297)
        if text:
            pdf.text(20, 30, text, TextStyle(size_pt=12))
        pdf.line(20, 40, 20 + length, 40, Stroke("#000000", 0.5))
    return pdf.finish()


def _contents(pdf: bytes) -> list[bytes]:
    return [page.get_contents().get_data() for page in PdfReader(io.BytesIO(pdf)).pages]


def test_only_the_page_that_changed_has_another_hash():
    before = page_hashes(_pdf([("Un", 50), ("Deux", 60), ("Trois", 70)]))
    after = page_hashes(_pdf([("Un", 50), ("Deux", 65), ("Trois", 70)]))
    assert len(before) == len(after) == 3 and len(set(before)) == 3
    assert [b == a for b, a in zip(before, after)] == [True, False, True]


def test_a_page_keeps_its_hash_when_pages_before_it_renumber_every_object():
    # A page without text added first: every object of the other pages gets another number.
    plain = _pdf([("Un", 50), ("Deux", 60)])
    shifted = _pdf([("", 10), ("Un", 50), ("Deux", 60)])
    assert page_hashes(shifted)[1:] == page_hashes(plain)
    assert raster.rasterise(shifted, 30)[1:] == raster.rasterise(plain, 30)


def test_the_same_content_stream_with_another_font_subset_is_another_page():
    # Past ASCII, the subset font's codes follow the order of first use: "éœ éœ" and "œé œé" write the second
    # page with the same bytes, which show other letters. The hash covers the font, not only the content stream.
    one, two = _pdf([("éœ", 50), ("éœ", 50)]), _pdf([("œé", 50), ("œé", 50)])
    assert _contents(one)[1] == _contents(two)[1]
    assert page_hashes(one)[1] != page_hashes(two)[1]
    assert raster.rasterise(one, 30)[1] != raster.rasterise(two, 30)[1]


def test_a_file_written_by_pypdf_is_read_too_and_one_it_cannot_read_has_no_page_hashes():
    original = _pdf([("Un", 50), ("Deux", 60)])
    writer = PdfWriter()
    writer.append(PdfReader(io.BytesIO(original)))
    out = io.BytesIO()
    writer.write(out)
    copied = page_hashes(out.getvalue())
    assert copied is not None and len(copied) == 2 and copied[0] != copied[1]
    assert page_hashes(b"%PDF-1.4\nnot really a PDF\n") is None
