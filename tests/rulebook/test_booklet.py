"""Saddle-stitch imposition: page order worked out by hand for 4, 8 and 12 pages, and pages read back from sheets."""

import io

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.draw.pdf import PdfCanvas
from generator.draw.style import MM_PER_PT, TextStyle
from generator.rulebook.booklet import booklet_order, impose, padded_count

A5 = (148.0, 210.0)


def test_four_pages_fold_into_one_sheet():
    # Outside of the sheet: 4 | 1 ; inside: 2 | 3.
    assert booklet_order(4) == [(1, "front", 4, 1), (1, "back", 2, 3)]


def test_eight_pages_nest_two_sheets():
    assert booklet_order(8) == [(1, "front", 8, 1), (1, "back", 2, 7),
                                (2, "front", 6, 3), (2, "back", 4, 5)]


def test_twelve_pages_nest_three_sheets():
    assert booklet_order(12) == [(1, "front", 12, 1), (1, "back", 2, 11),
                                 (2, "front", 10, 3), (2, "back", 4, 9),
                                 (3, "front", 8, 5), (3, "back", 6, 7)]


def test_short_books_are_padded_with_blanks_at_the_end():
    assert padded_count(10) == 12
    assert booklet_order(10)[:2] == [(1, "front", None, 1), (1, "back", 2, None)]
    assert booklet_order(1) == [(1, "front", None, 1), (1, "back", None, None)]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 8, 9, 12, 13, 16])
def test_every_page_is_printed_once_and_folding_reads_in_order(n):
    order = booklet_order(n)
    placed = [p for side in order for p in (side.left, side.right) if p is not None]
    assert sorted(placed) == list(range(1, n + 1))
    # Folded, sheets nest outermost first: reading order is the right halves of fronts and
    # left halves of backs going in, then the other halves coming out.
    going_in = [p for s in order for p in ((s.right,) if s.side == "front" else (s.left,))]
    coming_out = [p for s in reversed(order) for p in ((s.right,) if s.side == "back" else (s.left,))]
    book = going_in + coming_out
    assert len(book) == padded_count(n)
    assert book[:n] == list(range(1, n + 1))          # the blanks all come after the last page
    assert all(p is None for p in book[n:])


def _numbered_pdf(n: int) -> bytes:
    canvas = PdfCanvas(title="test")
    for k in range(1, n + 1):
        canvas.begin_page(*A5)
        canvas.text(A5[0] / 2, 100, f"P{k}", TextStyle(size_pt=30), align="center")
    return canvas.finish()


def test_imposed_sheets_are_a4_landscape_with_each_page_on_its_half():
    sheets = impose(_numbered_pdf(6), title="livret")
    reader = PdfReader(io.BytesIO(sheets))
    assert len(reader.pages) == 4
    for page in reader.pages:
        # Two 148 mm pages side by side, 210 mm high: A4 (297 x 210) less the 1 mm A5 loses to rounding.
        assert round(float(page.mediabox.width) * MM_PER_PT, 1) == 296.0
        assert round(float(page.mediabox.height) * MM_PER_PT, 1) == 210.0
        assert page.trimbox == page.mediabox
    expected = [(None, 1), (2, None), (6, 3), (4, 5)]
    with pdfplumber.open(io.BytesIO(sheets)) as pdf:
        for page, (left, right) in zip(pdf.pages, expected):
            words = {w["text"]: (w["x0"] + w["x1"]) / 2 * MM_PER_PT for w in page.extract_words()}
            wanted = {f"P{p}": centre for p, centre in ((left, 74.0), (right, 222.0)) if p is not None}
            assert set(words) == set(wanted)
            for word, centre in wanted.items():
                assert abs(words[word] - centre) < 0.5, (word, words[word])


def test_imposition_is_deterministic():
    pdf = _numbered_pdf(5)
    assert impose(pdf) == impose(pdf)


