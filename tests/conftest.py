"""Shared fixtures: the repository's content folder and one build of it per test session."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"


@pytest.fixture(scope="session")
def content_dir() -> Path:
    return CONTENT


@pytest.fixture(scope="session")
def tactix_build(tmp_path_factory) -> Path:
    """output/tactix of a fresh `pnp build tactix`."""
    out = tmp_path_factory.mktemp("out")
    result = CliRunner().invoke(cli, ["build", "tactix", "--content", str(CONTENT), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / "tactix"


@pytest.fixture
def game_copy(tmp_path):
    """Copy a game's content folder to a temporary content dir, to break it on purpose."""
    def make(game_id: str) -> Path:
        dest = tmp_path / "content"
        shutil.copytree(CONTENT / game_id, dest / game_id)
        return dest
    return make
