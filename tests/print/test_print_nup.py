"""N-up sheets that waste no paper: rows spread over the pages rather than a lone row on the last sheet, and
bleed kept on every cut edge of every piece, the last row's included. Read back from the PDF."""

from __future__ import annotations

import pypdfium2
import pytest
from printkit import SIDE_CODE, lines_mm, open_pdf, rects_by_colour, segment_hits_box, synthetic_items

from generator.print import PrintOptions, impose_sheets

BLEED_FILL = {"front": (0xC8, 0xDC, 0xF0), "back": (0xF0, 0xDC, 0xC8)}     # printkit's bleed colours
DPI = 150


def impose(items, **kw):
    return impose_sheets(items, PrintOptions(**kw), game_title="Essai", component_name="Cartes")


def flipped(box, page_w, edge="long"):
    x, y, w, h = box
    return (page_w - x - w, y, w, h)


def test_twenty_cards_spread_three_two_two_rows_and_backs_still_line_up():
    doc = impose(synthetic_items(20))
    pdf = open_pdf(doc.pdf)
    assert len(pdf.pages) == 6
    rows, counts = [], []
    for n in (0, 2, 4):
        info = doc.pages[n]
        fronts, backs = rects_by_colour(pdf.pages[n]), rects_by_colour(pdf.pages[n + 1])
        mine = [(key[0], box) for key, boxes in fronts.items() if key[1:] == SIDE_CODE["front"] for box in boxes]
        counts.append(len(mine))
        rows.append(len({round(box[1], 1) for _, box in mine}))
        for index, box in mine:
            (back,) = backs[(index, *SIDE_CODE["back"])]
            assert back == pytest.approx(flipped(box, info.width_mm), abs=0.01)
    assert counts == [9, 6, 5] and rows == [3, 2, 2]


def test_full_pages_are_kept_when_the_last_holds_more_than_a_row():
    doc = impose(synthetic_items(23, back=False))      # 9 + 9 + 5: two rows on the last sheet
    assert [len(p.placements) for p in doc.pages] == [9, 9, 5]


def _pixel(bitmap, x_mm, y_mm):
    """(r, g, b) of the rendered page at a point in mm (pdfium's bitmap: rows of BGR or BGRA pixels)."""
    scale = DPI / 25.4
    n = bitmap.n_channels
    at = int(round(y_mm * scale)) * bitmap.stride + int(round(x_mm * scale)) * n
    b, g, r = bytes(bitmap.buffer[at:at + 3])
    return r, g, b


@pytest.mark.parametrize("count,size", [(6, 14.0), (7, 14.0), (13, 30.0)])
def test_every_cut_edge_of_every_piece_bleeds_the_last_row_and_column_too(count, size):
    # small pieces butted into a grid (one shared cut between neighbours); the page is not full, so the last
    # row's bottom edge and the last piece's right edge are outer cuts: the art must go past them
    doc = impose(synthetic_items(count, size, size))
    document = pypdfium2.PdfDocument(doc.pdf)
    for index, info in enumerate(doc.pages):
        bitmap = document[index].render(scale=DPI / 72)
        side = "front" if info.side == "recto" else "back"
        trims = [p.trim for p in info.placements]
        for x, y, w, h in trims:
            for px, py in ((x + w / 2, y - 1.5), (x + w / 2, y + h + 1.5), (x - 1.5, y + h / 2),
                           (x + w + 1.5, y + h / 2)):
                inside_other = any(tx < px < tx + tw and ty < py < ty + th for tx, ty, tw, th in trims)
                if not inside_other:
                    assert _pixel(bitmap, px, py) == BLEED_FILL[side], (info.number, (x, y), (px, py))


