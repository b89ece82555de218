"""`pnp new GAME`: a new game folder that validates and builds at once, to be filled in."""

from __future__ import annotations

import re
from pathlib import Path

import jinja2

from .content.errors import ContentError
from .resources import templates_dir

GAME_ID = re.compile(r"^[a-z][a-z0-9-]{1,39}$")
FILES = ("game.yaml", "board.yaml", "rules.fr.md")


def new_game(content_dir: Path, game_id: str, title: str | None = None) -> list[Path]:
    """Write content/<game_id>/ from templates/new; never overwrites an existing game."""
    if not GAME_ID.match(game_id):
        raise ContentError(None, None, f"'{game_id}' is not a game id: lower-case letters, digits and '-', "
                                       f"starting with a letter (e.g. 'mon-jeu')")
    folder = Path(content_dir) / game_id
    if folder.exists():
        raise ContentError(folder, None, "already exists; choose another id or edit it")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir() / "new")), keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined)
    title = title or game_id.replace("-", " ").capitalize()
    rendered = {name: env.get_template(f"{name}.j2").render(id=game_id, title=title) for name in FILES}
    folder.mkdir(parents=True)
    written = []
    for name, text in rendered.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
