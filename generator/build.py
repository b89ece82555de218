"""The build pipeline: load a game, check its diagrams, render every output, write atomically.

Everything a game produces is rendered in memory first; only when all of it
succeeded are the files written, each to a temporary name then renamed, so a
failed build leaves the previous output as it was.
"""

from __future__ import annotations

import os
import signal
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from .content import ContentError, load_game
from .content.models import Game
from .content.schema import Where
from .draw.svg import sharing_font_faces
from .engine.checker import load_game_diagrams
from .figures import FigureCount, count_figures, game_figures as figures
from .i18n import catalogue
from .kinds import Job, kind_of
from .print import DoesNotFit, GuideInfo, PrintOptions, build_manifest, calibration_page, dumps, print_guide
from .steps import at_step


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


@dataclass(frozen=True)
class GameSummary:
    """What the terminal says of a game built or validated, known without reading the game again."""
    game_id: str
    language: str
    figures: FigureCount


@dataclass(frozen=True)
class Built:
    """What build_games did: the files it wrote, and each game's summary, in the order asked."""
    written: list[Path]
    games: list[GameSummary]


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




def _component_source(game: Game, component) -> Where:
    return game.sources.get(component.id, Where(game.folder / "game.yaml", None))


def render_game(game: Game, options: BuildOptions, *, diagrams: list | None = None) -> GameOutput:
    """Every output of one game, in memory (`diagrams`: the game's, when they have been read already).

    Its SVGs share one font subset per face, of every glyph any of them uses: subset once per game, not per file.
    """
    with sharing_font_faces() as shared_fonts:
        out = _render_outputs(game, options, diagrams)
    for name, data in out.files.items():
        if name.endswith(".svg"):
            out.files[name] = shared_fonts.embed(data)
    return out


def _render_outputs(game: Game, options: BuildOptions, diagrams: list | None) -> GameOutput:
    out = GameOutput(game)
    popts = replace(options.print_options(), language=game.info.language)
    words = popts.words
    title = game.info.title
    game_figures = figures(game, game.folder.parent, diagrams=diagrams)
    job = Job(out, game, popts, options, game_figures)
    for component in game.components:
        try:
            with at_step("render", f"{game.id}/{component.id}", game.info.language):
                kind_of(component).render(job, component)
        except (DoesNotFit, ValueError) as err:
            if isinstance(err, ContentError):
                raise
            raise _component_source(game, component).error(f"{component.kind} '{component.id}': {err}") from None
    for figure_id, figure in game_figures.items():
        out.add(f"{words('files.diagrams_folder')}/{figure_id}.svg", figure.svg())
    with at_step("render_rulebook", game.id, game.info.language):
        _render_rulebook(out, game, game_figures, options)
    out.add_document(words("files.calibration") + ".pdf", calibration_page(popts, game_title=title))
    guide = print_guide(title, out.guide, popts, credit=game.info.credit or ", ".join(game.info.authors))
    out.add(words("files.print_guide") + ".pdf", guide.pdf)
    manifest = build_manifest(game.id, title, out.documents, popts)
    # What the gallery shows of the game, so output/index.html needs only the output folder.
    manifest["about"] = {"players": game.info.players, "duration": game.info.duration, "ages": game.info.ages,
                         "credit": game.info.credit or ", ".join(game.info.authors), "language": game.info.language}
    out.add("manifest.json", dumps(manifest))
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
    edition = edition_for(options.paper, game.info.language)
    out.guide.append((f"{booklet}.pdf", GuideInfo(
        title=words("rulebook.guide.booklet", page=edition.booklet_page), sides=words("print.setting.short"),
        paper_fr=words("print.paper.plain_80"), steps=(book.booklet_note[:1].upper() + book.booklet_note[1:],),
        pages=book.booklet_sheets * 2)))
    out.guide.append((f"{rules}.pdf", GuideInfo(
        title=words("rulebook.guide.full"), sides=words("print.side.single_or_duplex"),
        paper_fr=words("print.paper.plain_80"), steps=(), pages=book.pages)))


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


def check_game(game: Game, content_dir: Path, diagrams: list | None = None) -> None:
    """Every diagram claim of the game against its engine; raises Contradicted listing each failure."""
    from .engine.checker import check_diagrams
    failures = check_diagrams(game.id, Path(content_dir), diagrams, game.components)
    if failures:
        raise Contradicted([f.format() for f in failures])


