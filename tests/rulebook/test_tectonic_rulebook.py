"""The Tectonic rulebook and player aid: every figure of diagrams.yaml is placed, once, where it belongs, and the
text takes its squares and counts from the content."""

import yaml

from generator.content.loader import load_game
from generator.rulebook import read_rulebook
from generator.rulebook.markdown import ListBlock, plain
from generator.rulebook.sheet import read_sheet

from rulebook_helpers import CONTENT, box_figures

DIAGRAM_IDS = [d["id"] for d in yaml.safe_load((CONTENT / "tectonic" / "diagrams.yaml").read_text(encoding="utf-8"))]
AID_IDS = [i for i in DIAGRAM_IDS if i.startswith("aide-")]
RULE_IDS = [i for i in DIAGRAM_IDS if i not in AID_IDS]


def _plain(spans) -> str:
    """The text with French typography undone (narrow spaces, curly apostrophes), to compare with plain strings."""
    return plain(spans).replace("\u202f", " ").replace("\u2019", "'")


def _game():
    return load_game(CONTENT, "tectonic")


def test_the_rulebook_places_every_rule_figure_once_and_the_aid_its_three_movement_figures():
    game = _game()
    placed = [b.id for b in read_rulebook(game, figures=box_figures(*DIAGRAM_IDS)).figures]
    assert sorted(placed) == sorted(RULE_IDS)
    aid = read_sheet(game, game.component("aide"), figures=box_figures(*DIAGRAM_IDS))
    assert sorted(b.id for b in aid.figures) == sorted(AID_IDS) == ["aide-colline", "aide-mont", "aide-pic"]


def test_every_case_the_issue_asks_for_has_its_figure():
    for needed in ("colline", "pic-blanc", "pic-noir", "mont", "contact", "retournement-choix", "rouge-repris",
                   "rouge-echange", "rouge-sans-reserve", "victoire-region", "victoire-tout-rouge", "bloque"):
        assert needed in RULE_IDS


def test_the_start_and_the_reserve_are_read_from_the_board():
    doc = read_rulebook(_game(), figures=box_figures(*DIAGRAM_IDS))
    lists = [[_plain(item[0].spans) for item in b.items] for b in doc.blocks if isinstance(b, ListBlock)]
    start = next(items for items in lists if items and items[0].startswith("Blanc :"))
    assert start == ["Blanc : monts en e1 et f1, pics en d2 et g2, collines en e2 et f2.",
                     "Noir : monts en e10 et f10, pics en d9 et g9, collines en e9 et f9."]
    text = " ".join(_plain(b.spans) for b in doc.blocks if hasattr(b, "spans"))
    assert "Le troisième pion de chaque sorte (1 colline, 1 pic et 1 mont)" in text
    assert "Seria Ludis" in text
