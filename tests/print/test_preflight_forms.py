"""The reader follows a form (a mat's dots, placed on every tile and figure) from its operations read once, each
run of path points kept as its least and greatest x and y (issue 26). What it finds must be what following every
point found: the same boxes, strokes and text, float for float."""

from generator.components.layout import PatternArt
from generator.draw.pdf import PdfCanvas
from generator.draw.style import Stroke, TextStyle
from generator.print import preflight

ZONES = [("dots", 12.3, 15.0, 80.0, 50.0, 3.1, 1.2, 0.0), ("stripes", 110.0, 14.2, 85.5, 52.0, 2.4, 0.5, 45.0),
         ("crosshatch", 12.0, 80.7, 80.0, 60.0, 3.0, 0.3, 30.0), ("checks", 110.4, 82.0, 84.0, 58.0, 4.0, 0.3, 0.0)]


def _pdf() -> bytes:
    c = PdfCanvas(title="forms")
    for page in range(3):
        c.begin_page(210.0, 297.0)
        with c.group(translate=(page * 7.5, 3.0), rotate_deg=90.0 * page, clip=(0.0, 0.0, 150.0, 200.0)):
            for kind, x, y, w, h, spacing, width, angle in ZONES:
                art = PatternArt(kind, w, h, spacing, width, angle, "#2E7D32",
                                 None if kind in ("dots", "checks") else Stroke("#2E7D32", width))
                c.repeated(art.key, w, h, art, at=(x, y))
                c.text(x + 2.0, y + 5.0, f"zone {kind}", TextStyle(size_pt=9.0))
        c.path([("M", 10.0, 250.0), ("L", 90.0, 260.0), ("C", 95.0, 265.0, 99.0, 270.0, 100.0, 280.0)],
               stroke=Stroke("#000000", 0.3))
    return c.finish()


def _findings(read) -> list:
    return [(p.number, p.error, p.found.text, p.found.runs, p.found.fills, p.found.outlines, p.found.strokes,
             p.found.rgb, p.found.fonts_missing) for p in read.pages]


def test_a_form_read_with_its_paths_merged_finds_what_every_point_found(monkeypatch):
    data = _pdf()
    merged = preflight.read_pdf(data, ours=True)
    assert all(p.found.fills and p.found.outlines and p.found.runs for p in merged.pages)
    monkeypatch.setattr(preflight, "_merged_paths", list)         # every operation followed, as before
    every_point = preflight.read_pdf(data, ours=True)
    assert _findings(merged) == _findings(every_point)


def test_merging_keeps_each_run_s_extremes_and_every_other_operation():
    ops = [([1.0, 2.0], "m"), ([5.0, -1.0], "l"), ([0.5, 3.0, 4.0, 4.0], "re"), ([], "f"), ([], "q"),
           ([3.0, 3.0], "m"), ([9.0, 1.0, 2.0, 8.0, 4.0, 4.0], "c"), ([], "S"), ([], "Q")]
    assert preflight._merged_paths(ops) == [([0.5, -1.0, 5.0, 7.0], "box"), ([], "f"), ([], "q"),
                                            ([2.0, 1.0, 9.0, 8.0], "box"), ([], "S"), ([], "Q")]


def test_a_pattern_s_merged_run_is_no_line_and_leaves_its_garden_a_zone():
    """PuXes' advanced mat, sheets A3 and B5 (p4, p22): the reader saw a 160 mm diagonal line no render showed. It
    was a sacred garden's stripes, a form whose run of points is kept as its box: the box's two corners were read
    as a line drawn from one to the other, and took the garden's own place among the shapes (the same box), so the
    garden was read as that line, not as a zone. A merged run is now a pattern (Findings.patterns), no shape; the
    garden is its box again, and the reader's seam check sees it as a zone."""
    from generator.print import reader
    c = PdfCanvas(title="garden")
    c.begin_page(210.0, 297.0)
    x, y, w, h = 40.0, 60.0, 150.0, 75.0
    c.rect(x, y, w, h, fill="#F3C2B8")
    art = PatternArt("stripes", w, h, 3.0, 0.5, 45.0, "#E0A091", Stroke("#E0A091", 0.5))
    c.repeated(art.key, w, h, art, at=(x, y))
    c.rect(x, y, w, h, stroke=Stroke("#B23A2A", 0.6))
    page = preflight.read_pdf(c.finish(), ours=True).pages[0].found
    lines = [pts for pts in page.shapes.values() if len(pts) == 2]
    assert lines == []
    assert len(page.patterns) == 1
    garden = next(b for b in page.fills if abs((b[2] - b[0]) / preflight.PT_PER_MM - w) < 0.01)
    assert page.shapes.get(garden) is None
    zones = [reader._zone(b, page.shapes.get(b), 297.0, 0.0, 0.0)
             for b in reader._less(page.fills + page.outlines, page.patterns)]
    assert any(z is not None and abs(z.box[2] - z.box[0] - w) < 0.5 for z in zones)


def test_a_run_of_closed_subpaths_is_one_merged_run():
    """A mat's dots: each dot a subpath closed by `h`, the pattern filled once. The closings add no point and the
    path is known by its box: one run for the whole path, not a run and an `h` per dot (860,000 of the 1.3
    million operations PuXes' reader followed)."""
    dot = lambda x: [([x, 0.0], "m"), ([x + 1.0, 0.0, x + 1.0, 1.0, x, 1.0], "c"), ([], "h")]
    ops = [op for x in (0.0, 2.0, 4.0) for op in dot(x)] + [([], "f"), ([], "h"), ([], "n")]
    assert preflight._merged_paths(ops) == [([0.0, 0.0, 5.0, 1.0], "box"), ([], "f"), ([], "h"), ([], "n")]


def test_the_dots_form_is_followed_as_one_run_per_path():
    data = _pdf()
    merged = preflight.read_pdf(data, ours=True)
    from generator.print import pdf_objects
    from generator.print.pdf_content import operations, stream_bytes
    pdf = pdf_objects.read(data)
    forms = [x for page in pdf.pages for x in page["/Resources"]["/XObject"].values()]
    followed = [preflight._merged_paths(operations(stream_bytes(f.get_object()))) for f in forms]
    assert followed and all(op != "h" for ops in followed for _, op in ops)
    assert merged.pages[0].found.patterns
