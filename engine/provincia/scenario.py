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

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import Held, Options
from engine.scenario import ScriptedRng, ScriptError

from .data import (
    AEDIFICIA,
    AEDIFICIUM,
    BATTLE_ROUNDS,
    BELLA,
    BOX_SUPPLY,
    CARD_ID,
    CARDS,
    CITIES,
    DECK_NAMES,
    GOLD,
    HORREUM,
    OPES,
    ROUNDS,
    SPQR,
    TOKENS_PER_COLOUR,
)
from .game import FLOW, Provincia, settle
from .invariants import check_all
from .setup import setup as raw_setup
from .state import (
    ACTIVATE,
    BATTLE,
    FINAL,
    L_SETUP,
    PLAY,
    SELECT,
    TOKEN_POOL,
    Deck,
    Player,
    State,
    deck_pool,
    put,
)

GAME = Provincia()
PHASES = {"select": SELECT, "play": PLAY, "battle": BATTLE, "activate": ACTIVATE,
          "final": FINAL}
FIRST_ROUND = {SELECT: 1, PLAY: 1, BATTLE: BATTLE_ROUNDS[0], ACTIVATE: 1, FINAL: ROUNDS}
QUIET_DECKS = (SPQR, AEDIFICIUM, OPES)
RESOURCES = ("clay", "wood", "stone", "gold")

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


def bellum(name: str) -> int:
    """A Bellum card id by its name ("III-b")."""
    for i, b in enumerate(BELLA):
        if b.name == name:
            return i
    raise ScriptError(f"no Bellum card is called {name!r}")


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
        s = settle(w)
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
        return Options.of(opts)

    def _before(self, key: int, rnd: int) -> State:
        """A writable state just before ``key`` of ``rnd`` begins."""
        w = raw_setup(self.players, self._setup_options(), self.seed).thaw()
        w.events = list(w.events)
        if (rnd, key) == (1, SELECT):
            return w
        FLOW.goto(w, SELECT)
        s = settle(w)

        def stop(x: State, following: int) -> bool:
            return (x.round, following) == (rnd, key)

        for _ in range(5000):
            if GAME.is_over(s):
                break
            w = s.thaw()
            w.events = []
            FLOW.act(w, quiet(s))
            if FLOW.advance(w, stop) is not None:
                return w
            s = settle(w)
        raise ScriptError(f"a quiet game never reaches {_phase_name(key)} of round {rnd}")

    def _place(self, w: State, rnd: int) -> None:
        """Everything the scenario names, into the writable state ``w``."""
        for seat, cards in self.hands.items():
            _set_hand(w, seat, [card(c) for c in cards])
        for seat, (buildings, horreum) in self.buildings.items():
            _set_built(w, seat, buildings, horreum)
        for seat, cards in self.senate.items():
            _set_spqr(w, seat, [card(c) for c in cards])
        for seat, tokens in self.held_tokens.items():
            _set_tokens(w, seat, tokens)
        for r, name in self.bella.items():
            _set_bellum(w, rnd if r is None else r, bellum(name))
        for d, cards in self.piles.items():
            _set_discards(w, d, [card(c) for c in cards])
        for d, (cards, exactly) in self.tops.items():
            _set_top(w, d, [card(c) for c in cards], exactly)
        for seat, amounts in self.res.items():
            pl = _edit(w, seat)
            pl.res = tuple(amounts.get(r, pl.res[i]) for i, r in enumerate(RESOURCES))
        for seat, values in self.tracks.items():
            pl = _edit(w, seat)
            pl.morale = values.get("morale", pl.morale)
            pl.defense = values.get("defense", pl.defense)
        _settle_accounts(w, {seat: v["pp"] for seat, v in self.tracks.items() if "pp" in v})
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


# ---------------------------------------------------------------- moving cards


def _edit(w: State, seat: int) -> Player:
    pl = w.players[seat]
    if type(pl) is Player:
        pl = pl.thaw()
        w.players = put(w.players, seat, pl)
    return pl


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


def _take(w: State, c: int) -> None:
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


