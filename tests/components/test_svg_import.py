"""SVG files replayed as vector primitives: path commands, arcs and transforms checked against
coordinates worked out by hand, placement in a box, and clear errors for what we do not draw."""

from __future__ import annotations

import math

import pytest

from comphelp import read_pdf
from curves import path_points as sample
from generator.draw.canvas import Canvas
from generator.draw.pdf import PdfCanvas
from generator.draw.svg import SvgCanvas
from generator.draw.svgimport import (SvgImportError, arc_to_cubics, draw_svg_file, load_svg, parse_path,
                                      parse_transform)


class Recorder(Canvas):
    """A canvas that keeps every path it is asked to draw."""

    def __init__(self):
        self.paths = []

    def path(self, ops, *, fill=None, stroke=None, even_odd=False):
        self.paths.append((list(ops), fill, stroke, even_odd))


def write(tmp_path, body: str, attrs: str = 'viewBox="0 0 100 100"', name="art.svg"):
    path = tmp_path / name
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" {attrs}>{body}</svg>', encoding="utf-8")
    return path


def test_semicircle_arc_passes_through_the_top_and_stays_on_the_circle():
    ops = parse_path("M 10 50 A 40 40 0 0 1 90 50")
    assert ops[0] == ("M", 10, 50)
    curves = [op for op in ops if op[0] == "C"]
    assert len(curves) == 2                          # 180 degrees in two quarter arcs
    assert curves[0][5:7] == pytest.approx((50, 10), abs=1e-9)   # sweep 1 goes over the top (y down)
    assert curves[1][5:7] == (90, 50)
    for x, y in sample(ops):
        assert math.hypot(x - 50, y - 50) == pytest.approx(40, abs=0.02)


def test_sweep_flag_0_goes_under_and_large_arc_takes_the_long_way():
    under = parse_path("M 10 50 A 40 40 0 0 0 90 50")
    assert [op for op in under if op[0] == "C"][0][5:7] == pytest.approx((50, 90), abs=1e-9)
    # A quarter circle of radius 10 from (0,0) to (10,10): small arc 90 degrees, large arc 270 degrees.
    small = parse_path("M0 0 A10 10 0 0 1 10 10")
    large = parse_path("M0 0 A10 10 0 1 1 10 10")
    assert len([op for op in small if op[0] == "C"]) == 1
    assert len([op for op in large if op[0] == "C"]) == 3
    for x, y in sample(small):   # sweep 1, small: centre (0, 10), from its top to its right
        assert math.hypot(x - 0, y - 10) == pytest.approx(10, abs=0.01)
    for x, y in sample(large):   # sweep 1, large: the other centre, (10, 0), three quarters round
        assert math.hypot(x - 10, y - 0) == pytest.approx(10, abs=0.01)


def test_relative_arc_with_flags_written_together():
    spaced = parse_path("M 0 0 a 10 10 0 0 1 20 0")
    packed = parse_path("M0 0a10 10 0 0120 0")
    assert packed == spaced
    assert spaced[-1][5:7] == (20, 0)


def test_arc_radii_too_small_are_scaled_up_to_a_half_circle():
    ops = arc_to_cubics(0, 0, 1, 1, 0, False, True, 10, 0)
    for x, y in sample([("M", 0, 0)] + ops):
        assert math.hypot(x - 5, y) == pytest.approx(5, abs=0.01)


def test_rotated_elliptical_arc_ends_on_its_end_point():
    ops = parse_path("M 0 0 A 20 10 30 0 1 25 15")
    assert ops[-1][5:7] == (25, 15)


def test_quadratics_become_exact_cubics_and_t_reflects_the_control_point():
    ops = parse_path("M0 0 Q 10 20 20 0 T 40 0")
    assert ops[1][1:] == pytest.approx((20 / 3, 40 / 3, 40 / 3, 40 / 3, 20, 0))
    # T reflects (10, 20) about (20, 0): control (30, -20).
    assert ops[2][1:] == pytest.approx((20 + 2 / 3 * 10, -40 / 3, 40 - 2 / 3 * 10, -40 / 3, 40, 0))


def test_relative_lines_h_v_s_and_close():
    ops = parse_path("m10 10 h 20 v 10 H 5 z m 1 1 l 2 2 2 -2 c 1 0 2 1 3 1 s 2 -1 3 -1")
    assert ops[:5] == [("M", 10, 10), ("L", 30, 10), ("L", 30, 20), ("L", 5, 20), ("Z",)]
    assert ops[5] == ("M", 11, 11)                    # after Z the current point is the subpath start
    assert ops[6:8] == [("L", 13, 13), ("L", 15, 11)]  # implicit line-to after a relative l
    assert ops[8] == ("C", 16, 11, 17, 12, 18, 12)
    assert ops[9] == ("C", 19, 12, 20, 11, 21, 11)     # S reflects (17, 12) about (18, 12)


