"""What the command line, the tests and the benchmark can turn in the app."""

from __future__ import annotations

import random
from dataclasses import dataclass, field


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
    cursor_blink: bool = True
    seeds: random.Random = field(default_factory=random.SystemRandom)

    def new_seed(self) -> int:
        return self.seeds.randrange(1 << 31)
