"""The stock a component's sheets print on and the way they print, as its content says (default print
options: a back printed on the sheet's other side). Two components share a sheet only when both are the same
(`sheet_with`, checked by content/loader.py: the print guide gives one paper and one way to print a file),
and the reader's preflight asks a mostly blank sheet why it did not share with a component of its stock
(print/reader.py sheet_fill). The paper each stock means is the kind's advice (templates/catalogues/*/kinds.yaml).
"""

from __future__ import annotations

from dataclasses import dataclass

PLAIN = "plain"           # 80 g/m² paper used as printed: forms, fold-over counters (80 to 160 g/m²)
GREYBOARD = "greyboard"   # 80-120 g/m² paper glued onto greyboard before cutting: flat pieces printed one side
CARD = "card"             # card of 160-300 g/m²: playing cards, pieces printed on both sides


@dataclass(frozen=True)
class Stock:
    paper: str            # PLAIN | GREYBOARD | CARD
    sides: str            # single | duplex

    def __str__(self) -> str:
        return f"{self.paper}, {self.sides}"


def face_set_stock(paper: str, two_sided: bool) -> Stock:
    """A deck's, tiles' or counters' sheets: printed both sides on card when they have a back."""
    return Stock(CARD, "duplex") if two_sided else Stock(paper, "single")
