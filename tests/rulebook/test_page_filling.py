"""The rulebook's pages filled and broken well, read back from the PDF (issue 24 item 2, issue 25 item 1):
a figure set smaller to fit (never its text under the reader's floor), figures waiting for a page sharing its
top, a heading / a list's first item never ending a page while the paragraph after it could start there, a
heading right above a figure kept with it, a table split only with two body rows on each side."""

import dataclasses
import functools
import io

import pdfplumber
import pytest

from generator.draw.style import MM_PER_PT
from generator.reader_thresholds import value as threshold
from generator.rulebook.markdown import Document, FigureBlock, Heading, ListBlock, Paragraph, Span, Table
from generator.rulebook.pdf import FIGURE_LEAST_FIT, render_pdf, theme_for, typeset_pdf

from pdfium_pages import differences_from_pdfplumber, read_pages
from rulebook_helpers import BoxFigure

A5 = theme_for("a4", half=True)
A4 = theme_for("a4")


def _words(count: int, stem: str) -> Paragraph:
    return Paragraph((Span(" ".join(f"{stem}{w:04d}" for w in range(count))),), 1)


def _figure(fid: str, height_mm: float, text_pt: float = 9.0, number: int = 1) -> FigureBlock:
    return FigureBlock(number, fid, BoxFigure(fid, "Légende", width_mm=90, height_mm=height_mm, text_pt=text_pt),
                       (Span(f"Légende{fid}"),), 2)


@functools.lru_cache(maxsize=2)
def _read(pdf: bytes) -> list:
    """The pages of `pdf`, each parsed once for every reader below (a page keeps what it read): a test reads its
    PDF's words, fill, figure and page ends from one parse, not one parse each. Through PDFium, with the words and
    rectangles pdfplumber gives (tests/pdfium_pages.py; the same on these documents:
    test_pdfium_reads_the_words_and_rectangles_pdfplumber_reads), at a sixth of pdfplumber's CPU."""
    return read_pages(pdf)


def _pages(pdf: bytes) -> list:
    """Per page, its words (with their size), as pdfplumber reads them."""
    return [page.extract_words(extra_attrs=["size"]) for page in _read(pdf)]


def _page_of(pages: list, text: str) -> int:
    """The first page after the cover and the contents (which lists the headings) where `text` is a word."""
    return next(n for n, words in enumerate(pages) if n >= 2 and any(w["text"] == text for w in words))


def _fill(pdf: bytes, theme) -> list[float]:
    """For each page after the contents, the share of the text block above its lowest word or drawn box."""
    fills = []
    top, height = theme.top_mm / MM_PER_PT, theme.text_h_mm / MM_PER_PT
    for page in _read(pdf)[2:]:
        bottoms = [w["bottom"] for w in page.extract_words() if top < w["top"] < top + height]
        bottoms += [r["bottom"] for r in page.rects if top < r["top"] < top + height]
        fills.append((max(bottoms) - top) / height if bottoms else 0.0)
    return fills


def _figure_box(pdf: bytes, fid: str) -> tuple[int, float, float]:
    """The page of a BoxFigure, its drawn height (mm) and the size of its label (pt)."""
    for n, page in enumerate(_read(pdf)):
        label = [w for w in page.extract_words(extra_attrs=["size"]) if w["text"] == f"FIG-{fid}"]
        if label:
            box = max(page.rects, key=lambda r: r["height"])
            return n, box["height"] * MM_PER_PT, label[0]["size"]
    raise AssertionError(fid)


@pytest.mark.parametrize("text_pt", [9.0, 7.2])
def test_a_figure_just_too_tall_for_the_foot_of_a_page_is_set_smaller_there_its_text_never_under_the_floor(
        tactix, text_pt):
    """100 mm of figure where about 85 mm are left: set at 85 % of its size on the same page, not moved to the
    next one leaving the foot blank. Its label stays at or over the reader's floor for labels (6 pt): at 7.2 pt it
    may go to 5/6 of its size at the least, at 9 pt to three quarters (FIGURE_LEAST_FIT)."""
    from generator.rulebook.pdf import smallest_text_pt
    floor = threshold("min_label_pt")
    for n in range(150, 300, 10):
        doc = Document(blocks=[_words(n, "avant"), _figure("g", 100, text_pt), _words(80, "apres")])
        pdf = render_pdf(doc, tactix.info, A4)
        pages = _pages(pdf)
        page, height, size = _figure_box(pdf, "g")
        assert height >= 100 * max(FIGURE_LEAST_FIT, floor / text_pt) - 0.5, n
        assert size >= floor - 0.05, n
        if page == _page_of(pages, "avant0000") and height < 99.5:
            break
    else:
        pytest.fail("no length of text set the figure smaller on its own page")
    assert smallest_text_pt(BoxFigure("g", "", text_pt=text_pt)) == pytest.approx(text_pt)


