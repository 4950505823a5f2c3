"""What the command line, the tests and the benchmark can turn in the app."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .clock import Clock, RealClock

PACINGS = ("instant", "normal", "slow")
"""How long each bot move stays on screen before the next one replaces it."""
PACE_SECONDS = {"instant": 0.0, "normal": 0.6, "slow": 1.5}
"""Seconds per pacing: 0.6 s is about the time to read one log line, 1.5 s
to also look at what it changed on the table."""
PACING_ENV = "TABULA_PACING"
"""The pacing a player starts with, where set (a host's server sets it for
its games: ``tabula serve``'s config; tests serve with "instant")."""
HINT_SECONDS = 1.0
"""The hint's search stops after this long unless ``hint_seconds`` says
otherwise (about what a normal ISMCTS bot spends on a move): with drawing
and the rules bot's reasons it shows within 2 s, also on a busy machine."""


@dataclass
class Settings:
    """Knobs the command line, the tests and the benchmark turn.

    Bot budgets left at None let each bot use its strength's own budget.
    """

    save_dir: str | None = None
    bot_iterations: int | None = None
    bot_seconds: float | None = None
    hint_iterations: int | None = None
    hint_seconds: float | None = None
    review_iterations: int | None = None
    """The review's search per costly decision (None: ``ai.review.ITERATIONS``)."""
    cursor_blink: bool = True
    pacing: str | None = None
    """One of PACINGS; None is "normal" for a player and "instant" in a
    headless app (tests, benchmarks: nobody watches). The game screen cycles it."""
    seeds: random.Random = field(default_factory=random.SystemRandom)
    clock: Clock = field(default_factory=RealClock)
    """What bot pacing reads the time and sets its timers by (tests hold it)."""
    last_game: str | None = None
    """The game last started from the new-game form in this run (the form
    opens on it; across runs, the newest save tells)."""

    @classmethod
    def from_command(cls, args: Any, env: Mapping[str, str]) -> Settings:
        """The settings a command starts the app with: its ``--save-dir``, and
        the pacing ``TABULA_PACING`` names (anything else: the default)."""
        pacing = env.get(PACING_ENV)
        return cls(save_dir=getattr(args, "save_dir", None),
                   pacing=pacing if pacing in PACINGS else None)

    def pace(self, headless: bool) -> str:
        """The pacing in force (``headless``: nobody watches the screen)."""
        if self.pacing in PACINGS:
            return self.pacing
        return "instant" if headless else "normal"

    def pace_s(self, headless: bool) -> float:
        """Seconds a bot move stays on screen before the next (0: instant)."""
        return PACE_SECONDS[self.pace(headless)]

    def next_pacing(self, headless: bool) -> str:
        """Switch to the next pacing (instant → normal → slow → instant)."""
        i = PACINGS.index(self.pace(headless))
        self.pacing = PACINGS[(i + 1) % len(PACINGS)]
        return self.pacing

    def new_seed(self) -> int:
        return self.seeds.randrange(1 << 31)
