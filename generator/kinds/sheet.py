"""The `sheet` kind: a page of text (rules summary, player aid) typeset by the rulebook's reader, one page,
single-sided, with its SVG. `pnp validate` renders it in memory: whether its text fits one page is known only
by typesetting it."""

from __future__ import annotations

from ..content.models import Sheet
from . import Job, Kind


def render(job: Job, sheet: Sheet) -> None:
    from ..draw.pdf import PdfCanvas
    from ..draw.svg import SvgCanvas
    from ..print import GuideInfo
    from ..print.document import page_label
    from ..paper_sizes import paper_size_mm
    from ..rulebook.sheet import read_sheet, render_sheet
    game, words = job.game, job.words
    w, h = paper_size_mm(job.print_options.paper)
    document = read_sheet(game, sheet, figures=job.figures)
    sides = words("kinds.sheet.sides")
    label = page_label(job.title, sheet.name, 1, 1, sides, words("kinds.sheet.setting"), words=words)
    pdf = PdfCanvas(title=f"{job.title} — {sheet.name}", author=", ".join(game.info.authors),
                    subject=game.info.credit or job.title, cmyk=job.options.cmyk)
    pdf.ink_saver = job.options.ink_saver
    pdf.begin_page(w, h)
    size = render_sheet(pdf, game, sheet, document, w, h, label=label)
    job.out.add(f"{sheet.id}.pdf", pdf.finish())
    if size < sheet.body_pt - 1e-9:      # set smaller than asked to fit its page: the designer sees it is cramped
        job.out.shrunk.append({"file": f"{sheet.id}.pdf", "id": sheet.id, "element": "body", "text": sheet.name,
                               "asked_pt": sheet.body_pt, "set_pt": size})
    job.out.guide.append((f"{sheet.id}.pdf", GuideInfo(
        title=sheet.name, sides=sides, paper_fr=KIND.paper_advice(words), steps=(words("kinds.sheet.step"),),
        pages=1)))
    svg = SvgCanvas(w, h, title=f"{job.title} — {sheet.name}")
    render_sheet(svg, game, sheet, document, w, h)
    job.out.add(f"{sheet.id}.svg", svg.tostring())


KIND = Kind(name="sheet", model=Sheet, render=render, paper="kinds.sheet.paper")
