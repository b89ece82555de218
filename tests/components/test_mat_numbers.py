"""A mat's geometry from a few numbers: expressions worked out, groups laid and turned at each place, other
sizes worked out again from the same description; bad expressions named with their file and line; a turned
zone drawn where its numbers say (read back from the PDF)."""

from __future__ import annotations

import pytest

from comphelp import read_pdf, render_faces
from generator.components.mat import mat_item
from generator.content.errors import ContentError
from generator.content.expressions import ExpressionError, evaluate, work_out

def hexc(colour) -> str:
    return "#" + "".join(f"{round(v * 255):02X}" for v in colour)


MAT = """\
kind: mat
id: piste
name: Piste
width_mm: 800
height_mm: 400
numbers:
  P: 30
  b: bleed_mm
  camp: width_mm / 8
  mid: b + height_mm / 2
sizes:
  - {id: piste-petite, name: Petite piste, width_mm: 600, height_mm: 300}
zones:
  - {x: "{b + width_mm/2 - P/2}", y: "{mid - P/2}", w: "{P}", h: "{P}", fill: "#EEEEEE", label: Centre}
groups:
  - at:
      - {x: "{b + camp}", y: "{mid}", rotate_deg: 90, values: {n: "1"}}
      - {x: "{b + width_mm - camp}", y: "{mid}", rotate_deg: 270, values: {n: "2"}}
    zones:
      - {x: "{-1.5*P}", y: "{-2*P}", w: "{3*P}", h: "{P}", fill: "#CDE8C4", label: "Camp {n}"}
    elements:
      - line: {x1: 0, y1: 0, x2: 0, y2: "{camp}"}
      - text: {text: "Joueur {n} à {camp} mm", x: 0, y: "{camp - 20}", size_pt: 8, align: center}
"""


def test_expressions_take_names_in_order_and_nothing_but_arithmetic():
    env = work_out({"D": 25, "k": "L / 900", "gap": "3 * D * k"}, {"L": 600.0})
    assert env["gap"] == pytest.approx(50.0)
    assert evaluate("sqrt(9) + max(1, 2) - cos(180)", {}) == pytest.approx(6.0)
    for bad, why in (("__import__('os')", "only numbers"), ("D.real", "only numbers"), ("1 / 0", "divides by zero"),
                     ("x + 1", "unknown name 'x'"), ("2 +", "not an arithmetic expression")):
        with pytest.raises(ExpressionError, match=why):
            evaluate(bad, {"D": 25.0})
    with pytest.raises(ExpressionError, match="unknown name 'later'"):
        work_out({"a": "later + 1", "later": 2}, {})


def test_a_group_is_laid_and_turned_at_each_place_with_its_values(make_component):
    mat, _, _ = make_component(MAT)
    camps = {z.label: z for z in mat.zones if z.label.startswith("Camp")}
    assert set(camps) == {"Camp 1", "Camp 2"}
    one, two = camps["Camp 1"], camps["Camp 2"]
    # Camp 1: 90 x 30 mm centred 45 mm "ahead" (up) of its origin, turned 90 degrees clockwise: its centre
    # is 45 mm to the right of the origin (3 + 100, 203), so at (148, 203); the box keeps its w and h.
    assert (one.w, one.h, one.rotate_deg) == (90.0, 30.0, 90.0)
    assert (one.x + one.w / 2, one.y + one.h / 2) == pytest.approx((148.0, 203.0))
    assert (two.x + two.w / 2, two.y + two.h / 2) == pytest.approx((803 - 100 - 45, 203.0))
    assert one.bounds() == pytest.approx((133.0, 158.0, 163.0, 248.0))      # as drawn: 30 wide, 90 tall
    texts = [e.text for e in mat.elements if e.text is not None]
    assert [t.text for t in texts] == ["Joueur 1 à {camp} mm", "Joueur 2 à {camp} mm"]
    assert [t.rotate_deg for t in texts] == [90.0, 270.0]
    lines = [e.line for e in mat.elements if e.line is not None]
    assert (lines[0].x2, lines[0].y2) == pytest.approx((103.0 - 100.0, 203.0))   # 100 mm "down" turned: left


def test_another_size_works_every_number_out_again_and_keeps_fixed_units(make_component):
    mat, _, _ = make_component(MAT)
    big, small = mat.all_sizes()
    assert (small.id, small.name, small.width_mm, small.height_mm) == ("piste-petite", "Petite piste", 600, 300)
    centre = small.zone_labelled("Centre")
    assert (centre.w, centre.h) == (30.0, 30.0)                                  # P: a fixed unit
    assert (centre.x + 15, centre.y + 15) == pytest.approx((303.0, 153.0))       # the middle of 600 x 300
    camp = small.zone_labelled("Camp 1")
    assert (camp.x + camp.w / 2) == pytest.approx(3 + 75 + 45)                   # camp = 600 / 8 = 75
    assert big.zone_labelled("Camp 1").x + 45 == pytest.approx(3 + 100 + 45)
    assert small.sizes == () and big.sizes[0].id == "piste-petite"


def test_a_turned_zone_is_drawn_where_its_numbers_say(make_component):
    mat, folder, _ = make_component(MAT)
    page = read_pdf(render_faces([mat_item(mat, folder).front]))[0]
    green = [page.box(r) for r in page.page.rects if r.get("fill") and hexc(r["non_stroking_color"]) == "#CDE8C4"]
    boxes = sorted((round(x0, 1), round(y0, 1), round(x1 - x0, 1), round(y1 - y0, 1)) for x0, y0, x1, y1 in green)
    # Turned 90 degrees, the 90 x 30 mm camps stand 30 wide and 90 tall around (148, 203) and (658, 203).
    assert boxes == [(133.0, 158.0, 30.0, 90.0), (643.0, 158.0, 30.0, 90.0)]
    assert {"Camp 1", "Centre"} <= {w[0] for w in page.words()}      # Camp 2 is turned to face player 2


@pytest.mark.parametrize("change,line,words", [
    (("camp: width_mm / 8", "camp: width_mm / lenght"), 9, "unknown name 'lenght'"),
    (('x: "{b + width_mm/2 - P/2}"', 'x: "{b + width_mm/2 - Q/2}"'), 14, "unknown name 'Q'"),
    (('w: "{P}", h: "{P}"', 'w: "{P}", h: "{open(P)}"'), 14, "only numbers"),
    (('y: "{-2*P}"', 'y: "{-2*P"'), 20, "expected a number or a '{field}'"),
    (("width_mm: 600, height_mm: 300}", "width_mm: 600, height_mm: 300, numbers: {Q: 3}}"), 12, "no number 'Q'"),
])
def test_a_bad_number_is_named_with_its_file_and_line(make_component, change, line, words):
    with pytest.raises(ContentError) as err:
        mat, _, _ = make_component(MAT.replace(*change))
        mat.all_sizes()
    assert err.value.line == line and words in err.value.message, (err.value.line, err.value.message)


def test_a_group_holds_only_elements_it_can_turn(make_component):
    with pytest.raises(ContentError) as err:
        make_component(MAT.replace("      - line: {x1: 0, y1: 0, x2: 0, y2: \"{camp}\"}",
                                   "      - rect: {x: 0, y: 0, w: 5, h: 5, fill: \"#000000\"}"))
    assert "line and text elements only" in err.value.message and err.value.line == 22
