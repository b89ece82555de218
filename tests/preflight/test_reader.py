"""The reader's preflight (generator/print/reader.py): each check finds its defect in a small bad fixture and
says nothing of a good one. PDFs are drawn straight with reportlab (one defect at a time); what the rulebook's
layout and the manifest say is given as the build hands it over."""

from __future__ import annotations

import io
import json
import shutil

import pytest
from click.testing import CliRunner
from reportlab.pdfgen import canvas as rl_canvas

from generator.cli import cli
from generator.draw.pdf import PdfCanvas
from generator.draw.style import TextStyle
from generator.content import ContentError, load_game
from generator.i18n import catalogue
from generator.print.reader import Subject, check, tool_word_patterns
from tests.conftest import ROOT

A4 = (595.2756, 841.8898)
MM = 72 / 25.4
FR = catalogue("fr")


def _pdf(draw, size=A4, pages=1) -> bytes:
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, pagesize=size, invariant=1)
    for n in range(pages):
        c.setTrimBox([0, 0, *size])
        c.setBleedBox([0, 0, *size])
        draw(c, n)
        c.showPage()
    c.save()
    return buf.getvalue()


def _kinds(subject: Subject, overrides=None) -> list[str]:
    return [w.kind for w in check(subject, FR, overrides).warnings]


def _text(c, x, y, text, size=9):
    c.setFont("Helvetica", size)
    c.drawString(x, y, text)


# --- a. small text ---------------------------------------------------------------------------------------
def _paragraph(size):
    def draw(c, n):
        for k in range(4):
            _text(c, 100, 700 - k * size * 1.3, "Une ligne de texte courant, comme dans les règles.", size)
    return draw


def test_a_label_under_six_points_is_found_and_one_at_six_passes():
    """The floor for labels was 5 pt; figures' coordinates and tiles' letters printed at 5.1-5.6 pt passed it (issue
    25: Tectonic figures 3 and 18, Tactix's booklet figures 1-2, Armada's aid). It is 6 pt now."""
    assert _kinds(Subject("a.pdf", _pdf(lambda c, n: _text(c, 100, 700, "A2", 4.0)))) == ["small_text"]
    assert _kinds(Subject("a.pdf", _pdf(lambda c, n: _text(c, 100, 700, "A2", 5.5)))) == ["small_text"]
    assert _kinds(Subject("a.pdf", _pdf(lambda c, n: _text(c, 100, 700, "A2", 6.0)))) == []


def test_running_text_has_the_higher_floor():
    assert _kinds(Subject("a.pdf", _pdf(_paragraph(5.5)))) == ["small_text"]
    assert _kinds(Subject("a.pdf", _pdf(_paragraph(6.5)))) == []


def test_text_is_measured_after_every_transform():
    """A 12 pt label drawn in a figure shrunk to a quarter prints at 3 pt."""
    def shrunk(c, n):
        c.saveState()
        c.translate(100, 500)
        c.scale(0.25, 0.25)
        _text(c, 0, 0, "Temple", 12)
        c.restoreState()
    warnings = check(Subject("a.pdf", _pdf(shrunk)), FR).warnings
    assert [w.kind for w in warnings] == ["small_text"] and warnings[0].facts["size"] == 3.0
    assert "3 pt" in warnings[0].describe(FR) or "3,0 pt" in warnings[0].describe(FR)


def test_a_game_may_lower_a_floor_with_a_reason(tmp_path):
    assert _kinds(Subject("a.pdf", _pdf(_paragraph(5.5))), {"min_text_pt": 5.0}) == []


# --- b. words of the tool --------------------------------------------------------------------------------
def test_commands_and_options_in_player_material_are_found():
    pdf = _pdf(lambda c, n: _text(c, 100, 700, "Tirez une autre carte : pnp build --seed 2."))
    warnings = check(Subject("a.pdf", pdf), FR).warnings
    assert sorted(w.facts["word"] for w in warnings if w.kind == "tool_words") == ["--seed", "pnp"]


def test_our_name_and_ordinary_words_are_not_the_tool():
    pdf = _pdf(lambda c, n: _text(c, 100, 700, "Fait avec PnP Forge. Une graine de pnpx ; le moteur tourne."))
    assert _kinds(Subject("a.pdf", pdf)) == []


def test_a_sentence_may_open_with_the_word():
    assert [term for term, p in tool_word_patterns(FR) if p.search("Moteur de règles : il vérifie")] == \
        ["moteur de règles"]


def test_the_print_guides_designer_section_is_exempt():
    designer = FR("print.guide.designer_title")

    def guide(c, n):
        _text(c, 100, 700, "Imprimez à 100 %.")
        _text(c, 100, 600, designer, 12)
        _text(c, 100, 580, "pnp build praxis --variant points")
    assert _kinds(Subject("guide.pdf", _pdf(guide), role="guide")) == []
    assert _kinds(Subject("guide.pdf", _pdf(guide), role="other")) == ["tool_words", "tool_words"]


def test_a_word_written_in_the_rules_is_named_at_its_line(tmp_path):
    rules = tmp_path / "rules.fr.md"
    rules.write_text("# Règles\n\nJouez.\n\nLancez `pnp build --variant points`.\n", encoding="utf-8")
    pdf = _pdf(lambda c, n: _text(c, 100, 700, "Lancez pnp build --variant points."))
    warnings = check(Subject("regles.pdf", pdf, search=(str(rules),)), FR).warnings
    assert {(w.source, w.line) for w in warnings} == {(str(rules), 5)}


# --- c. pages and sheets that waste paper ----------------------------------------------------------------
def _layout(pages, flows):
    return {"pages": [{"page": n, "fill": f, "kind": None} for n, f in pages], "flows": flows}


def _flow(kind, page, line=1, **more):
    return {"kind": kind, "page": page, "line": line, "top": 700, "bottom": 600, **more}


BLANK = _pdf(lambda c, n: None, pages=4)


def test_a_rulebook_page_left_half_empty_is_found_unless_a_section_follows():
    flows = [_flow("paragraph", 1), _flow("paragraph", 2), _flow("heading", 3, 30, level=2), _flow("paragraph", 3),
             _flow("paragraph", 4)]
    half = _layout([(1, 0.9), (2, 0.5), (3, 0.9), (4, 0.5)], flows)
    warnings = check(Subject("r.pdf", BLANK, layout=half, rules_path="rules.fr.md"), FR).warnings
    assert [(w.kind, w.page, w.line) for w in warnings] == [("page_fill", 2, 30)], "named at what did not fit"
    flows[2]["level"] = 1          # the next page opens a section: this page closes one
    assert _kinds(Subject("r.pdf", BLANK, layout=_layout([(1, 0.9), (2, 0.5), (3, 0.9), (4, 0.5)], flows))) == []


def test_a_short_page_is_excused_only_where_the_next_figure_needed_more_than_its_room_even_set_smaller():
    """Honest white space: the figure opening the next page could not fit in what was left, even at its least
    size (the layout records the page's room and the figure group's least height, pt)."""
    def layout(least):
        pages = [{"page": 1, "fill": 0.9, "kind": None, "room": 50}, {"page": 2, "fill": 0.5, "kind": None, "room": 300},
                 {"page": 3, "fill": 0.9, "kind": None, "room": 50}]
        flows = [_flow("paragraph", 1), _flow("paragraph", 2), _flow("figure", 3, 30, least=least),
                 _flow("paragraph", 3)]
        return {"pages": pages, "flows": flows}
    assert _kinds(Subject("r.pdf", BLANK, layout=layout(320.0), rules_path="r.md")) == []
    warnings = check(Subject("r.pdf", BLANK, layout=layout(280.0), rules_path="r.md"), FR).warnings
    assert [(w.kind, w.page) for w in warnings] == [("page_fill", 2)], "it would have fit, set smaller"


