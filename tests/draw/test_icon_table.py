"""The effect icons are made on first use (issue 26): importing the drawing layer makes none of them,
looking one up makes that one, the same drawing every time."""

from __future__ import annotations

import subprocess
import sys

from generator.draw import icons
from generator.draw.icon_table import IconTable

from tests.conftest import ROOT


def test_a_table_makes_each_icon_once_on_first_use():
    made = []
    table = IconTable({"a": lambda: made.append("a") or ([("M", 0.0, 0.0)], False), "b": lambda: ([], True)})
    assert "a" in table and sorted(table) == ["a", "b"] and len(table) == 2 and made == []
    assert table["a"] is table["a"] and made == ["a"]
    merged = table.merged({"b": ([("Z",)], False), "c": ([], False)})
    assert merged["b"] == ([("Z",)], False) and sorted(merged) == ["a", "b", "c"]


def test_importing_the_icons_draws_no_effect_icon():
    script = ("from generator.draw import icons, effect_icons; "
              "print(len(effect_icons.EFFECT_ICONS._made), 'burst' in icons.ICONS)")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["0", "True"], done.stderr


def test_every_built_in_icon_is_drawn_when_asked():
    for name in icons.icon_names():
        ops, even_odd = icons.lookup(name)
        assert ops and isinstance(even_odd, bool), name
