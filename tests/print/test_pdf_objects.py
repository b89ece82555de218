"""print/pdf_objects.py: the build's preflights read the PDFs it just wrote through their cross-reference table,
without pypdf (issue 26), and find in them exactly what pypdf's reading finds; a file the table does not
describe is read with pypdf."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from generator.draw.style import Stroke, TextStyle
from generator.print import pdf_objects
from generator.print.pdfx import mark_pdfx1a
from generator.print.preflight import Expectation, preflight, read_pdf

from tests.conftest import ROOT
from tests.print.test_preflight import _ours, _raw


def _both_ways(data: bytes):
    """The file read as ours (pdf_objects) and as anyone's (pypdf): the same pages, the same findings."""
    assert pdf_objects.read(data) is not None, "a file we write is read through its table"
    ours, anyones = read_pdf(data, ours=True), read_pdf(data)
    assert ours == anyones
    return ours


def _clipped_accented_and_framed(pdf):
    with pdf.group(clip=(50, 50, 20, 20)):
        pdf.text(1.0, 100, "Cachée", TextStyle(size_pt=8))
    pdf.line(10, 200, 100, 200, Stroke("#112233", 0.3))
    pdf.text(30, 150, "Été, «ça» — œuvre", TextStyle(size_pt=9, bold=True))


def test_what_we_draw_reads_the_same_without_pypdf():
    for data in (_ours(), _ours(_clipped_accented_and_framed, trim=(10, 10, 100, 100), bleed=(7, 7, 106, 106)),
                 _ours(w=297, h=210)):
        read = _both_ways(data)
        assert read.pages and read.pages[0].found is not None and read.pages[0].found.runs


def test_raw_reportlab_and_pypdf_written_files_read_the_same():
    def helvetica_rgb_and_scaled(c):
        c.setFont("Helvetica", 10)
        c.drawString(100, 400, "Bonjour (à vous) \\ toutes")
        c.setFillColorRGB(1, 0, 0)
        c.rect(100, 100, 50, 50, fill=1, stroke=0)
        c.saveState()
        c.scale(0.5, 0.5)
        c.setLineWidth(0.4)
        c.line(100, 100, 200, 100)
        c.restoreState()
    raw = _raw(helvetica_rgb_and_scaled)
    read = _both_ways(raw)
    assert read.pages[0].found.fonts_missing >= {"Helvetica"} and read.pages[0].found.rgb
    no_boxes = _both_ways(_raw(lambda c: None, boxes=False))
    assert no_boxes.pages[0].trim is None
    # pypdf writes the booklet and the PDF/X shop files: its tables and its trailer are read as well.
    pdfx = mark_pdfx1a(raw)
    assert _both_ways(pdfx).pdfx
    assert preflight(read_pdf(pdfx, ours=True)) == preflight(pdfx)


def test_every_pdf_of_a_built_game_reads_the_same_without_pypdf(game_build):
    out = game_build("tactix").out         # sheets, tiles, the rulebook and its A5 booklet, shop files
    pdfs = sorted(out.rglob("*.pdf"))
    assert len(pdfs) > 5
    for path in pdfs:
        data = path.read_bytes()
        assert read_pdf(data, ours=True) == read_pdf(data), path.name


def test_a_file_its_table_does_not_describe_is_read_by_pypdf():
    data = _ours()
    shifted = data.replace(b"%PDF-1.4\n", b"%PDF-1.4\n% one line more, every offset wrong\n", 1)
    assert pdf_objects.read(shifted) is None
    assert read_pdf(shifted, ours=True) == read_pdf(shifted)       # pypdf finds the objects all the same
    assert preflight(read_pdf(shifted, ours=True), Expectation(paper="a4")) == []


def test_reading_our_file_back_imports_no_pypdf(tmp_path):
    pdf = tmp_path / "ours.pdf"
    pdf.write_bytes(_ours())
    script = ("import sys; from pathlib import Path; from generator.print.preflight import read_pdf; "
              f"read = read_pdf(Path({str(pdf)!r}).read_bytes(), ours=True); "
              "assert read.pages[0].found.runs; print('pypdf' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
