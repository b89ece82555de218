"""Content layer: loads a game's plain files into typed, checked models.

Every problem is reported as a ContentError naming the file and line.

The loader (and with it the models, the schema and PyYAML) is imported on first use of `load_game` or
`discover_games` (PEP 562): a module that only names ContentError, or a light submodule, does not pay for it
(a rebuild with nothing changed loads no model).
"""

from importlib import import_module

from .errors import ContentError

__all__ = ["ContentError", "load_game", "discover_games"]


def __getattr__(name: str):
    if name in ("load_game", "discover_games"):
        return getattr(import_module(".loader" if name == "load_game" else ".paths", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
