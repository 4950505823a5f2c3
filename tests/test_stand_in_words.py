""""(stand-in)" is said in words where a player meets it: every game's
reference section (the in-app rulebook's last part) and the ``?`` help say
what a stand-in is, in one shared sentence (``engine.games.STAND_IN``).
They named docs/RULES-NOTES.md, a file a player cannot open from the app."""

from __future__ import annotations

import asyncio

import pytest

from engine.games import GAMES, STAND_IN, load
from engine.match import Match, Seat
from tests.test_tui_support import app_for, help_text, settle
from tui.screens.rules import rulebook_text

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py

IDS = [g.id for g in GAMES]


def test_the_words_say_what_a_stand_in_is_without_a_path():
    assert "rulebook does not give" in STAND_IN and "self-play" in STAND_IN
    assert "/" not in STAND_IN and ".md" not in STAND_IN


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_each_reference_explains_stand_in_where_it_first_says_it(game):
    reference = load(game.reference)()
    first = next(line for line in reference.splitlines() if "stand-in" in line)
    assert STAND_IN in first
    shown = rulebook_text(game.id)
    assert "RULES-NOTES" not in shown and "docs/" not in shown


@pytest.mark.parametrize("game", IDS)
def test_the_keys_help_says_what_a_stand_in_is(game):
    match = Match(game, (Seat("You"), Seat("Bot", "random")), 3)

    async def go() -> str:
        app = app_for(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            return await help_text(app, pilot)

    text = asyncio.run(go())
    assert STAND_IN in text, text
    assert "RULES-NOTES" not in text


def test_the_keys_help_offers_the_results_only_once_there_are_some():
    """"g Results" was listed during play, where g only filters (issue 28
    walk-through of Provincia)."""
    async def go() -> str:
        app = app_for(Match("provincia", (Seat("You"), Seat("Bot", "random")), 3))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            return await help_text(app, pilot)

    text = asyncio.run(go())
    assert "Results" not in text
    # what typing that matches nothing does: it is kept, and says so ("keys
    # matching nothing are ignored" was not so: "tra2" stayed in the filter)
    assert "ignored" not in text and "matching nothing, it says so" in text
