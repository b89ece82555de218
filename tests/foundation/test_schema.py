"""`pnp schema` is what editors validate with: every real content file passes it, and a wrong file fails in the
schema at the very line where the loader refuses it (so an editor underlines what `pnp validate` names)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.content.diagrams import load_diagrams
from generator.content.errors import ContentError
from generator.content.loader import load_component, load_game
from generator.content.models import COMPONENT_KINDS
from generator.content.schema_export import content_schema
from generator.content.yamlfile import LocatedDict, LocatedList, read_yaml
from generator.draw.icons import icon_names

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = content_schema()
VALIDATOR = jsonschema.Draft7Validator(SCHEMA)


def content_files() -> list[Path]:
    """Every YAML file of every game that loads, in content/ and in the test fixtures: game.yaml, the component
    files it lists, diagrams.yaml."""
    files = []
    for game_file in sorted([*ROOT.glob("content/*/game.yaml"), *ROOT.glob("tests/**/fixtures/**/game.yaml")]):
        folder = game_file.parent
        try:
            game = load_game(folder.parent, folder.name)
            load_diagrams(folder / "diagrams.yaml", game.components)
        except ContentError:
            continue          # a fixture broken on purpose: the loader's own tests cover it
        files.append(game_file)
        files += [folder / name for name in read_yaml(game_file)["components"] if name.endswith(".yaml")]
        if (folder / "diagrams.yaml").is_file():
            files.append(folder / "diagrams.yaml")
    return files


def line_of(data, error: jsonschema.ValidationError) -> int:
    """The file line a schema error points at: the key or item its path leads to (for an unknown key, that key)."""
    node, line = data, getattr(data, "line", 1)
    path = list(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = error.schema.get("properties", {})
        path.append(next(k for k in error.instance if k not in allowed))
    for key in path:
        if isinstance(node, (LocatedDict, LocatedList)):
            line = node.line_of(key)
        node = node[key]
    return line


def schema_errors(path: Path) -> list[tuple[int, str]]:
    data = read_yaml(path)
    return sorted((line_of(data, e), e.message) for e in VALIDATOR.iter_errors(data))


def test_schema_is_a_valid_draft_07_schema_that_switches_on_kind():
    jsonschema.Draft7Validator.check_schema(SCHEMA)
    switch = SCHEMA["definitions"]["component"]
    assert switch["properties"]["kind"]["enum"] == list(COMPONENT_KINDS)
    kinds = {rule["if"]["properties"]["kind"]["const"]: rule["then"]["$ref"] for rule in switch["allOf"]}
    assert kinds == {kind: f"#/definitions/{cls.__name__}" for kind, cls in COMPONENT_KINDS.items()}
    assert SCHEMA["then"] == {"$ref": "#/definitions/diagrams"}


def test_descriptions_read_as_text_and_icons_are_listed_whole():
    text = json.dumps(SCHEMA, ensure_ascii=False)
    for leak in ("<class", "object at 0x", "typing.", "Literal[", "NoneType", "MappingProxy", "Colour("):
        assert leak not in text
    def descriptions(node):
        if isinstance(node, dict):
            if isinstance(node.get("description"), str):
                yield node["description"]
            for value in node.values():
                yield from descriptions(value)
        elif isinstance(node, list):
            for value in node:
                yield from descriptions(value)
    for description in descriptions(SCHEMA):
        # Whole sentences, and no list of examples cut short ("crown, star…)"): the schema lists choices whole.
        assert not description.rstrip().endswith((",", "(")) and "…)" not in description, description
    piece_mark = SCHEMA["definitions"]["PieceStyle"]["properties"]["mark"]
    assert piece_mark["examples"] == [*icon_names(), "none"]       # any name may be a game's own icon


def test_pnp_schema_prints_it_and_writes_it_to_a_file(tmp_path):
    result = CliRunner().invoke(cli, ["schema"])
    assert result.exit_code == 0 and json.loads(result.output) == SCHEMA
    out = tmp_path / "schema.json"
    result = CliRunner().invoke(cli, ["schema", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8")) == SCHEMA


def test_every_real_content_file_passes_the_schema():
    files = content_files() + sorted(ROOT.glob("content/*/playtest.yaml"))   # written by --into-notes
    assert len(files) > 20 and any(f.name == "diagrams.yaml" for f in files)
    assert any(f.name == "playtest.yaml" for f in files)
    kinds = {read_yaml(f).get("kind") for f in files if f.name not in ("game.yaml", "diagrams.yaml")}
    assert kinds >= {"board", "deck", "tiles", "counters", "dice", "sheet", "mat", "map", "form"}
    failures = {str(f.relative_to(ROOT)): schema_errors(f) for f in files}
    assert {name: errors for name, errors in failures.items() if errors} == {}


DECK = """\
kind: deck
id: cartes
name: Cartes
size: poker
fields:
  - {titre: Avancer, count: 2}
