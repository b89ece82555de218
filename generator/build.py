"""The build pipeline: load a game, check its diagrams, render every output, write atomically.

Everything a game produces is rendered in memory first; only when all of it
succeeded are the files written, each to a temporary name then renamed, so a
failed build leaves the previous output as it was.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .components import card, counter, tile
from .components.board import board_item
from .components.die import die_faces
from .components.form import form_face
from .components.map import map_item
from .components.mat import mat_item
from .rulebook.sheet import read_sheet, render_sheet
from .content import ContentError, load_game
from .content.models import Board, Dice, Game, Sheet
from .content.schema import Where
from .draw.pdf import PdfCanvas
from .draw.svg import SvgCanvas
from .paper_sizes import paper_size_mm
from .print import (DoesNotFit, GuideInfo, PrintOptions, build_manifest, calibration_page, dumps, impose_sheets, print_guide,
                    shop_export, tile_face)
from .print.document import page_label
from .print.forms import form_document
from .print.dicenet import dice_arts, dice_documents, net_svg, net_tab_mm


class Contradicted(Exception):
    """A diagram or check disagrees with the engine: exit code 1."""

    def __init__(self, messages: list[str]):
        self.messages = list(messages)
        super().__init__("\n".join(self.messages))

    def __reduce__(self):
        return (type(self), (self.messages,))


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "a4"
    variant: str | None = None
    ink_saver: bool = False
    cmyk: bool = False
    duplex: str = "long"
    fold: bool = False
    cut_lines: bool = False
    shop: bool = False

    def print_options(self) -> PrintOptions:
        return PrintOptions(paper=self.paper, duplex=self.duplex, fold=self.fold, cut_lines=self.cut_lines,
                            ink_saver=self.ink_saver, cmyk=self.cmyk)


@dataclass
class GameOutput:
    """Files of one game, name relative to output/<game>/ -> bytes."""
    game: Game
    files: dict[str, bytes] = field(default_factory=dict)
    documents: list = field(default_factory=list)   # (file name, ImposedDocument) for the manifest
    guide: list = field(default_factory=list)       # (file name, GuideInfo) in print order

    def add(self, name: str, data: bytes | str) -> None:
        if name in self.files:
            raise ValueError(f"two outputs named {name}")  # a programming error
        self.files[name] = data.encode("utf-8") if isinstance(data, str) else data

    def add_document(self, name: str, document) -> None:
        for file_name, data in document.outputs(name).items():
            self.add(file_name, data)
        self.documents.append((name, document))
        self.guide.append((name, document.guide))


def _pdf_meta(game: Game, what: str) -> dict:
    return {"title": f"{game.info.title} — {what}", "author": ", ".join(game.info.authors),
            "subject": game.info.credit or game.info.title}


def _face_svg(face, title: str) -> str:
    svg = SvgCanvas(face.bleed_width_mm, face.bleed_height_mm, title=title)
    face.draw(svg)
    return svg.tostring()


def figures(game: Game, content_dir: Path, *, max_width_mm: float = 120.0) -> dict:
    """Every diagram of the game as a Figure, positions taken from its rules engine (id -> Figure)."""
    from .components.diagram import diagram_figure
    from .engine import has_engine
    from .engine.checker import diagram_placements, load_game_diagrams
    boards = [c for c in game.components if isinstance(c, Board)]
    if not boards or not has_engine(game.id):
        return {}
    out = {}
    for diagram in load_game_diagrams(game.id, content_dir):
        out[diagram.id] = diagram_figure(boards[0], diagram, diagram_placements(game.id, diagram),
                                         max_width_mm=max_width_mm)
    return out


_FACE_MODULES = {"deck": card, "tiles": tile, "counters": counter}


def _component_source(game: Game, component) -> Where:
    return game.sources.get(component.id, Where(game.folder / "game.yaml", None))


def render_game(game: Game, options: BuildOptions) -> GameOutput:
    """Every output of one game, in memory."""
    out = GameOutput(game)
    popts = options.print_options()
    title = game.info.title
    game_figures = figures(game, game.folder.parent)
    for component in game.components:
        try:
            _render_component(out, game, component, popts, options, game_figures)
        except (DoesNotFit, ValueError) as err:
            if isinstance(err, ContentError):
                raise
            raise _component_source(game, component).error(f"{component.kind} '{component.id}': {err}") from None
    for figure_id, figure in game_figures.items():
        out.add(f"diagrams/{figure_id}.svg", figure.svg())
    _render_rulebook(out, game, game_figures, options)
    out.add_document("calibrage.pdf", calibration_page(popts, game_title=title))
    guide = print_guide(title, out.guide, popts, credit=game.info.credit or ", ".join(game.info.authors))
    out.add("guide-impression.pdf", guide.pdf)
    manifest = build_manifest(game.id, title, out.documents, popts)
    # What the gallery shows of the game, so output/index.html needs only the output folder.
    manifest["about"] = {"players": game.info.players, "duration": game.info.duration, "ages": game.info.ages,
                         "credit": game.info.credit or ", ".join(game.info.authors)}
    out.add("manifest.json", dumps(manifest))
    return out


def _render_component(out: GameOutput, game: Game, component, popts: PrintOptions, options: BuildOptions,
                      game_figures: dict) -> None:
    title = game.info.title
    if isinstance(component, Board):
        item = board_item(component)
        out.add_document(f"{component.id}.pdf",
                         tile_face(item, popts, game_title=title, component_name=component.name))
        out.add(f"{component.id}.svg", _face_svg(item.front, f"{title} — {component.name}"))
    elif isinstance(component, Sheet):
        w, h = paper_size_mm(popts.paper)
        document = read_sheet(game, component, figures=game_figures)
        label = page_label(title, component.name, 1, 1, "recto seul", "imprimer à 100 %, recto seul")
        pdf = PdfCanvas(**_pdf_meta(game, component.name), cmyk=options.cmyk)
        pdf.ink_saver = options.ink_saver
        pdf.begin_page(w, h)
        render_sheet(pdf, game, component, document, w, h, label=label)
        out.add(f"{component.id}.pdf", pdf.finish())
        out.guide.append((f"{component.id}.pdf", GuideInfo(
            title=component.name, sides="recto seul", paper_fr="papier ordinaire 80 g/m²",
            steps=("À garder à côté du plateau pendant la partie.",), pages=1)))
        svg = SvgCanvas(w, h, title=f"{title} — {component.name}")
        render_sheet(svg, game, component, document, w, h)
        out.add(f"{component.id}.svg", svg.tostring())
    elif isinstance(component, Dice):
        for name, doc in dice_documents(component, popts, game_title=title, faces=die_faces).items():
            out.add_document(name, doc)
        if component.form in ("net", "both"):
            for art in dice_arts(component, die_faces):
                out.add(f"{component.id}-patron-{art.id}.svg",
                        net_svg(art, size_mm=component.size_mm, tab_mm=net_tab_mm(component), title=f"{title} — {art.name}"))
    elif component.kind in _FACE_MODULES:
        items = _FACE_MODULES[component.kind].items(component, game.folder)
        out.add_document(f"{component.id}.pdf", impose_sheets(items, popts, game_title=title,
                                                              component_name=component.name, kind=component.kind))
        if items:
            out.add(f"{component.id}-recto.svg", _face_svg(items[0].front, f"{title} — {items[0].label}"))
            if items[0].back is not None:
                out.add(f"{component.id}-verso.svg", _face_svg(items[0].back, f"{title} — {items[0].label} (verso)"))
        if options.shop and component.kind == "deck":
            out.add_document(f"imprimeur/{component.id}.pdf",
                             shop_export(items, popts, game_title=title, component_name=component.name))
    elif component.kind in ("mat", "map"):
        item = (mat_item if component.kind == "mat" else map_item)(component, game.folder)
        out.add_document(f"{component.id}.pdf", tile_face(item, popts, game_title=title, component_name=component.name,
                                                          kind=component.kind))
        out.add(f"{component.id}.svg", _face_svg(item.front, f"{title} — {component.name}"))
    elif component.kind == "form":
        def make_face(w: float, h: float, form=component):
            return form_face(form, game.folder, w, h, game_title=title, language=game.info.language)
        doc, face = form_document(component, make_face, popts, game_title=title)
        out.add_document(f"{component.id}.pdf", doc)
        out.add(f"{component.id}.svg", _face_svg(face, f"{title} — {component.name}"))
    else:
        raise TypeError(f"no renderer for component kind {component.kind!r}")  # a programming error


def chosen_variant(game: Game, variant_id: str | None):
    """The Variant of game.yaml named by --variant, or None; an unknown name is bad input (exit 2)."""
    if variant_id is None:
        return None
    for variant in game.info.variants:
        if variant.id == variant_id:
            return variant
    import difflib
    known = [v.id for v in game.info.variants]
    close = difflib.get_close_matches(variant_id, known, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    raise ContentError(game.folder / "game.yaml", None,
                       f"no variant '{variant_id}'{hint}; variants: {', '.join(known) or 'none'}")


def has_rules(game: Game) -> bool:
    """Whether the game has rule text: `rules:` of game.yaml (checked to exist on load) or rules.<language>.md."""
    return bool(game.info.rules) or (game.folder / f"rules.{game.info.language}.md").is_file()


def _render_rulebook(out: GameOutput, game: Game, game_figures: dict, options: BuildOptions) -> None:
    """The rulebook in three editions: full page, A5 booklet imposed for folding, HTML."""
    from .rulebook import build_rulebook, edition_for
    if not has_rules(game):
        return
    variant = chosen_variant(game, options.variant)
    book = build_rulebook(game, figures=game_figures, paper=options.paper, variant=variant, cmyk=options.cmyk)
    suffix = f"-{variant.id}" if variant else ""
    out.add(f"regles{suffix}.pdf", book.pdf_a4)
    out.add(f"regles-livret{suffix}.pdf", book.pdf_booklet)
    out.add(f"regles{suffix}.html", book.html)
    out.guide.append((f"regles-livret{suffix}.pdf", GuideInfo(
        title=f"Livret de règles ({edition_for(options.paper).booklet_page})", sides="recto verso, bord court",
        paper_fr="papier ordinaire 80 g/m²", steps=(book.booklet_note[:1].upper() + book.booklet_note[1:],),
        pages=book.booklet_sheets * 2)))
    out.guide.append((f"regles{suffix}.pdf", GuideInfo(
        title="Règles, pleine page (à lire à l'écran ou à imprimer)", sides="recto seul ou recto verso",
        paper_fr="papier ordinaire 80 g/m²", steps=(), pages=book.pages)))


def write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file in the same folder, then rename over the target."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def check_game(game: Game, content_dir: Path) -> None:
    """Every diagram claim of the game against its engine; raises Contradicted listing each failure."""
    from .engine.checker import check_diagrams
    failures = check_diagrams(game.id, Path(content_dir))
    if failures:
        raise Contradicted([f.format() for f in failures])


def validate_games(content_dir: Path, game_ids: list[str]) -> list[Game]:
    """Load and check every game: content errors (exit 2) first, then diagram claims (exit 1)."""
    from .rulebook import read_rulebook
    games = [load_game(content_dir, gid) for gid in game_ids]
    for game in games:
        check_game(game, content_dir)
        game_figures = figures(game, content_dir)
        if has_rules(game):
            read_rulebook(game, figures=game_figures)
        for sheet in (c for c in game.components if isinstance(c, Sheet)):
            read_sheet(game, sheet, figures=game_figures)
    return games


def _render_one(content_dir: Path, game_id: str, options: BuildOptions) -> tuple[str, dict[str, bytes]]:
    game = load_game(content_dir, game_id)
    chosen_variant(game, options.variant)
    check_game(game, content_dir)
    return game.id, render_game(game, options).files


def build_games(content_dir: Path, out_dir: Path, game_ids: list[str], options: BuildOptions,
                jobs: int = 1) -> list[Path]:
    """Load, check and render every game first; write only when all succeeded."""
    if jobs > 1 and len(game_ids) > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=min(jobs, len(game_ids))) as pool:
            results = list(pool.map(_render_one, [content_dir] * len(game_ids), game_ids,
                                    [options] * len(game_ids)))
    else:
        results = [_render_one(content_dir, gid, options) for gid in game_ids]
    written = []
    for game_id, files in results:
        folder = Path(out_dir) / game_id
        for name in sorted(files):
            write_atomically(folder / name, files[name])
            written.append(folder / name)
    index = Path(out_dir) / "index.html"
    write_atomically(index, _gallery(Path(out_dir)).encode("utf-8"))
    written.append(index)
    return written


def _gallery(out_dir: Path) -> str:
    """The index of every game in out_dir, whatever content folder it was built from (its manifest says)."""
    import json
    from .gallery import gallery_html
    games = []
    for manifest_path in sorted(Path(out_dir).glob("*/manifest.json")):
        folder = manifest_path.parent
        try:
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # not ours, or half-copied by hand: leave it out of the index rather than fail the build
        about = manifest.get("about", {})
        files = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and not p.name.startswith("."))
        games.append({"id": folder.name, "title": manifest.get("title", folder.name),
                      "players": about.get("players", "?"), "duration": about.get("duration", ""),
                      "ages": about.get("ages", ""), "credit": about.get("credit", ""), "files": files,
                      "previews": [f for f in files if f.endswith(".svg") and "/" not in f
                                   and not f.endswith("-decoupe.svg")]})
    return gallery_html(games)
