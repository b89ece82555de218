"""Limits on what content may ask of a build (generator/content/limits.py): each hostile input is refused fast,
with exit 2, `file:line:`, the limit and, where a designer may need more, how to raise it; numbers are finite and
in range at `pnp validate`; a control character or deep nesting in YAML is a ContentError with its line."""

from __future__ import annotations

import resource
import shutil
import struct
import time
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.content import limits
from generator.content.errors import ContentError
from generator.content.yamlfile import parse_yaml

ROOT = Path(__file__).resolve().parents[2]
CARTES = ROOT / "tests" / "kinds" / "fixtures" / "cartes"
# Every refusal below costs well under a second alone. Measured in CPU seconds of this process (the command runs
# in it), not wall time: the suite's parallel workers and a busy machine stretch the wall clock, not the work.
FAST_S = 5.0


@pytest.fixture
def cartes(tmp_path):
    """A copy of the card-game fixture (deck, tiles, counters, dice) to break on purpose."""
    shutil.copytree(CARTES, tmp_path / "content" / "cartes")
    return tmp_path / "content" / "cartes"


def _pnp(*args: str):
    start = time.process_time()
    result = CliRunner().invoke(cli, list(args))
    return result, time.process_time() - start


def _validate(game: Path):
    return _pnp("validate", game.name, "--content", str(game.parent))


def _refused(game: Path, where: str, *words: str, build_into: Path | None = None) -> str:
    """Run validate (or build) and check: exit 2, fast, one message at `where` (file:line) naming `words`."""
    if build_into is None:
        result, seconds = _validate(game)
    else:
        result, seconds = _pnp("build", game.name, "--content", str(game.parent), "--out", str(build_into))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert where in result.stderr, result.stderr
    for word in words:
        assert word in result.stderr, result.stderr
    assert seconds < FAST_S
    return result.stderr


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _billion_laughs() -> str:
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    prev = "a"
    for name in "bcdefghi":
        text += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]\n"
        prev = name
    return text


# --- counts and items -----------------------------------------------------------------------------------------

def test_a_deck_row_asking_for_a_hundred_million_copies_is_refused_at_its_line_with_how_to_raise_it(cartes):
    _replace(cartes / "deck.yaml", "{title: Avancer, count: 6}", "{title: Avancer, count: 100000000}")
    message = _refused(cartes, "deck.yaml:7:", "100000000", "copies_per_row")
    assert "limits:" in message and "game.yaml" in message


def test_too_many_items_in_a_game_are_refused_and_a_game_may_raise_the_limit(cartes):
    rows = "".join(f"  - {{title: C{i}, count: 1000}}\n" for i in range(6))
    _replace(cartes / "deck.yaml", "  - {title: Avancer, count: 6}\n", rows)
    _refused(cartes, "deck.yaml:", "items_per_game", "5000")
    (cartes / "game.yaml").write_text((cartes / "game.yaml").read_text() + "limits:\n  items_per_game: 8000\n")
    result, _ = _validate(cartes)
    assert result.exit_code == 0, result.output


def test_a_raised_limit_is_capped_by_its_hard_maximum_and_unknown_limits_are_named(cartes):
    game = cartes / "game.yaml"
    base = game.read_text()
    game.write_text(base + "limits:\n  items_per_game: 60000\n")
    _refused(cartes, f"game.yaml:{len(base.splitlines()) + 2}:", "items_per_game", str(limits.ITEMS_PER_GAME.hard_max))
    game.write_text(base + "limits:\n  yaml_nodes: 10\n")
    _refused(cartes, "game.yaml:", "'yaml_nodes' cannot be changed", "items_per_game")


# --- YAML ----------------------------------------------------------------------------------------------------

def test_a_billion_laughs_yaml_is_refused_fast_and_with_little_memory(cartes):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    (cartes / "deck.yaml").write_text(_billion_laughs())
    _refused(cartes, "deck.yaml:", "each alias counted", str(limits.YAML_NODES.default))
    grown_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert grown_kb < 100_000, f"the refusal cost {grown_kb} kB"


def test_an_alias_inside_its_own_anchor_is_refused_at_its_line():
    with pytest.raises(ContentError) as err:
        parse_yaml("a: 1\nb: &x\n  - 1\n  - *x\n", Path("loop.yaml"))
    assert err.value.line == 4 and "contains it" in err.value.message


