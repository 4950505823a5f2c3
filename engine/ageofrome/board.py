"""Age of Rome's boards as data: the rotating Provinces board, the seats
around the table, the Battle Regions, the Senate's Column, the Colosseum,
the Population discs and the Glory track.

Line numbers (Lnnn) are those of /work/shared/rules/age-of-rome.txt; AoR-x
items are INVENTORY.md part AoR. The rulebook prints the boards only as
pictures: a value it does not give is a stand-in marked ``inferred=True``
(INVENTORY AoR-C) and listed in docs/RULES-NOTES.md. The cards, characters
and tiles are in ``engine.ageofrome.data``.

Geometry. The four table positions are numbered 0-3 clockwise. The
Provinces board turns under them: ``rotation`` r (0-3, quarter turns
clockwise from the start) puts province ``PROVINCES[(position - r) % 4]``
in front of position ``position``. A clockwise quarter turn is r + 1, a
counter-clockwise one r - 1 (L117, L275).
"""

from __future__ import annotations

from dataclasses import dataclass

# ---------------------------------------------------------------- types (TEXT)
MILITARY, POLITICS, TRADE, RELIGION, FARMING = (
    "Military",
    "Politics",
    "Trade",
    "Religion",
    "Farming",
)
BUILDING_TYPES = (MILITARY, POLITICS, TRADE, RELIGION, FARMING)  # L45, L159
LEVELS = (1, 2, 3)  # L160: three levels, III cannot be upgraded

CW, CCW = "cw", "ccw"  # L117: a blue arrow is clockwise, an orange one counter-clockwise
DIRECTIONS = (CW, CCW)
ARROW_COLOUR = {CW: "blue", CCW: "orange"}  # L117
QUARTER_TURN_DEGREES = 90  # L117, L275: 90 degrees per arrow


# ---------------------------------------------------------------- provinces
@dataclass(frozen=True)
class BuildingSpace:
    """The space of one building type on a province (L155, L162): a level I
    tile goes here for ``cost`` Denarii and gives ``glory`` at once."""

    type: str
    cost: int
    glory: int
    inferred: bool = True


@dataclass(frozen=True)
class Province:
    """A province of the Provinces board: one space per building type and
    three Scheme spaces (AoR-M14: every province alike). ``position`` is
    where it starts, clockwise from table position 0."""

    name: str
    position: int
    spaces: tuple[BuildingSpace, ...]
    scheme_spaces: int = 3  # L254-256 (3 per province: AoR-A.7)
    name_from_text: bool = True  # L154
    inferred: bool = True  # the order around the board and the space costs


def _spaces() -> tuple[BuildingSpace, ...]:
    # L162: the Religion space costs 3 Denarii and gives 2 Glory (TEXT); the
    # other types copy it (AoR-M2).
    return tuple(
        BuildingSpace(t, 3, 2, inferred=(t != RELIGION)) for t in BUILDING_TYPES
    )


# L154 names them; A10: Italia (the iconography says "Romania"). The order
# around the board is a stand-in that follows the map: Italia, Gaule,
# Hispania, Africa, back to Italia.
PROVINCES: tuple[Province, ...] = (
    Province("Italia", 0, _spaces()),
    Province("Gaule", 1, _spaces()),
    Province("Hispania", 2, _spaces()),
    Province("Africa", 3, _spaces()),
)
PROVINCE = {p.name: p for p in PROVINCES}
PROVINCE_NAMES = tuple(p.name for p in PROVINCES)
ICONOGRAPHY_NAME = {"Italia": "Romania"}  # A10: the iconography key's name
TABLE_POSITIONS = 4


def adjacent(a: int, b: int) -> bool:
    """Whether table positions (or provinces) ``a`` and ``b`` are side by side."""
    return (a - b) % TABLE_POSITIONS in (1, TABLE_POSITIONS - 1)


def province_in_front(position: int, rotation: int) -> str:
    """The province facing table position ``position`` after ``rotation``
    clockwise quarter turns of the Provinces board."""
    return PROVINCES[(position - rotation) % TABLE_POSITIONS].name


def turn(rotation: int, direction: str, arrows: int) -> int:
    """The rotation after turning ``arrows`` quarter turns in ``direction`` (L275)."""
    step = 1 if direction == CW else -1
    return (rotation + step * arrows) % TABLE_POSITIONS


@dataclass(frozen=True)
class Seating:
    """Where the seats sit for a player count: table positions, clockwise.
    L42: with 2 players the provinces in front of them are not adjacent, so
    they sit opposite; with 3 one position (and the province there) is empty
    (A21). The Emperor Solo sits alone (L373)."""

    players: int
    positions: tuple[int, ...]
    inferred: bool = True


SEATINGS: tuple[Seating, ...] = (
    Seating(1, (0,)),
    Seating(2, (0, 2), inferred=False),  # L42: not adjacent, so opposite
    Seating(3, (0, 1, 2)),
    Seating(4, (0, 1, 2, 3), inferred=False),  # L41: everyone faces a province
)
SEATING = {s.players: s.positions for s in SEATINGS}

# A7: the First Player marker rides on the province in front of the first
# player (L66) and stays there all game (L112); after each rotation whoever
# sits in front of it starts, or, if that position is empty, the next seated
# player in the round's direction.
FIRST_PLAYER_RIDES_PROVINCE = True


