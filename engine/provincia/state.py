"""The frozen values a game of Provincia Romana is made of.

A ``State`` holds everything, hidden parts included; ``view.py`` masks it
per seat. Rules work on a writable copy (``thaw``) of only the records they
change and seal it again (``freeze``), so ``play`` never touches its input.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import Held, Options, Record, Rng, put  # noqa: F401 - the rules and bots take put from here
from engine.flow import Pending

from .data import (
    AEDIFICIA,
    CARDS,
    CITIES,
    HORREUM,
    STORAGE_WITH_HORREUM,
    STORAGE_WITHOUT_HORREUM,
    Res,
)

# Phases of a round, then the final Play Cards turn and the end.
SELECT, PLAY, BATTLE, UPKEEP, ACTIVATE, FINAL, OVER = 1, 2, 3, 4, 5, 6, 7
PHASE_NAMES = {
    SELECT: "Select Cards",
    PLAY: "Play Cards",
    BATTLE: "Battle",
    UPKEEP: "Upkeep and Taxes",
    ACTIVATE: "Activate Buildings",
    FINAL: "Final Play Cards",
    OVER: "Game over",
}

# Pools of interchangeable hidden cards (see engine.core.Held).
DECK_POOL = 1000  # + 1000 * deck + reshuffle epoch
BELLUM_POOL = 10000  # + round
TOKEN_POOL = 20000

# Prestige ledger: where a seat's PP came from, besides buildings in play.
LEDGER = ("setup", "activations", "taxes", "battles", "gold", "gloria")
L_SETUP, L_ACTIVATIONS, L_TAXES, L_BATTLES, L_GOLD, L_GLORIA = range(len(LEDGER))


def deck_pool(deck: int, epoch: int) -> int:
    return DECK_POOL * (deck + 1) + epoch


class Player(Record):
    """One city and its owner's holdings.

    ``built`` is a tuple of (card id, active) pairs; ``spqr`` the Senate cards
    that stay in play (Architectus, Corruptio, Gloria). ``ledger`` counts PP
    by source; PP = sum(ledger) + awards of the buildings in play.
    """

    _fields = ("city", "res", "morale", "defense", "pp", "ledger", "built", "spqr",
               "concussio", "praetor", "hand", "tokens")
    __slots__ = _fields
    city: int
    res: Res
    morale: int
    defense: int
    pp: int
    ledger: tuple[int, ...]
    built: tuple[tuple[int, bool], ...]
    spqr: tuple[int, ...]
    concussio: bool
    praetor: bool
    hand: tuple[Held, ...]
    tokens: tuple[Held, ...]

    def has_built(self, card: int) -> bool:
        built = self.built
        return (card, True) in built or (card, False) in built

    @property
    def storage(self) -> int:
        """9 of each resource with a Horreum in play, else 5."""
        return STORAGE_WITH_HORREUM if (HORREUM, True) in self.built else STORAGE_WITHOUT_HORREUM

    @property
    def military(self) -> int:
        total = 0
        for c, active in self.built:
            b = AEDIFICIA[c]
            if b.military and (active or not b.inactive):
                total += b.military
        return total

    def hand_cards(self) -> list[int]:
        return [h.card for h in self.hand]

    @property
    def special_built(self) -> bool:
        name = CITIES[self.city].special
        return any(CARDS[c].name == name for c, _ in self.built)


class Deck(Record):
    """A face-down draw pile, top first.

    Cards are plain ids; ``runs`` says which pool each stretch came from
    (top first, as (length, pool)) and ``known`` how many top cards
    ``known_seat`` has seen and ordered (Consuetudo). Nobody else knows any:
    the cards are face down (``Record._face_down``), and a view shows
    ``HIDDEN`` for each card its seat has not ordered.
    """

    _fields = ("cards", "runs", "known_seat", "known")
    __slots__ = _fields
    _face_down = ("cards",)
    cards: tuple[int, ...]
    runs: tuple[tuple[int, int], ...]
    known_seat: int
    known: int

    def __len__(self) -> int:
        return len(self.cards)


class Draft(Record):
    """The six cards laid out in Phase 1 and who still picks from them.

    ``slots`` hold Held cards (None once taken); ``face_up`` says which were
    laid face up; ``pickers`` is the queue of seats still to pick, chooser first.
    """

    _fields = ("deck", "chooser", "slots", "face_up", "pickers", "taken")
    __slots__ = _fields
    deck: int
    chooser: int
    slots: tuple[Held | None, ...]
    face_up: tuple[bool, ...]
    pickers: tuple[int, ...]
    taken: tuple[tuple[int, int], ...]  # (seat, slot) in pick order, for the draft widget


# What each kind of pending decision (engine.flow.Pending) is about: its ``data``.


class TargetFor(NamedTuple):
    """"target": the Concussio or Coniuratio just played needs its target."""

    card: int


class ConiuratioPick(NamedTuple):
    """"coniuratio_pick": the player of a Coniuratio picks ``target``'s building."""

    target: int


