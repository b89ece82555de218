"""Content layer: loads a game's plain files into typed, checked models.

Every problem is reported as a ContentError naming the file and line.
"""

from .errors import ContentError
from .loader import load_game, discover_games

__all__ = ["ContentError", "load_game", "discover_games"]
