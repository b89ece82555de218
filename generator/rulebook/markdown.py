"""Markdown to a small document model: the one thing the PDF and HTML renderers read.

markdown-it-py parses CommonMark plus tables; we keep only what a rulebook
uses (headings, paragraphs, emphasis, lists, tables, block quotes, rules,
figures, internal links) and turn the rest into a ContentError at its line.
The language's typography (French rules for French text only) is applied
here, once, so both editions agree. Figure markers left by the expressions
become Figure blocks; a marker in the middle of a paragraph splits it.
An icon named in the text (`:crown:`, draw/icons.INLINE_ICON) becomes a Span
of its own (text ICON_TEXT, `icon` its name), found before the typography so
its colons are never spaced; `\\:crown:` (a Markdown escape) and code keep the text.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Union

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

from ..content import limits
from ..content.errors import ContentError
from ..draw import icons
from ..draw.canvas import ICON_TEXT
from ..draw.errors import LayoutError
from ..draw.fonts import missing_glyphs
from ..draw.style import TextStyle
from .expressions import FIGURE_CLOSE, FIGURE_OPEN, REF_CLOSE, REF_OPEN, Expansion, FigureUse
from .figures import Figure
from ..draw.typography import typeset_runs
from ..i18n import DEFAULT_LANGUAGE, catalogue

_MARKER = re.compile(f"{FIGURE_OPEN}(\\d+){FIGURE_CLOSE}")
_REF = re.compile(f"{REF_OPEN}(\\d+){REF_CLOSE}")
# "## Titre {: #ancre}" (kramdown's form; "{#" would open a Jinja comment) names a heading's anchor.
_EXPLICIT_ANCHOR = re.compile(r"\s*\{:?\s*#([A-Za-z][\w-]*)\s*\}\s*$")


@dataclass(frozen=True)
class Span:
    """A run of text with one look; text "\\n" is a forced line break; with `icon`, that icon drawn in the line."""
    text: str
    bold: bool = False
    italic: bool = False
    code: bool = False
    href: str | None = None
    icon: str | None = None


Inline = tuple  # tuple[Span, ...]


def plain(spans: Inline) -> str:
    return "".join(s.text for s in spans)


@dataclass(frozen=True)
class Heading:
    level: int          # 1 = section (outline level 0), 2 = subsection…
    spans: Inline
    anchor: str
    line: int
    kind: str = "heading"

    @property
    def text(self) -> str:
        return plain(self.spans)


@dataclass(frozen=True)
class Paragraph:
    spans: Inline
    line: int
    kind: str = "paragraph"


@dataclass(frozen=True)
class ListBlock:
    ordered: bool
    start: int
    items: tuple        # tuple[tuple[Block, ...], ...]
    line: int
    kind: str = "list"


@dataclass(frozen=True)
class Table:
    header: tuple       # tuple[Inline, ...]
    rows: tuple         # tuple[tuple[Inline, ...], ...]
    align: tuple        # "left" | "center" | "right" per column
    line: int
    kind: str = "table"


@dataclass(frozen=True)
class Quote:
    blocks: tuple
    line: int
    kind: str = "quote"


@dataclass(frozen=True)
class FigureBlock:
    number: int
    id: str
    figure: Figure
    caption: Inline
    line: int
    kind: str = "figure"
    language: str = DEFAULT_LANGUAGE

    @property
    def anchor(self) -> str:
        return f"figure-{self.number}"

    @property
    def label(self) -> str:
        return catalogue(self.language)("rulebook.figure", n=self.number)


@dataclass(frozen=True)
class Rule:
    line: int
    kind: str = "rule"


@dataclass(frozen=True)
class CodeBlock:
    text: str
    line: int
    kind: str = "code"


Block = Union[Heading, Paragraph, ListBlock, Table, Quote, FigureBlock, Rule, CodeBlock]


@dataclass
class Document:
    """Blocks in reading order, with the headings and figures listed for the outline and the numbering."""
    blocks: list = field(default_factory=list)
    headings: list = field(default_factory=list)
    figures: list = field(default_factory=list)
    appendix_start: int | None = None   # index of the first appendix block, None: no appendix

    def extend(self, other: "Document", *, as_appendix: bool = False) -> None:
        if as_appendix and other.blocks:
            self.appendix_start = len(self.blocks)
        self.blocks.extend(other.blocks)
        self.headings.extend(other.headings)
        self.figures.extend(other.figures)


def _parser() -> MarkdownIt:
    # html off: a "<" in the rules is text, never markup; typographer off: ours is French. text_join off: an
    # escaped character ("\\:") stays a token of its own, so "\\:crown:" is not taken for an icon.
    return MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table").disable("text_join")


def slug(text: str) -> str:
    """'Fin de partie !' -> 'fin-de-partie': stable anchors for headings."""
    decomposed = unicodedata.normalize("NFKD", text)
    ascii_text = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-") or "section"


class _Builder:
    def __init__(self, expansion: Expansion, *, anchors: set[str] | None = None, figure_caption_md: bool = True,
                 language: str = DEFAULT_LANGUAGE):
        self.x = expansion
        self.language = language
        self.path: Path = expansion.path
        self.doc = Document()
        self.anchors: set[str] = anchors if anchors is not None else set()
        self.links: list[tuple[str, int]] = []
        self.placed: dict[int, FigureBlock] = {}
        self.icons = 0

    # --- helpers -------------------------------------------------------------------
    def line_of(self, node: SyntaxTreeNode, fallback: int = 1) -> int:
        m = node.map
        if m is None:
            return fallback
        return self.x.source_line(m[0])

    def error(self, line: int | None, message: str) -> ContentError:
        return ContentError(self.path, line, message)

    # --- blocks ----------------------------------------------------------------------
    def blocks(self, nodes, parent_line: int = 1, *, top: bool = False) -> list:
        out: list = []
        for node in nodes:
            line = self.line_of(node, parent_line)
            t = node.type
            if top:
                self._check_block_size(node, line)
            if t == "heading":
                out.append(self.heading(node, line, top))
            elif t == "paragraph":
                out.extend(self.paragraph(node.children[0], line))
            elif t in ("bullet_list", "ordered_list"):
                items = tuple(tuple(self.blocks(item.children, self.line_of(item, line))) for item in node.children)
                start = int(node.attrs.get("start", 1)) if t == "ordered_list" else 1
                out.append(ListBlock(t == "ordered_list", start, items, line))
            elif t == "blockquote":
                out.append(Quote(tuple(self.blocks(node.children, line)), line))
            elif t == "table":
                out.append(self.table(node, line))
            elif t == "hr":
                out.append(Rule(line))
            elif t in ("code_block", "fence"):
                out.append(CodeBlock(node.content.rstrip("\n"), line))
            elif t == "html_block":
                raise self.error(line, "raw HTML is not allowed in rules")
            else:
                raise self.error(line, f"Markdown element '{t}' is not supported in a rulebook")
        return out

    def _check_block_size(self, node: SyntaxTreeNode, line: int) -> None:
        """A block is typeset whole and split page after page, each split setting again what is left of it:
        its cost grows as its square, so one block is bounded (a table row or a line counts as a line of text)."""
        size = 0
        for token in _tokens(node):
            size += len(token.content) if token.type in ("inline", "code_block", "fence") else 0
            size += _LINE_CHARS * ((token.type == "tr_open") + token.content.count("\n") * (token.type != "inline"))
        limits.check(limits.RULES_BLOCK_CHARS, size, "characters of this block (a paragraph, a list, a table, "
                     "a quote)", self.path, line)

    def heading(self, node: SyntaxTreeNode, line: int, top: bool) -> Heading:
        level = int(node.tag[1])
        limits.check(limits.RULES_HEADINGS, len(self.doc.headings) + 1, "headings", self.path, line)
        inline = node.children[0]
        spans = self.inline(inline, line, where="a heading")
        anchor = None
        if spans and not spans[-1].code:
            m = _EXPLICIT_ANCHOR.search(spans[-1].text)
            if m:
                anchor = m.group(1)
                last = Span(spans[-1].text[:m.start()], spans[-1].bold, spans[-1].italic, False, spans[-1].href)
                spans = tuple(s for s in spans[:-1] + (last,) if s.text)
        if not plain(spans).strip():
            raise self.error(line, "empty heading")
        if anchor is None:
            base = slug(plain(spans))
            anchor, k = base, 2
            while anchor in self.anchors:
                anchor, k = f"{base}-{k}", k + 1
        elif anchor in self.anchors:
            raise self.error(line, f"anchor '#{anchor}' is used twice")
        self.anchors.add(anchor)
        self._check_glyphs(spans, line, bold=True)
        h = Heading(level, spans, anchor, line)
        self.doc.headings.append(h)
        return h

    def paragraph(self, inline: SyntaxTreeNode, line: int) -> list:
        """A paragraph, or several with figures between them when figure markers sit inside it."""
        out: list = []
        pieces = self.inline_with_figures(inline, line)
        current: list[Span] = []
        for piece in pieces + [None]:
            if isinstance(piece, Span):
                current.append(piece)
                continue
            spans = _trim(current)
            if spans:
                out.append(Paragraph(spans, line))
            current = []
            if piece is not None:
                out.append(piece)
        return out

    def table(self, node: SyntaxTreeNode, line: int) -> Table:
        columns = max((len(tr.children) for section in node.children for tr in section.children), default=0)
        if columns > limits.RULES_TABLE_COLUMNS.default:     # before its cells are read and laid out
            raise self.error(line, limits.exceeded(limits.RULES_TABLE_COLUMNS, columns, "columns of this table"))
        header: tuple = ()
        rows: list = []
        align: list[str] = []
        for section in node.children:
            for tr in section.children:
                cells = []
                for cell in tr.children:
                    style = cell.attrs.get("style", "") if cell.attrs else ""
                    if section.type == "thead":
                        align.append("right" if "right" in style else "center" if "center" in style else "left")
                    inline = cell.children[0] if cell.children else None
                    cells.append(self.inline(inline, line, where="a table") if inline is not None else ())
                if section.type == "thead":
                    header = tuple(cells)
                else:
                    rows.append(tuple(cells))
        return Table(header, tuple(rows), tuple(align), line)

    # --- inline ------------------------------------------------------------------------
    def inline(self, inline: SyntaxTreeNode, line: int, *, where: str) -> Inline:
        pieces = self.inline_with_figures(inline, line)
        for p in pieces:
            if isinstance(p, FigureBlock):
                raise self.error(p.line, f"a diagram cannot stand in {where}; put it on a line of its own")
        return _trim([p for p in pieces if isinstance(p, Span)])

    def inline_with_figures(self, inline: SyntaxTreeNode, line: int) -> list:
        raw: list = []          # Span or FigureUse, before typography
        self._walk(inline.children, raw, line, bold=False, italic=False, href=None)
        # Typography over the text runs of the paragraph at once (code keeps its letters).
        text_idx = [i for i, p in enumerate(raw) if isinstance(p, Span) and not p.code]
        typeset = typeset_runs([raw[i].text for i in text_idx], self.language)
        for i, text in zip(text_idx, typeset):
            s = raw[i]
            raw[i] = Span(text, s.bold, s.italic, s.code, s.href, s.icon)
        out: list = []
        for p in raw:
            if isinstance(p, FigureUse):
                out.append(self.figure(p, line))
            else:
                self._check_glyphs((p,), line)
                out.append(p)
        return out

    def _walk(self, nodes, out: list, line: int, *, bold: bool, italic: bool, href: str | None) -> None:
        nodes = list(nodes)
        taken = 0                               # characters of the next text node an escaped icon name took
        for k, node in enumerate(nodes):
            t = node.type
            skip, taken = taken, 0
            if t == "text":
                self._text(node.content[skip:], out, line, bold, italic, href)
            elif t == "text_special":           # an escaped character or an entity: text as it is
                escaped = _escaped_icon(node, nodes[k + 1] if k + 1 < len(nodes) else None)
                if escaped:                     # "\\:crown:" as one run, which the typography keeps as written
                    out.append(Span(":" + escaped, bold, italic, False, href))
                    taken = len(escaped)
                else:
                    out.append(Span(node.content, bold, italic, False, href))
            elif t == "softbreak":
                out.append(Span(" ", bold, italic, False, href))
            elif t == "hardbreak":
                out.append(Span("\n", bold, italic, False, href))
            elif t == "em":
                self._walk(node.children, out, line, bold=bold, italic=True, href=href)
            elif t == "strong":
                self._walk(node.children, out, line, bold=True, italic=italic, href=href)
            elif t == "code_inline":
                out.append(Span(node.content, bold, italic, True, href))
            elif t == "link":
                target = str(node.attrs.get("href", ""))
                if target.startswith("#"):
                    self.links.append((target[1:], line))
                self._walk(node.children, out, line, bold=bold, italic=italic, href=target)
            elif t == "image":
                raise self.error(line, "images are not supported in rules; "
                                       "show a position with {{ diagram(\"id\") }}")
            elif t in ("html_inline",):
                raise self.error(line, "raw HTML is not allowed in rules")
            else:
                raise self.error(line, f"Markdown element '{t}' is not supported in a rulebook")

    def _text(self, text: str, out: list, line: int, bold: bool, italic: bool, href: str | None) -> None:
        pos = 0
        for m in re.finditer(f"{_MARKER.pattern}|{_REF.pattern}", text):
            if m.start() > pos:
                self._words(text[pos:m.start()], out, line, bold, italic, href)
            if m.group(1) is not None:
                out.append(self.x.figures[int(m.group(1))])
            else:
                ref = self.x.refs[int(m.group(2))]
                use = next((f for f in self.x.figures if f.id == ref.id), None)
                if use is None:
                    raise self.error(ref.line, f"figure_ref('{ref.id}'): that diagram is not shown in this text; "
                                               f"place it with {{{{ diagram(\"{ref.id}\") }}}}")
                out.append(Span(catalogue(self.language)("rulebook.figure_ref", n=use.number), bold, italic, False,
                                href or f"#figure-{use.number}"))
            pos = m.end()
        if pos < len(text):
            self._words(text[pos:], out, line, bold, italic, href)

    def _words(self, text: str, out: list, line: int, bold: bool, italic: bool, href: str | None) -> None:
        """Text and the icons it names, as Spans."""
        try:
            pieces = icons.split_inline(text)
        except LayoutError as err:
            raise self.error(line, str(err)) from None
        for piece in pieces:
            if isinstance(piece, icons.InlineIcon):
                self.icons += 1
                limits.check(limits.RULES_ICONS, self.icons, "icons in the text", self.path, line)
                out.append(Span(ICON_TEXT, bold, italic, False, href, piece.name))
            else:
                out.append(Span(piece, bold, italic, False, href))

    def figure(self, use: FigureUse, line: int) -> FigureBlock:
        caption_source = str(getattr(use.figure, "caption", "") or "")
        caption: Inline = ()
        if caption_source:
            tokens = _parser().parseInline(caption_source)
            tree = SyntaxTreeNode(tokens)
            raw: list = []
            self._walk(tree.children[0].children, raw, use.line or line, bold=False, italic=False, href=None)
            texts = typeset_runs([s.text for s in raw], self.language)
            caption = _trim([Span(t, s.bold, s.italic, s.code, s.href, s.icon) for s, t in zip(raw, texts)])
            self._check_glyphs(caption, use.line or line)
        block = FigureBlock(use.number, use.id, use.figure, caption, use.line or line, language=self.language)
        self.anchors.add(block.anchor)
        self.doc.figures.append(block)
        return block

    def _check_glyphs(self, spans, line: int, *, bold: bool = False) -> None:
        for s in spans:
            if s.icon:
                continue
            lost = missing_glyphs(s.text.replace("\u00a0", " "), TextStyle(bold=bold or s.bold, italic=s.italic))
            if lost:
                shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in sorted(lost))
                raise self.error(line, f"the font has no glyph for {shown}; write it another way")


_LINE_CHARS = 80      # a table row or a line of a code block weighs as much as a line of text


def _tokens(node: SyntaxTreeNode):
    """The tokens of a block and of every block inside it, without recursion (nesting is deep at times)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.token is not None:
            yield current.token
        elif current.nester_tokens is not None:
            yield current.nester_tokens.opening
        stack.extend(current.children)


