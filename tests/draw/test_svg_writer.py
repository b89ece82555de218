"""draw/svg.py writes its elements itself (issue 26: svgwrite's import was a sixth of a deck build's imports), as
svgwrite wrote them through ElementTree: attributes sorted by name, empty elements closed with " />", text and
attribute values escaped as ElementTree escapes them, the font faces as CDATA; the SVGs of a build are the same
bytes as before (compared on four builds when the writer changed)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from generator.draw.style import Stroke, TextStyle
from generator.draw.svg import SvgCanvas

SVG = "{http://www.w3.org/2000/svg}"


def _canvas() -> SvgCanvas:
    svg = SvgCanvas(69.0, 94, title='Jeu & "cartes" <1>', embed_fonts=False)
    with svg.group(translate=(3, 3), clip=(0, 0, 63, 88)):
        svg.rect(0, 0, 63, 88, fill="#FDE2E2", stroke=Stroke("#333333", 1.0), radius=3)
        svg.text(9, 9, "Feu & eau <01>", TextStyle(size_pt=12, bold=True))
        svg.text(9, 20, " espacé ", TextStyle(size_pt=8))
    return svg


def test_the_root_and_its_first_elements_as_svgwrite_wrote_them():
    out = _canvas().tostring()
    assert out.startswith('<svg baseProfile="full" height="94mm" version="1.1" viewBox="0,0,69.0,94" width="69mm" '
                          'xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events" '
                          'xmlns:xlink="http://www.w3.org/1999/xlink"><title>Jeu &amp; "cartes" &lt;1&gt;</title>'
                          '<defs><clipPath id="clip1"><rect height="88" width="63" x="0" y="0" /></clipPath></defs>')
    assert '<g transform="translate(3 3)"><g clip-path="url(#clip1)"><rect fill="#FDE2E2" height="88" rx="3" ry="3" ' \
           'stroke="#333333" stroke-width="1" width="63" x="0" y="0" />' in out
    assert ">Feu &amp; eau &lt;01&gt;</text>" in out
    assert 'xml:space="preserve"' in out and out.endswith("</g></g></svg>")


def test_it_reads_back_as_the_drawing():
    root = ET.fromstring(_canvas().tostring())
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert texts == ["Feu & eau <01>", " espacé "]
    assert root.find(f"{SVG}title").text == 'Jeu & "cartes" <1>'
    assert [r.get("fill") for r in root.iter(f"{SVG}rect")] == [None, "#FDE2E2"]


def test_the_font_faces_are_character_data_and_repeated_art_a_use():
    svg = SvgCanvas(20, 20)
    svg.text(2, 10, "A", TextStyle(size_pt=8))
    for at in ((0, 0), (5, 5)):
        svg.repeated(("point",), 2, 2, lambda c: c.rect(0, 0, 1, 1, fill="#000000"), at=at)
    out = svg.tostring()
    assert '<style type="text/css"><![CDATA[@font-face{' in out and "]]></style></defs>" in out
    assert '<use xlink:href="#art1" /><use x="5" xlink:href="#art1" y="5" />' in out   # drawn once, placed twice
    ET.fromstring(out)