def _give_back(w: State, c: int) -> None:
    """A card the scenario replaces goes to its discard pile."""
    if c != HORREUM:
        d = _deck_of(c)
        w.discards = put(w.discards, d, w.discards[d] + (c,))


def _exchange(w: State, old: list[int], new: list[int]) -> tuple[list[int], list[int]]:
    """Give back the cards of ``old`` that ``new`` does not keep, take the
    ones it adds; return (kept, added)."""
    kept_count = Counter(old) & Counter(new)
    for c in (Counter(old) - kept_count).elements():
        _give_back(w, c)
    added = list((Counter(new) - kept_count).elements())
    for c in added:
        _take(w, c)
    return list(kept_count.elements()), added


def _set_hand(w: State, seat: int, cards: list[int]) -> None:
    """The hand, exactly; a card it already held keeps who has seen it."""
    pl = _edit(w, seat)
    kept, _ = _exchange(w, [h.card for h in pl.hand], cards)
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


def _set_built(w: State, seat: int, buildings: tuple, horreum: bool) -> None:
    pairs = [(HORREUM, True)] if horreum else []
    for b in buildings:
        if isinstance(b, tuple):
            pairs.append((card(b[0]), bool(b[1])))
        else:
            c = card(b)
            if c >= len(AEDIFICIA):
                raise ScriptError(f"{CARDS[c].name} is not a building")
            pairs.append((c, not AEDIFICIA[c].inactive))
    pl = _edit(w, seat)
    _exchange(w, [c for c, _ in pl.built], [c for c, _ in pairs])
    pl.built = tuple(pairs)


def _set_spqr(w: State, seat: int, cards: list[int]) -> None:
    pl = _edit(w, seat)
    _exchange(w, list(pl.spqr), cards)
    pl.spqr = tuple(cards)


def _set_tokens(w: State, seat: int, tokens: tuple[int, ...]) -> None:
    for p in range(w.n):
        if p != seat and any(h.card in tokens for h in w.players[p].tokens):
            other = _edit(w, p)
            other.tokens = tuple(h for h in other.tokens if h.card not in tokens)
    _edit(w, seat).tokens = tuple(Held(t, 1 << seat, TOKEN_POOL) for t in tokens)


def _set_bellum(w: State, rnd: int, b: int) -> None:
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


def _set_discards(w: State, d: int, cards: list[int]) -> None:
    old = w.discards[d]
    w.discards = put(w.discards, d, ())
    if old:  # under the deck, as the last stretch of its cards
        deck = w.decks[d]
        pool = deck.runs[-1][1] if deck.runs else deck_pool(d, w.epochs[d])
        runs = (*deck.runs[:-1], (deck.runs[-1][0] + len(old), pool)) if deck.runs \
            else ((len(old), pool),)
        w.decks = put(w.decks, d, deck.replace(cards=deck.cards + old, runs=runs))
    for c in cards:
        _take(w, c)
    w.discards = put(w.discards, d, tuple(cards))


def _set_top(w: State, d: int, cards: list[int], exactly: bool) -> None:
    for c in cards:
        _take(w, c)
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


def _settle_accounts(w: State, totals: dict[int, int]) -> None:
    """Prestige from the ledger and the buildings, the supply from the box."""
    for seat in range(w.n):
        pl = w.players[seat]
        awards = sum(AEDIFICIA[c].award for c, _ in pl.built)
        ledger = list(pl.ledger)
        if seat in totals:
            ledger[L_SETUP] += totals[seat] - (sum(ledger) + awards)
        pp = sum(ledger) + awards
        if pp != pl.pp or seat in totals:
            pl = _edit(w, seat)
            pl.ledger, pl.pp = tuple(ledger), pp
    supply = list(BOX_SUPPLY)
    finite_gold = w.options.get("finite_gold", True)
    for pl in w.players:
        for r in range(4):
            supply[r] -= pl.res[r]
    if not finite_gold:
        supply[GOLD] = w.supply[GOLD]
    short = [RESOURCES[r] for r in range(4) if supply[r] < 0]
    if short:
        raise ScriptError(f"the cities hold more {', '.join(short)} than the box has")
    w.supply = tuple(supply)
