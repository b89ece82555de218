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
from .core import CHANCE, HIDDEN, ClaimContext, Engine, EngineError, GameData, IllegalMove, NotationError, Outcome

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


def game_data(game) -> GameData:
    """What an engine may read of a loaded game (content.models.Game), as plain values: game.yaml `numbers`
    and, per component, what its model offers an engine (`engine_data()`: a map's rows)."""
    offered = {c.id: c.engine_data() for c in game.components}
    return GameData(numbers=dict(game.info.numbers),
                    components={cid: data for cid, data in offered.items() if data is not None})


def engine_for(game) -> Engine:
    """The engine of a loaded game, bound to the game's own data (`Engine.bind`); KeyError when it has none.
    Data the engine cannot use is bad content: a ContentError at the game's game.yaml."""
    from ..content.errors import ContentError
    try:
        return get_engine(game.id).bind(game_data(game))
    except NotationError as err:
        raise ContentError(game.folder / "game.yaml", None, f"rules engine of '{game.id}': {err.message}") from None


def game_engine(game_id: str, content_dir) -> Engine:
    """The engine of `game_id` bound to content_dir/<game_id> (loaded), or unbound when there is no such game
    folder (an engine that needs its data then refuses to make positions); KeyError when it has no engine."""
    from pathlib import Path
    engine = get_engine(game_id)
    if content_dir is None or not (Path(content_dir) / game_id / "game.yaml").is_file():
        return engine
    from ..content.loader import load_game
    return engine_for(load_game(Path(content_dir), game_id))


__all__ = ["CHANCE", "HIDDEN", "ClaimContext", "Engine", "EngineError", "GameData", "IllegalMove", "NotationError",
           "Outcome", "engine_for", "engine_ids", "game_data", "game_engine", "get_engine", "has_engine"]
