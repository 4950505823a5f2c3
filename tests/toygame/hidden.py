"""What a seat may know of a Toy Legion game, and worlds consistent with it.

Hands and the deck are ``Held`` cards; a seat knows its own hand. A view
masks the rest, lists the unknown cards sorted (no order leaks) as
(pool, cards) pairs, as ``engine.core.STATE_FIELDS`` says, and hides the
Rng (the dice to come); ``sample`` deals the unknown cards back at random
with a fresh Rng.
"""

from __future__ import annotations

from engine.core import Rng, fill_zone, mask_zone

from .state import State


def view(s: State, seat: int) -> State:
    unseen: dict[int, list[int]] = {}
    camps = []
    for c in s.camps:
        hand = mask_zone(c.hand, seat, unseen)
        camps.append(c if hand is c.hand else c.replace(hand=hand))
    deck = mask_zone(s.deck, seat, unseen)
    return s.replace(camps=tuple(camps), deck=deck, rng=Rng(0), viewer=seat,
                     unseen=tuple((pool, tuple(sorted(c))) for pool, c in sorted(unseen.items())))


def sample(v: State, seat: int, rng: Rng) -> State:
    piles: dict[int, list[int]] = {}
    for pool, cards in v.unseen:
        dealt, _, rng = rng.draw(cards, len(cards))
        piles[pool] = list(dealt)
    deal = lambda pool: piles[pool].pop()
    camps = tuple(c.replace(hand=fill_zone(c.hand, deal)) for c in v.camps)
    return v.replace(camps=camps, deck=fill_zone(v.deck, deal), rng=rng.fork(0x70),
                     viewer=-1, unseen=())
