"""The incremental cache of `pnp build`: what of a game's output folder can be kept as it is.

A game's outputs are made in *units* (build.py): one per component, the
diagram previews, the rulebook, the calibration page; the print guide and
manifest.json are assembled from every unit's results. The record of a game,
`<out>/.pnp-cache/<game>.json`, written after its folder was replaced, says
what each unit was made from and what it made:

- the **code version**: a hash of the generator's source files, its templates
  and catalogues, the versions of the libraries that draw (reportlab,
  svgwrite...) and of Python: any change of code rebuilds everything;
- the **options** of the build (every BuildOptions field): a changed option
  rebuilds the whole game (an option may change any output);
- the **game's inputs**: the names of every file of the game folder, and the
  content hash of every file read while loading the game, checking its
  diagrams and drawing its figures (recorded by generator/reads.py as they
  are opened). A new, removed or edited file among them rebuilds the game
  (its diagrams checked again);
- for each unit, the hash of every content file read while rendering it (the
  rulebook reads rules.<lang>.md, a sheet its Markdown, a board its images),
  the files it made with their hashes, and what the print guide and the
  manifest say of them;
- every file of the folder with its hash, size, modification time and inode,
  so an output changed or removed by hand is noticed.

A unit is fresh when the code, the options and the game's inputs are those
recorded, its own reads hash as recorded and its files are still as written:
its files are then kept (hard-linked into the new folder), not rendered. An
edit of rules.fr.md thus renders the rulebook again, then the print guide and
the manifest (they list it); boards, decks and sheets are kept. A game whose
every unit and file is fresh is not touched at all.

When the game's inputs changed (a component file edited), the game is loaded
again, and a unit that says what of the loaded game it is made from (its
**model**: build.unit_model, a hash of the component and the components
sharing its sheets, the game's settings and assets; the calibration page's
title and language) is still fresh when that hash, its own reads and its files
are unchanged (`kept_units`): an edit of a deck renders that deck again, not
the calibration page nor the other decks. A unit without a model (the
rulebook, the figures, a text sheet: they read the whole game) is rendered
again.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .resources import templates_dir

FORMAT = 3
CACHE_FOLDER = ".pnp-cache"
# The libraries whose version changes the bytes we write.
_DRAWING_LIBRARIES = ("reportlab", "svgwrite", "jinja2", "markupsafe", "pyyaml", "fontpkg-fira-sans",
                      "markdown-it-py", "pypdf")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_digest(path: Path) -> str | None:
    """The hash of a file's bytes, None when it cannot be read (then nothing recorded about it matches)."""
    try:
        return digest(Path(path).read_bytes())
    except OSError:
        return None


@lru_cache(maxsize=1)
def code_version() -> str:
    """One hash of everything but the content that decides the bytes of an output."""
    h = hashlib.sha256(sys.version.encode())
    for root in (Path(__file__).resolve().parent, templates_dir()):
        for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    for installed in _library_versions():
        h.update(installed.encode() + b"\0")
    return h.hexdigest()


def library_version(project: str) -> str | None:
    """The version of one of the drawing libraries installed (_DRAWING_LIBRARIES), without importing it."""
    return next((v.rpartition("-")[2] for v in _library_versions() if v.rpartition("-")[0] == project), None)


def _library_versions() -> list[str]:
    """'name-version' of each drawing library installed, from the names of the dist-info folders on sys.path
    (importlib.metadata would take ten times as long, importing the libraries longer still)."""
    wanted = set(_DRAWING_LIBRARIES)
    found = set()
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                project, _, version = name.rsplit(".", 1)[0].partition("-")
                project = project.lower().replace("_", "-")
                if project in wanted:
                    found.add(f"{project}-{version}")
    return sorted(found)


def listing(folder: Path) -> list[str]:
    """Every file of a game folder, relative, sorted (hidden files left out): a new or removed file is a change."""
    folder = Path(folder)
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                  if p.is_file() and not any(part.startswith(".") for part in p.relative_to(folder).parts))


def hashes_of(content_dir: Path, read: set[Path]) -> dict[str, str]:
    """The recorded files, relative to the content folder, with their hashes now."""
    root = Path(os.path.abspath(content_dir))
    return {str(Path(path).relative_to(root)): file_digest(path) for path in sorted(read)}


def _still(content_dir: Path, hashes: dict[str, str]) -> bool:
    root = Path(content_dir)
    return all(file_digest(root / name) == sha for name, sha in hashes.items())


