"""Issue 27's walk, repeated by a test: a designer's own game in English, from a spreadsheet, as a newcomer would
make it — `pnp new`, then two card types (attacks and spells) in one .xlsx, two backs, an icon of their own, a
layout shared in game.yaml and extended, a condition — built and exported for Tabletop Simulator; then the same
game with six mistakes, every one told in one run of `validate` with its file and line, and nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl          # the `xlsx` extra, in the test extras: never skipped
import pdfplumber
import yaml
from click.testing import CliRunner

from generator.cli import cli

ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
        '<path d="M12 2 L15 9 L22 9 L16 14 L18 22 L12 17 L6 22 L8 14 L2 9 L9 9 Z"/></svg>\n')
HEADER = ["name", "value", "text", "count", "back", "layout", "rarity"]
ROWS = [
    ["Strike", 2, "Deal 2 damage.", 3, "", "", "common"],
    ["Cleave", 3, "Deal 3 damage to two foes.", 1, "", "", "rare"],
    ["Fireball", 4, "Deal 4 damage to :flame: every foe.", 2, "spell", "spell", "rare"],
    ["Heal", 0, "Gain 3 life.", 1, "spell", "spell", "common"],
]
LAYOUTS = {
    "card": [
        {"background": {"colour": "#FFFDF7"}},
        {"name": "title", "text": {"text": "{name}", "x": 9, "y": 9, "w": 51.5, "size_pt": 14, "bold": True}},
        {"text": {"text": "{text}", "x": 9, "y": 40, "w": 51.5, "h": 30, "size_pt": 10, "align": "center"}},
    ],
    "spell": {"extends": "card", "set": {"title": {"text": {"colour": "#7030A0"}}},
              "add": [{"text": {"text": "SPELL", "x": 9, "y": 80, "size_pt": 8, "bold": True}}]},
}


def _workbook(path: Path, rows: list[list]) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in [HEADER, *rows]:
        sheet.append(row)
    book.save(path)


def _designer_game(tmp_path: Path, rows: list[list] = ROWS, condition: str = "rarity") -> Path:
    content = tmp_path / "content"
    result = CliRunner().invoke(cli, ["new", "duel", "--content", str(content), "--language", "en"])
    assert result.exit_code == 0, result.output
    game = content / "duel"
    info = yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8"))
    info["layouts"] = LAYOUTS
    info["components"] = ["deck.yaml"]
    (game / "game.yaml").write_text(yaml.safe_dump(info, sort_keys=False, allow_unicode=True), encoding="utf-8")
    for extra in ("board.yaml", "counters.yaml", "diagrams.yaml", "cards.csv"):
        (game / extra).unlink()
    (game / "rules.en.md").write_text("# Duel\n\nPlay cards until one player has no life left.\n",
                                      encoding="utf-8")
    (game / "assets" / "icons").mkdir(parents=True)
    (game / "assets" / "icons" / "flame.svg").write_text(ICON, encoding="utf-8")
    _workbook(game / "cards.xlsx", rows)
    deck = {
        "kind": "deck", "id": "cards", "name": "Cards", "size": "poker", "table": "cards.xlsx", "sheet": "Cards",
        "front": {"extends": "card",
                  "add": [{"text": {"text": "RARE", "x": 50, "y": 9, "size_pt": 8, "bold": True},
                           "when": {condition: "rare"}}]},
        "back": [{"background": {"colour": "#24466B"}},
                 {"text": {"text": "ATTACK", "x": 34.75, "y": 40, "size_pt": 14, "bold": True,
                           "colour": "#FFFFFF", "align": "center"}}],
        "backs": {"spell": [{"background": {"colour": "#7030A0"}},
                            {"text": {"text": "SPELL BACK", "x": 34.75, "y": 40, "size_pt": 14,
                                      "bold": True, "colour": "#FFFFFF", "align": "center"}}]},
    }
    (game / "deck.yaml").write_text(yaml.safe_dump(deck, sort_keys=False), encoding="utf-8")
    return content


def _texts(pdf: Path) -> list[str]:
    with pdfplumber.open(pdf) as doc:
        return [page.extract_text() or "" for page in doc.pages]


def test_a_designer_game_in_english_from_a_spreadsheet_builds_and_exports(tmp_path):
    content = _designer_game(tmp_path)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "duel", "--content", str(content), "--out", str(out), "--strict"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "duel" / "manifest.json").read_text(encoding="utf-8"))
    deck = next(f for f in manifest["files"] if f["file"].endswith(".pdf") and f.get("kind") == "deck")
    pages = _texts(out / "duel" / deck["file"])
    sides = [p["side"] for p in deck["pages"]]
    fronts = " ".join(t for t, side in zip(pages, sides) if side != "back")
    backs = " ".join(t for t, side in zip(pages, sides) if side == "back")
    # two card types from one sheet: the spell layout (its SPELL line) on the 3 spells only; the front's condition
    # on the rare attack only (a row's layout replaces the front, conditions and all: Fireball, a rare spell, has
    # none); the designer's own :flame: drawn as an icon, never printed as its name
    assert fronts.count("Strike") == 3 and fronts.count("Fireball") == 2 and fronts.count("Heal") == 1
    assert fronts.count("SPELL") == 3 and fronts.count("RARE") == 1 and ":flame:" not in fronts
    # two backs: the attack back behind the 4 attacks, the spell back behind the 3 spells
    assert backs.count("ATTACK") == 4 and backs.count("SPELL BACK") == 3
    # English all the way: no French word of ours in the print guide of an English game
    guide = " ".join(_texts(out / "duel" / "print-guide.pdf")) if (out / "duel" / "print-guide.pdf").exists() \
        else " ".join(_texts(next((out / "duel").glob("*guide*.pdf"))))
    assert "Imprimez" not in guide and "feuille" not in guide.lower()
    # Tabletop Simulator: a back per card (UniqueBack), every card named by its row
    result = CliRunner().invoke(cli, ["export", "duel", "--content", str(content), "--out", str(out), "--dpi", "40"])
    assert result.exit_code == 0, result.output
    saved = json.loads(next((out / "_export" / "duel").glob("*-tts.json")).read_text(encoding="utf-8"))
    state = saved["ObjectStates"][0]
    assert state["Name"] == "DeckCustom" and state["CustomDeck"]["1"]["UniqueBack"] is True
    assert [c["Nickname"] for c in state["ContainedObjects"]] == ["Strike"] * 3 + ["Cleave"] + ["Fireball"] * 2 + ["Heal"]


def test_a_designers_mistakes_are_told_in_one_run_with_their_lines(tmp_path):
    rows = [
        ["Strike", 2, "Deal 2 damage.", "two", "", "", "common"],            # row 2: a count in words
        ["Fireball", 4, "Burn :flme: them all.", 2, "spel", "spell", "rare"],  # row 3: unknown back, unknown icon
        ["Heal", 0, "Gain 3 life.", 1, "spell", "spel", "common"],           # row 4: unknown layout
        ["Cleave", 3, "Cut :flme: twice.", 1, "", "", "rare"],             # row 5: unknown icon, nothing else
    ]
    content = _designer_game(tmp_path, rows, condition="rarty")                # the condition's field misspelt
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["validate", "duel", "--content", str(content)])
    assert result.exit_code == 2, result.output
    told = result.output
    assert "Traceback" not in told
    assert "cards.xlsx:2" in told and "'two'" in told                       # the count, at its row
    assert "cards.xlsx:3" in told and "spel" in told and "did you mean 'spell'" in told      # the back
    assert "cards.xlsx:4" in told and "layout 'spel'" in told               # the row's layout
    assert "rarty" in told and "did you mean 'rarity'" in told and "deck.yaml" in told       # the condition
    assert "cards.xlsx:5" in told and "unknown icon ':flme:' (did you mean ':flame:'?)" in told     # the icon
    result = CliRunner().invoke(cli, ["build", "duel", "--content", str(content), "--out", str(out)])
    assert result.exit_code == 2 and not (out / "duel").exists(), result.output


def test_from_inside_content_or_a_game_folder_every_command_says_where_the_content_is(tmp_path, monkeypatch):
    content = _designer_game(tmp_path)
    for here in (content, content / "duel"):
        monkeypatch.chdir(here)
        for command in (["build", "duel"], ["validate", "duel"], ["watch", "duel"]):
            result = CliRunner().invoke(cli, command)
            # the content folder not found, and where it is: never "no game here", a French line or a crash
            assert result.exit_code == 2, (here, command, result.output)
            assert f"--content {content}" in result.output, (here, command, result.output)
            assert "surveille" not in result.output and "internal error" not in result.output


def test_an_english_game_that_fails_is_told_in_english(tmp_path):
    rows = [["Strike", 2, "Deal 2 damage.", "two", "", "", "common"] for _ in range(25)]     # 25 wrong counts
    content = _designer_game(tmp_path, rows)
    for command in (["validate", "duel"], ["build", "duel", "--out", str(tmp_path / "out")]):
        result = CliRunner(env={"LC_ALL": None, "LC_MESSAGES": None, "LANG": None}).invoke(
            cli, [*command, "--content", str(content)])
        assert result.exit_code == 2, result.output
        # the first 20 errors, then how many more, in the game's language (the default was French); 25, not 26:
        # with every row wrong, the condition on `rarity` is still a condition on a field of the table
        assert "… and 5 more errors (fix the first ones, then run again)" in result.output, result.output
        assert "autres erreurs" not in result.output and "unknown field" not in result.output, result.output


def _whole_game(content: Path) -> None:
    """The designer game's other parts: 20 counters, hex tiles, a player aid and an English rulebook that uses the
    designer's own icon, and a figure of the cards."""
    game = content / "duel"
    info = yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8"))
    info["components"] = ["deck.yaml", "tokens.yaml", "hexes.yaml", "aid.yaml"]
    (game / "game.yaml").write_text(yaml.safe_dump(info, sort_keys=False, allow_unicode=True), encoding="utf-8")
    (game / "tokens.yaml").write_text(yaml.safe_dump({
        "kind": "counters", "id": "tokens", "name": "Damage tokens", "shape": "round", "size_mm": 20,
        "fields": [{"value": "1", "count": 14}, {"value": "3", "count": 6}],
        "front": [{"background": {"colour": "#F2C94C"}},
                  {"text": {"text": "{value}", "x": 13, "y": 13, "size_pt": 14, "align": "center", "valign": "middle"}}],
    }, sort_keys=False), encoding="utf-8")
    (game / "hexes.yaml").write_text(yaml.safe_dump({
        "kind": "tiles", "id": "hexes", "name": "Terrain", "shape": "hex", "hex_top": "flat", "size_mm": 40,
        "fields": [{"name": "Forest", "count": 4}, {"name": "Hill", "count": 4}],
        "front": [{"background": {"colour": "#7FB069"}},
                  {"text": {"text": "{name}", "x": 26.09, "y": 23, "size_pt": 11, "align": "center", "valign": "middle"}}],
        "back": [{"background": {"colour": "#5C4033"}}],
    }, sort_keys=False), encoding="utf-8")
    (game / "aid.yaml").write_text(yaml.safe_dump({"kind": "sheet", "id": "aid", "name": "Player aid",
                                                   "source": "aid.en.md", "columns": 2}), encoding="utf-8")
    (game / "aid.en.md").write_text("## Your turn\n\n1. Draw a card.\n2. Play it: :flame: burns.\n", encoding="utf-8")
    (game / "rules.en.md").write_text("# Duel\n\nA :flame: card burns every foe.\n\n{{ components() }}\n\n"
                                      "{{ diagram(\"hand\") }}\n\n# Winning\n\nThe last player with life left wins.\n",
                                      encoding="utf-8")
    (game / "diagrams.yaml").write_text('- id: hand\n  caption: "A hand."\n  "on": cards\n  show: {items: [1, 2]}\n',
                                        encoding="utf-8")


