"""`pnp new GAME`: a new game folder that validates and builds at once, to be filled in.

Every file comes from templates/new/: a board, a deck whose cards are the rows of
a CSV table (with a count column), counters, a figure and the rules that place it.
The placeholder words (authors, names, card texts, the diagram's caption) come from
the `scaffold` catalogue of the game's language, the rules text from
`rules.<language>.md.j2`. Each YAML file starts with the line that tells an editor
(yaml-language-server: VS Code, Neovim, Helix...) where the schema is:
`schema.json` at the root of the content folder, which `pnp new` writes (again,
so that it follows the installed pnp) and `pnp schema --out` refreshes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import jinja2

from .content.errors import ContentError
from .content.schema_export import write_schema
from .i18n import DEFAULT_LANGUAGE, LANGUAGES, catalogue
from .resources import templates_dir

GAME_ID = re.compile(r"^[a-z][a-z0-9-]{1,39}$")
# The file written -> its template in templates/new/.
# The rules call {{ diagram(...) }} on the one figure of diagrams.yaml: an illustration of the board (no `expect`,
# so it needs no rules engine).
FILES = {"game.yaml": "game.yaml.j2", "board.yaml": "board.yaml.j2", "deck.yaml": "deck.yaml.j2",
         "cards.csv": "cards.csv.j2", "counters.yaml": "counters.yaml.j2", "diagrams.yaml": "diagrams.yaml.j2",
         "rules.{language}.md": "rules.{language}.md.j2"}
SCHEMA_FILE = "schema.json"     # at the content folder's root, beside the games
# The first line of every YAML file written: yaml-language-server reads it, relative to the file.
SCHEMA_LINE = f"# yaml-language-server: $schema=../{SCHEMA_FILE}"


def new_game(content_dir: Path, game_id: str, title: str | None = None, *,
             language: str = DEFAULT_LANGUAGE) -> list[Path]:
    """Write content/<game_id>/ from templates/new in `language`; never overwrites an existing game."""
    if not GAME_ID.match(game_id):
        raise ContentError(None, None, f"'{game_id}' is not a game id: lower-case letters, digits and '-', "
                                       f"starting with a letter (e.g. 'mon-jeu')")
    if language not in LANGUAGES:
        raise ContentError(None, None, f"no language '{language}' (known: {', '.join(LANGUAGES)})")
    folder = Path(content_dir) / game_id
    if folder.exists():
        raise ContentError(folder, None, "already exists; choose another id or edit it")
    rendered = render_files(game_id, title or game_id.replace("-", " ").capitalize(), language, FILES)
    try:
        folder.mkdir(parents=True)
    except OSError as err:      # a read-only folder, a file in the way
        raise ContentError(Path(err.filename or folder), None,
                           catalogue(language)("errors.cannot_write", reason=err.strerror or err)) from None
    try:
        written = [write_schema(Path(content_dir) / SCHEMA_FILE)]
        for name, text in rendered.items():
            path = folder / name
            path.write_text(text, encoding="utf-8")
            written.append(path)
    except OSError as err:      # a full disk: no half-made game is left (this folder is ours, made just above)
        import shutil
        shutil.rmtree(folder, ignore_errors=True)
        raise ContentError(Path(err.filename or folder), None,
                           catalogue(language)("errors.cannot_write", reason=err.strerror or err)) from None
    return written


def render_files(game_id: str, title: str, language: str, files: dict[str, str]) -> dict[str, str]:
    """The text of each scaffold file (name -> text), `{language}` in names filled in."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir() / "new")), keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined)
    env.filters["yaml"] = lambda text: json.dumps(str(text), ensure_ascii=False)    # a quoted YAML scalar
    env.filters["field_text"] = lambda text: str(text).replace("{", "{{").replace("}", "}}")   # no '{field}' in it
    fields = dict(id=game_id, title=title, language=language, words=catalogue(language), schema_line=SCHEMA_LINE)
    return {name.format(language=language): env.get_template(template.format(language=language)).render(**fields)
            for name, template in files.items()}