def _merged_sheets(pdf: bytes, filler: bytes | None = None) -> bytes:
    """The imposition as it was made before the form XObjects: pypdf merging each page's parsed content (the
    filler's page on the places folding leaves over)."""
    from pypdf import PageObject, PdfWriter, Transformation
    pages = PdfReader(io.BytesIO(pdf)).pages
    spare = PdfReader(io.BytesIO(filler)).pages[0] if filler else None
    half_w, height = float(pages[0].mediabox.width), float(pages[0].mediabox.height)
    writer = PdfWriter()
    for side in booklet_order(len(pages)):
        sheet = PageObject.create_blank_page(width=2 * half_w, height=height)
        for slot, number in enumerate((side.left, side.right)):
            page = pages[number - 1] if number is not None else spare
            if page is not None:
                sheet.merge_transformed_page(page, Transformation().translate(slot * half_w, 0))
        writer.add_page(sheet)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _drawn(pdf: bytes) -> list:
    """Every page's characters, lines, rectangles and curves with their positions, as pdfplumber reads them."""
    pages = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            chars = sorted((c["text"], round(c["x0"], 2), round(c["top"], 2), round(c["size"], 2), c["fontname"])
                           for c in page.chars)
            shapes = sorted((kind, tuple(round(v, 2) for v in (o["x0"], o["top"], o["x1"], o["bottom"])))
                            for kind in ("lines", "rects", "curves") for o in getattr(page, kind))
            pages.append((chars, shapes))
    return pages


def test_the_tactix_booklet_sheets_draw_what_merged_pages_drew(tactix):
    # The pages placed as forms of their own streams are the pages pypdf merged: the same text at the
    # same places, the same lines and shapes, sheet by sheet; and the contents' links lead to the sheets.
    import yaml
    from generator.rulebook import build_rulebook
    from generator.rulebook.pipeline import accent_of
    from rulebook_helpers import CONTENT, box_figures
    diagrams = yaml.safe_load((CONTENT / "tactix" / "diagrams.yaml").read_text(encoding="utf-8"))
    out = build_rulebook(tactix, figures=box_figures(*(d["id"] for d in diagrams)))
    sheets = out.pdf_booklet
    from generator.rulebook.pdf import notes_page, theme_for
    notes = notes_page(tactix.info, theme_for("a4", half=True, accent=accent_of(tactix)))
    new, old = _drawn(sheets), _drawn(_merged_sheets(out.pdf_a5, notes))
    assert len(new) == len(old) == 2 * out.booklet_sheets
    assert sum(len(chars) for chars, _ in new) > 1000
    assert new == old
    reader = PdfReader(io.BytesIO(sheets))
    sheet_refs = [p.indirect_reference.idnum for p in reader.pages]
    links = [a.get_object() for p in reader.pages for a in p.get("/Annots", ())]
    assert links and all(link["/Dest"][0].idnum in sheet_refs for link in links)
    assert len(reader.trailer["/Root"]["/Pages"]["/Kids"]) == len(sheet_refs)


def test_the_pages_folding_leaves_over_are_notes_pages_after_the_last(tactix):
    """3d Run's booklet of 17 pages folds into 20: its three spare pages were blank, now each says "Notes" (the
    game's language) over ruled lines, in the book's last places (18, 19 and the back cover, 20)."""
    from generator.rulebook.pdf import notes_page, theme_for
    notes = notes_page(tactix.info, theme_for("a4", half=True))
    sheets = impose(_numbered_pdf(5), title="livret", filler=notes)
    expected = [("Notes", "P1"), ("P2", "Notes"), ("Notes", "P3"), ("P4", "P5")]    # 8, 1 | 2, 7 | 6, 3 | 4, 5
    with pdfplumber.open(io.BytesIO(sheets)) as pdf:
        for page, halves in zip(pdf.pages, expected):
            for x0, word in zip((0, page.width / 2), halves):
                half = page.crop((x0, 0, x0 + page.width / 2, page.height))
                assert [w["text"] for w in half.extract_words()] == [word], (halves, half.extract_words())
        ruled = [line for line in pdf.pages[0].lines if line["x1"] < pdf.pages[0].width / 2]
        assert len(ruled) >= 15
    # a book filling its sheets has none
    with pdfplumber.open(io.BytesIO(impose(_numbered_pdf(8), filler=notes))) as pdf:
        assert "Notes" not in " ".join(page.extract_text() or "" for page in pdf.pages)
