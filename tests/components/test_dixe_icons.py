"""The DiXe faces are PuXes's own icons (issue 27 item 2: a game's icons live with their game): 8 symbols and
20 characters, one SVG each in content/puxes/assets/icons, inside their grid, all different, the characters
each in the same ring (so a character face reads as one) and the symbols in none. The built-in list keeps only
icons any game may use: no other game knows a DiXe face, nor hears of one in a did-you-mean."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from generator.content.game_icons import read_game_icons
from generator.draw import icons
from generator.engine.games.puxes import CHARACTERS, SYMBOLS

PUXES = Path(__file__).resolve().parents[2] / "content" / "puxes"
OWN = read_game_icons(PUXES)
RING_OUTER, RING_INNER = 11.7, 10.4       # a character's ring, as the faces were drawn
GENERIC = {"crown", "star", "heart", "shield", "plus", "minus", "cross", "disc", "ring", "square", "diamond",
           "triangle", "hexagon", "mushroom", "flag", "signpost", "die-roll", "swords", "return", "no-entry",
           "burst", "draw-pile", "teleport", "portal"} | {f"arrow-{d}" for d in (
               "up", "up-right", "right", "down-right", "down", "down-left", "left", "up-left")}


def _points(ops):
    for op in ops:
        coords = op[1:]
        yield from zip(coords[0::2], coords[1::2])


def test_the_dixe_faces_are_puxes_s_own_icons_and_the_built_in_ones_are_generic():
    assert sorted(OWN) == sorted(SYMBOLS + CHARACTERS)          # what the engine names, each an SVG of the game
    assert set(icons.ICONS) == GENERIC                          # a game's icon here would be every game's
    assert not any(icons.known(name) for name in OWN), "outside PuXes's steps no DiXe face is an icon"
    with icons.game_icons(OWN):
        assert all(icons.known(name) for name in SYMBOLS + CHARACTERS)


def test_an_unknown_icon_names_the_close_ones_only_and_no_other_game_s():
    hint = icons.close_icons_hint("kaeru")          # a DiXe face in another game
    assert "did you mean" not in hint and "kaeru" not in hint and "crown" not in hint
    assert hint == "; no icon has a close name (32 icons: `pnp guide` lists the built-in ones; a game's own are " \
                   "the SVG files of its assets/icons/)"
    assert icons.close_icons_hint("crwn") == " (did you mean 'crown'?)"
    with icons.game_icons(OWN):
        hint = icons.close_icons_hint("kaery", colons=True)
        assert hint.startswith(" (did you mean ':kaeru:'?)") and "crown" not in hint and len(hint) < 80


@pytest.mark.parametrize("name", sorted(OWN))
def test_each_dixe_face_fills_its_grid(name):
    xs, ys = zip(*_points(OWN[name][0]))
    assert 0 <= min(xs) and max(xs) <= icons.GRID and 0 <= min(ys) and max(ys) <= icons.GRID
    assert max(xs) - min(xs) > 12 and max(ys) - min(ys) > 12
    assert OWN[name][1] is False          # holes are shapes wound the other way (non-zero fill)


def test_the_28_faces_are_28_different_drawings():
    drawings = {tuple(tuple(round(v, 3) if isinstance(v, float) else v for v in op) for op in OWN[n][0])
                for n in OWN}
    assert len(SYMBOLS) == 8 and len(CHARACTERS) == 20 and len(drawings) == 28


@pytest.mark.parametrize("name", CHARACTERS)
def test_a_character_sits_inside_its_ring(name):
    subpaths, current = [], []
    for op in OWN[name][0]:
        if op[0] == "M" and current:
            subpaths.append(current)
            current = []
        current += [(x, y) for x, y in zip(op[1::2], op[2::2])]
    subpaths.append(current)
    radius = [max(math.hypot(x - 12, y - 12) for x, y in sub) for sub in subpaths]
    assert radius[0] == pytest.approx(RING_OUTER, abs=0.01) and radius[1] == pytest.approx(RING_INNER, abs=0.01)
    assert max(radius[2:]) < RING_INNER - 0.5          # the drawing never touches the ring


@pytest.mark.parametrize("name", SYMBOLS)
def test_a_symbol_has_no_ring(name):
    first = [(x, y) for op in OWN[name][0][:70] for x, y in zip(op[1::2], op[2::2])]
    assert not all(abs(math.hypot(x - 12, y - 12) - RING_OUTER) < 0.01 for x, y in first)
