"""Input without traps (issue 28, point 6, and the screens around a game,
point 7): keys work from every panel, the focused panel shows without
colour, and typing in the filter never plays an action."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import textwrap
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Checkbox, OptionList, Select

from ai.base import Alternative
from engine import get_game
from engine.match import Match, Seat
from hall.client import Link
from hall.local import hall_dir, hall_pid, login_name
from saves.store import Store
from tests.hall_helpers import connect, create, hall_at, own_hall
from tests.test_tui_shared import app_at, screen_text, shows
from tests.test_tui_shared_seats import told
from tui.hall_link import invite_command
from tui.screens.dialogs import HintScreen, MenuScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.load import LoadScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.table import Hint, TableScreen, hint_text
from tui.screens.title import TitleScreen
from tui.widgets.actions import ActionList, ActionMenu, FilterInput
from tui.widgets.keybar import KeyBar

from .test_tui_support import app_for, position, settle, until

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
            # the letters after it too: the filter took the focus without selecting
            # what it holds ("tak" had read "ak": the t, selected, was typed over)
            await pilot.press("escape")
            menu.query_one(ActionList).focus()
            await pilot.pause()
            word = next(w for w in menu._shown[0][1].lower().split()
                        if len(w) >= 3 and w[:3].isalpha() and w[0] not in "zhg?t")[:3]
            await pilot.press(*word)
            await pilot.pause()
            assert menu.filter.value == word, "the first letter typed on the list was lost"
            await pilot.press("escape")  # clears the filter
            menu.query_one(ActionList).focus()
            await pilot.pause()
            step = len(m.actions)
            await pilot.press("1")
            await settle(pilot)
            assert len(m.actions) > step, "a digit typed on the list played nothing"
    asyncio.run(go())


def test_words_typed_in_one_burst_on_the_action_list_all_reach_the_filter():
    """Keys from the terminal in one burst ("Fort Ven", typed fast after Tab)
    all reached the list before the filter took the focus: the space was
    dropped, then every letter after it (matching nothing), and Enter played
    the first "Fort" (The Romans' walk-through: a fort built in Etruria)."""
    async def go() -> None:
        app = app_for(position("play"))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = menu_of(app)
            menu.query_one(ActionList).focus()
            await pilot.pause()
            words = next(d.lower().split() for _, d in menu._shown
                         if len(d.split()) >= 2 and d[0].lower() not in "zhg?t")
            typed = f"{words[0]} {words[1][:2]}"
            for ch in typed:  # as the terminal sends them: all queued before any is handled
                app.post_message(events.Key("space" if ch == " " else ch, ch))
            await pilot.pause()
            await pilot.pause()
            assert menu.filter.value == typed
    asyncio.run(go())


def test_the_actions_show_the_filters_focus_without_colour():
    """The filter (where keys go) has the focus: the actions' title is
    reversed, as a focused panel's is; elsewhere it is not, and the panel
    holding the focus then has the reversed title."""
    async def go() -> None:
        app = app_for(position("play"))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = menu_of(app)
            assert isinstance(app.screen.focused, FilterInput)
            assert "reverse" in str(menu.styles.border_title_style)
            cities = app.screen.query_one("#cities")
            cities.focus()
            await pilot.pause()
            assert "reverse" not in str(menu.styles.border_title_style)
            assert "reverse" in str(cities.styles.border_title_style)
            await pilot.press("escape")  # back to the filter
            await pilot.pause()
            assert "reverse" in str(menu.styles.border_title_style)
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
@contextlib.asynccontextmanager
async def at_play() -> AsyncIterator[tuple[Match, Any, Any, ActionMenu]]:
    """Provincia's Play Cards, the human to move at 120×40: the match, the
    app, its pilot and the action menu."""
    m = position("play")
    app = app_for(m)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        yield m, app, pilot, menu_of(app)


def test_a_digit_typed_in_the_filter_is_text_and_plays_nothing():
    async def go() -> None:
        async with at_play() as (m, app, pilot, menu):
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


def test_a_space_pressed_late_to_skip_the_bots_does_not_start_a_filter():
    """Space skips the bots' pacing; pressed as your turn came, it became
    the filter's text, the list lost its digits and 1 played nothing."""
    async def go() -> None:
        async with at_play() as (m, _app, pilot, menu):
            step = len(m.actions)
            await pilot.press("space")
            await pilot.pause()
            assert menu.filter.value == "" and not menu.filter.typing
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


# ------------------------------------------------------------ the new-game form

async def open_form(pilot) -> NewGameScreen:
    """``n`` on the title: the new-game form."""
    await pilot.press("n")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, NewGameScreen)
    return form

