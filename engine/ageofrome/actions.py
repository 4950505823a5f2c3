"""Every action a seat can take in Age of Rome, one named record each.

An action is a tuple whose first item is its kind (``engine.core.kinded``):
``Build("Religion")`` equals ``("build", "Religion")`` and is saved as
``["build", "Religion"]``. Things are named as the rulebook names them:
building types ("Military"), Battle Regions ("Epirus"), provinces
("Gaule"), Trade cards ("Sundial"), Quests, Scheme effects ("Revote").
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import Kinds, kinded


@kinded("return_quest")
class ReturnQuest(NamedTuple):
    """Setup (L67): keep two of the three Quests dealt, return ``quest``."""

    kind: str
    quest: str


@kinded("region")
class PickRegion(NamedTuple):
    """A Legion goes to, or comes back from, Battle Region ``region`` where
    an Event's reward or penalty lets its player choose (Veterans, Mutiny)."""

    kind: str
    region: str


# ---------------------------------------------------------------- Spies & Allies
@kinded("offer")
class Offer(NamedTuple):
    """L340: put the ``token`` ("spy" or "alliance") face down on the
    ``type`` building of ``province`` (an opponent's) with ``denarii`` on it."""

    kind: str
    token: str
    province: str
    type: str
    denarii: int


@kinded("counter")
class Counter(NamedTuple):
    """L340: bargain: propose ``denarii`` as the amount on the token."""

    kind: str
    denarii: int


@kinded("accept")
class Accept(NamedTuple):
    """Accept the Diplomacy as it stands (the opponent) or the counter-offer
    (the placer)."""

    kind: str


@kinded("refuse")
class Refuse(NamedTuple):
    """Refuse the Diplomacy (the opponent, L343) or withdraw it (the placer
    refusing a counter-offer: it is then refused)."""

    kind: str


@kinded("spy_glory")
class SpyGlory(NamedTuple):
    """L342: an accepted Spy: gain Glory equal to the building's level."""

    kind: str


@kinded("spy_action")
class SpyAction(NamedTuple):
    """L342: an accepted Spy: a free action on the building (no bonus)."""

    kind: str


# ---------------------------------------------------------------- schemes
@kinded("activate")
class Activate(NamedTuple):
    """L120-131: activate your Scheme marker on space ``space`` (0-2) of
    ``province`` with the Scheme effect ``effect`` against the player in
    front of it."""

    kind: str
    province: str
    space: int
    effect: str


@kinded("apostasy")
class Apostasy(NamedTuple):
    """L145: remove the target's Legion from ``region``, or replace it with
    one of yours (``replace``)."""

    kind: str
    region: str
    replace: bool


@kinded("vote")
class PickVote(NamedTuple):
    """Revote / Void Vote (L147-148): the target's Vote at ``index`` of the
    Column (0 = the bottom) goes back to its owner."""

    kind: str
    index: int


# ---------------------------------------------------------------- building
@kinded("build")
class Build(NamedTuple):
    """L155-158: place the next level of ``type`` on the province in front of you."""

    kind: str
    type: str


# ---------------------------------------------------------------- action phase
@kinded("place")
class Place(NamedTuple):
    """L176: place a Follower on ``target`` (a building type of the province
    in front of you, "Colosseum" or "Scheme"), with its Bonus marker if
    ``bonus`` (L258-262: Military, Politics and Trade only)."""

    kind: str
    target: str
    bonus: bool


@kinded("legion")
class MoveLegion(NamedTuple):
    """Military (L180-182): a Legion from ``source`` ("board" or a Battle
    Region) to Battle Region ``to``."""

    kind: str
    source: str
    to: str


@kinded("play")
class PlayCard(NamedTuple):
    """L208-211: play Trade card ``card`` for its effect (its condition is
    the one that occurred, or the chain's)."""

    kind: str
    card: str


@kinded("sell")
class Sell(NamedTuple):
    """L217: discard ``card`` for 1 Denarius (never the Anchor)."""

    kind: str
    card: str


@kinded("discard")
class Discard(NamedTuple):
    """L206: make room in a full hand by discarding ``card``."""

    kind: str
    card: str


@kinded("set")
class FormSet(NamedTuple):
    """L213-215: form a Trade set of three cards (a free action on your turn)."""

    kind: str
    cards: tuple[str, str, str]


@kinded("buy_glory")
class BuyGlory(NamedTuple):
    """The Religion Medal (L171): 3 Denarii for 1 Glory, at any time."""

    kind: str


# ---------------------------------------------------------------- income
@kinded("income")
class Income(NamedTuple):
    """L267-270: one Denarius per Population, or two (``double``) for the
    Glory penalty on the Population disc."""

    kind: str
    double: bool


@kinded("done")
class Done(NamedTuple):
    """End what you are doing: your Scheme activations, your building, a
    Trade window, making room."""

    kind: str


ACTIONS = Kinds(
    ReturnQuest, PickRegion, Offer, Counter, Accept, Refuse, SpyGlory, SpyAction, Activate,
    Apostasy, PickVote, Build, Place, MoveLegion, PlayCard, Sell, Discard, FormSet, BuyGlory,
    Income, Done,
)
DONE = Done()
