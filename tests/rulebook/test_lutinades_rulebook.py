"""The real Lutinades rulebook: the length of a game it announces is worked out from the deck (panneaux.csv),
never typed by hand (issue 25: "17 à 18 tours" came from a simulation nobody could run again)."""

from __future__ import annotations

import dataclasses
import re
import shutil

import yaml

from generator.content.loader import load_game
from generator.rulebook import read_rulebook
from generator.rulebook.markdown import Paragraph, plain

from rulebook_helpers import CONTENT, box_figures

DIAGRAM_IDS = [d["id"] for d in yaml.safe_load((CONTENT / "lutinades" / "diagrams.yaml").read_text(encoding="utf-8"))]


def _length_sentence(game) -> str:
    doc = read_rulebook(game, figures=box_figures(*DIAGRAM_IDS))
    texts = [plain(b.spans) for b in doc.blocks if isinstance(b, Paragraph)]
    return next(t for t in texts if t.startswith("Chaque tour consomme"))


def _expected_rounds(game) -> tuple[int, int]:
    """From the deck: a round uses the turned card, then the small number (the picker fooled) or both numbers
    (the right way), on average over the cards."""
    deck = next(c for c in game.components if c.id == "panneaux")
    n = sum(r.count for r in deck.rows)
    big = sum(r.count * int(r.values["gros"]) for r in deck.rows) / n
    small = sum(r.count * int(r.values["petit"]) for r in deck.rows) / n
    return int(n / (1 + big + small) + 0.5), int(n / (1 + small) + 0.5)


def _announced(sentence: str) -> tuple[int, int]:
    found = re.search(r"de (\d+) à (\d+) tours", sentence)
    assert found, sentence
    return int(found.group(1)), int(found.group(2))


def test_the_length_of_a_game_is_worked_out_from_the_deck():
    game = load_game(CONTENT, "lutinades")
    assert _announced(_length_sentence(game)) == _expected_rounds(game) == (11, 24)


def test_a_deck_of_other_cards_announces_another_length(tmp_path):
    shutil.copytree(CONTENT / "lutinades", tmp_path / "lutinades")
    table = tmp_path / "lutinades" / "panneaux.csv"
    lines = table.read_text(encoding="utf-8").splitlines()
    header = lines[0].split(",")
    count = header.index("count")
    doubled = [lines[0]] + [",".join(str(int(v) * 2) if i == count else v for i, v in enumerate(line.split(",")))
                            for line in lines[1:]]
    table.write_text("\n".join(doubled) + "\n", encoding="utf-8")
    game = load_game(tmp_path, "lutinades")
    assert _announced(_length_sentence(game)) == _expected_rounds(game) == (21, 47)
