"""A stable hash of a game state, for the digest stored in every save.

The digest lets loading prove that replaying the saved actions gives the
very state that was saved: it catches damaged files and rules changes.
Python's ``hash`` and ``pickle`` are no use for that (salted per process,
or tied to class paths), so this module defines its own canonical byte
encoding and hashes it with BLAKE2b.

The encoding depends only on the values, never on the process, machine or
class names, so renaming a class or a module does not invalidate saves,
while any change of a value does:

    None -> b"N"            True/False -> b"T" / b"F"
    int  -> b"i" decimal b";"          float -> b"d" + 8 bytes IEEE-754 big-endian
    str  -> b"s" len b":" utf-8        bytes -> b"b" len b":" raw
    tuple, list, NamedTuple -> b"(" items b")"
    Record (engine/core.py)  -> b"R" field count b"{" field values in _fields order b"}"
                                (less its ``_undigested`` fields: a record of what was
                                shown, added later, which the rules never read; and
                                in a field of ``_undigested_kinds``, its items of
                                those kinds: events added later for the log only)
    Options                  -> b"O" items-as-a-tuple
    dict                     -> b"{" key value … b"}" sorted by the key's encoding
    set, frozenset           -> b"<" items sorted by their encoding b">"

Anything else (an object the engine should not keep in a state) raises
TypeError, so a new game's state is either hashable here or fails loudly in
the round-trip tests.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable
from typing import Any

from engine.core import Options, Record

DIGEST_SIZE = 16  # bytes; 128 bits is far beyond accidental collisions

_Writer = Callable[[Any, list[bytes]], None]


def state_digest(state: Any) -> bytes:
    """The BLAKE2b-128 digest of ``state``'s canonical encoding."""
    return hashlib.blake2b(canonical(state), digest_size=DIGEST_SIZE).digest()


def canonical(value: Any) -> bytes:
    """The canonical byte encoding of ``value`` (see the module docstring)."""
    out: list[bytes] = []
    _encode(value, out)
    return b"".join(out)


def _encode(v: Any, out: list[bytes]) -> None:
    writer = _EXACT.get(type(v))
    if writer is not None:
        writer(v, out)
        return
    # Subclasses: records, NamedTuples (Held, Rng), IntEnums and the like.
    if isinstance(v, Record):
        _record(v, out)
    elif isinstance(v, bool):
        out.append(b"T" if v else b"F")
    elif isinstance(v, int):
        _int(v, out)
    elif isinstance(v, str):
        _str(v, out)
    elif isinstance(v, tuple | list):
        _seq(v, out)
    elif isinstance(v, dict):
        _dict(v, out)
    elif isinstance(v, Options):
        _options(v, out)
    else:
        raise TypeError(f"cannot hash a {type(v).__name__} in a game state")


def _none(v: Any, out: list[bytes]) -> None:
    out.append(b"N")


def _bool(v: bool, out: list[bytes]) -> None:
    out.append(b"T" if v else b"F")


def _int(v: int, out: list[bytes]) -> None:
    out.append(b"i%d;" % v)


def _float(v: float, out: list[bytes]) -> None:
    out.append(b"d" + struct.pack(">d", v))


def _str(v: str, out: list[bytes]) -> None:
    raw = v.encode("utf-8", "surrogatepass")
    out.append(b"s%d:" % len(raw))
    out.append(raw)


def _bytes(v: bytes, out: list[bytes]) -> None:
    out.append(b"b%d:" % len(v))
    out.append(bytes(v))


def _seq(v: tuple | list, out: list[bytes]) -> None:
    out.append(b"(")
    for x in v:
        writer = _EXACT.get(type(x))
        if writer is not None:
            writer(x, out)
        else:
            _encode(x, out)
    out.append(b")")


def _record(v: Record, out: list[bytes]) -> None:
    fields = v._fields
    if v._undigested:  # kept for showing only: a save written before they were still proves
        fields = tuple(f for f in fields if f not in v._undigested)
    out.append(b"R%d{" % len(fields))
    left_out = v._undigested_kinds
    for f in fields:
        value = getattr(v, f)
        if f in left_out:  # events for the log only, added after saves were written
            value = tuple(x for x in value if not (x and x[0] in left_out[f]))
        _encode(value, out)
    out.append(b"}")


def _options(v: Options, out: list[bytes]) -> None:
    out.append(b"O")
    _seq(v.items, out)


def _dict(v: dict, out: list[bytes]) -> None:
    pairs = sorted((canonical(k), canonical(x)) for k, x in v.items())
    out.append(b"{")
    for k, x in pairs:
        out.append(k)
        out.append(x)
    out.append(b"}")


def _set(v: set | frozenset, out: list[bytes]) -> None:
    out.append(b"<")
    out.extend(sorted(canonical(x) for x in v))
    out.append(b">")


_EXACT: dict[type, _Writer] = {
    type(None): _none,
    bool: _bool,
    int: _int,
    float: _float,
    str: _str,
    bytes: _bytes,
    tuple: _seq,
    list: _seq,
    dict: _dict,
    set: _set,
    frozenset: _set,
    Options: _options,
}
