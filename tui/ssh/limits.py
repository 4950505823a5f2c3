"""Limits that keep one host's machine usable: session slots and connection rate."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class SessionSlots:
    """A count of running games, capped at ``limit`` (one child process each)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0

    def acquire(self) -> bool:
        """Take a slot; False when the table is full."""
        if self.used >= self.limit:
            return False
        self.used += 1
        return True

    def release(self) -> None:
        self.used = max(0, self.used - 1)


class RateLimiter:
    """At most ``per_minute`` new connections from one address in any 60 s.

    Checked as the TCP connection arrives, before key exchange, so a flood
    from one address costs almost nothing.
    """

    WINDOW = 60.0

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._seen: dict[str, deque[float]] = {}
        self._swept = self._clock()

    def allow(self, address: str) -> bool:
        """Record a connection attempt from ``address``; False if over the limit."""
        now = self._clock()
        if now - self._swept > self.WINDOW:  # a full sweep at most once a minute
            self._forget_before(now - self.WINDOW)
            self._swept = now
        times = self._seen.setdefault(address, deque())
        while times and times[0] <= now - self.WINDOW:
            times.popleft()
        if len(times) >= self.per_minute:
            return False
        times.append(now)
        return True

    def _forget_before(self, cutoff: float) -> None:
        """Drop old attempts so the table stays as small as the last minute's traffic."""
        for address in list(self._seen):
            times = self._seen[address]
            while times and times[0] <= cutoff:
                times.popleft()
            if not times:
                del self._seen[address]
