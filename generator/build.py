"""The build pipeline: load a game, check its diagrams, render what changed, replace each game's folder whole.

A game's outputs are rendered in units (`game_units`: each component, the
diagram previews, the rulebook, the calibration page), each in memory; the
print guide and manifest.json follow from all of them (`finish_game`). The
incremental cache (cache.py) says which units are still fresh: only the
others are rendered, as tasks of worker processes with --jobs (the games and,
within a game, its units). When every unit of a game succeeded, its folder is
assembled beside the output and swapped in at once (outfolder.py): a failed,
killed or interrupted build leaves each game folder entirely old or entirely
new. A game that fails is reported and not written; the others are.
"""

from __future__ import annotations

# The drawing, print, figure and engine layers are imported inside the functions that render or check: a rebuild
# with nothing changed only reads the cache records, and pays for none of them.

import errno
import importlib
import os
import shutil
import signal
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from .content.errors import ContentError, content_error
from .content.paths import assets_signature
from .cache import (NOTHING_FRESH, Freshness, GameRecord, UnitRecord, code_version, digest, freshness, hashes_of,
                    kept_units, listing, read_record, record_path, signature)
from .content.figure_count import FigureCount
from . import reader_thresholds
from .i18n import catalogue
from .paper_sizes import DEFAULT_PAPER
from .outfolder import EXPORT_FOLDER, check_out_folder, clean_leftovers, made_here, replace_folder, write_file
from .reads import recording
from .failures import Contradicted, GamesFailed, merged
from .steps import at_step
from .workers import die_with_parent

if TYPE_CHECKING:   # for annotations only
    from .content.models import Game
    from .gallery import GalleryWritten
    from .print import PrintOptions
    from .print.printer import PrinterProfile


@dataclass(frozen=True)
class BuildOptions:
    paper: str = DEFAULT_PAPER
    variant: str | None = None
    ink_saver: bool = False
    cmyk: bool = False
    duplex: str = "long"
    fold: bool = False
    cut_lines: bool = False
    shop: bool = False
    printer: PrinterProfile | None = None    # correction of every duplex back page (print/printer.py)
    cutter: str | None = None                # silhouette | cricut: sheets inside its registration marks
    seed: int = 1                 # draws what content leaves to chance before a game (a setup card)
    orientation: str = "auto"     # auto | portrait | landscape: the way up of n-up sheets and boards

    def print_options(self, language: str, thresholds: dict | None = None) -> PrintOptions:
        """The print layer's options for a game in `language` (its words on every sheet), with the reader's
        floor for labels the game sets (`thresholds`: its game.yaml preflight values)."""
        from .print import PrintOptions
        return PrintOptions(paper=self.paper, duplex=self.duplex, fold=self.fold, cut_lines=self.cut_lines,
                            ink_saver=self.ink_saver, cmyk=self.cmyk, language=language, printer=self.printer,
                            cutter=self.cutter, orientation=self.orientation,
                            label_floor_pt=reader_thresholds.value("min_label_pt", thresholds))

    def game_print_options(self, game: Game) -> PrintOptions:
        """print_options for `game`: its language and its own label floor, as every sheet of it is made."""
        return self.print_options(game.info.language, game.info.preflight_values)


@dataclass(frozen=True)
class GameSummary:
    """What the terminal says of a game built or validated, known without reading the game again; for a build,
    the files written for it and the seconds its work took (its tasks and its writing), or that it was
    unchanged."""
    game_id: str
    language: str
    figures: FigureCount
    files: int = 0
    seconds: float = 0.0
    unchanged: bool = False
    figure_problems: tuple = ()    # figure_proof.FigureProblem: figures not showing what they claim (warnings)
    reader: dict | None = None      # the reader's preflight: print/reader.py Report.as_dict (pages, warnings)


Progress = Callable[..., None]    # progress(event, **facts): "plan" (tasks), "task" (game, unit, seconds)


def _no_progress(event: str, **facts) -> None:
    pass


@dataclass(frozen=True)
class Built:
    """What build_games did: the files it wrote, and each game's summary, in the order asked; with
    `gallery=False`, the step that then makes the gallery current (None when it already is)."""
    written: list[Path]
    games: list[GameSummary]
    gallery: Callable[..., "GalleryWritten"] | None = None
    removed: list[str] = field(default_factory=list)   # games whose output went with their content folder


@dataclass
class GameOutput:
    """Files of one game, name relative to output/<game>/ -> bytes."""
    game: Game
    files: dict[str, bytes] = field(default_factory=dict)
    documents: list = field(default_factory=list)   # (file name, ImposedDocument) for the manifest
    guide: list = field(default_factory=list)       # (file name, GuideInfo) in print order
    reading: list = field(default_factory=list)     # print.reader.Subject of files whose maker knows more
                                                    # (a rulebook's layout): the reader's preflight reads them
    unit: str = ""                                  # the unit of game_units it holds, when it holds one
    # texts of its files set smaller than asked to fit (a text sheet's body, a rulebook figure set smaller), each
    # {file, id, element, text, asked_pt, set_pt}: the manifest's `shrunk_text`, besides its documents' faces'
    shrunk: list = field(default_factory=list)

    def add(self, name: str, data: bytes | str) -> None:
        if name in self.files:
            raise ValueError(f"two outputs named {name}")  # a programming error
        self.files[name] = data.encode("utf-8") if isinstance(data, str) else data

    def add_document(self, name: str, document) -> None:
        for file_name, data in document.outputs(name).items():
            self.add(file_name, data)
        self.documents.append((name, document))
        self.guide.append((name, document.guide))


def _component_source(game: Game, component) -> Where:
    from .content.schema import Where
    return game.sources.get(component.id, Where(game.folder / "game.yaml", None))


_COMPONENT = "component:"


def game_units(game: Game) -> list[str]:
    """The parts of a game's output rendered apart (and cached apart, in parallel): each component, the
    diagram previews, the rulebook, the calibration page. The print guide and the manifest follow from them."""
    return [_COMPONENT + c.id for c in game.components] + ["figures", "rulebook", "calibration"]


