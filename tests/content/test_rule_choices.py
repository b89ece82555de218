"""The rule gaps a table would argue about (issue 25) are closed twice: in the rulebook and in game.yaml's
`assumptions` (the rulebook's design notes). Each choice is found by its words in both places, so deleting
either one fails here."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

CONTENT = Path(__file__).resolve().parents[2] / "content"

# game -> (what the choice is about, words of its note in assumptions, words of the rulebook's text)
CHOICES = [
    ("3d-run", "dragon", "Dragon : une créature immobile", "**Dragon** : c'est une créature qui ne bouge pas"),
    ("3d-run", "leaving a vine", "Quitter une liane", "Pour la quitter, jouez un RUN"),
    ("3d-run", "the map's edge", "Les bords de la carte sont des parois", "**Les bords de la carte** sont des parois"),
    ("3d-run", "the star's offered turn", "le tour en cours est offert", "est **offert** : il ne compte pas"),
    ("3d-run", "the lava's single die", "Saut forcé de la lave : un seul dé", "saut forcé avec **un seul dé**"),
    ("3d-run", "no maximum PV", "Les PV n'ont pas de maximum", "Les PV n'ont pas de maximum"),
    ("praxis", "hand after a placement", "sans revenir à 3", "une pour une, sans revenir à un compte fixe"),
    ("praxis", "tile mix", "Composition des tuiles", "**Choix de cette édition** : chaque couleur compte"),
    ("praxis", "+1 and +2 differ", "+1 et +2 sont deux effets différents", "un +1 et un +2 sont deux effets différents. C'est un **choix de cette édition**"),
    ("praxis", "player colours in figures", "les figures dessinent les dés des joueurs",
     "un dé bleu n'a aucun lien avec les tuiles bleues"),
    ("puxes", "Méga coup de bol", "autre héros que celui qui a permis la première pichenette",
     "un autre de vos héros que celui qui a permis son premier déplacement"),
    ("puxes", "sacred-garden replacement", "chacun dans le jardin public de son propriétaire",
     "**chacun retourne dans le jardin public de son propriétaire**"),
    ("puxes", "where heroes are thrown", "Les héros se lancent à côté de l'aire de jeu",
     "c'est un choix de cette édition, le texte d'origine ne disant pas où les lancer"),
    ("armada", "a lone ship does not fire", "un navire espagnol seul ne tire pas", "ne forme pas de ligne et **ne tire pas**"),
    ("armada", "a ship on two lines", "sur plusieurs lignes, l'Espagnol choisit sa prise", "appartient à plusieurs lignes à la fois"),
    ("armada", "a round that stalls", "Une manche qui n'avance plus", "**Une manche qui n'avance plus.**"),
    ("tactix", "a game that never finishes", "la partie est nulle si la même position", "la partie est **nulle** si la même position revient"),
    ("lutinades", "the call phrase", "L'appel du cueilleur est une formule de cette édition",
     "Cette formule est celle de cette édition"),
]


def _assumptions(game: str) -> str:
    info = yaml.safe_load((CONTENT / game / "game.yaml").read_text(encoding="utf-8"))
    return "\n".join(info.get("assumptions") or [])


@pytest.mark.parametrize("game, about, note, rule", CHOICES, ids=[f"{c[0]}: {c[1]}" for c in CHOICES])
def test_a_choice_is_stated_in_the_rulebook_and_in_the_design_notes(game, about, note, rule):
    assert note in _assumptions(game), f"{game}/game.yaml assumptions: no note on {about}"
    assert rule in (CONTENT / game / "rules.fr.md").read_text(encoding="utf-8"), f"{game}/rules.fr.md: {about}"


def test_mega_coup_de_bol_says_the_same_on_its_card():
    card = next(line for line in (CONTENT / "puxes" / "competences.csv").read_text(encoding="utf-8").splitlines()
                if line.startswith("mega-coup-de-bol,"))
    assert "un autre héros que celui qui l'a permis" in card
    assert "du héros qui le porte" not in (CONTENT / "puxes" / "rules.fr.md").read_text(encoding="utf-8")
