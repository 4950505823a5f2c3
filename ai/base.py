"""The bot interface every bot kind implements.

A bot is asked ``decide(game, view, seat, budget, rng)``: it sees only the
seat's view (never a full state), spends at most its budget, polls
``budget.cancelled()`` often, reports progress, and draws its randomness from
``rng`` alone, so the same view and seed give the same decision.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

STRENGTHS = ("easy", "normal", "hard")
"""Every bot kind takes one of these; what each means is the kind's business
(a budget for ISMCTS, a slip rate for the rule-based bot)."""


@dataclass(frozen=True)
class Alternative:
    """One candidate action in an explanation."""

    action: tuple
    text: str
    visits: float  # share of the search spent on it, 0..1
    win_rate: float  # estimated, 0..1


WELL_TRIED = 0.05
"""A move the search spent less of its play-outs on has a win chance drawn
from too few games to be suggested over one it tried often."""


def by_win_chance(alternatives: Sequence[Alternative]) -> list[Alternative]:
    """The moves to offer a player, best chance of winning first (so the
    suggestion is never below a move listed under it): the ones the search
    tried often, or all of them if it tried none often. The hint and the
    game's review both suggest the first."""
    tried = [a for a in alternatives if a.visits >= WELL_TRIED] or list(alternatives)
    return sorted(tried, key=lambda a: -a.win_rate)


@dataclass(frozen=True)
class Progress:
    """What a thinking bot reports: work done and its best idea so far."""

    iterations: int
    best: tuple | None
    win_rate: float | None
    fraction: float  # of the budget used, 0..1


@dataclass
class Budget:
    """How much a bot may think: iterations and/or seconds (whichever ends
    first), a cancellation check and a progress callback."""

    iterations: int | None = None
    seconds: float | None = None
    cancel: Callable[[], bool] | None = None
    progress: Callable[[Progress], None] | None = None
    started: float = field(default_factory=time.perf_counter)

    def cancelled(self) -> bool:
        return bool(self.cancel and self.cancel())

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def exhausted(self, done: int) -> bool:
        if self.cancelled():
            return True
        if self.iterations is not None and done >= self.iterations:
            return True
        return self.seconds is not None and self.elapsed() >= self.seconds

    def fraction(self, done: int) -> float:
        parts = []
        if self.iterations:
            parts.append(done / self.iterations)
        if self.seconds:
            parts.append(self.elapsed() / self.seconds)
        return min(1.0, max(parts)) if parts else 0.0


class Bot(Protocol):
    kind: str

    def decide(self, game: Any, view: Any, seat: int, budget: Budget,
               rng: random.Random) -> tuple: ...

    def explain(self) -> list[Alternative]: ...


class BotCancelled(Exception):
    """Raised by a bot when its budget's cancel check fires before any answer."""


class NotAView(ValueError):
    """A bot was handed something other than its own seat's view."""


def require_view(game: Any, view: Any, seat: int) -> None:
    """Refuse full states: a bot decides on what its seat may know, only.

    The game says whose view a state is (``game.viewer``; None for a full
    state), so the check holds for every game behind the protocol.
    """
    viewer = game.viewer(view)
    if viewer != seat:
        what = "a full state" if viewer is None else f"seat {viewer}'s view"
        raise NotAView(f"a bot for seat {seat} was given {what}; bots only see their own view")


def seed_from(rng: random.Random) -> int:
    """A 63-bit seed for the engine's Rng, drawn from the bot's own rng."""
    return rng.getrandbits(63)
