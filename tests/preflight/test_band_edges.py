"""The reader's preflight on pieces laid in a band under a host (reader.band_edges): a cut edge with less bleed
than the piece's others, or crop marks shorter than a whole mark, is told; whole bleed and whole marks are not.
Fixtures: a form-like host and one 18 x 9 mm pawn under it, drawn as the band draws it, read back from the PDF."""

from __future__ import annotations

from generator.i18n import catalogue
from generator.print.document import new_pdf
from generator.print.geometry import inflate
from generator.print.marks import Line, draw_marks, grid_marks
from generator.print.options import PrintOptions
from generator.print.preflight import read_pdf
from generator.print.reader import Subject, band_edges, check

FR = catalogue("fr")
HOST = (5.0, 5.0, 200.0, 141.0)
PAWN = (96.0, 128.0, 18.0, 9.0)


def _fixture(top_bottom_bleed: float, room: float):
    """The page's PDF and manifest entry: the host (no bleed), the pawn with 3 mm of bleed at its sides and
    `top_bottom_bleed` above and below, its crop marks with `room` mm beyond its art for their length."""
    x, y, w, h = PAWN
    art = inflate(PAWN, 3.0, top_bottom_bleed, 3.0, top_bottom_bleed)
    area = inflate(art, room, room, room, room)
    lines = [Line(True, x), Line(True, x + w), Line(False, y), Line(False, y + h)]
    marks = grid_marks([art], lines, [PAWN], area)
    pdf = new_pdf(PrintOptions(), title="Essai")
    pdf.begin_page(210.0, 297.0)
    pdf.rect(*art, fill="#D32F2F")
    draw_marks(pdf, marks)
    data = pdf.finish()
    items = [{"id": "feuille", "component": "feuille", "copy": 1, "trim_mm": list(HOST), "art_mm": list(HOST)},
             {"id": "pions-01", "component": "pions", "copy": 1, "trim_mm": list(PAWN), "art_mm": list(art)}]
    entry = {"file": "feuille.pdf", "pages": [{"page": 1, "kind": "sheet", "width_mm": 210.0, "height_mm": 297.0,
                                               "items": items}]}
    return Subject("feuille.pdf", data=data, role="sheets", entry=entry)


def _found(subject):
    return band_edges(subject, read_pdf(subject.data, ours=True))


def test_a_pawn_with_short_bleed_above_and_below_is_told():
    (warning,) = _found(_fixture(1.65, 6.0))
    assert warning.kind == "bleed" and warning.facts["form"] == "short"
    assert abs(warning.facts["mm"] - 1.65) < 0.06     # rounded to a tenth
    assert warning.facts["whole"] == 3.0
    said = warning.describe(FR)
    assert "pions-01" in said and "fond perdu" in said and "3" in said


def test_a_pawn_with_short_crop_marks_is_told():
    # whole bleed, but only 3 mm beyond its art: its marks are 2.5 mm long (the old 3d Run band)
    (warning,) = _found(_fixture(3.0, 3.0))
    assert warning.facts["form"] == "marks" and warning.facts["mm"] == 2.5 and warning.facts["least"] == 5.0
    assert "traits de coupe de 2,5 mm" in warning.describe(FR)


def test_a_pawn_with_whole_bleed_and_whole_marks_is_not_told_and_the_file_reads_clean():
    subject = _fixture(3.0, 6.0)
    assert _found(subject) == []
    assert [w for w in check(subject, FR).warnings if w.kind == "bleed"] == []


def test_the_checks_report_counts_a_short_band_under_bleed():
    report = check(_fixture(1.65, 6.0), FR)
    assert report.counts().get("bleed") == 1
