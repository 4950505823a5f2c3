"""Shared tables for people on one machine, with no SSH: ``tabula host`` and
``tabula join CODE``.

The hall runs as a process of its own (``python -m hall.local FOLDER``,
started by ``hall_for``): detached from the terminal that started it (its
own session, no terminal, stderr into ``hall.log``), so the tables go on
when that terminal's Tabula quits. Every ``tabula host`` and ``tabula
join`` is then a client, the same whoever started the hall. It serves a
Unix socket in the user's data folder, ``<data>/hall/hall.sock``: the
folder is 0700 and the socket 0600, and the hall also checks each peer's
uid (``SO_PEERCRED``), so only the same user's terminals can sit down. One
hall per user and folder: it holds ``hall.lock`` (flock) while it runs and
writes "ready PID" into it once it listens. Nobody connected for
``IDLE_SECONDS``: it saves every table and stops; the next ``tabula host``
(or a ``tabula join`` of a kept table) starts it again and the unfinished
tables come back from the same folder.

``LocalHall`` is the hall itself; ``serve`` runs it in the process's main
thread, ``start``/``stop`` in a thread of the caller's (tests). The UI
side (which screen opens) is ``tui``'s; this module never imports it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import fcntl
import logging
import os
import select
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from saves.plain import plain
from saves.store import default_folder, make_private_folder

from .messages import CODE_RULE, is_code

FOLDER = "hall"  # beside the save folder: <TABULA_HOME or user data>/hall
SOCKET = "hall.sock"
LOCK = "hall.lock"
LOG = "hall.log"  # the hall's one line per event (it has no terminal)
START_TIMEOUT = 30.0  # seconds for the hall to restore its tables and listen
STOP_TIMEOUT = 30.0
NAME_CHARS = 24

IDLE_SECONDS = 300.0
"""How long the hall process runs on with nobody connected, then saves
every table and stops. Long enough that a player whose terminal closed, or
a host who quit and thinks again, comes back to the same hall (no restart,
bots and timers where they were); short enough that no process of ours
stays long after the last game of the evening. ``TABULA_HALL_IDLE`` (in
seconds) sets it for the hall a command starts: the tests make it short."""
ENV_IDLE = "TABULA_HALL_IDLE"
FIRST_WAIT = 60.0
"""A hall just started waits at least this long for its first player,
whatever ``IDLE_SECONDS`` says: the terminal that started it opens its
whole UI first, which takes seconds on a busy machine."""
_READY = b"ready"  # the lock file's first word once the hall listens


class AlreadyHosted(Exception):
    """A hall of this user runs in that folder already."""


class HallFailed(Exception):
    """The hall process could not start; the text says why in one line."""


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


def _lock_says(folder: Path) -> tuple[bool, bytes]:
    """(is the lock held, what the lock file says).

    Asked of the lock, not the socket: a probe connection would be a
    client that never says hello (and a log line each time).
    """
    try:
        fd = os.open(folder / LOCK, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return False, b""
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True, os.pread(fd, 64, 0)
        return False, b""
    finally:
        os.close(fd)  # (and with it a shared lock we may have taken)


def is_hosted(folder: Path) -> bool:
    """Does a hall run in ``folder`` now (listening, or still starting)?"""
    return _lock_says(folder)[0]


def hall_pid(folder: Path) -> int | None:
    """The process id of the hall serving ``folder``, once it listens; else None."""
    held, said = _lock_says(folder)
    words = said.split()
    if not held or len(words) != 2 or words[0] != _READY or not words[1].isdigit():
        return None
    return int(words[1])


def running_hall(folder: Path) -> Path | None:
    """The socket of the hall serving ``folder`` if one listens now, else None."""
    path = socket_path(folder)
    return path if hall_pid(folder) is not None and path.exists() else None


def hall_for(folder: Path, local_home: Path | None = None,
             timeout: float = START_TIMEOUT) -> Path:
    """The socket of the hall serving ``folder``: the one running, or a new
    hall process started now (``local_home``: where it saves the finished
    games of its players). HallFailed (one line) if none could start."""
    path = running_hall(folder)
    if path is not None:
        return path
    return start_hall(folder, local_home, timeout=timeout)


def start_hall(folder: Path, local_home: Path | None = None, idle: float | None = None,
               timeout: float = START_TIMEOUT) -> Path:
    """Start the hall process for ``folder`` and wait until it listens; its socket.

    The process is ``python -m hall.local``, in a session of its own and
    with no terminal; it forks once more at once (``main``), so it is
    nobody's child and outlives whoever started it. A pipe tells when it
    listens ("ready"), that another hall got the lock first ("busy": this
    waits for that one), or why it failed. ``idle``: seconds with nobody
    connected before it stops (default: ``TABULA_HALL_IDLE`` or
    ``IDLE_SECONDS``).
    """
    private_folder(folder)
    read, write = os.pipe()
    command = [sys.executable, "-m", "hall.local", str(folder), "--ready-fd", str(write)]
    if local_home is not None:
        command += ["--local-home", str(local_home)]
    if idle is not None:
        command += ["--idle", repr(float(idle))]
    # the same code as the command starting it, installed or not
    code = str(Path(__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [code, *filter(None, [os.environ.get("PYTHONPATH")])])}
    try:
        with open(folder / LOG, "ab") as log:
            first = subprocess.Popen(command, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=log, env=env,
                                     pass_fds=(write,), start_new_session=True, cwd=folder)
        os.close(write)
        write = -1
        first.wait(timeout)  # it only forks the hall and ends
        said = _read_line(read, time.monotonic() + timeout)
    except subprocess.TimeoutExpired:
        raise HallFailed(f"the hall did not start within {timeout:g} s; see {folder / LOG}") \
            from None
    finally:
        os.close(read)
        if write >= 0:
            os.close(write)
    if said == "ready":
        return socket_path(folder)
    if said == "busy":
        return _wait_listening(folder, time.monotonic() + timeout)
    why = said.removeprefix("error ").strip() if said else f"see {folder / LOG}"
    raise HallFailed(f"the table hall could not start: {plain(why, 200)}")


def _read_line(fd: int, deadline: float) -> str:
    """What the hall process says on its ready pipe, up to its end; "" if
    it says nothing (it died: its traceback is in hall.log) or not in time."""
    data = b""
    while b"\n" not in data:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            break
        chunk = os.read(fd, 512)
        if not chunk:
            break
        data += chunk
    return data.decode("utf-8", "replace").strip()


def _wait_listening(folder: Path, deadline: float) -> Path:
    """Another command started the hall a moment before us: wait until it listens."""
    while time.monotonic() < deadline:
        path = running_hall(folder)
        if path is not None:
            return path
        if not is_hosted(folder):
            raise HallFailed(f"the table hall could not start; see {folder / LOG}")
        time.sleep(0.05)
    raise HallFailed(f"the table hall did not start in time; see {folder / LOG}")


def idle_seconds(env: dict[str, str] | None = None) -> float:
    """``IDLE_SECONDS``, or ``TABULA_HALL_IDLE`` when it is a number >= 0."""
    raw = (os.environ if env is None else env).get(ENV_IDLE, "")
    with contextlib.suppress(ValueError):
        value = float(raw)
        if value >= 0:
            return value
    return IDLE_SECONDS


def kept_table(folder: Path, code: str) -> bool:
    """Is there an unfinished table ``code`` on disk in ``folder`` (for
    ``tabula join`` while no hall runs: start one, or say there is none)?"""
    from .store import TableStore

    return TableStore(folder).kept(code)


def private_folder(folder: Path) -> None:
    """Create the hall's folder 0700, or make an existing one of ours 0700."""
    make_private_folder(folder)
    info = folder.stat()
    if info.st_uid != os.getuid():
        raise PermissionError(f"{folder} belongs to another user")
    if stat.S_IMODE(info.st_mode) & 0o077:
        folder.chmod(0o700)