front:
  - background: {colour: "#FFFFFF"}
  - text: {text: "{titre}", x: 8, y: 10, w: 50, size_pt: 12}
"""
BOARD = """\
kind: board
id: plateau
name: Plateau
grid: {columns: 8, rows: 8, cell_mm: 20}
pieces:
  blanc: {shape: disc, fill: "#FFFFFF", label: B}
"""

# (file name, text, the line the loader names): each wrong in one place.
WRONG = {
    "unknown key": ("deck.yaml", DECK.replace("size: poker\n", "size: poker\ncolour: \"#FFFFFF\"\n"), 5),
    "unknown size preset": ("deck.yaml", DECK.replace("size: poker", "size: giant"), 4),
    "a preset and a width": ("deck.yaml", DECK.replace("size: poker\n", "size: poker\nwidth_mm: 60\nheight_mm: 90\n"), 1),
    "a colour by name": ("deck.yaml", DECK.replace('{colour: "#FFFFFF"}', "{colour: white}"), 8),
    "a size as a word": ("deck.yaml", DECK.replace("size_pt: 12", "size_pt: big"), 9),
    "a negative line width": ("deck.yaml", DECK + '  - line: {x1: 5, y1: 5, x2: 20, y2: 5, stroke_mm: -1}\n', 10),
    "two shapes in one element": ("deck.yaml", DECK + '  - rect: {fill: "#FFFFFF"}\n    circle: {cx: 5, cy: 5, r: 2}\n', 10),
    "a rect with x alone": ("deck.yaml", DECK + '  - rect: {x: 5, fill: "#FFFFFF"}\n', 10),
    "an unknown pattern": ("deck.yaml", DECK + '  - pattern: {kind: stripe}\n', 10),
    "an icon name no icon can have": ("deck.yaml", DECK + '  - icon: {name: crwn_, cx: 5, cy: 5, size: 4}\n', 10),
    "a field name with a space": ("deck.yaml", DECK.replace("{titre: Avancer", "{le titre: Avancer"), 6),
    "an unknown kind": ("deck.yaml", DECK.replace("kind: deck", "kind: dek"), 1),
    "a square too small": ("board.yaml", BOARD.replace("cell_mm: 20", "cell_mm: 1"), 4),
    "an unknown piece shape": ("board.yaml", BOARD.replace("shape: disc", "shape: circle"), 6),
    "a mark name no icon can have": ("board.yaml", BOARD.replace("label: B}", "label: B, mark: crwn_}"), 6),
    "a die of five faces": ("dice.yaml", "kind: dice\nid: des\nname: Dés\ndice:\n"
                                         "  - {id: a, name: A, faces: [1, 2, 3, 4, 5]}\n", 5),
    "counters without a size": ("counters.yaml", "kind: counters\nid: j\nname: J\nfront:\n"
                                                 "  - background: {colour: \"#FFFFFF\"}\n", 1),
    "a hex tile given a width": ("tiles.yaml", "kind: tiles\nid: t\nname: T\nshape: hex\nsize_mm: 30\nwidth_mm: 30\n"
                                               "front:\n  - background: {colour: \"#FFFFFF\"}\n", 1),
    "a round standee": ("counters.yaml", "kind: counters\nid: j\nname: J\nsize_mm: 20\nform: standee\nfront:\n"
                                         "  - background: {colour: \"#FFFFFF\"}\n", 1),
    "a map with grid and grid_file": ("map.yaml", "kind: map\nid: m\nname: M\ngrid_file: m.txt\nlegend:\n"
                                                  "  '.': {name: Vide}\ngrid: |\n  ..\n", 1),
    "a zone pattern": ("mat.yaml", "kind: mat\nid: a\nname: A\nwidth_mm: 200\nheight_mm: 100\nzones:\n"
                                   "  - {x: 10, y: 10, w: 50, h: 50, fill: \"#FFFFFF\", pattern: zigzag}\n", 7),
}


@pytest.mark.parametrize("case", sorted(WRONG))
def test_a_wrong_component_fails_in_the_schema_where_the_loader_refuses_it(case, tmp_path):
    name, text, line = WRONG[case]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        load_component(path)
    assert refused.value.line == line, str(refused.value)
    errors = schema_errors(path)
    assert errors, f"the schema accepts what the loader refuses: {refused.value}"
    assert line in [at for at, _ in errors], (str(refused.value), errors)
    best = jsonschema.exceptions.best_match(VALIDATOR.iter_errors(read_yaml(path)))
    assert line_of(read_yaml(path), best) == line, (str(refused.value), best.message)


GAME = """\
id: jeu
title: Jeu
authors: [Moi]
licence: MIT
players: "2"
duration: 10 min
ages: 8+
language: fr
components: []
"""
DIAGRAM = """\
- id: depart
  caption: Au départ.
  on: plateau
  position: {a1: blanc}
  show:
    marks: [{at: a1, label: "1"}]
