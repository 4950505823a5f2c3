"""The plumbing between ``tabula serve`` (or ``tabula host``) and the hall.

Every served game gets a private socket to the hall as fd 3 (forked) or the
fd ``TABULA_HALL_FD`` names (fresh), with ``TABULA_START`` saying what to
open first; ``ssh -t host lobby`` and ``ssh CODE@host`` are the shortcuts.
A stand-in game (RELAY) shows what it was given and relays hall messages
both ways: a line typed on its terminal is a JSON message sent to the hall,
and every message from the hall is printed as ``MSG {json}``. The whole
games over SSH are in test_ssh_tables*.py.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import signal
import socket
import sys
from pathlib import Path

import asyncssh
import pytest

from tests.hall_helpers import own_hall, wait_exit
from tests.test_ssh_support import (
    eventually,
    make_config,
    make_keys,
    run,
    serving,
    sessions_done,
)
from tui.cli import main as cli_main
from tui.ssh.child import open_pty
from tui.ssh.environment import child_env
from tui.ssh.launcher import Launcher
from tui.ssh.probe import GameClient, Screen
from tui.ssh.pump import PtyPump

# A stand-in game on the hall's channel: says what it got, relays messages.
RELAY = r"""
import json, os, select, socket, struct, sys, termios, tty
import msgpack
tty.setraw(0, termios.TCSANOW)
fd = int(os.environ["TABULA_HALL_FD"])
sock = socket.socket(fileno=fd)
def kind(n):
    try:
        return os.readlink(f"/proc/self/fd/{n}")
    except OSError:
        return ""
sockets = [n for n in os.listdir("/proc/self/fd") if kind(n).startswith("socket:")]
os.write(1, (f"HALL fd={fd} ino={os.fstat(fd).st_ino} start={os.environ.get('TABULA_START')} "
             f"sockets={len(sockets)}\r\n").encode())
def show(msg):
    text = json.dumps(msg, default=lambda b: f"<{len(b)} bytes>")
    os.write(1, ("MSG " + text + "\r\n").encode())
buf, line = b"", b""
while True:
    ready, _, _ = select.select([0, fd], [], [])
    if fd in ready:
        data = sock.recv(1 << 20)
        if not data:
            os.write(1, b"HALL EOF\r\n")
            break
        buf += data
        while len(buf) >= 4 and len(buf) >= 4 + struct.unpack(">I", buf[:4])[0]:
            n = struct.unpack(">I", buf[:4])[0]
            show(msgpack.unpackb(buf[4:4 + n], raw=False))
            buf = buf[4 + n:]
    if 0 in ready:
        data = os.read(0, 4096)
        if not data:
            break
        line += data
        while b"\r" in line:
            cmd, line = line.split(b"\r", 1)
            if cmd == b"q":
                sys.exit(0)
            body = msgpack.packb(json.loads(cmd))
            sock.sendall(struct.pack(">I", len(body)) + body)
