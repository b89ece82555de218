"""The "Matériel" list, worked out from the components so the rulebook never disagrees with them.

Each component kind describes itself in one or more MaterialLine. A component
model may define `material_lines() -> list[MaterialLine]` (or tuples
(count, name, detail)) to say it best; otherwise known kinds are described
here and unknown ones by duck typing: a list of parts that carry a count,
quantity or copies, or else one item.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable


@dataclass(frozen=True)
class MaterialLine:
    """One line of the material list: how many, what, and a short precision."""
    count: int
    name: str
    detail: str = ""
    component: str = ""

    def __str__(self) -> str:
        text = f"{self.count} × {self.name}"
        return f"{text} ({self.detail})" if self.detail else text


class MaterialList(tuple):
    """The material lines of a game; prints as a Markdown bullet list inside a rules file."""

    def __str__(self) -> str:
        return "\n".join(f"- {line}" for line in self)

    @property
    def total(self) -> int:
        return sum(line.count for line in self)


def fr_number(value: float) -> str:
    """20.0 -> '20', 12.5 -> '12,5': French decimal comma, no useless zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",")


def material_list(components: Iterable[Any]) -> MaterialList:
    lines: list[MaterialLine] = []
    for component in components:
        lines.extend(material_lines(component))
    return MaterialList(lines)


_PART_LISTS = ("dice", "cards", "tiles", "counters", "pieces_list", "items", "parts")
_COUNT_FIELDS = ("count", "quantity", "copies")


def material_lines(component: Any) -> list[MaterialLine]:
    cid = getattr(component, "id", "")
    own = getattr(component, "material_lines", None)
    if callable(own):
        return [_as_line(item, cid) for item in own()]
    kind = getattr(component, "kind", "")
    name = getattr(component, "name", cid or kind)
    if kind == "board":
        return [MaterialLine(1, name, _board_detail(component), cid)]
    if kind == "dice":
        return [MaterialLine(_count_parts(component.dice), name, _dice_detail(component), cid)]
    if kind == "sheet":
        return [MaterialLine(1, name, "", cid)]
    for attr in _PART_LISTS:
        parts = getattr(component, attr, None)
        if isinstance(parts, (list, tuple)) and parts:
            return [MaterialLine(_count_parts(parts), name, "", cid)]
    return [MaterialLine(_count_of(component), name, "", cid)]


def _as_line(item: Any, cid: str) -> MaterialLine:
    if isinstance(item, MaterialLine):
        return item
    count, name, *rest = item
    return MaterialLine(int(count), str(name), str(rest[0]) if rest else "", cid)


def _count_of(obj: Any) -> int:
    for attr in _COUNT_FIELDS:
        value = getattr(obj, attr, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return 1


def _count_parts(parts: Iterable[Any]) -> int:
    return sum(_count_of(p) for p in parts)


def _board_detail(board: Any) -> str:
    grid = board.grid
    if grid.points:
        return f"{grid.columns} × {grid.rows} cases, pions sur les intersections"
    return f"{grid.columns} × {grid.rows} cases de {fr_number(grid.cell_mm)} mm"


_DICE_FORMS = {
    "net": "patrons à découper, plier et coller",
    "stickers": "autocollants pour dés vierges",
    "both": "patrons à monter ou autocollants",
}


def _dice_detail(dice: Any) -> str:
    names = ", ".join(d.name if d.count == 1 else f"{d.name} × {d.count}" for d in dice.dice)
    form = _DICE_FORMS.get(getattr(dice, "form", ""), "")
    size = f"{fr_number(dice.size_mm)} mm"
    return f"{names} ; {form}, {size}" if form else f"{names} ; {size}"


def setup_counts(board: Any) -> dict[str, int]:
    """How many of each piece style the board's start position uses, in first-seen order."""
    counts: dict[str, int] = {}
    for placement in getattr(board, "setup", ()):
        counts[placement.piece] = counts.get(placement.piece, 0) + 1
    return counts
