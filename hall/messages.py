"""The messages of the hall protocol (docs/DEVELOPING.md "Shared tables").

Every message is a msgpack map whose "t" names its kind. ``check`` is the
one gate for what a client sends: a known kind, only that kind's keys, each
of the right type and within bounds, or ProtocolError (the hall then closes
that connection). Text is cleaned later (``saves.plain.plain``); here it is
only bounded so nothing big gets that far.

hall -> client: hello, tables, joined, state, chat, undo_asked, undo_result,
notice, error, ended, host (you host this table now: its host left before
it started). client -> hall: list, create, join, watch, act, chat,
undo, undo_answer, start, bot, end, leave (and hello, first, on a Unix socket).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .wire import ProtocolError

MAX_NAME = 24  # characters of a player's or seat's name, after cleaning
MAX_CHAT = 200  # characters of a chat line, after cleaning
MAX_RAW_TEXT = 1000  # characters of any text field as received
MAX_SEATS = 16
MAX_OPTIONS = 32
MAX_ACTION_ITEMS = 256  # ints/strs in one encoded action, all levels together
MAX_DEPTH = 6  # nesting of lists in an action or option value
CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ"
CODE_LEN = 5  # an open table's code: it is listed in the lobby anyway
PRIVATE_CODE_LEN = 10  # a private table's: 20**10 (10**13) codes, see hall.guesses
CODE_RULE = f"a table's code is {CODE_LEN} letters ({PRIVATE_CODE_LEN} for a private table)"


def is_code(text: str) -> bool:
    """Could ``text`` (any case) be a table's code?"""
    return (len(text) in (CODE_LEN, PRIVATE_CODE_LEN) and text.isascii()
            and all(c in CODE_LETTERS for c in text.upper()))


def _text(limit: int = MAX_RAW_TEXT) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and len(v) <= limit


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and -(2**63) <= v < 2**63


def _nat(v: Any) -> bool:
    return _int(v) and v >= 0


def _opt_nat(v: Any) -> bool:
    return v is None or _nat(v)


def _bool(v: Any) -> bool:
    return isinstance(v, bool)


def _code(v: Any) -> bool:
    return isinstance(v, str) and 1 <= len(v) <= 12 and v.isascii() and v.isalpha()


def _plain_value(v: Any, depth: int, budget: list[int]) -> bool:
    """An action or option value: ints, strs, bools, None and lists of them."""
    budget[0] -= 1
    if budget[0] < 0 or depth > MAX_DEPTH:
        return False
    if v is None or isinstance(v, bool) or _int(v):
        return True
    if isinstance(v, str):
        return len(v) <= 200
    if isinstance(v, list):
        return all(_plain_value(x, depth + 1, budget) for x in v)
    return False


def _action(v: Any) -> bool:
    return isinstance(v, list) and _plain_value(v, 0, [MAX_ACTION_ITEMS])


def _seat_spec(v: Any) -> bool:
    return (isinstance(v, dict) and set(v) <= {"name", "kind", "strength"} and "kind" in v
            and _text(64)(v.get("name", "")) and _text(16)(v["kind"])
            and _text(16)(v.get("strength", "normal")))


def _seats(v: Any) -> bool:
    return isinstance(v, list) and 1 <= len(v) <= MAX_SEATS and all(map(_seat_spec, v))


def _options(v: Any) -> bool:
    return (isinstance(v, dict) and len(v) <= MAX_OPTIONS
            and all(_text(64)(k) and _plain_value(x, 0, [64]) for k, x in v.items()))


# kind -> {key: (required, check)}
_KINDS: dict[str, dict[str, tuple[bool, Callable[[Any], bool]]]] = {
    "list": {},
    "create": {"game": (True, _text(32)), "seats": (True, _seats),
               "options": (False, _options), "private": (False, _bool)},
    # (no seed: the hall draws it, and nobody learns it before the game ends)
    "join": {"code": (True, _code), "seat": (False, _opt_nat)},
    "watch": {"code": (True, _code)},
    "act": {"step": (True, _nat), "action": (True, _action)},
    "chat": {"text": (True, _text())},
    "undo": {},
    "undo_answer": {"yes": (True, _bool)},
    "start": {},
    "bot": {"seat": (True, _nat)},
    "end": {},
    "leave": {},
}
_HELLO = {"name": (True, _text(64))}


def check(msg: dict[str, Any], hello: bool = False) -> dict[str, Any]:
    """``msg`` if it is a well-formed client -> hall message, else
    ProtocolError naming what is wrong. ``hello``: the first message on a
    Unix socket, which must be {"t": "hello", "name": ...}."""
    kind = msg.get("t")
    if hello:
        if kind != "hello":
            raise ProtocolError("the first message on this socket must be hello")
        fields = _HELLO
    else:
        if not isinstance(kind, str) or kind not in _KINDS:
            raise ProtocolError(f"unknown message kind {str(kind)[:20]!r}")
        fields = _KINDS[kind]
    extra = set(msg) - set(fields) - {"t"}
    if extra:
        raise ProtocolError(f"{kind}: unexpected key {str(sorted(map(str, extra))[0])[:20]!r}")
    for key, (required, ok) in fields.items():
        if key not in msg:
            if required:
                raise ProtocolError(f"{kind}: missing {key!r}")
        elif not ok(msg[key]):
            raise ProtocolError(f"{kind}: bad {key!r}")
    return msg


def error(text: str) -> dict[str, Any]:
    return {"t": "error", "text": text}


def notice(text: str) -> dict[str, Any]:
    return {"t": "notice", "text": text}
