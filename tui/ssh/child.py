"""One player's game: a process leading its own session on its own PTY.

A game is either forked by the zygote (``tui.ssh.zygote``, the usual way)
or started as a fresh ``python -m tui`` (``GameChild.spawn``, when there is
no zygote). Either way it leads its own session and process group with the
PTY as its controlling terminal: signals meant for it (SIGWINCH on resize,
SIGHUP on hang-up) go to the whole group, and nothing it does can reach the
server or another player's game. The server only ever holds the PTY master.

Exit is watched with a pidfd where the OS has one (Linux): the pidfd becomes
readable when the game dies, *before* it is reaped (by the server for a
spawned game; by the zygote, only when the server says so, for a forked
one), so stragglers in its group can be killed while its pid cannot yet be
reused by anyone else.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import subprocess
import termios
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path

from ..sizes import MAX_HEIGHT, MAX_WIDTH

DEFAULT_SIZE = (80, 24)
MAX_COLUMNS, MAX_ROWS = MAX_WIDTH, MAX_HEIGHT  # bigger is capped (see tui.sizes)

# Collects the dead leader (it must be dead: its pidfd was readable, or there
# is no pidfd and this waits); its wait status, or None if nobody can know.
Reap = Callable[[], Awaitable[int | None]]


def clamp_size(cols: int, rows: int) -> tuple[int, int]:
    """A usable size: 0 (unknown) becomes the default, bigger than a person uses is capped."""
    cols = min(cols, MAX_COLUMNS) if cols > 0 else DEFAULT_SIZE[0]
    rows = min(rows, MAX_ROWS) if rows > 0 else DEFAULT_SIZE[1]
    return cols, rows


def set_window_size(fd: int, cols: int, rows: int, xpix: int = 0, ypix: int = 0) -> None:
    """TIOCSWINSZ on a PTY: what the game will read with TIOCGWINSZ."""
    cols, rows = clamp_size(cols, rows)
    xpix, ypix = min(max(xpix, 0), 0xFFFF), min(max(ypix, 0), 0xFFFF)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, xpix, ypix))


def open_pty(size: tuple[int, int, int, int]) -> tuple[int, int]:
    """A PTY sized ``(cols, rows, xpix, ypix)``: (master, non-blocking; slave).

    The size is set before any game starts on it, so its first frame
    already fits the player's window.
    """
    master, slave = os.openpty()
    try:
        set_window_size(master, *size)
        os.set_blocking(master, False)
    except BaseException:
        os.close(master)
        os.close(slave)
        raise
    return master, slave


class GameChild:
    """A running game on a PTY; the caller owns ``master`` until ``close``."""

    def __init__(self, pid: int, master: int, reap: Reap, pidfd: int | None = None) -> None:
        self.pid = pid
        self.master = master
        self.returncode: int | None = None  # None while running, or if unknowable
        self.ended = False
        self._reap = reap
        self._pidfd = pidfd
        self._exited: asyncio.Future[int | None] | None = None

    @classmethod
    def spawn(cls, command: Sequence[str], env: Mapping[str, str], cwd: Path,
              size: tuple[int, int, int, int]) -> GameChild:
        """Open a PTY sized ``(cols, rows, xpix, ypix)`` and start ``command`` on it."""
        master, slave = open_pty(size)
        try:
            return cls.spawn_on(master, slave, command, env, cwd)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)  # the child holds its own copies

    @classmethod
    def spawn_on(cls, master: int, slave: int, command: Sequence[str],
                 env: Mapping[str, str], cwd: Path, pass_fds: Sequence[int] = ()) -> GameChild:
        """Start ``command`` as a fresh process on an open PTY (the caller keeps ``slave``).

        ``start_new_session`` makes it a session leader; ``python -m tui``
        then takes the PTY as its controlling terminal (``tui.__main__``).
        ``pass_fds`` (the game's end of its hall channel) stay open in it,
        at the same numbers; every other fd is closed.
        """
        proc = subprocess.Popen(
            list(command), stdin=slave, stdout=slave, stderr=slave, env=dict(env),
            cwd=cwd, start_new_session=True, close_fds=True, pass_fds=tuple(pass_fds))

        async def reap() -> int:
            status = proc.poll()
            if status is None:  # no pidfd: wait in a thread, as Popen must
                status = await asyncio.get_running_loop().run_in_executor(None, proc.wait)
            return status
        return cls(proc.pid, master, reap)

    def resize(self, cols: int, rows: int, xpix: int = 0, ypix: int = 0) -> None:
        """Tell the game its window changed: new size on the PTY, then SIGWINCH."""
        if self.ended:
            return
        with contextlib.suppress(OSError):
            set_window_size(self.master, cols, rows, xpix, ypix)
        self.signal_group(signal.SIGWINCH)

    def signal_group(self, sig: int) -> None:
        """Send ``sig`` to the game's whole process group (its pid, as leader)."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, sig)

    def exited(self) -> asyncio.Future[int | None]:
        """A future for the exit status (negative = killed by that signal; None = unknown)."""
        if self._exited is None:
            self._exited = asyncio.get_running_loop().create_future()
            self._watch_exit(self._exited)
        return self._exited

    def _watch_exit(self, fut: asyncio.Future[int | None]) -> None:
        loop = asyncio.get_running_loop()
        pidfd = self._pidfd
        if pidfd is None:
            with contextlib.suppress(AttributeError, OSError):
                pidfd = os.pidfd_open(self.pid)
        if pidfd is None:  # no pidfd: the reaper itself waits
            self._collect(fut, kill_stragglers=False)
            return

        def on_exit() -> None:
            loop.remove_reader(pidfd)
            os.close(pidfd)
            self._pidfd = None
            self._collect(fut, kill_stragglers=True)

        loop.add_reader(pidfd, on_exit)

    def _collect(self, fut: asyncio.Future[int | None], kill_stragglers: bool) -> None:
        if kill_stragglers:
            self.signal_group(signal.SIGKILL)  # leftovers; our pid is still a zombie
        task = asyncio.get_running_loop().create_task(self._reap())

        def done(t: asyncio.Task[int | None]) -> None:
            status = None if t.cancelled() or t.exception() else t.result()
            self.returncode, self.ended = status, True
            if not fut.done():
                fut.set_result(status)
        task.add_done_callback(done)

    async def end(self, grace: float) -> int | None:
        """Hang up on the game: SIGHUP to its group, SIGKILL after ``grace`` s; reap it.

        SIGHUP is what a terminal's hang-up means; the game has autosaved
        after every action, so nothing is lost. A game that ignores it (or
        is stuck) is killed.
        """
        exited = self.exited()
        if not exited.done():
            self.signal_group(signal.SIGHUP)
            self.signal_group(signal.SIGCONT)  # a stopped game must wake to die
            try:
                await asyncio.wait_for(asyncio.shield(exited), grace)
            except TimeoutError:
                self.signal_group(signal.SIGKILL)
        return await exited

    def close(self) -> None:
        """Release the PTY master (after the pump is done with it)."""
        if self.master >= 0:
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = -1
