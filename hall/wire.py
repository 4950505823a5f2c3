"""Frames between the hall and a game process: a 4-byte big-endian length,
then one msgpack map.

Both sides read with hard limits before allocating anything: a frame from a
client is at most ``MAX_IN`` bytes (a message is small: an action, a chat
line), a frame from the hall at most ``MAX_OUT`` (it carries a pickled view).
Unpacking refuses anything msgpack could be tricked into building big
(strings, binaries, arrays, maps, extension types) and anything but a map
with a string "t": a hostile peer costs one read and a closed connection.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any

import msgpack

MAX_IN = 16 * 1024  # bytes of one client -> hall frame
MAX_OUT = 8 * 1024 * 1024  # bytes of one hall -> client frame
_HEADER = struct.Struct(">I")
_MAX_ITEMS = 4096  # entries of any one array or map


class ProtocolError(Exception):
    """A frame or message that breaks the protocol; the connection is closed."""


def pack(msg: dict[str, Any], limit: int = MAX_OUT) -> bytes:
    """``msg`` as one frame (header included); ProtocolError past ``limit``."""
    try:
        body = msgpack.packb(msg, use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as e:
        raise ProtocolError(f"cannot encode message: {e}") from None
    if len(body) > limit:
        raise ProtocolError(f"message of {len(body)} bytes is over the limit of {limit}")
    return _HEADER.pack(len(body)) + body


def unpack(body: bytes, limit: int) -> dict[str, Any]:
    """One frame's body as a message map; ProtocolError for anything else."""
    try:
        msg = msgpack.unpackb(
            body, raw=False, strict_map_key=True, use_list=True,
            max_str_len=limit, max_bin_len=limit, max_array_len=min(limit, _MAX_ITEMS),
            max_map_len=min(limit, _MAX_ITEMS), max_ext_len=0)
    except Exception as e:  # msgpack raises many kinds for bad input  # noqa: BLE001
        raise ProtocolError(f"bad msgpack ({type(e).__name__})") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("t"), str):
        raise ProtocolError("a message is a map with a string 't'")
    return msg


def length(header: bytes, limit: int) -> int:
    """The body length a header announces; ProtocolError past ``limit``."""
    (n,) = _HEADER.unpack(header)
    if n > limit:
        raise ProtocolError(f"frame of {n} bytes is over the limit of {limit}")
    return n


async def read(reader: asyncio.StreamReader, limit: int) -> dict[str, Any]:
    """The next message from ``reader``; ConnectionError at a clean end of
    stream (or one cut inside a frame), ProtocolError for a bad frame."""
    try:
        header = await reader.readexactly(_HEADER.size)
        body = await reader.readexactly(length(header, limit))
    except asyncio.IncompleteReadError:
        raise ConnectionError("the other side closed the connection") from None
    return unpack(body, limit)
