"""The seven games' own words speak to players: no command of the tool, no word of its machinery, in the
rulebooks, the captions, the game notes (game.yaml's assumptions and variants) or any sheet's text.
Jinja comments ({# #}) and YAML comments are the designer's and are left out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = sorted(p.name for p in CONTENT.iterdir() if (p / "game.yaml").is_file())
TOOL_WORDS = re.compile(r"(?-i:\bpnp\b)|(?<!\S)--[a-z]|moteur|\bgénérateur\b|\bsimulateur\b", re.IGNORECASE)


def _strings(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, str):
        yield value


def player_texts(game: str) -> dict[str, str]:
    folder = CONTENT / game
    texts = {}
    for path in sorted(folder.glob("*.md")):
        texts[path.name] = re.sub(r"\{#.*?#\}", "", path.read_text(encoding="utf-8"), flags=re.S)
    for path in sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.csv")):
        raw = path.read_text(encoding="utf-8")
        texts[path.name] = "\n".join(_strings(yaml.safe_load(raw))) if path.suffix == ".yaml" else raw
    return texts


def test_the_seven_games_are_read():
    assert len(GAMES) == 7 and "praxis" in GAMES


@pytest.mark.parametrize("game", GAMES)
def test_a_games_words_name_no_command_and_no_machinery(game):
    for name, text in player_texts(game).items():
        found = TOOL_WORDS.search(text)
        assert not found, f"{game}/{name}: {found.group(0)!r} in …{text[max(0, found.start() - 80):found.end() + 80]}…"


@pytest.mark.parametrize("game", GAMES)
def test_a_folded_piece_s_sheet_note_does_not_forbid_the_glue_its_fold_step_asks_for(game):
    """The guide's fold step (catalogue kinds.*.fold_step) says to glue the two halves back to back; a folded
    piece's reason for its own sheet (sheet_alone, printed as the next step) must not say they are not glued.
    3d Run's pawns said "ne se collent pas" two lines under "collez les deux moitiés"."""
    for path in sorted((CONTENT / game).glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("form") == "fold" and data.get("sheet_alone"):
            assert not re.search(r"\bne\s+se\s+coll", data["sheet_alone"], re.IGNORECASE), (path.name, data["sheet_alone"])
