"""N-up sheets: paper sizes, how many items per page, where they sit, marks clear of every item's art."""

from __future__ import annotations

import pytest
from printkit import (MM_PER_PT, lines_mm, open_pdf, rects_by_colour, segment_hits_box, segment_inside,
                      synthetic_face, synthetic_items)

from generator.components.face import Item
from generator.print import DoesNotFit, PrintOptions, impose_sheets
from generator.print.marks import MARK_LEN_MM, MARK_OFFSET_MM, MARK_WIDTH_MM

PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}


def impose(items, **kw):
    return impose_sheets(items, PrintOptions(**kw), game_title="Essai", component_name="Cartes")


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_page_sizes_match_the_paper_within_a_tenth_of_a_millimetre(paper):
    doc = impose(synthetic_items(2, back=False), paper=paper)
    pdf = open_pdf(doc.pdf)
    w, h = PAPER_MM[paper]
    for page in pdf.pages:
        pw, ph = page.width * MM_PER_PT, page.height * MM_PER_PT
        assert sorted((pw, ph)) == pytest.approx(sorted((w, h)), abs=0.1)


def test_nine_poker_cards_fit_a_portrait_a4_page_three_by_three():
    doc = impose(synthetic_items(20, back=False))
    first = doc.pages[0]
    assert (first.width_mm, first.height_mm) == (210.0, 297.0)
    # 9 + 9 + 2 would leave a lone row on the last sheet: the seven rows are spread 3 + 2 + 2
    assert [len(p.placements) for p in doc.pages] == [9, 6, 5]
    xs = sorted({p.trim[0] for p in first.placements})
    ys = sorted({p.trim[1] for p in first.placements})
    assert len(xs) == 3 and len(ys) == 3
    assert all(p.rotation_deg == 0 for p in first.placements)


def test_poker_cards_on_letter_are_eight_a_page_upright_on_landscape_paper():
    # Letter leaves 205.9 x 264.4 mm (portrait) inside the margin and label band: three rows of 88.9 mm
    # (266.7) do not fit, so portrait holds 3 x 2 upright or 2 x 4 turned. Landscape (269.4 x 200.9) holds
    # 4 x 2 upright, butted across: 8 without turning the cards.
    doc = impose(synthetic_items(8, back=False), paper="letter")
    page = doc.pages[0]
    assert len(doc.pages) == 1 and len(page.placements) == 8
    assert (page.width_mm, page.height_mm) == (279.4, 215.9)
    assert {p.rotation_deg for p in page.placements} == {0}
    assert len({p.trim[0] for p in page.placements}) == 4
    assert len({p.trim[1] for p in page.placements}) == 2


def test_items_are_turned_only_when_that_saves_pages():
    # Mini cards 44.45 x 63.5 on A4: 16 upright (4 x 4) or 18 turned (3 x 6) per page.
    few = impose(synthetic_items(16, 44.45, 63.5, back=False))
    many = impose(synthetic_items(18, 44.45, 63.5, back=False))
    assert len(few.pages) == 1 and {p.rotation_deg for p in few.placements} == {0}
    assert len(many.pages) == 1 and {p.rotation_deg for p in many.placements} == {90}
    for p in many.placements:
        assert p.trim[2:] == pytest.approx((63.5, 44.45))


def test_items_and_marks_stay_inside_the_printer_margin():
    for kw in ({}, {"paper": "letter"}, {"margin_mm": 8.0}, {"gutter_mm": 12.0}):
        doc = impose(synthetic_items(9, back=False), **kw)
        margin = kw.get("margin_mm", 5.0)
        pdf = open_pdf(doc.pdf)
        for info, page in zip(doc.pages, pdf.pages):
            for p in info.placements:
                x, y, w, h = p.art
                assert x >= margin - 1e-6 and y >= margin - 1e-6
                assert x + w <= info.width_mm - margin + 1e-6 and y + h <= info.height_mm - margin + 1e-6
            for ln in lines_mm(page):
                for x, y in (ln["p0"], ln["p1"]):
                    assert margin - 0.01 <= x <= info.width_mm - margin + 0.01
                    assert margin - 0.01 <= y <= info.height_mm - margin + 0.01


