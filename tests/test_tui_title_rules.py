"""Keys of the title, the rules and the save dialog (issue 11, points 8 and
10): Enter in the rules search hands n/N to the matches, esc never quits
Tabula without asking, a bad save name is fixed in the dialog, and a
replay of the seat named "You" reads "as you saw it"."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input, Static, TextArea

from engine.match import Match, Seat
from saves.store import Store
from tests.test_tui_support import app_for, position, settle
from tui.screens.dialogs import ConfirmScreen, SaveScreen
from tui.screens.replay import ReplayScreen
from tui.screens.rules import RulesScreen
from tui.screens.table import TableScreen
from tui.screens.title import TitleScreen
from tui.widgets.status import StatusLine

SIZE = (80, 24)


pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def test_enter_in_the_rules_search_lets_n_and_shift_n_step_through_matches() -> None:
    async def go() -> None:
        app = app_for(kind="rules")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RulesScreen)
            await pilot.press("slash", *"horreum", "enter")
            box, area = screen.query_one(Input), screen.query_one(TextArea)
            assert area.has_focus and not box.has_focus
            assert screen._hit == 1 and len(screen._hits) > 3
            await pilot.press("n")
            assert box.value == "horreum"  # n is the key bar's "Next match", not a letter
            assert screen._hit == 2 and area.selected_text.lower() == "horreum"
            await pilot.press("N", "N")
            assert box.value == "horreum" and screen._hit == 0
            assert str(screen.query_one("#rules-hits", Static).render()).startswith("1/")

    asyncio.run(go())


@pytest.mark.parametrize("typed", ["n", "N", "h"])
def test_esc_typed_with_a_letter_leaves_the_search_box_then_takes_the_letter(typed) -> None:
    """Esc then n typed quickly (or sent by tmux) reach Textual as one key:
    the terminal's "\x1bn" is parsed as alt+n carrying the character "n"
    (``textual._xterm_parser``), which the search box typed ("goldn", no
    match). It is esc, then the letter: n and N step through the matches,
    another letter starts a new search word as from the text."""
    async def go() -> None:
        app = app_for(kind="rules")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RulesScreen)
            await pilot.press("slash", *"gold")
            box, area = screen.query_one(Input), screen.query_one(TextArea)
            assert box.has_focus and screen._hit == 0
            key = f"alt+shift+{typed.lower()}" if typed.isupper() else f"alt+{typed}"
            app.post_message(events.Key(key, typed))
            await pilot.pause()
            if typed == "h":
                assert box.has_focus and box.value == "goldh"
                return
            assert box.value == "gold" and area.has_focus
            assert screen._hit == (1 if typed == "n" else len(screen._hits) - 1)
            assert area.selected_text.lower() == "gold"

    asyncio.run(go())


def test_esc_on_the_title_asks_before_quitting() -> None:
    async def go() -> None:
        app = app_for(kind="title")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("escape")
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("escape")  # esc again says no
            assert isinstance(app.screen, TitleScreen) and app.return_code is None
            await pilot.press("escape", "n")
            assert isinstance(app.screen, TitleScreen) and app.return_code is None
            await pilot.press("escape", "y")
            await pilot.pause()
            assert app.return_code == 0

    asyncio.run(go())


def test_rules_from_the_title_open_on_the_game_last_played() -> None:
    """After a game of Age of Rome, the title's Rules opened on Provincia
    Romana, and "Praetor" found a Provincia card (a walk-through)."""
    async def go() -> None:
        Store().autosave(Match("ageofrome", (Seat("You"), Seat("Bot", "random")), 3))
        app = app_for(kind="title")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen) and app.screen.game_id == "ageofrome"

    asyncio.run(go())


def test_esc_from_rules_opened_on_the_title_goes_back_to_the_title() -> None:
    async def go() -> None:
        app = app_for(kind="title")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            await pilot.press("slash", *"gold", "escape")  # the box: back to the text
            assert isinstance(app.screen, RulesScreen) and app.screen.query_one(TextArea).has_focus
            await pilot.press("escape")  # clears the search
            assert isinstance(app.screen, RulesScreen)
            assert app.screen.query_one(Input).value == "" and not app.screen._hits
            await pilot.press("escape")
            assert isinstance(app.screen, TitleScreen)
            await pilot.press("escape")  # one too many: a question, not the end
            assert isinstance(app.screen, ConfirmScreen) and app.return_code is None

    asyncio.run(go())


def test_esc_quits_the_rules_started_on_their_own() -> None:
    """``tabula rules GAME``: the rules are all there is, so esc quits."""
    async def go() -> None:
        app = app_for(kind="rules")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert app.return_code == 0

    asyncio.run(go())


def test_a_bad_save_name_keeps_the_dialog_open_with_the_reason(home: Path) -> None:
    match = position("play")

    async def go() -> None:
        app = app_for(match)
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            await pilot.press("ctrl+s")
            dialog = app.screen
            assert isinstance(dialog, SaveScreen)
            box = dialog.query_one(Input)
            box.value = "a/b [b]x"
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is dialog
            problem = str(dialog.query_one("#save-problem", Static).render())
            assert "'a/b [b]x' is not allowed" in problem and "'/'" in problem
            await pilot.press("backspace")  # typing clears the reason
            assert str(dialog.query_one("#save-problem", Static).render()) == ""
            box.value = "a-b"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)

    asyncio.run(go())
    assert (home / "saves" / "a-b.tabula").is_file()


def test_an_unfinished_replay_of_you_reads_as_you_saw_it() -> None:
    match = position("play")  # seat 0 is "You"

    async def go() -> str:
        app = app_for(match, kind="replay")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            return str(app.screen.query_one(StatusLine).query_one("#status-text", Static).render())

    status = asyncio.run(go())
    assert "as you saw it" in status and "You saw" not in status


def test_saving_over_an_existing_save_asks_for_a_second_enter(home: Path) -> None:
    match = position("play")
    other = home / "saves" / "evening.tabula"
    other.parent.mkdir(parents=True)
    other.write_bytes(b"another game's save")

    async def go() -> None:
        app = app_for(match)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.press("ctrl+s")
            dialog = app.screen
            assert isinstance(dialog, SaveScreen)
            dialog.query_one(Input).value = "evening"
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is dialog and other.read_bytes() == b"another game's save"
            assert "“evening” exists" in str(dialog.query_one("#save-problem", Static).render())
            await pilot.press("enter")  # yes, replace it
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)

    asyncio.run(go())
    assert other.read_bytes() != b"another game's save"
