"""The Tectonic outputs read back from the files: the pieces (both ways to make them), the board's regions, the
print guide's advice, the rulebook in its three forms and the player aid."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.draw.style import MM_PER_PT

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def build(game_build) -> Path:
    return game_build("tectonic").out


def _words(path: Path, page: int) -> list[tuple[str, float, float]]:
    """(text, centre x, centre y) in mm from the page's top-left corner, of every word on the page."""
    with pdfplumber.open(path) as pdf:
        p = pdf.pages[page]
        return [(w["text"], (w["x0"] + w["x1"]) / 2 * MM_PER_PT, (w["top"] + w["bottom"]) / 2 * MM_PER_PT)
                for w in p.extract_words()]


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def _manifest(build: Path, name: str) -> dict:
    return next(f for f in json.loads((build / "manifest.json").read_text())["files"] if f["file"] == name)


@pytest.mark.parametrize("component, width, height", [("collines", 14.0, 14.0), ("monts", 14.0, 14.0),
                                                      ("pics", 16.0, 13.856)])
def test_each_kind_is_six_duplex_counters_of_its_shape_on_the_one_shared_sheet(build, component, width, height):
    # monts and pics print on the collines' sheet (their sheet_with): the 18 pieces on one sheet
    entry = _manifest(build, "collines.pdf")
    recto, verso = entry["pages"]
    assert (recto["side"], verso["side"]) == ("front", "back")
    mine = [item for item in recto["items"] if item["component"] == component]
    assert len(mine) == len([i for i in verso["items"] if i["component"] == component]) == 6
    for item in mine:
        assert item["trim_mm"][2:] == pytest.approx([width, height], abs=0.01)
    assert not (build / f"{component}.pdf").exists() or component == "collines"


def test_each_face_names_its_owner_and_its_back_is_the_red_face_behind_it(build):
    # B or N on the coloured face, RB or RN on the red one; the back of a piece is its red face with the same
    # owner, mirrored across the page for a long-edge flip.
    page_w = _manifest(build, "collines.pdf")["pages"][0]["width_mm"]
    fronts = [w for w in _words(build / "collines.pdf", 0) if w[0] in ("B", "N")]
    backs = [w for w in _words(build / "collines.pdf", 1) if w[0] in ("RB", "RN")]
    assert Counter(t for t, _, _ in fronts) == {"B": 9, "N": 9}
    assert Counter(t for t, _, _ in backs) == {"RB": 9, "RN": 9}
    for text, x, y in fronts:
        assert any(b == "R" + text and abs(bx - (page_w - x)) < 0.5 and abs(by - y) < 1.5 for b, bx, by in backs)


def test_the_fold_over_counters_hold_the_eighteen_pieces_each_face_beside_its_red_face(build):
    entry = _manifest(build, "pions-plies.pdf")
    (page,) = entry["pages"]
    assert sum(1 for item in page["items"] if item["face"] == "front") == 18
    words = _words(build / "pions-plies.pdf", 0)
    fronts = [w for w in words if w[0] in ("B", "N")]
    backs = [w for w in words if w[0] in ("RB", "RN")]
    assert Counter(t for t, _, _ in fronts) == {"B": 9, "N": 9}
    for text, x, y in fronts:    # the two halves of one piece are 16 mm apart, on either side of the fold
        assert any(b == "R" + text and abs(abs(bx - x) + abs(by - y) - 16.0) < 0.5 for b, bx, by in backs)


def test_the_board_marks_each_region_with_its_owners_letter(build):
    letters = Counter(t for t, _, _ in _words(build / "plateau.pdf", 0) if t in ("B", "N"))
    # 12 region squares per player; no piece is printed on the board (they would stay in sight once the
    # real ones moved): the start is the rulebook's figure 1
    assert letters == {"B": 12, "N": 12}


def test_the_print_guide_says_how_each_set_of_pieces_is_made(build):
    guide = _text(build / "guide-impression.pdf")
    duplex = guide[guide.index("Collines, Monts et Pics — collines.pdf"):guide.index("Pions à plier")]
    assert duplex.count("papier cartonné") == 1 and "Collez la feuille sur du carton" not in duplex
    fold = guide[guide.index("Pions à plier"):guide.index("Aide de jeu — aide.pdf")]
    assert "au lieu des collines, monts et pics" in fold and "pliez-le en deux" in fold
    assert "recto seul" in fold


def test_the_guide_does_not_call_the_one_sheet_of_pieces_several_sheets(build):
    """Page review of issue 25: collines.pdf is one sheet printed recto verso (step 6: "Feuille à part : elle
    porte les 18 pièces"), yet the shared-sheet step said "Ces feuilles portent aussi d'autres pièces"."""
    assert len(PdfReader(build / "collines.pdf").pages) == 2
    guide = _text(build / "guide-impression.pdf").replace("\n", " ").replace("’", "'")
    duplex = guide[guide.index("Collines, Monts et Pics — collines.pdf"):guide.index("Pions à plier")]
    assert "Ces feuilles" not in duplex and "porte aussi d'autres pièces (Monts et Pics)" in duplex, duplex


def test_the_rulebook_comes_as_a4_a5_booklet_and_html_with_all_its_figures(build):
    a4 = PdfReader(build / "regles.pdf")
    assert all(abs(float(p.mediabox.width) * MM_PER_PT - 210) < 0.1 for p in a4.pages)
    text = _text(build / "regles.pdf")
    assert "Figure 18" in text and "Figure 19" not in text
    booklet = PdfReader(build / "regles-livret.pdf")
    assert len(booklet.pages) % 2 == 0
    assert abs(float(booklet.pages[0].mediabox.width) * MM_PER_PT - 297) < 0.1     # A4 landscape: two A5 pages
    html = (build / "regles.html").read_text(encoding="utf-8")
    assert all(f'id="figure-{n}"' in html for n in range(1, 19)) and 'id="figure-19"' not in html
    aid = _text(build / "aide.pdf")
    # the aid's figures are its own "Schéma 1-3", never the rulebook's "Figure 1-3" (issue 25)
    assert len(PdfReader(build / "aide.pdf").pages) == 1 and "Schéma 3" in aid and "Figure" not in aid