def unit_model(game: Game, unit: str) -> str:
    """What of the loaded game a unit is made from, as a hash (the cache's `model`: a unit whose model, reads
    and files are unchanged is kept when another file of its game changed); "" for a unit made from the whole
    game (the rulebook, the figures, a text sheet, a board a figure is drawn on), rendered again then.

    A component made of faces (a deck, tiles, counters: its kind gives `items`) or drawn from itself alone (a
    mat, dice: Kind.drawn_from_itself) is made from itself, the components sharing its sheets (`sheet_with`),
    the game's settings (game.yaml: title, language...), its own icons and the files of its assets folder; the
    calibration page from the game's title and language."""
    from .kinds import kind_of
    if unit == "calibration":
        parts: tuple = (game.info.title, game.info.language)
    elif unit.startswith(_COMPONENT):
        component = _unit_component(game, unit)
        kind = kind_of(component)
        if kind.items is None and not kind.drawn_from_itself:
            return ""
        from .kinds.faces import stock_partners     # the reader asks its sheets why they share none of theirs
        partners = stock_partners(game, component)
        near = [c for c in game.components if component.id in (c.id, getattr(c, "sheet_with", None))
                or c.id == getattr(component, "sheet_with", None) or c.id in partners]
        parts = (repr(game.info), [(repr(c), repr(getattr(c, "rows", ()))) for c in near],
                 repr(sorted(game.icons.items())), assets_signature(game.folder))
    else:
        return ""
    return digest(repr((unit, parts)).encode("utf-8", "surrogatepass"))


def render_unit(game: Game, game_figures: dict, options: BuildOptions, unit: str) -> GameOutput:
    """One unit of game_units(game), in memory. Its SVGs share one font subset per face, of every glyph any of
    them uses (subset once per unit, not per file; a unit is rendered whole, so a kept unit's files equal a
    fresh one's)."""
    from .draw.svg import sharing_font_faces
    with sharing_font_faces() as shared_fonts:
        out = _render_unit_outputs(game, game_figures, options, unit)
    for name, data in out.files.items():
        if name.endswith(".svg"):
            out.files[name] = shared_fonts.embed(data)
    return out


def _render_unit_outputs(game: Game, game_figures: dict, options: BuildOptions, unit: str) -> GameOutput:
    from .kinds import Job, kind_of
    from .print import calibration_page
    out = GameOutput(game, unit=unit)
    popts = options.game_print_options(game)
    if unit.startswith(_COMPONENT):
        component = _unit_component(game, unit)
        job = Job(out, game, popts, options, game_figures)
        with _laying_out(game, component):
            kind_of(component).render(job, component)
    elif unit == "figures":
        for figure_id, figure in game_figures.items():
            out.add(f"{popts.words('files.diagrams_folder')}/{figure_id}.svg", figure.svg())
    elif unit == "rulebook":
        with at_step("render_rulebook", game.id, game.info.language):
            _render_rulebook(out, game, game_figures, options)
    elif unit == "calibration":
        out.add_document(popts.words("files.calibration") + ".pdf", calibration_page(popts, game_title=game.info.title))
    else:
        raise ValueError(f"no unit {unit!r}")  # a programming error
    return out


def _unit_component(game: Game, unit: str):
    return next(c for c in game.components if c.id == unit[len(_COMPONENT):])


@contextmanager
def _laying_out(game: Game, component) -> Iterator[None]:
    """Rendering or checking a component: what the drawing and print layers cannot do of it (draw.errors.LayoutError)
    is bad input at its file."""
    from .draw.errors import LayoutError
    try:
        with at_step("render", f"{game.id}/{component.id}", game.info.language):
            yield
    except LayoutError as err:
        raise _component_source(game, component).error(f"{component.kind} '{component.id}': {err}") from None


def check_component(game: Game, game_figures: Mapping, options: BuildOptions, unit: str) -> None:
    """What rendering a component unit of game_units(game) would refuse, nothing written: found without drawing
    where its kind knows how (Kind.check: the faces laid out, the sheets planned), else by rendering the unit
    in memory (render_unit) and dropping its files."""
    from .kinds import Job, kind_of
    component = _unit_component(game, unit)
    check = kind_of(component).check
    if check is None:
        render_unit(game, game_figures, options, unit)
        return
    popts = options.game_print_options(game)
    job = Job(GameOutput(game), game, popts, options, game_figures)
    with _laying_out(game, component):
        check(job, component)


@dataclass
class UnitResult:
    """A unit's part of the game folder, rendered or kept: its files (bytes, or the Path of the file kept) with
    their hashes, what the print guide says of them ((name, GuideInfo)), its documents' manifest entries, and
    what the reader's preflight found in its PDFs (print/reader.py Report.as_dict)."""
    files: dict
    hashes: dict[str, str]
    guide: list
    entries: list
    reader: dict = field(default_factory=dict)
    shrunk: list = field(default_factory=list)      # GameOutput.shrunk


def unit_result(out: GameOutput) -> UnitResult:
    from .print import document_entry
    entries = [document_entry(name, doc) for name, doc in out.documents]
    return UnitResult(dict(out.files), {name: digest(data) for name, data in out.files.items()}, list(out.guide),
                      entries, read_unit(out, entries).as_dict(), list(out.shrunk))


def read_unit(out: GameOutput, entries: list):
    """The reader's preflight of a unit's PDFs, from the bytes in memory: each document with its manifest entry
    and the component it comes from, and what its maker handed over (out.reading: a rulebook's layout)."""
    from .print.reader import Report, Subject, check
    game = out.game
    words, overrides = catalogue(game.info.language), game.info.preflight_values
    report = Report()
    subjects = list(out.reading)
    named = {s.name for s in subjects}
    for entry in entries:
        name = entry["file"]
        if not name.endswith(".pdf") or name not in out.files or name in named or entry["kind"] == "shop":
            continue
        where = game.sources.get(out.unit[len(_COMPONENT):]) if out.unit.startswith(_COMPONENT) else None
        source = (str(where[0]), where[1]) if where else None
        items = any(page.get("items") for page in entry["pages"])
        subjects.append(Subject(name, out.files[name], role="sheets" if items else "other", source=source,
                                entry=entry, search=(source[0],) if source else (), partners=_partners(out)))
        named.add(name)
    for subject in subjects:
        report.add(check(subject, words, overrides))
    return report


def _partners(out: GameOutput) -> tuple:
    """The components of a component unit's stock whose sheets could take its pieces (kinds.faces.stock_partners):
    the reader's preflight asks a mostly blank sheet why it did not share one of theirs."""
    if not out.unit.startswith(_COMPONENT):
        return ()
    from .kinds.faces import stock_partners
    return tuple(stock_partners(out.game, _unit_component(out.game, out.unit)))


def finish_game(game: Game, options: BuildOptions, units: list[UnitResult], unit_names: list[str] = (),
                figures: list | None = None) -> dict[str, bytes]:
    return _finish(game, options, units, unit_names, figures)[0]


