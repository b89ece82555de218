"""What the third page review (issue 25, "every page looked at again") found in the games' own words: a sentence
that no longer matched what the build prints. Each test reads the content the rulebook or sheet is set from."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _yaml(game: str, name: str) -> dict:
    return yaml.safe_load((CONTENT / game / f"{name}.yaml").read_text(encoding="utf-8"))


def test_tectonic_rulebook_counts_the_sheets_its_recto_verso_pieces_print_on():
    """Monts and pics print on the collines' sheet (sheet_with): one recto verso sheet holds the 18 pieces.
    The Matériel said "trois feuilles de papier cartonné … (en recto verso, ou face et dos côte à côte à
    plier)", the files of an edition before: one sheet is printed, and the folded pieces are the next bullet."""
    hosts = {_yaml("tectonic", name).get("sheet_with") for name in ("monts", "pics")}
    assert hosts == {"collines"}
    rules = (CONTENT / "tectonic" / "rules.fr.md").read_text(encoding="utf-8")
    bullet = next(line for line in rules.splitlines() if line.startswith("- **Collines, monts et pics**"))
    assert not re.search(r"\b(deux|trois|\d+) feuilles\b", bullet), bullet
    assert "une seule feuille" in bullet and "côte à côte" not in bullet, bullet
