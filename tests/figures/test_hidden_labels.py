"""A caption that names a label the figure's crop hides (figure_proof.py, kind `missing`): PuXes' figure 5 as the
readers saw it (issue 24: "the '6 DiXes' line leaves the frame, its label clipped"), its region stopping short of
the ruler's label, is flagged; today's figure, whose region reaches the mat's edge and shows the label, is not;
nor is a legend's word that a caption uses as a common noun ("les pics": the spikes drawn, not the legend's
"Pics")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.content import load_game
from generator.engine.checker import load_game_diagrams
from generator.figure_proof import prove_figures
from generator.figures import game_figures

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
HIDDEN = "que le cadrage de l'image cache"      # the end of figures.proof.hidden in French

PIECES = """  "on": tapis-2j
  pieces:
    a: {shape: die, fill: "#F2C4BE", stroke: "#1F1A17", ink: "#1F1A17", size_mm: 25, label: A}
  position:
    Temple A: {piece: a, value: sangsue}
    Oracle A1: {piece: a, value: pi}
"""
CAPTION = ("Le coin d'Alice : son temple et ses oracles. Le trait à droite mesure les 6 DiXes qui séparent le "
           "temple du bord")
DIAGRAMS = f"""
- id: cache-bad-hidden           # the region of commit 66e77a1: the ruler's label lies beyond it
  caption: "{CAPTION}, hors du cadre."
{PIECES}  show:
    region: [188, 612, 230, 192]

- id: cache-good                 # today's region, down to the mat's edge: the label is drawn
  caption: "{CAPTION}, en bas."
{PIECES}  show:
    region: [193, 612, 220, 294]
"""


@pytest.fixture(scope="module")
def problems(tmp_path_factory) -> dict:
    content = tmp_path_factory.mktemp("hidden") / "content"
    shutil.copytree(CONTENT / "puxes", content / "puxes")
    (content / "puxes" / "diagrams.yaml").write_text(DIAGRAMS, encoding="utf-8")
    game = load_game(content, "puxes")
    diagrams = load_game_diagrams("puxes", content, game.components)
    figures = game_figures(game, content, diagrams=diagrams)
    found: dict = {}
    for p in prove_figures(game, diagrams, figures):
        found.setdefault(p.diagram_id, []).append(p)
    return found


def test_a_caption_naming_a_label_the_crop_hides_is_flagged(problems):
    bad = problems["cache-bad-hidden"]
    assert [(p.kind, p.line) for p in bad] == [("missing", 3)], [p.format() for p in bad]
    assert "« 6 DiXes »" in bad[0].message and HIDDEN in bad[0].message


def test_the_label_shown_passes(problems):
    assert "cache-good" not in problems, [p.format() for p in problems.get("cache-good", [])]


def test_a_legend_word_used_as_a_common_noun_is_not_a_label_named():
    """3d Run's figures crop the level's map, whose legend lists "Pics" and "Pièce bleue"; the captions speak
    of "les pics" and "la pièce bleue" drawn on the cells."""
    game = load_game(CONTENT, "3d-run")
    diagrams = [d for d in load_game_diagrams("3d-run", CONTENT, game.components) if d.id in ("pics", "pente")]
    figures = game_figures(game, CONTENT, diagrams=diagrams)
    assert not [p.format() for p in prove_figures(game, diagrams, figures) if HIDDEN in p.message]
