"""The `pnp` command line: click commands, nothing else.

Exit codes (DESIGN.md, README):
    0    success
    1    a diagram or check contradicted by the rules engine; with --strict, a warning of the reader's
         preflight (generator/print/reader.py: the files are written all the same)
    2    bad input or usage (the message names the file and line)
    70   internal error, a bug of pnp rather than of the content (EX_SOFTWARE of
         sysexits.h): one line names the step that failed (generator/steps.py)
    130  interrupted (Ctrl-C), also in the worker processes of --jobs
    141  the reader of the output went away (a broken pipe: `pnp build | head -1`)
No failure shows a Python traceback, unless asked: `pnp --debug build ...`.
The commands' own lines speak the language of the games they handle
(templates/catalogues/<language>/cli.yaml).

Each command imports what it needs inside its body: `pnp --help` loads no
drawing code, and `pnp build` of a deck no rulebook stack (issue 9; a test
checks both).
"""

from __future__ import annotations

import json
import os
import re
import sys
import traceback
from pathlib import Path

import click

from . import __version__
from .failures import Contradicted, GamesFailed
from .content.errors import ContentError
from .content.paths import discover_games
from .content.errors import MAX_SHOWN_ERRORS
from .i18n import LANGUAGES, Catalogue, catalogue, shared_language, system_language
from .steps import failed_step
from .paper_sizes import DEFAULT_PAPER, PAPER_SIZES_MM

EXIT_CONTRADICTED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL_ERROR = 70
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141     # 128 + SIGPIPE, as a shell reports a pipeline whose reader left


def load_game(content_dir: Path, game_id: str):
    """content.load_game, its loader (the models, the schema, PyYAML) imported on first use: a rebuild with
    nothing changed never loads a game."""
    from .content.loader import load_game as load
    return load(content_dir, game_id)


def _error_line(message: str) -> str:
    return f"pnp: {message}" if not message.startswith("content") else message


def _fail(message: str, code: int) -> None:
    click.echo(_error_line(message), err=True)
    sys.exit(code)


def _failure_lines(failure: Exception, words: Catalogue | None = None) -> list[str]:
    """One line per error of a game's failure (a contradicted claim, or every content error found), the first
    MAX_SHOWN_ERRORS of them, then how many more there are."""
    if isinstance(failure, Contradicted):
        lines = list(failure.messages)
    else:
        lines = [_error_line(one.format()) for one in failure.errors]
    if len(lines) <= MAX_SHOWN_ERRORS:
        return lines
    words = words or _terminal_words()
    return lines[:MAX_SHOWN_ERRORS] + [_error_line(words("cli.more_errors", count=len(lines) - MAX_SHOWN_ERRORS))]


def _report_failures(err: GamesFailed, words: Catalogue | None = None, last: str = "cli.failed_games") -> None:
    """Each failed game's messages, then, when the command had other games, which failed (`last`: the words
    saying it, the others were written or were valid)."""
    for _, failure in err.failures:
        for line in _failure_lines(failure, words):
            click.echo(line, err=True)
    if err.total > 1:
        words = words or _terminal_words()
        click.echo(_error_line(words(last, count=len(err.failures), total=err.total,
                                     ids=", ".join(gid for gid, _ in err.failures))), err=True)


def _exit_code(err: GamesFailed) -> int:
    return EXIT_BAD_INPUT if err.bad_input else EXIT_CONTRADICTED


def _games(content_dir: Path, games: tuple[str, ...]) -> list[str]:
    if games:
        return list(games)
    found = discover_games(content_dir)
    if not found:
        raise ContentError(content_dir, None, "no game here (no <game>/game.yaml)")
    return found


_LANGUAGE_LINE = re.compile(r"^language:[ \t]*[\"']?([a-z]+)[\"']?[ \t]*(?:#.*)?$", re.MULTILINE)


def _game_language(content_dir: Path, game_id: str) -> str:
    """The language game.yaml names, read from its `language:` line: a game that does not load (the very
    moment its designer reads the terminal) still speaks its own language; else the system's."""
    try:
        with open(Path(content_dir) / game_id / "game.yaml", encoding="utf-8", errors="replace") as file:
            found = _LANGUAGE_LINE.search(file.read(1 << 20))
    except OSError:
        found = None
    return found.group(1) if found and found.group(1) in LANGUAGES else system_language()


