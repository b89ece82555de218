"""The HTML edition of a rulebook: one standalone file from templates/rulebook/rulebook.html.j2.

The template walks the same document model as the PDF, so both editions say
the same thing. Figures are drawn again into inline SVG through the same mm
canvas (ids prefixed per figure, since one HTML page shares one id space); the
font is subset to the characters the page uses and inlined once, so the file
needs nothing beside it. An icon in the text is an inline SVG of its path,
filled with the text's colour (currentColor), sized in em and lowered so that
it stands on the baseline as in the PDF.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from ..resources import templates_dir
from ..draw import fonts, icons
from ..draw.svg import FONT_FAMILY, SvgCanvas, num
from ..i18n import catalogue
from .markdown import Document


_XML_PROLOGUE = re.compile(r"^\s*<\?xml[^>]*\?>\s*(<!DOCTYPE[^>]*>\s*)?", re.S)
_STYLE = re.compile(r"<style[^>]*>.*?</style>", re.S)
_ID = re.compile(r'\bid="([^"]+)"')


def inline_svg(svg: str, prefix: str) -> str:
    """An SVG document made fit to sit inside HTML: no prologue, no font styles, ids made unique."""
    svg = _XML_PROLOGUE.sub("", svg)
    svg = _STYLE.sub("", svg)          # the page's own @font-face covers every figure's text
    for old in sorted(set(_ID.findall(svg)), key=len, reverse=True):
        new = f"{prefix}-{old}"
        svg = svg.replace(f'id="{old}"', f'id="{new}"').replace(f"url(#{old})", f"url(#{new})")
        svg = svg.replace(f'href="#{old}"', f'href="#{new}"')
    return svg


def font_css(text: str, faces: set[tuple[bool, bool]]) -> str:
    """@font-face rules for the faces the page uses, each subset to the characters of the page."""
    chars = "".join(sorted(set(text) - {"\n", "\r", "\t"}))
    rules = []
    for bold, italic in sorted(faces):
        data = base64.b64encode(fonts.subset_font(bold, italic, chars)).decode("ascii")
        rules.append(f"@font-face{{font-family:'{FONT_FAMILY}';font-weight:{700 if bold else 400};"
                     f"font-style:{'italic' if italic else 'normal'};"
                     f"src:url(data:font/ttf;base64,{data}) format('truetype');}}")
    return "\n".join(rules)


def figure_svg(figure: Any, prefix: str) -> tuple[str, set]:
    """The figure drawn into SVG without its own fonts (the page has them), and the faces its text uses; a figure
    kept between builds (generator/figure_cache.py) has that drawing already (`page_svg`)."""
    kept = getattr(figure, "page_svg", None)
    svg, faces = kept() if kept is not None else drawn_svg(figure)
    return inline_svg(svg, prefix), faces


def drawn_svg(figure: Any) -> tuple[str, set]:
    """The figure as a standalone SVG without its fonts, and the faces (bold, italic) its text uses."""
    canvas = SvgCanvas(figure.width_mm, figure.height_mm, title=str(getattr(figure, "caption", "")),
                       embed_fonts=False)
    figure.draw(canvas)
    return canvas.tostring(), set(getattr(canvas, "_used", {}).keys())


def icon_svg(name: str) -> Markup:
    """An icon set in a line of HTML text: its 24-unit grid, INLINE_EM high, grid line INLINE_BASELINE on the baseline."""
    ops, even_odd = icons.lookup(name)
    d = " ".join("Z" if op[0] == "Z" else op[0] + " ".join(num(v) for v in op[1:]) for op in ops)
    em = icons.INLINE_EM
    below = em * (icons.GRID - icons.INLINE_BASELINE) / icons.GRID
    rule = ' fill-rule="evenodd"' if even_odd else ""
    return Markup(f'<svg class="icon" viewBox="0 0 {num(icons.GRID)} {num(icons.GRID)}" role="img" '
                  f'aria-label="{name}" style="width:{num(em)}em;height:{num(em)}em;vertical-align:-{num(below)}em">'
                  f'<path d="{d}" fill="currentColor"{rule}/></svg>')


def _faces(document: Document) -> set[tuple[bool, bool]]:
    faces = {(False, False), (True, False)}           # body text; headings, labels and table heads
    def visit(spans):
        for s in spans:
            faces.add((s.bold, s.italic))
    for b in _walk(document.blocks):
        for spans in _spans_of(b):
            visit(spans)
    if document.figures:
        faces.add((False, True))                      # captions are set in italic
    return faces


def _walk(blocks):
    for b in blocks:
        yield b
        if b.kind == "list":
            for item in b.items:
                yield from _walk(item)
        elif b.kind == "quote":
            yield from _walk(b.blocks)


def _spans_of(b):
    if b.kind in ("heading", "paragraph"):
        return [b.spans]
    if b.kind == "table":
        return list(b.header) + [c for row in b.rows for c in row]
    if b.kind == "figure":
        return [b.caption]
    return []


def contents(document: Document) -> list[tuple[Any, list]]:
    """Sections with their subsections, for the table of contents (a stray subsection stands alone)."""
    groups: list[tuple[Any, list]] = []
    for h in document.headings:
        if h.level == 1 or not groups:
            groups.append((h, []))
        elif h.level == 2:
            groups[-1][1].append(h)
    return groups


def _environment(templates: Path) -> Environment:
    env = Environment(loader=FileSystemLoader(str(templates)), autoescape=select_autoescape(["html", "j2"]),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    return env


def render_html(document: Document, info: Any, *, accent: str, templates: Path | None = None) -> str:
    env = _environment(Path(templates or templates_dir()))
    template = env.get_template("rulebook/rulebook.html.j2")
    svgs, faces = {}, _faces(document)
    for f in document.figures:
        svg, used = figure_svg(f.figure, f"fig{f.number}")
        svgs[f.number] = Markup(svg)
        faces |= used
    toc = contents(document)
    values = dict(info=info, document=document, toc=toc, svgs=svgs, accent=accent, font_family=FONT_FAMILY, icon_svg=icon_svg,
                  words=catalogue(info.language))
    draft = template.render(**values, fonts_css="")
    return template.render(**values, fonts_css=Markup(font_css(draft, faces)))
