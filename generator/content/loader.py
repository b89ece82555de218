"""Find games in a content folder and load one into checked models."""

from __future__ import annotations

from pathlib import Path

from . import limits
from ..reader_thresholds import check_override
from .errors import Collector, ContentError, content_error
from .game_icons import read_game_icons, using_icons
from .layouts import expand_faces
from .models import COMPONENT_KINDS, Game, GameInfo
from .paths import close_file, discover_games, inside_game, plain_name   # noqa: F401 (discover_games: named here too)
from .schema import Where, build
from .yamlfile import LocatedDict, LocatedList, read_yaml


def load_component(path: Path, layouts=None):
    """A component file, built and checked; `layouts`: game.yaml's shared layouts, which its faces may extend."""
    data = read_yaml(path)
    expand_faces(data, layouts)
    where = Where(path, getattr(data, "line", 1))
    if not isinstance(data, dict):
        raise where.error("a component file must be a mapping with a 'kind' key")
    kind = data.get("kind")
    if kind is None:
        raise where.error(f"missing key 'kind' (one of {', '.join(COMPONENT_KINDS)})")
    if kind not in COMPONENT_KINDS:
        import difflib
        close = difflib.get_close_matches(str(kind), list(COMPONENT_KINDS), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        line = data.line_of("kind") if isinstance(data, LocatedDict) else None
        raise ContentError(path, line, f"unknown component kind '{kind}'{hint}; known: {', '.join(COMPONENT_KINDS)}")
    return build(COMPONENT_KINDS[kind], data, where, f"{kind} component", given={"_game_layouts": layouts}), where


def load_game(content_dir: Path, game_id: str) -> Game:
    """Load and check content/<game_id>/: game.yaml and every component it lists."""
    plain_name(game_id, (Path(content_dir), None))
    folder = Path(content_dir) / game_id
    game_file = inside_game(folder, "game.yaml", (folder, None), "game file")
    if not game_file.is_file():
        known = discover_games(content_dir)      # no content folder: said, with where it probably is
        import difflib
        close = difflib.get_close_matches(game_id, known, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise ContentError(game_file, None, f"no game '{game_id}' here{hint}; games: {', '.join(known) or 'none'}")
    data = read_yaml(game_file)
    errors = Collector()     # game.yaml and each component file are read on their own: all their errors are told
    info: GameInfo | None = None
    with errors.attempt():
        info = build(GameInfo, data, Where(game_file, 1), "game.yaml")
    if info is None:
        names = data.get("components") if isinstance(data, LocatedDict) else None
        if isinstance(names, LocatedList) and all(isinstance(name, str) for name in names):
            try:           # under the limits game.yaml raises, when that part of it is right
                raised = limits.check_raised(data["limits"], game_file, data["limits"].line_of) \
                    if isinstance(data.get("limits"), LocatedDict) else {}
            except ContentError:
                raised = {}
            with limits.raised(raised):   # game.yaml is wrong, its list of components is not
                _load_components(folder, game_file, data, tuple(names), errors)
        errors.raise_any()
    if info.id != game_id:
        errors.errors.append(ContentError(game_file, data.line_of("id"),
                                          f"id '{info.id}' does not match the folder name '{game_id}'"))
    raised = limits.check_raised(data["limits"], game_file, data["limits"].line_of) if info.limits else {}
    for name, override in info.preflight.items():
        refused = check_override(name, override.value, override.reason)
        if refused:
            errors.errors.append(ContentError(game_file, data["preflight"].line_of(name), refused))
    own_icons = {}
    with errors.attempt():
        own_icons = read_game_icons(folder)
    with limits.raised(raised), using_icons(own_icons):    # a face may name the game's own icons
        components, sources, refused_ids = _load_components(folder, game_file, data, info.components, errors)
    if info.rules and not inside_game(folder, info.rules, (game_file, data.line_of("rules")), "rules file").is_file():
        errors.errors.append(ContentError(game_file, data.line_of("rules"), f"rules file '{info.rules}' not found"
                                                                             f"{close_file(folder, info.rules)}"))
    if errors:
        game = Game(info=info, folder=folder, components=tuple(components), sources=sources, icons=own_icons)
        err = content_error(errors.errors)
        # The components that did load: the build lays them out too, so their errors come in the same run.
        err.partial_game = game
        err.refused_ids = tuple(refused_ids)     # what the rules and figures may name of the files refused whole
        raise err
    return Game(info=info, folder=folder, components=tuple(components), sources=sources, icons=own_icons)


def _load_components(folder: Path, game_file: Path, data: LocatedDict, names: tuple[str, ...],
                     errors: Collector) -> tuple[list, dict, list]:
    """The components game.yaml lists (`names`), in order, with where each was written; items counted for the
    game. Each file is read on its own: the errors of every file go to `errors`, the others are returned, and
    the ids of the files refused whole (their `id:` when it could be read, else the file's stem)."""
    components, sources, ids, items, refused = [], {}, {}, 0, []
    for i, name in enumerate(names):
        line = data["components"].line_of(i)
        with errors.attempt():
            path = inside_game(folder, name, (game_file, line), "component file")
            if not path.is_file():
                refused.append(Path(name).stem)
                raise ContentError(game_file, line, f"component file '{name}' not found in {folder}"
                                                    f"{close_file(folder, name)}")
            try:
                component, where = load_component(path, data.get("layouts") if isinstance(data, dict) else None)
            except ContentError as err:
                # Read whole but refused by its own checks (some rows wrong): its good rows are laid out with
                # the game's other components (the game fails anyway), so their layout errors come in this run.
                partial = getattr(err, "partial", None)
                if type(partial) in COMPONENT_KINDS.loaded() and partial.id not in ids:
                    ids[partial.id] = name
                    sources[partial.id] = Where(path, 1)
                    components.append(partial)
                else:
                    refused.append(_refused_id(path))
                raise
            if component.id in ids:
                raise ContentError(path, where.line,
                                   f"component id '{component.id}' is already used by {ids[component.id]}")
            ids[component.id] = name
            _check_component_files(component, folder, where)
            items += getattr(component, "item_count", lambda: 0)()
            limits.check(limits.ITEMS_PER_GAME, items, "items of the game (every row counted with its copies)",
                         path, where.line)
            sources[component.id] = where
            components.append(component)     # only a component without error: the build may lay it out
    if not errors:     # a sheet shared with a component that failed to load is told by that failure
        with errors.attempt():
            _check_shared_sheets(components, sources)
    return components, sources, refused


def _refused_id(path: Path) -> str:
    """The id a component file refused whole gives itself, if its YAML reads as a mapping with an `id`; else its
    file name's stem (what the rules and figures most likely call it)."""
    try:
        data = read_yaml(path)
    except ContentError:
        return path.stem
    given = data.get("id") if isinstance(data, dict) else None
    return given if isinstance(given, str) else path.stem


def _check_shared_sheets(components: list, sources: dict) -> None:
    """`sheet_with: <id>` names a component of the game printed on n-up sheets (or a form or a board, whose free
    band takes the pieces), itself on its own sheets, of the guest's stock printed the same way
    (content/models/stock.py): one file has one paper and one way to print. A small mat (a piece cut whole) may go on any of them."""
    by_id = {c.id: c for c in components}
    for c in components:
        host_id = getattr(c, "sheet_with", None)
        if host_id is None:
            continue
        host = by_id.get(host_id)
        where = sources[c.id]
        hosts = sorted(k for k, v in by_id.items() if getattr(v, "hosts_sheets", False) and v is not c)
        if host is None or host is c or not getattr(host, "hosts_sheets", False):
            raise where.error(f"{c.kind} '{c.id}': sheet_with: '{host_id}' is not another deck, tiles, counters, "
                              f"form or board of the game ({', '.join(hosts) or 'none'})")
        if getattr(host, "pieces_in_band", False) and getattr(c, "whole_piece", False):
            raise where.error(f"{c.kind} '{c.id}': sheet_with: '{host_id}' is a {host.kind}: a mat prints on the "
                              f"sheets of a deck, tiles or counters")
        if not getattr(c, "whole_piece", False) and host.stock != c.stock:
            raise where.error(f"{c.kind} '{c.id}': sheet_with: '{host_id}' prints on another stock or another way "
                              f"({host.kind} '{host_id}': {host.stock}; {c.kind} '{c.id}': {c.stock}): one file "
                              f"has one paper and one way to print")
        if getattr(c, "sizes", None):
            raise where.error(f"mat '{c.id}': sheet_with: a mat with other sizes prints a file for each")
        if getattr(host, "sheet_with", None) is not None:
            raise where.error(f"{c.kind} '{c.id}': sheet_with: '{host_id}' prints on the sheets of "
                              f"'{host.sheet_with}': name that one")


def _check_component_files(component, folder: Path, where: Where) -> None:
    """Files a component names must exist, so a missing one is caught before rendering."""
    source = getattr(component, "source", None)
    if source and not inside_game(folder, source, where, f"{component.kind} '{component.id}': file").is_file():
        raise where.error(f"{component.kind} '{component.id}': file '{source}' not found{close_file(folder, source)}")
