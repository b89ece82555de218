"""The shared builds kept from one run to the next (tests/conftest.py, `shared_build`): made again whenever what
they are made from changes, or a test wrote into one; only the newest few of each build kept."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from tests.conftest import CONTENT, KEPT_PER_BUILD, _build_inputs, _env_inputs, _kept_folder


def test_the_key_of_a_build_changes_with_its_content_arguments_and_environment(tmp_path, monkeypatch):
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "tactix", content / "tactix")
    argv, env = ["build", "tactix", "--content", str(content)], {}
    key = _build_inputs(argv, content, env)
    assert _build_inputs(argv, content, env) == key
    assert _build_inputs([*argv, "--shop"], content, env) != key
    assert _build_inputs(argv, content, {"XDG_CONFIG_HOME": "/elsewhere"}) != key
    monkeypatch.setenv("LC_ALL", "C.UTF-8-other")
    assert _build_inputs(argv, content, env) != key
    monkeypatch.delenv("LC_ALL")
    game = content / "tactix" / "game.yaml"
    data = game.read_bytes()
    game.write_bytes(data.replace(b"Tactix", b"Tactics", 1))
    assert _build_inputs(argv, content, env) != key
    game.write_bytes(data)
    stat = game.stat()
    os.utime(game, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))     # touched: the build's cache reads it again
    assert _build_inputs(argv, content, env) != key
    game.write_bytes(data)
    touched = _build_inputs(argv, content, env)
    (content / "tactix" / "notes.txt").write_text("x")                   # a new file of the game
    assert _build_inputs(argv, content, env) != touched


def test_the_key_of_a_build_of_one_game_changes_with_that_game_only(tmp_path):
    content = tmp_path / "content"
    for game in ("tactix", "tectonic"):
        shutil.copytree(CONTENT / game, content / game)
    one, every = ["build", "tactix", "--content", str(content)], ["build", "--content", str(content)]
    keys = _build_inputs(one, content, {}), _build_inputs(every, content, {})
    (content / "tectonic" / "game.yaml").write_text("title: autre\n")
    assert _build_inputs(one, content, {}) == keys[0] and _build_inputs(every, content, {}) != keys[1]
    (content / "tactix" / "game.yaml").write_text("title: autre\n")
    assert _build_inputs(one, content, {}) != keys[0]
    keys = _build_inputs(one, content, {}), _build_inputs(every, content, {})
    (content / "notes.txt").write_text("beside the games")
    assert _build_inputs(one, content, {}) != keys[0] and _build_inputs(every, content, {}) != keys[1]


def test_a_folder_the_environment_names_stands_for_its_files_wherever_it_is(tmp_path):
    for run in ("run-1", "run-2"):
        (tmp_path / run / "pnp-forge" / "printers").mkdir(parents=True)
        (tmp_path / run / "pnp-forge" / "printers" / "essai.yaml").write_text("offset_x_mm: 1.5\n")
    first, second = ({"XDG_CONFIG_HOME": str(tmp_path / run), "LANG": "fr_FR.UTF-8"} for run in ("run-1", "run-2"))
    assert _env_inputs(first) == _env_inputs(second) and _env_inputs(first)["LANG"] == "fr_FR.UTF-8"
    assert str(tmp_path) not in json.dumps(_env_inputs(first))
    (tmp_path / "run-2" / "pnp-forge" / "printers" / "essai.yaml").write_text("offset_x_mm: 1.6\n")
    assert _env_inputs(first) != _env_inputs(second)
    (tmp_path / "run-2" / "pnp-forge" / "printers" / "essai.yaml").rename(tmp_path / "run-2" / "pnp-forge" / "x.yaml")
    (tmp_path / "run-2" / "pnp-forge" / "x.yaml").write_text("offset_x_mm: 1.5\n")
    assert _env_inputs(first) != _env_inputs(second)     # the same bytes under another name


def test_a_kept_build_is_made_once_and_again_after_a_test_wrote_into_it(tmp_path):
    made = []

    def make(folder: Path) -> None:
        made.append(folder)
        (folder / "out" / "game").mkdir(parents=True)
        (folder / "out" / "game" / "a.pdf").write_bytes(b"%PDF-1")
        (folder / "result.json").write_text("{}")

    root = tmp_path / "kept"
    folder = _kept_folder(root, "build-x", "1" * 64, make)
    assert _kept_folder(root, "build-x", "1" * 64, make) == folder and len(made) == 1
    (folder / "out" / "game" / "a.pdf").write_bytes(b"%PDF-2")
    assert _kept_folder(root, "build-x", "1" * 64, make) == folder and len(made) == 2
    assert (folder / "out" / "game" / "a.pdf").read_bytes() == b"%PDF-1"
    (folder / "out" / "game" / "b.svg").write_text("<svg/>")
    _kept_folder(root, "build-x", "1" * 64, make)
    assert len(made) == 3 and not (folder / "out" / "game" / "b.svg").exists()
    (folder / "out" / "game" / "a.pdf").unlink()
    _kept_folder(root, "build-x", "1" * 64, make)
    assert len(made) == 4 and (folder / "out" / "game" / "a.pdf").exists()


def test_only_the_newest_builds_of_the_same_arguments_are_kept(tmp_path):
    def make(folder: Path) -> None:
        (folder / "out").mkdir()

    root = tmp_path / "kept"
    other = _kept_folder(root, "build-y", "9" * 64, make)
    os.utime(other / ".made", (1000, 1000))                 # the oldest, but of other arguments
    folders = []
    for i in range(KEPT_PER_BUILD + 2):
        folders.append(_kept_folder(root, "build-x", f"{i}" * 64, make))
        os.utime(folders[-1] / ".made", (2000 + i, 2000 + i))     # made one after the other
    kept = sorted(path for path in root.iterdir() if path.is_dir())
    assert kept == sorted([*folders[-KEPT_PER_BUILD:], other])
