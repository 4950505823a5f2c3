"""Age of Rome after the last walk-through of issue 28 (stop 35): the gaps
a player who knows the game still found, each shown fixed here."""

from __future__ import annotations

import asyncio
import html
from typing import Any

import pytest

from engine.ageofrome import data
from engine.ageofrome.actions import Apostasy
from tests.test_ageofrome_tui import position
from tests.test_tui_support import app_for, settle
from tui.ageofrome.labels import tight_label
from tui.widgets.actions import ActionMenu

YOUR_TURN = " O  Your turn — "  # the badge and the words before the prompt
ROW_120 = 118  # the status line's text at 120 columns (its padding aside)


@pytest.fixture(autouse=True)
def isolated(home: Any) -> None:
    """Every test here plays in its own home directory (saves, settings)."""


def screen_text(app: Any) -> str:
    return html.unescape(app.export_screenshot()).replace("\xa0", " ")


def apostasy(s: Any) -> bool:
    return bool(s.pending) and s.pending[-1].kind == "apostasy"


def status_text(app: Any) -> str:
    return str(app.screen.query_one("#status-text").render())


def test_the_apostasy_prompt_fits_one_row_at_120_with_any_two_names():
    """"Your turn — Marcus Antonius: Apostasy — which of Pompeius's Legions
    goes home, and does one of yours take its" stopped there at 120×40."""
    from engine.ageofrome.scheme import APOSTASY_CHOICE, PROMPTS
    from engine.ageofrome.state import Pending

    m = position(18, apostasy, n=4, tries=1)
    w = m.state.thaw()
    w.players = tuple(p.thaw() for p in w.players)
    names = range(len(data.CHARACTERS))
    for me in names:
        for them in names:
            w.players[0].character, w.players[1].character = me, them
            line = YOUR_TURN + PROMPTS[APOSTASY_CHOICE](w, Pending(APOSTASY_CHOICE, 0, (1,)))
            assert len(line) <= ROW_120, line


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_the_apostasy_prompt_shows_whole(size):
    m = position(18, apostasy, n=4, tries=1)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            prompt = m.game.prompt(m.view(0))
            assert prompt.endswith("home")
            assert " ".join(prompt.split()) in " ".join(status_text(app).split())
            assert app.screen.query_one("#status").region.height == 1

    asyncio.run(go())


def test_without_a_legion_on_your_board_replace_is_greyed_with_why():
    """No Legion on your board: "Replace the Legion in …" was just missing."""
    m = position(61, apostasy, n=2, tries=1)
    assert m.state.players[0].legions == 0
    greyed: list[str] = []

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(ActionMenu)
            shown = [d for _, d in menu._shown]
            greyed[:] = [d for d in shown if d.startswith("Replace the Legion in ")]
            assert greyed and all(d.endswith(" — no Legion left on your board")
                                  for d in greyed), shown
            assert all(a in menu._dead for a, d in menu._shown if d in greyed)
        async with app_for(m).run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            ol = pilot.app.screen.query_one(ActionMenu).options
            rows = [ol.get_option_at_index(i).prompt.plain for i in range(ol.option_count)]
            assert any("Replace" in r and r.endswith("no Legion left on your board")
                       for r in rows), rows

    asyncio.run(go())
    assert tight_label(Apostasy("Thrace", True), greyed[-1], 30) \
        == "Replace Legion in Thrace — none left"
