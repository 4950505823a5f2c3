"""Shared tables in the terminal UI against a real Hall (issue 14).

The hall runs in the test's event loop (``tests.hall_helpers``); the app
reaches it through a socket pair as a served game does (``Link(fd=...)``);
the other seats are scripted clients. Nothing sleeps: the app side waits
with ``pilot.pause()`` until the screen shows what is awaited, the client
side for messages, each with a timeout.
"""

from __future__ import annotations

import asyncio
import pickle
import random
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

import engine
from engine import games
from engine.core import SPECTATOR
from hall.client import HallClient, Link
from hall.hall import Hall, Who
from tests.hall_helpers import Player, connect, create, expect, hall_at, run
from tests.test_tui_support import settings
from tui.app import Start, TabulaApp
from tui.hall_link import HallSend
from tui.screens.dialogs import ConfirmScreen, HelpScreen
from tui.screens.lobby import LobbyScreen, NewTableScreen
from tui.screens.table import TableScreen
from tui.screens.table_dialogs import ChatScreen
from tui.screens.title import TitleScreen
from tui.widgets.game_log import GameLog
from tui.widgets.keybar import KeyBar

pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py

WAIT = 20.0  # s for anything awaited on the app's side


def app_at(hall: Hall, name: str, start: str = "title") -> TabulaApp:
    """An app at ``hall`` as guest ``name``, on a socket pair (a served game's way)."""
    ours, theirs = socket.socketpair()
    hall.attach(ours, Who(f"guest:{name}", name, None))
    return TabulaApp(Start("title"), settings(), link=Link(fd=theirs.detach(), start=start))


async def shows(pilot: Any, ok: Callable[[], bool], timeout: float = WAIT) -> None:
    """Let the app run until ``ok()`` holds (never a sleep: one event round at a time)."""
    async def wait() -> None:
        while not ok():
            await pilot.pause()
    await asyncio.wait_for(wait(), timeout)


async def leave_the_table(pilot: Any, app: TabulaApp) -> None:
    """Esc, then the table menu's "Leave the table" (its fifth line)."""
    await pilot.press("escape")
    await shows(pilot, lambda: app.screen.__class__.__name__ == "TableMenu")
    await pilot.press("down", "down", "down", "down", "enter")


def table_screen(app: TabulaApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen), screen
    return screen


def log_text(screen: TableScreen) -> str:
    log = screen.query_one(GameLog)
    return "\n".join(body.plain for _, body in log._entries)


def screen_text(app: TabulaApp) -> str:
    return "\n".join(str(w.render()) for w in app.screen.query(Static))


# ----------------------------------------------------------------- the lobby

def test_the_lobby_lists_the_tables_and_creates_one_from_the_form(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            bob = connect(hall, "bob")
            await expect(bob, "hello")
            theirs = (await create(bob, "provincia", ["human", "human"], seed=3))["table"]
            app = app_at(hall, "anna")
            async with app.run_test(size=(100, 30)) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, TitleScreen))
                await shows(pilot, lambda: app.hall is not None and app.hall.you == "anna")
                await pilot.press("t")  # Tables
                await shows(pilot, lambda: isinstance(app.screen, LobbyScreen)
                            and bool(app.screen.listed))
                lobby = app.screen
                assert [t["code"] for t in lobby.listed] == [theirs["code"]]
                assert theirs["code"] in screen_text(app) or theirs["code"] in str(
                    lobby.query_one("#lobby-tables").get_option_at_index(0).prompt)
                await pilot.press("n")
                await shows(pilot, lambda: isinstance(app.screen, NewTableScreen))
                assert app.screen.focused is app.screen.query_one("#game"), \
                    "the form opens on the game, not Create (Enter would open the table)"
                private = app.screen.query_one("#private")
                assert str(private.render()).startswith("[ ]"), "off reads off without colour"
                await pilot.press("ctrl+g")  # Create: 1 human (me) and rule bots
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 0)
                screen = table_screen(app)
                assert len(hall.tables) == 2 and screen.source.code in hall.tables
                table = hall.tables[screen.source.code]
                at = screen.source
                assert table.host.name == "anna" and at.is_host and at.seat == 0
                who = str(screen.query_one("#who", Static).render())
                assert f"code {screen.source.code}" in who and "move " in who
                await bob.send({"t": "list"})
                listed = await expect(bob, "tables")
                assert {t["code"] for t in listed["tables"]} == {theirs["code"], screen.source.code}
                await leave_the_table(pilot, app)
                await shows(pilot, lambda: isinstance(app.screen, LobbyScreen)
                            and len(app.screen.listed) == 2)
                # Quit now, and the terminal is told how to come back to the seat
                # (under anna's name: the login name alone would be a stranger to it)
                assert app.parting.endswith(f"waits for you: tabula join {at.code} --name anna")
                lobby = app.screen
                codes = [t["code"] for t in lobby.listed]
                lobby.query_one("#lobby-tables").highlighted = codes.index(theirs["code"])
                await pilot.press("w")  # watch bob's table
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.source.code == theirs["code"] and app.screen.step >= 0)
                assert table_screen(app).source.seat is None
                await leave_the_table(pilot, app)
                await shows(pilot, lambda: isinstance(app.screen, LobbyScreen))
                await pilot.press("escape")
                await shows(pilot, lambda: isinstance(app.screen, TitleScreen))
    run(go())


