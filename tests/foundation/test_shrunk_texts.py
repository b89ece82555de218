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
