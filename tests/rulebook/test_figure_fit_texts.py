"""What a figure prints at a smaller fit (rulebook/pdf.py _keeps_its_text) is worked out without drawing it: the
texts a ReportlabCanvas would print, from a canvas that only follows the state (issue 26: writing every path of a
PuXes mat figure to a page thrown away, at each fit tried, was a third of its rulebook's time)."""

from __future__ import annotations

import io
from collections import Counter

from reportlab.pdfgen.canvas import Canvas as ReportlabPage

import generator.rulebook.pdf as rulebook_pdf
from generator.draw.pdf import ReportlabCanvas
from generator.draw.recording import state_key
from generator.draw.style import Stroke, TextStyle
from generator.rulebook.markdown import FigureBlock, Span


class _DrawnTexts(ReportlabCanvas):
    """The texts a figure prints drawn on a real page (what _PrintedText was before)."""

    def __init__(self):
        super().__init__(ReportlabPage(io.BytesIO()))
        self.printed: list = []

    def _text_run(self, x, y, text, style):
        if text.strip():
            self.printed.append((text, style.size_pt * self.scale))


class _Busy:
    """Texts under a floor, in a clipped group, scaled, turned, past the clip, in repeated art placed twice."""
    id, caption, width_mm, height_mm = "busy", "Légende", 80.0, 60.0

    def __init__(self):
        self.draws = Counter()

    def draw(self, canvas) -> None:
        self.draws[type(canvas).__name__, round(canvas.scale, 6)] += 1
        canvas.rect(0, 0, 80, 60, fill="#EEEEEE", stroke=Stroke("#000000", 0.1))
        canvas.text(5, 5, "Titre", TextStyle(size_pt=9.0))
        with canvas.text_floor(6.0, growth=2.0):
            with canvas.group(translate=(10, 10), scale=0.5, clip=(0, 0, 40, 30)):
                canvas.text(2, 5, "petit mot", TextStyle(size_pt=8.0))
                canvas.text(60, 5, "hors du cadre", TextStyle(size_pt=8.0))   # past the clip: left out smaller
                canvas.text_box(0, 10, 30, 10, "un texte posé dans sa boîte", TextStyle(size_pt=7.0))
            with canvas.group(translate=(40, 40), rotate_deg=30):
                canvas.text(0, 0, "tourné", TextStyle(size_pt=6.5))
        for at in ((0.0, 50.0), (40.0, 50.0)):
            canvas.repeated(("dots",), 20, 8, lambda c: (c.circle(2, 2, 1, fill="#000000"),
                                                        c.text(1, 6, "motif", TextStyle(size_pt=5.0))), at=at)


def test_the_texts_a_figure_prints_are_those_a_reportlab_canvas_prints_at_every_scale():
    for scale in (1.0, 0.9, 0.75, 0.5, 0.3):
        drawn, followed = _DrawnTexts(), rulebook_pdf._PrintedText()
        drawn.scale = followed.scale = scale
        _Busy().draw(drawn)
        _Busy().draw(followed)
        assert followed.printed == drawn.printed and drawn.printed, scale


def test_a_kept_figures_drawing_for_the_text_check_keeps_its_key():
    """The figure cache keeps a drawing per canvas class and state: the check's canvas keeps its name and state."""
    canvas = rulebook_pdf._PrintedText()
    canvas.scale = 0.8
    assert state_key(canvas) == "generator.rulebook.pdf._PrintedText|[0.8, None, False, None, 1.0, False]"


def test_each_fit_tried_draws_the_figure_at_that_fit_only_once():
    """least_fit tries fits from three quarters up: the figure at its natural size is drawn once, not once a fit."""
    figure = _Busy()
    flowable = rulebook_pdf.FigureFlowable(FigureBlock(1, "busy", figure, (Span("Légende"),), 1), 1000.0)
    flowable.least_fit(80 * 72 / 25.4)
    assert figure.draws and max(figure.draws.values()) == 1, figure.draws


class _Drawn:
    """A framed figure writing its id, counting the times its art goes onto a page."""
    id, caption, width_mm, height_mm = "vue", "Légende", 90.0, 40.0

    def __init__(self):
        self.on_pages = 0

    def draw(self, canvas) -> None:
        self.on_pages += type(canvas) is ReportlabCanvas
        canvas.rect(0, 0, 90, 40, stroke=Stroke("#222222", 0.4))
        canvas.text(45, 20, "FIG-vue", TextStyle(size_pt=9.0), align="center")


def test_a_figure_is_drawn_on_the_pages_saved_not_on_the_first_pass_thrown_away(tactix, monkeypatch):
    """multiBuild typesets the book until its page count and contents hold still: its first pass (no page counted
    yet) is never the one saved, so a figure's art is not drawn on it; the saved book still shows the figure."""
    import pdfplumber
    from generator.rulebook.markdown import Document, Paragraph
    passes = []
    build = rulebook_pdf.RulebookTemplate.multiBuild
    monkeypatch.setattr(rulebook_pdf.RulebookTemplate, "multiBuild",
                        lambda self, *a, **k: passes.append(build(self, *a, **k)) or passes[-1])
    figure = _Drawn()
    text = Paragraph((Span(" ".join(f"mot{n}" for n in range(200))),), 1)
    document = Document(blocks=[text, FigureBlock(1, "vue", figure, (Span("Légende"),), 2), text])
    pdf = rulebook_pdf.render_pdf(document, tactix.info, rulebook_pdf.theme_for("a4"))
    assert passes and passes[0] >= 2
    assert figure.on_pages == passes[0] - 1
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert any("FIG-vue" in (page.extract_text() or "") for page in doc.pages)
