"""What the bots know of Toy Legion: a greedy rule-based policy and an
evaluation by points, in ``KNOWLEDGE``, which the registry entry names, as
a real game's ``ai/<game>/`` package does."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.knowledge import Decision, Knowledge

from .state import value


def policy(game: Any, view: Any, seat: int, rng: random.Random) -> Decision:
    """The action worth most points on average; a card also draws another."""
    def worth(a: tuple) -> float:
        if a[0] == "roll":
            return (view.sides + 1) / 2
        if a[0] == "play":
            return value(a[1]) + (0.5 if view.deck else 0.0)
        return 1.0

    ranked = sorted(((a, worth(a), a[0]) for a in game.legal(view)), key=lambda x: -x[1])
    return Decision(ranked[0][0], tuple(ranked))


def evaluate(game: Any, s: Any) -> Sequence[float]:
    """Finished: the shares of the win. Else: each seat's share of the
    points so far (The Raiders' points count against everyone)."""
    if game.is_over(s):
        return game.result(s).rewards()
    scores = [c.score for c in s.camps]
    total = sum(scores) + s.raid + 1
    return [x / total for x in scores]


KNOWLEDGE = Knowledge(evaluate=evaluate, policy=policy)
