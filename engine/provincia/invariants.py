"""Invariants a Provincia Romana state must keep after every action.

Checked by the randomised tests, by bench/soak.py (thousands of games,
through tests/provincia_invariants.py) and by every position the scenario
builder makes. Each check raises AssertionError with a sentence saying what
broke.
"""

from __future__ import annotations

from collections import Counter

from engine.core import HIDDEN

from .data import (
    AEDIFICIA,
    AEDIFICIUM,
    BOX_SUPPLY,
    CARD_ID,
    CARDS,
    DEFENSE_MAX,
    DEFENSE_MIN,
    GOLD,
    HAND_LIMIT,
    HORREUM,
    MORALE_MAX,
    MORALE_MIN,
    OPES,
    SPQR,
    full_deck,
)
from .economy import finite_gold
from .events import Destroyed
from .readings import is_unique
from .state import PLAY, State

CONIURATIO = CARD_ID["Coniuratio"]


def check_all(s: State, prev: State | None = None) -> None:
    check_supply(s)
    check_limits(s)
    check_unique(s)
    check_prestige(s)
    check_cards(s)
    if prev is not None:
        check_hand_limit(prev, s)


def check_supply(s: State) -> None:
    """Supply + everything the players hold = the box, for every resource."""
    for r in range(4):
        if r == GOLD and not finite_gold(s):
            continue
        held = sum(pl.res[r] for pl in s.players)
        assert s.supply[r] + held == BOX_SUPPLY[r], f"resource {r} not conserved"


def check_limits(s: State) -> None:
    for p, pl in enumerate(s.players):
        assert all(x >= 0 for x in pl.res), f"seat {p} has negative resources {pl.res}"
        cap = pl.storage
        assert all(pl.res[r] <= cap for r in range(3)), f"seat {p} over storage {cap}: {pl.res}"
        assert MORALE_MIN <= pl.morale <= MORALE_MAX, f"seat {p} morale {pl.morale}"
        assert DEFENSE_MIN <= pl.defense <= DEFENSE_MAX, f"seat {p} defense {pl.defense}"
    assert all(x >= 0 for x in s.supply), f"negative supply {s.supply}"
    assert all(0 <= m <= 2 for m in s.markers), f"markers {s.markers}"


def check_unique(s: State) -> None:
    for p, pl in enumerate(s.players):
        counts = Counter(c for c, _ in pl.built)
        for c, k in counts.items():
            assert not (is_unique(s.options, c) and k > 1), f"seat {p} has {k} {AEDIFICIA[c].name}"


def check_prestige(s: State) -> None:
    for p, pl in enumerate(s.players):
        awards = sum(AEDIFICIA[c].award for c, _ in pl.built)
        assert pl.pp == sum(pl.ledger) + awards, f"seat {p} PP {pl.pp} != its sources"


def check_hand_limit(prev: State, s: State) -> None:
    """Right after Phase 2 every hand is at most 5 (cards the Gauls sent back
    in this same step excepted)."""
    if prev.phase == PLAY and s.phase != PLAY and s.round == prev.round:
        returned = Counter(e.seat for e in s.events if isinstance(e, Destroyed))
        for p, pl in enumerate(s.players):
            assert len(pl.hand) - returned[p] <= HAND_LIMIT, f"seat {p} holds {len(pl.hand)}"


def check_cards(s: State) -> None:
    """Every card of every deck is somewhere, exactly once (full states only)."""
    if s.viewer != -1:
        return
    where: dict[int, Counter] = {d: Counter() for d in (OPES, SPQR, AEDIFICIUM)}

    def deck_of(c: int) -> int:
        return CARDS[c].deck

    for d in (OPES, SPQR, AEDIFICIUM):
        where[d].update(s.decks[d].cards)
        where[d].update(s.discards[d])
    where[AEDIFICIUM].update(s.box)
    for pl in s.players:
        for h in pl.hand:
            if h.card != HORREUM:  # Horreums live outside the decks
                where[deck_of(h.card)][h.card] += 1
        where[AEDIFICIUM].update(c for c, _ in pl.built if c != HORREUM)
        where[SPQR].update(pl.spqr)
        if pl.concussio:
            where[SPQR][CARD_ID["Concussio"]] += 1
    if s.draft is not None:
        where[s.draft.deck].update(h.card for h in s.draft.slots if h is not None)
    for pd in s.pending:
        if pd.kind == "target":  # Concussio or Coniuratio, between play and target
            where[SPQR][pd.data.card] += 1
        if pd.kind in ("coniuratio_pick", "coniuratio_react"):
            where[SPQR][CONIURATIO] += 1
        if pd.kind == "consuetudo_take":
            where[AEDIFICIUM].update(h.card for h in pd.data.looked)
        if pd.kind == "consuetudo_order":
            where[AEDIFICIUM].update(h.card for h in pd.data.rest + pd.data.placed)
    for d, counter in where.items():
        counter.pop(HIDDEN, None)
        want = Counter(full_deck(d))
        assert counter == want, f"deck {d} cards not conserved: {counter - want} / {want - counter}"