"""

HALL_LINE = re.compile(rb"HALL fd=(\d+) ino=(\d+) start=(\S+) sockets=(\d+)\r\n")
MSG_LINE = re.compile(rb"MSG (.*?)\r\n")


def relay_game(tmp_path: Path) -> tuple[str, ...]:
    script = tmp_path / "relay_game.py"
    script.write_text(RELAY)
    return (sys.executable, str(script))


def hall_line(client: GameClient) -> tuple[int, int, str, int] | None:
    found = HALL_LINE.search(bytes(client.raw))
    if found is None:
        return None
    fd, ino, start, sockets = found.groups()
    return int(fd), int(ino), start.decode(), int(sockets)


async def started(client: GameClient) -> tuple[int, int, str, int]:
    """What the relay game says it was given (fd, inode, start, sockets open)."""
    await client.wait_for(lambda: hall_line(client) is not None, "the HALL line")
    line = hall_line(client)
    assert line is not None
    return line


def messages(client: GameClient) -> list[dict]:
    return [json.loads(m) for m in MSG_LINE.findall(bytes(client.raw))]


async def message(client: GameClient, kind: str) -> dict:
    """The first message of ``kind`` the hall sent this game."""
    def found() -> dict | None:
        return next((m for m in messages(client) if m.get("t") == kind), None)
    await client.wait_for(lambda: found() is not None, f"a {kind!r} message")
    msg = found()
    assert msg is not None
    return msg


def say(client: GameClient, msg: dict) -> None:
    """Have the relay game send ``msg`` to the hall."""
    client.send(json.dumps(msg) + "\r")


async def open_lobby(port: int, username: str, keys: list, command: str = "lobby",
                     term: str | None = "xterm") -> GameClient:
    """``ssh -t host lobby`` (or another command) as a GameClient."""
    conn = await asyncssh.connect("127.0.0.1", port, username=username, client_keys=keys,
                                  known_hosts=None, agent_path=None, password=None,
                                  encoding=None)
    process = await conn.create_process(command, term_type=term, term_size=(100, 32))
    return GameClient(conn, process, 100, 32)


CREATE = {"t": "create", "game": "provincia", "private": True, "options": {},
          "seats": [{"name": "", "kind": "human", "strength": "normal"},
                    {"name": "", "kind": "human", "strength": "normal"},
                    {"name": "", "kind": "rules", "strength": "normal"}]}


# -- the channel reaches the game ---------------------------------------------------

def test_a_served_game_gets_its_own_channel_to_the_hall(tmp_path):
    """Two players: each game holds one socket (its own), the hall greets each
    by name; a game that ends closes its channel and the hall lets go."""
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, child_command=relay_game(tmp_path))

    async def body():
        async with serving(config) as host:
            alice = await GameClient.connect(host.port, username="alice",
                                             client_keys=[keys.friend])
            bob = await GameClient.connect(host.port, username="bob", client_keys=[keys.friend])
            a_fd, a_ino, a_start, a_sockets = await started(alice)
            b_fd, b_ino, b_start, b_sockets = await started(bob)
            assert (a_start, b_start) == ("title", "title")
            assert a_sockets == b_sockets == 1  # its channel, nothing of the server's
            assert a_ino != b_ino
            assert (await message(alice, "hello"))["you"] == "alice"
            assert (await message(bob, "hello"))["you"] == "bob"

            say(alice, CREATE)  # alice hosts a table: the hall knows her by her key
            joined = await message(alice, "joined")
            code = joined["table"]["code"]
            assert joined["seat"] == 0 and joined["host"] is True
            table = host.hall.tables[code]
            alice.send("q\r")  # her game ends: the hall sees her leave
            await alice.read_to_end()
            say(bob, {"t": "list"})
            await message(bob, "tables")
            assert table is host.hall.tables[code]
            bob.send("q\r")
            await bob.read_to_end()
            await sessions_done(host)
    run(body())


def test_fd_3_reaches_a_forked_game_and_the_fd_named_reaches_a_fresh_one(tmp_path):
    """The game's end of the pair, exactly (same inode), stays open in the
    game and nowhere else: when the game dies, the hall's end reads EOF."""
    home = tmp_path / "home"
    home.mkdir()
    cloexec: list[bool] = []

    async def one(launcher: Launcher, ready: str) -> tuple[int, str]:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        theirs_ino = os.fstat(theirs.fileno()).st_ino
        master, slave = open_pty((100, 30, 0, 0))
        try:
            child = await launcher.launch(master, slave, child_env("xterm", home, {}), home,
                                          theirs.fileno())
        finally:
            os.close(slave)
            theirs.close()
        screen, shown = Screen(100, 30), asyncio.Event()

        def on_output(data: bytes) -> None:
            screen.feed(data)
            if ready in screen.text():
                shown.set()
        pump = PtyPump(master, on_output)
        pump.start()
        try:
            try:
                await asyncio.wait_for(shown.wait(), 30)  # the game runs: its fds are its own
            except TimeoutError:
                raise AssertionError(f"no {ready!r} on screen:\n{screen.text()}") from None
            fds = {int(n): os.readlink(f"/proc/{child.pid}/fd/{n}")
                   for n in os.listdir(f"/proc/{child.pid}/fd")}
            held = [n for n, what in fds.items() if what == f"socket:[{theirs_ino}]"]
            assert len(held) == 1, fds
            info = Path(f"/proc/{child.pid}/fdinfo/{held[0]}").read_text()
            flags = int(re.search(r"flags:\s+(\d+)", info).group(1), 8)
            cloexec.append(bool(flags & os.O_CLOEXEC))  # do its own children get it?
            ours.setblocking(False)
            with pytest.raises(BlockingIOError):  # open at the other end: nothing to read
                ours.recv(1)
            child.signal_group(signal.SIGKILL)
            await asyncio.wait_for(child.exited(), 30)
            loop = asyncio.get_running_loop()
            assert await asyncio.wait_for(loop.sock_recv(ours, 1), 30) == b""  # EOF
        finally:
            child.signal_group(signal.SIGKILL)
            pump.stop()
            child.close()
            ours.close()
        return held[0], fds[0]

    async def body():
        forking = Launcher()
        forking.start()
        try:
            await asyncio.wait_for(forking.zygote.ready, 30)
            fd, pty = await one(forking, "New game")
            assert fd == 3 and pty.startswith("/dev/pts/")
            assert cloexec == [True]  # a forked game's bot workers never hold it
        finally:
            await forking.close()
        fresh = Launcher(relay_game(tmp_path))
        fd, pty = await one(fresh, "HALL")
        assert fd > 2 and pty.startswith("/dev/pts/")
    run(body())


