"""What the bots know of Toy Legion: a greedy rule-based policy and an
evaluation by points, in ``KNOWLEDGE``, which the registry entry names, as
a real game's ``ai/<game>/`` package does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.knowledge import Knowledge, Ranked, ranked_policy

from .state import value


def rank(view: Any, seat: int, actions: list[tuple]) -> Ranked:
    """Each action by the points it is worth on average; a card also draws another."""
    def worth(a: tuple) -> float:
        if a[0] == "roll":
            return (view.sides + 1) / 2
        if a[0] == "play":
            return value(a[1]) + (0.5 if view.deck else 0.0)
        return 1.0

    return [(a, worth(a), a[0]) for a in actions]


policy = ranked_policy(rank)
"""The action worth most points (ties: the first legal one), never one outside the rules."""


def evaluate(game: Any, s: Any) -> Sequence[float]:
    """Finished: the shares of the win. Else: each seat's share of the
    points so far (The Raiders' points count against everyone)."""
    if game.is_over(s):
        return game.result(s).rewards()
    scores = [c.score for c in s.camps]
    total = sum(scores) + s.raid + 1
    return [x / total for x in scores]


KNOWLEDGE = Knowledge(evaluate=evaluate, policy=policy)
