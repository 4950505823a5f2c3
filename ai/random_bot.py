"""The random bot: any legal action, uniformly."""

from __future__ import annotations

import random
from typing import Any

from .base import Alternative, Budget, require_view


class RandomBot:
    kind = "random"

    def __init__(self, strength: str = "normal") -> None:
        self.strength = strength  # every strength plays alike

    def decide(self, game: Any, view: Any, seat: int, budget: Budget,
               rng: random.Random) -> tuple:
        require_view(game, view, seat)
        return rng.choice(game.legal(view))

    def explain(self) -> list[Alternative]:
        return []