def test_a_guest_is_told_the_way_back_to_their_seat_and_chooses_no_seed(tmp_path: Path
                                                                       ) -> None:
    """A served guest creates a table from the form: the form has no seed
    (the hall draws it), and the screen tells them, and ``?`` again, the
    ssh command that brings them back to their seat."""
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            ours, theirs = socket.socketpair()
            hall.attach(ours, Who("guest:0a1b", "anna", None, comeback="2345BCDF"))
            link = Link(fd=theirs.detach(), start="lobby", ssh="ssh -p 2222 {user}@192.0.2.4")
            app = TabulaApp(Start("title"), settings(), link=link)
            async with app.run_test(size=(100, 30), notifications=True) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, LobbyScreen))
                await pilot.press("n")
                await shows(pilot, lambda: isinstance(app.screen, NewTableScreen))
                form = app.screen
                assert not form.query_one("#seed-row").display
                assert "seed" not in str(form.query_one(KeyBar).render())
                assert "seed" not in form.create_message()
                await pilot.press("ctrl+g")
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 0)
                code = table_screen(app).source.code
                way_back = f"ssh -p 2222 {code}-2345BCDF@192.0.2.4"
                assert any(way_back in n.message for n in app._notifications)
                await pilot.press("question_mark")
                await shows(pilot, lambda: isinstance(app.screen, HelpScreen))
                assert way_back in screen_text(app)
    run(go())


def test_the_new_table_form_opens_on_the_game_chosen_last_and_shows_a_names_focus(
        tmp_path: Path) -> None:
    """The new-table form opened on Provincia Romana whatever was chosen
    before, and a focused Name field read as unfocused (issue 28 walk-through
    of a shared table): it remembers the game as the local form does, and a
    focused text field reads reversed, as the other fields, without colour;
    its key bar says ^g Create, as its button (it said Start)."""
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            app = app_at(hall, "anna", start="lobby")
            async with app.run_test(size=(100, 30)) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, LobbyScreen))
                await pilot.press("n")
                await shows(pilot, lambda: isinstance(app.screen, NewTableScreen))
                form = app.screen
                bar = str(form.query_one(KeyBar).render())
                assert "^g Create" in bar and "Start" not in bar, bar  # as its button says
                name = form.query_one("#name-0")
                name.focus()
                await pilot.pause()
                cells = [seg for seg in name.render_line(0) if seg.text.strip()]
                assert cells and all(seg.style.reverse for seg in cells), cells
                form.query_one("#game").value = "romans"
                await shows(pilot, lambda: app.screen.game_id == "romans"
                            and bool(app.screen.query("#start")))
                await pilot.pause()
                await pilot.press("ctrl+g")  # Create
                await shows(pilot, lambda: isinstance(app.screen, TableScreen))
                await leave_the_table(pilot, app)
                await shows(pilot, lambda: isinstance(app.screen, LobbyScreen))
                await pilot.press("n")
                await shows(pilot, lambda: isinstance(app.screen, NewTableScreen))
                assert app.screen.game_id == "romans", "the form forgot the game chosen"
                assert app.screen.focused is app.screen.query_one("#game")
    run(go())


