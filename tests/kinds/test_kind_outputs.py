"""What the kinds put in a real build: the deck's card-stock advice in the print guide, the component list of
the rules counting every card, tile, counter and die, the words in the game's language."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pdfplumber
import pytest

from generator.build import BuildOptions, render_game
from generator.content import load_game

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _game(tmp_path: Path, language: str = "fr"):
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "cartes", content / "cartes")
    game_file = content / "cartes" / "game.yaml"
    game_file.write_text(game_file.read_text(encoding="utf-8").replace("language: fr", f"language: {language}"),
                         encoding="utf-8")
    return load_game(content, "cartes")


def _text(pdf: bytes) -> str:
    """Every word of the PDF, blanks (and French thin spaces) made single spaces."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in doc.pages)


@pytest.fixture(scope="module")
def french(tmp_path_factory):
    return render_game(_game(tmp_path_factory.mktemp("fr")), BuildOptions()).files


@pytest.fixture(scope="module")
def english(tmp_path_factory):
    return render_game(_game(tmp_path_factory.mktemp("en"), "en"), BuildOptions()).files


def test_deck_card_stock_advice_reaches_the_print_guide(french):
    guide = _text(french["guide-impression.pdf"])
    deck_entry = guide[guide.index("Cartes Action — actions.pdf"):guide.index("Tuiles Terrain — terrains.pdf")]
    assert "papier 160 à 250 g/m² (ou 80 g/m² glissé dans des protège-cartes devant une carte à jouer)" in deck_entry
    manifest = json.loads(french["manifest.json"])
    deck = next(f for f in manifest["files"] if f["file"] == "actions.pdf")
    assert deck["kind"] == "deck" and deck["print"]["paper_label"].startswith("papier 160 à 250 g/m²")


def test_tiles_and_counters_are_glued_onto_greyboard_in_the_guide(french):
    guide = _text(french["guide-impression.pdf"])
    tiles_entry = guide[guide.index("Tuiles Terrain — terrains.pdf"):guide.index("Jetons Score — jetons.pdf")]
    assert "carton gris de 1 à 2 mm" in tiles_entry
    assert "Collez la feuille sur du carton avant de découper." in tiles_entry


def test_materiel_counts_every_card_tile_counter_and_die(french):
    rules = _text(french["regles.pdf"])
    assert "18 × Cartes Action (cartes de 63,5 × 88,9 mm)" in rules
    assert "5 × Tuiles Terrain (tuiles de 30 × 30 mm)" in rules
    assert "12 × Jetons Score (pions ronds de 20 mm)" in rules
    assert "3 × Dés (Dé blanc, Dé noir × 2 ; patrons à découper, plier et coller, 16 mm)" in rules
    assert "1 × Cartes Action" not in rules


def test_an_english_game_gets_english_kind_words(english):
    guide = _text(english["print-guide.pdf"])
    assert "160 to 250 gsm card stock" in guide and "papier 160" not in guide
    assert "Glue the sheet onto greyboard before cutting." in guide
    rules = _text(english["rules.pdf"])
    assert "18 × Cartes Action (63.5 × 88.9 mm cards)" in rules
    assert "3 × Dés (Dé blanc, Dé noir × 2; nets to cut out, fold and glue, 16 mm)" in rules
    assert {"actions-front.svg", "actions-back.svg", "des-net-blanc.svg"} <= set(english)
    assert not {"actions-recto.svg", "actions-verso.svg", "des-patron-blanc.svg"} & set(english)


@pytest.mark.parametrize("options, paper, step", [
    (BuildOptions(), "papier cartonné de 200 à 300 g/m²", "sans la coller"),
    (BuildOptions(fold=True), "papier 120 à 160 g/m²", "pliez"),
    (BuildOptions(duplex="none"), "papier 80 à 120 g/m², collé sur du carton gris", "Collez la feuille sur du carton"),
])
def test_tiles_with_a_back_are_never_told_to_glue_a_two_sided_sheet(tmp_path, options, paper, step):
    """A sheet printed on both sides cannot be glued onto board: duplex tiles are cut from card, fold-over tiles
    glued to themselves; fronts only, the sheet is glued down as before."""
    game = _game(tmp_path)
    tiles = game.folder / "tiles.yaml"
    tiles.write_text(tiles.read_text(encoding="utf-8") + "back:\n  - background: {colour: \"#6B4A2B\"}\n",
                     encoding="utf-8")
    files = render_game(load_game(game.folder.parent, "cartes"), options).files
    entry = next(f for f in json.loads(files["manifest.json"])["files"] if f["file"] == "terrains.pdf")
    assert entry["print"]["paper_label"].startswith(paper)
    assert any(step in s for s in entry["print"]["steps"])
    if options.duplex != "none" or options.fold:
        assert not any("Collez la feuille sur du carton" in s for s in entry["print"]["steps"])
