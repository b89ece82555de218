"""A figure of a board whose pieces stand on crossings (Armada): a piece on the crop's edge or corner stands out
of the grid by half its size; it stays inside the figure and leaves every coordinate readable (read back
from the SVG: discs against the coordinates' text boxes)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.content import load_game
from generator.figures import game_figures

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
# the coordinates' colour, read from content/armada/board.yaml (colours.coordinates) so a new colour keeps the test
COORDINATES = re.search(r'coordinates:\s*"(#[0-9A-Fa-f]{6})"', (CONTENT / "armada" / "board.yaml").read_text("utf-8")).group(1)


@pytest.fixture(scope="module")
def armada_figures() -> dict:
    game = load_game(CONTENT, "armada")
    return game_figures(game, CONTENT)


def _number(tag: str, name: str) -> float:
    return float(re.search(rf'\b{name}="([-\d.]+)"', tag).group(1))


# reserve-vide, limite-cinq, limite-et-pivot: ships on the crop's edge (a3, b2, h2) and corner (k1)
@pytest.mark.parametrize("figure_id", ["reserve-vide", "limite-cinq", "limite-et-pivot"])
def test_a_piece_on_the_crop_s_edge_stays_in_the_figure_and_off_the_coordinates(armada_figures, figure_id):
    figure = armada_figures[figure_id]
    svg = figure.svg()
    discs = [(_number(t, "cx"), _number(t, "cy"), _number(t, "r"))
             for t in re.findall(r"<circle[^>]*>", svg) if _number(t, "r") > 2.5]      # the ships, not marks
    labels = []
    for tag, text in re.findall(rf'(<text[^>]*fill="{COORDINATES}"[^>]*>)([^<]*)</text>', svg):
        x, y, size = _number(tag, "x"), _number(tag, "y"), _number(tag, "font-size")
        labels.append((x, y - size * 0.75, x + size * 0.6 * len(text), y))
    assert discs and labels
    on_edge = 0
    for cx, cy, r in discs:
        assert r <= cx <= figure.width_mm - r and r <= cy <= figure.height_mm - r, (cx, cy)
        for x0, y0, x1, y1 in labels:
            assert not (x0 < cx + r and cx - r < x1 and y0 < cy + r and cy - r < y1), ((cx, cy), (x0, y0))
        on_edge += any(abs(cx - lx) < r or abs(cy - ly) < r for lx, _, _, ly in labels)
    assert on_edge          # the figure does hold a ship level with its coordinates, on the crop's edge