def _finish(game: Game, options: BuildOptions, units: list[UnitResult], unit_names: list[str] = (),
            figures: list | None = None):
    """The files that follow from every unit: the print guide (it lists every print file, the rulebook too)
    and manifest.json (every print file's pages and items, and every file of the folder with its hash;
    with `unit_names`, the name of each unit, and `figures`, `gallery.figures_about` of the game's diagrams,
    what the gallery shows of each file and figure)."""
    from .gallery import outputs_about
    from .print import dumps, manifest_of
    popts = options.game_print_options(game)
    words, title = popts.words, game.info.title
    credit = game.info.credit or ", ".join(game.info.authors)
    guide_name, guide = print_guide_of(game, options, [entry for unit in units for entry in unit.guide])
    from .print.reader import Report
    report = Report()
    for unit in units:
        report.add(Report.from_dict(unit.reader))
    report.add(read_guide(game, options, guide_name, guide))
    manifest = manifest_of(game.id, title, [entry for unit in units for entry in unit.entries], popts)
    shrunk = [note for unit in units for note in unit.shrunk]
    if shrunk:       # the texts set smaller in files that are no sheet of faces (a text sheet, the rulebook)
        manifest["shrunk_text"] = shrunk
    manifest["preflight"] = {**report.summary(), "lines": [w.describe(words) for w in report.warnings]}
    if game.info.preflight:
        # the game's own thresholds, with their reasons: `pnp check-print` reads a file as its build did
        manifest["preflight"]["thresholds"] = {name: {"value": o.value, "reason": o.reason}
                                               for name, o in sorted(game.info.preflight.items())}
    # What the gallery shows of the game, so output/index.html needs only the output folder.
    manifest["about"] = {"players": game.info.players, "duration": game.info.duration, "ages": game.info.ages,
                         "credit": credit, "language": game.info.language}
    if unit_names:
        manifest["about"]["outputs"] = outputs_about(game, unit_names, units, guide_name)
    if figures is not None:
        manifest["about"]["figures"] = figures
    hashes = {name: sha for unit in units for name, sha in unit.hashes.items()}
    hashes[guide_name] = digest(guide.pdf)
    manifest["outputs"] = [{"file": name, "sha256": hashes[name]} for name in sorted(hashes)]
    return {guide_name: guide.pdf, "manifest.json": dumps(manifest).encode("utf-8")}, report


def print_guide_of(game: Game, options: BuildOptions, entries: list) -> tuple[str, object]:
    """The print guide's file name and document, from what the units say of their files (`entries`: (file name,
    GuideInfo) in print order)."""
    from .print import print_guide
    from .print.guide import designer_section
    popts = options.game_print_options(game)
    credit = game.info.credit or ", ".join(game.info.authors)
    draws = any(getattr(component, "draws", None) for component in game.components)
    whole_on = next((info.whole_on for _, info in entries if info.whole_on), "")
    designer = designer_section(game.id, popts, draws=draws, variants=[v.id for v in game.info.variants],
                                whole_on=whole_on)
    guide = print_guide(game.info.title, entries, popts, credit=credit, designer=designer)
    return popts.words("files.print_guide") + ".pdf", guide


def read_guide(game: Game, options: BuildOptions, name: str, guide):
    """The reader's preflight of the print guide (print/reader.py Report)."""
    from .print.reader import Subject, check
    words = options.game_print_options(game).words
    return check(Subject(name, guide.pdf, role="guide"), words, game.info.preflight_values)


def _guide_entries(record) -> list:
    """What a unit's cache record says of its files for the print guide, as (file name, GuideInfo)."""
    from .print import GuideInfo
    return [(name, GuideInfo(**{**info, "steps": tuple(info["steps"])})) for name, info in record.guide]


def render_game(game: Game, options: BuildOptions) -> GameOutput:
    """Every output of one game, in memory."""
    from .figures import game_figures
    out = GameOutput(game)
    with own_icons(game):
        drawn = game_figures(game, game.folder.parent, variant=options.variant)
        names = game_units(game)
        units = [unit_result(render_unit(game, drawn, options, unit)) for unit in names]
        finished = finish_game(game, options, units, names)
    for unit in units:
        for name, data in unit.files.items():
            out.add(name, data)
    for name, data in finished.items():
        out.add(name, data)
    return out


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
    from .print import GuideInfo
    if not has_rules(game):
        return
    from .rulebook import build_rulebook, edition_for   # Jinja, Markdown, platypus, pypdf: only for a game with rules
    variant = chosen_variant(game, options.variant)
    words = catalogue(game.info.language)
    book = build_rulebook(game, figures=game_figures, paper=options.paper, variant=variant, cmyk=options.cmyk)
    suffix = f"-{variant.id}" if variant else ""
    rules, booklet = words("files.rules") + suffix, words("files.rules_booklet") + suffix
    out.add(f"{rules}.pdf", book.pdf_a4)
    out.add(f"{booklet}.pdf", book.pdf_booklet)
    out.add(f"{rules}.html", book.html)
    # The reader's preflight reads each edition with its layout: the booklet's pages as the book numbers them
    # (its A5 pages, before they are imposed two to a sheet).
    from .print.reader import Subject
    from .rulebook import rules_path
    path = str(rules_path(game))
    figure_sources = _diagram_sources(game)
    for name, data, layout in ((f"{rules}.pdf", book.pdf_a4, book.layout_full),
                               (f"{booklet}.pdf", book.pdf_a5, book.layout_half)):
        # the figures set smaller to fit a page, their texts with them (the manifest's shrunk_text)
        out.shrunk.extend({"file": name, "element": "figure", **flow["shrunk"]}
                          for flow in layout["flows"] if "shrunk" in flow)
        out.reading.append(Subject(name, data, role="rulebook", layout=layout, rules_path=path,
                                   figure_sources=figure_sources, search=(path, *sorted({p for p, _ in figure_sources.values()}),
                                                                          str(game.folder / "game.yaml")),
                                   source=(path, None)))
    edition = edition_for(options.paper, game.info.language)
    out.guide.append((f"{booklet}.pdf", GuideInfo(
        title=words("rulebook.guide.booklet", page=edition.booklet_page), sides=words("print.setting.short"),
        paper_fr=words("print.paper.plain_80"), steps=(book.booklet_note[:1].upper() + book.booklet_note[1:],),
        pages=book.booklet_sheets * 2)))
    out.guide.append((f"{rules}.pdf", GuideInfo(
        title=words("rulebook.guide.full"), sides=words("print.side.single_or_duplex"),
        paper_fr=words("print.paper.plain_80"), steps=(), pages=book.pages)))


def _diagram_sources(game: Game) -> dict:
    """Each diagram's id -> (diagrams.yaml, its line), for the reader's preflight to name a figure's line."""
    from .content.diagrams import load_diagrams
    path = game.folder / "diagrams.yaml"
    if not path.is_file():
        return {}
    try:
        return {d.id: (str(path), d.line) for d in load_diagrams(path, game.components)}
    except ContentError:
        return {}


