"""ISMCTS settings and the budgets behind each strength.

Strengths are budgets, not different algorithms: ``easy`` thinks briefly,
``normal`` up to a second per move (what a player waits for without
noticing), ``hard`` longer.
Whichever of iterations or seconds runs out first ends the search; a caller
may pass its own ``Budget`` (tests, the arena, ``--iterations``) and that
wins over the strength. Decisions with one legal action cost nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ..base import STRENGTHS

STRENGTH_BUDGETS: dict[str, tuple[int, float]] = dict(zip(STRENGTHS, (
    # (iterations, seconds) per decision, for each strength in order
    (200, 0.25),  # easy
    (1500, 0.9),  # normal
    (6000, 4.0),  # hard
), strict=True))


@dataclass(frozen=True)
class Settings:
    """How the search spends its iterations.

    ``uct_c``: UCB exploration constant for rewards in [0, 1] (tuned in the
    arena; rewards are win chances, so differences between moves are a few
    hundredths and the constant is small). ``rollout_depth``: plays after
    leaving the tree before the heuristic evaluation (0 = evaluate at once;
    a game without an evaluation rolls out to the end regardless).
    ``widen_*``: progressive widening for long action lists: at a node seen
    ``n`` times only the ``widen_base + n ** widen_alpha`` best actions by the
    game's prior are considered. ``reuse``: keep the subtree of the chosen
    move when the bot moves again at once and saw nothing new.
    """

    uct_c: float = 0.25
    rollout_depth: int = 6
    widen_threshold: int = 7
    widen_base: int = 4
    widen_alpha: float = 0.5
    reuse: bool = True
    progress_every: int = 50
    early_stop: bool = True
    anchor_margin: float = -1.0

    def with_overrides(self, items: tuple[tuple[str, Any], ...] | dict[str, Any]) -> Settings:
        changes = dict(items)
        known = {f.name for f in fields(self)}
        unknown = set(changes) - known
        if unknown:
            raise KeyError(f"unknown ISMCTS settings: {', '.join(sorted(unknown))}")
        return replace(self, **changes)


FULL_ROLLOUT = 100_000  # "to the end of the game", for games without an evaluation
