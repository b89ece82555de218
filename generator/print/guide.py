"""The print guide of a game, in the game's language: which file, how many copies, on what paper, one or two sides,
how to cut and assemble. One PDF, first the general advice, then one entry per file.
"""

from __future__ import annotations

from typing import Sequence

from ..draw.canvas import layout_text
from ..draw.style import Stroke, TextStyle
from .document import GuideInfo, ImposedDocument, PageInfo, draw_label, fr, new_pdf, page_label
from .options import PrintOptions
from .paper import PAPER_NAMES, page as paper_page

TITLE = TextStyle(size_pt=18, bold=True)
HEAD = TextStyle(size_pt=11.5, bold=True)
BODY = TextStyle(size_pt=10)
CREDIT = TextStyle(size_pt=8.5, italic=True, colour="#555555")
COMMAND = TextStyle(size_pt=9, bold=True)
RULE = Stroke("#999999", 0.2)


def _general(options: PrintOptions) -> list[str]:
    words = options.words
    lines = [words("print.guide.paper", paper=PAPER_NAMES[options.paper], margin=f"{options.margin_mm:g}"),
             words("print.guide.calibrate"),
             words("print.guide.labels")]
    # No general word on duplex or folding: each file's entry says how it prints (a game without a two-sided
    # sheet was told "duplex, long edge", and the booklet turns on the short edge).
    if options.ink_saver:
        lines.append(words("print.guide.ink_saver"))
    return lines


def designer_section(game_id: str, options: PrintOptions, *, draws: bool, variants: Sequence[str],
                     whole_on: str = "") -> list[tuple[str, str]]:
    """The commands that make other files of this game, each after the sentence that says what it is for:
    (kind, text), kind "para" or "command". The player's pages name no command (they speak to players); this
    section, last in the guide, is where the one who prepares the files finds them."""
    words = options.words
    out: list[tuple[str, str]] = []
    if options.duplex != "none":
        extra = ("" if options.paper == "a4" else f" --paper {options.paper}") + \
            ("" if options.duplex == "long" else f" --duplex {options.duplex}")
        out += [("para", words("print.guide.designer_printer")),
                ("command", words("print.guide.command_printer_add", options=extra)),
                ("command", words("print.guide.command_printer_build", game=game_id))]
    if draws:
        out += [("para", words("print.guide.designer_seed")),
                ("command", words("print.guide.command_seed", game=game_id))]
    if whole_on:
        # a board tiled on this paper that `whole_on` paper holds in one piece (GuideInfo.whole_on)
        out += [("para", words("print.guide.designer_paper", paper=PAPER_NAMES[whole_on])),
                ("command", words("print.guide.command_paper", game=game_id, paper=whole_on))]
    if variants:
        out += [("para", words("print.guide.designer_variant", variants=", ".join(variants))),
                ("command", words("print.guide.command_variant", game=game_id))]
    if out:
        out = [("head", words("print.guide.designer_title")), ("para", words("print.guide.designer_intro"))] + out
    return out


RULE_ABOVE_MM = 2.0     # a heading's or the credit's rule, over its text


def print_guide(game_title: str, entries: Sequence[tuple[str, GuideInfo]], options: PrintOptions, *,
                credit: str = "", designer: Sequence[tuple[str, str]] = ()) -> ImposedDocument:
    """`entries`: (file name, what its ImposedDocument.guide says), in the order to print them; `designer`:
    designer_section's blocks, after them."""
    page = paper_page(options.paper, "portrait", options.margin_mm)
    px, py, pw, ph = page.printable
    left, width = px + 10, pw - 20
    bottom = py + ph - 10
    words, language = options.words, options.language
    heading = words("print.guide.title", game=game_title)
    pdf = new_pdf(options, title=heading)
    blocks: list[tuple[str, object]] = [("title", heading)]
    blocks += [("para", f"• {line}") for line in _general(options)]
    for name, info in entries:
        head = f"{info.title} — {name}"
        facts = (f"{words('print.guide.pages', count=info.pages)} · {info.sides} · {info.paper_fr}"
                 + (f" · {words('print.guide.copies', count=info.copies)}" if info.copies > 1 else ""))
        blocks.append(("head", head))
        blocks.append(("para", facts))
        blocks += [("step", f"{i}. {step}") for i, step in enumerate(info.steps, start=1)]
    blocks += list(designer)
    if credit:
        blocks.append(("credit", credit))     # set apart from the last file's steps

    styles = {"title": TITLE, "head": HEAD, "para": BODY, "step": BODY, "command": COMMAND, "credit": CREDIT}
    spacing = {"title": 0.0, "head": 6.0, "para": 1.5, "step": 1.0, "command": 1.0, "credit": 10.0}

    def laid(kind: str, text: str):
        indent = 5.0 if kind in ("step", "command") else 0.0
        # a command as typed: French typography would turn its "--" into a dash
        typed = text if kind == "command" else fr(text, language)
        return indent, layout_text(typed, styles[kind], width - indent, 1000, fit=False)

    laid_out = [(kind, *laid(kind, text)) for kind, text in blocks]
    pages: list[list] = [[]]
    y = py + 10
    for i, (kind, indent, layout) in enumerate(laid_out):
        before = spacing[kind]
        # a file's heading goes to the next page with its facts and first step rather than end this one
        kept = sum(spacing[k] + lay.height_mm for k, _, lay in laid_out[i + 1:i + 3]) if kind == "head" else 0.0
        limit = bottom
        if kind == "credit":
            # closer to the last block, down to just above the page's label, rather than alone on a page of
            # its own (issue 25: a guide's second page held only the author's name)
            limit = py + ph - 5.5
            before = min(before, max(1.0, limit - y - layout.height_mm))
        if y + before + layout.height_mm + kept > limit:
            # the credit never turns the page alone: the block above goes over with it
            carried = [pages[-1].pop()] if kind == "credit" and len(pages[-1]) > 1 else []
            pages.append([])
            y = py + 10
            for c_kind, c_x, _, c_w, c_layout in carried:
                pages[-1].append((c_kind, c_x, y, c_w, c_layout))
                y += c_layout.height_mm
            before = spacing[kind] if carried else 0.0
        y += before
        pages[-1].append((kind, left + indent, y, width - indent, layout))
        y += layout.height_mm
    infos = []
    for n, content in enumerate(pages, start=1):
        pdf.begin_page(page.width_mm, page.height_mm)
        above = py + 10 - 2 * RULE_ABOVE_MM      # where the text above the block ends (none on a page's top)
        for kind, x, yy, w, layout in content:
            if kind in ("head", "credit"):
                # 2 mm above the block, or halfway in a narrower gap (a credit drawn closer to keep its page):
                # never through the baseline of the line above
                rule_y = yy - min(RULE_ABOVE_MM, (yy - above) / 2)
                pdf.line(x, rule_y, x + w, rule_y, RULE)
            pdf.draw_layout(x, yy, w, layout.height_mm, layout)
            above = yy + layout.height_mm
        label = page_label(game_title, words("print.guide.name"), n, len(pages), words("print.side.single"), "",
                           words=words)
        draw_label(pdf, (px, py + ph - 5.0, pw, 5.0), label, language=language)
        infos.append(PageInfo(n, page.width_mm, page.height_mm, "guide", "single", label))
    guide = GuideInfo(title=words("print.guide.entry_title"), sides=words("print.side.single"),
                      paper_fr=words("print.paper.plain"), pages=len(pages), steps=(words("print.guide.read_first"),))
    return ImposedDocument(pdf.finish(), tuple(infos), "guide", "guide", options.paper, guide)