def _waiting_figure(after: dict, announced_page: int | None = None) -> dict:
    """Lutinades' A5 booklet on main, page 4 (43 % full): figure 1 (343 pt at its least) did not fit the 282 pt
    left and opened page 5, the next section's heading and text under it; `after` is what follows the figure."""
    pages = [{"page": n, "fill": fill, "kind": None, "room": room, "height": 490.4, "line": 11.9}
             for n, fill, room in ((1, 0.9, 50.0), (2, 0.43, 282.0), (3, 0.95, 20.0), (4, 0.9, 50.0))]
    flows = [_flow("paragraph", 1, 10), _flow("paragraph", 2, 20), _flow("figure", 3, 30, least=343.0, figure="a"),
             _flow("caption", 3, 30, figure="a"), {**after, "line": 40}]
    if announced_page:
        flows.append(_flow("figure", announced_page, 50, least=200.0, figure="b"))
    return {"pages": pages, "flows": flows}


def test_a_short_page_is_not_excused_by_a_waiting_figure_where_the_text_after_it_could_have_filled_it():
    """The excuse ("the figure did not fit, even smaller") holds only where nothing after the figure could have
    come up in its place: a heading with its three lines, a paragraph's first two lines; a paragraph on the page
    after (the figures filling the next one) as well."""
    for after in (_flow("heading", 3, level=2, top=400.0, bottom=385.0), _flow("paragraph", 3, top=300.0, bottom=200.0),
                  _flow("heading", 3, level=3, top=400.0, bottom=385.0, least=250.0),
                  _flow("paragraph", 4, top=700.0, bottom=600.0)):
        warnings = check(Subject("r.pdf", BLANK, layout=_waiting_figure(after), rules_path="r.md"), FR).warnings
        assert [(w.kind, w.page) for w in warnings if w.page == 2] == [("page_fill", 2)], after


def test_a_short_page_keeps_the_excuse_where_nothing_after_the_figure_could_have_come_up():
    """What follows the figure leads a figure of its own (a heading right above it: the group would pass the
    waiting figure), announces a figure set after the next page (up here, it would stand two pages before it), or
    nothing follows."""
    led = _waiting_figure(_flow("heading", 3, level=2, top=400.0, bottom=385.0, least=300.0))
    led["flows"].append(_flow("figure", 3, 45, least=300.0, figure="c"))
    cases = [led,
             _waiting_figure(_flow("paragraph", 3, top=300.0, bottom=280.0), announced_page=4)]
    nothing = _waiting_figure(_flow("caption", 3, 30, figure="a"))
    nothing["flows"].pop()
    for layout in cases + [nothing]:
        warnings = check(Subject("r.pdf", BLANK, layout=layout, rules_path="r.md"), FR).warnings
        assert ("page_fill", 2) not in [(w.kind, w.page) for w in warnings], layout["flows"]


def test_a_page_of_figures_alone_is_not_excused_by_the_next_figure():
    """3d Run's booklet, pages 6-8 (the readers' finding): one figure each and a third of the page blank, each
    'excused' by the next figure too tall for the room left. Figures set smaller would share a page, or their
    section's text would run round them: a page holding figures alone is told; a page that also holds text
    keeps the excuse."""
    def layout(alone):
        pages = [{"page": 1, "fill": 0.9, "kind": None, "room": 50}, {"page": 2, "fill": 0.6, "kind": None, "room": 190},
                 {"page": 3, "fill": 0.9, "kind": None, "room": 50}]
        flows = [_flow("paragraph", 1), _flow("figure", 2, 20, figure="a"), _flow("caption", 2, 20, figure="a"),
                 _flow("figure", 3, 30, least=320.0, figure="b"), _flow("caption", 3, 30, figure="b"),
                 _flow("paragraph", 3, 40)]
        if not alone:
            flows.insert(1, _flow("paragraph", 2, 18))
        return {"pages": pages, "flows": flows}
    warnings = check(Subject("r.pdf", BLANK, layout=layout(True), rules_path="r.md"), FR).warnings
    # (figure b, two pages after the paragraph before the run, is also told: figure_distance, its own test)
    warnings = [w for w in warnings if w.kind != "figure_distance"]
    assert [(w.kind, w.page, w.facts.get("form")) for w in warnings] == [("page_fill", 2, "figures")]
    assert "figures seules" in warnings[0].describe(FR)
    assert _kinds(Subject("r.pdf", BLANK, layout=layout(False), rules_path="r.md")) == []


def test_a_page_of_figures_alone_is_excused_only_if_its_figures_are_at_their_least():
    """PuXes's whole mats (their labels at the floor: at their least, too large to read smaller) each keep their
    page when the next does not fit under them; a figure set larger than its least is told, as 3d Run's were."""
    def layout(least_here):
        pages = [{"page": 1, "fill": 0.9, "kind": None, "room": 50}, {"page": 2, "fill": 0.7, "kind": None, "room": 150},
                 {"page": 3, "fill": 0.9, "kind": None, "room": 50}]
        flows = [_flow("paragraph", 1), _flow("figure", 2, 20, least=least_here, figure="a"),
                 _flow("caption", 2, 20, figure="a"), _flow("figure", 3, 30, least=200.0, figure="b"),
                 _flow("caption", 3, 30, figure="b"), _flow("paragraph", 3, 40)]
        return {"pages": pages, "flows": flows}
    # (b, two pages after the paragraph before the run, is a figure_distance warning: allowed here, its own test)
    far = {"max_figure_distance_pages": 2}
    assert _kinds(Subject("r.pdf", BLANK, layout=layout(100.0), rules_path="r.md"), far) == []   # a is 100 pt: its least
    warnings = check(Subject("r.pdf", BLANK, layout=layout(90.0), rules_path="r.md"), FR, far).warnings
    assert [(w.kind, w.page, w.facts.get("form")) for w in warnings] == [("page_fill", 2, "figures")]


def test_a_few_lines_carried_to_a_page_of_their_own_are_found_even_at_a_sections_end():
    """Praxis's A5 booklet, page 3: the contents' last row alone on a page (3 %). A section's or the contents' last
    page is excused from min_page_fill, not from holding only what the page before could have held set a little
    tighter (under min_last_page_fill); the cover, a section ending a third down its page, and a page a heading
    opens (a short game's whole contents) pass."""
    def layout(third_fill, kind, opens=False):
        pages = [{"page": 1, "fill": 0.2, "kind": "cover", "room": 400}, {"page": 2, "fill": 0.97, "kind": None, "room": 5},
                 {"page": 3, "fill": third_fill, "kind": kind, "room": 400, "opens_heading": opens},
                 {"page": 4, "fill": 0.9, "kind": None, "room": 40}]
        flows = [_flow("heading", 4, 10, level=1), _flow("paragraph", 4, 12)]
        return {"pages": pages, "flows": flows}
    for kind in ("contents", None):
        warnings = check(Subject("r.pdf", BLANK, layout=layout(0.03, kind), rules_path="r.md"), FR).warnings
        assert [(w.kind, w.page, w.facts.get("form")) for w in warnings] == [("page_fill", 3, "carried")], kind
        assert "reportées" in warnings[0].describe(FR)
        assert _kinds(Subject("r.pdf", BLANK, layout=layout(0.35, kind), rules_path="r.md")) == []
        assert _kinds(Subject("r.pdf", BLANK, layout=layout(0.03, kind, opens=True), rules_path="r.md")) == []


def test_a_short_section_alone_on_the_last_page_is_found():
    """Tectonic's credits (Annexe B) alone on the last page of its rulebooks, 22 % of the A4 page 14 and 25 % of the
    booklet's page 19, the notes having filled the page before: over min_last_page_fill, they were not told. A last
    page a short section opens and holds alone, under min_lone_section_fill, is; one filled over it, one holding the
    end of the section before as well, and one holding two sections pass."""
    def layout(fill, opens=True, sections=1):
        pages = [{"page": 1, "fill": 0.2, "kind": "cover", "room": 400}, {"page": 2, "fill": 0.5, "kind": "contents"},
                 {"page": 3, "fill": 0.97, "kind": None, "room": 5, "opens_heading": True},
                 {"page": 4, "fill": fill, "kind": None, "room": 400, "opens_heading": opens}]
        flows = [_flow("heading", 3, 10, level=1), _flow("paragraph", 3, 12)]
        flows += [] if opens else [_flow("paragraph", 4, 12)]
        for k in range(sections):
            flows += [_flow("heading", 4, None, level=1), _flow("paragraph", 4, None)]
        return {"pages": pages, "flows": flows}
    warnings = check(Subject("r.pdf", BLANK, layout=layout(0.22), rules_path="r.md"), FR).warnings
    assert [(w.kind, w.page, w.facts.get("form")) for w in warnings] == [("page_fill", 4, "alone")]
    assert "seule sur la dernière page" in warnings[0].describe(FR)
    assert _kinds(Subject("r.pdf", BLANK, layout=layout(0.35), rules_path="r.md")) == []
    assert _kinds(Subject("r.pdf", BLANK, layout=layout(0.22, opens=False), rules_path="r.md")) == []
    assert _kinds(Subject("r.pdf", BLANK, layout=layout(0.22, sections=2), rules_path="r.md")) == []


