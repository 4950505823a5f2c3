"""Provincia Romana positions for tests, set up the way the rulebook's
examples describe them::

    s = (Scenario(players=3)
         .city(0, "Massilia")
         .hand(0, "Fodina", "Horreum")
         .resources(0, clay=3)
         .built(1, "Officina")
         .deck("aedificium", ["Domus", "Fons"])
         .at_phase("play"))

``at_phase(phase, round=None, seat=None)`` plays a real game (set up with
the scenario's seed, cities and options) quietly up to the moment
``phase`` of ``round`` begins: nobody plays a card, decks are chosen SPQR
and Aedificium first, the first card, token and answer are taken. There it
places everything the scenario names, then the phase begins as it would
(who has something to do, who is skipped) and, given ``seat``, the seats
before it pass until ``seat`` is to move.

What the scenario names replaces what was there, and the state stays one
the rules could reach (``engine/provincia/invariants.py`` checks it, and a
``ScriptError`` says what does not fit):

* a card put in a hand, a city or on a deck comes out of its deck (the
  bottom-most copy), else the box of removed Aedificium (the deck's bottom
  card takes its place there), else its discard pile; a card it replaces
  goes to its discard pile. Horreums are outside the decks.
* the supply is the box's totals minus what the cities hold;
* Prestige is the ledger plus the awards of the buildings in play
  (``pp`` sets the total through the setup entry).

Chance: ``chance(*numbers)`` puts an ``engine.scenario.ScriptedRng`` in the
state, so a discard pile is reshuffled into a deck in the order it lies
(``discards`` sets that order) and anything drawn by number takes the next
number written. Every builder method returns a new Scenario, so a test can
share a base and vary it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import Options, named_options
from engine.scenario import ScriptedRng, ScriptError, run_to_phase

from . import placing
from .data import (
    AEDIFICIA,
    AEDIFICIUM,
    BATTLE_ROUNDS,
    CARD_ID,
    CITIES,
    DECK_NAMES,
    HORREUM,
    OPES,
    ROUNDS,
    SPQR,
    TOKENS_PER_COLOUR,
    TUNED,
    bellum_id,
)
from .game import FLOW, Provincia
from .invariants import check_all
from .placing import RESOURCES
from .readings import OPTIONS, stand_ins
from .setup import setup as raw_setup
from .state import (
    ACTIVATE,
    BATTLE,
    FINAL,
    PLAY,
    SELECT,
    State,
)

GAME = Provincia()
PHASES = {"select": SELECT, "play": PLAY, "battle": BATTLE, "activate": ACTIVATE,
          "final": FINAL}
FIRST_ROUND = {SELECT: 1, PLAY: 1, BATTLE: BATTLE_ROUNDS[0], ACTIVATE: 1, FINAL: ROUNDS}
QUIET_DECKS = (SPQR, AEDIFICIUM, OPES)

Card = str | int


# ---------------------------------------------------------------- names


def card(name: Card) -> int:
    """A card id by its rulebook name ("Fornax Lateris"); ids pass through."""
    if isinstance(name, int):
        return name
    try:
        return CARD_ID[name]
    except KeyError:
        raise ScriptError(f"no card is called {name!r}") from None


def bellum(name: str, stand_ins: str = TUNED) -> int:
    """A Bellum card id by its name ("III-b"), in that set of stand-ins."""
    try:
        return bellum_id(name, stand_ins)
    except KeyError:
        raise ScriptError(f"no Bellum card is called {name!r}") from None


def city(name: str) -> int:
    for i, c in enumerate(CITIES):
        if c.name == name:
            return i
    raise ScriptError(f"no city is called {name!r}")


def token(city_name: str, k: int) -> int:
    """Battle token ``k`` of a city's colour; k = 0 is its "+1 coin" token."""
    return city(city_name) * TOKENS_PER_COLOUR + k


def deck_index(name: str) -> int:
    names = [d.lower() for d in DECK_NAMES]
    if name.lower() not in names:
        raise ScriptError(f"the decks are {', '.join(DECK_NAMES)}, not {name!r}")
    return names.index(name.lower())


# ---------------------------------------------------------------- the builder


