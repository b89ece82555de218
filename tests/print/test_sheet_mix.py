"""Sheets shared by stock (content `sheet_with`, content/models/stock.py): 3d Run's pawns in the band under each
character sheet, Lutinades's aid cards on the signposts' duplex sheets, read back from the built PDFs in mm;
the loader's refusals; the reader's sheet_fill told of a same-stock partner (bad and good fixtures)."""

from __future__ import annotations

import json

import pdfplumber
import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.content import ContentError, load_game
from generator.i18n import catalogue
from generator.print.reader import Subject, sheet_fill

MM = 72 / 25.4
FR = catalogue("fr")
RED = (0.827451, 0.184314, 0.184314)      # pawn 1's colour, #D32F2F


def _entry(out, name):
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    return next(f for f in manifest["files"] if f["file"] == name), manifest


def _mm(box):
    return tuple(round(v / MM, 2) for v in box)


@pytest.fixture(scope="module")
def run3d(game_build):
    return game_build("3d-run").out


def test_each_runners_pawn_prints_under_his_character_sheet_with_its_own_crop_marks(run3d):
    entry, manifest = _entry(run3d, "feuille.pdf")
    assert not (run3d / "pions.pdf").exists() and "pions.pdf" not in [f["file"] for f in manifest["files"]]
    with pdfplumber.open(run3d / "feuille.pdf") as pdf:
        assert len(pdf.pages) == len(entry["pages"]) == 3
        for page, info in zip(pdf.pages, entry["pages"]):
            forms = [i for i in info["items"] if i["component"] == "feuille"]
            pawns = [i for i in info["items"] if i["component"] == "pions"]
            assert len(forms) == len(pawns) == 2
            lines = [_mm((ln["x0"], ln["top"], ln["x1"], ln["bottom"])) for ln in page.lines]
            words = [(w["text"], *_mm((w["x0"], w["top"], w["x1"], w["bottom"]))) for w in page.extract_words()]
            for form, pawn in zip(forms, pawns):
                fx, fy, fw, fh = form["trim_mm"]
                x, y, w, h = pawn["trim_mm"]
                # copy k of the sheet holds pawn k, folded 18 x 9 mm, inside the form's margin (6 mm)
                assert pawn["id"] == f"pions-{form['copy']:02d}" and (w, h) == (18.0, 9.0)
                assert fx + 6 <= x and x + w <= fx + fw - 6 and y + h <= fy + fh - 6
                # under every word the form prints (its last row: the flags and the star)
                above = [b for t, *b in words if fx <= b[0] < fx + fw and fy <= b[1] < fy + fh
                         and not (x - 1 <= b[0] <= x + w + 1 and y - 1 <= b[1] <= y + h + 1)]
                assert max(b[3] for b in above) < y - 4.5
                # the crop marks: at the trim's four lines, outside the pawn, inside the band
                for edge in (x, x + w):
                    tops = [ln for ln in lines if abs(ln[0] - edge) < 0.05 and abs(ln[2] - edge) < 0.05
                            and ln[3] - ln[1] <= 5.05 and fy < ln[1] < fy + fh]
                    assert any(ln[3] < y - 1.5 for ln in tops) and any(ln[1] > y + h + 1.5 for ln in tops), (edge, tops)
                    assert all(ln[1] > max(b[3] for b in above) for ln in tops)
                for edge in (y, y + h):
                    sides = [ln for ln in lines if abs(ln[1] - edge) < 0.05 and abs(ln[3] - edge) < 0.05
                             and ln[2] - ln[0] <= 5.05]
                    assert any(ln[2] < x - 1.5 for ln in sides) and any(ln[0] > x + w + 1.5 for ln in sides), (edge, sides)
                # its number printed twice (front and back, side by side), inside its trim
                numbers = [b for t, *b in words if t == str(int(pawn["id"][-2:])) and x < b[0] and b[2] < x + w
                           and y < b[1] and b[3] < y + h]
                assert len(numbers) == 2
        first = pdf.pages[0]
        x, y, w, h = entry["pages"][0]["items"][1]["trim_mm"]
        # pawn 1 is red to its bleed: the art covers the trim and more on every side
        reds = [_mm((r["x0"], r["top"], r["x1"], r["bottom"])) for r in first.rects
                if tuple(round(c, 6) for c in (r.get("non_stroking_color") or ())) == RED]
        assert min(r[0] for r in reds) < x and max(r[2] for r in reds) > x + w
        assert min(r[1] for r in reds) < y and max(r[3] for r in reds) > y + h


