"""Text drawn smaller keeps to the reader's floor (Canvas.text_floor): enlarged back to it where it fits, left
out where it does not; measured in the PDF, after every scale, as the reader's preflight measures it."""

from __future__ import annotations

import io

import pdfplumber

from generator.draw import TextStyle
from generator.draw.fonts import text_width_mm
from generator.draw.pdf import PdfCanvas

FLOOR = 5.0


def _sizes(draw) -> dict[str, float]:
    """Each word drawn on the page and its printed size (pt, pdfplumber: the text matrix times the CTM)."""
    pdf = PdfCanvas()
    pdf.begin_page(210, 297)
    draw(pdf)
    with pdfplumber.open(io.BytesIO(pdf.finish())) as doc:
        words = doc.pages[0].extract_words(extra_attrs=["size"])
    return {w["text"]: round(w["size"], 2) for w in words}


def _label(pdf, size_pt: float, scale: float, *, growth: float = 2.5, floor: float | None = FLOOR, text="Temple"):
    with pdf.group(translate=(20, 20), scale=scale), pdf.text_floor(floor, growth=growth):
        pdf.text(10, 10, text, TextStyle(size_pt=size_pt))


def test_a_label_shrunk_under_the_floor_prints_at_it():
    assert _sizes(lambda pdf: _label(pdf, 8, 0.5, floor=None)) == {"Temple": 4.0}     # without the floor
    assert _sizes(lambda pdf: _label(pdf, 8, 0.5)) == {"Temple": FLOOR}


def test_a_label_that_stays_above_the_floor_keeps_its_size():
    assert _sizes(lambda pdf: _label(pdf, 12, 0.5)) == {"Temple": 6.0}


def test_a_label_needing_more_than_the_growth_is_left_out():
    # 8 pt at 0.2 prints at 1.6 pt: 3.1 times under the floor, more than 2.5
    assert _sizes(lambda pdf: _label(pdf, 8, 0.2)) == {}
    assert _sizes(lambda pdf: _label(pdf, 8, 0.2, growth=4.0)) == {"Temple": FLOOR}


def test_growth_one_leaves_out_what_is_under_the_floor_and_enlarges_nothing():
    assert _sizes(lambda pdf: _label(pdf, 8, 0.5, growth=1.0)) == {}
    assert _sizes(lambda pdf: _label(pdf, 12, 0.5, growth=1.0)) == {"Temple": 6.0}


def test_at_full_size_small_text_is_the_contents_business():
    # a face drawn at full size prints what its content says; the preflight tells if it is too small
    def draw(pdf):
        with pdf.text_floor(FLOOR, growth=2.5):
            pdf.text(10, 10, "Temple", TextStyle(size_pt=4))
    assert _sizes(draw) == {"Temple": 4.0}


def test_a_label_enlarged_across_the_clip_it_fitted_in_is_left_out():
    def draw(pdf, clip_w):
        with pdf.group(translate=(20, 20), scale=0.5, clip=(0, 0, clip_w, 40)), pdf.text_floor(FLOOR, growth=2.5):
            pdf.text(2, 10, "Temple", TextStyle(size_pt=8))
    small, large = text_width_mm("Temple", TextStyle(size_pt=8)), text_width_mm("Temple", TextStyle(size_pt=10))
    assert _sizes(lambda pdf: draw(pdf, 2 + large + 1)) == {"Temple": FLOOR}
    assert _sizes(lambda pdf: draw(pdf, 2 + (small + large) / 2)) == {}     # it fitted, enlarged it would not


def test_text_set_to_a_width_is_enlarged_as_far_as_it_fits_that_width():
    # a zone's label in a 60 mm box, drawn at 0.15: 9 pt prints at 1.35 pt, 3.7 times under the floor; at the
    # floor it is about 36 mm wide in the zone's own millimetres: it fits, beyond the growth of text without a box
    def draw(pdf, box_w, words="Jardin public"):
        with pdf.group(translate=(20, 20), scale=0.15), pdf.text_floor(FLOOR, growth=2.5):
            pdf.text_box(0, 0, box_w, 30, words, TextStyle(size_pt=9), fit=False)
    assert _sizes(lambda pdf: draw(pdf, 80)) == {"Jardin": FLOOR, "public": FLOOR}
    assert _sizes(lambda pdf: draw(pdf, 25)) == {}        # "Jardin" alone is wider than 25 mm at the floor


def test_a_paragraph_in_a_box_is_wrapped_again_at_the_floor_within_the_growth():
    text = "Un DiXe posé sur ce carré doit le couvrir exactement."

    def draw(pdf, box_h):
        with pdf.group(translate=(20, 20), scale=0.5), pdf.text_floor(FLOOR, growth=2.5):
            pdf.text_box(0, 0, 60, box_h, text, TextStyle(size_pt=7), fit=False)
    sizes = _sizes(lambda pdf: draw(pdf, 40))
    assert sizes and set(sizes.values()) == {FLOOR}
    assert _sizes(lambda pdf: draw(pdf, 8)) == {}           # more lines than an 8 mm box holds