class ConiuratioReact(NamedTuple):
    """"coniuratio_react": the target may save ``card`` with Aediles."""

    attacker: int
    card: int
    active: bool


class ConsuetudoTake(NamedTuple):
    """"consuetudo_take": the cards looked at, one to take into hand."""

    looked: tuple[Held, ...]


class ConsuetudoOrder(NamedTuple):
    """"consuetudo_order": the cards still to put back, and those put back so far."""

    rest: tuple[Held, ...]
    placed: tuple[Held, ...]


class HandLimit(NamedTuple):
    """"discard": over the hand limit at the end of Phase 2."""


class Penalty(NamedTuple):
    """"penalty": a lost battle costs a building of this kind ("production", …)."""

    building: str


class BattleLine(NamedTuple):
    """One seat's fight in this round's battle (Phase 4), for the battle panel:
    Defense + Morale + Military + tokens = total against the Gauls' attack."""

    seat: int
    defense: int
    morale: int
    military: int
    tokens: int
    total: int
    attack: int
    won: bool


class State(Record):
    """A whole game of Provincia Romana at one moment. The two boxes hold
    card ids nobody ever sees (``_face_down``): a view leaves them empty."""

    _fields = (
        "n", "options", "rng", "round", "phase", "caesar", "players", "supply",
        "decks", "discards", "epochs", "markers", "box", "bellum", "bellum_box",
        "step", "queue", "draft", "pending", "committed", "revealed", "battle", "commerce",
        "events", "history", "viewer", "unseen",
    )
    __slots__ = _fields
    _face_down = ("box", "bellum_box")
    # Morale and Defense moved by the rules, logged since fix 35: saves
    # written before them still prove their final state
    _undigested_kinds = {"events": frozenset({"track"})}
    n: int
    options: Options
    rng: Rng
    round: int
    phase: int
    caesar: int
    players: tuple[Player, ...]
    supply: Res
    decks: tuple[Deck, Deck, Deck]  # Opes, SPQR, Aedificium
    discards: tuple[tuple[int, ...], ...]
    epochs: tuple[int, int, int]
    markers: tuple[int, int, int]
    box: tuple[int, ...]  # the 42 Aedificium removed unseen; in a view: ()
    bellum: tuple[Held, ...]
    bellum_box: tuple[int, ...]  # the 11 Bellum returned unseen; in a view: ()
    step: str  # within a phase: "turns", "limit", "tokens", "fight"
    queue: tuple[int, ...]
    draft: Draft | None
    pending: tuple[Pending, ...]
    committed: tuple[Held | None, ...]
    revealed: tuple[int, ...]
    battle: tuple[BattleLine, ...]  # the last battle, a line per seat that has fought
    commerce: bool  # a Commercium was played this turn
    events: tuple[tuple, ...]
    history: tuple[tuple[int, ...], ...]  # PP of every seat after each round, for the chart
    viewer: int  # -1 for a full state, else the seat this view belongs to
    unseen: tuple[tuple[int, tuple[int, ...]], ...]  # in a view: (pool, sorted unknown cards)

    def order_from(self, seat: int) -> tuple[int, ...]:
        """All seats clockwise starting at ``seat``."""
        return tuple((seat + i) % self.n for i in range(self.n))
