"""Writing a file so that a crash at any instant leaves a loadable save.

``write_atomic`` writes the new bytes to a temporary file in the same
folder, fsyncs it, keeps the current file as ``<name>.bak`` (a hard link,
so the current file never disappears, even for an instant), renames the
temporary file over the current one with ``os.replace`` and fsyncs the
folder so the rename itself is durable. A SIGKILL or power cut at any point
leaves the target either at its old or at its new content, never partial,
and the backup one version older.

Whatever sits at the target or backup path is never written through: a
symbolic link there (to ``/dev/zero``, to a file outside the folder) or a
named pipe is replaced by the rename, not followed, and the current file
is read only if it is a regular file, and then at most ``read_limit`` bytes.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from .regular import NOFOLLOW, NotRegularFile, read_regular_stat

BACKUP_SUFFIX = ".bak"
TEMP_SUFFIX = ".tmp"


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def write_atomic(path: Path, data: bytes, keep: Callable[[bytes], bool] | None = None,
                 *, read_limit: int | None = None) -> None:
    """Replace ``path`` by ``data`` atomically and durably.

    ``keep(old_bytes)`` says whether the current file deserves to become the
    backup; a damaged current file is not kept, so it never pushes out a
    good backup. ``keep=None`` keeps no backup at all. ``keep`` sees at most
    ``read_limit`` bytes of the current file (pass one more than the largest
    file it may approve), so a huge file at the target costs no memory.
    """
    if keep is not None and not read_limit:
        raise ValueError("write_atomic: keep needs a read_limit")
    folder = path.parent
    tmp = _write_temp(folder, path.name, data)
    try:
        if keep is not None:
            _keep_backup(path, keep, read_limit or 0)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(folder)


def _write_temp(folder: Path, name: str, data: bytes) -> str:
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def _keep_backup(path: Path, keep: Callable[[bytes], bool], read_limit: int) -> None:
    """Make the current ``path`` the backup, if it is a regular file and
    ``keep`` approves. A link, pipe or folder there is never read: the
    rename that follows replaces it."""
    try:
        current, seen = read_regular_stat(path, read_limit)
    except (FileNotFoundError, NotRegularFile):
        return
    if not keep(current):
        return
    backup = backup_path(path)
    link = path.with_name(f".{backup.name}.{secrets.token_hex(6)}{TEMP_SUFFIX}")
    try:
        if not _link_if_same(path, link, seen):
            _write_new(link, current)
        os.replace(link, backup)  # replaces a link at the backup path, never follows it
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(link)
        raise


def _link_if_same(path: Path, link: Path, seen: os.stat_result) -> bool:
    """Hard-link ``path`` as ``link`` (the current file stays in place
    meanwhile), but only if ``path`` is still the very file whose bytes
    ``keep`` approved; False if it is not, or hard links are not possible."""
    try:
        os.link(path, link, follow_symlinks=False)
    except (OSError, NotImplementedError):  # FAT, some network shares, some platforms
        return False
    now = os.lstat(link)
    if (now.st_dev, now.st_ino) == (seen.st_dev, seen.st_ino):
        return True
    os.unlink(link)  # path was swapped since it was read: copy the approved bytes instead
    return False


def _write_new(path: Path, data: bytes) -> None:
    """Write ``data`` to a file that must not exist yet (never through a link)."""
    flags = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_BINARY", 0))
    fd = os.open(path, flags, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def fsync_dir(folder: Path) -> None:
    """Make renames in ``folder`` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def sweep_temp(folder: Path, older_than: float = 3600.0) -> None:
    """Remove temporary files a killed writer left behind (old ones only: a
    young one may belong to a writer still at work in another process)."""
    limit = time.time() - older_than
    for p in folder.glob(f".*{TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            if p.stat().st_mtime < limit:
                p.unlink()
