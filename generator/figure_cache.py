"""Rulebook figures kept between builds: a figure whose inputs are unchanged is played again, not drawn.

A figure is made (generator/figures.py: the game loaded, the engine's reading of its diagram, its component's
kind laying it out) and drawn several times a build: measured, set in each edition of the rulebook, in the HTML
edition, in its SVG preview. Each drawing is kept (draw/recording.py: the backend calls it made) per canvas
state (the backend and its scale, view, text floor, colours), with what the figure is (size, caption, what it
shows, the marks its crop cuts) and the HTML edition's SVG text of it (`KeptFigure.page_svg`: a rule edit
does not even import svgwrite), in `<out>/.pnp-cache/figures/<key>.json`:

- the **key**: the code version (generator/cache.py: the generator, its templates, fonts and drawing
  libraries, Python), the game, the edition (`--variant`), the column width the figure is made for, the
  diagram's id;
- what it was made from, checked before it is used: the names of every file of the game folder, and the hash
  of every content file read to load the game, read its diagrams, ask the engine, make and draw the figure
  (reads.py). Any of them changed (a position in diagrams.yaml, a piece style, a component) and the figure is
  made and drawn again; an edit of the rules text changes none of them, and reads the kept files only.

The engine's check of the diagrams is not this module's: the build checks them whenever the game's inputs
change (build._check_task); a figure kept here was made from the very inputs that were checked.

A figure asked for in a state it was never drawn in (set at another scale after an edit moved the layout) is
made then, and that drawing kept too. The folder is bounded (FIGURES_BYTES: the files written longest ago go
first, those of an older code version before any other); a file that cannot be read or written is as if there were none: the cache only ever saves time.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Callable, Optional

from .cache import CACHE_FOLDER, code_version, file_digest, listing
from .components.diagram import Figure
from .components.diagram.figure import Shown
from .draw.recording import NotKept, RecordingCanvas, decode_ops, dumps, images, replay, state_key
from .outfolder import write_file
from .reads import recording
from .resources import templates_dir

FORMAT = 1
FOLDER = f"{CACHE_FOLDER}/figures"
FIGURES_BYTES = 48 * 1024 * 1024      # the kept drawings of every game of an output folder; oldest go first
ENTRY_BYTES = FIGURES_BYTES // 8      # a figure's drawings larger than this are not kept
_OWN = Path(os.path.abspath(__file__)).parent     # the generator's own files (an icon drawn as an image)


class FigureCache:
    """The kept figures of one output folder, for one build (file hashes are taken once per build)."""

    def __init__(self, out_dir: Path):
        self.out_dir = Path(out_dir)
        self.folder = self.out_dir / FOLDER
        self._digests: dict[Path, str | None] = {}
        self._dirty: dict[str, "_Kept"] = {}
        self.counts = {"kept": 0, "made": 0, "replayed": 0, "drawn": 0}

    def _digest(self, path: Path) -> str | None:
        if path not in self._digests:
            self._digests[path] = file_digest(path)
        return self._digests[path]

    def figures(self, content_dir: Path, game_id: str, diagram_ids: list[str], variant: str | None,
                max_width_mm: float, load_reads: set[Path], make: Callable[[], dict[str, Figure]]) -> dict[str, Figure]:
        """The game's figures by id, in `diagram_ids` order: each kept one as it was kept, the others made by
        `make()` (called once, only if one is missing or asked for in a state never drawn)."""
        content_dir = Path(os.path.abspath(content_dir))
        names = listing(content_dir / game_id)
        listed = hashlib.sha256("\n".join(names).encode("utf-8", "surrogatepass")).hexdigest()
        base = "\n".join([code_version(), game_id, repr(variant), repr(float(max_width_mm))])
        made: dict[str, Figure] = {}
        made_reads: set[Path] = set()

        def real() -> dict[str, Figure]:
            if not made:
                with recording(content_dir) as read:
                    made.update(make())
                made_reads.update(read)
            return made

        kept = {}
        for figure_id in diagram_ids:
            key = hashlib.sha256(f"{base}\n{figure_id}".encode("utf-8", "surrogatepass")).hexdigest()
            entry = self._load(key, content_dir, listed)
            kept[figure_id] = _Kept(self, key, figure_id, content_dir, listed, entry, real, load_reads, made_reads)
        if any(k.meta is None for k in kept.values()):
            real()
        figures = {}
        for figure_id, k in kept.items():
            if k.meta is None:
                figure = made.get(figure_id)
                if figure is None:          # the edition does not draw it (made for another): as game_figures
                    continue
                k.meta = _meta(figure)
                self.counts["made"] += 1
            else:
                self.counts["kept"] += 1
            figures[figure_id] = k.figure()
        return figures

    def _load(self, key: str, content_dir: Path, listed: str) -> dict | None:
        path = self.folder / f"{key}.json"
        try:
            if path.stat().st_size > ENTRY_BYTES:
                return None        # never written so large: not read (a cost bounded before it is paid)
            entry = json.loads(path.read_text(encoding="utf-8"))
            if entry.get("format") != FORMAT or entry.get("listing") != listed:
                return None
            if not all(_plain(name) for name in entry["reads"]):
                return None        # only the content folder's own files are ever read for it
            if any(self._digest(content_dir / name) != sha for name, sha in entry["reads"].items()):
                return None
            return entry
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None

    def flush(self) -> None:
        """Write the figures drawn in new states since the last flush, then keep the folder within its bound."""
        if not self.out_dir.is_dir():
            return      # a first build not yet written: kept in memory, so a build that fails creates no folder
        dirty, self._dirty = self._dirty, {}
        wrote = False
        for key, kept in dirty.items():
            on_disk = self._load(key, kept.content_dir, kept.listed)   # another process's drawings of the same
            if on_disk is not None:                                      # inputs (a worker's): kept too
                for state, i in on_disk["drawings"].items():
                    kept.encoded.setdefault(state, on_disk["ops"][i])
                kept.svg = kept.svg or on_disk.get("svg")
            data = kept.to_json()
            if data is None or len(data) > ENTRY_BYTES:
                continue
            try:
                write_file(self.out_dir, f"{FOLDER}/{key}.json", data)
                wrote = True
            except (OSError, ValueError):
                continue           # an output folder we cannot write into: told by the build, not here
            except Exception:      # noqa: BLE001 - write_file refusing the name (ContentError): never for ours
                continue
        if wrote:
            self._bound()

    def _bound(self) -> None:
        try:
            files = [(p.stat().st_mtime_ns, p.stat().st_size, p) for p in self.folder.glob("*.json")]
        except OSError:
            return
        total = sum(size for _, size, _ in files)
        for _, size, path in sorted(files):
            if total <= FIGURES_BYTES:
                break
            try:
                path.unlink()
            except OSError:
                continue
            total -= size


@dataclass(frozen=True)
class KeptFigure(Figure):
    """A figure of the cache: `page_svg()` is its SVG for a page that has the fonts (rulebook/html.py), kept too."""
    page_svg: Optional[Callable[[], tuple[str, set]]] = None


def _meta(figure: Figure) -> dict:
    return {"id": figure.id, "caption": figure.caption, "width_mm": figure.width_mm, "height_mm": figure.height_mm,
            "shows": [{f.name: _plain_data(getattr(s, f.name)) for f in fields(Shown)} for s in figure.shows],
            "cut": list(figure.cut)}


class _Kept:
    """One figure: what it is, its drawings by canvas state, and how to make it when a state is missing."""

    def __init__(self, cache: FigureCache, key: str, figure_id: str, content_dir: Path, listed: str,
                 entry: dict | None, real: Callable[[], dict], load_reads: set[Path], made_reads: set[Path]):
        self.cache, self.key, self.id, self.content_dir, self.listed = cache, key, figure_id, content_dir, listed
        self.meta = entry["figure"] if entry else None
        # by state: its ops as read from the file (a state drawn like another shares its ops there), or the JSON
        # text of a drawing made in this build (draw/recording.py dumps)
        self.encoded: dict[str, object] = {state: entry["ops"][i] for state, i in entry["drawings"].items()} \
            if entry else {}
        self.drawings: dict[str, object] = {}
        self.reads = {content_dir / name for name in entry["reads"]} if entry else set()
        self.svg = entry.get("svg") if entry else None      # [svg text, [[bold, italic], ...]]
        self._real, self._load_reads, self._made_reads = real, load_reads, made_reads
        # its repeated art taken down once for all its drawings, and written once (draw/recording.py)
        self._arts: dict = {}
        self._art_texts: dict = {}

    def figure(self) -> Figure:
        m = self.meta
        shows = tuple(Shown(**{name: _tuples(value) for name, value in shown.items()}) for shown in m["shows"])
        return KeptFigure(m["id"], m["caption"], m["width_mm"], m["height_mm"], self.draw, shows, tuple(m["cut"]),
                          self.page_svg)

    def page_svg(self) -> tuple[str, set]:
        """The HTML edition's SVG of the figure (svgwrite is not even imported when it is kept)."""
        if self.svg is None:
            from .rulebook.html import drawn_svg
            text, faces = drawn_svg(self.figure())
            self.svg = [text, sorted([bold, italic] for bold, italic in faces)]
            self.cache._dirty[self.key] = self
        return self.svg[0], {(bold, italic) for bold, italic in self.svg[1]}

    def draw(self, canvas) -> None:
        state = state_key(canvas)
        ops = self.drawings.get(state)
        if ops is None and state in self.encoded:
            encoded = self.encoded[state]
            ops = next((self.drawings[other] for other, same in self.encoded.items()
                        if same is encoded and other in self.drawings), None) or decode_ops(encoded)
            if all(self._readable(source) for source in images(ops)):
                self.drawings[state] = ops
            else:
                ops = None          # an image from outside the content folder and the generator: drawn instead
        if ops is not None:
            replay(ops, canvas)
            self.cache.counts["replayed"] += 1
            return
        figure = self._real()[self.id]
        recorder = RecordingCanvas(canvas, self._arts)
        with recording(self.content_dir) as read:
            figure.draw(recorder)
        self.cache.counts["drawn"] += 1
        self.reads |= read | self._load_reads | self._made_reads
        try:
            self.encoded[state] = dumps(recorder.ops, self._art_texts)
        except NotKept:
            return
        self.drawings[state] = recorder.ops
        self.cache._dirty[self.key] = self

    def _readable(self, source: str) -> bool:
        """An image a kept drawing may place: a file of the content folder or of the generator's own."""
        path = Path(os.path.abspath(source))
        return any(path.is_relative_to(root) for root in (self.content_dir, _OWN, Path(os.path.abspath(templates_dir()))))

    def to_json(self) -> bytes | None:
        root = self.content_dir
        try:
            reads = {str(p.relative_to(root)): self.cache._digest(p) for p in sorted(self.reads)}
        except ValueError:
            return None
        if any(sha is None for sha in reads.values()):
            return None
        ops, index, drawings = [], {}, {}
        for state in sorted(self.encoded):
            text = self.encoded[state]
            if not isinstance(text, str):
                text = json.dumps(text, ensure_ascii=False, separators=(",", ":"))
            if text not in index:
                index[text] = len(ops)
                ops.append(text)
            drawings[state] = index[text]
        head = json.dumps({"format": FORMAT, "listing": self.listed, "reads": reads, "figure": self.meta,
                           "drawings": drawings, "svg": self.svg}, ensure_ascii=False, separators=(",", ":"),
                          sort_keys=True)
        try:
            return (head[:-1] + ',"ops":[' + ",".join(ops) + "]}").encode("utf-8")
        except UnicodeEncodeError:      # a lone surrogate in a text: drawn every time rather than kept
            return None


def _plain_data(value):
    """A Shown field as JSON data (its tuples as lists)."""
    return [_plain_data(v) for v in value] if isinstance(value, (tuple, list)) else value


def _tuples(value):
    """JSON data back as a Shown field (its lists as tuples)."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _plain(name: str) -> bool:
    return not os.path.isabs(name) and ".." not in Path(name).parts
