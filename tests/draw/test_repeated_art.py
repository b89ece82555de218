"""Repeated art (Canvas.repeated): a pattern drawn once per document as a PDF form XObject or an SVG group
placed by <use>, which prints as the pattern drawn point by point did."""

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from generator.components.layout import PatternArt, pattern_paths
from generator.draw.bounds import BoundsCanvas
from generator.draw.pdf import PdfCanvas
from generator.draw.svg import SvgCanvas

PAGE = (210.0, 297.0)
# (kind, box x, y, w, h, spacing, line width, angle): every kind, boxes off the grid of whole millimetres.
ZONES = [("dots", 12.3, 15.0, 80.0, 50.0, 3.1, 1.2, 0.0), ("stripes", 110.0, 14.2, 85.5, 52.0, 2.4, 0.5, 45.0),
         ("crosshatch", 12.0, 80.7, 80.0, 60.0, 3.0, 0.3, 30.0), ("checks", 110.4, 82.0, 84.0, 58.0, 4.0, 0.3, 0.0),
         ("grain", 12.0, 160.0, 183.0, 60.0, 1.6, 0.35, 12.0), ("dots", 40.0, 232.0, 130.0, 50.0, 2.0, 0.8, 0.0)]
COLOUR = "#2E7D32"


def _point_by_point(c) -> None:
    """How patterns were drawn before: every path at its place on the page, clipped to the zone."""
    for kind, x, y, w, h, spacing, width, angle in ZONES:
        art = PatternArt(kind, w, h, spacing, width, angle, COLOUR)
        with c.group(clip=(x, y, w, h)):
            for ops in pattern_paths(kind, x, y, w, h, spacing, width, angle):
                c.path(ops, fill=art.fill, stroke=art.stroke)


def _repeated(c) -> None:
    for kind, x, y, w, h, spacing, width, angle in ZONES:
        art = PatternArt(kind, w, h, spacing, width, angle, COLOUR)
        c.repeated(art.key, w, h, art, at=(x, y))


def _pdf(draw, pages: int = 1) -> bytes:
    canvas = PdfCanvas(title="patterns")
    for _ in range(pages):
        canvas.begin_page(*PAGE)
        draw(canvas)
    return canvas.finish()


def _raster(pdf: bytes, tmp_path, name: str) -> Image.Image:
    (tmp_path / f"{name}.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "150", "-png", "-singlefile", str(tmp_path / f"{name}.pdf"),
                    str(tmp_path / name)], check=True)
    return Image.open(tmp_path / f"{name}.png").convert("L")


def test_a_pattern_placed_as_a_form_prints_the_pixels_drawn_point_by_point(tmp_path):
    before = _raster(_pdf(_point_by_point), tmp_path, "before")
    after = _raster(_pdf(_repeated), tmp_path, "after")
    assert before.size == after.size and before.size[1] == 1754
    ink = sum(1 for v in before.tobytes() if v < 250)
    assert ink > 300_000                           # the patterns are there, over a good part of the page
    diff = ImageChops.difference(before, after).tobytes()
    # Anti-aliasing: the edge of a dot or a line may fall a shade apart where its coordinates are added in
    # another order (the form's translation); no pixel turns from ink to paper.
    assert max(diff) < 96
    assert sum(1 for d in diff if d > 24) < 0.002 * len(diff)


def test_a_form_is_written_once_and_placed_on_every_page():
    pdf = _pdf(_repeated, pages=4)
    reader = PdfReader(io.BytesIO(pdf))
    forms = {ref.idnum for page in reader.pages for ref in page["/Resources"]["/XObject"].values()}
    assert len(forms) == len(ZONES)
    for page in reader.pages:
        assert page.get_contents().get_data().count(b" Do") == len(ZONES)
        assert len(page.get_contents().get_data()) < 2000
    # Four pages point by point weigh four times the patterns; as forms, about one.
    assert len(pdf) * 2.5 < len(_pdf(_point_by_point, pages=4))
    assert pdf == _pdf(_repeated, pages=4)


def test_a_drawing_is_one_form_per_scale_and_ink_saver():
    canvas = PdfCanvas()
    canvas.begin_page(*PAGE)
    art = PatternArt("stripes", 20.0, 20.0, 2.0, 0.3, 45.0, COLOUR)
    canvas.repeated(art.key, 20.0, 20.0, art)
    canvas.repeated(art.key, 20.0, 20.0, art, at=(30.0, 0.0))
    with canvas.group(scale=0.25):         # thin lines widened to print at this scale: another drawing
        canvas.repeated(art.key, 20.0, 20.0, art)
    canvas.ink_saver = True
    canvas.repeated(art.key, 20.0, 20.0, art)
    page = PdfReader(io.BytesIO(canvas.finish())).pages[0]
    assert len(page["/Resources"]["/XObject"]) == 3


def test_svg_defines_each_pattern_once_and_uses_it():
    canvas = SvgCanvas(*PAGE)
    _repeated(canvas)
    _repeated(canvas)
    svg = canvas.tostring()
    assert len(re.findall(r'<g id="art\d+"', svg)) == len(ZONES)
    assert len(re.findall(r"<use ", svg)) == 2 * len(ZONES)
    assert re.search(r'<use x="12.3" xlink:href="#art\d+" y="15" />', svg)


def _zones(c) -> None:
    for _, x, y, w, h, *_ in ZONES:
        c.rect(x, y, w, h, fill=COLOUR)


def _bounds(draw, turn: float):
    canvas = BoundsCanvas()
    with canvas.group(translate=(5.0, 7.0), rotate_deg=turn):
        draw(canvas)
    return canvas.box


def test_bounds_of_repeated_art_are_its_zones():
    # Repeated art counts as the box it is placed in; under a zone's fill, what a seam keeps clear of is what
    # measuring every dot and line said, turned or not.
    for turn in (0.0, 30.0):
        assert _bounds(_repeated, turn) == pytest.approx(_bounds(_zones, turn), abs=1e-9)
        assert _bounds(lambda c: (_zones(c), _repeated(c)), turn) == \
            pytest.approx(_bounds(lambda c: (_zones(c), _point_by_point(c)), turn), abs=1e-9)


def test_a_game_with_patterns_builds_to_the_same_bytes_cached_or_fresh(tmp_path):
    # Parcours: a tiled mat with a striped zone, a map with dotted, striped and crosshatched cells. Form names
    # follow the order of first drawing within each document, so any build of the same content, by one
    # process or two, cached or not, gives the same bytes.
    from click.testing import CliRunner
    from generator.cli import cli
    content = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parents[1] / "components" / "fixtures" / "parcours", content / "parcours")

    def build(out: str, *args: str) -> dict:
        result = CliRunner().invoke(cli, ["build", "--content", str(content), "--out", str(tmp_path / out), *args])
        assert result.exit_code == 0, result.output
        return {str(p.relative_to(tmp_path / out)): p.read_bytes() for p in sorted((tmp_path / out).rglob("*"))
                if p.is_file() and ".pnp-cache" not in p.parts}

    first = build("a", "--jobs", "1")
    pdfs = [name for name in first if name.endswith(".pdf") and b"/Subtype /Form" in first[name]]
    assert len(pdfs) >= 2, "the mat and the map place their patterns as forms"
    assert build("b", "--jobs", "2", "--no-cache") == first
    assert build("a", "--jobs", "1") == first                  # everything from the cache
