"""The SVGs of one unit of a game (build.game_units: a component, the diagram previews) share one font subset per
face (issue 9): each SVG still embeds its @font-face, so it stands alone, and the subset holds every character its
text shows. Per unit, not per game, so that what the cache keeps of a unit is what a fresh build makes."""

from __future__ import annotations

import base64
import io
import re
import xml.etree.ElementTree as ET
from collections import defaultdict

from fontTools.ttLib import TTFont

from generator.draw.svg import SvgCanvas, sharing_font_faces
from generator.draw.style import TextStyle

SVG = "{http://www.w3.org/2000/svg}"
FACE = re.compile(r"@font-face\{[^}]*font-weight:(\d+);font-style:(\w+);src:url\(data:font/ttf;base64,([^)]+)\)")


def _faces(svg_text: str) -> dict[tuple[bool, bool], bytes]:
    return {(weight == "700", style == "italic"): base64.b64decode(data)
            for weight, style, data in FACE.findall(svg_text)}


def _texts(svg_text: str) -> dict[tuple[bool, bool], str]:
    shown = defaultdict(str)
    for element in ET.fromstring(svg_text).iter(f"{SVG}text"):
        face = (element.get("font-weight") == "bold", element.get("font-style") == "italic")
        shown[face] += "".join(element.itertext())
    return shown


def test_the_svgs_of_a_unit_embed_the_same_subset_holding_all_their_characters(tactix_build):
    svgs = sorted((tactix_build / "diagrams").glob("*.svg"))      # the diagram previews: one unit
    with_text = [p for p in svgs if _texts(p.read_text(encoding="utf-8"))]
    assert len(with_text) >= 5, "the game has SVGs with text"
    subsets = defaultdict(set)
    for path in with_text:
        text = path.read_text(encoding="utf-8")
        faces, shown = _faces(text), _texts(text)
        assert set(shown) <= set(faces), f"{path.name}: a face its text uses is not embedded"
        for face, data in faces.items():
            subsets[face].add(data)
            cmap = TTFont(io.BytesIO(data)).getBestCmap()
            missing = {ch for ch in shown.get(face, "") if ord(ch) not in cmap and not ch.isspace()}
            assert not missing, f"{path.name}: the embedded face lacks {sorted(missing)}"
    assert subsets and all(len(datas) == 1 for datas in subsets.values()), "one subset per face for the unit"


def _svg_with(text: str) -> SvgCanvas:
    canvas = SvgCanvas(40, 20)
    canvas.text(2, 10, text, TextStyle(size_pt=10))
    return canvas


def test_shared_subsets_cover_the_union_of_the_svgs_and_a_lone_svg_keeps_its_own():
    with sharing_font_faces() as shared:
        first, second = _svg_with("abc").tostring(), _svg_with("xyz").tostring()
    first, second = shared.embed(first.encode()), shared.embed(second.encode())
    assert _faces(first.decode()) == _faces(second.decode())
    cmap = TTFont(io.BytesIO(_faces(first.decode())[(False, False)])).getBestCmap()
    assert {ord(c) for c in "abcxyz"} <= set(cmap)
    alone = _faces(_svg_with("abc").tostring())[(False, False)]
    assert ord("x") not in TTFont(io.BytesIO(alone)).getBestCmap(), "outside a build, an SVG subsets its own text"
