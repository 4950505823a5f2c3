"""The random bot: any legal action, uniformly."""

from __future__ import annotations

import random
from typing import Any

from .base import Alternative, Budget


class RandomBot:
    kind = "random"

    def decide(self, game: Any, view: Any, seat: int, budget: Budget,
               rng: random.Random) -> tuple:
        return rng.choice(game.legal(view))

    def explain(self) -> list[Alternative]:
        return []
