"""The server's log: one line per session (and per connection that got none).

Every line says who, from where, when, for how long and how it ended, so a
host can answer "who was on last night?" with grep, and tools such as
fail2ban can act on refused logins. Client-chosen text (user names, commands)
is only ever logged quoted with ``repr``, so it cannot forge a line.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

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