def test_a_short_section_alone_on_a_booklet_s_last_page_is_told_only_where_a_sheet_is_saved():
    """An imposed booklet prints four pages to a sheet: the credits alone on page 4 of a 4-page booklet cost no
    paper (page 4 would print as a notes page), on page 29 they make an eighth sheet (Praxis' booklet, 32 pages
    where 28 held the rules); pages printed one by one always save a sheet."""
    def layout(last, per_sheet=None):
        pages = [{"page": n, "fill": 0.95, "kind": None, "room": 5, "opens_heading": False} for n in range(1, last)]
        pages.append({"page": last, "fill": 0.22, "kind": None, "room": 400, "opens_heading": True})
        flows = [_flow("paragraph", n, 10) for n in range(1, last)]
        flows += [_flow("heading", last, None, level=1), _flow("paragraph", last, None)]
        return {"pages": pages, "flows": flows, **({"pages_per_sheet": per_sheet} if per_sheet else {})}
    assert _kinds(Subject("r.pdf", BLANK, layout=layout(4, 4), rules_path="r.md")) == []
    assert _kinds(Subject("r.pdf", BLANK, layout=layout(8, 4), rules_path="r.md")) == []
    assert _kinds(Subject("r.pdf", BLANK, layout=layout(29, 4), rules_path="r.md")) == ["page_fill"]
    assert _kinds(Subject("r.pdf", BLANK, layout=layout(4), rules_path="r.md")) == ["page_fill"]


def test_a_last_page_holding_a_line_is_found():
    two = _pdf(lambda c, n: _text(c, 100, 700 if n == 0 else 100, "Texte" if n == 0 else "Jean Dupont"), pages=2)

    def full(c, n):
        c.rect(50, 50, 400, 700, fill=1) if n == 0 else c.rect(50, 300, 400, 400, fill=1)
    assert _kinds(Subject("guide.pdf", two, role="guide")) == ["page_fill"]
    assert _kinds(Subject("guide.pdf", _pdf(full, pages=2), role="guide")) == []


def _sheet(page, rows, per_row=3, w=63.0, h=88.0, kind="sheet"):
    items = [{"id": f"c{r}{k}", "trim_mm": [10 + k * w, 10 + r * h, w, h], "art_mm": [7 + k * w, 7 + r * h, w + 6, h + 6]}
             for r in range(rows) for k in range(per_row)]
    return {"page": page, "kind": kind, "side": "single", "width_mm": 210, "height_mm": 297, "items": items}


def test_a_last_sheet_with_a_lone_row_is_found_and_balanced_sheets_pass():
    lone = {"file": "c.pdf", "pages": [_sheet(1, 3), _sheet(2, 3), _sheet(3, 1)]}
    balanced = {"file": "c.pdf", "pages": [_sheet(1, 3), _sheet(2, 2), _sheet(3, 2)]}
    warnings = check(Subject("c.pdf", _pdf(lambda c, n: None, pages=3), role="sheets", entry=lone), FR).warnings
    assert [(w.kind, w.page) for w in warnings] == [("sheet_fill", 3)]
    assert _kinds(Subject("c.pdf", _pdf(lambda c, n: None, pages=3), role="sheets", entry=balanced)) == []


def test_a_sheet_holding_a_strip_is_found():
    strip = {"file": "p.pdf", "pages": [_sheet(1, 1, per_row=6, w=18, h=18)]}
    full = {"file": "p.pdf", "pages": [_sheet(1, 3)]}
    assert _kinds(Subject("p.pdf", _pdf(lambda c, n: None), role="sheets", entry=strip)) == ["sheet_fill"]
    assert _kinds(Subject("p.pdf", _pdf(lambda c, n: None), role="sheets", entry=full)) == []


def test_a_strip_sheet_that_says_why_it_shares_with_no_other_passes():
    strip = [_sheet(1, 1, per_row=6, w=18, h=18)]
    silent = {"file": "p.pdf", "pages": strip, "print": {"steps": []}}
    told = {"file": "p.pdf", "pages": strip, "print": {"steps": [], "alone": "another stock"}}
    assert _kinds(Subject("p.pdf", _pdf(lambda c, n: None), role="sheets", entry=silent)) == ["sheet_fill"]
    assert _kinds(Subject("p.pdf", _pdf(lambda c, n: None), role="sheets", entry=told)) == []
    # the reason covers the blank share, not a lone row that a spread of the rows avoids
    lone = {"file": "c.pdf", "pages": [_sheet(1, 3), _sheet(2, 3), _sheet(3, 1)], "print": {"alone": "why"}}
    assert _kinds(Subject("c.pdf", _pdf(lambda c, n: None, pages=3), role="sheets", entry=lone)) == ["sheet_fill"]



def _tile_page(page, *heights, width=113.0):
    """A page of a tiled mat (A4 turned) holding windows of these heights, one above the other."""
    items, y = [], 10.0
    for h in heights:
        items.append({"id": "tapis", "trim_mm": [-50, -100, 400, 600], "art_mm": [10, y, width, h]})
        y += h + 9
    return {"page": page, "kind": "tile", "side": "single", "width_mm": 297, "height_mm": 210, "items": items}


def test_a_tiled_sheet_holding_a_thin_strip_another_page_could_take_is_found():
    """A 77 mm strip of a mat on an A4 (14 %) where another page's strip would fit above it (the tallest page of
    the file holds 176 mm: the paper takes that much) is told, naming that page; the two sharing a page pass, and
    so does a thin strip no other page's windows fit beside."""
    plan = {"page": 1, "kind": "map", "width_mm": 297, "height_mm": 210, "items": []}
    tall = _tile_page(2, 176.0, width=250.0)

    def told(*pages):
        entry = {"file": "t.pdf", "pages": [plan, tall, *pages]}
        subject = Subject("t.pdf", _pdf(lambda c, n: None, pages=len(pages) + 2), entry=entry)
        return [w for w in check(subject, FR).warnings if w.kind == "sheet_fill"]
    apart = told(_tile_page(3, 77.0), _tile_page(4, 77.0))
    assert [(w.page, w.facts["form"], w.facts["other"]) for w in apart] == [(3, "tile", 4), (4, "tile", 3)]
    assert "page 4" in apart[0].describe(FR)
    assert told(_tile_page(3, 77.0, 77.0)) == []
    assert told(_tile_page(3, 77.0), _tile_page(4, 150.0, width=250.0)) == []


# --- d. page breaks ---------------------------------------------------------------------------------------
def test_a_heading_or_a_lists_first_item_ending_a_page_is_found():
    bad = [_flow("paragraph", 3), _flow("heading", 3, 12, level=2), _flow("list_first", 3, 14),
           _flow("list_item", 4, 14), _flow("paragraph", 4)]
    warnings = check(Subject("r.pdf", BLANK, layout=_layout([(3, 0.9), (4, 0.9)], bad), rules_path="r.md"), FR).warnings
    assert [(w.kind, w.line, w.facts["what"]) for w in warnings] == [("page_break", 14, "list")]
    ends_on_heading = [_flow("paragraph", 3), _flow("heading", 3, 12, level=2), _flow("paragraph", 4, 13)]
    warnings = check(Subject("r.pdf", BLANK, layout=_layout([(3, 0.9), (4, 0.9)], ends_on_heading),
                             rules_path="r.md"), FR).warnings
    assert [(w.kind, w.line) for w in warnings] == [("page_break", 12)]
    assert FR("preflight.what.heading") in warnings[0].describe(FR)
    good = [_flow("heading", 3, 12, level=2), _flow("list_first", 3, 14), _flow("list_item", 3, 14),
            _flow("paragraph", 4)]
    assert _kinds(Subject("r.pdf", BLANK, layout=_layout([(3, 0.9), (4, 0.9)], good))) == []