def test_the_lobby_offers_your_own_seat_back_at_a_full_table(tmp_path: Path) -> None:
    """"GRLDR is full: w watches it" was said of a table holding my own
    seat (issue 28 walk-through): the line offers the seat, and Enter takes
    me back to it."""
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            bob = connect(hall, "bob")
            code = (await create(bob, "provincia", ["human", "human"], seed=3))["table"]["code"]
            app = app_at(hall, "anna", start=f"join:{code.lower()}")
            async with app.run_test(size=(80, 24)) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 0)
                assert table_screen(app).source.seat == 1 and hall.tables[code].started
                await leave_the_table(pilot, app)
                await shows(pilot, lambda: isinstance(app.screen, LobbyScreen)
                            and bool(app.screen.listed))
                line = str(app.screen.query_one("#lobby-invite", Static).render())
                assert f"{code} holds your seat: Enter takes you back to it" in line, line
                assert "full" not in line
                keys = str(app.screen.query_one(KeyBar).render())
                assert "⏎ Your seat" in keys and "Join " not in keys.replace("Join by", ""), keys
                await pilot.press("enter")
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.source.code == code and app.screen.step >= 0)
                assert table_screen(app).source.seat == 1
    run(go())


def test_the_lobby_counts_a_finished_table_apart_from_the_open_ones() -> None:
    """"You are julia · 2 tables open" beside a finished table (a walk of a
    shared table): it is listed, to be watched, but not open."""
    from tui.screens.lobby import count_line

    finished = {"code": "RVTNK", "over": True}
    assert count_line([finished, {"code": "KXPQR"}]) == "1 table open, 1 finished"
    assert count_line([finished]) == "no table open, 1 finished"
    assert count_line([{"code": "KXPQR"}] * 2) == "2 tables open"
    assert count_line([]) == "no table open"


def test_joining_by_code_from_the_lobby(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            bob = connect(hall, "bob")
            code = (await create(bob, "romans", ["human", "human"], seed=3,
                                 private=True))["table"]["code"]
            app = app_at(hall, "anna", start="lobby")
            async with app.run_test(size=(100, 30)) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, LobbyScreen))
                await pilot.press("c")
                await pilot.press(*code.lower(), "enter")
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 0)
                assert table_screen(app).source.seat == 1
                assert hall.tables[code].started
                # a game only joined is the one played last: the next form opens on it
                await leave_the_table(pilot, app)
                await shows(pilot, lambda: isinstance(app.screen, LobbyScreen))
                await pilot.press("n")
                await shows(pilot, lambda: isinstance(app.screen, NewTableScreen))
                assert app.screen.game_id == "romans"
    run(go())


# ----------------------------------------------------------------- at the table

class Bob:
    """The scripted other seat: every read goes through ``until``, which
    keeps the latest state."""

    def __init__(self, client: HallClient, seat: int) -> None:
        self.client = client
        self.seat = seat
        self.latest: dict | None = None

    async def until(self, ok: Callable[[dict], bool]) -> dict:
        async def find() -> dict:
            while True:
                msg = await self.client.recv()
                if msg["t"] == "state":
                    self.latest = msg
                if ok(msg):
                    return msg
        return await asyncio.wait_for(find(), WAIT)

    async def state_at(self, step: int) -> dict:
        if self.latest is not None and self.latest["step"] == step:
            return self.latest
        return await self.until(lambda m: m["t"] == "state" and m["step"] == step)

    async def move(self, game: Any, step: int, rng: random.Random) -> None:
        view = pickle.loads((await self.state_at(step))["view"])  # noqa: S301 - our hall
        action = rng.choice(list(game.legal(view)))
        await self.client.send({"t": "act", "step": step, "action": game.encode_action(action)})