def test_every_cut_edge_of_each_pawn_keeps_the_whole_bleed_and_whole_crop_marks(run3d):
    # the band under the sheet's rows held a 9 mm pawn with 1.65 mm of bleed above and below and 2.5 mm marks
    entry, _ = _entry(run3d, "feuille.pdf")
    with pdfplumber.open(run3d / "feuille.pdf") as pdf:
        for page, info in zip(pdf.pages, entry["pages"]):
            lines = [_mm((ln["x0"], ln["top"], ln["x1"], ln["bottom"])) for ln in page.lines]
            for pawn in (i for i in info["items"] if i["component"] == "pions"):
                x, y, w, h = pawn["trim_mm"]
                ax, ay, aw, ah = pawn["art_mm"]
                assert (x - ax, y - ay, ax + aw - x - w, ay + ah - y - h) == pytest.approx((3.0,) * 4, abs=0.01)
                for at in (x, x + w):
                    ends = [ln[3] - ln[1] for ln in lines if abs(ln[0] - at) < 0.05 and abs(ln[2] - at) < 0.05
                            and (y - 10 < ln[3] <= y or y + h <= ln[1] < y + h + 10)]
                    assert len(ends) == 2 and min(ends) == pytest.approx(5.0, abs=0.05), (at, ends)
                for at in (y, y + h):
                    ends = [ln[2] - ln[0] for ln in lines if abs(ln[1] - at) < 0.05 and abs(ln[3] - at) < 0.05
                            and (x - 10 < ln[2] <= x or x + w <= ln[0] < x + w + 10)]
                    assert len(ends) == 2 and min(ends) == pytest.approx(5.0, abs=0.05), (at, ends)


def test_the_guide_has_the_sheet_printed_again_or_copied_in_colour_not_photocopied(run3d):
    # a black-and-white photocopy of the sheet copies its pawn band without the runners' colours
    entry, _ = _entry(run3d, "feuille.pdf")
    assert entry["print"]["steps"][0] == FR("print.form.step_with_pieces")
    assert "réimprimez-la ou copiez-la en couleur" in entry["print"]["steps"][0]
    assert not any("photocopiez" in step for step in entry["print"]["steps"])
    with pdfplumber.open(run3d / "guide-impression.pdf") as pdf:
        text = " ".join((page.extract_text() or "") for page in pdf.pages)
        assert len(pdf.pages) == 1
    assert "copiez-la en couleur" in text and "photocopiez" not in text


def test_the_guide_names_where_the_pawns_are_and_the_reader_finds_nothing(run3d):
    entry, manifest = _entry(run3d, "feuille.pdf")
    with pdfplumber.open(run3d / "guide-impression.pdf") as pdf:
        text = " ".join((page.extract_text() or "") for page in pdf.pages).replace("\n", " ")
    bare = "".join(text.split())     # French typography's narrow spaces are not extracted
    assert "".join("Feuille de personnage et Pions des coureurs — feuille.pdf".split()) in bare
    assert "".join("3. Pions des coureurs : au bas de chaque « Feuille de personnage »".split()) in bare
    assert "pliez-le en deux" in text and "pions.pdf" not in text
    assert entry["print"]["steps"][2].startswith("Pions des coureurs : au bas de chaque")
    assert manifest["preflight"]["warnings"] == 0


def test_lutinades_aid_cards_share_the_signposts_last_sheet_backs_behind_their_fronts(game_build):
    out = game_build("lutinades").out
    entry, manifest = _entry(out, "panneaux.pdf")
    assert not (out / "aide.pdf").exists()
    assert [p["side"] for p in entry["pages"]] == ["front", "back"] * 6      # 52 cards: 6 sheets, not 6 + 1
    front, back = entry["pages"][-2:]
    aids = [i for i in front["items"] if i["component"] == "aide"]
    assert len(aids) == 4
    with pdfplumber.open(out / "panneaux.pdf") as pdf:
        verso = pdf.pages[back["page"] - 1]
        words = [(w["text"], *_mm((w["x0"], w["top"], w["x1"], w["bottom"]))) for w in verso.extract_words()]
        for aid in aids:
            x, y, w, h = aid["trim_mm"]
            turned = next(i for i in back["items"] if i["id"] == aid["id"] and i["copy"] == aid["copy"])
            # long-edge flip: the back at the mirrored x, the same y
            assert turned["trim_mm"] == pytest.approx([front["width_mm"] - x - w, y, w, h], abs=0.01)
            bx = front["width_mm"] - x - w
            title = [b for t, *b in words if t == "gestes" and bx < b[0] < bx + w and y < b[1] < y + h]
            assert len(title) == 1     # "Les gestes des lutins (malins)" printed inside that back's trim
    assert "Carte d'aide" in " ".join(entry["print"]["steps"])


