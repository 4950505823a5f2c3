"""Phase 4 — Upkeep and Taxes, Phase 5 — Activate Buildings, and the end
of a round."""

from __future__ import annotations

from . import select
from .data import (
    ACTIVATION_PP,
    AEDIFICIA,
    CARD_ID,
    DEFENSE_MIN,
    GOLD,
    ROUNDS,
    TAX_FAIL_PP,
    TAX_GOLD,
)
from .economy import change_defense, change_morale, change_pp, edit, emit, gain, pay, room
from .state import ACTIVATE, FINAL, L_ACTIVATIONS, L_TAXES, State

CORRUPTIO = CARD_ID["Corruptio"]


def upkeep(w: State) -> None:
    """Morale −1 (not below 1), Defense −1 (not below −3), 1 Gold tax or −2 PP.

    Praetor (this round) and Corruptio (for good) spare the tax; Concussio
    makes its target pay 1 Gold all the same, never more.
    """
    for p in w.order_from(w.caesar):
        pl = w.players[p]
        change_morale(w, p, -1)
        change_defense(w, p, -1, floor=DEFENSE_MIN)
        exempt = (pl.praetor or CORRUPTIO in pl.spqr) and not pl.concussio
        if exempt:
            emit(w, "tax", p, "exempt")
        elif w.players[p].res[GOLD] >= TAX_GOLD:
            pay(w, p, (0, 0, 0, TAX_GOLD))
            emit(w, "tax", p, "paid")
        else:
            change_pp(w, p, -TAX_FAIL_PP, L_TAXES, "tax")
            emit(w, "tax", p, "unpaid")
    w.phase, w.step, w.queue = ACTIVATE, "turns", w.order_from(w.caesar)
    emit(w, "phase", ACTIVATE)


def legal_activate(s: State, seat: int) -> list[tuple]:
    out: dict[tuple, None] = {}
    for c, active in s.players[seat].built:
        if not active:
            out.setdefault(("activate", c), None)
    return [*out, ("done",)]


def step(w: State) -> bool:
    while w.queue:
        if any(not active for _, active in w.players[w.queue[0]].built):
            return True
        w.queue = w.queue[1:]
    produce(w)
    end_round(w)
    return False


def act(w: State, a: tuple) -> None:
    seat = w.queue[0]
    if a[0] == "done":
        w.queue = w.queue[1:]
        emit(w, "pass", seat)
        return
    activate(w, seat, a[1])


def activate(w: State, seat: int, card: int) -> None:
    """Turn an inactive building for 1 PP and take its one-time benefit."""
    b = AEDIFICIA[card]
    pl = edit(w, seat)
    i = pl.built.index((card, False))
    pl.built = pl.built[:i] + ((card, True),) + pl.built[i + 1:]
    change_pp(w, seat, -ACTIVATION_PP, L_ACTIVATIONS, "activation")
    got = gain(w, seat, b.on_activate)
    if b.activate_morale:
        change_morale(w, seat, b.activate_morale)
    if b.activate_defense:
        change_defense(w, seat, b.activate_defense, floor=DEFENSE_MIN)
    emit(w, "activate", seat, card, got)


def produce(w: State) -> None:
    """Every building's per-round benefit. When the supply runs short, units
    go out one at a time in turn order from the first player (INVENTORY D9)."""
    order = w.order_from(w.caesar)
    owed = {}
    for p in order:
        total = [0, 0, 0, 0]
        morale = 0
        for c, active in w.players[p].built:
            b = AEDIFICIA[c]
            if b.inactive and not active:
                continue
            for r in range(4):
                total[r] += b.produce[r]
            morale += b.morale_per_round
        owed[p] = total
        if morale:
            change_morale(w, p, morale)
    got = {p: [0, 0, 0, 0] for p in order}
    for r in range(4):
        while True:
            moved = False
            for p in order:
                if owed[p][r] > 0:
                    owed[p][r] -= 1
                    if room(w, p, r) > 0:
                        unit = [0, 0, 0, 0]
                        unit[r] = 1
                        gain(w, p, tuple(unit))  # type: ignore[arg-type]
                        got[p][r] += 1
                    moved = True
            if not moved:
                break
    for p in order:
        if any(got[p]):
            emit(w, "produce", p, tuple(got[p]))


def end_round(w: State) -> None:
    """Caesar passes left, the round marker moves, markers return (in Phase 1)."""
    w.history = w.history + (tuple(pl.pp for pl in w.players),)
    for p in range(w.n):
        if w.players[p].praetor:
            edit(w, p).praetor = False
    w.caesar = (w.caesar + 1) % w.n
    emit(w, "caesar", w.caesar)
    if w.round == ROUNDS:
        w.phase, w.step, w.queue = FINAL, "turns", w.order_from(w.caesar)
        emit(w, "phase", FINAL)
        return
    w.round += 1
    emit(w, "round", w.round)
    select.start(w)
