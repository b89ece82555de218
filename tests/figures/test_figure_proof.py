"""Figures proven to show their claims (generator/figure_proof.py): each check with a bad figure it flags and a
good one it lets pass, on a copy of Praxis with figures of its own; the real Praxis figures pass; `pnp
validate` prints the problems as warnings, exit code unchanged."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.content import load_game
from generator.engine.checker import load_game_diagrams
from generator.figure_proof import prove_figures
from generator.figures import game_figures

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"

# Each figure is a fixture: '-bad' ones are flagged (with the kind after the id), '-good' ones are not.
FIXTURE_DIAGRAMS = """
- id: prise-bad-sans-retrait          # drawn below without what it set aside: the taken die is not seen
  caption: "Le 3 bleu attaque le 3 rouge de c6 (flèche)."
  position: {c3: B3, c6: R3, g7: R2}
  to_move: bleu
  moves: [c3xc6]
  expect:
    - captures: [c6]
  show:
    crop: [b2, f7]
    arrows:
      - {path: [c3, c6]}

- id: prise-good
  caption: "Le 3 bleu attaque le 3 rouge de c6 (flèche) : le dé rouge, pris, est à côté du terrain."
  position: {c3: B3, c6: R3, g7: R2}
  to_move: bleu
  moves: [c3xc6]
  expect:
    - captures: [c6]
  show:
    crop: [b2, f7]
    arrows:
      - {path: [c3, c6]}

- id: tuile-main-good                 # a tile from the hand, used at once: drawn beside the board
  caption: "Le bleu pose sa tuile +1 en d5 puis y avance (flèche) : le dé montre 4."
  position:
    d4: B3
    g7: R2
    mains: {bleu: [plus1/bleu]}
  to_move: bleu
  moves: ["plus1/bleu@d5 d4-d5"]
  expect:
    - face: {d5: 4}
  show:
    crop: [b2, g7]
    arrows:
      - {path: [d4, d5]}

- id: main-good                       # a hand: drawn beside the board
  caption: "Le bleu tient la tuile Pioche bleue ; il peut la poser en f6, à côté de son dé."
  position:
    e5: B2
    g2: R2
    mains: {bleu: [pioche/bleu]}
  to_move: bleu
  expect:
    - legal: [pioche/bleu@f6]
  show:
    crop: [c3, g7]

- id: hors-cadre-bad-missing          # the caption names g2, left out of the crop
  caption: "Le 3 bleu de c3 regarde le 2 rouge de g2."
  position: {c3: B3, g2: R2}
  to_move: bleu
  expect:
    - legal: [c3-c4]
  show:
    crop: [b3, e6]

- id: hors-cadre-good
  caption: "Le 3 bleu de c3 regarde le 2 rouge de g2."
  position: {c3: B3, g2: R2}
  to_move: bleu
  expect:
    - legal: [c3-c4]
  show:
    crop: [b2, g6]

- id: avant-bad-state
  caption: "Le 3 bleu attaque le 3 rouge de c6 (flèche)."
  position: {c3: B3, c6: R3, g7: R2}
  to_move: bleu
  moves: [c3xc6]
  expect:
    - captures: [c6]
  show:
    state: before
    crop: [b2, f7]
    arrows:
      - {path: [c3, c6]}

- id: avant-good
  caption: "Avant le coup : quel dé le 3 bleu peut-il attaquer (flèche) ?"
  position: {c3: B3, c6: R3, g7: R2}
  to_move: bleu
  moves: [c3xc6]
  expect:
    - captures: [c6]
  show:
    state: before
    crop: [b2, g7]
    arrows:
      - {path: [c3, c6]}

- id: non-joue-bad-state              # the arrow draws the move its chance claim plays after the picture
  caption: "Le 3 bleu s'arrête sur Mutation (flèche) et relance son dé."
  position: {d3: B3, d5: mutation/jaune, g7: R2}
  to_move: bleu
  expect:
    - chance:
        after: d3-d5
        outcomes: {"=1": 1/6}
  show:
    crop: [b2, g7]
    arrows:
      - {path: [d3, d5]}

