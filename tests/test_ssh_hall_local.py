"""The ways in to the shared tables, as a person takes them, with the real UI:
``ssh -t host lobby`` and ``ssh CODE@host`` to a served (forked) game, and
``tabula host`` / ``tabula join CODE``, each in a terminal of its own (a
PTY), the hall in the host's process. The plumbing under them is in
test_ssh_hall.py; whole games are in test_ssh_tables*.py.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

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

    async def ended(self) -> int | None:
        return await asyncio.wait_for(self.child.exited(), 30)

    async def hang_up(self) -> None:
        await self.child.end(5)
        self.pump.stop()
        self.child.close()


def test_tabula_host_and_join_in_two_terminals(tmp_path):
    """``tabula host`` opens its lobby and serves the tables; ``tabula join
    CODE`` (any case) sits at one; a second host and a join with nobody
    hosting are refused in one line; the tables outlive the host."""
    from hall.client import HallClient
    from hall.local import LocalHall
    from tui.ssh.environment import base_env

    env = {**base_env(), "TERM": "xterm-256color", "TABULA_HOME": str(tmp_path / "me")}

    async def body():
        host = Terminal(["host", "--name", "anna"], env)
        terminals = [host]
        try:
            await host.read_until("anna")
            carl = await HallClient.connect_unix(tmp_path / "me" / "hall" / "hall.sock", "carl")
            await carl.send(CREATE)
            code = (await carl.recv_until("joined"))["table"]["code"]
            join = Terminal(["join", code.lower(), "--name", "bob"], env)
            terminals.append(join)
            while True:  # carl sees bob sit down at seat 2
                msg = await asyncio.wait_for(carl.recv_until("state"), 30)
                if msg["table"]["seats"][1]["name"] == "bob":
                    break
            await join.read_until("bob")

            again = Terminal(["host"], env)
            nobody = Terminal(["join", code], {**env, "TABULA_HOME": str(tmp_path / "other")})
            terminals += [again, nobody]
            assert (await again.ended(), await nobody.ended()) == (1, 1)
            assert "another `tabula host` runs already" in again.screen.text()
            assert "nobody hosts tables here" in nobody.screen.text()
            await carl.aclose()
        finally:
            for terminal in terminals:
                await terminal.hang_up()
        return code
    code = run(body())
    restored = LocalHall(tmp_path / "me" / "hall")  # a host killed by its hang-up
    restored.start()
    try:
        assert code in restored.hall.tables
    finally:
        restored.stop()


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
