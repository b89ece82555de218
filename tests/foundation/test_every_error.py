"""Every error at once (issue 16, item 3): a content file with several independent errors gets each one reported
at its file and line, across files too; `pnp validate` finds what `pnp build` would refuse while laying faces out
(text too wide for its box, an unknown icon, a field the table lacks) and writes nothing; one broken game never
stops the others, for build and validate alike; a game with very many errors shows the first ones and how many
more there are."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from generator.cli import EXIT_BAD_INPUT, cli
from generator.content import ContentError, load_game
from generator.content.errors import MAX_SHOWN_ERRORS
from generator.i18n import catalogue

LOCATED = re.compile(r"^(?:pnp: )?(\S+?):(\d+): (.*)$")


def _new(content: Path, *game_ids: str) -> Path:
    for game_id in game_ids:
        assert CliRunner().invoke(cli, ["new", game_id, "--content", str(content), "--language", "fr"]).exit_code == 0
    return content


def _edit(path: Path, *pairs: tuple[str, str]) -> None:
    text = path.read_text(encoding="utf-8")
    for old, new in pairs:
        assert old in text, (path.name, old)
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def _located(stderr: str) -> list[tuple[str, int, str]]:
    """(file name, line, message) of every `file:line: message` line."""
    return [(Path(m[1]).name, int(m[2]), m[3]) for m in map(LOCATED.match, stderr.splitlines()) if m]


def _run(*args: str):
    return CliRunner().invoke(cli, list(args))


def _three_errors_in_the_board(content: Path) -> Path:
    board = content / "demo" / "board.yaml"
    _edit(board, ("cell_mm: 22", "cell_mm: vingt"),              # a wrong type
          ("line_mm: 0.4", "line_nm: 0.4"),                      # an unknown key
          ('noir: {shape: disc, fill: "#2B2B2B"', 'noir: {shape: disc, fill: "#2B2B2G"'))   # a wrong colour
    return board


def test_three_independent_errors_of_one_file_are_all_reported_at_their_lines(tmp_path):
    content = _new(tmp_path / "content", "demo")
    board = _three_errors_in_the_board(content)
    expected = {_line_of(board, "cell_mm: vingt"), _line_of(board, "line_nm"), _line_of(board, "#2B2B2G")}
    for command in (["validate", "demo", "--content", str(content)],
                    ["build", "demo", "--content", str(content), "--out", str(tmp_path / "out"), "--jobs", "1"]):
        result = _run(*command)
        assert result.exit_code == EXIT_BAD_INPUT, result.output
        found = _located(result.stderr)
        assert {line for name, line, _ in found if name == "board.yaml"} == expected, (command[0], result.stderr)
        assert len(found) == 3, f"one message per error: {result.stderr}"
        assert "did you mean 'line_mm'" in result.stderr and "vingt" in result.stderr and "#2B2B2G" in result.stderr
        assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists(), "a failed build writes nothing"


def test_the_loader_raises_one_error_holding_each_error_in_file_order(tmp_path):
    content = _new(tmp_path / "content", "demo")
    board = _three_errors_in_the_board(content)
    try:
        load_game(content, "demo")
    except ContentError as err:
        assert [(e.path.name, e.line) for e in err.errors] == sorted(
            [("board.yaml", _line_of(board, "cell_mm")), ("board.yaml", _line_of(board, "line_nm")),
             ("board.yaml", _line_of(board, "#2B2B2G"))])
        assert (err.path, err.line) == (err.errors[0].path, err.errors[0].line), "the first error is the error"
    else:
        raise AssertionError("the board is wrong three times")


def test_a_misspelt_required_key_is_one_error_not_two(tmp_path):
    content = _new(tmp_path / "content", "demo")
    deck = content / "demo" / "deck.yaml"
    _edit(deck, ("name: \"Cartes Action\"", "nmae: \"Cartes Action\""))
    result = _run("validate", "demo", "--content", str(content))
    assert result.exit_code == EXIT_BAD_INPUT
    assert _located(result.stderr) == [("deck.yaml", _line_of(deck, "nmae"), _located(result.stderr)[0][2])]
    assert "did you mean 'name'" in result.stderr


def test_errors_in_two_component_files_are_both_reported(tmp_path):
    content = _new(tmp_path / "content", "demo")
    deck, counters = content / "demo" / "deck.yaml", content / "demo" / "counters.yaml"
    _edit(deck, ("size: poker", "size: pokr"))
    _edit(counters, ("size_mm: 20", "size_mm: -4"))
    result = _run("validate", "demo", "--content", str(content))
    assert result.exit_code == EXIT_BAD_INPUT
    assert {(name, line) for name, line, _ in _located(result.stderr)} == {
        ("deck.yaml", _line_of(deck, "size: pokr")), ("counters.yaml", _line_of(counters, "size_mm: -4"))}


def _layout_errors(content: Path, game_id: str = "demo") -> dict[str, int]:
    """Three errors only laying the faces out finds: a field the table lacks, an unknown icon named by a row,
    a text too wide for its width. Where each is written (file name -> line)."""
    folder = content / game_id
    _edit(folder / "deck.yaml", ('text: {text: "{value}"', 'text: {text: "{valeur}"'),
          ("  - text: {text: \"{name}\"", "  - icon: {name: \"{icon}\", cx: 50, cy: 12, size: 8}\n"
                                          "  - text: {text: \"{name}\""))
    _edit(folder / "cards.csv", ("name,value,text,count", "name,value,text,count,icon"),
          ("d'une case.\",6", "d'une case.\",6,couronne"), ("voisin.\",3", "voisin.\",3,crown"),
          ("choix.\",1", "choix.\",1,crown"))
    _edit(folder / "counters.yaml", ('text: {text: "{value}", x: 13, y: 13,',
                                     'text: {text: "{value} points", x: 13, y: 13, w: 4,'))
    return {"valeur": _line_of(folder / "deck.yaml", "{valeur}"), "icon": _line_of(folder / "deck.yaml", "{icon}"),
            "points": _line_of(folder / "counters.yaml", "points")}


def test_validate_finds_the_layout_errors_build_finds_and_writes_nothing(tmp_path, monkeypatch):
    content = _new(tmp_path / "content", "demo")
    lines = _layout_errors(content)
    monkeypatch.chdir(tmp_path)
    before = sorted(p for p in tmp_path.rglob("*"))
    validated = _run("validate", "demo", "--content", str(content))
    assert sorted(p for p in tmp_path.rglob("*")) == before, "validate writes nothing"
    built = _run("build", "demo", "--content", str(content), "--out", str(tmp_path / "out"), "--jobs", "1")
    assert not (tmp_path / "out" / "demo").exists(), "no half-written output"
    for result in (validated, built):
        assert result.exit_code == EXIT_BAD_INPUT, result.output
        found = _located(result.stderr)
        where = {(name, line) for name, line, _ in found}
        assert where == {("deck.yaml", lines["valeur"]), ("deck.yaml", lines["icon"]),
                         ("counters.yaml", lines["points"])}, result.stderr
        messages = "\n".join(message for _, _, message in found)
        assert "unknown field 'valeur'" in messages and "unknown icon 'couronne'" in messages \
            and "does not fit a width of 4.0 mm" in messages
        # the element naming a missing field is wrong on every row: said once, at its first row
        assert len([m for m in messages.splitlines() if "valeur" in m]) == 1
    assert _located(validated.stderr) == _located(built.stderr), "validate says what build says"


def test_one_broken_game_does_not_stop_the_others_build_or_validate(tmp_path):
    content = _new(tmp_path / "content", "bon", "casse")
    _layout_errors(content, "casse")
    out = tmp_path / "out"
    built = _run("build", "--content", str(content), "--out", str(out), "--jobs", "1")
    assert built.exit_code == EXIT_BAD_INPUT, built.output
    assert (out / "bon" / "manifest.json").is_file(), "the good game is written"
    assert not (out / "casse").exists(), "the broken one is not, not even in part"
    assert not [p for p in out.iterdir() if p.name.startswith(".pnp-new")], "no half-assembled folder left"
    words = catalogue("fr")
    assert built.stderr.splitlines()[-1] == "pnp: " + words("cli.failed_games", count=1, total=2, ids="casse")
    assert len(_located(built.stderr)) == 4, "the missing field, the unknown icon, two counters too wide"
    validated = _run("validate", "--content", str(content))
    assert validated.exit_code == EXIT_BAD_INPUT
    assert _located(validated.stderr) == _located(built.stderr)
    assert words("cli.valid", count=1, ids="bon") in validated.stdout, "the good game is checked and said valid"
    assert validated.stderr.splitlines()[-1] == "pnp: " + words("cli.failed_validation", count=1, total=2,
                                                                    ids="casse")


def test_very_many_errors_show_the_first_ones_then_how_many_more(tmp_path):
    content = _new(tmp_path / "content", "demo")
    board = content / "demo" / "board.yaml"
    extra = MAX_SHOWN_ERRORS + 5
    text = board.read_text(encoding="utf-8")
    board.write_text(text + "".join(f"inconnue_{i}: 1\n" for i in range(extra)), encoding="utf-8")
    result = _run("validate", "demo", "--content", str(content))
    assert result.exit_code == EXIT_BAD_INPUT
    assert len(_located(result.stderr)) == MAX_SHOWN_ERRORS
    words = catalogue("fr")
    assert "pnp: " + words("cli.more_errors", count=5) in result.stderr.splitlines()


def test_validate_after_a_build_does_not_lay_out_again_what_the_cache_says_is_fresh(tmp_path, monkeypatch):
    import generator.build as build
    content = _new(tmp_path / "content", "demo")
    out = tmp_path / "out"
    assert _run("build", "demo", "--content", str(content), "--out", str(out), "--jobs", "1").exit_code == 0
    laid_out = []
    rendering = build.render_unit      # validate renders in memory what the reader's preflight reads
    monkeypatch.setattr(build, "render_unit", lambda *args: laid_out.append(args[-1]) or rendering(*args))
    assert _run("validate", "demo", "--content", str(content), "--out", str(out)).exit_code == 0
    assert laid_out == [], "every unit was rendered by the build from these inputs"
    assert _run("validate", "demo", "--content", str(content), "--out", str(tmp_path / "elsewhere")).exit_code == 0
    assert {"component:plateau", "component:cartes", "component:jetons"} <= set(laid_out), "no cache there"
    laid_out.clear()
    _edit(content / "demo" / "cards.csv", ("Avancer", "Avancer encore"))
    assert _run("validate", "demo", "--content", str(content), "--out", str(out)).exit_code == 0
    assert "component:cartes" in laid_out


def test_errors_in_two_diagrams_are_both_reported(tmp_path):
    content = _new(tmp_path / "content", "demo")
    diagrams = content / "demo" / "diagrams.yaml"
    text = diagrams.read_text(encoding="utf-8")
    second = text[text.index("- id: depart"):].replace("id: depart", "id: second")
    diagrams.write_text(text.replace('"on": plateau', '"on": plato') + second.replace("caption:", "captoin:"),
                        encoding="utf-8")
    result = _run("validate", "demo", "--content", str(content))
    assert result.exit_code == EXIT_BAD_INPUT
    found = _located(result.stderr)
    assert [(name, line) for name, line, _ in found] == [("diagrams.yaml", _line_of(diagrams, "plato")),
                                                         ("diagrams.yaml", _line_of(diagrams, "captoin"))]
    assert "did you mean 'plateau'" in found[0][2] and "did you mean 'caption'" in found[1][2]


def test_an_error_of_game_yaml_does_not_hide_those_of_the_component_files(tmp_path):
    content = _new(tmp_path / "content", "demo")
    game, deck = content / "demo" / "game.yaml", content / "demo" / "deck.yaml"
    _edit(game, ("duration: 30 min", "duraton: 30 min"))
    _edit(deck, ("size: poker", "size: pokr"))
    result = _run("validate", "demo", "--content", str(content))
    assert result.exit_code == EXIT_BAD_INPUT
    assert [(name, line) for name, line, _ in _located(result.stderr)] == [
        ("game.yaml", _line_of(game, "duraton")), ("deck.yaml", _line_of(deck, "size: pokr"))]


def test_file_row_and_layout_errors_of_every_component_come_in_one_run(tmp_path, monkeypatch):
    # Issue 27 item 3: a wrong kind in one file, three spreadsheet mistakes (a count 'two', an unknown back, a
    # duplicate id) and a layout error in the deck whose rows are wrong: all told by one validate, one build.
    content = _new(tmp_path / "content", "demo")
    folder = content / "demo"
    _edit(folder / "counters.yaml", ("kind: counters", "kind: counter"))
    _edit(folder / "deck.yaml", ('text: "{value}"', 'text: "{valeu}"'),
          ("back:\n", "backs:\n  sort:\n    - background: {colour: \"#7030A0\"}\nback:\n"))
    (folder / "cards.csv").write_text('name,value,text,count,back,id\n'
                                      '"Avancer",1,"Avancez.",two,,a\n'
                                      '"Sauter",2,"Sautez.",3,sotr,b\n'
                                      '"Joker",0,"Jouez-la.",1,,b\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for command in (["validate"], ["build", "--out", str(tmp_path / "out"), "--jobs", "1"]):
        result = _run(*command, "demo", "--content", str(content))
        assert result.exit_code == EXIT_BAD_INPUT, result.output
        found = {(name, line): message for name, line, message in _located(result.stderr)}
        assert found[("counters.yaml", _line_of(folder / "counters.yaml", "kind:"))].startswith(
            "unknown component kind 'counter' (did you mean 'counters'?)")
        assert found[("cards.csv", 2)] == "count: expected a whole number, found 'two'"
        assert found[("cards.csv", 3)] == "row 2: back 'sotr' is not one of 'backs' (sort) (did you mean 'sort'?)"
        assert found[("cards.csv", 4)] == "row 3: id 'b' is already used by row 2"
        assert "unknown field 'valeu'" in found[("deck.yaml", _line_of(folder / "deck.yaml", "{valeu}"))]
        assert len(found) == 5, result.stderr
        assert not (tmp_path / "out" / "demo").exists()
