"""The Romans positions for tests, set up the way the rulebook's examples
describe them::

    s = (Scenario(players=4, seed=1)
         .at("expansion", era=2)
         .map(0, garrison=["Etruria"], cities=["Etruria"], walls=["Etruria"],
              unrest=["Venetia"], natives={"Gallia": 10},
              fleets={1: "Mediterraneum Occidentis"})
         .docks(0, gold=10).barracks(0, 5).villa(0, 1, 2, 3, 4).score(0, 12)
         .dice(3, 5, 1, 2)
         .build())

``build()`` plays a real game (set up with the scenario's seed) quietly up
to the moment phase ``at`` of that Era begins: every glory face 6 takes the
first province, leaders and nations are the first free entry, every senator
goes to the Citadel and takes gold, nobody invades, every Enemy choice is the
first. There it places everything the scenario names, then the phase begins
as it would (``prep`` rolls the Glory dice, ``response`` the storm, ...) and
the state returned waits for the first decision.

Phases: ``prep`` (4A), ``leaders`` (4D), ``expansion`` (5A), ``response``
(6A-6C, then nation selection begins), ``nations`` (6D), ``enemy`` (6E).

What a map shows is what the scenario names (``map``): a map not named is
reset to the start of the game (a legion, a city and a fort in Latium, a
face-down Native force in every other province, no fleet, no unrest), and
``map`` names the Roman provinces besides Latium (``latium=False`` leaves
Latium out). Native force counters, Triumph tokens and Later buildings are
taken from wherever they are (another map, the pot, the box) so every
counter, token and building stays in the game exactly once; counters left
over go to the pot. Names are the rulebook's: provinces and seas by name,
senators by rank 1-4, resources by name, Native forces by their index in
``data.NATIVE_FORCES``, Triumphs by their index in ``data.TRIUMPHS``.

Chance: ``dice(*faces)`` scripts the dice (faces 1-6, in the order the rules
roll them: a battle rolls white, Rome's, then purple, the Enemy's), and
``chance(*numbers)`` raw numbers (a counter drawn from the pot by its index).
Draws and shuffles keep the order things lie in, and once the script is used
up chance goes on from the seed. Every builder method returns a new
Scenario, so a test can share a base and vary it. ``engine/romans/
invariants.py`` checks every position built.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from engine.core import ALL_SEATS, Held, Options, Rng
from engine.scenario import ScriptError, run_to_phase

from . import invariants
from .data import (
    BUILDINGS,
    ERA_CARDS,
    GODS,
    NATIVE_FORCES,
    RESOURCE_NAMES,
    START_SENATORS,
    TRIUMPHS,
)
from .game import FLOW, Romans
from .prep import entries
from .setup import setup as raw_setup
from .state import (
    BLOCKED,
    EMPTY,
    ENEMY,
    EXPANSION,
    FLEETS,
    INDEX,
    LATER_POOL,
    LATIUM,
    LEADERS,
    NATIONS,
    NATIVE_POOL,
    NO_FLEET,
    NP,
    OCCUPIED,
    PREP,
    PROVINCES,
    REMOTE,
    RESPONSE,
    TRIUMPH_POOL,
    Horde,
    State,
    mine,
)
from .text import COLOURS

GAME = Romans()
PHASES = {"prep": PREP, "leaders": LEADERS, "expansion": EXPANSION, "response": RESPONSE,
          "nations": NATIONS, "enemy": ENEMY}
BUILDING_INDEX = {b.name: i for i, b in enumerate(BUILDINGS)}
GOD_INDEX = {g.name: i for i, g in enumerate(GODS)}


# ---------------------------------------------------------------- chance
class Chance(NamedTuple):
    """Chance as the test wrote it: ``below`` returns the scripted numbers
    in order, then goes on from ``rest``; ``shuffle`` and ``draw`` keep the
    order items lie in (a counter drawn from the pot is the first there)."""

    numbers: tuple[int, ...]
    used: int
    rest: Rng

    def below(self, n: int) -> tuple[int, Chance]:
        if self.used < len(self.numbers):
            x = self.numbers[self.used]
            if not 0 <= x < n:
                raise ScriptError(f"scripted number {self.used + 1} is {x}; it must be below {n}")
            return x, Chance(self.numbers, self.used + 1, self.rest)
        x, rest = self.rest.below(n)
        return x, Chance(self.numbers, self.used, rest)

    def next(self) -> tuple[int, Chance]:
        x, rest = self.rest.next()
        return x, Chance(self.numbers, self.used, rest)

    def shuffle(self, items: Sequence[Any]) -> tuple[tuple, Chance]:
        return tuple(items), self._tick()

    def draw(self, items: Sequence[Any], k: int) -> tuple[tuple, tuple, Chance]:
        items = tuple(items)
        return items[:k], items[k:], self._tick()

    def fork(self, salt: int) -> Rng:
        return self.rest.fork(salt)

    def _tick(self) -> Chance:
        _, rest = self.rest.next()
        return Chance(self.numbers, self.used, rest)

    @property
    def left(self) -> int:
        """Scripted numbers not used yet."""
        return len(self.numbers) - self.used


# ---------------------------------------------------------------- names
def place(name: str) -> int:
    if name not in INDEX:
        raise ScriptError(f"no province or sea is called {name!r}")
    return INDEX[name]


def province(name: str) -> int:
    i = place(name)
    if i >= NP:
        raise ScriptError(f"{name} is a sea, not a province")
    return i


def sea(name: str) -> int:
    i = place(name)
    if i < NP:
        raise ScriptError(f"{name} is a province, not a sea")
    return i


def mask(names: Iterable[str]) -> int:
    return sum(1 << province(n) for n in names)


def seat_of(who: int | str) -> int:
    if isinstance(who, int):
        return who
    if who in COLOURS:
        return COLOURS.index(who)
    raise ScriptError(f"a seat is a number or one of {', '.join(COLOURS)}, not {who!r}")


def native(warbands: int, city: int = 0, fortification: str | None = None, gold: int = 0,
           unrest: bool = False) -> int:
    """The index of the Native force counter showing these things."""
    for i, n in enumerate(NATIVE_FORCES):
        if (n.warbands, n.city, n.fortification, n.gold, n.unrest) == (
                warbands, city, fortification, gold, unrest):
            return i
    raise ScriptError("no Native force counter shows "
                      f"{(warbands, city, fortification, gold, unrest)}")


def triumph(points: int, *arts: str) -> int:
    """The index of the Triumph token worth ``points`` with these arts icons."""
    for i, t in enumerate(TRIUMPHS):
        if t.points == points and sorted(t.arts) == sorted(arts):
            return i
    raise ScriptError(f"no Triumph is worth {points} with {arts}")


# ---------------------------------------------------------------- what a map holds
@dataclass(frozen=True)
class MapSpec:
    garrison: tuple[str, ...] = ()
    cities: tuple[str, ...] | None = None
    christian: tuple[str, ...] = ()
    forts: tuple[str, ...] | None = None
    walls: tuple[str, ...] = ()
    unrest: tuple[str, ...] = ()
    warbands: tuple[str, ...] = ()
    natives: tuple[tuple[str, int], ...] = ()
    fleets: tuple[tuple[int, str], ...] = ()
    fleets_up: tuple[int, ...] = ()
    latium: bool = True


@dataclass(frozen=True)
class HordeSpec:
    place: str
    warbands: int
    general: int
    fleet: str | None
    target: str | None


# ---------------------------------------------------------------- the builder
@dataclass(frozen=True)
class Scenario:
    """A position to build; see the module docstring."""

    players: int = 4
    seed: int = 1
    era_: int = 1
    phase_: str = "expansion"
    boards_: tuple[str, ...] = ()
    maps: dict[int, MapSpec] = field(default_factory=dict)
    docks_: dict[int, dict[str, int]] = field(default_factory=dict)
    barracks_: dict[int, int] = field(default_factory=dict)
    villas: dict[int, tuple[int, ...]] = field(default_factory=dict)
    senators: tuple[tuple[str, int, int, int], ...] = ()  # building, box, seat, rank
    scores: tuple[tuple[int, int], ...] = ()  # in order of arrival
    order_: tuple[int, ...] | None = None
    leaders: dict[int, tuple[int, int | None]] = field(default_factory=dict)
    glories: dict[int, str | None] = field(default_factory=dict)
    glory_off_: int | None = None
    gods_: dict[str, int] = field(default_factory=dict)
    remote: dict[tuple[int, str], tuple[int, ...]] = field(default_factory=dict)
    kept: dict[int, tuple[int, ...]] = field(default_factory=dict)
    later_: tuple[str, ...] = ()
    hordes: dict[int, HordeSpec] = field(default_factory=dict)
    waiting_: dict[int, tuple[str, ...]] = field(default_factory=dict)
    pot_: tuple[int, ...] = ()
    cards: str | None = None
    enemy_: dict[str, Any] = field(default_factory=dict)
    script: tuple[int, ...] | None = None

    def _with(self, name: str, key: Any, value: Any) -> Scenario:
        table = dict(getattr(self, name))
        table[key] = value
        return replace(self, **{name: table})

    # -- when
    def at(self, phase: str, era: int = 1) -> Scenario:
        if phase not in PHASES:
            raise ScriptError(f"a position starts at {', '.join(PHASES)}, not {phase!r}")
        if not 1 <= era <= 5:
            raise ScriptError(f"there are five Eras, not {era}")
        return replace(self, phase_=phase, era_=era)

    def era(self, era: int) -> Scenario:
        return self.at(self.phase_, era)

    def phase(self, phase: str) -> Scenario:
        return self.at(phase, self.era_)

    # -- maps
    def boards(self, *names: str) -> Scenario:
        """The Empire map each seat plays on ("A"-"D"), seat 0 first."""
        return replace(self, boards_=tuple(names))

    def map(self, seat: int | str, *, garrison: Iterable[str] = (),
            cities: Iterable[str] | None = None, christian: Iterable[str] = (),
            forts: Iterable[str] | None = None, walls: Iterable[str] = (),
            unrest: Iterable[str] = (), warbands: Iterable[str] = (),
            natives: Mapping[str, int] | None = None, fleets: Mapping[int, str] | None = None,
            fleets_up: Iterable[int] = (), latium: bool = True) -> Scenario:
        """``seat``'s map, exactly. Roman provinces: Latium (unless
        ``latium=False``), with its city and fort unless ``cities`` or
        ``forts`` are given (``cities=[]``: no city at all), and those named
        as garrison, or holding a city, fort, wall or unrest (each needs a
        legion). ``christian`` cities are cities too. ``warbands``: Enemy
        garrisons. Every other province holds a face-down Native force
        (``natives`` names some: province -> index in data.NATIVE_FORCES).
        ``fleets``: fleet number (1-6) -> sea, its dice icon face down unless
        listed in ``fleets_up``."""
        spec = MapSpec(
            garrison=tuple(garrison), cities=None if cities is None else tuple(cities),
            christian=tuple(christian), forts=None if forts is None else tuple(forts),
            walls=tuple(walls), unrest=tuple(unrest),
            warbands=tuple(warbands), natives=tuple((natives or {}).items()),
            fleets=tuple((fleets or {}).items()), fleets_up=tuple(fleets_up), latium=latium)
        return self._with("maps", seat_of(seat), spec)

    # -- what a seat holds
    def docks(self, seat: int | str, **amounts: int) -> Scenario:
        """Some of manpower, victuals, materials and gold; the others as they are."""
        bad = set(amounts) - set(RESOURCE_NAMES)
        if bad:
            raise ScriptError(f"the Docks hold {', '.join(RESOURCE_NAMES)}, not {sorted(bad)}")
        s = seat_of(seat)
        return self._with("docks_", s, {**self.docks_.get(s, {}), **amounts})

    def barracks(self, seat: int | str, legions: int) -> Scenario:
        return self._with("barracks_", seat_of(seat), legions)

    def villa(self, seat: int | str, *ranks: int | Iterable[int]) -> Scenario:
        """The senators in ``seat``'s Villa, by rank (``villa(0, 1, 4)`` or
        ``villa(0, [1, 4])``); the player's other senators have been placed
        this Era (in the Citadel, or in the boxes ``senator`` names)."""
        if len(ranks) == 1 and not isinstance(ranks[0], int):
            ranks = tuple(ranks[0])
        if any(not 1 <= r <= 4 for r in ranks):
            raise ScriptError(f"senators are of rank 1-4, not {ranks}")
        return self._with("villas", seat_of(seat), tuple(sorted(ranks)))

    def senator(self, building: str, box: int, seat: int | str, rank: int) -> Scenario:
        """A senator of ``seat`` already placed this Era in ``box`` (1-4) of ``building``."""
        if building not in BUILDING_INDEX:
            raise ScriptError(f"no building is called {building!r}")
        return replace(self, senators=self.senators + ((building, box, seat_of(seat), rank),))

    def score(self, seat: int | str, points: int) -> Scenario:
        """``seat``'s score; markers arrive in the order named (the last
        named on a space is uppermost there)."""
        return replace(self, scores=self.scores + ((seat_of(seat), points),))

    def order(self, *seats: int | str) -> Scenario:
        """The turn order, 1st player first."""
        return replace(self, order_=tuple(seat_of(s) for s in seats))

    def leader(self, seat: int | str, face: int, max_army: int | None = None) -> Scenario:
        """``seat`` leads with entry ``face`` of the Era card face up (at
        ``expansion``); ``max_army`` overrides the card's army size."""
        return self._with("leaders", seat_of(seat), (face, max_army))

    def glory(self, seat: int | str, province_name: str | None) -> Scenario:
        """``seat``'s Glory marker on ``province_name`` (None: off the chart)."""
        return self._with("glories", seat_of(seat), province_name)

    def glory_off(self, markers: int) -> Scenario:
        """How many Glory markers have moved off the chart this Era."""
        return replace(self, glory_off_=markers)

    def god(self, name: str, seat: int | str) -> Scenario:
        """``seat`` holds god ``name`` this Era."""
        if name not in GOD_INDEX:
            raise ScriptError(f"no god is called {name!r}")
        return self._with("gods_", name, seat_of(seat))

    def triumphs(self, seat: int | str, where: str, *tokens: int) -> Scenario:
        """The Triumphs (data.TRIUMPHS indices) face down in remote province
        ``where`` on ``seat``'s map."""
        if where not in PROVINCES or INDEX[where] not in REMOTE:
            raise ScriptError(f"{where} is not a remote province")
        return self._with("remote", (seat_of(seat), where), tuple(tokens))

    def collected(self, seat: int | str, *tokens: int) -> Scenario:
        """The Triumphs ``seat`` has collected."""
        return self._with("kept", seat_of(seat), tuple(tokens))

    def later(self, *names: str) -> Scenario:
        """The Later buildings, Era 1's first (the rest follow in the order
        they lay)."""
        for n in names:
            if n not in BUILDING_INDEX or BUILDINGS[BUILDING_INDEX[n]].original:
                raise ScriptError(f"{n!r} is not a Later building")
        return replace(self, later_=tuple(names))

    def horde(self, seat: int | str, where: str, warbands: int, general: int = 0,
              fleet: str | None = None, target: str | None = None) -> Scenario:
        """``seat``'s Enemy army (at ``enemy``): its warbands and general in
        ``where``, its fleet in sea ``fleet``. Seats not named have none."""
        return self._with("hordes", seat_of(seat), HordeSpec(where, warbands, general, fleet,
                                                              target))

    def waiting(self, seat: int | str, *pieces: str) -> Scenario:
        """Pieces waiting in ``seat``'s Villa to be placed."""
        return self._with("waiting_", seat_of(seat), tuple(pieces))

    def pot(self, *counters: int) -> Scenario:
        """These Native forces first in the pot (drawn first)."""
        return replace(self, pot_=tuple(counters))

    def era_cards(self, copy: str) -> Scenario:
        """Every Era card in play is copy ``copy`` ("A" or "B")."""
        if copy not in ("A", "B"):
            raise ScriptError("Era cards come in copies A and B")
        return replace(self, cards=copy)

    def enemy(self, score: int | None = None, glory: str | None = None) -> Scenario:
        """Solo: The Enemy's score and its Glory marker."""
        values = dict(self.enemy_)
        if score is not None:
            values["score"] = score
        if glory is not None:
            values["glory"] = glory
        return replace(self, enemy_=values)

    # -- chance
    def dice(self, *faces: int) -> Scenario:
        """Die faces 1-6, rolled in this order (after those already scripted)."""
        if any(not 1 <= f <= 6 for f in faces):
            raise ScriptError(f"die faces are 1-6, not {faces}")
        return replace(self, script=(self.script or ()) + tuple(f - 1 for f in faces))

    def chance(self, *numbers: int) -> Scenario:
        """Raw numbers for chance that is not a die (an index into the pot)."""
        return replace(self, script=(self.script or ()) + tuple(numbers))

    # -- the position
    def build(self) -> State:
        key = PHASES[self.phase_]
        w = self._before(key)
        self._place(w, key)
        FLOW.goto(w, key)
        s = GAME.settle(w)
        try:
            invariants.check(s)
        except AssertionError as e:
            raise ScriptError(f"the scenario breaks a rule of the game: {e}") from None
        return s

    def _before(self, key: str) -> State:
        """A writable state just before phase ``key`` of the Era begins."""
        w = raw_setup(self.players, Options(), self.seed).thaw()
        w.events = []
        if self.boards_:
            if len(self.boards_) != self.players:
                raise ScriptError("name one map per seat")
            w.players = tuple(p.replace(board=b) for p, b in zip(w.players, self.boards_,
                                                                 strict=True))
        if self.cards:
            _copies(w, self.cards)
        if (self.era_, key) == (1, PREP):
            return w

        def stop(x: State, following: str) -> bool:
            return (x.era, following) == (self.era_, key)

        return run_to_phase(FLOW, w, PREP, stop, quiet, GAME.settle,
                            f"{self.phase_} in Era {self.era_}")

    def _place(self, w: State, key: str) -> None:
        """Everything the scenario names, into the writable state ``w``."""
        # Native forces waiting to be placed (6F) go back with the others.
        loose = [h for pd in w.pending if pd.kind == "natives" for h in pd.data[1]]
        w.pending = ()
        self._maps(w, loose)
        self._triumphs(w)
        self._later(w, key)
        for seat, amounts in self.docks_.items():
            p = mine(w, seat)
            p.docks = tuple(amounts.get(r, p.docks[i]) for i, r in enumerate(RESOURCE_NAMES))
        for seat, n in self.barracks_.items():
            mine(w, seat).barracks = n
        self._senators(w)
        for seat, points in self.scores:
            p = mine(w, seat)
            p.score = points
            p.stamp = w.clock
            w.clock += 1
        if self.order_ is not None:
            if sorted(self.order_) != list(range(self.players)):
                raise ScriptError(f"the turn order names every seat once: {self.order_}")
            w.order = self.order_
        for seat, (face, army) in self.leaders.items():
            if w.card < 0 or not hasattr(ERA_CARDS[w.card], "leaders"):
                raise ScriptError("leaders are set while a leader card is face up (expansion)")
            p = mine(w, seat)
            p.leader = face
            p.max_army = entries(w)[face - 1].max_army if army is None else army
        for seat, where in self.glories.items():
            mine(w, seat).glory = -1 if where is None else province(where)
        if self.glory_off_ is not None:
            w.glory_off = self.glory_off_
        if self.gods_:
            gods = list(w.gods)
            for name, seat in self.gods_.items():
                gods[GOD_INDEX[name]] = seat
                w.gods_taken |= 1 << seat
            w.gods = tuple(gods)
        for seat, pieces in self.waiting_.items():
            mine(w, seat).waiting = pieces
        if key == ENEMY:
            self._hordes(w)
        if "score" in self.enemy_:
            w.enemy_score = self.enemy_["score"]
        if "glory" in self.enemy_:
            w.enemy_glory = province(self.enemy_["glory"])
        if self.script is not None:
            w.rng = Chance(self.script, 0, Rng(self.seed, 1 << 32))

    def _maps(self, w: State, loose: list[Held]) -> None:
        """Every map as named (or as at the start), the Native forces moved
        to where they are named, the others where they were or to the pot."""
        free: list[int] = [h.card for p in w.players for h in p.natives if h is not None]
        free += [h.card for h in w.pot] + [h.card for h in loose]
        before = [tuple(p.natives) for p in w.players]
        needed: list[list[int | None]] = []
        named_any: list[dict[int, int]] = []
        for seat in range(w.n):
            spec = self.maps.get(seat, MapSpec())
            p = mine(w, seat)
            latium = (1 << LATIUM) if spec.latium else 0
            cities = mask(spec.cities or ()) | mask(spec.christian)
            forts, walls = mask(spec.forts or ()), mask(spec.walls)
            if spec.cities is None and not spec.christian:
                cities |= latium
            if spec.forts is None and not walls & latium:
                forts |= latium
            garrison = latium | mask(spec.garrison) | cities | forts | walls | mask(spec.unrest)
            warbands = mask(spec.warbands)
            if garrison & warbands:
                raise ScriptError(f"seat {seat}: a province holds a legion and a warband")
            p.garrison, p.cities, p.christian = garrison, cities, mask(spec.christian)
            p.forts, p.walls, p.unrest, p.warbands = forts, walls, mask(spec.unrest), warbands
            fleets = [NO_FLEET] * FLEETS
            for number, where in spec.fleets:
                if not 1 <= number <= FLEETS:
                    raise ScriptError(f"fleets are numbered 1-{FLEETS}, not {number}")
                fleets[number - 1] = sea(where)
            p.fleets = tuple(fleets)
            p.fleets_up = sum(1 << (n - 1) for n in spec.fleets_up)
            p.army = None
            p.horde = None
            p.enemy_fleet = -1
            named = {province(k): v for k, v in spec.natives}
            empty = [i for i in range(NP) if i != LATIUM and not (garrison | warbands) >> i & 1]
            if set(named) - set(empty):
                raise ScriptError(f"seat {seat}: a Native force named where Rome or the Enemy is")
            needed.append([None] * NP)
            for i in empty:
                needed[seat][i] = -1
            named_any.append(named)
        for seat, named in enumerate(named_any):  # named counters first
            for i, c in named.items():
                if c not in free:
                    raise ScriptError(f"Native force {c} is not free to place ({w.n} of each)")
                free.remove(c)
                needed[seat][i] = c
        for c in self.pot_:
            if c not in free:
                raise ScriptError(f"Native force {c} is not free to go in the pot")
            free.remove(c)
        for seat in range(w.n):  # the others stay where they were, if they can
            for i in range(NP):
                if needed[seat][i] == -1:
                    h = before[seat][i]
                    if h is not None and h.card in free:
                        free.remove(h.card)
                        needed[seat][i] = h.card
        for seat in range(w.n):
            for i in range(NP):
                if needed[seat][i] == -1:
                    if not free:
                        raise ScriptError("not enough Native forces for every empty province")
                    needed[seat][i] = free.pop()
        for seat in range(w.n):
            p = mine(w, seat)
            p.natives = tuple(None if c is None else _keep(before[seat][i], c)
                              for i, c in enumerate(needed[seat]))
        w.pot = tuple(Held(c, 0, NATIVE_POOL) for c in self.pot_ + tuple(free))

    def _triumphs(self, w: State) -> None:
        """Triumphs named where they are named; the others stay where they
        lay if they can; a conquered remote province keeps none unless named."""
        free = [h.card for h in w.triumph_box]
        free += [h.card for p in w.players for z in p.remote_triumphs for h in z]
        free += [h.card for p in w.players for h in p.triumphs]
        before = [(p.remote_triumphs, p.triumphs) for p in w.players]
        zones: dict[tuple[int, int], list[int | None]] = {}
        for (seat, where), tokens in self.remote.items():
            zones[(seat, REMOTE.index(INDEX[where]))] = list(tokens)
        kept = {seat: list(tokens) for seat, tokens in self.kept.items()}
        for tokens in list(zones.values()) + list(kept.values()):
            for t in tokens:
                if t not in free:
                    raise ScriptError(f"Triumph {t} is named twice")
                free.remove(t)  # type: ignore[arg-type]
        for seat in range(w.n):
            p = w.players[seat]
            for r, province_index in enumerate(REMOTE):
                if (seat, r) in zones:
                    continue
                if p.garrison >> province_index & 1:
                    zones[(seat, r)] = []
                    continue
                zone: list[int | None] = []
                for h in before[seat][0][r]:
                    if h.card in free:
                        free.remove(h.card)
                        zone.append(h.card)
                    else:
                        zone.append(None)
                zones[(seat, r)] = zone
            if seat not in kept:
                kept[seat] = []
                for h in before[seat][1]:
                    if h.card in free:
                        free.remove(h.card)
                        kept[seat].append(h.card)
        for zone in zones.values():  # tokens taken elsewhere are replaced from the box
            for k, t in enumerate(zone):
                if t is None:
                    zone[k] = free.pop()
        for seat in range(w.n):
            p = mine(w, seat)
            p.remote_triumphs = tuple(
                tuple(Held(t, 0, TRIUMPH_POOL) for t in zones[(seat, r)])  # type: ignore[arg-type]
                for r in range(len(REMOTE)))
            p.triumphs = tuple(Held(t, ALL_SEATS, TRIUMPH_POOL) for t in kept[seat])
        w.triumph_box = tuple(Held(t, 0, TRIUMPH_POOL) for t in free)

    def _later(self, w: State, key: str) -> None:
        if not self.later_:
            return
        ids = [BUILDING_INDEX[n] for n in self.later_]
        rest = [h.card for h in w.later + w.later_box if h.card not in ids]
        order = ids + rest
        shown = w.era - (1 if key == PREP else 0)
        w.later = tuple(Held(c, ALL_SEATS if i < shown else 0, LATER_POOL)
                        for i, c in enumerate(order[:len(w.later)]))
        w.later_box = tuple(Held(c, 0, LATER_POOL) for c in order[len(w.later):])
        if w.blockers:  # the blocking senators move with their Later buildings
            boxes = list(w.boxes)
            for b, building in enumerate(BUILDINGS):
                if not building.original:
                    boxes[b] = tuple(EMPTY if c >= BLOCKED else c for c in boxes[b])
            for i, h in enumerate(w.later[:shown]):
                rank = w.blockers[i].card
                row = boxes[h.card]
                boxes[h.card] = row[:rank - 1] + (BLOCKED + rank,) + row[rank:]
            w.boxes = tuple(boxes)

    def _senators(self, w: State) -> None:
        boxes = [list(b) for b in w.boxes]
        placed: dict[int, list[int]] = {}
        for building, number, seat, rank in self.senators:
            b = BUILDING_INDEX[building]
            if boxes[b][number - 1] != EMPTY:
                raise ScriptError(f"{building} box {number} is not empty")
            boxes[b][number - 1] = OCCUPIED + seat * 8 + rank
            placed.setdefault(seat, []).append(rank)
        w.boxes = tuple(tuple(b) for b in boxes)
        for seat in set(self.villas) | set(placed):
            p = mine(w, seat)
            total = max(len(START_SENATORS), len(p.villa) + len(p.used))
            villa = self.villas.get(seat, p.villa)
            used = list(placed.get(seat, []))
            used += [1] * (total - len(villa) - len(used))
            p.villa = tuple(sorted(villa))
            p.used = tuple(used)

    def _hordes(self, w: State) -> None:
        for seat in range(w.n):
            p = mine(w, seat)
            spec = self.hordes.get(seat)
            if spec is None:
                p.horde, p.enemy_fleet, p.nation = None, -1, 0
                continue
            fleet = -1 if spec.fleet is None else sea(spec.fleet)
            target = -1 if spec.target is None else province(spec.target)
            p.horde = Horde(place(spec.place), spec.warbands, spec.general, fleet, target)
            p.enemy_fleet = fleet
            p.nation = p.nation or 1


