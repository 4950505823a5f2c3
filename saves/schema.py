"""What a save holds, and the checks that turn an untrusted msgpack map
into typed values (or a ``FormatError`` saying which field is wrong).

A save is one msgpack map with string keys, written in this key order::

    format    "tabula-save"
    version   FORMAT_VERSION (int)
    engine    the Tabula version that wrote it (str)
    game      the game's id in the registry (``engine.games``)
    title     the game's title, for listings
    players   player count (int)
    seats     [{"name", "human", "kind", "strength"}, …]
    progress  e.g. "round 3, Play Cards", for listings
    finished  true once the game is over
    id        the match's stable id (the autosave slot), [A-Za-z0-9_-]
    created   epoch seconds (float), 0 to MAX_TIME
    updated   epoch seconds (float), 0 to MAX_TIME
    --------  the keys above are the header: listing reads only them
    options   [[key, value], …] sorted by key; values are plain
    seed      int
    actions   [action, …], each encoded by ``game.encode_action``
    redo      the redo stack, bottom first (the next redo is the last)
    meta      map of plain values: the match's non-rules notes
    digest    16 bytes: ``digest.state_digest`` of the final state
    check     16 bytes: BLAKE2b of every byte before it (see ``codec``)

Seat names are shown to players: a loaded name has its control, format and
bidi characters removed (``plain.plain``); a name holding one is refused
when a save is written (``codec.encode``).

"Plain" means nil, booleans, integers, floats, strings, lists and maps with
string keys, nested at most ``MAX_DEPTH`` deep: nothing that needs a class
to read, so no save can smuggle code or objects.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from engine.core import Options
from engine.match import Seat

from .errors import FormatError
from .plain import plain

FORMAT = "tabula-save"
FORMAT_VERSION = 2
HEADER_KEYS = ("format", "version", "engine", "game", "title", "players", "seats",
               "progress", "finished", "id", "created", "updated")
BODY_KEYS = ("options", "seed", "actions", "redo", "meta", "digest", "check")
KEYS = HEADER_KEYS + BODY_KEYS

# Bounds: generous for any real game, small enough that a hostile file
# cannot make loading slow or hungry.
MAX_FILE_BYTES = 1 << 20  # a finished game of today's is ~2 KB
MAX_ACTIONS = 20_000  # today's games take a few hundred; longer ones fit
MAX_ACTION_ITEMS = 32
MAX_STR = 4096  # bytes of any string
MAX_NAME = 64  # characters of a seat name or an id
MAX_MAP = 256  # entries of any map
MAX_DEPTH = 8  # nesting of plain values (meta, options, actions)
BIN_SIZE = 16
MAX_TIME = 253_402_300_799.0  # 9999-12-31 23:59:59 UTC: later "times" are not times

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")
_KIND = re.compile(r"[a-z][a-z0-9_]{0,31}\Z")


def engine_version() -> str:
    """The installed Tabula version, written into saves for error messages."""
    try:
        return metadata.version("tabula")
    except metadata.PackageNotFoundError:  # running from a plain checkout
        return "unknown"


ENGINE_VERSION = engine_version()


@dataclass(frozen=True)
class Header:
    """The front of a save: enough to list it without replaying the game."""

    version: int
    engine: str
    game: str
    title: str
    seats: tuple[Seat, ...]
    progress: str
    finished: bool
    id: str
    created: float
    updated: float


@dataclass(frozen=True)
class SaveDoc:
    """A whole save, every field checked for type and bounds (not yet replayed)."""

    header: Header
    options: Options
    seed: int
    actions: tuple[list, ...]  # still encoded: the game decodes them
    redo: tuple[list, ...]
    meta: dict[str, Any]
    digest: bytes


# ----------------------------------------------------------------- reading


def read_header(doc: dict) -> Header:
    """Check and type the header fields of a current-version map."""
    version = _int(doc, "version")
    seats_raw = _get(doc, "seats", list)
    if not 1 <= len(seats_raw) <= 16:
        raise FormatError(f"it lists {len(seats_raw)} seats")
    seats = tuple(_seat(s, i) for i, s in enumerate(seats_raw))
    players = _int(doc, "players")
    if players != len(seats):
        raise FormatError(f"it says {players} players but lists {len(seats)} seats")
    ident = _str(doc, "id", MAX_NAME)
    if not _ID.match(ident):
        raise FormatError(f"its id {ident!r} is not letters, digits, '-' and '_'")
    return Header(
        version=version,
        engine=_str(doc, "engine", MAX_NAME),
        game=_str(doc, "game", MAX_NAME),
        title=_str(doc, "title", MAX_STR),
        seats=seats,
        progress=_str(doc, "progress", MAX_STR),
        finished=_get(doc, "finished", bool),
        id=ident,
        created=_time(doc, "created"),
        updated=_time(doc, "updated"),
    )


def read_doc(doc: dict) -> SaveDoc:
    """Check every field of a current-version map (types, sizes, key set)."""
    unknown = [k for k in doc if k not in KEYS]
    if unknown:
        raise FormatError(f"it has an unknown field {str(unknown[0])[:40]!r}")
    header = read_header(doc)
    digest = _get(doc, "digest", bytes)
    if len(digest) != BIN_SIZE:
        raise FormatError(f"its digest is {len(digest)} bytes, not {BIN_SIZE}")
    return SaveDoc(
        header=header,
        options=_options(_get(doc, "options", list)),
        seed=_int(doc, "seed"),
        actions=_actions(_get(doc, "actions", list), "action"),
        redo=_actions(_get(doc, "redo", list), "redo action"),
        meta=_meta(_get(doc, "meta", dict)),
        digest=digest,
    )


def _get(doc: dict, key: str, kind: type) -> Any:
    if key not in doc:
        raise FormatError(f"it has no {key!r} field")
    value = doc[key]
    if type(value) is not kind:
        raise FormatError(f"its {key!r} field should be {_KINDS[kind]}, not {describe(value)}")
    return value


def _str(doc: dict, key: str, limit: int) -> str:
    value = _get(doc, key, str)
    if len(value) > limit:
        raise FormatError(f"its {key!r} field is {len(value)} characters long")
    return value


def _int(doc: dict, key: str) -> int:
    return _get(doc, key, int)


def _time(doc: dict, key: str) -> float:
    value = doc.get(key)
    if type(value) not in (int, float) or not math.isfinite(value) or not 0 <= value <= MAX_TIME:
        shown = repr(value) if type(value) in (int, float) else describe(value)
        raise FormatError(f"its {key!r} field should be a time in seconds, not {shown}")
    return float(value)


def _seat(raw: Any, i: int) -> Seat:
    where = f"seat {i + 1}"
    if type(raw) is not dict:
        raise FormatError(f"{where} should be a map, not {describe(raw)}")
    if set(raw) != {"name", "human", "kind", "strength"}:
        raise FormatError(f"{where} should have exactly name, human, kind and strength")
    name, human, kind, strength = raw["name"], raw["human"], raw["kind"], raw["strength"]
    if type(name) is not str or not 0 < len(name) <= MAX_NAME:
        raise FormatError(f"{where} has no proper name")
    if type(human) is not bool:
        raise FormatError(f"{where}'s 'human' should be true or false, not {describe(human)}")
    for label, v in (("kind", kind), ("strength", strength)):
        if type(v) is not str or not _KIND.match(v):
            raise FormatError(f"{where}'s {label} should be a short lowercase word")
    if human != (kind == "human"):
        raise FormatError(f"{where} says human={human} but its kind is {kind!r}")
    return Seat(name=seat_name(name, i), kind=kind, strength=strength)


def seat_name(name: str, i: int) -> str:
    """A loaded seat name as it may be shown: ``plain``, or "Seat <n>" if
    nothing of it is left (a name made only of control characters)."""
    return plain(name, MAX_NAME) or f"Seat {i + 1}"


def _options(raw: list) -> Options:
    if len(raw) > MAX_MAP:
        raise FormatError(f"it has {len(raw)} options")
    items = []
    for pair in raw:
        if type(pair) is not list or len(pair) != 2 or type(pair[0]) is not str:
            shown = repr(pair) if len(repr(pair)) <= 40 else describe(pair)
            raise FormatError(f"an option should be a [name, value] pair, not {shown}")
        items.append((pair[0], plain_to_value(pair[1], f"option {pair[0][:40]!r}")))
    if [k for k, _ in items] != sorted({k for k, _ in items}):
        raise FormatError("its options are not sorted by name without repeats")
    return Options(tuple(items))


def _actions(raw: list, label: str) -> tuple[list, ...]:
    if len(raw) > MAX_ACTIONS:
        raise FormatError(f"it has {len(raw)} {label}s; at most {MAX_ACTIONS} fit in a save")
    for i, a in enumerate(raw):
        if type(a) is not list or not 0 < len(a) <= MAX_ACTION_ITEMS:
            raise FormatError(f"{label} {i + 1} should be a short list, not {describe(a)}")
        check_plain(a, f"{label} {i + 1}", allow_maps=False)
    return tuple(raw)


def _meta(raw: dict) -> dict[str, Any]:
    check_plain(raw, "its meta")
    return raw


# ----------------------------------------------------------------- plain values


def check_plain(value: Any, where: str, allow_maps: bool = True, depth: int = 0) -> None:
    """Raise FormatError unless ``value`` is plain (see the module docstring)."""
    if depth > MAX_DEPTH:
        raise FormatError(f"{where} is nested more than {MAX_DEPTH} deep")
    kind = type(value)
    if value is None or kind in (bool, int):
        return
    if kind is float:
        if not math.isfinite(value):
            raise FormatError(f"{where} holds a number that is not finite")
        return
    if kind is str:
        if len(value) > MAX_STR:
            raise FormatError(f"{where} holds a string of {len(value)} characters")
        return
    if kind is list:
        for x in value:
            check_plain(x, where, allow_maps, depth + 1)
        return
    if kind is dict and allow_maps:
        if len(value) > MAX_MAP:
            raise FormatError(f"{where} holds a map of {len(value)} entries")
        for k, x in value.items():
            if type(k) is not str:
                raise FormatError(f"{where} holds a map key that is {describe(k)}")
            check_plain(x, where, allow_maps, depth + 1)
        return
    raise FormatError(f"{where} holds {describe(value)}, which a save cannot store")


def plain_to_value(value: Any, where: str) -> Any:
    """A checked plain value with lists turned into tuples (engine values are frozen)."""
    check_plain(value, where, allow_maps=False)
    return _tuples(value)


def _tuples(value: Any) -> Any:
    if type(value) is list:
        return tuple(_tuples(x) for x in value)
    return value


def value_to_plain(value: Any, where: str, depth: int = 0) -> Any:
    """The plain, msgpack-ready form of an option or meta value (tuples become lists).

    Raises FormatError for anything a save cannot hold, so a bad value is
    refused when saving rather than written and then refused when loading.
    Subclasses of the plain types (IntEnum, StrEnum) are stored as their base.
    """
    if depth > MAX_DEPTH:
        raise FormatError(f"{where} is nested more than {MAX_DEPTH} deep")
    if value is None:
        return None
    for base in (bool, int, float, str):
        if isinstance(value, base):
            return base(value)
    if isinstance(value, list | tuple):
        return [value_to_plain(x, where, depth + 1) for x in value]
    if isinstance(value, dict):
        out = {}
        for k, x in value.items():
            if not isinstance(k, str):
                raise FormatError(f"{where} holds a map key that is {describe(k)}")
            out[str(k)] = value_to_plain(x, where, depth + 1)
        return out
    raise FormatError(f"{where} holds {describe(value)}, which a save cannot store")


_KINDS = {str: "a string", int: "an integer", bool: "true or false", list: "a list",
          dict: "a map", bytes: "bytes", float: "a number"}


def describe(value: Any) -> str:
    """'an integer', 'a list' … for messages about a value of the wrong type."""
    if value is None:
        return "nil"
    return _KINDS.get(type(value), f"a {type(value).__name__}")
