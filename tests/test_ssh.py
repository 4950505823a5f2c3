"""``tabula serve``: who gets in, what is refused, and the PTY plumbing.

These run a real server on loopback with a stand-in child (FAKE_GAME) that
reports its terminal size, so the plumbing is checked exactly; the tests
that run the real game are in test_ssh_game.py.
"""

from __future__ import annotations

import asyncio
import logging
import re
import signal
import stat
import sys
from pathlib import Path

import asyncssh
import pytest

from tests.test_ssh_support import (
    eventually,
    fake_game,
    make_config,
    make_keys,
    pid_alive,
    run,
    serving,
    sessions_done,
)
from tui.cli import main as cli_main
from tui.ssh.config import load_or_create_host_key
from tui.ssh.launcher import Launcher
from tui.ssh.limits import FULL, RateLimiter, SessionSlots
from tui.ssh.probe import GameClient, Screen


def connect(port: int, **options):
    return asyncssh.connect("127.0.0.1", port, known_hosts=None, agent_path=None,
                            encoding=None, **options)


def home_reported(client: GameClient) -> str:
    """The TABULA_HOME the fake game printed (from the raw bytes: paths are long)."""
    match = re.search(rb"HOME (\S+)\r\n", bytes(client.raw))
    assert match, client.raw
    return match.group(1).decode()


# -- starting ------------------------------------------------------------------

def test_serve_without_authorized_keys_or_guest_refuses_to_start(capsys):
    assert cli_main(["serve", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "--authorized-keys" in err and "--guest" in err
    assert err.count("\n") == 1


def test_serve_with_an_empty_key_file_refuses_to_start(tmp_path, capsys):
    empty = tmp_path / "keys"
    empty.write_text("# nobody yet\n")
    assert cli_main(["serve", "--authorized-keys", str(empty), "--data-dir",
                     str(tmp_path)]) == 2
    assert "no public keys" in capsys.readouterr().err


def test_host_key_is_generated_private_and_kept(tmp_path):
    path = tmp_path / "sub" / "host_key"
    first = load_or_create_host_key(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = load_or_create_host_key(path)
    assert again.get_fingerprint() == first.get_fingerprint()


def test_host_key_readable_by_others_is_refused(tmp_path, capsys):
    path = tmp_path / "host_key"
    load_or_create_host_key(path)
    path.chmod(0o644)
    keys = make_keys(tmp_path)
    code = cli_main(["serve", "--authorized-keys", str(keys.authorized), "--host-key",
                     str(path), "--data-dir", str(tmp_path / "data"), "--port", "0"])
    assert code == 2
    assert "chmod 600" in capsys.readouterr().err


def test_serve_command_listens_logs_its_key_and_stops_on_sigterm(tmp_path):
    keys = make_keys(tmp_path)

    async def body():
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tui", "serve", "--port", "0", "--authorized-keys",
            str(keys.authorized), "--data-dir", str(tmp_path / "data"),
            stderr=asyncio.subprocess.PIPE, cwd=Path(__file__).resolve().parent.parent)
        try:
            line = (await asyncio.wait_for(proc.stderr.readline(), 30)).decode()
            found = re.search(r"port (\d+) .* host key (SHA256:\S+)", line)
            assert found, line
            port, fingerprint = int(found.group(1)), found.group(2)
            key_file = tmp_path / "data" / "ssh_host_ed25519_key"
            assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
            async with connect(port, username="alice", client_keys=[keys.friend]) as conn:
                assert conn.get_server_host_key().get_fingerprint() == fingerprint
            proc.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(proc.wait(), 30) == 0
            rest = (await proc.stderr.read()).decode()
            assert "shutting down" in rest
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
    run(body())


# -- authentication --------------------------------------------------------------

def test_only_authorized_keys_get_in(tmp_path):
    keys = make_keys(tmp_path)

    async def body():
        async with serving(make_config(tmp_path, keys)) as host:
            refused = [
                dict(client_keys=[keys.stranger]),
                dict(client_keys=[], password="hunter2"),
                dict(client_keys=[], password="hunter2", kbdint_auth=True),
                dict(client_keys=[]),
            ]
            for options in refused:
                with pytest.raises(asyncssh.PermissionDenied):
                    async with connect(host.port, username="mallory", **options):
                        pass
            async with connect(host.port, username="alice", client_keys=[keys.friend]):
                pass
    run(body())


def test_a_key_added_to_the_file_gets_in_without_a_restart(tmp_path):
    keys = make_keys(tmp_path)

    async def body():
        async with serving(make_config(tmp_path, keys)) as host:
            with pytest.raises(asyncssh.PermissionDenied):
                async with connect(host.port, username="carol", client_keys=[keys.stranger]):
                    pass
            with keys.authorized.open("ab") as f:
                f.write(keys.stranger.export_public_key())
            async with connect(host.port, username="carol", client_keys=[keys.stranger]):
                pass
    run(body())


def test_each_key_plays_in_its_own_folder(tmp_path):
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, child_command=fake_game(tmp_path))

    async def home_of(port: int, username: str) -> str:
        client = await GameClient.connect(port, username=username, client_keys=[keys.friend])
        await client.read_until("SIZE")
        home = home_reported(client)
        client.send("q")
        await client.read_to_end()
        client.close()
        return home

    async def body():
        async with serving(config) as host:
            alice = await home_of(host.port, "alice")
            assert await home_of(host.port, "alice") == alice
            bob = await home_of(host.port, "bob")
        assert alice != bob
        assert Path(alice).is_dir() and Path(alice).parent == tmp_path / "data" / "players"
        assert stat.S_IMODE(Path(alice).stat().st_mode) == 0o700
    run(body())


def test_guests_get_a_fresh_folder_removed_after(tmp_path):
    config = make_config(tmp_path, None, child_command=fake_game(tmp_path))

    async def body():
        async with serving(config) as host:
            homes = []
            for _ in range(2):
                client = await GameClient.connect(host.port, username="anyone")
                await client.read_until("SIZE")
                home = Path(home_reported(client))
                assert home.is_dir()
                homes.append(home)
                client.send("q")
                await client.read_to_end()
                client.close()
                await client.wait_closed()
                await sessions_done(host)
        assert homes[0] != homes[1]
        assert not homes[0].exists() and not homes[1].exists()
    run(body())


# -- what is refused ---------------------------------------------------------------

def test_exec_sftp_forwarding_and_ptyless_shells_are_refused(tmp_path, caplog):
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, child_command=fake_game(tmp_path))
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with (serving(config) as host,
                    connect(host.port, username="alice", client_keys=[keys.friend]) as conn):
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.run("cat /etc/passwd")
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.run("scp -f /etc/passwd")
            with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
                await conn.start_sftp_client()
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_connection("127.0.0.1", host.port)  # local forwarding
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
            result = await conn.run(term_type=None)  # a shell without a PTY
            assert result.exit_status == 1
            assert b"needs a terminal" in result.stderr
            assert b"SIZE" not in (result.stdout or b"")
            assert not host.sessions  # no game was started for any of these
    run(body())
    log = "\n".join(r.getMessage() for r in caplog.records)
    for outcome in ("exec 'cat /etc/passwd'", "exec 'scp -f /etc/passwd'",
                    "subsystem 'sftp'", "port forwarding to 127.0.0.1",
                    "remote forwarding of 127.0.0.1", "refused: no terminal"):
        assert outcome in log


