"""The rulebook pipeline: rules.fr.md -> expressions -> document model -> PDF (full page and booklet) and HTML.

`build_rulebook` is what build.py calls; `read_rulebook` stops at the document
model (for validation without rendering, and for tests).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..content import limits
from ..content.errors import ContentError
from ..content.paths import inside_game
from ..content.yamlfile import read_bounded, utf8_text
from ..i18n import DEFAULT_LANGUAGE, catalogue
from ..paper_sizes import paper_size_mm
from ..resources import templates_dir
from .booklet import booklet_order, impose, padded_count
from .expressions import expand, game_context
from .figures import FigureLookup, FigureSource
from .html import render_html
from .markdown import Document, check_links, parse
from .pdf import DEFAULT_ACCENT, RulebookTooLong, notes_page, theme_for, typeset_pdf


PAPER_NAMES = {"a4": "A4", "a3": "A3", "letter": "Letter"}


@dataclass(frozen=True)
class Edition:
    """What the appendices say about printing, for the chosen paper."""
    paper: str
    page: str
    booklet_page: str
    booklet_note: str


def edition_for(paper: str, language: str = DEFAULT_LANGUAGE) -> Edition:
    paper_size_mm(paper)      # a ValueError naming the known papers
    words = catalogue(language)
    sheet = PAPER_NAMES[paper]
    return Edition(paper, sheet, words(f"rulebook.half_page.{paper}"), words("rulebook.booklet_note", sheet=sheet))


@dataclass(frozen=True)
class RulebookOutput:
    """Everything the rulebook layer makes for one game. Bytes are identical for identical content."""
    pdf_a4: bytes            # full-page edition, in the chosen paper (A4 unless paper says otherwise)
    pdf_a5: bytes            # the booklet's pages, one per PDF page (half the paper: A5 for A4)
    pdf_booklet: bytes       # the same pages imposed two-up on landscape sheets, in folding order
    html: str                # standalone HTML edition, SVG figures inline
    paper: str
    pages: int               # pages of the full-page edition
    booklet_pages: int       # pages of the booklet, before padding
    booklet_sheets: int      # sheets of paper to print the booklet on
    booklet_note: str        # how to print and fold the booklet, in the game's language
    layout_full: dict = None       # how each edition's pages were laid out (rulebook/pdf.py typeset_pdf), for
    layout_half: dict = None       # the reader's preflight


def rules_path(game: Any) -> Path:
    name = game.info.rules or f"rules.{game.info.language}.md"
    path = inside_game(game.folder, name, (Path(game.folder) / "game.yaml", None), "rules file")
    if not path.is_file():
        raise ContentError(Path(game.folder) / "game.yaml", None,
                           f"rules file '{name}' not found (set 'rules:' in game.yaml or add {name})")
    return path


def read_rulebook(game: Any, *, figures: FigureSource = None, paper: str = "a4",
                  templates: Path | None = None, variant: Any = None) -> Document:
    """The document model of a game's rules followed by its appendices, every check done.

    `variant` (a Variant of game.yaml, or None) is the variant this edition is played with:
    the rules text reads it as `variant` to say what changes.
    """
    lookup = FigureLookup(figures)
    context = game_context(game)
    context["edition"] = edition_for(paper, game.info.language)
    context["variant"] = variant
    path = rules_path(game)
    # its size first, then a byte that is not UTF-8 told at its line
    source = utf8_text(read_bounded(path, limits.MARKDOWN_FILE_BYTES), path)
    rules = expand(source, path, context, lookup)
    language = game.info.language
    document, links = parse(rules, language=language)
    # The appendix does not tell again a variant the rules tell under a heading with the anchor it would give it
    # (variante-<id> in French): one heading, one text.
    context["rule_anchors"] = tuple(sorted(h.anchor for h in document.headings))
    appendix_path = Path(templates or templates_dir()) / "rulebook" / f"appendices.{language}.md.j2"
    appendix_source = appendix_path.read_text(encoding="utf-8")
    appendices = expand(appendix_source, appendix_path, context, lookup,
                        first_number=len(rules.figures) + 1)
    appendix_doc, appendix_links = parse(appendices, anchors={h.anchor for h in document.headings}
                                         | {f.anchor for f in document.figures}, language=language)
    document.extend(appendix_doc, as_appendix=True)
    anchors = {h.anchor for h in document.headings} | {f.anchor for f in document.figures}
    check_links(links, anchors, path)
    check_links(appendix_links, anchors, appendix_path)
    return document


def accent_of(game: Any) -> str:
    """The game's accent colour: the first component that names one (the summary sheet), else ours."""
    for component in game.components:
        accent = getattr(component, "accent", None)
        if isinstance(accent, str) and accent.startswith("#"):
            return accent
    return DEFAULT_ACCENT


def build_rulebook(game: Any, *, figures: FigureSource = None, paper: str = "a4",
                   templates: Path | None = None, accent: str | None = None, variant: Any = None,
                   cmyk: bool = False) -> RulebookOutput:
    """Typeset a game's rulebook: full-page PDF, booklet (pages and imposed sheets) and HTML."""
    from pypdf import PdfReader  # counting pages of our own output
    import io
    from dataclasses import replace

    document = read_rulebook(game, figures=figures, paper=paper, templates=templates, variant=variant)
    words = catalogue(game.info.language)
    if variant is not None:  # the cover says which variant this edition plays
        subtitle = f"{game.info.subtitle} — " if game.info.subtitle else ""
        game = replace(game, info=replace(game.info, subtitle=subtitle + words("rulebook.variant_subtitle",
                                                                                 name=variant.name)))
    colour = accent or accent_of(game)
    try:
        full, layout_full = typeset_pdf(document, game.info, theme_for(paper, accent=colour), cmyk=cmyk)
        half, layout_half = typeset_pdf(document, game.info, theme_for(paper, half=True, accent=colour), cmyk=cmyk)
    except RulebookTooLong as err:
        raise ContentError(rules_path(game), err.line, str(err)) from None
    layout_half = {**layout_half, "pages_per_sheet": 4}    # imposed four to a sheet (the reader's page count)
    n_full = len(PdfReader(io.BytesIO(full)).pages)
    n_half = len(PdfReader(io.BytesIO(half)).pages)
    half_theme = theme_for(paper, half=True, accent=colour)
    booklet = impose(half, title=words("rulebook.booklet_title", title=game.info.title),
                     filler=notes_page(game.info, half_theme, cmyk=cmyk) if n_half % 4 else None)
    html = render_html(document, game.info, accent=colour, templates=templates)
    return RulebookOutput(full, half, booklet, html, paper, n_full, n_half, padded_count(n_half) // 4,
                          edition_for(paper, game.info.language).booklet_note, layout_full, layout_half)


__all__ = ["build_rulebook", "read_rulebook", "RulebookOutput", "booklet_order", "edition_for", "rules_path"]
