"""What the zygote hands a game it forks, and how both name their process.

Shared by ``zygote`` (which builds the request) and ``forked`` (which
becomes the game from it), so that neither imports the other.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass


@dataclass(frozen=True)
class GameRequest:
    """What a forked game needs to become ``python -m tui``: its PTY, env and
    folder, and its end of the private channel to the hall (kept as fd 3)."""

    slave: int
    env: dict[str, str]
    cwd: str
    hall: int | None = None


def name_process(name: str) -> None:
    """What top, ``ps -e`` and pgrep call this process (its command line stays the zygote's)."""
    with contextlib.suppress(OSError), open("/proc/self/comm", "w") as comm:
        comm.write(name[:15])