- id: non-joue-good                   # the same move played: the picture is after it
  caption: "Le 3 bleu s'est arrêté sur Mutation (flèche) et relance son dé."
  position: {d3: B3, d5: mutation/jaune, g7: R2}
  to_move: bleu
  moves: [d3-d5]
  expect:
    - chance:
        outcomes: {"=1": 1/6}
  show:
    crop: [b2, g7]
    arrows:
      - {path: [d3, d5]}

- id: possible-good                   # an arrow for a possible move, which a legal claim names
  caption: "Le 3 bleu peut aller en d6 (flèche)."
  position: {d4: B3, g7: R2}
  to_move: bleu
  expect:
    - legal: [d4-d6]
  show:
    crop: [b2, g7]
    arrows:
      - {path: [d4, d6]}

- id: repere-bad-legend
  caption: "Le 3 bleu de d4."
  position: {d4: B3, g7: R2}
  to_move: bleu
  expect:
    - legal: [d4-d6]
  show:
    crop: [b3, g7]
    marks: [{at: d6, label: "1"}]
    highlight: [d6]

- id: repere-good
  caption: "Le 3 bleu de d4 peut aller en d6 (1, case teintée)."
  position: {d4: B3, g7: R2}
  to_move: bleu
  expect:
    - legal: [d4-d6]
  show:
    crop: [b2, g7]
    marks: [{at: d6, label: "1"}]
    highlight: [d6]

- id: main-courte-bad-impossible     # a hand of one tile while the pile holds two: no game reaches it
  caption: "Le 1 bleu s'arrête sur la tuile Pioche (flèche) : lui qui n'avait plus qu'une tuile en main en tient deux."
  position:
    b3: B1
    b5: pioche/jaune
    g7: R2
    mains: {bleu: [plus1/bleu]}
    pioche: [duel/jaune, moins3/bleu]
  to_move: bleu
  moves: [b3-b5]
  expect:
    - hand: {bleu: [plus1/bleu, duel/jaune]}
  show:
    crop: [b2, e6]
    arrows:
      - {path: [b3, b5]}

- id: main-pleine-good               # a full hand while the pile lasts
  caption: "Le 1 bleu s'arrête sur la tuile Pioche (flèche) : sa main passe de trois tuiles à quatre."
  position:
    b3: B1
    b5: pioche/jaune
    g7: R2
    mains: {bleu: [plus1/bleu, moins1/jaune, plus2/bleu]}
    pioche: [duel/jaune]
  to_move: bleu
  moves: [b3-b5]
  expect:
    - hand: {bleu: [plus1/bleu, moins1/jaune, plus2/bleu, duel/jaune]}
  show:
    crop: [b2, e6]
    arrows:
      - {path: [b3, b5]}

- id: chances-bad-wording            # the outcomes of a chance step, counted as a program lists them
  caption: "Le 3 bleu s'est arrêté sur Mutation (flèche) : sa nouvelle face est l'une des 6 issues, chacune à 1 chance sur 6."
  position: {d3: B3, d5: mutation/jaune, g7: R2}
  to_move: bleu
  moves: [d3-d5]
  expect:
    - chance:
        outcomes: {"=1": 1/6}
  show:
    crop: [b2, g7]
    arrows:
      - {path: [d3, d5]}

- id: chances-good
  caption: "Le 3 bleu s'est arrêté sur Mutation (flèche) : il relance son dé, et chaque face a une chance sur 6 de sortir."
  position: {d3: B3, d5: mutation/jaune, g7: R2, f2: moins1/jaune}
  to_move: bleu
  moves: [d3-d5]
  expect:
    - chance:
        outcomes: {"=1": 1/6}
  show:
    crop: [b2, g7]
    arrows:
      - {path: [d3, d5]}

- id: double-bad-duplicate           # the same picture as repere-good
  caption: "Le même 3 bleu (1), case teintée."
  position: {d4: B3, g7: R2}
  to_move: bleu
  expect:
    - legal: [d4-d5]
  show:
    crop: [b2, g7]
    marks: [{at: d6, label: "1"}]
    highlight: [d6]