# -- shortcuts -----------------------------------------------------------------------

def test_lobby_is_the_one_command_and_it_needs_a_terminal(tmp_path, caplog):
    keys = make_keys(tmp_path)
    caplog.set_level(logging.INFO, logger="tabula.ssh")
    config = make_config(tmp_path, keys, child_command=relay_game(tmp_path))

    async def body():
        async with serving(config) as host:
            lobby = await open_lobby(host.port, "alice", [keys.friend])
            assert (await started(lobby))[2] == "lobby"
            lobby.send("q\r")
            await lobby.read_to_end()

            async with asyncssh.connect("127.0.0.1", host.port, username="alice",
                                        client_keys=[keys.friend], known_hosts=None,
                                        agent_path=None, encoding=None) as conn:
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.run("lobby now", term_type="xterm")
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.run("sh -c lobby", term_type="xterm")
                no_pty = await conn.run("lobby")
                assert no_pty.exit_status == 1 and b"needs a terminal" in no_pty.stderr
            await sessions_done(host)
    run(body())
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("session ")]
    assert sum("quit (status 0); opened lobby" in line for line in lines) == 1
    assert sum("refused: exec 'lobby now'" in line for line in lines) == 1


def test_a_table_code_as_user_name_joins_that_table(tmp_path):
    """``ssh KTRZB@host`` (any case) opens the table; a key coming as a code
    is known by the name it last came as; anything else is just a name."""
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, child_command=relay_game(tmp_path))

    async def body():
        async with serving(config) as host:
            alice = await GameClient.connect(host.port, username="alice",
                                             client_keys=[keys.friend])
            await started(alice)
            say(alice, CREATE)
            code = (await message(alice, "joined"))["table"]["code"]

            bob = await GameClient.connect(host.port, username=code.lower(),
                                           client_keys=[keys.friend])
            assert (await started(bob))[2] == f"join:{code}"
            assert (await message(bob, "hello"))["you"] == "alice"  # the same key: alice

            other = "QQQQQ" if code != "QQQQQ" else "ZZZZZ"  # no such table: just a name
            carol = await GameClient.connect(host.port, username=other,
                                             client_keys=[keys.friend])
            assert (await started(carol))[2] == "title"
            assert (await message(carol, "hello"))["you"] == other
            for client in (alice, bob, carol):
                client.send("q\r")
                await client.read_to_end()
            await sessions_done(host)
    run(body())


def test_a_guest_by_code_gets_a_guest_name_and_a_guest_key(tmp_path):
    config = make_config(tmp_path, None, child_command=relay_game(tmp_path))

    async def body():
        async with serving(config) as host:
            anna = await GameClient.connect(host.port, username="anna")
            await started(anna)
            assert (await message(anna, "hello"))["you"] == "anna"
            say(anna, CREATE)
            code = (await message(anna, "joined"))["table"]["code"]
            guest = await GameClient.connect(host.port, username=code)
            assert (await started(guest))[2] == f"join:{code}"
            assert re.fullmatch(r"guest-\d{4}", (await message(guest, "hello"))["you"])
            for client in (anna, guest):
                client.send("q\r")
                await client.read_to_end()
            await sessions_done(host)
    run(body())


def test_two_guests_of_one_name_never_share_a_seat(tmp_path):
    """Two people who both log in as "pi": the second sits as "pi-2" while
    the first is connected; once the first has gone, "pi" is free again."""
    config = make_config(tmp_path, None, child_command=relay_game(tmp_path))

    async def body():
        async with serving(config) as host:
            first = await GameClient.connect(host.port, username="pi")
            second = await GameClient.connect(host.port, username="pi")
            assert (await message(first, "hello"))["you"] == "pi"
            assert (await message(second, "hello"))["you"] == "pi-2"
            first.send("q\r")
            await first.read_to_end()
            first.close()
            await first.wait_closed()
            await eventually(lambda: "pi" not in host.guest_names)
            back = await GameClient.connect(host.port, username="pi")
            assert (await message(back, "hello"))["you"] == "pi"
            for client in (second, back):
                client.send("q\r")
                await client.read_to_end()
            await sessions_done(host)
    run(body())


