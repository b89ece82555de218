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

from .components.board import board_item
from .components.face import Item
from .components.sheet import render_sheet
from .content import load_game
from .content.models import Board, Dice, Game, Sheet
from .draw.pdf import PdfCanvas
from .draw.svg import SvgCanvas

PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}


class Contradicted(Exception):
    """A diagram or check disagrees with the engine: exit code 1."""

    def __init__(self, messages: list[str]):
        self.messages = messages
        super().__init__("\n".join(messages))


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "a4"
    variant: str | None = None
    ink_saver: bool = False
    cmyk: bool = False


@dataclass
class GameOutput:
    """Files of one game, name relative to output/<game>/ -> bytes."""
    game: Game
    files: dict[str, bytes] = field(default_factory=dict)

    def add(self, name: str, data: bytes | str) -> None:
        if name in self.files:
            raise ValueError(f"two outputs named {name}")  # a programming error
        self.files[name] = data.encode("utf-8") if isinstance(data, str) else data


def _pdf_meta(game: Game, what: str) -> dict:
    return {"title": f"{game.info.title} — {what}", "author": ", ".join(game.info.authors),
            "subject": game.info.credit or game.info.title}


def _face_svg(item: Item, title: str) -> str:
    face = item.front
    svg = SvgCanvas(face.bleed_width_mm, face.bleed_height_mm, title=title)
    face.draw(svg)
    return svg.tostring()


def _single_face_pdf(game: Game, item: Item, paper: tuple[float, float], options: BuildOptions) -> bytes:
    """One item centred on a page, TrimBox and BleedBox on its own rectangles."""
    face = item.front
    pw, ph = paper
    if face.bleed_width_mm > pw or face.bleed_height_mm > ph:
        pw, ph = ph, pw  # landscape when the face is wider than tall
    x = (pw - face.bleed_width_mm) / 2
    y = (ph - face.bleed_height_mm) / 2
    pdf = PdfCanvas(**_pdf_meta(game, item.label), cmyk=options.cmyk)
    pdf.begin_page(pw, ph, trim=(x + face.bleed_mm, y + face.bleed_mm, face.width_mm, face.height_mm),
                   bleed=(x, y, face.bleed_width_mm, face.bleed_height_mm))
    with pdf.group(translate=(x, y)):
        face.draw(pdf)
    return pdf.finish()


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


def render_game(game: Game, options: BuildOptions) -> GameOutput:
    out = GameOutput(game)
    for figure_id, figure in figures(game, game.folder.parent).items():
        out.add(f"diagrams/{figure_id}.svg", figure.svg())
    paper = PAPERS_MM[options.paper]
    for component in game.components:
        if isinstance(component, Board):
            item = board_item(component)
            out.add(f"board-{component.id}.pdf", _single_face_pdf(game, item, paper, options))
            out.add(f"board-{component.id}.svg", _face_svg(item, f"{game.info.title} — {component.name}"))
        elif isinstance(component, Sheet):
            w, h = paper
            pdf = PdfCanvas(**_pdf_meta(game, component.name), cmyk=options.cmyk)
            pdf.begin_page(w, h)
            render_sheet(pdf, component, game.info, game.folder, w, h)
            out.add(f"{component.id}.pdf", pdf.finish())
            svg = SvgCanvas(w, h, title=f"{game.info.title} — {component.name}")
            render_sheet(svg, component, game.info, game.folder, w, h)
            out.add(f"{component.id}.svg", svg.tostring())
        elif isinstance(component, Dice):
            from .print.dicenet import dice_outputs
            for name, data in dice_outputs(game, component, paper, options).items():
                out.add(name, data)
    return out


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
    games = [load_game(content_dir, gid) for gid in game_ids]
    for game in games:
        check_game(game, content_dir)
    return games


def _render_one(content_dir: Path, game_id: str, options: BuildOptions) -> tuple[str, dict[str, bytes]]:
    game = load_game(content_dir, game_id)
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
    write_atomically(index, _gallery(content_dir, Path(out_dir)).encode("utf-8"))
    written.append(index)
    return written


def _gallery(content_dir: Path, out_dir: Path) -> str:
    """The index of every game built so far in out_dir (building one game keeps the others listed)."""
    from .content import discover_games
    from .gallery import gallery_html
    games = []
    for gid in discover_games(content_dir):
        folder = out_dir / gid
        if not folder.is_dir():
            continue
        info = load_game(content_dir, gid).info
        files = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and not p.name.startswith("."))
        games.append({"id": gid, "title": info.title, "players": info.players, "duration": info.duration,
                      "ages": info.ages, "credit": info.credit or ", ".join(info.authors), "files": files,
                      "previews": [f for f in files if f.endswith(".svg") and "/" not in f]})
    return gallery_html(games)
