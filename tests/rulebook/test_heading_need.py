"""What a heading needs under it counts a paragraph's part as reportlab splits it (rulebook/pdf.py
_paragraph_least): two lines a side at least, widows and orphans being refused, and a paragraph of fewer than four
lines whole. Counting one line of a list's two-line last item, the typesetter left Tectonic's booklet page 11 to
figures alone: the heading with its sentence and list went over whole, 12 pt more than reckoned."""

from __future__ import annotations

from dataclasses import replace

import pytest
from reportlab.platypus import Paragraph

from generator.rulebook.pdf import _paragraph_least, make_styles, theme_for

A5 = theme_for("a4", half=True)


def _paragraph(lines: int, theme=A5) -> tuple[Paragraph, float]:
    """A paragraph of `lines` lines at the booklet's width, and its height."""
    style = make_styles(theme).body
    words = " ".join(f"mot{n:03d}" for n in range(400))
    text = words
    width = theme.text_w_mm * 72 / 25.4
    for count in range(1, 400):
        text = " ".join(words.split()[:count])
        para = Paragraph(text, style)
        height = para.wrap(width, 1000)[1]
        if round(height / style.leading) == lines:
            return para, height
    raise AssertionError(f"no paragraph of {lines} lines")


@pytest.mark.parametrize("lines", [2, 3])
def test_a_paragraph_of_fewer_than_four_lines_comes_whole(lines):
    para, height = _paragraph(lines)
    assert _paragraph_least(para, height, para.style.leading, widows=False) == pytest.approx(height)


def test_a_longer_paragraph_splits_after_two_lines_at_least():
    para, height = _paragraph(6)
    lead = para.style.leading
    assert _paragraph_least(para, height, lead, widows=False) == pytest.approx(2 * lead)
    assert _paragraph_least(para, height, 3 * lead, widows=False) == pytest.approx(3 * lead)


def test_with_widows_allowed_a_line_a_side_is_enough():
    theme = replace(A5, allow_widows=True)
    para, height = _paragraph(2, theme)
    assert _paragraph_least(para, height, para.style.leading, widows=True) == pytest.approx(para.style.leading)
