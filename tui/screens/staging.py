"""A step played out at the table's pace: the states an automated phase
passed through (``Game.stages``: an Enemy army's moves and battles, one
battle after another, an automated opponent's turn), as one seat sees them.

The table screen (``tui.screens.table``) shows one of them per pace with the
log lines it added, then the step's own position; space skips to the end.
``Staging`` only keeps the place: which stage shows, what stood before it
(so a table tints what the stage changed) and which log lines are out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import LogLine


@dataclass
class Staging:
    """Step ``step``'s stages as ``seat`` sees them (its views, in order)."""

    step: int
    seat: int
    frames: Sequence[Any]
    before: Callable[[int], Any]  # k -> the seat's view k steps before the step ends
    at: int = 0
    shown: list[LogLine] = field(default_factory=list)  # the step's log lines already out

    @property
    def frame(self) -> Any:
        return self.frames[self.at]

    def earlier(self, k: int) -> Any:
        """What stood ``k`` stages before the one shown: an earlier stage,
        or (before the first) the position before the step."""
        j = self.at - k
        return self.frames[j] if j >= 0 else self.before(-j)

    def next(self) -> bool:
        """Move on to the next stage; False once the last has been shown."""
        self.at += 1
        return self.at < len(self.frames)

    def new_lines(self, game: Any) -> list[LogLine]:
        """The log lines the stage shown adds (its events are the step's so far)."""
        view = self.frame
        lines = [line for e in game.events(view)
                 if (line := game.log_line(view, e)) is not None]
        fresh = lines[len(self.shown):]
        self.shown.extend(fresh)
        return fresh


def without_shown(lines: list[LogLine], shown: list[LogLine]) -> list[LogLine]:
    """The step's log lines less those its stages already put out (they lead
    the step's own lines, at the end of ``lines``)."""
    n = len(shown)
    if not n:
        return lines
    for i in range(len(lines) - n, -1, -1):
        if lines[i:i + n] == shown:
            return lines[:i] + lines[i + n:]
    return lines
