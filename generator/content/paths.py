"""Every file a content file names stays inside its game's folder, and every game id is a plain name.

A game comes from someone else: its files must not make a build read
/etc/passwd into a rulebook, hang on /dev/zero or a pipe, or write outside
`--out`. `inside_game` is the one way a content file's name becomes a path
(component files, tables, a sheet's source, the rules, images and SVG
assets): a relative name without `..`, which, symlinks followed, is still in
the game's folder and, if it exists, is a regular file. `plain_name` checks
a game id (a folder name, `id:` in game.yaml, a name on the command line).
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from pathlib import Path, PurePosixPath, PureWindowsPath

from .errors import ContentError

GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
DIAGRAMS_FILE = "diagrams.yaml"     # a game's diagrams (content/diagrams.py), named here for a build to look
                                    # for it without importing the diagrams' models


def game_folder_of(path: Path) -> Path:
    """The game folder holding the content file at `path`: the nearest folder with a game.yaml."""
    path = Path(path)
    for folder in path.parents:
        if (folder / "game.yaml").is_file():
            return folder
    return path.parent


def inside_game(folder: Path, name: str, where, what: str = "file") -> Path:
    """`folder / name`, refused (ContentError at `where`) unless it stays in `folder`.

    Refused: an absolute name, a name with `..`, a symlink (anywhere on the way) that leads out of the
    folder, and an existing path that is not a regular file (a directory, a device, a pipe). A missing
    file is returned as it is: the caller says "not found" in its own words.
    """
    text = str(name)
    parts = PurePosixPath(text.replace("\\", "/")).parts
    if (not text.strip() or "\0" in text or PurePosixPath(text).is_absolute()
            or PureWindowsPath(text).is_absolute() or PureWindowsPath(text).drive or text.startswith("~")):
        raise _error(where, f"{what} '{text}': give a path relative to the game's folder")
    if ".." in parts:
        raise _error(where, f"{what} '{text}': '..' would leave the game's folder; "
                                          "keep the file inside it")
    folder = Path(folder)
    path = folder / text
    try:
        real, root = path.resolve(), folder.resolve()
    except (OSError, RuntimeError) as err:   # a symlink loop
        raise _error(where, f"{what} '{text}': cannot be followed ({err})") from None
    if not real.is_relative_to(root):
        raise _error(where, f"{what} '{text}' is a link that leads outside the game's folder")
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return path
    except OSError as err:
        raise _error(where, f"{what} '{text}': cannot read ({err.strerror})") from None
    if not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "a device or a pipe"
        raise _error(where, f"{what} '{text}' is {kind}, not a file")
    return path


def _error(where, message: str) -> ContentError:
    """The error at `where`: a Where (or a Spot of the layout) with its own .error, or a (path, line) pair."""
    if hasattr(where, "error"):
        return where.error(message)
    path, line = where
    return ContentError(path, line, message)


def plain_name(name: str, where, what: str = "game id") -> str:
    """`name` if it is a plain name (letters, digits, '-' and '_', not starting with '-' or '_'): a game id, and
    every id that becomes a file name (schema.Name, a row's id)."""
    if not isinstance(name, str) or not GAME_ID.fullmatch(name):
        raise _error(where, f"{what} '{name}' must be a plain name: letters, digits, '-' and '_' "
                                          "(no '/', no '..', no leading dot: it becomes a file name)")
    return name


def assets_signature(game_folder: Path) -> str:
    """A hash of every file under a game's assets folder (images, its own icons) by name, size, modification time
    and inode: a file saved again changes it. What a face may read there is unchanged while it is."""
    folder = Path(game_folder) / "assets"
    entries = []
    if folder.is_dir():
        for path in sorted(folder.rglob("*")):
            try:
                st = path.stat()
            except OSError:
                continue
            if stat.S_ISDIR(st.st_mode):
                continue        # its files are listed: a folder's own inode and times say nothing more (a copy's)
            entries.append((str(path.relative_to(folder)), st.st_size, st.st_mtime_ns, st.st_ino))
    return hashlib.sha256(repr(entries).encode("utf-8", "surrogatepass")).hexdigest()


MAX_FILES_COMPARED = 2000     # a close file name is looked for among this many of the game folder's files at most


def close_file(folder: Path, name: str) -> str:
    """' (did you mean 'x'?)' for the game folder's file whose name (relative to `folder`) is closest to `name`,
    a misspelt file name being told like a misspelt key; '' when none is close."""
    from .errors import did_you_mean
    folder = Path(folder)
    try:
        found = []
        for path in folder.rglob("*"):
            if len(found) >= MAX_FILES_COMPARED:
                break
            if path.is_file() and not any(part.startswith(".") for part in path.relative_to(folder).parts):
                found.append(path.relative_to(folder).as_posix())
    except OSError:
        return ""
    return did_you_mean(name, found)


__all__ = ["inside_game", "plain_name", "game_folder_of", "assets_signature", "discover_games", "close_file"]


# Which games a content folder holds: here, not in loader.py, so that a build finding nothing changed lists
# its games without importing the loader (the models, the schema, PyYAML).
def discover_games(content_dir: Path) -> list[str]:
    """Ids of the games in `content_dir`: every folder holding a game.yaml, sorted."""
    content_dir = Path(content_dir)
    if not content_dir.is_dir():
        raise ContentError(content_dir, None, "content folder not found" + _content_hint(content_dir))
    # A folder whose name starts with a dot (.trash, .git) is never a game.
    return sorted(p.parent.name for p in content_dir.glob("*/game.yaml") if not p.parent.name.startswith("."))


def _content_hint(content_dir: Path) -> str:
    """Where the content folder probably is, when the command runs from inside it or a game folder."""
    if content_dir.is_absolute():
        return ""
    here = Path.cwd()
    for folder in (here, *here.parents):
        if (folder / "game.yaml").is_file():        # inside a game folder
            return f"; this is the game '{folder.name}': run from {folder.parent.parent} or pass --content {folder.parent}"
        if any(folder.glob("*/game.yaml")):        # the content folder itself
            return f"; {folder} holds games: run from {folder.parent} or pass --content {folder}"
        if folder != here and (folder / content_dir / "").is_dir():
            return f"; found {folder / content_dir}: run from {folder} or pass --content {folder / content_dir}"
    return "; run from the folder that holds it, pass --content FOLDER, or start one with 'pnp new GAME'"
