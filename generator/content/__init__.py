"""Content layer: loads a game's plain files into typed, checked models.

Every problem is reported as a ContentError naming the file and line.

The loader (and with it the models, the schema and PyYAML) is imported on first use of `load_game` or
`discover_games` (PEP 562): a module that only names ContentError, or a light submodule, does not pay for it
(a rebuild with nothing changed loads no model).
"""

from ..lazy_names import on_first_use
from .errors import ContentError

__all__ = ["ContentError", "load_game", "discover_games"]
__getattr__ = on_first_use(__name__, {"load_game": "loader", "discover_games": "paths"}, globals())