def test_a_figure_whose_text_is_at_the_floor_is_never_set_smaller(tactix):
    for n in range(150, 300, 15):
        doc = Document(blocks=[_words(n, "avant"), _figure("g", 100, threshold("min_label_pt")), _words(80, "apres")])
        _, height, size = _figure_box(render_pdf(doc, tactix.info, A4), "g")
        assert height == pytest.approx(100, abs=0.5) and size >= threshold("min_label_pt") - 0.05


def test_a_game_with_a_lower_floor_for_labels_has_its_figures_set_smaller_down_to_that_floor(tactix):
    """The fit reads the game's floor (game.yaml preflight min_label_pt), as the figure's text floor does
    (generator/figures.py): a figure whose labels print at 6 pt is never set smaller under the reader's 6 pt,
    and is, down to three quarters, in a game that sets 4.5 pt."""
    from generator.content.models.game import PreflightOverride
    low = dataclasses.replace(tactix, info=dataclasses.replace(
        tactix.info, preflight={"min_label_pt": PreflightOverride(4.5, "read close, on a test table")}))
    smaller = []
    for n in range(150, 300, 10):
        doc = Document(blocks=[_words(n, "avant"), _figure("g", 100, 6.0), _words(80, "apres")])
        pdf = render_pdf(doc, low.info, A4)
        page, height, size = _figure_box(pdf, "g")
        assert height >= 100 * FIGURE_LEAST_FIT - 0.5 and size >= 4.5 - 0.05, n
        if page == _page_of(_pages(pdf), "avant0000") and height < 99.5:
            smaller.append(n)
            _, default_height, _ = _figure_box(render_pdf(doc, tactix.info, A4), "g")
            assert default_height == pytest.approx(100, abs=0.5), n      # at the reader's 6 pt: never smaller
    assert smaller, "no length of text set the figure smaller on its own page at the game's 4.5 pt floor"


class _CardFigure(BoxFigure):
    """A box whose label is a card's words drawn smaller than the card (a group at 0.8), kept to the reader's floor
    by the figure's own text floor (figure.readable): 6 pt on the card, printed 6 pt (enlarged from 4.8)."""

    def draw(self, canvas) -> None:
        from generator.draw.style import Stroke, TextStyle
        canvas.rect(0, 0, self.width_mm, self.height_mm, stroke=Stroke("#222222", 0.4), fill="#F4EEE2")
        with canvas.text_floor(threshold("min_label_pt"), growth=2.5), canvas.group(scale=0.8):
            canvas.text(self.width_mm / 1.6, self.height_mm / 1.6, f"FIG-{self.id}", TextStyle(size_pt=6.0),
                        align="center")


def test_a_figure_keeping_its_text_to_the_floor_itself_is_set_smaller_to_fit_its_every_word_still_printed(tactix):
    """Lutinades' cards (figures 1 and 3, 100 mm): their words are printed at the floor already, enlarged back to it
    by the figure's text floor, so least_fit never set them smaller, and each opened the next page leaving a third
    of the booklet's page 4 and half of page 6 blank. Drawn smaller, the floor still prints every word at the floor (6 pt):
    such a figure is set smaller too, down to three quarters, where every word it prints stays printed."""
    card = lambda: FigureBlock(1, "c", _CardFigure("c", "Légende", width_mm=90, height_mm=100), (Span("Légendec"),), 2)
    smaller = 0
    for n in range(150, 300, 10):
        doc = Document(blocks=[_words(n, "avant"), card(), _words(80, "apres")])
        pdf = render_pdf(doc, tactix.info, A4)
        page, height, size = _figure_box(pdf, "c")
        assert height >= 100 * FIGURE_LEAST_FIT - 0.5 and size >= threshold("min_label_pt") - 0.05, n
        smaller += page == _page_of(_pages(pdf), "avant0000") and height < 99.5
    assert smaller, "no length of text set the card figure smaller on its own page"


