"""Rulebook diagrams: content/<game>/diagrams.yaml read into located models.

A diagram is a picture drawn on one component of the game (`on`), what of it
to show and what to draw over it (`show`), and, for a game with a rules
engine, a position, optional moves played from it and the claims the text
makes about the result (`expect`). This module only checks the shape and the
names, and keeps the file and line of every diagram, claim and name; the rules
engine (generator.engine.checker) decides whether the claims are true.

A diagram with `expect` claims is checked by the game's engine; a diagram
without claims is an illustration: it needs no engine, and is counted apart.

    - id: tumble-turn
      caption: Le 5 bascule deux fois vers le nord puis tourne vers l'est.
      on: plateau                            # a component id; default: the game's first board
      position: {a1: B5, e1: BR, e9: NR}     # the game's own notation; or `start`
      to_move: blanc                         # optional, default: the first player
      variant: centre                        # optional: the figure shows this variant's rule
      except_variants: [centre]              # optional, without `variant`: the figure does not hold there
      moves: [a1-d3]                         # played before the claims are checked
      expect:                                # a list: each claim keeps its own line
        - legal_moves: {from: a1, moves: [a1-a6, a1-b5, a1-c4, a1-d3, a1-e2]}
        - illegal: {move: a1-a5, reason: distance}
        - pieces: {d3: B3n2, a1: empty}
        - captures: []
        - winner: none
      show:
        crop: [a1, f5]
        marks: [{at: d3, label: "1"}]
        arrows: [{path: [a1, a3, d3]}]
        highlight: [d3]
        crosses: [d6]                        # places a move cannot reach, crossed out (say so in the caption)

How a move is drawn, in every game (one convention, drawn by components/diagram/):
a figure with `moves` shows the position after them, solid, and each piece the
moves took off its place (the one that left, one taken) ghosted where it stood
(a dashed outline, pale); an arrow runs from the ghost to the arrival. A piece
taken off a place something else now stands on (a die taken, a tile used under
the die) is drawn beside the board, with its place's name.
`state: before` draws the position before the moves instead, nothing ghosted:
only for a figure that asks the reader to find the move, and its caption says
so (generator/figure_proof.py warns otherwise, and when the picture leaves out
a piece its moves, claims or caption name, or a mark its caption or the rules'
figure legend does not explain).

What `on` may name, and what `show` then says (every other `show` key is an
error on that component). Marks, arrows and highlights name *places*:

    board     crop: [a1, f5]          places: squares (or points of a `points` board)
    map       crop: [b2, g6]          places: cells, 'c4' or '3,4' as the map names them
    mat       region: [x, y, w, h]    places: a zone's label, or 'x,y' in mm
              or zone: <label>        (mm of the mat's bleed box, as its zones and elements)
    deck, tiles, counters
              items: [id, 3, {item: id, side: back}]   an item by its id or its row number
                                                       in the table; side back shows its back
              arrange: row | column | fan   places: the items as `items` names them
                                            (a row that would draw them under half size goes on
                                            in further rows, in reading order)
    dice      die: <die id>           default: the component's first die
              faces: [1, 2, 3]        face numbers 1-6; default: all six
              arrange: row | net      places: face numbers
              or items: [oni:smiley, kala:3, "|", ...]   several dice, each showing one face (its value or
                                      its place 1-6); "|" starts a new row. places: the items as written

Each component's model says this for itself (its `figure_spec` and `check_figure`,
content/models/figure.py); this module asks it and names no kind.

Positions. In a game with a rules engine the engine reads `position` (its own
notation) and says what stands where, on a board or a map. In a game without
one, an illustration gives its pieces directly: `position` maps a place to a
piece style ({d4: blanc}, or {d4: {piece: de_rouge, value: "5"}}), styles from
the diagram's own `pieces`, else the board's `pieces`, else any board of the
game; `position: start` is the board's `setup`. Such a game can have no
`expect`, `moves`, `to_move` or `variant`: nothing could check them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, Optional, Union

from .errors import Collector, ContentError, did_you_mean
from .figure_count import FigureCount, count_figures  # noqa: F401  (named here for figures.py)
from .models import PieceStyle
from .paths import DIAGRAMS_FILE, inside_game
from .schema import Name, Where, build, derived, spec
from .yamlfile import LocatedDict, LocatedList, read_yaml


@dataclass(frozen=True)
class Mark:
    """A numbered or lettered mark drawn on one place."""
    at: str
    label: str


@dataclass(frozen=True)
class Arrow:
    """An arrow through the listed places (its corners), drawn in the accent colour."""
    path: list[str] = spec(doc="two or more places: start, corners, end")

    def check(self, where: Where) -> None:
        if len(self.path) < 2:
            raise where.error("an arrow needs at least two places in 'path'")


@dataclass(frozen=True)
class ItemRef:
    """One card, tile or counter of a figure, and the side it shows."""
    item: str = spec(doc="the item's id, or its row number in the component's table")
    side: Literal["front", "back"] = "front"


@dataclass(frozen=True)
class Show:
    """What of the component the picture shows, and what it draws over it."""
    state: Literal["before", "after"] = spec(
        "after", doc="after (the convention): the position after `moves`, what left its place ghosted; before: "
                     "the position before the moves, for a figure that asks the reader to find the move")
    crop: Optional[tuple[str, str]] = spec(None, doc="board or map: two opposite corner squares of the area drawn")
    region: Optional[tuple[float, float, float, float]] = spec(
        None, doc="mat: the area drawn, [x, y, w, h] in mm of the mat's bleed box")
    zone: Optional[str] = spec(None, doc="mat: the area drawn is this zone (its label)")
    items: list[Union[str, ItemRef]] = spec(
        factory=tuple, doc="deck, tiles, counters: the items shown, by id or row number; {item: id, side: back}; "
                           "dice: several dice, each 'die:face' (its value or place 1-6), '|' for a new row")
    arrange: Optional[Literal["row", "column", "fan", "net"]] = spec(
        None, doc="items in a row (default; in rows where one would draw them under half size), a column "
                  "(top to bottom) or a fan; a die's faces in a row (default) or a net")
    die: Optional[str] = spec(None, doc="dice: which die (default: the first)")
    faces: list[int] = spec(factory=tuple, doc="dice: the faces shown, 1-6 (default: all six)")
    marks: list[Mark] = spec(factory=tuple)
    arrows: list[Arrow] = spec(factory=tuple)
    highlight: list[str] = spec(factory=tuple, doc="places tinted or framed in the accent colour")
    crosses: list[str] = spec(factory=tuple, doc="places crossed out: a move cannot go there (the caption says why)")

    def places(self) -> list[tuple[str, str]]:
        """Every place `show` names, with the key of its line (see Diagram.show_line)."""
        out = [(m.at, f"marks.{i}") for i, m in enumerate(self.marks)]
        for i, a in enumerate(self.arrows):
            out += [(p, f"arrows.{i}") for p in a.path]
        out += [(c, f"crosses.{i}") for i, c in enumerate(self.crosses)]
        return out + [(h, f"highlight.{i}") for i, h in enumerate(self.highlight)]

    def corners_and_places(self) -> list[tuple[str, str]]:
        """The crop's corners, then every place, each with the key of its line: what a board or map checks."""
        return [(c, "crop") for c in self.crop or ()] + self.places()

    def item_refs(self) -> list[ItemRef]:
        return [ItemRef(str(i)) if isinstance(i, str) else i for i in self.items]


