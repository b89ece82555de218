"""The `pnp` command line: click commands, nothing else.

Exit codes (DESIGN.md): 0 success, 1 a diagram or check contradicted,
2 bad input or usage. Errors name the file and line; no traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from . import __version__
from .build import Contradicted
from .content import ContentError, discover_games, load_game
from .paper_sizes import PAPER_SIZES_MM

EXIT_CONTRADICTED = 1
EXIT_BAD_INPUT = 2


def _fail(message: str, code: int) -> None:
    click.echo(f"pnp: {message}" if not message.startswith("content") else message, err=True)
    sys.exit(code)


def _games(content_dir: Path, games: tuple[str, ...]) -> list[str]:
    if games:
        return list(games)
    found = discover_games(content_dir)
    if not found:
        raise ContentError(content_dir, None, "no game here (no <game>/game.yaml)")
    return found


def _run(fn, *args, **kwargs):
    """Run a command body, turning known failures into messages and exit codes."""
    try:
        return fn(*args, **kwargs)
    except ContentError as err:
        _fail(err.format(), EXIT_BAD_INPUT)
    except Contradicted as err:
        for message in err.messages:
            click.echo(message, err=True)
        sys.exit(EXIT_CONTRADICTED)


content_option = click.option("--content", "content_dir", type=click.Path(path_type=Path), default=Path("content"),
                              show_default=True, help="Folder holding one sub-folder per game.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def cli() -> None:
    """PnP Forge: print-and-play boards, cards, dice and rulebooks from plain content files."""


@cli.command()
@click.argument("games", nargs=-1)
@content_option
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("output"), show_default=True)
@click.option("--paper", type=click.Choice(list(PAPER_SIZES_MM)), default="a4", show_default=True)
@click.option("--variant", default=None, help="Build with a named rules variant.")
@click.option("--ink-saver", is_flag=True, help="Light backgrounds, no large dark fills.")
@click.option("--cmyk", is_flag=True, help="Every colour in CMYK.")
@click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="long", show_default=True,
              help="Backs on the following page, flipped on this edge; none: fronts only.")
@click.option("--fold", is_flag=True, help="Front and back side by side with a fold line, for printers without duplex.")
@click.option("--cut-lines", is_flag=True, help="Draw every cut outline, not only crop marks.")
@click.option("--shop", is_flag=True, help="Also write print-shop files: one CMYK PDF per deck, back and front alternating.")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True, help="Games rendered in parallel.")
def build(games, content_dir, out_dir, paper, variant, ink_saver, cmyk, duplex, fold, cut_lines, shop, jobs):
    """Render GAMES (default: every game of the content folder) into the output folder."""
    from .build import BuildOptions, build_games

    def body():
        ids = _games(content_dir, games)
        options = BuildOptions(paper=paper, variant=variant, ink_saver=ink_saver, cmyk=cmyk, duplex=duplex,
                               fold=fold, cut_lines=cut_lines, shop=shop)
        written = build_games(content_dir, out_dir, ids, options, jobs=jobs)
        click.echo(f"{len(written)} files written for {len(ids)} game(s) in {out_dir}")
    _run(body)


@cli.command()
@click.argument("games", nargs=-1)
@content_option
def validate(games, content_dir):
    """Check content and diagrams of GAMES without rendering."""
    from .build import validate_games

    def body():
        ids = _games(content_dir, games)
        validate_games(content_dir, ids)
        click.echo(f"{len(ids)} game(s) valid: {', '.join(ids)}")
    _run(body)


@cli.command(name="list")
@content_option
def list_games(content_dir):
    """Games, their components and variants."""
    def body():
        for gid in _games(content_dir, ()):
            game = load_game(content_dir, gid)
            click.echo(f"{gid}: {game.info.title} ({game.info.players} joueurs)")
            for c in game.components:
                click.echo(f"  {c.kind:8} {c.id}: {c.name}")
            for v in game.info.variants:
                click.echo(f"  variant  {v.id}: {v.name}")
    _run(body)


@cli.command()
@click.argument("game")
@content_option
@click.option("--title", default=None, help="The game's title (default: from the id).")
def new(game, content_dir, title):
    """Create content/GAME/ with a game.yaml, a board and a rules file that build at once."""
    from .scaffold import new_game

    def body():
        for path in new_game(content_dir, game, title):
            click.echo(f"created {path}")
        click.echo(f"next: pnp build {game}")
    _run(body)


@cli.command()
@click.argument("games", nargs=-1)
@content_option
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("output"), show_default=True)
@click.option("--paper", type=click.Choice(list(PAPER_SIZES_MM)), default="a4", show_default=True)
def watch(games, content_dir, out_dir, paper):
    """Rebuild GAMES (default: all) whenever one of their files changes; Ctrl-C to stop."""
    from .build import BuildOptions, Contradicted, build_games
    from .watch import watch as watch_loop

    options = BuildOptions(paper=paper)

    def rebuild(ids):
        try:
            written = build_games(content_dir, out_dir, ids, options)
            click.echo(f"rebuilt {', '.join(ids)}: {len(written)} files")
        except ContentError as err:
            click.echo(err.format(), err=True)
        except Contradicted as err:
            for message in err.messages:
                click.echo(message, err=True)

    def body():
        ids = _games(content_dir, games)
        rebuild(ids)
        click.echo(f"watching {content_dir} ({', '.join(ids)}); Ctrl-C to stop")
        try:
            watch_loop(content_dir, ids, rebuild)
        except KeyboardInterrupt:
            click.echo("stopped")
    _run(body)


@cli.command()
@click.argument("game")
@click.option("--games", type=click.IntRange(1, 100000), default=100, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Same seed, same rules: same report.")
@click.option("--max-plies", type=click.IntRange(1, 100000), default=400, show_default=True)
@click.option("--variant", default=None)
def playtest(game, games, seed, max_plies, variant):
    """Play GAMES random games with the rules engine: who wins, how, and how long games last."""
    from .engine.playtest import playtest as run_playtest
    report = _engine_call(lambda: run_playtest(game, games, seed=seed, max_plies=max_plies, variant=variant))
    for line in report.lines():
        click.echo(line)


@cli.command()
def schema():
    """Print the JSON Schema of the content format, for editors."""
    from .content.schema_export import content_schema
    click.echo(json.dumps(content_schema(), indent=2, ensure_ascii=False))


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
@click.pass_obj
def perft(game, depth, variant):
    """Count the leaves of the legal-move tree DEPTH plies deep from the start position (the count alone)."""
    from .engine.commands import perft as run_perft
    click.echo(_engine_call(run_perft, game, depth, variant))


@engine.command()
@click.option("--position", "position_path", type=click.Path(path_type=Path), default=None,
              help="YAML position file (as a diagram's position); default: the start position.")
@click.pass_obj
def moves(game, position_path):
    """The legal moves of a position, as a JSON list in the game's notation."""
    from .engine.commands import moves_json
    click.echo(_engine_call(moves_json, game, position_path))


@engine.command()
@click.argument("tiles", nargs=-1, required=True)
@click.pass_obj
def score(game, tiles):
    """Score tiles (Praxis: TILE = effect/colour, e.g. plus1/bleu): the best total, then the collections."""
    if game != "praxis":
        _fail(f"'score' is for praxis, not '{game}'", EXIT_BAD_INPUT)
    from .engine.praxis import praxis_score_lines
    for line in _engine_call(praxis_score_lines, list(tiles)):
        click.echo(line)


def main() -> None:
    cli(prog_name="pnp")


if __name__ == "__main__":
    main()