@dataclass(frozen=True)
class Scenario:
    """A position to build; see the module docstring."""

    players: int = 4
    seed: int = 1
    cities_: tuple[str | None, ...] = ()
    options_: tuple[tuple[str, Any], ...] = ()
    hands: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    buildings: dict[int, tuple[tuple, bool]] = field(default_factory=dict)
    senate: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    held_tokens: dict[int, tuple[int, ...]] = field(default_factory=dict)
    res: dict[int, dict[str, int]] = field(default_factory=dict)
    tracks: dict[int, dict[str, int]] = field(default_factory=dict)
    tops: dict[int, tuple[tuple[Card, ...], bool]] = field(default_factory=dict)
    piles: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    bella: dict[int | None, str] = field(default_factory=dict)
    script: tuple[int, ...] | None = None

    def _with(self, name: str, key: Any, value: Any) -> Scenario:
        table = dict(getattr(self, name))
        table[key] = value
        return replace(self, **{name: table})

    # -- the table
    def city(self, seat: int, name: str) -> Scenario:
        """Seat ``seat`` plays ``name``; other seats take the first cities left."""
        cities = list(self.cities_) + [None] * (self.players - len(self.cities_))
        cities[seat] = name
        return replace(self, cities_=tuple(cities))

    def cities(self, *names: str) -> Scenario:
        return replace(self, cities_=tuple(names))

    def options(self, **values: Any) -> Scenario:
        """Game options besides the cities (e.g. ``finite_gold=False``)."""
        return replace(self, options_=tuple(sorted({**dict(self.options_), **values}.items())))

    # -- what a seat holds
    def hand(self, seat: int, *cards: Card) -> Scenario:
        return self._with("hands", seat, cards)

    def built(self, seat: int, *buildings: Card | tuple[Card, bool],
              horreum: bool = True) -> Scenario:
        """The buildings in ``seat``'s city besides its Horreum (unless
        ``horreum`` is False): names, entering active unless the card starts
        inactive, or (name, active) pairs."""
        return self._with("buildings", seat, (buildings, horreum))

    def spqr(self, seat: int, *cards: Card) -> Scenario:
        """Senate cards that stay in play (Architectus, Corruptio, Gloria)."""
        return self._with("senate", seat, cards)

    def tokens(self, seat: int, *tokens: int) -> Scenario:
        """``seat``'s battle tokens (``token("Massilia", 3)``); another seat
        holding one of them gives it up."""
        return self._with("held_tokens", seat, tokens)

    def resources(self, seat: int, **amounts: int) -> Scenario:
        """Some of clay, wood, stone and gold; the others stay as they are."""
        bad = set(amounts) - set(RESOURCES)
        if bad:
            raise ScriptError(f"the resources are {', '.join(RESOURCES)}, not {sorted(bad)}")
        return self._with("res", seat, {**self.res.get(seat, {}), **amounts})

    def morale(self, seat: int, n: int) -> Scenario:
        return self._with("tracks", seat, {**self.tracks.get(seat, {}), "morale": n})

    def defense(self, seat: int, n: int) -> Scenario:
        return self._with("tracks", seat, {**self.tracks.get(seat, {}), "defense": n})

    def pp(self, seat: int, n: int) -> Scenario:
        """``seat``'s Prestige in total."""
        return self._with("tracks", seat, {**self.tracks.get(seat, {}), "pp": n})

    # -- decks and chance
    def deck(self, name: str, cards: Iterable[Card], exactly: bool = False) -> Scenario:
        """These cards on top of the deck, the first drawn first; with
        ``exactly``, nothing under them (the rest goes on the discard pile,
        after the cards ``discards`` names)."""
        return self._with("tops", deck_index(name), (tuple(cards), exactly))

    def discards(self, name: str, cards: Iterable[Card]) -> Scenario:
        """The discard pile, exactly (what it held goes under the deck)."""
        return self._with("piles", deck_index(name), tuple(cards))

    def bellum(self, name: str, round: int | None = None) -> Scenario:
        """The Bellum card of ``round`` (default: the position's round)."""
        return self._with("bella", round, name)

    def chance(self, *numbers: int) -> Scenario:
        """Chance as written: reshuffles keep the pile's order; draws by
        number take these numbers in turn."""
        return replace(self, script=numbers)

    # -- the position
    def at_phase(self, phase: str, round: int | None = None, seat: int | None = None) -> State:
        """The state as ``phase`` of ``round`` begins, with everything named:
        its first decision (or ``seat``'s). A phase in which nobody has
        anything to decide runs through by itself, as in a game (Activate
        with no inactive building: the round ends), and the state returned
        is the next decision. ``round`` defaults to the first the phase
        happens in (Battle: 2, the final turn: 6)."""
        if phase not in PHASES:
            raise ScriptError(f"a position starts at {', '.join(PHASES)}, not {phase!r}")
        key = PHASES[phase]
        rnd = FIRST_ROUND[key] if round is None else round
        if key == BATTLE and rnd not in BATTLE_ROUNDS:
            raise ScriptError(f"there is no battle in round {rnd}")
        if key == FINAL and rnd != ROUNDS:
            raise ScriptError(f"the final turn comes after round {ROUNDS}")
        w = self._before(key, rnd)
        self._place(w, rnd)
        FLOW.goto(w, key)
        s = GAME.settle(w)
        if seat is not None:
            s = _until_seat(s, seat, key)
        try:
            check_all(s)
        except AssertionError as e:
            raise ScriptError(f"the scenario breaks a rule of the game: {e}") from None
        return s

    def _setup_options(self) -> Options:
        opts = dict(self.options_)
        if self.cities_:
            chosen = [c for c in self.cities_ if c is not None]
            free = iter(c.name for c in CITIES if c.name not in chosen)
            opts["cities"] = tuple(c if c is not None else next(free)
                                   for c in (*self.cities_,
                                             *[None] * (self.players - len(self.cities_))))
        return named_options(OPTIONS, Options.of(opts))  # a new game: today's defaults

    def _before(self, key: int, rnd: int) -> State:
        """A writable state just before ``key`` of ``rnd`` begins."""
        w = raw_setup(self.players, self._setup_options(), self.seed).thaw()
        w.events = list(w.events)
        if (rnd, key) == (1, SELECT):
            return w
        def stop(x: State, following: int) -> bool:
            return (x.round, following) == (rnd, key)

        return run_to_phase(FLOW, w, SELECT, stop, quiet, GAME.settle,
                            f"{_phase_name(key)} of round {rnd}", limit=5000)

    def _place(self, w: State, rnd: int) -> None:
        """Everything the scenario names, into the writable state ``w``."""
        for seat, cards in self.hands.items():
            placing.set_hand(w, seat, [card(c) for c in cards])
        for seat, (buildings, horreum) in self.buildings.items():
            placing.set_built(w, seat, _pairs(buildings, horreum))
        for seat, cards in self.senate.items():
            placing.set_spqr(w, seat, [card(c) for c in cards])
        for seat, tokens in self.held_tokens.items():
            placing.set_tokens(w, seat, tokens)
        for r, name in self.bella.items():
            placing.set_bellum(w, rnd if r is None else r, bellum(name, stand_ins(w.options)))
        for d, cards in self.piles.items():
            placing.set_discards(w, d, [card(c) for c in cards])
        for d, (cards, exactly) in self.tops.items():
            placing.set_top(w, d, [card(c) for c in cards], exactly)
        for seat, amounts in self.res.items():
            pl = placing.edit(w, seat)
            pl.res = tuple(amounts.get(r, pl.res[i]) for i, r in enumerate(RESOURCES))
        for seat, values in self.tracks.items():
            pl = placing.edit(w, seat)
            pl.morale = values.get("morale", pl.morale)
            pl.defense = values.get("defense", pl.defense)
        totals = {seat: v["pp"] for seat, v in self.tracks.items() if "pp" in v}
        placing.settle_accounts(w, totals)
        if self.script is not None:
            w.rng = ScriptedRng(self.script)


