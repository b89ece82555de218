"""--ink-saver: no large dark fills on the printed sheets, and ink stays readable on the tints."""

from __future__ import annotations

import pdfplumber
import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.draw.canvas import Canvas
from generator.draw.pdf import PdfCanvas
from generator.draw.style import MM_PER_PT, TextStyle, luminance


def _fill_hex(colour) -> str | None:
    if not colour or len(colour) not in (1, 3, 4):
        return None
    if len(colour) == 1:
        v = colour[0]
        return "#{0:02X}{0:02X}{0:02X}".format(round(v * 255))
    if len(colour) == 4:  # CMYK
        c, m, y, k = colour
        r, g, b = ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    else:
        r, g, b = colour
    return "#{:02X}{:02X}{:02X}".format(round(r * 255), round(g * 255), round(b * 255))


def _large_dark_fills(pdf_path):
    found = []
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            for obj in page.rects + page.curves:
                if not obj.get("fill"):
                    continue
                colour = _fill_hex(obj.get("non_stroking_color"))
                area = obj["width"] * obj["height"] * MM_PER_PT * MM_PER_PT
                if colour and area >= 150 and luminance(colour) < 0.18:
                    found.append((page.page_number, colour, round(area)))
    return found


@pytest.fixture(scope="module")
def ink_build(content_dir, tmp_path_factory):
    out = tmp_path_factory.mktemp("ink")
    result = CliRunner().invoke(cli, ["build", "tactix", "--ink-saver", "--content", str(content_dir), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / "tactix"


def test_normal_build_has_dark_dice_that_ink_saver_removes(tactix_build, ink_build):
    assert _large_dark_fills(tactix_build / "plateau.pdf"), "the black dice should be dark in the normal build"
    assert _large_dark_fills(ink_build / "plateau.pdf") == []
    assert _large_dark_fills(ink_build / "des-patrons.pdf") == []


def test_light_text_turns_dark_on_ink_saver_pages():
    pdf = PdfCanvas()
    pdf.ink_saver = True
    pdf.begin_page(100, 50)
    pdf.rect(0, 0, 100, 50, fill="#1A1A1A")
    pdf.text(10, 20, "Blanc sur noir", TextStyle(colour="#FFFFFF"))
    import io
    with pdfplumber.open(io.BytesIO(pdf.finish())) as doc:
        page = doc.pages[0]
        (rect,) = page.rects
        chars = page.chars
    assert luminance(_fill_hex(rect["non_stroking_color"])) > 0.5
    assert all(luminance(_fill_hex(ch["non_stroking_color"])) < 0.1 for ch in chars)


def test_ink_saver_is_off_by_default():
    assert Canvas.ink_saver is False
