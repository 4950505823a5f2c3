"""What a served game does when it crashes: the traceback goes to the host,
one line goes to the player.

The SSH server starts each game with ``TABULA_CRASH_DIR`` set to a folder
of its own. A traceback names server paths and shows the code's locals; on
a remote player's terminal it tells an attacker how the host is laid out
and tells the player nothing useful. So, with the variable set, an
unexpected exception (in the app, or in the command line code before it)
is written to ``<TABULA_CRASH_DIR>/crash-<utc time>-<pid>.txt`` (mode
0o600; the folder is created 0o700 if missing) and the terminal gets only
``TOLD``; the exit status is 1. Without the variable (a local player) the
traceback is shown as before: it is the player's own machine.

``TabulaApp`` routes Textual's fatal errors here; ``tui/__main__.py`` wraps
the command line in ``guarded``.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TextIO

ENV = "TABULA_CRASH_DIR"
TOLD = "Tabula hit an unexpected error and had to close; the host has been told."
UNTOLD = "Tabula hit an unexpected error and had to close."
FOLDER_MODE = 0o700
FILE_MODE = 0o600


def crash_dir() -> Path | None:
    """The folder for crash reports, or None when crashes may be shown (local play)."""
    folder = os.environ.get(ENV, "")
    return Path(folder) if folder else None


_PATH = re.compile(r"(?<![\w~.])/[^\s'\"()“”<>]+")


def private_paths(text: str) -> str:
    """``text`` as a served game's player may see it: every absolute path
    cut to its last part. Paths name the server's folders and the hash of a
    player's folder; locally they are the player's own and stay whole."""
    if crash_dir() is None:
        return text
    return _PATH.sub(lambda m: PurePosixPath(m.group()).name or "/", text)


def report_text(text: str) -> Path | None:
    """Write ``text`` to a new crash file; its path, or None if it could not
    be written (never raises: it runs while the game is already failing)."""
    folder = crash_dir()
    if folder is None:
        return None
    try:
        _make_folder(folder)
        fd, path = _new_file(folder)
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as f:
            f.write(text)
        return path
    except Exception:  # a full disk or a bad folder: the player still gets one line
        return None


def report(error: BaseException) -> Path | None:
    """Write ``error``'s full traceback to a new crash file (see ``report_text``)."""
    return report_text("".join(traceback.format_exception(error)))


def tell(path: Path | None, stream: TextIO | None = None) -> None:
    """The one line the player sees: the host has been told, if the file was written."""
    stream = stream or sys.__stderr__ or sys.stderr
    with contextlib.suppress(Exception):
        stream.write((TOLD if path is not None else UNTOLD) + "\n")
        stream.flush()


@dataclass
class Crash:
    """A crash already filed (``path``, None if the file could not be
    written), whose line the player is told once."""

    path: Path | None
    told: bool = False

    def tell(self) -> None:
        if not self.told:
            self.told = True
            tell(self.path)


def guarded(main: Callable[[], int]) -> int:
    """``main()``'s exit status; with ``TABULA_CRASH_DIR`` set, an unexpected
    exception becomes a crash file, one line and status 1 instead of a
    traceback. ``SystemExit`` and ``KeyboardInterrupt`` pass as they are."""
    if crash_dir() is None:
        return main()
    try:
        return main()
    except Exception as e:
        tell(report(e))
        return 1


def _make_folder(folder: Path) -> None:
    """Create the crash folder private to the host (0o700 whatever the umask);
    a folder that exists is the host's own and is left as it is."""
    try:
        folder.mkdir(mode=FOLDER_MODE, parents=True)
    except FileExistsError:
        return
    os.chmod(folder, FOLDER_MODE)


def _new_file(folder: Path) -> tuple[int, Path]:
    """A new crash file opened for writing: created, never an existing file
    or a symbolic link followed, mode 0o600."""
    now = time.time()
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now)) + f"{now % 1:.6f}"[1:] + "Z"
    base = f"crash-{stamp}-{os.getpid()}"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    for n in range(100):
        path = folder / (f"{base}.txt" if n == 0 else f"{base}-{n}.txt")
        try:
            fd = os.open(path, flags, FILE_MODE)
        except FileExistsError:
            continue
        if hasattr(os, "fchmod"):
            os.fchmod(fd, FILE_MODE)  # exactly 0o600, whatever the umask
        return fd, path
    raise FileExistsError(f"no free crash file name in {folder}")
