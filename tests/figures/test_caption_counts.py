"""A caption read as a statement (generator/figure_proof.py, `_caption_pieces`): what it counts or names among
the figure's pieces ("cinq navires", "la tuile Plus") against what the picture draws and what the game has; the
grammar of French count phrases on its own; an impossible Armada position (Engine.impossible); what a caption
says of a PuXes die's state (Engine.item_states)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.content import load_game
from generator.content.models.board import PieceStyle
from generator.engine.checker import load_game_diagrams
from generator.figure_proof import _piece_phrases, prove_figures
from generator.figures import game_figures
from generator.i18n import catalogue

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"

# Armada's figure 9 at 66e77a1: "cinq navires" on the board, the fifth (k1) beyond the crop [a1, h8].
ARMADA_DIAGRAMS = """
- id: limite-et-pivot-bad-count
  caption: "Avec cinq navires sur le plateau, l'Anglais ne peut plus en poser : il fait pivoter un navire d'une paire, ici c2, qui passe en a3, autour de b2."
  position: {b2: A, c2: A, f6: A, f7: A, k1: A, d3: E}
  to_move: joueur2
  moves: [c2-a3]
  expect:
    - pieces: {a3: A, b2: A, c2: empty}
  show:
    crop: [a1, h8]
    arrows:
      - {path: [c2, a3]}

- id: limite-et-pivot-good
  caption: "Avec cinq navires sur le plateau, l'Anglais ne peut plus en poser : il fait pivoter un navire d'une paire, ici c2, qui passe en a3, autour de b2."
  position: {b2: A, c2: A, f6: A, f7: A, h2: A, d3: E}
  to_move: joueur2
  moves: [c2-a3]
  expect:
    - pieces: {a3: A, b2: A, c2: empty}
  show:
    crop: [a1, h8]
    arrows:
      - {path: [c2, a3]}

- id: au-dela-good
  caption: "Cinq navires anglais sont sur le plateau, l'un hors de la figure."
  position: {b2: A, c2: A, f6: A, f7: A, k1: A, d3: E}
  to_move: joueur2
  expect:
    - legal: [c2-a3]
  show:
    crop: [a1, h8]

- id: reserve-bad-count
  caption: "L'Espagnol a posé ses 22 navires (dix sont perdus, les autres sur le plateau, en partie hors de la figure)."
  position: {a3: E, b5: E, c7: E, d9: E, e2: E, f4: E, g6: E, h8: E, i10: E, j1: E, prises: {anglais: 10}}
  to_move: joueur1
  moves: [a3-d3]
  expect:
    - pieces: {d3: E, a3: empty}
  show:
    crop: [a1, g6]
    arrows:
      - {path: [a3, d3]}

- id: reserve-good
  caption: "L'Espagnol a posé ses vingt navires (dix sont perdus, les autres sur le plateau, en partie hors de la figure)."
  position: {a3: E, b5: E, c7: E, d9: E, e2: E, f4: E, g6: E, h8: E, i10: E, j1: E, prises: {anglais: 10}}
  to_move: joueur1
  moves: [a3-d3]
  expect:
    - pieces: {d3: E, a3: empty}
  show:
    crop: [a1, k9]
    arrows:
      - {path: [a3, d3]}

- id: prise-en-pointille-good
  caption: "Des trois navires espagnols qui touchent la paire, seul celui de f4 (en pointillés) est pris."
  position: {d4: A, e5: E, f5: E, f4: E}
  to_move: joueur2
  moves: [e4xf4]
  expect:
    - captures: [f4]
  show:
    crop: [b2, h7]

- id: cinq-isoles-bad-impossible
  caption: "Les cinq navires anglais sont isolés (points rouges)."
  position: {b2: A, e8: A, h3: A, j8: A, c5: A, j6: E}
  to_move: joueur2
  expect:
    - legal: [b2-c3]
  show:
    highlight: [b2, e8, h3, j8, c5]

- id: cinq-paire-good
  caption: "Les cinq navires anglais, dont une paire (points rouges)."
  position: {b2: A, e8: A, h3: A, j8: A, j7: A, j6: E}
  to_move: joueur2
  expect:
    - legal: [j7-i7]
  show:
    highlight: [b2, e8, h3, j8, j7]