def test_a_figure_set_inside_a_paragraph_or_a_list_is_found():
    """Lutinades' booklet p5 (issue 25): figure 1, waiting for a page, was set between the gestures list's last two
    items; its A4 edition p6, figures 4 and 5 between two lines of one paragraph at the top of the page. A figure
    goes before or after a block, never between its parts."""
    fig = [_flow("figure", 5, 42, figure="retourner"), _flow("caption", 5, 42, figure="retourner")]
    in_list = [_flow("list_first", 4, 48, item=48), _flow("list_item", 4, 48, item=49), *fig,
               _flow("list_item", 5, 48, item=50), _flow("paragraph", 5, 55)]
    in_paragraph = [_flow("paragraph", 4, 76), *fig, _flow("paragraph", 5, 76, continued=True),
                    _flow("paragraph", 5, 80)]
    for flows, what in ((in_list, "list_block"), (in_paragraph, "paragraph_block")):
        warnings = check(Subject("r.pdf", BLANK, layout=_layout([(4, 0.9), (5, 0.9)], flows), rules_path="r.md"),
                         FR).warnings
        assert [(w.kind, w.page, w.line, w.facts["what"]) for w in warnings] == [("page_break", 5, 42, what)]
        assert "retourner" in warnings[0].describe(FR) and FR(f"preflight.what.{what}") in warnings[0].describe(FR)
    after_list = [_flow("list_first", 4, 48, item=48), _flow("list_item", 4, 48, item=49),
                  _flow("list_item", 5, 48, item=50), *fig, _flow("paragraph", 5, 55)]
    after_paragraph = [_flow("paragraph", 4, 76), _flow("paragraph", 5, 76, continued=True), *fig,
                       _flow("paragraph", 5, 80)]
    two_paragraphs = [_flow("paragraph", 4, 22), *fig, _flow("paragraph", 5, 22)]     # one macro's line, two blocks
    authored = [_flow("list_first", 4, 48, item=48), _flow("figure", 4, 49, figure="f"),
                _flow("caption", 4, 49, figure="f"), _flow("list_item", 4, 48, item=50)]
    for flows in (after_list, after_paragraph, authored, two_paragraphs):
        assert _kinds(Subject("r.pdf", BLANK, layout=_layout([(4, 0.9), (5, 0.9)], flows), rules_path="r.md")) == []


def _lined(pages, flows, line=12.0):
    layout = _layout(pages, flows)
    for p in layout["pages"]:
        p["line"] = line
    return layout


def _text_flow(kind, page, line, top, lines, **more):
    return _flow(kind, page, line, top=top, bottom=top - lines * 12.0, **more)


def test_a_heading_with_one_or_two_lines_of_its_section_ending_a_page_is_found():
    """Lutinades p7: "Variantes" and one line at the foot, the section going on over the page."""
    one_line = [_text_flow("paragraph", 3, 10, 700, 40), _text_flow("heading", 3, 12, 200, 1.5),
                _text_flow("paragraph", 3, 14, 180, 1), _text_flow("paragraph", 4, 14, 700, 5)]
    warnings = check(Subject("r.pdf", BLANK, layout=_lined([(3, 0.9), (4, 0.9)], one_line), rules_path="r.md"),
                     FR).warnings
    assert [(w.kind, w.page, w.line, w.facts["form"]) for w in warnings] == [("page_break", 3, 12, "lines")]
    assert "1 ligne(s)" in warnings[0].describe(FR)
    # two lines, a paragraph and the first line of the next one: still under three
    two = [_text_flow("heading", 3, 12, 200, 1.5), _text_flow("paragraph", 3, 14, 180, 1),
           _text_flow("paragraph", 3, 16, 168, 1), _text_flow("paragraph", 4, 16, 700, 3)]
    assert _kinds(Subject("r.pdf", BLANK, layout=_lined([(3, 0.9), (4, 0.9)], two))) == ["page_break"]
    # three lines under it pass, and so does a section wholly that short (the next heading on the same page)
    three = [_text_flow("heading", 3, 12, 200, 1.5), _text_flow("paragraph", 3, 14, 180, 3),
             _text_flow("paragraph", 4, 14, 700, 5)]
    assert _kinds(Subject("r.pdf", BLANK, layout=_lined([(3, 0.9), (4, 0.9)], three))) == []
    short = [_text_flow("heading", 3, 12, 200, 1.5), _text_flow("paragraph", 3, 14, 180, 1),
             _text_flow("heading", 3, 16, 160, 1.5), _text_flow("paragraph", 3, 18, 140, 5),
             _text_flow("paragraph", 4, 18, 700, 5)]
    assert _kinds(Subject("r.pdf", BLANK, layout=_lined([(3, 0.9), (4, 0.9)], short))) == []
    # "Variantes" and its one line at the foot, its subsection "Voir les choses en grand" opening the next page
    subsection_over = [_text_flow("heading", 3, 12, 200, 1.5, level=2), _text_flow("paragraph", 3, 14, 180, 1),
                       _text_flow("heading", 4, 16, 700, 1.5, level=3), _text_flow("paragraph", 4, 18, 680, 5)]
    assert _kinds(Subject("r.pdf", BLANK, layout=_lined([(3, 0.9), (4, 0.9)], subsection_over))) == ["page_break"]
    ends_with_page = [_text_flow("heading", 3, 12, 200, 1.5), _text_flow("paragraph", 3, 14, 180, 1),
                      _text_flow("heading", 4, 16, 700, 1.5), _text_flow("paragraph", 4, 18, 680, 5)]
    assert _kinds(Subject("r.pdf", BLANK, layout=_lined([(3, 0.9), (4, 0.9)], ends_with_page))) == []
    # a game may ask for fewer lines, with its reason
    assert _kinds(Subject("r.pdf", BLANK, layout=_lined([(3, 0.9), (4, 0.9)], one_line)),
                  {"min_lines_under_heading": 1}) == []


def test_a_figure_parted_from_its_caption_by_the_page_end_is_found():
    parted = [_flow("paragraph", 3), _flow("figure", 3, 12, figure="f"), _flow("caption", 4, 12, figure="f"),
              _flow("paragraph", 4, 14)]
    together = [_flow("paragraph", 3), _flow("figure", 4, 12, figure="f"), _flow("caption", 4, 12, figure="f"),
                _flow("paragraph", 4, 14)]
    warnings = check(Subject("r.pdf", BLANK, layout=_layout([(3, 0.9), (4, 0.9)], parted), rules_path="r.md"),
                     FR).warnings
    assert [(w.kind, w.page, w.line, w.facts["what"]) for w in warnings] == [("page_break", 3, 12, "figure")]
    assert _kinds(Subject("r.pdf", BLANK, layout=_layout([(3, 0.9), (4, 0.9)], together))) == []


def test_a_table_split_after_one_or_two_rows_is_found():
    split = [_flow("table", 3, 20, rows=2, split=True), _flow("table", 4, 20, rows=5, split=True)]
    ending = [_flow("table", 3, 20, rows=5, split=True), _flow("table", 4, 20, rows=2, split=True)]
    fine = [_flow("table", 3, 20, rows=3, split=True), _flow("table", 4, 20, rows=4, split=True)]
    warnings = check(Subject("r.pdf", BLANK, layout=_layout([(3, 0.9), (4, 0.9)], split), rules_path="r.md"), FR).warnings
    assert [(w.kind, w.line, w.page) for w in warnings] == [("table_split", 20, 3)]
    warnings = check(Subject("r.pdf", BLANK, layout=_layout([(3, 0.9), (4, 0.9)], ending), rules_path="r.md"),
                     FR).warnings
    assert [(w.kind, w.line, w.page) for w in warnings] == [("table_split", 20, 4)]
    assert _kinds(Subject("r.pdf", BLANK, layout=_layout([(3, 0.9), (4, 0.9)], fine))) == []


