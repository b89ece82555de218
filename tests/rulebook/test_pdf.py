"""The typeset rulebook read back: reading order, outline, fonts, footers, figures, French spaces, widows."""

import io
import re

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.draw import fonts
from generator.draw.fonts import missing_glyphs
from generator.draw.style import MM_PER_PT, TextStyle
from generator.rulebook import build_rulebook, read_rulebook
from generator.rulebook.markdown import Document, Heading, Paragraph, plain
from generator.rulebook.pdf import render_pdf, theme_for

from rulebook_helpers import FIXTURES, box_figures

FIGS = box_figures("alpha", "beta")


@pytest.fixture(scope="module")
def sample_game(tactix, tmp_path_factory):
    import dataclasses
    folder = tmp_path_factory.mktemp("sample")
    (folder / "rules.fr.md").write_text((FIXTURES / "sample.fr.md").read_text(encoding="utf-8"), encoding="utf-8")
    return dataclasses.replace(tactix, folder=folder, info=dataclasses.replace(tactix.info, rules="rules.fr.md"))


@pytest.fixture(scope="module")
def built(sample_game):
    return build_rulebook(sample_game, figures=FIGS)


@pytest.fixture(scope="module")
def document(sample_game):
    return read_rulebook(sample_game, figures=FIGS)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace(fonts.NNBSP, " ")).strip()


def _body_text(pdf: bytes) -> str:
    """All text but the running header and footer, page after page."""
    out = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            h = page.height
            body = page.crop((0, 0.075 * h, page.width, 0.935 * h))
            out.append(body.extract_text() or "")
    return _flat(" ".join(out))


@pytest.mark.parametrize("edition", ["pdf_a4", "pdf_a5"])
def test_text_comes_out_in_reading_order(built, document, edition):
    text = _body_text(getattr(built, edition))
    pos = 0
    for block in document.blocks:
        if isinstance(block, (Heading, Paragraph)):
            wanted = _flat(plain(block.spans))
            found = text.find(wanted, pos)
            assert found >= 0, f"{wanted!r} not found after position {pos}"
            pos = found + len(wanted)


def _outline(reader: PdfReader):
    out = []

    def walk(items, level):
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
            else:
                out.append((level, item.title, reader.get_destination_page_number(item)))
    walk(reader.outline, 0)
    return out


@pytest.mark.parametrize("edition", ["pdf_a4", "pdf_a5"])
def test_outline_has_every_heading_at_its_level_and_page(built, document, edition):
    pdf = getattr(built, edition)
    reader = PdfReader(io.BytesIO(pdf))
    outline = _outline(reader)
    assert outline[0][:2] == (0, "Sommaire")
    expected = [(h.level - 1, h.text.replace(fonts.NNBSP, "\u00a0")) for h in document.headings]
    assert [(lvl, title) for lvl, title, _ in outline[1:]] == expected
    pages = [_flat(p.extract_text()) for p in reader.pages]
    for _, title, page in outline[1:]:
        assert _flat(title) in pages[page], f"{title!r} is not on page {page + 1}"