- id: onze-partout-bad-impossible
  caption: "Chacun a pris onze navires (tableau des prises)."
  position: {c5: E, f5: A, prises: {espagnol: 11, anglais: 11}}
  to_move: joueur1
  expect:
    - winner: none
  show:
    crop: [a3, h7]
"""

# Praxis: a tile the caption names, not drawn.
PRAXIS_DIAGRAMS = """
- id: plus-bad-missing
  caption: "Le 3 bleu va en d5 (flèche), à côté de la tuile Plus."
  position: {d4: B3, g7: R2}
  to_move: bleu
  moves: [d4-d5]
  expect:
    - face: {d5: 3}
  show:
    crop: [b2, g7]
    arrows:
      - {path: [d4, d5]}

- id: plus-good
  caption: "Le 3 bleu va en d5 (flèche), à côté de la tuile Plus de e6."
  position: {d4: B3, g7: R2, e6: plus1/bleu}
  to_move: bleu
  moves: [d4-d5]
  expect:
    - face: {d5: 3}
  show:
    crop: [b2, g7]
    arrows:
      - {path: [d4, d5]}

- id: trois-des-bad-count
  caption: "Les trois dés bleus de d4, c2 et b3 (flèche : le 3)."
  position: {d4: B3, c2: B1, g7: R2}
  to_move: bleu
  moves: [d4-d5]
  expect:
    - face: {d5: 3}
  show:
    crop: [b2, g7]
    arrows:
      - {path: [d4, d5]}
