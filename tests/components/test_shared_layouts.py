"""Layouts shared across components (issue 27 item 8): a face layout written once in game.yaml's `layouts`,
used by several components with `extends`, changed per component (`set`, `remove`, `add`) or picked per row
(a table's `layout` field); every element keeps the file and line it was written at; wrong names are told with
the closest one; editors' schema accepts it. Written as an English designer writes a game (`--language en`)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import EXIT_BAD_INPUT, cli
from generator.content import ContentError, load_game
from generator.content.schema_export import content_schema
from generator.content.yamlfile import read_yaml

LAYOUTS = """\
layouts:
  card:
    - background: {colour: "#FFFDF7"}
    - name: frame
      rect: {x: 6, y: 6, w: 57.5, h: 82.9, radius: 2, stroke: "#24466B", stroke_mm: 0.5}
    - name: title
      text: {text: "{name}", x: 34.75, y: 30, w: 51.5, size_pt: 14, bold: true, align: center}
  value-card:
    extends: card
    add:
      - name: value
        text: {text: "{value}", x: 9, y: 9, size_pt: 18, bold: true, colour: "#24466B"}
  wild-card:
    extends: card
    set: {title: {text: {colour: "#7030A0"}}}
    add:
      - text: {text: "WILD", x: 34.75, y: 60, size_pt: 16, bold: true, colour: "#7030A0", align: center}
"""
FRONT = """\
front:
  extends: value-card
  set: {title: {text: {colour: "#7030A0", size_pt: 13}}}
  remove: [frame]
  add:
    - text: {text: "{text}", x: 9, y: 48, w: 51.5, h: 32, size_pt: 10, align: center}
