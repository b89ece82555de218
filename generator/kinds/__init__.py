"""The registry of component kinds: for each `kind:` of a component file, in one place, what it is and how it
is made.

A kind is one module here, `generator/kinds/<kind>.py`, holding `KIND = Kind(...)`:
  - `model`: its content model (content/models/<kind>.py), which also says the kind's lines in the
    component list (`material_lines(words)`, read by the rulebook's `{{ materiel() }}`);
  - `render(job, component)`: draws its faces, imposes them (which print files and previews it writes)
    and adds them to the game's outputs, hence to the manifest and the print guide;
  - `paper`: the catalogue key of its paper advice in the print guide; `guide_steps`: its own steps;
  - `check(job, component)`, if it can find what `render` would refuse without drawing (its faces laid out,
    its sheets planned): `pnp validate` calls it, and renders in memory (then drops) the kinds without one;
  - `items(component, folder)`, for a kind made of separate faces (cards, tiles, counters): its Items, which
    `pnp export` turns into images;
  - `figure(job, component)`, if a rulebook figure can be drawn on it: draws the diagram `job.diagram`
    on the component (components/diagram), from what generator/figures.py has read for it (a FigureJob:
    the pieces standing on it, the items the engine shows). What a figure may `show` on the kind, and how
    its places are named and checked, is the content model's `figure_spec` and `check_figure`
    (content/models/figure.py): the content layer checks diagrams without this registry.
Its words are in the `kinds` catalogue (templates/catalogues/<language>/kinds.yaml).

The build, print, manifest, rulebook and figure layers ask this registry (`kind_of(component)`); none of
them tests a kind's name. A kind module imports the heavy layers (components, print, rulebook) inside `render`
and `figure` only, so asking the registry costs nothing for kinds a game does not have: a deck build never
loads the rulebook.

Adding a kind: its content model module (content/models/<kind>.py, one line in COMPONENT_KINDS; with a
`figure_spec`, `check_figure` and, if pieces stand on it, `place_exists` when figures can be drawn on it), its
module here (with `figure` then), its words in kinds.yaml (fr and en); the registry finds the module by the
kind's name.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Optional

from ..content.models import COMPONENT_KINDS
from ..i18n import Catalogue, catalogue


@dataclass(frozen=True)
class Job:
    """What a kind's renderer works with: the game's outputs so far, the game, the options, the figures."""
    out: Any                  # build.GameOutput: add(name, data), add_document(name, doc), guide
    game: Any                 # content.models.Game
    print_options: Any        # print.PrintOptions
    options: Any              # build.BuildOptions (shop, cmyk, ink_saver)
    figures: dict = field(default_factory=dict)

    @property
    def words(self) -> Catalogue:
        return catalogue(self.game.info.language)

    @property
    def title(self) -> str:
        return self.game.info.title


@dataclass(frozen=True)
class FigureJob:
    """What a kind's figure function works with: the diagram, what stands on the component, the room it has."""
    game: Any                 # content.models.Game
    diagram: Any              # content.diagrams.Diagram, drawn on the component
    placements: tuple = ()    # (place, piece style, value) of the pieces standing on a board, map or mat
    styles: dict = field(default_factory=dict)      # the piece styles they are drawn with
    ghosts: tuple = ()        # (place, piece style, value) of the pieces the moves took off their places
    beside: tuple = ()        # rows under a board: (label, 'aside' | 'held', placements): pieces taken off a
                              # place something else now stands on (place: that place), pieces held (place: holder)
    engine_items: Callable[[Any], Optional[list]] = lambda component: None   # the engine's ItemRefs, if any
    max_width_mm: float = 120.0
    made_items: dict = field(default_factory=dict)  # component id -> its Items, made once for all its figures

    def items(self, component: Any, make: Callable[[Any, Any], list]) -> list:
        """The component's Items (`make(component, game folder)`, as its renderer makes them), made once."""
        if component.id not in self.made_items:
            self.made_items[component.id] = make(component, self.game.folder)
        return self.made_items[component.id]


@dataclass(frozen=True)
class Kind:
    """One kind of component: its model, how it is made, what the print guide says of it."""
    name: str
    model: type
    render: Callable[[Job, Any], None]
    paper: str                                   # catalogue key of the paper advice
    guide_steps: tuple[str, ...] = ()            # catalogue keys of steps the print guide adds for this kind
    check: Optional[Callable[[Job, Any], None]] = None    # what render would refuse, found without drawing
    figure: Optional[Callable[[FigureJob, Any], Any]] = None   # draws a rulebook figure on a component
    items: Optional[Callable[[Any, Any], list]] = None   # (component, game folder) -> its Items, for kinds made of
                                                         # faces a player cuts out one by one (`pnp export`)
    sheet_items: Optional[Callable[[Any, Any], list]] = None   # its Items on another component's sheets (its
                                                               # `sheet_with`), for a kind without `items`
    advice: Optional[Callable[[Any, Job], Optional[tuple]]] = None   # (component, job) -> catalogue keys (paper,
                                                                      # steps) where the kind's own do not fit it
    drawn_from_itself: bool = False     # without `items`, its render too reads only the component, the components
                                        # sharing its sheets, the game's settings, icons and assets (a mat, dice):
                                        # build.unit_model gives it a model, kept when another file is edited

    def pieces(self, component: Any, folder: Any) -> list:
        """The Items a component of this kind puts on its host's sheets (content: `sheet_with`)."""
        return (self.items or self.sheet_items)(component, folder)

    def piece_steps(self, component: Any, job: Job) -> tuple[str, ...]:
        """Catalogue keys of the steps its pieces need wherever they print (on a form's band too): a fold-over
        counter is folded and glued to itself."""
        keys = self.advice(component, job) if self.advice else None
        return tuple(keys[1]) if keys else self.guide_steps

    def paper_advice(self, words: Catalogue) -> str:
        return words(self.paper)

    def steps(self, words: Catalogue) -> tuple[str, ...]:
        return tuple(words(key) for key in self.guide_steps)

    def material_lines(self, component: Any, words: Catalogue) -> list:
        return list(component.material_lines(words))


def kind_names() -> tuple[str, ...]:
    """Every kind, in the order of the content format."""
    return tuple(COMPONENT_KINDS)


@lru_cache(maxsize=None)
def kind_named(name: str) -> Kind:
    """The registry entry of kind `name` (a KeyError for a kind without a module: a programming error)."""
    if name not in COMPONENT_KINDS:
        raise KeyError(f"no component kind {name!r}")
    entry = importlib.import_module(f"{__name__}.{name}").KIND
    if entry.name != name or entry.model is not COMPONENT_KINDS[name]:
        raise TypeError(f"generator/kinds/{name}.py declares {entry.name!r} on {entry.model.__name__}")
    return entry


def kind_of(component: Any) -> Kind:
    """The registry entry of a loaded component."""
    return kind_named(component.kind)
