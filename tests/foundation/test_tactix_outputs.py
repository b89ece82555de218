"""The Tactix outputs, read back from the files: sizes, fonts, lines, determinism."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli
from generator.components.board import board_size_mm
from generator.content import load_game
from generator.draw.style import MM_PER_PT

A4 = (210.0, 297.0)


def page_size_mm(page) -> tuple[float, float]:
    box = page.mediabox
    return float(box.width) * MM_PER_PT, float(box.height) * MM_PER_PT


def fonts_of(reader: PdfReader) -> list[tuple[str, bool]]:
    """(font name, embedded?) for every font used on any page."""
    found = []
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        fonts = resources.get("/Font") or {}
        for ref in fonts.values():
            font = ref.get_object()
            descendants = font.get("/DescendantFonts")
            desc_font = descendants[0].get_object() if descendants else font
            descriptor = desc_font.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor else {}
            embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found.append((str(font.get("/BaseFont")), embedded))
    return found


@pytest.fixture(scope="module")
def board(content_dir):
    return load_game(content_dir, "tactix").component("plateau")


def test_expected_files_exist(tactix_build: Path):
    names = {str(p.relative_to(tactix_build)) for p in tactix_build.rglob("*")}
    for expected in ("plateau.pdf", "plateau.svg", "resume.pdf", "resume.svg",
                     "des-patrons.pdf", "des-patrons-p01-decoupe.svg", "des-patron-roi-blanc.svg",
                     "des-patron-roi-noir.svg", "diagrams/prise.svg", "regles.pdf", "regles-livret.pdf",
                     "regles.html", "manifest.json", "guide-impression.pdf", "calibrage.pdf"):
        assert expected in names


@pytest.mark.parametrize("name", ["plateau.pdf", "resume.pdf", "des-patrons.pdf"])
def test_pages_are_a4_within_a_tenth_of_a_millimetre(tactix_build, name):
    reader = PdfReader(tactix_build / name)
    for page in reader.pages:
        w, h = sorted(page_size_mm(page))
        assert abs(w - A4[0]) < 0.1 and abs(h - A4[1]) < 0.1


@pytest.mark.parametrize("name", ["plateau.pdf", "resume.pdf", "des-patrons.pdf"])
def test_every_font_is_embedded(tactix_build, name):
    fonts = fonts_of(PdfReader(tactix_build / name))
    assert fonts, "expected text, hence fonts"
    for font_name, embedded in fonts:
        assert embedded, f"{font_name} is not embedded"
        assert "FiraSans" in font_name


def test_every_page_of_every_pdf_has_trim_and_bleed_boxes_and_embedded_fonts(tactix_build):
    pdfs = sorted(tactix_build.rglob("*.pdf"))
    assert len(pdfs) >= 7
    for path in pdfs:
        reader = PdfReader(path)
        for number, page in enumerate(reader.pages, 1):
            assert "/TrimBox" in page and "/BleedBox" in page, f"{path.name} page {number}"
        for font_name, embedded in fonts_of(reader):
            assert embedded, f"{path.name}: {font_name} is not embedded"


def _grid_lines(pdf_path: Path):
    """Vertical and horizontal grid strokes of the board page, in mm from the page's top-left corner."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        height = float(page.height)
        xs, ys = [], []
        for ln in page.lines:
            x0, x1 = ln["x0"] * MM_PER_PT, ln["x1"] * MM_PER_PT
            top, bottom = ln["top"] * MM_PER_PT, ln["bottom"] * MM_PER_PT
            if abs(x1 - x0) < 0.01 and bottom - top > 100:
                xs.append(round(x0, 2))
            elif abs(bottom - top) < 0.01 and x1 - x0 > 100:
                ys.append(round(top, 2))
        return sorted(set(xs)), sorted(set(ys)), height * MM_PER_PT


def test_board_cells_are_the_size_stated_in_content(tactix_build, board):
    xs, ys, _ = _grid_lines(tactix_build / "plateau.pdf")
    assert len(xs) == board.grid.columns + 1 and len(ys) == board.grid.rows + 1
    for seq in (xs, ys):
        for a, b in zip(seq, seq[1:]):
            assert abs((b - a) - board.grid.cell_mm) < 0.1
    assert board.grid.cell_mm >= board.piece_mm


