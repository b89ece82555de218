"""output/index.html: every game of an output folder on one page, to look at before printing.

Per game: every page of every PDF as a thumbnail (sheets, boards, rulebook, print guide), every face a player
cuts out (cards, tiles, counters: each different face once, with its count), every rulebook figure with its
check status, every file; the errors of the last build in a banner; a filter by game, kind and words (a small
inline script: the page loads nothing from elsewhere and works from file://).

The page is made from the output folder alone (each game's manifest.json says what the gallery needs, in
`about`), so games built from different content folders share it. Thumbnails are PNGs rasterised from the
PDFs (`raster.py`) into `_gallery/<game>/`, made again only for a PDF whose hash changed, and in it only for
the pages that draw differently from every page drawn before (`pagehash.py`): a one-card edit of a deck draws
one sheet again. Drawing them is not on the path the designer waits on: `pnp build` writes the page with the
thumbnails still current (their PDF's hash unchanged) and marks the PDFs whose thumbnails are to draw, never
showing a stale one (`draw=False`: nothing rasterised, pypdfium2 not imported); `pnp gallery`
draws them, and `pnp watch` does after each rebuild, once the PDFs are in place; each says when the gallery
is current. Identical output
gives a byte-identical page: what changes from build to build (the date, the seconds) is in the build's
record `.pnp-cache/gallery-status.js`, which the page's script reads.

The page speaks the language its games share (French when they differ); each game's section speaks that
game's language.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from .i18n import DEFAULT_LANGUAGE, LANGUAGES, catalogue, shared_language

GALLERY_FOLDER = "_gallery"            # game ids never start with "_": never a game's folder
STATUS_NAME = "gallery-status.js"      # in the cache folder: not output, so not compared between builds
STATUS_PREFIX = "window.pnpBuild = "
RECORD_NAME = "thumbnails.json"        # per game, in its gallery folder: which PDF (hash) each thumbnail shows
PAGE_DPI = 40                          # an A4 page: 331 x 468 px, a thumbnail sharp on a dense screen
FACE_PX = 300                          # longest side of a set's largest face: sharp at the page's 8rem on a
                                       # dense screen (a poker card at 87 dpi, a 20 mm counter at 381 dpi)
FACE_MAX_DPI = 400                     # a tiny face is not drawn larger than this
PNG_LEVEL = 3                          # zlib: thumbnails are made often; 6 makes them 7 % smaller, 60 % slower
SAME_FACE_TOLERANCE = 40               # two faces whose pixels differ by no more are one face drawn twice:
                                       # the same face at two places of a sheet differs by its anti-aliasing
                                       # (a few levels); two faces with a digit apart differ by 100 and more
SAME_FACE_WINDOW = 8                   # a face is compared with the last 8 different faces of its side only:
                                       # copies of a face follow each other on the sheets (a deck's shared back
                                       # is one face); comparing each with every other was quadratic (4999
                                       # different cards: hours, and every face's pixels held at once)

GUIDE, RULES, FIGURES, CALIBRATION = "guide", "rules", "figures", "calibration"
_UNIT_KINDS = {"figures": FIGURES, "rulebook": RULES, "calibration": CALIBRATION}
_COMPONENT = "component:"


# --- What the build records in the manifest (`about`) -------------------------------------------------------

def outputs_about(game, unit_names: Sequence[str], units: Sequence, guide_name: str) -> list:
    """Each file of the game (`units`: the build's UnitResults, in the order of `unit_names`) with the kind a
    reader filters it by, what it is (its component's name, else the print guide's title of it) and whether its
    pages hold faces cut out one by one (the kinds whose registry entry gives `items`)."""
    from .kinds import kind_of
    components = {c.id: c for c in game.components}
    about = []
    for unit_name, unit in zip(unit_names, units):
        titles = {name: info.title for name, info in unit.guide}
        component = components.get(unit_name[len(_COMPONENT):]) if unit_name.startswith(_COMPONENT) else None
        for name in unit.files:                      # in the order the unit made them
            if component is not None:
                kind = kind_of(component)
                entry = {"kind": kind.name, "title": component.name, "faces": kind.items is not None}
            else:
                entry = {"kind": _UNIT_KINDS.get(unit_name, unit_name), "title": titles.get(name), "faces": False}
            about.append({"file": name, **entry})
    about.append({"file": guide_name, "kind": GUIDE, "title": None, "faces": False})
    return about


def figures_about(diagrams) -> list:
    """Each figure: its id, caption and whether the engine checked its claims (a figure the engine
    contradicts fails the build, so every checked figure of a written game holds)."""
    return [{"id": d.id, "caption": d.caption, "checked": not d.is_illustration} for d in diagrams]


# --- Thumbnails ----------------------------------------------------------------------------------------------

def _png_size(data: bytes) -> tuple[int, int]:
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


class _Pixels:
    """A face's pixels, and the same at a quarter of the size, to tell most different faces apart at once."""

    def __init__(self, width: int, height: int, rgb: bytes):
        from PIL import Image
        self.width, self.height, self.rgb = width, height, rgb
        self.image = Image.frombytes("RGB", (width, height), rgb)
        self.small = self.image.reduce(4) if min(width, height) >= 8 else self.image

    def same(self, other: "_Pixels") -> bool:
        """Whether no pixel differs by more than SAME_FACE_TOLERANCE. An average never differs by more than the
        largest difference it averages, so the small images refuse most pairs without the large ones."""
        from PIL import ImageChops
        if (self.width, self.height) != (other.width, other.height):
            return False
        if self.rgb == other.rgb:
            return True
        for one, two in ((self.small, other.small), (self.image, other.image)):
            if any(high > SAME_FACE_TOLERANCE for _, high in ImageChops.difference(one, two).getextrema()):
                return False
        return True


def _faces_of(pdf: bytes, entry: dict) -> list[tuple[dict, bytes]]:
    """Each different face of a print file once: (description, PNG). The first copy of each (item, face) is
    rendered at its trim; faces drawn alike (copies under other ids, a back shared by a deck) are one."""
    import hashlib
    from collections import deque

    from .raster import iter_regions, png
    firsts: dict[tuple[str, str], tuple[int, list, int]] = {}
    counts: dict[tuple[str, str], int] = {}
    for index, page in enumerate(entry.get("pages", [])):
        for item in page.get("items", []):
            key = (str(item["id"]), str(item["face"]))
            counts[key] = counts.get(key, 0) + 1
            firsts.setdefault(key, (index, item["trim_mm"], int(item.get("rotation_deg", 0))))
    if not firsts:
        return []
    order = {key: n for n, key in enumerate(firsts)}
    keys = sorted(firsts, key=lambda k: (k[1] == "back", order[k]))   # fronts first, in sheet order
    largest_mm = max(max(firsts[k][1][2], firsts[k][1][3]) for k in keys)
    dpi = min(FACE_MAX_DPI, FACE_PX / (largest_mm / 25.4))
    # One face rendered at a time and kept as its PNG: memory holds the different faces' PNGs and the pixels of
    # the last SAME_FACE_WINDOW of each side, whatever the size of the deck.
    rendered = iter_regions(pdf, ((firsts[key][0], firsts[key][1], firsts[key][2]) for key in keys), dpi)
    faces: list[tuple[dict, bytes]] = []
    exact: dict[tuple, dict] = {}                          # (side, width, height, pixels' hash): its face
    recent: dict[str, deque] = {}                          # side: (face, pixels) of its last different faces
    for key, (width, height, rgb) in zip(keys, rendered):
        digest = (key[1], width, height, hashlib.sha256(rgb).digest())
        same = exact.get(digest)
        if same is None:
            pixels = _Pixels(width, height, rgb)
            window = recent.setdefault(key[1], deque(maxlen=SAME_FACE_WINDOW))
            same = next((face for face, seen in window if seen.same(pixels)), None)
        if same is not None:
            same["count"] += counts[key]
            same["ids"].append(key[0])
            exact.setdefault(digest, same)
            continue
        face = {"ids": [key[0]], "side": key[1], "count": counts[key]}
        exact[digest] = face
        window.append((face, pixels))
        faces.append((face, png(width, height, [rgb[y * width * 3:(y + 1) * width * 3] for y in range(height)],
                                dpi, PNG_LEVEL)))
    return faces


@lru_cache(maxsize=1)
def _thumbnails_version() -> str:
    """The code that draws thumbnails (this module, raster.py, pagehash.py) and pypdfium2's version: a thumbnail
    drawn by other code is drawn again."""
    import hashlib

    from pypdfium2.version import PYPDFIUM_INFO     # (importlib.metadata's version() cost a build 0.03 s)
    here = Path(__file__).resolve().parent
    code = b"".join((here / name).read_bytes() for name in ("gallery.py", "raster.py", "pagehash.py"))
    return hashlib.sha256(code + PYPDFIUM_INFO.version.encode()).hexdigest()[:16]


def _drawn_page(page_hash: str | None, old_pages: dict[str, str], folder: Path) -> Path | None:
    """The thumbnail in place of a page that drew alike (same hash), if any."""
    src = old_pages.get(page_hash) if page_hash else None
    return folder / src if src and (folder / src).is_file() else None


def _game_thumbnails(out_dir: Path, game_id: str, manifest: dict) -> tuple[dict, dict[str, bytes | Path], int]:
    """The game's thumbnails, made for the PDFs whose hash changed since the record and kept for the others;
    within a changed PDF, a page is drawn only when no page of the record has its hash (pagehash.py):
    (record, files of the game's gallery folder (bytes for a new one, Path for one kept), pages drawn)."""
    from . import raster
    from .pagehash import page_hashes
    folder = out_dir / GALLERY_FOLDER / game_id
    try:
        old = json.loads((folder / RECORD_NAME).read_text(encoding="utf-8"))
        if old.get("version") != _thumbnails_version():
            old = {}
    except (OSError, ValueError):
        old = {}
    old_docs = old.get("documents", {})
    old_pages = {page["hash"]: page["src"] for doc in old_docs.values() for page in doc.get("pages", [])
                 if page.get("hash")}
    hashes = {entry["file"]: entry["sha256"] for entry in manifest.get("outputs", [])}
    entries = {entry["file"]: entry for entry in manifest.get("files", [])}
    faces_of = {d["file"] for d in manifest.get("about", {}).get("outputs", []) if d.get("faces")}
    documents, files, drawn = {}, {}, 0
    now: dict[str, bytes] = {}              # page hash -> thumbnail drawn by this call
    for name in sorted(hashes):
        if not name.endswith(".pdf"):
            continue
        kept = old_docs.get(name)
        if kept and kept.get("sha256") == hashes[name] and all(
                (folder / t["src"]).is_file() for t in kept["pages"] + kept["faces"]):
            documents[name] = kept
            for thumb in kept["pages"] + kept["faces"]:
                files[thumb["src"]] = folder / thumb["src"]
            continue
        pdf = (out_dir / game_id / name).read_bytes()
        stem = name[:-len(".pdf")]
        made: dict[str, bytes] = {}
        pages = []
        hashes_of_pages = page_hashes(pdf)
        if hashes_of_pages is None:                       # not a file of ours: every page drawn
            images = raster.rasterise_pages(pdf, PAGE_DPI, PNG_LEVEL)
            hashes_of_pages = [None] * len(images)
        else:       # a page drawn alike before (in any PDF of the game) or just now (a deck's backs) is not drawn
            first = {}
            for index, page_hash in enumerate(hashes_of_pages):
                if page_hash not in now and _drawn_page(page_hash, old_pages, folder) is None:
                    first.setdefault(page_hash, index)
            images = raster.rasterise_pages(pdf, PAGE_DPI, PNG_LEVEL, first.values())
            now.update({page_hash: images[index] for page_hash, index in first.items()})
        drawn += len(images)
        for n, page_hash in enumerate(hashes_of_pages, start=1):
            src = f"{stem}-p{n:02d}.png"
            image = images.get(n - 1) or now.get(page_hash) or _drawn_page(page_hash, old_pages, folder).read_bytes()
            made[src] = image
            pages.append({"src": src, "page": n, "size": _png_size(image), "hash": page_hash})
        faces = []
        if name in faces_of and name in entries:
            for n, (face, image) in enumerate(_faces_of(pdf, entries[name]), start=1):
                src = f"{stem}-f{n:03d}.png"
                made[src] = image
                faces.append({**face, "src": src, "size": _png_size(image)})
        for src, image in made.items():     # an image equal to the one in place is kept (linked), not written
            path = folder / src
            files[src] = path if path.is_file() and path.read_bytes() == image else image
        documents[name] = {"sha256": hashes[name], "pages": pages, "faces": faces}
    record = {"version": _thumbnails_version(), "documents": documents}
    text = (json.dumps(record, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode("utf-8")
    path = folder / RECORD_NAME
    files[RECORD_NAME] = path if path.is_file() and path.read_bytes() == text else text
    return record, files, drawn


def _current_thumbnails(out_dir: Path, game_id: str, manifest: dict) -> tuple[dict, int]:
    """The game's thumbnail record as the page may show it without drawing: a PDF keeps its thumbnails when its
    hash is the one they were drawn from (and their files are there); any other PDF is `pending`, with none
    shown. (record, PDFs pending). Nothing is rasterised: the thumbnails of another code version still show
    their PDF as it is, and `pnp gallery` draws them again."""
    folder = out_dir / GALLERY_FOLDER / game_id
    try:
        old = json.loads((folder / RECORD_NAME).read_text(encoding="utf-8")).get("documents", {})
    except (OSError, ValueError, AttributeError):
        old = {}
    documents, pending = {}, 0
    for entry in sorted(manifest.get("outputs", []), key=lambda e: e["file"]):
        name = entry["file"]
        if not name.endswith(".pdf"):
            continue
        kept = old.get(name)
        if kept and kept.get("sha256") == entry["sha256"] and all(
                (folder / t["src"]).is_file() for t in kept.get("pages", []) + kept.get("faces", [])):
            documents[name] = kept
        else:
            documents[name] = {"sha256": entry["sha256"], "pages": [], "faces": [], "pending": True}
            pending += 1
    return {"documents": documents}, pending


def _update_thumbnails(out_dir: Path, games: dict[str, dict]) -> tuple[dict[str, dict], int]:
    """Every game's thumbnail record, and how many pages were drawn; each game's gallery folder replaced whole
    when anything in it differs, the folders of games no longer in the output removed."""
    import shutil

    from .cache import listing
    from .outfolder import clean_leftovers, made_here, replace_folder
    root = out_dir / GALLERY_FOLDER
    clean_leftovers(root)
    records, drawn = {}, 0
    for game_id, manifest in games.items():
        record, files, game_drawn = _game_thumbnails(out_dir, game_id, manifest)
        records[game_id], drawn = record, drawn + game_drawn
        if any(not isinstance(data, Path) for data in files.values()) or sorted(files) != listing(root / game_id):
            replace_folder(root, game_id, files, record=root / game_id / RECORD_NAME)
    if root.is_dir():
        for path in sorted(root.iterdir()):
            if path.is_dir() and path.name not in games and made_here(path, path / RECORD_NAME):
                shutil.rmtree(path, ignore_errors=True)
    return records, drawn


# --- The page ------------------------------------------------------------------------------------------------

def _game_view(game_id: str, manifest: dict, record: dict, failed: bool) -> dict:
    """What the template shows of one game, in its language."""
    from .print.reader import summary_line     # the reader's preflight, as manifest.json records it
    about = manifest.get("about", {})
    language = about.get("language", DEFAULT_LANGUAGE)
    words = catalogue(language if language in LANGUAGES else DEFAULT_LANGUAGE)
    kinds = {d["file"]: d for d in about.get("outputs", [])}
    components = {e["file"]: e.get("component") for e in manifest.get("files", [])}
    documents = []
    order = [d["file"] for d in about.get("outputs", [])]
    pdfs = sorted(record.get("documents", {}), key=lambda n: (order.index(n) if n in order else len(order), n))
    thumbs = f"{GALLERY_FOLDER}/{game_id}/"
    for name in pdfs:
        doc = record["documents"][name]
        kind = kinds.get(name, {}).get("kind", "")
        faces = [{"src": thumbs + f["src"], "width": f["size"][0], "height": f["size"][1], "count": f["count"],
                  "label": ", ".join(f["ids"][:3]) + ("…" if len(f["ids"]) > 3 else ""),
                  "side": words("gallery.faces.back" if f["side"] == "back" else "gallery.faces.front")
                  if f["side"] in ("front", "back") else f["side"]} for f in doc["faces"]]
        documents.append({
            "file": name, "href": f"{game_id}/{name}", "kind": kind, "kind_label": _kind_label(words, kind),
            "title": _capital(components.get(name) or kinds.get(name, {}).get("title") or _kind_label(words, kind)),
            "pages": [{"src": thumbs + p["src"], "href": f"{game_id}/{name}#page={p['page']}", "page": p["page"],
                       "width": p["size"][0], "height": p["size"][1]} for p in doc["pages"]],
            "page_count": words("gallery.pages", count=len(doc["pages"])) if not doc.get("pending") else "",
            "pending": bool(doc.get("pending")), "faces": faces})
    files = sorted(entry["file"] for entry in manifest.get("outputs", [])) + ["manifest.json"]
    figures = [{"id": f["id"], "caption": f["caption"], "checked": f["checked"],
                "src": f"{game_id}/{words('files.diagrams_folder')}/{f['id']}.svg"}
               for f in about.get("figures", [])]
    figures = [f for f in figures if f["src"][len(game_id) + 1:] in files]
    checked = sum(1 for f in figures if f["checked"])
    shrunk = shrunk_lines(manifest, words)
    return {"id": game_id, "title": manifest.get("title", game_id), "language": words.language, "words": words,
            "players": words("gallery.players", players=about.get("players", "?")),
            "duration": about.get("duration", ""), "ages": about.get("ages", ""), "credit": about.get("credit", ""),
            "documents": documents, "figures": figures, "files": [{"name": n, "href": f"{game_id}/{n}"} for n in files],
            "figure_summary": words("figures.checked", count=checked) + ", "
            + words("figures.illustrations", count=len(figures) - checked) if figures else "",
            "reading": summary_line(manifest["preflight"], words) if "preflight" in manifest else "",
            "reading_lines": list(manifest.get("preflight", {}).get("lines", [])),
            "shrunk": words("gallery.shrunk", count=len(shrunk)) if shrunk else "", "shrunk_lines": shrunk,
            "failed": failed}


def shrunk_lines(manifest: dict, words) -> list[str]:
    """One line per text a face shrank to fit (a file's `shrunk_text` in the manifest): which cards are cramped, and
    how much; then one per text set smaller in a file of no faces (the manifest's own `shrunk_text`: a text sheet's
    body, a rulebook figure)."""
    return [words("gallery.shrunk_line", file=entry["file"], id=note["id"],
                  side=words("gallery.faces.back" if note["side"] == "back" else "gallery.faces.front"),
                  text=note["text"] if len(note["text"]) <= 40 else note["text"][:39] + "…",
                  asked=words.number(note["asked_pt"]), set=words.number(note["set_pt"]))
            for entry in manifest.get("files", []) for note in entry.get("shrunk_text", [])] + [
        words("gallery.shrunk_text_line", file=note["file"], id=note["id"],
              text=note["text"] if len(note["text"]) <= 40 else note["text"][:39] + "…",
              asked=words.number(note["asked_pt"]), set=words.number(note["set_pt"]))
        for note in manifest.get("shrunk_text", [])]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _kind_label(words, kind: str) -> str:
    key = f"gallery.kind.{kind}"
    return words(key) if key in words else kind


def gallery_html(games: list[dict], failures: Sequence[tuple[str, list[str]]] = ()) -> str:
    """The page: `games` as `_game_view` gives them, `failures` (game id, error lines) of the last build."""
    words = catalogue(shared_language([g["language"] for g in games] or [DEFAULT_LANGUAGE]))
    kinds = sorted({d["kind"] for g in games for d in g["documents"]} | ({FIGURES} if any(g["figures"] for g in games)
                                                                        else set()))
    variables = dict(words=words, games=games, failures=list(failures), status_src=f"{_cache_folder()}/{STATUS_NAME}",
                     kinds=sorted(({"id": k, "label": _capital(_kind_label(words, k))} for k in kinds),
                                  key=lambda k: k["label"]))
    from . import gallery_page
    if gallery_page.LEAN_RUNTIME and _compiled_page_current():
        from .gallery_runtime import render      # Jinja not even imported (about 35 ms of a deck's build)
        return render(gallery_page.root, variables)
    return _page_template(_page_environment()).render(**variables)


PAGE_TEMPLATE = "index.html.j2"      # in templates/gallery/


def _page_environment():
    import jinja2

    from .resources import templates_dir
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir() / "gallery")),
                              autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                              keep_trailing_newline=True)


