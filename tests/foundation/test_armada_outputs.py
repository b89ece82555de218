"""L'Invincible Armada, printed and read back: pawns to cut, the match sheet, the aid, the rulebook in three
forms, and a print guide that names every file and says nothing the files do not do."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.content import load_game
from generator.engine.checker import load_game_diagrams

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.fixture(scope="module")
def armada_build(game_build) -> Path:
    return game_build("armada").out


def _text(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def _manifest(build: Path) -> dict:
    return {f["file"]: f for f in json.loads((build / "manifest.json").read_text(encoding="utf-8"))["files"]}


def test_the_game_has_everything_it_needs_on_paper(armada_build):
    for name in ("plateau.pdf", "feuille-de-match.pdf", "aide.pdf", "regles.pdf",
                 "regles-livret.pdf", "regles.html", "guide-impression.pdf"):
        assert (armada_build / name).is_file(), name
    assert not (armada_build / "navires.pdf").exists()      # the ships print under the board, on its sheet


def test_twenty_red_and_twenty_white_pawns_of_14_mm_each_with_its_letter(armada_build):
    files = _manifest(armada_build)
    items = [item for page in files["plateau.pdf"]["pages"] for item in page["items"]
             if item["component"] == "navires"]
    assert Counter(item["id"] for item in items) == {"espagnol": 20, "anglais": 20}
    for item in items:
        assert item["trim_mm"][2:] == pytest.approx([14.0, 14.0], abs=0.01)
    text = _text(armada_build / "plateau.pdf")
    # The letter tells the sides apart without the colour.
    assert text.count("E") >= 20 and text.count("A") >= 20


def test_the_match_sheet_holds_three_rounds_and_the_points_of_both_players(armada_build):
    text = " ".join(_text(armada_build / "feuille-de-match.pdf").split())
    for words in ("Joueur 1", "Joueur 2", "Points J1", "Points J2", "Total", "Manche 1, par l'Espagnol",
                  "Manche 2, par l'Anglais", "Manche 3, par l'Anglais", "11 moins"):
        assert words.replace("'", "’") in text or words in text, words


def test_the_aid_is_one_page_with_two_checked_figures(armada_build):
    reader = PdfReader(armada_build / "aide.pdf")
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "Schéma 1" in text and "Schéma 2" in text and "Figure" not in text and "11 navires" in text


def test_the_rulebook_credits_seria_ludis_offers_go_stones_and_shows_every_figure(armada_build):
    text = _text(armada_build / "regles.pdf")
    assert "Seria Ludis" in text and "pierres de go" in text and "pions de dames" in text
    diagrams = load_game_diagrams("armada", CONTENT, load_game(CONTENT, "armada").components)
    numbers = [int(n) for n in re.findall(r"Figure (\d+) —", text)]
    assert numbers == list(range(1, len(diagrams) + 1)), "every diagram of diagrams.yaml is in the rulebook, once"
    html = (armada_build / "regles.html").read_text(encoding="utf-8")
    assert html.count("<svg") == len(diagrams)
    booklet = PdfReader(armada_build / "regles-livret.pdf")
    assert len(booklet.pages) % 2 == 0


def test_the_print_guide_names_every_file_and_no_long_edge_duplex(armada_build):
    text = _text(armada_build / "guide-impression.pdf")
    for name in ("plateau.pdf", "feuille-de-match.pdf", "aide.pdf", "regles-livret.pdf"):
        assert name in text
    # No file of Armada is printed on both sides but the booklet, which says its own short edge, and the
    # calibration sheet, whose back measures the printer's duplex offset.
    assert "bord court" in text
    sides = {name: entry["print"]["sides_label"] for name, entry in _manifest(armada_build).items()}
    assert [name for name, side in sides.items() if "bord long" in side] == ["calibrage.pdf"], sides
    # The board's sheet, ships and all, is glued on card before it is cut.
    steps = _manifest(armada_build)["plateau.pdf"]["print"]["steps"]
    glue = next(i for i, s in enumerate(steps) if "carton" in s)
    cut = next(i for i, s in enumerate(steps) if "cutter" in s)
    assert glue < cut