def test_agent_and_x11_forwarding_are_refused(tmp_path):
    from asyncssh.packet import Boolean, String, UInt32

    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, child_command=fake_game(tmp_path))

    async def body():
        async with serving(config) as host:
            client = await GameClient.connect(host.port, username="alice",
                                              client_keys=[keys.friend])
            await client.read_until("SIZE")
            # asyncssh's client only sends these when it has an agent or an X
            # display of its own, so the requests are made by hand: the
            # server's reply (True = granted) is what matters.
            chan = client.process.channel
            assert await chan._make_request(b"auth-agent-req@openssh.com") is False
            assert await chan._make_request(
                b"x11-req", Boolean(False), String(b"MIT-MAGIC-COOKIE-1"),
                String(b"00" * 16), UInt32(0)) is False
            (session,) = host.sessions.values()
            assert session.chan.get_agent_path() is None
            assert session.chan.get_x11_display() is None
            client.close()
    run(body())


# -- the PTY and the child ------------------------------------------------------------

def test_child_gets_the_client_term_and_size_and_every_resize(tmp_path):
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, child_command=fake_game(tmp_path))

    async def body():
        async with serving(config) as host:
            client = await GameClient.connect(host.port, username="alice",
                                              client_keys=[keys.friend], size=(100, 30),
                                              term="screen-256color")
            await client.read_until("SIZE 100x30")
            assert "TERM screen-256color COLORTERM -" in client.screen.text()
            client.resize(132, 43)
            await client.read_until("SIZE 132x43", timeout=60)  # a loaded machine (parallel tests)
            client.send("hello")
            await client.read_until("GOT hello")
            client.send("q")
            await client.read_to_end()
            assert client.process.exit_status == 0
    run(body())


def test_disconnect_hangs_up_then_kills_and_reaps_the_child(tmp_path, caplog):
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, child_command=fake_game(tmp_path, "--ignore-hup"),
                         hangup_grace=0.5)
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(config) as host:
            client = await GameClient.connect(host.port, username="alice",
                                              client_keys=[keys.friend])
            await client.read_until("SIZE")
            (session,) = host.sessions.values()
            pid = session.child.pid
            assert pid_alive(pid)
            client.conn.abort()  # the player's laptop lid closes
            await sessions_done(host)
            assert not pid_alive(pid)
            assert session.child.returncode == -9  # ignored SIGHUP, so SIGKILL
            assert host.slots.used == 0
    run(body())
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("session")]
    assert len(lines) == 1
    assert "'alice' SHA256:" in lines[0] and "from 127.0.0.1:" in lines[0]
    assert "client disconnected" in lines[0] or "connection lost" in lines[0]