def _compiled_page_current() -> bool:
    """Whether generator/gallery_page.py was compiled from the template's text of today by the Jinja installed
    (its version read from its dist-info folder's name: Jinja not imported)."""
    from . import gallery_page
    from .cache import digest, library_version
    from .resources import templates_dir
    source = (templates_dir() / "gallery" / PAGE_TEMPLATE).read_text(encoding="utf-8")
    return (gallery_page.SOURCE_SHA256, gallery_page.JINJA_VERSION) == (digest(source.encode("utf-8")),
                                                                        library_version("jinja2"))


def _page_template(env):
    """The page's template, as Jinja compiled it ahead of time (generator/gallery_page.py, written by
    `make gallery-page`: compiling it costs a deck's build about 30 ms, 4 %) when that was compiled from the
    template's text of today by the Jinja of today; else compiled now from the text, as before. (Used when
    the compiled code needs Jinja's own runtime: gallery_page.LEAN_RUNTIME false.)"""
    from . import gallery_page
    if gallery_page.LEAN_RUNTIME or not _compiled_page_current():
        return env.get_template(PAGE_TEMPLATE)
    # the module's own globals: its render function reads `environment` there (set here, the same settings)
    return env.template_class.from_module_dict(env, vars(gallery_page), env.make_globals(None))


