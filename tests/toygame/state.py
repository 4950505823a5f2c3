"""The frozen values of a Toy Legion game, and its constants."""

from __future__ import annotations

from engine.core import Held, Record, Rng

CARDS = 12  # card ids 0..11
HAND = 2  # cards dealt to each seat
TURNS = 2  # turns of each seat per era
RAID_DICE = 2  # dice The Raiders roll at the end of each era
BANNERS = ("Eagle", "Wolf", "Boar")
ROMAN = ("-", "I", "II", "III")
RAIDERS = "The Raiders"
PLAY, OVER = "play", "over"  # the phases of its flow


def value(card: int) -> int:
    """A card's points: 1 to 4, three cards of each."""
    return card % 4 + 1


class Camp(Record):
    """One seat's points (by source) and its hand of hidden cards."""

    _fields = ("score", "dice", "cards", "rest", "hand")
    __slots__ = _fields
    score: int
    dice: int
    cards: int
    rest: int
    hand: tuple[Held, ...]


class State(Record):
    """Everything, hidden parts included; ``viewer`` is -1 for a full state
    and the seat for a view (whose ``unseen`` lists the unknown cards);
    ``phase`` and ``pending`` are its flow's (tests/toygame/game.py)."""

    _fields = ("n", "eras", "sides", "raiders", "banners", "era", "turn", "camps", "deck",
               "played", "raid", "history", "rng", "viewer", "unseen", "events", "phase",
               "pending")
    __slots__ = _fields
    n: int
    eras: int
    sides: int
    raiders: bool
    banners: tuple[str, ...]
    era: int
    turn: int  # turns taken in this era
    camps: tuple[Camp, ...]
    deck: tuple[Held, ...]
    played: tuple[int, ...]
    raid: int  # The Raiders' points
    history: tuple[tuple[int, ...], ...]  # seats' scores after each era
    rng: Rng
    viewer: int
    unseen: tuple[tuple[int, tuple[int, ...]], ...]  # in a view: (pool, sorted unknown cards)
    events: tuple[tuple, ...]
    phase: str
    pending: tuple


def mover(s: State) -> int:
    """Seat to move: the first seat moves round the table, one seat per era."""
    return (s.era - 1 + s.turn) % s.n
