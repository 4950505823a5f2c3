"""What happened, one named record per kind of event, for the log and the
table (``State.events`` holds the events of the last step).

Like the actions, each is a tuple whose first item is its kind
(``engine.core.kinded``), so code reading ``e[0]``/``e[1]`` keeps working;
new code reads names. Seats are seat numbers, cards card ids (``Held`` where
the card may be hidden from some seats: views mask those), resources 4-tuples.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import Held, Kinds, kinded

from .data import Res


@kinded("round")
class RoundBegins(NamedTuple):
    kind: str
    round: int


@kinded("phase")
class PhaseBegins(NamedTuple):
    kind: str
    phase: int


@kinded("deck")
class DeckChosen(NamedTuple):
    kind: str
    seat: int
    deck: int


@kinded("layout")
class LaidOut(NamedTuple):
    """The row of Phase 1: the face-up cards and how many lie face down."""

    kind: str
    deck: int
    face_up: tuple[int, ...]
    face_down: int


@kinded("pick")
class Picked(NamedTuple):
    """A card taken into hand (``held`` is hidden from those who never saw it)."""

    kind: str
    seat: int
    deck: int
    held: Held
    face_up: bool


@kinded("opes")
class OpesTaken(NamedTuple):
    """An Opes card taken: ``got`` of the ``due`` part (Quaestor's or the others')."""

    kind: str
    seat: int
    card: int
    got: Res
    quaestor: bool
    due: Res


@kinded("leftovers")
class Leftovers(NamedTuple):
    kind: str
    deck: int
    cards: tuple[int, ...]


@kinded("reshuffle")
class Reshuffled(NamedTuple):
    kind: str
    deck: int


@kinded("build")
class Built(NamedTuple):
    kind: str
    seat: int
    card: int
    cost: Res


@kinded("senate")
class SenatePlayed(NamedTuple):
    kind: str
    seat: int
    card: int
    cost: Res


@kinded("trade")
class Traded(NamedTuple):
    kind: str
    seat: int
    resource: int
    got: Res


@kinded("exchange")
class Exchanged(NamedTuple):
    kind: str
    seat: int
    paid: Res
    got: Res


@kinded("gain")
class Gained(NamedTuple):
    kind: str
    seat: int
    got: Res


@kinded("target")
class Targeted(NamedTuple):
    kind: str
    seat: int
    card: int
    target: int


@kinded("destroyed")
class Destroyed(NamedTuple):
    """A building back to its owner's hand; ``cause`` "gauls" or "coniuratio"."""

    kind: str
    seat: int
    card: int
    cause: str


@kinded("saved")
class Saved(NamedTuple):
    """Aediles played: the building (None: not chosen yet) stays."""

    kind: str
    seat: int
    card: int | None
    cause: str


@kinded("consuetudo")
class ConsuetudoTaken(NamedTuple):
    kind: str
    seat: int
    held: Held


@kinded("deck_order")
class DeckOrdered(NamedTuple):
    kind: str
    seat: int
    count: int


@kinded("hand_discard")
class HandDiscarded(NamedTuple):
    kind: str
    seat: int
    card: int


@kinded("token_played")
class TokenPlaced(NamedTuple):
    kind: str
    seat: int


@kinded("tokens")
class TokensRevealed(NamedTuple):
    kind: str
    tokens: tuple[int, ...]


@kinded("bellum")
class BellumRevealed(NamedTuple):
    kind: str
    card: int


@kinded("battle")
class Fought(NamedTuple):
    kind: str
    seat: int
    total: int
    attack: int
    won: bool


@kinded("lose")
class Lost(NamedTuple):
    kind: str
    seat: int
    amount: Res


@kinded("morale_lost")
class MoraleLost(NamedTuple):
    """A lost battle lowered the city's Morale by ``amount``."""

    kind: str
    seat: int
    amount: int


@kinded("pp")
class PrestigeChanged(NamedTuple):
    kind: str
    seat: int
    delta: int
    reason: str


@kinded("overflow")
class Overflowed(NamedTuple):
    kind: str
    seat: int
    lost: Res


@kinded("tax")
class Taxed(NamedTuple):
    """``how``: "paid", "exempt" or "unpaid"."""

    kind: str
    seat: int
    how: str


@kinded("activate")
class Activated(NamedTuple):
    kind: str
    seat: int
    card: int
    got: Res


@kinded("produce")
class Produced(NamedTuple):
    kind: str
    seat: int
    got: Res


@kinded("caesar")
class CaesarPassed(NamedTuple):
    kind: str
    seat: int


@kinded("end")
class GameEnds(NamedTuple):
    kind: str
    winners: tuple[int, ...]


@kinded("no_deck")
class NoDeck(NamedTuple):
    kind: str
    seat: int


@kinded("pass")
class Passed(NamedTuple):
    kind: str
    seat: int


@kinded("track")
class TrackChanged(NamedTuple):
    """Morale or Defense moved by no one's choice: ``why`` "upkeep" (Phase
    4's −1 each), "buildings" (Phase 5's Morale per round) or "activation"
    (a building turned). The deltas as applied (a floor or a ceiling may
    leave 0). Without it the log said nothing of these changes."""

    kind: str
    seat: int
    morale: int
    defense: int
    why: str


EVENTS = Kinds(RoundBegins, PhaseBegins, DeckChosen, LaidOut, Picked, OpesTaken, Leftovers,
               Reshuffled, Built, SenatePlayed, Traded, Exchanged, Gained, Targeted, Destroyed,
               Saved, ConsuetudoTaken, DeckOrdered, HandDiscarded, TokenPlaced, TokensRevealed,
               BellumRevealed, Fought, Lost, PrestigeChanged, Overflowed, Taxed, Activated,
               Produced, CaesarPassed, GameEnds, NoDeck, Passed, MoraleLost, TrackChanged)