def test_n_opens_the_form_on_the_game_of_the_newest_save():
    async def go() -> None:
        Store().autosave(
            Match("romans", (Seat("You"), Seat("Bot", "random")), 3))
        app = app_for(kind="title")
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            assert (await open_form(pilot)).game_id == "romans"
    asyncio.run(go())


@contextlib.asynccontextmanager
async def at_the_form() -> AsyncIterator[tuple[Any, Any, NewGameScreen]]:
    """The title at 100×30, then n: the app, its pilot and the new-game form."""
    app = app_for(kind="title")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        yield app, pilot, await open_form(pilot)


def test_each_kind_a_seat_plays_as_fits_its_field_on_one_line():
    """"Search bot (MCTS)" wrapped onto two lines in the open list and ran
    over the Options row (an Age of Rome walk-through)."""
    async def go() -> None:
        async with at_the_form() as (app, pilot, form):
            kind = form.query_one("#kind-1", Select)
            room = kind.query_one("SelectCurrent").content_region.width - 2  # its ▼
            labels = [str(prompt) for prompt, _ in kind._options if str(prompt)]
            assert labels and all(len(label) <= room for label in labels), (room, labels)
    asyncio.run(go())


def test_n_opens_the_form_on_the_game_last_started():
    async def go() -> None:
        async with at_the_form() as (app, pilot, form):
            form.query_one("#game", Select).value = "ageofrome"
            await until(pilot, lambda: app.screen.query("#game") and
                        app.screen.query_one("#game", Select).value == "ageofrome"
                        and form.game_id == "ageofrome")
            await pilot.pause()
            assert app.screen.focused is app.screen.query_one("#game", Select), \
                "after a change of game the focus left the game field"
            form.action_start()
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            app.screen.leave()
            await settle(pilot)
            assert (await open_form(pilot)).game_id == "ageofrome"
    asyncio.run(go())


def test_a_checkbox_reads_on_or_off_without_colour_and_the_focus_is_reversed():
    async def go() -> None:
        async with at_the_form() as (app, pilot, form):
            box = form.query(Checkbox).first()
            was = box.value
            off, on = ("[ ]", "[x]") if not was else ("[x]", "[ ]")
            assert str(box.render()).startswith(off)
            box.value = not was
            await pilot.pause()
            assert str(box.render()).startswith(on)
            start = form.query_one("#start")
            start.focus()
            await pilot.pause()
            assert "reverse" in str(start.styles.text_style)
            box.focus()
            await pilot.pause()
            assert all(seg.style.reverse for seg in box.render_line(0) if seg.text.strip())
    asyncio.run(go())


# ------------------------------------------------------------ the results again
def finished(seed: int = 3) -> Match:
    """A two-seat Provincia game, you and a bot, played to its end at random."""
    m = Match("provincia", (Seat("You"), Seat("Bot", "random")), seed)
    rng = random.Random(seed)
    while not m.is_over():
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    return m


def test_enter_on_game_over_goes_to_the_board_where_g_opens_the_results_again():
    async def go() -> None:
        app = app_for(finished())
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen), "Enter threw the results away"
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, GameOverScreen)
            assert "Title screen" in str(app.screen.query_one(KeyBar).render())
            await pilot.press("t")
            await settle(pilot)
            assert isinstance(app.screen, TitleScreen)
    asyncio.run(go())