def test_the_rulebook_layout_records_a_table_split_and_its_rows():
    """The layout the build hands over comes from the typesetter itself: a table too long for its page is split,
    and its first part says how many body rows stayed behind."""
    from generator.rulebook.expressions import expand, game_context
    from generator.rulebook.figures import FigureLookup
    from generator.rulebook.markdown import parse
    from generator.rulebook.pdf import theme_for, typeset_pdf
    tactix = load_game(ROOT / "content", "tactix")
    filler = "\n\n".join("Un paragraphe qui remplit la page, ligne après ligne, sans rien dire. " * 6
                         for _ in range(5))
    table = "| Coup | Points |\n|---|---|\n" + "".join(f"| coup {k} | {k} |\n" for k in range(40))
    source = f"# Essai\n\n{filler}\n\n{table}"
    document, _ = parse(expand(source, ROOT / "rules.fr.md", game_context(tactix), FigureLookup(None)), language="fr")
    _, layout = typeset_pdf(document, tactix.info, theme_for("a4"))
    tables = [f for f in layout["flows"] if f["kind"] == "table"]
    assert len(tables) >= 2 and all(t["split"] for t in tables) and tables[0]["page"] < tables[1]["page"]
    assert tables[0]["rows"] + sum(t["rows"] for t in tables[1:]) == 40
    assert all(f["line"] for f in layout["flows"] if f["kind"] in ("heading", "paragraph", "table"))


# --- e. clipped text, text across a cut -----------------------------------------------------------------
def _clipped(cut: bool):
    def draw(c, n):
        c.saveState()
        p = c.beginPath()
        p.rect(95, 690, 40 if cut else 300, 30)
        c.clipPath(p, stroke=0, fill=0)
        _text(c, 100, 700, "Oracle du temple", 9)
        c.restoreState()
    return draw


def test_text_cut_by_its_frame_is_found():
    assert _kinds(Subject("f.pdf", _pdf(_clipped(True)))) == ["clipped_text"]
    assert _kinds(Subject("f.pdf", _pdf(_clipped(False)))) == []


def test_text_running_off_the_pages_trim_is_found():
    # a running header too long for its page: nothing clips it, the paper's edge cuts it
    across = _pdf(lambda c, n: _text(c, A4[0] - 60, 800, "Règles réécrites pour PnP Forge", 9))
    inside = _pdf(lambda c, n: _text(c, A4[0] - 200, 800, "Règles réécrites pour PnP Forge", 9))
    assert _kinds(Subject("h.pdf", across)) == ["clipped_text"]
    assert _kinds(Subject("h.pdf", inside)) == []


def test_a_label_cut_short_with_an_ellipsis_is_found(tmp_path):
    """PuXes' booklet (the readers' finding): the running head's licence cut with "…" on every page, nothing
    clipped. A label ending in an ellipsis is found; the whole label passes, and so does running text that
    trails off."""
    def head(text):
        return _pdf(lambda c, n: (_text(c, 300, 800, text, 7), _paragraph(9)(c, n)))
    warnings = check(Subject("livret.pdf", head("Règles réécrites pour PnP Forge, licence CC BY-SA 4.0 — d’après…")),
                     FR).warnings
    assert [(w.kind, w.facts.get("form")) for w in warnings] == [("clipped_text", "shortened")]
    assert "points de suspension" in warnings[0].describe(FR)
    # named where the whole label is written: the licence in game.yaml, which the running head shows
    game_yaml = tmp_path / "game.yaml"
    game_yaml.write_text("id: puxes\n# d'après la règle\nlicence: \"Règles réécrites pour PnP Forge, licence CC BY-SA 4.0 — "
                         "d'après la règle de DiXe\"\n", encoding="utf-8")
    named = check(Subject("livret.pdf", head("Règles réécrites pour PnP Forge, licence CC BY-SA 4.0 — d’après…"),
                          search=(str(game_yaml),)), FR).warnings
    assert [(w.source, w.line) for w in named] == [(str(game_yaml), 3)]
    assert _kinds(Subject("livret.pdf", head("Règles réécrites pour PnP Forge, licence CC BY-SA 4.0"))) == []

    def trailing(c, n):
        for k, line in enumerate(("On lance, on relance, on relance encore, et", "ainsi de suite…")):
            _text(c, 100, 700 - k * 12, line, 9)
    assert _kinds(Subject("r.pdf", _pdf(trailing))) == []
    # On a rulebook page, a line of the writer's (in a block the layout set) is his, even alone: only the page's
    # head and foot are checked (the starter game's rules say "À son tour, un joueur…").
    both = _pdf(lambda c, n: (_text(c, 100, 700, "À son tour, un joueur…", 9), _text(c, 300, 800, "Licence CC BY-SA…", 7)))
    layout = {"pages": [{"page": 1, "fill": 0.9, "kind": None}], "flows": [_flow("paragraph", 1, 17, top=712, bottom=698)]}
    warnings = check(Subject("r.pdf", both, layout=layout, rules_path="r.md"), FR).warnings
    assert [(w.kind, w.facts["text"]) for w in warnings] == [("clipped_text", "Licence CC BY-SA…")]


def test_text_across_an_items_cut_line_is_found():
    # one 63 x 88 mm card at (10, 10) mm; a label straddling its right edge, and one well inside
    entry = {"file": "c.pdf", "pages": [{"page": 1, "kind": "sheet", "side": "single", "width_mm": 210,
                                         "height_mm": 297, "items": [{"id": "c", "trim_mm": [10, 10, 63, 88],
                                                                      "art_mm": [10, 10, 63, 88]}]}]}
    y = (297 - 40) * MM
    across = _pdf(lambda c, n: _text(c, 68 * MM, y, "Gardien", 9))
    inside = _pdf(lambda c, n: _text(c, 20 * MM, y, "Gardien", 9))
    assert "cut_text" in _kinds(Subject("c.pdf", across, role="sheets", entry=entry))
    assert "cut_text" not in _kinds(Subject("c.pdf", inside, role="sheets", entry=entry))


# --- f. seams ---------------------------------------------------------------------------------------------
# A piece 300 x 100 mm tiled on two sheets: A1 shows its bleed box from -3 to 190 mm (trim mm), A2 from 180 on;
# the seam, once glued, is A2's left edge at 180 mm, seen on A1 at 8 + 180 = 188 mm from the page's left.
_A1 = {"page": 1, "kind": "tile", "side": "single", "width_mm": 210, "height_mm": 297, "tile": "A1",
       "items": [{"id": "m", "trim_mm": [8, 20, 300, 100], "art_mm": [5, 17, 193, 106]}]}
_A2 = {"page": 2, "kind": "tile", "side": "single", "width_mm": 210, "height_mm": 297, "tile": "A2",
       "items": [{"id": "m", "trim_mm": [-170, 20, 300, 100], "art_mm": [10, 17, 123, 106]}]}
_TILED = {"file": "m.pdf", "pages": [_A1, _A2]}


def _on_a1(draw_in_window, draw_beside=None):
    """Two tile pages; on A1, `draw_in_window(c)` inside the window's clip, as tile_face draws the piece, then
    `draw_beside(c)` outside it, as the tiling writes its notes."""
    def draw(c, n):
        if n:
            return
        art = _A1["items"][0]["art_mm"]
        c.saveState()
        p = c.beginPath()
        p.rect(art[0] * MM, (297 - art[1] - art[3]) * MM, art[2] * MM, art[3] * MM)
        c.clipPath(p, stroke=0, fill=0)
        draw_in_window(c)
        c.restoreState()
        if draw_beside:
            draw_beside(c)
    return _pdf(draw, pages=2)


def _label_at(x_mm: float, text: str = "Temple B"):
    return lambda c: _text(c, x_mm * MM, (297 - 60) * MM, text, 9)


def _zone_at(x_mm: float, w_mm: float = 20.0):
    def draw(c):
        c.setFillColorRGB(0.8, 0.9, 0.8)
        c.rect(x_mm * MM, (297 - 80) * MM, w_mm * MM, 20 * MM, stroke=1, fill=1)
    return draw


def _seams(subject: Subject, overrides=None) -> list[str]:
    """The seam warnings only (the two sparse tile pages are also underfilled)."""
    return [k for k in _kinds(subject, overrides) if k == "seam"]


