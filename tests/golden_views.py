"""What each seat sees, as text, for the golden playthroughs (tests/test_golden.py).

As OpenSpiel's playthroughs keep every player's observation at every step,
a golden file keeps, after the game's log, every seat's view
(``game.view(state, seat)``) after every step: in full after setup, then
only the lines that changed. A change that shows a seat one more hidden
card changes a line there, so it shows up in the diff of a golden file.

A view is written one line per place: "players[1].hand = (<? s=2 p=1001>*3)".
Records are written field by field, and tuples holding records, or only
tuples, item by item; any other tuple is one value. A ``Held`` is ``<card
s=seen p=pool>`` with ``?`` for a hidden card (``s=all``: shown to every
seat); four or more equal items in a row are written once with their count
(``-1*40``). A line is written once for all the seats that see it, named
in brackets: ``[all]``, or ``[0 2 3]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any

from engine.core import ALL_SEATS, HIDDEN, Held, Options, Record

RUN = 4  # equal items in a row written once with their count


def lines(view: Any) -> dict[str, str]:
    """Every place of ``view`` and its value as text, by path."""
    out: dict[str, str] = {}
    _walk(view, "", out)
    return out


def _walk(x: Any, path: str, out: dict[str, str]) -> None:
    if isinstance(x, Record):
        for f in x._fields:
            _walk(getattr(x, f), f"{path}.{f}" if path else f, out)
    elif isinstance(x, tuple | list) and not isinstance(x, Held) and _parts(x):
        if not x:
            out[path] = "()"
        for i, item in enumerate(x):
            _walk(item, f"{path}[{i}]", out)
    elif isinstance(x, dict):
        for k in sorted(x, key=repr):
            _walk(x[k], f"{path}[{k!r}]", out)
    else:
        out[path] = text(x)


def _split(x: Any) -> bool:
    """Is ``x`` written as more than one line (or none)?"""
    return isinstance(x, Record | dict) or (
        isinstance(x, tuple | list) and not isinstance(x, Held) and _parts(x))


def _parts(x: tuple | list) -> bool:
    """Is ``x`` written item by item: does it hold records, or only tuples
    (events, (pool, cards) pairs)?"""
    if any(isinstance(i, Record) for i in x):
        return True
    return bool(x) and all(isinstance(i, tuple | list) and not isinstance(i, Held) for i in x)


def text(x: Any) -> str:
    """One value as text: Held cards short, runs of equal items counted."""
    if isinstance(x, Held):
        card = "?" if x.card == HIDDEN else str(x.card)
        seen = "all" if x.seen == ALL_SEATS else str(x.seen)
        return f"<{card} s={seen} p={x.pool}>"
    if isinstance(x, Options):
        return repr(x.items)
    if isinstance(x, tuple | list):
        parts: list[str] = []
        for _, run in groupby(x, key=lambda item: (type(item), item)):
            items = list(run)
            one = text(items[0])
            parts += [f"{one}*{len(items)}"] if len(items) >= RUN else [one] * len(items)
        inner = ", ".join(parts)
        return f"({inner},)" if len(x) == 1 else f"({inner})"
    return repr(x)


def changes(seen: dict[str, str], now: dict[str, str]) -> list[str]:
    """The lines of ``now`` that are new since ``seen``, and the places gone
    (not those inside a place now one value, nor a value now split in places:
    "draft = None" says that the draft's fields are gone)."""
    out = [f"{p} = {v}" for p, v in now.items() if seen.get(p) != v]
    return out + [f"{p} gone" for p in seen if p not in now and not _implied(p, now)]


def _implied(path: str, now: dict[str, str]) -> bool:
    """Does a line of ``now`` stand for ``path``: one at a place holding it,
    or one inside it?"""
    cuts = [i for i, c in enumerate(path) if c in ".["]
    return any(path[:i] in now for i in cuts) or any(
        p.startswith((path + ".", path + "[")) for p in now)


def delta(before: Any, now: Any, path: str = "") -> list[str]:
    """``changes(lines(before), lines(now))``, in the same words, walking
    only the parts that differ (a view shares most of its parts with the
    view before it)."""
    if before is now or before == now:
        return []
    if before is not NOTHING and not _split(before) and not _split(now):
        return [f"{path} = {text(now)}"]
    if isinstance(now, Record) and type(before) is type(now):
        out: list[str] = []
        for f in now._fields:
            out += delta(getattr(before, f), getattr(now, f), f"{path}.{f}" if path else f)
        return out
    if (isinstance(now, tuple | list) and type(before) is type(now) and len(before) == len(now)
            and _parts(now) and _parts(before)):
        return [line for i, (a, b) in enumerate(zip(before, now, strict=True))
                for line in delta(a, b, f"{path}[{i}]")]
    seen: dict[str, str] = {}
    if before is not NOTHING:
        _walk(before, path, seen)
    fresh: dict[str, str] = {}
    _walk(now, path, fresh)
    return changes(seen, fresh)


NOTHING = object()  # the view before setup


def playthrough_views(game: Any, states: Sequence[Any], actions: Sequence[tuple]) -> str:
    """Every seat's view after setup and after each action, as text: each
    line names the seats that see it, ``[all]`` or e.g. ``[0 2 3]``."""
    seats = game.seats(states[0])
    before: list[Any] = [NOTHING] * seats
    out = ["", "Views: what each seat sees after each step (in full after setup, "
           "then what changed), and which seats see it"]
    for step, s in enumerate(states):
        if step == 0:
            out.append("setup")
        else:
            out.append(f"step {step}: seat {game.to_move(states[step - 1])} {actions[step - 1]!r}")
        now = [game.view(s, seat) for seat in range(seats)]
        who: dict[str, list[int]] = {}
        for seat in range(seats):
            for line in delta(before[seat], now[seat]):
                who.setdefault(line, []).append(seat)
        for line, which in who.items():
            names = "all" if len(which) == seats else " ".join(map(str, which))
            out.append(f"  [{names}] {line}")
        before = now
    return "\n".join(out) + "\n"
