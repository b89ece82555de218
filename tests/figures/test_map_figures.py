"""Figures on a map (3d Run): a move is shown played, the pawn's start ghosted as on a board, and a pawn
that faces a way (PieceStyle.facing) points that way with a nose out of its disc, read back from the SVG."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.content import load_game
from generator.figures import game_figures

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
RUNNER_1 = "#D32F2F"     # content/3d-run/diagrams.yaml: the first runner's fill
NOSE_INK = "#1E1E1E"     # its outline, which fills its nose


@pytest.fixture(scope="module")
def run_figures() -> dict:
    game = load_game(CONTENT, "3d-run")
    return game_figures(game, CONTENT)


def _pawn_and_nose(svg: str) -> tuple[tuple[float, float, float], list[tuple[float, float]]]:
    """The first runner's disc (cx, cy, r) and the corners of the dark triangle drawn just before it."""
    tags = re.findall(r"<[a-z]+[^>]*>", svg)
    i = next(k for k, t in enumerate(tags) if t.startswith("<circle") and f'fill="{RUNNER_1}"' in t)
    disc = tuple(float(re.search(rf'{a}="([-\d.]+)"', tags[i]).group(1)) for a in ("cx", "cy", "r"))
    nose = tags[i - 1]
    assert nose.startswith("<path") and f'fill="{NOSE_INK}"' in nose, "no nose drawn under the pawn"
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", re.search(r'd="([^"]*)"', nose).group(1))]
    return disc, list(zip(numbers[::2], numbers[1::2]))


@pytest.mark.parametrize("figure_id, way", [("lave", -1), ("drapeau-retour", -1), ("exemple-run-bord", 1),
                                            ("pente", 1)])
def test_a_runner_points_the_way_it_faces_with_a_nose_out_of_its_disc(run_figures, figure_id, way):
    (cx, cy, r), corners = _pawn_and_nose(run_figures[figure_id].svg())
    tip = max(corners, key=lambda p: way * (p[0] - cx))
    assert way * (tip[0] - cx) > r * 1.2            # out of the disc, on the side it faces
    assert abs(tip[1] - cy) < 0.01                  # level with its centre: it points sideways, not up
    assert all(way * (p[0] - cx) < r for p in corners if p is not tip)   # its base hidden under the disc


def test_a_move_on_the_map_is_shown_played_with_the_pawn_s_start_ghosted(run_figures):
    # lave: the pawn stepped from o2 onto the lava in n2, facing left.
    shows = {(s.place, s.piece, s.how) for s in run_figures["lave"].shows}
    assert ("n2", "j1-g", "standing") in shows
    assert ("o2", "j1-g", "ghost") in shows
    assert 'stroke-dasharray' in run_figures["lave"].svg()
    # saut-ordre follows a jump's route: shown played like any other move (the rulebook's convention), the pawn
    # where its steps led it, its start ghosted.
    shows = {(s.place, s.piece, s.how) for s in run_figures["saut-ordre"].shows}
    assert ("i10", "j1-d", "standing") in shows
    assert ("f8", "j1-d", "ghost") in shows
