"""The defects the readers of issue 24 found, kept as fixtures: a few pages of the outputs of commit 66e77a1 as the
reader's preflight reads them (tests/preflight/fixtures/*.json, made by fixtures/extract.py; the audit of every
defect is benchmarks/RESULTS-preflight-audit.md). Each is found again, by the warning that finds it; should a
check stop seeing one, this fails. The figures' defects are the diagrams of 66e77a1 themselves
(fixtures/figures-66e77a1), proven again in a copy of today's game."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.content import load_game
from generator.i18n import catalogue
from generator.print.preflight import Findings, PageRead, PdfRead, TextRun
from generator.print.reader import Subject, check
from tests.preflight.test_figure_frame import typeset_subject

FIXTURES = Path(__file__).resolve().parent / "fixtures"
CONTENT = Path(__file__).resolve().parents[2] / "content"
FR = catalogue("fr")


def _read(fixture: dict) -> PdfRead:
    pages = []
    for p in fixture["pages"]:
        runs = [TextRun(size, tuple(box), clipped, text, x, y, framed, *_glyphs(more))
                for size, box, clipped, text, x, y, framed, *more in p["runs"]]
        found = Findings(runs=runs, fills=[tuple(b) for b in p["fills"]], outlines=[tuple(b) for b in p["outlines"]],
                         lines=[tuple(line) for line in p.get("lines", [])],
                         covers=[(tuple(box), after, shape and [tuple(pt) for pt in shape])
                                 for box, after, shape in p.get("covers", [])])
        pages.append(PageRead(p["number"], tuple(p["media"]), p["trim"] and tuple(p["trim"]),
                              p["bleed"] and tuple(p["bleed"]), 0, found))
    return PdfRead(pages, False)


def _glyphs(more: list) -> tuple:
    """A run's characters' ends, frame, clip and ink, where the fixture keeps them (made after struck_text)."""
    if not more:
        return ()
    ends, frame, clip, ink = more
    return tuple(ends), tuple(frame), clip and tuple(clip), ink


def warnings_of(name: str, search: tuple = ()) -> list:
    fixture = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    subject = Subject(fixture["file"], read=_read(fixture), role=fixture["role"], entry=fixture["entry"],
                      layout=fixture.get("layout"), rules_path=fixture.get("rules"), search=search)
    return check(subject, FR).warnings


def _found(name: str) -> set[tuple]:
    return {(w.kind, w.facts.get("form"), w.page) for w in warnings_of(name)}


def test_puxes_booklet_running_head_cut_short():
    found = [w for w in warnings_of("puxes-booklet-head") if w.kind == "clipped_text"]
    assert [(w.facts.get("form"), w.facts["count"]) for w in found] == [("shortened", 2)]     # both A5 pages
    assert found[0].facts["text"].endswith("appartiennent à leur…")


def test_puxes_mat_plan_last_sheet_names_and_butt_joint_and_seams():
    found = _found("puxes-mat-2p")
    assert ("assembly", "plan_last", 17) in found
    assert ("assembly", "names", None) in found
    assert ("assembly", "joint", None) in found
    # the 2-player mat's seams ran through both gardens and temples (here, through their names)
    assert {page for kind, form, page in found if kind == "seam" and form is None} >= {2, 14}
    # a sheet name the mat also prints is told once, at the first such sheet (a name beside "feuille" counts too)
    names = [(w.facts["name"], w.facts["text"], w.facts["note"]) for w in warnings_of("puxes-mat-2p")
             if w.facts.get("form") == "names"]
    assert [(name, text) for name, text, _ in names] == [("A1", "Oracle A1")]     # the first sheet the mat names


def test_three_d_run_booklet_pages_of_one_figure_each():
    found = [(w.kind, w.facts.get("form"), w.page) for w in warnings_of("3d-run-booklet-figure-pages")]
    assert [f for f in found if f[0] == "page_fill"] == \
        [("page_fill", "figures", 3), ("page_fill", "figures", 4), ("page_fill", "figures", 5)]
    # one figure a page, the last of the run four pages after the text announcing them
    far = [(w.page, w.facts["pages"]) for w in warnings_of("3d-run-booklet-figure-pages")
           if w.kind == "figure_distance"]
    assert far == [(4, 2), (5, 3), (6, 4)]


def test_three_d_run_plan_half_blank_under_a_legend_without_names():
    # the plan of 5f4c888 (issue 25): 56 % of its page drawn, twenty icons under it without a name
    found = [w for w in warnings_of("3d-run-plan-half-blank") if w.kind == "assembly"]
    assert [(w.facts.get("form"), w.page, w.facts.get("fill")) for w in found] == [("plan_fill", 1, 56)]


@pytest.mark.parametrize("name, words", [("praxis-rules-command", {"pnp", "--variant"}),
                                         ("calibration-command", {"pnp", "--readings", "--printer"})])
def test_commands_of_our_tool_in_player_material(name, words):
    assert {w.facts["word"] for w in warnings_of(name) if w.kind == "tool_words"} == words


@pytest.mark.parametrize("name, expected", [
    ("lutinades-cards-lone-row", {("sheet_fill", "row", 12), ("bleed", None, 11), ("bleed", None, 12)}),
    ("puxes-skills-lone-row", {("sheet_fill", "row", 6), ("bleed", None, 5), ("bleed", None, 6)}),
    ("3d-run-pawns-strip", {("sheet_fill", None, 1), ("bleed", None, 1)}),
    ("puxes-fortress-alone", {("sheet_fill", None, 1)}),
])
def test_sheets_of_a_lone_row_or_a_strip_and_bleed_stopping_at_a_cut(name, expected):
    assert _found(name) == expected


# --- figures whose caption or picture says what the rules and the engine do not (the figure proof) ---------------
# The diagram of 66e77a1 (fixtures/figures-66e77a1/<game>-<id>.yaml), alone in a copy of today's game.

def _proof_of(tmp_path: Path, game_id: str, diagram_id: str) -> list:
    from generator.build import own_icons
    from generator.content import load_game
    from generator.engine.checker import load_game_diagrams
    from generator.figure_proof import prove_figures
    from generator.figures import game_figures
    shutil.copytree(CONTENT / game_id, tmp_path / game_id)
    fixture = FIXTURES / "figures-66e77a1" / f"{game_id}-{diagram_id}.yaml"
    (tmp_path / game_id / "diagrams.yaml").write_text(fixture.read_text(encoding="utf-8"), encoding="utf-8")
    game = load_game(tmp_path, game_id)
    with own_icons(game):
        diagrams = load_game_diagrams(game_id, tmp_path, game.components)
        return prove_figures(game, diagrams, game_figures(game, tmp_path, diagrams=diagrams))


@pytest.mark.parametrize("game_id, diagram_id, kind, words", [
    # Praxis figure 18: "lui qui n'en avait plus qu'une en main" while the pile holds two (a hand is filled back)
    ("praxis", "pioche", "impossible", "bleu holds 1 tile(s) while the pile holds 2"),
    # Lutinades grand-rendre: "chacune des 21 places", the engine's 21 chance outcomes
    ("lutinades", "grand-rendre", "wording", "« 21 places »"),
    # PuXes figure 12: Repli, asleep, drawn in the row of the oracles in play
    ("puxes", "reveil-paire", "state", "« repli » est endormi"),
])
def test_figures_whose_caption_or_picture_the_rules_contradict(tmp_path, game_id, diagram_id, kind, words):
    problems = _proof_of(tmp_path, game_id, diagram_id)
    assert [(p.diagram_id, p.kind) for p in problems] == [(diagram_id, kind)], [p.format() for p in problems]
    assert words in problems[0].message


# PuXes' figure 5 as at commit 66e77a1 (its region stopped 100 mm short of the ruler's end) and as today (down to
# the mat's edge): the crop cuts the ruler's two arrows, or shows them whole. Not a page of the 66e77a1 outputs: the
# check reads what the typesetter measured as it drew the figure, so the figure is drawn again from 66e77a1's region
# by today's code (B in the audit).
PUXES_FIGURES = """
- id: ancien-cadrage             # the region of commit 66e77a1
  caption: "Le coin d'Alice."
  "on": tapis-2j
  show:
    region: [188, 612, 230, 192]

