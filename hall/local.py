"""Shared tables for people on one machine, with no SSH: ``tabula host`` and
``tabula join CODE``.

``tabula host`` runs the hall in a background thread (its own event loop,
so the terminal UI keeps the main thread) on a Unix socket in the user's
data folder, ``<data>/hall/hall.sock``: the folder is 0700 and the socket
0600, and the hall also checks each peer's uid (``SO_PEERCRED``), so only
the same user's terminals can sit down. Tables are kept in the same folder,
so the next ``tabula host`` brings back the unfinished ones. One host at a
time: a lock file says whether one runs (a socket left by a host that was
killed is replaced). ``tabula join`` only needs the socket's path.

The UI side (which screen opens) is ``tui``'s; this module never imports it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import fcntl
import logging
import os
import stat
import threading
from pathlib import Path
from typing import Any

from saves.plain import plain
from saves.store import default_folder, make_private_folder

from .messages import CODE_RULE, is_code

FOLDER = "hall"  # beside the save folder: <TABULA_HOME or user data>/hall
SOCKET = "hall.sock"
LOCK = "hall.lock"
LOG = "hall.log"  # the hall's one line per event (a terminal UI owns stderr)
START_TIMEOUT = 30.0  # seconds for the hall to restore its tables and listen
STOP_TIMEOUT = 30.0
NAME_CHARS = 24


class AlreadyHosted(Exception):
    """Another ``tabula host`` of this user runs already."""


class NobodyHosts(Exception):
    """No ``tabula host`` runs for this user on this machine."""


def hall_dir() -> Path:
    """Where the local hall lives: beside the default save folder
    (``$TABULA_HOME/hall``, else ``hall`` in the user data folder)."""
    return default_folder().parent / FOLDER


def socket_path(folder: Path | None = None) -> Path:
    return (folder or hall_dir()) / SOCKET


def check_code(code: str) -> str:
    """A table code as typed (any case), upper-cased; ValueError if it cannot be one."""
    if not is_code(code):
        raise ValueError(f"{CODE_RULE}, not {plain(code, 20)!r}")
    return code.upper()


def check_name(name: str) -> str:
    """A player's name, cleaned and bounded; ValueError if nothing is left."""
    cleaned = plain(name, NAME_CHARS).strip()
    if not cleaned:
        raise ValueError("a name needs at least one letter")
    return cleaned


def login_name() -> str:
    """The user's login name, as the default name at the tables."""
    import getpass

    with contextlib.suppress(Exception):
        return check_name(getpass.getuser())
    return "player"


def is_hosted(folder: Path) -> bool:
    """Does a ``tabula host`` hold the hall in ``folder`` now?

    Asked of the lock, not the socket: a probe connection would be a
    client that never says hello (and a log line each time).
    """
    try:
        fd = os.open(folder / LOCK, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # (and with it a shared lock we may have taken)
    return False


def require_host(folder: Path) -> Path:
    """The hall's socket in ``folder`` if a host runs; else NobodyHosts (one line)."""
    if not is_hosted(folder) or not socket_path(folder).exists():
        raise NobodyHosts("nobody hosts tables here; start them with `tabula host` "
                          "in another terminal")
    return socket_path(folder)


def private_folder(folder: Path) -> None:
    """Create the hall's folder 0700, or make an existing one of ours 0700."""
    make_private_folder(folder)
    info = folder.stat()
    if info.st_uid != os.getuid():
        raise PermissionError(f"{folder} belongs to another user")
    if stat.S_IMODE(info.st_mode) & 0o077:
        folder.chmod(0o700)


class LocalHall:
    """The hall, served on a Unix socket from a background thread.

    ``start`` returns once the tables are restored and the socket listens
    (or raises why not); ``stop`` saves everything and ends the thread.
    """

    def __init__(self, folder: Path, local_home: Path | None = None,
                 **settings: Any) -> None:
        self.folder = folder
        self.path = folder / SOCKET
        self.local_home = local_home
        self.settings = settings  # more HallConfig fields (tests: bot_seconds, seat_grace)
        self.hall: Any = None
        self._lock: int | None = None
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._log: logging.Handler | None = None
        self._propagate = True

    def start(self, timeout: float = START_TIMEOUT) -> Path:
        """Take the lock, start the thread, wait until the hall listens: the socket path."""
        private_folder(self.folder)
        self._take_lock()
        try:
            self._log_to_file()
            with contextlib.suppress(FileNotFoundError):  # a killed host's; ours now
                self.path.unlink()
            self._thread = threading.Thread(target=self._run, name="tabula-hall", daemon=True)
            self._thread.start()
            if not self._ready.wait(timeout):
                raise TimeoutError(f"the hall did not start within {timeout:g}s")
            if self._error is not None:
                raise self._error
        except BaseException:
            self.stop()
            raise
        return self.path

    def stop(self, timeout: float = STOP_TIMEOUT) -> None:
        """Save every table, close the socket, end the thread; release the lock."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has ended already
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        if self._log is not None:
            hall_log = logging.getLogger("tabula.hall")
            hall_log.removeHandler(self._log)
            hall_log.propagate = self._propagate
            self._log.close()
            self._log = None
        if self._lock is not None:
            os.close(self._lock)  # releases the flock
            self._lock = None

    # -- internals -------------------------------------------------------

    def _take_lock(self) -> None:
        fd = os.open(self.folder / LOCK, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise AlreadyHosted("another `tabula host` runs already; join its tables "
                                "with `tabula join CODE`") from None
        self._lock = fd

    def _log_to_file(self) -> None:
        """The hall's log lines go to hall.log: the terminal belongs to the UI."""
        handler = logging.FileHandler(self.folder / LOG, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        hall_log = logging.getLogger("tabula.hall")
        hall_log.addHandler(handler)
        hall_log.setLevel(logging.INFO)
        self._propagate, hall_log.propagate = hall_log.propagate, False
        self._log = handler

    def _config(self) -> Any:
        from .hall import HallConfig

        names = {f.name for f in dataclasses.fields(HallConfig)}
        extra = dict(self.settings)
        if "local_home" in names and self.local_home is not None:
            extra["local_home"] = self.local_home
        return HallConfig(data_dir=self.folder, **extra)

    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        except BaseException as e:  # told to start(), which raises it
            self._error = e
        finally:
            self._ready.set()

    async def _serve(self) -> None:
        from .hall import Hall

        self._loop = asyncio.get_running_loop()
        self._loop.set_exception_handler(_log_loop_error)  # never onto the UI's terminal
        self._stop = asyncio.Event()
        hall = Hall(self._config())
        await hall.start()
        try:
            await hall.serve_unix(self.path)
            os.chmod(self.path, 0o600)
            self.hall = hall
            self._ready.set()
            await self._stop.wait()
        finally:
            await hall.stop()


def _log_loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """What asyncio would print to stderr, as one line of the hall's log."""
    error = context.get("exception")
    logging.getLogger("tabula.hall").error(
        "%s%s", context.get("message", "event loop error"),
        f" ({type(error).__name__}: {error})" if error is not None else "")