def validate_games(content_dir: Path, game_ids: list[str]) -> list[GameSummary]:
    """Load and check every game: content errors (exit 2) first, then diagram claims (exit 1).
    Each game and its diagrams are read once."""
    games = []
    for gid in game_ids:
        with at_step("load", gid):
            games.append(load_game(content_dir, gid))
    summaries = []
    for game in games:
        with at_step("check", game.id, game.info.language):
            diagrams = load_game_diagrams(game.id, content_dir, game.components)
            check_game(game, content_dir, diagrams)
            game_figures = figures(game, content_dir, diagrams=diagrams)
            if has_rules(game):
                from .rulebook import read_rulebook   # the rulebook stack, only for a game with rules
                read_rulebook(game, figures=game_figures)
            for component in game.components:
                kind = kind_of(component)
                if kind.validate is not None:
                    kind.validate(game, component, game_figures)
        summaries.append(GameSummary(game.id, game.info.language, count_figures(diagrams)))
    return summaries


def _render_one(content_dir: Path, game_id: str, options: BuildOptions) -> tuple[GameSummary, dict[str, bytes]]:
    """Load, check and render one game, reading its content and its diagrams once."""
    with at_step("load", game_id):
        game = load_game(content_dir, game_id)
        chosen_variant(game, options.variant)
    with at_step("check", game.id, game.info.language):
        diagrams = load_game_diagrams(game.id, content_dir, game.components)
        check_game(game, content_dir, diagrams)
    with at_step("render", game.id, game.info.language):
        files = render_game(game, options, diagrams=diagrams).files
    return GameSummary(game.id, game.info.language, count_figures(diagrams)), files


def _ignore_interrupts() -> None:
    """Worker processes of --jobs: Ctrl-C reaches the whole process group, but only the main process reports it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _render_one_in_worker(content_dir: Path, game_id: str,
                          options: BuildOptions) -> tuple[GameSummary, dict[str, bytes]]:
    """_render_one, stopped by Ctrl-C: the KeyboardInterrupt goes back to the main process as the task's result."""
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        return _render_one(content_dir, game_id, options)
    finally:
        _ignore_interrupts()   # an idle worker would print a traceback of its own


def build_games(content_dir: Path, out_dir: Path, game_ids: list[str], options: BuildOptions,
                jobs: int = 1) -> Built:
    """Load, check and render every game first; write only when all succeeded."""
    if jobs > 1 and len(game_ids) > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=min(jobs, len(game_ids)), initializer=_ignore_interrupts) as pool:
            tasks = [pool.submit(_render_one_in_worker, content_dir, gid, options) for gid in game_ids]
            try:
                results = [task.result() for task in tasks]
            except BaseException:
                pool.shutdown(wait=True, cancel_futures=True)   # games not started yet are not rendered for nothing
                raise
    else:
        results = [_render_one(content_dir, gid, options) for gid in game_ids]
    written = []
    for summary, files in results:
        folder = Path(out_dir) / summary.game_id
        for name in sorted(files):
            _write_output(folder / name, files[name])
            written.append(folder / name)
    index = Path(out_dir) / "index.html"
    with at_step("render", str(index)):
        gallery = _gallery(Path(out_dir)).encode("utf-8")
    _write_output(index, gallery)
    written.append(index)
    return Built(written, [summary for summary, _ in results])


def _write_output(path: Path, data: bytes) -> None:
    """write_atomically; a folder that cannot be written (--out on a read-only disk...) is bad input, exit 2."""
    try:
        write_atomically(path, data)
    except OSError as err:
        raise ContentError(path, None, catalogue("en")("errors.cannot_write", reason=err.strerror or str(err))) from None


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
        cut_files = {cut["file"] for entry in manifest.get("files", []) for cut in entry.get("cut_files", [])}
        games.append({"id": folder.name, "title": manifest.get("title", folder.name),
                      "players": about.get("players", "?"), "duration": about.get("duration", ""),
                      "ages": about.get("ages", ""), "credit": about.get("credit", ""),
                      "language": about.get("language", "fr"), "files": files,
                      "previews": [f for f in files if f.endswith(".svg") and "/" not in f and f not in cut_files]})
    return gallery_html(games)
