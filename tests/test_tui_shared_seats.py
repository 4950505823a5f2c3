"""Shared tables in the UI, continued: reconnecting gives the seat back at
once, the bell on your turn, the host's keys, the end of a game, hostile
names, and a hall that goes away. A real Hall in the test's loop, as in
``tests/test_tui_shared.py``; nothing sleeps.
"""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

import engine
from engine.match import Match, Seat
from hall.client import Link
from hall.hall import Hall, HallConfig, Who
from hall.store import TableStore
from hall.table import Table
from tests.hall_helpers import POOL, connect, create, expect, fix_seed, hall_at, run, until
from tests.test_tui_shared import app_at, log_text, screen_text, shows, table_screen
from tests.test_tui_support import settings
from tui.app import Start, TabulaApp
from tui.hall_link import HallSend
from tui.screens.dialogs import ConfirmScreen, HintScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.table import TableScreen
from tui.screens.table_dialogs import ChoiceScreen
from tui.screens.title import TitleScreen
from tui.widgets.keybar import KeyBar
from tui.widgets.seats import kind_word

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def test_reconnecting_goes_straight_back_to_the_seat_and_the_bell_rings(tmp_path: Path
                                                                        ) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            bob = connect(hall, "bob")
            code = (await create(bob, "provincia", ["human", "human"], seed=3))["table"]["code"]
            table = hall.tables[code]
            first = app_at(hall, "anna", start=f"join:{code}")
            async with first.run_test(size=(100, 30)) as pilot:
                await shows(pilot, lambda: isinstance(first.screen, TableScreen)
                            and first.screen.step >= 0)
                assert table_screen(first).source.seat == 1
            await until(bob, lambda m: m["t"] == "notice" and "anna left" in m["text"])
            await bob.send({"t": "chat", "text": "still there?"})  # re-sent on her return
            await until(bob, lambda m: m["t"] == "chat")
            again = app_at(hall, "anna")  # the title was asked for: the seat wins
            rings: list[int] = []
            again.bell = lambda: rings.append(table.step)  # type: ignore[method-assign]
            async with again.run_test(size=(100, 30)) as pilot:
                await shows(pilot, lambda: isinstance(again.screen, TableScreen)
                            and again.screen.step >= 0)
                screen = table_screen(again)
                assert screen.source.seat == 1 and screen.source.code == code
                assert any(isinstance(s, LobbyScreen) for s in again.screen_stack)
                await shows(pilot, lambda: "(bob) says: still there?" in log_text(screen))
                assert rings == [] and screen.status.styles.background != screen.your_turn_tint()
                game = engine.get_game("provincia")
                while table.match.to_move() == 0:
                    step = table.step
                    msg = await until(bob, lambda m, s=step: m["t"] == "state"
                                      and m["step"] == s)
                    view = pickle.loads(msg["view"])  # noqa: S301 - our own hall
                    await bob.send({"t": "act", "step": step,
                                    "action": game.encode_action(game.legal(view)[0])})
                    await shows(pilot, lambda s=step: screen.step > s)
                await shows(pilot, lambda: screen.my_turn() and screen.settled.is_set())
                assert rings == [table.step]
                assert screen.status.styles.background == screen.your_turn_tint()
                assert "Your turn" in screen_text(again)
                # the hint looks at anna's own view; Enter plays it
                step = table.step
                await pilot.press("h")
                await shows(pilot, lambda: isinstance(again.screen, HintScreen))
                suggested = again.screen.suggestion
                await pilot.press("enter")
                await shows(pilot, lambda: table.step > step)
                view = screen.source.views[step]  # anna's view when the hint was asked
                assert game.describe(view, table.match.actions[step]) == suggested
    run(go())


