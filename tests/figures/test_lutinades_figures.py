"""Lutinades' figures show what their captions name, read back from the figures' SVG: the card flipped over
its top edge (a column: the pile below, the card turned above), each gesture figure its own gnomes (four for
the plain rules, five for the malins, the left and right ones large and facing the reader, with a face)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.content import load_game
from generator.figures import game_figures

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
GNOME_BODY = 'fill="#6F8F4E"'        # content/lutinades/assets/geste-*.svg: a gnome's coat (arms are strokes)
BEARD = 'fill="#F4F1EA"'             # geste-*-face.svg: the beard under a gnome's face, seen from in front


@pytest.fixture(scope="module")
def figures() -> dict:
    game = load_game(CONTENT, "lutinades")
    return game_figures(game, CONTENT)


def test_the_card_is_flipped_over_its_top_edge_the_pile_below_the_card_turned_above(figures):
    figure = figures["retourner"]
    assert [s.place for s in figure.shows if s.how == "item"] == ["haut-2-1", "bas-3-1"]     # top to bottom
    assert [(s.place, s.attrs) for s in figure.shows if s.how == "flip"] == [("haut-2-1", (("edge", "top"),))]
    assert figure.height_mm > 1.8 * figure.width_mm                         # one card wide, two cards high


def test_the_flip_arrow_runs_between_the_two_cards_over_neither_cards_print(figures):
    """The arrow ran from the pile's centre to the turned card's, through the words of both ("Lutinades" on the
    pile's back, "VERS LE HAUT" on the card: the reader's struck_text). It now leaves the pile's top edge and
    reaches the card's bottom edge, in the gap between them: the figure drawn at its size, read back, has no
    word struck, and its arrow (the accent's line and head) lies in the gap."""
    from generator.components.diagram.figure import ACCENT
    from generator.draw.pdf import PdfCanvas
    from generator.i18n import catalogue
    from generator.print.reader import Subject, check
    figure = figures["retourner"]
    pdf = PdfCanvas(title="figure 1")
    pdf.begin_page(figure.width_mm + 20, figure.height_mm + 20)
    with pdf.group(translate=(10, 10)):
        figure.draw(pdf)
    warnings = check(Subject("figure.pdf", pdf.finish()), catalogue("fr")).warnings
    assert [w for w in warnings if w.kind == "struck_text"] == []
    ys = [float(v) for d in re.findall(rf'<path d="([^"]*)"[^>]*{ACCENT}', figure.svg())
          for v in re.findall(r"-?\d+(?:\.\d+)?", d)[1::2]]
    card = [s for s in figure.shows if s.how == "item"]
    assert len(card) == 2 and ys
    half_gap = (figure.height_mm - 2 * _card_height(figure)) / 2
    assert all(abs(y - figure.height_mm / 2) < half_gap for y in ys), ys


def _card_height(figure) -> float:
    """A card's height in a column of two: the figure's height less the gap, halved (items.py: the gap holds an
    arrow, MIN_ARROW_MM and ARROW_CLEAR_MM each side)."""
    from generator.components.diagram.figure import MIN_ARROW_MM
    from generator.components.diagram.items import ARROW_CLEAR_MM
    return (figure.height_mm - (MIN_ARROW_MM + 2 * ARROW_CLEAR_MM)) / 2


def test_the_plain_gesture_figure_draws_four_gnomes_and_no_face(figures):
    svg = figures["gestes"].svg()
    assert svg.count(GNOME_BODY) == 4
    assert BEARD not in svg


def test_the_malins_gesture_figure_draws_five_gnomes_left_and_right_large_and_facing_the_reader(figures):
    svg = figures["gestes-malins"].svg()
    assert svg.count(GNOME_BODY) == 5
    beards = re.findall(rf'<path d="([^"]*)" {BEARD}', svg)
    assert len(beards) == 2
    for d in beards:
        xs = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", d)[::2]]
        assert max(xs) - min(xs) >= 4.0      # a 25 mm gnome's beard; the old strip's gnomes were 12 mm, faceless


@pytest.mark.parametrize("figure_id", ["bon-chemin", "mauvais-chemin", "grand-choix"])
def test_each_card_a_player_holds_is_drawn_and_marked_one_mark_per_player(figure_id):
    # bon-chemin: Anne (the picker, paid first) takes 2 cards, both marked 1, Bruno 1 card, marked 2. Fig 3
    # marked one of Anne's two cards only: the picture showed 1 card where the caption said 2.
    from generator.engine.checker import load_game_diagrams
    game = load_game(CONTENT, "lutinades")
    diagram = next(d for d in load_game_diagrams("lutinades", CONTENT, game.components) if d.id == figure_id)
    score = next(dict(c.value) for c in diagram.claims if c.kind == "score")
    backs = {i.item for i in diagram.show.items if not isinstance(i, str) and i.side == "back"}
    labels = [m.label for m in diagram.show.marks if m.at in backs]
    per_mark = [labels.count(label) for label in sorted(set(labels))]
    assert per_mark == [n for n in score.values() if n]        # in seat order: the picker, then the gnome
    assert len(set(m.at for m in diagram.show.marks if m.at in backs)) == len(labels)   # one mark per card
    for label in set(labels):
        assert re.search(rf"\b{label}\b", diagram.caption)