def test_a_flooding_game_is_throttled_and_others_play_on(tmp_path):
    keys = make_keys(tmp_path)
    flood = make_config(tmp_path, keys, child_command=fake_game(tmp_path, "--flood"))

    async def body():
        async with serving(flood) as host:
            # a player whose game floods output and who never reads it
            hog = await GameClient.connect(host.port, username="hog", client_keys=[keys.friend],
                                           window=65536)
            await hog.read_until("SIZE")
            (session,) = host.sessions.values()
            paused = asyncio.Event()
            original = session.pause_writing

            def pause_writing() -> None:
                original()
                paused.set()
            session.pause_writing = pause_writing
            await asyncio.wait_for(paused.wait(), 20)
            # the server stops reading that PTY instead of buffering without bound
            assert session.chan.get_write_buffer_size() < 1 << 20
            assert session.pump._reading is False

            host.launcher = Launcher(fake_game(tmp_path))  # the next game does not flood
            other = await GameClient.connect(host.port, username="alice",
                                             client_keys=[keys.friend])
            await other.read_until("SIZE")
            other.send("hello")
            await other.read_until("GOT hello")
            hog.close()
            other.close()
    run(body())


def test_time_limit_ends_the_session_with_a_message(tmp_path, caplog):
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, child_command=fake_game(tmp_path),
                         max_session_time=1.0)
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(config) as host:
            client = await GameClient.connect(host.port, username="alice",
                                              client_keys=[keys.friend])
            await client.read_until("SIZE")
            out = await client.read_to_end()
            assert b"time limit" in out
            assert b"\x1b[?1049l" in out  # the terminal is given back
            await client.process.wait()
            assert client.process.exit_status == 1
    run(body())
    assert any("time limit" in r.getMessage() for r in caplog.records)


def test_connection_rate_per_address_is_limited(tmp_path, caplog):
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, max_connections_per_minute=3)
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(config) as host:
            host.tarpit.hold_s = 0.0  # refused sockets close at once (the refusal is tested)
            for _ in range(3):
                async with connect(host.port, username="alice", client_keys=[keys.friend]):
                    pass
            with pytest.raises((asyncssh.ConnectionLost, ConnectionError)):
                async with connect(host.port, username="alice", client_keys=[keys.friend]):
                    pass
            reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
            assert (await reader.read()).startswith(b"Tabula: more than 3 new connections")
            writer.close()
    run(body())
    assert any("refused: more than 3 new connections" in r.getMessage()
               for r in caplog.records)


def test_too_many_open_connections_from_one_address_are_turned_away(tmp_path):
    keys = make_keys(tmp_path)

    async def body():
        async with serving(make_config(tmp_path, keys, max_connections_per_address=1)) as host:
            host.tarpit.hold_s = 0.0  # refused sockets close at once (the refusal is tested)
            async with connect(host.port, username="alice", client_keys=[keys.friend]):
                with pytest.raises((asyncssh.ConnectionLost, ConnectionError)):
                    async with connect(host.port, username="bob", client_keys=[keys.friend]):
                        pass
            await eventually(lambda: host.gate.open_from("127.0.0.1") == 0)
            async with connect(host.port, username="bob", client_keys=[keys.friend]):
                pass  # room again once the first has gone
    run(body())


def test_shutdown_ends_every_game_and_says_so(tmp_path):
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, child_command=fake_game(tmp_path, "--ignore-hup"),
                         hangup_grace=0.2)

    async def body():
        async with serving(config) as host:
            client = await GameClient.connect(host.port, username="alice",
                                              client_keys=[keys.friend])
            await client.read_until("SIZE")
            (session,) = host.sessions.values()
            await host.stop()
            out = await client.read_to_end()
            assert b"shutting down" in out and b"connect again and choose Continue" in out
            assert not pid_alive(session.child.pid)
    run(body())


# -- small parts -------------------------------------------------------------------

def test_rate_limiter_forgets_after_a_minute():
    now = [0.0]
    rate = RateLimiter(2, clock=lambda: now[0])
    assert rate.allow("a") and rate.allow("a") and not rate.allow("a")
    assert rate.allow("b")
    now[0] = 61.0
    assert rate.allow("a")


def test_session_slots_cap():
    slots = SessionSlots(1)
    assert slots.acquire("a") is None and slots.acquire("b") == FULL
    slots.release("a")
    assert slots.acquire("b") is None


def test_screen_follows_cursor_addressing_and_erase():
    screen = Screen(20, 4)
    screen.feed(b"\x1b[?1049h\x1b[2;3Hhello\x1b[4;1Hwor")
    screen.feed(b"ld\x1b[2;3H\x1b[K\x1b[1;1H\xe2\x9c")
    screen.feed(b"\x93 ok")
    assert screen.text().splitlines() == ["\u2713 ok", "", "", "world"]
