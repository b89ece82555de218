"""Our preflight (issue 17, item 4): each rule fails on a PDF made to break it, passes on ours; every PDF a build
writes is checked, every print-shop file is rendered by Ghostscript without a warning; `pnp check-print`.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from reportlab.pdfgen import canvas as rl_canvas

from generator.cli import cli
from generator.content.loader import discover_games
from generator.draw.pdf import PdfCanvas
from generator.draw.style import Stroke, TextStyle
from generator.print.preflight import Expectation, preflight, preflight_file
from generator.print.printer import PrinterProfile, save_profile

from tests.conftest import CONTENT, ROOT

MM = 72 / 25.4
KIND_FIXTURES = ROOT / "tests" / "kinds" / "fixtures"


def _ours(draw=None, *, w=210.0, h=297.0, trim=None, bleed=None) -> bytes:
    pdf = PdfCanvas(title="essai")
    pdf.begin_page(w, h, trim=trim, bleed=bleed)
    pdf.text(20, 30, "Bonjour", TextStyle(size_pt=10))
    pdf.line(20, 40, 100, 40, Stroke("#000000", 0.3))
    if draw:
        draw(pdf)
    return pdf.finish()


def _raw(draw, *, size=(210 * MM, 297 * MM), boxes=True) -> bytes:
    """A page drawn straight with reportlab, to break one rule at a time."""
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, pagesize=size, invariant=1, initialFontName="Times-Roman")
    if boxes:
        c.setTrimBox([0, 0, *size])
        c.setBleedBox([0, 0, *size])
    draw(c)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_clean_page_of_ours_passes():
    assert preflight(_ours(), Expectation(paper="a4")) == []


def test_a_line_under_a_quarter_point_is_found():
    def thin(c):
        c.setLineWidth(0.2)
        c.line(100, 100, 200, 100)
    problems = preflight(_raw(thin))
    assert any("0.200 pt" in p for p in problems), problems


def test_a_line_made_thin_by_a_transform_is_found():
    def scaled(c):
        c.saveState()
        c.scale(0.5, 0.5)
        c.setLineWidth(0.4)          # 0.2 pt once scaled
        c.line(100, 100, 200, 100)
        c.restoreState()
    assert any("0.200 pt" in p for p in preflight(_raw(scaled)))


def test_an_unembedded_font_is_found():
    def helvetica(c):
        c.setFont("Helvetica", 10)
        c.drawString(100, 400, "Bonjour")
    problems = preflight(_raw(helvetica))
    assert "font Helvetica is not embedded" in problems


def test_rgb_is_refused_in_a_shop_file_only():
    def rgb(c):
        c.setFillColorRGB(1, 0, 0)
        c.rect(100, 100, 50, 50, fill=1, stroke=0)
    data = _raw(rgb)
    assert not [p for p in preflight(data) if "RGB" in p]
    assert [p for p in preflight(data, Expectation(shop=True)) if "RGB" in p]
    # A file that says it is PDF/X is held to shop rules without being told.
    from generator.print.pdfx import mark_pdfx1a
    assert [p for p in preflight(mark_pdfx1a(data)) if "RGB" in p]


def test_missing_and_unnested_boxes_are_found():
    problems = preflight(_raw(lambda c: None, boxes=False))
    assert "page 1: no TrimBox" in problems and "page 1: no BleedBox" in problems
    problems = preflight(_ours(trim=(10, 10, 100, 100), bleed=(20, 20, 50, 50)))
    assert "page 1: the TrimBox is not inside the BleedBox" in problems


def test_text_outside_the_safe_zone_is_found():
    near_edge = _ours(lambda pdf: pdf.text(1.5, 100, "Bord", TextStyle(size_pt=8)))
    assert any("safe zone" in p for p in preflight(near_edge))
    # On a page holding items, the zone is the item's: 3 mm inside its trim.
    on_card = _ours(lambda pdf: pdf.text(51.5, 70, "Carte", TextStyle(size_pt=8)))
    assert preflight(on_card) == []
    assert any("3.00 mm inside the item's trim" in p
               for p in preflight(on_card, Expectation(item_trims_mm={1: [(10, 50, 50, 50, 3.0)]})))
    # Each item has its own zone (the manifest's safe_mm): a small pawn keeps 1 mm, and the same text then fits.
    assert preflight(on_card, Expectation(item_trims_mm={1: [(10, 50, 50, 50, 1.0)]})) == []


def test_slug_text_beside_a_pages_one_item_is_free():
    # A sheet of one item: TrimBox and BleedBox are the item's; its label below is cut away with the margin.
    page = _ours(lambda pdf: pdf.text(20, 280, "Jeu · page 1/1", TextStyle(size_pt=7)),
                 trim=(20, 40, 60, 90), bleed=(17, 37, 66, 96))
    assert not [p for p in preflight(page) if "280" in p]
    crossing = _ours(lambda pdf: pdf.text(70, 100, "Trop près du bord", TextStyle(size_pt=7)),
                     trim=(20, 40, 60, 90), bleed=(17, 37, 66, 96))
    assert any("safe zone" in p for p in preflight(crossing))


def test_clipped_away_text_is_not_printed_text():
    def hidden(pdf):
        with pdf.group(clip=(50, 50, 20, 20)):
            pdf.text(1.0, 100, "Cachée", TextStyle(size_pt=8))
    assert preflight(_ours(hidden)) == []


def test_a_page_of_another_size_is_found():
    assert any("not A4" in p for p in preflight(_ours(w=215.9, h=279.4), Expectation(paper="a4")))
    assert preflight(_ours(w=297, h=210), Expectation(paper="a4")) == []
    assert any("stated 63.5 x 88.9" in p for p in preflight(_ours(), Expectation(page_sizes_mm={1: (63.5, 88.9)})))


# --- every PDF we write ---------------------------------------------------------------------------------
# Every game of content/ (one build each, so parallel workers share the work) and the kinds fixture (every
# kind), built with --shop; the fixture also with a printer profile, and for each cutting machine.
GAMES = discover_games(CONTENT)
BUILDS = {**{f"games-{game}": (CONTENT, [game]) for game in GAMES},
          "kinds": (KIND_FIXTURES, []),
          "components": (ROOT / "tests" / "components" / "fixtures", []),
          "languages": (ROOT / "tests" / "language" / "fixtures", []),
          "printer": (KIND_FIXTURES, ["--printer", "essai", "--duplex", "short"]),
          "silhouette": (KIND_FIXTURES, ["--cutter", "silhouette"]),
          "cricut": (KIND_FIXTURES, ["--cutter", "cricut", "--paper", "letter"])}


@pytest.fixture(scope="session")
def printer_config(shared_folder) -> Path:
    """An XDG_CONFIG_HOME holding the printer profile `essai`."""
    return shared_folder("preflight-config", lambda folder: save_profile(
        PrinterProfile("essai", 1.5, -0.75, 0.4), folder / "pnp-forge" / "printers"))


# Each build's two tests together, builds spread; PuXes' and Praxis' with the other readers of their builds
# (tests/conftest.py).
GROUPS = {"games-puxes": "game-puxes", "games-praxis": "game-praxis"}


@pytest.fixture(params=[pytest.param(name, marks=pytest.mark.xdist_group(GROUPS.get(name, f"preflight-{name}")))
                        for name in sorted(BUILDS)])
def one_output(request, game_build, shared_build, printer_config) -> tuple[str, Path]:
    """(name, output folder) of one of BUILDS; a game's is the build its other tests read too."""
    content, extra = BUILDS[request.param]
    if content == CONTENT:
        return request.param, game_build(extra[0]).out.parent
    built = shared_build("--shop", *extra, content=content, env={"XDG_CONFIG_HOME": str(printer_config)})
    assert built.exit_code == 0, built.output
    return request.param, built.out


