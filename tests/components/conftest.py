"""Fixtures of the component tests: the demo game and small component files written on the fly."""

from __future__ import annotations

import textwrap

import pytest

from comphelp import FIXTURES
from generator.content.loader import load_component, load_game


@pytest.fixture
def demo():
    return load_game(FIXTURES, "demo")


@pytest.fixture
def make_component(tmp_path):
    """Write a component file (and optional assets) into a fresh game folder; return (component, folder, path)."""
    def make(text: str, name: str = "comp.yaml", files: dict | None = None):
        folder = tmp_path / "game"
        (folder / "assets").mkdir(parents=True, exist_ok=True)
        for fname, content in (files or {}).items():
            target = folder / fname
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(textwrap.dedent(content), encoding="utf-8")
        path = folder / name
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        component, _ = load_component(path)
        return component, folder, path
    return make
