"""Helpers for the SSH server tests: keys, a server on a free loopback port.

Every test builds its own keys and data dir under ``tmp_path`` and runs a
real asyncssh server on 127.0.0.1 with port 0 (the OS picks a free one),
in-process, on the test's own event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import asyncssh

from tui.ssh.config import ServeConfig
from tui.ssh.server import GameHost

# A stand-in for the game, for tests of the plumbing only: reports its
# terminal size on start and on every SIGWINCH, echoes keys, quits on "q";
# with --flood it writes without end instead; with --count it only counts
# the bytes it reads and says how many on "q"; "m" reports its data limit.
FAKE_GAME = r"""
import os, resource, signal, sys, termios, tty
tty.setraw(0, termios.TCSANOW)
if "--ignore-hup" in sys.argv:
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
def report(*_):
    cols, rows = os.get_terminal_size(0)
    os.write(1, f"SIZE {cols}x{rows}\r\n".encode())
signal.signal(signal.SIGWINCH, report)
os.write(1, f"PID {os.getpid()} TERM {os.environ['TERM']} "
            f"COLORTERM {os.environ.get('COLORTERM', '-')}\r\n"
            f"HOME {os.environ['TABULA_HOME']}\r\n".encode())
report()
while "--flood" in sys.argv:  # a game gone wild: output as fast as it can
    os.write(1, b"x" * 65536)
total = 0
while True:
    data = os.read(0, 65536)
    total += len(data)
    if not data or b"q" in data:
        break
    if b"m" in data:
        os.write(1, f"DATA {resource.getrlimit(resource.RLIMIT_DATA)[0]}\r\n".encode())
    elif "--count" not in sys.argv:
        os.write(1, b"GOT " + data + b"\r\n")
os.write(1, f"TOTAL {total}\r\n".encode())
"""


@dataclass
class Keys:
    """A friend's key (in authorized_keys) and a stranger's (not)."""

    friend: asyncssh.SSHKey
    stranger: asyncssh.SSHKey
    authorized: Path


def make_keys(tmp_path: Path) -> Keys:
    friend = asyncssh.generate_private_key("ssh-ed25519")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(friend.export_public_key())
    return Keys(friend, stranger, authorized)


def make_config(tmp_path: Path, keys: Keys | None, **changes: Any) -> ServeConfig:
    base = ServeConfig(data_dir=tmp_path / "data", host_key=tmp_path / "host_key",
                       authorized_keys=keys.authorized if keys else None,
                       guest=keys is None, port=0)
    return replace(base, **changes)


def fake_game(tmp_path: Path, *args: str) -> tuple[str, ...]:
    script = tmp_path / "fake_game.py"
    script.write_text(FAKE_GAME)
    return (sys.executable, str(script), *args)


@contextlib.asynccontextmanager
async def serving(config: ServeConfig) -> AsyncIterator[GameHost]:
    """A running server; on exit every session is ended and reaped."""
    host = await GameHost(config).start()
    try:
        yield host
    finally:
        await asyncio.wait_for(host.stop(), 30)


async def sessions_done(host: GameHost, timeout: float = 30) -> None:
    """Wait until every game on the host has ended and been cleaned up."""
    if host.sessions:
        await asyncio.wait_for(asyncio.gather(*host.sessions), timeout)


async def eventually(check: Callable[[], bool], timeout: float = 30) -> None:
    """Wait until ``check()`` holds (the server's side of a close lands a moment
    after the client's); fail after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        assert loop.time() < deadline, "condition not reached in time"
        await asyncio.sleep(0.01)


async def start_from_title(client: Any, title: str, others: tuple[str, ...], keys: str,
                           tries: int = 10) -> None:
    """From the title screen over SSH: a new game of ``title``, started.

    n opens the form on the game field (a first run: nothing played yet);
    Enter opens its list; ``keys``
    move to ``title`` and choose it; ctrl+g starts. A key can reach the list
    before it opens (it is lost), so each try waits for the screen and tries
    again: chosen once the form names ``title`` and none of ``others``.
    """
    await client.read_until("New game")
    client.send("n")
    await client.read_until("Plays as")

    def chosen() -> bool:
        text = client.screen.text()
        return title in text and not any(other in text for other in others)

    for _ in range(tries):
        client.send("\r")  # its list opens
        try:
            await client.read_until(title, timeout=10)
        except TimeoutError:
            continue
        client.send(keys)
        try:
            await client.wait_for(chosen, f"{title} chosen", timeout=10)
            break
        except TimeoutError:
            continue
    assert chosen()
    client.send("\x07")  # ctrl+g: start


def run(coro: Coroutine[Any, Any, Any], timeout: float = 90) -> Any:
    """Run an async test body with an overall deadline."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


@contextlib.contextmanager
def hangups_ignored() -> Iterator[None]:
    """This process ignores SIGHUP, as a server started with ``nohup`` does;
    every process it starts inherits that unless it undoes it."""
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGHUP, before)


def pid_alive(pid: int) -> bool:
    """True while the process exists (a zombie counts: it is not reaped)."""
    return Path(f"/proc/{pid}").exists()