def compiled_page() -> str:
    """The text of generator/gallery_page.py: the page's template compiled by Jinja, with the hash of the
    template's text and Jinja's version it was compiled from (`make gallery-page` writes it)."""
    import jinja2

    from .cache import digest
    env = _page_environment()
    source = env.loader.get_source(env, PAGE_TEMPLATE)[0]
    code = env.compile(source, PAGE_TEMPLATE, None, raw=True, defer_init=True)
    code, lean = _on_lean_runtime(code)
    return (f'"""templates/gallery/{PAGE_TEMPLATE} compiled by Jinja (gallery.compiled_page): written by `make '
            f'gallery-page`, never by hand;\nused only while its text and Jinja are those below '
            f'(gallery._page_template)."""\n# flake8: noqa\n{code}\n\n'
            f'SOURCE_SHA256 = {digest(source.encode("utf-8"))!r}\nJINJA_VERSION = {jinja2.__version__!r}\n'
            f'LEAN_RUNTIME = {lean!r}\n')


def _on_lean_runtime(code: str) -> tuple[str, bool]:
    """The compiled code importing generator/gallery_runtime.py instead of jinja2.runtime, when it uses nothing
    more than that runtime gives (its `environment` then that runtime's); else as Jinja wrote it."""
    import re

    from . import gallery_runtime
    head, _, body = code.partition("\n")
    imported = re.fullmatch(r"from jinja2\.runtime import (.*)", head)
    names = imported.group(1).split(", ") if imported else []
    unsupported = [n for n in names if n not in gallery_runtime.SUPPORTED and re.search(rf"\b{n}\b", body)]
    if not imported or unsupported:
        return code, False
    return (f"from .gallery_runtime import {imported.group(1)}\n"
            f"from .gallery_runtime import ENVIRONMENT as environment\n{body}"), True


