"""The rulebook figures of a game: each diagram drawn on the component it names, and how many were checked.

What stands on the component is read here (the engine's placements, or those an illustration gives); the
drawing is the component's kind's (`kind_of(component).figure`, generator/kinds/), and what a figure may
show on it is its content model's (`figure_spec`, content/models/figure.py). No kind is named here.

A diagram with `expect` claims has been checked by the game's rules engine
(engine/checker.py) before any figure is drawn; one without is an
illustration. Where the game has an engine, the pieces on a board or a map
are the engine's reading of the diagram's position, so the picture shows what
was checked; without one, an illustration names its pieces itself.

Engine hook, optional: a figure on a deck, tiles or counters that lists no
`show.items` asks the engine for them, if its engine has

    figure_items(position, component_id: str) -> list[str | tuple[str, str]]

(item ids, or (item id, "front" | "back")): e.g. the hand a player holds in
the diagram's position. Engines without it simply need `show.items`.
"""

from __future__ import annotations

from pathlib import Path

from .components.diagram import Figure
from .components.diagram.figure import readable
from .content.diagrams import (Diagram, FigureCount, ItemRef, count_figures, drawn_on, engine_reads, for_edition,
                               given_placements, piece_styles)
from .content.models import Game
from .engine import engine_for, has_engine
from .engine.checker import (diagram_aside, diagram_ghosts, diagram_held, diagram_placements, items_position,
                             load_game_diagrams)
from .i18n import catalogue
from .kinds import FigureJob, kind_of
from .reader_thresholds import value as threshold


MAX_WIDTH_MM = 120.0     # the column width a figure is made for (the rulebook scales it down to a narrower one)


def game_figures(game: Game, content_dir: Path, *, diagrams: list[Diagram] | None = None,
                 max_width_mm: float = MAX_WIDTH_MM, variant: str | None = None) -> dict[str, Figure]:
    """Every diagram of the game as a Figure, id -> Figure, in file order (`diagrams`: already read, if they were;
    else read as the edition of `variant` draws them)."""
    if diagrams is None:
        diagrams = for_edition(load_game_diagrams(game.id, content_dir, game.components), variant)
    engine = engine_for(game) if has_engine(game.id) else None     # bound to the game's own data
    items_of: dict[str, list] = {}     # items of a component, built once for all its figures
    return {d.id: _figure(game, d, engine, items_of, max_width_mm) for d in diagrams}


def _figure(game: Game, diagram: Diagram, engine, items_of: dict, max_width_mm: float) -> Figure:
    component = drawn_on(diagram, game.components)
    spec = component.figure_spec
    placements, ghosts, beside, styles = [], [], [], {}
    if spec.pieces:
        if engine and spec.engine_position and engine_reads(diagram, component):
            placements = diagram_placements(game.id, diagram, engine)
            ghosts = diagram_ghosts(game.id, diagram, engine)
            beside = _beside(game, diagram, engine)
        else:
            placements = given_placements(diagram, component, game.components)
        styles = piece_styles(diagram, component, game.components)
        _check_styles(diagram, [*placements, *ghosts, *(p for _, _, row in beside for p in row)], styles)
    elif not engine:
        given_placements(diagram, component, game.components)   # refuses a position on a die or a deck

    def engine_items(shown) -> list[ItemRef] | None:
        return _engine_items(game, diagram, shown, engine) if engine and not diagram.show.items else None

    job = FigureJob(game, diagram, placements=tuple(placements), ghosts=tuple(ghosts), beside=tuple(beside),
                    styles=styles,
                    engine_items=engine_items,
                    max_width_mm=max_width_mm, made_items=items_of)
    # The labels of a component drawn smaller keep to the reader's floor for a figure's marks (enlarged or left out)
    return readable(kind_of(component).figure(job, component), threshold("min_label_pt", game.info.preflight_values))


def _beside(game: Game, diagram: Diagram, engine) -> list[tuple[str, str, tuple]]:
    """The rows a board figure draws under the board, (label, how, placements): the pieces the moves took off
    a place something now stands on (placed at that place), then what each player holds (placed at
    'what:player', the holder)."""
    words = catalogue(game.info.language)
    rows = []
    aside = diagram_aside(game.id, diagram, engine)
    if aside:
        rows.append((words("figures.aside"), "aside", tuple(aside)))
    held: dict[tuple[str, str], list] = {}
    for what, player, piece, value in diagram_held(game.id, diagram, engine):
        held.setdefault((what, player), []).append((f"{what}:{player}", piece, value))
    rows += [(words(f"figures.held.{what}", player=player), "held", tuple(pieces))
             for (what, player), pieces in held.items()]
    return rows


def _check_styles(diagram: Diagram, placements, styles: dict) -> None:
    """An engine's placement names a piece style the figure cannot draw: say so at the diagram's position."""
    for place, piece, _ in placements:
        if piece not in styles:
            raise diagram.error(diagram.position_line(place), f"position: {place}: no piece style '{piece}' to draw "
                                                              f"it with; styles: {', '.join(styles) or 'none'}")


def _engine_items(game: Game, diagram: Diagram, component, engine) -> list[ItemRef] | None:
    """The items the engine puts in the figure (the optional `figure_items` hook), as `show.items` would name them."""
    hook = getattr(engine, "figure_items", None)
    if hook is None or diagram.position is None:
        return None
    return [ItemRef(*entry) if isinstance(entry, tuple) else ItemRef(str(entry))
            for entry in hook(items_position(game.id, diagram, engine), component.id)]


def figure_count(game: Game, content_dir: Path) -> FigureCount:
    """How many of the game's diagrams the engine checks, and how many are illustrations."""
    return count_figures(load_game_diagrams(game.id, content_dir, game.components))
