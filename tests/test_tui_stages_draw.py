"""Every stage of a whole game draws at the table, for every seat: a stage
is a state in the middle of a step (the battles one at a time, the board
turned before the next round), and a table that asked it whose turn it
was, or read a half-done phase as a finished one, crashed mid-game."""

from __future__ import annotations

import asyncio
import random

import pytest

from engine.match import Match, Seat
from tests.test_tui_support import app_for, settle
from tui.screens.table import TableScreen
from tui.widgets.scene import Scene

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def staged_game(game_id: str, n: int, seed: int) -> tuple[Match, list]:
    """A seeded random game to its end and every stage of its steps, as
    (step, stage) pairs."""
    seats = (Seat("You"),) + tuple(Seat(f"Bot{i}", "random") for i in range(1, n))
    m = Match(game_id, seats, seed)
    rng = random.Random(seed)
    while not m.is_over():
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    frames = [(i, f) for i, a in enumerate(m.actions) for f in m.game.stages(m.states[i], a)]
    return m, frames


@pytest.mark.parametrize(("game_id", "n", "size"), [
    ("provincia", 4, (120, 40)), ("provincia", 6, (80, 24)),
    ("ageofrome", 1, (80, 24)), ("ageofrome", 3, (120, 40)),
])
def test_every_stage_of_a_game_draws_for_every_seat(game_id, n, size):
    m, frames = staged_game(game_id, n, 3)
    assert len(frames) >= 4

    async def go() -> None:
        app = app_for(Match(game_id, m.seats, m.seed))  # a table open on a new game
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            for seat in range(n):
                for step, frame in frames:
                    view = m.game.view(frame, seat)
                    scene = Scene(m.game, view, seat, m.seats, screen.looks,
                                  lambda k, step=step, seat=seat: None if k > step + 1
                                  else m.game.view(m.states[step + 1 - k], seat), m.seed)
                    screen.ui.show(scene)
                await pilot.pause()

    asyncio.run(go())
