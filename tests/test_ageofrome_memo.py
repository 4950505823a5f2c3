"""The caches of Age of Rome's hot paths (engine/ageofrome/memo.py) never
change an answer: along random games, every cached legal list equals the
list worked out afresh, and a list handed out can be changed by its caller
without changing the next answer."""

from __future__ import annotations

import random

import pytest

from engine import get_game
from engine.ageofrome import action_phase, benefits, build, scheme, trade
from engine.core import Options

GAME = get_game("ageofrome")
PHASES = {"actions": action_phase.legal, "build": build.legal, "schemes": scheme.legal}
DECISIONS = {"legion": benefits.legion_legal, "trade": trade.window_legal,
             "room": trade.room_legal}


def cached_and_fresh(s):
    """(cached, fresh) legal lists of ``s`` where a cache answers, else None."""
    if s.pending:
        pd = s.pending[-1]
        legal = DECISIONS.get(pd.kind)
        return None if legal is None else (legal(s, pd), legal.__wrapped__(s, pd))
    legal = PHASES.get(s.phase)
    return None if legal is None else (legal(s), legal.__wrapped__(s))


@pytest.mark.parametrize("n", [2, 4])
def test_cached_legal_lists_equal_fresh_ones_and_callers_may_change_them(n):
    checked = 0
    for seed in range(3):
        s = GAME.setup(n, Options.of({"spies_allies": True}), seed)
        rng = random.Random(seed)
        while not GAME.is_over(s):
            pair = cached_and_fresh(s)
            if pair is not None:
                cached, fresh = pair
                assert cached == fresh
                cached.append(("nonsense",))  # the caller's own list
                again = cached_and_fresh(s)[0]
                assert again == fresh
                checked += 1
            s = GAME.play(s, rng.choice(GAME.legal(s)), trusted=True)
    assert checked > 300
