"""``tabula serve`` under attack: what a hostile client tried, and what must hold.

Each test repeats one attack from the hardening report on loopback, with
real asyncssh clients and raw sockets (other loopback addresses, 127.0.0.x,
stand in for other machines), against a real server: in-process where the
test looks at the server's state, as ``python -m tui serve`` where it
measures the server's memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import stat
import sys
import time
from pathlib import Path

import asyncssh
import pytest

from tests.test_ssh_support import (
    fake_game,
    make_config,
    make_keys,
    run,
    serving,
    sessions_done,
)
from tui.ssh.channel import MAX_ENV, REQUEST_BURST
from tui.ssh.child import MAX_COLUMNS, MAX_ROWS
from tui.ssh.limits import ConnectionGate, GateLimits, address_key
from tui.ssh.probe import GameClient
from tui.ssh.session import INPUT_BURST, INPUT_PER_SECOND

ROOT = Path(__file__).resolve().parent.parent
WAIT = 30.0  # s before a wait for the server fails: a guard against a hang only


def connect(port: int, **options):
    return asyncssh.connect("127.0.0.1", port, known_hosts=None, agent_path=None,
                            encoding=None, **options)


async def raw_socket(port: int, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP connection from loopback address ``source`` that says nothing."""
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))


async def first_bytes(reader: asyncio.StreamReader, timeout: float = WAIT) -> bytes:
    """What the server sends before it closes, or the first line it sends."""
    return await asyncio.wait_for(reader.read(200), timeout)


def server_lines(caplog) -> str:
    return "\n".join(r.getMessage() for r in caplog.records)


# -- 1. pre-auth floods ---------------------------------------------------------------

def test_silent_sockets_from_one_address_never_lock_others_out(tmp_path, caplog):
    """30 silent sockets from one address: the excess is refused at accept, before
    the SSH version is sent, and a player from another address logs in."""
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, max_sessions=4)
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(config) as host:
            flood = [await raw_socket(host.port, "127.0.0.2") for _ in range(30)]
            answers = await asyncio.gather(*(first_bytes(r) for r, _ in flood[8:]))
            for answer in answers:  # refused: one plain line, no SSH at all
                assert answer.startswith(b"Tabula: 8 connections from your address")
                assert b"SSH-2.0" not in answer
            assert host.gate.open_from("127.0.0.2") == 8
            assert len(host.tarpit) == 22  # held open, so they are not made again at once
            for _ in range(3):  # the flood tops itself up; others still get in
                more = [await raw_socket(host.port, "127.0.0.2") for _ in range(10)]
                async with connect(host.port, username="alice", client_keys=[keys.friend]):
                    pass
                for _, writer in more:
                    writer.close()
            for _, writer in flood:
                writer.close()
    run(body())
    refused = [line for line in server_lines(caplog).splitlines() if "refused" in line]
    assert 1 <= len(refused) <= 2  # one line per address per minute, not one per socket


def test_a_silent_connection_is_dropped_at_the_login_deadline(tmp_path):
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, login_timeout=0.5)
    assert make_config(tmp_path, keys).login_timeout <= 10  # the default is short

    async def body():
        async with serving(config) as host:
            reader, writer = await raw_socket(host.port, "127.0.0.3")
            assert (await reader.readline()).startswith(b"SSH-2.0-Tabula")
            assert await asyncio.wait_for(reader.read(), WAIT) == b""  # closed by the server
            writer.close()
            assert host.gate.preauth == 0
    run(body())


def test_silent_sockets_from_many_addresses_make_room_for_a_real_login(tmp_path):
    keys = make_keys(tmp_path)
    config = make_config(tmp_path, keys, max_unauthenticated=4)

    async def body():
        async with serving(config) as host:
            flood = [await raw_socket(host.port, f"127.0.0.{10 + i}") for i in range(4)]
            for reader, _ in flood:
                assert (await reader.readline()).startswith(b"SSH-2.0")
            assert host.gate.preauth == 4  # the table is full
            async with connect(host.port, username="alice", client_keys=[keys.friend]):
                assert host.gate.logged_in == 1
            assert await asyncio.wait_for(flood[0][0].read(), WAIT) == b""  # the oldest went
            for _, writer in flood:
                writer.close()
    run(body())


