"""Helpers for the conformance suite (no tests here): option sets, random
games, near-miss actions and a walk over the values inside a state.

Everything here uses the Game protocol only (engine/core.py), never a
game's own state attributes: that is what makes it fit every game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.core import Held, Option, Options, Record, Rng, named_options

GAMES_PER_SET = 3  # random games per player count and option set (thousands: bench/)
STEP_LIMIT = 20_000  # a random game longer than this does not end


def non_defaults(o: Option, players: int) -> list[Any]:
    """Each value of ``o`` other than its default (ints: the two bounds and
    every value between for a short range; seats: one other assignment);
    none at a player count the option may not be set at."""
    if o.players and players not in o.players:
        return []
    if o.kind == "bool":
        return [not o.default]
    if o.kind == "choice":
        return [c for c in o.choices if c != o.default]
    if o.kind == "int":
        lo, hi = o.bounds or (o.default, o.default)
        values = range(lo, hi + 1) if hi - lo <= 4 else (lo, hi)
        return [v for v in values if v != o.default]
    if o.kind == "seats":
        pick = tuple(reversed(o.choices))[:players]
        return [pick] if len(pick) == players and pick != o.default else []
    raise AssertionError(f"option {o.key!r} has an unknown kind {o.kind!r}")


def option_sets(game: Any, players: int) -> list[Options]:
    """The defaults, then each non-default value of each option alone."""
    out = [Options()]
    for o in game.options:
        out += [Options.of({o.key: v}) for v in non_defaults(o, players)]
    return out


@dataclass
class Played:
    """A game played at random: ``states[i]`` is the state after ``actions[:i]``."""

    players: int
    options: Options
    seed: int
    states: list[Any]
    actions: list[tuple]

    def steps(self) -> Iterator[tuple[Any, tuple, Any]]:
        """(before, action, after) for every action."""
        for i, a in enumerate(self.actions):
            yield self.states[i], a, self.states[i + 1]


def random_game(game: Any, players: int, seed: int, options: Options | None = None,
                limit: int | None = None) -> Played:
    """A game played to its end (or ``limit`` actions) by uniformly random
    choices among the legal actions of the seat to move, asked on its view."""
    options = named_options(game.options, options or Options())  # a new game
    rng = random.Random(seed)
    s = game.setup(players, options, seed)
    states, actions = [s], []
    while game.to_move(s) is not None and (limit is None or len(actions) < limit):
        assert len(actions) < STEP_LIMIT, f"no end after {STEP_LIMIT} random actions"
        a = rng.choice(list(game.legal(game.view(s, game.to_move(s)))))
        s = game.play(s, a)
        states.append(s)
        actions.append(a)
    return Played(players, options, seed, states, actions)


def near_misses(legal: list[tuple], elsewhere: tuple | None) -> list[Any]:
    """Actions a careless caller or a hostile save might send: empty, an
    unknown kind, wrong types, numbers off by one, an action from another
    step, things that are not tuples at all."""
    out: list[Any] = [(), ("no such action",), None, "roll", 7, [], (None,), ((),)]
    if elsewhere is not None:
        out.append(elsewhere)
    for a in legal[:3]:
        out.append(a + (0,))
        out.append(a[:1] + tuple(x + 1 if isinstance(x, int) else x for x in a[1:]))
        out.append(a[:1] + tuple(-1 if isinstance(x, int) else x for x in a[1:]))
        out.append(a[:1] + tuple(str(x) for x in a[1:]))
        out.append(a[:1] + tuple((x,) for x in a[1:]))
        out.append(list(a))
    return [a for a in out if a not in legal]


def values(x: Any) -> Iterator[Any]:
    """``x`` and every value inside it: record fields, tuple, list and
    dict items, recursively (a state is made of these)."""
    stack = [x]
    while stack:
        v = stack.pop()
        yield v
        if isinstance(v, Record):
            stack.extend(getattr(v, f) for f in v._fields)
        elif isinstance(v, tuple | list | set | frozenset):
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, Options):
            stack.extend(v.items)


def face_down(x: Any) -> Iterator[Any]:
    """Every value inside the ``_face_down`` fields of the records in ``x``
    (engine.core.Record): card ids kept hidden as a whole."""
    for v in values(x):
        if isinstance(v, Record):
            for f in type(v)._face_down:
                yield from values(getattr(v, f))


def differences(a: Any, b: Any, path: str = "s", hidden: bool = True) -> Iterator[str]:
    """The places where ``a`` and ``b`` differ, walking records field by
    field and tuples, lists and dicts item by item, each as a path
    ("s.players[1].hand[0]"). With ``hidden``, what is hidden is left out:
    the card of a ``Held`` (its ``seen`` and ``pool`` are public), the
    ``Rng`` and a record's ``_face_down`` fields (engine.core.Record)."""
    if a is b:
        return
    if type(a) is not type(b):
        yield f"{path}: {a!r} / {b!r}"
    elif isinstance(a, Held):
        if not hidden or a.seen != b.seen or a.pool != b.pool:
            yield from _leaf(a, b, path)
    elif isinstance(a, Rng):
        if not hidden:
            yield from _leaf(a, b, path)
    elif isinstance(a, Record):
        face_down = type(a)._face_down if hidden else ()
        for f in a._fields:
            if f not in face_down:
                yield from differences(getattr(a, f), getattr(b, f), f"{path}.{f}", hidden)
    elif isinstance(a, tuple | list):
        if len(a) != len(b):
            yield f"{path}: {len(a)} items / {len(b)}"
        else:
            yield from _items(a, b, path, hidden)
    elif isinstance(a, dict):
        if a.keys() != b.keys():
            yield f"{path}: keys {sorted(a, key=repr)} / {sorted(b, key=repr)}"
        else:
            for k in a:
                yield from differences(a[k], b[k], f"{path}[{k!r}]", hidden)
    else:
        yield from _leaf(a, b, path)


def _items(a: tuple | list, b: tuple | list, path: str, hidden: bool) -> Iterator[str]:
    for i, (x, y) in enumerate(zip(a, b, strict=True)):
        yield from differences(x, y, f"{path}[{i}]", hidden)


def _leaf(a: Any, b: Any, path: str) -> Iterator[str]:
    if a != b:
        yield f"{path}: {a!r} / {b!r}"
