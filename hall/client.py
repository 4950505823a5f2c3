"""The game process's side of the hall: ``HallClient`` sends and receives
messages, ``Link`` says where the hall is (an inherited socket for a served
game, a Unix socket for local play) and what to show first.

A served game gets its end of a socket pair as fd 3 with
``TABULA_HALL_FD=3`` and ``TABULA_START`` ("title", "lobby", "join:CODE",
"watch:CODE") in its environment; ``Link.from_env`` reads them.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import socket
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import wire

ENV_FD = "TABULA_HALL_FD"
ENV_START = "TABULA_START"
ENV_SSH = "TABULA_SSH"  # how a player reaches this server: "ssh -p 2222 {user}@203.0.113.7"
_START = re.compile(r"^(title|lobby|(join|watch):[A-Za-z]{1,12})$")
_SSH = re.compile(r"^ssh [ -~]{1,200}$")


class HallClient:
    """One connection to the hall: ``await send(msg)``, ``await recv()``.

    ``recv`` raises ConnectionError when the hall closes the connection, and
    ProtocolError for a frame the hall would never send (over ``MAX_OUT``).
    """

    def __init__(self, sock: socket.socket | None = None, *,
                 reader: asyncio.StreamReader | None = None,
                 writer: asyncio.StreamWriter | None = None) -> None:
        self._sock = sock
        self._reader = reader
        self._writer = writer
        self._opening: asyncio.Lock | None = None

    # ------------------------------------------------------------ opening
    @classmethod
    def from_socket(cls, sock: socket.socket) -> HallClient:
        """A client on an already connected stream socket (opened lazily,
        inside the event loop that first uses it)."""
        sock.setblocking(False)
        return cls(sock)

    @classmethod
    async def connect_fd(cls, fd: int) -> HallClient:
        """A client on an inherited connected socket (a served game's fd 3)."""
        client = cls.from_socket(socket.socket(fileno=fd))
        await client._open()
        return client

    @classmethod
    async def connect_unix(cls, path: str | Path, name: str) -> HallClient:
        """A client of a local hall on a Unix socket; says who it is first."""
        reader, writer = await asyncio.open_unix_connection(str(path), limit=2**16)
        client = cls(reader=reader, writer=writer)
        await client.send({"t": "hello", "name": name})
        return client

    async def _open(self) -> None:
        if self._writer is not None:
            return
        if self._opening is None:
            self._opening = asyncio.Lock()
        async with self._opening:
            if self._writer is None:
                assert self._sock is not None
                self._reader, self._writer = await asyncio.open_connection(sock=self._sock)

    # ------------------------------------------------------------ talking
    async def send(self, msg: dict[str, Any]) -> None:
        """Send one message (ProtocolError if it could never be accepted)."""
        await self._open()
        assert self._writer is not None
        self._writer.write(wire.pack(msg, wire.MAX_IN))
        await self._writer.drain()

    async def recv(self) -> dict[str, Any]:
        """The next message from the hall."""
        await self._open()
        assert self._reader is not None
        return await wire.read(self._reader, wire.MAX_OUT)

    async def recv_until(self, *kinds: str) -> dict[str, Any]:
        """The next message of one of ``kinds``, skipping others (tests, benches)."""
        while True:
            msg = await self.recv()
            if msg["t"] in kinds:
                return msg

    def close(self) -> None:
        """Close the connection (the hall treats it as a disconnect)."""
        if self._writer is not None:
            self._writer.close()
        elif self._sock is not None:
            self._sock.close()

    async def aclose(self) -> None:
        """Close and wait until the transport is gone."""
        self.close()
        if self._writer is not None:
            with contextlib.suppress(ConnectionError, OSError):
                await self._writer.wait_closed()


@dataclass(frozen=True)
class Link:
    """Where a game process finds the hall, and what it shows first."""

    fd: int | None = None  # an inherited connected socket (a served game)
    path: Path | None = None  # a Unix socket (tabula host / tabula join)
    name: str = ""  # who I am on a Unix socket (local play)
    start: str = "title"  # "title" | "lobby" | "join:CODE" | "watch:CODE"
    ssh: str = ""  # a served game: the ssh command that reaches this server, with {user}

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Link | None:
        """The link a served game was given; None when ``TABULA_HALL_FD`` is
        unset. A bad value raises ValueError (the server set it, not a player)."""
        raw = env.get(ENV_FD)
        if raw is None:
            return None
        if not raw.isdigit():
            raise ValueError(f"{ENV_FD} must be a file descriptor number, not {raw[:20]!r}")
        start = env.get(ENV_START, "title")
        if not _START.match(start):
            raise ValueError(f"{ENV_START} is title, lobby, join:CODE or watch:CODE, "
                             f"not {start[:40]!r}")
        ssh = env.get(ENV_SSH, "")
        if ssh and (not _SSH.match(ssh) or ssh.count("{user}") != 1):
            raise ValueError(f"{ENV_SSH} is an ssh command with one {{user}}, not {ssh[:40]!r}")
        return cls(fd=int(raw), start=start, ssh=ssh)

    async def connect(self) -> HallClient:
        """A client connected to the hall this link names."""
        if self.fd is not None:
            return await HallClient.connect_fd(self.fd)
        if self.path is not None:
            return await HallClient.connect_unix(self.path, self.name)
        raise ValueError("a Link needs an fd or a path")