@pytest.mark.parametrize("guest", [False, True])
def test_a_login_without_a_game_is_closed(tmp_path, caplog, guest):
    """``ssh -N``: logged in, no session: closed after the session timeout."""
    keys = None if guest else make_keys(tmp_path)
    config = make_config(tmp_path, keys, session_timeout=0.5)
    caplog.set_level(logging.INFO, logger="tabula.ssh")
    login = {} if guest else {"client_keys": [keys.friend]}

    async def body():
        async with serving(config) as host:
            conn = await connect(host.port, username="idler", **login)
            await asyncio.wait_for(conn.wait_closed(), WAIT)
            assert host.gate.logged_in == 0
    run(body())
    assert "no game within 0.5s" in server_lines(caplog)


# -- 2. request floods on a channel -------------------------------------------------------

async def start_server_process(tmp_path: Path) -> tuple[asyncio.subprocess.Process, int]:
    """``python -m tui serve --guest`` on a free port: (process, port)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "serve", "--guest", "--port", "0",
        "--data-dir", str(tmp_path / "data"), stderr=asyncio.subprocess.PIPE, cwd=ROOT)
    line = (await asyncio.wait_for(proc.stderr.readline(), 30)).decode()
    found = re.search(r"port (\d+) ", line)
    assert found, line
    return proc, int(found.group(1))


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_an_env_flood_leaves_the_servers_memory_flat(tmp_path):
    """10,000 ``env`` requests of 30 KB on one guest channel: RSS grows ≤ 10 MB."""
    value = "v" * 30_000
    flood = {f"LC_{i}": value for i in range(10_000)}

    async def body():
        proc, port = await start_server_process(tmp_path)
        try:
            async with connect(port, username="guest") as conn:  # warm up the server
                await conn.run(term_type=None)
            before = rss_mb(proc.pid)
            with pytest.raises((asyncssh.Error, OSError)):
                async with connect(port, username="guest") as conn:
                    await conn.run(term_type="xterm", env=flood)
            after = rss_mb(proc.pid)
            assert after - before <= 10, (before, after)
            async with connect(port, username="guest") as conn:  # still serving
                result = await conn.run(term_type=None)
                assert b"needs a terminal" in result.stderr
        finally:
            proc.terminate()
            await proc.wait()
    run(body(), timeout=120)


def test_only_the_games_variables_are_kept(tmp_path):
    config = make_config(tmp_path, None, child_command=fake_game(tmp_path))
    env = {"LANG": "en_GB.UTF-8", "LC_ALL": "C", "COLORTERM": "truecolor",
           "LD_PRELOAD": "/tmp/evil.so", "PATH": "/tmp", "LC_LONG": "x" * 500,
           **{f"LC_X{i}": "y" for i in range(40)}}

    async def body():
        async with serving(config) as host:
            client = await GameClient.connect(host.port, username="guest", env=env)
            await client.read_until("SIZE")
            (session,) = host.sessions.values()
            kept = dict(session.chan.get_environment())
            assert kept["LANG"] == "en_GB.UTF-8" and kept["COLORTERM"] == "truecolor"
            assert "LD_PRELOAD" not in kept and "PATH" not in kept and "LC_LONG" not in kept
            assert len(kept) <= MAX_ENV
            client.send("q")
            await client.read_to_end()
    run(body())


def test_a_flood_of_any_request_is_disconnected(tmp_path, caplog):
    """Signals (or any request) far faster than a terminal sends them: disconnected."""
    from asyncssh.packet import String

    config = make_config(tmp_path, None, child_command=fake_game(tmp_path))
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(config) as host:
            client = await GameClient.connect(host.port, username="guest")
            await client.read_until("SIZE")
            chan = client.process.channel
            for _ in range(REQUEST_BURST * 5):
                chan._send_request(b"signal", String(b"INT"))
            await asyncio.wait_for(client.conn.wait_closed(), WAIT)
            await sessions_done(host)
    run(body())
    assert "too many channel requests" in server_lines(caplog)


# -- 3. revoking keys ------------------------------------------------------------------

def test_revoking_keys_in_any_clumsy_way_works(tmp_path, caplog):
    keys = make_keys(tmp_path)
    good = keys.authorized.read_bytes()
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    def empty():
        keys.authorized.write_text("")

    def commented():
        keys.authorized.write_bytes(b"# " + good)

    def corrupt():
        keys.authorized.write_bytes(good + b"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA-cut-short\n")

    def deleted():
        keys.authorized.unlink()

    def unreadable():  # a folder where the file was: open() fails, even for root
        keys.authorized.unlink()
        keys.authorized.mkdir()

    def restore():
        if keys.authorized.is_dir():
            keys.authorized.rmdir()
        keys.authorized.write_bytes(good)

    async def login() -> bool:
        try:
            async with connect(port, username="alice", client_keys=[keys.friend]):
                return True
        except asyncssh.PermissionDenied:
            return False

    async def body():
        nonlocal port
        async with serving(make_config(tmp_path, keys)) as host:
            port = host.port
            for revoke in (empty, commented, corrupt, deleted, unreadable):
                assert await login(), revoke.__name__
                revoke()
                assert not await login(), revoke.__name__
                restore()
            assert await login()
    port = 0
    run(body())
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("line 2" in e and "NOBODY" in e for e in errors)  # corrupt, and why
    assert any("does not exist" in e for e in errors)
    assert any("cannot read" in e for e in errors)
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("nobody can log in" in w for w in warnings)


# -- 4. one player's game cannot take the host down ----------------------------------------

def test_a_huge_terminal_is_capped(tmp_path):
    config = make_config(tmp_path, None, child_command=fake_game(tmp_path))

    async def body():
        async with serving(config) as host:
            client = await GameClient.connect(host.port, username="guest", size=(4096, 4096))
            await client.read_until(f"SIZE {MAX_COLUMNS}x{MAX_ROWS}")
            client.resize(9000, 150)
            await client.read_until(f"SIZE {MAX_COLUMNS}x150")
            client.send("q")
            await client.read_to_end()
    run(body())


def test_each_game_runs_under_a_memory_limit(tmp_path):
    config = make_config(tmp_path, None, child_command=fake_game(tmp_path),
                         game_memory_mb=256)

    async def body():
        async with serving(config) as host:
            client = await GameClient.connect(host.port, username="guest")
            await client.read_until("SIZE")
            client.send("m")
            await client.read_until(f"DATA {256 << 20}")
            client.send("q")
            await client.read_to_end()
    run(body())


def test_an_input_flood_is_dropped_before_the_game(tmp_path, caplog):
    config = make_config(tmp_path, None, child_command=fake_game(tmp_path, "--count"))
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(config) as host:
            client = await GameClient.connect(host.port, username="guest")
            await client.read_until("SIZE")
            began = time.monotonic()
            for _ in range(64):
                client.send(b"x" * 16384)  # 1 MiB at once
            await client.process.stdin.drain()
            tries = 0
            while client.find("TOTAL") is None:  # "q" too is dropped until the flood ends
                client.send("q")
                tries += 1
                with contextlib.suppress(TimeoutError):
                    await client.read_until("TOTAL", timeout=0.5)  # then "q" once more
            took = time.monotonic() - began
            total = int(re.search(r"TOTAL (\d+)", client.screen.text()).group(1))
            # At most the burst and the sustained rate over the time the server
            # took (however long a busy machine made that), never the flood.
            assert total <= INPUT_BURST + INPUT_PER_SECOND * took + tries, (total, took)
            await client.read_to_end()
            await sessions_done(host)
    run(body())
    assert "bytes of input flood dropped" in server_lines(caplog)


# -- 6. resize floods ----------------------------------------------------------------------

def test_a_burst_of_resizes_reaches_the_game_coalesced(tmp_path):
    config = make_config(tmp_path, None, child_command=fake_game(tmp_path))

    async def body():
        async with serving(config) as host:
            client = await GameClient.connect(host.port, username="guest", size=(80, 24))
            await client.read_until("SIZE 80x24")
            for i in range(150):
                client.process.change_terminal_size(100 + i % 50, 30)
            client.process.change_terminal_size(123, 45)
            await client.read_until("SIZE 123x45")
            sizes = re.findall(rb"SIZE \d+x\d+", bytes(client.raw))
            assert len(sizes) <= 5, sizes  # not 150 redraws
            client.send("q")
            await client.read_to_end()
    run(body())


# -- 11. no room on the disk ------------------------------------------------------------------

def test_a_guest_is_told_when_no_game_can_start(tmp_path, caplog):
    config = make_config(tmp_path, None, child_command=fake_game(tmp_path))
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(config) as host:
            (config.data_dir / "guests").write_text("in the way")  # mkdir fails, as on ENOSPC
            async with connect(host.port, username="guest") as conn:
                result = await conn.run(term_type="xterm")
            assert b"cannot start a game now" in result.stderr
            assert result.exit_status == 1
    run(body())
    assert "cannot make a save folder" in server_lines(caplog)


# -- 12. folder permissions -------------------------------------------------------------------

def test_every_folder_is_private_and_a_loose_data_dir_is_warned_about(tmp_path, caplog):
    keys = make_keys(tmp_path)
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    data.chmod(0o755)
    config = make_config(tmp_path, keys, child_command=fake_game(tmp_path))
    caplog.set_level(logging.INFO, logger="tabula.ssh")
    old = os.umask(0o022)
    try:
        async def body():
            async with serving(config) as host:
                client = await GameClient.connect(host.port, username="alice",
                                                  client_keys=[keys.friend])
                await client.read_until("SIZE")
                client.send("q")
                await client.read_to_end()
        run(body())
    finally:
        os.umask(old)
    assert stat.S_IMODE((data / "players").stat().st_mode) == 0o700
    assert "open to other users (mode 755)" in server_lines(caplog)


# -- 13. pins ------------------------------------------------------------------------------------

def test_asyncssh_is_pinned_at_the_version_these_tests_ran_on():
    from importlib.metadata import version

    pyproject = (ROOT / "pyproject.toml").read_text()
    floor = re.search(r'"asyncssh>=([\d.]+)', pyproject).group(1)
    assert tuple(map(int, floor.split("."))) >= (2, 24, 1)
    assert tuple(map(int, version("asyncssh").split(".")[:3])) >= (2, 24, 1)


# -- small parts -------------------------------------------------------------------------------

def test_the_gate_counts_per_address_and_ipv6_per_network():
    evicted = []
    gate = ConnectionGate(GateLimits(per_minute=100, per_address=2, preauth_total=4),
                          evicted.append)
    assert gate.admit("a", "10.0.0.1") is None and gate.admit("b", "10.0.0.1") is None
    assert "2 connections" in gate.admit("c", "10.0.0.1")
    assert gate.admit("d", "2001:db8::1") is None and gate.admit("e", "2001:db8::2") is None
    assert "2 connections" in gate.admit("f", "2001:db8::ffff")  # the same /64
    assert address_key("2001:db8::1") == address_key("2001:db8::ffff") == "2001:db8::/64"
    assert gate.admit("g", "10.0.0.9") is None and evicted == ["a"]  # the table was full
    gate.logged_in_now("b")
    assert (gate.preauth, gate.logged_in) == (3, 1)
    gate.release("b")
    assert gate.open_from("10.0.0.1") == 0
