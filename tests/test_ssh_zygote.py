"""Games forked from the zygote: each is a fresh-looking ``python -m tui`` of its own.

The real game, through the real server (or the Launcher alone, where the SSH
part adds nothing), checked from outside through /proc: who the game's
parent is, its session, process group and controlling terminal, its open
files and environment; that killing one game or the zygote leaves the
others playing; that the zygote reaps, and is replaced when it dies.
Nothing sleeps: every wait is for a screen, a future or a process, with a
timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from pathlib import Path

from tests.test_ssh_support import hangups_ignored, make_config, make_keys, pid_alive, run, serving
from tui.ssh.child import GameChild, open_pty
from tui.ssh.environment import child_env
from tui.ssh.launcher import Launcher
from tui.ssh.probe import GameClient, Screen
from tui.ssh.pump import PtyPump

MENU = "New game"
NEW_GAME_FORM = "Plays as"
TRUECOLOUR = b"\x1b[38;2;"  # a 24-bit foreground colour


def proc_stat(pid: int) -> dict[str, int | str]:
    """The fields of /proc/PID/stat that say where a process stands."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    state, ppid, pgrp, session, tty_nr, tpgid = fields[:6]
    return {"state": state, "ppid": int(ppid), "pgrp": int(pgrp), "session": int(session),
            "tty_nr": int(tty_nr), "tpgid": int(tpgid)}


def open_files(pid: int) -> set[str]:
    """What each of the process's fds is: '/dev/pts/3', 'socket:[1234]', ...

    Anonymous inodes ('anon_inode:[eventpoll]') have no identity to compare.
    """
    out = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        with contextlib.suppress(FileNotFoundError):  # closed while we looked
            out.add(os.readlink(f"/proc/{pid}/fd/{fd}"))
    return out


def anon_kinds(files: set[str]) -> set[str]:
    return {f for f in files if f.startswith("anon_inode:")}


