"""`pnp new` gives a game that builds at once; `pnp watch` notices exactly the games whose files changed."""

from __future__ import annotations

import os

from click.testing import CliRunner

from generator.cli import cli
from generator.watch import changed_games, snapshot, watch


def test_new_game_validates_and_builds(tmp_path):
    content = tmp_path / "content"
    runner = CliRunner()
    result = runner.invoke(cli, ["new", "mon-jeu", "--content", str(content), "--title", "Mon jeu"])
    assert result.exit_code == 0, result.output
    assert runner.invoke(cli, ["validate", "mon-jeu", "--content", str(content)]).exit_code == 0
    result = runner.invoke(cli, ["build", "mon-jeu", "--content", str(content), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "mon-jeu" / "regles.pdf").is_file()
    assert (tmp_path / "out" / "mon-jeu" / "plateau.pdf").is_file()


def test_new_never_overwrites_and_checks_the_id(tmp_path):
    content = tmp_path / "content"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", "jeu", "--content", str(content)]).exit_code == 0
    again = runner.invoke(cli, ["new", "jeu", "--content", str(content)])
    assert again.exit_code == 2 and "already exists" in again.output
    bad = runner.invoke(cli, ["new", "Mon Jeu", "--content", str(content)])
    assert bad.exit_code == 2 and "is not a game id" in bad.output


def test_changed_games_names_only_the_touched_game(tmp_path):
    for gid in ("a", "b"):
        (tmp_path / gid).mkdir()
        (tmp_path / gid / "game.yaml").write_text("id: x\n", encoding="utf-8")
    before = snapshot(tmp_path, ["a", "b"])
    path = tmp_path / "b" / "game.yaml"
    path.write_text("id: xy\n", encoding="utf-8")
    os.utime(path, ns=(1, 1))
    assert changed_games(before, snapshot(tmp_path, ["a", "b"]), tmp_path) == ["b"]
    (tmp_path / "a" / "rules.fr.md").write_text("# Règles\n", encoding="utf-8")
    assert changed_games(before, snapshot(tmp_path, ["a", "b"]), tmp_path) == ["a", "b"]


def test_watch_calls_rebuild_after_a_change(tmp_path):
    (tmp_path / "g").mkdir()
    target = tmp_path / "g" / "board.yaml"
    target.write_text("a\n", encoding="utf-8")
    calls = []

    def rebuild(games):
        calls.append(games)

    import threading
    import time

    def edit():
        time.sleep(0.05)
        target.write_text("a changed\n", encoding="utf-8")
    threading.Thread(target=edit).start()
    watch(tmp_path, ["g"], rebuild, interval_s=0.15, max_cycles=3)
    assert calls == [["g"]]


def test_variant_build_writes_its_own_rulebook_and_refuses_unknown_names(content_dir, tmp_path):
    import pdfplumber
    runner = CliRunner()
    out = tmp_path / "out"
    result = runner.invoke(cli, ["build", "tactix", "--variant", "centre", "--content", str(content_dir), "--out", str(out)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out / "tactix" / "regles-centre.pdf") as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert "variante" in text.lower() and "partie courte" in text.lower()
    assert "édition de la partie courte" in text
    bad = runner.invoke(cli, ["build", "tactix", "--variant", "centr", "--content", str(content_dir),
                              "--out", str(tmp_path / "o2")])
    assert bad.exit_code == 2 and "did you mean 'centre'" in bad.output
    assert not (tmp_path / "o2").exists()
