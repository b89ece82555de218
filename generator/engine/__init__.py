"""Rules engines, one module per game, found by game id.

Each module of the `games` package is named after its game (content/<id>/) and
defines `ENGINE`, an instance of `core.Engine`. The package is listed, not
imported, to know which games have an engine; a module is imported on first
use, so a game's engine costs nothing to the others.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from . import games
from .core import CHANCE, HIDDEN, ClaimContext, Engine, EngineError, IllegalMove, NotationError, Outcome

_cache: dict[str, Engine] = {}


@lru_cache(maxsize=1)
def engine_ids() -> list[str]:
    """Ids of the games that have a rules engine, sorted: the modules of generator/engine/games/."""
    return sorted(m.name for m in pkgutil.iter_modules(games.__path__) if not m.name.startswith("_"))


def has_engine(game_id: str) -> bool:
    return game_id in engine_ids()


def get_engine(game_id: str) -> Engine:
    """The engine of `game_id`; KeyError when the game has none."""
    if game_id not in _cache:
        if not has_engine(game_id):
            raise KeyError(game_id)
        module = importlib.import_module(f"{games.__name__}.{game_id}")
        _cache[game_id] = module.ENGINE
    return _cache[game_id]


__all__ = ["CHANCE", "HIDDEN", "ClaimContext", "Engine", "EngineError", "IllegalMove", "NotationError", "Outcome",
           "engine_ids", "get_engine", "has_engine"]
