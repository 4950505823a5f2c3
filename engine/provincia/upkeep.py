"""Phase 4 — Upkeep and Taxes, Phase 5 — Activate Buildings, and the end
of a round."""

from __future__ import annotations

from .actions import ACTIVATES, DONE, Activate, Done
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
from .events import (
    Activated,
    CaesarPassed,
    Passed,
    PhaseBegins,
    Produced,
    RoundBegins,
    Taxed,
    TrackChanged,
)
from .readings import INCOME_EACH_TURN, chosen
from .state import ACTIVATE, FINAL, L_ACTIVATIONS, L_TAXES, SELECT, UPKEEP, Player, State

CORRUPTIO = CARD_ID["Corruptio"]


def taxed(pl: Player) -> bool:
    """Whether this round's Phase 4 takes the tax from ``pl``: Praetor (this
    round) and Corruptio (for good) spare it, unless a Concussio targets them."""
    return not (pl.praetor or CORRUPTIO in pl.spqr) or pl.concussio


def enter_upkeep(w: State) -> None:
    w.step, w.queue = "start", ()
    emit(w, PhaseBegins(UPKEEP))


def upkeep(w: State) -> bool:
    """Morale −1 (not below 1), Defense −1 (not below −3), 1 Gold tax or −2 PP.

    Praetor (this round) and Corruptio (for good) spare the tax; Concussio
    makes its target pay 1 Gold all the same, never more.
    """
    for p in w.order_from(w.caesar):
        pl = w.players[p]
        tracks(w, p, -1, -1, "upkeep")
        if not taxed(pl):
            emit(w, Taxed(p, "exempt"))
        elif w.players[p].res[GOLD] >= TAX_GOLD:
            pay(w, p, (0, 0, 0, TAX_GOLD))
            emit(w, Taxed(p, "paid"))
        else:
            change_pp(w, p, -TAX_FAIL_PP, L_TAXES, "tax")
            emit(w, Taxed(p, "unpaid"))
    return False  # no decisions in this phase


def enter_activate(w: State) -> None:
    w.step, w.queue = "turns", w.order_from(w.caesar)
    emit(w, PhaseBegins(ACTIVATE))


def legal_activate(s: State) -> list[tuple]:
    out: dict[tuple, None] = {}
    for c, active in s.players[s.queue[0]].built:
        if not active:
            out.setdefault(ACTIVATES[c], None)
    return [*out, DONE]


def auto_activate(w: State) -> bool:
    """Seats with nothing inactive are skipped; after the last seat the
    buildings produce and the round ends. True while a seat decides."""
    while w.queue:
        if any(not active for _, active in w.players[w.queue[0]].built):
            return True
        finish_turn(w)
    if not chosen(w.options, INCOME_EACH_TURN):
        produce(w, w.order_from(w.caesar))
    end_round(w)
    return False


def act(w: State, a: Activate | Done) -> None:
    seat = w.queue[0]
    if isinstance(a, Done):
        emit(w, Passed(seat))
        finish_turn(w)
        return
    activate(w, seat, a.card)


def why_illegal(s: State, a: tuple) -> str:
    return "activate one of your inactive buildings, or be done"


def activate(w: State, seat: int, card: int) -> None:
    """Turn an inactive building for 1 PP and take its one-time benefit."""
    b = AEDIFICIA[card]
    pl = edit(w, seat)
    i = pl.built.index((card, False))
    pl.built = pl.built[:i] + ((card, True),) + pl.built[i + 1:]
    change_pp(w, seat, -ACTIVATION_PP, L_ACTIVATIONS, "activation")
    got = gain(w, seat, b.on_activate)
    emit(w, Activated(seat, card, got))
    tracks(w, seat, b.activate_morale, b.activate_defense, "activation")


def tracks(w: State, seat: int, morale: int, defense: int, why: str) -> None:
    """Move the city's Morale and Defense (within their limits) and say
    what moved (``TrackChanged``), if anything did."""
    before = w.players[seat]
    m0, d0 = before.morale, before.defense
    if morale:
        change_morale(w, seat, morale)
    if defense:
        change_defense(w, seat, defense, floor=DEFENSE_MIN)
    after = w.players[seat]
    if (after.morale, after.defense) != (m0, d0):
        emit(w, TrackChanged(seat, after.morale - m0, after.defense - d0, why))


def finish_turn(w: State) -> None:
    """The seat to act is done; where the table reads Phase 5 income as part
    of each player's own turn (L105, L293), it receives it now."""
    seat = w.queue[0]
    w.queue = w.queue[1:]
    if chosen(w.options, INCOME_EACH_TURN):
        produce(w, (seat,))


def produce(w: State, order: tuple[int, ...]) -> None:
    """Every building's per-round benefit for the seats of ``order``. When
    the supply runs short, units go out one at a time in that order, from
    the first player (INVENTORY D9)."""
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
        tracks(w, p, morale, 0, "buildings")
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
            emit(w, Produced(p, tuple(got[p])))


def end_round(w: State) -> None:
    """Caesar passes left and, unless it was the last, the round marker
    moves (action markers return as Phase 1 begins)."""
    w.history = w.history + (tuple(pl.pp for pl in w.players),)
    for p in range(w.n):
        if w.players[p].praetor:
            edit(w, p).praetor = False
    w.caesar = (w.caesar + 1) % w.n
    emit(w, CaesarPassed(w.caesar))
    if w.round < ROUNDS:
        w.round += 1
        emit(w, RoundBegins(w.round))


def after_round(w: State) -> int:
    """The next round's Phase 1, or after the sixth the final Play Cards turn."""
    return FINAL if len(w.history) == ROUNDS else SELECT
