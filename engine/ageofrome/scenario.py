"""Age of Rome positions for tests, set up the way the rulebook's examples
describe them::

    s = (Scenario(players=4, names=("Jack", "Henry", "Mary", "Ross"))
         .characters("Marcus Antonius", "Crassus", "Pompeius", "Lepidus")
         .at("actions", round=3)
         .glory(Jack=12, Mary=11).denarii(Henry=2)
         .feuds(Jack=1).column("Mary", "Jack", "Henry", "Mary", "Ross")
         .regions(Epirus={"Ross": 1, "Mary": 1})
         .hand("Mary", "Sundial", "Circinus", "Anchor")
         .deck("trade", "Bulla", "Spatha")
         .medal("Military", "Ross").levels("Italia", Religion=2)
         .build())

``build()`` sets the game up with the scenario's seed (characters,
decks and the first player by chance, unless named), lets every seat keep
its first two Quests (``engine.scenario.run_to_phase``), then lays out the
position: round ``round`` at the start of phase ``at`` (``event``,
``diplomacy``, ``schemes``, ``build``, ``actions``, ``income`` or ``over``,
which scores the game), everything not named as at the start of the game
(each player's board as its character's, no building, no Legion in a
region, an empty Column), the Events of the earlier rounds gone from the
deck, this round's face up. Then the phase begins as it would and the
state returned waits for its first decision.

Seats are named by number or by ``names``. Legions and Votes placed on the
board come from the player's board (then from the unrecruited ones), so
every piece stays in the game once; cards named in a hand, a set or on top
of a deck are taken from wherever they lie. A seat whose Glory is named has
met every milestone at or below it (and recruited its Followers) unless
``met``/``followers`` say otherwise. ``chance(*numbers)`` scripts what
chance decides next (engine.scenario.ScriptedRng). Every builder method
returns a new Scenario, so a test can share a base and vary it.
``invariants.check`` checks every position built.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import Held, Options, named_options
from engine.scenario import ScriptedRng, ScriptError, run_to_phase

from . import board, data, invariants
from .events_phase import turn_order
from .game import FLOW, OPTIONS, settle
from .setup import new_player
from .setup import setup as raw_setup
from .state import (
    ACTIONS,
    BUILD,
    CARD_INDEX,
    CHARACTER_INDEX,
    DIPLOMACY,
    EVENT,
    EVENT_INDEX,
    EVENT_POOL,
    INCOME,
    OVER,
    PROVINCE_INDEX,
    QUEST_INDEX,
    QUEST_POOL,
    QUESTS,
    REGION_INDEX,
    SCHEMES,
    TRADE_POOL,
    TYPE_INDEX,
    Marker,
    State,
    mine,
    province,
    put,
    tile_index,
)

PHASES = {"event": EVENT, "diplomacy": DIPLOMACY, "schemes": SCHEMES, "build": BUILD,
          "actions": ACTIONS, "income": INCOME, "over": OVER}
# Player fields a test may set directly (``player``); the others have their own methods.
PLAYER_FIELDS = ("glory", "denarii", "followers", "placed", "milestones", "feuds",
                 "bonus_used", "anchor", "base_own", "top_own", "base_common", "top_common",
                 "majorities", "schemes_activated", "tiles_placed", "level3_placed",
                 "colosseum", "tokens", "legions", "votes")


def quiet(s: State) -> tuple:
    """Keep the first two Quests; otherwise Done, a refusal or the first choice."""
    options = FLOW.legal(s)
    for a in options:
        if a[0] in ("done", "refuse"):
            return a
    if s.pending and s.pending[-1].kind == "return_quest":
        return options[-1]
    return options[0]


@dataclass(frozen=True)
class Scenario:
    """A position to build; see the module docstring."""

    players: int = 4
    names: tuple[str, ...] = ()
    seed: int = 1
    options: dict[str, bool] = field(default_factory=dict)
    characters_: tuple[str, ...] = ()
    phase_: str = "build"
    round_: int = 1
    first_: int | None = None
    rotation_: int = 0
    event_: str | None = None
    fields: dict[int, dict[str, Any]] = field(default_factory=dict)
    met_: dict[int, int] = field(default_factory=dict)
    column_: tuple[int, ...] = ()
    regions_: dict[str, dict[int, int]] = field(default_factory=dict)
    hands: dict[int, tuple[str, ...]] = field(default_factory=dict)
    sets_: dict[int, tuple[tuple[str, str, str], ...]] = field(default_factory=dict)
    quests_: dict[int, tuple[str, str]] = field(default_factory=dict)
    decks: dict[str, tuple[str, ...]] = field(default_factory=dict)
    discard_: tuple[str, ...] = ()
    medals_: dict[str, int] = field(default_factory=dict)
    levels_: dict[str, dict[str, int]] = field(default_factory=dict)
    schemes_: tuple[tuple[str, int, int, int, bool], ...] = ()
    milestones_: tuple[int, ...] | None = None
    script: tuple[int, ...] | None = None

    # -- names
    def seat(self, who: int | str) -> int:
        if isinstance(who, int):
            if not 0 <= who < self.players:
                raise ScriptError(f"there is no seat {who}")
            return who
        lower = [n.lower() for n in self.names]
        if who.lower() in lower:  # glory(jack=12) reads as glory(Jack=12)
            return lower.index(who.lower())
        raise ScriptError(f"a seat is a number or one of {self.names}, not {who!r}")

    def _set(self, seat: int | str, **values: Any) -> Scenario:
        table = {k: dict(v) for k, v in self.fields.items()}
        table.setdefault(self.seat(seat), {}).update(values)
        return replace(self, fields=table)

    def _each(self, name: str, values: dict[str, Any], pos: tuple[Any, ...]) -> Scenario:
        out = self
        if pos:
            if len(pos) != 2:
                raise ScriptError(f"{name}(seat, value) or {name}(Name=value)")
            return out._set(pos[0], **{name: pos[1]})
        for who, v in values.items():
            out = out._set(who, **{name: v})
        return out

    # -- when and who
    def at(self, phase: str, round: int = 1) -> Scenario:  # noqa: A002 - the rulebook's word
        if phase not in PHASES:
            raise ScriptError(f"a position starts at {', '.join(PHASES)}, not {phase!r}")
        if not 1 <= round <= data.ROUNDS:
            raise ScriptError(f"there are nine rounds, not {round}")
        return replace(self, phase_=phase, round_=round)

    def variant(self, *keys: str) -> Scenario:
        for k in keys:
            if k not in data.VARIANT:
                raise ScriptError(f"no variant is called {k!r}")
        return replace(self, options={**self.options, **{k: True for k in keys}})

    def characters(self, *names: str) -> Scenario:
        for n in names:
            if n not in CHARACTER_INDEX:
                raise ScriptError(f"no character is called {n!r}")
        if len(names) != self.players:
            raise ScriptError(f"name one character per seat ({self.players})")
        return replace(self, characters_=names)

    def first(self, who: int | str) -> Scenario:
        """The First Player marker on the province in front of ``who`` now."""
        return replace(self, first_=self.seat(who))

    def rotation(self, quarter_turns: int) -> Scenario:
        return replace(self, rotation_=quarter_turns % board.TABLE_POSITIONS)

    def event(self, name: str) -> Scenario:
        """This round's Event (face up; at ``event``: the top of the deck)."""
        if name not in EVENT_INDEX:
            raise ScriptError(f"no Event is called {name!r}")
        return replace(self, event_=name)

    # -- the players' boards
    def player(self, who: int | str, **values: Any) -> Scenario:
        bad = [k for k in values if k not in PLAYER_FIELDS]
        if bad:
            raise ScriptError(f"not a player field the builder sets: {bad}")
        return self._set(who, **values)

    def glory(self, *pos: Any, **kw: int) -> Scenario:
        return self._each("glory", kw, pos)

    def denarii(self, *pos: Any, **kw: int) -> Scenario:
        return self._each("denarii", kw, pos)

    def feuds(self, *pos: Any, **kw: int) -> Scenario:
        return self._each("feuds", kw, pos)

    def followers(self, *pos: Any, **kw: int) -> Scenario:
        return self._each("followers", kw, pos)

    def met(self, who: int | str, *indexes: int) -> Scenario:
        """The milestones (board.MILESTONES indexes) ``who`` has met."""
        table = dict(self.met_)
        table[self.seat(who)] = sum(1 << i for i in indexes)
        return replace(self, met_=table)

    def pantheon(self, who: int | str, base_own: int = 0, base: str = "", top_own: int = 0,
                 top: str = "") -> Scenario:
        """Own pieces and the common piece (gold/silver/bronze) of each level."""
        return self._set(who, base_own=base_own, base_common=base, top_own=top_own,
                         top_common=top)

    def medal(self, type_: str, who: int | str) -> Scenario:
        if type_ not in TYPE_INDEX:
            raise ScriptError(f"no building type is called {type_!r}")
        return replace(self, medals_={**self.medals_, type_: self.seat(who)})

    def hand(self, who: int | str, *cards: str) -> Scenario:
        """The cards in hand ("Anchor" for the Anchor card)."""
        for c in cards:
            if c != data.ANCHOR and c not in CARD_INDEX:
                raise ScriptError(f"no Trade card is called {c!r}")
        return replace(self, hands={**self.hands, self.seat(who): cards})

    def sets(self, who: int | str, *sets: tuple[str, str, str]) -> Scenario:
        for st in sets:
            for c in st:
                if c not in CARD_INDEX:
                    raise ScriptError(f"no Trade card is called {c!r}")
        return replace(self, sets_={**self.sets_, self.seat(who): tuple(sets)})

    def quests(self, who: int | str, first: str, second: str) -> Scenario:
        for q in (first, second):
            if q not in QUEST_INDEX:
                raise ScriptError(f"no Quest is called {q!r}")
        return replace(self, quests_={**self.quests_, self.seat(who): (first, second)})

    # -- the board
    def column(self, *who: int | str) -> Scenario:
        """The Senate's Column, bottom first (L195)."""
        if len(who) > board.COLUMN_MAX:
            raise ScriptError("the Column holds five Votes")
        return replace(self, column_=tuple(self.seat(w) for w in who))

    def regions(self, **where: dict[int | str, int]) -> Scenario:
        """Legions in Battle Regions: ``regions(Epirus={"Ross": 1})``."""
        table = dict(self.regions_)
        for name, counts in where.items():
            if name not in REGION_INDEX:
                raise ScriptError(f"no Battle Region is called {name!r}")
            table[name] = {self.seat(w): n for w, n in counts.items()}
        return replace(self, regions_=table)

    def levels(self, province_name: str, **levels: int) -> Scenario:
        """The buildings of a province: ``levels("Italia", Religion=2)``."""
        if province_name not in PROVINCE_INDEX:
            raise ScriptError(f"no province is called {province_name!r}")
        for t, lv in levels.items():
            if t not in TYPE_INDEX or not 0 <= lv <= 3:
                raise ScriptError(f"{t}={lv} is not a building level")
        return replace(self, levels_={**self.levels_, province_name: dict(levels)})

    def scheme(self, province_name: str, space: int, who: int | str, placed: int = 1,
               active: bool = False) -> Scenario:
        """A Scheme marker of ``who`` on a Scheme space, placed in round ``placed``."""
        if province_name not in PROVINCE_INDEX or not 0 <= space < 3:
            raise ScriptError(f"no Scheme space {space} in {province_name!r}")
        spec = (province_name, space, self.seat(who), placed, active)
        return replace(self, schemes_=(*self.schemes_, spec))

    def deck(self, which: str, *cards: str | Sequence[str]) -> Scenario:
        """Cards on top of the ``trade``, ``event`` or ``quest`` deck, top
        first (named one by one or as one list)."""
        if len(cards) == 1 and not isinstance(cards[0], str):
            cards = tuple(cards[0])
        index = {"trade": CARD_INDEX, "event": EVENT_INDEX, "quest": QUEST_INDEX}
        if which not in index:
            raise ScriptError(f"a deck is trade, event or quest, not {which!r}")
        for c in cards:
            if c not in index[which]:
                raise ScriptError(f"no {which} card is called {c!r}")
        return replace(self, decks={**self.decks, which: cards})

    def discard(self, *cards: str) -> Scenario:
        """The Trade discard pile, bottom first (the top is the last)."""
        return replace(self, discard_=cards)

    def milestones(self, *spaces: int) -> Scenario:
        """Where the three moving milestones stand (12, 21, 30 at the start)."""
        return replace(self, milestones_=spaces)

    def chance(self, *numbers: int) -> Scenario:
        return replace(self, script=numbers)

    # -- building
    def build(self) -> State:
        options = named_options(OPTIONS, Options.of(self.options))  # a new game's readings
        s = raw_setup(self.players, options, self.seed)
        w = s.thaw()
        w.events = list(w.events)
        if self.characters_:
            w.players = tuple(
                new_player(CHARACTER_INDEX[c], p.position, bool(p.tokens)).replace(
                    quests=p.quests)
                for c, p in zip(self.characters_, s.players, strict=True))
        w = run_to_phase(FLOW, w, QUESTS,
                         lambda w, phase: phase == EVENT, quiet, settle, "the first Event")
        self._lay_out(w)
        if self.script is not None:
            w.rng = ScriptedRng(self.script)
        FLOW.goto(w, PHASES[self.phase_])
        out = settle(w)
        invariants.check(out)
        return out

    def _swap_quest(self, w: State, q: int, quest_deck: list[int]) -> None:
        """Take Quest ``q`` from the seat holding it, which gets the deck's top
        one instead (a seat whose Quests the scenario names keeps them)."""
        for seat, p in enumerate(w.players):
            cards = [h.card for h in p.quests]
            if q in cards and seat not in self.quests_:
                i = cards.index(q)
                held = mine(w, seat)
                held.quests = put(held.quests, i, Held(quest_deck.pop(0), 1 << seat, QUEST_POOL))
                return
        name = data.QUESTS[q].name
        raise ScriptError(f"the Quest {name} is named twice or is out of this game")

    def _lay_out(self, w: State) -> None:  # noqa: C901 - one block per thing named
        w.round = self.round_
        w.rotation = self.rotation_
        if self.first_ is not None:
            w.first = (w.players[self.first_].position - w.rotation) % board.TABLE_POSITIONS
        # Cards: take every named card out of wherever it lies.
        trade = [h.card for h in w.trade_deck]
        events = [h.card for h in w.event_deck]
        quest_deck = [h.card for h in w.quest_deck]

        def take_trade(name: str) -> int:
            c = CARD_INDEX[name]
            if c in trade:
                trade.remove(c)
            elif c in discard:
                discard.remove(c)
            else:
                raise ScriptError(f"{name} is not in this game's Trade deck (2 players: L65?)")
            return c

        discard: list[int] = []
        for name in self.discard_:
            discard.append(take_trade(name))
        for seat, cards in self.hands.items():
            p = mine(w, seat)
            p.anchor = data.ANCHOR in cards
            p.hand = tuple(Held(take_trade(c), 1 << seat, TRADE_POOL)
                           for c in cards if c != data.ANCHOR)
        for seat, sets in self.sets_.items():
            mine(w, seat).sets = tuple(tuple(take_trade(c) for c in st) for st in sets)
        top = [take_trade(c) for c in self.decks.get("trade", ())]
        w.trade_deck = tuple(Held(c, 0, TRADE_POOL) for c in top + trade)
        w.discard = tuple(discard)
        for seat in self.quests_:  # their Quests go back first, then each takes its own
            quest_deck.extend(h.card for h in w.players[seat].quests)
        for seat, names in self.quests_.items():
            new = []
            for name in names:
                q = QUEST_INDEX[name]
                if q in quest_deck:
                    quest_deck.remove(q)
                else:
                    self._swap_quest(w, q, quest_deck)
                new.append(Held(q, 1 << seat, QUEST_POOL))
            mine(w, seat).quests = tuple(new)
        top_q = []
        for name in self.decks.get("quest", ()):
            q = QUEST_INDEX[name]
            if q not in quest_deck:
                raise ScriptError(f"the Quest {name} is not in the deck")
            quest_deck.remove(q)
            top_q.append(q)
        w.quest_deck = tuple(Held(q, 0, QUEST_POOL) for q in top_q + quest_deck)
        # Events: the earlier rounds' are gone; this round's is face up.
        named = [EVENT_INDEX[n] for n in self.decks.get("event", ())]
        current = [EVENT_INDEX[self.event_]] if self.event_ else []
        for e in named + current:
            if e not in events:
                raise ScriptError(f"{data.EVENTS[e].name} is not in the Event deck "
                                  "(Hard Times?)")
            events.remove(e)
        past, remaining = events[:self.round_ - 1], named + events[self.round_ - 1:]
        if self.phase_ == EVENT:
            deck = current + remaining
            w.event = past[-1] if past else -1
        else:
            if not current:
                current = [remaining.pop(0)]
            deck = remaining
            w.event = current[0]
            w.direction = data.EVENTS[w.event].direction
        w.event_deck = tuple(Held(e, 0, EVENT_POOL) for e in deck)
        w.order = turn_order(w)
        # The players' boards.
        for seat, values in self.fields.items():
            p = mine(w, seat)
            for k, v in values.items():
                setattr(p, k, v)
            if "glory" in values:
                met = self.met_.get(seat)
                if met is None:
                    spaces = (board.MILESTONES[0].start, *(self.milestones_ or w.milestones))
                    met = sum(1 << i for i, sp in enumerate(spaces) if sp <= p.glory)
                p.milestones = met
                if "followers" not in values:
                    p.followers = min(data.MAX_FOLLOWERS, data.START_FOLLOWERS + met.bit_count())
        for seat, met in self.met_.items():
            mine(w, seat).milestones = met
        if self.milestones_ is not None:
            w.milestones = tuple(self.milestones_)
        for type_, seat in self.medals_.items():
            t = TYPE_INDEX[type_]
            w.medals &= ~(1 << t)
            mine(w, seat).medals |= 1 << t
        piles = [list(pile) for pile in w.pantheon]
        for p in w.players:
            for level, colour in enumerate((p.base_common, p.top_common)):
                if colour:
                    if colour not in piles[level]:
                        raise ScriptError(f"no {colour} Pantheon piece left for level {level}")
                    piles[level].remove(colour)
        w.pantheon = (tuple(piles[0]), tuple(piles[1]))
        # Pieces on the Main board come off the players' boards.
        regions = [[0] * w.n for _ in board.BATTLE_REGIONS]
        for name, counts in self.regions_.items():
            for seat, n in counts.items():
                regions[REGION_INDEX[name]][seat] = n
        w.regions = tuple(tuple(r) for r in regions)
        w.column = self.column_
        for seat in range(w.n):
            p = mine(w, seat)
            out = sum(r[seat] for r in w.regions)
            given = self.fields.get(seat, {})
            if "legions" not in given:
                p.legions = max(0, p.legions - out)
            p.legions_unrecruited = data.LEGIONS_PER_PLAYER - p.legions - out
            cast = w.column.count(seat)
            if "votes" not in given:
                p.votes = max(0, p.votes - cast)
            p.votes_unrecruited = data.VOTES_PER_PLAYER - p.votes - cast
            if p.legions_unrecruited < 0 or p.votes_unrecruited < 0:
                raise ScriptError(f"seat {seat}: more than 7 Legions or 5 Votes")
        for name, levels in self.levels_.items():
            pr = province(w, PROVINCE_INDEX[name])
            for t, lv in levels.items():
                i = TYPE_INDEX[t]
                pr.levels = put(pr.levels, i, lv)
                for level in range(1, lv + 1):
                    k = tile_index(i, level)
                    if w.tiles[k] <= 0:
                        raise ScriptError(f"no {t} level {level} tile left")
                    w.tiles = put(w.tiles, k, w.tiles[k] - 1)
        for name, space, seat, placed, active in self.schemes_:
            pr = province(w, PROVINCE_INDEX[name])
            pr.schemes = put(pr.schemes, space, Marker(seat, placed, active))
            p = mine(w, seat)
            if p.markers <= 0:
                raise ScriptError(f"seat {seat} has no Scheme marker left")
            p.markers -= 1
        w.events = []