def _fonts_of(resources) -> list:
    """The fonts a page's resources name, with those of the form XObjects it places (the booklet's pages)."""
    resources = resources.get_object()
    fonts = list(resources.get("/Font", {}).values())
    for xobject in resources.get("/XObject", {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject:
            fonts += _fonts_of(xobject["/Resources"])
    return fonts


def test_every_font_is_embedded_and_is_ours(built):
    for pdf in (built.pdf_a4, built.pdf_a5, built.pdf_booklet):
        reader = PdfReader(io.BytesIO(pdf))
        seen = set()
        for page in reader.pages:
            for font in _fonts_of(page["/Resources"]):
                font = font.get_object()
                descriptor = font["/FontDescriptor"].get_object()
                assert "/FontFile2" in descriptor, font["/BaseFont"]
                seen.add(str(font["/BaseFont"]).split("+")[-1])
        assert seen and all(name.startswith("FiraSans") for name in seen), seen


@pytest.mark.parametrize("edition", ["pdf_a4", "pdf_a5"])
def test_every_page_but_the_cover_says_page_n_of_total(built, edition):
    pdf = getattr(built, edition)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        total = len(doc.pages)
        for n, page in enumerate(doc.pages[1:], start=2):
            foot = page.crop((0, 0.93 * page.height, page.width, page.height)).extract_text()
            assert f"page {n}/{total}" in foot
            head = page.crop((0, 0, page.width, 0.07 * page.height)).extract_text()
            assert "Tactix" in head and "version 1.0" in head and "Schmidt Spiele" in head


def test_no_character_falls_back_to_a_missing_glyph(built):
    for pdf in (built.pdf_a4, built.pdf_a5):
        with pdfplumber.open(io.BytesIO(pdf)) as doc:
            for page in doc.pages:
                for ch in page.chars:
                    style = TextStyle(bold="Bold" in ch["fontname"], italic="Italic" in ch["fontname"])
                    assert ch["text"] != fonts.NNBSP
                    assert not missing_glyphs(ch["text"], style), (ch["text"], ch["fontname"])


def test_narrow_space_is_a_gap_of_the_right_width_that_never_breaks(built):
    with pdfplumber.open(io.BytesIO(built.pdf_a4)) as doc:
        gaps = []
        for page in doc.pages:
            chars = page.chars
            for a, gap, b in zip(chars, chars[1:], chars[2:]):
                # The gap is a no-break space set small (pdfplumber reads it back as a space).
                if gap["text"] in " \u00a0" and gap["size"] < a["size"] and b["text"] in ":;!?»" \
                        and abs(a["top"] - b["top"]) < 1:
                    gaps.append((b["x0"] - a["x1"]) / a["size"])
            lines = (page.extract_text() or "").split("\n")
            for line in lines:
                assert not re.match(r"^\s*[:;!?»]", line), line
                assert not re.search(r"«\s*$", line), line
    assert len(gaps) >= 5
    for gap in gaps:
        assert abs(gap - fonts.NNBSP_EM) < 0.02, gap


def test_figures_are_drawn_numbered_and_captioned(built):
    text = _body_text(built.pdf_a4)
    assert "FIG-alpha" in text and "FIG-beta" in text
    assert "Figure 1 — Légende de alpha : à regarder !" in text
    assert "Figure 2 — Légende de beta : à regarder !" in text
    assert text.index("FIG-alpha") < text.index("Figure 1 —") < text.index("FIG-beta")


def _links(pdf: bytes) -> list[tuple[str, int]]:
    """(text under the link, page number it leads to) for every internal link."""
    reader = PdfReader(io.BytesIO(pdf))
    page_of = {p.indirect_reference.idnum: i for i, p in enumerate(reader.pages)}
    out = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page, plumber in zip(reader.pages, doc.pages):
            for annot in page.get("/Annots", []) or []:
                a = annot.get_object()
                if a["/Subtype"] != "/Link" or "/Dest" not in a:
                    continue
                x0, y0, x1, y1 = (float(v) for v in a["/Rect"])
                h = plumber.height
                text = plumber.crop((x0, h - y1, x1, h - y0)).extract_text() or ""
                out.append((_flat(text), page_of[a["/Dest"][0].idnum]))
    return out


def _page_with(pdf: bytes, text: str) -> int:
    reader = PdfReader(io.BytesIO(pdf))
    return next(i for i, p in enumerate(reader.pages) if text in _flat(p.extract_text()) and i > 1)


def test_internal_links_lead_to_the_page_of_their_target(built):
    links = dict(_links(built.pdf_a4))
    assert links["lien vers la fin"] == _page_with(built.pdf_a4, "Fin du document")
    assert links["figure 1"] == _page_with(built.pdf_a4, "FIG-alpha")
    # The contents: every entry's title is a link to its heading's page.
    assert links["Premier chapitre"] == _page_with(built.pdf_a4, "Le jeu se joue")


def test_same_content_gives_the_same_bytes(sample_game, built):
    again = build_rulebook(sample_game, figures=FIGS)
    assert again.pdf_a4 == built.pdf_a4 and again.pdf_booklet == built.pdf_booklet and again.html == built.html


def test_booklet_sheets_carry_the_a5_pages_in_folding_order(built):
    with pdfplumber.open(io.BytesIO(built.pdf_booklet)) as doc:
        assert len(doc.pages) == built.booklet_sheets * 2
        from generator.rulebook import booklet_order
        for page, side in zip(doc.pages, booklet_order(built.booklet_pages)):
            assert round(page.width * MM_PER_PT) == 297 and round(page.height * MM_PER_PT) == 210
            for half, number in ((0, side.left), (1, side.right)):
                box = page.crop((half * page.width / 2, 0, (half + 1) * page.width / 2, page.height))
                text = box.extract_text() or ""
                if number is None:
                    assert text == "Notes"          # a page folding leaves over, after the last
                elif number > 1:
                    assert f"page {number}/{built.booklet_pages}" in text


def _widow_document(n: int) -> Document:
    """Paragraphs of growing length whose words name their paragraph, so lines can be traced back."""
    blocks = []
    for p in range(n):
        words = " ".join(f"p{p:02d}w{w:02d}" for w in range(20 + (p * 13) % 60))
        blocks.append(Paragraph((__import__("generator.rulebook.markdown", fromlist=["Span"]).Span(words),), 1))
    return Document(blocks=blocks)


def _lines_per_page(pdf: bytes) -> dict:
    """For each paragraph, how many of its lines sit on each page."""
    seen: dict = {}
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for number, page in enumerate(doc.pages):
            lines = {}
            for w in page.extract_words():
                m = re.match(r"p(\d\d)w\d\d", w["text"])
                if m:
                    lines.setdefault((m.group(1), round(w["top"])), True)
            for para, _top in lines:
                seen.setdefault(para, {}).setdefault(number, 0)
                seen[para][number] += 1
    return seen


def _lone_lines(pdf: bytes) -> int:
    return sum(1 for pages in _lines_per_page(pdf).values() if len(pages) > 1 and min(pages.values()) == 1)


def test_no_paragraph_leaves_a_single_line_alone_on_a_page(tactix):
    doc = _widow_document(60)
    theme = theme_for("a4", half=True)
    pdf = render_pdf(doc, tactix.info, theme)
    split = [p for p in _lines_per_page(pdf).values() if len(p) > 1]
    assert split, "the test document must split paragraphs across pages"
    assert _lone_lines(pdf) == 0
    # The same text with the rule off does strand lines: the check above can fail.
    loose = render_pdf(doc, tactix.info, theme.__class__(**{**theme.__dict__, "allow_widows": True}))
    assert _lone_lines(loose) > 0


def test_text_block_sits_under_its_running_head_on_every_page_of_both_sides(tactix):
    """Odd pages take the wide margin on the left (the binding), even pages on the right; the text block, the
    running head and the folio share one left edge on each page (the A5 booklet had its text on the wrong side
    from page 4 on, 4 mm off its head)."""
    theme = theme_for("a4", half=True)
    assert theme.inner_mm != theme.outer_mm     # otherwise a wrong side could not show
    pdf = render_pdf(_widow_document(60), tactix.info, theme)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert len(doc.pages) >= 6
        checked = 0
        for number, page in enumerate(doc.pages[1:], start=2):
            words = page.extract_words()
            body = [w["x0"] for w in words if re.match(r"p\d\dw\d\d", w["text"])]
            if not body:
                continue     # the contents page of a document without headings
            head = min(w["x0"] for w in words if w["top"] < 0.075 * page.height) * MM_PER_PT
            expected = theme.inner_mm if number % 2 == 1 else theme.outer_mm
            assert head == pytest.approx(expected, abs=0.2), number
            assert min(body) * MM_PER_PT == pytest.approx(expected, abs=0.2), number
            checked += 1
        assert checked >= 5


def _float_document(lines_before: int, text_pt: float = 6.0) -> Document:
    """A paragraph of about `lines_before` lines, a figure 100 mm tall (its label at `text_pt`: at 6 pt, the
    reader's floor, it cannot be set smaller), then three short paragraphs."""
    from generator.rulebook.markdown import FigureBlock, Span
    from rulebook_helpers import BoxFigure
    before = " ".join(f"avant{w:03d}" for w in range(lines_before * 12))
    after = [Paragraph((Span(" ".join(f"apres{p}w{w:02d}" for w in range(25))),), 3 + p) for p in range(3)]
    figure = FigureBlock(1, "grande", BoxFigure("grande", "Légende", width_mm=100, height_mm=100, text_pt=text_pt),
                         (Span("Légende"),), 2)
    return Document(blocks=[Paragraph((Span(before),), 1), figure, *after])


def _page_of(pdf: bytes, word: str) -> int:
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return next(n for n, page in enumerate(doc.pages) if word in (page.extract_text() or ""))


def test_a_figure_that_does_not_fit_lets_the_text_after_it_fill_the_page(tactix):
    """Moving a figure to the next page must not leave half a page blank: the following paragraphs of its
    section are set first, the figure and its caption open the next page, together."""
    theme = theme_for("a4")
    pdf = render_pdf(_float_document(22), tactix.info, theme)
    text_page = _page_of(pdf, "avant000")
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[text_page]
        end = max(w["bottom"] for w in page.extract_words() if w["text"].startswith("avant")) / page.height
    assert 0.5 < end < 0.7, end     # the figure (100 mm) cannot fit below, and would leave a third blank
    assert _page_of(pdf, "FIG-grande") == text_page + 1
    assert _page_of(pdf, "Légende") == text_page + 1                       # the caption stays with it
    assert _page_of(pdf, "apres0w00") == text_page                          # the text after it came up
    # A figure that fits stays where it was written, before the text that follows it.
    pdf = render_pdf(_float_document(3), tactix.info, theme)
    assert _page_of(pdf, "FIG-grande") == _page_of(pdf, "apres0w00") == _page_of(pdf, "avant000")
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        words = doc.pages[_page_of(pdf, "avant000")].extract_words()
    top = {w["text"][:6]: w["top"] for w in reversed(words)}
    assert top["FIG-gr"] < top["apres0"]


def _sections_document(chapters: int = 1, sections: int = 8) -> Document:
    """Chapters of short sections, each a heading, two lines and a figure 90 mm tall: a rulebook's catalogue of
    effects, where keeping each section's figure under its text leaves a third of every page blank."""
    from generator.rulebook.markdown import FigureBlock, Span
    from rulebook_helpers import BoxFigure
    blocks, line, number = [], 1, 0
    for c in range(chapters):
        blocks.append(Heading(1, (Span(f"Chapitre{c}"),), f"chapitre-{c}", line))
        for s in range(sections):
            number += 1
            text = " ".join(f"c{c}s{s}w{w:02d}" for w in range(18))
            blocks += [Heading(2, (Span(f"Section{c}x{s}"),), f"section-{c}-{s}", line + 1),
                       Paragraph((Span(text),), line + 2),
                       FigureBlock(number, f"f{c}x{s}", BoxFigure(f"f{c}x{s}", "Légende", width_mm=90, height_mm=90),
                                   (Span(f"Légende{c}x{s}"),), line + 3)]
            line += 4
    return Document(blocks=blocks)


def _pages_of_words(pdf: bytes) -> dict:
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return {w["text"]: n for n, page in enumerate(doc.pages) for w in page.extract_words()}


def _text_fill(pdf: bytes, theme) -> list[float]:
    """For each body page, the share of the text block above the lowest word or figure."""
    fills = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages[2:]:
            top_pt, height_pt = theme.top_mm / MM_PER_PT, theme.text_h_mm / MM_PER_PT
            bottoms = [w["bottom"] for w in page.extract_words() if top_pt < w["top"] < top_pt + height_pt]
            bottoms += [r["bottom"] for r in page.rects if top_pt < r["top"] < top_pt + height_pt]
            fills.append((max(bottoms) - top_pt) / height_pt if bottoms else 0.0)
    return fills


def test_short_sections_let_their_figures_float_so_pages_fill(tactix):
    """Sections of two lines and a tall figure: a figure that does not fit opens the next page while the next
    sections' text fills this one, so no page but the last is left a third blank; every figure still stands
    at most one page after its section's text, and in the order of the text."""
    theme = theme_for("a4")
    pdf = render_pdf(_sections_document(), tactix.info, theme)
    fills = _text_fill(pdf, theme)[:-1]
    # A page can still end a little early where the figures waiting would not all fit on the next one with the
    # next section's: then they are set, so that none drifts two pages (below); before floats, every page
    # here ended at about 0.55.
    assert min(fills) > 0.65 and sum(fills) / len(fills) > 0.85, fills
    pages = _pages_of_words(pdf)
    figure_pages = [pages[f"FIG-f0x{s}"] for s in range(8)]
    assert figure_pages == sorted(figure_pages)
    for s in range(8):
        assert 0 <= pages[f"FIG-f0x{s}"] - pages[f"c0s{s}w00"] <= 1, s
        assert pages[f"Légende0x{s}"] == pages[f"FIG-f0x{s}"]        # the caption stays with its figure


def test_no_figure_floats_past_a_chapter_heading(tactix):
    """A figure waiting for the next page is set before the next chapter opens, never under its heading."""
    pdf = render_pdf(_sections_document(chapters=2, sections=3), tactix.info, theme_for("a4"))
    pages = _pages_of_words(pdf)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        def top(word):
            return next(w["top"] for w in doc.pages[pages[word]].extract_words() if w["text"] == word)
        for s in range(3):
            figure, chapter = f"FIG-f0x{s}", "Chapitre1"
            assert (pages[figure], top(figure)) < (pages[chapter], top(chapter)), s


def _closing_document(filler_words: int) -> Document:
    """A first section of `filler_words` words, then a short last section of a dozen lines."""
    from generator.rulebook.markdown import Span
    first = [Heading(1, (Span("Premier"),), "premier", 1),
             Paragraph((Span(" ".join(f"rempli{w:04d}" for w in range(filler_words))),), 2)]
    last = [Heading(1, (Span("Dernier"),), "dernier", 3), Paragraph((Span("Une courte introduction."),), 4),
            Paragraph((Span(" ".join(f"fin{w:03d}" for w in range(100))),), 5)]
    return Document(blocks=first + last)


def _last_page_lines(pdf: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[-1]
        body = page.crop((0, 0.075 * page.height, page.width, 0.935 * page.height))
        return [line for line in (body.extract_text() or "").split("\n") if line.strip()]


def test_the_last_page_never_holds_only_the_tail_of_a_paragraph(tactix, monkeypatch):
    """Two lines alone on a last page look left behind: the last section opens on that page instead."""
    import generator.rulebook.pdf as rulebook_pdf
    theme = theme_for("a4", half=True)
    stranded = None
    with monkeypatch.context() as m:
        m.setattr(rulebook_pdf, "LAST_PAGE_MIN_LINES", 0)        # the rule off: find a length that strands lines
        for filler in range(300, 700, 12):
            lines = _last_page_lines(render_pdf(_closing_document(filler), tactix.info, theme))
            if 0 < len(lines) < 4 and not lines[0].startswith("Dernier"):
                stranded = filler
                break
    assert stranded is not None, "the test document must strand a paragraph's tail on the last page"
    lines = _last_page_lines(render_pdf(_closing_document(stranded), tactix.info, theme))
    assert lines[0].startswith("Dernier") and len(lines) >= 5, lines


def test_html_edition_has_headings_figures_and_a_working_contents(built, document):
    html = built.html
    for h in document.headings:
        assert f'id="{h.anchor}"' in html
        assert f'href="#{h.anchor}"' in html or h.level > 2
    assert html.count("<svg") == 2 and "FIG-alpha" in html
    assert "<figcaption><strong>Figure 1</strong>" in html
    assert "@font-face" in html and "data:font/ttf;base64," in html
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), "ids must be unique once figures are inlined"
    assert "\u202f!" in html


def test_a_text_that_fills_its_last_page_to_the_foot_gets_no_blank_page_after_it(tactix):
    """The page count was a flowable at the end of the story: when the text filled the last page exactly, it
    went to a page of its own, blank but for its running head. Paragraphs of growing length, one of which
    fills its last page (321 words did before the fix), never end on a page without text."""
    from generator.rulebook.markdown import Span
    theme = theme_for("a4", half=True)
    for n in range(300, 346, 3):
        doc = Document(blocks=[Paragraph((Span(" ".join(f"mot{w:04d}" for w in range(n))),), 1)])
        with pdfplumber.open(io.BytesIO(render_pdf(doc, tactix.info, theme))) as pdf:
            assert any(w["text"].startswith("mot") for w in pdf.pages[-1].extract_words()), n
            assert f"page {len(pdf.pages)}/{len(pdf.pages)}" in pdf.pages[-1].extract_text()


def test_a_sentence_that_introduces_a_table_never_ends_a_page_without_it(tactix):
    """'Voici le score des collections :' at the foot of a page, its table on the next, reads as a loose end.
    Whatever the length of the text before it, the sentence and the table's first row share a page."""
    from generator.rulebook.markdown import Span, Table
    theme = theme_for("a4", half=True)
    moved = 0
    for n in range(250, 330, 6):
        table = Table(((Span("Points"),), (Span("Collection"),)),
                      tuple(((Span(str(p)),), (Span(f"rangée{p}"),)) for p in (1, 5, 10, 30)), ("left", "left"), 3)
        doc = Document(blocks=[Paragraph((Span(" ".join(f"mot{w:04d}" for w in range(n))),), 1),
                               Paragraph((Span("Voici le barème :"),), 2), table])
        with pdfplumber.open(io.BytesIO(render_pdf(doc, tactix.info, theme))) as pdf:
            lead = next(i for i, p in enumerate(pdf.pages) if "barème" in (p.extract_text() or ""))
            first_row = next(i for i, p in enumerate(pdf.pages) if "rangée1" in (p.extract_text() or ""))
            assert lead == first_row, n
            lines = [l for l in pdf.pages[lead].extract_text().split("\n") if l.strip()]
            moved += any(l.startswith("Voici le barème") for l in lines[1:3])   # at the top of its page
    assert moved, "some length must put the sentence at a page's foot, so the rule is tried"