_ICON_REST = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*:(?![A-Za-z0-9])")


def _escaped_icon(node: SyntaxTreeNode, following: SyntaxTreeNode | None) -> str:
    """After an escaped colon, the rest of an icon's name and its colon ("crown:"), if the text goes on with it."""
    if node.markup != "\\:" or following is None or following.type != "text":
        return ""
    m = _ICON_REST.match(following.content)
    return m.group(0) if m else ""


def _trim(spans: list) -> Inline:
    """Drop leading and trailing blank runs (left by a figure marker, a line end)."""
    spans = list(spans)
    while spans and not spans[0].text.strip():
        spans.pop(0)
    while spans and not spans[-1].text.strip():
        spans.pop()
    if spans:
        spans[0] = replace(spans[0], text=spans[0].text.lstrip(" "))
        spans[-1] = replace(spans[-1], text=spans[-1].text.rstrip(" "))
    return tuple(s for s in spans if s.text)


def parse(expansion: Expansion, *, anchors: set[str] | None = None,
          language: str = DEFAULT_LANGUAGE) -> tuple[Document, list[tuple[str, int]]]:
    """The document model of an expanded rules text, and its internal links (anchor, line) to check; the
    typography is the language's (French rules for French text only)."""
    builder = _Builder(expansion, anchors=anchors, language=language)
    tree = SyntaxTreeNode(_parser().parse(expansion.text))
    builder.doc.blocks = builder.blocks(tree.children, top=True)
    return builder.doc, builder.links


def check_links(links: list[tuple[str, int]], anchors: set[str], path: Path) -> None:
    """Every internal link must point at a heading or a figure of the book."""
    for anchor, line in links:
        if anchor not in anchors:
            raise ContentError(path, line, f"link to '#{anchor}': no heading or figure has that anchor")
