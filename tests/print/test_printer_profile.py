"""Printer profiles (issue 17, item 1): the calibration sheet's scales read a printer's back offset and angle,
and `--printer NAME` puts every back item exactly at its front's mirror plus the profile's correction.

Everything is read back from the PDFs: the fronts' trims and the backs' orientation squares (printkit), the
calibration sheet's bars and their labels.
"""

from __future__ import annotations

import json
import math
import re

import pytest
from click.testing import CliRunner
from printkit import MM_PER_PT, POKER, colour_of, open_pdf, rects_by_colour, synthetic_items

from generator.cli import cli
from generator.draw.geometry import Affine, rotation, translation
from generator.print import PrintOptions, calibration_page, impose_sheets
from generator.print.calibration import STEP_MM, STEPS, back_scales, duplex_scales
from generator.print.duplex import sheet_flip
from generator.print.printer import PrinterProfile, ProfileError, from_readings

from tests.conftest import ROOT

KIND_FIXTURES = ROOT / "tests" / "kinds" / "fixtures"


def _curves_by_colour(page) -> dict:
    """Filled paths of a page (a turned rectangle is a curve, not a rect), their corner points in mm."""
    out: dict = {}
    for obj in list(page.curves) + list(page.rects):
        key = colour_of(obj)
        if key is None:
            continue
        pts = obj.get("pts") or [(obj["x0"], obj["top"]), (obj["x1"], obj["top"]), (obj["x1"], obj["bottom"]),
                                 (obj["x0"], obj["bottom"])]
        corners = {(round(x * MM_PER_PT, 4), round(y * MM_PER_PT, 4)) for x, y in pts}
        out.setdefault(key, []).append(sorted(corners))
    return out


def _close(points_a, points_b, tol=0.01) -> bool:
    return len(points_a) == len(points_b) and all(
        any(math.dist(a, b) <= tol for b in points_b) for a in points_a)


@pytest.mark.parametrize("edge", ["long", "short"])
@pytest.mark.parametrize("profile", [PrinterProfile("decale", 1.25, -0.75, 0.0),
                                     PrinterProfile("tourne", -0.5, 2.0, 0.6)], ids=["offset", "offset+angle"])
def test_every_back_item_lies_at_its_fronts_mirror_plus_the_profile(profile, edge):
    n = 11
    opts = PrintOptions(duplex=edge, printer=profile)
    doc = impose_sheets(synthetic_items(n, oriented=True), opts, game_title="Essai", component_name="Cartes")
    pdf = open_pdf(doc.pdf)
    checked = 0
    for front_page, back_page in zip(pdf.pages[0::2], pdf.pages[1::2]):
        w_mm, h_mm = float(front_page.width) * MM_PER_PT, float(front_page.height) * MM_PER_PT
        flip = sheet_flip(w_mm, h_mm, edge)
        correction = profile.back_correction(w_mm, h_mm)
        fronts = rects_by_colour(front_page)
        backs = _curves_by_colour(back_page)
        for i in range(n):
            trims = fronts.get((i, 200, 100))
            if not trims:
                continue
            (x, y, w, h), = trims
            assert (w, h) == pytest.approx(POKER, abs=0.01)     # upright poker cards on A4
            # The back's 4 mm square at back-local (2, 2)..(6, 6) lies behind front-local (w-6..w-2, 2..6).
            behind = [(x + w - u, y + v) for u in (2, 6) for v in (2, 6)]
            expected = sorted(flip.then(correction).apply(px, py) for px, py in behind)
            found = backs.get((i, 70, 70))
            assert found and len(found) == 1, f"item {i}: its back's square not found once"
            assert _close(found[0], expected), f"item {i}: back square at {found[0]}, expected {expected}"
            checked += 1
    assert checked == n