def last_move_line(match: Any, seat: int, viewer: int) -> str:
    """The first log line of ``seat``'s last move, as ``viewer`` read it."""
    i = max(k for k in range(len(match.actions)) if match.game.to_move(match.states[k]) == seat)
    return next(line.text for step, line in match.log_lines(viewer, i + 1)
                if step == i + 1 and not line.heading)


async def my_move_by_key(pilot: Any, app: TabulaApp, table: Any, game: Any,
                         key: str = "1") -> None:
    """The app's seat plays the action ``key`` numbers; the hall gets exactly it."""
    step = table.step
    await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                and app.screen.step == step and app.screen.my_turn()
                and app.screen.settled.is_set())
    screen = table_screen(app)
    offered = list(game.legal(screen.source.latest))
    await pilot.press(key)
    await shows(pilot, lambda: table.step > step)
    assert table.match.actions[step] == offered["1234567890".index(key)]


def test_two_players_play_chat_and_ask_to_undo(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            bob_c = connect(hall, "bob")
            code = (await create(bob_c, "provincia", ["human", "human"], seed=3))["table"]["code"]
            table = hall.tables[code]
            game = engine.get_game("provincia")
            bob = Bob(bob_c, 0)
            rng = random.Random(9)
            app = app_at(hall, "anna", start=f"join:{code.lower()}")
            async with app.run_test(size=(120, 40), notifications=True) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 0)
                screen = table_screen(app)
                assert screen.source.seat == 1 and table.started
                # nothing to take back yet: the hall's reason, and no "Asked"
                await pilot.press("z")
                await shows(pilot, lambda: any(n.title == "Not done" for n in app._notifications))
                assert not any(n.message.startswith("Asked") for n in app._notifications)
                # chat both ways, plain text
                await bob_c.send({"t": "chat", "text": "salve [b]amica[/b]"})
                await shows(pilot, lambda: "says: salve [b]amica[/b]" in log_text(screen))
                await pilot.press("t")
                await shows(pilot, lambda: isinstance(app.screen, ChatScreen))
                await pilot.press(*"ave bob", "enter")
                said = await bob.until(lambda m: m["t"] == "chat" and m["name"] == "anna")
                assert said["text"] == "ave bob" and said["seat"] == 1
                await shows(pilot, lambda: "says: ave bob" in log_text(screen))
                # moves by keys until anna may take hers back
                moved = 0
                for _ in range(200):
                    if table.match.to_move() == 1:
                        await my_move_by_key(pilot, app, table, game, "12"[moved % 2])
                        moved += 1
                        if moved >= 2 and table.match.can_undo(1):
                            break
                    else:
                        await bob.move(game, table.step, rng)
                        step = table.step
                        await bob.until(lambda m, s=step: m["t"] == "state"
                                        and m["step"] > s)
                else:
                    raise AssertionError("anna never could undo")
                step = table.step
                await shows(pilot, lambda: screen.step == step)
                assert f"move {step}" in str(screen.query_one("#who", Static).render())
                mine = last_move_line(table.match, 1, 0)  # as bob read it in his log
                await pilot.press("z")
                asked = await bob.until(lambda m: m["t"] == "undo_asked")
                assert asked["name"] == "anna" and asked["seat"] == 1
                assert asked["move"] == mine  # the question names the move
                # anna is told the question is out, and to whom, only once the hall
                # asked, and which move of hers it is about
                await shows(pilot, lambda: any("Asked bob to let you take back" in n.message
                                               for n in app._notifications))
                assert any(n.message.startswith("Asked bob to let you take back your last "
                                                f"move: {last_move_line(table.match, 1, 1)}")
                           for n in app._notifications)
                await bob_c.send({"t": "undo_answer", "yes": True})
                await shows(pilot, lambda: screen.step < step)
                assert table.step == screen.step and screen.my_turn()
                await shows(pilot, lambda: any(n.message == "Your move was taken back"
                                               for n in app._notifications))  # hers, not "anna's"
                # bob asks: anna gets a yes/no question
                await my_move_by_key(pilot, app, table, game)
                for _ in range(100):
                    if table.match.to_move() == 0 and not table.match.can_undo(0):
                        await bob.move(game, table.step, rng)
                    elif table.match.to_move() == 1:
                        await my_move_by_key(pilot, app, table, game)
                    else:
                        await bob.move(game, table.step, rng)
                    s = table.step
                    await shows(pilot, lambda s=s: screen.step == s)
                    if table.match.can_undo(0) and table.match.to_move() != 0:
                        break
                else:
                    raise AssertionError("bob never could undo")
                await bob_c.send({"t": "undo"})
                await shows(pilot, lambda: isinstance(app.screen, ConfirmScreen))
                question = app.screen.question
                assert question.startswith("bob asks to take back their last move: "
                                           + last_move_line(table.match, 0, 1).rstrip(".")), \
                    question  # names the move, in anna's log's words
                await pilot.press("n")
                result = await bob.until(lambda m: m["t"] == "undo_result")
                assert not result["ok"] and "anna said no" in result["text"]
    run(go(), timeout=90)