def quiet(s: State) -> tuple:
    """The quiet way through a game: SPQR and Aedificium decks before Opes,
    the first card, token and answer, never a card played or a building
    activated."""
    legal = GAME.legal(s)
    if s.pending:
        return legal[0]
    if s.phase == SELECT and s.draft is None:
        for d in QUIET_DECKS:
            for a in legal:
                if a == ("deck", d):
                    return a
    for a in legal:
        if a == ("done",):
            return a
    return legal[0]


def _until_seat(s: State, seat: int, key: int) -> State:
    while GAME.to_move(s) != seat:
        if s.phase != key:
            raise ScriptError(f"seat {seat} has nothing to decide in {_phase_name(key)}")
        s = GAME.play(s, quiet(s))
    return s


def _phase_name(key: int) -> str:
    return next(name for name, k in PHASES.items() if k == key)


def _pairs(buildings: tuple, horreum: bool) -> list[tuple[int, bool]]:
    """(card, active) for each building named: names enter active unless
    the card starts inactive."""
    pairs = [(HORREUM, True)] if horreum else []
    for b in buildings:
        if isinstance(b, tuple):
            pairs.append((card(b[0]), bool(b[1])))
        else:
            c = card(b)
            pairs.append((c, c >= len(AEDIFICIA) or not AEDIFICIA[c].inactive))
    return pairs