def test_fronts_and_fold_layouts_are_never_moved():
    profile = PrinterProfile("decale", 2.0, 1.0, 0.5)
    items = synthetic_items(4, oriented=True)
    plain = impose_sheets(items, PrintOptions(), game_title="E", component_name="C")
    corrected = impose_sheets(items, PrintOptions(printer=profile), game_title="E", component_name="C")
    a, b = open_pdf(plain.pdf), open_pdf(corrected.pdf)
    assert rects_by_colour(a.pages[0]) == rects_by_colour(b.pages[0])       # the fronts, to the micrometre
    plain_back, moved_back = _curves_by_colour(a.pages[1])[(0, 70, 70)][0], _curves_by_colour(b.pages[1])[(0, 70, 70)][0]
    assert min(math.dist(p, q) for p in plain_back for q in moved_back) > 1.0     # the backs, by the profile
    folded = [impose_sheets(items, PrintOptions(fold=True, printer=p), game_title="E", component_name="C").pdf
              for p in (None, profile)]
    assert folded[0] == folded[1]
    assert corrected.pages[0].correction is None and corrected.pages[1].correction is not None


# --- the calibration sheet --------------------------------------------------------------------------
def _label_value(text: str) -> float:
    return float(text.replace("\u2212", "-").replace(",", "."))


def _readings_of(doc, printer_error: Affine, edge: str) -> list[float]:
    """What a person reads on each scale when this printer lays the verso `printer_error` off: the label of
    the bar whose verso half continues its recto half most nearly (read from the PDF: bars and labels)."""
    pdf = open_pdf(doc.pdf)
    recto, verso = pdf.pages
    w_mm, h_mm = float(recto.width) * MM_PER_PT, float(recto.height) * MM_PER_PT
    to_front = sheet_flip(w_mm, h_mm, edge).inverse()

    def segs(page):
        return [((l["x0"] * MM_PER_PT, l["top"] * MM_PER_PT), (l["x1"] * MM_PER_PT, l["bottom"] * MM_PER_PT))
                for l in page.lines]
    words = recto.extract_words()
    readings = []
    for scale in duplex_scales(w_mm, h_mm):
        jx, jy = scale["junction"]
        axis = 0 if scale["axis"] == "x" else 1
        along = 1 - axis
        near = lambda p: abs(p[along] - (jy if axis == 0 else jx)) < 0.01     # noqa: E731 - on the junction line
        recto_ends = sorted(p for s in segs(recto) for p in s if near(p))
        assert len(recto_ends) == 2 * STEPS + 1, scale["name"]
        verso_ends = []
        for s in segs(verso):
            for p in s:
                q = to_front.apply(*printer_error.apply(*p))
                if abs(q[along] - (jy if axis == 0 else jx)) < 3.0:     # the junction end, not the far one
                    verso_ends.append(q)
        assert len(verso_ends) == 2 * STEPS + 1, scale["name"]
        # Bars pair in order along the scale; the straightest pair names the reading.
        recto_ends.sort(key=lambda p: p[axis])
        verso_ends.sort(key=lambda p: p[axis])
        best = min(range(len(recto_ends)), key=lambda k: abs(recto_ends[k][axis] - verso_ends[k][axis]))
        bar = recto_ends[best]
        label = min((wd for wd in words if re.fullmatch(r"[+\u2212]?\d+(,\d+)?|0", wd["text"])),
                    key=lambda wd: math.dist(((wd["x0"] + wd["x1"]) / 2 * MM_PER_PT,
                                              (wd["top"] + wd["bottom"]) / 2 * MM_PER_PT), bar))
        readings.append(_label_value(label["text"]))
    return readings


@pytest.mark.parametrize("paper,edge", [("a4", "long"), ("letter", "long"), ("a4", "short")])
@pytest.mark.parametrize("error", [(1.1, -0.6, 0.15), (-2.3, 1.7, -0.2), (0.0, 0.0, 0.0)])
def test_the_calibration_sheet_reads_a_printers_offset_to_a_quarter_mm_and_its_angle(paper, edge, error):
    ex, ey, angle = error
    doc = calibration_page(PrintOptions(paper=paper, duplex=edge), game_title="Essai")
    assert [p.side for p in doc.pages] == ["recto", "verso"]
    w, h = doc.pages[0].width_mm, doc.pages[0].height_mm
    printer = rotation(angle, about=(w / 2, h / 2)).then(translation(ex, ey))     # what the printer does
    readings = _readings_of(doc, printer, edge)
    assert all(abs(r) <= STEPS * STEP_MM for r in readings)
    profile = from_readings("essai", readings, back_scales(w, h, edge), w, h)
    # The profile undoes the printer: each reading is right to half a step (an eighth of a mm), so the back
    # lands within 0.15 mm of its place at the centre and 0.3 mm at the very corners of the paper.
    both = printer.then(profile.back_correction(w, h))
    assert math.dist(both.apply(w / 2, h / 2), (w / 2, h / 2)) <= 0.15, (readings, profile)
    for corner in [(0, 0), (w, 0), (0, h), (w, h)]:
        assert math.dist(both.apply(*corner), corner) <= 0.3, (readings, profile)
    assert profile.angle_deg == pytest.approx(-angle, abs=0.07)


