"""A rulebook figure out of its frame (generator/print/reader.py figure_frames, kind `figure_frame`): its art running
past its box onto the caption, or its crop cutting a mark of the component (PuXes' figure 5 at 66e77a1: the "6 DiXes"
ruler leaving the frame, its words beyond it). Measured as the typesetter draws the figure (rulebook/pdf.py
figure_frame_record), what its clips and forms let through: read back from the PDF, art placed from a form reads as
the form's whole box, which is why that way was dropped."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from generator.content import load_game
from generator.draw.canvas import Canvas
from generator.draw.style import Stroke
from generator.i18n import catalogue
from generator.print.reader import Subject, check, figure_frames
from generator.rulebook.markdown import Document, FigureBlock, Paragraph, Span
from generator.rulebook.pdf import theme_for, typeset_pdf

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
A4 = theme_for("a4")
FR = catalogue("fr")


@dataclasses.dataclass(frozen=True)
class LineFigure:
    """A framed 80 x 40 mm box and a line from its centre `reach` mm down past its bottom edge; `clipped`: drawn in a
    group clipped to the box (a crop), `form`: drawn as repeated art (a PDF form XObject, whose box clips it)."""
    id: str
    reach: float
    clipped: bool = False
    form: bool = False
    caption: str = ""
    width_mm: float = 80.0
    height_mm: float = 40.0

    def draw(self, canvas: Canvas) -> None:
        canvas.rect(0, 0, self.width_mm, self.height_mm, stroke=Stroke("#555555", 0.25), fill="#F4EEE2")

        def line(c: Canvas) -> None:
            c.line(self.width_mm / 2, self.height_mm / 2, self.width_mm / 2, self.height_mm + self.reach,
                   Stroke("#222222", 0.4))
        if self.form:
            canvas.repeated(("ligne", self.reach), self.width_mm, self.height_mm, line)
        elif self.clipped:
            with canvas.group(clip=(0, 0, self.width_mm, self.height_mm)):
                line(canvas)
        else:
            line(canvas)


def typeset_subject(*figures) -> Subject:
    """The figures typeset in a rulebook (A4), each after a line of text, as the build hands it to the reader."""
    blocks = []
    for n, figure in enumerate(figures, start=1):
        blocks += [Paragraph((Span(f"Texte avant la figure {n}."),), 2 * n - 1),
                   FigureBlock(n, figure.id, figure, (Span(f"Légende {figure.id}"),), 2 * n)]
    blocks.append(Paragraph((Span("Texte après les figures."),), 2 * len(figures) + 1))
    info = load_game(CONTENT, "tactix").info
    pdf, layout = typeset_pdf(Document(blocks=blocks), info, A4)
    return Subject("regles.pdf", pdf, role="rulebook", layout=layout, rules_path="rules.fr.md",
                   figure_sources={f.id: ("diagrams.yaml", 10 * n) for n, f in enumerate(figures, start=1)})


def test_a_line_running_past_the_frame_onto_the_caption_is_found_at_its_diagram():
    found = figure_frames(typeset_subject(LineFigure("sort", reach=12.0)), None)
    assert [(w.kind, w.source, w.line, w.facts["figure"]) for w in found] == \
        [("figure_frame", "diagrams.yaml", 10, "sort")]
    assert found[0].facts["mm"] == pytest.approx(12.2, abs=0.2)     # the line's length past the box, its cap
    assert "dépasse son cadre de 12,2 mm" in found[0].describe(FR)


def test_art_within_its_frame_a_crop_or_a_form_passes_however_far_it_was_drawn():
    """The same line clipped by the figure's crop, or drawn as a form (clipped by the form's box), leaves nothing
    past the frame; a line within the box neither. The frame's own stroke on the box's edge is not an overhang."""
    subject = typeset_subject(LineFigure("dedans", reach=-5.0), LineFigure("rognee", reach=40.0, clipped=True),
                       LineFigure("forme", reach=40.0, form=True))
    assert figure_frames(subject, None) == []
    assert not [f for f in subject.layout["flows"] if "overhang_mm" in f]
    assert [w.kind for w in check(subject, FR).warnings if w.kind == "figure_frame"] == []


def test_the_overhang_allowed_is_the_games_threshold():
    subject = typeset_subject(LineFigure("sort", reach=3.0))
    assert [w.kind for w in figure_frames(subject, None)] == ["figure_frame"]
    assert figure_frames(subject, {"max_figure_overhang_mm": 4.0}) == []


def test_a_figure_whose_crop_cuts_a_mark_of_its_component_is_found():
    layout = {"pages": [{"page": 3, "fill": 0.9}],
              "flows": [{"kind": "figure", "figure": "f", "line": 4, "page": 3, "top": 700, "bottom": 400,
                         "cut": ["", "6 DiXes"]}]}
    found = figure_frames(Subject("regles.pdf", layout=layout, rules_path="rules.fr.md"), None)
    assert [(w.page, w.line, w.facts["form"], w.facts["count"]) for w in found] == [(3, 4, "cut", 2)]
    assert "son cadrage coupe 2 repère(s)" in found[0].describe(FR)
