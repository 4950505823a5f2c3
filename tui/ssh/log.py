"""The server's log: one line per session (and per connection that got none).

Every line says who, from where, when, for how long and how it ended, so a
host can answer "who was on last night?" with grep, and tools such as
fail2ban can act on refused logins. Client-chosen text (user names, commands)
is only ever logged quoted with ``repr``, so it cannot forge a line.
"""

from __future__ import annotations

import logging
import time

log = logging.getLogger("tabula.ssh")


def utc_stamp(epoch: float) -> str:
    """UTC time to the second, as in 2025-05-01T19:02:11Z."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))


def log_ending(kind: str, who: str, peer: str, opened: float, outcome: str) -> None:
    """The one line for a session (``kind`` "session") or a bare connection."""
    log.info("%s %s from %s at %s for %.1fs: %s", kind, who, peer, utc_stamp(opened),
             time.time() - opened, outcome)
