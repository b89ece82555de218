"""`pnp playtest GAME --into-notes`: the run's figures into content/GAME/playtest.yaml.

The rulebook's design notes quote that file (content/playtest_notes.py reads it,
templates/rulebook/appendices.*.md.j2 words it); it is written here only, on
request, so a build never plays games and the same content always gives the same
book. Rates are rounded to whole percents, lengths to whole plies.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from ..content.playtest_notes import NOTES_FILE
from ..outfolder import write_file
from .summary import Share, Summary


def _percent(x: float) -> int:
    return int(round(100 * x))


def _share(share: Share) -> dict:
    low, high = share.interval
    return {"wins": _percent(share.rate), "low": _percent(low), "high": _percent(high)}


def notes_data(s: Summary) -> dict:
    setup = s.setup
    return {
        "games": s.games,
        "seed": setup.seed,
        "max_plies": setup.max_plies,
        "variant": setup.variant,
        "players": setup.players,
        "agents": list(setup.agents),
        "first_player": {**_share(s.first), "fair": _percent(s.fair)} if s.first.n else None,
        "seats": [{"player": line.player, "agent": line.agent, **_share(line.wins)} for line in s.seats],
        "length": None if s.lengths is None else
        {"median": int(round(s.lengths[1])), "q1": int(round(s.lengths[0])), "q3": int(round(s.lengths[2]))},
        "capped": _percent(s.capped.rate),
        "draws": _percent(s.draws.rate),
    }


def write_notes(content_dir: Path, s: Summary) -> Path:
    """Write the figures of `s` for its game; returns the file written."""
    setup = s.setup
    command = f"pnp playtest {setup.game_id} --games {s.games} --seed {setup.seed} " \
              f"--agents {','.join(setup.agents)} --max-plies {setup.max_plies}" \
              + (" --rotate-seats" if setup.rotate else "") \
              + (f" --variant {setup.variant}" if setup.variant else "") + " --into-notes"
    header = f"# Written by `{command}`.\n# Run it again to refresh these figures; do not edit them by hand.\n"
    text = header + yaml.safe_dump(notes_data(s), sort_keys=False, allow_unicode=True)
    # Renamed into place: a playtest.yaml that is a link is replaced, never written through.
    return write_file(Path(content_dir) / setup.game_id, NOTES_FILE, text.encode("utf-8"))
