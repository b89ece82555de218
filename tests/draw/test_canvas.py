"""The mm canvas: both backends place the same shapes at the same millimetres; text fits or fails loudly."""

from __future__ import annotations

import io
import re

import pdfplumber
import pytest

from generator.draw import LayoutError, Stroke, TextStyle
from generator.draw.canvas import layout_text, wrap_runs, Run
from generator.draw.fonts import NNBSP, missing_glyphs, text_width_mm
from generator.draw.pdf import PdfCanvas
from generator.draw.style import MM_PER_PT
from generator.draw.svg import SvgCanvas


def draw_sample(c):
    c.rect(10, 20, 30, 15, fill="#FFCC00", stroke=Stroke("#000000", 0.5))
    with c.group(translate=(100, 100)):
        c.rect(5, 7, 20, 10, fill="#0070C0")
    c.line(12, 200, 112, 200, Stroke("#222222", 0.3))


def test_pdf_rectangles_land_at_their_millimetres():
    pdf = PdfCanvas()
    pdf.begin_page(210, 297)
    draw_sample(pdf)
    with pdfplumber.open(io.BytesIO(pdf.finish())) as doc:
        rects = [(round(r["x0"] * MM_PER_PT, 2), round(r["top"] * MM_PER_PT, 2),
                  round(r["width"] * MM_PER_PT, 2), round(r["height"] * MM_PER_PT, 2)) for r in doc.pages[0].rects]
        lines = doc.pages[0].lines
    assert (10.0, 20.0, 30.0, 15.0) in rects
    assert (105.0, 107.0, 20.0, 10.0) in rects
    (line,) = lines
    assert abs(line["x0"] * MM_PER_PT - 12) < 0.01 and abs(line["top"] * MM_PER_PT - 200) < 0.01
    assert abs((line["x1"] - line["x0"]) * MM_PER_PT - 100) < 0.01


def test_svg_writes_the_same_millimetres():
    svg = SvgCanvas(210, 297)
    draw_sample(svg)
    text = svg.tostring()
    assert 'x="10" y="20" width="30" height="15"' in text or ('x="10"' in text and 'width="30"' in text)
    assert 'transform="translate(100 100)"' in text
    assert re.search(r'd="M12 200 L112 200"', text)


def test_text_wraps_at_spaces_within_the_width():
    style = TextStyle(size_pt=10)
    lines = wrap_runs([Run("un deux trois quatre cinq six sept huit neuf dix", style)], 30)
    assert len(lines) > 1
    for line in lines:
        last = line[-1]
        assert last.x_mm + text_width_mm(last.text, last.style) <= 30 + 1e-6


def test_text_shrinks_to_fit_and_fails_below_the_minimum():
    style = TextStyle(size_pt=14)
    layout = layout_text("Un texte assez long pour devoir rétrécir dans sa boîte.", style, 40, 12)
    assert 7.0 <= layout.size_pt < 14
    with pytest.raises(LayoutError):
        layout_text("mot " * 200, style, 20, 10)


def test_narrow_no_break_space_is_a_gap_not_a_missing_glyph():
    style = TextStyle(size_pt=10)
    assert missing_glyphs(f"Attention{NNBSP}: « roi »", style) == set()
    with_gap = text_width_mm(f"a{NNBSP}:", style)
    without = text_width_mm("a:", style)
    assert 0.3 < with_gap - without < 1.0
    pdf = PdfCanvas()
    pdf.begin_page(100, 50)
    pdf.text(10, 20, f"Attention{NNBSP}!", style)
    with pdfplumber.open(io.BytesIO(pdf.finish())) as doc:
        chars = doc.pages[0].chars
    assert "\u202f" not in "".join(c["text"] for c in chars)


def test_cmyk_pages_use_only_cmyk_operators():
    pdf = PdfCanvas(cmyk=True)
    pdf.begin_page(100, 100)
    draw_sample(pdf)
    pdf.text(10, 90, "Texte", TextStyle())
    from pypdf import PdfReader
    content = PdfReader(io.BytesIO(pdf.finish())).pages[0].get_contents().get_data().decode("latin-1")
    assert " k" in content or " K" in content
    assert not re.search(r"\brg\b|\bRG\b", content)


def test_lines_thinner_than_a_quarter_point_are_refused():
    with pytest.raises(ValueError):
        Stroke("#000000", 0.05)


def test_identical_drawings_give_identical_pdf_bytes():
    def render():
        pdf = PdfCanvas(title="t")
        pdf.begin_page(210, 297)
        draw_sample(pdf)
        pdf.text(10, 10, "Déterministe", TextStyle())
        return pdf.finish()
    assert render() == render()


def test_png_images_are_placed_at_their_box_in_both_backends(tmp_path):
    from PIL import Image
    png = tmp_path / "carre.png"
    Image.new("RGB", (20, 10), (200, 30, 30)).save(png)
    pdf = PdfCanvas()
    pdf.begin_page(100, 100)
    pdf.image(10, 20, 40, 20, png)
    with pdfplumber.open(io.BytesIO(pdf.finish())) as doc:
        (img,) = doc.pages[0].images
    assert abs(img["x0"] * MM_PER_PT - 10) < 0.01 and abs(img["top"] * MM_PER_PT - 20) < 0.01
    assert abs(img["width"] * MM_PER_PT - 40) < 0.01 and abs(img["height"] * MM_PER_PT - 20) < 0.01
    svg = SvgCanvas(100, 100)
    svg.image(10, 20, 40, 20, png)
    text = svg.tostring()
    assert "data:image/png;base64," in text and 'x="10"' in text and 'width="40"' in text


def test_rotated_groups_turn_clockwise_in_both_backends():
    pdf = PdfCanvas()
    pdf.begin_page(100, 100)
    with pdf.group(translate=(50, 50), rotate_deg=90):
        pdf.line(0, 0, 20, 0, Stroke("#000000", 0.3))   # +x turned clockwise points down the page
    with pdfplumber.open(io.BytesIO(pdf.finish())) as doc:
        (line,) = doc.pages[0].lines
    assert abs(line["x0"] * MM_PER_PT - 50) < 0.01 and abs(line["x1"] * MM_PER_PT - 50) < 0.01
    assert abs(line["top"] * MM_PER_PT - 50) < 0.01 and abs(line["bottom"] * MM_PER_PT - 70) < 0.01
    svg = SvgCanvas(100, 100)
    with svg.group(translate=(50, 50), rotate_deg=90):
        svg.line(0, 0, 20, 0, Stroke("#000000", 0.3))
    assert 'transform="translate(50 50) rotate(90)"' in svg.tostring()