def _words(content_dir: Path, game_ids: list[str]) -> Catalogue:
    """The catalogue of the language the games share (the default when they differ), for commands that have not
    loaded the games, or whose games failed; a build knows their languages from its summaries."""
    return catalogue(shared_language([_game_language(content_dir, gid) for gid in game_ids] or [system_language()]))


def _content_words(content_dir: Path) -> Catalogue:
    """The words of a command about no game in particular (a printer profile): the language the content
    folder's games share, else the system's."""
    try:
        ids = discover_games(content_dir)
    except ContentError:
        ids = []
    return _words(content_dir, ids)


def _terminal_words() -> Catalogue:
    """The words of a line that no game's language decides (a failure before any game is known): the system's."""
    return catalogue(system_language())


def _shrunk_texts(out_dir: Path, games) -> None:
    """-v: every text a face shrank to fit, from each game's manifest (cards a designer may find cramped)."""
    from .gallery import shrunk_lines
    for game in games:
        try:
            manifest = json.loads((Path(out_dir) / game.game_id / "manifest.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        lines = shrunk_lines(manifest, catalogue(game.language))
        if lines:
            click.echo(catalogue(game.language)("gallery.shrunk", count=len(lines)) + f" ({game.game_id}):")
            for line in lines:
                click.echo("  " + line)


def _run(fn, *args, **kwargs):
    """Run a command body, turning known failures into messages and exit codes."""
    try:
        return fn(*args, **kwargs)
    except ContentError as err:
        for line in _failure_lines(err):
            click.echo(line, err=True)
        sys.exit(EXIT_BAD_INPUT)
    except Contradicted as err:
        for message in err.messages:
            click.echo(message, err=True)
        sys.exit(EXIT_CONTRADICTED)
    except GamesFailed as err:
        _report_failures(err)
        sys.exit(_exit_code(err))


def _one_line(err: BaseException) -> str:
    """'ValueError: first line of the message'."""
    lines = str(err).strip().splitlines()
    return f"{type(err).__name__}: {lines[0]}" if lines else type(err).__name__


def _unexpected_line(err: BaseException, debug: bool) -> str:
    """The one line an interruption or an internal error gets: what stopped, during which step, in the game's language."""
    step = failed_step(err)
    interrupted = isinstance(err, KeyboardInterrupt)
    key = "errors.interrupted" if interrupted else "errors.internal"
    try:
        words = catalogue(step.language if step and step.language in LANGUAGES else "en")
        if step:
            line = words(f"{key}_at", step=step.describe(words), error=_one_line(err))
        else:
            line = words(key, error=_one_line(err))
        hint = words("errors.debug_hint")
    except Exception:  # the catalogues themselves are unreadable (a broken install): say it plainly
        line = "interrupted" if interrupted else f"internal error: {_one_line(err)}"
        hint = "(run with --debug for the traceback)"
    return f"pnp: {line}" if interrupted or debug else f"pnp: {line} {hint}"


def _print_traceback(err: BaseException) -> None:
    """The traceback of `err`; of the worker process it was raised in, when it came from one (--jobs)."""
    cause = err.__cause__
    if type(cause).__name__ == "_RemoteTraceback":   # concurrent.futures keeps the worker's traceback as text
        click.echo(str(cause).strip().strip('"').strip(), err=True)
    else:
        traceback.print_exception(err, file=sys.stderr)


class _Pnp(click.Group):
    """The root command: what no command expected becomes an exit code (70 or 130) and one line."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except BrokenPipeError:
            # The reader of our output went away (`pnp build | head -1`): nothing is wrong with the build, and
            # nothing more can be said; exit as a shell's pipeline does, quietly.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(EXIT_BROKEN_PIPE)
        except (Exception, KeyboardInterrupt) as err:
            debug = ctx.params.get("debug", False)
            if debug:
                _print_traceback(err)
            click.echo(_unexpected_line(err, debug), err=True)
            ctx.exit(EXIT_INTERRUPTED if isinstance(err, KeyboardInterrupt) else EXIT_INTERNAL_ERROR)


def _figure_summaries(games: list, built: bool = False) -> None:
    """One line per game (build.GameSummary): its figures checked by its engine, and its illustrations; for a
    build, the files written and the seconds its work took, or that it was unchanged; then (on stderr) a warning
    for each figure whose picture does not show what it claims (figure_proof.py)."""
    for game in games:
        words = catalogue(game.language)
        line = words("figures.summary", game=game.game_id,
                     checked=words("figures.checked", count=game.figures.checked),
                     illustrations=words("figures.illustrations", count=game.figures.illustrations))
        if built:
            line += " · " + (words("cli.game_unchanged") if game.unchanged else
                             words("cli.game_built", count=game.files, seconds=words.number(game.seconds, 1)))
        click.echo(line)
        for problem in game.figure_problems:     # figures not showing what they claim: warnings, exit code unchanged
            click.echo(words("figures.proof.warning", problem=problem.format()), err=True)


def _reading(games: list, quiet: bool = False) -> int:
    """What the reader's preflight found in each game (build.GameSummary.reader), on stdout (warnings, not
    errors: stderr stays the failures'): each warning with the file and line that cause it, then one line per
    game (pages checked, warnings by kind). The number of warnings."""
    from .print.reader import Report, reading_summary
    total = 0
    for game in games:
        if game.reader is None:
            continue
        words = catalogue(game.language)
        report = Report.from_dict(game.reader)
        total += len(report.warnings)
        if quiet:
            continue
        for warning in report.warnings:
            click.echo(warning.describe(words))
        click.echo(reading_summary(game.game_id, report, words))
    return total


def _figure_problem_count(games: list) -> int:
    """The figures proven not to show what they claim (figure_proof): warnings of the reader's preflight too."""
    return sum(len(game.figure_problems) for game in games)


def _strict_exit(count: int, words: Catalogue) -> None:
    """--strict: any warning of the reader's preflight, a figure's proof included, fails the command (exit 1,
    the files written)."""
    if count:
        click.echo(f"pnp: {words('preflight.strict_failed', count=count)}", err=True)
        sys.exit(EXIT_CONTRADICTED)


strict_option = click.option("--strict", is_flag=True,
                             help="Fail (exit 1) on any warning of the reader's preflight (small text, words of "
                                  "the tool, pages little filled, bad page breaks...).")


def _cores() -> int:
    """The cores this process may run on (fewer than the machine's in a container or under taskset)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


content_option = click.option("--content", "content_dir", type=click.Path(path_type=Path), default=Path("content"),
                              show_default=True, help="Folder holding one sub-folder per game.")


@click.group(cls=_Pnp, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
@click.option("--debug", is_flag=True, help="On an internal error, show the Python traceback.")
def cli(debug: bool) -> None:
    """PnP Forge: print-and-play boards, cards, dice and rulebooks from plain content files."""


@cli.command()
@click.argument("games", nargs=-1)
@content_option
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("output"), show_default=True)
@click.option("--paper", type=click.Choice(list(PAPER_SIZES_MM)), default=DEFAULT_PAPER, show_default=True)
@click.option("--variant", default=None, help="Build with a named rules variant.")
@click.option("--ink-saver", is_flag=True, help="Light backgrounds, no large dark fills.")
@click.option("--cmyk", is_flag=True, help="Every colour in CMYK.")
@click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="long", show_default=True,
              help="Backs on the following page, flipped on this edge; none: fronts only.")
@click.option("--fold", is_flag=True, help="Front and back side by side with a fold line, for printers without duplex.")
@click.option("--cut-lines", is_flag=True, help="Draw every cut outline, not only crop marks.")
@click.option("--shop", is_flag=True, help="Also write print-shop files: one CMYK PDF per deck, back and front alternating.")
@click.option("--printer", "printer_name", default=None, metavar="NAME",
              help="Correct every duplex back page by the printer profile NAME (pnp printer add).")
@click.option("--cutter", type=click.Choice(["silhouette", "cricut"]), default=None,
              help="Lay sheets out inside a cutting machine's registration marks, with a matching cut file.")
@click.option("--orientation", type=click.Choice(["auto", "portrait", "landscape"]), default="auto", show_default=True,
              help="The way up of every n-up sheet and board; auto: whichever holds more.")
@click.option("--jobs", type=click.IntRange(1, 64), default=lambda: min(_cores(), 64),
              show_default="the number of cores", help="Worker processes rendering games and their outputs.")
@click.option("--no-cache", is_flag=True, help="Render every output again, whatever the cache of the output folder says.")
@click.option("--seed", type=click.IntRange(0, 2**31 - 1), default=1, show_default=True,
              help="The draw of a setup card (pieces placed at random): same seed, same card.")
@click.option("-q", "--quiet", is_flag=True, help="Only the last line, and errors.")
@click.option("-v", "--verbose", is_flag=True, help="A line for every output rendered, with its time; every text shrunk to fit.")
@strict_option
def build(games, content_dir, out_dir, paper, variant, ink_saver, cmyk, duplex, fold, cut_lines, shop, printer_name,
          cutter, orientation, jobs, no_cache, seed, quiet, verbose, strict):
    """Render GAMES (default: every game of the content folder) into the output folder."""
    from .build import BuildOptions, build_games

    def body():
        ids = _games(content_dir, games)
        if cutter and paper not in ("a4", "letter"):
            _fail(_words(content_dir, ids)("cli.cutter_paper", cutter=cutter, paper=paper), EXIT_BAD_INPUT)
        profile = _profile(printer_name, content_dir) if printer_name else None
        options = BuildOptions(paper=paper, variant=variant, ink_saver=ink_saver, cmyk=cmyk, duplex=duplex,
                               fold=fold, cut_lines=cut_lines, shop=shop, printer=profile, cutter=cutter,
                               seed=seed, orientation=orientation)
        from .progress import build_progress
        try:
            with build_progress(quiet=quiet, verbose=verbose) as progress:
                built = build_games(content_dir, out_dir, ids, options, jobs=jobs, cache=not no_cache,
                                    progress=progress, gallery=False)
        except GamesFailed as err:
            _reading(err.done, quiet)
            if not quiet:
                _figure_summaries(err.done, built=True)    # the games written, then (on stderr) the failures
            words = _words(content_dir, ids)      # the failed games' language too (not the system's)
            _make_gallery(err.gallery, words, quiet, out_dir)
            _report_failures(err, words)
            sys.exit(_exit_code(err))
        words = catalogue(shared_language(game.language for game in built.games))
        if built.removed:
            click.echo(words("cli.removed_games", count=len(built.removed), ids=", ".join(built.removed),
                             content=content_dir))
        # The PDFs are in place: said first (index.html, made next, is not among these files).
        if built.written:
            click.echo(words("cli.built", files=len(built.written), count=len(ids), out=out_dir))
        else:
            click.echo(words("cli.unchanged", count=len(ids), out=out_dir))
        warnings = _reading(built.games, quiet) + _figure_problem_count(built.games)
        if not quiet:
            _figure_summaries(built.games, built=True)
        if verbose:
            _shrunk_texts(out_dir, built.games)
        _make_gallery(built.gallery, words, quiet, out_dir)
        if strict:
            _strict_exit(warnings, words)
    _run(body)


def _make_gallery(step, words, quiet: bool, out_dir: Path) -> None:
    """Write the gallery's page once the build's files are in place (`step`: None when it is current), drawing
    no thumbnail (off the designer's path: `pnp gallery`, `pnp watch`), and say whether it is current or which
    thumbnails are to draw."""
    if step is None:
        return
    done = step(draw=False)
    if quiet:
        return
    if done.pending:
        click.echo(words("cli.gallery_pending", index=done.index, count=done.pending, out=out_dir))
    else:
        click.echo(words("cli.gallery_current", index=done.index, drawn=done.drawn, count=done.pages))


@cli.command()
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("output"), show_default=True)
@click.option("-q", "--quiet", is_flag=True, help="Say nothing when all goes well.")
def gallery(out_dir, quiet):
    """Draw the gallery's thumbnails that the last build left to draw (only pages that draw like no page drawn
    before) and make output/index.html current."""
    from .build import draw_gallery
    from .gallery import languages

    def body():
        words = catalogue(shared_language(languages(out_dir) or [system_language()]))
        done = draw_gallery(out_dir)
        if done is None:
            _fail(words("cli.no_games_built", out=out_dir), EXIT_BAD_INPUT)
        if not quiet:
            click.echo(words("cli.gallery_current", index=done.index, drawn=done.drawn, count=done.pages))
    _run(body)


@cli.command()
@click.argument("games", nargs=-1)
@content_option
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("output"), show_default=True,
              help="Output folder whose build cache may spare laying out again what a build just rendered.")
@strict_option
def validate(games, content_dir, out_dir, strict):
    """Make every check of `pnp build` on GAMES (content, diagrams, rules text, layout), writing nothing; tell
    every error found."""
    from .build import validate_games

    def body():
        ids = _games(content_dir, games)
        try:
            checked, failed = validate_games(content_dir, ids, out_dir), None
        except GamesFailed as err:
            checked, failed = err.done, err
        # the failed games speak their language too (a lone English game that fails: English lines)
        words = catalogue(shared_language(game.language for game in checked)) if failed is None \
            else _words(content_dir, ids)
        warnings = _reading(checked) + _figure_problem_count(checked)
        if checked:
            click.echo(words("cli.valid", count=len(checked), ids=", ".join(game.game_id for game in checked)))
            _figure_summaries(checked)
        if failed is not None:
            _report_failures(failed, words, last="cli.failed_validation")
            sys.exit(_exit_code(failed))
        if strict:
            _strict_exit(warnings, words)
    _run(body)


@cli.command(name="list")
@content_option
def list_games(content_dir):
    """Games, their components and variants."""
    def body():
        for gid in _games(content_dir, ()):
            game = load_game(content_dir, gid)
            words = catalogue(game.info.language)
            click.echo(words("cli.list_game", id=gid, title=game.info.title, players=game.info.players))
            for c in game.components:
                kind = words(f"cli.kinds.{c.kind}") if f"cli.kinds.{c.kind}" in words else c.kind
                click.echo(f"  {kind:8} {c.id}: {c.name}")
            for v in game.info.variants:
                click.echo(f"  {words('cli.list_variant'):8} {v.id}: {v.name}")
    _run(body)


@cli.command()
@click.argument("game")
@content_option
@click.option("--title", default=None, help="The game's title (default: from the id).")
@click.option("--language", type=click.Choice(LANGUAGES), default=None,
              help="Language of the game's rules and of everything the build writes for it "
                   "(default: French if your system speaks French, else English).")
def new(game, content_dir, title, language):
    """Create content/GAME/ with a game.yaml, a board, a diagram and a rules file that build at once."""
    from .scaffold import new_game

    def body():
        chosen = language or system_language()
        words = catalogue(chosen)
        if language is None:
            click.echo(words("cli.language_chosen", other=next(lang for lang in LANGUAGES if lang != chosen)))
        for path in new_game(content_dir, game, title, language=chosen):
            click.echo(words("cli.created", path=path))
        click.echo(words("cli.next", game=game))
    _run(body)


@cli.command()
@click.argument("games", nargs=-1)
@content_option
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("output"), show_default=True)
@click.option("--paper", type=click.Choice(list(PAPER_SIZES_MM)), default=DEFAULT_PAPER, show_default=True)
def watch(games, content_dir, out_dir, paper):
    """Rebuild GAMES (default: all) whenever one of their files is saved; Ctrl-C to stop."""
    import time

    from .build import BuildOptions, Contradicted, build_games, draw_sheets_in_memory
    from .draw.pdfpages import keeping_pages
    from .watch import watch as watch_loop

    options = BuildOptions(paper=paper)

    def rebuild(changed: dict[str, list[Path]]):
        ids = list(changed)
        started, stamp = time.perf_counter(), time.strftime("%H:%M:%S")
        files = ", ".join(str(path) for game in ids for path in changed[game])
        try:
            built = build_games(content_dir, out_dir, ids, options, gallery=False)
        except (ContentError, Contradicted, GamesFailed) as err:
            # nothing of a failed game is written: its folder still holds the last build that succeeded
            words = _words(content_dir, ids)
            click.echo(words("cli.watch_failed", time=stamp, changed=files), err=True)
            if isinstance(err, ContentError):
                click.echo(err.format(), err=True)
            elif isinstance(err, Contradicted):
                for message in err.messages:
                    click.echo(message, err=True)
            else:
                _report_failures(err, words)
                _draw_gallery(err.gallery, words)
            return
        seconds = f"{time.perf_counter() - started:.2f}"
        words = catalogue(shared_language(game.language for game in built.games))
        names = sorted(str(path.relative_to(out_dir)) for path in built.written)
        shown = ", ".join(names[:WATCH_NAMES_SHOWN]) + (", …" if len(names) > WATCH_NAMES_SHOWN else "")
        outputs = words("cli.watch_outputs", count=len(names), names=shown) if names else words("cli.watch_same")
        click.echo(words("cli.watch_rebuilt", time=stamp, changed=files, outputs=outputs, seconds=seconds))
        _draw_gallery(built.gallery, words)     # the PDFs are in place and said: then the thumbnails

    def body():
        with keeping_pages():     # the sheets of each build are kept: an edit draws only the sheets it changes
            watching()

    def watching():
        ids = _games(content_dir, games)
        for gid in ids:     # a folder to watch for each game (from inside content/: where it is, said)
            if not (Path(content_dir) / gid / "game.yaml").is_file():
                load_game(content_dir, gid)
        words = _words(content_dir, ids)
        try:
            built = build_games(content_dir, out_dir, ids, options, gallery=False)
            click.echo(words("cli.rebuilt", ids=", ".join(ids), files=len(built.written)))
            _draw_gallery(built.gallery, words)
            # a game its last build left current was not drawn: its sheets are, in memory, for the next edit
            draw_sheets_in_memory(content_dir, [game.game_id for game in built.games if game.unchanged], options)
        except ContentError as err:
            click.echo(err.format(), err=True)
        except Contradicted as err:
            for message in err.messages:
                click.echo(message, err=True)
        except GamesFailed as err:
            _report_failures(err, words)
            _draw_gallery(err.gallery, words)
        click.echo(words("cli.watching", content=content_dir, ids=", ".join(ids)))
        try:
            watch_loop(content_dir, ids, rebuild)
        except KeyboardInterrupt:
            click.echo(words("cli.stopped"))
    _run(body)


WATCH_NAMES_SHOWN = 4      # a rebuild line names this many of the files it wrote


def _draw_gallery(step, words) -> None:
    """`pnp watch`: once the rebuild's PDFs are in place and said, the thumbnails of the pages that changed, and
    a line saying the gallery is current (`step`: None when it already is). A gallery that cannot be written is
    told; the watch goes on."""
    if step is None:
        return
    try:
        done = step(draw=True)
    except ContentError as err:
        click.echo(err.format(), err=True)
        return
    click.echo(words("cli.gallery_current", index=done.index, drawn=done.drawn, count=done.pages))


@cli.command()
@click.argument("game")
@content_option
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("output"), show_default=True)
@click.option("--dpi", type=click.IntRange(36, 1200), default=300, show_default=True, help="Resolution of the images.")
@click.option("--tts-url", default=None, metavar="URL",
              help="Where the images will be online (their folder's URL): the Tabletop Simulator saved objects "
                   "name them there instead of by their file:// path.")
def export(game, content_dir, out_dir, dpi, tts_url):
    """Each card, tile and counter face of GAME as a PNG, and per set Tabletop Simulator deck sheets with a saved
    object that loads them."""
    from .export import EXPORT_FOLDER, export_game

    def body():
        written, language = export_game(content_dir, out_dir, game, dpi, tts_url)
        words = catalogue(language)
        if written:
            click.echo(words("cli.exported", count=len(written), folder=Path(out_dir) / EXPORT_FOLDER / game))
        else:
            click.echo(words("cli.nothing_to_export", game=game))
    _run(body)


@cli.command()
@click.argument("game")
@click.option("--games", type=click.IntRange(1, 100000), default=100, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Same seed, same rules: same report.")
@click.option("--max-plies", type=click.IntRange(1, 100000), default=400, show_default=True,
              help="A game still going after this many plies (moves and dice) is stopped and counted as such.")
@click.option("--variant", default=None, help="Play this variant (`base`: the rules without one).")
@click.option("--compare", "compare_with", default=None, metavar="VARIANT",
              help="Play the same deals with this variant too (`base` for none) and show the differences.")
@click.option("--players", type=int, default=None, help="Number of players, where the game allows several.")
@click.option("--agents", default="",
              help="Agents by seat, comma-separated (the last one plays the remaining seats): random, greedy, mc, ismcts. "
                   "Default: the game's own, greedy where random players never arrive or score (3d Run, "
                   "Praxis) or rarely line up a shot (Armada), else random.")
@click.option("--rotate-seats", "rotate", is_flag=True,
              help="Play each deal once per seat, the agents turned one seat each game, so that a seat's own "
                   "advantage counts for no agent (--games: a multiple of the players).")
@click.option("--jobs", type=click.IntRange(1, 256), default=None, help="Processes (default: the cores).")
@click.option("--pdf", "pdf_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write the report as a one-page PDF here.")
@click.option("--into-notes", is_flag=True,
              help="Write the figures into content/GAME/playtest.yaml, which the rulebook's design notes quote.")
@content_option
def playtest(game, games, seed, max_plies, variant, compare_with, players, agents, rotate, jobs, pdf_path,
             into_notes, content_dir):
    """Play GAMES games of GAME with the rules engine: who wins (95 % intervals), how, and how long games last."""
    from .engine.playtest import default_jobs
    from .playtest.session import playtest_runs
    from .playtest.table import render, show

    result = _engine_call(lambda: playtest_runs(game, games, seed=seed, max_plies=max_plies, variant=variant,
                                                compare_with=compare_with, players=players,
                                                agents=agents.split(","), jobs=jobs or default_jobs(),
                                                content_dir=content_dir, rotate=rotate))
    words = _words(content_dir, [game])
    show(render(result.runs[0], words, result.runs[1] if len(result.runs) > 1 else None, result.diffs))
    if pdf_path is not None:
        from .playtest.sheet import report_pdf

        def write_pdf():
            from .outfolder import write_file
            try:
                write_file(pdf_path.parent, pdf_path.name, report_pdf(result.runs, words, result.diffs))
            except OSError as err:      # a full disk, a read-only folder, /dev/full
                _fail(f"{pdf_path}: {words('errors.cannot_write', reason=err.strerror or err)}", EXIT_BAD_INPUT)
        _run(write_pdf)
        click.echo(words("engine.report.written", path=pdf_path))
    if into_notes:
        from .playtest.notes import write_notes
        path = _run(write_notes, Path(content_dir), result.runs[0])
        click.echo(words("engine.report.notes_written", path=path, games=games, seed=seed))


@cli.command()
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write it to this file (e.g. content/schema.json, the file `pnp new` names in each YAML file).")
def schema(out):
    """Print the JSON Schema of the content format, for editors."""
    from .content.schema_export import schema_text, write_schema

    def body():
        if out is None:
            click.echo(schema_text(), nl=False)
        else:
            write_schema(out)
    _run(body)


@cli.command()
def guide():
    """Print the content format guide (every key of every file, with examples): docs/content-format.md."""
    from .resources import guide_file
    click.echo(guide_file().read_text(encoding="utf-8"), nl=False)


@cli.group()
@click.argument("game")
@click.pass_context
def engine(ctx, game):
    """Ask GAME's rules engine directly: pnp engine GAME perft|moves|score ..."""
    ctx.obj = game


def _engine_call(fn, *args):
    """Engine commands: bad input (unknown game, bad notation, unreadable file) is exit 2."""
    from .engine import EngineError
    try:
        return _run(fn, *args)
    except (EngineError, KeyError, ValueError) as err:
        message = err.args[0] if isinstance(err, KeyError) and err.args else str(err)
        if isinstance(err, KeyError):
            message = f"no rules engine for '{message}'"
        _fail(message, EXIT_BAD_INPUT)


@engine.command()
@click.argument("depth", type=click.IntRange(0, 12))
@click.option("--variant", default=None)
@content_option
@click.pass_obj
def perft(game, depth, variant, content_dir):
    """Count the leaves of the legal-move tree DEPTH plies deep from the start position (the count alone)."""
    from .engine.commands import perft as run_perft
    click.echo(_engine_call(run_perft, game, depth, variant, content_dir))


@engine.command()
@click.option("--position", "position_path", type=click.Path(path_type=Path), default=None,
              help="YAML position file (as a diagram's position); default: the start position.")
@content_option
@click.pass_obj
def moves(game, position_path, content_dir):
    """The legal moves of a position, as a JSON list in the game's notation."""
    from .engine.commands import moves_json
    click.echo(_engine_call(moves_json, game, position_path, content_dir))


@engine.command()
@click.argument("tiles", nargs=-1, required=True)
@click.pass_obj
def score(game, tiles):
    """Score tiles (Praxis: TILE = effect/colour, e.g. plus1/bleu): the best total, then the collections."""
    if game != "praxis":
        _fail(f"'score' is for praxis, not '{game}'", EXIT_BAD_INPUT)
    from .engine.games.praxis import praxis_score_lines
    for line in _engine_call(praxis_score_lines, list(tiles)):
        click.echo(line)


def _profile(name: str, content_dir: Path):
    from .print.printer import ProfileError, find_profile
    try:
        return find_profile(name, content_dir)
    except ProfileError as err:
        _fail(str(err), EXIT_BAD_INPUT)


@cli.group()
def printer():
    """Printer profiles: the correction of duplex back pages, read off the calibration sheet."""


@printer.command(name="add")
@click.argument("name")
@click.option("--offset", default=None, metavar="X,Y",
              help="Move every back page by X mm right and Y mm down (as the PDF draws the back page).")
@click.option("--angle", type=float, default=0.0, show_default=True,
              help="Turn every back page by this many degrees clockwise about its centre.")
@click.option("--readings", default=None, metavar="A,B,C,D",
              help="The four numbers read off the calibration sheet's scales A, B, C, D (instead of --offset).")
@click.option("--paper", type=click.Choice(list(PAPER_SIZES_MM)), default=DEFAULT_PAPER, show_default=True,
              help="The paper the calibration sheet was printed on (with --readings).")
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="The edge the calibration sheet was turned on (with --readings).")
@click.option("--project", is_flag=True, help="Save it in the project (printers/ beside the content folder), "
                                              "not in your config folder.")
@content_option
def printer_add(name, offset, angle, readings, paper, duplex, project, content_dir):
    """Save the printer profile NAME, then build with --printer NAME."""
    from .print.printer import PrinterProfile, ProfileError, from_readings, parse_pair, project_folder, \
        save_profile, user_folder
    words = _content_words(content_dir)
    try:
        if (offset is None) == (readings is None):
            raise ProfileError("give either --offset X,Y [--angle A] or --readings A,B,C,D")
        if readings is not None:
            from .print.calibration import back_scales
            from .paper_sizes import paper_size_mm
            values = [float(v) for v in _numbers(readings)]
            w, h = paper_size_mm(paper)
            profile = from_readings(name, values, back_scales(w, h, duplex), w, h)
        else:
            x, y = parse_pair(offset)
            profile = PrinterProfile(name, x, y, angle)
        path = save_profile(profile, project_folder(content_dir) if project else user_folder())
    except ProfileError as err:
        _fail(str(err), EXIT_BAD_INPUT)
    except OSError as err:
        _fail(words("cli.printer_not_saved", reason=err.strerror or str(err)), EXIT_BAD_INPUT)
    click.echo(words("cli.printer_saved", name=name, path=path, x=words.number(profile.offset_x_mm, 3),
                     y=words.number(profile.offset_y_mm, 3), angle=words.number(profile.angle_deg, 3)))


def _numbers(text: str) -> list[float]:
    from .print.printer import ProfileError
    out = []
    for part in text.replace("\u2212", "-").split(","):
        try:
            out.append(float(part.strip()))
        except ValueError:
            raise ProfileError(f"{part.strip()!r} is not a number (readings are A,B,C,D, for example "
                               f"0.5,0.25,-1,-0.75)") from None
    return out


@cli.command(name="check-print")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--paper", type=click.Choice(list(PAPER_SIZES_MM)), default=None,
              help="Every page must be this paper (either way up).")
