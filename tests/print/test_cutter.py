"""Print-and-cut (issue 17, item 2): with --cutter the sheets sit inside the machine's registration frame, the
marks are printed on every recto, and the cut file's paths coincide with every item's trim in the marks' frame.

The frame's origin is found in the PDF itself (the mark at the top-left), the trims are read from the PDF
(printkit's colour-coded faces), and the cut paths from the SVG files: three readings that must agree.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from printkit import MM_PER_PT, open_pdf, rects_by_colour, synthetic_items

from generator.cli import cli
from generator.print import PrintOptions, impose_sheets
from generator.print.cutter import CRICUT_AREA_MM, SILHOUETTE_SQUARE_MM, cutter_layout

from tests.conftest import ROOT

KIND_FIXTURES = ROOT / "tests" / "kinds" / "fixtures"
SVG = "{http://www.w3.org/2000/svg}"


def _black_rects(page) -> list[tuple[float, float, float, float]]:
    return rects_by_colour(page).get((0, 0, 0), [])


def _frame_origin(page, machine: str) -> tuple[float, float]:
    """The outer corner of the top-left registration mark, read from the page."""
    rects = _black_rects(page)
    if machine == "silhouette":
        squares = [r for r in rects if abs(r[2] - SILHOUETTE_SQUARE_MM) < 0.01 and abs(r[3] - r[2]) < 0.01]
        assert len(squares) == 1, rects
        return squares[0][0], squares[0][1]
    corner = min(rects, key=lambda r: r[0] + r[1])
    return corner[0], corner[1]


def _path_bounds(d: str) -> tuple[float, float, float, float]:
    """Bounds of a path's on-curve points (every command's last point): a trim's box for rectangles, rounded
    rectangles and circles alike, whose extremes are on-curve points."""
    points = []
    for command in re.findall(r"[MLCZ][^MLCZ]*", d):
        numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", command)]
        if len(numbers) >= 2:
            points.append((numbers[-2], numbers[-1]))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _cut_boxes(svg_text: str) -> tuple[tuple[float, float], list[tuple]]:
    root = ET.fromstring(svg_text)
    size = (float(root.get("width").removesuffix("mm")), float(root.get("height").removesuffix("mm")))
    return size, [_path_bounds(p.get("d")) for p in root.iter(f"{SVG}path")]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("machine", ["silhouette", "cricut"])
@pytest.mark.parametrize("shape", ["rect", "round"])
def test_cut_paths_coincide_with_every_trim_in_the_marks_frame(machine, paper, shape):
    n = 13
    size = (63.5, 88.9) if shape == "rect" else (30.0, 30.0)
    opts = PrintOptions(paper=paper, cutter=machine)
    doc = impose_sheets(synthetic_items(n, *size, shape=shape), opts, game_title="Essai", component_name="Cartes")
    layout = cutter_layout(machine, paper)
    pdf = open_pdf(doc.pdf)
    cut_files = dict(doc.cut_files)
    compared = 0
    for info, page in zip(doc.pages, pdf.pages):
        if info.side == "verso":
            assert not _black_rects(page), "a verso carries no registration mark"
            continue
        assert (float(page.width) * MM_PER_PT, float(page.height) * MM_PER_PT) == pytest.approx(
            (layout.width_mm, layout.height_mm), abs=0.01)
        ox, oy = _frame_origin(page, machine)
        assert (ox, oy) == pytest.approx(layout.frame[:2], abs=0.01)
        (fw, fh), paths = _cut_boxes(cut_files[info.number])
        assert (fw, fh) == pytest.approx(layout.frame[2:], abs=0.01)
        trims = rects_by_colour(page)
        assert len(paths) == len(info.placements)
        for i in range(n):
            found = trims.get((i, 200, 100))
            if not found:
                continue
            (x, y, w, h), = found
            in_frame = (x - ox, y - oy, w, h)
            matches = [p for p in paths if all(abs(a - b) < 0.01 for a, b in zip(p, in_frame))]
            assert len(matches) == 1, f"item {i}: no cut path at {in_frame} (paths {paths})"
            compared += 1
    assert compared == n


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("machine", ["silhouette", "cricut"])
def test_art_stays_inside_the_machines_area_and_clear_of_its_marks(machine, paper):
    opts = PrintOptions(paper=paper, cutter=machine)
    doc = impose_sheets(synthetic_items(20, 41.0, 63.0) + synthetic_items(12, 20.0, 20.0, shape="round"), opts,
                        game_title="Essai", component_name="Cartes")
    layout = cutter_layout(machine, paper)
    if machine == "cricut":
        aw, ah = CRICUT_AREA_MM
        assert layout.region == pytest.approx(((layout.width_mm - aw) / 2, (layout.height_mm - ah) / 2, aw, ah))
    pdf = open_pdf(doc.pdf)
    for info, page in zip(doc.pages, pdf.pages):
        for p in info.placements:
            ax, ay, aw_, ah_ = p.art
            assert any(rx - 1e-6 <= ax and ax + aw_ <= rx + rw + 1e-6 and ry - 1e-6 <= ay and ay + ah_ <= ry + rh + 1e-6
                       for rx, ry, rw, rh in layout.regions)
            assert layout.clear(p.art), f"{p.item_id}: art in the sensor's search square of a mark"
            for mx, my, mw, mh in layout.marks:
                gap_x = max(mx - (ax + aw_), ax - (mx + mw))
                gap_y = max(my - (ay + ah_), ay - (my + mh))
                assert max(gap_x, gap_y) >= 3.0, f"{p.item_id}: art within 3 mm of a registration mark"
        if info.side != "verso":
            marks, expected = sorted(_black_rects(page)), sorted(layout.marks)
            assert len(marks) == len(expected)
            assert all(abs(a - b) < 0.01 for m, e in zip(marks, expected) for a, b in zip(m, e)), marks


def test_a_cutter_build_writes_the_frame_in_the_manifest_and_the_guide(tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "cartes", "--content", str(KIND_FIXTURES), "--out", str(out),
                                      "--jobs", "1", "--cutter", "silhouette"])
    assert result.exit_code == 0, result.output
    import json
    manifest = json.loads((out / "cartes" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["options"]["cutter"] == {"machine": "silhouette", "frame_mm": [10.0, 10.0, 190.0, 277.0]}
    deck = next(f for f in manifest["files"] if f["kind"] == "deck")
    assert any("Silhouette Studio" in step and "Type 1" in step for step in deck["print"]["steps"])


def test_a_cutter_on_a3_is_bad_input(tmp_path):
    result = CliRunner().invoke(cli, ["build", "cartes", "--content", str(KIND_FIXTURES), "--out",
                                      str(tmp_path / "out"), "--jobs", "1", "--cutter", "cricut", "--paper", "a3"])
    assert result.exit_code == 2, result.output
    assert "du A4 ou du Letter, pas sur du a3" in result.output      # in the game's language
    assert not (tmp_path / "out").exists()
