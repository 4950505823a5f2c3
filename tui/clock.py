"""The clock the game screen paces bot moves by.

A bot's decided move waits on screen until the last change has been shown
for the pace's seconds (``tui.screens.table``). The screen reads the time
and sets its pace timer through a ``Clock`` taken from the settings, so a
test can hold a move for as long as it likes and let it go when it says,
whatever the speed of the machine; a player's app uses ``RealClock``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol


class Stoppable(Protocol):
    """A timer that can be stopped before it fires (Textual's ``Timer``)."""

    def stop(self) -> None: ...


class Clock(Protocol):
    """Where the pacing reads the time and sets its timers."""

    def now(self) -> float:
        """Seconds on a clock that never goes back."""

    def call_later(self, node: Any, delay: float, callback: Callable[[], None]) -> Stoppable:
        """Run ``callback`` in ``node``'s message loop once ``delay`` seconds
        have passed on this clock."""


class RealClock:
    """Real time: ``time.monotonic`` and Textual's own timers."""

    def now(self) -> float:
        return time.monotonic()

    def call_later(self, node: Any, delay: float, callback: Callable[[], None]) -> Stoppable:
        """A timer; one due now runs at the node's next turn instead (Textual
        8.2.8's timer divides by its interval: a 0 s timer dies with
        ZeroDivisionError, and what it held never comes)."""
        if delay > 0:
            return node.set_timer(delay, callback)
        soon = _Soon()
        node.call_later(lambda: None if soon.stopped else callback())
        return soon


class _Soon:
    """A call due at once, until stopped."""

    def __init__(self) -> None:
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True
