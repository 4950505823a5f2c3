"""Every action a seat can take in Provincia Romana, one named record each.

An action is a tuple whose first item is its kind (``engine.core.kinded``):
``Play(card, pay)`` equals ``("play", card, pay)``, is saved as ``["play",
card, pay]`` and is read by name (``a.card``) or, by older code, by index.
``ACTIONS.typed`` turns a decoded plain tuple back into its record.

``legal`` builds its lists from the tables at the end of this module: every
action that can ever be legal exists once, so listing them allocates nothing
and checking membership compares by identity first.
"""

from __future__ import annotations

from itertools import product
from typing import NamedTuple

from engine.core import Kinds, kinded

from .data import AEDIFICIA, CARDS, CITIES, TOKENS_PER_COLOUR


@kinded("deck")
class ChooseDeck(NamedTuple):
    """Phase 1: take an action marker from a deck (0 Opes, 1 SPQR, 2 Aedificium)."""

    kind: str
    deck: int


@kinded("pick")
class Pick(NamedTuple):
    """Phase 1: take the card in ``slot`` of the row laid out."""

    kind: str
    slot: int


@kinded("play")
class Play(NamedTuple):
    """Phase 2: play a card from hand. ``pay`` is the resource a discount
    takes off a building (-1: none), or Corruptio's (clay, wood, stone)."""

    kind: str
    card: int
    pay: int | tuple[int, int, int]


@kinded("trade")
class Trade(NamedTuple):
    """Phase 2: 2 Gold for 1 of ``resource`` (Wood or Stone)."""

    kind: str
    resource: int


@kinded("exchange")
class Exchange(NamedTuple):
    """Phase 2, after a Commercium: 1 Clay for 1 Wood and 1 Stone."""

    kind: str


@kinded("done")
class Done(NamedTuple):
    """End the turn (Phase 2, the final turn) or stop activating (Phase 5)."""

    kind: str


@kinded("token")
class Token(NamedTuple):
    """Phase 3: place a battle token face down."""

    kind: str
    token: int


@kinded("target")
class Target(NamedTuple):
    """Answer: the opponent a Concussio or Coniuratio targets."""

    kind: str
    seat: int


@kinded("destroy")
class Destroy(NamedTuple):
    """Answer: the building lost (to a Coniuratio or the Gauls)."""

    kind: str
    card: int
    active: bool


@kinded("aediles")
class Aediles(NamedTuple):
    """Answer: play Aediles to save a building."""

    kind: str


@kinded("accept")
class Accept(NamedTuple):
    """Answer: let a Coniuratio destroy the building."""

    kind: str


@kinded("take")
class Take(NamedTuple):
    """Answer to Consuetudo: the card taken into hand."""

    kind: str
    card: int


@kinded("order")
class Order(NamedTuple):
    """Answer to Consuetudo: the card put back next on the deck."""

    kind: str
    card: int


@kinded("keep")
class Keep(NamedTuple):
    """Answer to Consuetudo: put the rest back in the order they are."""

    kind: str


@kinded("discard")
class Discard(NamedTuple):
    """Answer to the hand limit: the card discarded."""

    kind: str
    card: int


@kinded("activate")
class Activate(NamedTuple):
    """Phase 5: activate an inactive building for 1 PP."""

    kind: str
    card: int


ACTIONS = Kinds(ChooseDeck, Pick, Play, Trade, Exchange, Done, Token, Target, Destroy, Aediles,
                Accept, Take, Order, Keep, Discard, Activate)

# ---------------------------------------------------------------- every action, once

DONE, EXCHANGE, AEDILES, ACCEPT, KEEP = Done(), Exchange(), Aediles(), Accept(), Keep()
DECKS = tuple(ChooseDeck(d) for d in range(3))
PICKS = tuple(Pick(i) for i in range(6))
TRADES = tuple(Trade(r) for r in range(4))
TARGETS = tuple(Target(p) for p in range(len(CITIES)))
TOKENS = tuple(Token(t) for t in range(len(CITIES) * TOKENS_PER_COLOUR))
# PLAYS[card][pay] for pay -1 (no discount, the last entry) or a resource 0-3
PLAYS = tuple(tuple(Play(c, r) for r in (0, 1, 2, 3, -1)) for c in range(len(CARDS)))
# Corruptio's payments: any 3 of Clay, Wood and Stone, as (clay, wood, stone)
ANY_THREE = tuple(p for p in product(range(4), repeat=3) if sum(p) == 3)
PLAYS_ANY_THREE = {c: tuple(Play(c, p) for p in ANY_THREE)
                   for c, card in enumerate(CARDS) if getattr(card, "any_three", False)}
DESTROYS = tuple((Destroy(c, False), Destroy(c, True)) for c in range(len(AEDIFICIA)))
ACTIVATES = tuple(Activate(c) for c in range(len(AEDIFICIA)))
TAKES = tuple(Take(c) for c in range(len(CARDS)))
ORDERS = tuple(Order(c) for c in range(len(CARDS)))
DISCARDS = tuple(Discard(c) for c in range(len(CARDS)))

# Every action above by its plain tuple: a decoded save's action becomes the
# very record legal() lists, so replaying finds it by identity.
EVERY: dict[tuple, tuple] = {
    tuple(a): a
    for group in (DECKS, PICKS, TRADES, TARGETS, TOKENS, ACTIVATES, TAKES, ORDERS, DISCARDS,
                  (DONE, EXCHANGE, AEDILES, ACCEPT, KEEP), *PLAYS, *PLAYS_ANY_THREE.values(),
                  *DESTROYS)
    for a in group
}
