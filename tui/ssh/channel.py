"""The session channel, with every per-channel request bounded.

asyncssh keeps each ``env`` request of a channel in a dict without limit, so
one client could grow the server's memory by sending thousands of them.
``GuardedChannel`` keeps only the few variables a game uses (TERM comes
with the PTY request; LANG, LC_* and COLORTERM here), each bounded in
length and count, and gives each channel a budget of requests: a client
that sends requests faster than any terminal would (a flood of ``env``,
window changes, signals, anything) is disconnected.

It is asyncssh's own ``SSHServerChannel`` with two handlers replaced;
``guard`` turns a channel made by ``create_server_channel`` into one.
"""

from __future__ import annotations

import re

import asyncssh
from asyncssh.channel import SSHServerChannel
from asyncssh.constants import MSG_CHANNEL_REQUEST

from .limits import TokenBucket
from .log import log

ENV_NAMES = re.compile(r"LANG|LC_[A-Z]{1,16}|COLORTERM")
MAX_ENV = 16  # variables kept per channel
MAX_ENV_VALUE = 64  # bytes of one value
# Requests per channel: a burst for the start of a session (pty-req, a few
# env, shell) and for dragging a window's edge, then a steady rate no
# terminal reaches. Beyond it the connection is closed.
REQUEST_BURST = 200
REQUESTS_PER_SECOND = 50.0


class GuardedChannel(SSHServerChannel):
    """A server session channel whose requests cannot grow memory or hog the loop."""

    _budget: TokenBucket
    _env_count: int

    def _process_request(self, pkttype: int, pktid: int, packet: object) -> None:
        if not self._budget.take():
            log.info("disconnected %s: too many channel requests",
                     self.get_extra_info("peername"))
            self._conn.disconnect(asyncssh.DISC_BY_APPLICATION,
                                  "Tabula: too many requests on one channel.")
            return
        super()._process_request(pkttype, pktid, packet)  # type: ignore[arg-type]

    def _process_env_request(self, packet: object) -> bool:
        """Keep LANG, LC_* and COLORTERM (bounded); refuse everything else."""
        name = packet.get_string()  # type: ignore[attr-defined]
        value = packet.get_string()  # type: ignore[attr-defined]
        packet.check_end()  # type: ignore[attr-defined]
        try:
            key = name.decode("ascii")
            text = value.decode("ascii")
        except UnicodeDecodeError:
            return False
        if (not ENV_NAMES.fullmatch(key) or len(value) > MAX_ENV_VALUE
                or not text.isprintable() or self._env_count >= MAX_ENV):
            return False
        if name not in self._env:
            self._env_count += 1
        self._env[name] = value  # asyncssh keeps the raw bytes; get_environment decodes
        return True

    _packet_handlers = {**SSHServerChannel._packet_handlers,
                        MSG_CHANNEL_REQUEST: _process_request}


def guard(chan: SSHServerChannel) -> GuardedChannel:
    """The same channel, now guarded (its class is swapped; no state is copied)."""
    chan.__class__ = GuardedChannel
    guarded: GuardedChannel = chan  # type: ignore[assignment]
    guarded._budget = TokenBucket(REQUEST_BURST, REQUESTS_PER_SECOND)
    guarded._env_count = 0
    return guarded