def signature(path: Path) -> list[int] | None:
    """What says a file is still the one written: size, modification time, inode."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ino]


@dataclass
class UnitRecord:
    """What one unit read and made: reads {content path: hash}, files {name: hash}, guide and manifest entries."""
    reads: dict[str, str]
    files: dict[str, str]
    guide: list = field(default_factory=list)       # [name, GuideInfo fields]
    entries: list = field(default_factory=list)     # manifest entries of its documents
    reader: dict = field(default_factory=dict)      # what the reader's preflight found in its PDFs
    model: str = ""                                 # what of the loaded game it is made from (build.unit_model)
    shrunk: list = field(default_factory=list)      # texts of its files set smaller to fit (GameOutput.shrunk)


@dataclass
class GameRecord:
    game: str
    code: str
    options: dict
    listing: list[str]
    game_reads: dict[str, str]
    units: dict[str, UnitRecord]          # in the order of the game's units
    files: dict[str, list]                # every file of the folder: [hash, size, mtime_ns, inode]
    summary: dict                         # what the terminal says of the game: language, figures [checked, illustrations]
    content: str = ""                     # the content folder it was built from (absolute): its removal is noticed

    def to_json(self) -> str:
        units = {uid: vars(unit) for uid, unit in self.units.items()}
        data = {"format": FORMAT, "game": self.game, "code": self.code, "options": self.options,
                "listing": self.listing, "game_reads": self.game_reads, "units": units, "files": self.files,
                "summary": self.summary, "content": self.content}
        return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n"

    @classmethod
    def from_json(cls, text: str) -> "GameRecord | None":
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                return None
            units = {uid: UnitRecord(**unit) for uid, unit in data["units"].items()}
            return cls(data["game"], data["code"], data["options"], data["listing"], data["game_reads"], units,
                       data["files"], data["summary"], str(data.get("content", "")))
        except (ValueError, KeyError, TypeError, AttributeError):
            return None   # a record of another version, or damaged: as if there were none


def record_path(out_dir: Path, game_id: str) -> Path:
    return Path(out_dir) / CACHE_FOLDER / f"{game_id}.json"


def read_record(out_dir: Path, game_id: str) -> GameRecord | None:
    try:
        text = record_path(out_dir, game_id).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    record = GameRecord.from_json(text)
    return record if record is not None and record.game == game_id else None


@dataclass
class Freshness:
    """What the record of a game says can be kept: `units` fresh by id; `checked` when its inputs are unchanged
    (load, diagram check and figures would give what they gave); `whole` when nothing at all is to be done."""
    record: GameRecord | None
    units: dict[str, UnitRecord]
    checked: bool
    whole: bool


NOTHING_FRESH = Freshness(None, {}, False, False)


def freshness(content_dir: Path, out_dir: Path, game_id: str, options: dict) -> Freshness:
    """Compare the record of a game with its content and output folder now (reads hashes, stats files)."""
    record = read_record(out_dir, game_id)
    if record is None or record.code != code_version() or record.options != options:
        return NOTHING_FRESH
    if listing(Path(content_dir) / game_id) != record.listing or not _still(content_dir, record.game_reads):
        return Freshness(record, {}, False, False)    # loaded again: kept_units says which units still are
    folder = Path(out_dir) / game_id
    intact = _intact(folder, record)
    units = {uid: unit for uid, unit in record.units.items()
             if set(unit.files) <= intact and _still(content_dir, unit.reads)}
    whole = len(units) == len(record.units) and len(intact) == len(record.files) \
        and sorted(listing(folder)) == sorted(record.files)
    return Freshness(record, units, True, whole)


def _intact(folder: Path, record: GameRecord) -> set[str]:
    return {name for name, (sha, *sig) in record.files.items() if signature(folder / name) == sig}


def kept_units(content_dir: Path, out_dir: Path, record: GameRecord, models: dict[str, str]) -> dict[str, UnitRecord]:
    """Of a game whose inputs changed, the units still fresh: made from the same model (`models`: unit -> its
    model now, build.unit_model; "" for a unit made from the whole game), their own reads and files unchanged."""
    intact = _intact(Path(out_dir) / record.game, record)
    return {uid: unit for uid, unit in record.units.items()
            if unit.model and models.get(uid) == unit.model and set(unit.files) <= intact
            and _still(content_dir, unit.reads)}