# What `show` may say on any component; each model's `figure_spec` (content/models/figure.py) adds its own keys.
COMMON_SHOW_KEYS = ("marks", "arrows", "highlight", "crosses")


@dataclass(frozen=True)
class Claim:
    """One thing the text says about a diagram: `kind` (e.g. 'legal_moves') and its YAML value."""
    kind: str
    value: Any
    path: Path
    line: int


@dataclass(frozen=True)
class Diagram:
    """A rulebook figure, what it is drawn on, and what its caption claims."""
    id: Name
    caption: str
    on: Optional[str] = spec(None, doc="the component the figure is drawn on; default: the game's first board")
    position: Any = spec(None, doc="the game's own position notation (a mapping place -> piece), or 'start'")
    pieces: dict[str, PieceStyle] = spec(factory=dict, doc="piece styles of this figure alone (for maps and mats)")
    to_move: Optional[str] = spec(None, doc="player to move; default: the game's first player")
    variant: Optional[str] = spec(None, doc="rules variant in play; without it, the rules of the edition built "
                                            "(the plain rules, or the variant of --variant)")
    except_variants: list[str] = spec(factory=tuple, doc="variants under whose rules the figure does not hold: "
                                                         "an edition of one of them checks it under the plain "
                                                         "rules (its text must say so, or leave it out)")
    moves: list[str] = spec(factory=tuple, doc="moves played from `position` before the claims are checked")
    expect: list[Any] = spec(factory=tuple, doc="claims, one mapping {kind: value} per item",
                             schema={"items": {"type": "object", "minProperties": 1, "maxProperties": 1}})
    show: Show = spec(factory=Show)
    # Worked out by `load_diagrams`, not read from YAML (names starting with '_' are never content keys): given to
    # the constructor through dataclasses.replace, so no frozen diagram is written to.
    _path: Optional[Path] = derived()
    _line: int = derived(0)
    _claims: tuple = derived(())          # Claim, in file order
    _move_lines: tuple = derived(())      # line of each of `moves`
    _key_lines: dict = derived(None)      # YAML key -> line

    @property
    def path(self) -> Optional[Path]:
        return self._path

    @property
    def line(self) -> int:
        return self._line

    @property
    def claims(self) -> tuple:
        return self._claims

    @property
    def move_lines(self) -> tuple:
        return self._move_lines

    @property
    def key_lines(self) -> dict:
        return self._key_lines or {}

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)

    def show_line(self, key: str) -> int:
        """Line of a `show` entry: 'marks' or 'marks.2' (the third mark); the diagram's `show` line if unknown."""
        return self.key_lines.get(f"show.{key}", self.key_lines.get(f"show.{key.split('.')[0]}", self.line_of("show")))

    def position_line(self, key: str) -> int:
        if isinstance(self.position, LocatedDict) and key in self.position:
            return self.position.line_of(key)
        return self.line_of("position")

    def where(self) -> Where:
        return Where(self.path, self.line)

    def error(self, line: int, message: str) -> ContentError:
        return ContentError(self.path, line, f"diagram '{self.id}': {message}")

    @property
    def is_illustration(self) -> bool:
        """No claims: nothing for an engine to check."""
        return not self.claims