"""


@pytest.fixture(scope="module")
def fixture_game(tmp_path_factory):
    """A copy of Praxis with the figures above, and rules text without a figure legend."""
    content = tmp_path_factory.mktemp("content")
    shutil.copytree(CONTENT / "praxis", content / "praxis")
    (content / "praxis" / "diagrams.yaml").write_text(FIXTURE_DIAGRAMS, encoding="utf-8")
    (content / "praxis" / "rules.fr.md").write_text("# Praxis\n\nDes règles sans légende des figures.\n",
                                                     encoding="utf-8")
    game = load_game(content, "praxis")
    diagrams = load_game_diagrams("praxis", content, game.components)
    figures = game_figures(game, content, diagrams=diagrams)
    # The first figure as a drawing that left out what the move set aside (the defect the readers found).
    bad = "prise-bad-sans-retrait"
    figures[bad] = dataclasses.replace(figures[bad], shows=tuple(s for s in figures[bad].shows if s.how != "aside"))
    return game, diagrams, figures


@pytest.fixture(scope="module")
def problems(fixture_game):
    game, diagrams, figures = fixture_game
    return prove_figures(game, diagrams, figures)


def _kinds(problems, diagram_id: str) -> set[str]:
    return {p.kind for p in problems if p.diagram_id == diagram_id}


def test_every_bad_figure_is_flagged_with_its_kind_and_no_good_one(fixture_game, problems):
    _, diagrams, _ = fixture_game
    for d in diagrams:
        if "-bad" in d.id:
            expected = d.id.rsplit("-", 1)[1]
            expected = "missing" if expected == "retrait" else expected
            assert expected in _kinds(problems, d.id), (d.id, problems)
        else:
            assert _kinds(problems, d.id) == set(), [p.format() for p in problems if p.diagram_id == d.id]


def test_a_taken_die_under_the_winner_is_named_with_its_place_and_the_line_that_names_it(fixture_game, problems):
    _, diagrams, _ = fixture_game
    diagram = next(d for d in diagrams if d.id == "prise-bad-sans-retrait")
    (problem,) = [p for p in problems if p.diagram_id == diagram.id]
    assert "c6" in problem.message and "de_rouge R3" in problem.message
    assert problem.path.name == "diagrams.yaml" and problem.line in {diagram.line_of("caption"), diagram.claims[0].line}
    assert problem.format().startswith(f"{problem.path.parent.parent.name}/praxis/diagrams.yaml:{problem.line}:") \
        or f"diagrams.yaml:{problem.line}:" in problem.format()


def test_the_drawing_sets_aside_a_taken_die_and_a_tile_used_at_once(fixture_game):
    _, _, figures = fixture_game
    good = figures["prise-good"]
    assert ("c6", "de_rouge", "aside") in {(s.place, s.piece, s.how) for s in good.shows}
    assert ("c3", "de_bleu", "ghost") in {(s.place, s.piece, s.how) for s in good.shows}
    tile = figures["tuile-main-good"]
    assert ("d5", "tuile_plus1_bleu", "aside") in {(s.place, s.piece, s.how) for s in tile.shows}
    svg = good.svg()
    assert "Ôtés du plateau" in svg and ">c6<" in svg, "the row beside the board is drawn, named in French"


def test_what_a_player_holds_is_drawn_beside_the_board_and_a_figure_leaving_it_out_is_flagged(fixture_game):
    game, diagrams, figures = fixture_game
    held = [s for s in figures["tuile-main-good"].shows if s.how == "held"]
    assert held == [], "the hand was used up by the move: nothing is held after it"
    diagram = next(d for d in diagrams if d.id == "main-good")
    assert ("hand:bleu", "tuile_pioche_bleu", "held") in {(s.place, s.piece, s.how) for s in figures["main-good"].shows}
    assert "Main (bleu)" in figures["main-good"].svg()
    stripped = {"main-good": dataclasses.replace(figures["main-good"], shows=tuple(
        s for s in figures["main-good"].shows if s.how != "held"))}
    problem, named = prove_figures(game, [diagram], stripped)
    assert problem.kind == "missing" and "bleu" in problem.message and "tuile_pioche_bleu" in problem.message
    # the caption's "la tuile Pioche bleue", drawn nowhere now (figure_proof._caption_pieces)
    assert named.kind == "missing" and "« la tuile Pioche bleue »" in named.message


def test_a_figure_without_moves_sets_nothing_aside(fixture_game):
    _, _, figures = fixture_game
    assert not [s for s in figures["possible-good"].shows if s.how != "standing"]


def test_the_real_praxis_figures_show_what_they_claim():
    game = load_game(CONTENT, "praxis")
    diagrams = load_game_diagrams("praxis", CONTENT, game.components)
    problems = prove_figures(game, diagrams, game_figures(game, CONTENT, diagrams=diagrams))
    assert problems == [], "\n".join(p.format() for p in problems)


def test_the_real_tectonic_figures_show_their_pieces_turned_where_they_stand():
    # A pic turned red at e6 is the same piece, drawn as it is after the move: not missing, not set aside.
    game = load_game(CONTENT, "tectonic")
    diagrams = load_game_diagrams("tectonic", CONTENT, game.components)
    figures = game_figures(game, CONTENT, diagrams=diagrams)
    problems = prove_figures(game, diagrams, figures)
    assert problems == [], "\n".join(p.format() for p in problems)
    assert not [s for s in figures["contact"].shows if s.how == "aside"]


def test_validate_prints_the_problems_as_warnings_and_keeps_its_exit_code(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "tactix", content / "tactix")
    diagrams = content / "tactix" / "diagrams.yaml"
    text = diagrams.read_text(encoding="utf-8")
    # The capture figure drawn before its move, which its caption does not say.
    assert "- id: prise\n" in text
    start = text.index("- id: prise\n")
    show = text.index("  show:\n", start)
    diagrams.write_text(text[:show] + "  show:\n    state: before\n" + text[show + len("  show:\n"):],
                        encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "tactix", "--content", str(content),
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    line = next(i for i, row in enumerate(diagrams.read_text(encoding="utf-8").splitlines(), 1)
                if row == "    state: before")
    assert f'avertissement : ' in result.stderr
    assert f'diagrams.yaml:{line}: figure "prise": ' in result.stderr


# PuXes: the engine knows which oracles sleep (Engine.item_states); a figure of dice puts each row apart.
PUXES_DIAGRAMS = """
- id: reveil-bad
  caption: "Alice peut réveiller Repli (encadré)."
  "on": des-a
  position:
    trait: A
    A:
      heros: {oni: bombe, kaeru: bombe, kala: soleil, petitgris: aum}
      oracles: {passeur: pi, bascule: aum, decret: yinyang}
      endormis: [repli]
    B:
      heros: {miroir: ~, jumeau: ~, girouette: ~, veinard: ~}
      oracles: {rukura: yinyang, parieur: sablier, gaucher: pirate, fortune: smiley}
  expect:
    - asleep: [A.repli]
  show:
    items: [oni:bombe, kaeru:bombe, kala:soleil, petitgris:aum, "|", passeur:pi, bascule:aum, decret:yinyang, repli:sablier]
    highlight: ["repli:sablier"]

