"""Provincia's replay shows each step as it was: a whole game's replay
holds the full state, where the four Bellum cards are known from step 0,
yet each one stays face down on the board and in the battle panel until
its battle turns it (the walk-through saw every round's Gauls at step 0)."""

from __future__ import annotations

import asyncio

import pytest
from textual.content import Content

from engine.core import ALL_SEATS
from engine.provincia.data import BATTLE_ROUNDS, BELLA
from engine.provincia.state import BATTLE
from tests.test_tui_support import app_for, finished, settle
from tui.provincia.battle import BattlePanel
from tui.provincia.board import Board
from tui.screens.replay import ReplayScreen

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def plain(widget) -> str:
    return Content.from_markup(str(widget.render())).plain


def gauls_line(match, i: int) -> str:
    """The board's Bellum row at step ``i`` as that step's table had it:
    a round's strength once its card is turned, else ``?``."""
    s = match.states[i]
    roman = ("II", "III", "V", "VI")
    return " ".join(f"{r}:{BELLA[h.card].attack if h.seen == ALL_SEATS else '?'}"
                    for r, h in zip(roman, s.bellum, strict=True))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_replay_turns_each_bellum_at_its_battle(size):
    m = finished()
    states = m.states
    # the first battle's tokens being placed (its card still face down), and
    # the step after that battle's reveal
    placing = next(i for i, s in enumerate(states)
                   if s.round == BATTLE_ROUNDS[0] and s.phase == BATTLE
                   and s.bellum[0].seen != ALL_SEATS)
    turned = next(i for i, s in enumerate(states) if s.bellum[0].seen == ALL_SEATS)
    assert placing < turned

    async def go() -> None:
        async with app_for(m, kind="replay").run_test(size=size) as pilot:
            await settle(pilot)
            screen = pilot.app.screen
            assert isinstance(screen, ReplayScreen) and screen.full
            board = screen.query_one(Board)
            assert "II:? III:? V:? VI:?" in plain(board), plain(board)
            for i in (placing, turned, len(m.actions)):
                screen.step = i
                await settle(pilot)
                assert gauls_line(m, i) in plain(board), (i, plain(board))
            screen.step = placing
            await settle(pilot)
            panel = screen.query_one(BattlePanel)
            assert panel.display
            assert "face down" in plain(panel) and "Gauls attack with" not in plain(panel)

    asyncio.run(go())
