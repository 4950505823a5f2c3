"""Bytes <-> Match: the file layout, bounded unpacking, replay and checks.

File layout. A save file is exactly one msgpack map (keys and order in
``schema``). Its last entry is ``"check": bin(16)``, the BLAKE2b-128 of
every byte of the file before those 16 bytes. So a file:

* starts with ``FRONT`` — the map header and ``"format": "tabula-save"`` —
  which works as a magic number: a foreign file is told apart at once;
* ends with ``SEAL`` (the packed key ``"check"`` and a bin-16 header) plus
  the checksum, which tells a truncated file from a damaged one and lets
  the store decide which copy (main or backup) is sound without replaying;
* keeps the small header fields first, so a listing unpacks only those.

Any msgpack tool can read a save; nothing in it needs a class to decode.
Loading (``decode``) trusts nothing: size cap, seal, bounded unpacking,
migration, type checks of every field, then the replay from setup with
every action checked for legality, then the digest of the final state.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

import msgpack

from engine.core import REGISTRY, IllegalAction, Options, check_options
from engine.match import Match

from .digest import state_digest
from .errors import FormatError
from .migrate import upgrade
from .plain import has_control
from .schema import (
    BIN_SIZE,
    ENGINE_VERSION,
    FORMAT,
    FORMAT_VERSION,
    HEADER_KEYS,
    MAX_ACTIONS,
    MAX_FILE_BYTES,
    MAX_MAP,
    MAX_STR,
    Header,
    SaveDoc,
    read_doc,
    read_header,
    value_to_plain,
)

CHECK_KEY = "check"
SEAL = msgpack.packb(CHECK_KEY) + b"\xc4" + bytes([BIN_SIZE])
FORMAT_ENTRY = msgpack.packb("format") + msgpack.packb(FORMAT)
# Meta keys the file keeps as header fields, or that only describe one load.
STAMPED_META = ("id", "created", "updated")
TRANSIENT_META = ("recovered",)

_LIMITS: dict[str, Any] = {
    "raw": False,
    "strict_map_key": True,
    "max_str_len": MAX_STR,
    "max_bin_len": BIN_SIZE,
    "max_array_len": MAX_ACTIONS,
    "max_map_len": MAX_MAP,
    "max_ext_len": 0,
}


# ----------------------------------------------------------------- writing


def encode(match: Match) -> bytes:
    """The save file bytes of ``match`` (its meta must already hold id and times).

    The document is checked with the same code that checks a loaded one, so
    nothing is ever written that could not be read back.
    """
    check_seat_names(match)
    doc = match_to_doc(match)
    read_doc(doc)
    try:
        packed = msgpack.packb({**doc, CHECK_KEY: bytes(BIN_SIZE)}, use_bin_type=True)
    except (OverflowError, ValueError, TypeError) as e:  # e.g. a seed beyond 64 bits
        raise FormatError(f"it cannot be packed ({e})") from None
    if len(packed) > MAX_FILE_BYTES:
        raise FormatError(f"it would be {len(packed):,} bytes; a save is at most "
                          f"{MAX_FILE_BYTES:,}")
    return seal(packed)


def check_seat_names(match: Match) -> None:
    """Refuse a seat name with a control character: it would come back
    changed (loading cleans names), and a save must read back as written."""
    for i, seat in enumerate(match.seats):
        if isinstance(seat.name, str) and has_control(seat.name):
            shown = repr(seat.name) if len(seat.name) <= 40 else repr(seat.name[:37]) + "..."
            raise FormatError(f"seat {i + 1}'s name {shown} contains a control character, "
                              "or one that cannot be shown")


def seal(packed: bytes) -> bytes:
    """Fill in the checksum of a map packed with a zeroed ``check`` at its end."""
    body = packed[:-BIN_SIZE]
    return body + hashlib.blake2b(body, digest_size=BIN_SIZE).digest()


def match_to_doc(match: Match) -> dict[str, Any]:
    """The save map of ``match``, keys in file order (see ``schema``)."""
    game, meta = match.game, match.meta
    notes = {k: v for k, v in meta.items() if k not in STAMPED_META + TRANSIENT_META}
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "engine": ENGINE_VERSION,
        "game": match.game_id,
        "title": game.title,
        "players": match.players,
        "seats": [{"name": s.name, "human": s.is_human, "kind": s.kind, "strength": s.strength}
                  for s in match.seats],
        "progress": game.progress(match.state),
        "finished": match.is_over(),
        "id": meta.get("id"),
        "created": meta.get("created"),
        "updated": meta.get("updated"),
        "options": [[k, value_to_plain(v, f"option {k!r}")] for k, v in match.options.items],
        "seed": match.seed,
        "actions": match.encoded_actions(),
        "redo": [game.encode_action(a) for a in match.redo_stack],
        "meta": value_to_plain(notes, "the match's meta"),
        "digest": state_digest(match.state),
    }


# ----------------------------------------------------------------- reading


def unseal(data: bytes) -> None:
    """Check size, front and checksum; raise FormatError saying what is wrong."""
    if not data:
        raise FormatError("it is empty")
    if len(data) > MAX_FILE_BYTES:
        raise FormatError(f"it is larger than {MAX_FILE_BYTES:,} bytes, the most a save may be")
    if not _has_front(data):
        raise FormatError("it is not a Tabula save")
    if len(data) < len(SEAL) + BIN_SIZE or data[-BIN_SIZE - len(SEAL):-BIN_SIZE] != SEAL:
        raise FormatError("it is truncated or damaged: its end is missing")
    body = data[:-BIN_SIZE]
    if hashlib.blake2b(body, digest_size=BIN_SIZE).digest() != data[-BIN_SIZE:]:
        raise FormatError("it is damaged: its checksum does not match its content")


def _has_front(data: bytes) -> bool:
    """Starts with a map whose first entry is ``format: "tabula-save"``."""
    first = data[0]
    if 0x80 <= first <= 0x8F:
        start = 1
    elif first == 0xDE:
        start = 3
    elif first == 0xDF:
        start = 5
    else:
        return False
    return data[start:start + len(FORMAT_ENTRY)] == FORMAT_ENTRY


def unpack(data: bytes) -> dict:
    """The whole map, bounded in every length; after ``unseal``."""
    try:
        doc = msgpack.unpackb(data, ext_hook=_no_ext, **_LIMITS)
    except Exception as e:  # msgpack raises many kinds; all mean "not decodable"
        raise FormatError(f"it cannot be decoded ({_unpack_reason(e)})") from None
    if type(doc) is not dict:
        raise FormatError("it is not a msgpack map")
    return doc


def decode_header(data: bytes) -> Header:
    """The header of a sealed save, unpacking only the fields before the body."""
    unseal(data)
    unpacker = msgpack.Unpacker(ext_hook=_no_ext, max_buffer_size=MAX_FILE_BYTES, **_LIMITS)
    unpacker.feed(data)
    doc: dict = {}
    try:
        for _ in range(unpacker.read_map_header()):
            key = unpacker.unpack()
            if key not in HEADER_KEYS:
                break
            doc[key] = unpacker.unpack()
    except Exception as e:
        raise FormatError(f"it cannot be decoded ({_unpack_reason(e)})") from None
    if doc.get("version") != FORMAT_VERSION:
        doc = upgrade(unpack(data))  # old layouts are rare: read them whole
    return read_header(doc)


def decode(data: bytes) -> Match:
    """A Match replayed from save bytes, or FormatError saying what is wrong."""
    unseal(data)
    doc = read_doc(upgrade(unpack(data)))
    return doc_to_match(doc)


def doc_to_match(doc: SaveDoc) -> Match:
    """Replay a checked document from setup and prove it against its digest."""
    h = doc.header
    if h.game not in REGISTRY.ids():
        raise FormatError(f"its game {h.game[:40]!r} is unknown "
                          f"(known: {', '.join(REGISTRY.ids())})")
    game = REGISTRY.get(h.game)
    if len(h.seats) not in game.players:
        raise FormatError(f"{game.title} is not for {len(h.seats)} players")
    actions = _decode_actions(game, doc.actions, "action")
    redo = _decode_actions(game, doc.redo, "redo action")
    undeclared = options_problem(game, doc.options, len(h.seats))
    try:
        match = Match(h.game, h.seats, doc.seed, doc.options)
    except Exception as e:  # IllegalAction for bad options, anything for hostile ones
        reason = undeclared or _short(e)
        raise FormatError(f"its options do not set up a game ({reason})") from None
    for i, a in enumerate(actions):
        _replay(match, a, f"action {i + 1} of {len(actions)}")
    if state_digest(match.state) != doc.digest:
        since = ("it was written" if h.engine == ENGINE_VERSION
                 else f"Tabula {h.engine} wrote it (this is {ENGINE_VERSION})")
        raise FormatError("its final state does not match its digest: the file was altered, "
                          f"or the rules changed since {since}")
    if match.is_over() != h.finished:
        said = "over" if h.finished else "in progress"
        raise FormatError(f"it says the game is {said}, but replaying it says otherwise")
    _check_redo(match, redo)
    match.redo_stack[:] = redo
    match.meta.update(doc.meta)
    match.meta.update(id=h.id, created=h.created, updated=h.updated)
    return match


def options_problem(game: Any, options: Options, players: int) -> str | None:
    """Why ``options`` break the game's declared options, or None if they don't.

    Only a reason, not a refusal: saves written before games declared their
    options (by the command line: a city spelt in lower case, ``finite_gold=0``,
    a key the game ignores) still set up the same game, which the replay and
    the digest prove, and a save is never lost for a spelling. When the game's
    setup refuses the options too, this is the sentence the player sees.
    """
    try:
        check_options(game.options, options, players)
    except ValueError as e:
        return _short(e)
    return None


def _decode_actions(game: Any, raw: tuple[list, ...], label: str) -> list[tuple]:
    out = []
    for i, a in enumerate(raw):
        try:
            out.append(game.decode_action(a))
        except Exception as e:  # the game's own decoder, fed untrusted data
            raise FormatError(f"{label} {i + 1} cannot be decoded ({_short(e)})") from None
    return out


def _replay(match: Match, a: tuple, where: str) -> None:
    if match.is_over():
        raise FormatError(f"{where} comes after the end of the game")
    try:
        match.play(a)
    except IllegalAction as e:
        raise FormatError(f"{where}, {_action_text(a)}, is not legal: {_short(e)}") from None
    except Exception as e:  # the rules crashing on hostile input still means a bad save
        raise FormatError(f"{where}, {_action_text(a)}, breaks the rules engine "
                          f"({type(e).__name__}: {_short(e)})") from None


def _check_redo(match: Match, redo: list[tuple]) -> None:
    """Each redo action, in the order redo would play it, must be legal."""
    game, s = match.game, match.state
    for i, a in enumerate(reversed(redo)):
        where = f"redo action {i + 1} of {len(redo)}, {_action_text(a)},"
        if game.to_move(s) is None:
            raise FormatError(f"{where} comes after the end of the game")
        try:
            s = game.play(s, a)
        except Exception as e:
            raise FormatError(f"{where} is not legal ({_short(e)})") from None


def _no_ext(code: int, data: bytes) -> Any:
    raise ValueError(f"extension type {code} is not allowed")


_LIMIT = re.compile(r"(\d+) exceeds max_(str|bin|array|map|ext)_len\((\d+)\)")
_LIMIT_NAMES = {"str": "a string of", "bin": "a byte string of", "array": "a list of",
                "map": "a map of", "ext": "an extension value of"}


def _unpack_reason(e: BaseException) -> str:
    """msgpack's reason, in words where it is one of our bounds."""
    m = _LIMIT.search(str(e))
    if m:
        size, kind, limit = m.groups()
        if kind == "ext":
            return "it holds an extension type, which a save never uses"
        return f"it holds {_LIMIT_NAMES[kind]} {int(size):,}; the most is {int(limit):,}"
    return _short(e)


def _action_text(a: Any) -> str:
    text = repr(a)
    return text if len(text) <= 60 else text[:57] + "..."


def _short(e: BaseException) -> str:
    text = str(e).strip().rstrip(".") or type(e).__name__
    return text if len(text) <= 200 else text[:197] + "..."