def check_game(game: Game, content_dir: Path, diagrams: list | None = None) -> None:
    """Every diagram claim of the game against its engine; raises Contradicted listing each failure."""
    if diagrams is not None and not diagrams:
        return          # nothing to check: the rules engines are not even imported (a deck)
    from .engine.checker import check_diagrams
    failures = check_diagrams(game.id, Path(content_dir), diagrams, game.components, game=game)
    if failures:
        raise Contradicted([f.format() for f in failures])


def validate_games(content_dir: Path, game_ids: list[str], out_dir: Path | None = None) -> list[GameSummary]:
    """Every check `pnp build` makes, nothing written: the content, every diagram claim (under every edition),
    the figures, the rules text of every edition, and each component laid out as the build would
    (check_component). Every error of a game is told, not only its first, and a failed game does not stop the
    others: GamesFailed then names each failure (bad input exit 2, contradicted claims only exit 1) and holds
    the summaries of the games that passed. Each game and its diagrams are read once. With `out_dir`, a
    component the cache of a build with the default options there says is fresh (its inputs unchanged since it
    was rendered, cache.py) is not laid out again."""
    summaries, failures = [], []
    for gid in game_ids:
        try:
            summaries.append(_validate_game(content_dir, gid, out_dir))
        except (ContentError, Contradicted) as err:
            failures.append((gid, err))
    if failures:
        raise GamesFailed(failures, len(game_ids), summaries)
    return summaries


def _validate_game(content_dir: Path, game_id: str, out_dir: Path | None) -> GameSummary:
    """validate_games of one game: its summary, or the one error (merged) holding every failure found."""
    with at_step("load", game_id):
        game = load_telling_all(content_dir, game_id, out_dir)
    with own_icons(game):
        return _validate_loaded(content_dir, game, out_dir)


@dataclass(frozen=True)
class _StandInFigure:
    """What the rules text places while diagrams.yaml is wrong (told already): an empty box, so that the rules'
    and the sheets' own errors (an unknown icon, a misspelt field) are told in the same run."""
    width_mm: float = 10.0
    height_mm: float = 10.0
    caption: str = ""

    def draw(self, canvas) -> None:
        pass

    def svg(self) -> str:
        return ""


class _StandInFigures(Mapping):
    """Any figure id -> a stand-in figure (and none listed): the figures of a game whose diagrams failed."""

    def __getitem__(self, figure_id: str) -> _StandInFigure:
        return _StandInFigure()

    def __iter__(self):
        return iter(())

    def __len__(self) -> int:
        return 0


def _validate_loaded(content_dir: Path, game: Game, out_dir: Path | None) -> GameSummary:
    from .content.diagrams import for_edition
    from .engine.checker import load_game_diagrams
    from .figures import game_figures
    from .kinds import kind_of
    game_id = game.id
    fresh = _kept_by_build(content_dir, out_dir, game)
    failure = None
    diagrams, drawn = [], None

    def attempt(step, *args) -> bool:
        nonlocal failure
        try:
            step(*args)
            return True
        except (ContentError, Contradicted) as err:
            failure = merged(failure, err)
            return False

    def read_diagrams():
        nonlocal diagrams
        diagrams = load_game_diagrams(game.id, content_dir, game.components)

    def draw():
        nonlocal drawn
        drawn = game_figures(game, content_dir, diagrams=diagrams)

    def read_rules(variant, figures):
        if has_rules(game):
            from .rulebook import read_rulebook   # the rulebook stack, only for a game with rules
            read_rulebook(game, figures=figures, variant=variant)

    with at_step("check", game.id, game.info.language):
        if attempt(read_diagrams):
            attempt(check_game, game, content_dir, diagrams)
            # every edition: every figure under the rules of each edition it holds in
            for variant in game.info.variants:
                attempt(check_game, game, content_dir, for_edition(diagrams, variant.id))
            attempt(draw)
        # the rules are read even when the figures failed (each figure then a stand-in): their own errors too
        figures = drawn if drawn is not None else _StandInFigures()
        attempt(read_rules, None, figures)
        for variant in game.info.variants:
            attempt(read_rules, variant, figures)
        options = BuildOptions()
        from .print.reader import Report
        reading = Report()
        guides: dict[str, list] = {}       # unit -> what it says of its files for the print guide

        def render_and_read(unit):
            result = unit_result(render_unit(game, drawn, options, unit))
            reading.add(Report.from_dict(result.reader))
            guides[unit] = result.guide

        for unit in game_units(game):
            if unit in fresh:
                # rendered from these very inputs: what the reader's preflight found in it then still holds
                reading.add(Report.from_dict(fresh[unit].reader))
                guides[unit] = _guide_entries(fresh[unit])
                continue
            if unit == "figures":
                continue    # drawn above; SVG previews, nothing a reader prints
            if drawn is not None:
                # rendered in memory as the build would, so that the reader's preflight reads its PDFs
                attempt(render_and_read, unit)
            elif unit.startswith(_COMPONENT):
                # laid out (or, a kind without `check`, rendered in memory) all the same, with stand-in figures
                attempt(check_component, game, _StandInFigures(), options, unit)
        if drawn is not None and failure is None:
            reading.add(_validate_guide(game, options, guides))
    if failure is not None:
        raise failure
    from .content.diagrams import count_figures
    from .figure_proof import prove_figures
    return GameSummary(game.id, game.info.language, count_figures(diagrams),
                       figure_problems=tuple(prove_figures(game, diagrams, drawn or {})), reader=reading.as_dict())


def _kept_by_build(content_dir: Path, out_dir: Path | None, game: Game) -> dict:
    """The units of `game` that a build with the default options in out_dir would keep (cache.py): rendered
    from these very inputs, or, after an edit of the game, from the same model (unit_model). Unit -> its record:
    what the reader's preflight and the print guide found in it then still holds."""
    if out_dir is None:
        return {}
    plan = freshness(content_dir, out_dir, game.id, asdict(BuildOptions()))
    if plan.checked or plan.record is None:
        return plan.units
    return kept_units(content_dir, out_dir, plan.record, {unit: unit_model(game, unit) for unit in game_units(game)})


def _validate_guide(game: Game, options: BuildOptions, guides: dict[str, list]):
    """The reader's preflight of the print guide as the build would make it, from every unit's entries (rendered
    in memory, or from the cache record of a fresh unit), in the build's order."""
    entries = [entry for unit in game_units(game) for entry in guides.get(unit, [])]
    return read_guide(game, options, *print_guide_of(game, options, entries))


# The games and figures of the build under way, in this process: each loaded or drawn once (cleared per build).
_loaded: dict[tuple[str, str], Game] = {}
_load_reads: dict[tuple[str, str], set] = {}     # the content files loading each game and its diagrams read
_diagrams_read: dict[tuple[str, str], list] = {}
_drawn: dict[tuple[str, str], dict] = {}
# The output folder whose figure cache (figure_cache.py) the build under way uses (None: every figure made and
# drawn, as `--no-cache` asks), and that cache, made on first use (a build that draws no figure imports nothing).
_figures_out: Path | None = None
_figure_cache = None