# -- settings ------------------------------------------------------------------------

@pytest.mark.parametrize(("flags", "reason"), [
    (["--seat-grace", "-1"], "--seat-grace must be 0 or more"),
    (["--seat-grace", "nan"], "--seat-grace must be 0 or more"),
    (["--turn-limit", "0.5"], "--turn-limit must be at least 1 second"),
    (["--turn-limit", "inf"], "--turn-limit must be"),
    (["--max-tables", "0"], "--max-tables must be at least 1"),
    (["--tables-per-key", "0"], "--tables-per-key must be at least 1"),
    (["--table-idle", "0"], "--table-idle must be at least 1 second"),
    (["--table-idle", "nan"], "--table-idle must be at least 1 second"),
    (["--chat-rate", "0"], "--chat-rate must be between 1 and 600"),
    (["--chat-rate", "601"], "--chat-rate must be between 1 and 600"),
    (["--max-tables", "many"], "invalid int value"),
])
def test_bad_table_settings_are_refused_in_one_line(tmp_path, capsys, flags, reason):
    code = cli_main(["serve", "--guest", "--data-dir", str(tmp_path / "d"), *flags]) \
        if "invalid" not in reason else None
    if code is None:
        with pytest.raises(SystemExit) as exit_:
            cli_main(["serve", "--guest", "--data-dir", str(tmp_path / "d"), *flags])
        code = exit_.value.code
    err = capsys.readouterr().err
    assert code == 2 and reason in err and err.count("\n") == 1
    assert not (tmp_path / "d").exists()  # refused before anything was made


def test_table_settings_reach_the_hall(tmp_path):
    from tui.ssh.config import ServeConfig
    from tui.ssh.server import hall_config

    args = ["serve", "--guest", "--seat-grace", "0", "--turn-limit", "30", "--max-tables", "7",
            "--tables-per-key", "2", "--chat-rate", "12", "--table-idle", "60",
            "--data-dir", str(tmp_path)]
    from tui.cli import build_parser

    config = ServeConfig.from_args(build_parser().parse_args(args))
    hall = hall_config(config)
    assert (hall.data_dir, hall.seat_grace, hall.turn_limit) == (tmp_path, 0, 30)
    assert (hall.max_tables, hall.tables_per_key, hall.chat_every) == (7, 2, 5.0)
    assert hall.idle_close == 60
    defaults = hall_config(ServeConfig.from_args(build_parser().parse_args(
        ["serve", "--guest", "--data-dir", str(tmp_path)])))
    assert (defaults.seat_grace, defaults.turn_limit, defaults.max_tables,
            defaults.tables_per_key, defaults.chat_every, defaults.idle_close) \
        == (120, None, 50, 3, 2.0, 1800)


# -- on one machine ------------------------------------------------------------------

