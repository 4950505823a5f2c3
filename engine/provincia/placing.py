"""Putting named cards and holdings into a writable Provincia state so
that it stays one the rules could reach: the scenario builder's hands.

A card placed comes out of its deck (the bottom-most copy), else the box of
removed Aedificium (the deck's bottom card takes its place, so the box keeps
its 42), else its discard pile; a card it replaces goes to its discard pile.
Horreums are outside the decks. ``settle_accounts`` then makes Prestige and
the supply agree with what the cities hold.
"""

from __future__ import annotations

from collections import Counter

from engine.core import Held
from engine.scenario import ScriptError

from .data import (
    AEDIFICIA,
    AEDIFICIUM,
    BATTLE_ROUNDS,
    BELLA,
    BOX_SUPPLY,
    CARDS,
    GOLD,
    HORREUM,
)
from .economy import edit, finite_gold
from .state import L_SETUP, TOKEN_POOL, Deck, State, deck_pool, put

RESOURCES = ("clay", "wood", "stone", "gold")


def _deck_of(c: int) -> int:
    return CARDS[c].deck


def _without(deck: Deck, i: int) -> Deck:
    """``deck`` without its card at ``i`` (its pool's run one shorter)."""
    runs = _runs_without(deck.runs, i)
    known = deck.known - 1 if i < deck.known else deck.known
    return Deck(deck.cards[:i] + deck.cards[i + 1:], runs,
                deck.known_seat if known else -1, known)


def _runs_without(runs: tuple[tuple[int, int], ...], i: int) -> tuple[tuple[int, int], ...]:
    out, pos = [], 0
    for length, pool in runs:
        if pos <= i < pos + length:
            if length > 1:
                out.append((length - 1, pool))
        else:
            out.append((length, pool))
        pos += length
    return tuple(out)


def take(w: State, c: int) -> None:
    """Take one card ``c`` out of its deck, the box or its discard pile."""
    if c == HORREUM:
        return  # Horreums are outside the decks
    d = _deck_of(c)
    deck = w.decks[d]
    for i in range(len(deck.cards) - 1, -1, -1):
        if deck.cards[i] == c:
            w.decks = put(w.decks, d, _without(deck, i))
            return
    if d == AEDIFICIUM and c in w.box and deck.cards:
        # The box keeps its 42 cards: the deck's bottom card takes this one's place.
        i = w.box.index(c)
        w.box = w.box[:i] + (deck.cards[-1],) + w.box[i + 1:]
        w.decks = put(w.decks, d, _without(deck, len(deck.cards) - 1))
        return
    pile = w.discards[d]
    if c in pile:
        i = len(pile) - 1 - pile[::-1].index(c)
        w.discards = put(w.discards, d, pile[:i] + pile[i + 1:])
        return
    raise ScriptError(f"no {CARDS[c].name} is left to take: every copy is in play or in a hand")


def give_back(w: State, c: int) -> None:
    """A card the scenario replaces goes to its discard pile."""
    if c != HORREUM:
        d = _deck_of(c)
        w.discards = put(w.discards, d, w.discards[d] + (c,))


def exchange(w: State, old: list[int], new: list[int]) -> tuple[list[int], list[int]]:
    """Give back the cards of ``old`` that ``new`` does not keep, take the
    ones it adds; return (kept, added)."""
    kept_count = Counter(old) & Counter(new)
    for c in (Counter(old) - kept_count).elements():
        give_back(w, c)
    added = list((Counter(new) - kept_count).elements())
    for c in added:
        take(w, c)
    return list(kept_count.elements()), added


def set_hand(w: State, seat: int, cards: list[int]) -> None:
    """The hand, exactly; a card it already held keeps who has seen it."""
    pl = edit(w, seat)
    kept, _ = exchange(w, [h.card for h in pl.hand], cards)
    old = [h for h in pl.hand]
    hand = []
    for c in cards:
        same = next((h for h in old if h.card == c), None)
        if same is not None and c in kept:
            kept.remove(c)
            old.remove(same)
            hand.append(same)
        else:
            hand.append(Held(c, 1 << seat, deck_pool(_deck_of(c), 0)))
    pl.hand = tuple(hand)