@click.option("--shop", is_flag=True, help="Hold every file to print-shop rules (CMYK only), PDF/X or not.")
@strict_option
def check_print(files, paper, shop, strict):
    """Our preflight of any PDF: fonts embedded, boxes present and nested, no hairline under 0.25 pt, text
    inside the safe zone, page sizes, no RGB in print-shop files (exit 1 when a file fails); then the reader's
    preflight, the checks that need only the PDF (and manifest.json beside it): small text, words of the
    tool, a last page nearly empty, sheets, clipped text, text across a cut, missing bleed (warnings; exit 1
    with --strict)."""
    from .print.preflight import PreflightError, expectation_from_manifest, preflight, read_pdf, read_pdf_file
    from .print.reader import check_file, reading_summary
    failed = warnings = 0
    languages = []
    for path in files:
        try:
            read = read_pdf(read_pdf_file(path))      # read once, within its limit, for both preflights
        except PreflightError as err:
            _fail(str(err), EXIT_BAD_INPUT)
        problems = preflight(read, expectation_from_manifest(path, paper=paper, shop=shop))
        report, language, game = check_file(path, read)
        file_words = catalogue(language)     # the language of the game the file is of (its manifest's)
        languages.append(language)
        if problems:
            failed += 1
            for problem in problems:
                click.echo(f"{path}: {problem}")
        else:
            click.echo(file_words("cli.preflight_ok", file=path))
        if game is not None:       # the game's own thresholds (game.yaml), as its build read the file
            click.echo(file_words("preflight.game_thresholds", file=path, game=game[0], thresholds=", ".join(
                f"{name} = {file_words.number(value)}" for name, value in game[1].items())))
        for warning in report.warnings:
            click.echo(f"{path.parent}/{warning.describe(file_words)}")
        click.echo(reading_summary(str(path), report, file_words))
        warnings += len(report.warnings)
    if failed:
        sys.exit(EXIT_CONTRADICTED)
    if strict:
        _strict_exit(warnings, catalogue(shared_language(languages)))


def main() -> None:
    cli(prog_name="pnp")


if __name__ == "__main__":
    main()