def test_board_trim_box_is_the_board_at_real_size(tactix_build, board):
    page = PdfReader(tactix_build / "plateau.pdf").pages[0]
    trim = page.trimbox
    w, h = board_size_mm(board)
    assert abs(float(trim.width) * MM_PER_PT - w) < 0.1
    assert abs(float(trim.height) * MM_PER_PT - h) < 0.1


def _svg_grid_lines(svg_text: str):
    xs, ys = set(), set()
    for m in re.finditer(r'd="M([-\d.]+) ([-\d.]+) L([-\d.]+) ([-\d.]+)"', svg_text):
        x1, y1, x2, y2 = map(float, m.groups())
        if abs(x1 - x2) < 0.01 and abs(y2 - y1) > 100:
            xs.add(round(x1, 2))
        elif abs(y1 - y2) < 0.01 and abs(x2 - x1) > 100:
            ys.add(round(y1, 2))
    return sorted(xs), sorted(ys)


def test_pdf_and_svg_agree_on_the_board_lines(tactix_build, board):
    pdf_xs, pdf_ys, _ = _grid_lines(tactix_build / "plateau.pdf")
    svg_xs, svg_ys = _svg_grid_lines((tactix_build / "plateau.svg").read_text(encoding="utf-8"))
    trim = PdfReader(tactix_build / "plateau.pdf").pages[0].bleedbox
    page_h = float(PdfReader(tactix_build / "plateau.pdf").pages[0].mediabox.height)
    # The SVG is the face alone (origin at the bleed corner); the PDF places it on a page.
    ox = float(trim.left) * MM_PER_PT
    oy = (page_h - float(trim.top)) * MM_PER_PT
    assert len(svg_xs) == len(pdf_xs) and len(svg_ys) == len(pdf_ys)
    for a, b in zip(pdf_xs, svg_xs):
        assert abs(a - (b + ox)) < 0.05
    for a, b in zip(pdf_ys, svg_ys):
        assert abs(a - (b + oy)) < 0.05


def test_svg_embeds_its_font(tactix_build):
    svg = (tactix_build / "plateau.svg").read_text(encoding="utf-8")
    assert "@font-face" in svg and "base64," in svg
    assert 'viewBox="0,0,' in svg


def test_two_builds_are_byte_identical(content_dir, tactix_build, tmp_path):
    # tactix_build is made with --jobs 1: this one with the default jobs, so they also need not run alike.
    result = CliRunner().invoke(cli, ["build", "tactix", "--shop", "--content", str(content_dir), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    files = sorted(p for p in tactix_build.rglob("*") if p.is_file())
    assert len(files) > 5
    for path in files:
        again = tmp_path / "tactix" / path.relative_to(tactix_build)
        assert again.read_bytes() == path.read_bytes(), f"{path.name} differs between two builds"


def test_summary_is_one_page_of_french_text(tactix_build):
    with pdfplumber.open(tactix_build / "resume.pdf") as pdf:
        assert len(pdf.pages) == 1
        text = pdf.pages[0].extract_text()
    for phrase in ("But du jeu", "Mise en place", "roi", "e5"):
        assert phrase in text


def test_the_manifest_states_the_trim_and_bleed_box_each_pdf_page_carries(tactix_build: Path):
    import json
    manifest = json.loads((tactix_build / "manifest.json").read_text(encoding="utf-8"))
    checked = 0
    for entry in manifest["files"]:
        reader = PdfReader(str(tactix_build / entry["file"]))
        for page, real in zip(entry["pages"], reader.pages):
            height = float(real.mediabox.height)
            for key, box in (("trim_box_mm", real.trimbox), ("bleed_box_mm", real.bleedbox)):
                x0, y0, x1, y1 = (float(v) * 25.4 / 72 for v in (box.left, height - float(box.top), box.right,
                                                                  height - float(box.bottom)))
                assert page[key] == pytest.approx([x0, y0, x1 - x0, y1 - y0], abs=0.01), (entry["file"], key)
            if page["boxes"] == "page":
                assert page["trim_box_mm"] == pytest.approx([0, 0, page["width_mm"], page["height_mm"]], abs=0.01)
            checked += 1
    assert checked >= 3
