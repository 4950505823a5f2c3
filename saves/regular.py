"""Reading a file that may be hostile: only a regular file, never through a
symbolic link, never blocking, never more than a bound.

A save folder can hold anything a person (or another program) put there: a
named pipe, whose ``open`` would wait forever for a writer; a symbolic link
to ``/dev/zero``, which never ends; a file of gigabytes. ``read_regular``
opens with ``O_NOFOLLOW | O_NONBLOCK``, asks the open file what it is, and
reads at most ``limit`` bytes of a regular file; anything else raises
``NotRegularFile`` with a reason in words.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

# Flags absent on a platform (Windows has neither O_NOFOLLOW nor O_NONBLOCK) are 0.
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_READ_FLAGS = (os.O_RDONLY | NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
               | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
               | getattr(os, "O_BINARY", 0))
_CHUNK = 1 << 16


class NotRegularFile(OSError):
    """The path is a folder, pipe, device, socket or symbolic link; str() says which."""


def read_regular(path: Path, limit: int) -> bytes:
    """At most ``limit`` bytes of ``path``, if it is a regular file reached
    without following a symbolic link at its last component.

    Raises ``NotRegularFile`` for anything else, and the OS's error (e.g.
    ``FileNotFoundError``) when it cannot be opened.
    """
    return read_regular_stat(path, limit)[0]


def read_regular_stat(path: Path, limit: int) -> tuple[bytes, os.stat_result]:
    """``read_regular`` and the ``fstat`` of the file read, so that a caller
    can later tell whether a path still names that very file."""
    if not NOFOLLOW and os.path.islink(path):  # no O_NOFOLLOW: the best we can do
        raise NotRegularFile(_LINK)
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError as e:
        if e.errno in (errno.ELOOP, errno.EMLINK) and os.path.islink(path):
            raise NotRegularFile(_LINK) from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile(what_it_is(st.st_mode))
        return _read_upto(fd, limit), st
    finally:
        os.close(fd)


_LINK = "it is a symbolic link, which Tabula does not follow"


def what_it_is(mode: int) -> str:
    """Why a file of this ``st_mode`` is not read, as a clause for an error sentence."""
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "it is a named pipe, not a file"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device, not a file"
    if stat.S_ISLNK(mode):
        return _LINK
    return "it is not a regular file"


def _read_upto(fd: int, limit: int) -> bytes:
    """Read until end of file or ``limit`` bytes, whichever comes first."""
    chunks: list[bytes] = []
    left = limit
    while left > 0:
        chunk = os.read(fd, min(left, _CHUNK))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)