def test_the_host_starts_with_bots_gives_a_waiting_seat_to_a_bot_and_ends(tmp_path: Path
                                                                         ) -> None:
    async def go() -> None:
        async with hall_at(tmp_path, bot_iterations=4) as hall:
            app = app_at(hall, "anna", start="lobby")
            async with app.run_test(size=(100, 30)) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, LobbyScreen))
                fix_seed(hall, 3)
                app.post_message(HallSend({
                    "t": "create", "game": "provincia",
                    "seats": [{"name": "", "kind": "human", "strength": "easy"}] * 4}))
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 0)
                screen = table_screen(app)
                table = hall.tables[screen.source.code]
                assert screen.source.is_host and not table.started
                assert "Waiting for players" in screen_text(app)
                for name in ("bob", "[b]c[/]"):
                    other = connect(hall, name)
                    await other.send({"t": "join", "code": screen.source.code})
                    await expect(other, "joined")
                    other.close()  # this seat now waits for its player
                await shows(pilot, lambda: [s["connected"] for s in screen.source.table["seats"]]
                            == [True, False, False, False]
                            and screen.source.table["seats"][2]["name"] == "[b]c[/]")
                await pilot.press("s")  # start now: the free seat gets a bot
                await shows(pilot, lambda: table.started and screen.source.table.get("started"))
                assert table.match.seats[3].kind != "human"
                seat = table.match.seats[3]
                bot = f"{seat.name} {kind_word(seat.kind, seat.strength)} bot"
                await shows(pilot, lambda: bot in str(  # its kind, as a local game says
                    screen.query_one("#who", Static).render()))
                await pilot.press("b")  # two seats wait: which one?
                await shows(pilot, lambda: isinstance(app.screen, ChoiceScreen))
                choices = app.screen.query_one(OptionList)
                assert str(choices.get_option_at_index(1).prompt) == "3. [b]c[/]"  # not markup
                await pilot.press("down", "enter")
                await shows(pilot, lambda: table.bot_playing == {2})
                await shows(pilot, lambda: "[b]c[/] ○ bot" in str(
                    screen.query_one("#who", Static).render()))
                await pilot.press("e")
                await shows(pilot, lambda: isinstance(app.screen, ConfirmScreen))
                await pilot.press("y")
                await shows(pilot, lambda: screen.source.ended is not None)
                assert not screen.my_turn()
    run(go())


def nearly_over(data: Path, anna: Who, bob: Who, left: int = 4) -> str:
    """A started Provincia table of anna and bob, ``left`` moves from its
    end, kept in the hall's folder as the hall keeps one; its code."""
    seats = (Seat(anna.name), Seat(bob.name))
    m = Match("provincia", seats, 3)
    rng = random.Random(3)
    while not m.is_over():
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    cut = Match("provincia", seats, 3, m.options, actions=m.actions[:-left])
    TableStore(data).save(Table(code="KXPQR", match=cut, host=anna, owners=[anna, bob],
                                started=True))
    return "KXPQR"


def test_a_finished_game_shows_its_result(tmp_path: Path) -> None:
    """A table restored a few moves from its end (the hall kept it over a
    restart): anna, its host, comes back to her seat, gives bob's waiting
    seat to a bot, and the turn limit lets a bot move for her too: the
    result shows, then the board."""
    async def go() -> None:
        anna, bob = Who("guest:anna", "anna", None), Who("guest:bob", "bob", None)
        code = nearly_over(tmp_path, anna, bob)
        async with hall_at(tmp_path, turn_limit=0.001, bot_iterations=4) as hall:
            app = app_at(hall, "anna")  # hello lists her seat: straight to it
            async with app.run_test(size=(100, 30)) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 0)
                await pilot.press("b")
                await shows(pilot, lambda: isinstance(app.screen, GameOverScreen))
                table = hall.tables[code]
                result = table.result()
                assert result is not None
                text = screen_text(app)
                assert result["outcome"] in text and "anna" in text and "bob" in text
                # the score breakdown and the chart, as after a local game; no replay here
                over = app.screen
                assert over.result == table.game.result(table.match.state)
                assert over.ending.history == table.game.score_history(table.match.state)
                assert over.result.categories() and over.query_one("#chart-numbers")
                bar = str(over.query_one(KeyBar).render())
                assert "Leave the table" in bar and "Replay" not in bar
                await pilot.press("enter")  # the board, never away from the results
                await shows(pilot, lambda: isinstance(app.screen, TableScreen))
                assert "The game is over" in screen_text(app)
                await pilot.press("g")
                await shows(pilot, lambda: isinstance(app.screen, GameOverScreen))
    run(go())


def test_hostile_names_and_chat_are_plain_text(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            evil_name = "[b]x[/]\\[@click=app.q]"
            evil = connect(hall, evil_name)
            code = (await create(evil, "provincia", ["human", "human"], seed=3))["table"]["code"]
            app = app_at(hall, "anna", start="lobby")
            async with app.run_test(size=(100, 30)) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, LobbyScreen)
                            and bool(app.screen.listed))
                await pilot.press("enter")
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 0)
                screen = table_screen(app)
                assert screen.source.code == code
                await evil.send({"t": "chat", "text": "[/]\x1b]0;pwned\x07[red]boo[/red]"})
                await shows(pilot, lambda: "[red]boo[/red]" in log_text(screen))
                assert "\x1b" not in log_text(screen)
                assert evil_name in str(screen.query_one("#who", Static).render())
    run(go())