def test_z_on_the_board_of_a_finished_game_takes_nothing_back():
    """"z reopens a finished game" (issue 28): it rewrote the autosave, and
    Load showed "final turn" instead of "finished"."""
    m = finished()
    assert m.can_undo(0), "the rules alone would let the last move be taken back"
    actions = list(m.actions)

    async def go() -> None:
        app = app_for(m)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("z")
            await pilot.pause()
            assert m.actions == actions and m.is_over()
            assert any("result stands" in n.message for n in app._notifications)
            bar = str(app.screen.query_one(KeyBar).render())
            assert "g Results" in bar and "Undo" not in bar and "Hint" not in bar, \
                "the board of a finished game offers its results, not undo or a hint"
    asyncio.run(go())


def test_the_replay_of_a_finished_game_opens_its_results():
    async def go() -> None:
        app = app_for(finished())
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
            await pilot.press("r")
            await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
            assert "Results" in str(app.screen.query_one(KeyBar).render())
            await pilot.press("g")
            await pilot.pause()
            over = app.screen
            assert isinstance(over, GameOverScreen)
            assert over.result.categories() and "1st" in str(over.query_one("#scores").render())
            bar = str(over.query_one(KeyBar).render())
            assert "Replay" not in bar and "Title" not in bar
            await pilot.press("t")  # nothing to leave from here
            assert app.screen is over
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
    asyncio.run(go())


# ------------------------------------------------------------ no false promises
def menu_texts(app: Any) -> str:
    return "\n".join(str(o.prompt) for o in app.screen.query_one(OptionList).options)


def test_the_menu_promises_continue_only_once_the_game_is_autosaved():
    async def go() -> None:
        m = Match("provincia", (Seat("You"), Seat("Bot", "random")), 5)
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
            assert "Continue" not in menu_texts(app), "promised before anything was kept"
            await pilot.press("escape")
            await pilot.press("1")
            await settle(pilot)
            assert Store().latest_autosave() is not None
            await pilot.press("escape")
            await pilot.pause()
            assert "the game is kept: Continue" in menu_texts(app)
    asyncio.run(go())


def test_the_menu_of_a_finished_game_promises_no_continue():
    """"Leave to the title screen (the game is kept: Continue)" on a
    finished game, whose title then said "No game in progress"."""
    said = dict(MenuScreen(kept=True, over=True).items())
    assert "Continue" not in said["title"] + said["quit"]
    assert "finished game is in Load" in said["title"]
    assert "Continue" in dict(MenuScreen(kept=True).items())["title"]


def test_the_title_shows_continue_only_beside_a_game_and_always_has_tables():
    async def go() -> None:
        app = app_for(kind="title")
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            texts = menu_texts(app)
            assert "No game in progress" in str(app.screen.query_one("#continue-info").render())
            assert "Continue" not in texts
            assert "Continue" not in str(app.screen.query_one(KeyBar).render())
            assert "ables: play with others" in texts
    asyncio.run(go())


def test_tables_on_the_title_starts_the_hall_as_tabula_host_does_and_opens_its_lobby(
        home: Path) -> None:
    """No hall runs: t starts this user's hall, a process of its own
    (``python -m hall.local``, as ``tabula host`` starts it), and opens its
    lobby, which says how to invite a friend."""
    folder = hall_dir()

    async def go() -> None:
        app = app_for(kind="title")
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            assert hall_pid(folder) is None and app.hall is None
            await pilot.press("t")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert hall_pid(folder) not in (None, os.getpid())  # its own process
            assert app.hall is not None and app.hall.link.path == folder / "hall.sock"
            await until(pilot, lambda: f"You are {login_name()}" in screen_text(app))
            assert "tabula join CODE" in screen_text(app)
            await pilot.press("escape")  # back to the title; t opens the same hall's lobby
            await until(pilot, lambda: isinstance(app.screen, TitleScreen))
            pid = hall_pid(folder)
            await pilot.press("t")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert hall_pid(folder) == pid
    with own_hall(folder):
        asyncio.run(go())


def test_tables_says_in_one_line_why_no_hall_can_start_and_what_to_run(home: Path) -> None:
    (home / "hall").write_text("a file where the hall's folder goes")

    async def go() -> None:
        app = app_for(kind="title")
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            await pilot.press("t")
            await until(pilot, lambda: any("No tables" in m for m in told(app)))
            line = next(m for m in told(app) if "No tables" in m)
            assert "cannot host tables in" in line and "`tabula host`" in line
            assert "\n" not in line
            assert isinstance(app.screen, TitleScreen) and app.hall is None
    asyncio.run(go())