# ---------------------------------------------------------------- capacities
@dataclass(frozen=True)
class Capacity:
    """How many Followers a place holds (L177; the Colosseum: L252)."""

    place: str
    followers: int | None  # None: unlimited


CAPACITIES: tuple[Capacity, ...] = (
    Capacity("level 1", 3),
    Capacity("level 2", 2),
    Capacity("level 3", 1),
    Capacity("Colosseum", None),  # L252: as many as they want, more than one of theirs
    Capacity("Scheme space", 1),  # L254-256: one Scheme marker with a Follower on it
)
LEVEL_CAPACITY = {1: 3, 2: 2, 3: 1}  # L177
COLOSSEUM_GLORY = 1  # L252


# ---------------------------------------------------------------- battle regions
@dataclass(frozen=True)
class BattleRegion:
    """A Battle Region (L190): defeated once it holds ``shield`` Legions in
    all (L184; A1: at least that many), it scores its banners by placing
    at final scoring (L185). ``banners`` for 3-4 players, ``banners_2p`` for
    2 players and the solo (L189, L295)."""

    name: str
    shield: int
    banners: tuple[int, ...]
    banners_2p: tuple[int, ...]
    colour: str = ""
    inferred: bool = True


# L190 names them; the shields 2/3/4 are the iconography's "2/3/4 Legion
# Defence"; L295 gives the banner values without the regions; L189 gives
# Thrace (blue): 10/5, 2p 5/3; L299 gives the 4-shield region 10/5/3. Which
# name has which shield and banners is AoR-M5.
BATTLE_REGIONS: tuple[BattleRegion, ...] = (
    BattleRegion("Epirus", 2, (5, 2), (5, 2)),
    BattleRegion("Macedonia", 3, (8, 4), (4,)),
    BattleRegion("Thrace", 4, (10, 5, 3), (5, 3), colour="blue", inferred=False),
)
BATTLE_REGION = {r.name: r for r in BATTLE_REGIONS}
REGION_NAMES = tuple(r.name for r in BATTLE_REGIONS)


def banners(region: str, players: int) -> tuple[int, ...]:
    """End-game Glory by placing (1st, 2nd, ...) in a defeated region."""
    r = BATTLE_REGION[region]
    return r.banners_2p if players <= 2 else r.banners


# ---------------------------------------------------------------- Senate's Column
COLUMN_MAX = 5  # L195-196: a sixth Vote pushes the bottom one back to its owner
# L302, A2: position 1 is the bottom Vote. The rule lists 1, 2, 3 and "the
# 5th scores 6"; position 4 = 5 is derived from the example (L303: "1 + 5";
# the example's Politics column adds up to 17 = 1 + 2 + 3 + 5 + 6).
COLUMN_POINTS = (1, 2, 3, 5, 6)
COLUMN_POINTS_DERIVED = (4,)  # positions whose value the text does not state
MAJORITY_RUN = 3  # L197-198: the top two are yours and you place a third
MAJORITY_GLORY = 2  # L198
MAJORITY_GLORY_POLITICS_MEDAL = 3  # L169


# ---------------------------------------------------------------- Population discs
POPULATION_START = 1  # L44
POPULATION_PER_LEVEL = 1  # L156: +1 per tile placed (L272: 1 + the levels)
POPULATION_MAX = POPULATION_START + len(BUILDING_TYPES) * len(LEVELS)  # 16


@dataclass(frozen=True)
class PopulationStep:
    """One number of the Population disc: the population and the red Glory
    penalty of a double Income (L157, L269)."""

    population: int
    penalty: int
    inferred: bool = True


# AoR-M4: penalty = population // 2 + 1; L273 gives population 3 -> 2 and
# population 6 -> 4 (Henry: 6 instead of 3 for 2 Glory; Mary: 12 for 4).
POPULATION_DISC: tuple[PopulationStep, ...] = tuple(
    PopulationStep(p, p // 2 + 1, inferred=p not in (3, 6))
    for p in range(POPULATION_START, POPULATION_MAX + 1)
)
PENALTY = {s.population: s.penalty for s in POPULATION_DISC}
INCOME_SINGLE = 1  # L268: one Denarius per Population
INCOME_DOUBLE = 2  # L268: two per Population, for the red penalty


# ---------------------------------------------------------------- Glory track
GLORY_MIN = 1  # L97: never below 1, under any circumstances
TRACK_SPACES = 30  # L96
FLIP_BONUS = 30  # L96: past 30 the marker flips to +30 and goes on from space 1


def track_space(glory: int) -> int:
    """The space a Glory total shows on the track (31 -> space 1, flipped)."""
    return (glory - 1) % TRACK_SPACES + 1


@dataclass(frozen=True)
class Milestone:
    """A milestone on the Glory track (L99). A moving one starts at
    ``start`` and goes down one space for each player who reaches it."""

    start: int
    moves: bool


MILESTONES: tuple[Milestone, ...] = (
    Milestone(5, moves=False),  # L99: everyone meets the first one on space 5
    Milestone(12, moves=True),  # L62, L99: markers on 12, 21 and 30
    Milestone(21, moves=True),
    Milestone(30, moves=True),
)
MILESTONE_FOLLOWERS = 1  # L99: one extra Follower, the first time only
