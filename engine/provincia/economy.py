"""Resources, Prestige and buildings: the bookkeeping every phase shares.

All functions work on a writable State ``w`` (see ``State.thaw``) and record
what happened as events. The supply is finite: nothing is received that the
supply does not hold, nor above a city's storage (the excess is lost).
"""

from __future__ import annotations

from engine.core import ALL_SEATS, Held, thawing

from .data import (
    AEDIFICIA,
    DEFENSE_MAX,
    DEFENSE_MIN,
    GOLD,
    HORREUM,
    MORALE_MAX,
    MORALE_MIN,
    NONE,
    Res,
)
from .events import Destroyed, Overflowed, PrestigeChanged
from .readings import chosen
from .state import L_BATTLES, Player, State, put

Writable = State  # a thawed State; the alias documents intent


edit = thawing("players", Player)  # edit(w, p): player p of w, writable


def emit(w: Writable, event: tuple) -> None:
    """Record ``event`` (a record of engine.provincia.events) for this step."""
    w.events.append(event)  # type: ignore[attr-defined]


def can_pay(have: Res, cost: Res) -> bool:
    return (have[0] >= cost[0] and have[1] >= cost[1] and have[2] >= cost[2]
            and have[3] >= cost[3])


def add(a: Res, b: Res) -> Res:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: Res, b: Res) -> Res:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def pay(w: Writable, p: int, cost: Res) -> None:
    """Move ``cost`` from player ``p`` back to the supply (caller checked it)."""
    if cost == NONE:
        return
    pl = edit(w, p)
    pl.res = sub(pl.res, cost)
    w.supply = add(w.supply, cost)


def finite_gold(s: Writable) -> bool:
    """Whether the 53 coins limit gold (option ``finite_gold``). Unlimited,
    the supply's gold is not taken from (payments still go to it)."""
    return chosen(s.options, "finite_gold")


def room(w: Writable, p: int, r: int) -> int:
    """How many of resource ``r`` player ``p`` can still receive."""
    pl = w.players[p]
    if r == GOLD:
        return max(0, w.supply[GOLD]) if finite_gold(w) else 10**9
    return max(0, min(w.supply[r], pl.storage - pl.res[r]))


def gain(w: Writable, p: int, amounts: Res) -> Res:
    """Give what the supply and storage allow; return what was received."""
    if amounts == NONE:
        return NONE
    got = tuple(min(a, room(w, p, r)) if a else 0 for r, a in enumerate(amounts))
    if any(got):
        pl = edit(w, p)
        pl.res = add(pl.res, got)  # type: ignore[arg-type]
        supply = list(w.supply)
        for r in range(3):
            supply[r] -= got[r]
        if finite_gold(w):
            supply[GOLD] -= got[GOLD]
        w.supply = tuple(supply)  # type: ignore[assignment]
    return got  # type: ignore[return-value]


def enforce_storage(w: Writable, p: int) -> None:
    """Excess over storage goes back to the supply at once (Horreum lost)."""
    pl = w.players[p]
    cap = pl.storage
    excess = tuple(max(0, pl.res[r] - cap) if r != GOLD else 0 for r in range(4))
    if any(excess):
        pay(w, p, excess)  # type: ignore[arg-type]
        emit(w, Overflowed(p, excess))


def change_pp(w: Writable, p: int, delta: int, ledger: int, reason: str) -> None:
    if not delta:
        return
    pl = edit(w, p)
    pl.pp += delta
    pl.ledger = put(pl.ledger, ledger, pl.ledger[ledger] + delta)
    emit(w, PrestigeChanged(p, delta, reason))


def change_morale(w: Writable, p: int, delta: int, floor: int = MORALE_MIN) -> None:
    pl = edit(w, p)
    pl.morale = max(floor, min(MORALE_MAX, pl.morale + delta))


def change_defense(w: Writable, p: int, delta: int, floor: int = DEFENSE_MIN) -> None:
    pl = edit(w, p)
    pl.defense = max(floor, min(DEFENSE_MAX, pl.defense + delta))


def add_building(w: Writable, p: int, card: int) -> None:
    """Place a building in the city: its award at once, its on-play benefit."""
    b = AEDIFICIA[card]
    pl = edit(w, p)
    pl.built = pl.built + ((card, not b.inactive),)
    pl.pp += b.award
    if b.defense_on_play:
        change_defense(w, p, b.defense_on_play)


def destroy_building(w: Writable, p: int, card: int, active: bool, cause: str) -> None:
    """Return a building to its owner's hand; every benefit it gave is lost
    (its award, its Military, production, storage and discount), but one-time
    gains already received stay (INVENTORY D7)."""
    pl = edit(w, p)
    i = pl.built.index((card, active))
    pl.built = pl.built[:i] + pl.built[i + 1:]
    pl.pp -= AEDIFICIA[card].award
    pl.hand = pl.hand + (Held(card, ALL_SEATS, -1),)
    emit(w, Destroyed(p, card, cause))
    if card == HORREUM:
        enforce_storage(w, p)


def lose_pp(w: Writable, p: int, n: int, reason: str) -> None:
    change_pp(w, p, -n, L_BATTLES, reason)