def actions_note(app: Any) -> str:
    return "\n".join(str(o.prompt) for o in app.screen.query_one(ActionMenu).options.options)


def test_the_invite_is_the_servers_ssh_line_or_tabula_join():
    served = Link(fd=3, ssh="ssh -p 2222 {user}@203.0.113.7")
    assert invite_command(served, "KXPQR") == "ssh -p 2222 KXPQR@203.0.113.7"
    assert invite_command(Link(path=Path("/tmp/hall.sock")), "KXPQR") == "tabula join KXPQR"


def test_the_lobby_and_a_waiting_table_tell_how_to_invite_a_friend(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            app = app_at(hall, "anna", start="lobby")
            app.hall.link = replace(app.hall.link, ssh="ssh -p 2222 {user}@203.0.113.7")
            async with app.run_test(size=(100, 30)) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, LobbyScreen))
                assert "ssh -p 2222 CODE@203.0.113.7" in screen_text(app)
                bob = connect(hall, "bob")
                code = (await create(bob, "provincia", ["human"] * 3, seed=3))["table"]["code"]
                await pilot.press("r")
                await shows(pilot, lambda: bool(app.screen.listed))
                await shows(pilot, lambda: f"ssh -p 2222 {code}@203.0.113.7" in screen_text(app))
                await pilot.press("enter")  # sits at bob's table: one seat still free
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and "Waiting for 1 more player" in actions_note(app))
                assert f"Invite a friend: ssh -p 2222 {code}@203.0.113.7" in actions_note(app)
    asyncio.run(go())


# ------------------------------------------------------------ the hint agrees with itself
def test_the_hint_suggests_the_best_win_chance_it_lists_first():
    m = position("play")
    view = m.view(0)
    a, b, c = m.game.legal(view)[:3]
    alts = (Alternative(a, "a", 0.5, 0.71), Alternative(b, "b", 0.3, 0.75),
            Alternative(c, "c", 0.01, 0.99))  # c: too few play-outs to be sure of
    action, lines, _ = hint_text(m.game, view, Hint(len(m.actions), a, "mcts", alts))
    assert action == b, "suggested a move listed above one with a better chance"
    wins = [int(line.text.rsplit("about ", 1)[1].split("%")[0]) for line in lines]
    assert wins == sorted(wins, reverse=True) == [75, 71]


