"""The embedded font family: where its files are, registration with reportlab, metrics.

Both backends measure text here, so a line wraps at the same word in the PDF
and in the SVG. Characters the font lacks are typeset by us: the French
narrow no-break space (U+202F) becomes a gap of NNBSP_EM.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

import fontpkg_fira_sans
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

from .style import TextStyle

FAMILY_NAME = "Fira Sans"
_FILES = {
    (False, False): "FiraSans-Regular.ttf",
    (True, False): "FiraSans-Bold.ttf",
    (False, True): "FiraSans-Italic.ttf",
    (True, True): "FiraSans-BoldItalic.ttf",
}
NNBSP = "\u202f"
NNBSP_EM = 0.17  # a thin, unbreakable gap, as French typesetters set before ; : ! ?


def font_file(bold: bool = False, italic: bool = False) -> Path:
    return Path(fontpkg_fira_sans.ROOT) / "files" / _FILES[(bold, italic)]


def font_name(style: TextStyle) -> str:
    """reportlab's registered name for a style, registering the font on first use."""
    name = "FiraSans" + {(False, False): "", (True, False): "-Bold", (False, True): "-Italic",
                         (True, True): "-BoldItalic"}[(style.bold, style.italic)]
    _register(name, style.bold, style.italic)
    return name


@lru_cache(maxsize=None)
def _register(name: str, bold: bool, italic: bool) -> None:
    pdfmetrics.registerFont(_TaggedTTFont(name, str(font_file(bold, italic))))


class _TaggedTTFont(TTFont):
    """A TrueType font whose every embedded subset carries a tag of its own. reportlab derives the six-letter
    tag of "AAAAAA+FiraSans-Bold" from the subset's number, so every font's first subset is AAAAAA and two
    different subsets share a tag, which PDF readers and preflights take for the same font. Our tag is a hash
    of the font's name and the glyphs the subset holds: the same text gives the same tags (byte-identical
    output), different subsets different ones."""

    def addObjects(self, doc):
        subsets = self.state[doc].subsets
        face = self.face.name + self.face.subfontNameX

        def tag(n: int) -> bytes:
            digest = hashlib.sha256(face + repr(subsets[n]).encode("ascii")).digest()
            return bytes(ord("A") + b % 26 for b in digest[:6])

        # reportlab builds the BaseFont name with the module's SUBSETN: swapped for the duration of this call
        # (rendering is single-threaded; the original is always put back)
        numbered, ttfonts.SUBSETN = ttfonts.SUBSETN, tag
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = numbered


@lru_cache(maxsize=None)
def covered_codepoints(bold: bool = False, italic: bool = False) -> frozenset[int]:
    from fontTools.ttLib import TTFont as FTFont
    with FTFont(str(font_file(bold, italic)), lazy=True) as f:
        return frozenset(f.getBestCmap())


def missing_glyphs(text: str, style: TextStyle = TextStyle()) -> set[str]:
    """Characters of `text` the font cannot draw (the ones we typeset ourselves excluded)."""
    have = covered_codepoints(style.bold, style.italic)
    return {ch for ch in text if ord(ch) not in have and ch not in (NNBSP, "\n")}


def text_width_mm(text: str, style: TextStyle) -> float:
    """Advance width of one line of text in mm, narrow no-break spaces included."""
    name = font_name(style)
    parts = text.split(NNBSP)
    width_pt = sum(pdfmetrics.stringWidth(p, name, style.size_pt) for p in parts)
    width_pt += (len(parts) - 1) * NNBSP_EM * style.size_pt
    return width_pt * (25.4 / 72.0)


def ascent_mm(style: TextStyle) -> float:
    face = pdfmetrics.getFont(font_name(style)).face
    return face.ascent / 1000.0 * style.size_mm


def cap_height_mm(style: TextStyle) -> float:
    """Height of capitals, for centring a label optically in a box."""
    face = pdfmetrics.getFont(font_name(style)).face
    cap = getattr(face, "capHeight", 700) or 700
    return cap / 1000.0 * style.size_mm


@lru_cache(maxsize=None)
def font_bytes(bold: bool = False, italic: bool = False) -> bytes:
    """The TrueType file of a face, read once per process (every subset starts from it)."""
    return font_file(bold, italic).read_bytes()


@lru_cache(maxsize=64)
def subset_font(bold: bool, italic: bool, chars: str) -> bytes:
    """The TrueType face cut down to `chars`, for @font-face in SVG and HTML outputs.

    Layout tables (kerning, ligatures) are dropped: reportlab sets PDF text
    without them, so the SVG keeps the very same advance widths, and reading
    them is most of the subsetting time. Hinting is dropped too (screens and
    printers do without at these sizes); the name table stays, as it carries
    the OFL notice. A build calls it once per face and game (svg.SharedFontFaces).
    """
    import io

    from fontTools import subset
    from fontTools.ttLib import TTFont as FTFont

    options = subset.Options()
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF"]
    options.hinting = False
    # Parsed lazily from the bytes kept in memory: only the tables the subsetter touches are decoded.
    with FTFont(io.BytesIO(font_bytes(bold, italic)), recalcTimestamp=False, lazy=True) as font:
        for tag in ("GSUB", "GPOS", "GDEF"):
            if tag in font:
                del font[tag]
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=chars)
        subsetter.subset(font)
        out = io.BytesIO()
        font.save(out)
        return out.getvalue()
