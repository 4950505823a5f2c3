"""One save file and its backup: write, load (falling back to the backup),
read the header. Every failure becomes a ``SaveError`` naming the file.
"""

from __future__ import annotations

import logging
import os
import secrets
import time
from pathlib import Path

from engine.match import Match

from . import codec
from .atomic import backup_path, write_atomic
from .errors import MAX_MESSAGE, FormatError, SaveError
from .plain import plain
from .regular import NotRegularFile, read_regular
from .schema import MAX_FILE_BYTES, Header

log = logging.getLogger("tabula.saves")

RECOVERED = "recovered"  # match.meta key: set when a load fell back to the backup


def new_id() -> str:
    """A match id: random, short, and safe as a file name."""
    return secrets.token_hex(8)


def stamp(match: Match, now: float | None = None) -> None:
    """Give ``match`` its stable id and creation time (once) and its update time."""
    now = time.time() if now is None else now
    match.meta.setdefault("id", new_id())
    match.meta.setdefault("created", now)
    match.meta["updated"] = now


def save_match(match: Match, path: str | os.PathLike, now: float | None = None) -> Path:
    """Write ``match`` to ``path`` atomically, keeping the previous version as
    ``<path>.bak``. Stamps ``match.meta`` with id and times."""
    path = Path(path)
    stamp(match, now)
    try:
        data = codec.encode(match)
    except FormatError as e:
        raise SaveError(f"Cannot save to {path}: {_sentence(e)}") from None
    try:
        write_atomic(path, data, keep=is_sound, read_limit=MAX_FILE_BYTES + 1)
    except OSError as e:
        raise SaveError(f"Cannot save to {path}: {e.strerror or e}.") from None
    return path


def is_sound(data: bytes) -> bool:
    """Whether bytes are an intact save file (checksum only, no replay)."""
    try:
        codec.unseal(data)
    except FormatError:
        return False
    return True


def load_match(path: str | os.PathLike) -> Match:
    """The match saved at ``path``; if that file is damaged, its backup, with
    ``match.meta["recovered"]`` saying so (and a warning logged)."""
    path = Path(path)
    try:
        return codec.decode(read_bytes(path))
    except FormatError as e:
        main_error = SaveError(f"Cannot load {path}: {_sentence(e)}")
    backup = backup_path(path)
    if not backup.exists():
        raise main_error
    try:
        match = codec.decode(read_bytes(backup))
    except FormatError as e:
        raise SaveError(f"{main_error} Its backup cannot be loaded either: {_sentence(e)}"
                        ) from None
    note = plain(f"{main_error} Loaded its backup {backup.name} instead, "
                 "which is one save older.", MAX_MESSAGE)
    match.meta[RECOVERED] = note
    log.warning(note)
    return match


def load_header(path: Path) -> tuple[Header, bool]:
    """The header of ``path`` (or of its backup if the file is damaged) and
    whether it came from the backup. Raises SaveError if neither is readable."""
    try:
        return codec.decode_header(read_bytes(path)), False
    except FormatError as e:
        main_error = SaveError(f"Cannot read {path}: {_sentence(e)}")
    try:
        return codec.decode_header(read_bytes(backup_path(path))), True
    except FormatError:
        raise main_error from None


def read_bytes(path: Path) -> bytes:
    """The file's bytes, at most one more than a save may have; never writes,
    never blocks (a named pipe is refused, not opened for a writer to come),
    never follows a symbolic link.

    OS errors become FormatError so that a missing main file can still
    fall back to its backup."""
    try:
        return read_regular(path, MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise FormatError("there is no such file") from None
    except NotRegularFile as e:
        raise FormatError(str(e)) from None
    except OSError as e:
        raise FormatError(f"it cannot be read ({e.strerror or e})") from None


def _sentence(e: Exception) -> str:
    text = str(e).strip()
    return text if text.endswith((".", "!", "?")) else text + "."
