"""Where the generator's own files live: the `templates/` folder (Jinja templates and language catalogues).

Every module that reads a template or a catalogue asks `templates_dir()`, so
the one place that knows how templates are found (a source checkout, an
editable install or an installed package) is here.

`templates/` stays at the top level of the repository; an installed package
carries it as `generator/templates/` (setup.py maps the one onto the other).
Jinja's FileSystemLoader needs a real folder on disk, which a wheel installed
by pip always gives (it is unpacked, never imported from a zip). The package's folder is where this file
is, as `importlib.resources.files("generator")` gives it for a package on disk, without importing
importlib.resources (with the zip, temporary file and archive modules it brings: about 13 ms of every build).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).parent        # generator/, as imported


@lru_cache(maxsize=1)
def templates_dir() -> Path:
    """The `templates/` folder: the installed copy inside the package, else the top level of the checkout."""
    shipped = _PACKAGE / "templates"
    checkout = Path(__file__).resolve().parent.parent / "templates"
    for candidate in (shipped, checkout):
        if candidate.is_dir():
            return candidate
    # A broken installation, not bad input: the CLI reports it as an internal error.
    raise FileNotFoundError(f"the generator's templates/ folder is missing (looked in {shipped} and {checkout})")


@lru_cache(maxsize=1)
def guide_file() -> Path:
    """docs/content-format.md, the designer's guide: the installed copy (generator/docs/), else the checkout's."""
    shipped = _PACKAGE / "docs" / "content-format.md"
    checkout = Path(__file__).resolve().parent.parent / "docs" / "content-format.md"
    for candidate in (shipped, checkout):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"the content format guide is missing (looked in {shipped} and {checkout})")
