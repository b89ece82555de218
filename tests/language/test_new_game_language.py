"""`pnp new GAME --language en|fr` writes a game in that language, and the terminal answers in it too."""

from __future__ import annotations

from pathlib import Path

import yaml
from click.testing import CliRunner

from generator.cli import cli
from generator.engine.playtest import playtest
from generator.i18n import catalogue
from generator.outfolder import MARKER
from generator.scaffold import FILES, render_files


def test_new_english_game_is_english_and_builds(tmp_path):
    content, out = tmp_path / "content", tmp_path / "out"
    runner = CliRunner()
    result = runner.invoke(cli, ["new", "demo", "--language", "en", "--content", str(content)])
    assert result.exit_code == 0, result.output
    assert "created" in result.output and "next: pnp build demo" in result.output
    folder = content / "demo"
    game = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    assert game["language"] == "en" and game["rules"] == "rules.en.md"
    assert (folder / "rules.en.md").read_text(encoding="utf-8").startswith("# Goal of the game")
    assert not (folder / "rules.fr.md").exists()
    result = runner.invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out)])
    assert result.exit_code == 0, result.output
    outputs = [p for p in (out / "demo").iterdir() if p.name != MARKER]    # the build's mark is not an output
    assert result.output.startswith(f"{len(outputs)} files written for 1 game in")
    assert result.output.splitlines()[-1].startswith(f"gallery: {out / 'index.html'} (the thumbnails of ")
    result = runner.invoke(cli, ["gallery", "--out", str(out)])
    assert result.exit_code == 0 and result.output.startswith(f"gallery current: {out / 'index.html'} ("), result.output
    for name in ("rules.pdf", "rules-booklet.pdf", "rules.html", "board.pdf", "print-guide.pdf", "calibration.pdf"):
        assert (out / "demo" / name).is_file(), name


def test_new_game_is_french_by_default(tmp_path):
    content = tmp_path / "content"
    result = CliRunner().invoke(cli, ["new", "demo", "--content", str(content), "--language", "fr"])
    assert result.exit_code == 0 and "ensuite : pnp build demo" in result.output
    game = yaml.safe_load((content / "demo" / "game.yaml").read_text(encoding="utf-8"))
    assert game["language"] == "fr" and (content / "demo" / "rules.fr.md").is_file()


def test_new_refuses_an_unknown_language(tmp_path):
    result = CliRunner().invoke(cli, ["new", "demo", "--language", "de", "--content", str(tmp_path)])
    assert result.exit_code == 2 and not (tmp_path / "demo").exists()


def test_scaffold_illustration_is_a_figure_on_the_board_without_claims():
    for language in ("fr", "en"):
        files = render_files("demo", "Demo", language, FILES)
        board = yaml.safe_load(files["board.yaml"])
        (figure,) = yaml.safe_load(files["diagrams.yaml"])
        assert figure["id"] == catalogue(language)("scaffold.diagram_id")
        assert figure["on"] == board["id"] and figure["caption"]
        assert set(figure["position"].values()) <= set(board["pieces"])
        assert figure["show"] == {"marks": [{"at": "a1", "label": "1"}]} and "expect" not in figure
        assert f'diagram("{figure["id"]}")' in files[f"rules.{language}.md"]


def test_playtest_report_speaks_the_catalogue_language():
    report = playtest("tactix", 2, seed=3, max_plies=30)
    english, french = report.lines("en"), report.lines()
    assert english[0] == "tactix: 2 games (random, random), limit 30 moves"
    assert french[0] == "tactix: 2 parties (random, random), limite 30 coups"
    assert len(english) == len(french)


def test_a_map_s_legend_is_titled_in_the_game_s_language_unless_the_map_names_it():
    from generator.components.map import map_face
    from generator.content.models import Map
    from generator.content.schema import Where, build
    from generator.draw.svg import SvgCanvas
    data = {"kind": "map", "id": "m", "name": "M", "cell_mm": 10, "grid": "ab\nba",
            "legend": {"a": {"name": "Sea", "fill": "#3366CC", "pattern": "dots"},
                       "b": {"name": "Land", "fill": "#CCAA66", "pattern": "stripes"}}}
    def legend_text(language: str, **extra) -> str:
        game_map = build(Map, {**data, **extra}, Where(None, 1))
        face = map_face(game_map, Path(__file__).parent, language=language)
        svg = SvgCanvas(face.bleed_width_mm, face.bleed_height_mm)
        face.draw(svg)
        return svg.tostring()
    assert ">Legend<" in legend_text("en") and "Légende" not in legend_text("en")
    assert ">Légende<" in legend_text("fr")
    assert ">Key<" in legend_text("fr", legend_title="Key")


def test_the_english_starter_files_hold_no_french_word():
    """Issue 27: an English designer meets no French word in what `pnp new --language en` writes (the guide's
    word list: function words, our French file and sheet names; `materiel()` is never used in English rules)."""
    import re
    from tests.docs.test_content_guide import FRENCH
    files = render_files("demo", "Demo", "en", FILES)
    for name, text in files.items():
        found = sorted({word for word in re.findall(r"[\wéèàùçêâîô]+", text.lower()) if word in FRENCH})
        assert found == [] and "materiel" not in text and not re.search(r"[éèàùçêâîôœ]", text), (name, found)