def _keep(h: Held | None, card: int) -> Held:
    """The counter ``card`` face down; the one that lay there keeps who saw it."""
    if h is not None and h.card == card:
        return h
    return Held(card, 0, NATIVE_POOL)


def _copies(w: State, copy: str) -> None:
    deck, box = [], []
    for a, b in zip(w.deck, w.deck_box, strict=True):
        pair = sorted((a, b), key=lambda h: ERA_CARDS[h.card].copy)
        want = pair[0] if copy == "A" else pair[1]
        deck.append(want)
        box.append(pair[1] if want is pair[0] else pair[0])
    w.deck, w.deck_box = tuple(deck), tuple(box)


# ---------------------------------------------------------------- the quiet game
def quiet(s: State) -> tuple:
    """The quiet way through a game: the first leader and nation, every
    senator to the Citadel for gold, no invasion, the first of every
    choice and nothing more built, collected or marched."""
    legal = GAME.legal(s)
    if s.pending:
        kind = s.pending[-1].kind
        if kind == "citadel":
            return max((a for a in legal if a[1] == "gold"), key=lambda a: a[3])
        for a in legal:
            if a[0] in ("done", "halt"):
                return a
        return legal[0]
    if s.phase == EXPANSION:
        for a in legal:
            if a[0] == "citadel":
                return a
    return legal[0]


def drive(s: State, until: Any, policy: Any = quiet, limit: int = 5000) -> State:
    """Play ``policy`` from ``s`` until ``until(s)`` holds."""
    from engine.scenario import drive as generic
    return generic(GAME, s, until, policy, limit)


__all__ = ["Scenario", "Chance", "quiet", "drive", "native", "triumph", "place", "province",
           "sea", "EXPANSION"]
