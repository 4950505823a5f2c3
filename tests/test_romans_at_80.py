"""The Romans at 80×24, what a player reads before choosing (issue 28's
last pass): an army's odds before the province it names, a greyed
placement's whole reason under the map and its key words in its row, and
a status line of one row."""

from __future__ import annotations

import asyncio

import pytest

from engine.romans.actions import Invade
from tests.test_romans_tui import first_placing, position
from tests.test_tui_narrow import region_rows
from tests.test_tui_support import app_for, settle
from tui.romans.board import RomansBoard
from tui.widgets.actions import ActionMenu

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py

SIZE = (80, 24)


async def highlight(pilot, app, pick) -> tuple:
    """Highlight the first listed action ``pick`` accepts; it is returned."""
    menu = app.screen.query_one(ActionMenu)
    index = next(i for i, (a, _) in enumerate(menu._shown) if pick(a))
    menu.options.highlighted = index
    await settle(pilot)
    return menu._shown[index][0]


def under_the_map(app) -> list[str]:
    """The rows under the map as the terminal shows them at 80×24 (the
    map's box scrolls: only its first rows are in sight)."""
    board = app.screen.query_one(RomansBoard)
    shown = [r.strip("│ ▁▄▃▅▆▇█") for r in region_rows(app, board.parent)]
    last = max(i for i, r in enumerate(shown) if "≈≈≈" in r)  # the map's last row
    return shown[last + 1:]


def test_an_armys_odds_show_before_the_province_it_names():
    """The army's chance and Glory were under a four-line province text, out
    of sight at 80×24; they now come first under the map."""
    m = position(3, first_placing)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await highlight(pilot, app, lambda a: isinstance(a, Invade))
            rows = under_the_map(app)
            assert rows and rows[0].startswith("conquers "), rows

    asyncio.run(go())