def _forget_games(key: tuple[str, str] | None = None) -> None:
    """Forget what was loaded, read and drawn: of one game, or of every game (at a build's start and end)."""
    global _figure_cache
    for memo in (_loaded, _load_reads, _diagrams_read, _drawn):
        if key is None:
            memo.clear()
        else:
            memo.pop(key, None)
    if key is None:
        _figure_cache = None


def _keep_figures_in(out_dir: Path | None) -> None:
    """The builds from now on keep their figures in out_dir's cache (None: they keep none)."""
    global _figures_out, _figure_cache
    _figures_out, _figure_cache = out_dir, None


def _flush_figures() -> None:
    """Write the figures drawn in this process since the last flush (at the end of each task: a worker's too)."""
    if _figure_cache is not None:
        _figure_cache.flush()


def load_telling_all(content_dir: Path, game_id: str, out_dir: Path | None = None) -> Game:
    """load_game; when some components cannot load, the others are laid out as the build would, so that their
    errors are told with the loading errors in one run (a broken file does not hide another's layout). With
    `out_dir`, a unit the build cache there would keep is not laid out again (_kept_by_build)."""
    try:
        from .content.loader import load_game     # the models, the schema, PyYAML: only for a game to load
        return load_game(content_dir, game_id)
    except ContentError as err:
        partial = getattr(err, "partial_game", None)
        if partial is None:
            raise
        from .kinds import kind_of
        failure: ContentError = err
        if len(partial.components) == len(partial.info.components):
            # every component file read (some rows wrong, told above, each kept as a stand-in): the figures,
            # the rules, the sheets are checked too, as they would be once the rows are right
            with own_icons(partial):
                try:
                    _validate_loaded(content_dir, partial, out_dir)
                except (ContentError, Contradicted) as more:
                    failure = merged(failure, more)
            raise failure from None
        kept = _kept_by_build(content_dir, out_dir, partial)     # rendered from the same model: nothing to tell
        with own_icons(partial):
            for unit in game_units(partial):
                if unit in kept:
                    continue
                if unit.startswith(_COMPONENT) and kind_of(_unit_component(partial, unit)).check is not None:
                    try:
                        check_component(partial, {}, BuildOptions(), unit)
                    except ContentError as more:
                        failure = merged(failure, more)
                    except Exception:      # noqa: BLE001 - a component leaning on one that failed to load (its
                        continue           # sheet's host): what is wrong is told already; this was only more
            # A component file refused whole: the text sheets, the other kinds, the figures and the rules are read
            # too (the figures stand-ins), their errors kept but those that only say the component is missing.
            absent = tuple(getattr(err, "refused_ids", ()))
            def more_errors(step, *args):
                nonlocal failure
                try:
                    step(*args)
                except ContentError as more:
                    kept = [one for one in more.errors if not _names_the_missing(one.message, absent)]
                    if kept:
                        failure = merged(failure, content_error(kept))
                except Contradicted as more:
                    failure = merged(failure, more)
                except Exception:      # noqa: BLE001 - leaning on the missing component: told already
                    pass
            for unit in game_units(partial):
                if unit not in kept and unit.startswith(_COMPONENT) \
                        and kind_of(_unit_component(partial, unit)).check is None:
                    more_errors(check_component, partial, _StandInFigures(), BuildOptions(), unit)
            # the figures, each checked against its component unless that one is missing (their own keys still)
            more_errors(_check_partial_figures, content_dir, partial, absent)
            if has_rules(partial):
                from .rulebook import read_rulebook
                more_errors(lambda: read_rulebook(partial, figures=_StandInFigures()))
        raise failure from None


def _check_partial_figures(content_dir: Path, game: Game, absent: tuple) -> None:
    """The figures of a game some component files of which were refused whole: read, each checked against its
    component when it loaded, and those drawn on loaded components checked by the rules (engine or not)."""
    from .content.diagrams import load_diagrams
    from .content.paths import DIAGRAMS_FILE
    path = Path(content_dir) / game.id / DIAGRAMS_FILE
    if not os.path.lexists(path):
        return
    diagrams = load_diagrams(path, game.components, absent)
    from .content.diagrams import _on_absent
    check_game(game, content_dir, [d for d in diagrams if not _on_absent(d, game.components, absent)])


def _names_the_missing(message: str, absent: tuple) -> bool:
    """What the rules text or a text sheet says when it reads a component that failed to load (`components.<id>`
    missing): left unsaid while that component is wrong (told already), rather than said as a second mistake.
    Any other misspelt name is told."""
    return message.startswith("unknown name or attribute") and any(f"no '{name}' here" in message for name in absent)


def own_icons(game: Game):
    """The block lays out, draws or reads `game`: its own icons (assets/icons) are icons too."""
    from .content.game_icons import using_icons
    return using_icons(game.icons)


def _game(content_dir: Path, game_id: str, options: BuildOptions) -> Game:
    key = (str(content_dir), game_id)
    if key not in _loaded:
        with at_step("load", game_id), recording(content_dir) as read:
            game = load_telling_all(content_dir, game_id)
            chosen_variant(game, options.variant)
        _loaded[key], _load_reads[key] = game, set(read)
    return _loaded[key]


def _diagrams(content_dir: Path, game: Game, variant: str | None) -> list:
    """The game's diagrams as the edition of `variant` (--variant) checks and draws them."""
    from .content.paths import DIAGRAMS_FILE
    key = (str(content_dir), game.id)
    if key not in _diagrams_read:
        # without a file, load_game_diagrams' answer ([]) without importing the rules engines or the diagrams
        _diagrams_read[key] = []
        if os.path.lexists(Path(content_dir) / game.id / DIAGRAMS_FILE):
            from .content.diagrams import for_edition
            from .engine.checker import load_game_diagrams
            with recording(content_dir) as read:
                found = load_game_diagrams(game.id, content_dir, game.components)
            _load_reads.setdefault(key, set()).update(read)      # what the figures are made from, too
            _diagrams_read[key] = for_edition(found, variant)
    return _diagrams_read[key]


def _figures(content_dir: Path, game: Game, variant: str | None) -> dict:
    global _figure_cache
    key = (str(content_dir), game.id)
    if key not in _drawn:
        diagrams = _diagrams(content_dir, game, variant)
        if not diagrams:        # a game without diagrams (a deck) never imports the figures' drawing
            _drawn[key] = {}
            return _drawn[key]
        from .figures import MAX_WIDTH_MM, game_figures
        with at_step("render", game.id, game.info.language):
            if _figures_out is None:
                _drawn[key] = game_figures(game, content_dir, diagrams=diagrams)
            else:
                if _figure_cache is None:
                    from .figure_cache import FigureCache
                    _figure_cache = FigureCache(_figures_out)
                _drawn[key] = _figure_cache.figures(
                    content_dir, game.id, [d.id for d in diagrams], variant, MAX_WIDTH_MM, _load_reads.get(key, set()),
                    lambda: game_figures(game, content_dir, diagrams=diagrams))
    return _drawn[key]


