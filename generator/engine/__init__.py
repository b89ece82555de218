"""Rules engines, one module per game, found by game id.

Each module defines `ENGINE`, an instance of `core.Engine`. Modules are
imported on first use, so a game's engine costs nothing to games without one.
"""

from __future__ import annotations

import importlib

from .core import ClaimContext, Engine, EngineError, IllegalMove, NotationError, Outcome

# game id -> module (relative to this package) defining ENGINE
_MODULES = {
    "tactix": ".tactix",
    "tectonic": ".tectonic",
    "armada": ".armada",
    "praxis": ".praxis",
}

_cache: dict[str, Engine] = {}


def engine_ids() -> list[str]:
    """Ids of the games that have a rules engine, sorted."""
    return sorted(_MODULES)


def has_engine(game_id: str) -> bool:
    return game_id in _MODULES


def get_engine(game_id: str) -> Engine:
    """The engine of `game_id`; KeyError when the game has none."""
    if game_id not in _cache:
        if game_id not in _MODULES:
            raise KeyError(game_id)
        module = importlib.import_module(_MODULES[game_id], __name__)
        _cache[game_id] = module.ENGINE
    return _cache[game_id]


__all__ = ["ClaimContext", "Engine", "EngineError", "IllegalMove", "NotationError", "Outcome",
           "engine_ids", "get_engine", "has_engine"]
