"""A mat and dice are drawn from themselves alone (Kind.drawn_from_itself): an edit of another file of their game
keeps them, in a build (their files not written again) and in `pnp validate --out` of that build (not laid out
again, what the reader found in them taken from the build's cache), with the same outputs, exit codes and
messages as without the cache."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import generator.build as build
from generator.cli import cli
from generator.content.paths import assets_signature
from tests.foundation.built import build_ok, output_bytes

MAT = """kind: mat
id: tapis
name: Tapis
width_mm: 150
height_mm: 100
background: "#E9E1D0"
zones:
  - {x: 20, y: 20, w: 50, h: 40, fill: "#DCCFB4", stroke: "#5C4B3A", stroke_mm: 0.8, label: Temple, label_pt: 11}
"""
DICE = """kind: dice
id: des
name: Dés
size_mm: 16
form: both
dice:
  - id: blanc
    name: Dé blanc
    faces: ["1", "2", "3", "4", "5", "6"]
    fill: "#FFFFFF"
    ink: "#222222"
"""
KEPT = {"component:tapis", "component:des", "component:jetons", "calibration"}


def _game(content: Path) -> Path:
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "fr"]).exit_code == 0
    game = content / "demo"
    (game / "tapis.yaml").write_text(MAT, encoding="utf-8")
    (game / "des.yaml").write_text(DICE, encoding="utf-8")
    info = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(info.replace("  - counters.yaml\n", "  - counters.yaml\n  - tapis.yaml\n"
                                                                         "  - des.yaml\n"), encoding="utf-8")
    return game


@pytest.fixture
def laid_out(monkeypatch):
    """The units rendered or checked (validate's laying out) by the commands that follow, in this process."""
    seen = []
    for name in ("render_unit", "check_component"):
        def spy(game, figures, options, unit, _real=getattr(build, name)):
            seen.append(unit)
            return _real(game, figures, options, unit)
        monkeypatch.setattr(build, name, spy)
    return seen


def test_an_edit_of_the_deck_keeps_the_mat_and_the_dice_and_the_folder_is_a_fresh_build_s(tmp_path, laid_out):
    game = _game(tmp_path / "content")
    out = tmp_path / "out"
    build_ok(tmp_path / "content", out)
    assert KEPT <= set(laid_out)
    mat_pdf = (out / "demo" / "tapis.pdf").stat().st_ino
    cards = game / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Avancez", "Avancez vite"), encoding="utf-8")
    laid_out.clear()
    build_ok(tmp_path / "content", out)
    assert "component:cartes" in laid_out and not KEPT & set(laid_out), laid_out
    assert (out / "demo" / "tapis.pdf").stat().st_ino == mat_pdf, "kept: hard-linked, not written again"
    fresh = tmp_path / "fresh"
    build_ok(tmp_path / "content", fresh, "--no-cache")
    assert output_bytes(out) == output_bytes(fresh)


def test_an_edit_of_the_mat_renders_the_mat_again(tmp_path, laid_out):
    game = _game(tmp_path / "content")
    out = tmp_path / "out"
    build_ok(tmp_path / "content", out)
    (game / "tapis.yaml").write_text(MAT.replace("label: Temple", "label: Autel"), encoding="utf-8")
    laid_out.clear()
    build_ok(tmp_path / "content", out)
    assert "component:tapis" in laid_out and "component:des" not in laid_out, laid_out
    fresh = tmp_path / "fresh"
    build_ok(tmp_path / "content", fresh, "--no-cache")
    assert output_bytes(out) == output_bytes(fresh)


@pytest.mark.parametrize("edit", ["good", "broken row", "broken file"])
def test_validate_out_lays_out_only_what_the_edit_may_change_and_says_what_validate_says(tmp_path, laid_out, edit):
    game = _game(tmp_path / "content")
    out = tmp_path / "out"
    build_ok(tmp_path / "content", out)
    cards = game / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    if edit == "good":
        cards.write_text(text.replace("Avancez", "Avancez vite"), encoding="utf-8")
    elif edit == "broken row":
        cards.write_text(text.replace("d'une case.\",6", "d'une case.\",beaucoup"), encoding="utf-8")
    else:
        (game / "deck.yaml").write_text("kind: deck\nid: [\n", encoding="utf-8")

    def validate(*args: str):
        laid_out.clear()
        result = CliRunner().invoke(cli, ["validate", "demo", "--content", str(tmp_path / "content"), *args])
        return result.exit_code, result.stdout, result.stderr, list(laid_out)

    cached = validate("--out", str(out))
    alone = validate("--out", str(tmp_path / "no-build"))
    assert cached[:3] == alone[:3]
    assert cached[0] == (0 if edit == "good" else 2), cached
    # a component file refused whole: the others are laid out, not the calibration page
    assert {"component:tapis", "component:des"} <= set(alone[3]) and not KEPT & set(cached[3]), (alone, cached)


def test_the_assets_signature_is_of_their_files_the_same_files_in_another_folder_too(tmp_path):
    """A unit's model holds its game's assets signature (names, sizes, times and inodes of the files): the same
    files linked into another game folder (a copy with one file edited, as the mutated-content tests make) sign
    the same; a file saved again does not. The folders' own inodes and times were signed too: never the same."""
    icons = tmp_path / "jeu" / "assets" / "icons"
    icons.mkdir(parents=True)
    (icons / "temple.svg").write_text("<svg/>", encoding="utf-8")
    shutil.copytree(tmp_path / "jeu", tmp_path / "copie", copy_function=os.link)
    assert assets_signature(tmp_path / "jeu") == assets_signature(tmp_path / "copie")
    saved = tmp_path / "copie" / "assets" / "icons" / "temple.svg"
    saved.unlink()
    saved.write_text("<svg/>", encoding="utf-8")
    assert assets_signature(tmp_path / "jeu") != assets_signature(tmp_path / "copie")
