"""pnp list, pnp schema and the engine commands of DESIGN.md's command line."""

from __future__ import annotations

import json

from click.testing import CliRunner

from generator.cli import cli
from generator.content.models import COMPONENT_KINDS


def test_list_names_games_components_and_variants(content_dir):
    result = CliRunner().invoke(cli, ["list", "--content", str(content_dir)])
    assert result.exit_code == 0
    assert "tactix: Tactix" in result.output
    assert "plateau  plateau" in result.output
    assert "variante centre" in result.output


def test_schema_is_json_with_every_component_kind():
    result = CliRunner().invoke(cli, ["schema"])
    assert result.exit_code == 0
    schema = json.loads(result.output)
    definitions = schema["definitions"]
    for kind, model in COMPONENT_KINDS.items():
        assert model.__name__ in definitions
        assert {"$ref": f"#/definitions/{model.__name__}"} in [r["then"] for r in definitions["component"]["allOf"]]
    board = definitions["Board"]
    assert board["additionalProperties"] is False
    assert definitions["Grid"]["properties"]["cell_mm"]["type"] == "number"
    assert "id" in definitions["GameInfo"]["required"]


def test_engine_perft_prints_the_count_alone():
    result = CliRunner().invoke(cli, ["engine", "tactix", "perft", "1"])
    assert result.exit_code == 0 and result.output == "37\n"


def test_engine_moves_is_a_json_list(tmp_path):
    result = CliRunner().invoke(cli, ["engine", "tactix", "moves"])
    moves = json.loads(result.output)
    assert len(moves) == 37 and "a1-e2" in moves
    position = tmp_path / "pos.yaml"
    position.write_text("position: {e2: BR, e9: NR}\nto_move: blanc\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["engine", "tactix", "moves", "--position", str(position)])
    assert result.exit_code == 0, result.output
    assert sorted(json.loads(result.output)) == ["e2-d2", "e2-e1", "e2-e3", "e2-f2"]


def test_engine_moves_binds_the_engine_to_the_game_s_data(content_dir, tmp_path):
    # 3d Run plays on its own map: the command reads the game from --content (default: ./content).
    position = tmp_path / "pos.yaml"
    position.write_text("position: {j1: h8, j2: a2, phase: act, mouvements: R2}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["engine", "3d-run", "moves", "--position", str(position),
                                      "--content", str(content_dir)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == ["R2"]
    result = CliRunner().invoke(cli, ["engine", "3d-run", "perft", "1", "--content", str(content_dir)])
    assert result.exit_code == 0 and result.output == "56\n"       # the 56 rolls of three dice
    result = CliRunner().invoke(cli, ["engine", "3d-run", "moves", "--content", str(tmp_path)])
    assert result.exit_code == 2 and "bind it to the game's data" in result.output


def test_engine_praxis_score_first_line_is_the_total():
    result = CliRunner().invoke(cli, ["engine", "praxis", "score", "plus1/bleu", "plus1/bleu", "plus1/bleu"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "300"


def test_engine_bad_input_is_exit_2():
    assert CliRunner().invoke(cli, ["engine", "praxis", "score", "plus9/bleu"]).exit_code == 2
    assert CliRunner().invoke(cli, ["engine", "nope", "perft", "1"]).exit_code == 2


def test_gallery_lists_every_built_game_whatever_its_content_folder(content_dir, tmp_path):
    from pathlib import Path

    from generator.print import check_manifest
    bench = Path(__file__).resolve().parents[2] / "benchmarks"
    runner = CliRunner()
    assert runner.invoke(cli, ["build", "tactix", "--content", str(content_dir), "--out", str(tmp_path)]).exit_code == 0
    assert runner.invoke(cli, ["build", "peer-deck", "--content", str(bench), "--out", str(tmp_path)]).exit_code == 0
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "<h2>Tactix</h2>" in index and "<h2>Peer benchmark deck</h2>" in index
    assert 'href="tactix/regles.html"' in index
    assert "-decoupe.svg\" alt" not in index   # cut files are listed, not previewed
    manifest = json.loads((tmp_path / "tactix" / "manifest.json").read_text(encoding="utf-8"))
    assert check_manifest(manifest) == []
    assert manifest["about"]["players"] == "2"


def test_run_from_inside_the_content_or_a_game_folder_says_where_to_run_from(tmp_path, monkeypatch):
    project = tmp_path / "projet"
    assert CliRunner().invoke(cli, ["new", "demo", "--content", str(project / "content"), "--language", "fr"]).exit_code == 0
    told = {}
    for where in (project / "content" / "demo", project / "content", project / "content" / "demo" / "assets",
                  tmp_path):
        where.mkdir(exist_ok=True)
        monkeypatch.chdir(where)
        result = CliRunner().invoke(cli, ["validate"])
        assert result.exit_code == 2 and "Traceback" not in result.output
        told[where] = result.output
    content = project / "content"
    assert f"this is the game 'demo': run from {project} or pass --content {content}" in told[content / "demo"]
    assert f"this is the game 'demo': run from {project}" in told[content / "demo" / "assets"]
    assert f"{content} holds games: run from {project} or pass --content {content}" in told[content]
    assert "pass --content FOLDER, or start one with 'pnp new GAME'" in told[tmp_path]


def test_pnp_guide_prints_the_content_format_guide():
    from pathlib import Path
    result = CliRunner().invoke(cli, ["guide"])
    assert result.exit_code == 0
    guide = Path(__file__).resolve().parents[2] / "docs" / "content-format.md"
    assert result.output == guide.read_text(encoding="utf-8") and "**Conditions.**" in result.output
