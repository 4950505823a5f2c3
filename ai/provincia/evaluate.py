"""The ISMCTS leaf evaluation for Provincia Romana: each city's projected
Prestige (``value.projected``) turned into a chance of winning.

A softmax over projections, with a temperature that shrinks as the game
nears its end, reads "ahead by 3 PP in round 2" as a modest edge and "ahead
by 3 PP in the final turn" as nearly won; rewards sum to 1 like win shares,
which is what the search backs up for every seat (max-n).
"""

from __future__ import annotations

from typing import Any

from engine.provincia.state import OVER, State

from ..knowledge import win_chances
from .value import projected, temperature


def evaluate(game: Any, s: State) -> list[float]:
    if s.phase == OVER:
        return game.result(s).rewards()
    vals = [projected(s, p) for p in range(s.n)]
    return win_chances(vals, temperature(s))
