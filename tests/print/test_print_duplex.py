"""Duplex and fold: every back lands behind its own front, the right way up, measured to 0.01 mm."""

from __future__ import annotations

import pytest
from printkit import MARK_CODE, SIDE_CODE, open_pdf, rects_by_colour, segment_inside, lines_mm, synthetic_items

from generator.print import PrintOptions, impose_sheets
from generator.print.duplex import sheet_flip

TOL = 0.01


def impose(items, **kw):
    return impose_sheets(items, PrintOptions(**kw), game_title="Essai", component_name="Cartes")


def flipped(box, page_w, page_h, edge):
    """The trim rectangle a front's box occupies on the back page, worked out from the paper's turn."""
    x, y, w, h = box
    portrait = page_h >= page_w
    about_vertical = portrait if edge == "long" else not portrait
    return (page_w - x - w, y, w, h) if about_vertical else (x, page_h - y - h, w, h)


CASES = [
    ("portrait, long edge", dict(), "long"),
    ("portrait, short edge", dict(duplex="short"), "short"),
    ("landscape, long edge", dict(orientation="landscape"), "long"),
    ("landscape, short edge", dict(orientation="landscape", duplex="short"), "short"),
    ("letter, cards turned", dict(paper="letter"), "long"),
]


@pytest.mark.parametrize("name,kw,edge", CASES, ids=[c[0] for c in CASES])
def test_backs_align_with_their_fronts_after_the_flip_in_the_manifest(name, kw, edge):
    doc = impose(synthetic_items(13, oriented=lambda i: i % 2 == 0), **kw)
    assert [p.side for p in doc.pages] == ["recto", "verso"] * (len(doc.pages) // 2)
    for recto, verso in zip(doc.pages[0::2], doc.pages[1::2]):
        assert verso.number == recto.number + 1 and verso.flip == edge
        backs = {(p.item_id, p.copy): p for p in verso.placements}
        assert len(backs) == len(recto.placements)
        for front in recto.placements:
            back = backs[(front.item_id, front.copy)]
            expected = flipped(front.trim, recto.width_mm, recto.height_mm, edge)
            assert back.trim == pytest.approx(expected, abs=TOL), (name, front.item_id)


@pytest.mark.parametrize("name,kw,edge", CASES, ids=[c[0] for c in CASES])
def test_backs_align_with_their_fronts_after_the_flip_in_the_pdf_drawing(name, kw, edge):
    doc = impose(synthetic_items(9, oriented=lambda i: i % 2 == 0), **kw)
    pdf = open_pdf(doc.pdf)
    recto, verso = pdf.pages[0], pdf.pages[1]
    info = doc.pages[0]
    fronts, backs = rects_by_colour(recto), rects_by_colour(verso)
    for i in range(len(info.placements)):
        (front,) = fronts[(i, *SIDE_CODE["front"])]
        (back,) = backs[(i, *SIDE_CODE["back"])]
        assert back == pytest.approx(flipped(front, info.width_mm, info.height_mm, edge), abs=TOL), (name, i)


def _marker_corner(trim, marker):
    """Which corner of the trim box the 4 mm orientation marker sits in."""
    cx, cy = marker[0] + 2 - trim[0], marker[1] + 2 - trim[1]
    return ("top" if cy < trim[3] / 2 else "bottom") + "-" + ("left" if cx < trim[2] / 2 else "right")


def test_oriented_backs_keep_their_top_with_the_front_top_when_the_sheet_turns_top_to_bottom():
    # Landscape paper turned on its long edge turns top to bottom: an oriented back (Lutinades) must be
    # drawn upside down so that, card in hand, its top is on the front's top; a symmetric back stays upright.
    doc = impose(synthetic_items(8, oriented=lambda i: i < 4), orientation="landscape")
    pdf = open_pdf(doc.pdf)
    backs = rects_by_colour(pdf.pages[1])
    for i in range(8):
        (trim,) = backs[(i, *SIDE_CODE["back"])]
        (marker,) = backs[(i, *MARK_CODE["back"])]
        assert _marker_corner(trim, marker) == ("bottom-right" if i < 4 else "top-left"), i


def test_oriented_backs_are_upright_when_the_sheet_turns_left_to_right():
    doc = impose(synthetic_items(9, oriented=True))
    backs = rects_by_colour(open_pdf(doc.pdf).pages[1])
    for i in range(9):
        (trim,) = backs[(i, *SIDE_CODE["back"])]
        (marker,) = backs[(i, *MARK_CODE["back"])]
        assert _marker_corner(trim, marker) == "top-left"


def test_oriented_back_point_lies_behind_the_matching_front_point():
    # The back's marker at back-local (2..6, 2..6) is, physically, behind front-local (w-6..w-2, 2..6).
    for kw in (dict(), dict(orientation="landscape"), dict(duplex="short"), dict(paper="letter")):
        doc = impose(synthetic_items(4, oriented=True), **kw)
        info = doc.pages[0]
        flip = sheet_flip(info.width_mm, info.height_mm, kw.get("duplex", "long"))
        backs = rects_by_colour(open_pdf(doc.pdf).pages[1])
        for p in info.placements:
            i = int(p.item_id[1:])
            (marker,) = backs[(i, *MARK_CODE["back"])]
            spot = p.transform.then(flip).map_box((p.width_mm - 6, 2, 4, 4))
            assert marker == pytest.approx(spot, abs=TOL), (kw, i)


def test_duplex_none_prints_fronts_only_on_single_sided_pages():
    doc = impose(synthetic_items(3), duplex="none")
    assert [p.side for p in doc.pages] == ["single"]
    assert {p.face for p in doc.placements} == {"front"}


def test_items_without_backs_leave_their_place_empty_on_the_verso():
    items = synthetic_items(2) + synthetic_items(3, back=False)[2:]
    doc = impose(items)
    assert [len(p.placements) for p in doc.pages] == [3, 2]


def test_fold_pairs_sit_side_by_side_on_a_shared_fold_line():
    doc = impose(synthetic_items(5, oriented=True), fold=True)
    assert all(p.kind == "fold" and p.side == "single" for p in doc.pages)
    pdf = open_pdf(doc.pdf)
    for info, page in zip(doc.pages, pdf.pages):
        by_item: dict = {}
        for p in info.placements:
            by_item.setdefault(p.item_id, {})[p.face] = p
        dashed = [ln for ln in lines_mm(page) if ln["dashed"]]
        for pair in by_item.values():
            f, b = pair["front"], pair["back"]
            m = f.transform
            # The fold is the front's right edge (trim-local x = w), turned with the pair.
            fold0, fold1 = m.apply(f.width_mm, 0), m.apply(f.width_mm, f.height_mm)
            assert b.transform.apply(0, 0) == pytest.approx(fold0, abs=TOL)
            assert b.transform.apply(0, b.height_mm) == pytest.approx(fold1, abs=TOL)
            assert b.rotation_deg == f.rotation_deg
            on_fold = [ln for ln in dashed if segment_inside(ln["p0"], ln["p1"],
                                                             _span(fold0, fold1), 0.01)]
            assert on_fold, "no fold line drawn"


def _span(p0, p1):
    x0, x1 = sorted((p0[0], p1[0]))
    y0, y1 = sorted((p0[1], p1[1]))
    return (x0, y0, x1 - x0, y1 - y0)


def test_folding_a_pair_puts_each_back_point_behind_its_front_point():
    doc = impose(synthetic_items(3, oriented=True), fold=True)
    rects = rects_by_colour(open_pdf(doc.pdf).pages[0])
    for p in doc.pages[0].placements:
        if p.face != "front":
            continue
        i = int(p.item_id[1:])
        (marker,) = rects[(i, *MARK_CODE["back"])]
        # Reflect the front-local point (w-6..w-2, 2..6) across the fold line x = w: back-local (2..6, 2..6).
        w = p.width_mm
        fold = p.transform
        expected = fold.map_box((w + 2, 2, 4, 4))
        assert marker == pytest.approx(expected, abs=TOL)


def test_fold_layout_draws_no_backs_on_separate_pages():
    doc = impose(synthetic_items(4), fold=True)
    assert len(doc.pages) == 1
    assert sorted(p.face for p in doc.pages[0].placements) == ["back"] * 4 + ["front"] * 4
