"""Nothing silently cramped (issue 27 item 1): every text a face shrank to fit its box is listed in the manifest,
in the gallery and by `pnp build -v`, with the size asked and the size set."""

from __future__ import annotations

import json

from click.testing import CliRunner

from generator.cli import cli
from generator.print.manifest import MANIFEST_SCHEMA, check_manifest


def test_a_text_shrunk_to_fit_is_listed_in_the_manifest_the_gallery_and_verbose_output(tmp_path):
    content, out = tmp_path / "content", tmp_path / "out"
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "en"]).exit_code == 0
    table = content / "demo" / "cards.csv"
    text = table.read_text(encoding="utf-8")
    long_text = ("Move one of your pieces one square, then move it again, and again, and once more if you still can. "
                 * 4).strip()
    table.write_text(text.replace("Move one of your pieces one square.", long_text, 1), encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out), "-v"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "demo" / "manifest.json").read_text(encoding="utf-8"))
    assert check_manifest(manifest, MANIFEST_SCHEMA) == []
    [cards] = [entry for entry in manifest["files"] if entry["file"] == "cards.pdf"]
    [note] = cards["shrunk_text"]
    assert (note["side"], note["text"], note["asked_pt"]) == ("front", long_text, 10)
    assert 7 <= note["set_pt"] < 10
    assert not any("shrunk_text" in entry for entry in manifest["files"] if entry["file"] != "cards.pdf")
    shown = f"cards.pdf · {note['id']} (front): “{long_text[:39]}…” 10 → "
    assert "1 text shrunk to fit its box (demo):" in result.output and shown in result.output
    assert shown in (out / "index.html").read_text(encoding="utf-8").replace("&#34;", '"')


def test_the_manifest_says_sides_and_print_in_words_programs_read(tmp_path):
    content, out = tmp_path / "content", tmp_path / "out"
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "fr"]).exit_code == 0
    assert CliRunner().invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out)]).exit_code == 0
    manifest = json.loads((out / "demo" / "manifest.json").read_text(encoding="utf-8"))
    sides = {entry["file"]: entry["print"]["sides"] for entry in manifest["files"]}
    assert sides["cartes.pdf"] == "duplex-long" and sides["plateau.pdf"] == "single"
    assert {p["side"] for entry in manifest["files"] for p in entry["pages"]} <= {"front", "back", "single"}
    cards = next(entry for entry in manifest["files"] if entry["file"] == "cartes.pdf")
    assert cards["print"]["sides_label"] == "recto verso, bord long"      # the words stay, for people


FILLER = "This paragraph of rules fills the page so that the figure below finds less room than it needs. " * 5


def _rules_with_a_figure_set_smaller(game_folder) -> None:
    """Rules whose figure is set smaller to fit its page: filler paragraphs before it, as many as it takes (found
    by laying the rulebook out, so that the test does not lean on today's line breaks)."""
    from generator.build import own_icons
    from generator.content import load_game
    from generator.figures import game_figures
    from generator.rulebook import build_rulebook
    for n in range(1, 16):
        (game_folder / "rules.en.md").write_text(
            "# Setup\n\n" + "\n\n".join([FILLER] * n) + "\n\nLook at the board:\n\n{{ diagram(\"start\") }}\n\n"
            "The end.\n", encoding="utf-8")
        game = load_game(game_folder.parent, game_folder.name)
        with own_icons(game):
            book = build_rulebook(game, figures=game_figures(game, game_folder.parent))
        if any(flow.get("shrunk") for flow in book.layout_full["flows"]):
            return
    raise AssertionError("no amount of text before the figure sets it smaller")


def test_a_text_sheet_and_a_rulebook_figure_set_smaller_are_listed_too(tmp_path):
    content, out = tmp_path / "content", tmp_path / "out"
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "en"]).exit_code == 0
    game = content / "demo"
    (game / "aid.yaml").write_text("kind: sheet\nid: aid\nname: Player aid\nsource: aid.en.md\ncolumns: 2\n",
                                   encoding="utf-8")
    (game / "aid.en.md").write_text("## Your turn\n\n" + "\n".join(
        f"{i}. Draw a card and play it, then move one of your pieces and discard what you played." for i in range(1, 60))
        + "\n", encoding="utf-8")
    info = game / "game.yaml"
    info.write_text(info.read_text(encoding="utf-8").replace("  - counters.yaml\n", "  - counters.yaml\n  - aid.yaml\n"),
                    encoding="utf-8")
    _rules_with_a_figure_set_smaller(game)
    result = CliRunner().invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out), "-v"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "demo" / "manifest.json").read_text(encoding="utf-8"))
    assert check_manifest(manifest, MANIFEST_SCHEMA) == []
    notes = {(note["file"], note["element"]): note for note in manifest["shrunk_text"]}
    # the aid's body set under its 9.5 pt to fit one page; the figure set smaller than its natural size, its
    # smallest text with it
    aid = notes[("aid.pdf", "body")]
    assert (aid["id"], aid["text"], aid["asked_pt"]) == ("aid", "Player aid", 9.5) and 7 <= aid["set_pt"] < 9.5
    figure = notes[("rules.pdf", "figure")]
    assert figure["id"] == "start" and figure["text"].startswith("The starting position")
    assert figure["set_pt"] < figure["asked_pt"]
    # told by -v and in the gallery, with the sizes
    for note in (aid, figure):
        shown = f"{note['file']} · {note['id']}: “{note['text'][:39]}"
        assert shown in result.output, result.output
        assert shown in (out / "index.html").read_text(encoding="utf-8").replace("&#34;", '"')
    assert f"aid.pdf · aid: “Player aid” 9.5 → {aid['set_pt']:g} pt" in result.output, result.output
    # a rules edit renders the rulebook again and keeps the aid (cache): its note stays, from the cache record
    rules = game / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out), "-v"])
    assert result.exit_code == 0 and "demo/aid:" not in result.output, result.output
    manifest = json.loads((out / "demo" / "manifest.json").read_text(encoding="utf-8"))
    assert ("aid.pdf", "body") in {(note["file"], note["element"]) for note in manifest["shrunk_text"]}