@pytest.mark.parametrize("text, line", [
    ("a: " + "[" * 5000 + "]" * 5000 + "\n", 1),                          # flow nesting
    ("".join(" " * i + "- \n" for i in range(300)), limits.YAML_DEPTH.default + 1),  # block nesting
])
def test_very_deep_yaml_nesting_is_a_content_error_with_a_line(text, line):
    start = time.process_time()
    with pytest.raises(ContentError) as err:
        parse_yaml(text, Path("deep.yaml"))
    assert err.value.line == line and "nesting depth" in err.value.message
    assert time.process_time() - start < FAST_S


def test_a_control_character_in_yaml_is_refused_at_its_line_by_validate(cartes):
    _replace(cartes / "deck.yaml", "name: Cartes Action", "name: Cartes\x07Action")
    _refused(cartes, "deck.yaml:4:", "is not allowed")


def test_a_number_of_thousands_of_digits_is_a_content_error_not_a_traceback(cartes):
    _replace(cartes / "deck.yaml", "size: poker", "width_mm: " + "9" * 5000 + "\nheight_mm: 80")
    _refused(cartes, "deck.yaml:5:", "5000 digits")


def test_a_yaml_file_past_the_size_limit_is_refused_without_reading_it_all(cartes):
    with open(cartes / "deck.yaml", "a", encoding="utf-8") as handle:
        handle.write("#" * (limits.YAML_FILE_BYTES.default + 10) + "\n")
    _refused(cartes, "deck.yaml:", str(limits.YAML_FILE_BYTES.default))


def test_one_text_value_past_the_text_limit_is_refused_at_its_line(cartes):
    _replace(cartes / "deck.yaml", "name: Cartes Action", "name: " + "x" * (limits.TEXT_CHARS.default + 1))
    _refused(cartes, "deck.yaml:4:", "characters in one text", str(limits.TEXT_CHARS.default))


# --- numbers --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("old, new, words", [
    ("size: poker", "width_mm: .nan\nheight_mm: 80", ("width_mm", "not a finite number")),
    ("size: poker", "width_mm: 60\nheight_mm: .inf", ("height_mm", "not a finite number")),
    ("size: poker", "size: poker\ncorner_mm: -2", ("corner_mm", "below the minimum")),
    ("size: poker", "size: poker\nbleed_mm: -.inf", ("bleed_mm", "not a finite number")),
    ("size: bridge", None, ()),   # control: a good value passes
])
def test_nan_infinite_and_negative_sizes_are_refused_by_validate_with_file_and_line(cartes, old, new, words):
    if new is None:
        _replace(cartes / "deck.yaml", "size: poker", old)
        assert _validate(cartes)[0].exit_code == 0
        return
    _replace(cartes / "deck.yaml", old, new)
    _refused(cartes, "deck.yaml:", *words)


def test_a_negative_dash_length_is_refused_in_the_list_it_belongs_to(cartes):
    _replace(cartes / "deck.yaml", '  - background: {colour: "#24466B"}',
             '  - background: {colour: "#24466B"}\n  - rect: {dash_mm: [2, -1]}')
    _refused(cartes, "deck.yaml:", "dash_mm", "below the minimum 0")


# --- tables ---------------------------------------------------------------------------------------------------

def _with_table(cartes: Path, csv_text: str) -> None:
    deck = cartes / "deck.yaml"
    text = deck.read_text()
    if "table: cards.csv" not in text:
        start, end = text.index("fields:"), text.index("front:")
        deck.write_text(text[:start] + "table: cards.csv\n" + text[end:])
    (cartes / "cards.csv").write_text(csv_text, encoding="utf-8")


def test_a_table_of_too_many_rows_is_refused_at_the_first_row_past_the_limit(cartes):
    n = limits.TABLE_ROWS.default
    _with_table(cartes, "title\n" + "".join(f"c{i}\n" for i in range(n + 5)))
    _refused(cartes, f"cards.csv:{n + 2}:", "table_rows")


def test_a_table_of_too_many_columns_or_too_long_a_cell_is_refused_at_its_line(cartes):
    n = limits.TABLE_COLUMNS.default + 1
    _with_table(cartes, ",".join(f"f{i}" for i in range(n)) + "\n" + ",".join("x" * n) + "\n")
    _refused(cartes, "cards.csv:1:", "columns", str(limits.TABLE_COLUMNS.default))
    _with_table(cartes, "title\nshort\n" + "y" * (limits.CELL_CHARS.default + 1) + "\n")
    _refused(cartes, "cards.csv:3:", "characters", str(limits.CELL_CHARS.default))


