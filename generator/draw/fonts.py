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
    """The characters the face draws: its character map as reportlab read it to set the PDFs (0xFFFF, the map's
    closing entry, drawn by no glyph)."""
    face = pdfmetrics.getFont(font_name(TextStyle(bold=bold, italic=italic))).face
    return frozenset(code for code, glyph in face.charToGlyph.items() if glyph)


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


@lru_cache(maxsize=64)
def subset_font(bold: bool, italic: bool, chars: str) -> bytes:
    """The TrueType face cut down to `chars`, for @font-face in SVG and HTML outputs.

    Cut by reportlab, from the face it already parsed to set the PDFs (`makeSubset`, what it embeds in a
    PDF), with a Unicode character map in place of reportlab's (a PDF subset is addressed by its own codes,
    a browser asks for characters): fontTools' subsetter took a deck build a tenth of its CPU, most of it
    importing it. Layout tables (kerning, ligatures) are left out: reportlab sets PDF text without them, so
    the SVG keeps the very same advance widths; hinting too (screens and printers do without at these sizes);
    the name table stays, as it carries the OFL notice. A build
    calls it once per face and unit (svg.SharedFontFaces).
    """
    from reportlab.pdfbase.ttfonts import TTFontMaker
    face = pdfmetrics.getFont(font_name(TextStyle(bold=bold, italic=italic))).face
    codes = sorted({ord(ch) for ch in chars if face.charToGlyph.get(ord(ch))})
    cut = face.makeSubset(codes)
    maker = TTFontMaker()
    tables = _without_hinting(_tables(cut))
    for tag, data in tables.items():
        maker.add(tag, data)
    # makeSubset numbers the new glyphs in the order of `codes`, after .notdef: glyph n + 1 is the n-th new one
    new_glyph: dict[int, int] = {}
    for code in codes:
        new_glyph.setdefault(face.charToGlyph[code], len(new_glyph) + 1)
    maker.add("cmap", _unicode_cmap({code: new_glyph[face.charToGlyph[code]] for code in codes}))
    return maker.makeStream()


def _tables(font: bytes) -> dict[str, bytes]:
    """A TrueType file's tables by tag."""
    import struct
    count = struct.unpack_from(">H", font, 4)[0]
    tables = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sLLL", font, 12 + 16 * i)
        tables[tag.decode("latin-1")] = font[offset:offset + length]
    return tables


_HINTING_TABLES = ("cvt ", "fpgm", "prep")
_MORE_COMPONENTS, _WORD_ARGS, _SCALE, _XY_SCALE, _TWO_BY_TWO, _INSTRUCTIONS = 0x20, 0x1, 0x8, 0x40, 0x80, 0x100


def _without_hinting(tables: dict[str, bytes]) -> dict[str, bytes]:
    """The tables with every glyph's instructions and the hinting programs left out (glyf, loca, head)."""
    import struct
    long_loca = struct.unpack_from(">h", tables["head"], 50)[0] == 1
    loca = tables["loca"]
    offsets = (struct.unpack(f">{len(loca) // 4}L", loca) if long_loca
               else [2 * o for o in struct.unpack(f">{len(loca) // 2}H", loca)])
    glyf, glyphs, at = tables["glyf"], [], [0]
    for start, end in zip(offsets, offsets[1:]):
        glyph = bytearray(glyf[start:end])
        if glyph:
            contours = struct.unpack_from(">h", glyph)[0]
            if contours >= 0:            # a simple glyph: its instructions follow its contours' ends
                where = 10 + 2 * contours
                length = struct.unpack_from(">H", glyph, where)[0]
                glyph[where:where + 2 + length] = b"\0\0"
                del glyph[_simple_glyph_end(glyph, contours):]     # and the padding it had
            else:                        # a composite: instructions after its last component, flagged in each
                where, flags = 10, _MORE_COMPONENTS
                while flags & _MORE_COMPONENTS:
                    flags = struct.unpack_from(">H", glyph, where)[0]
                    struct.pack_into(">H", glyph, where, flags & ~_INSTRUCTIONS)
                    where += 4 + (4 if flags & _WORD_ARGS else 2) + \
                        (2 if flags & _SCALE else 4 if flags & _XY_SCALE else 8 if flags & _TWO_BY_TWO else 0)
                del glyph[where:]
            glyph += b"\0" * (-len(glyph) % 4)
        glyphs.append(bytes(glyph))
        at.append(at[-1] + len(glyph))
    out = {tag: data for tag, data in tables.items() if tag not in _HINTING_TABLES}
    out["glyf"] = b"".join(glyphs)
    short = at[-1] // 2 <= 0xFFFF
    out["loca"] = struct.pack(f">{len(at)}H", *(o // 2 for o in at)) if short else struct.pack(f">{len(at)}L", *at)
    out["head"] = tables["head"][:50] + struct.pack(">h", 0 if short else 1) + tables["head"][52:]
    return out


def _simple_glyph_end(glyph: bytes, contours: int) -> int:
    """Where a simple glyph without instructions ends: after its points' flags (a flag repeated by count) and
    their x then y coordinates (a byte when short, none when the same as the last, else two bytes)."""
    import struct
    points = struct.unpack_from(">H", glyph, 10 + 2 * (contours - 1))[0] + 1 if contours else 0
    at = 12 + 2 * contours
    flags: list[int] = []
    while len(flags) < points:
        flag = glyph[at]
        at += 1
        repeat = 1
        if flag & 0x08:
            repeat += glyph[at]
            at += 1
        flags += [flag] * repeat
    for short, same in ((0x02, 0x10), (0x04, 0x20)):
        at += sum(1 if flag & short else 0 if flag & same else 2 for flag in flags[:points])
    return at


def _unicode_cmap(glyphs: dict[int, int]) -> bytes:
    """A cmap table of one Windows Unicode (3, 1) subtable, format 4: code -> glyph, in runs of consecutive
    codes drawn by consecutive glyphs (each a segment with its delta), then the closing 0xFFFF segment."""
    import struct
    segments: list[list[int]] = []          # [first code, last code, delta]
    for code in sorted(c for c in glyphs if c < 0xFFFF):
        delta = (glyphs[code] - code) % 0x10000
        if segments and segments[-1][1] == code - 1 and segments[-1][2] == delta:
            segments[-1][1] = code
        else:
            segments.append([code, code, delta])
    segments.append([0xFFFF, 0xFFFF, 1])
    count = len(segments)
    search = 2 ** (count.bit_length() - 1)
    body = struct.pack(f">{count}H", *(s[1] for s in segments)) + b"\0\0" \
        + struct.pack(f">{count}H", *(s[0] for s in segments)) \
        + struct.pack(f">{count}H", *(s[2] for s in segments)) + b"\0\0" * count
    subtable = struct.pack(">7H", 4, 14 + len(body), 0, 2 * count, 2 * search, search.bit_length() - 1,
                           2 * count - 2 * search) + body
    return struct.pack(">HHHHL", 0, 1, 3, 1, 12) + subtable
