"""The three draw decks: drawing from the top, reshuffling the discard."""

from __future__ import annotations

from engine.core import Held

from .economy import emit
from .events import Reshuffled
from .readings import RESHUFFLE_AT_ONCE, chosen
from .state import Deck, State, deck_pool, put


def new_deck(cards: tuple[int, ...], pool: int) -> Deck:
    return Deck(cards=cards, runs=((len(cards), pool),) if cards else (), known_seat=-1, known=0)


def reshuffle(w: State, d: int, under: bool = False) -> None:
    """Shuffle deck ``d``'s discard pile into a new face-down deck.

    With ``under`` the new cards go beneath what is left of the deck
    (Consuetudo with fewer than 10 cards, INVENTORY D21). Each reshuffle
    starts a new pool: everyone knows which cards it holds, not their order.
    """
    cards, w.rng = w.rng.shuffle(w.discards[d])
    epoch = w.epochs[d] + 1
    pool = deck_pool(d, epoch)
    old = w.decks[d]
    if under and old.cards:
        deck = old.replace(cards=old.cards + cards, runs=old.runs + ((len(cards), pool),))
    else:
        deck = new_deck(cards, pool)
    w.decks = put(w.decks, d, deck)
    w.discards = put(w.discards, d, ())
    w.epochs = put(w.epochs, d, epoch)
    emit(w, Reshuffled(d))


def take_top(deck: Deck, k: int) -> tuple[tuple[Held, ...], Deck]:
    """The top ``k`` cards as Held (seen by whoever ordered them) and the rest."""
    out = []
    runs = list(deck.runs)
    seen = 1 << deck.known_seat if deck.known_seat >= 0 else 0
    for i, c in enumerate(deck.cards[:k]):
        length, pool = runs[0]
        out.append(Held(c, seen if i < deck.known else 0, pool))
        runs[0] = (length - 1, pool)
        if length == 1:
            runs.pop(0)
    n = len(out)
    known = max(0, deck.known - n)
    rest = Deck(deck.cards[n:], tuple(runs), deck.known_seat if known else -1, known)
    return tuple(out), rest


def put_on_top(deck: Deck, cards: tuple[Held, ...], seat: int) -> Deck:
    """Return cards on top, in order, known (and ordered) by ``seat`` alone."""
    runs: list[tuple[int, int]] = []
    for h in cards:
        if runs and runs[-1][1] == h.pool:
            runs[-1] = (runs[-1][0] + 1, h.pool)
        else:
            runs.append((1, h.pool))
    if runs and deck.runs and deck.runs[0][1] == runs[-1][1]:
        runs[-1] = (runs[-1][0] + deck.runs[0][0], runs[-1][1])
        tail = deck.runs[1:]
    else:
        tail = deck.runs
    return Deck(tuple(h.card for h in cards) + deck.cards, tuple(runs) + tail,
                seat if cards else -1, len(cards))


def draw(w: State, d: int, k: int) -> tuple[Held, ...]:
    """Take up to ``k`` cards from the top, reshuffling the discard when empty."""
    out: tuple[Held, ...] = ()
    while len(out) < k:
        deck = w.decks[d]
        if not deck.cards:
            if not w.discards[d]:
                break
            reshuffle(w, d)
            continue
        got, rest = take_top(deck, k - len(out))
        out += got
        w.decks = put(w.decks, d, rest)
    refill(w, d)
    return out


def refill(w: State, d: int) -> None:
    """Where the table reads L121 ("if a deck runs out of cards, shuffle the
    matching discard pile") as at once, an empty deck is made again from its
    discard as soon as there is one; otherwise that waits for the next draw."""
    if chosen(w.options, RESHUFFLE_AT_ONCE) and not w.decks[d].cards and w.discards[d]:
        reshuffle(w, d)


def available(s: State, d: int) -> int:
    return len(s.decks[d].cards) + len(s.discards[d])


def discard(w: State, d: int, cards: tuple[int, ...]) -> None:
    if cards:
        w.discards = put(w.discards, d, w.discards[d] + cards)
        refill(w, d)