- id: reveil-good
  caption: "Alice peut réveiller Repli, qui dort hors du jeu (dessous, encadré)."
  "on": des-a
  position:
    trait: A
    A:
      heros: {oni: bombe, kaeru: bombe, kala: soleil, petitgris: aum}
      oracles: {passeur: pi, bascule: aum, decret: yinyang}
      endormis: [repli]
    B:
      heros: {miroir: ~, jumeau: ~, girouette: ~, veinard: ~}
      oracles: {rukura: yinyang, parieur: sablier, gaucher: pirate, fortune: smiley}
  expect:
    - asleep: [A.repli]
  show:
    items: [oni:bombe, kaeru:bombe, kala:soleil, petitgris:aum, "|", passeur:pi, bascule:aum, decret:yinyang, "|", repli:sablier]
    highlight: ["repli:sablier"]
"""


def test_a_die_the_engine_has_asleep_drawn_in_the_row_of_those_in_play_is_flagged(tmp_path):
    shutil.copytree(CONTENT / "puxes", tmp_path / "puxes")
    (tmp_path / "puxes" / "diagrams.yaml").write_text(PUXES_DIAGRAMS, encoding="utf-8")
    game = load_game(tmp_path, "puxes")
    diagrams = load_game_diagrams("puxes", tmp_path, game.components)
    from generator.build import own_icons
    with own_icons(game):
        figures = game_figures(game, tmp_path, diagrams=diagrams)
    assert [s.group for s in figures["reveil-good"].shows] == [0] * 4 + [1] * 3 + [2]
    problems = prove_figures(game, diagrams, figures)
    (problem,) = problems
    assert (problem.diagram_id, problem.kind) == ("reveil-bad", "state")
    assert "« repli » est endormi" in problem.message and "passeur, bascule, decret" in problem.message
    bad = next(d for d in diagrams if d.id == "reveil-bad")
    assert problem.line == bad.show_line("items.8")


# 3d Run: a runner's facing (the position's `sens`) drawn by its pawn's nose. At 66e77a1 the pawn styles had no
# `facing`: every runner was a plain disc, whichever way it ran, and nothing found it.
RUN_DIAGRAM = """
- id: lave-{name}
  caption: "Le coureur 1 fait un pas A vers la gauche (flèche) et tombe dans la lave."
  on: niveau
  position: {{j1: {{case: o2, sens: "<"}}, j2: a2, mouvements: R3 J2/4, phase: act}}
  moves: [R3, A]
  pieces:
    j1-d: {{shape: pawn,{facing_d} fill: "#D32F2F", stroke: "#1E1E1E", ink: "#FFFFFF", size_mm: 7, label: "1"}}
    j1-g: {{shape: pawn,{facing_g} fill: "#D32F2F", stroke: "#1E1E1E", ink: "#FFFFFF", size_mm: 7, label: "1"}}
    j2-d: {{shape: pawn, fill: "#1F5FBF", stroke: "#1E1E1E", ink: "#FFFFFF", size_mm: 7, label: "2"}}
    j2-g: {{shape: pawn, fill: "#1F5FBF", stroke: "#1E1E1E", ink: "#FFFFFF", size_mm: 7, label: "2"}}
  show:
    crop: [k1, q4]
    arrows:
      - {{path: [o2, n2]}}
