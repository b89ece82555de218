"""The tiler chooses its seams and places its own marks (the overlap notes "la feuille 5.2 se colle ici", the plan's
sheet names) by the rules the reader's preflight enforces, so that moving a label of the art by a few millimetres
still gives sheets the reader reads clean (issue 25: moving PuXes' "2 DiXes" by 2 mm changed the seams, and a
thin row's note lay over "Joueur A"). A mat alone (tests/print/fixtures/tapis-essai.yaml: PuXes' 2-player mat
described at its small size, no game built), tiled for each place of its label and read back: before the tiler
moved a note across its strip, the label 1 to 5 mm nearer its temple gave a thin last row whose strip held
"Joueur A", and the note over it."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from generator.components.mat import mat_item
from generator.content.loader import load_component
from generator.print import PrintOptions, plan_tiling, tile_face
from generator.print import tiling
from generator.print.manifest import document_entry
from generator.print.preflight import read_pdf
from generator.print.reader import Subject, check
from generator.reader_thresholds import value

MAT = Path(__file__).parent / "fixtures" / "tapis-essai.yaml"

# The label's places, in mm from where PuXes has it: each leaves the label clear of the art's own lines (3 mm up it
# lies on the public garden's border: a defect of the art, which the reader tells whatever the tiling).
OFFSETS = (-2.0, -1.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0)


def _mat(tmp_path: Path, dy: float):
    path = tmp_path / f"tapis-{dy:+.1f}.yaml"
    path.write_text(MAT.read_text(encoding="utf-8").replace("LABEL_DY", repr(dy)), encoding="utf-8")
    mat, _ = load_component(path)
    return mat_item(mat, tmp_path)


@pytest.mark.parametrize("dy", OFFSETS)
def test_a_label_moved_a_few_mm_still_gives_sheets_the_reader_reads_clean(tmp_path, dy):
    """Every offset: no seam through text, a zone or beside a border, no note over a label or struck by a line,
    nothing else the reader tells; the plan's seams measured on the mat's own marks too."""
    item = _mat(tmp_path, dy)
    face = item.front
    doc = tile_face(item, PrintOptions(), game_title="Essai", component_name="Tapis")
    entry = document_entry("tapis.pdf", doc)
    assert len([p for p in entry["pages"] if p["kind"] == "tile"]) > 4
    report = check(Subject("tapis.pdf", doc.pdf, role="sheets", entry=entry), PrintOptions().words)
    assert [w.describe(PrintOptions().words) for w in report.warnings] == []
    # the notes are there to be read: one per strip that a next sheet covers
    t = plan_tiling(face.bleed_width_mm, face.bleed_height_mm, PrintOptions(), face.grid_lines_mm, face.keep_clear_mm)
    strips = sum((c < t.columns_in(r) - 1) + (r < t.rows - 1) for r in range(t.rows) for c in range(t.columns_in(r)))
    notes = [run.text for page in read_pdf(doc.pdf, ours=True).pages if page.found
             for run in page.found.runs if "se colle ici" in run.text]
    assert len(notes) == strips
    # no seam within the clearance of a text of the art
    clearance = value("seam_clearance_mm")
    texts = [b for b in face.keep_clear_mm if b[4] and b[5]]
    for r in range(t.rows):
        for c in range(t.columns_in(r)):
            x, y, w, h = t.window(r, c)
            bottom = t.window(r + 1, 0)[1] if r + 1 < t.rows else y + h
            for b in texts:
                if c and b[1] < bottom and b[1] + b[3] > y:
                    assert not b[0] - clearance < x < b[0] + b[2] + clearance, (dy, r, c, b[:4])
                if r and b[0] < x + w and b[0] + b[2] > x:
                    assert not b[1] - clearance < y < b[1] + b[3] + clearance, (dy, r, c, b[:4])


def test_identical_content_tiles_byte_identically(tmp_path):
    first = tile_face(_mat(tmp_path, 2.0), PrintOptions(), game_title="Essai", component_name="Tapis").pdf
    again = tile_face(_mat(tmp_path, 2.0), PrintOptions(), game_title="Essai", component_name="Tapis").pdf
    assert first == again


def test_a_note_moves_across_its_strip_where_its_middle_line_has_no_clear_spot():
    """A strip 10 mm wide and 30 mm long, a label reaching 6 mm into it from the right: the note cannot pass it
    along the strip's middle (24 mm long, the strip too short to move along), so it moves across, its glyphs kept
    inside the strip and NOTE_MARGIN_MM off the label."""
    label = (206.0, 10.0, 220.0, 14.0)
    marks = tiling._page_marks([(label[0], label[1], label[2] - label[0], label[3] - label[1], True, True)], 0.0, 0.0)
    glyphs = (205.0 - 1.6, 205.0 + 0.8)             # about the middle of the strip 200..210
    across = tiling._with_margin(glyphs)
    strip = tiling._strip(210.0, 10.0)
    at, shift = tiling._note_place(24.0, across, 0.0, 26.0, 1, marks, (), 0.0, (-math.inf, math.inf), strip)
    assert shift < 0
    moved = (glyphs[0] + shift, glyphs[1] + shift)
    assert strip[0] - 1e-9 <= moved[0] and moved[1] + tiling.NOTE_MARGIN_MM <= label[0] + 1e-9
    # nothing in its way: it stays on the middle line
    assert tiling._note_place(24.0, across, 0.0, 26.0, 1, [], (), 0.0, (-math.inf, math.inf), strip)[1] == 0.0


def _every_spot(t, r, c, half_w, half_h, marks):
    """name_place as it was before issue 26's change: every spot of the sheet's own part weighed by every mark."""
    x, y, w, h = t.window(r, c)
    x1 = x + w - (t.overlap if c < t.columns_in(r) - 1 else 0.0)
    y1 = y + h - (t.overlap if r < t.rows - 1 else 0.0)
    middle = ((x + x1) / 2, (y + y1) / 2)
    marks = [m for m in marks if max(m[2], m[3]) <= max(t.tile_w, t.tile_h)]
    if not marks or x1 - x <= 2 * half_w or y1 - y <= 2 * half_h:
        return middle
    spots = [middle] + [(x + half_w + i * 2.0, y + half_h + j * 2.0)
                        for i in range(int((x1 - x - 2 * half_w) / 2.0) + 1)
                        for j in range(int((y1 - y - 2 * half_h) / 2.0) + 1)]

    def cost(at):
        hidden = [tiling.name_covers((at[0] - half_w, at[1] - half_h, at[0] + half_w, at[1] + half_h), m)
                  for m in marks]
        return (sum(1 for a in hidden if a > 0), round(sum(hidden), 1),
                round(math.hypot(at[0] - middle[0], at[1] - middle[1]), 1))
    return min(spots, key=cost)


@pytest.mark.parametrize("dy", (0.0, 2.0))
def test_a_sheet_name_goes_where_weighing_every_spot_puts_it(tmp_path, dy, monkeypatch):
    """name_place tries the middle, then the spots nearest first, and weighs spots only while they hide no more
    than the fewest (issue 26): on every sheet of the mat, a name box that some spot holds clear and one too large
    for any (every spot hides a zone: the least hidden), the same spot as every spot weighed by every mark."""
    face = _mat(tmp_path, dy).front
    t = plan_tiling(face.bleed_width_mm, face.bleed_height_mm, PrintOptions(), face.grid_lines_mm, face.keep_clear_mm)
    weighed = []
    least = tiling._least_hidden
    monkeypatch.setattr(tiling, "_least_hidden", lambda *args: weighed.append(1) or least(*args))
    for half_w, half_h in ((12.0, 4.0), (60.0, 30.0)):
        for r in range(t.rows):
            for c in range(t.columns_in(r)):
                assert tiling.name_place(t, r, c, half_w, half_h, face.keep_clear_mm) == \
                    _every_spot(t, r, c, half_w, half_h, face.keep_clear_mm), (r, c, half_w)
    assert len(weighed) >= 3          # the large box: sheets where every spot hides something


@pytest.mark.parametrize("dy", (0.0, 2.0))
def test_the_plan_s_sheet_names_keep_a_margin_off_the_art_s_labels(tmp_path, dy):
    """Each sheet's name box on the assembly plan (`_name_on_sheet`, as the plan draws it) keeps NAME_TEXT_MARGIN_MM
    of the plan off every label of the mat, not only off its letters: before, boxes stood 0.1 to 0.4 mm from
    "Oracle B1" or "Joueur A" on the small 2-player mat's plan."""
    from generator.draw import bounds
    from generator.draw.style import TextStyle
    from generator.print import sheet_names
    face = _mat(tmp_path, dy).front
    t = plan_tiling(face.bleed_width_mm, face.bleed_height_mm, PrintOptions(), face.grid_lines_mm, face.keep_clear_mm)
    t = tiling.replace(t, names=sheet_names.choose([t.columns_in(r) for r in range(t.rows)],
                                                   [text for text, _ in bounds.texts(face.draw)]))
    page = t.page
    scale = tiling._map_scale(page.printable[2], page.printable[3] - tiling.LABEL_BAND_MM, face)
    words = PrintOptions().words
    labels = [m for m in face.keep_clear_mm if m[5]]
    gaps = []
    for r in range(t.rows):
        for c in range(t.columns_in(r)):
            name, style = tiling._plan_name(t, r, c, words, TextStyle(size_pt=12, bold=True), scale)
            (x, y), half, box_h, _ = tiling._name_on_sheet(t, r, c, name, style, scale, face.keep_clear_mm)
            box = (x - half / scale, y - box_h / 2 / scale, x + half / scale, y + box_h / 2 / scale)
            for m in labels:
                gap = max(m[0] - box[2], box[0] - m[0] - m[2], m[1] - box[3], box[1] - m[1] - m[3])
                gaps.append((gap * scale, name, (r, c)))
    assert len({g[1] for g in gaps}) == t.count
    near = {(name, sheet) for gap, name, sheet in gaps if gap < tiling.NAME_TEXT_MARGIN_MM - 1e-6}
    # only a sheet whose part holds no such spot even at the least size keeps a name nearer (where no label is hit)
    assert len(near) <= 1 and all(gap >= 0 for gap, _, _ in gaps), sorted(gaps)[:3]
    d = tiling.NAME_TEXT_MARGIN_MM / scale
    wide = [(m[0] - d, m[1] - d, m[2] + 2 * d, m[3] + 2 * d, *m[4:]) if m[5] else m for m in face.keep_clear_mm]
    for name, (r, c) in near:
        half, box_h = tiling._name_box(name, TextStyle(size_pt=tiling.PLAN_NAME_PT[-1], bold=True),
                                       tiling._own_width(t, r, c) * scale)
        assert tiling.name_place(t, r, c, half / scale, box_h / 2 / scale, wide, clear_only=True) is None
