"""Small caches for the hot paths of a random or bot-driven game.

A frozen ``State`` (and the frozen records and tuples in it) never
changes, and the rules share every value they did not touch between a
state and the next, so what is computed from one frozen value holds for as
long as that value lives. The caches by identity key on the value itself
(kept alive by the cache, so its id cannot be reused), never on a writable
copy; ``pending`` shares equal decision records instead of building them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.flow import Pending

from .state import State

# A cache by identity holds at most this many records before it starts over.
LIMIT = 4096


def last_legal(legal: Callable[[State], list]) -> Callable[[State], list]:
    """``legal(s)`` kept for the last frozen state asked: an untrusted
    ``play`` checks its action against ``legal(s)`` just after the caller
    took the action from it, which would otherwise build the list twice.
    Every call returns a list of its own (callers may change it)."""
    memo: list[tuple[Any, tuple]] = [(None, ())]

    def cached(s: State) -> list:
        last = memo[0]
        if last[0] is s:
            return list(last[1])
        out = legal(s)
        if type(s) is State:
            memo[0] = (s, tuple(out))
        return out

    cached.__doc__ = legal.__doc__
    cached.__wrapped__ = legal  # type: ignore[attr-defined]
    return cached


def last_answers(legal: Callable[[State, Pending], list]) -> Callable[[State, Pending], list]:
    """``last_legal`` for a decision's answers, kept for the last frozen
    state and decision asked."""
    memo: list[tuple[Any, Any, tuple]] = [(None, None, ())]

    def cached(s: State, pd: Pending) -> list:
        last = memo[0]
        if last[0] is s and last[1] is pd:
            return list(last[2])
        out = legal(s, pd)
        if type(s) is State:
            memo[0] = (s, pd, tuple(out))
        return out

    cached.__doc__ = legal.__doc__
    cached.__wrapped__ = legal  # type: ignore[attr-defined]
    return cached


def by_identity(compute: Callable[[tuple], tuple]) -> Callable[[tuple], tuple]:
    """``compute(t)`` kept per tuple ``t`` (a tuple never changes): a
    player's hand is the same tuple from state to state until a card comes
    or goes, however often the player record around it is thawed, so what
    is read off the hand is worked out once per hand, not at every step."""
    cache: dict[int, tuple[tuple, tuple]] = {}

    def cached(t: tuple) -> tuple:
        hit = cache.get(id(t))
        if hit is not None and hit[0] is t:
            return hit[1]
        out = compute(t)
        if len(cache) >= LIMIT:
            cache.clear()
        cache[id(t)] = (t, out)
        return out

    cached.__doc__ = compute.__doc__
    cached.__wrapped__ = compute  # type: ignore[attr-defined]
    return cached


_PENDING: dict[tuple[str, int, tuple], Pending] = {}


def pending(kind: str, seat: int, data: tuple) -> Pending:
    """``Pending(kind, seat, data)``, one shared frozen record per value: the
    same few decisions (a Trade window, Legion moves) open at almost every
    Follower placed, and a record is dearer to build than to look up."""
    key = (kind, seat, data)
    pd = _PENDING.get(key)
    if pd is None:
        if len(_PENDING) >= LIMIT:
            _PENDING.clear()
        pd = _PENDING[key] = Pending(kind, seat, data)
    return pd