def _two_figures_document() -> Document:
    """Text, two figures of 85 mm that an A5 page holds only a little smaller, then text: Tectonic's 'Le pic'."""
    return Document(blocks=[_words(260, "avant"), _figure("a", 85, number=1), _words(10, "entre"),
                            _figure("b", 85, number=2), *[_words(90, f"apres{k}") for k in range(4)]])


def test_figures_that_wait_share_the_next_page_top_set_smaller_while_text_fills_the_page_before(tactix):
    """Before: the first figure opened the next page alone (half of it blank), the second the page after it.
    Now both wait while the text after them fills the page, then share the next page's top, each at the same
    share of its size (no smaller than three quarters): no page but the last under the reader's fill."""
    pdf = render_pdf(_two_figures_document(), tactix.info, A5)
    pages = _pages(pdf)
    text_page = _page_of(pages, "entre0000")
    assert _page_of(pages, "FIG-a") == _page_of(pages, "FIG-b") == text_page + 1     # at most a page after
    assert _page_of(pages, "Légendea") == _page_of(pages, "FIG-a")
    assert _page_of(pages, "FIG-a") < _page_of(pages, "apres30000")
    fills = _fill(pdf, A5)
    assert min(fills[:-1]) >= threshold("min_page_fill"), fills
    _, a, _ = _figure_box(pdf, "a")
    _, b, _ = _figure_box(pdf, "b")
    assert 85 * FIGURE_LEAST_FIT - 0.5 <= a < 84.5 and b == pytest.approx(a, abs=0.2)


def _ends_of_pages(pdf: bytes) -> list[str]:
    """The last word of each page's text block."""
    out = []
    for page in _read(pdf):
        words = [w for w in page.extract_words() if 0.075 * page.height < w["top"] < 0.9 * page.height]
        out.append(max(words, key=lambda w: (round(w["top"]), w["x0"]))["text"] if words else "")
    return out


def test_a_heading_never_ends_a_page_and_its_paragraph_starts_under_it_rather_than_leave_the_foot_blank(tactix):
    """A heading and a long paragraph: reportlab's keep-together moved both to the next page; now the heading
    goes with as many lines of its paragraph as the page holds (two at least), and never ends a page."""
    tried = 0
    for n in range(300, 420, 7):
        doc = Document(blocks=[_words(n, "avant"), Heading(2, (Span("Titre"),), "titre", 2), _words(200, "suite")])
        pdf = render_pdf(doc, tactix.info, A5)
        pages = _pages(pdf)
        title = _page_of(pages, "Titre")
        assert "Titre" not in _ends_of_pages(pdf), n
        assert _page_of(pages, "suite0000") == title, n
        if title == _page_of(pages, f"avant{n - 1:04d}"):
            tried += _page_of(pages, "suite0199") > title      # split: the paragraph goes on over the page
            assert _fill(pdf, A5)[title - 2] >= threshold("min_page_fill"), n
    assert tried, "some length must put the heading at a page's foot with the start of its paragraph"


def _lines_on(pdf: bytes, page: int, stem: str) -> int:
    """How many lines of words starting with `stem` the page holds."""
    return len({round(w["top"]) for w in _pages(pdf)[page] if w["text"].startswith(stem)})


def test_a_heading_at_a_pages_foot_keeps_three_lines_of_its_section_under_it_or_opens_the_next_page(tactix):
    """Lutinades p7, Praxis p13: a heading and the first line of its paragraph at the foot, the rest over the
    page. It keeps min_lines_under_heading lines under it, or goes over with them."""
    least = int(threshold("min_lines_under_heading"))
    seen = set()
    for n in range(232, 262):      # a word a step: the heading passes down the page's last lines
        doc = Document(blocks=[_words(n, "avant"), Heading(2, (Span("Titre"),), "titre", 2), _words(200, "suite")])
        pdf = render_pdf(doc, tactix.info, A5)
        pages = _pages(pdf)
        title = _page_of(pages, "Titre")
        if _page_of(pages, "suite0199") > title:       # its paragraph goes on over the page
            lines = _lines_on(pdf, title, "suite")
            assert lines >= least, (n, lines)
            seen.add("split")
        if title > _page_of(pages, f"avant{n - 1:04d}"):
            seen.add("over")
    assert seen == {"split", "over"}, "some lengths put the heading at the foot, some send it over"


