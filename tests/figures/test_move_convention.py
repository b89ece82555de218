"""How every game's figures draw a move (content/diagrams.py): the position after it, the piece that left
ghosted where it stood, an arrow from the ghost to the arrival that stays readable over one square, and a
place no move reaches crossed out in black, never marked in the accent red of the places a move reaches."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from generator.components.diagram.figure import ACCENT, CROSS_INK, MIN_ARROW_MM, arrow_path
from generator.content import load_game
from generator.figures import game_figures

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"


@pytest.fixture(scope="module")
def tactix_svgs() -> dict[str, str]:
    game = load_game(CONTENT, "tactix")
    return {fid: fig.svg() for fid, fig in game_figures(game, CONTENT).items()}


def _dashed_paths(svg: str) -> list[str]:
    return re.findall(r"<(?:path|rect|circle)[^>]*stroke-dasharray[^>]*>", svg)


def test_a_figure_with_a_move_ghosts_the_start_and_one_without_moves_ghosts_nothing(tactix_svgs):
    # prise: b3xb5, one die left b3 (its capture stood on the arrival square, under the winner).
    assert len(_dashed_paths(tactix_svgs["prise"])) == 1
    # bascule-virage: a1-d3, one die left a1.
    assert len(_dashed_paths(tactix_svgs["bascule-virage"])) == 1
    # blocage and chemin-barre play no move: nothing is ghosted.
    assert _dashed_paths(tactix_svgs["blocage"]) == []
    assert _dashed_paths(tactix_svgs["chemin-barre"]) == []


def test_the_figure_shows_the_position_after_the_move(tactix_svgs):
    # After b3xb5 the white die shows 5 on b5: five pips, where before the move b5 held a black 6.
    from generator.engine.checker import diagram_placements, load_game_diagrams
    game = load_game(CONTENT, "tactix")
    diagram = next(d for d in load_game_diagrams("tactix", CONTENT, game.components) if d.id == "prise")
    assert ("b5", "blanc", "5") in diagram_placements("tactix", diagram)


class _Arrows:
    """A canvas that keeps the arrows and polylines drawn on it."""
    def __init__(self):
        self.arrows, self.lines = [], []

    def arrow(self, x1, y1, x2, y2, **kw):
        self.arrows.append((x1, y1, x2, y2))

    def polyline(self, points, **kw):
        self.lines.append(points)


@pytest.mark.parametrize("from_ghost", [True, False])
def test_an_arrow_over_one_square_is_never_a_stub(from_ghost):
    canvas = _Arrows()
    # One 9 mm square, a piece filling most of it at the arrival (and at the start when not ghosted).
    arrow_path(canvas, [(0.0, 0.0), (0.0, -9.0)], stop_short_mm=9.0 * 0.36, from_ghost=from_ghost)
    (x1, y1, x2, y2), = canvas.arrows
    assert math.hypot(x2 - x1, y2 - y1) >= MIN_ARROW_MM - 1e-9
    assert y2 > -9.0, "the head stops short of the arrival's centre: the piece's face stays readable"


def test_an_arrow_from_a_ghost_starts_at_its_centre():
    canvas = _Arrows()
    arrow_path(canvas, [(0.0, 0.0), (0.0, -27.0)], stop_short_mm=3.24, from_ghost=True)
    assert canvas.arrows[0][:2] == (0.0, 0.0)
    canvas = _Arrows()
    arrow_path(canvas, [(0.0, 0.0), (0.0, -27.0)], stop_short_mm=3.24, from_ghost=False)
    assert canvas.arrows[0][1] < -2.0, "a standing piece's face is left clear"


def test_a_place_no_move_reaches_is_a_black_cross_not_an_accent_mark(tactix_svgs):
    svg = tactix_svgs["chemin-barre"]
    crosses = re.findall(rf'<path[^>]*stroke="{CROSS_INK}"[^>]*stroke-width="0\.8"[^>]*>', svg, re.I)
    assert len(crosses) == 2, "two strokes of one X"
    x1, y1, x2, y2 = map(float, re.search(r'd="M([\d.]+) ([\d.]+) L([\d.]+) ([\d.]+)"', crosses[0]).groups())
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    # No accent badge on the crossed place (the reachable e6 keeps its accent dot, elsewhere).
    discs = [(float(a), float(b)) for a, b in
             re.findall(rf'<circle cx="([\d.]+)" cy="([\d.]+)"[^>]*fill="{ACCENT}"', svg, re.I)]
    assert discs, "the reachable square is marked in the accent colour"
    assert all(math.hypot(a - cx, b - cy) > 4.0 for a, b in discs)


def test_a_ship_the_caption_puts_down_is_drawn_as_a_ship_where_it_stands():
    # Armada: "l'Anglais pose e4" is a move played, so the ship stands on e4 (a red dot marks only a place a
    # ship could go, for a caption that says "formerait" or gives a choice); figure 6 drew the pair's new ship
    # as a dot.
    game = load_game(CONTENT, "armada")
    figures = game_figures(game, CONTENT)
    put_down = re.compile(r"\b(?:pose|posant|a posé)\s+(?:en\s+)?([a-k]\d{1,2})\b")
    checked = 0
    for fid, figure in figures.items():
        for place in put_down.findall(figure.caption):
            standing = {s.place for s in figure.shows if s.how == "standing"}
            assert place in standing, f"{fid}: the caption puts a ship on {place}, the picture draws none there"
            checked += 1
    assert checked >= 2          # paire-prend (e4) and revanche (e5) at least


def test_red_squares_of_a_tactix_figure_are_all_the_arrivals_of_the_die_its_claims_move():
    # The rules' legend: "les arrivées possibles d'un dé (cases rouges)". Fig 2 tinted e6 alone among the eleven
    # arrivals of the 3 on d4, as if it were the only one.
    from generator.engine.checker import diagram_placements, load_game_diagrams
    game = load_game(CONTENT, "tactix")
    checked = 0
    for diagram in load_game_diagrams("tactix", CONTENT, game.components):
        standing = {place for place, _, _ in diagram_placements("tactix", diagram)}
        red = set(diagram.show.highlight) - standing          # a die's square is framed, not tinted
        if not red:
            continue
        claims = [c.value for c in diagram.claims if c.kind == "legal_moves" and isinstance(c.value, dict)]
        assert claims, f"{diagram.id}: red squares but no claim of the die's arrivals"
        arrivals = {re.split(r"[-x]", m)[1].split("/")[0] for m in claims[0]["moves"]}
        assert red == arrivals, f"{diagram.id}: red {sorted(red)}, arrivals {sorted(arrivals)}"
        checked += 1
    assert checked >= 2
