"""Bytes between a PTY master and an SSH channel, never blocking the event loop.

All sessions share one event loop, so one slow reader or writer must never
stall the others: the master is non-blocking, output is read only while the
SSH channel has room (asyncssh's pause_writing/resume_writing), and input
that the PTY cannot take yet waits in a bounded buffer while the channel is
paused (pause_reading), so a flood of keystrokes cannot grow memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
from collections.abc import Callable

READ_SIZE = 65536
INPUT_HIGH_WATER = 65536


class PtyPump:
    """Moves output from ``fd`` to ``on_output`` and input from ``write`` to ``fd``."""

    def __init__(self, fd: int, on_output: Callable[[bytes], None],
                 on_input_backlog: Callable[[bool], None] = lambda full: None) -> None:
        self.fd = fd
        self._on_output = on_output
        self._on_backlog = on_input_backlog
        self._loop = asyncio.get_running_loop()
        self._pending = bytearray()  # input the PTY has not taken yet
        self._reading = False
        self._writing = False
        self._paused = False
        self._backlogged = False
        self.eof = False  # every slave fd is closed: the game and its children are gone

    def start(self) -> None:
        self._want_read(True)

    def pause_output(self) -> None:
        """The channel is full: stop reading the PTY (the child then blocks, not us)."""
        self._paused = True
        self._want_read(False)

    def resume_output(self) -> None:
        self._paused = False
        self._want_read(True)

    def write(self, data: bytes) -> None:
        """Queue input for the child."""
        if self.eof or self.fd < 0:
            return
        self._pending += data
        self._flush_input()

    def drain_output(self) -> None:
        """Read whatever output is left now (the child has exited)."""
        while not self.eof and self.fd >= 0:
            if not self._read_once():
                break

    def stop(self) -> None:
        """Stop watching the fd (before it is closed)."""
        self._want_read(False)
        self._want_write(False)

    # -- internals -------------------------------------------------------

    def _on_readable(self) -> None:
        self._read_once()

    def _read_once(self) -> bool:
        """One read; True if data came. EIO means every slave fd is closed."""
        try:
            data = os.read(self.fd, READ_SIZE)
        except BlockingIOError:
            return False
        except OSError as e:
            if e.errno not in (errno.EIO, errno.EBADF):
                raise
            data = b""
        if not data:
            self._reached_eof()
            return False
        self._on_output(data)
        return True

    def _reached_eof(self) -> None:
        self.eof = True
        self.stop()

    def _flush_input(self) -> None:
        while self._pending:
            try:
                n = os.write(self.fd, self._pending)
            except BlockingIOError:
                break
            except OSError:  # the child is gone; its exit is handled elsewhere
                self._pending.clear()
                break
            del self._pending[:n]
        self._want_write(bool(self._pending))
        full = len(self._pending) >= INPUT_HIGH_WATER
        if full != self._backlogged:
            self._backlogged = full
            self._on_backlog(full)

    def _want_read(self, on: bool) -> None:
        on = on and not self._paused and not self.eof and self.fd >= 0
        if on and not self._reading:
            self._loop.add_reader(self.fd, self._on_readable)
        elif not on and self._reading:
            with contextlib.suppress(ValueError, OSError):
                self._loop.remove_reader(self.fd)
        self._reading = on

    def _want_write(self, on: bool) -> None:
        on = on and self.fd >= 0
        if on and not self._writing:
            self._loop.add_writer(self.fd, self._flush_input)
        elif not on and self._writing:
            with contextlib.suppress(ValueError, OSError):
                self._loop.remove_writer(self.fd)
        self._writing = on
