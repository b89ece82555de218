"""Each embedded font subset has its own six-letter tag (PDF 32000-1, 9.6.4): reportlab numbers subsets, so every
font's first one was AAAAAA+ and a preflight took FiraSans-Regular's subsets of two documents for one font."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader

from generator.draw.pdf import PdfCanvas
from generator.draw.style import TextStyle


def _pdf(*texts: tuple[str, TextStyle]) -> bytes:
    canvas = PdfCanvas()
    canvas.begin_page(100, 100)
    for i, (text, style) in enumerate(texts):
        canvas.text(10, 10 + 10 * i, text, style)
    return canvas.finish()


def _base_fonts(data: bytes) -> set[str]:
    names = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in page["/Resources"]["/Font"].values():
            name = str(font.get_object()["/BaseFont"]).lstrip("/")
            if "+" in name:
                names.add(name)
    return names


def test_each_subset_has_its_own_tag_and_the_same_text_the_same_tag():
    regular, bold = TextStyle(size_pt=10), TextStyle(size_pt=10, bold=True)
    one = _base_fonts(_pdf(("Plateau", regular), ("Plateau", bold)))
    assert len(one) == 2 and all(re.fullmatch(r"[A-Z]{6}\+FiraSans-(Regular|Bold)", n) for n in one)
    assert len({n.split("+")[0] for n in one}) == 2, one          # two fonts, two tags
    other = _base_fonts(_pdf(("Règles", regular)))
    assert not {n.split("+")[0] for n in other} & {n.split("+")[0] for n in one}   # other glyphs, other tag
    assert _base_fonts(_pdf(("Plateau", regular), ("Plateau", bold))) == one     # deterministic
