"""Fixtures for the rulebook tests: the Tactix game, and games with a rules text of the test's own."""

from __future__ import annotations

import dataclasses

import pytest

from generator.content.loader import load_game
from rulebook_helpers import CONTENT


@pytest.fixture(scope="session")
def tactix():
    return load_game(CONTENT, "tactix")


@pytest.fixture
def game_with_rules(tactix, tmp_path):
    """The Tactix game (its components and info) with a rules text of the test's own."""
    def make(text: str, name: str = "rules.fr.md", **info_changes):
        (tmp_path / name).write_text(text, encoding="utf-8")
        info = dataclasses.replace(tactix.info, rules=name, **info_changes)
        return dataclasses.replace(tactix, info=info, folder=tmp_path)
    return make