def _check_task(content_dir: Path, game_id: str, options: BuildOptions) -> dict[str, str]:
    """Load a game, check its diagrams, draw its figures: what that reads is the game's inputs (path -> hash)."""
    with recording(content_dir) as read:
        game = _game(content_dir, game_id, options)
        with at_step("check", game.id, game.info.language), own_icons(game):
            check_game(game, content_dir, _diagrams(content_dir, game, options.variant))
            _figures(content_dir, game, options.variant)
    _flush_figures()
    return hashes_of(content_dir, read)


class _FiguresOnDemand(Mapping):
    """A game's figures, drawn (once per process) when a unit first asks for one: a deck does not wait for them."""

    def __init__(self, content_dir: Path, game: Game, variant: str | None):
        self._content_dir, self._game, self._variant = content_dir, game, variant

    def _all(self) -> dict:
        return _figures(self._content_dir, self._game, self._variant)

    def __getitem__(self, figure_id: str):
        return self._all()[figure_id]

    def __iter__(self):
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def _unit_task(content_dir: Path, game_id: str, options: BuildOptions, unit: str) -> tuple[UnitResult, dict]:
    """Render one unit of a game; with the files it read beyond the game's inputs (path -> hash)."""
    game = _game(content_dir, game_id, options)
    game_figures = _FiguresOnDemand(content_dir, game, options.variant)
    with recording(content_dir) as read, own_icons(game):
        with at_step("render", game.id, game.info.language):
            result = unit_result(render_unit(game, game_figures, options, unit))
    _flush_figures()
    return result, hashes_of(content_dir, read)


def _ignore_interrupts() -> None:
    """Worker processes of --jobs: Ctrl-C reaches the whole process group, but only the main process reports it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _start_worker(parent_pid: int) -> None:
    """A worker of --jobs ignores Ctrl-C, and dies with the main process (killed, it could not tell them)."""
    _ignore_interrupts()
    die_with_parent(parent_pid)


def _in_worker(task, *args):
    """A task in a worker process, stopped by Ctrl-C: the KeyboardInterrupt goes back to the main process as the
    task's result."""
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        return task(*args)
    finally:
        _ignore_interrupts()   # an idle worker would print a traceback of its own


_RENDERING_STACK = (".figures", ".kinds", ".print", ".draw.svg")   # what a render or check task imports


def _timed(task, *args):
    """A task's result and the seconds it took, measured where it ran."""
    started = time.perf_counter()
    result = task(*args)
    return result, time.perf_counter() - started


def _submission_order(tasks: list) -> list[int]:
    """The order the workers take the tasks in: the rulebooks first, then the others as listed. A rulebook (two
    editions typeset with every figure, then read back) is a game's longest task (PuXes: about 5.7 s of 24 s of
    CPU); started last, as listed, it ran alone while the other worker waited (PuXes on two workers: about 15 s
    where 12 would do). Results and failures are still taken in the listed order."""
    return sorted(range(len(tasks)), key=lambda i: tasks[i][1] != "rulebook")


def _run_tasks(tasks: list, jobs: int, failures: dict, times: dict | None = None,
               progress: Progress = _no_progress) -> dict:
    """Run (game id, unit, function, args) tasks, in worker processes when jobs > 1; results by (game id, unit).
    A game's failures (bad input, contradicted claims) are merged in task order into its one failure (so --jobs
    never changes what is reported): its other tasks still run, so that every error is told at once, and the
    game is not written. Anything else (an internal error, Ctrl-C) stops the whole build."""
    done: dict = {}
    if jobs > 1 and len(tasks) > 1:
        from concurrent.futures import ProcessPoolExecutor
        # What every task needs is imported once, here, before the workers are forked: they inherit it instead
        # of each importing it again.
        for module in _RENDERING_STACK:
            importlib.import_module(module, __package__)
        with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), initializer=_start_worker,
                                 initargs=(os.getpid(),)) as pool:
            futures: list = [None] * len(tasks)
            for i in _submission_order(tasks):
                _, _, fn, args = tasks[i]
                futures[i] = pool.submit(_in_worker, _timed, fn, *args)
            try:
                for (game_id, unit, _, _), future in zip(tasks, futures):
                    try:
                        done[(game_id, unit)], seconds = future.result()
                    except (ContentError, Contradicted) as err:
                        failures[game_id] = merged(failures.get(game_id), err)
                        continue
                    _took(times, progress, game_id, unit, seconds)
            except BaseException:
                pool.shutdown(wait=True, cancel_futures=True)   # tasks not started yet are not run for nothing
                raise
    else:
        for game_id, unit, fn, args in tasks:
            try:
                done[(game_id, unit)], seconds = _timed(fn, *args)
            except (ContentError, Contradicted) as err:
                failures[game_id] = merged(failures.get(game_id), err)
                continue
            _took(times, progress, game_id, unit, seconds)
    return done


def _drawing_tasks(content_dir: Path, tasks: list) -> int:
    """How many tasks draw pages: a component, the rulebook of a game with rules, the figures of a game with
    diagrams. Checking a game, its calibration page and the empty units of a game without rules or diagrams
    cost less than starting workers, which import the drawing stack again (a deck alone: 0.1 to 0.2 s more CPU
    with two workers than in this process)."""
    def draws(game_id: str, unit: str | None) -> bool:
        if unit is None or unit == "calibration":
            return False
        if unit == "figures":
            from .content.paths import DIAGRAMS_FILE
            return os.path.lexists(Path(content_dir) / game_id / DIAGRAMS_FILE)
        if unit == "rulebook":
            loaded = _loaded.get((str(content_dir), game_id))
            return loaded is None or has_rules(loaded)
        return True
    return sum(draws(game_id, unit) for game_id, unit, _, _ in tasks)


def _took(times: dict | None, progress: Progress, game_id: str, unit: str | None, seconds: float) -> None:
    if times is not None:
        times[game_id] = times.get(game_id, 0.0) + seconds
    progress("task", game=game_id, unit=unit, seconds=seconds)


