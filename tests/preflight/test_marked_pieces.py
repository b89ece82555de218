"""A picture or a piece too small to read what the caption relies on (generator/print/reader.py figure_frames,
forms `pictured` and `piece`): Lutinades' malins gnomes at 66e77a1 were 12 mm faceless drawings on the aid card,
printed at 9.5 mm in the rules, so the mirror rule (which hand) was not shown. Measured as the typesetter draws
the figure (rulebook/pdf.py figure_frame_record), from what the drawing records (Shown.size_mm) at print scale."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.content import load_game
from generator.engine.checker import load_game_diagrams
from generator.figures import game_figures
from generator.i18n import catalogue
from generator.print.reader import figure_frames

from tests.preflight.test_figure_frame import typeset_subject

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
FR = catalogue("fr")

TODAYS_GNOMES = ("  - image: {file: geste-gauche-face.svg, x: 8.5, y: 35, w: 25, h: 25}",
                 "  - image: {file: geste-droite-face.svg, x: 36, y: 35, w: 25, h: 25}")
OLD_GNOMES = ("  - image: {file: geste-gauche.svg, x: 8, y: 75.5, w: 12, h: 12}",       # 66e77a1's, no face
              "  - image: {file: geste-droite.svg, x: 19, y: 75.5, w: 12, h: 12}")


def _figures(tmp_path, game_id: str, file: str, swaps) -> dict:
    shutil.copytree(CONTENT / game_id, tmp_path / game_id)
    path = tmp_path / game_id / file
    text = path.read_text(encoding="utf-8")
    for old, new in swaps:
        assert old in text
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    game = load_game(tmp_path, game_id)
    return game_figures(game, tmp_path, diagrams=load_game_diagrams(game_id, tmp_path, game.components))


def test_the_old_faceless_gnomes_of_the_malins_figure_are_found_and_today_s_pass(tmp_path):
    old = _figures(tmp_path / "old", "lutinades", "aide.yaml", zip(TODAYS_GNOMES, OLD_GNOMES))["gestes-malins"]
    today = _figures(tmp_path / "today", "lutinades", "aide.yaml", ())["gestes-malins"]
    found = figure_frames(typeset_subject(old), None)
    assert [(w.kind, w.facts.get("form"), w.facts["piece"], w.source, w.line) for w in found] == \
        [("figure_frame", "pictured", "lutin", "diagrams.yaml", 10)]
    assert found[0].facts["mm"] == pytest.approx(12 * 0.7875, abs=0.05)     # 12 mm on the card, shrunk to the figure
    assert "« lutin » (sur aide-malins) y est imprimé à" in found[0].describe(FR)
    assert figure_frames(typeset_subject(today), None) == []


def test_the_gnomes_are_measured_at_print_scale_and_the_threshold_is_the_game_s(tmp_path):
    today = _figures(tmp_path, "lutinades", "aide.yaml", ())["gestes-malins"]
    subject = typeset_subject(today)
    (flow,) = [f for f in subject.layout["flows"] if f["kind"] == "figure"]
    (mm, piece, place, kind), = flow["marked"]
    smallest = min(s.size_mm for s in today.shows if s.how == "depicted")
    assert (piece, place, kind) == ("lutin", "aide-malins", "pictured") and mm <= smallest + 0.01
    # A game asking more of its pictures (game.yaml preflight) finds today's too.
    assert [w.facts["form"] for w in figure_frames(subject, {"min_pictured_mm": 30.0})] == ["pictured"]


@pytest.mark.parametrize("size, forms", [("7", []), ("3", ["piece"])])
def test_a_runner_too_small_to_show_its_facing_is_found(tmp_path, size, forms):
    swaps = [(f"{k}: {{shape: pawn, facing: {f}, fill: \"#D32F2F\", stroke: \"#1E1E1E\", ink: \"#FFFFFF\", size_mm: 7,",
              f"{k}: {{shape: pawn, facing: {f}, fill: \"#D32F2F\", stroke: \"#1E1E1E\", ink: \"#FFFFFF\", size_mm: {size},")
             for k, f in (("j1-d", "right"),)]
    figure = _figures(tmp_path, "3d-run", "diagrams.yaml", swaps)["exemple-run-bord"]
    found = figure_frames(typeset_subject(figure), None)
    assert [w.facts.get("form") for w in found] == forms
