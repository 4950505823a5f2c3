"""The Emperor Solo's round end at the table's pace: choosing the Income
ran the board's turn and the next round's Event in one step, so the board
jumped. The turn now shows on its own for a pace (the test's clock): the
Board rotation, the board turned with the player facing the province the
turn brought, before the next round; space skips it."""

from __future__ import annotations

import asyncio
import random

import pytest

from engine.ageofrome import board as geo
from engine.ageofrome.actions import Income
from engine.ageofrome.state import INCOME, in_front
from engine.match import Match, Seat
from tests.test_tui_support import app_for, settle, until
from tui.ageofrome import look
from tui.ageofrome.board import AgeOfRomeBoard
from tui.ageofrome.side import SidePanel
from tui.screens.table import TableScreen
from tui.settings import PACE_SECONDS

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def solo_income(seed: int = 4) -> Match:
    """An Emperor Solo at its first Income choice."""
    m = Match("ageofrome", (Seat("You"),), seed)
    rng = random.Random(seed)
    while not (m.state.phase == INCOME and not m.state.pending):
        m.play(rng.choice(m.game.legal(m.view(0))))
    return m


def plain(widget) -> str:
    return "\n".join(widget.render_line(y).text for y in range(widget.size.height))


@pytest.mark.parametrize("skip", [False, True], ids=["paced", "space"])
def test_the_solos_board_turn_shows_for_a_pace_before_the_next_round(skip):
    m = solo_income()
    before = m.state
    frames = m.game.stages(before, Income(False))
    assert [f.phase for f in frames] == ["rotate"]
    turned = frames[0]
    now = geo.PROVINCE_NAMES[in_front(turned, 0)]
    assert now != geo.PROVINCE_NAMES[in_front(before, 0)]

    async def go() -> None:
        app = app_for(m, pacing="normal")
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            step = len(m.actions)
            index = [str(o.prompt) for o in screen.query("ActionList").first().options]
            await pilot.press(str(next(i for i, p in enumerate(index, 1) if "single" in p.lower())))
            await until(pilot, lambda: screen._staging is not None)
            assert m.actions[step] == Income(False) and m.state.round == before.round + 1
            side = screen.query_one(SidePanel).parent
            assert "Board rotation" in str(side.border_title)
            board = plain(screen.query_one(AgeOfRomeBoard))
            assert "has turned" in board and "at round end" not in board
            assert f"{now} ▸{look.letter_of(0)}" in board
            assert "→" not in board.split("\n", 2)[1]  # no turn still to come
            if skip:
                await pilot.press("space")
            else:
                clock = app.settings.clock
                clock.advance(PACE_SECONDS["normal"] - 0.1)
                await pilot.pause()
                assert screen._staging is not None  # still the turn, until its pace is up
                clock.advance(0.1)
            await until(pilot, lambda: screen._staging is None)
            # (a crash while playing out never sets ``settled``: wait with a timeout)
            await until(pilot, screen.settled.is_set)
            assert f"Round {before.round + 1}/" in str(side.border_title)
            assert "at round end" in plain(screen.query_one(AgeOfRomeBoard))

    asyncio.run(go())