# ----------------------------------------------------------------- spectators

@pytest.mark.parametrize("game_id", [e.id for e in games.GAMES])
def test_a_spectator_watches_every_game(tmp_path: Path, game_id: str) -> None:
    """The spectator's screen draws the game's own table from the public
    view (no hand of anyone) while two scripted players move."""
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            n = max(2, engine.get_game(game_id).players.start)
            clients = [connect(hall, f"p{i}") for i in range(n)]
            code = (await create(clients[0], game_id, ["human"] * n, seed=5))["table"]["code"]
            for c in clients[1:]:
                await c.send({"t": "join", "code": code})
                await expect(c, "joined")
            players = [Player(c, seed=i, stop_at=6) for i, c in enumerate(clients)]
            task = asyncio.gather(*(p.play() for p in players))
            app = app_at(hall, "watcher", start=f"watch:{code}")
            async with app.run_test(size=(120, 40)) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 6)
                await asyncio.wait_for(task, WAIT)
                screen = table_screen(app)
                assert screen.source.seat is None and screen.scene().seat == SPECTATOR
                assert screen.scene().own is None
                assert screen.game.viewer(screen.source.latest) == SPECTATOR
                text = screen_text(app)
                assert "Your hand" not in text and "Your turn" not in text
                assert "watching" in str(screen.query_one("#who", Static).render())
                assert not screen.my_turn()
                await pilot.press("question_mark")
                await shows(pilot, lambda: isinstance(app.screen, HelpScreen))
                help_text = screen_text(app)
                assert "Chat" in help_text and "Host" not in help_text  # not the host
    run(go())


async def two_at_a_table_and_a_watcher(hall: Hall) -> tuple[list[Any], Any, TabulaApp]:
    """Two people seated at a Provincia table (seed 5), its table, and the
    app of someone watching it at normal pacing (0.6 s a move)."""
    clients = [connect(hall, f"p{i}") for i in range(2)]
    code = (await create(clients[0], "provincia", ["human"] * 2, seed=5))["table"]["code"]
    await clients[1].send({"t": "join", "code": code})
    await expect(clients[1], "joined")
    app = app_at(hall, "watcher", start=f"watch:{code}")
    app.settings.pacing = "normal"
    return clients, hall.tables[code], app