def _mistaken(game: Path, right: str, wrong: str) -> None:
    """The counters' file with `right` written `wrong`, and the aid with an icon misspelt (`:flme:`, line 3)."""
    tokens = game / "tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8").replace(right, wrong), encoding="utf-8")
    (game / "aid.en.md").write_text("## Your turn\n\n1. Play it: :flme: burns.\n", encoding="utf-8")


def test_every_stage_s_mistakes_are_told_in_one_run(tmp_path):
    """Rows, layouts of every kind, the sheet's text, the figures and the rules: one run tells them all (they
    came in three rounds: the rows' first, then the figures', then the rules' and the aid's)."""
    rows = [["Strike", 2, "Deal 2 damage.", "two", "spel", "", "common"],     # two mistakes in one row
            ["Heal", 0, "Gain 3 life.", 1, "spell", "spell", "common"]]
    content = _designer_game(tmp_path, rows, condition="rarty")
    _whole_game(content)
    game = content / "duel"
    _mistaken(game, "{value}", "{valeu}")
    (game / "rules.en.md").write_text("# Duel\n\nA :flmae: card burns.\n\n{{ diagram(\"hand\") }}\n", encoding="utf-8")
    (game / "diagrams.yaml").write_text('- id: hand\n  caption: "A hand."\n  "on": cards\n  show: {items: [1, stirke]}\n',
                                        encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "duel", "--content", str(content)])
    told = result.output
    assert result.exit_code == 2 and "Traceback" not in told, told
    assert "cards.xlsx:2: count: expected a whole number, found 'two'" in told                 # the row's count
    assert "cards.xlsx:2: row 1: back 'spel'" in told and "did you mean 'spell'" in told      # and its back
    assert "deck.yaml" in told and "'rarty' (did you mean 'rarity'?)" in told                  # the condition
    assert "tokens.yaml" in told and "'valeu'" in told and "did you mean 'value'" in told      # another component
    assert "aid.en.md:3: unknown icon ':flme:' (did you mean ':flame:'?)" in told               # the sheet's text
    assert "rules.en.md:3: unknown icon ':flmae:' (did you mean ':flame:'?)" in told            # the rules' text
    assert "diagrams.yaml:4" in told and "no item 'stirke'" in told                             # the figure
    result = CliRunner().invoke(cli, ["build", "duel", "--content", str(content), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and not (tmp_path / "out" / "duel").exists(), result.output
    for line in told.splitlines():
        assert line in result.output            # build tells the same errors


def test_a_misspelt_field_in_the_rules_filters_is_told_with_the_close_name(tmp_path):
    content = _designer_game(tmp_path)
    for text, told in (
            ("{{ components.cards.rows | selectattr(\"values.rarty\", \"equalto\", \"rare\") | list | length }}",
             "no field 'rarty' here (did you mean 'rarity'?)"),
            ("{% for card in components.cards.rows | sort(attribute=\"values.vaule\") %}{{ card.values.name }}"
             "{% endfor %}", "no field 'vaule' here (did you mean 'value'?)"),
            ("{{ components.cards.rows | sum(attribute=\"cuont\") }}", "no field 'cuont' here (did you mean 'count'?)")):
        (content / "duel" / "rules.en.md").write_text(f"# Duel\n\n{text}\n", encoding="utf-8")
        result = CliRunner().invoke(cli, ["validate", "duel", "--content", str(content)])
        # a filter's field is a field like `card.values.rarty`: named, with the close name; never a Python object
        assert result.exit_code == 2 and f"rules.en.md:3: unknown name or attribute: {told}" in result.output, \
            result.output
        assert "generator." not in result.output and "object" not in result.output, result.output


def test_a_deleted_game_s_output_its_export_and_gallery_card_go_with_it(tmp_path):
    import shutil
    content = _designer_game(tmp_path)
    out = tmp_path / "out"
    runner = CliRunner()
    assert runner.invoke(cli, ["build", "duel", "--content", str(content), "--out", str(out), "-q"]).exit_code == 0
    assert runner.invoke(cli, ["export", "duel", "--content", str(content), "--out", str(out), "--dpi", "36"]).exit_code == 0
    assert (out / "_export" / "duel").is_dir() and (out / "duel").is_dir()
    shutil.rmtree(content / "duel")
    runner.invoke(cli, ["new", "other", "--content", str(content), "--language", "en"])
    result = runner.invoke(cli, ["build", "--content", str(content), "--out", str(out)])
    assert result.exit_code == 0 and "removed the output of duel" in result.output, result.output
    # nothing of the deleted game is left: its folder, its export, its card in the gallery
    assert not (out / "duel").exists() and not (out / "_export" / "duel").exists()
    assert "duel" not in (out / "index.html").read_text(encoding="utf-8")
    assert oct((out / "index.html").stat().st_mode & 0o777) == oct(0o666 & ~_umask())


def _umask() -> int:
    import os
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_misspelt_file_name_is_told_with_the_close_name(tmp_path):
    content = _designer_game(tmp_path)
    game = content / "duel"
    (game / "assets" / "logo.svg").write_text(ICON, encoding="utf-8")
    deck = yaml.safe_load((game / "deck.yaml").read_text(encoding="utf-8"))
    deck["back"].append({"image": {"file": "logos.svg", "x": 10, "y": 10, "w": 20, "h": 20}})
    (game / "deck.yaml").write_text(yaml.safe_dump(deck, sort_keys=False), encoding="utf-8")
    (game / "aid.en.md").write_text("## Aid\n\nPlay.\n", encoding="utf-8")
    (game / "aid.yaml").write_text("kind: sheet\nid: aid\nname: Aid\nsource: aide.en.md\n", encoding="utf-8")
    info = yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8"))
    info["components"] = ["deck.yaml", "aid.yaml"]
    info["rules"] = "rule.en.md"
    (game / "game.yaml").write_text(yaml.safe_dump(info, sort_keys=False, allow_unicode=True), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "duel", "--content", str(content)])
    assert result.exit_code == 2, result.output
    assert "file 'aide.en.md' not found (did you mean 'aid.en.md'?)" in result.output
    assert "rules file 'rule.en.md' not found (did you mean 'rules.en.md'?)" in result.output
    assert "image file 'logos.svg' not found" in result.output and "(did you mean 'logo.svg'?)" in result.output


def test_check_print_of_an_english_game_s_pdf_speaks_english(tmp_path):
    content = _designer_game(tmp_path)
    out = tmp_path / "out"
    assert CliRunner().invoke(cli, ["build", "duel", "--content", str(content), "--out", str(out), "-q"]).exit_code == 0
    result = CliRunner().invoke(cli, ["check-print", str(out / "duel" / "print-guide.pdf")])
    assert result.exit_code == 0, result.output
    from generator.i18n import catalogue
    assert catalogue("en")("cli.preflight_ok", file=out / "duel" / "print-guide.pdf") in result.output
    assert "rien à signaler" not in result.output, result.output


def test_printer_add_speaks_the_language_of_the_content_s_games(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    content = _designer_game(tmp_path)
    result = CliRunner().invoke(cli, ["printer", "add", "office", "--offset", "0.5,-0.25", "--content", str(content)])
    assert result.exit_code == 0 and result.output.startswith("printer office saved in "), result.output


def test_every_misspelt_name_the_rules_print_is_told_in_one_run(tmp_path):
    content = _designer_game(tmp_path)
    (content / "duel" / "rules.en.md").write_text(
        "# Duel\n\n{{ game.titel }}\n\n{% for card in components.cards.rows %}{{ card.values.nmae }}{% endfor %}\n\n"
        "{{ components.crads }}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "duel", "--content", str(content)])
    assert result.exit_code == 2, result.output
    told = [line.partition("rules.en.md:")[2] for line in result.output.splitlines() if "rules.en.md:" in line]
    # three typos, three lines (the loop's once), each with the close name; never a Python class's name
    assert told == ["3: unknown name or attribute: no field 'titel' here (did you mean 'title'?); fields: "
                    + told[0].partition("fields: ")[2],
                    "5: unknown name or attribute: no field 'nmae' here (did you mean 'name'?); fields: "
                    + told[1].partition("fields: ")[2],
                    "7: unknown name or attribute: no 'crads' here (did you mean 'cards'?); there are: cards"], told


def test_a_component_file_refused_whole_does_not_hide_the_sheets_or_the_rules(tmp_path):
    content = _designer_game(tmp_path)
    _whole_game(content)
    game = content / "duel"
    _mistaken(game, "shape:", "shpe:")
    (game / "rules.en.md").write_text("# Duel\n\nA :flmae: card burns.\n\n{{ components() }}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "duel", "--content", str(content)])
    assert result.exit_code == 2, result.output
    assert "tokens.yaml" in result.output and "unknown key 'shpe' (did you mean 'shape'?)" in result.output
    assert "aid.en.md:3: unknown icon ':flme:' (did you mean ':flame:'?)" in result.output
    assert "rules.en.md:3: unknown icon ':flmae:' (did you mean ':flame:'?)" in result.output
    # what only says the refused component is missing is not told as a mistake of its own
    (game / "rules.en.md").write_text("# Duel\n\n{{ components.tokens.name }} and {{ diagram(\"hand\") }}\n",
                                      encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "duel", "--content", str(content)])
    assert result.exit_code == 2 and "rules.en.md" not in result.output, result.output
    # ... and it hides nothing else: a figure on it (its own keys), a figure on another component, a typo in the
    # rules next to one naming it, in an {% if %} and a {% for %} head (they came in a second run)
    (game / "diagrams.yaml").write_text(
        '- id: hand\n  caption: "A hand."\n  "on": cards\n  show: {items: [1, stirke]}\n'
        '- id: pile\n  caption: "Tokens."\n  "on": tokens\n  show: {items: [1]}\n  colour: red\n', encoding="utf-8")
    (game / "rules.en.md").write_text(
        "# Duel\n\n{% if components.tokens.count > 3 %}Many.{% endif %}\n\n"
        "{% for card in components.cards.rowz %}{{ card }}{% endfor %}\n\n{% if game.titel %}A title.{% endif %}\n",
        encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "duel", "--content", str(content)])
    told = result.output
    assert result.exit_code == 2 and "unknown key 'shpe'" in told, told
    assert "diagrams.yaml:4" in told and "no item 'stirke'" in told, told                  # on a good component
    assert "diagrams.yaml:9: unknown key 'colour'" in told and "on: no component" not in told, told   # on tokens
    assert "rules.en.md:5: unknown name or attribute: no field 'rowz' here (did you mean 'rows'?)" in told, told
    assert "rules.en.md:7: unknown name or attribute: no field 'titel' here (did you mean 'title'?)" in told, told
    assert "rules.en.md:3" not in told, told                                           # it names tokens: told already
    # nor the layout errors of the components that loaded (a card's misspelt icon)
    _workbook(game / "cards.xlsx", [["Strike", 2, "Deal :flme: 2.", 3, "", "", "common"]])
    result = CliRunner().invoke(cli, ["validate", "duel", "--content", str(content)])
    assert "unknown key 'shpe'" in result.output, result.output
    # at the shared layout's element in game.yaml, naming the row's line
    assert "row 1 (cards.xlsx:2): unknown icon ':flme:' (did you mean ':flame:'?)" in result.output, result.output


def test_typos_in_if_and_for_heads_are_told_with_the_rest_in_one_run(tmp_path):
    content = _designer_game(tmp_path)
    (content / "duel" / "rules.en.md").write_text(
        "# Duel\n\n{% if components.crads.rows | length > 3 %}Many.{% endif %}\n\n"
        "{% for card in components.cards.rows if card.values.rarty == 'rare' %}{{ card.values.name }}{% endfor %}\n\n"
        "{% for card in components.cards.rowz %}{{ card }}{% endfor %}\n\n"
        "{{ game.titel }}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "duel", "--content", str(content)])
    told = [line.partition("rules.en.md:")[2].partition(" (did you mean")[0]
            for line in result.output.splitlines() if "rules.en.md:" in line]
    # each mistake once, at its line, whether a test, a loop's filter, a loop's sequence or a printed name
    assert result.exit_code == 2 and told == [
        "3: unknown name or attribute: no 'crads' here", "5: unknown name or attribute: no field 'rarty' here",
        "7: unknown name or attribute: no field 'rowz' here", "9: unknown name or attribute: no field 'titel' here"], \
        result.output


def test_the_whole_designer_game_builds_and_plays_in_tabletop_simulator(tmp_path):
    """Issue 27's game entire: the .xlsx deck (two card types, two backs, a shared layout, a condition, an own
    icon), 20 counters, hex tiles, a player aid and an English rulebook using the icon, with a figure; built, then
    exported: a deck with a back per card, the counters and tiles as TTS's own pieces."""
    content = _designer_game(tmp_path)
    _whole_game(content)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "duel", "--content", str(content), "--out", str(out)])
    # built; the reader only advises that the small sets' sheets could share paper (sheet_with), in English
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    warnings = [line for line in result.output.splitlines() if line.startswith(str(content))]
    assert warnings and all("could share another sheet" in w or "could go on the sheets of" in w for w in warnings), \
        result.output
    folder = out / "duel"
    rules, aid = " ".join(_texts(folder / "rules.pdf")), " ".join(_texts(folder / "aid.pdf"))
    # the designer's icon drawn in the rules and the aid, never printed as its name; the rulebook English
    assert ":flame:" not in rules and ":flame:" not in aid and "burns" in rules and "burns" in aid
    assert "Matériel" not in rules and "Damage tokens" in rules and "Terrain" in rules      # components()
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    placed = {}
    for entry in manifest["files"]:
        for page in entry["pages"]:
            if page["side"] != "back":
                for item in page["items"]:
                    placed[item["component"]] = placed.get(item["component"], 0) + 1
    assert placed == {"cards": 7, "tokens": 20, "hexes": 8}, placed
    result = CliRunner().invoke(cli, ["export", "duel", "--content", str(content), "--out", str(out), "--dpi", "40"])
    assert result.exit_code == 0, result.output
    export = out / "_export" / "duel"
    from tests.foundation.test_export import check_tts_piece_bag, check_tts_saved_object
    cards = check_tts_saved_object(json.loads((export / "cards-tts.json").read_text(encoding="utf-8")), export)
    assert len(cards) == 7 and cards[0]["CustomDeck"]["1"]["UniqueBack"] is True
    tokens = check_tts_piece_bag(json.loads((export / "tokens-tts.json").read_text(encoding="utf-8")), export)
    assert len(tokens) == 20 and {t["CustomImage"]["CustomTile"]["Type"] for t in tokens} == {2}       # circles
    tiles = check_tts_piece_bag(json.loads((export / "hexes-tts.json").read_text(encoding="utf-8")), export)
    assert len(tiles) == 8 and {t["CustomImage"]["CustomTile"]["Type"] for t in tiles} == {1}          # hexes


def test_the_three_spreadsheet_mistakes_of_the_issue_come_in_one_run(tmp_path):
    """A count written `two`, an unknown back `spel` and a duplicate id: three runs once, one now."""
    content = _designer_game(tmp_path)
    book = openpyxl.Workbook()
    book.active.title = "Cards"
    for row in [["id", *HEADER], ["strike", "Strike", 2, "Deal 2.", "two", "", "", "common"],
                ["fireball", "Fireball", 4, "Burn.", 2, "spel", "spell", "rare"],
                ["strike", "Cleave", 3, "Cut.", 1, "", "", "rare"]]:
        book.active.append(row)
    book.save(content / "duel" / "cards.xlsx")
    result = CliRunner().invoke(cli, ["validate", "duel", "--content", str(content)])
    told = result.output
    assert result.exit_code == 2, told
    assert "cards.xlsx:2: count: expected a whole number, found 'two'" in told, told
    assert "cards.xlsx:3: row 2: back 'spel'" in told and "did you mean 'spell'" in told, told
    assert "cards.xlsx:4: row 3: id 'strike' is already used by row 1" in told, told