def build_games(content_dir: Path, out_dir: Path, game_ids: list[str], options: BuildOptions,
                jobs: int = 1, cache: bool = True, progress: Progress = _no_progress, gallery: bool = True) -> Built:
    """Render what changed of every game (generator/cache.py; everything when not `cache`), `jobs` tasks at a
    time, then replace each game's folder as a whole. The files written (none when nothing changed), and what
    the terminal says of each game written or unchanged. The gallery (output/index.html, its thumbnails) is
    made last, once every PDF is in place; with `gallery=False` it is left to the caller (`Built.gallery`,
    `GamesFailed.gallery`), which can first tell the designer that the PDFs are ready.

    A game that fails (bad input, a contradicted diagram, a folder that cannot be written) is not written and
    does not stop the others: GamesFailed names every failure once the others are written. An internal error
    or Ctrl-C stops the build before anything is written."""
    content_dir, out_dir = Path(content_dir), Path(out_dir)
    check_out_folder(out_dir, content_dir)       # a build replaces what it writes: never the sources
    game_ids = list(dict.fromkeys(game_ids))   # a game named twice is built once
    build_started = time.perf_counter()
    _forget_games()
    _keep_figures_in(out_dir if cache else None)
    option_key = asdict(options)
    plans = {gid: freshness(content_dir, out_dir, gid, option_key) if cache else NOTHING_FRESH for gid in game_ids}
    failures: dict[str, Exception] = {}
    units_of: dict[str, list[str]] = {}
    load_reads: dict[str, dict[str, str]] = {}
    tasks = []
    languages: list[str] = []          # of the games to render, for what the terminal says while they are
    for gid in game_ids:
        plan = plans[gid]
        if plan.whole:
            continue
        if plan.checked:
            units_of[gid] = list(plan.record.units)
            languages.append(plan.record.summary["language"])
        else:
            try:
                with recording(content_dir) as read:
                    game = _game(content_dir, gid, options)     # loaded once: the check task and forked workers reuse it
                load_reads[gid] = hashes_of(content_dir, read)
                units_of[gid] = game_units(game)
                languages.append(game.info.language)
                if plan.record is not None:     # an edit: the units made from what did not change are kept
                    plan = plans[gid] = replace(plan, units=kept_units(
                        content_dir, out_dir, plan.record, {unit: unit_model(game, unit) for unit in units_of[gid]}))
            except ContentError as err:
                failures[gid] = err
                continue
            tasks.append((gid, None, _check_task, (content_dir, gid, options)))
        tasks += [(gid, unit, _unit_task, (content_dir, gid, options, unit))
                  for unit in units_of[gid] if unit not in plan.units]
    progress("plan", tasks=[(gid, unit) for gid, unit, _, _ in tasks], languages=languages)
    times: dict[str, float] = {}
    done = _run_tasks(tasks, jobs if _drawing_tasks(content_dir, tasks) > 1 else 1, failures, times, progress)
    for gid, reads in load_reads.items():
        if (gid, None) in done:
            done[(gid, None)] = {**reads, **done[(gid, None)]}
    clean_leftovers(out_dir)
    removed = _forget_removed_games(content_dir, out_dir)
    written: list[Path] = []
    summaries: dict[str, GameSummary] = {}
    for gid in game_ids:
        if gid in failures:
            continue
        if plans[gid].whole:
            summaries[gid] = replace(_summary_of(gid, plans[gid].record.summary), unchanged=True)
            continue
        try:
            started = time.perf_counter()
            files, summary = _write_game(content_dir, out_dir, gid, options, plans[gid], units_of[gid], done, cache)
            summaries[gid] = replace(summary, files=len(files),
                                     seconds=times.get(gid, 0.0) + time.perf_counter() - started)
            written += files
        except ContentError as err:
            failures[gid] = err
    step = _gallery_step(out_dir, game_ids, failures, bool(written or removed), summaries, build_started)
    gallery_error = None
    if gallery and step is not None:        # `pnp watch`, tests: the thumbnails drawn too, the PDFs in place
        try:
            written += step().written
        except ContentError as err:     # the games are written: their failures are told first
            gallery_error = err
        step = None
    _flush_figures()
    _keep_figures_in(None)
    _forget_games()
    if failures:
        failed = GamesFailed([(gid, failures[gid]) for gid in game_ids if gid in failures], len(game_ids),
                             [summaries[gid] for gid in game_ids if gid in summaries])
        failed.gallery = step
        raise failed
    if gallery_error is not None:
        raise gallery_error
    return Built(written, [summaries[gid] for gid in game_ids], step, removed)


def draw_sheets_in_memory(content_dir: Path, game_ids: list[str], options: BuildOptions) -> None:
    """Draw the n-up sheets of the components of `game_ids` (kinds made of faces: decks, tiles, counters) in
    memory, writing nothing: under draw.pdfpages.keeping_pages, the next build after an edit plays the unchanged
    sheets again instead of drawing them (`pnp watch` started on an output its last build left current).
    A game that cannot be loaded or drawn is left to the next build, which tells why."""
    from .kinds import kind_of
    for gid in game_ids:
        try:
            game = _game(content_dir, gid, options)
            with own_icons(game):
                for unit in game_units(game):
                    if unit.startswith(_COMPONENT) and kind_of(_unit_component(game, unit)).items is not None:
                        render_unit(game, {}, options, unit)
        except ContentError:
            continue
        finally:
            _forget_games()


def _forget_removed_games(content_dir: Path, out_dir: Path) -> list[str]:
    """Remove the output folders (their `pnp export` folders too) and cache records of games this content folder
    no longer has: a game deleted or renamed would otherwise stay in the output and the gallery, as if it still
    existed. Only a folder a build made (`made_here`) from this very content folder is removed; the ids removed,
    sorted."""
    from .cache import CACHE_FOLDER
    here = str(Path(os.path.abspath(content_dir)).resolve())
    removed = []
    for path in sorted((Path(out_dir) / CACHE_FOLDER).glob("*.json")):
        record = read_record(out_dir, path.stem)
        if record is None or record.content != here or (Path(content_dir) / record.game / "game.yaml").exists():
            continue
        folder = Path(out_dir) / record.game
        if folder.is_symlink() or (folder.exists() and not made_here(folder, path)):
            continue            # not ours to remove: left as it is
        shutil.rmtree(folder, ignore_errors=True)
        exported = Path(out_dir) / EXPORT_FOLDER / record.game     # its `pnp export` images go with it
        if not exported.is_symlink() and made_here(exported):
            shutil.rmtree(exported, ignore_errors=True)
        path.unlink(missing_ok=True)
        removed.append(record.game)
    return removed


