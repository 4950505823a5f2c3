"""One player's game: a child process on its own PTY.

The child is started with ``start_new_session=True``, so it leads its own
session and process group: signals meant for it (SIGWINCH on resize, SIGHUP
on hang-up) go to the whole group, and nothing it does can reach the server
or another player's game. The server only ever holds the PTY master.

Exit is watched with a pidfd where the OS has one (Linux): the pidfd becomes
readable when the child dies, *before* it is reaped, so stragglers in its
group can be killed while its pid cannot yet be reused by anyone else.
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
from collections.abc import Mapping, Sequence
from pathlib import Path

DEFAULT_SIZE = (80, 24)
MAX_DIMENSION = 4096  # columns or rows; beyond this a client is lying


def clamp_size(cols: int, rows: int) -> tuple[int, int]:
    """A usable size: 0 (unknown) becomes the default, absurd values are capped."""
    cols = min(cols, MAX_DIMENSION) if cols > 0 else DEFAULT_SIZE[0]
    rows = min(rows, MAX_DIMENSION) if rows > 0 else DEFAULT_SIZE[1]
    return cols, rows


def set_window_size(fd: int, cols: int, rows: int, xpix: int = 0, ypix: int = 0) -> None:
    """TIOCSWINSZ on a PTY: what the child will read with TIOCGWINSZ."""
    cols, rows = clamp_size(cols, rows)
    xpix, ypix = min(max(xpix, 0), 0xFFFF), min(max(ypix, 0), 0xFFFF)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, xpix, ypix))


class GameChild:
    """A running child on a PTY; the caller owns ``master`` until ``close``."""

    def __init__(self, proc: subprocess.Popen[bytes], master: int) -> None:
        self.proc = proc
        self.master = master
        self.pid = proc.pid
        self.returncode: int | None = None
        self._exited: asyncio.Future[int] | None = None

    @classmethod
    def spawn(cls, command: Sequence[str], env: Mapping[str, str], cwd: Path,
              size: tuple[int, int, int, int]) -> GameChild:
        """Open a PTY sized ``(cols, rows, xpix, ypix)`` and start ``command`` on it.

        The size is set before the child starts, so its first frame already
        fits the player's window.
        """
        master, slave = os.openpty()
        try:
            set_window_size(master, *size)
            proc = subprocess.Popen(
                list(command), stdin=slave, stdout=slave, stderr=slave, env=dict(env),
                cwd=cwd, start_new_session=True, close_fds=True)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)  # the child holds its own copies
        os.set_blocking(master, False)
        return cls(proc, master)

    def resize(self, cols: int, rows: int, xpix: int = 0, ypix: int = 0) -> None:
        """Tell the child its window changed: new size on the PTY, then SIGWINCH."""
        if self.returncode is not None:
            return
        with contextlib.suppress(OSError):
            set_window_size(self.master, cols, rows, xpix, ypix)
        self.signal_group(signal.SIGWINCH)

    def signal_group(self, sig: int) -> None:
        """Send ``sig`` to the child's whole process group (its pid, as leader)."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, sig)

    def exited(self) -> asyncio.Future[int]:
        """A future for the exit status (negative = killed by that signal)."""
        if self._exited is None:
            self._exited = asyncio.get_running_loop().create_future()
            self._watch_exit(self._exited)
        return self._exited

    def _watch_exit(self, fut: asyncio.Future[int]) -> None:
        loop = asyncio.get_running_loop()
        try:
            pidfd = os.pidfd_open(self.pid)
        except (AttributeError, OSError):  # no pidfd: a thread waits instead
            task = loop.run_in_executor(None, self.proc.wait)
            task.add_done_callback(lambda t: self._set_exit(fut, t.result()))
            return

        def on_exit() -> None:
            loop.remove_reader(pidfd)
            os.close(pidfd)
            self.signal_group(signal.SIGKILL)  # leftovers; our pid is still a zombie
            self._set_exit(fut, self.proc.wait())

        loop.add_reader(pidfd, on_exit)

    def _set_exit(self, fut: asyncio.Future[int], status: int) -> None:
        self.returncode = status
        if not fut.done():
            fut.set_result(status)

    async def end(self, grace: float) -> int:
        """Hang up on the child: SIGHUP to its group, SIGKILL after ``grace`` s; reap it.

        SIGHUP is what a terminal's hang-up means; the game has autosaved
        after every action, so nothing is lost. A child that ignores it (or
        is stuck) is killed.
        """
        exited = self.exited()
        if not exited.done():
            self.signal_group(signal.SIGHUP)
            self.signal_group(signal.SIGCONT)  # a stopped child must wake to die
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
