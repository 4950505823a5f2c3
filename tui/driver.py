"""Textual's Linux driver, with input bounded: a flood of keys is dropped, not queued.

Textual parses every byte it reads into an event and schedules each on the
app's loop; the app takes ~0.1 ms to handle a key. One megabyte pasted or
typed by a program (one key per byte) therefore meant minutes of 100% CPU
with the events piling up, during which even ctrl+q waited its turn. This
driver lets through what a person can produce (a burst of ``BURST`` input
events, then ``PER_SECOND``) and drops the rest, and drops input outright
while the app has a backlog of ``BACKLOG`` messages. A bracketed paste is
one event, whatever its length, so pasting still works. Resizes, focus and
everything else that is not input always pass, and so do ctrl+q and ctrl+c.
"""

from __future__ import annotations

import threading
import time

from textual import events
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

BURST = 400  # input events at once (a held key, a quick mouse sweep)
PER_SECOND = 200.0  # input events per second, sustained: more than any person
BACKLOG = 256  # messages waiting in the app; beyond this, new input is dropped

_INPUT = (events.Key, events.MouseEvent, events.Paste)
ALWAYS = frozenset({"ctrl+q", "ctrl+c"})  # a way out, even in the middle of a flood


class InputBudget:
    """A token bucket for input events; thread-safe (the driver reads in a thread)."""

    def __init__(self, burst: float = BURST, per_second: float = PER_SECOND,
                 clock=time.monotonic) -> None:
        self.burst, self.per_second, self._clock = burst, per_second, clock
        self._tokens, self._when = burst, clock()
        self._lock = threading.Lock()
        self.dropped = 0

    def take(self) -> bool:
        with self._lock:
            now = self._clock()
            self._tokens = min(self.burst, self._tokens + (now - self._when) * self.per_second)
            self._when = now
            if self._tokens >= 1:
                self._tokens -= 1
                return True
            self.dropped += 1
            return False


class GuardedLinuxDriver(LinuxDriver):
    """LinuxDriver that never lets input outrun the app (see the module docstring)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.budget = InputBudget()

    def process_message(self, message: Message) -> None:
        if (isinstance(message, _INPUT) and getattr(message, "key", None) not in ALWAYS
                and (self._backlogged() or not self.budget.take())):
            return
        super().process_message(message)

    def _backlogged(self) -> bool:
        queue = getattr(self._app, "_message_queue", None)
        return queue is not None and queue.qsize() >= BACKLOG

