"""What a seat may know, and worlds consistent with it.

Every hidden thing is a ``Held`` carrying who has seen it: Native force
counters on the maps and in the pot (unknown even to the map's owner until
attacked), Triumph tokens, the Era deck's copies, the Later buildings and
the blocking senators. ``view`` masks what a seat has not seen and lists,
per pool, the unknown items (sorted); ``sample`` deals them back at random.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Held, Rng, fill_zone, mask_zone
from engine.flow import Pending

from .state import State

Zone = tuple[Held, ...]
ZoneFn = Callable[[Zone], Zone]


def _natives(zone: tuple[Held | None, ...], fn: ZoneFn) -> tuple[Held | None, ...]:
    held = tuple(h for h in zone if h is not None)
    done = fn(held)
    if done is held:
        return zone
    it = iter(done)
    return tuple(None if h is None else next(it) for h in zone)


def _map_zones(s: State, fn: ZoneFn) -> State:
    """A copy of ``s`` with ``fn`` applied to every zone of hidden things."""
    players = []
    for p in s.players:
        natives = _natives(p.natives, fn)
        remote = tuple(fn(z) for z in p.remote_triumphs)
        triumphs = fn(p.triumphs)
        if natives is p.natives and remote == p.remote_triumphs and triumphs is p.triumphs:
            players.append(p)
        else:
            players.append(p.replace(natives=natives, remote_triumphs=remote, triumphs=triumphs))
    pending = tuple(
        Pending(pd.kind, pd.seat, (pd.data[0], fn(pd.data[1]))) if pd.kind == "natives" else pd
        for pd in s.pending)
    w = s.thaw()
    w.players = tuple(players)
    w.pending = pending
    w.pot = fn(s.pot)
    w.triumph_box = fn(s.triumph_box)
    w.deck = fn(s.deck)
    w.deck_box = fn(s.deck_box)
    w.later = fn(s.later)
    w.later_box = fn(s.later_box)
    w.blockers = fn(s.blockers)
    w.blocker_box = fn(s.blocker_box)
    return w.freeze()


def view(s: State, seat: int) -> State:
    unseen: dict[int, list[int]] = {}
    v = _map_zones(s, lambda z: mask_zone(z, seat, unseen))
    return v.replace(rng=Rng(0), viewer=seat,
                     unseen=tuple(sorted((pool, tuple(sorted(c))) for pool, c in unseen.items())))


def sample(v: State, seat: int, rng: Rng) -> State:
    piles: dict[int, list[int]] = {}
    for pool, cards in v.unseen:
        dealt, _, rng = rng.draw(cards, len(cards))
        piles[pool] = list(dealt)
    s = _map_zones(v, lambda z: fill_zone(z, lambda pool: piles[pool].pop()))
    return s.replace(rng=rng.fork(0x524F4D), viewer=-1, unseen=())


