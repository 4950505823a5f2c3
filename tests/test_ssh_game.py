"""``tabula serve`` end to end: the real game over loopback SSH.

Each test starts a real server on 127.0.0.1 (free port, temporary keys and
data dir) whose sessions run ``python -m tui``, and plays it through an
asyncssh client that keeps a model of the screen (tui.ssh.probe). Nothing
sleeps: every wait is "read until this is on screen", with a timeout.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from pathlib import Path

from saves import Store
from tests.test_ssh_support import (
    hangups_ignored,
    make_config,
    make_keys,
    pid_alive,
    run,
    serving,
    sessions_done,
)
from tui.ssh.child import GameChild
from tui.ssh.config import game_command
from tui.ssh.environment import child_env
from tui.ssh.probe import GameClient, Screen
from tui.ssh.pump import PtyPump

TITLE = "Roman board games at a terminal table"
MENU = "New game"
NEW_GAME_FORM = "Plays as"
YOUR_TURN = "Your turn"


def status_line(client: GameClient) -> str:
    return next(r.strip() for r in client.screen.text().split("\n") if YOUR_TURN in r)


def session_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith("session ")]


def test_an_authorized_key_gets_the_title_screen(tmp_path, caplog):
    keys = make_keys(tmp_path)
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(make_config(tmp_path, keys)) as host:
            client = await GameClient.connect(host.port, username="alice",
                                              client_keys=[keys.friend])
            await client.read_until(TITLE)
            await client.read_until(MENU)
            client.send("q")  # Quit from the title
            await client.read_to_end()
            await client.process.wait()
            assert client.process.exit_status == 0
    run(body())
    (line,) = session_lines(caplog)
    assert "'alice' SHA256:" in line and "quit (status 0)" in line


def test_a_too_small_terminal_is_asked_to_enlarge(tmp_path):
    keys = make_keys(tmp_path)

    async def body():
        async with serving(make_config(tmp_path, keys)) as host:
            client = await GameClient.connect(host.port, username="alice",
                                              client_keys=[keys.friend], size=(60, 20))
            await client.read_until("Please enlarge")
            assert "60×20" in client.screen.text()
            client.resize(100, 30)  # one resize event is enough to bring the title
            await client.read_until(MENU)
            assert "Please enlarge" not in client.screen.text()
            client.close()
    run(body())


def test_a_resize_reaches_the_game(tmp_path):
    keys = make_keys(tmp_path)

    def footer_on_last_row(client: GameClient) -> bool:
        rows = client.screen.text().split("\n")
        return len(rows) == client.screen.rows and "n New game" in rows[-1]

    async def body():
        async with serving(make_config(tmp_path, keys)) as host:
            client = await GameClient.connect(host.port, username="alice",
                                              client_keys=[keys.friend], size=(100, 30))
            await client.wait_for(lambda: footer_on_last_row(client), "the footer on row 30")
            client.resize(132, 43)  # the player drags the window bigger
            await client.wait_for(lambda: footer_on_last_row(client), "the footer on row 43")
            rows = client.screen.text().split("\n")
            tagline = next(r for r in rows if TITLE in r)
            # laid out for 132 columns: the tagline is centred in the wider window
            assert abs(tagline.index(TITLE) - (132 - len(TITLE)) // 2) <= 2
            client.close()
    run(body())


def test_two_sessions_are_isolated(tmp_path):
    keys = make_keys(tmp_path)

    async def body():
        async with serving(make_config(tmp_path, keys)) as host:
            alice = await GameClient.connect(host.port, username="alice",
                                             client_keys=[keys.friend])
            bob = await GameClient.connect(host.port, username="bob",
                                           client_keys=[keys.friend])
            await alice.read_until(MENU)
            await bob.read_until(MENU)
            by_user = {s.player.username: s for s in host.sessions.values()}
            alice_pid, bob_pid = by_user["alice"].child.pid, by_user["bob"].child.pid
            assert alice_pid != bob_pid
            assert by_user["alice"].player.home != by_user["bob"].player.home

            alice.conn.abort()  # alice's connection dies mid-game
            await sessions_done_except(host, bob_pid)
            assert not pid_alive(alice_pid)
            bob.send("n")  # bob plays on: the new-game form opens
            await bob.read_until(NEW_GAME_FORM)
            assert pid_alive(bob_pid)
            bob.close()
    run(body())


async def sessions_done_except(host, pid: int) -> None:
    """Wait for every session but the one whose child is ``pid`` to end."""
    others = [t for t, s in host.sessions.items() if s.child is None or s.child.pid != pid]
    if others:
        await asyncio.wait_for(asyncio.gather(*others), 30)


def test_idle_sessions_are_ended(tmp_path, caplog):
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, idle_timeout=4.0)
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(config) as host:
            client = await GameClient.connect(host.port, username="alice",
                                              client_keys=[keys.friend])
            await client.read_until(MENU)
            client.send("\x1b[B")  # a key: the idle clock restarts
            out = await client.read_to_end(timeout=60)  # a guard only
            assert b"No keys pressed for 4 seconds" in out
            await client.process.wait()
            assert client.process.exit_status == 1
            await sessions_done(host)
    run(body())
    (line,) = session_lines(caplog)
    assert "idle timeout" in line


def test_the_session_cap_turns_players_away(tmp_path, caplog):
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, max_sessions=1)
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(config) as host:
            first = await GameClient.connect(host.port, username="alice",
                                             client_keys=[keys.friend])
            await first.read_until(MENU)
            second = await GameClient.connect(host.port, username="bob",
                                              client_keys=[keys.friend])
            result = await second.process.wait()
            assert result.exit_status == 1
            assert b"table is full" in result.stderr
            assert len(host.sessions) == 1 and host.slots.used == 1
            first.send("q")
            await first.read_to_end()
            await sessions_done(host)
            assert host.slots.used == 0
    run(body())
    lines = session_lines(caplog)
    assert any("'bob'" in x and "refused: server full" in x for x in lines)
    assert any("'alice'" in x and "quit (status 0)" in x for x in lines)


def test_a_reconnect_continues_the_autosaved_game(tmp_path, monkeypatch):
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys)

    async def body():
        async with serving(config) as host:
            client = await GameClient.connect(host.port, username="alice",
                                              client_keys=[keys.friend])
            await client.read_until(MENU)
            (session,) = host.sessions.values()
            monkeypatch.setenv("TABULA_HOME", str(session.player.home))
            store = Store()  # the player's saves, found as the game finds them
            assert store.latest_autosave() is None
            client.send("n")
            await client.read_until(NEW_GAME_FORM)
            client.send("\x07")  # ctrl+g, Start: a game against bots
            await client.read_until(YOUR_TURN)
            first_prompt = status_line(client)
            client.send("1")  # the first action offered; the game autosaves
            await client.wait_for(lambda: store.latest_autosave() is not None, "an autosave")
            saved = store.latest_autosave()
            match = store.load(saved.path)
            assert len(match.actions) >= 1
            prompt = match.game.prompt(match.view(0))
            client.conn.abort()  # the connection drops
            await sessions_done(host)

            again = await GameClient.connect(host.port, username="alice",
                                             client_keys=[keys.friend])
            await again.read_until(f"Continue: {saved.title} · {saved.progress}")
            again.send("c")
            await again.read_until(f"{YOUR_TURN} — {prompt}"[:60])
            assert status_line(again) != first_prompt  # resumed after the action, not anew
            again.close()
    run(body())


def test_a_game_does_not_outlive_a_server_that_died(tmp_path):
    """The PTY is the game's controlling terminal: closing it hangs up on the
    game, even from a server that ignores hang-ups itself (``nohup``)."""
    home = tmp_path / "home"
    home.mkdir()

    async def body():
        child = GameChild.spawn(game_command(), child_env("xterm-256color", home, {}), home,
                                (100, 30, 0, 0))
        screen = Screen(100, 30)
        title = asyncio.Event()

        def on_output(data: bytes) -> None:
            screen.feed(data)
            if MENU in screen.text():
                title.set()
        pump = PtyPump(child.master, on_output)
        pump.start()
        try:
            await asyncio.wait_for(title.wait(), 30)
        finally:
            pump.stop()
        child.close()  # what the kernel does to a server that was killed: no SIGHUP sent
        try:
            assert await asyncio.wait_for(child.exited(), 15) == -signal.SIGHUP
        finally:
            if child.returncode is None:
                child.signal_group(signal.SIGKILL)  # never leave a stray game behind
    with hangups_ignored():
        run(body())


def test_a_seat_named_like_markup_does_not_lock_its_player_out(tmp_path):
    """A game with a seat named ``x[/]y`` used to crash every later connection
    of its player at the title screen (and show them a traceback)."""
    from engine.match import Match, Seat
    from tui.ssh.identity import player_home

    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys)
    home = player_home(config.data_dir, "alice", keys.friend.get_fingerprint("sha256"))
    match = Match("provincia", [Seat("x[/]y"), Seat("[b]Bot", "random")], seed=3)
    match.meta["id"] = "markup"
    Store(home / "saves").autosave(match)

    async def body():
        async with serving(config) as host:
            for _ in range(2):  # and again: nothing was broken by the first visit
                client = await GameClient.connect(host.port, username="alice",
                                                  client_keys=[keys.friend], size=(120, 40))
                await client.read_until("x[/]y, [b]Bot")
                assert "Traceback" not in client.screen.text()
                client.send("q")
                await client.read_to_end()
                await client.process.wait()
                assert client.process.exit_status == 0
                await sessions_done(host)
    run(body())


def test_a_crashing_game_tells_the_player_one_line_and_the_host_where_to_look(tmp_path,
                                                                               caplog):
    import sys

    from tests.test_tui_hostile import LAUNCH, PLANT_IN_APP

    keys = make_keys(tmp_path)
    broken = (sys.executable, "-c", LAUNCH.format(plant=PLANT_IN_APP))
    config = make_config(tmp_path, keys, child_command=broken)
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(config) as host:
            client = await GameClient.connect(host.port, username="alice",
                                              client_keys=[keys.friend])
            out = (await client.read_to_end()).decode("utf-8", "replace")
            assert "Tabula hit an unexpected error" in out
            assert "Traceback" not in out and str(tmp_path) not in out
            await sessions_done(host)
    run(body())
    (line,) = session_lines(caplog)
    report = line.rsplit("crash report ", 1)[1]
    assert "Traceback" in Path(report).read_text()
    assert report.startswith(str(tmp_path / "data" / "crashes"))
