"""Phase 1 — Select Cards: choose a deck, lay out six, everyone picks one."""

from __future__ import annotations

from engine.core import ALL_SEATS, HIDDEN, Held

from .actions import DECKS, PICKS, ChooseDeck, Pick
from .data import CARDS, CARDS_PER_DRAW, DECK_NAMES, FACE_UP, MARKERS_PER_DECK, OPES
from .decks import available, discard, draw
from .economy import edit, emit, gain
from .events import DeckChosen, LaidOut, Leftovers, NoDeck, OpesTaken, PhaseBegins, Picked
from .state import SELECT, Draft, State, put


def enter(w: State) -> None:
    """A new Phase 1: markers back on the decks, the choosers queued.

    With 2 or 3 players everyone takes two turns (P1, P2, (P3), P1, P2, (P3)).
    """
    w.step = "turns"
    w.markers = (MARKERS_PER_DECK,) * 3
    order = w.order_from(w.caesar)
    w.queue = order * 2 if w.n <= 3 else order
    emit(w, PhaseBegins(SELECT))


def auto(w: State) -> bool:
    """True while someone must choose a deck or pick; False once every
    chooser has had a turn (a chooser with no deck left to choose passes)."""
    if w.draft is not None:
        return True
    while w.queue:
        if legal_decks(w):
            return True
        emit(w, NoDeck(w.queue[0]))  # every deck empty: the turn passes
        w.queue = w.queue[1:]
    return False


def to_move(s: State) -> int:
    """The picker while a row is laid out, else the chooser."""
    return s.draft.pickers[0] if s.draft is not None else s.queue[0]


def act(w: State, a: ChooseDeck | Pick) -> None:
    if isinstance(a, ChooseDeck):
        choose_deck(w, a.deck)
    else:
        pick(w, a.slot)


def legal_decks(s: State) -> list[tuple]:
    return [DECKS[d] for d in range(3) if s.markers[d] > 0 and available(s, d) > 0]


def legal(s: State) -> list[tuple]:
    """The decks a chooser may choose; while a row is laid out, one pick
    per distinguishable card, as the picker sees the row.

    Face-up copies of one card are the same pick; face-down cards the picker
    has not seen are all alike to them, so only the first is offered.
    """
    d = s.draft
    if d is None:
        return legal_decks(s)
    seat = d.pickers[0]
    out, seen_up, seen_down, blind = [], set(), set(), False
    for i, h in enumerate(d.slots):
        if h is None:
            continue
        if d.face_up[i]:
            if h.card not in seen_up:
                seen_up.add(h.card)
                out.append(PICKS[i])
        elif h.seen >> seat & 1 and h.card != HIDDEN:
            if h.card not in seen_down:
                seen_down.add(h.card)
                out.append(PICKS[i])
        elif not blind:
            blind = True
            out.append(PICKS[i])
    return out


def choose_deck(w: State, d: int) -> None:
    chooser = w.queue[0]
    w.markers = put(w.markers, d, w.markers[d] - 1)
    emit(w, DeckChosen(chooser, d))
    cards = draw(w, d, CARDS_PER_DRAW)
    slots = tuple(Held(h.card, ALL_SEATS, h.pool) if i < FACE_UP else h
                  for i, h in enumerate(cards))
    emit(w, LaidOut(d, tuple(h.card for h in slots[:FACE_UP]), len(slots) - FACE_UP))
    w.draft = Draft(deck=d, chooser=chooser, slots=slots,
                    face_up=tuple(i < FACE_UP for i in range(len(slots))),
                    pickers=w.order_from(chooser), taken=())


def pick(w: State, slot: int) -> None:
    dr = w.draft
    seat = dr.pickers[0]
    h = dr.slots[slot]
    if dr.deck == OPES:
        opes = CARDS[h.card]
        part = opes.quaestor if seat == dr.chooser else opes.others
        got = gain(w, seat, part)
        discard(w, OPES, (h.card,))
        emit(w, OpesTaken(seat, h.card, got, seat == dr.chooser, part))
    else:
        known = Held(h.card, h.seen | (1 << seat), h.pool)
        pl = edit(w, seat)
        pl.hand = pl.hand + (known,)
        emit(w, Picked(seat, dr.deck, known, dr.face_up[slot]))
    slots = put(dr.slots, slot, None)
    pickers = dr.pickers[1:]
    taken = dr.taken + ((seat, slot),)
    if pickers and any(x is not None for x in slots):
        w.draft = dr.replace(slots=slots, pickers=pickers, taken=taken)
        return
    leftovers = tuple(x.card for x in slots if x is not None)
    discard(w, dr.deck, leftovers)
    if leftovers:
        emit(w, Leftovers(dr.deck, leftovers))
    w.draft = None
    w.queue = w.queue[1:]


def why_illegal(s: State, a: tuple) -> str:
    if s.draft is None:
        if a[:1] == ("deck",) and len(a) == 2 and a[1] in (0, 1, 2):
            d = a[1]
            if s.markers[d] == 0:
                return (f"the {DECK_NAMES[d]} deck has no action markers left this round; "
                        "choose another deck")
            return f"the {DECK_NAMES[d]} deck and its discard pile are empty"
        return "choose a deck to draw from (Opes, SPQR or Aedificium)"
    if a[:1] == ("pick",):
        return "that card is not in the row (or is the same pick as another)"
    return "pick one of the cards laid out"
