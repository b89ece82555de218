"""output/index.html: every game's files and SVG previews on one page.

The page speaks the language its games share (French when they differ);
each game's own line (how many players) speaks that game's language.
"""

from __future__ import annotations

import jinja2

from .i18n import DEFAULT_LANGUAGE, LANGUAGES, catalogue, shared_language
from .resources import templates_dir


def gallery_html(games: list[dict]) -> str:
    """`games`: dicts with id, title, players, duration, ages, credit, language, files (names), previews
    (SVG names)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir())), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True)
    shown = []
    for game in games:
        language = game.get("language", DEFAULT_LANGUAGE)
        words = catalogue(language if language in LANGUAGES else DEFAULT_LANGUAGE)
        shown.append({**game, "players_text": words("gallery.players", players=game["players"])})
    return env.get_template("index.html.j2").render(games=shown, words=catalogue(shared_language(g.get("language", DEFAULT_LANGUAGE) for g in games)))