"""
WRONG_GAME_FILES = {
    "a language we do not speak": ("game.yaml", GAME.replace("language: fr", "language: de"), 8),
    "a game without a licence": ("game.yaml", GAME.replace("licence: MIT\n", ""), 1),
    "a variant without a name": ("game.yaml", GAME + "variants:\n  - {id: court}\n", 11),
    "a show key misspelt": ("diagrams.yaml", DIAGRAM.replace("marks:", "marsk:"), 6),
    "a claim of two kinds": ("diagrams.yaml", DIAGRAM + "  expect:\n    - {winner: blanc, captures: []}\n", 8),
    "a mark without a label": ("diagrams.yaml", DIAGRAM.replace(', label: "1"', ""), 6),
}


@pytest.mark.parametrize("case", sorted(WRONG_GAME_FILES))
def test_a_wrong_game_or_diagrams_file_fails_in_the_schema_where_the_loader_refuses_it(case, tmp_path):
    name, text, line = WRONG_GAME_FILES[case]
    folder = tmp_path / "jeu"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    path = folder / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        if name == "game.yaml":
            load_game(tmp_path, "jeu")
        else:
            load_diagrams(path)
    assert refused.value.line == line, str(refused.value)
    errors = schema_errors(path)
    assert line in [at for at, _ in errors], (str(refused.value), errors)
    best = jsonschema.exceptions.best_match(VALIDATOR.iter_errors(read_yaml(path)))
    assert line_of(read_yaml(path), best) == line, (str(refused.value), best.message)


def test_a_wrong_playtest_file_fails_in_the_schema_as_the_loader_refuses_it(tmp_path):
    from generator.content.playtest_notes import read_playtest_notes
    folder = tmp_path / "jeu"
    folder.mkdir()
    text = (ROOT / "content" / "tactix" / "playtest.yaml").read_text(encoding="utf-8")
    import re
    (folder / "playtest.yaml").write_text(re.sub(r"(?m)^capped: \d+$", "capped: trois", text), encoding="utf-8")
    assert "capped: trois" in (folder / "playtest.yaml").read_text(encoding="utf-8")
    with pytest.raises(ContentError):
        read_playtest_notes(folder)
    errors = list(VALIDATOR.iter_errors(read_yaml(folder / "playtest.yaml")))
    assert errors and any(list(e.absolute_path) == ["capped"] for e in errors)