"""


def _run_game(tmp_path, **facings):
    shutil.copytree(CONTENT / "3d-run", tmp_path / "3d-run")
    text = "".join(RUN_DIAGRAM.format(name=name, facing_d=d, facing_g=g) for name, (d, g) in facings.items())
    (tmp_path / "3d-run" / "diagrams.yaml").write_text(text, encoding="utf-8")
    game = load_game(tmp_path, "3d-run")
    diagrams = load_game_diagrams("3d-run", tmp_path, game.components)
    return game, diagrams, game_figures(game, tmp_path, diagrams=diagrams)


def test_a_runner_drawn_without_the_facing_its_position_gives_it_is_flagged(tmp_path):
    game, diagrams, figures = _run_game(tmp_path, good=(" facing: right,", " facing: left,"),
                                        old=("", ""), wrong=(" facing: left,", " facing: right,"))
    runner = next(s for s in figures["lave-good"].shows if s.how == "standing" and s.piece == "j1-g")
    assert (runner.place, runner.attrs) == ("n2", (("facing", "left"),))
    problems = prove_figures(game, diagrams, figures)
    by_id = {p.diagram_id: p for p in problems}
    assert set(by_id) == {"lave-old", "lave-wrong"}, [p.format() for p in problems]
    old, wrong = by_id["lave-old"], by_id["lave-wrong"]
    assert old.kind == wrong.kind == "missing"
    assert "« j1-g » en n2 le sens vers la gauche" in old.message and "rien de dessiné" in old.message
    assert "(vers la droite)" in wrong.message
    assert old.line == next(d for d in diagrams if d.id == "lave-old").line_of("position")


def test_a_pawn_drawer_that_drops_the_nose_again_is_found_in_the_real_3d_run_figures(monkeypatch):
    # The figure drawer back to 66e77a1's behaviour: no nose drawn, so none recorded.
    from generator.components import pieces
    game = load_game(CONTENT, "3d-run")
    diagrams = load_game_diagrams("3d-run", CONTENT, game.components)
    assert prove_figures(game, diagrams, game_figures(game, CONTENT, diagrams=diagrams)) == []
    monkeypatch.setattr(pieces, "drawn_attributes", lambda style: ())
    import generator.components.diagram.map as map_figures
    monkeypatch.setattr(map_figures, "drawn_attributes", lambda style: ())
    figures = game_figures(game, CONTENT, diagrams=diagrams)
    tags = re.findall(r"<[a-z]+[^>]*>", figures["lave"].svg())
    disc = next(k for k, t in enumerate(tags) if t.startswith("<circle") and 'fill="#D32F2F"' in t)
    assert not (tags[disc - 1].startswith("<path") and 'fill="#1E1E1E"' in tags[disc - 1])    # no nose drawn
    problems = prove_figures(game, diagrams, figures)
    flagged = {p.diagram_id for p in problems if p.kind == "missing" and "le sens" in p.message}
    assert {"lave", "drapeau-retour", "exemple-run-bord", "pente"} <= flagged


# Lutinades: the gnomes a card pictures (its elements' `depicts`) against the position and the caption. At
# 66e77a1 the plain rules' gesture figure showed the aid card's six gnomes (the malins' left and right among
# them, though the position's four players may not make those gestures) under "ici Bruno", no Bruno drawn.
OLD_MALINS_GNOMES = """
  - image: {file: geste-gauche.svg, x: 8, y: 75.5, w: 12, h: 12}
    depicts: {piece: lutin, move: gauche}
    unless: {malins: oui}
  - image: {file: geste-droite.svg, x: 19, y: 75.5, w: 12, h: 12}
    depicts: {piece: lutin, move: droite}
    unless: {malins: oui}
