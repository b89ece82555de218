"""output/index.html: every game's files and SVG previews on one page."""

from __future__ import annotations

import jinja2

from .resources import templates_dir


def gallery_html(games: list[dict]) -> str:
    """`games`: dicts with id, title, players, duration, ages, credit, files (names), previews (SVG names)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir())), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True)
    return env.get_template("index.html.j2").render(games=games)
