"""The `dice` kind: six-sided dice built from cube nets or stickers for blank dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from ..errors import did_you_mean
from ..schema import Name, Colour, Where, spec
from .elements import INK, PATTERN_KINDS, WHITE
from .figure import FigureSpec, FigureTarget
from .material import MaterialLine

DIE_FACES = 6
ROW_BREAK = "|"          # in a figure's `items`: the dice after it go on a new row
MAX_MARK_CHARS = 2      # a set's letter, or two: more would not fit in a face's corner

@dataclass(frozen=True)
class Die:
    """One die: six faces, each a number 1-6 (pips), a symbol name, or short text."""
    id: Name
    name: str
    faces: list[str] = spec(schema={"minItems": 6, "maxItems": 6}, doc="six faces, in the places of a standard right-handed die's 1 to 6 (opposite faces 1-6, 2-5, 3-4)")
    fill: Colour = WHITE
    ink: Colour = INK
    count: int = spec(1, minimum=1, maximum=100, doc="how many of this die to print")
    mark: str = spec("", doc="a short text (a set's letter) printed in a corner of every face, so that a set "
                             "never relies on its colour alone")
    pattern: Optional[Literal[PATTERN_KINDS]] = spec(None, doc="a texture over the fill (stripes, crosshatch, "
                                                               "dots, grain, checks), clear behind the face's symbol")
    pattern_colour: Colour = Colour("#000000")

    def check(self, where: Where) -> None:
        if len(self.faces) != 6:
            raise where.error(f"die '{self.id}': a die has 6 faces, found {len(self.faces)}")
        if len(self.mark) > MAX_MARK_CHARS:
            raise where.error(f"die '{self.id}': mark '{self.mark}' is longer than {MAX_MARK_CHARS} characters: "
                              f"it must fit in a corner of the face")


@dataclass(frozen=True)
class Dice(FigureTarget):
    """Dice to build: cube nets with glue tabs, or stickers for blank dice."""
    kind: Literal["dice"]
    id: Name
    name: str
    dice: list[Die]
    size_mm: float = spec(16.0, minimum=8, maximum=40, doc="edge of the cube")
    form: Literal["net", "stickers", "both"] = "net"
    tab_mm: float = spec(5.0, minimum=2, maximum=15, doc="depth of the glue tabs")

    # A figure shows faces of one die, in a row or as its net (its places are the face numbers), or several dice
    # each showing one face, `items: [die:face, ...]` (its places are those items): a roll, the oracles in play.
    figure_spec = FigureSpec(show=("die", "faces", "arrange", "items"), arrangements=("row", "net"))

    def material_lines(self, words) -> list[MaterialLine]:
        """Every die counted (a die printed 2 times is 2 dice), then the dice by name, how they are made, their size."""
        names = ", ".join(d.name if d.count == 1 else words("kinds.dice.material.times", name=d.name, count=d.count)
                          for d in self.dice)
        detail = words("kinds.dice.material.detail", names=names, form=words(f"kinds.dice.material.form.{self.form}"),
                       size=words.number(self.size_mm))
        return [MaterialLine(sum(d.count for d in self.dice), self.name, detail, self.id)]

    def shown_die(self, diagram) -> Die:
        """The die a figure shows: its `show.die`, else the first."""
        if diagram.show.die is None:
            return self.dice[0]
        for die in self.dice:
            if die.id == diagram.show.die:
                return die
        known = [d.id for d in self.dice]
        raise diagram.error(diagram.show_line("die"), f"show: die: '{diagram.show.die}' is not a die of '{self.id}'"
                                                      f"{did_you_mean(diagram.show.die, known)}; "
                                                      f"dice: {', '.join(known)}")

    def rolled(self, diagram) -> list[list[tuple[Die, int, str]]]:
        """The rows of dice a figure shows by `show.items` ('die:face', the face as its value or its place 1-6;
        ROW_BREAK starts a new row), each as (die, face index, the item's name: the figure's place)."""
        rows: list[list[tuple[Die, int, str]]] = [[]]
        dice = {d.id: d for d in self.dice}
        for i, ref in enumerate(diagram.show.item_refs()):
            name = ref.item
            if name == ROW_BREAK:
                rows.append([])
                continue
            die_id, _, face = name.partition(":")
            line = diagram.show_line(f"items.{i}")
            if die_id not in dice or not face:
                raise diagram.error(line, f"show: items: '{name}' is not 'die:face' with a die of '{self.id}'"
                                          f"{did_you_mean(die_id, list(dice))}; dice: {', '.join(dice)}")
            die = dice[die_id]
            if face.isdigit() and 1 <= int(face) <= DIE_FACES:
                index = int(face) - 1
            elif face in die.faces:
                index = die.faces.index(face)
            else:
                raise diagram.error(line, f"show: items: die '{die_id}' has no face '{face}' (its faces: "
                                          f"{', '.join(die.faces)}){did_you_mean(face, die.faces)}")
            rows[-1].append((die, index, name))
        return [row for row in rows if row]

    def check_figure(self, diagram) -> None:
        if diagram.show.items:
            if diagram.show.die is not None or diagram.show.faces:
                raise diagram.error(diagram.show_line("items"), "show: give 'items' (several dice) or 'die' and "
                                                                "'faces' (one die), not both")
            self.rolled(diagram)
            names = [ref.item for ref in diagram.show.item_refs() if ref.item != ROW_BREAK]
            if len(set(names)) != len(names):
                raise diagram.error(diagram.show_line("items"), "show: items: a die is listed twice")
            for name, key in diagram.show.places():
                if name not in names:
                    raise diagram.error(diagram.show_line(key), f"show: '{name}' is not an item of the figure "
                                                                f"({', '.join(names)}){did_you_mean(name, names)}")
            return
        self.shown_die(diagram)
        show = diagram.show
        for i, face in enumerate(show.faces):
            if not 1 <= face <= DIE_FACES:
                raise diagram.error(diagram.show_line(f"faces.{i}"), f"show: faces: {face} is not a face of a die "
                                                                     f"(1 to 6)")
        if len(set(show.faces)) != len(show.faces):
            raise diagram.error(diagram.show_line("faces"), "show: faces: a face is listed twice")
        shown = [str(f) for f in (show.faces or range(1, DIE_FACES + 1))]
        for name, key in show.places():
            if str(name) not in shown:
                raise diagram.error(diagram.show_line(key), f"show: '{name}' is not a face shown in the figure "
                                                            f"({', '.join(shown)}){did_you_mean(name, shown)}")
