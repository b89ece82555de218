"""Where the generator's own files live: the `templates/` folder (Jinja templates and language catalogues).

Every module that reads a template or a catalogue asks `templates_dir()`, so
the one place that knows how templates are found (a source checkout, an
editable install or an installed package) is here.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def templates_dir() -> Path:
    """The `templates/` folder: top level of a checkout."""
    return Path(__file__).resolve().parent.parent / "templates"
