"""Lutinades: every card's face is upright for the elves once the picker has turned it the way the rules say.

The rules: the picker lays the pile back up, the mushroom's stem toward him (the back upright for him), and
turns the top card over its top edge, towards the elves sitting opposite. The card then shows its face with
its top towards the picker, i.e. upright for the elves. That holds exactly when the top of the face and the
top of the back are the same edge of the paper. These tests read the real PDFs (duplex on the long and the
short edge, the fold layout, the print-shop file), find each card's back and face on the paper from the text
they carry, turn the card over as the picker does, and look at the face from the elves' seats.
"""

from __future__ import annotations

import io
import math
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest

from generator.content.loader import load_game
from generator.kinds.deck import items as deck_items
from generator.print import PrintOptions, impose_sheets, shop_export
from printkit import forms_parsed_once

CONTENT = Path(__file__).resolve().parents[2] / "content"
MM_PER_PT = 25.4 / 72


@pytest.fixture(scope="module", autouse=True)
def _faces_tokenised_once():
    """The PDFs below (four duplex, the fold, the shop file, the mirrored backs) place the same faces, each drawn
    once as a form: pdfminer tokenises each form once for the module (printkit.forms_parsed_once) and interprets
    every placement anew, with its own matrix (it tokenised each form again at every placement)."""
    with forms_parsed_once():
        yield


@pytest.fixture(scope="module")
def cards():
    game = load_game(CONTENT, "lutinades")
    deck = next(c for c in game.components if c.id == "panneaux")
    return deck_items(deck, game.folder)


def text_up(chars) -> tuple[float, float]:
    """The common 'up' of these characters, a unit vector in page mm with y downwards."""
    ups = set()
    for ch in chars:
        a, b, c, d, _, _ = ch["matrix"]
        n = math.hypot(c, d)
        ups.add((round(c / n, 3) + 0.0, round(-d / n, 3) + 0.0))
    assert len(ups) == 1, f"text of one face turned several ways: {ups}"
    return ups.pop()


def chars_in(page, trim) -> list[dict]:
    x, y, w, h = trim
    out = []
    for ch in page.chars:
        cx = (ch["x0"] + ch["x1"]) / 2 * MM_PER_PT
        cy = (ch["top"] + ch["bottom"]) / 2 * MM_PER_PT
        if x < cx < x + w and y < cy < y + h:
            out.append(ch)
    return out


def side_up(pdf, placement, words: str) -> tuple[float, float]:
    """Where the top of one face points on its page, checking it is the face we expect from its words."""
    chars = chars_in(pdf.pages[placement.page - 1], placement.trim)
    text = "".join(ch["text"] for ch in chars)
    assert words in text, f"{placement.item_id} copy {placement.copy} {placement.face}: no '{words}' in {text!r}"
    return text_up(chars)


def picker_turns_over(face_up, back_up) -> tuple[float, float]:
    """The face's top, seen from above, once the picker has turned the card over its top edge.

    Both arguments are directions on the paper as seen on the front side (x right, y down). Lying back up,
    the paper is seen mirrored; the picker (south) lays it with the back's top pointing north, away from him;
    turning it over the top edge (an east-west axis) sends north to south and shows the front side again.
    """
    bx, by = -back_up[0], back_up[1]              # the back as seen from above
    fx, fy = -face_up[0], face_up[1]              # the face's top on the same paper, seen through it
    turn = math.atan2(-1.0, 0.0) - math.atan2(by, bx)   # lay the back's top towards the north (y = -1)
    c, s = math.cos(turn), math.sin(turn)
    x, y = c * fx - s * fy, s * fx + c * fy
    return round(x, 6) + 0.0, round(-y, 6) + 0.0   # over the east-west axis: north <-> south


ELVES_UPRIGHT = (0.0, 1.0)   # the elves sit north: a face upright for them has its top towards the south


def mirror(vector, axis: str) -> tuple[float, float]:
    return (-vector[0], vector[1]) if axis == "x" else (vector[0], -vector[1])


def pairs(document):
    """{(item, copy): {face: placement}} from the document's pages."""
    out: dict = {}
    for info in document.pages:
        for p in info.placements:
            out.setdefault((p.item_id, p.copy), {})[p.face] = p
    return out


