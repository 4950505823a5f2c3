"""What the rule-based player adds to an action's value in the Emperor Solo.

Alone, Glory only matters through the seven tasks (L364-371): the title
counts the tasks fulfilled at the end. So every action that moves an
unfulfilled task forward gets a bonus for it, the larger the nearer the
task is to done; a task already fulfilled adds nothing.
"""

from __future__ import annotations

from typing import Any

from engine.ageofrome import board, data
from engine.ageofrome.scoring import measure
from engine.ageofrome.state import (
    BOARD,
    COLOSSEUM,
    MILITARY,
    POLITICS,
    REGION_INDEX,
    RELIGION,
    SCHEME_SPACE,
    TRADE,
    TYPE_INDEX,
    State,
    in_front,
)

TASK = 3.0  # a task's worth in Glory for the rule-based player's sums
MEDALS, REGIONS, VOTES, SETS, PANTHEON = 3, 2, 4, 2, 2  # the tasks' thresholds (L365-370)


class Tasks:
    """How far each task is, read once per decision."""

    def __init__(self, v: State) -> None:
        self.v = v
        self.medals = measure(v, 0, "medals")
        self.regions = measure(v, 0, "regions defeated")
        self.votes = measure(v, 0, "votes on column")
        self.sets = measure(v, 0, "trade sets")
        self.levels = measure(v, 0, "pantheon levels")
        self.left = data.ROUNDS - v.round

    def place(self, target: str, bonus: bool) -> float:
        """A Follower on ``target``: what it does for the tasks."""
        if target in (COLOSSEUM, SCHEME_SPACE):
            return 0.0
        t = TYPE_INDEX[target]
        k = 2 if bonus else 1
        p = self.v.players[0]
        if t == MILITARY and self.regions < REGIONS and p.legions:
            return TASK * 0.35 * k
        if t == POLITICS and self.votes < VOTES and p.votes:
            return TASK * 0.4 * min(k, p.votes)
        if t == RELIGION and self.levels < PANTHEON:
            return TASK * 0.3
        if t == TRADE and self.sets < SETS:
            return TASK * 0.2 * k
        return 0.0

    def build(self, type_name: str) -> float:
        """A tile: a level III takes a Medal, a level II gets one closer."""
        if self.medals >= MEDALS:
            return 0.0
        t = TYPE_INDEX[type_name]
        v = self.v
        level = v.provinces[in_front(v, 0)].levels[t] + 1
        if not v.medals >> t & 1:
            return 0.0
        return TASK * (1.0 if level == 3 else 0.3 if level == 2 else 0.1)

    def legion(self, source: str, to: str) -> float:
        """A Legion move: towards defeating the regions nearest their shield."""
        if self.regions >= REGIONS:
            return 0.0
        r = REGION_INDEX[to]
        shield = board.BATTLE_REGIONS[r].shield
        here = self.v.regions[r][0]
        value = TASK * 0.5 if here < shield else -0.5  # past the shield is wasted
        value -= 0.1 * shield  # the cheap regions first
        if source != BOARD:
            s = REGION_INDEX[source]
            if self.v.regions[s][0] <= board.BATTLE_REGIONS[s].shield:
                value -= TASK  # never undo a region
        return value


def tilt(v: State, a: Any) -> float:
    """The Emperor Solo's bonus for action ``a`` (0 for other games)."""
    if v.n != 1:
        return 0.0
    kind = a[0]
    if kind == "place":
        return Tasks(v).place(a.target, a.bonus)
    if kind == "build":
        return Tasks(v).build(a.type)
    if kind == "legion":
        return Tasks(v).legion(a.source, a.to)
    if kind == "set":
        return TASK if Tasks(v).sets < SETS else 0.0
    return 0.0