def test_the_hint_clears_the_filter_and_highlights_its_move():
    async def go() -> None:
        app = app_for(position("play"))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            screen = app.screen
            menu = menu_of(app)
            # A filter that hides some actions, as a player typing would have.
            last = menu._items[-1][1].lower()
            word = next(w for w in last.split() if not menu._matches(w, menu._items[0][1]))
            await pilot.press("/", *word)
            assert menu.filter.value == word
            screen.action_hint()
            await app.workers.wait_for_complete()
            await pilot.pause()
            hint = app.screen
            assert isinstance(hint, HintScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert menu.filter.value == ""
            shown = menu._shown[menu.options.highlighted][1]
            assert shown == hint.suggestion, "the hinted move is not the highlighted one"
    asyncio.run(go())


def test_a_command_letter_that_matches_nothing_while_typing_says_why():
    async def go() -> None:
        app = app_for(position("play"))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = menu_of(app)
            letter = first_letter(menu)
            await pilot.press(letter)
            if menu.would_match(letter + "h"):
                await pilot.press("h")  # make sure the next h extends nothing
            text = menu.filter.value
            assert not menu.would_match(text + "h")
            before = len(app._notifications)
            await pilot.press("h")
            await pilot.pause()
            assert menu.filter.value == text + "h", "the letter is kept as typed"
            assert len(app._notifications) == before + 1
            assert "esc clears it" in list(app._notifications)[-1].message
    asyncio.run(go())


def test_keys_that_match_nothing_are_kept_and_enter_plays_nothing():
    """Typed "IV to Servian Wall, box IV" while the Wall was greyed under
    another wording: the filter dropped each letter that matched nothing,
    kept "IV to Se al box IV", ranked the Colosseum first, and Enter would
    have played it (issue 28 walk-through of The Romans)."""
    async def go() -> None:
        app = SpellingApp()
        async with app.run_test(size=(80, 24)) as pilot:
            menu = app.query_one(ActionMenu)
            await pilot.press(*"III to Servian")
            await pilot.pause()
            assert menu.filter.value == "III to Servian"
            assert menu._shown == []
            note = str(menu.options.get_option_at_index(0).prompt)
            assert "nothing matches “III to Servian”" in note
            await pilot.press("enter")
            await pilot.pause()
            assert app.chosen == [], "Enter played an action the text did not name"
            await pilot.press(*["backspace"] * 7)
            await pilot.pause()
            assert menu.filter.value == "III to " and menu._shown
    asyncio.run(go())


class SpellingApp(App):
    """Only the action menu, with The Romans' placements that "the" matches
    inside a word ("Amphitheatrum")."""

    AUTO_FOCUS = "#action-filter"
    PLACES = ("III to Amphitheatrum Castrense, box I (2 gold)",
              "III to Basilica Aemilia, box III (2 gold)",
              "II to the Citadel (1 materials)", "III to the Citadel (1 materials)")

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[tuple] = []

    def compose(self) -> ComposeResult:
        yield ActionMenu()

    def on_mount(self) -> None:
        self.query_one(ActionMenu).set_actions([(("place", d), d) for d in self.PLACES])

    def on_action_menu_chosen(self, event: ActionMenu.Chosen) -> None:
        self.chosen.append(event.action)


def spelled(places: tuple[str, ...], typed: str) -> list[tuple]:
    """What Enter plays after ``typed`` in a list of ``places`` alone."""
    class Places(SpellingApp):
        PLACES = places

    async def go() -> list[tuple]:
        app = Places()
        async with app.run_test(size=(80, 24)) as pilot:
            for key in typed:
                await pilot.press("space" if key == " " else key)
            await pilot.press("enter")
            await pilot.pause()
            return app.chosen
    return asyncio.run(go())


def test_the_action_the_player_is_spelling_comes_first_and_enter_plays_it():
    """Typing "III to the C" listed Amphitheatrum Castrense first ("the" is
    inside it) and Enter played it, not the Citadel."""
    async def go() -> None:
        app = SpellingApp()
        async with app.run_test(size=(80, 24)) as pilot:
            for key in "III to the C":
                await pilot.press("space" if key == " " else key)
            await pilot.press("enter")
            await pilot.pause()
            assert app.chosen == [("place", "III to the Citadel (1 materials)")]
    asyncio.run(go())


def test_letters_typed_in_a_burst_all_reach_the_filter_before_a_command_letter_decides():
    """Typed fast (tmux, a quick typist), "I to the Cit" arrived as "I to te
    Ci", and at a shared table the host's "manpowe" opened "End this table?":
    a command letter was judged before the letters ahead of it reached the
    filter. Every key here is posted at once, none awaited."""
    from tests.test_romans_tui import position as romans_position

    async def go() -> None:
        game = get_game("romans")
        m = romans_position(3, lambda s: any(" the " in game.describe(s, a)
                                             for a in game.legal(s)), 4)
        app = app_for(m)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            menu = menu_of(app)
            label = next(d for _, d in menu._shown if " the " in d)
            typed = label[:label.index(" the ") + 6]  # "I to the C": h is the hint's key
            for ch in typed:
                app.post_message(events.Key("space" if ch == " " else ch, ch))
            await pilot.pause()
            await pilot.pause()
            assert menu.filter.value == typed
    asyncio.run(go())


def test_a_shared_tables_menu_promises_no_waiting_seat_once_the_game_is_over():
    """"Leave to the lobby (your seat waits for you)" after game over
    (issue 28 walk-through of a shared table)."""
    from tui.screens.table_dialogs import TableMenu

    over = dict(TableMenu(over=True).items())
    assert "waits" not in over["leave"] + over["quit"] and "table is over" in over["leave"]
    assert "your seat waits for you" in dict(TableMenu().items())["leave"]


def test_the_load_list_shows_progress_at_80_columns_with_six_players():
    """Six players' names pushed the Progress column out of an 80-column
    Load list (issue 28 walk-through of Provincia)."""
    async def go() -> None:
        names = ("Marcus Aurelius", "Septimius Severus", "Caracalla", "Elagabalus",
                 "Alexander Severus", "Maximinus Thrax")
        m = Match("provincia", tuple(Seat(n, "random") for n in names), 3)
        Store().save(m, "six")
        app = app_for(kind="title")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("l")
            await until(pilot, lambda: isinstance(app.screen, LoadScreen))
            shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
            assert m.game.progress(m.state) in shown
            # the Players column is cut there: the line under the list names them whole
            assert ", ".join(names) in " ".join(shown.split()), shown
    asyncio.run(go())


def test_esc_from_the_replay_of_a_finished_autosave_opened_by_load():
    """Load, the finished autosave's replay, esc: the cities' panel asked the
    hand to redraw after its widgets were gone (NoMatches '#hand-cards',
    issue 28 walk-through of Provincia)."""
    async def go() -> None:
        Store().autosave(finished())
        app = app_for(kind="title")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("l")
            await until(pilot, lambda: isinstance(app.screen, LoadScreen))
            await pilot.press("enter")
            await until(pilot, lambda: not isinstance(app.screen, LoadScreen))
            for _ in range(4):
                await pilot.press("escape")
                await settle(pilot)
            assert app.return_code is None and app.is_running
    asyncio.run(go())


def test_the_replay_of_an_unfinished_game_keeps_its_seed_hidden():
    """The seed is the order of the decks still to come: the replay of an
    unfinished table showed it on the board (issue 28 walk-through)."""
    m = Match("provincia", (Seat("You"), Seat("Bot", "random")), 424242)
    rng = random.Random(1)
    for _ in range(6):
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))

    async def go() -> None:
        app = app_for(m, kind="replay")
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, ReplayScreen)
            await pilot.press("end")
            await settle(pilot)
            shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
            assert "Forum Julii" in shown and "424242" not in shown
    asyncio.run(go())