def test_a_table_naming_a_huge_file_reads_no_more_than_the_limit(cartes):
    _with_table(cartes, "title\n" + "a\n" * (limits.TEXT_FILE_BYTES.default // 2 + 10))
    _refused(cartes, "cards.csv:", "bytes in this file", str(limits.TEXT_FILE_BYTES.default))


# --- maps -----------------------------------------------------------------------------------------------------

def test_a_map_of_too_many_cells_is_refused_with_its_size_and_how_to_raise_it(cartes):
    side = 250   # 62 500 cells, above the default 10 000 and the hard maximum 40 000
    (cartes / "map.txt").write_text(("." * side + "\n") * side)
    (cartes / "map.yaml").write_text(
        "kind: map\nid: terrain\nname: Terrain\ncell_mm: 10\ngrid_file: map.txt\n"
        "legend:\n  '.': {name: Plaine, label: p}\n")
    _replace(cartes / "game.yaml", "  - dice.yaml\n", "  - dice.yaml\n  - map.yaml\n")
    _refused(cartes, "map.txt:1:", "map_cells", "250 x 250", "limits:")


# --- assets and pages -----------------------------------------------------------------------------------------

def _image_in_deck(cartes: Path, name: str) -> None:
    _replace(cartes / "deck.yaml", '  - background: {colour: "#24466B"}',
             f'  - background: {{colour: "#24466B"}}\n  - image: {{file: {name}, x: 5, y: 5, w: 20, h: 20}}')


def _png_header(width: int, height: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    return b"\x89PNG\r\n\x1a\n" + chunk


def test_an_image_of_too_many_pixels_is_refused_from_its_header_before_decoding(cartes, tmp_path):
    (cartes / "assets").mkdir(exist_ok=True)
    (cartes / "assets" / "bomb.png").write_bytes(_png_header(100_000, 100_000))
    _image_in_deck(cartes, "bomb.png")
    _refused(cartes, "deck.yaml:", "100000 x 100000", "pixels", build_into=tmp_path / "out")


@pytest.mark.parametrize("body, words", [
    # each level uses the previous one twice: 2^40 shapes once expanded
    ("".join(f'<g id="l{i}"><use href="#l{i - 1}"/><use href="#l{i - 1}"/></g>' if i else '<rect id="l0" '
             'width="1" height="1"/>' for i in range(40)), ("svg_elements",)),
    ("<g>" * 200 + '<rect width="1" height="1"/>' + "</g>" * 200, ("svg_depth",)),
    ('<g id="me"><use href="#me"/></g>', ("loop",)),
])
def test_an_svg_asset_that_nests_or_expands_without_bound_is_refused(cartes, tmp_path, body, words):
    (cartes / "assets").mkdir(exist_ok=True)
    (cartes / "assets" / "art.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{body}</svg>')
    _image_in_deck(cartes, "art.svg")
    _refused(cartes, "deck.yaml:", *words, build_into=tmp_path / "out")


def test_an_output_past_the_page_limit_is_refused(cartes, tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "PAGES_PER_OUTPUT", limits.Limit("pages_per_output", 1, 1, "a test bound"))
    _refused(cartes, "pages of", "more than the limit of 1", build_into=tmp_path / "out")


# --- engine commands --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["tactix", "armada"])
def test_a_perft_that_would_pass_the_leaf_limit_is_refused_before_it_runs(game):
    result, seconds = _pnp("engine", game, "perft", "12")
    assert result.exit_code == 2, result.output
    assert f"perft 12 of '{game}': leaves" in result.stderr and seconds < FAST_S


def test_a_perft_within_the_leaf_limit_still_counts_exactly():
    result, _ = _pnp("engine", "tactix", "perft", "2")
    assert result.exit_code == 0 and result.stdout.strip() == "1329"


def test_score_of_more_tiles_than_the_limit_is_refused_at_once():
    tiles = ["plus1/bleu"] * (limits.SCORE_TILES.default + 1)
    result, seconds = _pnp("engine", "praxis", "score", *tiles)
    assert result.exit_code == 2 and "tiles to score" in result.stderr and seconds < FAST_S
