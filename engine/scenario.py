"""Setting up positions for tests, for any game: chance as a script, and
driving a game to the point a test starts from.

A game's own builder (e.g. ``engine/<game>/scenario.py``) uses these to
give a test a valid position in a few readable lines: it drives a real game
with a quiet policy (``drive``), then places what the test names (hands,
resources, deck order) and puts a ``ScriptedRng`` in the state when the test
needs to fix what chance decides next (dice, reshuffles, draws).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

State = Any
Policy = Callable[[State], Any]


class ScriptError(ValueError):
    """A scripted position or scripted chance was used beyond its script."""


class ScriptedRng(NamedTuple):
    """Chance as the test wrote it down, in place of ``engine.core.Rng``.

    ``below(n)`` returns the scripted ``numbers`` in order (a die is
    ``below(6)``: script 0 to 5); ``shuffle`` and ``draw`` keep the order
    they are given, so a pile reshuffled into a deck is drawn in the order
    the test laid it out. ``calls`` counts every use, so a state still shows
    that chance was consulted (undo never goes back past such a step).
    """

    numbers: tuple[int, ...] = ()
    used: int = 0
    calls: int = 0

    def _after(self, numbers_used: int = 0) -> ScriptedRng:
        return ScriptedRng(self.numbers, self.used + numbers_used, self.calls + 1)

    def below(self, n: int) -> tuple[int, ScriptedRng]:
        if self.used >= len(self.numbers):
            raise ScriptError(f"chance asked for number {self.used + 1}, but the script "
                              f"has only {len(self.numbers)}")
        x = self.numbers[self.used]
        if not 0 <= x < n:
            raise ScriptError(f"scripted number {self.used + 1} is {x}; it must be below {n}")
        return x, self._after(1)

    def next(self) -> tuple[int, ScriptedRng]:
        return self.below(1 << 64)

    def shuffle(self, items: Sequence[Any]) -> tuple[tuple, ScriptedRng]:
        return tuple(items), self._after()

    def draw(self, items: Sequence[Any], k: int) -> tuple[tuple, tuple, ScriptedRng]:
        items = tuple(items)
        return items[:k], items[k:], self._after()

    def fork(self, salt: int) -> ScriptedRng:
        return self._after()


def drive(game: Any, s: State, until: Callable[[State], bool], policy: Policy,
          limit: int = 5000) -> State:
    """Play ``policy`` from ``s`` until ``until`` holds; ScriptError if the
    game ends first or ``limit`` actions do not get there."""
    for _ in range(limit):
        if until(s):
            return s
        if game.is_over(s):
            raise ScriptError("the game ended before the position was reached")
        s = game.play(s, policy(s))
    raise ScriptError(f"the position was not reached in {limit} actions")


def run_to_phase(flow: Any, w: State, first: Any, stop: Callable[[State, Any], bool],
                 policy: Policy, settle: Callable[[State], State], what: str,
                 limit: int = 20000) -> State:
    """From the writable ``w`` (just set up), enter phase ``first`` and play
    ``policy`` until the game is about to move into a phase for which
    ``stop(state, phase)`` holds; return that writable state, for the
    builder to place its position in before the phase begins (``flow.goto``).
    ScriptError naming ``what`` if the game ends or ``limit`` actions pass
    first."""
    flow.goto(w, first)
    if flow.advance(w, stop) is not None:
        return w
    s = settle(w)
    for _ in range(limit):
        if s.phase == flow.over:
            break
        w = s.thaw()
        w.events = []
        flow.act(w, policy(s))
        if flow.advance(w, stop) is not None:
            return w
        s = settle(w)
    raise ScriptError(f"a quiet game never reaches {what}")
