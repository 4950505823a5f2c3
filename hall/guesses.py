"""Wrong table codes, counted per address and per key across connections.

A private table is found only by its code, so guessing codes must be
hopeless: the codes are long (``messages.PRIVATE_CODE_LEN``) and every
wrong one counts against the address it came from and, for a key holder,
against the key, whichever connection, hall client or ``ssh CODE@host``
login it came through. Past ``limit`` wrong codes in ``window`` seconds, every
code from that address or key is refused, right or wrong (so a lucky guess
while blocked tells nothing), until the oldest miss is ``window`` old.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable

LIMIT = 20  # wrong codes one address or key may try...
WINDOW = 600.0  # ...in this many seconds


class Guesses:
    """Misses per identity ("address:…", a key's fingerprint) in a sliding window."""

    def __init__(self, limit: int = LIMIT, window: float = WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._misses: dict[str, deque[float]] = {}

    def blocked(self, ids: Iterable[str]) -> bool:
        """Has any of ``ids`` used up its wrong codes?"""
        now = self._clock()
        return any(len(self._recent(i, now)) >= self.limit for i in ids)

    def miss(self, ids: Iterable[str]) -> None:
        """Count a wrong code against each of ``ids``."""
        now = self._clock()
        for i in ids:
            times = self._recent(i, now)
            times.append(now)
            self._misses[i] = times
        if len(self._misses) > 4 * 1024:  # a sweep, so the table stays small
            for i in [i for i in self._misses if not self._recent(i, now)]:
                del self._misses[i]

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._misses.get(key, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        return times


def identities(key: str, address: str | None, guest: bool) -> list[str]:
    """What a miss counts against: the address, and a key holder's key (a
    guest's key is a fresh secret each login, so it counts only where there
    is no address: a test's connection)."""
    out = [] if address is None else [f"address:{address}"]
    if not guest or not out:
        out.append(f"key:{key}")
    return out
