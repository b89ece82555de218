"""Icons inside rule text (`:crown:`), read back from the typeset book: vector paths laid exactly over the gap the
line left for them, standing on the baseline at the size and in the colour of their text (body, heading, link),
in both editions; inline SVG in the HTML; literal colons and code stay text; an unknown name is a file:line error."""

from __future__ import annotations

import io
import re

import pdfplumber
import pytest

from generator.content.errors import ContentError
from generator.draw import icons
from generator.draw.style import hex_to_rgb
from generator.rulebook import build_rulebook
from generator.rulebook.pdf import INK

RULES = """\
# La couronne :crown:

Gagnez une :crown: ! Voyez [la couronne :star:](#la-couronne). Rendez-vous à 10:30. Note : voir.

Écrivez \\:crown: ou `:heart:` pour montrer le nom.
"""
# The crown's silhouette on the 24-unit grid: x 2.5..21.5, y 3.5..22 (22 stands on the baseline).
CROWN = (2.5, 3.5, 21.5, 22.0)


@pytest.fixture(scope="module")
def book(tactix, tmp_path_factory):
    import dataclasses
    folder = tmp_path_factory.mktemp("icons")
    (folder / "rules.fr.md").write_text(RULES, encoding="utf-8")
    game = dataclasses.replace(tactix, folder=folder, info=dataclasses.replace(tactix.info, rules="rules.fr.md"))
    return build_rulebook(game, figures={})


def rules_page(pdf: bytes):
    doc = pdfplumber.open(io.BytesIO(pdf))
    return next(p for p in doc.pages if "Gagnez" in (p.extract_text() or ""))


def icon_gaps(page) -> list[list[dict]]:
    """The runs of no-break spaces the lines left for icons (two or more, of one size), in reading order."""
    gaps, run = [], []
    for ch in page.chars + [None]:
        if ch is not None and ch["text"] in " \u00a0" and (
                not run or (ch["size"] == run[-1]["size"] and abs(ch["x0"] - run[-1]["x1"]) < 0.1)):
            run.append(ch)
            continue
        if len(run) > 1:
            gaps.append(run)
        run = [ch] if ch is not None and ch["text"] in " \u00a0" else []
    return gaps


def shapes_over(page, x0: float, x1: float, top: float, bottom: float) -> list[dict]:
    return [o for o in page.curves + page.rects if o["fill"] and o["x0"] >= x0 - 0.5 and o["x1"] <= x1 + 0.5
            and o["top"] >= top - 1 and o["bottom"] <= bottom + 1]


@pytest.mark.parametrize("edition", ["pdf_a4", "pdf_a5"])
def test_each_icon_fills_its_gap_on_the_baseline_at_the_text_size_in_the_text_colour(book, edition, tactix):
    page = rules_page(getattr(book, edition))
    gaps = icon_gaps(page)
    accent = hex_to_rgb("#7A1F1F")
    expected = [("crown", accent), ("crown", hex_to_rgb(INK)), ("star", accent)]     # heading, body, link
    assert len(gaps) == len(expected)
    for gap, (name, colour) in zip(gaps, expected):
        x0, x1 = gap[0]["x0"], gap[-1]["x1"]
        words = [c for c in page.chars if abs(c["top"] - gap[0]["top"]) < 3 and c["text"].isalpha()]
        size = max(c["size"] for c in words)             # the line's text size, in pt
        baseline = page.height - words[0]["matrix"][5]   # pdfplumber's top is from the top, in pt
        assert x1 - x0 == pytest.approx(icons.INLINE_EM * size, abs=0.01)
        parts = shapes_over(page, x0, x1, baseline - size, baseline)
        assert parts, f"no {name} drawn over its gap"
        box = (min(o["x0"] for o in parts), min(o["top"] for o in parts), max(o["x1"] for o in parts),
               max(o["bottom"] for o in parts))
        ops, _ = icons.ICONS[name]
        grid_x = [v for op in ops for v in op[1::2]]
        grid_y = [v for op in ops for v in op[2::2]]
        unit = (x1 - x0) / icons.GRID
        top = baseline - icons.INLINE_BASELINE * unit
        assert box == pytest.approx((x0 + min(grid_x) * unit, top + min(grid_y) * unit,
                                     x0 + max(grid_x) * unit, top + max(grid_y) * unit), abs=0.05)
        for o in parts:
            assert tuple(o["non_stroking_color"]) == pytest.approx(colour, abs=1e-3)


def test_literal_colons_escapes_and_code_stay_text(book):
    text = rules_page(book.pdf_a4).extract_text()
    assert "10:30" in text and "Note\u202f:" not in text      # the narrow space is typeset as a gap, not a glyph
    assert "Écrivez :crown: ou :heart: pour" in text.replace("\u00a0", " ").replace("\n", " ")


def test_the_html_edition_sets_icons_as_inline_svg_in_the_text_colour(book):
    html = book.html if isinstance(book.html, str) else book.html.decode("utf-8")
    paragraph = re.search(r"<p>Gagnez.*?</p>", html, re.S).group(0)
    svgs = re.findall(r'<svg class="icon"[^>]*>.*?</svg>', paragraph, re.S)
    assert len(svgs) == 2 and 'aria-label="crown"' in svgs[0] and 'aria-label="star"' in svgs[1]
    assert all('fill="currentColor"' in s for s in svgs)
    assert re.search(r'<a href="#la-couronne">\s*<svg class="icon"', paragraph)
    assert "vertical-align:-0.075em" in svgs[0]
    heading = re.search(r"<h2[^>]*>La couronne.*?</h2>", html, re.S).group(0)
    assert 'aria-label="crown"' in heading
    assert "Écrivez :crown: ou <code>:heart:</code>" in html


def test_an_unknown_icon_in_the_rules_names_the_file_line_and_close_names(tactix, tmp_path):
    import dataclasses
    (tmp_path / "rules.fr.md").write_text("# Titre\n\nUn texte.\n\nGagnez une :crwn: !\n", encoding="utf-8")
    game = dataclasses.replace(tactix, folder=tmp_path, info=dataclasses.replace(tactix.info, rules="rules.fr.md"))
    with pytest.raises(ContentError) as err:
        build_rulebook(game, figures={})
    assert err.value.path.name == "rules.fr.md" and err.value.line == 5
    assert "unknown icon ':crwn:'" in err.value.message and "did you mean ':crown:'" in err.value.message


def test_validate_and_build_stop_at_an_unknown_icon_of_a_sheet_with_its_file_and_line(tmp_path):
    import shutil

    from click.testing import CliRunner

    from generator.cli import cli
    from rulebook_helpers import CONTENT
    shutil.copytree(CONTENT / "tactix", tmp_path / "content" / "tactix")
    summary = tmp_path / "content" / "tactix" / "summary.fr.md"
    text = summary.read_text(encoding="utf-8")
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if ":crown:" in ln)
    summary.write_text(text.replace(":crown:", ":crwn:", 1), encoding="utf-8")
    for command in (["validate"], ["build", "--out", str(tmp_path / "out"), "--jobs", "1"]):
        result = CliRunner().invoke(cli, [*command, "tactix", "--content", str(tmp_path / "content")])
        assert result.exit_code == 2, result.output
        assert f"summary.fr.md:{line}: unknown icon ':crwn:' (did you mean ':crown:'?)" in result.output
