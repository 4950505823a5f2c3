"""The state fields code shared by the games reads (``engine.core.STATE_FIELDS``):
every registered game's states and views have each of them, holding what
the list says, at every few steps of a random game for every player count.

A game whose ``flow`` is an ``engine.flow.Flow`` also has the flow's fields.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from engine.core import SPECTATOR, STATE_FIELDS, Rng
from engine.flow import Flow, Pending

from .support import random_game

STRIDE = 2  # every second state of each game, and its last


def fields_of(game: Any) -> list[str]:
    """The names of the fields ``game``'s states must have."""
    on_flow = isinstance(getattr(game, "flow", None), Flow)
    return [f.name for f in STATE_FIELDS if on_flow or not f.flow]


def test_the_list_names_the_fields_shared_code_reads() -> None:
    """One entry per field, each saying what it holds and who reads it, and
    a check here for each: a field added to the list is checked."""
    names = [f.name for f in STATE_FIELDS]
    assert len(names) == len(set(names))
    assert {"viewer", "phase", "pending", "events", "rng", "unseen"} <= set(names)
    assert all(f.kind and f.readers for f in STATE_FIELDS)
    assert set(names) == set(CHECKS)


def test_states_and_views_have_the_shared_fields(game: Any) -> None:
    names = fields_of(game)
    checked = 0
    for n in game.players:
        g = random_game(game, n, seed=70 + n)
        last = len(g.states) - 1
        for i, s in enumerate(g.states):
            if i % STRIDE and i != last:
                continue
            for seat in (None, *range(n), SPECTATOR):
                state = s if seat is None else game.view(s, seat)
                for name in names:
                    assert hasattr(state, name), f"{game.id}: a state has no {name!r}"
                    why = CHECKS[name](game, state, seat)
                    assert why is None, f"{game.id} {n}p step {i}, viewer {seat}: {name} {why}"
                    checked += 1
    assert checked


def test_only_a_game_on_a_flow_is_asked_for_the_flows_fields() -> None:
    """A game that does not run on a Flow is not asked for the flow's fields."""

    class OffFlow:
        flow = None

    class OnFlow:
        flow = Flow({}, {}, over="over")

    assert "phase" not in fields_of(OffFlow()) and "viewer" in fields_of(OffFlow())
    assert {"phase", "pending"} <= set(fields_of(OnFlow()))


# What each field must hold: None when it does, else what is wrong.
Check = Callable[[Any, Any, int | None], str | None]


def _n(game: Any, s: Any, seat: int | None) -> str | None:
    if type(s.n) is not int or s.n != game.seats(s):
        return f"is {s.n!r}, the game has {game.seats(s)} seats"
    return None


def _viewer(game: Any, s: Any, seat: int | None) -> str | None:
    want = -1 if seat is None else seat
    if type(s.viewer) is not int or s.viewer != want:
        return f"is {s.viewer!r}, not {want}"
    if game.viewer(s) != seat:
        return f"is {s.viewer!r} but Game.viewer says {game.viewer(s)!r}"
    return None


def _rng(game: Any, s: Any, seat: int | None) -> str | None:
    if not isinstance(s.rng, Rng):
        return f"is a {type(s.rng).__name__}, not an Rng"
    if seat is not None and s.rng != Rng(0):
        return f"is {s.rng!r} in a view, not Rng(0)"
    return None


def _events(game: Any, s: Any, seat: int | None) -> str | None:
    if type(s.events) is not tuple:
        return f"is a {type(s.events).__name__}, not a tuple"
    bad = [e for e in s.events if not isinstance(e, tuple) or not e or type(e[0]) is not str]
    if bad:
        return f"holds {bad[0]!r}, not a tuple whose first item is its kind"
    if tuple(game.events(s)) != s.events:
        return "differs from Game.events"
    return None


def _unseen(game: Any, s: Any, seat: int | None) -> str | None:
    if type(s.unseen) is not tuple:
        return f"is a {type(s.unseen).__name__}, not a tuple"
    if seat is None:
        return None if s.unseen == () else f"is {s.unseen!r} in a full state, not ()"
    for item in s.unseen:
        if not (isinstance(item, tuple) and len(item) == 2 and type(item[0]) is int
                and type(item[1]) is tuple and all(type(c) is int for c in item[1])
                and list(item[1]) == sorted(item[1])):
            return f"holds {item!r}, not (pool, sorted card ids)"
    return None


def _phase(game: Any, s: Any, seat: int | None) -> str | None:
    if not isinstance(s.phase, Hashable) or s.phase not in game.flow.phases:
        return f"is {s.phase!r}, not a phase of the game's Flow"
    return None


def _pending(game: Any, s: Any, seat: int | None) -> str | None:
    if type(s.pending) is not tuple:
        return f"is a {type(s.pending).__name__}, not a tuple"
    for pd in s.pending:
        if not isinstance(pd, Pending) or pd.kind not in game.flow.decisions \
                or pd.seat not in range(game.seats(s)):
            return f"holds {pd!r}, not a Pending decision of the game's Flow"
    if s.pending and game.to_move(s) != s.pending[-1].seat:
        return "has an open decision whose seat is not the one to move"
    return None


CHECKS: dict[str, Check] = {"n": _n, "viewer": _viewer, "rng": _rng, "events": _events,
                            "unseen": _unseen, "phase": _phase, "pending": _pending}
