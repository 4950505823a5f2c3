"""The frozen values a game of The Romans is made of, and the map as numbers.

A ``State`` holds everything, hidden parts included; ``view.py`` masks it
per seat. Rules work on a writable copy (``thaw``) and thaw a player only
when they change it (``mine``), so ``play`` never touches its input.

Places are numbers: the 16 provinces in map order, then the 5 seas (the
same on every map; ``maps.py`` holds them by name). Sets of provinces are
bit masks, so a map's garrisons, cities or unrest cost one int each.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import Held, Options, Record, Rng, thawing
from engine.flow import Pending

from . import maps
from .data import ITALIAN_PROVINCES, Res

# ---------------------------------------------------------------- places
_BASE = maps.MAPS["A"]
PROVINCES: tuple[str, ...] = _BASE.province_names
SEAS: tuple[str, ...] = _BASE.sea_names
PLACES: tuple[str, ...] = PROVINCES + SEAS
NP = len(PROVINCES)
INDEX = {name: i for i, name in enumerate(PLACES)}
LATIUM = INDEX[maps.LATIUM]
ITALY = sum(1 << INDEX[p] for p in ITALIAN_PROVINCES)
REMOTE = tuple(INDEX[p] for p in maps.REMOTE_PROVINCES)  # in attack order
REMOTE_MASK = sum(1 << i for i in REMOTE)
ALL_PROVINCES = (1 << NP) - 1
REGION_NAMES: tuple[str, ...] = tuple(dict.fromkeys(p.region for p in _BASE.provinces))
REGION = tuple(REGION_NAMES.index(p.region) for p in _BASE.provinces)
REGION_MASK = tuple(sum(1 << j for j in range(NP) if REGION[j] == REGION[i]) for i in range(NP))
SYMBOL_INDEX = {"manpower": 0, "victuals": 1, "materials": 2, "gold": 3}


def bits(mask: int) -> list[int]:
    """The places in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Board(NamedTuple):
    """One Empire map as numbers: ``adj[i]`` every neighbour of place i (bit
    mask over places), ``land[i]`` its land neighbours, ``coast[sea]`` the
    provinces on a sea's coast, ``symbol[i]`` its revenue (0-3, as in
    data.RESOURCE_NAMES), ``remote[i]`` a remote province's enemy strength."""

    name: str
    adj: tuple[int, ...]
    land: tuple[int, ...]
    seas_of: tuple[int, ...]
    symbol: tuple[int, ...]
    remote: tuple[int, ...]
    fleet_sea: tuple[int, ...]  # per province: the Enemy fleet's sea, -1 none


def _board(m: maps.EmpireMap) -> Board:
    adj = []
    for name in PLACES:
        adj.append(sum(1 << INDEX[n] for n in m.neighbours(name)))
    land = tuple(a & ALL_PROVINCES if i < NP else 0 for i, a in enumerate(adj))
    seas_of = tuple(a & ~ALL_PROVINCES for a in adj)
    symbol = tuple(SYMBOL_INDEX[m.province(p).symbol] for p in PROVINCES)
    remote = tuple(m.province(p).remote_strength for p in PROVINCES)
    fleet = tuple(-1 if _fleet_for(m, p) is None else INDEX[_fleet_for(m, p)]  # type: ignore[index]
                  for p in PROVINCES)
    return Board(m.name, tuple(adj), land, seas_of, symbol, remote, fleet)


def _fleet_for(m: maps.EmpireMap, p: str) -> str | None:
    return None if p == maps.LATIUM else m.fleet_sea_for(p)


BOARDS: dict[str, Board] = {name: _board(m) for name, m in maps.MAPS.items()}

# ---------------------------------------------------------------- phases
PREP, LEADERS, EXPANSION, CAMPAIGN, RESPONSE, NATIONS, ENEMY, OVER = (
    "prep", "leaders", "expansion", "campaign", "response", "nations", "enemy", "over")
PHASE_NAMES = {
    PREP: "Roman preparation",
    LEADERS: "Leader selection",
    EXPANSION: "Senator placement",
    CAMPAIGN: "Roman campaigning",
    RESPONSE: "Enemy response",
    NATIONS: "Enemy nation selection",
    ENEMY: "Enemy campaigning",
    OVER: "Game over",
}

# Pools of interchangeable hidden things (engine.core.Held.pool).
NATIVE_POOL, TRIUMPH_POOL, LATER_POOL, BLOCKER_POOL = 1, 2, 3, 4
DECK_POOL = 100  # + the card's sequencing number (1-10): its two copies

FLEETS = 6
NO_FLEET = -1  # a fleet in the supply
VILLA = -2  # a piece waiting in the Villa


class Army(NamedTuple):
    """A Roman army on a map. ``rank`` is the general's (0: the Castra
    Praetoria's army, which has none); ``rome``/``enemy`` the initial
    strengths of the fight in ``place`` (fixed while it fights there)."""

    place: int
    legions: int
    rank: int
    rome: int
    enemy: int
    praetorian: bool = False


class Horde(NamedTuple):
    """An Enemy army on a map: its warbands, its general's bonus, the sea of
    its fleet (-1: none), its target (-1: none yet), the route still to walk
    (places after ``place``), and the strengths of the fight it is in
    (``fighting``)."""

    place: int
    warbands: int
    general: int
    fleet: int
    target: int = -1
    route: tuple[int, ...] = ()
    fighting: bool = False
    enemy: int = 0
    rome: int = 0