def _cache_folder() -> str:
    from .cache import CACHE_FOLDER
    return CACHE_FOLDER


def _manifests(out_dir: Path) -> dict[str, dict]:
    """Every game folder of out_dir with its manifest, whatever content folder it was built from."""
    games = {}
    for manifest_path in sorted(Path(out_dir).glob("*/manifest.json")):
        folder = manifest_path.parent
        if folder.name.startswith((".", "_")):
            continue  # the cache, a folder being swapped in, the gallery's and the export's folders
        try:
            games[folder.name] = json.loads(manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # not ours, or half-copied by hand: leave it out of the index rather than fail the build
    return games


# --- The build's record, and writing it all ---------------------------------------------------------------------

def read_status(out_dir: Path) -> dict:
    """The last build's record: when it finished, its seconds, each game's, its failures."""
    path = Path(out_dir) / _cache_folder() / STATUS_NAME
    try:
        text = path.read_text(encoding="utf-8").strip()
        return json.loads(text[len(STATUS_PREFIX):].rstrip(";")) if text.startswith(STATUS_PREFIX) else {}
    except (OSError, ValueError):
        return {}


def error_lines(err: BaseException) -> list[str]:
    """What the terminal says of a failed game: a contradicted diagram's lines, or the error at its file."""
    messages = getattr(err, "messages", None)
    if messages is not None:
        return list(messages)
    return [err.format()] if hasattr(err, "format") else [str(err)]


def needs_writing(out_dir: Path, written: bool, failures: dict[str, list[str]]) -> bool:
    """Whether the page changes: something was written, the failures differ from the last build's, or the page
    or its record is missing. A build that changed nothing writes nothing."""
    out_dir = Path(out_dir)
    if written or not (out_dir / "index.html").is_file():
        return True
    status = read_status(out_dir)
    return not status or status.get("failures", {}) != failures


@dataclass(frozen=True)
class GalleryWritten:
    """What write_gallery did: the files the terminal counts (index.html when it changed: the thumbnails, like
    the record, are the gallery's own, not output a player prints), the thumbnails of pages drawn and kept, and
    the PDFs whose thumbnails are still to draw (`draw=False`; 0 when the gallery is current)."""
    index: Path
    written: list[Path]
    drawn: int
    pages: int
    pending: int = 0


def write_gallery(out_dir: Path, failures: dict[str, list[str]], seconds: dict[str, float] | None, started: float,
                  write, draw: bool = True) -> GalleryWritten:
    """Thumbnails (`draw`; else the current ones only, nothing drawn), index.html and the build's record
    (`write(out_dir, name, bytes)` writes the last two). `seconds` None: not a build (`pnp gallery`), the
    record keeps the last build's date and seconds."""
    out_dir = Path(out_dir)
    manifests = _manifests(out_dir)
    pending = 0
    if draw:
        records, drawn = _update_thumbnails(out_dir, manifests)
    else:
        records, drawn = {}, 0
        for gid, manifest in manifests.items():
            records[gid], game_pending = _current_thumbnails(out_dir, gid, manifest)
            pending += game_pending
    written = []
    views = [_game_view(gid, manifests[gid], records[gid], gid in failures) for gid in manifests]
    html = gallery_html(views, sorted(failures.items())).encode("utf-8")
    index = out_dir / "index.html"
    if not index.is_file() or index.read_bytes() != html:
        write(out_dir, index.name, html)
        written.append(index)
    status = read_status(out_dir)
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    games = {gid: info for gid, info in status.get("games", {}).items() if gid in manifests}
    if seconds is None:         # the thumbnails alone: the date and seconds are still the last build's
        finished, took = status.get("finished", now), status.get("seconds", 0.0)
    else:
        games.update({gid: {"finished": now, "seconds": round(s, 1)} for gid, s in seconds.items()})
        finished, took = now, round(time.perf_counter() - started, 1)
    # `stamp` tells this writing from every other (two builds may finish within the same second): an open
    # gallery page reloads when it reads another.
    record = {"finished": finished, "seconds": took, "games": games,
              "failures": failures, "stamp": str(time.time_ns())}
    status_text = STATUS_PREFIX + json.dumps(record, ensure_ascii=False, sort_keys=True) + ";\n"
    write(out_dir, f"{_cache_folder()}/{STATUS_NAME}", status_text.encode("utf-8"))
    pages = sum(len(doc["pages"]) for r in records.values() for doc in r["documents"].values())
    return GalleryWritten(index, written, drawn, pages, pending)


def draw_gallery(out_dir: Path, write) -> GalleryWritten | None:
    """`pnp gallery`: the thumbnails the last build left to draw (only the pages that draw like no page drawn
    before), and the page and record again with the last build's failures and times; None when out_dir holds
    no game."""
    out_dir = Path(out_dir)
    if not _manifests(out_dir):
        return None
    return write_gallery(out_dir, read_status(out_dir).get("failures", {}), None, time.perf_counter(), write)


def languages(out_dir: Path) -> list[str]:
    """The languages of the games of an output folder (what the terminal speaks of its gallery)."""
    return [m.get("about", {}).get("language", DEFAULT_LANGUAGE) for m in _manifests(Path(out_dir)).values()]


__all__ = ["write_gallery", "draw_gallery", "GalleryWritten", "gallery_html", "needs_writing", "outputs_about",
           "figures_about", "error_lines", "read_status", "languages", "GALLERY_FOLDER"]
