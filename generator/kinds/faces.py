"""What the kinds made of Items share: a face as an SVG preview, a large face tiled over pages (board, mat,
map), a set of faces on n-up sheets (deck, tiles, counters) and a figure of some of them. Imported by the
kinds' renderers and figure functions only."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Sequence

from ..components.face import Face, Item
from ..draw.svg import SvgCanvas
from ..print import impose_sheets, shop_export, tile_face
from . import FigureJob, Job, Kind, kind_of

if TYPE_CHECKING:       # the figures' drawing is imported by a figure only: a deck's build never draws one
    from ..components.diagram import Figure


def face_svg(face: Face, title: str) -> str:
    svg = SvgCanvas(face.bleed_width_mm, face.bleed_height_mm, title=title)
    face.draw(svg)
    return svg.tostring()


def with_paper(document, kind: Kind, job: Job):
    """The document with the kind's own paper advice in its print guide entry."""
    return replace(document, guide=replace(document.guide, paper_fr=kind.paper_advice(job.words)))


def render_large_face(job: Job, kind: Kind, component: Any, item: Item) -> None:
    """One face at real size: whole on a page when it fits, else tiled; and its SVG preview."""
    document = tile_face(item, job.print_options, game_title=job.title, component_name=component.name,
                         kind=kind.name)
    reason = getattr(component, "sheet_alone", None)
    if reason:
        document = replace(document, guide=replace(document.guide, alone=reason,
                                                   steps=document.guide.steps + (alone_step(reason, job.words),)))
    job.out.add_document(f"{component.id}.pdf", with_paper(document, kind, job))
    job.out.add(f"{component.id}.svg", face_svg(item.front, f"{job.title} — {component.name}"))


def render_face_set(job: Job, kind: Kind, component: Any, items: Sequence[Item], *, shop: bool = False,
                    advice: tuple[str, Sequence[str]] | None = None) -> None:
    """Items on n-up sheets (duplex or fold as the options say), the first front and back as SVG previews,
    and, when `shop`, one face per page for a print shop. `advice`: catalogue keys (paper, steps) replacing
    the kind's own, for a component the kind's general advice does not fit (a counter printed on both sides)."""
    words = job.words
    paper = words(advice[0]) if advice else kind.paper_advice(words)
    steps = tuple(words(key) for key in advice[1]) if advice else kind.steps(words)
    guests = sharing(job.game, component)
    if component.sheet_with is None:     # a guest's pieces are on its host's sheets: it writes its previews only
        name = component.name
        if guests:
            items = list(items) + [item for guest in guests for item in kind_of(guest).pieces(guest, job.game.folder)]
            name, said = guests_said(job, component, guests, "kinds.shared.step")
            steps = said + steps
        if component.sheet_alone:
            steps = steps + (alone_step(component.sheet_alone, words),)
        document = impose_sheets(items, job.print_options, game_title=job.title, component_name=name,
                                 kind=kind.name, paper=component.paper or paper, extra_steps=steps,
                                 alone=component.sheet_alone or "")
        job.out.add_document(f"{component.id}.pdf", with_shrunk_texts(document, items))
    if items:
        first = items[0]
        job.out.add(words("kinds.files.front_svg", id=component.id), face_svg(first.front, f"{job.title} — {first.label}"))
        if first.back is not None:
            job.out.add(words("kinds.files.back_svg", id=component.id),
                        face_svg(first.back, f"{job.title} — {words('kinds.files.back_title', label=first.label)}"))
    if shop:
        job.out.add_document(words("kinds.files.shop_pdf", id=component.id),
                             shop_export(items, job.print_options, game_title=job.title, component_name=component.name))


def with_shrunk_texts(document, items: Sequence[Item]):
    """The document, its meta listing the texts its items' faces shrank to fit (the manifest's `shrunk_text`),
    each once per item: which cards are cramped is what a designer looks for."""
    from dataclasses import replace as copy_with
    from ..components.layout import shrunk_texts
    found = [{"id": item.id, **note} for item in items for note in shrunk_texts(item)]
    return copy_with(document, meta={**document.meta, "shrunk_text": found}) if found else document


def sharing(game: Any, host: Any) -> list:
    """The components printed on `host`'s sheets (their `sheet_with`), in the game's order."""
    return [c for c in game.components if getattr(c, "sheet_with", None) == host.id]


def stock_partners(game: Any, component: Any) -> list[str]:
    """The components whose sheets could take `component`'s pieces (its `sheet_with`): hosts of the same stock
    printed the same way (content/models/stock.py), on their own sheets; none for a component that is no piece
    (a form, a board) or already shares. The reader's preflight asks a mostly blank sheet why it did not."""
    if getattr(component, "sheet_with", None) is not None or not _is_piece(component):
        return []
    stock = getattr(component, "stock", None)
    return [c.id for c in game.components if c is not component and getattr(c, "hosts_sheets", False)
            and getattr(c, "sheet_with", None) is None and stock is not None and getattr(c, "stock", None) == stock]


def _is_piece(component: Any) -> bool:
    kind = kind_of(component)
    return kind.items is not None or kind.sheet_items is not None


def guests_said(job: Job, host: Any, guests: Sequence[Any], step: str) -> tuple[str, tuple[str, ...]]:
    """What the host's file is called and what the guide says first of its guests (catalogue key `step`, given
    the host's and the guests' names): 'Collines, Monts et Pics'; nothing but the host's name without guests.
    Then each guest's own steps where they differ from the host's kind (a fold-over pawn is folded)."""
    words = job.words
    if not guests:
        return host.name, ()
    name = words("kinds.shared.title", names=_joined([host.name] + [g.name for g in guests], words))
    said = [words(step, host=host.name, names=_joined([g.name for g in guests], words))]
    for guest in guests:
        if guest.kind != host.kind:
            said += [words(key) for key in kind_of(guest).piece_steps(guest, job) if words(key) not in said]
    return name, tuple(said)


def alone_step(reason: str, words) -> str:
    """The guide's word on a sheet that shares with no other component, with the content's reason."""
    return words("kinds.shared.alone", reason=reason.strip().rstrip("."))


def _joined(names: list[str], words) -> str:
    """'Collines, Monts et Pics'."""
    if len(names) < 2:
        return "".join(names)
    return words("kinds.shared.comma").join(names[:-1]) + words("kinds.shared.and") + names[-1]


def check_face_set(job: Job, items: Sequence[Item]) -> None:
    """What render_face_set would refuse, without drawing: the faces are laid out (`items`, which checks every
    element of every row), the sheets planned (an item larger than the paper)."""
    from ..print.sheet import plan_sheets
    plan_sheets(items, job.print_options)


def items_figure(job: FigureJob, component: Any, make_items) -> Figure:
    """A figure of some of the component's items (`show.items`, else the engine's), from the same Items its
    print sheets use (`make_items(component, game folder)`)."""
    from ..components.diagram import items_figure as draw_items_figure
    items = job.items(component, make_items)
    return draw_items_figure(component, items, job.diagram, refs=job.engine_items(component),
                             max_width_mm=job.max_width_mm)