class Player(Record):
    """One seat: its map and pieces, Villa, Barracks, Docks and score.

    Masks are over provinces: ``garrison`` (one Roman legion each),
    ``cities``, ``christian`` (a subset of cities), ``forts``, ``walls``
    (a wall is a flipped fort: in ``walls`` only), ``unrest``, ``warbands``
    (Enemy garrisons). ``natives`` holds each province's face-down Native
    force (None: none there). ``fleets[k]`` is where fleet k+1 is (a sea,
    NO_FLEET or VILLA); ``fleets_up`` the fleets showing their dice icon.
    """

    _fields = (
        "board", "score", "stamp", "villa", "used", "barracks", "docks",
        "garrison", "cities", "christian", "forts", "walls", "unrest", "warbands",
        "natives", "fleets", "fleets_up", "remote_triumphs", "triumphs",
        "glory", "leader", "max_army", "nation", "waiting", "army", "horde", "enemy_fleet",
    )
    __slots__ = _fields
    board: str
    score: int
    stamp: int  # when the score marker last arrived on its space (uppermost = latest)
    villa: tuple[int, ...]  # ranks of the senators in the Villa, sorted
    used: tuple[int, ...]  # ranks of the senators placed this Era
    barracks: int
    docks: Res
    garrison: int
    cities: int
    christian: int
    forts: int
    walls: int
    unrest: int
    warbands: int
    natives: tuple[Held | None, ...]
    fleets: tuple[int, ...]
    fleets_up: int  # bit k: fleet k+1 shows its dice icon
    remote_triumphs: tuple[tuple[Held, ...], ...]  # per remote province (attack order)
    triumphs: tuple[Held, ...]  # collected
    glory: int  # the province of this Era's Glory marker; -1 once off the chart or none
    leader: int  # this Era's leader (die face 1-6), 0 none
    max_army: int
    nation: int  # this Era's enemy nation (die face), 0 none
    waiting: tuple[str, ...]  # pieces waiting in the Villa
    army: Army | None
    horde: Horde | None
    enemy_fleet: int  # the sea of the Enemy fleet on this map, -1 none

    @property
    def legions_out(self) -> int:
        """Legions not in the supply: Barracks, garrisons and the army."""
        army = self.army.legions if self.army else 0
        return self.barracks + self.garrison.bit_count() + army


class State(Record):
    """A whole game of The Romans at one moment."""

    _fields = (
        "n", "options", "rng", "era", "phase", "step", "queue", "pending", "players", "order",
        "clock", "deck", "deck_box", "card", "later", "later_box", "boxes", "blockers",
        "blocker_box", "gods", "god_uses", "gods_taken", "glory_off", "block", "pot",
        "triumph_box", "enemy_score", "enemy_glory", "roll", "events", "history", "viewer",
        "unseen",
    )
    __slots__ = _fields
    n: int
    options: Options
    rng: Rng
    era: int
    phase: str
    step: int  # within a phase
    queue: tuple[int, ...]  # seats still to act in this step, next first
    pending: tuple[Pending, ...]
    players: tuple[Player, ...]
    order: tuple[int, ...]  # turn order, 1st player first
    clock: int  # score-marker arrivals so far (for the uppermost rule)
    deck: tuple[Held, ...]  # the Era deck, top first (card = index in data.ERA_CARDS)
    deck_box: tuple[Held, ...]  # the copies returned unseen
    card: int  # the Era card face up now (index in data.ERA_CARDS), -1 none
    later: tuple[Held, ...]  # the Later buildings, Era 1 first (card = building index)
    later_box: tuple[Held, ...]
    boxes: tuple[tuple[int, ...], ...]  # per building (data.BUILDINGS), boxes I-IV
    blockers: tuple[Held, ...]  # face-down blocking senators on the Later buildings
    blocker_box: tuple[Held, ...]
    gods: tuple[int, ...]  # per god (data.GODS): the seat holding it, -1 none
    god_uses: tuple[int, ...]  # per god: TEMPLE_USE | BUILDING_USE done this Era
    gods_taken: int  # bit per seat: took a god this Era (one per Era, even if it went back)
    glory_off: int  # Glory markers moved off the chart this Era
    block: int  # the die on a leader or nation no one may choose (0 none)
    pot: tuple[Held, ...]
    triumph_box: tuple[Held, ...]  # Triumphs out of play (the pool and returned)
    enemy_score: int  # solo: The Enemy's score (0 otherwise)
    enemy_glory: int  # solo: The Enemy's Glory province, -1 none
    roll: tuple[int, ...]  # the last dice rolled (for the table)
    events: tuple[tuple, ...]
    history: tuple[tuple[int, ...], ...]  # scores after each Era
    viewer: int  # -1: full state; else the seat of this view
    unseen: tuple[tuple[int, tuple[int, ...]], ...]

    @property
    def solo(self) -> bool:
        return self.n == 1


TEMPLE_USE, BUILDING_USE = 1, 2

# A box of a building holds EMPTY, a senator (OCCUPIED + seat * 8 + rank)
# or a blocking senator (BLOCKED + rank).
EMPTY, OCCUPIED, BLOCKED = 0, 100, 200


def occupant(code: int) -> tuple[int, int] | None:
    """(seat, rank) of a senator in a box, None if none (or a blocker)."""
    if OCCUPIED <= code < BLOCKED:
        return divmod(code - OCCUPIED, 8)
    return None


mine = thawing("players", Player)  # mine(w, seat): seat's player, writable


def board(p: Player) -> Board:
    return BOARDS[p.board]
