"""The ways in to the shared tables, as a person takes them, with the real UI:
``ssh -t host lobby`` and ``ssh CODE@host`` to a served (forked) game, and
``tabula host`` / ``tabula join CODE``, each in a terminal of its own (a
PTY), the hall a process of its own. The plumbing under them is in
test_ssh_hall.py; whole games are in test_ssh_tables*.py.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from tests.hall_helpers import own_hall, wait_exit
from tests.test_ssh_hall import CREATE, open_lobby
from tests.test_ssh_support import make_config, make_keys, run, serving, sessions_done
from tui.ssh.probe import GameClient, Screen
from tui.ssh.pump import PtyPump


class Terminal:
    """``python -m tui ARGS`` on a PTY of its own, and the screen it shows."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        from tui.ssh.child import GameChild

        self.screen = Screen(100, 30)
        self._changed = asyncio.Event()
        self.child = GameChild.spawn([sys.executable, "-m", "tui", *args], env, Path("/"),
                                     (100, 30, 0, 0))
        self.pump = PtyPump(self.child.master, self._on_output)
        self.pump.start()

    def _on_output(self, data: bytes) -> None:
        self.screen.feed(data)
        self._changed.set()

    async def read_until(self, text: str, timeout: float = 30) -> None:
        async def wait() -> None:
            while text not in self.screen.text():
                self._changed.clear()
                await self._changed.wait()
        try:
            await asyncio.wait_for(wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"no {text!r} on screen:\n{self.screen.text()}") from None

    def press(self, keys: bytes) -> None:
        self.pump.write(keys)

    async def ended(self) -> int | None:
        return await asyncio.wait_for(self.child.exited(), 30)

    async def hang_up(self) -> None:
        await self.child.end(5)
        self.pump.stop()
        self.child.close()


def test_the_tables_go_on_when_the_host_quits(tmp_path):
    """``tabula host`` starts the hall, a process of its own, and opens its
    lobby; ``tabula join CODE`` (any case) sits at a table. The host quits:
    the table goes on for the others. ``tabula host`` again opens the lobby
    of the same hall; a join of a table that is nowhere is refused in one
    line. With nobody left the hall saves and stops by itself, and ``tabula
    join CODE`` starts it again, back at the seat."""
    from hall.client import HallClient
    from hall.local import hall_pid, kept_table
    from tui.ssh.environment import base_env

    env = {**base_env(), "TERM": "xterm-256color", "TABULA_HOME": str(tmp_path / "me"),
           "TABULA_HALL_IDLE": "0.1"}
    folder = tmp_path / "me" / "hall"

    async def body():
        terminals = []

        def terminal(args: list[str], **more: str) -> Terminal:
            terminals.append(Terminal(args, {**env, **more}))
            return terminals[-1]
        try:
            host = terminal(["host", "--name", "anna"])
            await host.read_until("You are anna")
            pid = hall_pid(folder)
            assert pid is not None
            carl = await HallClient.connect_unix(folder / "hall.sock", "carl")
            await carl.send({**CREATE, "private": False})  # listed in every lobby
            code = (await carl.recv_until("joined"))["table"]["code"]
            join = terminal(["join", code.lower(), "--name", "bob"])
            while True:  # carl sees bob sit down at seat 2
                msg = await asyncio.wait_for(carl.recv_until("state"), 30)
                if msg["table"]["seats"][1]["name"] == "bob":
                    break
            await join.read_until(f"code {code}")

            host.press(b"\x1b")  # the lobby, back to the title
            await host.read_until("Roman board games at a terminal table")  # the title
            host.press(b"q")  # quits Tabula
            assert await host.ended() == 0
            await host.read_until("the tables go on for whoever sits at them")
            await carl.send({"t": "chat", "text": "still here?"})
            await join.read_until("still here?")  # bob plays on
            assert hall_pid(folder) == pid

            again = terminal(["host", "--name", "dora"])
            await again.read_until("You are dora")
            await again.read_until(code)  # the same hall's lobby
            nobody = terminal(["join", "bcdfg"], TABULA_HOME=str(tmp_path / "other"))
            assert await nobody.ended() == 1
            assert "there is no table BCDFG on this machine" in nobody.screen.text()

            for t in (again, join):
                await t.hang_up()
            await carl.aclose()
            wait_exit(pid)  # nobody left: the hall stops by itself
            assert hall_pid(folder) is None and kept_table(folder, code)

            back = terminal(["join", code, "--name", "bob"])
            await back.read_until(f"code {code}")  # a new hall, the table restored
            assert hall_pid(folder) not in (None, pid)
        finally:
            for t in terminals:
                await t.hang_up()
    with own_hall(folder):
        run(body())


def test_the_shortcuts_open_the_lobby_and_the_table_in_a_served_game(tmp_path):
    """The real game, forked: ``lobby`` opens the lobby; the code as user
    name (another case) sits at that table, as the player the key last was."""
    keys = make_keys(tmp_path)

    async def body():
        async with serving(make_config(tmp_path, keys)) as host:
            lobby = await open_lobby(host.port, "alice", [keys.friend], term="xterm-256color")
            await lobby.read_until("You are alice")
            hall_side = await asyncio.wait_for(_create(host), 30)
            table = await GameClient.connect(host.port, username=hall_side.lower(),
                                             client_keys=[keys.friend])
            await table.read_until(f"code {hall_side}")
            await table.read_until("alice")
            for client in (lobby, table):
                client.close()
            await sessions_done(host)
    run(body())


async def _create(host) -> str:
    """A table made by a client of the server's hall (a socket pair, as a game's)."""
    import socket

    from hall.client import HallClient
    from hall.hall import Who

    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    host.hall.attach(ours, Who(key="guest:carl", name="carl", home=None))
    carl = HallClient.from_socket(theirs)
    await carl.send(CREATE)
    code = (await carl.recv_until("joined"))["table"]["code"]
    await carl.aclose()
    return code