def test_a_seam_through_or_beside_a_label_of_a_tiled_piece_is_found():
    """The seam (188 mm on A1) through a label, or closer to it than seam_clearance_mm, is found; a label clear
    of it passes, and so does one cut only by A1's right edge (198 mm), hidden under A2 once glued."""
    assert _seams(Subject("m.pdf", _on_a1(_label_at(180.0)), entry=_TILED)) == ["seam"]     # 180-196: across
    assert _seams(Subject("m.pdf", _on_a1(_label_at(189.0)), entry=_TILED)) == ["seam"]     # 1 mm beside it
    assert _seams(Subject("m.pdf", _on_a1(_label_at(150.0)), entry=_TILED)) == []
    assert _seams(Subject("m.pdf", _on_a1(_label_at(191.0)), entry=_TILED)) == []           # under A2
    assert _seams(Subject("m.pdf", _on_a1(_label_at(189.0)), entry=_TILED), {"seam_clearance_mm": 0.5}) == []


def test_a_seam_cutting_across_a_zone_that_a_sheet_could_hold_is_found():
    """A 15 mm zone across the seam (whole on A1) is found; one beside it passes, and so does a zone wider than a sheet
    (the seams cannot go round it) and one whose edge the seam runs along (a board cut on its grid lines)."""
    found = [w for w in check(Subject("m.pdf", _on_a1(_zone_at(178.0, 15.0)), entry=_TILED), FR).warnings
             if w.kind == "seam"]
    assert [(w.kind, w.facts.get("form"), w.page) for w in found] == [("seam", "zone", 1)]
    assert "zone" in found[0].describe(FR)
    assert _seams(Subject("m.pdf", _on_a1(_zone_at(150.0)), entry=_TILED)) == []
    assert _seams(Subject("m.pdf", _on_a1(_zone_at(20.0, 250.0)), entry=_TILED)) == []
    assert _seams(Subject("m.pdf", _on_a1(_zone_at(168.0)), entry=_TILED)) == []            # ends on 188


def _turned_zone_at(x_mm: float, side_mm: float = 20.0, deg: float = 30.0, place: bool = False):
    """A square zone turned `deg` round its centre (x_mm, 70 mm down), as a mat's group turns a player's corner;
    `place`: a smaller square drawn in it, turned with it (an oracle's place in its garden)."""
    def draw(c):
        c.saveState()
        c.translate(x_mm * MM, (297 - 70) * MM)
        c.rotate(deg)
        c.setFillColorRGB(0.8, 0.9, 0.8)
        c.rect(-side_mm / 2 * MM, -side_mm / 2 * MM, side_mm * MM, side_mm * MM, stroke=1, fill=1)
        if place:
            c.rect(-4 * MM, -4 * MM, 8 * MM, 8 * MM, stroke=1, fill=0)
        c.restoreState()
    return draw


def _hexagon_at(x_mm: float, r_mm: float = 12.0, y_mm: float = 70.0):
    def draw(c):
        import math
        p = c.beginPath()
        for k in range(6):
            a = math.radians(60 * k)
            x, y = (x_mm + r_mm * math.cos(a)) * MM, (297 - y_mm + r_mm * math.sin(a)) * MM
            p.moveTo(x, y) if k == 0 else p.lineTo(x, y)
        p.close()
        c.setFillColorRGB(0.9, 0.8, 0.8)
        c.drawPath(p, stroke=1, fill=1)
    return draw


def test_a_seam_cutting_a_turned_or_polygonal_zone_is_found_by_its_outline():
    """PuXes' 3-player gardens are turned at 120 degrees: a turned zone or a hexagon across the seam (188 mm on
    A1) is found, once for a turned zone and the place drawn in it; one beside the seam passes. Their outline is
    measured, not their box: a line drawn at a slant across the seam (a ruler's arrow turned with its player's
    corner) spans a box 45 x 40 mm but no area, and is no zone."""
    for bad in (_turned_zone_at(180.0), _turned_zone_at(180.0, place=True), _hexagon_at(185.0)):
        found = [w for w in check(Subject("m.pdf", _on_a1(bad), entry=_TILED), FR).warnings if w.kind == "seam"]
        assert [(w.facts.get("form"), w.page, w.facts.get("count")) for w in found] == [("zone", 1, 1)]
    assert _seams(Subject("m.pdf", _on_a1(_turned_zone_at(160.0)), entry=_TILED)) == []
    assert _seams(Subject("m.pdf", _on_a1(_hexagon_at(165.0)), entry=_TILED)) == []
    # a game whose piece no layout keeps whole allows its cuts (seam_zone_cuts, with its reason): so many, no more
    assert _seams(Subject("m.pdf", _on_a1(_turned_zone_at(180.0)), entry=_TILED), {"seam_zone_cuts": 1}) == []
    two = _on_a1(lambda c: (_turned_zone_at(180.0)(c), _hexagon_at(185.0, 8.0, 100.0)(c)))
    assert _seams(Subject("m.pdf", two, entry=_TILED), {"seam_zone_cuts": 1}) == ["seam"]

    def slant(c):
        c.setLineWidth(0.4 * MM)
        c.line(150 * MM, (297 - 60) * MM, 195 * MM, (297 - 100) * MM)
    assert _seams(Subject("m.pdf", _on_a1(slant), entry=_TILED)) == []


def test_a_zone_larger_than_any_sheet_hides_none_of_the_zones_it_holds():
    """A play circle wider than any window (cut whatever the seams) holding a turned garden across the seam: the
    garden is still found."""
    def circle_and_garden(c):
        c.setFillColorRGB(0.95, 0.93, 0.88)
        c.circle(150 * MM, (297 - 70) * MM, 400 * MM, stroke=1, fill=1)
        _turned_zone_at(180.0)(c)
    assert _seams(Subject("m.pdf", _on_a1(circle_and_garden), entry=_TILED)) == ["seam"]


# --- g. bleed -----------------------------------------------------------------------------------------------
def test_an_item_bled_on_three_edges_only_is_found():
    bare = {"id": "pion", "trim_mm": [10, 10, 18, 18], "art_mm": [7, 7, 24, 21]}     # stops at its bottom trim
    bled = {"id": "pion", "trim_mm": [10, 10, 18, 18], "art_mm": [7, 7, 24, 24]}
    below = {"id": "voisin", "trim_mm": [10, 28, 18, 18], "art_mm": [7, 28, 24, 21]}   # shares the cut below

    def entry(*items):
        return {"file": "p.pdf", "pages": [{"page": 1, "kind": "sheet", "side": "single", "width_mm": 210,
                                            "height_mm": 297, "items": list(items)}]}
    blank = _pdf(lambda c, n: None)
    warnings = check(Subject("p.pdf", blank, entry=entry(bare)), FR).warnings
    assert [(w.kind, w.facts["edges"]) for w in warnings if w.kind == "bleed"] == [("bleed", "bottom")]
    assert "bleed" not in _kinds(Subject("p.pdf", blank, entry=entry(bled)))
    assert "bleed" not in _kinds(Subject("p.pdf", blank, entry=entry(bare, below)))


# --- h. a tiled piece's assembly --------------------------------------------------------------------------
_PLAN = {"page": 1, "kind": "map", "side": "single", "width_mm": 210, "height_mm": 297, "tile": None, "items": []}


def _tiled(*pages):
    return {"file": "m.pdf", "pages": [dict(p, page=n) for n, p in enumerate(pages, start=1)]}


def _plan_kinds(entry, drawn_mm=(20.0, 270.0)) -> list[tuple]:
    """The assembly warnings of `entry`'s pages, its plan drawn (a board's fill) from drawn_mm[0] to [1] down."""
    plan = next(p["page"] for p in entry["pages"] if p["kind"] == "map")

    def draw(c, n):
        if n + 1 == plan:
            top, bottom = drawn_mm
            c.rect(10 * MM, (297 - bottom) * MM, 190 * MM, (bottom - top) * MM, fill=1, stroke=0)
    pdf = _pdf(draw, pages=len(entry["pages"]))
    return [(w.kind, w.facts.get("form")) for w in check(Subject("m.pdf", pdf, entry=entry), FR).warnings
            if w.kind == "assembly"]