def test_a_heading_and_the_short_sentence_over_a_figure_go_over_with_the_figure(tactix):
    """Praxis p13, its booklet p27-28: a heading and two lines at a page's foot, their figure on the next page;
    the three go together (the figure too large for the room left, even set smaller)."""
    tried = 0
    for n in range(200, 420, 10):
        doc = Document(blocks=[_words(n, "avant"), Heading(2, (Span("Titre"),), "titre", 2), _words(12, "court"),
                               _figure("h", 80, 5.0), Heading(2, (Span("Autre"),), "autre", 2), _words(80, "apres")])
        pdf = render_pdf(doc, tactix.info, A5)
        pages = _pages(pdf)
        assert _page_of(pages, "Titre") == _page_of(pages, "FIG-h"), n
        tried += _page_of(pages, "Titre") > _page_of(pages, f"avant{n - 1:04d}")
    assert tried


def test_a_list_never_breaks_after_its_first_item(tactix):
    items = tuple((_words(6, f"item{k}x"),) for k in range(4))
    tried = 0
    for n in range(200, 300, 4):
        doc = Document(blocks=[_words(n, "avant"), ListBlock(False, 1, items, 2), _words(60, "apres")])
        pages = _pages(render_pdf(doc, tactix.info, A5))
        first = _page_of(pages, "item0x0000")
        assert _page_of(pages, "item1x0000") == first, n
        tried += _page_of(pages, "item3x0000") > first
    assert tried, "some length must break the list"


def test_a_heading_right_above_a_figure_stays_with_it(tactix):
    tried = 0
    for n in range(200, 420, 10):
        doc = Document(blocks=[_words(n, "avant"), Heading(2, (Span("Titre"),), "titre", 2),
                               _figure("h", 80, 5.0), _words(120, "apres")])
        pdf = render_pdf(doc, tactix.info, A5)
        pages = _pages(pdf)
        assert _page_of(pages, "Titre") == _page_of(pages, "FIG-h"), n
        tried += _page_of(pages, "Titre") > _page_of(pages, "avant0000")
    assert tried


def _table_document(n: int, rows: int = 6) -> Document:
    table = Table(((Span("Points"),), (Span("Rangée"),)),
                  tuple(((Span(str(r)),), (Span(f"rangée{r}"),)) for r in range(rows)), ("left", "left"), 3)
    return Document(blocks=[_words(n, "avant"), table, _words(60, "apres")])


def test_a_table_splits_only_with_three_body_rows_on_each_side_and_its_header_on_both(tactix):
    least = int(threshold("min_table_rows"))
    assert least == 3
    splits = 0
    for n in range(440, 560, 3):
        pdf, layout = typeset_pdf(_table_document(n, rows=7), tactix.info, A5)
        pages = _pages(pdf)
        rows = {}
        for r in range(7):
            rows.setdefault(_page_of(pages, f"rangée{r}"), []).append(r)
        for page, on in rows.items():
            assert len(on) >= least or len(rows) == 1, (n, rows)
            assert any(w["text"] == "Points" for w in pages[page]), (n, page)     # the header repeats
        splits += len(rows) > 1
        parts = [f for f in layout["flows"] if f["kind"] == "table"]
        assert all(f["rows"] >= least for f in parts), (n, parts)
        assert all(f["split"] for f in parts) == (len(parts) > 1), (n, parts)
    assert splits, "some length must split the table"


def test_a_page_left_short_only_where_the_next_figure_could_not_fit_even_smaller(tactix):
    """What the reader's preflight excuses (print/reader.py page_fill) is what the layout records: the room a
    page had left, and that the figure opening the next page needed more than that at its least size. (Nothing
    follows the figure: text after it, a chapter's heading included, now comes up to fill the page.)"""
    doc = Document(blocks=[_words(230, "avant"), _figure("g", 100, 5.0)])
    pdf, layout = typeset_pdf(doc, tactix.info, A4)
    pages = _pages(pdf)
    page = _page_of(pages, "avant0000") + 1           # layout pages count from 1
    record = next(p for p in layout["pages"] if p["page"] == page)
    figure = next(f for f in layout["flows"] if f["kind"] == "figure")
    assert figure["page"] == page + 1 and record["fill"] < 0.75
    assert figure["least"] > record["room"]
    assert record["room"] * MM_PER_PT == pytest.approx((1 - record["fill"]) * A4.text_h_mm, abs=1)