class LocalHall:
    """The hall on a Unix socket in ``folder``.

    ``serve`` runs it in this thread until it is signalled (SIGTERM,
    SIGINT) or nobody has been connected for ``idle`` seconds: the hall
    process. ``start`` runs it in a background thread and returns once the
    tables are restored and the socket listens (or raises why not);
    ``stop`` saves everything and ends the thread.
    """

    def __init__(self, folder: Path, local_home: Path | None = None,
                 idle: float | None = None, **settings: Any) -> None:
        self.folder = folder
        self.path = folder / SOCKET
        self.local_home = local_home
        self.idle = idle  # None: runs until stopped
        self.settings = settings  # more HallConfig fields (tests: bot_seconds, seat_grace)
        self.hall: Any = None
        self._lock: int | None = None
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._idle: asyncio.TimerHandle | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._log: logging.Handler | None = None
        self._propagate = True

    def serve(self, ready: Callable[[str], None] = lambda said: None) -> None:
        """Run the hall in this (main) thread until signalled or idle.
        ``ready`` is told "ready" once it listens, or "busy" if another
        hall holds the folder."""
        private_folder(self.folder)
        try:
            self._take_lock()
        except AlreadyHosted:
            ready("busy")
            return
        try:
            self._begin()
            asyncio.run(self._serve(lambda: ready("ready"), signals=True))
        finally:
            self._release()

    def start(self, timeout: float = START_TIMEOUT) -> Path:
        """Take the lock, start the thread, wait until the hall listens: the socket path."""
        private_folder(self.folder)
        self._take_lock()
        try:
            self._begin()
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
        self._release()

    # -- internals -------------------------------------------------------

    def _take_lock(self) -> None:
        fd = os.open(self.folder / LOCK, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise AlreadyHosted("a table hall runs here already; `tabula host` opens "
                                "its lobby") from None
        os.ftruncate(fd, 0)  # not ready yet (a killed hall's word stays behind)
        self._lock = fd

    def _begin(self) -> None:
        """Log to hall.log; a socket left by a killed hall is ours to replace."""
        self._log_to_file()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def _release(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        if self._log is not None:
            hall_log = logging.getLogger("tabula.hall")
            hall_log.removeHandler(self._log)
            hall_log.propagate = self._propagate
            self._log.close()
            self._log = None
        if self._lock is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self._lock, 0)
            os.close(self._lock)  # releases the flock
            self._lock = None

    def _log_to_file(self) -> None:
        """The hall's log lines go to hall.log: it has no terminal of its own
        (and in a thread, the terminal belongs to the UI)."""
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
            asyncio.run(self._serve(self._ready.set))
        except BaseException as e:  # told to start(), which raises it
            self._error = e
        finally:
            self._ready.set()

    async def _serve(self, ready: Callable[[], None], signals: bool = False) -> None:
        from .hall import Hall

        self._loop = asyncio.get_running_loop()
        self._loop.set_exception_handler(_log_loop_error)  # never onto a terminal
        self._stop = asyncio.Event()
        if signals:
            for sig in (signal.SIGTERM, signal.SIGINT):
                self._loop.add_signal_handler(sig, self._stop.set)
        hall = Hall(self._config())
        await hall.start()
        try:
            await hall.serve_unix(self.path)
            os.chmod(self.path, 0o600)
            self.hall = hall
            hall.on_clients = self._clients
            self._mark_ready()
            log = logging.getLogger("tabula.hall")
            log.info("the hall listens (process %d)", os.getpid())
            ready()
            self._wait_idle(max(self.idle, FIRST_WAIT) if self.idle is not None else None)
            await self._stop.wait()
        finally:
            if self._idle is not None:
                self._idle.cancel()
            await hall.stop()
            logging.getLogger("tabula.hall").info("the hall stopped; every table is saved")

    def _mark_ready(self) -> None:
        """Say in the lock file that this hall listens, and its process id."""
        assert self._lock is not None
        os.ftruncate(self._lock, 0)
        os.pwrite(self._lock, _READY + b" %d\n" % os.getpid(), 0)

    def _clients(self, connected: int) -> None:
        """The hall's count of connections changed (``Hall.on_clients``):
        with nobody left, stop after ``idle`` seconds unless someone comes."""
        if connected:
            if self._idle is not None:
                self._idle.cancel()
                self._idle = None
        elif self._idle is None:
            self._wait_idle(self.idle)

    def _wait_idle(self, seconds: float | None) -> None:
        if seconds is not None and self._loop is not None:
            self._idle = self._loop.call_later(seconds, self._idle_out)

    def _idle_out(self) -> None:
        self._idle = None
        if self.hall is not None and not self.hall.clients and self._stop is not None:
            logging.getLogger("tabula.hall").info(
                "nobody connected for %g s: the hall stops", self.idle)
            self._stop.set()


def _log_loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """What asyncio would print to stderr, as one line of the hall's log."""
    error = context.get("exception")
    logging.getLogger("tabula.hall").error(
        "%s%s", context.get("message", "event loop error"),
        f" ({type(error).__name__}: {error})" if error is not None else "")


def main(argv: list[str] | None = None) -> int:
    """``python -m hall.local FOLDER``: the hall process (``start_hall``)."""
    parser = argparse.ArgumentParser(prog="python -m hall.local",
                                     description="the table hall of `tabula host`")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--local-home", type=Path, default=None)
    parser.add_argument("--idle", type=float, default=None)
    parser.add_argument("--ready-fd", type=int, default=None)
    args = parser.parse_args(argv)
    if os.fork():
        return 0  # the starter waits for this process only; the hall is nobody's child
    said = False

    def ready(word: str) -> None:
        nonlocal said
        if args.ready_fd is not None and not said:
            said = True
            with contextlib.suppress(OSError):
                os.write(args.ready_fd, word.encode() + b"\n")
                os.close(args.ready_fd)

    idle = args.idle if args.idle is not None else idle_seconds()
    try:
        LocalHall(args.folder, args.local_home, idle=idle).serve(ready)
    except BaseException as e:
        ready(f"error {plain(str(e) or type(e).__name__, 200)}")
        raise  # its traceback goes to hall.log (stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