def for_edition(diagrams: list[Diagram], variant: str | None) -> list[Diagram]:
    """The diagrams as an edition of the rules under `variant` (None: the plain rules) checks and draws them.

    A diagram without its own `variant` follows the edition's rules, unless it lists the edition's variant
    in `except_variants` (then it keeps the plain rules); a diagram with a `variant` keeps it.
    """
    if variant is None:
        return list(diagrams)
    return [replace(d, variant=variant) if d.variant is None and variant not in d.except_variants else d
            for d in diagrams]


def load_diagrams(path: Path, components: tuple | list | None = None, absent: tuple = ()) -> list[Diagram]:
    """Read a diagrams.yaml (a list of diagrams); [] when the file does not exist.

    With the game's components given, every diagram's `on` and every place its
    `show` names are checked against the component it is drawn on. `absent`: ids of
    components whose file failed to load (told already): a diagram drawn on one is read,
    its own keys checked, but not against its component.
    """
    path = inside_game(Path(path).parent, Path(path).name, (Path(path), None), "diagrams file")
    if not path.is_file():
        return []
    data = read_yaml(path)
    if data is None:
        return []
    if not isinstance(data, LocatedList):
        raise ContentError(path, getattr(data, "line", 1), "diagrams.yaml must be a list of diagrams ('- id: ...')")
    out, seen = [], {}
    errors = Collector()     # each diagram is read on its own: the errors of every one are told at once
    for i, item in enumerate(data):
        with errors.attempt():
            out.append(_diagram(path, data, i, item, seen, components, absent))
    errors.raise_any()
    return out