def test_a_second_size_goes_in_a_band_under_the_first_and_its_backs_line_up():
    items = synthetic_items(12, 14, 14) + synthetic_items(6, 16, 16, component="grands")
    doc = impose(items)
    assert [p.side for p in doc.pages] == ["recto", "verso"]        # one sheet, not one per size
    pdf = open_pdf(doc.pdf)
    recto, verso = doc.pages
    small = [p.trim for p in recto.placements if p.width_mm == 14]
    large = [p.trim for p in recto.placements if p.width_mm == 16]
    assert len(small) == 12 and len(large) == 6
    assert {p.rotation_deg for p in recto.placements} == {0}          # upright: the band holds them all
    band_top = min(y for _, y, _, _ in large)
    assert band_top > max(y + h for _, y, _, h in small) + 5          # room for the first grid's marks
    backs = {(p.component, p.item_id, p.copy): p.trim for p in verso.placements}
    for p in recto.placements:
        assert backs[(p.component, p.item_id, p.copy)] == pytest.approx(flipped(p.trim, recto.width_mm), abs=0.01)
    # in the drawing: every front's coloured trim where the plan says, no mark across any piece's art
    fronts = rects_by_colour(pdf.pages[0])
    drawn = sorted(tuple(round(v, 1) for v in box) for key, boxes in fronts.items()
                   if key[1:] == SIDE_CODE["front"] for box in boxes)
    assert drawn == sorted(tuple(round(v, 1) for v in p.trim) for p in recto.placements)
    arts = [p.art for p in recto.placements]
    for line in lines_mm(pdf.pages[0]):
        (x0, y0), (x1, y1) = line["p0"], line["p1"]
        assert not any(segment_hits_box((x0, y0), (x1, y1), (a[0] + 0.1, a[1] + 0.1, a[2] - 0.2, a[3] - 0.2))
                       for a in arts)
    assert any("séparer les rangées" in step for step in doc.guide.steps)


def test_tectonic_prints_its_18_pieces_on_one_sheet_named_in_guide_and_manifest(game_build):
    import json
    out = game_build("tectonic").out
    assert not (out / "monts.pdf").exists() and not (out / "pics.pdf").exists()
    pdf = open_pdf((out / "collines.pdf").read_bytes())
    assert len(pdf.pages) == 2
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    entry = next(f for f in manifest["files"] if f["file"] == "collines.pdf")
    recto, verso = entry["pages"]
    assert sorted({i["component"] for i in recto["items"]}) == ["collines", "monts", "pics"]
    assert len(recto["items"]) == len(verso["items"]) == 18
    assert entry["print"]["copies"] == 18 and entry["print"]["alone"]
    # compared without spaces: French typography's narrow spaces are not read back as spaces
    guide = "".join("".join(page.extract_text() for page in open_pdf((out / "guide-impression.pdf").read_bytes())
                            .pages).split())
    assert "Collines,MontsetPics—collines.pdf" in guide and "pièces(MontsetPics),chacune" in guide
    # the drawing: the letters of the 18 fronts are on page 1, inside their pieces' trims
    words = [w for w in pdf.pages[0].extract_words() if w["text"] in ("B", "N")]
    assert len(words) == 18


@pytest.mark.parametrize("value,said", [("plateau", "prints on another stock or another way"),
                                        ("pics", "prints on the sheets of 'collines'"),
                                        ("pions-plies", "prints on another stock or another way"),
                                        ("collines", None)])
def test_sheet_with_names_another_face_set_of_the_game_that_is_on_its_own_sheets(game_copy, value, said):
    from generator.content import ContentError, load_game
    content = game_copy("tectonic")
    path = content / "tectonic" / "monts.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("sheet_with: collines", f"sheet_with: {value}"),
                    encoding="utf-8")
    # plateau: a board hosts only pieces of its own stock (greyboard, one side), and monts are two-sided on card
    # pions-plies: fold-over counters printed one side on plain paper, monts two-sided on card: not one file
    if said is None:     # collines: two-sided counters on card, on sheets of their own: allowed
        assert load_game(content, "tectonic")
        return
    with pytest.raises(ContentError) as err:
        load_game(content, "tectonic")
    assert said in str(err.value) and "monts.yaml" in str(err.value)


def test_a_small_mat_prints_on_a_decks_sheets_but_not_on_another_mat(game_copy):
    from generator.content import ContentError, load_game
    content = game_copy("puxes")
    assert load_game(content, "puxes").component("tapis-forteresse").sheet_with == "competences"
    path = content / "puxes" / "tapis-forteresse.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("sheet_with: competences", "sheet_with: tapis-2j"),
                    encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game(content, "puxes")
    assert "is not another deck, tiles, counters, form or board" in str(err.value) and "tapis-forteresse.yaml" in str(err.value)