def _gallery_step(out_dir: Path, game_ids: list[str], failures: dict[str, Exception], written: bool,
                  summaries: dict[str, GameSummary], started: float) -> Callable[..., "GalleryWritten"] | None:
    """What makes output/index.html and its thumbnails current once every game's folder is in place; None when
    they already are (nothing written, the same failures as the last build). `step(draw=False)` writes the page
    with the thumbnails still current and draws none (`pnp build`: `pnp gallery` draws them)."""
    from .gallery import error_lines, needs_writing
    failed = {gid: error_lines(failures[gid]) for gid in game_ids if gid in failures}
    if not needs_writing(out_dir, written, failed) or not (out_dir.is_dir() or len(failures) < len(game_ids)):
        return None
    seconds = {gid: s.seconds for gid, s in summaries.items() if not s.unchanged}

    def step(draw: bool = True) -> "GalleryWritten":
        from .gallery import write_gallery
        with at_step("render", str(out_dir / "index.html")):
            try:
                return write_gallery(out_dir, failed, seconds, started, _write_output, draw=draw)
            except OSError as err:   # a full disk, out/_gallery or out/.pnp-cache a file: the games are written
                raise _write_error(Path(err.filename or out_dir / "index.html"), err, "en", game=False) from None
    return step


def draw_gallery(out_dir: Path) -> "GalleryWritten | None":
    """`pnp gallery`: the thumbnails the builds left to draw, and the page (None: no game in out_dir); a folder
    that cannot be written is bad input, exit 2, as in a build."""
    from .gallery import draw_gallery as draw
    out_dir = Path(out_dir)
    with at_step("render", str(out_dir / "index.html")):
        try:
            return draw(out_dir, _write_output)
        except OSError as err:   # a full disk, out/_gallery or out/.pnp-cache a file
            raise _write_error(Path(err.filename or out_dir / "index.html"), err, "en", game=False) from None


def _summary_of(game_id: str, summary: dict) -> GameSummary:
    problems = summary.get("figure_proof", [])
    if problems:        # figure_proof imports the rules engines: only for a game with something to say
        from .figure_proof import FigureProblem
        problems = [FigureProblem.from_dict(p) for p in problems]
    return GameSummary(game_id, summary["language"], FigureCount(*summary["figures"]),
                       figure_problems=tuple(problems), reader=summary.get("reader"))


def _kept_unit(folder: Path, kept: UnitRecord) -> UnitResult:
    """A fresh unit as its record says: its files are those in place."""
    return UnitResult({name: folder / name for name in kept.files}, dict(kept.files), _guide_entries(kept),
                      kept.entries, kept.reader, kept.shrunk)


def _write_game(content_dir: Path, out_dir: Path, game_id: str, options: BuildOptions, plan: Freshness,
                units: list[str], done: dict, cache: bool) -> tuple[list[Path], GameSummary]:
    """Replace the game's folder by its units, rendered or kept, and the files that follow; record it all.
    A file equal to the one in place is linked, not written; the folder is not touched when nothing differs.
    The files written, and what the terminal says of the game."""
    game = _game(content_dir, game_id, options)
    if plan.checked:   # its content is as the record says: so are its figures
        summary = plan.record.summary
    else:
        from .content.figure_count import count_figures
        from .gallery import figures_about
        diagrams = _diagrams(content_dir, game, options.variant)
        count = count_figures(diagrams)
        problems = []
        if diagrams:      # figure_proof imports the rules engines
            from .figure_proof import prove_figures
            with own_icons(game):     # a figure proved may lay out the game's own icons (PuXes's DiXe faces)
                problems = prove_figures(game, diagrams, _figures(content_dir, game, options.variant))
        summary = {"language": game.info.language, "figures": [count.checked, count.illustrations],
                   "figure_list": figures_about(diagrams), "figure_proof": [p.as_dict() for p in problems]}
    folder = out_dir / game_id
    results, records = [], {}
    for unit in units:
        if (game_id, unit) in done:
            result, reads = done[(game_id, unit)]
        else:
            result, reads = _kept_unit(folder, plan.units[unit]), plan.units[unit].reads
        results.append(result)
        records[unit] = UnitRecord(reads, dict(result.hashes), [[name, asdict(info)] for name, info in result.guide],
                                   result.entries, result.reader, unit_model(game, unit), result.shrunk)
    with at_step("render", game_id, game.info.language), own_icons(game):
        finished, report = _finish(game, options, results, units, summary.get("figure_list", []))
    summary = {**summary, "reader": report.as_dict()}
    files = {name: data for result in results for name, data in result.files.items()}
    files.update(finished)
    hashes = {name: sha for result in results for name, sha in result.hashes.items()}
    hashes.update({name: digest(data) for name, data in finished.items()})
    old = plan.record.files if cache and plan.record else {}
    for name, data in files.items():
        if not isinstance(data, Path) and name in old and old[name][0] == hashes[name] \
                and signature(folder / name) == old[name][1:]:
            files[name] = folder / name
    fresh = sorted(name for name, data in files.items() if not isinstance(data, Path))
    if fresh or sorted(files) != listing(folder):
        try:
            replace_folder(out_dir, game_id, files, record=record_path(out_dir, game_id),
                           language=game.info.language)
        except OSError as err:
            raise _write_error(folder, err, game.info.language) from None
    game_reads = done[(game_id, None)] if (game_id, None) in done else plan.record.game_reads
    record = GameRecord(game_id, code_version(), asdict(options), listing(content_dir / game_id), game_reads,
                        records, {name: [hashes[name], *(signature(folder / name) or [])] for name in sorted(files)},
                        summary, content=str(Path(os.path.abspath(content_dir)).resolve()))
    text = record.to_json().encode("utf-8")
    path = record_path(out_dir, game_id)
    try:
        if not path.is_file() or path.read_bytes() != text:
            write_file(out_dir, str(path.relative_to(out_dir)), text)
    except OSError:
        pass  # without its record the next build renders the game again; the output itself is whole
    return [folder / name for name in fresh], _summary_of(game_id, summary)


def _write_error(path: Path, err: OSError, language: str, game: bool = True) -> ContentError:
    """A folder that cannot be written is bad input (exit 2); a full disk says so (`game`: and that the game's
    folder was kept as it was)."""
    words = catalogue(language)
    reason = err.strerror or str(err)
    if err.errno in (errno.EEXIST, errno.ENOTDIR):
        # the file in the way may be the place itself or a folder on the way to it (out/.pnp-cache a file)
        blocking = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), None)
        if blocking is not None:
            reason = f"{blocking.name} is a file where a folder is needed" + \
                ("" if blocking == path else f" to write {path}") + ": move it away"
            path = blocking
    if err.errno == errno.ENOSPC and game:
        return ContentError(path, None, words("cli.disk_full", reason=reason))
    return ContentError(path, None, words("errors.cannot_write", reason=reason))


def _write_output(root: Path, name: str, data: bytes) -> None:
    """outfolder.write_file; a folder that cannot be written (--out on a read-only disk...) is bad input, exit 2."""
    try:
        write_file(root, name, data)
    except OSError as err:
        raise _write_error(Path(root) / name, err, "en") from None
