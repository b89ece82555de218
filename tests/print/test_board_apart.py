"""A board hosting pieces (`sheet_with`) on paper forced the wrong way up (`--orientation landscape`): the board
leaves no room under it on one sheet with its marks, so it prints alone and its guests on sheets of their own,
both guide entries saying why; the build does not fail at the board's file. Read back from the built PDFs."""

from __future__ import annotations

import json

import pdfplumber
from click.testing import CliRunner

from generator.cli import cli


def test_forced_landscape_prints_a_hosting_boards_guests_on_their_own_sheets(tmp_path):
    content, out = tmp_path / "content", tmp_path / "out"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", "essai", "--content", str(content), "--language", "fr"]).exit_code == 0
    assert "sheet_with: plateau" in (content / "essai" / "counters.yaml").read_text(encoding="utf-8")
    result = runner.invoke(cli, ["build", "essai", "--content", str(content), "--out", str(out), "--jobs", "1",
                                 "--orientation", "landscape"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "essai" / "manifest.json").read_text(encoding="utf-8"))
    files = {f["file"]: f for f in manifest["files"]}
    board, tokens = files["plateau.pdf"], files["jetons.pdf"]
    # the board alone, on landscape paper
    assert [i["component"] for p in board["pages"] for i in p["items"]] == ["plateau"]
    assert all(p["width_mm"] > p["height_mm"] for p in board["pages"])
    # its 15 tokens on a sheet of their own, landscape too
    assert sum(1 for p in tokens["pages"] for i in p["items"] if i["component"] == "jetons") == 15
    assert all(p["width_mm"] > p["height_mm"] for p in tokens["pages"])
    with pdfplumber.open(out / "essai" / "jetons.pdf") as pdf:
        assert "Jetons Points" in pdf.pages[0].extract_text()
    # the guide says where they went and why, under both
    assert any("Jetons Points : sur leurs propres feuilles" in s and "en paysage" in s for s in board["print"]["steps"])
    assert any("pas sous « Plateau de jeu »" in s for s in tokens["print"]["steps"])
    with pdfplumber.open(out / "essai" / "guide-impression.pdf") as pdf:
        guide = " ".join(page.extract_text() or "" for page in pdf.pages)
    assert "jetons.pdf" in guide and "imposé en paysage" in guide
