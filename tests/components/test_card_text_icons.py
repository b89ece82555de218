"""Icons inside face text (`:crown:`): read back from the PDF and the SVG of a card, they are vector paths at the
text's size and colour, standing on its baseline in the gap the line left for them; the wrap and the fitting
count their width; literal colons stay text; an unknown name is an error at the element's file and line."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from comphelp import items_of, read_pdf, render_faces
from generator.content.errors import ContentError
from generator.draw import fonts, icons
from generator.draw.canvas import layout_text, line_width_mm
from generator.draw.style import TextStyle, hex_to_rgb
from generator.draw.svg import SvgCanvas

HEAD = """\
    kind: deck
    id: d
    name: D
    width_mm: 60
    height_mm: 80
"""
INK = "#1F5FA8"
# The crown's silhouette on the 24-unit grid: x 2.5..21.5, y 3.5..22 (22 stands on the baseline).
CROWN = (2.5, 3.5, 21.5, 22.0)


def crown_box(x_mm: float, baseline_mm: float, size_pt: float) -> tuple[float, float, float, float]:
    """Where the crown's silhouette must be when its box starts at x_mm on that baseline."""
    unit = icons.INLINE_EM * TextStyle(size_pt=size_pt).size_mm / icons.GRID
    top = baseline_mm - icons.INLINE_BASELINE * unit
    return (x_mm + CROWN[0] * unit, top + CROWN[1] * unit, x_mm + CROWN[2] * unit, top + CROWN[3] * unit)


def painted(page) -> list:
    """The filled shapes of a page (pdfplumber reports an icon's parts as curves, or rects when they are)."""
    return [o for o in page.page.curves + page.page.rects if o["fill"]]


def union_box(page, objects) -> tuple[float, float, float, float]:
    boxes = [page.box(o) for o in objects]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def card_face(make_component, text: str, size_pt: float = 10):
    comp, folder, _ = make_component(HEAD + f"""\
    front:
      - text: {{text: "{text}", x: 8, y: 10, size_pt: {size_pt}, colour: "{INK}"}}
    """)
    return items_of(comp, folder)[0].front


def test_an_icon_in_card_text_is_a_vector_in_the_text_colour_on_its_baseline_at_its_size(make_component):
    face = card_face(make_component, "Gagnez :crown: !")
    page = read_pdf(render_faces([face]))[0]
    chars = page.chars()
    baseline = next(c[2] for c in chars if c[0] == "G")
    style = TextStyle(size_pt=10)
    icon_x = 8 + fonts.text_width_mm("Gagnez ", style)
    parts = painted(page)
    assert len(parts) == 2                                       # the crown and its band
    box = union_box(page, parts)
    assert box == pytest.approx(crown_box(icon_x, baseline, 10), abs=0.02)
    for part in parts:
        assert tuple(part["non_stroking_color"]) == pytest.approx(hex_to_rgb(INK), abs=1e-3)
    # Its height is the capitals' (0.69 em in our font), within a tenth of a millimetre.
    assert box[3] - box[1] == pytest.approx(fonts.cap_height_mm(style), abs=0.1)
    # The text after it starts where the icon's width ends: the line made room for it.
    bang = next(c for c in chars if c[0] == "!")
    assert bang[1] == pytest.approx(icon_x + icons.inline_advance_mm(style.size_mm)
                                    + fonts.text_width_mm(" ", style), abs=0.02)
    assert bang[2] == pytest.approx(baseline, abs=0.01)
    text = "".join(c[0] for c in chars)
    assert "crown" not in text and ":" not in text


def test_the_svg_draws_the_icon_in_line_where_the_pdf_does(make_component):
    face = card_face(make_component, "Gagnez :crown: !")
    page = read_pdf(render_faces([face]))[0]
    svg = SvgCanvas(face.bleed_width_mm, face.bleed_height_mm)
    face.draw(svg)
    root = ET.fromstring(svg.tostring())
    ns = "{http://www.w3.org/2000/svg}"
    drawn = [el for el in root.iter() if el.tag in (ns + "text", ns + "path")]
    assert [el.tag[len(ns):] for el in drawn] == ["text", "path", "text"]     # "Gagnez ", the crown, " !"
    path = drawn[1]
    assert path.get("fill") == INK
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", path.get("d"))]
    xs, ys = numbers[0::2], numbers[1::2]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx(union_box(page, painted(page)), abs=0.01)


def test_wrapping_and_fitting_count_the_width_of_icons():
    style = TextStyle(size_pt=10)
    advance = icons.inline_advance_mm(style.size_mm)
    line = layout_text("A :crown::heart: B", style, 1e6, 1e6, fit=False).lines[0]
    assert line_width_mm(line) == pytest.approx(fonts.text_width_mm("A ", style) + 2 * advance
                                                 + fonts.text_width_mm(" B", style), abs=1e-6)
    # A box where the words alone fit at 10 pt: three icons more make the text shrink.
    words = "Prenez trois couronnes"
    width = fonts.text_width_mm(words, style) + 0.5
    assert layout_text(words, style, width, 6).size_pt == 10
    with_icons = layout_text(words + " :crown::crown::crown:", style, width, 6)
    assert with_icons.size_pt < 10
    # An icon glued to a word goes to the next line with it, never apart.
    lines = layout_text("Gagnez une :crown:!", style, fonts.text_width_mm("Gagnez une", style) + 1, 100,
                        fit=False).lines
    assert [[run.icon or run.text for run in line] for line in lines] == [["Gagnez une"], ["crown", "!"]]


@pytest.mark.parametrize("text", ["Ouverture à 10:30", "Note : voir :", "Ratio a:b:c", "http://x.fr:80:"])
def test_colons_that_are_not_an_icon_name_stay_text(make_component, text):
    page = read_pdf(render_faces([card_face(make_component, text)]))[0]
    assert painted(page) == []
    assert "".join(c[0] for c in page.chars()) == text


def test_a_backslash_keeps_an_icon_name_as_text(make_component):
    # In YAML's double quotes "\\" is one backslash: the text is  Écrivez \:crown: ici
    page = read_pdf(render_faces([card_face(make_component, r"Écrivez \\:crown: ici")]))[0]
    assert painted(page) == []
    assert "".join(c[0] for c in page.chars()) == "Écrivez :crown: ici"


def test_an_unknown_icon_is_an_error_at_the_element_with_the_close_names(make_component):
    with pytest.raises(ContentError) as err:
        items_of(*make_component(HEAD + """\
    front:
      - text: {text: "Gagnez {gain}", x: 8, y: 10, w: 40, h: 20}
    fields:
      - {gain: ":crwon:"}
    """)[:2])
    assert err.value.path.name == "comp.yaml" and err.value.line == 7
    assert "unknown icon ':crwon:'" in err.value.message and "did you mean ':crown:'" in err.value.message
    assert "row 1 (line 9)" in err.value.message