def _pdfs(root: Path) -> list[Path]:
    return sorted(root.rglob("*.pdf"))


# Defects the preflight finds in layers this branch does not own, listed rather than hidden (issue 17): the
# problems of these files that say this are expected until fixed where they come from; any other problem fails.
KNOWN_DEFECTS = {
}


def test_every_pdf_a_build_writes_passes_our_preflight(one_output):
    name, out = one_output
    failures, known = {}, set()
    pdfs = _pdfs(out)
    assert pdfs, f"{name}: the build wrote no PDF"
    for path in pdfs:
        paper = "letter" if name == "cricut" else "a4"
        # Booklets, guides, rulebooks and sheets are on the build's paper; shop files' pages are card-sized, as
        # the manifest beside them says (preflight_file reads it).
        is_shop = path.parent.name in ("imprimeur", "printer")
        problems = preflight_file(path, paper=None if is_shop else paper)
        marker, why = KNOWN_DEFECTS.get(path.name, (None, None))
        unexpected = [p for p in problems if marker is None or marker not in p]
        if unexpected:
            failures[str(path.relative_to(out))] = unexpected[:3]
        if len(unexpected) < len(problems):
            known.add(f"{path.relative_to(out)}: {why}")
    assert not failures, failures
    if known:
        pytest.xfail("known defects outside this layer: " + "; ".join(sorted(known)))