def test_n_then_enter_on_a_first_run_asks_for_the_game_and_starts_nothing():
    """"n then Enter starts Provincia Romana" (issue 28): with no game played
    yet the form focuses the game field, so Enter opens the list of games;
    once a game was played, Start is focused (Enter plays again at once)."""
    async def go() -> None:
        async with at_the_form() as (app, pilot, form):
            game = form.query_one("#game", Select)
            assert app.screen.focused is game
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is form and game.expanded and Store().latest_autosave() is None
        Store().autosave(Match("romans", (Seat("You"), Seat("Bot", "random")), 3))
        async with at_the_form() as (app, pilot, form):
            assert app.screen.focused is form.query_one("#start")
    asyncio.run(go())


def test_h_that_begins_a_word_types_it_and_never_plays_the_hint():
    """"horreum" + Enter at the discard: h opened the hint, whose Enter
    played its move (a Domus discarded; issue 28 walk-through of Provincia).
    A letter typed on the hint, or while it is thought about, makes h the
    first letter of the filter instead."""
    async def go() -> None:
        app = app_for(position("play"))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            screen = app.screen
            menu = menu_of(app)
            step = len(screen.source.match.actions)
            await pilot.press("h")  # the hint comes up (the worker is done by the pause)
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(app.screen, HintScreen)
            await pilot.press("o", "r")
            await pilot.pause()
            assert app.screen is screen and menu.filter.value == "hor"
            assert len(screen.source.match.actions) == step, "the hint's move was played"
            await pilot.press("escape")
            # typed before the hint is shown: the letters are the filter's
            screen.action_hint()
            menu.filter.value = "or"
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.screen is screen and menu.filter.value == "hor"
    asyncio.run(go())


def test_typed_words_that_run_on_together_rank_first():
    """"Macedonia to T" + Enter played "from Epirus to Macedonia", listed
    first as every typed word began one of its words (issue 28 walk-through
    of Age of Rome)."""
    moves = ("Move a Legion from Epirus to Macedonia", "Move a Legion from Macedonia to Epirus",
             "Move a Legion from Macedonia to Thrace")

    assert spelled(moves, "Macedonia to T") == [("place", moves[2])]