def test_a_numbered_list_past_nine_starts_every_line_of_an_item_at_one_margin(tactix):
    # Numbers 10 and on were wider than the indent: the first line of an item started further right.
    text = ("Un point de règle assez long pour tenir sur deux lignes de la colonne, et même un peu plus, "
            "pour voir où reprend la ligne qui suit le numéro de l'élément.")
    items = tuple((Paragraph((Span(text),), n),) for n in range(1, 13))
    doc = Document((Heading(1, (Span("Liste"),), "liste", 1), ListBlock(True, 1, items, 1)), [], 0)
    pdf = render_pdf(doc, tactix.info, A5)
    starts: dict = {"number": set(), "text": set()}
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for page in document.pages[2:]:
            for line in page.extract_text_lines():
                first = line["text"].split()[0]
                if first.endswith(".") and first[:-1].isdigit():
                    after = next(c for c in line["chars"] if c["text"] == "U")    # the item's text, after its number
                    starts["number"].add(round(after["x0"], 1))
                elif line["text"].startswith("Un") or line["text"][0].islower():
                    starts["text"].add(round(line["x0"], 1))
    every = starts["number"] | starts["text"]
    assert starts["number"] and starts["text"] and max(every) - min(every) <= 0.3, starts    # one margin


def _section_shorter_than_its_figures() -> Document:
    """A section whose text runs out before its figures: two figures of 70 mm with a short paragraph between,
    then the next chapter. Tactix's 'Fin de la partie' in the booklet: both figures waited while all of the
    section's text filled the page before, then stood alone on a page of their own."""
    return Document(blocks=[Heading(1, (Span("Premier"),), "premier", 1), _words(180, "avant"),
                            _figure("a", 70, number=1), _words(30, "entre"), _figure("b", 70, number=2),
                            Heading(1, (Span("Second"),), "second", 5), _words(300, "suite")])


def _words_by_page(pdf: bytes) -> list[set]:
    """Per page after the contents, the stems of its words (FIG-, avant, entre, suite...)."""
    return [{w["text"][:5] for w in words} for words in _pages(pdf)[2:]]


def test_figures_never_stand_alone_on_a_page_while_the_text_after_them_could_share_it(tactix):
    """A page holding figures holds text too (issue 25: Tactix booklet p8, Tectonic, Armada, Lutinades): the
    figures at the top of a page leave min_text_beside_figures lines under them, and a figure waits for the next
    page only where its section's text can fill this one and still go with it there."""
    from generator.print.reader import Subject, figures_alone
    for theme in (A5, A4):
        pdf, layout = typeset_pdf(_section_shorter_than_its_figures(), tactix.info, theme)
        for stems in _words_by_page(pdf):
            if "FIG-a" in stems or "FIG-b" in stems:
                assert stems & {"avant", "entre", "suite"}, (theme.name, stems)
        assert figures_alone(Subject("regles.pdf", layout=layout, rules_path="rules.fr.md"), None) == []
        fills = _fill(pdf, theme)
        assert min(fills[:-1]) >= 0.5, fills          # nor half a page blank instead


def test_figures_at_the_top_of_a_page_leave_room_for_the_text_under_them(tactix):
    """Two figures of 60 mm waiting for a page they would fill with their captions: set smaller (by one share,
    none under its least fit) so that min_text_beside_figures lines of the text after them share their page."""
    line = A5.body_pt * A5.leading
    for n in (195, 210, 240):
        doc = Document(blocks=[_words(n, "avant"), _figure("a", 60, number=1), _words(60, "entre"),
                               _figure("b", 60, number=2), _words(300, "suite")])
        pdf, layout = typeset_pdf(doc, tactix.info, A5)
        for p in layout["pages"]:
            here = [f for f in layout["flows"] if f["page"] == p["page"]]
            if here and here[0]["kind"] == "figure":
                text = sum(f["top"] - f["bottom"] for f in here if f["kind"] == "paragraph")
                assert text >= threshold("min_text_beside_figures") * line - 1, (n, p, here)
        _, a, _ = _figure_box(pdf, "a")
        assert a >= 60 * FIGURE_LEAST_FIT - 0.5