def set_built(w: State, seat: int, pairs: list[tuple[int, bool]]) -> None:
    """The city's buildings, exactly, as (card, active) pairs."""
    for c, _ in pairs:
        if c >= len(AEDIFICIA):
            raise ScriptError(f"{CARDS[c].name} is not a building")
    pl = edit(w, seat)
    exchange(w, [c for c, _ in pl.built], [c for c, _ in pairs])
    pl.built = tuple(pairs)


def set_spqr(w: State, seat: int, cards: list[int]) -> None:
    pl = edit(w, seat)
    exchange(w, list(pl.spqr), cards)
    pl.spqr = tuple(cards)


def set_tokens(w: State, seat: int, tokens: tuple[int, ...]) -> None:
    for p in range(w.n):
        if p != seat and any(h.card in tokens for h in w.players[p].tokens):
            other = edit(w, p)
            other.tokens = tuple(h for h in other.tokens if h.card not in tokens)
    edit(w, seat).tokens = tuple(Held(t, 1 << seat, TOKEN_POOL) for t in tokens)


def set_bellum(w: State, rnd: int, b: int) -> None:
    if rnd not in BATTLE_ROUNDS:
        raise ScriptError(f"round {rnd} has no Bellum card (battles: {BATTLE_ROUNDS})")
    i = BATTLE_ROUNDS.index(rnd)
    slot = w.bellum[i]
    cards = [h.card for h in w.bellum]
    if b in cards:  # another round's card: the two swap
        j = cards.index(b)
        other = w.bellum[j]
        w.bellum = put(w.bellum, j, Held(slot.card, other.seen, other.pool))
    elif b in w.bellum_box:
        k = w.bellum_box.index(b)
        w.bellum_box = put(w.bellum_box, k, slot.card)
    else:
        raise ScriptError(f"Bellum {BELLA[b].name} is not in the game")
    w.bellum = put(w.bellum, i, Held(b, slot.seen, slot.pool))


def set_discards(w: State, d: int, cards: list[int]) -> None:
    old = w.discards[d]
    w.discards = put(w.discards, d, ())
    if old:  # under the deck, as the last stretch of its cards
        deck = w.decks[d]
        pool = deck.runs[-1][1] if deck.runs else deck_pool(d, w.epochs[d])
        runs = (*deck.runs[:-1], (deck.runs[-1][0] + len(old), pool)) if deck.runs \
            else ((len(old), pool),)
        w.decks = put(w.decks, d, deck.replace(cards=deck.cards + old, runs=runs))
    for c in cards:
        take(w, c)
    w.discards = put(w.discards, d, tuple(cards))


def set_top(w: State, d: int, cards: list[int], exactly: bool) -> None:
    for c in cards:
        take(w, c)
    deck = w.decks[d]
    pool = deck.runs[0][1] if deck.runs else deck_pool(d, w.epochs[d])
    if exactly:
        w.discards = put(w.discards, d, w.discards[d] + deck.cards)
        deck = Deck((), (), -1, 0)
    if deck.runs:
        runs = ((deck.runs[0][0] + len(cards), pool), *deck.runs[1:])
    else:
        runs = ((len(cards), pool),) if cards else ()
    w.decks = put(w.decks, d, Deck(tuple(cards) + deck.cards, runs, -1, 0))


def settle_accounts(w: State, totals: dict[int, int]) -> None:
    """Prestige from the ledger and the buildings, the supply from the box."""
    for seat in range(w.n):
        pl = w.players[seat]
        awards = sum(AEDIFICIA[c].award for c, _ in pl.built)
        ledger = list(pl.ledger)
        if seat in totals:
            ledger[L_SETUP] += totals[seat] - (sum(ledger) + awards)
        pp = sum(ledger) + awards
        if pp != pl.pp or seat in totals:
            pl = edit(w, seat)
            pl.ledger, pl.pp = tuple(ledger), pp
    supply = list(BOX_SUPPLY)
    for pl in w.players:
        for r in range(4):
            supply[r] -= pl.res[r]
    if not finite_gold(w):
        supply[GOLD] = w.supply[GOLD]
    short = [RESOURCES[r] for r in range(4) if supply[r] < 0]
    if short:
        raise ScriptError(f"the cities hold more {', '.join(short)} than the box has")
    w.supply = tuple(supply)
