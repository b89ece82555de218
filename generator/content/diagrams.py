"""Rulebook diagrams: content/<game>/diagrams.yaml read into located models.

A diagram is a position, optional moves played from it, the claims the text
makes about the result (`expect`), and what to draw (`show`). This module only
checks the shape and keeps the file and line of every diagram and claim; the
rules engine (generator.engine.checker) decides whether the claims are true.

    - id: tumble-turn
      caption: Le 5 bascule deux fois vers le nord puis tourne vers l'est.
      position: {a1: B5, e1: BR, e9: NR}     # the game's own notation; or `start`
      to_move: blanc                         # optional, default: the first player
      variant: centre                        # optional
      moves: [a1-d3]                         # played before the claims are checked
      expect:                                # a list: each claim keeps its own line
        - legal_moves: {from: a1, moves: [a1-a6, a1-b5, a1-c4, a1-d3, a1-e2]}
        - illegal: {move: a1-a5, reason: distance}
        - pieces: {d3: B3n2, a1: empty}
        - captures: []
        - winner: none
      show:
        state: before                        # draw the position before or after `moves`
        crop: [a1, f5]
        marks: [{at: d3, label: "1"}]
        arrows: [{path: [a1, a3, d3]}]
        highlight: [d3]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Optional

from .coords import parse_square
from .errors import ContentError
from .schema import Where, build, spec
from .yamlfile import LocatedDict, LocatedList, read_yaml

DIAGRAMS_FILE = "diagrams.yaml"


@dataclass(frozen=True)
class Mark:
    """A numbered or lettered mark drawn on one square."""
    at: str
    label: str


@dataclass(frozen=True)
class Arrow:
    """An arrow through the listed squares (its corners), drawn in the accent colour."""
    path: list[str] = spec(doc="two or more squares: start, corners, end")

    def check(self, where: Where) -> None:
        if len(self.path) < 2:
            raise where.error("an arrow needs at least two squares in 'path'")


@dataclass(frozen=True)
class Show:
    """What the picture shows besides the pieces."""
    state: Literal["before", "after"] = spec("before", doc="draw the position before or after `moves`")
    crop: Optional[tuple[str, str]] = spec(None, doc="two opposite corner squares of the area drawn")
    marks: list[Mark] = spec(factory=tuple)
    arrows: list[Arrow] = spec(factory=tuple)
    highlight: list[str] = spec(factory=tuple, doc="squares tinted in the accent colour")

    def squares(self) -> list[str]:
        out = list(self.crop or ())
        out += [m.at for m in self.marks]
        for a in self.arrows:
            out += list(a.path)
        return out + list(self.highlight)


@dataclass(frozen=True)
class Claim:
    """One thing the text says about a diagram: `kind` (e.g. 'legal_moves') and its YAML value."""
    kind: str
    value: Any
    path: Path
    line: int


@dataclass(frozen=True)
class Diagram:
    """A rulebook figure and what its caption claims."""
    id: str
    caption: str
    position: Any = spec(doc="the game's own position notation (a mapping square -> piece), or 'start'")
    to_move: Optional[str] = spec(None, doc="player to move; default: the game's first player")
    variant: Optional[str] = spec(None, doc="rules variant in play")
    moves: list[str] = spec(factory=tuple, doc="moves played from `position` before the claims are checked")
    expect: list[Any] = spec(factory=tuple, doc="claims, one mapping {kind: value} per item")
    show: Show = spec(factory=Show)
    # filled by `load_diagrams`, not read from YAML
    path: Optional[Path] = field(default=None, init=False)
    line: int = field(default=0, init=False)
    claims: tuple = field(default=(), init=False)        # Claim, in file order
    move_lines: tuple = field(default=(), init=False)    # line of each of `moves`
    key_lines: dict = field(default_factory=dict, init=False, compare=False)   # YAML key -> line

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)

    def where(self) -> Where:
        return Where(self.path, self.line)


def load_diagrams(path: Path, columns: int | None = None, rows: int | None = None) -> list[Diagram]:
    """Read a diagrams.yaml (a list of diagrams); [] when the file does not exist.

    With the board size given, every square named in `show` is checked to be on it.
    """
    path = Path(path)
    if not path.is_file():
        return []
    data = read_yaml(path)
    if data is None:
        return []
    if not isinstance(data, LocatedList):
        raise ContentError(path, getattr(data, "line", 1), "diagrams.yaml must be a list of diagrams ('- id: ...')")
    out, seen = [], {}
    for i, item in enumerate(data):
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
        if columns is not None and rows is not None:
            for sq in diagram.show.squares():
                if parse_square(sq, columns, rows) is None:
                    raise ContentError(path, item.line_of("show"),
                                       f"diagram '{diagram.id}': show: '{sq}' is not a square of the "
                                       f"{columns}x{rows} board")
        object.__setattr__(diagram, "path", path)
        object.__setattr__(diagram, "line", line)
        object.__setattr__(diagram, "claims", claims)
        object.__setattr__(diagram, "move_lines", move_lines)
        object.__setattr__(diagram, "key_lines", dict(item.key_lines))
        out.append(diagram)
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