"""


def _game(tmp_path: Path, front: str = FRONT, layouts: str = LAYOUTS) -> Path:
    content = tmp_path / "content"
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "en"]).exit_code == 0
    folder = content / "demo"
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + layouts, encoding="utf-8")
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    start, end = text.index("front:\n"), text.index("back:\n")
    deck.write_text(text[:start] + front + text[end:], encoding="utf-8")
    return content


def _pdf_text(path: Path) -> str:
    """The PDF's text, its lines joined (a card's text wraps)."""
    return " ".join(" ".join(page.extract_text() for page in PdfReader(path).pages).split())


def _line(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_a_face_extends_a_shared_layout_changed_for_its_component(tmp_path):
    content = _game(tmp_path)
    deck = next(c for c in load_game(content, "demo").components if c.id == "cards")
    kinds = [(e.name, e.element_kind) for e in deck.front]
    assert kinds == [(None, "background"), ("title", "text"), ("value", "text"), (None, "text")]
    title = deck.front[1].body
    assert (title.colour, title.size_pt, title.bold) == ("#7030A0", 13, True)     # set: merged, the rest kept
    game_file, deck_file = content / "demo" / "game.yaml", content / "demo" / "deck.yaml"
    # each element keeps where it was written: the shared ones in game.yaml, the addition in the deck
    assert (deck.front[1]._source.path, deck.front[1]._source.line) == (game_file, _line(game_file, "name: title"))
    assert deck.front[3]._source.path == deck_file
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    text = _pdf_text(out / "demo" / "cards.pdf")
    assert text.count("Advance") >= 6 and "Move one of your pieces one square." in text


@pytest.mark.parametrize("front, needle, message", [
    ("front:\n  extends: value-crad\n", "extends: value-crad",
     "extends: no layout 'value-crad' in game.yaml's `layouts` (did you mean 'value-card'?); "
     "layouts: card, value-card, wild-card"),
    ("front:\n  extends: card\n  set: {tilte: {text: {size_pt: 12}}}\n", "set: {tilte",
     "set: layout 'card' has no element named 'tilte' (did you mean 'title'?)"),
    ("front:\n  extends: card\n  remove: [fram]\n", "remove: [fram]",
     "remove: layout 'card' has no element named 'fram' (did you mean 'frame'?)"),
    ("front:\n  extends: card\n  append: []\n", "append", "unknown key 'append' in an extended layout"),
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
    content = _game(tmp_path, layouts=LAYOUTS.replace("size_pt: 14, bold: true", "size_pt: 14, bold: yes-ish"))
    with pytest.raises(ContentError) as refused:
        load_game(content, "demo")
    game_file = content / "demo" / "game.yaml"
    assert any(e.path == game_file and e.line == _line(game_file, "bold: yes-ish") for e in refused.value.errors), \
        str(refused.value)


def test_the_editors_schema_accepts_layouts_and_extends():
    validator = jsonschema.Draft7Validator(content_schema())
    tmp = Path(__file__).parent
    assert validator.is_valid(json.loads(json.dumps({"kind": "deck", "id": "d", "name": "D", "size": "poker",
                                                     "front": {"extends": "card", "remove": ["frame"],
                                                               "set": {"title": {"text": {"size_pt": 12}}}}})))
    assert not validator.is_valid({"kind": "deck", "id": "d", "name": "D", "size": "poker",
                                   "front": {"extend": "card"}})
    game = read_yaml(tmp.parents[1] / "content" / "tactix" / "game.yaml")
    game = dict(game, layouts={"card": [{"name": "title", "text": {"text": "{name}", "x": 1, "y": 1}}]})
    assert validator.is_valid(json.loads(json.dumps(game)))


ROWS_WITH_LAYOUT = """\
name,value,text,count,layout
"Advance",1,"Move one of your pieces one square.",6,
"Jump",2,"Jump over a neighbouring piece.",3,
"Joker",0,"Play this card as any card you choose.",1,{joker}
"""


def _rows(content: Path, joker: str = "wild-card", rows: str = ROWS_WITH_LAYOUT) -> Path:
    table = content / "demo" / "cards.csv"
    table.write_text(rows.format(joker=joker), encoding="utf-8")
    return table


def test_a_row_picks_a_game_layout_as_its_front_by_its_layout_field(tmp_path):
    content = _game(tmp_path)
    _rows(content)
    deck = next(c for c in load_game(content, "demo").components if c.id == "cards")
    wild = deck._row_fronts["wild-card"]
    assert [(e.name, e.element_kind) for e in wild] == [(None, "background"), ("frame", "rect"), ("title", "text"),
                                                        (None, "text")]
    game_file = content / "demo" / "game.yaml"
    assert (wild[3]._source.path, wild[3]._source.line) == (game_file, _line(game_file, 'text: "WILD"'))
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    text = _pdf_text(out / "demo" / "cards.pdf")
    # the Joker drawn from wild-card (its WILD, not the deck's {text}), every other row from the deck's front
    assert text.count("WILD") == 1 and "Play this card as any card you choose." not in text
    assert text.count("Move one of your pieces one square.") == 6 and text.count("Jump over") == 3


def test_an_unknown_row_layout_is_told_at_its_row_with_the_closest_in_the_same_run_as_other_errors(tmp_path):
    content = _game(tmp_path)
    table = _rows(content, "wild-crad", ROWS_WITH_LAYOUT.replace(",3,", ",three,"))
    result = CliRunner().invoke(cli, ["validate", "demo", "--content", str(content)])
    assert result.exit_code == EXIT_BAD_INPUT, result.output
    errors = result.stderr
    assert f"{table.name}:4: row 3: layout 'wild-crad' is not one of game.yaml's `layouts` (card, value-card, " \
           f"wild-card) (did you mean 'wild-card'?)" in errors, errors
    assert f"{table.name}:3:" in errors and "three" in errors, errors        # the wrong count, in the same run
    assert "Traceback" not in errors


def test_a_condition_of_a_row_layout_is_checked_like_the_front_s(tmp_path):
    content = _game(tmp_path, layouts=LAYOUTS + "  spell-card:\n    - text: {text: \"{name}\", x: 9, y: 9}\n"
                                                "      when: {typ: Spell}\n")
    _rows(content, "spell-card")
    result = CliRunner().invoke(cli, ["validate", "demo", "--content", str(content)])
    assert result.exit_code == EXIT_BAD_INPUT
    game_file = content / "demo" / "game.yaml"
    line = _line(game_file, '"{name}", x: 9, y: 9}')          # the element, in game.yaml where it is written
    assert f"game.yaml:{line}: deck 'cards', layout 'spell-card' element 1 (text): when: unknown field 'typ'" \
        in result.stderr, result.stderr


def test_without_game_layouts_a_layout_column_is_a_plain_field(tmp_path):
    content = _game(tmp_path, front="front:\n  - text: {text: \"{name} ({layout})\", x: 9, y: 9, size_pt: 10}\n",
                    layouts="")
    _rows(content, "portrait")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    text = _pdf_text(out / "demo" / "cards.pdf")
    assert "Joker (portrait)" in text and "Advance ()" in text


def test_an_error_in_a_layout_only_rows_pick_names_game_yaml_and_no_row(tmp_path):
    content = _game(tmp_path, layouts=LAYOUTS.replace('size_pt: 16, bold: true', 'size_pt: 16, bold: yes-ish'))
    _rows(content)
    result = CliRunner().invoke(cli, ["validate", "demo", "--content", str(content)])
    assert result.exit_code == EXIT_BAD_INPUT
    game_file = content / "demo" / "game.yaml"
    assert f"game.yaml:{_line(game_file, 'bold: yes-ish')}:" in result.stderr, result.stderr
    assert "is not one of game.yaml's" not in result.stderr and "Traceback" not in result.stderr