def test_join_of_a_table_that_is_nowhere_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    assert cli_main(["join", "ktrzb"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "there is no table KTRZB on this machine" in err
    assert not (tmp_path / "hall" / "hall.lock").exists()  # no hall was started for it
    assert cli_main(["join", "k1"]) == 2
    assert "a table's code is 5 letters (10 for a private table)" in capsys.readouterr().err


def test_a_local_hall_is_private_single_and_keeps_its_tables(tmp_path):
    """The local hall: a 0600 socket in a 0700 folder, one hall at a time,
    and the tables come back at the next start."""
    from hall.local import AlreadyHosted, LocalHall, is_hosted, running_hall

    folder = tmp_path / "hall"
    first = LocalHall(folder, local_home=tmp_path / "saves")
    path = first.start()
    try:
        assert (folder.stat().st_mode & 0o777, path.stat().st_mode & 0o777) == (0o700, 0o600)
        assert running_hall(folder) == path
        with pytest.raises(AlreadyHosted):
            LocalHall(folder).start()
        code = run(create_at(path))
    finally:
        first.stop()
    assert not is_hosted(folder) and not path.exists() and running_hall(folder) is None

    again = LocalHall(folder)
    again.start()
    try:
        assert code in again.hall.tables  # restored from the folder
    finally:
        again.stop()



# -- a guest's seat is theirs by a secret, not by their name --------------------------

def test_a_dropped_guests_seat_is_theirs_by_come_back_code_not_by_name(tmp_path, caplog):
    """Over real SSH: anna (a guest) drops out of a started table. Someone
    logging in as "anna", or with the table's code and a made-up come-back
    code, is not seated and is sent none of seat 1's views; anna, coming
    back as ``CODE-SECRET`` (the code only her screen was told), gets her
    seat back."""
    import pickle

    import engine
    from tests.hall_helpers import Tap

    config = make_config(tmp_path, None, child_command=relay_game(tmp_path))
    game = engine.get_game("provincia")
    caplog.set_level(logging.INFO)
    told: list[str] = []

    async def body():
        async with serving(config) as host:
            host.hall.tap = Tap()
            anna = await GameClient.connect(host.port, username="anna")
            hello = await message(anna, "hello")
            comeback = hello["comeback"]
            told.append(comeback)
            assert re.fullmatch(r"[2-9B-DF-HJ-NP-TV-Z]{8}", comeback)
            say(anna, CREATE)
            code = (await message(anna, "joined"))["table"]["code"]
            bob = await GameClient.connect(host.port, username=code)
            await started(bob)
            say(bob, {"t": "join", "code": code})
            assert (await message(bob, "joined"))["seat"] == 1
            table = host.hall.tables[code]
            assert table.started and table.owners[0].name == "anna"
            anna.close()
            await anna.wait_closed()
            await eventually(lambda: not table.connected(0))

            keys_before = {w.key for _, _, w, _ in host.hall.tap.sent}
            mallory = await GameClient.connect(host.port, username="anna")
            assert (await message(mallory, "hello"))["seats"] == []
            say(mallory, {"t": "join", "code": code})
            assert "no free seat" in (await message(mallory, "error"))["text"]
            made_up = await GameClient.connect(host.port, username=f"{code}-23456789")
            assert (await started(made_up))[2] == f"join:{code}"
            assert (await message(made_up, "hello"))["seats"] == []
            say(made_up, {"t": "join", "code": code})
            await message(made_up, "error")
            assert not table.connected(0)
            strangers = {w.key for _, _, w, _ in host.hall.tap.sent} - keys_before
            for _, _, who, msg in host.hall.tap.sent:
                if who.key in strangers and msg["t"] == "state":
                    assert game.viewer(pickle.loads(msg["view"])) != 0

            back = await GameClient.connect(host.port, username=f"{code.lower()}-{comeback}")
            assert (await started(back))[2] == f"join:{code}"
            hello = await message(back, "hello")
            assert hello["seats"] == [{"code": code, "seat": 0}]
            assert hello["you"] == "anna-2"  # (mallory is "anna" now, while she stays)
            assert hello["comeback"] == comeback  # the same way back next time
            say(back, {"t": "join", "code": code, "seat": 0})
            assert (await message(back, "joined"))["seat"] == 0
            assert table.connected(0) and table.match.seats[0].name == "anna"
            for client in (bob, mallory, made_up, back):
                client.send("q\r")
                await client.read_to_end()
            await sessions_done(host)
    run(body())
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("tabula")]
    assert any("session guest" in line and "-********'" in line for line in lines)
    assert not any(told[0] in line for line in lines)  # the secret is the guest's alone
    # (asyncssh's own log names the user; `tabula serve` keeps it at warnings)


async def create_at(path: Path, name: str = "anna") -> str:
    """A table made by ``name`` on the local hall at ``path``, who then goes."""
    from hall.client import HallClient

    client = await HallClient.connect_unix(path, name)
    assert (await client.recv_until("hello"))["you"] == name
    await client.send(CREATE)
    code = (await client.recv_until("joined"))["table"]["code"]
    await client.aclose()
    return code


def test_the_hall_is_a_process_of_its_own_that_stops_when_nobody_is_left(tmp_path):
    """``start_hall``: a process in a session of its own (no terminal's
    hang-up reaches it) that ``hall_for`` finds again instead of starting a
    second; with nobody connected for its idle time it saves every table
    and stops by itself."""
    from hall.local import hall_for, hall_pid, kept_table, running_hall, start_hall

    folder = tmp_path / "hall"
    with own_hall(folder):
        path = start_hall(folder, local_home=tmp_path / "saves", idle=0.05)
        pid = hall_pid(folder)
        assert pid is not None and pid != os.getpid()
        assert os.getsid(pid) not in (os.getsid(0), os.getpid())
        assert (folder.stat().st_mode & 0o777, path.stat().st_mode & 0o777) == (0o700, 0o600)
        assert hall_for(folder) == path and hall_pid(folder) == pid  # no second hall
        code = run(create_at(path))  # anna makes a table and goes: nobody is left
        wait_exit(pid)
        assert running_hall(folder) is None and not path.exists()
        assert kept_table(folder, code) and not kept_table(folder, "BCDFG")
        log = (folder / "hall.log").read_text()
        assert "nobody connected for 0.05 s: the hall stops" in log
        assert log.rstrip().endswith("the hall stopped; every table is saved")
