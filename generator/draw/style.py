"""Value objects for drawing: strokes, text styles, colours, and the one unit constant."""

from __future__ import annotations

from dataclasses import dataclass, replace

# The only unit conversion in the project: a PostScript point is 1/72 inch, an inch 25.4 mm.
PT_PER_MM = 72.0 / 25.4
MM_PER_PT = 25.4 / 72.0

# The thinnest line that survives a home printer (STYLE.md): 0.25 pt.
MIN_LINE_MM = 0.25 * MM_PER_PT


def hex_to_rgb(colour: str) -> tuple[float, float, float]:
    c = colour.lstrip("#")
    return int(c[0:2], 16) / 255.0, int(c[2:4], 16) / 255.0, int(c[4:6], 16) / 255.0


def rgb_to_cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """Device-independent naive separation; greys become K only, so text stays plain black."""
    k = 1.0 - max(r, g, b)
    if k >= 1.0:
        return 0.0, 0.0, 0.0, 1.0
    c = (1.0 - r - k) / (1.0 - k)
    m = (1.0 - g - k) / (1.0 - k)
    y = (1.0 - b - k) / (1.0 - k)
    return round(c, 4), round(m, 4), round(y, 4), round(k, 4)


@dataclass(frozen=True)
class Stroke:
    """A line: colour, width in mm, optional dash pattern in mm."""
    colour: str = "#222222"
    width_mm: float = 0.3
    dash_mm: tuple[float, ...] | None = None
    cap: str = "butt"      # butt | round | square
    join: str = "miter"    # miter | round | bevel

    def __post_init__(self):
        if self.width_mm < MIN_LINE_MM - 1e-9:
            raise ValueError(f"line of {self.width_mm} mm is thinner than {MIN_LINE_MM:.3f} mm (0.25 pt)")


@dataclass(frozen=True)
class TextStyle:
    """Font family, weight, slant, size in points and colour."""
    size_pt: float = 10.0
    colour: str = "#222222"
    bold: bool = False
    italic: bool = False
    family: str = "sans"

    @property
    def size_mm(self) -> float:
        return self.size_pt * MM_PER_PT

    def with_(self, **kw) -> "TextStyle":
        return replace(self, **kw)
