"""Refused connections, held open and silent for a few seconds before they close.

A client refused at accept that is closed at once simply connects again:
one address "holding" hundreds of sockets then makes thousands of
connections a second, and the accepts and closes alone take a core. Held
instead, a refused socket costs one file descriptor and no CPU, and its
owner waits. The refusal line is sent at once (what ``nc`` shows; OpenSSH
shows it with ``-v``); the socket is closed when its time is up.

The pit is bounded, per address and in total (well below the process's file
limit, so accepting never fails for want of descriptors); a refused
connection that finds it full is closed at once, as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
from collections import deque

from .limits import Tally

HOLD_SECONDS = 5.0


def pit_size() -> int:
    """How many sockets may be held: a quarter of the file limit, 64 to 1024."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1024
    return max(64, min(1024, soft // 4))


def raise_file_limit() -> None:
    """Use the hard file limit, not the (often 1024) soft one: sockets are files."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


class Tarpit:
    """Holds duplicates of refused sockets' descriptors until ``HOLD_SECONDS`` pass."""

    def __init__(self, total: int | None = None, per_address: int | None = None,
                 hold: float = HOLD_SECONDS) -> None:
        self.total = pit_size() if total is None else total
        self.per_address = per_address if per_address is not None else self.total // 4
        self.hold_s = hold
        self._held: deque[tuple[float, int, str]] = deque()  # (release at, fd, address)
        self._by_address = Tally()
        self._timer: asyncio.TimerHandle | None = None

    def __len__(self) -> int:
        return len(self._held)

    def refuse(self, fd: int, address: str, message: bytes) -> None:
        """Tell the client ``message`` and keep its socket open for a while (if room)."""
        with contextlib.suppress(OSError):
            os.write(fd, message)
        if len(self._held) >= self.total or self._by_address[address] >= self.per_address:
            return  # no room: the caller's close ends it now
        try:
            held = os.dup(fd)
        except OSError:
            return
        loop = asyncio.get_running_loop()
        self._held.append((loop.time() + self.hold_s, held, address))
        self._by_address.add(address)
        if self._timer is None:
            self._timer = loop.call_later(self.hold_s, self._release_due)

    def _release_due(self) -> None:
        self._timer = None
        loop = asyncio.get_running_loop()
        now = loop.time()
        while self._held and self._held[0][0] <= now:
            self._release(*self._held.popleft()[1:])
        if self._held:
            self._timer = loop.call_later(self._held[0][0] - now, self._release_due)

    def _release(self, fd: int, address: str) -> None:
        with contextlib.suppress(OSError):
            os.close(fd)
        self._by_address.drop(address)

    def close(self) -> None:
        """Close every held socket (the server is stopping)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        while self._held:
            self._release(*self._held.popleft()[1:])
