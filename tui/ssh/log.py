"""The server's log: one line per session (and per connection that got none).

Floods are summed up: refused connections, and connections that never
logged in, take at most about one line per address per minute.

Every line says who, from where, when, for how long and how it ended, so a
host can answer "who was on last night?" with grep, and tools such as
fail2ban can act on refused logins. Client-chosen text (user names, commands)
is only ever logged quoted with ``repr``, so it cannot forge a line.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger("tabula.ssh")


def utc_stamp(epoch: float) -> str:
    """UTC time to the second, as in 2025-05-01T19:02:11Z."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))


def log_ending(kind: str, who: str, peer: str, opened: float, outcome: str) -> None:
    """The one line for a session (``kind`` "session") or a bare connection."""
    log.info("%s %s from %s at %s for %.1fs: %s", kind, who, peer, utc_stamp(opened),
             time.time() - opened, outcome)


class RefusalLog:
    """One line per address per minute for refused connections, however many come.

    A flood of refused sockets must not become a flood of log lines (disk,
    journald, CPU); the next line says how many were left unsaid.
    """

    WINDOW = 60.0

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._last: dict[str, tuple[float, int]] = {}  # address -> (logged at, unsaid since)

    def note(self, address: str, reason: str) -> None:
        now = self._clock()
        if len(self._last) > 4096:  # forget quiet addresses; the table stays small
            self._last = {a: v for a, v in self._last.items() if now - v[0] < self.WINDOW}
        logged, unsaid = self._last.get(address, (-self.WINDOW, 0))
        if now - logged < self.WINDOW:
            self._last[address] = (logged, unsaid + 1)
            return
        more = f" (and {unsaid} more since the last line)" if unsaid else ""
        log.info("connection from %s refused: %s%s", address, reason, more)
        self._last[address] = (now, 0)


EVICTED = "evicted"  # pushed out of a full pre-auth table to make room
TIMED_OUT = "timed out"  # not logged in by the login deadline
OTHERWISE = "otherwise"  # closed by the client, a refused key, a protocol error


@dataclass
class _Minute:
    """One address's counting since its last line."""

    start: float
    counts: Counter[str] = field(default_factory=Counter)


class PreauthLog:
    """Connections that never logged in: about one line per address per minute.

    The first from an address is logged in full by the caller (``note``
    says when); the others of the next minute are only counted, and one
    line when the minute is over says how many and how they ended. Then
    hundreds of addresses each churning silent sockets cost a line per
    address per minute, not one per socket. ``flush`` writes the lines of
    minutes that are over (the server calls it every few seconds).
    """

    WINDOW = 60.0
    KINDS = (EVICTED, TIMED_OUT, OTHERWISE)

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._minutes: dict[str, _Minute] = {}

    def note(self, address: str, kind: str) -> bool:
        """Count one connection from ``address`` that ended ``kind`` before logging in.

        True: it is the first in a minute, so the caller logs it in full.
        """
        now = self._clock()
        minute = self._minutes.get(address)
        if minute is not None and now - minute.start >= self.WINDOW:
            minute = self._close(address, minute, now)
        if minute is None:
            self._minutes[address] = _Minute(now)
            return True
        minute.counts[kind] += 1
        return False

    def flush(self, everything: bool = False) -> None:
        """Write the line of every minute that is over (``everything``: of every minute)."""
        now = self._clock()
        for address, minute in list(self._minutes.items()):
            if everything or now - minute.start >= self.WINDOW:
                self._close(address, minute, now)

    def _close(self, address: str, minute: _Minute, now: float) -> _Minute | None:
        """End a minute: its line if it counted any, and the next minute starts
        now (so lines stay a minute apart); a quiet minute is just forgotten."""
        if not minute.counts:
            del self._minutes[address]
            return None
        how = ", ".join(f"{kind} {minute.counts[kind]}" for kind in self.KINDS
                        if minute.counts[kind])
        total = sum(minute.counts.values())
        log.info("%d more connection%s from %s did not log in (%s)", total,
                 "" if total == 1 else "s", address, how)
        fresh = self._minutes[address] = _Minute(now)
        return fresh