"""
TODAYS_CAPTION = "Les quatre gestes qu'un lutin peut faire, au verso de la carte d'aide"
OLD_CAPTION = "Les quatre gestes qu'un lutin peut faire, ici Bruno."


def _lutinades(tmp_path, *, caption: str = TODAYS_CAPTION, player: str | None = None, old_aid: bool = False):
    shutil.copytree(CONTENT / "lutinades", tmp_path / "lutinades")
    aid = tmp_path / "lutinades" / "aide.yaml"
    text = aid.read_text(encoding="utf-8")
    assert text.count("depicts: {piece: lutin, move:") == 9     # four gnomes, and five on the malins card
    if player:
        text = text.replace("depicts: {piece: lutin, move:", f"depicts: {{piece: lutin, player: {player}, move:")
    aid.write_text(text + (OLD_MALINS_GNOMES if old_aid else ""), encoding="utf-8")
    diagrams_file = tmp_path / "lutinades" / "diagrams.yaml"
    text = diagrams_file.read_text(encoding="utf-8")
    start = text.index(TODAYS_CAPTION)
    text = text[:start] + caption + text[text.index('"', start):]
    diagrams_file.write_text(text, encoding="utf-8")
    game = load_game(tmp_path, "lutinades")
    diagrams = load_game_diagrams("lutinades", tmp_path, game.components)
    figures = game_figures(game, tmp_path, diagrams=diagrams)
    return [p for p in prove_figures(game, diagrams, figures)], figures


def test_the_aid_card_s_gnomes_are_recorded_as_the_figure_draws_them(tmp_path):
    _, figures = _lutinades(tmp_path)
    assert [s.attr("move") for s in figures["gestes"].shows if s.how == "depicted"] == \
        ["haut", "bas", "horizontal", "petit"]
    assert [s.attr("move") for s in figures["gestes-malins"].shows if s.how == "depicted"] == \
        ["haut", "bas", "petit", "gauche", "droite"]


def test_the_old_gesture_figure_six_gnomes_and_no_bruno_is_flagged(tmp_path):
    problems, figures = _lutinades(tmp_path, caption=OLD_CAPTION, old_aid=True)
    assert len([s for s in figures["gestes"].shows if s.how == "depicted"]) == 6
    found = {(p.diagram_id, p.kind, p.message) for p in problems}
    assert {d for d, _, _ in found} == {"gestes"}, [p.format() for p in problems]
    extra = sorted(m for _, k, m in found if k == "extra")
    assert len(extra) == 2 and "« droite »" in extra[0] and "« gauche »" in extra[1]
    (missing,) = [m for _, k, m in found if k == "missing"]
    assert missing.startswith("la légende nomme bruno, que l'image ne dessine pas (6 « lutin »")


@pytest.mark.parametrize("caption, player, kinds", [
    (TODAYS_CAPTION, None, set()),                 # today's figure: four gnomes, no player named
    (OLD_CAPTION, "bruno", set()),                 # "ici Bruno", and the gnomes drawn are Bruno's
    (OLD_CAPTION, None, {"missing"}),              # "ici Bruno", the gnomes nobody's
    (OLD_CAPTION, "chloe", {"missing"}),           # "ici Bruno", the gnomes Chloé's
    (TODAYS_CAPTION, "emma", {"extra"}),           # a gnome of a player the position does not seat
])
def test_a_pictured_player_is_one_of_the_position_and_the_one_the_caption_names(tmp_path, caption, player, kinds):
    problems, _ = _lutinades(tmp_path, caption=caption, player=player)
    assert {p.kind for p in problems if p.diagram_id == "gestes"} == kinds, [p.format() for p in problems]
    assert not [p for p in problems if p.diagram_id != "gestes" and p.kind != "extra"]


# Lutinades figure 1: the card turned over the edge the caption names. At 66e77a1 the pile lay on the left and
# the card turned on its right (an arrow pointing right: over its right edge), the caption "par son bord du haut".
RETOURNER = """
- id: retourner-{name}
  caption: "{caption}"
  "on": panneaux
  position: {{joueurs: [anne, bruno, chloe, david], cueilleur: anne, carte: haut-2-1, pioche: 20}}
  show:
    items: {items}
    arrange: {arrange}
    arrows: [{{path: [bas-3-1, haut-2-1]}}]