"""


def _proved(tmp_path, game_id: str, diagrams_text: str):
    """The game's diagrams, and the proof's problems, with `diagrams_text` as its diagrams.yaml."""
    from generator.build import own_icons
    shutil.copytree(CONTENT / game_id, tmp_path / game_id)
    (tmp_path / game_id / "diagrams.yaml").write_text(diagrams_text, encoding="utf-8")
    game = load_game(tmp_path, game_id)
    diagrams = load_game_diagrams(game_id, tmp_path, game.components)
    with own_icons(game):
        return diagrams, prove_figures(game, diagrams, game_figures(game, tmp_path, diagrams=diagrams))


@pytest.mark.parametrize("game_id, text", [("armada", ARMADA_DIAGRAMS), ("praxis", PRAXIS_DIAGRAMS)])
def test_every_bad_caption_is_flagged_with_its_kind_and_no_good_one(tmp_path, game_id, text):
    diagrams, problems = _proved(tmp_path, game_id, text)
    for d in diagrams:
        kinds = {p.kind for p in problems if p.diagram_id == d.id and p.kind != "duplicate"}
        if "-bad-" in d.id:
            assert d.id.rsplit("-", 1)[1] in kinds, (d.id, [p.format() for p in problems])
        else:
            assert kinds == set(), [p.format() for p in problems if p.diagram_id == d.id]


def test_the_old_armada_figure_9_says_five_ships_and_draws_four(tmp_path):
    diagrams, problems = _proved(tmp_path, "armada", ARMADA_DIAGRAMS)
    (problem,) = [p for p in problems if p.diagram_id == "limite-et-pivot-bad-count"]
    assert problem.message.startswith("la légende compte « cinq navires » (5), l'image en dessine 4")
    assert problem.line == diagrams[0].line_of("caption")
    (beyond,) = [p for p in problems if p.diagram_id == "reserve-bad-count"]
    assert beyond.message == "la légende compte « 22 navires » (22), la partie n'en a que 20"


def test_an_impossible_armada_position_is_told_at_its_key(tmp_path):
    diagrams, problems = _proved(tmp_path, "armada", ARMADA_DIAGRAMS)
    isolated = next(p for p in problems if p.diagram_id == "cinq-isoles-bad-impossible")
    d = next(d for d in diagrams if d.id == "cinq-isoles-bad-impossible")
    assert isolated.line == d.position_line("b2") and "no pair" in isolated.message
    eleven = next(p for p in problems if p.diagram_id == "onze-partout-bad-impossible")
    assert "both sides took 11" in eleven.message


def test_the_named_tile_and_the_counted_dice_are_told_in_french(tmp_path):
    _, problems = _proved(tmp_path, "praxis", PRAXIS_DIAGRAMS)
    found = {p.diagram_id: p.message for p in problems}
    assert found["plus-bad-missing"].startswith("la légende nomme « la tuile Plus », que l'image ne dessine pas")
    assert found["trois-des-bad-count"].startswith("la légende compte « trois dés bleus » (3), l'image en dessine 2")


STYLES = {"de_bleu": PieceStyle(called="dé"), "de_rouge": PieceStyle(called="dé"),
          "tuile_plus1_bleu": PieceStyle(), "tuile_recuperation_rouge": PieceStyle(),
          "mont_blanc": PieceStyle(called="pion"), "noir": PieceStyle(called="dé")}


@pytest.mark.parametrize("caption, phrases", [
    ("Trois dés bleus. Deux dés.", [("Trois dés bleus", 3, ("de_bleu",)), ("Deux dés", 2, ("de_bleu", "de_rouge", "noir"))]),
    ("Avec 2 dés, le bleu joue.", [("2 dés", 2, ("de_bleu",))]),      # the clause says whose
    ("Le 3 de d4 et le dé rouge.", [("le dé rouge", None, ("de_rouge",))]),     # "de" is no "dé"
    ("Le dé noir de d5.", [("Le dé noir", None, ("noir",))]),                   # a style of one word
    ("La tuile Plus, la tuile Récupération rouge.",
     [("La tuile Plus", None, ("tuile_plus1_bleu",)), ("la tuile Récupération rouge", None, ("tuile_recuperation_rouge",))]),
    ("Le mont blanc monte ; dix-sept pions.", [("Le mont blanc", None, ("mont_blanc",)), ("dix-sept pions", 17, ("mont_blanc",))]),
    ("Le dé, la tuile, un dé, les 36 jets, 1 dé.", []),        # no qualifier, no count of two or more
])
def test_the_grammar_of_count_phrases(caption, phrases):
    found = [(p.text, p.count, p.styles) for p in _piece_phrases(caption, STYLES, catalogue("fr"))]
    assert found == phrases


@pytest.mark.parametrize("game_id", ["armada", "tactix", "tectonic", "praxis", "3d-run", "lutinades", "puxes"])
def test_today_s_captions_agree_with_their_pictures(game_id):
    from generator.build import own_icons
    game = load_game(CONTENT, game_id)
    diagrams = load_game_diagrams(game_id, CONTENT, game.components)
    with own_icons(game):
        problems = prove_figures(game, diagrams, game_figures(game, CONTENT, diagrams=diagrams))
    assert problems == [], "\n".join(p.format() for p in problems)


# PuXes: what the caption says of a die's state, against the engine's (Engine.item_states).
PUXES_DIAGRAMS = """
- id: reveil-{name}
  caption: "{caption}"
  "on": des-a
  position:
    trait: A
    A:
      heros: {{oni: bombe, kaeru: bombe, kala: soleil, petitgris: aum}}
      oracles: {{passeur: pi, bascule: aum, decret: yinyang}}
      endormis: [repli]
    B:
      heros: {{miroir: ~, jumeau: ~, girouette: ~, veinard: ~}}
      oracles: {{rukura: yinyang, parieur: sablier, gaucher: pirate, fortune: smiley}}
  expect:
    - asleep: [A.repli]
  show:
    items: [oni:bombe, kaeru:bombe, kala:soleil, petitgris:aum, "|", passeur:pi, bascule:aum, decret:yinyang, "|", repli:sablier]
    highlight: ["repli:sablier"]
"""
PUXES_CAPTIONS = {
    "good": "Alice peut réveiller Repli, qui dormait hors du jeu (dessous, encadré) ; sinon, elle déplace Bascule.",
    "bad": "Alice peut réveiller Passeur, qui dormait hors du jeu (encadré).",
    "both-good": "Repli dort et Passeur est en jeu (encadré).",     # two states in one clause: not read
}


def test_a_die_the_caption_says_asleep_is_asleep_in_the_position(tmp_path):
    text = "".join(PUXES_DIAGRAMS.format(name=n, caption=c) for n, c in PUXES_CAPTIONS.items())
    _, problems = _proved(tmp_path, "puxes", text)
    problems = [p for p in problems if p.kind != "duplicate"]
    (problem,) = problems
    assert (problem.diagram_id, problem.kind) == ("reveil-bad", "state")
    assert problem.message == "la légende dit « passeur » endormi, la position l'a en jeu"