def told(app: TabulaApp) -> list[str]:
    """The notifications shown now (``notify`` posts them: wait with ``shows``)."""
    return [n.message for n in app._notifications]


def actions_text(screen: TableScreen) -> str:
    """What the actions panel shows (a note when it is not my turn)."""
    options = screen.query_one("#action-list", OptionList)
    return "\n".join(str(options.get_option_at_index(i).prompt)
                     for i in range(options.option_count))


def test_when_the_hall_goes_away_the_app_goes_back_to_the_title(tmp_path: Path) -> None:
    async def go() -> None:
        hall = Hall(HallConfig(data_dir=tmp_path), pool=POOL)
        await hall.start()
        app = app_at(hall, "anna", start="lobby")
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await shows(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await hall.stop()
            await shows(pilot, lambda: isinstance(app.screen, TitleScreen))
            await shows(pilot, lambda: told(app))  # a served game's hall:
            assert told(app) == ["The server stopped; the unfinished tables are kept until it "
                                 "runs again."]
            assert app.hall is not None and not app.hall.alive
            await pilot.press("t")  # a served game's hall is gone: no lobby, and why
            await shows(pilot, lambda: len(told(app)) == 2)
            assert not isinstance(app.screen, LobbyScreen)
            assert told(app)[-1].startswith("The server's tables are not open now")
            assert app.hall.link.fd is not None  # none of its own started on the server
    run(go())


def test_the_next_human_hosts_when_the_host_leaves_and_may_start(tmp_path: Path) -> None:
    """anna sits at bob's table; bob leaves before the start: anna is told
    she hosts it now, her screen offers s, and s starts the game."""
    async def go() -> None:
        async with hall_at(tmp_path, seat_grace=60, bot_iterations=4) as hall:
            bob = connect(hall, "bob")
            code = (await create(bob, "provincia", ["human"] * 3, seed=3))["table"]["code"]
            app = app_at(hall, "anna", start=f"join:{code}")
            async with app.run_test(size=(100, 30), notifications=True) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 0)
                screen = table_screen(app)
                assert not screen.source.is_host and "s: start now" not in actions_text(screen)
                await bob.send({"t": "leave"})
                await shows(pilot, lambda: screen.source.is_host)
                await shows(pilot, lambda: "s: start now" in actions_text(screen))
                await shows(pilot, lambda: "You host this table now: s starts it" in told(app))
                await pilot.press("s")
                table = hall.tables[code]
                await shows(pilot, lambda: table.started and screen.source.table.get("started"))
                assert [s.kind for s in table.match.seats] == ["human", "human", "rules"]
    run(go())


def test_a_player_whose_hall_stops_is_told_the_seat_is_kept_and_how_to_come_back(
        tmp_path: Path) -> None:
    """A local player (``tabula join``: a Unix socket) at a table mid-game
    when the hall stops: the board stays, the status line says the seat is
    kept and how to come back; Esc goes to the title."""
    async def go() -> None:
        hall = Hall(HallConfig(data_dir=tmp_path / "h", local_home=tmp_path / "s"), pool=POOL)
        await hall.start()
        path = tmp_path / "s.sock"
        await hall.serve_unix(path)
        bob = connect(hall, "bob")
        code = (await create(bob, "provincia", ["human", "human"], seed=3))["table"]["code"]
        app = TabulaApp(Start("title"), settings(),
                        link=Link(path=path, name="anna", start=f"join:{code}"))
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                        and app.screen.step >= 0 and app.screen.source.table.get("started"))
            screen = table_screen(app)
            await hall.stop()
            said = (f"The table hall stopped; your seat at {code} is kept. "  # a seat is its name's
                    f"Come back with `tabula join {code} --name anna`.")
            await shows(pilot, lambda: said in screen_text(app))
            assert app.screen is screen and not screen.my_turn()
            assert said in actions_text(screen) and "Esc: back to the title" in actions_text(screen)
            await shows(pilot, lambda: told(app))
            assert told(app)[-1] == said
            assert "closed the connection" not in screen_text(app)
            await pilot.press("escape")
            await shows(pilot, lambda: isinstance(app.screen, TitleScreen))
            assert not any(isinstance(s, TableScreen | LobbyScreen)
                           for s in app.screen_stack)
    run(go())