def test_a_sentence_announcing_a_figure_stays_with_it(tactix):
    """'... ont leur propre tapis :' ended PuXes' page 14 while the four mats it announces took the next three
    pages: figure 17 stood three pages after it. A paragraph ending in ':' right above a figure is one group with
    it, set in place (never floated away from it)."""
    tried = 0
    for n in range(200, 420, 10):
        announce = Paragraph((Span("Les tapis annoncés par cette phrase :"),), 2)
        doc = Document(blocks=[_words(n, "avant"), announce, _figure("h", 80, 5.0), _words(120, "apres")])
        pages = _pages(render_pdf(doc, tactix.info, A5))
        assert _page_of(pages, "annoncés") == _page_of(pages, "FIG-h"), n
        tried += _page_of(pages, "annoncés") > _page_of(pages, "avant0000")
    assert tried


@pytest.mark.parametrize("between", [0, 25])
def test_figures_too_tall_to_share_a_page_never_leave_one_alone_on_it_while_text_follows(tactix, between):
    """Two or three figures of 90 mm in a row (or with a short paragraph between), each too tall to share an A5
    page with the next even at its least fit, then text of their section (Armada's English pairs,
    booklet p8): the first stood alone on its page, 40 % of it white, while the text after it waited with the
    next figure. That text now goes under the figure alone, the next figure opening the page after it."""
    from generator.print.reader import Subject, page_fill
    for n in range(100, 400, 20):
        if between:
            run = [_figure("a", 90, number=1), _words(12, "entre"), _figure("b", 90, number=2),
                   _words(between, "apres"), _figure("c", 90, number=3), _words(15, "fin")]
        else:
            run = [_figure("a", 90, number=1), _figure("b", 90, number=2), _words(40, "apres")]
        doc = Document(blocks=[Heading(2, (Span("Section"),), "section", 1), _words(n, "avant"), *run,
                               Heading(2, (Span("Suivante"),), "suivante", 9), _words(300, "suite")])
        pdf, layout = typeset_pdf(doc, tactix.info, A5)
        found = page_fill(Subject("regles-livret.pdf", pdf, role="rulebook", layout=layout,
                                  rules_path="rules.fr.md"), None, None)
        assert [w for w in found if w.facts.get("form") == "figures"] == [], (n, [w.facts for w in found])


def test_a_figure_too_tall_for_the_rest_of_its_page_floats_past_the_next_heading_whose_text_fills_the_page(tactix):
    """Lutinades' A5 booklet, page 4 on main (43 % full): figure 1, too tall for what was left even at its least
    size, opened page 5 and nothing filled page 4, a section heading holding floats back. The figure now waits for
    the next page's top and the next section (heading and text) fills this one; the figure stays on the page after
    the text announcing it. (The next section in paragraphs of a rulebook's length: a paragraph longer than a page
    has the figure inside it wherever it goes, which the reader tells.)"""
    from generator.i18n import catalogue
    from generator.print.reader import Subject, check
    doc = Document(blocks=[Heading(2, (Span("Un"),), "un", 1), _words(150, "avant"), _figure("g", 130, 5.0),
                           Heading(2, (Span("Deux"),), "deux", 3), *[_words(80, f"apres{k}") for k in range(5)]])
    pdf, layout = typeset_pdf(doc, tactix.info, A5)
    pages = _pages(pdf)
    before, figure = _page_of(pages, "avant0149"), _figure_box(pdf, "g")[0]
    assert figure == before + 1
    assert _page_of(pages, "Deux") == before, "the next section's heading came up under the text"
    assert _fill(pdf, A5)[before - 2] >= threshold("min_page_fill")
    warnings = check(Subject("r.pdf", pdf, layout=layout, rules_path="r.md"), catalogue("fr")).warnings
    assert [w for w in warnings if w.kind in ("page_fill", "figure_distance", "page_break")] == []


