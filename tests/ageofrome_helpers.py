"""Age of Rome positions and random games shared by the tests."""

from __future__ import annotations

import random

from engine.ageofrome import invariants
from engine.ageofrome.game import AgeOfRome
from engine.ageofrome.scenario import Scenario
from engine.ageofrome.state import State
from engine.core import Options

GAME = AgeOfRome()
NAMES = ("Jack", "Henry", "Mary", "Ross")  # the rulebook's four players


def table(players: int = 4, **kw: object) -> Scenario:
    """The rulebook's table: Jack, Henry, Mary and Ross (as many as seated)."""
    return Scenario(players=players, names=NAMES[:players], **kw)  # type: ignore[arg-type]


def random_game(players: int, seed: int, options: dict[str, bool] | None = None,
                check: bool = True) -> tuple[State, int]:
    """A whole game of uniformly random legal actions; the invariants hold
    after every action (``check``). Returns the last state and the steps."""
    s = GAME.setup(players, Options.of(options or {}), seed)
    rng = random.Random(seed)
    steps = 0
    if check:
        invariants.check(s)
    while not GAME.is_over(s):
        legal = GAME.legal(s)
        assert legal, f"no legal action: {GAME.prompt(s)}"
        nxt = GAME.play(s, rng.choice(legal))
        steps += 1
        if check:
            invariants.check_all(nxt, s)
        s = nxt
    return s, steps