def check_every_card(document, axis_of, cards_count: int) -> int:
    """Check each card: its back lies behind its face (duplex and fold) and the face ends upright for the elves."""
    pdf = pdfplumber.open(io.BytesIO(document.pdf))
    checked = 0
    for (item, copy), faces in pairs(document).items():
        front, back = faces["front"], faces["back"]
        axis = axis_of(front, back)
        face_up = side_up(pdf, front, "cueilleur")
        back_up = mirror(side_up(pdf, back, "Lutinades"), axis)   # the same paper, seen from the front side
        assert picker_turns_over(face_up, back_up) == ELVES_UPRIGHT, \
            f"{item} copy {copy} (page {front.page}): the elves see the face upside down or sideways"
        checked += 1
    assert checked == cards_count
    return checked


def duplex_axis(page_w, page_h, edge):
    def axis(front, back):
        portrait = page_h >= page_w
        about_vertical = portrait if edge == "long" else not portrait
        x, y, w, h = front.trim
        behind = (page_w - x - w, y, w, h) if about_vertical else (x, page_h - y - h, w, h)
        assert back.page == front.page + 1 and all(abs(a - b) < 0.01 for a, b in zip(back.trim, behind)), \
            f"{front.item_id}: its back is not behind its face"
        return "x" if about_vertical else "y"
    return axis


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("edge", ["long", "short"])
def test_duplex_faces_are_upright_for_the_elves_after_the_pickers_turn(cards, paper, edge):
    document = impose_sheets(cards, PrintOptions(paper=paper, duplex=edge), game_title="Lutinades",
                             component_name="Panneaux")
    page = document.pages[0]
    assert check_every_card(document, duplex_axis(page.width_mm, page.height_mm, edge), 48) == 48
    assert any("même sens" in step for step in document.guide.steps)   # the guide says to keep the direction


def test_folded_faces_are_upright_for_the_elves_after_the_pickers_turn(cards):
    document = impose_sheets(cards, PrintOptions(fold=True), game_title="Lutinades", component_name="Panneaux")

    def axis(front, back):    # folded on the line between the two halves of the pair
        assert back.page == front.page
        fx, fy, fw, fh = front.trim
        bx, by, bw, bh = back.trim
        side_by_side = abs(fy - by) < 0.01 and abs(abs(bx - fx) - fw) < 0.01
        above_below = abs(fx - bx) < 0.01 and abs(abs(by - fy) - fh) < 0.01
        assert side_by_side or above_below, f"{front.item_id}: face and back do not share a fold line"
        return "x" if side_by_side else "y"
    assert check_every_card(document, axis, 48) == 48


def test_shop_file_faces_are_upright_for_the_elves_when_the_shop_turns_cards_left_to_right(cards):
    document = shop_export(cards, PrintOptions(), game_title="Lutinades", component_name="Panneaux")
    for info in document.pages:                       # one face a page, back then face
        assert info.placements[0].face == ("back" if info.number % 2 else "front")
    assert check_every_card(document, lambda front, back: "x", 48) == 48
    assert any("gauche à droite" in step for step in document.guide.steps)


def test_the_check_fails_for_backs_printed_merely_mirrored(cards):
    """Without back_oriented, short-edge backs come out drawn the nearest way up: the elves would see the
    faces upside down; the check above must catch it."""
    plain = [replace(item, back_oriented=False) for item in cards]
    document = impose_sheets(plain, PrintOptions(duplex="short"), game_title="Lutinades", component_name="Panneaux")
    page = document.pages[0]
    with pytest.raises(AssertionError, match="upside down"):
        check_every_card(document, duplex_axis(page.width_mm, page.height_mm, "short"), 48)


def test_the_picker_turn_itself():
    # same top edge -> upright for the elves; a face printed upside down behind its back -> not
    assert picker_turns_over((0.0, -1.0), (0.0, -1.0)) == ELVES_UPRIGHT
    assert picker_turns_over((1.0, 0.0), (1.0, 0.0)) == ELVES_UPRIGHT
    assert picker_turns_over((0.0, 1.0), (0.0, -1.0)) == (0.0, -1.0)