def test_a_single_sided_build_has_a_single_calibration_page():
    doc = calibration_page(PrintOptions(duplex="none"))
    assert [p.side for p in doc.pages] == ["single"]
    assert len(open_pdf(doc.pdf).pages) == 1


# --- the command line ----------------------------------------------------------------------------------
def test_printer_add_then_build_with_it_records_the_profile_in_the_manifest(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    result = CliRunner().invoke(cli, ["printer", "add", "bureau", "--offset", "1.5,-0.75", "--angle", "0.3"])
    assert result.exit_code == 0, result.output
    saved = tmp_path / "config" / "pnp-forge" / "printers" / "bureau.yaml"
    assert saved.is_file()
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "cartes", "--content", str(KIND_FIXTURES), "--out", str(out),
                                      "--jobs", "1", "--printer", "bureau"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "cartes" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["options"]["printer"] == {"name": "bureau", "offset_mm": [1.5, -0.75], "angle_deg": 0.3}
    versos = [p for f in manifest["files"] for p in f["pages"] if p["side"] == "back" and p["kind"] == "sheet"]
    assert versos and all(p["printer_correction"] for p in versos)
    a, b, c, d, tx, ty = versos[0]["printer_correction"]
    assert math.degrees(math.atan2(c, a)) == pytest.approx(0.3, abs=1e-4)
    rectos = [p for f in manifest["files"] for p in f["pages"] if p["side"] != "back"]
    assert all(p["printer_correction"] is None for p in rectos)


def test_printer_add_from_readings_and_a_project_profile(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    content = tmp_path / "jeux" / "content"
    content.mkdir(parents=True)
    result = CliRunner().invoke(cli, ["printer", "add", "atelier", "--readings", "0.5,0.5,-1,-1", "--project",
                                      "--content", str(content)])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "jeux" / "printers" / "atelier.yaml").read_text(encoding="utf-8")
    assert "offset_x_mm: 0.5" in text and "offset_y_mm: -1.0" in text and "angle_deg: 0.0" in text
    # The paper and the edge the sheet was printed with place its scales: the command takes them.
    result = CliRunner().invoke(cli, ["printer", "add", "lettre", "--readings", "0.5,0,-1,-0.5", "--paper", "letter",
                                      "--duplex", "short"])
    assert result.exit_code == 0, result.output
    w, h = 215.9, 279.4
    expected = from_readings("lettre", [0.5, 0, -1, -0.5], back_scales(w, h, "short"), w, h)
    text = (tmp_path / "config" / "pnp-forge" / "printers" / "lettre.yaml").read_text(encoding="utf-8")
    assert f"angle_deg: {expected.angle_deg!r}" in text and expected.angle_deg != 0


@pytest.mark.parametrize("args", [["printer", "add", "../evil", "--offset", "1,1"],
                                  ["printer", "add", "p", "--offset", "1"],
                                  ["printer", "add", "p", "--offset", "30,0"],
                                  ["printer", "add", "p"],
                                  ["printer", "add", "p", "--readings", "1,2,x,4"]])
def test_bad_printer_profiles_are_refused_with_exit_2(args, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_building_with_an_unknown_printer_is_bad_input(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    result = CliRunner().invoke(cli, ["build", "cartes", "--content", str(KIND_FIXTURES), "--out",
                                      str(tmp_path / "out"), "--printer", "absente"])
    assert result.exit_code == 2
    assert "pnp printer add absente" in result.output


def test_profile_values_are_bounded():
    with pytest.raises(ProfileError):
        PrinterProfile("p", 0.0, 0.0, 12.0)
    with pytest.raises(ProfileError):
        PrinterProfile("p", float("nan"))
