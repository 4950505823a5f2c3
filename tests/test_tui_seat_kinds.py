"""Seat kinds in every seat list (issue 28, point 9: "Labels say what they
are: … seat kinds (rules / search) in every game's seat list"). A bot's row
says "rules" or "search" (the ISMCTS bot), and its strength where it is
not normal; a person's row says no kind. One word for it, ``kind_word``,
used by each game's table, the generic table and the lobby."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Static

from engine.match import Match, Seat
from tests.test_tui_support import app_for, settle
from tui.screens.lobby import table_row
from tui.screens.new_game import KIND_LABELS
from tui.widgets.seats import SeatLook, kind_word

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py

SEATS = (Seat("Vera"), Seat("Brutus", "rules"), Seat("Cassia", "mcts"),
         Seat("Drusus", "mcts", "hard"))


def test_a_bots_kind_is_rules_or_search_with_a_strength_only_where_not_normal():
    assert kind_word("human") == ""
    assert kind_word("rules") == "rules"
    assert kind_word("mcts") == "search"
    assert kind_word("mcts", "hard") == "search, hard"
    assert kind_word("random", "hard") == "random"  # a random bot has no strength
    look = SeatLook(1, "Drusus", "Arelate", "orange", "A", "mcts", "hard")
    assert look.who == "Drusus (search bot, hard)"
    assert [look.kind_fitting(n) for n in (40, 12, 6, 5)] == \
        ["(search bot, hard)", "search, hard", "search", ""]
    assert SeatLook(0, "Vera", "Massilia", "blue", "M").who == "Vera"
    assert "Search" in KIND_LABELS["mcts"]  # the form names the kind the lists say


def panels_text(app) -> str:
    """Everything the table's panels hold (a side panel taller than its
    room at 80×24 scrolls: its lower rows are there, out of view)."""
    return "\n".join(str(w.render()) for w in app.screen.query(Static))


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@pytest.mark.parametrize("game_id", ["provincia", "romans", "ageofrome"])
def test_every_games_table_says_which_seat_is_the_rules_bot_and_which_the_search(
        game_id: str, size: tuple[int, int]) -> None:
    async def go() -> None:
        app = app_for(Match(game_id, SEATS, 3))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            shown = panels_text(app)
            assert "rules" in shown, "the rules bot's seat does not say so"
            assert "search" in shown, "the search bot's seat does not say so"
            assert "search, hard" in shown or "search bot, hard" in shown
            assert "mcts bot" not in shown  # the kind in the lists' word
    asyncio.run(go())


def test_the_lobby_says_what_plays_the_bot_seats():
    table = {"code": "KXPQR", "game": "provincia", "title": "Provincia Romana", "players": 3,
             "seats": [{"name": "anna", "kind": "human", "taken": True},
                       {"name": "Brutus", "kind": "rules", "strength": "normal"},
                       {"name": "Cassia", "kind": "mcts", "strength": "hard"}],
             "progress": "round 1", "started": True}
    row = table_row(table).plain
    assert "anna" in row and "bots: rules · search, hard" in row
    people = {**table, "seats": table["seats"][:1]}
    assert "bots" not in table_row(people).plain
