"""output/index.html: every game's files and SVG previews on one page."""

from __future__ import annotations

from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def gallery_html(games: list[dict]) -> str:
    """`games`: dicts with id, title, players, duration, ages, credit, files (names), previews (SVG names)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True)
    return env.get_template("index.html.j2").render(games=games)