def _diagram(path: Path, data: LocatedList, i: int, item: Any, seen: dict, components, absent: tuple = ()) -> Diagram:
    """Diagram `i` of the file, checked (against its component, when `components` are given)."""
    line = data.line_of(i)
    where = Where(path, line)
    if not isinstance(item, LocatedDict):
        raise where.error(f"diagram {i + 1}: expected a mapping with id, caption, position")
    diagram: Diagram = build(Diagram, item, where, f"diagram {i + 1}")
    if diagram.id in seen:
        raise ContentError(path, item.line_of("id"), f"diagram id '{diagram.id}' is already used on line {seen[diagram.id]}")
    seen[diagram.id] = line
    claims = _claims(item.get("expect"), path, item.line_of("expect"), diagram.id)
    moves = item.get("moves")
    move_lines = tuple(moves.line_of(j) for j in range(len(moves))) if isinstance(moves, LocatedList) else ()
    diagram = replace(diagram, _path=path, _line=line, _claims=claims, _move_lines=move_lines,
                      _key_lines={**item.key_lines, **_show_lines(item.get("show"))})
    if components is not None and not _on_absent(diagram, components, absent):
        check_target(diagram, drawn_on(diagram, components))
    return diagram


def _on_absent(diagram: Diagram, components, absent: tuple) -> bool:
    """Whether the diagram is drawn on a component whose file failed to load: named, or the default board when
    the game has none left."""
    if diagram.on is not None:
        return diagram.on in absent
    return bool(absent) and not any(c.figure_spec is not None and c.figure_spec.default for c in components)


def _show_lines(show: Any) -> dict[str, int]:
    """'show.<key>' and 'show.<key>.<index>' -> line, for messages about one mark, arrow or item."""
    if not isinstance(show, LocatedDict):
        return {}
    out = {}
    for key, value in show.items():
        out[f"show.{key}"] = show.line_of(key)
        if isinstance(value, LocatedList):
            for j in range(len(value)):
                out[f"show.{key}.{j}"] = value.line_of(j)
    return out


def _claims(raw: Any, path: Path, line: int, diagram_id: str) -> tuple[Claim, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, LocatedList):
        raise ContentError(path, line, f"diagram '{diagram_id}': expect: a list of claims, "
                                       f"each '- kind: value' (e.g. '- winner: blanc')")
    claims = []
    for j, item in enumerate(raw):
        item_line = raw.line_of(j)
        if not isinstance(item, dict) or len(item) != 1:
            raise ContentError(path, item_line, f"diagram '{diagram_id}': each claim is one 'kind: value' "
                                                f"mapping, e.g. '- winner: blanc'")
        (kind, value), = item.items()
        claims.append(Claim(str(kind), value, path, item_line))
    return tuple(claims)


# --- what a diagram is drawn on ------------------------------------------------------------------

def drawn_on(diagram: Diagram, components) -> Any:
    """The component named by the diagram's `on` (default: the game's first board); ContentError if none."""
    if diagram.on is None:
        board = next((c for c in components if c.figure_spec is not None and c.figure_spec.default), None)
        if board is None:
            raise diagram.error(diagram.line, "the game has no board: say what the figure is drawn on with "
                                              f"'on: <component id>' ({_drawable_ids(components)})")
        return board
    for c in components:
        if c.id == diagram.on:
            if c.figure_spec is None:
                raise diagram.error(diagram.line_of("on"), f"on: a figure cannot be drawn on {c.kind} '{c.id}'; "
                                                           f"it can on {_drawable_ids(components)}")
            return c
    known = [c.id for c in components if c.figure_spec is not None]
    raise diagram.error(diagram.line_of("on"), f"on: no component '{diagram.on}'{did_you_mean(diagram.on, known)}; "
                                               f"figures can be drawn on {_drawable_ids(components)}")


