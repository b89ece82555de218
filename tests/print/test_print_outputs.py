"""Calibration page, manifest, cut files, shop export and print guide, read back from the files."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET

import pytest
from printkit import MM_PER_PT, SIDE_CODE, lines_mm, open_pdf, rects_by_colour, synthetic_items
from pypdf import PdfReader

from generator.print import (PrintOptions, build_manifest, calibration_page, check_manifest, dice_nets, dumps,
                             impose_sheets, print_guide, shop_export, tile_face)
from generator.print.dieart import DieArt


# --- calibration ---------------------------------------------------------------------------------
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_lines_measure_100_mm_and_the_square_one_inch(paper):
    doc = calibration_page(PrintOptions(paper=paper), game_title="Essai")
    page = open_pdf(doc.pdf).pages[0]
    lines = lines_mm(page)
    horizontal = max((abs(l["p1"][0] - l["p0"][0]) for l in lines if abs(l["p0"][1] - l["p1"][1]) < 1e-6))
    vertical = max((abs(l["p1"][1] - l["p0"][1]) for l in lines if abs(l["p0"][0] - l["p1"][0]) < 1e-6))
    assert horizontal == pytest.approx(100.0, abs=0.05)
    assert vertical == pytest.approx(100.0, abs=0.05)
    squares = [r for r in page.rects if abs(r["width"] - r["height"]) < 1e-3 and r["width"] > 20]
    assert len(squares) == 1
    assert squares[0]["width"] * MM_PER_PT == pytest.approx(25.4, abs=0.05)
    assert re.search(r"100\s?%", page.extract_text())


# --- manifest -----------------------------------------------------------------------------------
def _game_docs():
    opts = PrintOptions()
    cards = impose_sheets(synthetic_items(11), opts, game_title="Essai", component_name="Cartes")
    from printkit import synthetic_face
    from generator.components.face import Item
    board = tile_face(Item("plateau", "plateau", synthetic_face(0, "front", 500.0, 350.0)), opts,
                      game_title="Essai", component_name="Plateau")
    return opts, [("cartes.pdf", cards), ("plateau.pdf", board),
                  ("calibrage.pdf", calibration_page(opts, game_title="Essai"))]


def test_manifest_lists_every_page_with_its_size_and_every_item_with_its_trim():
    opts, docs = _game_docs()
    manifest = json.loads(dumps(build_manifest("essai", "Essai", docs, opts)))
    assert check_manifest(manifest) == []
    assert [f["file"] for f in manifest["files"]] == ["cartes.pdf", "plateau.pdf", "calibrage.pdf"]
    for entry, (_, doc) in zip(manifest["files"], docs):
        pdf = PdfReader(io.BytesIO(doc.pdf))
        assert len(entry["pages"]) == len(pdf.pages)
        for page, real in zip(entry["pages"], pdf.pages):
            assert float(real.mediabox.width) * MM_PER_PT == pytest.approx(page["width_mm"], abs=0.01)
            assert float(real.mediabox.height) * MM_PER_PT == pytest.approx(page["height_mm"], abs=0.01)
    cards = manifest["files"][0]
    faces = [(i["id"], i["face"]) for p in cards["pages"] for i in p["items"]]
    assert sorted(faces) == sorted([(f"c{n:02d}", side) for n in range(11) for side in ("front", "back")])
    item = cards["pages"][0]["items"][0]
    assert item["trim_mm"][2:] == [63.5, 88.9]


def test_manifest_trims_match_the_pdf_drawing():
    opts, docs = _game_docs()
    manifest = build_manifest("essai", "Essai", docs, opts)
    cards, doc = manifest["files"][0], docs[0][1]
    pdf = open_pdf(doc.pdf)
    for page, real in zip(cards["pages"], pdf.pages):
        rects = rects_by_colour(real)
        for item in page["items"]:
            n = int(item["id"][1:])
            (drawn,) = rects[(n, *SIDE_CODE[item["face"]])]
            assert list(drawn) == pytest.approx(item["trim_mm"], abs=0.01)


def test_manifest_check_reports_what_is_wrong():
    opts, docs = _game_docs()
    manifest = build_manifest("essai", "Essai", docs, opts)
    del manifest["files"][0]["pages"][0]["items"][0]["trim_mm"]
    manifest["files"][1]["pages"][0]["side"] = "both"
    manifest["files"][2]["pages"][0]["width_mm"] = "210"
    errors = check_manifest(manifest)
    assert any("items[0]: missing 'trim_mm'" in e for e in errors)
    assert any("'both' is not one of" in e for e in errors)
    assert any("width_mm: expected number" in e for e in errors)


def test_manifest_text_is_identical_for_identical_input():
    a = dumps(build_manifest("essai", "Essai", _game_docs()[1], PrintOptions()))
    b = dumps(build_manifest("essai", "Essai", _game_docs()[1], PrintOptions()))
    assert a == b


# --- cut files ------------------------------------------------------------------------------------
SVG = "{http://www.w3.org/2000/svg}"


def _path_box(d):
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    xs, ys = nums[0::2], nums[1::2]
    return [min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)]


def test_cut_files_hold_only_red_cut_paths_on_every_item_trim():
    doc = impose_sheets(synthetic_items(11), PrintOptions(), game_title="Essai", component_name="Cartes")
    rectos = [p for p in doc.pages if p.side != "verso"]
    assert [n for n, _ in doc.cut_files] == [p.number for p in rectos]
    for (n, svg), info in zip(doc.cut_files, rectos):
        root = ET.fromstring(svg)
        view = [float(v) for v in re.split(r"[ ,]+", root.get("viewBox"))]
        assert view == [0.0, 0.0, info.width_mm, info.height_mm]
        assert root.get("width") == f"{info.width_mm:g}mm" and root.get("height") == f"{info.height_mm:g}mm"
        drawn = [el for el in root.iter() if el.tag.replace(SVG, "") not in ("svg", "defs", "title", "desc")]
        assert {el.tag.replace(SVG, "") for el in drawn} == {"path"}
        assert all(el.get("stroke") == "#FF0000" and el.get("fill") == "none" for el in drawn)
        boxes = sorted(_path_box(el.get("d")) for el in drawn)
        trims = sorted(list(p.trim) for p in info.placements)
        assert len(boxes) == len(trims)
        for box, trim in zip(boxes, trims):
            assert box == pytest.approx(trim, abs=0.001)


def test_dice_cut_files_follow_the_net_outline_tabs_included():
    face = lambda c: c.rect(0, 0, 16, 16, fill="#FFFFFF")  # noqa: E731
    doc = dice_nets([DieArt("d", "Dé", (face,) * 6)], PrintOptions(), size_mm=16.0, game_title="Essai",
                    component_name="Dés")
    root = ET.fromstring(doc.cut_files[0][1])
    (path,) = [el for el in root.iter() if el.tag == SVG + "path"]
    box = _path_box(path.get("d"))
    squares = [p.trim for p in doc.placements]
    left = min(s[0] for s in squares)
    assert box[0] == pytest.approx(left - 5.0, abs=0.001)                       # the left tab sticks out 5 mm
    assert box[2:] == pytest.approx([3 * 16 + 10, 4 * 16 + 5], abs=0.001)


# --- print shop ------------------------------------------------------------------------------------
def test_shop_pages_are_trim_plus_bleed_with_trim_box_inset_by_the_bleed():
    items = synthetic_items(3)
    doc = shop_export(items, PrintOptions(), game_title="Essai", component_name="Cartes")
    reader = PdfReader(io.BytesIO(doc.pdf))
    assert len(reader.pages) == 6
    for page in reader.pages:
        media = [float(v) * MM_PER_PT for v in page.mediabox]
        trim = [float(v) * MM_PER_PT for v in page.trimbox]
        bleed = [float(v) * MM_PER_PT for v in page.bleedbox]
        assert media == pytest.approx([0, 0, 69.5, 94.9], abs=0.01)
        assert trim == pytest.approx([3, 3, 66.5, 91.9], abs=0.01)
        assert bleed == pytest.approx(media, abs=0.01)


def test_shop_pdf_is_marked_pdf_x1a_with_a_registered_output_intent():
    doc = shop_export(synthetic_items(2), PrintOptions(), game_title="Essai", component_name="Cartes")
    reader = PdfReader(io.BytesIO(doc.pdf))
    (intent,) = [i.get_object() for i in reader.trailer["/Root"]["/OutputIntents"]]
    assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "FOGRA39"
    assert intent["/RegistryName"] == "http://www.color.org"
    info = reader.trailer["/Info"].get_object()
    assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    assert info["/Trapped"] == "/False" and info["/Title"]
    again = shop_export(synthetic_items(2), PrintOptions(), game_title="Essai", component_name="Cartes")
    assert again.pdf == doc.pdf


def test_shop_pdf_alternates_back_then_front_for_every_card():
    doc = shop_export(synthetic_items(3), PrintOptions(), game_title="Essai", component_name="Cartes")
    assert [(p.placements[0].item_id, p.placements[0].face) for p in doc.pages] == [
        ("c00", "back"), ("c00", "front"), ("c01", "back"), ("c01", "front"), ("c02", "back"), ("c02", "front")]


def _content_ops(data: bytes) -> set[str]:
    reader = PdfReader(io.BytesIO(data))
    ops = set()
    for page in reader.pages:
        stream = page.get_contents().get_data().decode("latin-1")
        stream = re.sub(r"\((?:\\.|[^\\)])*\)", "()", stream)      # drop string literals
        ops |= set(re.findall(r"(?<![\w/])(rg|RG|k|K|g|G|sc|SC|scn|SCN|cs|CS)(?![\w])", stream))
    return ops


def test_shop_pdf_uses_cmyk_colours_only():
    ops = _content_ops(shop_export(synthetic_items(2), PrintOptions(), game_title="Essai",
                                   component_name="Cartes").pdf)
    assert ops and ops <= {"k", "K"}


def test_cmyk_option_turns_sheets_cmyk_too():
    rgb = _content_ops(impose_sheets(synthetic_items(2), PrintOptions(), game_title="E", component_name="C").pdf)
    cmyk = _content_ops(impose_sheets(synthetic_items(2), PrintOptions(cmyk=True), game_title="E",
                                      component_name="C").pdf)
    assert "rg" in rgb
    assert cmyk <= {"k", "K"}


def test_shop_pdf_embeds_every_font():
    from generator.components.face import Face, Item
    from generator.draw.style import TextStyle

    def draw(c):
        c.rect(0, 0, 69.5, 94.9, fill="#EEEEEE")
        c.text(10, 20, "Lutin à gauche", TextStyle(size_pt=10))
        c.text(10, 30, "Champignon", TextStyle(size_pt=10, bold=True))
    card = Face(63.5, 88.9, draw)
    doc = shop_export([Item("c", "cartes", card, card)], PrintOptions(), game_title="Essai", component_name="Cartes")
    reader = PdfReader(io.BytesIO(doc.pdf))
    seen = 0
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font", {})
        for font in fonts.values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target["/FontDescriptor"].get_object()
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            seen += 1
    assert seen >= 2 * 2      # regular and bold, on the back and on the front


# --- guide ----------------------------------------------------------------------------------------------
def test_print_guide_names_each_file_its_sides_paper_and_steps_in_french():
    opts, docs = _game_docs()
    guide = print_guide("Essai", [(name, doc.guide) for name, doc in docs], opts, credit="Essai, par quelqu'un")
    text = "\n".join(p.extract_text() for p in open_pdf(guide.pdf).pages).replace("\u202f", " ").replace(
        "\u00a0", " ")
    for name, _ in docs:
        assert name in text
    assert "recto verso, bord long" in text
    assert "g/m²" in text
    assert "plan d’assemblage" in text
    assert "Imprimez" in text and re.search(r"100\s?%", text)
    assert "guide d’impression" in text


def test_print_guide_says_duplex_only_for_the_files_that_need_it_and_sets_the_credit_apart():
    """A game without a two-sided sheet is never told "duplex, long edge"; the credit is not one more step."""
    opts, docs = _game_docs()
    single = [(name, doc.guide) for name, doc in docs if name == "plateau.pdf"]   # cards and calibration: duplex
    guide = print_guide("Essai", single, opts, credit="Essai, par quelqu'un")
    pdf = open_pdf(guide.pdf)
    text = "\n".join(p.extract_text() for p in pdf.pages)
    assert "recto verso" not in text and "bord long" not in text
    words = pdf.pages[-1].extract_words()
    credit_top = min(w["top"] for w in words if w["text"].startswith("quelqu"))
    above = max(w["bottom"] for w in words if w["bottom"] < credit_top - 1)
    assert (credit_top - above) * MM_PER_PT > 6.0        # a gap and a rule, not the next line of the last step


def test_no_page_of_the_print_guide_ends_on_a_files_heading():
    """A file's heading goes to the next page with its facts and first step (the Tectonic guide ended a page on
    the player aid's heading)."""
    from generator.print.document import GuideInfo
    opts = PrintOptions()
    entries = [(f"fichier-{n:02d}.pdf", GuideInfo(title=f"Élément {n}", sides="recto seul", paper_fr="papier",
                                                  steps=("Imprimez à 100 %.", "Découpez le long des traits."),
                                                  pages=1))
               for n in range(40)]
    pdf = open_pdf(print_guide("Essai", entries, opts).pdf)
    assert len(pdf.pages) >= 3
    for page in pdf.pages[:-1]:
        lines = [line for line in page.extract_text().split("\n") if line.strip()]
        body = [line for line in lines if "guide d’impression · page" not in line]
        assert not body[-1].endswith(".pdf"), body[-3:]


@pytest.mark.parametrize("credit", ["Essai, un jeu de quelqu'un", "Essai, un jeu de quelqu'un " + "et encore " * 40])
def test_the_print_guides_credit_never_stands_alone_on_a_page(credit):
    """Issue 25: the Armada guide's second page held only the author's name. Whatever the number of files, the
    credit shares its page with the guide's last lines: closer to them when room is short, else with the last
    block carried over."""
    from generator.print.document import GuideInfo
    opts = PrintOptions()
    for n in range(1, 40):
        entries = [(f"f{i}.pdf", GuideInfo(title=f"Fichier {i}", sides="recto seul", paper_fr="papier",
                                           steps=("Une étape.",), pages=1)) for i in range(n)]
        pdf = open_pdf(print_guide("Essai", entries, opts, credit=credit).pdf)
        last = pdf.pages[-1].extract_text()
        assert "quelqu" in last
        if len(pdf.pages) > 1:
            assert "tape" in last or "Fichier" in last, (n, last)      # more than the credit on that page