# --- the loader -------------------------------------------------------------------------------------------
def test_a_form_hosts_pieces_of_its_stock_only(game_copy):
    content = game_copy("tectonic")
    path = content / "tectonic" / "pions-plies.yaml"
    text = path.read_text(encoding="utf-8")
    form = "kind: form\nid: marque\nname: Marque\nrows:\n  - blocks:\n      - field: {label: Nom}\n"
    (content / "tectonic" / "marque.yaml").write_text(form, encoding="utf-8")
    game = content / "tectonic" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("  - pions-plies.yaml", "  - pions-plies.yaml\n  - marque.yaml"),
                    encoding="utf-8")
    lines = [ln for ln in text.splitlines() if not ln.startswith("sheet_alone:")]
    path.write_text("\n".join(lines + ["sheet_with: marque"]) + "\n", encoding="utf-8")
    assert load_game(content, "tectonic").component("pions-plies").sheet_with == "marque"   # plain paper, one side
    monts = content / "tectonic" / "monts.yaml"
    monts.write_text(monts.read_text(encoding="utf-8").replace("sheet_with: collines", "sheet_with: marque"),
                     encoding="utf-8")
    with pytest.raises(ContentError) as err:     # two-sided pieces on card: not on a form
        load_game(content, "tectonic")
    assert "prints on another stock or another way" in str(err.value) and "monts.yaml" in str(err.value)


def test_pieces_too_large_for_the_forms_free_band_stop_the_build_at_the_forms_file(game_copy, tmp_path):
    content = game_copy("3d-run")
    feuille = content / "3d-run" / "feuille.yaml"
    # a row that grows takes the whole height: no band left for the pawns
    feuille.write_text(feuille.read_text(encoding="utf-8").replace("  - blocks:\n      - choices: {label: Drapeaux",
                                                                   "  - grow: true\n    blocks:\n      - choices: {label: Drapeaux"),
                       encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "3d-run", "--content", str(content)])
    assert result.exit_code == 2, result.output
    assert "feuille.yaml" in result.output and "pions" in result.output and "do not fit" in result.output
    assert "Traceback" not in result.output


# --- the reader's check -----------------------------------------------------------------------------------
def _strip(alone: str = ""):
    items = [{"id": f"p{k}", "copy": 1, "trim_mm": [20 + 18 * k, 20, 18, 9]} for k in range(6)]
    page = {"page": 1, "kind": "sheet", "side": "single", "width_mm": 210, "height_mm": 297, "items": items}
    return {"file": "pions.pdf", "pages": [page], "print": {"steps": [], **({"alone": alone} if alone else {})}}


def test_a_reason_does_not_excuse_a_strip_a_same_stock_partner_could_hold():
    bad = sheet_fill(Subject("pions.pdf", role="sheets", entry=_strip("thicker paper"), partners=("feuille",)), None)
    assert [(w.kind, w.facts.get("form"), w.facts.get("partners")) for w in bad] == [("sheet_fill", "partner", "feuille")]
    assert "feuille" in bad[0].describe(FR) and "même papier" in bad[0].describe(FR)
    # no partner of its stock: the reason holds (Tectonic's fold-over pieces, Armada's ships)
    assert sheet_fill(Subject("pions.pdf", role="sheets", entry=_strip("thicker paper")), None) == []
    # no reason, no partner: the plain warning, as before
    assert [w.facts.get("form") for w in sheet_fill(Subject("pions.pdf", role="sheets", entry=_strip()), None)] == [None]


def test_validate_tells_3d_runs_pawn_strip_alone_again_and_passes_it_shared(game_copy):
    content = game_copy("3d-run")
    pions = content / "3d-run" / "pions.yaml"
    text = pions.read_text(encoding="utf-8")
    old = next(ln for ln in text.splitlines() if ln.startswith("sheet_with:"))
    pions.write_text(text.replace(old, 'sheet_alone: "sur un papier plus épais"'), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "3d-run", "--strict", "--content", str(content)])
    assert result.exit_code != 0
    said = [ln for ln in result.output.splitlines() if "pions.yaml" in ln]
    assert said and "feuille" in said[0] and "sheet_with" in said[0], result.output
