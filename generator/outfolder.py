"""Writing a game's output folder as a whole: assembled beside it, swapped in at once, leftovers cleaned.

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

A file is given either as bytes (written) or as the Path of the same file
in the current folder (hard-linked, so an unchanged output keeps its inode
and modification time; copied where links are refused).
"""

from __future__ import annotations

import ctypes
import errno
import os
import shutil
import tempfile
from pathlib import Path
from typing import Mapping

NEW_PREFIX = ".pnp-new-"
OLD_PREFIX = ".pnp-old-"
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _write_file(path: Path, data: bytes) -> None:
    with open(path, "wb") as f:
        f.write(data)


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (Linux renameat2); False where the system or file system cannot."""
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


def replace_folder(out_dir: Path, game_id: str, files: Mapping[str, bytes | Path]) -> None:
    """Make <out>/<game_id>/ hold exactly `files` (name relative to the folder -> bytes or existing Path)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / game_id
    new = Path(tempfile.mkdtemp(prefix=f"{NEW_PREFIX}{game_id}-", dir=out_dir))
    try:
        for name in sorted(files):
            path = new / name
            path.parent.mkdir(parents=True, exist_ok=True)
            source = files[name]
            if isinstance(source, Path):
                _link_or_copy(source, path)
            else:
                _write_file(path, source)
        os.chmod(new, 0o755)   # mkdtemp made it private
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
