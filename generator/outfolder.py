"""Every file a build, an export or a playtest writes: inside its folder, never over sources, never half-written.

`write_file(root, name, data)` is the one way a file is written: `name`
(relative, no `..`, no symlink on the way out) must stay inside `root` (a
game's new output folder, or `--out` for the files the games share: the
gallery page, the cache records), else it is refused; the file is written
beside its place and renamed over it, with the ordinary mode (0666 less the
umask: not the 0600 of a temporary file). Names from content are plain names
before they get here (content/paths.plain_name); this is the second wall.

`check_out_folder(out_dir, content_dir)` refuses an output folder that is,
holds or lies inside the content folder or a game folder: a build replaces
the folders it writes, and must never replace sources.

`replace_folder(out_dir, game_id, files)` writes every file of the game into
`<out>/.pnp-new-<game>-<pid>/` (same disk, so a rename can move it), then puts
it in place of `<out>/<game>/` with one system call: on Linux
renameat2(RENAME_EXCHANGE) swaps the two folders, so the game folder exists
at every instant, entirely old or entirely new; where the exchange is not
available, the old folder is renamed aside to `.pnp-old-<game>-<pid>` first
(for the instant between the two renames the game is there under that name,
and `clean_leftovers` puts it back if the process dies then). The folder
swapped out is removed last. A crash, a full disk or Ctrl-C at any moment
thus leaves every game folder old or new, never mixed; `clean_leftovers`,
run at the start of every build, removes what an interrupted one left.
Every folder it makes holds the file `.pnp-forge` (MARKER); a folder already
in the place is replaced only when it holds it (or when the caller's record
of it, a cache record, exists): a folder someone else made is never removed.

A file is given either as bytes (written) or as the Path of the same file
in the current folder (hard-linked, so an unchanged output keeps its inode
and modification time; copied where links are refused).
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
from pathlib import Path, PurePosixPath
from typing import Mapping

from .content.errors import ContentError
from .i18n import DEFAULT_LANGUAGE, catalogue

NEW_PREFIX = ".pnp-new-"
OLD_PREFIX = ".pnp-old-"
EXPORT_FOLDER = "_export"    # `pnp export`'s folder in the output folder: one sub-folder per game
MARKER = ".pnp-forge"       # in every folder replace_folder makes: what proves the next build may replace it
MARKER_TEXT = b"Made by PnP Forge (pnp build / pnp export): the next build replaces this folder whole.\n"
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def confined(root: Path, name: str, language: str = DEFAULT_LANGUAGE) -> Path:
    """`root / name`, refused (ContentError) unless it stays inside `root`: a relative name without '..', whose
    folder, symlinks followed, is inside `root` (the file itself, if a symlink, is replaced, not followed)."""
    root, text = Path(root), str(name)
    parts = PurePosixPath(text).parts
    outside = (not parts or "\0" in text or "\\" in text or PurePosixPath(text).is_absolute() or ".." in parts)
    if not outside:
        try:
            outside = not (root / text).parent.resolve().is_relative_to(root.resolve())
        except (OSError, RuntimeError):    # a symlink loop
            outside = True
    if outside:
        raise ContentError(root / text, None, catalogue(language)("errors.writing.outside", name=text, root=root))
    return root / text


def write_file(root: Path, name: str, data: bytes | Path, language: str = DEFAULT_LANGUAGE) -> Path:
    """Write `data` (bytes, or an existing file hard-linked or copied) at `root / name`, confined to `root`
    (`confined`): written beside its place and renamed over it, mode 0666 less the umask. A place held by
    anything but a file or a link (a folder, a device, a pipe) is refused. The path written."""
    path = confined(root, name, language)
    path.parent.mkdir(parents=True, exist_ok=True)      # 0777 less the umask
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise OSError(errno.EEXIST, "not a file", str(path))
    if isinstance(data, Path):
        _link_or_copy(data, path)
        return path
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())      # mkstemp makes it private
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except FileExistsError:
        raise
    except OSError:
        shutil.copy2(source, target)


def made_here(folder: Path, record: Path | None = None) -> bool:
    """Whether `folder` was made by a build: it holds MARKER, or `record` (the cache's record of it) exists."""
    return (Path(folder) / MARKER).is_file() or (record is not None and Path(record).is_file())


def check_out_folder(out_dir: Path, content_dir: Path, language: str = DEFAULT_LANGUAGE) -> None:
    """Refuse (ContentError) an output folder that is, holds or lies inside the content folder or one of its
    game folders (a game folder may be a link to elsewhere): a build replaces what it writes there."""
    words = catalogue(language)
    out = Path(os.path.abspath(out_dir)).resolve()
    content = Path(content_dir)
    sources = [content] + ([p.parent for p in sorted(content.glob("*/game.yaml"))] if content.is_dir() else [])
    for source in sources:
        real = Path(os.path.abspath(source)).resolve()
        if out == real:
            key = "errors.writing.out_is_content"
        elif out.is_relative_to(real):
            key = "errors.writing.out_in_content"
        elif real.is_relative_to(out):
            key = "errors.writing.out_holds_content"
        else:
            continue
        raise ContentError(None, None, words(key, out=out_dir, content=source))


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (Linux renameat2); False where the system or file system cannot."""
    import ctypes         # here: only a folder already in place is swapped (a first build does not load it)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def replace_folder(out_dir: Path, game_id: str, files: Mapping[str, bytes | Path], record: Path | None = None,
                   language: str = DEFAULT_LANGUAGE) -> None:
    """Make <out>/<game_id>/ hold exactly `files` (name relative to the folder -> bytes or existing Path), and
    MARKER. A folder in its place is replaced only if a build made it (`made_here`, `record`: the cache's
    record of it): else a ContentError, and nothing is touched."""
    out_dir = Path(out_dir)
    target = confined(out_dir, game_id, language)
    if len(PurePosixPath(game_id).parts) != 1:
        raise ContentError(target, None, catalogue(language)("errors.writing.outside", name=game_id, root=out_dir))
    if target.is_dir() and not target.is_symlink() and not made_here(target, record):
        raise ContentError(target, None, catalogue(language)("errors.writing.not_ours", marker=MARKER))
    out_dir.mkdir(parents=True, exist_ok=True)
    new = Path(tempfile.mkdtemp(prefix=f"{NEW_PREFIX}{game_id}-", dir=out_dir))
    try:
        kept = target / MARKER        # linked as every unchanged file is: an unchanged folder keeps its inodes
        marker = kept if kept.is_file() and not kept.is_symlink() and kept.read_bytes() == MARKER_TEXT else MARKER_TEXT
        write_file(new, MARKER, marker, language)
        for name in sorted(files):
            write_file(new, name, files[name], language)
        os.chmod(new, 0o777 & ~_umask())   # mkdtemp made it private
        if target.is_dir() and not target.is_symlink():
            if not _exchange(new, target):
                aside = out_dir / f"{OLD_PREFIX}{game_id}-{os.getpid()}"
                os.rename(target, aside)
                os.rename(new, target)
                new = aside
        else:
            if target.exists() or target.is_symlink():
                raise FileExistsError(errno.EEXIST, "not a folder", str(target))
            os.rename(new, target)
            return
    except BaseException:
        shutil.rmtree(new, ignore_errors=True)
        raise
    shutil.rmtree(new, ignore_errors=True)   # the old folder, swapped out


def clean_leftovers(out_dir: Path) -> None:
    """Remove what an interrupted build left in `out_dir`; a game folder caught between two renames comes back."""
    out_dir = Path(out_dir)
    if not out_dir.is_dir():
        return
    for path in sorted(out_dir.iterdir()):
        if path.name.startswith(OLD_PREFIX):
            game_id = path.name[len(OLD_PREFIX):].rsplit("-", 1)[0]
            if not (out_dir / game_id).exists():
                os.rename(path, out_dir / game_id)
                continue
        if path.name.startswith((NEW_PREFIX, OLD_PREFIX)):
            shutil.rmtree(path, ignore_errors=True)