- id: cadrage-entier             # today's region
  caption: "Le coin d'Alice."
  "on": tapis-2j
  show:
    region: [193, 612, 220, 294]
"""


@pytest.fixture(scope="module")
def puxes_figures(tmp_path_factory) -> dict:
    from generator.build import own_icons
    from generator.figures import game_figures
    content = tmp_path_factory.mktemp("cadre") / "content"
    shutil.copytree(CONTENT / "puxes", content / "puxes")
    (content / "puxes" / "diagrams.yaml").write_text(PUXES_FIGURES, encoding="utf-8")
    game = load_game(content, "puxes")
    with own_icons(game):
        return game_figures(game, content)


def test_puxes_figure_5_of_66e77a1_cuts_its_ruler_and_todays_shows_it_whole(puxes_figures):
    old, today = puxes_figures["ancien-cadrage"], puxes_figures["cadrage-entier"]
    assert len(old.cut) == 2 and today.cut == ()
    subject = typeset_subject(old, today)
    found = [(w.facts["figure"], w.facts.get("form")) for w in check(subject, FR).warnings if w.kind == "figure_frame"]
    assert found == [("ancien-cadrage", "cut")]


def test_lutinades_flip_arrow_through_both_cards_words():
    """Issue 25's figure 1 of Lutinades, as df82f72 found it: the flip arrow, drawn from the pile's centre to the
    card's, ran through 'Lutinades' on the pile's back and 'VERS LE HAUT' on the card (struck_text)."""
    struck = [w for w in warnings_of("lutinades-flip-arrow") if w.kind == "struck_text"]
    assert [(w.page, w.facts["word"], w.facts["count"]) for w in struck] == [(1, "LE", 2)]


def test_armada_ships_on_the_grid_strike_no_word():
    """The good page beside it: Armada's ships stand on the intersections of a dark grid, each letter on its disc,
    which hides the lines under it (Findings.covers)."""
    assert [w for w in warnings_of("armada-ships-on-grid") if w.kind == "struck_text"] == []
