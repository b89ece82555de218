"""The PuXes outputs read back from the files: the DiXe nets and stickers (size, set letter on every face), the
20 skill cards and their back, the reference sheet and the rulebook in French; and the dice content against the
lead's contract (one character face and five symbols per die, the four sets)."""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
import yaml
from pypdf import PdfReader

from generator.content.game_icons import read_game_icons

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "content" / "puxes"
SYMBOLS = ["pirate", "smiley", "soleil", "bombe", "pi", "aum", "yinyang", "sablier"]
CHARACTERS = ["oni", "kaeru", "kala", "petitgris", "passeur", "bascule", "decret", "repli", "sangsue", "sonneur",
              "miroir", "jumeau", "girouette", "veinard", "rukura", "parieur", "gaucher", "fortune", "charmeur",
              "gardien"]
SETS = {"a": (range(1, 11), None), "b": (range(11, 21), "stripes"), "c": (range(11, 21), "dots"),
        "d": (range(1, 11), "crosshatch")}
DIXE_MM = 25.0
STICKER_MM = 22.0
pytestmark = pytest.mark.xdist_group("game-puxes")     # with the other readers of its build (tests/conftest.py)


@pytest.fixture(scope="module")
def build(game_build) -> tuple[Path, str]:
    built = game_build("puxes")
    return built.out, built.output


def _manifest(folder: Path, name: str) -> dict:
    return next(f for f in json.loads((folder / "manifest.json").read_text())["files"] if f["file"] == name)


def _items(folder: Path, name: str) -> list[dict]:
    return [item for page in _manifest(folder, name)["pages"] for item in page["items"]]


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def _dice(set_id: str) -> dict:
    return yaml.safe_load((GAME / f"des-{set_id}.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("set_id", sorted(SETS))
def test_each_set_is_ten_dixes_one_character_face_on_top_and_the_contracts_five_symbols(set_id):
    characters, pattern = SETS[set_id]
    dice = _dice(set_id)
    assert dice["size_mm"] == DIXE_MM
    assert [d["id"] for d in dice["dice"]] == [CHARACTERS[c - 1] for c in characters]
    for c, die in zip(characters, dice["dice"]):
        faces = die["faces"]
        assert faces[2] == CHARACTERS[c - 1]                     # place 3: the net's top face
        assert [f for f in faces if f in CHARACTERS] == [faces[2]]
        # the symbols SYMBOLS[(c - 1 + k) % 8], k = 0..4, in places 1, 2, 6, 5, 4
        assert [faces[i] for i in (0, 1, 5, 4, 3)] == [SYMBOLS[(c - 1 + k) % 8] for k in range(5)]
        assert die["mark"] == set_id.upper() and die.get("pattern") == pattern


def test_every_face_of_every_set_is_one_of_the_game_s_own_icons():
    assert sorted(read_game_icons(GAME)) == sorted(SYMBOLS + CHARACTERS)      # content/puxes/assets/icons


@pytest.mark.parametrize("set_id", sorted(SETS))
def test_the_nets_fold_ten_cubes_of_25_mm(build, set_id):
    folder, _ = build
    items = _items(folder, f"des-{set_id}-patrons.pdf")
    assert len(items) == 60
    assert Counter(i["id"] for i in items) == {CHARACTERS[c - 1]: 6 for c in SETS[set_id][0]}
    for item in items:
        assert item["trim_mm"][2:] == pytest.approx([DIXE_MM, DIXE_MM], abs=0.01)


@pytest.mark.parametrize("set_id", sorted(SETS))
def test_the_stickers_are_sixty_22_mm_squares_each_with_its_sets_letter(build, set_id):
    folder, _ = build
    name = f"des-{set_id}-autocollants.pdf"
    items = _items(folder, name)
    assert len(items) == 60
    for item in items:
        assert item["trim_mm"][2:] == pytest.approx([STICKER_MM, STICKER_MM], abs=0.01)
    # The letter printed in a corner of each sticker: colour is never the only sign of a set.
    with pdfplumber.open(folder / name) as pdf:
        letters = [w for page in pdf.pages for w in page.extract_words() if w["text"] == set_id.upper()]
    mm = 25.4 / 72

    def in_corner(letter, item) -> bool:
        x, y, w, h = item["trim_mm"]
        return x < float(letter["x0"]) * mm < x + w / 3 and y < float(letter["top"]) * mm < y + h / 3

    assert all(sum(in_corner(letter, item) for letter in letters) == 1 for item in items)


def test_twenty_skill_cards_and_one_back_all_poker_size(build):
    folder, _ = build
    entry = _manifest(folder, "competences.pdf")
    # the fortress (tapis-forteresse.yaml, sheet_with) prints under the last cards, one-sided
    fronts = [i for p in entry["pages"] if p["side"] == "front" for i in p["items"] if i["component"] == "competences"]
    backs = [i for p in entry["pages"] if p["side"] == "back" for i in p["items"]]
    assert len(fronts) == len(backs) == 20
    for item in fronts + backs:
        assert item["trim_mm"][2:] == pytest.approx([63.5, 88.9], abs=0.01)
    text = _text(folder / "competences.pdf")
    with open(GAME / "competences.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 20 and {r["icone"] for r in rows} == set(CHARACTERS)
    for row in rows:
        assert row["competence"] in text and row["personnage"] in text
    assert text.count("Pouvoir passif") == 3 and text.count("Pouvoir actif") == 17
    assert len(re.findall(r"^Compétence$", text, re.M)) == 20   # the one back, behind every card


def test_the_reference_sheet_gives_the_three_phases_the_special_cases_and_the_end(build):
    folder, _ = build
    text = _text(folder / "aide.pdf")
    for heading in ("Le tour en trois phases", "Lancer les héros", "Activer les pouvoirs",
                    "Déplacer ou réveiller un oracle", "Cas particuliers", "Fin de la partie"):
        assert heading in text


def test_the_rulebook_is_french_credits_dixe_and_holds_every_skill_and_variant(build):
    folder, _ = build
    text = re.sub(r"\s+", " ", _text(folder / "regles.pdf")).replace("\u2019", "'")   # typographic apostrophes
    assert "DiXe" in text and "Déroulement de la partie" in text
    with open(GAME / "competences.csv", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            assert row["competence"] in text
    for variant in yaml.safe_load((GAME / "game.yaml").read_text(encoding="utf-8"))["variants"]:
        assert variant["name"] in text
    assert "Notes de conception" in text


def test_the_build_counts_the_rulebook_figures(build):
    _, output = build
    figures = len(yaml.safe_load((GAME / "diagrams.yaml").read_text(encoding="utf-8")))
    match = re.search(r"puxes : (\d+) figures? vérifiées?, (\d+) illustrations?", output)
    assert match is not None, output
    assert int(match.group(1)) + int(match.group(2)) == figures
    assert int(match.group(1)) >= 5      # both seed examples, Protection in the opponent's turn, waking, two Onis
