"""The font subsets embedded in SVG and HTML outputs are cut from the face reportlab parsed for the PDFs, with a
Unicode character map (issue 26: fontTools' subsetter is no longer imported by a build): every character maps to
the glyph of the full face, same outline, same advance, no hinting left."""

from __future__ import annotations

import io
import logging

import pytest
from fontTools.ttLib import TTFont

from generator.draw import fonts

TEXT = "Été, «ça» — œuvre PEERS 0123456789 Fire Water ﬁ Åß ’ ½"
FACES = [(False, False), (True, False), (False, True), (True, True)]


@pytest.fixture
def font_warnings(caplog):
    caplog.set_level(logging.WARNING, logger="fontTools")
    return caplog


@pytest.mark.parametrize("bold,italic", FACES)
def test_each_character_is_the_full_faces_glyph(bold, italic, font_warnings):
    sub = TTFont(io.BytesIO(fonts.subset_font(bold, italic, TEXT)))
    full = TTFont(str(fonts.font_file(bold, italic)))
    sub_map, full_map = sub.getBestCmap(), full.getBestCmap()
    wanted = {ord(ch) for ch in TEXT if ord(ch) in full_map}
    assert set(sub_map) == wanted, "the map holds the text's characters, and only those"
    for code in wanted:
        mine, theirs = sub_map[code], full_map[code]
        assert sub["hmtx"][mine] == full["hmtx"][theirs], chr(code)
        assert list(sub["glyf"][mine].getCoordinates(sub["glyf"])[0]) == \
            list(full["glyf"][theirs].getCoordinates(full["glyf"])[0]), chr(code)
    assert not {"fpgm", "prep", "cvt "} & set(sub.keys()), "no hinting programs"
    assert all(not getattr(sub["glyf"][g], "program", None) or not sub["glyf"][g].program.getBytecode()
               for g in sub.getGlyphOrder()), "no glyph instructions"
    assert not [r for r in font_warnings.records if r.levelno >= logging.WARNING], "fontTools reads it cleanly"


@pytest.mark.parametrize("bold,italic", FACES)
def test_the_characters_a_face_draws_are_its_character_map(bold, italic):
    assert fonts.covered_codepoints(bold, italic) == frozenset(TTFont(str(fonts.font_file(bold, italic))).getBestCmap())


def test_the_same_text_gives_the_same_bytes():
    first = fonts.subset_font(True, False, TEXT)
    fonts.subset_font.cache_clear()
    assert fonts.subset_font(True, False, TEXT) == first