def _shop_files(root: Path) -> list[Path]:
    return [p for p in _pdfs(root) if p.parent.name in ("imprimeur", "printer")]


def _expected_shop_files(root: Path) -> set[str]:
    """The print-shop files the manifests of a build list (one per deck or tiles component)."""
    return {str((manifest.parent / entry["file"]).relative_to(root))
            for manifest in root.glob("*/manifest.json")
            for entry in json.loads(manifest.read_text(encoding="utf-8"))["files"]
            if Path(entry["file"]).parent.name in ("imprimeur", "printer")}


def test_ghostscript_renders_every_shop_file_without_a_warning(one_output):
    gs = shutil.which("gs")
    if gs is None:
        message = "Ghostscript (gs) is not installed: this test cannot run (Debian: apt-get install -y ghostscript)"
        if os.environ.get("CI"):
            pytest.fail(message + "; .ci/run installs it, so CI must have it")
        pytest.skip(message)
    name, out = one_output
    shop = _shop_files(out)
    assert {str(p.relative_to(out)) for p in shop} == _expected_shop_files(out), name
    for path in shop:
        run = subprocess.run([gs, "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(path)],
                             capture_output=True, text=True, timeout=120)
        output = run.stdout + run.stderr
        assert run.returncode == 0, f"{path.name}: gs exit {run.returncode}\n{output[-800:]}"
        warnings = [line for line in output.splitlines() if "****" in line or "rror" in line or "arning" in line]
        assert not warnings, f"{path.name}: " + "\n".join(warnings[:10])


def test_the_builds_write_print_shop_files(shared_build, printer_config):
    # The fixture of every kind has decks and tiles: its --shop build writes their print-shop files.
    content, extra = BUILDS["kinds"]
    built = shared_build("--shop", *extra, content=content, env={"XDG_CONFIG_HOME": str(printer_config)})
    assert built.exit_code == 0, built.output
    assert _shop_files(built.out), "the --shop build wrote no print-shop file"


# --- pnp check-print --------------------------------------------------------------------------------------
def test_check_print_says_what_is_wrong_and_exits_1(tmp_path):
    good, bad = tmp_path / "bon.pdf", tmp_path / "mauvais.pdf"
    good.write_bytes(_ours())
    bad.write_bytes(_raw(lambda c: (c.setLineWidth(0.1), c.line(100, 100, 200, 100))))
    result = CliRunner().invoke(cli, ["check-print", str(good)])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(cli, ["check-print", str(good), str(bad)])
    assert result.exit_code == 1
    assert "mauvais.pdf: page 1: a line 0.100 pt wide" in result.output


def test_check_print_of_something_not_a_pdf_is_bad_input(tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("bonjour", encoding="utf-8")
    for path in (other, tmp_path / "absent.pdf"):
        result = CliRunner().invoke(cli, ["check-print", str(path)])
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output


def test_a_face_drawn_smaller_keeps_its_lines_printable():
    """An assembly map or a figure draws a face scaled down: its 0.2 mm lines would print at 0.05 mm. The
    canvas keeps every stroke at 0.25 pt on paper, whatever the groups' scale, in both backends."""
    def small(pdf):
        with pdf.group(translate=(20, 60), scale=0.25):
            pdf.line(0, 0, 200, 0, Stroke("#000000", 0.2))
            pdf.rect(0, 10, 100, 100, stroke=Stroke("#000000", 0.2))
    assert not any("0.25 pt" in p for p in preflight(_ours(small)))
    from generator.draw.svg import SvgCanvas
    svg = SvgCanvas(100, 100)
    with svg.group(scale=0.25):
        svg.line(0, 0, 100, 0, Stroke("#000000", 0.2))
    assert 'stroke-width="0.353"' in svg.tostring()       # 0.25 pt (0.0882 mm) on paper, / 0.25
    assert svg.scale == 1.0                                  # the scale is back once the group closes
