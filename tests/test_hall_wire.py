"""The hall's framing, message checks and client over real socket pairs."""

from __future__ import annotations

import asyncio
import socket
import struct
from pathlib import Path

import msgpack
import pytest

from hall import messages, wire
from hall.client import HallClient, Link
from tests.hall_helpers import WAIT


def test_a_frame_round_trips_and_limits_hold() -> None:
    frame = wire.pack({"t": "act", "step": 3, "action": ["play", 1, [2, 3]]})
    n = struct.unpack(">I", frame[:4])[0]
    assert n == len(frame) - 4
    assert wire.unpack(frame[4:], wire.MAX_IN) == {"t": "act", "step": 3,
                                                   "action": ["play", 1, [2, 3]]}
    with pytest.raises(wire.ProtocolError):
        wire.pack({"t": "chat", "text": "x" * wire.MAX_IN}, wire.MAX_IN)
    with pytest.raises(wire.ProtocolError):
        wire.length(struct.pack(">I", wire.MAX_IN + 1), wire.MAX_IN)


@pytest.mark.parametrize("body", [
    b"\xc1", b"\x92\x01", msgpack.packb([1, 2]), msgpack.packb({1: "x"}),
    msgpack.packb({"t": 5}), msgpack.packb({"t": "x", "b": b"\0" * 20000}),
    msgpack.packb({"t": msgpack.ExtType(1, b"abc")}),
    b"\xdd\xff\xff\xff\xff",  # an array claiming 4 billion items
])
def test_bad_bodies_are_protocol_errors(body: bytes) -> None:
    with pytest.raises(wire.ProtocolError):
        wire.unpack(body, wire.MAX_IN)


@pytest.mark.parametrize("msg", [
    {"t": "nope"}, {"t": "list", "x": 1}, {"t": "join"}, {"t": "join", "code": 5},
    {"t": "join", "code": "AB CD"}, {"t": "act", "step": -1, "action": []},
    {"t": "act", "step": 1, "action": "play"}, {"t": "act", "step": True, "action": []},
    {"t": "act", "step": 1, "action": [[[[[[[[1]]]]]]]]},
    {"t": "act", "step": 1, "action": list(range(300))},
    {"t": "chat", "text": "x" * 2000}, {"t": "undo_answer", "yes": 1},
    {"t": "create", "game": "g", "seats": []},
    {"t": "create", "game": "g", "seats": [{"kind": "human", "evil": 1}]},
    {"t": "create", "game": "g", "seats": [{"kind": "human"}], "options": {"k": 1.5}},
    {"t": "create", "game": "g", "seats": [{"kind": "human"}], "seed": 7},  # the hall's own
    {"t": "hello", "name": "x"},
])
def test_bad_messages_are_refused(msg: dict) -> None:
    with pytest.raises(wire.ProtocolError):
        messages.check(msg)


def test_good_messages_pass() -> None:
    for msg in ({"t": "list"}, {"t": "join", "code": "bcdfg", "seat": None},
                {"t": "act", "step": 0, "action": ["pass", 1, ["a", True, None]]},
                {"t": "create", "game": "x", "seats": [{"name": "A", "kind": "human",
                                                        "strength": "easy"}],
                 "options": {"k": 1, "s": ["a", "b"]}, "private": True}):
        assert messages.check(msg) is msg
    assert messages.check({"t": "hello", "name": "ann"}, hello=True)
    with pytest.raises(wire.ProtocolError):
        messages.check({"t": "list"}, hello=True)


def test_client_talks_over_a_socket_pair() -> None:
    asyncio.run(asyncio.wait_for(_talk(), 60))


async def _talk() -> None:
    a, b = socket.socketpair()
    client = HallClient.from_socket(a)
    reader, writer = await asyncio.open_connection(sock=b)
    await client.send({"t": "chat", "text": "hi"})
    assert await asyncio.wait_for(wire.read(reader, wire.MAX_IN), WAIT) == {"t": "chat",
                                                                        "text": "hi"}
    writer.write(wire.pack({"t": "notice", "text": "x"}) + wire.pack({"t": "hello", "you": "a",
                                                                      "seats": []}))
    await writer.drain()
    assert (await asyncio.wait_for(client.recv_until("hello", "x"), WAIT))["you"] == "a"
    writer.close()
    with pytest.raises(ConnectionError):
        await asyncio.wait_for(client.recv(), WAIT)
    await client.aclose()


def test_link_from_env() -> None:
    assert Link.from_env({}) is None
    assert Link.from_env({"TABULA_HALL_FD": "3"}) == Link(fd=3, start="title")
    assert Link.from_env({"TABULA_HALL_FD": "3", "TABULA_START": "join:BCDFG"}).start == \
        "join:BCDFG"
    for env in ({"TABULA_HALL_FD": "x"}, {"TABULA_HALL_FD": "3", "TABULA_START": "rm -rf"}):
        with pytest.raises(ValueError):
            Link.from_env(env)


def test_a_link_connects_by_inherited_fd_or_unix_socket(tmp_path: Path) -> None:
    async def go() -> None:
        ours, theirs = socket.socketpair()
        client = await Link(fd=theirs.detach()).connect()
        reader, writer = await asyncio.open_connection(sock=ours)
        writer.write(wire.pack({"t": "hello", "you": "x", "seats": []}))
        assert (await asyncio.wait_for(client.recv(), WAIT))["you"] == "x"
        await client.send({"t": "list"})
        assert await asyncio.wait_for(wire.read(reader, wire.MAX_IN), WAIT) == {"t": "list"}
        await client.aclose()
        writer.close()

        first: asyncio.Future = asyncio.get_running_loop().create_future()

        async def serve(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
            first.set_result(await wire.read(r, wire.MAX_IN))
            w.close()

        path = tmp_path / "s.sock"
        server = await asyncio.start_unix_server(serve, str(path))
        local = await Link(path=path, name="anna").connect()
        assert await asyncio.wait_for(first, WAIT) == {"t": "hello", "name": "anna"}
        with pytest.raises(ConnectionError):
            await asyncio.wait_for(local.recv(), WAIT)
        await local.aclose()
        server.close()
        with pytest.raises(ValueError):
            await Link().connect()
    asyncio.run(asyncio.wait_for(go(), 60))
