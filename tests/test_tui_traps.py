"""Input without traps (issue 28, point 6, and the screens around a game,
point 7): keys work from every panel, the focused panel shows without
colour, and typing in the filter never plays an action."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tui.screens.dialogs import MenuScreen
from tui.widgets.actions import ActionList, ActionMenu, FilterInput

from .test_tui_support import app_for, position, settle

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def menu_of(app: Any) -> ActionMenu:
    return app.screen.query_one(ActionMenu)


def first_letter(menu: ActionMenu) -> str:
    """A letter of the first action that is no command key."""
    return next(c for c in menu._shown[0][1].lower() if c.isalpha() and c not in "zhg?t")


# ------------------------------------------------------------ keys after Tab
def test_keys_typed_on_the_focused_action_list_reach_the_filter():
    async def go() -> None:
        m = position("play")
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            screen = app.screen
            menu = menu_of(app)
            menu.query_one(ActionList).focus()
            await pilot.pause()
            assert isinstance(screen.focused, ActionList)
            letter = first_letter(menu)
            await pilot.press(letter)
            assert menu.filter.value == letter, "a letter typed on the list was dropped"
            assert screen.focused is menu.filter
            await pilot.press("escape")  # clears the filter
            menu.query_one(ActionList).focus()
            await pilot.pause()
            step = len(m.actions)
            await pilot.press("1")
            await settle(pilot)
            assert len(m.actions) > step, "a digit typed on the list played nothing"
    asyncio.run(go())


def test_the_focused_action_list_says_so_and_esc_goes_back_to_the_filter():
    async def go() -> None:
        app = app_for(position("play"))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = menu_of(app)
            calm_title = str(menu.border_title)
            menu.query_one(ActionList).focus()
            await pilot.pause()
            # Seen without colour: other words and a heavy, reversed title.
            assert str(menu.border_title) != calm_title and "esc" in str(menu.border_title)
            assert menu.styles.border_top[0] == "heavy"
            assert "reverse" in str(menu.styles.border_title_style)
            await pilot.press("escape")  # back to the filter, not the menu
            assert not isinstance(app.screen, MenuScreen)
            assert isinstance(app.screen.focused, FilterInput)
            assert str(menu.border_title) == calm_title
            await pilot.press("escape")  # from the filter: the menu
            assert isinstance(app.screen, MenuScreen)
            await pilot.press("escape")  # and back: the keyboard feeds the filter
            await pilot.pause()
            assert isinstance(app.screen.focused, FilterInput)
    asyncio.run(go())


# ------------------------------------------------------------ typing never plays
def test_a_digit_typed_in_the_filter_is_text_and_plays_nothing():
    async def go() -> None:
        m = position("play")
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = menu_of(app)
            step = len(m.actions)
            await pilot.press("/")  # a filter that takes anything
            await pilot.press("5")
            await pilot.pause()
            assert len(m.actions) == step, "a digit typed in the filter played an action"
            await pilot.press("escape")  # clears the filter and its "/"
            assert not menu.filter.typing
            letter = first_letter(menu)
            await pilot.press(letter, "1")
            await pilot.pause()
            assert len(m.actions) == step, "a digit typed after a letter played an action"
            assert menu.filter.value.startswith(letter)
            # The list shows no digits while they are text; Enter plays.
            assert all(not str(o.prompt)[0].isdigit() for o in menu.options.options)
            await pilot.press("escape")
            assert str(menu.options.get_option_at_index(0).prompt)[0] == "1"
            await pilot.press("1")
            await settle(pilot)
            assert len(m.actions) > step
    asyncio.run(go())


def test_a_digit_that_extends_a_match_is_typed_into_the_filter():
    async def go() -> None:
        m = position("play")
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = menu_of(app)
            with_digit = next((d for _, d in menu._items if any(c.isdigit() for c in d)), None)
            assert with_digit is not None, "the position offers an action naming a number"
            at = next(i for i, c in enumerate(with_digit) if c.isdigit())
            word_start = with_digit.rfind(" ", 0, at) + 1
            text = with_digit[word_start:at + 1].lower()
            step = len(m.actions)
            await pilot.press("/", *[("space" if c == " " else c) for c in text])
            await pilot.pause()
            assert len(m.actions) == step
            assert menu.filter.value == text
            assert any(text in d.lower() for _, d in menu._shown)
    asyncio.run(go())


def test_command_letters_are_text_while_the_filter_holds_text():
    async def go() -> None:
        m = position("play")
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = menu_of(app)
            step = len(m.actions)
            await pilot.press(first_letter(menu), "h", "z")
            await pilot.pause()
            assert app.screen._hint_step is None, "h asked for a hint while typing"
            assert len(m.actions) == step
    asyncio.run(go())