def _documents_read_here() -> list[tuple[Document, object]]:
    """A document of each kind the tests above read back, at a length where it breaks over a page."""
    heading = Heading(2, (Span("Titre"),), "titre", 2)
    return [(Document(blocks=[_words(200, "avant"), _figure("g", 100, 9.0), _words(80, "apres")]), A4),
            (_two_figures_document(), A5),
            (Document(blocks=[_words(330, "avant"), heading, _words(200, "suite")]), A5),
            (Document(blocks=[_words(300, "avant"), heading, _words(12, "court"), _figure("h", 80, 5.0),
                              Heading(2, (Span("Autre"),), "autre", 2), _words(80, "apres")]), A5),
            (Document(blocks=[_words(240, "avant"), ListBlock(False, 1, tuple((_words(6, f"item{k}x"),)
                                                                             for k in range(4)), 2),
                              _words(60, "apres")]), A5),
            (_table_document(330), A5),
            (_section_shorter_than_its_figures(), A4)]


def test_pdfium_reads_the_words_and_rectangles_pdfplumber_reads(tactix):
    """The tests above read their PDFs through PDFium (_read); pdfplumber, which the other tests use, reads the same
    words (text, place, size; with and without splitting on size) and rectangles on every page."""
    rects = 0
    for doc, theme in _documents_read_here():
        pdf = render_pdf(doc, tactix.info, theme)
        assert len(read_pages(pdf)) > 2
        assert differences_from_pdfplumber(pdf) == [], theme.name
        rects += sum(len(page.rects) for page in read_pages(pdf))
    assert rects >= 10          # the figures' boxes and the tables' header fills were compared too


def _inside(layout) -> list:
    """The reader's warnings of a figure set inside a paragraph or a list (page_break, form `inside`)."""
    from generator.print.reader import Subject, page_breaks
    found = page_breaks(Subject("r.pdf", layout=layout, rules_path="r.md"), None)
    return [(w.page, w.facts["figure"]) for w in found if w.facts.get("form") == "inside"]


def _item(text: str, line: int) -> tuple:
    return (Paragraph((Span(text),), line),)


def _at(block, line: int):
    """The block at its own rules line (the reader tells a block's parts by their line)."""
    return dataclasses.replace(block, line=line)


def test_a_waiting_figure_never_lands_inside_a_list_nor_between_a_paragraphs_lines(tactix):
    """Lutinades (issue 25): figure 1, waiting for the next page, was released between the gestures list's last
    two items (the last item announced figure 2, which could not join it: the booklet p5), and at a page's top
    between two lines of a paragraph going on over the page (the A4 edition p6). Every length of the text before
    them: no figure inside a block, and the figure that waited comes after the block's end. (Paragraphs of a
    rulebook's length: the rest of a paragraph longer than a page leaves the figure no room after it, and the
    reader tells the figure inside it.)"""
    tried = {"list": 0, "paragraph": 0}
    for n in range(60, 300, 12):
        items = ListBlock(False, 1, tuple(_item(f"geste{k} et quelques mots de plus", 10 + k) for k in range(4)), 10)
        listed = Document(blocks=[_at(_words(n, "avant"), 1), _at(_figure("a", 120, 5.0, number=1), 3),
                                  _at(_words(40, "entre"), 5), items, _at(_figure("b", 90, 5.0, number=2), 20),
                                  *[_at(_words(40, f"apres{k}"), 22 + 2 * k) for k in range(5)]])
        running = Document(blocks=[_at(_words(n, "avant"), 1), _at(_figure("a", 120, 5.0, number=1), 3),
                                   _at(_words(70, "long"), 5), *[_at(_words(40, f"apres{k}"), 7 + 2 * k) for k in range(5)]])
        for kind, doc, stem in (("list", listed, "geste3"), ("paragraph", running, "long0069")):
            pdf, layout = typeset_pdf(doc, tactix.info, A5)
            assert _inside(layout) == [], (kind, n, _inside(layout))
            pages = _pages(pdf)
            block_start = _page_of(pages, "geste0" if kind == "list" else "long0000")
            figure = _page_of(pages, "FIG-a")
            if figure > block_start:          # it waited while the block was set: it comes after the block's end
                tried[kind] += 1
                end = next(w for w in pages[_page_of(pages, stem)] if w["text"] == stem)
                label = next(w for w in pages[figure] if w["text"] == "FIG-a")
                assert (figure, label["top"]) > (_page_of(pages, stem), end["top"]), (kind, n)
    assert tried["list"] and tried["paragraph"], tried