def test_a_shared_tables_moves_each_stay_on_screen_at_the_tables_pace(tmp_path: Path) -> None:
    """Moves the hall sends in a burst are shown one at a time, each for the
    pacing's seconds (the test's clock), as a local game's bots' moves are;
    space shows the rest at once."""
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            clients, table, app = await two_at_a_table_and_a_watcher(hall)
            async with app.run_test(size=(120, 40)) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 0)
                screen = table_screen(app)
                first = screen.step
                players = [Player(c, seed=i, stop_at=first + 6) for i, c in enumerate(clients)]
                await asyncio.wait_for(asyncio.gather(*(p.play() for p in players)), WAIT)
                last = table.step
                await shows(pilot, lambda: screen.source._last_step() == last)
                shown = [screen.step]
                assert first <= screen.step < last  # the burst waits for its pace
                for _ in range(3):
                    app.settings.clock.advance(0.25)  # within the pace: nothing new
                    await pilot.pause()
                    assert screen.step == shown[-1]
                    app.settings.clock.advance(0.5)
                    await shows(pilot, lambda: screen.step > shown[-1] and screen.settled.is_set())
                    shown.append(screen.step)
                assert shown == [shown[0] + i for i in range(4)] and shown[-1] < last  # one a pace
                await pilot.press("space")
                await shows(pilot, lambda: screen.step == last)
    run(go())


def test_moves_that_arrive_together_before_a_redraw_still_wait_for_their_pace(
        tmp_path: Path) -> None:
    """A screen once jumped 8 moves at once (issue 28 walk-through): moves
    read from the socket in one go were each taken in before the screen drew
    the first, so its pace had not begun and none of them waited. The first
    shows; the rest wait their turn."""
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            clients, table, app = await two_at_a_table_and_a_watcher(hall)
            async with app.run_test(size=(120, 40)) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 0 and app.screen.settled.is_set())
                screen = table_screen(app)
                first = screen.step
                app.settings.clock.advance(5.0)  # the last change has long had its pace
                rng = random.Random(1)
                for _ in range(4):  # one burst: no await between the moves
                    cid = table.client_of(table.match.to_move())
                    action = rng.choice(list(table.game.legal(table.match.state)))
                    hall._emit(table.act(cid, table.step, table.game.encode_action(action)))
                last = table.step
                await shows(pilot, lambda: screen.source._last_step() == last
                            and screen.settled.is_set())
                assert screen.step == first + 1, "the burst was shown at once"
                app.settings.clock.advance(0.7)
                await shows(pilot, lambda: screen.step == first + 2)
                await pilot.press("space")
                await shows(pilot, lambda: screen.step == last)
    run(go())


def test_a_spectators_key_bar_offers_no_undo_or_hint(tmp_path: Path) -> None:
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            bob = connect(hall, "bob")
            code = (await create(bob, "provincia", ["human", "human"], seed=3))["table"]["code"]
            app = app_at(hall, "anna", start=f"watch:{code}")
            async with app.run_test(size=(120, 30)) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 0)
                bar = str(app.screen.query_one(KeyBar).render())
                assert "Chat" in bar and "Undo?" not in bar and "Hint" not in bar
                await pilot.press("escape")
                await shows(pilot, lambda: app.screen.__class__.__name__ == "TableMenu")
                await pilot.press("escape")
                app.post_message(HallSend({"t": "join", "code": code}))  # she sits down
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.source.seat == 1)
                bar = str(app.screen.query_one(KeyBar).render())
                assert "Undo?" in bar and "Hint" in bar
    run(go())


def test_a_guest_dropped_by_a_stopping_server_is_told_their_own_way_back() -> None:
    from tui.hall_link import gone_text

    way_back = "ssh -p 2222 KTRZB-2345BCDF@192.0.2.4"
    assert f"Come back with `{way_back}`" in gone_text(False, "KTRZB", True, way_back)
    assert "by the code KTRZB" in gone_text(False, "KTRZB", True)  # a key holder's


def test_a_local_player_under_another_name_is_told_to_come_back_under_it() -> None:
    """A local seat is its name's: `tabula join CODE` alone would come back
    as the login name, a stranger to the seat (issue 28 walk-through)."""
    from hall.local import login_name
    from tui.hall_link import gone_text

    assert "`tabula join KTRZB --name 'Gaius Julius'`" in gone_text(
        True, "KTRZB", True, name="Gaius Julius")
    assert "`tabula join KTRZB`" in gone_text(True, "KTRZB", True, name=login_name())


