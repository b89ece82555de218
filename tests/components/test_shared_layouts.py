"""Layouts shared across components (issue 27 item 8): a face layout written once in game.yaml's `layouts`,
used by several components with `extends`, changed per component (`set`, `remove`, `add`); every element keeps
the file and line it was written at; wrong names are told with the closest one; editors' schema accepts it."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli
from generator.content import ContentError, load_game
from generator.content.schema_export import content_schema
from generator.content.yamlfile import read_yaml

LAYOUTS = """\
layouts:
  carte:
    - background: {colour: "#FFFDF7"}
    - name: cadre
      rect: {x: 6, y: 6, w: 57.5, h: 82.9, radius: 2, stroke: "#24466B", stroke_mm: 0.5}
    - name: titre
      text: {text: "{name}", x: 34.75, y: 30, w: 51.5, size_pt: 14, bold: true, align: center}
  carte-valeur:
    extends: carte
    add:
      - name: valeur
        text: {text: "{value}", x: 9, y: 9, size_pt: 18, bold: true, colour: "#24466B"}
"""
FRONT = """\
front:
  extends: carte-valeur
  set: {titre: {text: {colour: "#7030A0", size_pt: 13}}}
  remove: [cadre]
  add:
    - text: {text: "{text}", x: 9, y: 48, w: 51.5, h: 32, size_pt: 10, align: center}
"""


def _game(tmp_path: Path, front: str = FRONT, layouts: str = LAYOUTS) -> Path:
    content = tmp_path / "content"
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "fr"]).exit_code == 0
    folder = content / "demo"
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + layouts, encoding="utf-8")
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    start, end = text.index("front:\n"), text.index("back:\n")
    deck.write_text(text[:start] + front + text[end:], encoding="utf-8")
    return content


def _line(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_a_face_extends_a_shared_layout_changed_for_its_component(tmp_path):
    content = _game(tmp_path)
    deck = next(c for c in load_game(content, "demo").components if c.id == "cartes")
    kinds = [(e.name, e.element_kind) for e in deck.front]
    assert kinds == [(None, "background"), ("titre", "text"), ("valeur", "text"), (None, "text")]
    titre = deck.front[1].body
    assert (titre.colour, titre.size_pt, titre.bold) == ("#7030A0", 13, True)     # set: merged, the rest kept
    game_file, deck_file = content / "demo" / "game.yaml", content / "demo" / "deck.yaml"
    # each element keeps where it was written: the shared ones in game.yaml, the addition in the deck
    assert (deck.front[1]._source.path, deck.front[1]._source.line) == (game_file, _line(game_file, "name: titre"))
    assert deck.front[3]._source.path == deck_file
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    text = "".join(page.extract_text() for page in PdfReader(out / "demo" / "cartes.pdf").pages)
    assert text.count("Avancer") >= 6 and "Avancez un de vos pions" in text


@pytest.mark.parametrize("front, needle, message", [
    ("front:\n  extends: carte-valuer\n", "extends: carte-valuer",
     "extends: no layout 'carte-valuer' in game.yaml's `layouts` (did you mean 'carte-valeur'?); "
     "layouts: carte, carte-valeur"),
    ("front:\n  extends: carte\n  set: {tirte: {text: {size_pt: 12}}}\n", "set: {tirte",
     "set: layout 'carte' has no element named 'tirte' (did you mean 'titre'?)"),
    ("front:\n  extends: carte\n  remove: [cadr]\n", "remove: [cadr]",
     "remove: layout 'carte' has no element named 'cadr' (did you mean 'cadre'?)"),
    ("front:\n  extends: carte\n  ajoute: []\n", "ajoute", "unknown key 'ajoute' in an extended layout"),
])
def test_a_wrong_name_in_an_extends_is_told_at_its_line_with_the_closest(tmp_path, front, needle, message):
    content = _game(tmp_path, front)
    deck_file = content / "demo" / "deck.yaml"
    with pytest.raises(ContentError) as refused:
        load_game(content, "demo")
    found = [e for e in refused.value.errors if e.path == deck_file]
    assert [(e.line, e.message.startswith(message)) for e in found] == [(_line(deck_file, needle), True)], found


def test_layouts_extending_each_other_in_a_loop_are_refused(tmp_path):
    content = _game(tmp_path, "front:\n  extends: a\n", "layouts:\n  a: {extends: b}\n  b: {extends: a}\n")
    with pytest.raises(ContentError) as refused:
        load_game(content, "demo")
    assert "layouts extend each other in a loop (a -> b -> a)" in str(refused.value)


def test_an_error_in_a_shared_element_names_game_yaml(tmp_path):
    content = _game(tmp_path, layouts=LAYOUTS.replace("size_pt: 14, bold: true", "size_pt: 14, bold: oui"))
    with pytest.raises(ContentError) as refused:
        load_game(content, "demo")
    game_file = content / "demo" / "game.yaml"
    assert any(e.path == game_file and e.line == _line(game_file, "bold: oui") for e in refused.value.errors), \
        str(refused.value)


def test_the_editors_schema_accepts_layouts_and_extends():
    validator = jsonschema.Draft7Validator(content_schema())
    tmp = Path(__file__).parent
    assert validator.is_valid(json.loads(json.dumps({"kind": "deck", "id": "d", "name": "D", "size": "poker",
                                                     "front": {"extends": "carte", "remove": ["cadre"],
                                                               "set": {"titre": {"text": {"size_pt": 12}}}}})))
    assert not validator.is_valid({"kind": "deck", "id": "d", "name": "D", "size": "poker",
                                   "front": {"extend": "carte"}})
    game = read_yaml(tmp.parents[1] / "content" / "tactix" / "game.yaml")
    game = dict(game, layouts={"carte": [{"name": "titre", "text": {"text": "{name}", "x": 1, "y": 1}}]})
    assert validator.is_valid(json.loads(json.dumps(game)))
