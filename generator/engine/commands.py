"""What `pnp engine ...` runs: plain functions the click CLI wraps.

Errors are ContentError (exit 2 in the CLI): unknown game, unknown variant,
bad depth, unreadable position file (named with its line).
"""

from __future__ import annotations

import json
from pathlib import Path

from ..content import limits
from ..content.errors import ContentError
from ..content.yamlfile import LocatedDict, read_yaml
from . import engine_ids, game_engine, has_engine
from .core import Engine, NotationError

POSITION_FILE_KEYS = ("position", "to_move", "variant")


def _engine(game_id: str, content_dir: Path | None) -> Engine:
    """The game's engine, bound to content_dir/<game_id> when that folder holds the game (Engine.bind)."""
    if not has_engine(game_id):
        raise ContentError(None, None, f"no rules engine for game '{game_id}' (engines: {', '.join(engine_ids())})")
    return game_engine(game_id, content_dir)


def perft(game_id: str, depth: int, variant: str | None = None, content_dir: Path | None = None) -> int:
    """Number of leaves of the legal-move tree `depth` plies deep from the start position."""
    engine = _engine(game_id, content_dir)
    if depth < 0:
        raise ContentError(None, None, f"perft depth must be 0 or more, not {depth}")
    try:
        start = engine.initial(variant)
    except NotationError as err:
        raise ContentError(None, None, err.message) from None
    # Depth by depth: each count foretells the next (times the last growth), so a depth whose leaves would pass
    # limits.PERFT_LEAVES is refused after the cheap depths, before the expensive one runs.
    counts = [1]
    for ply in range(1, depth + 1):
        if ply > 1:
            growth = max(counts[-1] / max(counts[-2], 1), 1.0)
            foretold = counts[-1] * growth ** (depth - ply + 1)
            if foretold > limits.PERFT_LEAVES.default:
                raise ContentError(None, None, limits.exceeded(
                    limits.PERFT_LEAVES, f"about {foretold:.3g}", f"perft {depth} of '{game_id}': leaves"))
        counts.append(engine.perft(start, ply))
    return counts[-1]


def read_position_file(engine: Engine, path: Path):
    """A position from a YAML file: either a diagram-style mapping with `position:`
    (and optional `to_move:`, `variant:`), or the bare position mapping itself."""
    data = read_yaml(path)
    to_move = variant = None
    body = data
    if isinstance(data, LocatedDict) and "position" in data:
        extra = [k for k in data if k not in POSITION_FILE_KEYS]
        if extra:
            raise ContentError(path, data.line_of(extra[0]),
                               f"unknown key '{extra[0]}'; allowed here: {', '.join(POSITION_FILE_KEYS)}")
        body, to_move, variant = data["position"], data.get("to_move"), data.get("variant")
    try:
        if body == "start":
            return engine.initial(variant)
        return engine.read_position(body, None if to_move is None else str(to_move),
                                    None if variant is None else str(variant))
    except NotationError as err:
        line = getattr(body, "line", None)
        if isinstance(body, LocatedDict) and err.key in body:
            line = body.line_of(err.key)
        raise ContentError(path, line, err.message) from None


def moves_json(game_id: str, position_path: Path | None, content_dir: Path | None = None) -> str:
    """The legal moves of a position (the start position without a file) as a JSON list of notation strings."""
    engine = _engine(game_id, content_dir)
    position = engine.initial() if position_path is None else read_position_file(engine, Path(position_path))
    return json.dumps([engine.format_move(position, m) for m in engine.legal_moves(position)])