CONFIGS = [
    ("butted poker cards on A4", dict(), synthetic_items(11)),
    ("poker cards with a wide gutter", dict(gutter_mm=12.0), synthetic_items(7)),
    ("cards turned on Letter", dict(paper="letter"), synthetic_items(8)),
    ("landscape forced", dict(orientation="landscape"), synthetic_items(8)),
    ("round counters", dict(gutter_mm=8.0), synthetic_items(30, 25.0, 25.0, shape="round", back=False)),
    ("hex tiles butted", dict(), synthetic_items(13, 40.0, 34.64, shape="hex", back=False)),
    ("fold pairs", dict(fold=True), synthetic_items(5)),
]


@pytest.mark.parametrize("name,kw,items", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_marks_never_touch_the_art_of_any_item(name, kw, items):
    doc = impose(items, **kw)
    pdf = open_pdf(doc.pdf)
    checked = 0
    for info, page in zip(doc.pages, pdf.pages):
        arts = [p.art for p in info.placements]
        bleeds = [p.trim for p in info.placements]
        for ln in lines_mm(page):
            on_own_trim = any(segment_inside(ln["p0"], ln["p1"], t, 0.01) for t in bleeds)
            if on_own_trim:
                continue   # cut outlines and fold lines drawn on purpose over the item itself
            for art in arts:
                assert not segment_hits_box(ln["p0"], ln["p1"], art, MARK_WIDTH_MM / 2), (name, info.number, ln)
            checked += 1
    assert checked > 0


def test_crop_marks_are_a_quarter_point_wide_at_most_five_mm_and_at_least_two_mm_off_the_trim():
    doc = impose(synthetic_items(9, back=False))
    page = open_pdf(doc.pdf).pages[0]
    trims = [p.trim for p in doc.pages[0].placements]
    marks = lines_mm(page)
    assert marks
    for ln in marks:
        assert ln["width"] == pytest.approx(0.25 * 25.4 / 72, abs=1e-4)
        length = abs(ln["p0"][0] - ln["p1"][0]) + abs(ln["p0"][1] - ln["p1"][1])
        assert 2.5 - 1e-6 <= length <= MARK_LEN_MM + 1e-6
        for t in trims:
            assert not segment_hits_box(ln["p0"], ln["p1"], t, MARK_OFFSET_MM - 1e-6)


def test_every_cut_line_is_marked_at_both_ends_of_the_sheet():
    doc = impose(synthetic_items(9, back=False))
    info = doc.pages[0]
    marks = lines_mm(open_pdf(doc.pdf).pages[0])
    xs = {round(v, 3) for p in info.placements for v in (p.trim[0], p.trim[0] + p.trim[2])}
    ys = {round(v, 3) for p in info.placements for v in (p.trim[1], p.trim[1] + p.trim[3])}
    top = min(p.art[1] for p in info.placements)
    bottom = max(p.art[1] + p.art[3] for p in info.placements)
    left = min(p.art[0] for p in info.placements)
    right = max(p.art[0] + p.art[2] for p in info.placements)
    for x in xs:
        at_x = [m for m in marks if abs(m["p0"][0] - x) < 1e-3 and abs(m["p1"][0] - x) < 1e-3]
        assert any(max(m["p0"][1], m["p1"][1]) < top for m in at_x), x
        assert any(min(m["p0"][1], m["p1"][1]) > bottom for m in at_x), x
    for y in ys:
        at_y = [m for m in marks if abs(m["p0"][1] - y) < 1e-3 and abs(m["p1"][1] - y) < 1e-3]
        assert any(max(m["p0"][0], m["p1"][0]) < left for m in at_y), y
        assert any(min(m["p0"][0], m["p1"][0]) > right for m in at_y), y


def test_a_gutter_wider_than_two_bleeds_gets_marks_between_the_items():
    doc = impose(synthetic_items(4, back=False, bleed=2.0), gutter_mm=14.0)
    info = doc.pages[0]
    arts = [p.art for p in info.placements]
    left = min(a[0] for a in arts)
    right = max(a[0] + a[2] for a in arts)
    top = min(a[1] for a in arts)
    bottom = max(a[1] + a[3] for a in arts)
    inner = [m for m in lines_mm(open_pdf(doc.pdf).pages[0])
             if left < m["p0"][0] < right and top < m["p0"][1] < bottom]
    assert inner, "no mark in the gutters"


def test_butted_neighbours_share_a_cut_and_each_keeps_its_art_on_its_own_side():
    doc = impose(synthetic_items(9, back=False))
    pl = sorted(doc.pages[0].placements, key=lambda p: (p.trim[1], p.trim[0]))
    a, b = pl[0], pl[1]
    assert a.trim[0] + a.trim[2] == pytest.approx(b.trim[0])           # one shared cut
    assert a.art[0] + a.art[2] == pytest.approx(b.art[0])              # art meets exactly on it
    assert a.art[0] + a.art[2] == pytest.approx(a.trim[0] + a.trim[2])


def test_separate_cuts_keep_the_whole_bleed_of_every_item():
    doc = impose(synthetic_items(6, 40.0, 40.0, back=False), gutter_mm=8.0)
    for p in doc.pages[0].placements:
        assert p.art == pytest.approx((p.trim[0] - 3, p.trim[1] - 3, p.trim[2] + 6, p.trim[3] + 6))


def test_items_of_another_size_go_under_the_last_sheets_pieces_or_on_a_page_of_their_own():
    # room under a row of cards: the smaller items go there, in a grid of their own (tests/print/test_print_nup.py)
    items = synthetic_items(3, back=False) + synthetic_items(3, 40.0, 40.0, back=False)
    items = [Item(f"x{i}", it.component, it.front) for i, it in enumerate(items)]
    doc = impose(items)
    assert [sorted({p.trim[2] for p in page.placements}) for page in doc.pages] == [[40.0, 63.5]]
    # a full sheet of cards: no room, a page of their own
    items = synthetic_items(9, back=False) + synthetic_items(3, 40.0, 40.0, back=False)
    items = [Item(f"x{i}", it.component, it.front) for i, it in enumerate(items)]
    doc = impose(items)
    assert [sorted({p.trim[2] for p in page.placements}) for page in doc.pages] == [[63.5], [40.0]]


def test_copies_are_each_placed_and_numbered():
    item = Item("c", "cartes", synthetic_face(0, "front"), copies=4)
    doc = impose([item])
    assert [(p.item_id, p.copy) for p in doc.pages[0].placements] == [("c", 1), ("c", 2), ("c", 3), ("c", 4)]


def test_every_page_names_the_game_component_page_side_and_print_setting():
    doc = impose(synthetic_items(10))
    pdf = open_pdf(doc.pdf)
    for n, page in enumerate(pdf.pages, start=1):
        text = page.extract_text()
        assert "Essai" in text and "Cartes" in text and f"page {n}/4" in text
        assert ("recto" if n % 2 else "verso") in text
        assert "recto verso, bord long" in text


def test_single_item_pages_carry_its_trim_and_bleed_boxes():
    from pypdf import PdfReader
    import io
    doc = impose(synthetic_items(1, back=False))
    page = PdfReader(io.BytesIO(doc.pdf)).pages[0]
    p = doc.pages[0].placements[0]
    h = doc.pages[0].height_mm
    pt = 72 / 25.4
    trim = [float(v) / pt for v in page.trimbox]
    assert trim == pytest.approx([p.trim[0], h - p.trim[1] - p.trim[3], p.trim[0] + p.trim[2], h - p.trim[1]],
                                 abs=0.01)
    bleed = [float(v) / pt for v in page.bleedbox]
    assert bleed == pytest.approx([p.art[0], h - p.art[1] - p.art[3], p.art[0] + p.art[2], h - p.art[1]], abs=0.01)


def test_an_item_larger_than_the_page_is_refused_with_a_pointer_to_tiling():
    with pytest.raises(DoesNotFit, match="tile"):
        impose([Item("big", "plateau", synthetic_face(0, "front", 400.0, 300.0))])


def test_non_rectangular_items_get_their_cut_outline_drawn():
    doc = impose(synthetic_items(2, 30.0, 30.0, shape="round", back=False))
    page = open_pdf(doc.pdf).pages[0]
    curves = [c for c in page.curves if c.get("stroke")]
    assert len(curves) == 2


def test_imposing_twice_gives_the_same_bytes():
    a = impose(synthetic_items(12))
    b = impose(synthetic_items(12))
    assert a.pdf == b.pdf and a.cut_files == b.cut_files


def test_faces_see_the_ink_saver_flag_and_page_labels_turn_light():
    seen = []
    items = [Item("c", "cartes", synthetic_face(0, "front", seen=seen))]
    dark = impose(items)
    light = impose(items, ink_saver=True)
    assert seen == [False, True]

    def label_grey(doc):
        chars = open_pdf(doc.pdf).pages[0].chars
        return {tuple(round(v, 2) for v in c["non_stroking_color"]) for c in chars}
    assert label_grey(dark) == {(0.3, 0.3, 0.3)}
    assert label_grey(light) == {(0.55, 0.55, 0.55)}
    assert rects_by_colour(open_pdf(light.pdf).pages[0])   # the face itself is drawn unchanged
