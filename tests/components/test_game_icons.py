"""A game's own icons (issue 27 item 2): every SVG of its assets/icons/ is an icon named by its file, usable as
`:name:` in card and rulebook text and as an `icon:` element, known to that game only, checked with the close
names (never the whole list); files that cannot make an icon are refused with how to fix them."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import EXIT_BAD_INPUT, cli
from generator.content import ContentError, load_game
from generator.draw import icons

SWORD = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
         '<path d="M45 5 L55 5 L55 65 L70 65 L70 72 L55 72 L55 95 L45 95 L45 72 L30 72 L30 65 L45 65 Z" '
         'fill="#000"/></svg>')


def _game(tmp_path: Path, game_id: str = "demo", icon_files: dict | None = None) -> Path:
    content = tmp_path / "content"
    assert CliRunner().invoke(cli, ["new", game_id, "--content", str(content), "--language", "en"]).exit_code == 0
    folder = content / game_id
    (folder / "assets" / "icons").mkdir(parents=True)
    for name, text in (icon_files if icon_files is not None else {"sword.svg": SWORD}).items():
        (folder / "assets" / "icons" / name).write_text(text, encoding="utf-8")
    return content


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_svg_of_assets_icons_is_an_icon_of_the_game_in_cards_elements_and_rules(tmp_path):
    content = _game(tmp_path)
    folder = content / "demo"
    _edit(folder / "deck.yaml", 'text: "{text}"', 'text: "{text} :sword:"')
    _edit(folder / "deck.yaml", "back:\n", "  - icon: {name: sword, cx: 50, cy: 80, size: 8}\nback:\n")
    _edit(folder / "rules.en.md", "how to win.", "how to win :sword:.")
    game = load_game(content, "demo")
    ops, even_odd = game.icons["sword"]
    assert ops[0] == ("M", pytest.approx(10.8), pytest.approx(1.2)) and even_odd is False     # viewBox -> 24 grid
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    html = (out / "demo" / "rules.html").read_text(encoding="utf-8")
    assert 'aria-label="sword"' in html and 'd="M10.8 1.2' in html
    # The icon is drawn in the cards: the front differs from the same deck without it.
    cards_with = (out / "demo" / "cards-front.svg").read_text(encoding="utf-8")
    _edit(folder / "deck.yaml", 'text: "{text} :sword:"', 'text: "{text}"')
    _edit(folder / "deck.yaml", "  - icon: {name: sword, cx: 50, cy: 80, size: 8}\n", "")
    assert CliRunner().invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out),
                                    "--jobs", "1"]).exit_code == 0
    assert len(cards_with) > len((out / "demo" / "cards-front.svg").read_text(encoding="utf-8"))


def test_a_game_s_icon_is_unknown_to_another_game_and_an_unknown_icon_lists_close_names_only(tmp_path):
    content = _game(tmp_path)
    assert CliRunner().invoke(cli, ["new", "other", "--content", str(content), "--language", "en"]).exit_code == 0
    _edit(content / "other" / "deck.yaml", 'text: "{text}"', 'text: "{text} :sword:"')
    result = CliRunner().invoke(cli, ["validate", "other", "--content", str(content)])
    assert result.exit_code == EXIT_BAD_INPUT
    assert "unknown icon ':sword:' (did you mean ':swords:'?)" in result.stderr
    _edit(content / "demo" / "deck.yaml", 'text: "{text}"', 'text: "{text} :swrod:"')
    result = CliRunner().invoke(cli, ["validate", "demo", "--content", str(content)])
    assert "unknown icon ':swrod:' (did you mean ':sword:'?); close names: ':swords:'" in result.stderr
    assert "crown" not in result.stderr and "sangsue" not in result.stderr, "not every icon listed"
    assert icons.known("sword") is False, "the game's icons are known while its steps run, not after"


@pytest.mark.parametrize("files, message", [
    ({"epee.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><line x1="1" y1="1" x2="9" y2="9" '
                  'stroke="#000"/></svg>'}, "draws 1 line(s) with a stroke and no fill"),
    ({"crown.svg": SWORD}, "icon 'crown' has the name of a built-in icon"),
    ({"coup_bas.svg": SWORD}, "icon 'coup_bas': an icon's file name is its name in text"),
    ({"casse.svg": "<svg"}, "not well-formed XML"),
])
def test_a_file_that_cannot_make_an_icon_is_refused_saying_how_to_fix_it(tmp_path, files, message):
    content = _game(tmp_path, icon_files=files)
    with pytest.raises(ContentError) as refused:
        load_game(content, "demo")
    [name] = files
    assert refused.value.path.name == name and message in refused.value.message, str(refused.value)


def test_a_die_face_naming_a_game_s_own_icon_is_drawn_as_that_icon_not_as_its_name(tmp_path):
    # A die face is an icon when its name is one (symbols.is_symbol, asked per face): a game's own icons
    # included, which a list made when the module was imported never held (the face printed 'sword').
    content = _game(tmp_path)
    folder = content / "demo"
    (folder / "dice.yaml").write_text(
        'kind: dice\nid: dice\nname: Dice\nsize_mm: 16\nform: net\n'
        'dice:\n  - {id: duel, name: Duel die, faces: [sword, "2", "3", "4", "5", "6"]}\n', encoding="utf-8")
    _edit(folder / "game.yaml", "  - counters.yaml\n", "  - counters.yaml\n  - dice.yaml\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    pdf = out / "demo" / "dice-nets.pdf"
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Duel die" in text and "sword" not in text
    with pdfplumber.open(pdf) as doc:     # the face holds a filled silhouette (the sword's 12 corners), no word
        assert any(c["fill"] and len(c["pts"]) >= 12 for c in doc.pages[0].curves), "no icon drawn on the face"
