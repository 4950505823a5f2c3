"""The three draw decks: drawing from the top, reshuffling the discard."""

from __future__ import annotations

from engine.core import Held

from .economy import emit
from .state import State, deck_pool, put


def reshuffle(w: State, d: int, under: bool = False) -> None:
    """Shuffle deck ``d``'s discard pile into a new face-down deck.

    With ``under`` the new cards go beneath what is left of the deck
    (Consuetudo with fewer than 10 cards, INVENTORY D21). Each reshuffle
    starts a new pool: everyone knows which cards it holds, not their order.
    """
    cards, w.rng = w.rng.shuffle(w.discards[d])
    epoch = w.epochs[d] + 1
    fresh = tuple(Held(c, 0, deck_pool(d, epoch)) for c in cards)
    w.decks = put(w.decks, d, w.decks[d] + fresh if under else fresh)
    w.discards = put(w.discards, d, ())
    w.epochs = put(w.epochs, d, epoch)
    emit(w, "reshuffle", d)


def draw(w: State, d: int, k: int) -> tuple[Held, ...]:
    """Take up to ``k`` cards from the top, reshuffling the discard when empty."""
    out: tuple[Held, ...] = ()
    while len(out) < k:
        deck = w.decks[d]
        if not deck:
            if not w.discards[d]:
                break
            reshuffle(w, d)
            continue
        take = deck[: k - len(out)]
        out += take
        w.decks = put(w.decks, d, deck[len(take):])
    return out


def available(s: State, d: int) -> int:
    return len(s.decks[d]) + len(s.discards[d])


def discard(w: State, d: int, cards: tuple[int, ...]) -> None:
    if cards:
        w.discards = put(w.discards, d, w.discards[d] + cards)