def test_an_assembly_plan_after_the_sheets_is_found():
    """3d Run's level and PuXes' mats (the readers' finding): the plan was the last page."""
    assert _plan_kinds(_tiled(_A1, _A2, _PLAN)) == [("assembly", "plan_last")]
    assert _plan_kinds(_tiled(_PLAN, _A1, _A2)) == []


def test_an_assembly_plan_leaving_its_page_half_blank_is_found():
    """3d Run's level (issue 25): the plan and its note down to 56 % of the page, the rest blank."""
    assert _plan_kinds(_tiled(_PLAN, _A1, _A2), drawn_mm=(20.0, 175.0)) == [("assembly", "plan_fill")]
    # the board's fill is the plan, not a background: drawn down to 84 % of the page, it fills it
    assert _plan_kinds(_tiled(_PLAN, _A1, _A2), drawn_mm=(20.0, 270.0)) == []


def _sheets_saying(piece_text: str, note_text: str) -> bytes:
    """The two tile pages of _TILED; on A1, `piece_text` in the window (the piece's own) and `note_text` turned
    in the strip under the next sheet, outside the window's clip."""
    def note(c):
        c.saveState()
        c.translate(193 * MM, (297 - 70) * MM)
        c.rotate(90)
        _text(c, 0, 0, note_text, 7)
        c.restoreState()
    return _on_a1(lambda c: _text(c, 40 * MM, (297 - 60) * MM, piece_text, 9), note)


def _assembly(pdf, entry=_TILED) -> list[tuple]:
    return [(w.kind, w.facts.get("form")) for w in check(Subject("m.pdf", pdf, entry=entry), FR).warnings
            if w.kind == "assembly"]


def test_a_sheet_name_that_is_also_a_label_of_the_piece_is_found():
    """PuXes' mat (the readers' finding): "A2 se colle ici" in the strip beside the game's own "Oracle A2"; and
    with "feuille" before it ("la feuille C4 se colle ici" beside "Oracle C4", the 3-player mat) it still reads as
    a place of the game: both found. A piece naming no sheet passes, and so does a sheet named otherwise."""
    assert _assembly(_sheets_saying("Oracle A2", "A2 se colle ici")) == [("assembly", "names")]
    called = FR("print.tiling.glue_here", name=FR("print.tiling.sheet", name="A2"))
    assert _assembly(_sheets_saying("Oracle A2", called)) == [("assembly", "names")]
    assert _assembly(_sheets_saying("Oracle du temple", "A2 se colle ici")) == []
    assert _assembly(_sheets_saying("Oracle A25", called)) == []
    renamed = json.loads(json.dumps(_TILED))
    renamed["pages"][0]["tile"], renamed["pages"][1]["tile"] = "1.1", "1.2"
    other = FR("print.tiling.glue_here", name=FR("print.tiling.sheet", name="1.2"))
    assert _assembly(_sheets_saying("Oracle A2", other), renamed) == []


def test_a_tiled_piece_saying_its_sheets_meet_edge_to_edge_is_found(tmp_path):
    """PuXes' mat (the readers' finding): its edge says "à coller bord à bord" while the plan lays each sheet over
    10 mm of the one before. Found, at the line of the component file that writes it; sheets that meet edge to
    edge (no strip under the next) may say it, and a piece that does not say it passes."""
    mat = tmp_path / "tapis.yaml"
    mat.write_text("id: tapis\nelements:\n  - text: {text: \"Tapis · à coller bord à bord\"}\n", encoding="utf-8")
    pdf = _sheets_saying("Tapis · à coller bord à bord", "")
    warnings = [w for w in check(Subject("m.pdf", pdf, entry=_TILED, source=(str(mat), 1), search=(str(mat),)),
                                 FR).warnings if w.kind == "assembly"]
    assert [(w.facts.get("form"), w.source, w.line) for w in warnings] == [("joint", str(mat), 3)]
    assert "bord à bord" in warnings[0].describe(FR)
    meeting = json.loads(json.dumps(_TILED))
    meeting["pages"][1]["items"][0]["art_mm"] = [10, 17, 113, 106]       # A2 starts at 180 + 10 = 190 mm
    meeting["pages"][1]["items"][0]["trim_mm"] = [-180, 20, 300, 100]
    assert _assembly(pdf, meeting) == []
    assert _assembly(_sheets_saying("Tapis · assemblez selon le plan", "")) == []


# --- thresholds in game.yaml, the summary, --strict ---------------------------------------------------------
def test_game_yaml_overrides_are_checked_at_their_line(tmp_path):
    shutil.copytree(ROOT / "content" / "tactix", tmp_path / "tactix")
    game_yaml = tmp_path / "tactix" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    line = text.count("\n") + 2
    game_yaml.write_text(text + "preflight:\n  min_text_pt: {value: 5.5, reason: imprimé en A3 seulement}\n"
                                "  min_texte: {value: 5, reason: une faute de frappe}\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game(tmp_path, "tactix")
    assert err.value.line == line + 1 and "min_texte" in str(err.value)
    game_yaml.write_text(text + "preflight:\n  min_text_pt: {value: 5.5, reason: imprimé en A3 seulement}\n",
                         encoding="utf-8")
    assert load_game(tmp_path, "tactix").info.preflight_values == {"min_text_pt": 5.5}
    game_yaml.write_text(text + "preflight:\n  min_text_pt: {value: 5.5, reason: A3}\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game(tmp_path, "tactix")
    assert err.value.line == line and "reason" in str(err.value)


def test_check_print_warns_and_strict_fails(tmp_path):
    bad, good = tmp_path / "bad.pdf", tmp_path / "good.pdf"
    for path, text in ((bad, "Tapez pnp build"), (good, "Rien à redire")):
        pdf = PdfCanvas(title="essai")        # ours: fonts embedded, boxes set, so only the reading differs
        pdf.begin_page(210, 297)
        pdf.text(20, 30, text, TextStyle(size_pt=10))
        path.write_bytes(pdf.finish())
    runner = CliRunner()
    plain = runner.invoke(cli, ["check-print", str(bad)])
    assert plain.exit_code == 0 and "« pnp »" in plain.output, plain.output
    assert runner.invoke(cli, ["check-print", "--strict", str(bad)]).exit_code == 1
    assert runner.invoke(cli, ["check-print", "--strict", str(good)]).exit_code == 0


def test_a_build_says_its_reading_on_the_terminal_and_in_the_manifest(tactix_build):
    manifest = json.loads((tactix_build / "manifest.json").read_text(encoding="utf-8"))
    summary = manifest["preflight"]
    assert summary["pages"] > 10 and summary["warnings"] == len(summary["lines"]) == sum(summary["by_kind"].values())


def test_validate_says_each_warning_and_the_summary_and_strict_fails(tmp_path):
    """A new game whose rules name a command of the tool: validate still passes without --strict, says the
    warning at its line with the summary line, and fails with it (exit 1)."""
    content, out = tmp_path / "content", tmp_path / "out"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", "demo", "--content", str(content), "--language", "fr"]).exit_code == 0
    rules = content / "demo" / "rules.fr.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nPour jouer, tapez pnp build.\n", encoding="utf-8")
    line = len(rules.read_text(encoding="utf-8").splitlines())
    plain = runner.invoke(cli, ["validate", "demo", "--content", str(content), "--out", str(out)])
    assert plain.exit_code == 0, plain.output
    summary = [row for row in plain.stdout.splitlines() if row.startswith("demo : lecture : ")]
    assert len(summary) == 1 and "pages vérifiées" in summary[0], plain.stdout
    said = [row for row in plain.stdout.splitlines() if FR("preflight.warning.tool_words", word="pnp") in row]
    assert said and said[0].startswith(f"{rules}:{line}:"), plain.stdout
    strict = runner.invoke(cli, ["validate", "demo", "--strict", "--content", str(content), "--out", str(out)])
    assert strict.exit_code == 1 and "--strict" in strict.stderr


def test_a_word_in_a_comment_is_not_where_it_was_written(tmp_path):
    """Jinja and YAML comments are never printed: the word is named where the printed line holds it."""
    rules = tmp_path / "rules.fr.md"
    rules.write_text("{# pnp build, pour les concepteurs #}\n# Règles\n\nLancez pnp build.\n", encoding="utf-8")
    diagrams = tmp_path / "diagrams.yaml"
    diagrams.write_text("# `pnp validate` vérifie ces figures\n- id: a\n", encoding="utf-8")
    pdf = _pdf(lambda c, n: _text(c, 100, 700, "Lancez pnp build."))
    warnings = check(Subject("regles.pdf", pdf, search=(str(diagrams), str(rules))), FR).warnings
    assert {(w.source, w.line) for w in warnings} == {(str(rules), 4)}


def test_validate_reads_the_print_guide_as_the_build_makes_it(tmp_path):
    """A deck's stock (`paper:`) is said in the print guide alone: the words of our tool written there are found
    by validate as by build, in the guide (before, validate read every PDF but the guide)."""
    content, out = tmp_path / "content", tmp_path / "out"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", "demo", "--content", str(content), "--language", "fr"]).exit_code == 0
    deck = content / "demo" / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "size: poker\n", "size: poker\npaper: \"carte 300 g (pnp build --paper a3)\"\n"), encoding="utf-8")
    guide = FR("files.print_guide") + ".pdf"
    said = runner.invoke(cli, ["validate", "demo", "--content", str(content), "--out", str(out)])
    assert said.exit_code == 0, said.output
    found = [row for row in said.stdout.splitlines() if FR("preflight.warning.tool_words", word="pnp") in row]
    assert found and all(guide in row for row in found), said.stdout
    built = runner.invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out)])
    assert built.exit_code == 0, built.output
    manifest = json.loads((out / "demo" / "manifest.json").read_text(encoding="utf-8"))
    assert [line for line in manifest["preflight"]["lines"] if guide in line and "« pnp »" in line]
    # every unit fresh in the build's cache: the guide is made from what their records say
    again = runner.invoke(cli, ["validate", "demo", "--content", str(content), "--out", str(out)])
    assert [row for row in again.stdout.splitlines() if guide in row and "« pnp »" in row], again.stdout


