"""Value objects for drawing: strokes, text styles, colours, and the one unit constant."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import LayoutError

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


def luminance(colour: str) -> float:
    """Relative luminance (WCAG 2), 0 for black to 1 for white."""
    return rgb_luminance(hex_to_rgb(colour))


def rgb_luminance(rgb) -> float:
    """Relative luminance (WCAG 2) of sRGB components 0-1 (a colour read back from a PDF)."""
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours, 1 to 21 (4.5 is the floor for small print)."""
    return luminance_ratio(luminance(a), luminance(b))


def luminance_ratio(a: float, b: float) -> float:
    """WCAG contrast ratio of two relative luminances, 1 (none) to 21 (black on white)."""
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def mix_with_white(colour: str, amount: float) -> str:
    r, g, b = hex_to_rgb(colour)
    return "#{:02X}{:02X}{:02X}".format(*(round((c + (1 - c) * amount) * 255) for c in (r, g, b)))


# --ink-saver: a dark area larger than this becomes a light tint. Text (by the canvas) and marks drawn
# as ink on a fill (pips, piece letters, icons: by the components) turn dark when they are light, so
# they stay readable on the tint.
INK_SAVER_AREA_MM2 = 150.0
DARK = 0.18        # luminance under which a fill counts as a large dark area
LIGHT = 0.6        # luminance over which ink would vanish on a light tint
INK_SAVER_INK = "#222222"


def ink_saver_fill(fill: str, area_mm2: float) -> str:
    if area_mm2 >= INK_SAVER_AREA_MM2 and luminance(fill) < DARK:
        return mix_with_white(fill, 0.78)
    return fill


def ink_saver_ink(colour: str) -> str:
    return INK_SAVER_INK if luminance(colour) > LIGHT else colour


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
            raise LayoutError(f"line of {self.width_mm} mm is thinner than {MIN_LINE_MM:.3f} mm (0.25 pt)")


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