def test_a_finished_table_reads_finished_once_in_the_lobby() -> None:
    """"finished · over" (issue 28 walk-through of a shared table)."""
    from tui.screens.lobby import table_row

    row = str(table_row({"code": "RVTNK", "game": "ageofrome", "players": 2, "over": True,
                         "started": True, "progress": "finished", "seats": []}))
    assert "finished" in row and "over" not in row
    row = str(table_row({"code": "RVTNK", "game": "ageofrome", "players": 2,
                         "started": True, "progress": "round 3", "seats": []}))
    assert "round 3 · started" in row


def test_the_hosts_letters_are_commands_only_while_they_can_do_something() -> None:
    """The host typing "str" at a started table got "The game has started
    already." for its s (issue 28 walk-through of a shared table): s is a
    command before the start only, b while a seat waits, e until the end."""
    from tui.screens.hall_source import HallSource

    seats = [{"kind": "human", "name": "anna", "taken": True, "connected": True},
             {"kind": "human", "name": "bob", "taken": True, "connected": True}]
    table = {"game": "provincia", "code": "KXPQR", "seats": seats, "started": False}
    src = HallSource({"table": table, "seat": 0, "host": True})
    assert src.host_letters() == "se" and src.allows("start") and not src.allows("bot")
    src.set_table({**table, "started": True})
    assert src.host_letters() == "e" and not src.allows("start")
    src.set_table({**table, "started": True,
                   "seats": [seats[0], {**seats[1], "connected": False}]})
    assert src.host_letters() == "be" and src.allows("bot")
    guest = HallSource({"table": table, "seat": 1, "host": False})
    assert guest.host_letters() == "" and not guest.allows("end") and guest.allows("chat")


def test_the_status_line_names_the_move_a_bot_made_for_a_person() -> None:
    """"A bot moves for Massilia: (+1 more in the log)" named no move (issue
    28 walk-through of a shared table): the line and its move read as one."""
    from types import SimpleNamespace

    from engine.core import LogLine

    fresh = [LogLine.plain("A bot moves for Massilia:"), LogLine.plain("Massilia takes Silva.")]
    said = TableScreen.last_move(SimpleNamespace(_fresh=fresh))  # type: ignore[arg-type]
    assert said == "A bot moves for Massilia: Massilia takes Silva."


def test_the_who_line_keeps_every_seat_at_80_columns(tmp_path: Path) -> None:
    """"N Drusus rules bot …" cut the last seat at 80×24 (issue 28
    walk-through of a shared table): every seat's name stays in sight."""
    async def go() -> None:
        async with hall_at(tmp_path) as hall:
            bob = connect(hall, "bob")
            code = (await create(bob, "provincia", ["human", "human", "rules", "mcts"],
                                 seed=3))["table"]["code"]
            app = app_at(hall, "anna", start=f"join:{code.lower()}")
            async with app.run_test(size=(80, 24)) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 0)
                screen = table_screen(app)
                names = [s["name"] for s in hall.tables[code].info()["seats"]]
                # the search bot's kind as the seat lists say it (it read "mcts")
                await shows(pilot, lambda: " search" in str(screen.query_one("#who",
                                                                             Static).render()))
                assert "mcts" not in str(screen.query_one("#who", Static).render())
                await shows(pilot, lambda: "rules" in str(screen.query_one("#who",
                                                                           Static).render()))
                who = str(screen.query_one("#who", Static).render())
                width = screen.query_one("#who", Static).size.width
                assert all(n in who for n in names) and len(who) <= width, who
    run(go())


def test_the_undo_question_names_the_move_and_the_moves_after_it() -> None:
    """The bots' moves after the asker's go too: the question says how many."""
    from tui.screens.hall_source import undo_move

    move = "Forum Julii takes Templum."
    assert undo_move({"move": move, "after": 0}) == ": Forum Julii takes Templum"
    assert undo_move({"move": move, "after": 1}).endswith("Templum, and the move after it")
    assert undo_move({"move": move, "after": 2}).endswith("Templum, and the 2 moves after it")
    assert undo_move({"move": "[b]x\x1b[0m", "after": 0}) == ": [b]x[0m"  # plain text
    assert undo_move({}) == undo_move({"move": 3}) == ""  # a hall that does not say