"""
OLD_FLIP_CAPTION = ("À gauche, la pioche telle que le cueilleur la pose. La flèche : il a basculé la carte du dessus "
                    "par son bord du haut, vers les lutins. À droite, ce que voient les lutins.")
FLIPS = {
    "old-bad": (OLD_FLIP_CAPTION, "[{item: bas-3-1, side: back}, haut-2-1]", "row"),             # 66e77a1
    "today-good": ("En bas, la pioche. La flèche : il bascule la carte du dessus par son bord du haut.",
                   "[haut-2-1, {item: bas-3-1, side: back}]", "column"),
    "side-good": ("À gauche, la pioche. La flèche : la carte basculée par son bord droit.",
                  "[{item: bas-3-1, side: back}, haut-2-1]", "row"),
    "silent-good": ("La pioche, et la carte retournée (flèche).", "[{item: bas-3-1, side: back}, haut-2-1]", "row"),
}


def test_a_card_turned_over_another_edge_than_the_caption_s_is_flagged(tmp_path):
    shutil.copytree(CONTENT / "lutinades", tmp_path / "lutinades")
    text = "".join(RETOURNER.format(name=name, caption=c, items=i, arrange=a) for name, (c, i, a) in FLIPS.items())
    (tmp_path / "lutinades" / "diagrams.yaml").write_text(text, encoding="utf-8")
    game = load_game(tmp_path, "lutinades")
    diagrams = load_game_diagrams("lutinades", tmp_path, game.components)
    figures = game_figures(game, tmp_path, diagrams=diagrams)
    edges = {d: [s.attr("edge") for s in f.shows if s.how == "flip"] for d, f in figures.items()}
    assert edges == {"retourner-old-bad": ["right"], "retourner-today-good": ["top"],
                     "retourner-side-good": ["right"], "retourner-silent-good": ["right"]}
    problems = [p for p in prove_figures(game, diagrams, figures) if p.kind != "duplicate"]
    (problem,) = problems
    assert (problem.diagram_id, problem.kind) == ("retourner-old-bad", "state")
    assert problem.message == "l'image retourne « haut-2-1 » par son bord droit, la légende par son bord du haut"
    assert problem.line == next(d for d in diagrams if d.id == "retourner-old-bad").show_line("arrows")
