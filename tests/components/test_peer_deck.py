"""The peer benchmark deck (benchmarks/peer-deck) rendered by our layout engine, measured from the PDF."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from generator.components import card
from generator.content.loader import load_game
from generator.draw import fonts
from generator.draw.style import TextStyle

from comphelp import ROOT, read_pdf, render_faces

SUITS = ["Fire", "Water", "Earth", "Gold"]
INKS = [(0xB2, 0x22, 0x22), (0x1F, 0x4E, 0x8C), (0x2E, 0x7D, 0x32), (0xB8, 0x86, 0x0B)]
TOL = 0.1   # mm


@pytest.fixture(scope="module")
def deck_items():
    game = load_game(ROOT / "benchmarks", "peer-deck")
    return card.items(game.components[0], game.folder)


@pytest.fixture(scope="module")
def pages(deck_items):
    # Cards 0 and 13 (suit 0 and 1, values 1 and 1) and 11 (Gold, value 12), then a back.
    faces = [deck_items[0].front, deck_items[13].front, deck_items[11].front, deck_items[0].back]
    return read_pdf(render_faces(faces))


def test_deck_has_48_single_copies_with_one_shared_back(deck_items):
    assert len(deck_items) == 48
    assert all(it.copies == 1 for it in deck_items)
    assert len({id(it.back) for it in deck_items}) == 1
    assert deck_items[0].front.bleed_width_mm == pytest.approx(69.0)
    assert deck_items[0].front.bleed_height_mm == pytest.approx(94.0)


def test_rounded_frame_sits_at_6_6_from_the_bleed_corner(pages):
    frame = [c for c in pages[0].curves if c[2] - c[0] > 50]
    assert len(frame) == 1
    x0, top, x1, bottom = frame[0]
    assert x0 == pytest.approx(6.0, abs=TOL) and top == pytest.approx(6.0, abs=TOL)
    assert x1 == pytest.approx(63.0, abs=TOL) and bottom == pytest.approx(88.0, abs=TOL)
    obj = [o for o in pages[0].curve_objects() if o["x1"] - o["x0"] > 100][0]
    assert obj["linewidth"] * 25.4 / 72 == pytest.approx(1.0, abs=0.01)
    assert obj["fill"] is False


def test_title_is_bold_12pt_with_its_top_at_9_9(pages):
    chars = pages[0].chars()
    text = "".join(c[0] for c in chars)
    assert text.startswith("Fire 01")
    first = chars[0]
    style = TextStyle(size_pt=12, bold=True)
    assert first[1] == pytest.approx(9.0, abs=TOL)
    assert first[2] == pytest.approx(9.0 + fonts.ascent_mm(style), abs=TOL)
    assert first[3] == pytest.approx(12.0, abs=0.01)
    assert "FiraSans-Bold" in first[4]


def test_small_value_ends_at_x_60(pages):
    words = [w for w in pages[1].words() if w[0] == "1"]
    small = [w for w in words if w[2] - w[1] < 5]
    assert small and small[0][2] == pytest.approx(60.0, abs=TOL)


def test_big_value_is_72pt_and_centred_on_the_box(pages):
    page = pages[2]   # card 11: "Gold 12", value 12
    big = [c for c in page.chars() if c[3] > 70]
    assert "".join(c[0] for c in big) == "12"
    style = TextStyle(size_pt=72, bold=True)
    width = fonts.text_width_mm("12", style)
    assert big[0][1] == pytest.approx(34.5 - width / 2, abs=TOL)
    # The line box (ascent + a quarter em below the baseline) is centred on y 43, the box's middle.
    line_h = fonts.ascent_mm(style) + 0.25 * style.size_mm
    assert big[0][2] == pytest.approx(43 - line_h / 2 + fonts.ascent_mm(style), abs=TOL)


def test_triangle_and_background_use_the_suit_colours(pages):
    page = pages[2].page   # Gold
    tri = [o for o in page.curves if o["fill"]][0]
    assert tuple(round(v * 255) for v in tri["non_stroking_color"]) == INKS[3]
    pts = sorted((round(x * 25.4 / 72, 2), round(y * 25.4 / 72, 2)) for x, y in tri["pts"])
    assert pts[0] == pytest.approx((24.5, 80.0), abs=TOL)
    assert pts[-1] == pytest.approx((44.5, 80.0), abs=TOL)
    bg = page.rects[0]
    assert tuple(round(v * 255) for v in bg["non_stroking_color"]) == (0xFD, 0xF6, 0xE2)


def test_back_says_peers_in_gold_on_navy(pages):
    back = pages[3]
    assert "".join(c[0] for c in back.chars()) == "PEERS"
    assert tuple(round(v * 255) for v in back.page.rects[0]["non_stroking_color"]) == (0x22, 0x33, 0x55)


def test_every_font_the_text_uses_is_embedded(deck_items):
    data = render_faces([deck_items[0].front, deck_items[0].back])
    used = {c[4] for page in read_pdf(data) for c in page.chars()}
    [name] = used
    assert re.fullmatch(r"[A-Z]{6}\+FiraSans-Bold", name)   # a subset tag: an embedded subset
    reader = PdfReader(io.BytesIO(data))
    checked = 0
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            if str(font["/BaseFont"]).lstrip("/") not in used:
                continue   # reportlab lists its unused initial Helvetica in every page's resources
            descendants = font.get("/DescendantFonts")
            desc = (descendants[0].get_object() if descendants else font)["/FontDescriptor"].get_object()
            assert any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")), font["/BaseFont"]
            checked += 1
    assert checked == 2
