"""Nodes of the information-set tree.

A node stands for a sequence of actions from the bot's information set,
not for a state: each iteration deals a different world, so the actions
available at a node vary. Children therefore count how often they were
*available* (``avail``), and UCB uses that instead of the parent's visits
(Cowling, Powley & Whitehouse 2012, SO-ISMCTS). Rewards are kept per seat
(``w``): whoever is to move in the current world picks by their own share
(max-n), so one tree serves every player's decisions.
"""

from __future__ import annotations


class Node:
    __slots__ = ("children", "n", "w", "avail", "order")

    def __init__(self, seats: int) -> None:
        self.children: dict[tuple, Node] = {}
        self.n = 0
        self.w = [0.0] * seats
        self.avail = 0
        self.order: dict[tuple, float] | None = None  # prior scores, for widening

    def mean(self, seat: int) -> float:
        return self.w[seat] / self.n if self.n else 0.0

    def size(self) -> int:
        return 1 + sum(c.size() for c in self.children.values())
