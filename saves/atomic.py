"""Writing a file so that a crash at any instant leaves a loadable save.

``write_atomic`` writes the new bytes to a temporary file in the same
folder, fsyncs it, keeps the current file as ``<name>.bak`` (a hard link,
so the current file never disappears, even for an instant), renames the
temporary file over the current one with ``os.replace`` and fsyncs the
folder so the rename itself is durable. A SIGKILL or power cut at any point
leaves the target either at its old or at its new content, never partial,
and the backup one version older.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

BACKUP_SUFFIX = ".bak"
TEMP_SUFFIX = ".tmp"


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def write_atomic(path: Path, data: bytes, keep: Callable[[bytes], bool] | None = None) -> None:
    """Replace ``path`` by ``data`` atomically and durably.

    ``keep(old_bytes)`` says whether the current file deserves to become the
    backup; a damaged current file is not kept, so it never pushes out a
    good backup. ``keep=None`` keeps no backup at all.
    """
    folder = path.parent
    tmp = _write_temp(folder, path.name, data)
    try:
        if keep is not None:
            _keep_backup(path, keep)
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


def _keep_backup(path: Path, keep: Callable[[bytes], bool]) -> None:
    """Make the current ``path`` the backup, if it exists and ``keep`` approves."""
    try:
        current = path.read_bytes()
    except FileNotFoundError:
        return
    if not keep(current):
        return
    backup = backup_path(path)
    link = path.with_name(f".{backup.name}.{secrets.token_hex(6)}{TEMP_SUFFIX}")
    try:
        try:
            os.link(path, link)  # same inode: the current file stays in place meanwhile
        except OSError:  # no hard links here (FAT, some network shares): copy instead
            with open(link, "wb") as f:
                f.write(current)
                f.flush()
                os.fsync(f.fileno())
        os.replace(link, backup)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(link)
        raise


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
