"""The print guide of a game, in French: which file, how many copies, on what paper, one or two sides,
how to cut and assemble. One PDF, first the general advice, then one entry per file.
"""

from __future__ import annotations

from typing import Sequence

from ..draw.canvas import layout_text
from ..draw.style import Stroke, TextStyle
from .document import GuideInfo, ImposedDocument, PageInfo, draw_label, fr, new_pdf, page_label
from .options import PrintOptions
from .paper import PAPER_NAMES_FR, page as paper_page

TITLE = TextStyle(size_pt=18, bold=True)
HEAD = TextStyle(size_pt=11.5, bold=True)
BODY = TextStyle(size_pt=10)
RULE = Stroke("#999999", 0.2)


def _general(options: PrintOptions) -> list[str]:
    paper = PAPER_NAMES_FR[options.paper]
    lines = [f"Tout est mis en page pour du papier **{paper}**, avec une marge de {options.margin_mm:g} mm que "
             "l'imprimante n'a pas à atteindre.",
             "Imprimez d'abord la **page de calibrage** : ses traits doivent mesurer 100 mm. Imprimez toujours à "
             "**100 %** (taille réelle), jamais « ajuster à la page ».",
             "Chaque feuille porte en bas son nom, son numéro et le réglage d'impression qu'elle demande."]
    if options.duplex != "none" and not options.fold:
        lines.append(f"Les feuilles recto verso s'impriment **{options.print_setting_fr}** : les versos sont "
                     "déjà retournés pour cela.")
    if options.fold:
        lines.append("Mise en page « à plier » : face et dos côte à côte, pour une imprimante sans recto verso.")
    if options.ink_saver:
        lines.append("Version économe en encre : fonds clairs, pas de grands aplats sombres.")
    return lines


def print_guide(game_title: str, entries: Sequence[tuple[str, GuideInfo]], options: PrintOptions, *,
                credit: str = "") -> ImposedDocument:
    """`entries`: (file name, what its ImposedDocument.guide says), in the order to print them."""
    page = paper_page(options.paper, "portrait", options.margin_mm)
    px, py, pw, ph = page.printable
    left, width = px + 10, pw - 20
    bottom = py + ph - 10
    pdf = new_pdf(options, title=f"{game_title} — guide d'impression")
    blocks: list[tuple[str, object]] = [("title", f"{game_title} — guide d'impression")]
    blocks += [("para", f"• {line}") for line in _general(options)]
    for name, info in entries:
        head = f"{info.title} — {name}"
        facts = (f"{info.pages} page{'s' if info.pages > 1 else ''} · {info.sides} · {info.paper_fr}"
                 + (f" · {info.copies} pièce{'s' if info.copies > 1 else ''}" if info.copies > 1 else ""))
        blocks.append(("head", head))
        blocks.append(("para", facts))
        blocks += [("step", f"{i}. {step}") for i, step in enumerate(info.steps, start=1)]
    if credit:
        blocks.append(("para", credit))

    pages: list[list] = [[]]
    y = py + 10
    for kind, text in blocks:
        style = {"title": TITLE, "head": HEAD, "para": BODY, "step": BODY}[kind]
        indent = 5.0 if kind == "step" else 0.0
        layout = layout_text(fr(text), style, width - indent, 1000, fit=False)
        before = {"title": 0.0, "head": 6.0, "para": 1.5, "step": 1.0}[kind]
        if y + before + layout.height_mm > bottom:
            pages.append([])
            y = py + 10
            before = 0.0
        y += before
        pages[-1].append((kind, left + indent, y, width - indent, layout))
        y += layout.height_mm
    infos = []
    for n, content in enumerate(pages, start=1):
        pdf.begin_page(page.width_mm, page.height_mm)
        for kind, x, yy, w, layout in content:
            if kind == "head":
                pdf.line(x, yy - 2.0, x + w, yy - 2.0, RULE)
            pdf.draw_layout(x, yy, w, layout.height_mm, layout)
        label = page_label(game_title, "guide d'impression", n, len(pages), "recto seul", "")
        draw_label(pdf, (px, py + ph - 5.0, pw, 5.0), label)
        infos.append(PageInfo(n, page.width_mm, page.height_mm, "guide", "single", label))
    guide = GuideInfo(title="Guide d'impression", sides="recto seul", paper_fr="papier ordinaire",
                      pages=len(pages), steps=("À lire avant d'imprimer.",))
    return ImposedDocument(pdf.finish(), tuple(infos), "guide", "guide", options.paper, guide)