def engine_reads(diagram: Diagram, component) -> bool:
    """Whether a game's engine reads the diagram: it makes claims or plays moves, or it places pieces on a
    board or a map (in the engine's notation). An illustration of cards, dice or a mat is drawn without it."""
    return bool(diagram.claims or diagram.moves) or (diagram.position is not None
                                                     and component.figure_spec.engine_position)


def _drawable_ids(components) -> str:
    return ", ".join(f"{c.id} ({c.kind})" for c in components if c.figure_spec is not None) or "no component"


def check_target(diagram: Diagram, component) -> None:
    """`show` fits the component: only its own keys, and every place, face and zone named exists (the
    component's `check_figure`)."""
    spec = component.figure_spec
    allowed = spec.show + COMMON_SHOW_KEYS
    show = diagram.show
    for key in ("state", "crop", "region", "zone", "items", "arrange", "die", "faces"):
        if f"show.{key}" in diagram.key_lines and key not in allowed:
            raise diagram.error(diagram.show_line(key), f"show: '{key}' does not apply to {component.kind} "
                                                        f"'{component.id}' (it takes {', '.join(allowed)})")
    if show.arrange is not None and show.arrange not in spec.arrangements:
        raise diagram.error(diagram.show_line("arrange"), f"show: arrange: '{show.arrange}' does not suit "
                                                          f"{component.kind} '{component.id}' "
                                                          f"(one of {', '.join(spec.arrangements)})")
    component.check_figure(diagram)


# --- the pieces of an illustration, in a game without an engine -----------------------------------

def piece_styles(diagram: Diagram, component, components) -> dict[str, PieceStyle]:
    """The piece styles a figure may place: its own `pieces`, then the board's, then any board's of the game."""
    styles: dict[str, PieceStyle] = {}
    for lender in reversed(components):
        styles.update(lender.figure_pieces())
    styles.update(component.figure_pieces())
    styles.update(diagram.pieces)
    return styles


def given_placements(diagram: Diagram, component, components) -> list[tuple[str, str, Optional[str]]]:
    """(place, piece style, value) of an illustration's `position`, written by hand: no engine reads it."""
    position = diagram.position
    if position is None:
        return []
    if position == "start":
        if not component.figure_spec.setup:
            raise diagram.error(diagram.line_of("position"), f"position: 'start' is the setup of a board; "
                                                             f"'{component.id}' is a {component.kind}")
        return [(p.at, p.piece, p.value) for p in component.setup]
    if not component.figure_spec.pieces:
        raise diagram.error(diagram.line_of("position"), f"position: a figure on {component.kind} '{component.id}' "
                                                         f"shows `show` items or faces, not a position")
    if not isinstance(position, dict):
        raise diagram.error(diagram.line_of("position"), "position: expected a mapping place -> piece style, "
                                                         "e.g. {d4: blanc}, or 'start'")
    styles = piece_styles(diagram, component, components)
    out = []
    for place, piece in position.items():
        place, line = str(place), diagram.position_line(place)
        if not component.place_exists(place):
            raise diagram.error(line, f"position: '{place}' is not a place of {component.kind} '{component.id}'")
        value = None
        if isinstance(piece, dict):
            unknown = [k for k in piece if k not in ("piece", "value")]
            if unknown or "piece" not in piece:
                raise diagram.error(line, f"position: {place}: expected a piece style, or {{piece: style, value: text}}")
            piece, value = piece["piece"], None if piece.get("value") is None else str(piece["value"])
        if str(piece) not in styles:
            raise diagram.error(line, f"position: {place}: no piece style '{piece}'{did_you_mean(piece, styles)}; "
                                      f"styles: {', '.join(styles) or 'none (give the figure its own pieces:)'}")
        out.append((place, str(piece), value))
    return out