def zombies_of(pid: int) -> list[int]:
    """Children of ``pid`` that died and were not reaped."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = proc_stat(int(entry))
            except (FileNotFoundError, ProcessLookupError):
                continue
            if stat["ppid"] == pid and stat["state"] == "Z":
                out.append(int(entry))
    return out


def session_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith("session ")]


class Table:
    """A game started by a Launcher directly (no SSH): its PTY and its screen."""

    def __init__(self, child: GameChild, size: tuple[int, int]) -> None:
        self.child = child
        self.screen = Screen(*size)
        self.raw = bytearray()
        self._changed = asyncio.Event()
        self.pump = PtyPump(child.master, self._on_output)
        self.pump.start()

    @classmethod
    async def start(cls, launcher: Launcher, home: Path, size: tuple[int, int] = (100, 30),
                    term: str = "xterm-256color") -> Table:
        master, slave = open_pty((*size, 0, 0))
        try:
            child = await launcher.launch(master, slave, child_env(term, home, {}), home)
        finally:
            os.close(slave)
        return cls(child, size)

    def _on_output(self, data: bytes) -> None:
        self.raw += data
        self.screen.feed(data)
        self._changed.set()

    async def read_until(self, text: str, timeout: float = 20) -> None:
        async def wait() -> None:
            while text not in self.screen.text():
                self._changed.clear()
                await self._changed.wait()
        await asyncio.wait_for(wait(), timeout)

    def close(self) -> None:
        self.pump.stop()
        self.child.close()


def test_a_forked_game_leads_its_own_session_on_its_own_terminal(tmp_path, caplog):
    keys = make_keys(tmp_path)
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(make_config(tmp_path, keys)) as host:
            zygote = host.launcher.zygote
            await asyncio.wait_for(zygote.ready, 30)
            client = await GameClient.connect(host.port, username="alice",
                                              client_keys=[keys.friend])
            await client.read_until(MENU)
            (session,) = host.sessions.values()
            pid = session.child.pid
            stat = proc_stat(pid)
            assert stat["ppid"] == zygote.pid  # forked, not a fresh interpreter
            assert Path(f"/proc/{pid}/comm").read_text() == "tabula-game\n"  # for top, pgrep
            assert Path(f"/proc/{zygote.pid}/comm").read_text() == "tabula-zygote\n"
            assert stat["session"] == pid and stat["pgrp"] == pid  # leads both
            pty = os.readlink(f"/proc/{pid}/fd/0")
            assert pty.startswith("/dev/pts/")
            assert stat["tty_nr"] == os.stat(pty).st_rdev  # its PTY is its terminal
            assert stat["tpgid"] == pid  # ... and it is in the foreground there
            assert {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in (0, 1, 2)} == {pty}
            # (its environment is checked by what it does: /proc shows only the
            # zygote's, which a fork cannot change; see the colours test)
            assert os.readlink(f"/proc/{pid}/cwd") == str(session.player.home)
            assert os.listdir(f"/proc/{zygote.pid}/task") == [str(zygote.pid)]  # one thread

            client.send("q")
            await client.read_to_end()
            await client.process.wait()
            assert client.process.exit_status == 0
            assert not pid_alive(pid)  # the zygote reaped it before the session ended
            assert zombies_of(zygote.pid) == [] and zygote.alive
    run(body())
    (line,) = session_lines(caplog)
    assert "'alice'" in line and "quit (status 0)" in line


def test_the_players_terminal_not_the_zygote_decides_the_colours(tmp_path):
    keys = make_keys(tmp_path)

    async def body():
        async with serving(make_config(tmp_path, keys)) as host:
            plain = await GameClient.connect(host.port, username="alice",
                                             client_keys=[keys.friend])
            rich = await GameClient.connect(host.port, username="bob", client_keys=[keys.friend],
                                            env={"COLORTERM": "truecolor"})
            await plain.read_until(MENU)
            await rich.read_until(MENU)
            assert TRUECOLOUR in rich.raw
            assert TRUECOLOUR not in plain.raw and b"\x1b[38;5;" in plain.raw
            plain.close()
            rich.close()
    run(body())


def test_killing_one_forked_game_leaves_the_others_and_is_reaped(tmp_path, caplog):
    keys = make_keys(tmp_path)
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(make_config(tmp_path, keys)) as host:
            alice = await GameClient.connect(host.port, username="alice",
                                             client_keys=[keys.friend])
            bob = await GameClient.connect(host.port, username="bob", client_keys=[keys.friend])
            await alice.read_until(MENU)
            await bob.read_until(MENU)
            by_user = {s.player.username: s for s in host.sessions.values()}
            alice_pid, bob_pid = by_user["alice"].child.pid, by_user["bob"].child.pid
            zygote = host.launcher.zygote

            # nothing of the zygote, the server or the other game is open in a game
            alice_files, bob_files = open_files(alice_pid), open_files(bob_pid)
            alice_pty, bob_pty = (os.readlink(f"/proc/{p}/fd/0") for p in (alice_pid, bob_pid))
            others = open_files(zygote.pid) | open_files(os.getpid()) | {"/dev/ptmx"}
            named = (alice_files | bob_files) - anon_kinds(alice_files | bob_files)
            assert alice_files & named & (others | bob_files) == set()
            assert bob_files & named & (others | alice_files) == set()
            assert alice_pty in alice_files and bob_pty not in alice_files
            # what asyncio itself opens, and no pidfd (another game's, or the zygote's)
            assert anon_kinds(alice_files | bob_files) <= {"anon_inode:[eventpoll]"}

            os.kill(alice_pid, signal.SIGKILL)  # alice's game crashes hard
            await alice.read_to_end()
            await alice.process.wait()
            assert alice.process.exit_status == 128 + signal.SIGKILL
            assert not pid_alive(alice_pid) and zombies_of(zygote.pid) == []
            bob.send("n")  # bob plays on
            await bob.read_until(NEW_GAME_FORM)
            assert pid_alive(bob_pid) and zygote.alive
            bob.close()
    run(body())
    assert any("'alice'" in x and "game killed by SIGKILL" in x for x in session_lines(caplog))


def test_a_dead_zygote_is_replaced_and_nobody_is_turned_away(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="tabula.ssh")
    home = tmp_path / "home"
    home.mkdir()

    async def body():
        launcher = Launcher()
        launcher.start()
        tables: list[Table] = []
        try:
            first = launcher.zygote
            await asyncio.wait_for(first.ready, 30)
            forked = await Table.start(launcher, home)
            tables.append(forked)
            await forked.read_until(MENU)
            assert proc_stat(forked.child.pid)["ppid"] == first.pid

            os.kill(first.pid, signal.SIGKILL)  # it can answer nothing after this
            fresh = await Table.start(launcher, home)  # at once: a fresh process
            tables.append(fresh)
            await fresh.read_until(MENU)
            assert proc_stat(fresh.child.pid)["ppid"] == os.getpid()
            await asyncio.wait_for(first.gone, 30)
            assert await asyncio.wait_for(first.waited, 30) == -signal.SIGKILL

            second = launcher.zygote  # replaced while the fresh game started
            assert second is not first and second.alive
            await asyncio.wait_for(second.ready, 30)
            again = await Table.start(launcher, home)
            tables.append(again)
            await again.read_until(MENU)
            assert proc_stat(again.child.pid)["ppid"] == second.pid

            forked.pump.write(b"n")  # the first zygote's game plays on without it
            await forked.read_until(NEW_GAME_FORM)
            forked.child.signal_group(signal.SIGTERM)
            # its exit is still seen (pidfd); its status died with the zygote
            assert await asyncio.wait_for(forked.child.exited(), 30) is None
            again.pump.write(b"q")
            assert await asyncio.wait_for(again.child.exited(), 30) == 0
            assert not pid_alive(again.child.pid)
        finally:
            for table in tables:
                table.child.signal_group(signal.SIGKILL)
                table.close()
            await launcher.close()
        assert not pid_alive(second.pid)
    run(body())
    assert any("was killed by signal 9" in r.getMessage() for r in caplog.records)


def test_a_forked_game_does_not_outlive_a_server_that_died(tmp_path):
    """Its PTY is its controlling terminal: closing the master hangs up on it,
    even when the server (and so the zygote) ignores hang-ups (``nohup``)."""
    home = tmp_path / "home"
    home.mkdir()

    async def body():
        launcher = Launcher()
        launcher.start()
        try:
            table = await Table.start(launcher, home)
            await table.read_until(MENU)
            assert proc_stat(table.child.pid)["ppid"] == launcher.zygote.pid
            table.close()  # what the kernel does to a server that was killed: no SIGHUP sent
            assert await asyncio.wait_for(table.child.exited(), 30) == -signal.SIGHUP
        finally:
            table.child.signal_group(signal.SIGKILL)  # never leave a stray game behind
            await launcher.close()
    with hangups_ignored():
        run(body())


def test_the_zygote_preloads_every_registered_game_from_the_registry():
    from engine import games
    from tui.ssh.zygote import game_modules

    for entry in games.GAMES:  # rules, table and bots' knowledge of each game
        for part in (entry.engine, entry.table, entry.knowledge):
            if part:
                assert part.partition(":")[0] in game_modules()
    toy = games.GameEntry("preload-toy", "Toy", "tests.toy_rules:Toy",
                          knowledge="tests.toy_bots:KNOWLEDGE", table="tests.toy_table:ToyUI")
    with games.extra(toy):  # read when the zygote starts, not copied at import
        assert {"tests.toy_rules", "tests.toy_bots", "tests.toy_table"} <= set(game_modules())
    assert "tests.toy_rules" not in game_modules()