def test_transform_lists_apply_right_to_left():
    m = parse_transform("translate(10 20) rotate(90)")
    assert m.apply(1, 0) == pytest.approx((10, 21))
    m = parse_transform("rotate(90, 5, 5)")
    assert m.apply(10, 5) == pytest.approx((5, 10))
    m = parse_transform("matrix(2 0 0 3 1 1) skewX(45)")
    assert m.apply(0, 1) == pytest.approx((3, 4))
    assert parse_transform("scale(2,-1)").apply(3, 3) == pytest.approx((6, -3))
    assert parse_transform("matrix(1 2 3 4 5 6)").apply(1, 1) == pytest.approx((1 + 3 + 5, 2 + 4 + 6))


def test_bad_path_data_is_an_error_naming_the_element():
    with pytest.raises(SvgImportError, match="needs 2 numbers"):
        parse_path("M 10", "icon.svg: <path>")


def test_view_box_is_fitted_into_the_box_centred(tmp_path):
    path = write(tmp_path, '<rect x="0" y="0" width="100" height="50" fill="#ff0000"/>', 'viewBox="0 0 100 50"')
    rec = Recorder()
    draw_svg_file(rec, path, 10, 10, 40, 40)
    ops, fill, stroke, _ = rec.paths[0]
    xs = [op[1] for op in ops if op[0] != "Z"]
    ys = [op[2] for op in ops if op[0] != "Z"]
    assert (min(xs), max(xs)) == pytest.approx((10, 50))
    assert (min(ys), max(ys)) == pytest.approx((20, 40))   # 20 mm tall, centred in 40
    assert fill == "#FF0000" and stroke is None


def test_styles_inherit_and_transforms_nest(tmp_path):
    body = ('<g style="fill:none;stroke:rgb(0,0,255);stroke-width:2" transform="translate(10,0)">'
            '<g transform="scale(2)"><circle cx="5" cy="5" r="5"/></g>'
            '<path d="M0 0 L10 0" style="stroke:#0f0"/>'
            '<polygon points="0,0 10,0 0,10" fill="red" fill-rule="evenodd"/></g>')
    rec = Recorder()
    load_svg(write(tmp_path, body)).draw(rec, 0, 0, 100, 100)
    circle, line, poly = rec.paths
    pts = sample(circle[0])
    assert min(p[0] for p in pts) == pytest.approx(10, abs=0.01)
    assert max(p[0] for p in pts) == pytest.approx(30, abs=0.01)
    assert circle[1] is None and circle[2].colour == "#0000FF"
    assert circle[2].width_mm == pytest.approx(4)     # stroke 2 under scale(2)
    assert line[2].colour == "#00FF00" and line[2].width_mm == pytest.approx(2)
    assert poly[1] == "#FF0000" and poly[3] is True


def test_rect_with_rx_is_rounded_and_use_repeats_an_element(tmp_path):
    body = ('<defs><rect id="r" width="20" height="10" rx="3"/></defs>'
            '<use href="#r" x="50" y="50"/>')
    rec = Recorder()
    load_svg(write(tmp_path, body)).draw(rec, 0, 0, 100, 100)
    (ops, fill, _, _), = rec.paths
    assert ops[0] == ("M", 53, 50)
    assert sum(1 for op in ops if op[0] == "C") == 4
    assert fill == "#000000"


@pytest.mark.parametrize("body, message", [
    ('<text x="0" y="10">Hi</text>', "<text> is not supported"),
    ('<defs><linearGradient id="g"/></defs><rect width="10" height="10" fill="url(#g)"/>', "gradients"),
    ('<rect width="10" height="10" opacity="0.5"/>', "opacity below 1"),
    ('<rect width="10" height="10" clip-path="url(#c)"/>', "clip-path"),
    ('<rect width="10" height="10" fill="chartreusy"/>', "not understood"),
])
def test_unsupported_content_is_an_error_naming_the_file(tmp_path, body, message):
    path = write(tmp_path, body, name=f"bad{abs(hash(message)) % 1000}.svg")
    with pytest.raises(SvgImportError, match=message) as err:
        load_svg(path)
    assert str(path) in str(err.value)


def test_editor_metadata_and_titles_draw_nothing(tmp_path):
    body = ('<title>t</title><metadata><x/></metadata>'
            '<sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"/>'
            '<rect width="10" height="10" fill="#123456"/>')
    rec = Recorder()
    load_svg(write(tmp_path, body)).draw(rec, 0, 0, 10, 10)
    assert len(rec.paths) == 1


def test_pdf_and_svg_backends_draw_the_same_imported_geometry(tmp_path):
    path = write(tmp_path, '<path d="M 10 50 A 40 40 0 0 1 90 50 Z" fill="#C62828"/>')
    pdf = PdfCanvas()
    pdf.begin_page(60, 60)
    pdf.image(10, 10, 40, 40, path)
    page = read_pdf(pdf.finish())[0]
    (x0, top, x1, bottom), = page.curves
    # The half disc spans x 10..90, y 10..50 of 100 units: in a 40 mm box, x 14..46, y 14..30.
    assert (x0, top, x1, bottom) == pytest.approx((14, 14, 46, 30), abs=0.05)
    svg = SvgCanvas(60, 60)
    svg.image(10, 10, 40, 40, path)
    text = svg.tostring()
    assert "M14 30" in text and "#C62828" in text.upper()