def test_typed_text_lists_what_can_be_played_before_greyed_lines():
    """"Venetia" listed five greyed god placements (their reasons name
    Venetia) above the army's moves into it (issue 28 walk-through of The
    Romans): what the filter finds that can be played comes first (Enter
    already played it; the list now reads that way too)."""
    greyed = ("Temple with Mars — no god: unrest in Venetia",)
    moves = ("March into Venetia",)

    class Mixed(SpellingApp):
        PLACES = moves

        def on_mount(self) -> None:  # (before SpellingApp's, which offers PLACES)
            self.query_one(ActionMenu).hold_places([(("place", d), d) for d in greyed])

    async def go() -> None:
        app = Mixed()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press(*"Venetia")
            await pilot.pause()
            shown = [a for a, _ in app.query_one(ActionMenu)._shown]
            assert shown == [("place", moves[0]), ("place", greyed[0])]
            await pilot.press("enter")
            await pilot.pause()
            assert app.chosen == [("place", moves[0])]
    asyncio.run(go())


def test_a_word_typed_twice_needs_two_words_of_the_action():
    """"III castra per III" + Enter recruited from box I (issue 28
    walk-through of The Romans): box III has the two III's typed."""
    boxes = ("III to Castra Peregrina, box I (1 manpower)",
             "III to Castra Peregrina, box III (3 manpower)")

    assert spelled(boxes, "III castra per III") == [("place", boxes[1])]


def test_tab_from_start_never_lands_on_back():
    """"Tab moves to Back, and Enter returns to the title and loses the
    setup" (issue 28 walk-through of The Romans): Back is esc's, not a Tab stop."""
    async def go() -> None:
        Store().autosave(Match("romans", (Seat("You"), Seat("Bot", "random")), 3))
        async with at_the_form() as (app, pilot, form):
            assert app.screen.focused is form.query_one("#start")
            await pilot.press("tab", "enter")
            await pilot.pause()
            assert app.screen is form, "Tab and Enter left the form"
    asyncio.run(go())


def test_a_greyed_line_chosen_says_why_on_the_status_line_not_over_the_list() -> None:
    """At 80×24 a toast sat over the actions and the hand for seconds, two
    presses stacking two; the reason now leads the status line, the prompt
    after it, and nothing covers the list."""
    async def go() -> None:
        app = app_for(position("select"))  # an empty deck stays listed, greyed
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot)
            menu = menu_of(app)
            dead = [i for i, (a, _) in enumerate(menu._shown[:9]) if a in menu._dead]
            assert dead, "the position offers a greyed line"
            why = menu._dead[menu._shown[dead[0]][0]]
            before = len(app.screen.source.match.actions)
            await pilot.press(str(dead[0] + 1))
            await pilot.pause()
            status = str(app.screen.query_one("#status-text").render())
            assert status.lstrip().split(" ", 2)[-1].startswith("Not now: " + why[:20])
            assert not list(app._notifications)
            assert len(app.screen.source.match.actions) == before
    asyncio.run(go())


def test_a_notice_at_80x24_leaves_the_actions_in_sight():
    """A toast at the bottom right covered the action list and the hand
    for seconds at 80×24 (two at once, an undo's, hid it whole): there it
    goes over the log, bottom left."""
    async def go() -> None:
        app = app_for(position("play"))
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot)
            long = "Your move was taken back: Red follows Marius, and the 2 moves after it"
            app.notify("Your undo was refused: Julia said no", title="Table")
            app.notify(long, title="Table")
            await pilot.pause()
            await pilot.pause()
            actions = app.screen.query_one(ActionMenu).region
            for toast in app.screen.query("Toast"):
                assert not toast.region.overlaps(actions), (toast.region, actions)
            # and whole: sized from 60 columns, then cut to 40, it lost its last line
            toast = list(app.screen.query("Toast"))[-1]
            inside = toast.content_region
            assert inside.height >= 1 + len(textwrap.wrap(long, inside.width)), inside
    asyncio.run(go())