def _note_over(draw_in_window):
    """A1 of _TILED: `draw_in_window(c)` in the window's clip, and the sheet's note turned in the strip under A2
    (193 mm from the page's left, from 70 mm up), outside the clip, as the tiling writes it."""
    def note(c):
        c.saveState()
        c.translate(193 * MM, (297 - 70) * MM)
        c.rotate(90)
        _text(c, 0, 0, FR("print.tiling.glue_here", name=FR("print.tiling.sheet", name="A2")), 7)
        c.restoreState()
    return [w for w in check(Subject("m.pdf", _on_a1(draw_in_window, note), entry=_TILED), FR).warnings
            if w.kind == "assembly"]


def _outlined(x_mm: float, y_mm: float, w_mm: float, h_mm: float, deg: float = 0.0):
    """A zone's dashed outline (an oracle's square), x, y from the page's top-left, turned `deg` about its centre."""
    def draw(c):
        c.saveState()
        c.translate((x_mm + w_mm / 2) * MM, (297 - y_mm - h_mm / 2) * MM)
        c.rotate(deg)
        c.setDash(3, 2)
        c.rect(-w_mm / 2 * MM, -h_mm / 2 * MM, w_mm * MM, h_mm * MM, stroke=1, fill=0)
        c.restoreState()
    return draw


def test_a_sheet_note_struck_by_a_zones_line_or_lying_over_a_label_is_found():
    """PuXes' 3-player mat (the readers' finding): "la feuille D4 se colle ici" struck by the dashed square of an
    oracle. A zone's edge across the note (square or turned) and a label under it are found; a zone beside the
    note, one holding it whole, and one the window's edge cuts (the clip is no line of the piece) pass."""
    struck = _note_over(_outlined(170, 60, 26, 20))
    assert [(w.facts["form"], w.page) for w in struck] == [("note_line", 1)]
    assert "barré" in struck[0].describe(FR)
    assert [w.facts["form"] for w in _note_over(_outlined(180, 45, 16, 16, deg=30))] == ["note_line"]
    labelled = _note_over(_label_at(185.0, "Oracle B2"))
    assert [(w.facts["form"], w.facts["text"]) for w in labelled] == [("note_label", "Oracle B2")]
    assert _note_over(_outlined(150, 60, 20, 20)) == []                 # beside the strip
    assert _note_over(_outlined(170, 20, 26, 70)) == []                 # holds the note whole
    assert _note_over(_outlined(170, 20, 80, 70)) == []                 # cut by the window's edge at 198 mm
    assert _note_over(_label_at(150.0, "Oracle B2")) == []


def _circled(cx_mm: float, cy_mm: float, r_mm: float):
    """A zone's circle (PuXes' play circle), its centre x, y from the page's top-left."""
    def draw(c):
        c.setLineWidth(1.2 * MM)
        c.circle(cx_mm * MM, (297 - cy_mm) * MM, r_mm * MM, stroke=1, fill=0)
    return draw


def test_a_sheet_note_struck_by_a_circle_s_line_is_found_by_the_curve_not_its_control_points():
    """PuXes' 3-player mat, sheet A1: the play circle's line ran through "la feuille A2 se colle ici". A curve is
    read by its flattened Béziers (its control points make an octagon round the circle, which the reader could
    not tell from a hatching): the circle through the note is found; one ending short of it, or holding it
    whole, passes."""
    struck = _note_over(_circled(120, 55, 73))
    assert [(w.facts["form"], w.page) for w in struck] == [("note_line", 1)]
    assert _note_over(_circled(120, 55, 60)) == []          # its line 13 mm short of the note
    assert _note_over(_circled(150, 60, 100)) == []         # the note inside it, far from its line
    # the octagon of its control points would strike the note: (120 + 73, 55 - 0.55 * 73) is a corner of it
    assert _note_over(_circled(125, 95, 70)) == []


def test_check_print_reads_a_file_with_the_thresholds_its_game_set(tmp_path):
    """PuXes' 3-player mat: its game allows its two zone cuts (seam_zone_cuts: 2, with a reason), but check-print
    read the file with our thresholds and told the cuts again. The build writes the game's thresholds in the
    manifest beside the file; check-print applies them (each within what game.yaml may say) and says so."""
    content, out = tmp_path / "content", tmp_path / "out"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", "demo", "--content", str(content), "--language", "fr"]).exit_code == 0
    game_yaml = content / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "preflight:\n  min_label_pt: {value: 3.5, "
                         "reason: les repères des plateaux se lisent de près}\n", encoding="utf-8")
    assert runner.invoke(cli, ["build", "demo", "--content", str(content), "--out", str(out)]).exit_code == 0
    manifest = json.loads((out / "demo" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["game"] == "demo" and manifest["preflight"]["thresholds"] == {
        "min_label_pt": {"value": 3.5, "reason": "les repères des plateaux se lisent de près"}}
    # a file of that game with a 4 pt label: under our 6 pt floor, over the game's 3.5
    small = out / "demo" / "etiquette.pdf"
    pdf = PdfCanvas(title="essai")        # ours: fonts embedded, boxes set, so only the reading differs
    pdf.begin_page(210, 297)
    pdf.text(20, 30, "A2", TextStyle(size_pt=4.0))
    small.write_bytes(pdf.finish())
    manifest["files"].append({"file": "etiquette.pdf", "pages": []})
    (out / "demo" / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    said = runner.invoke(cli, ["check-print", "--strict", str(small)])
    assert said.exit_code == 0, said.output
    assert f"{small} : lecture avec les seuils du jeu demo (son game.yaml, dit le manifeste) : min_label_pt = 3,5" \
        in said.output
    # the same file without its game's thresholds (or with one out of bounds) is read with ours
    for thresholds in ({}, {"min_label_pt": {"value": 1.0, "reason": "hors des bornes permises"}}):
        manifest["preflight"]["thresholds"] = thresholds
        (out / "demo" / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
        plain = runner.invoke(cli, ["check-print", "--strict", str(small)])
        assert plain.exit_code == 1 and "seuils du jeu" not in plain.output, plain.output
