"""The Romans as data: era cards, native forces, buildings, charts, supplies.

One record per item, named as the rulebook spells it
(/work/shared/rules/the-romans.txt; INVENTORY.md part TR). The rulebook
prints much of this only as graphics; values it does not give are stand-ins
marked ``inferred=True`` (INVENTORY TR-C) and listed in docs/RULES-NOTES.md.
The maps are in ``engine.romans.maps``. Resources are 4-tuples in the order
(manpower, victuals, materials, gold).
"""

from __future__ import annotations

from dataclasses import dataclass

MANPOWER, VICTUALS, MATERIALS, GOLD = range(4)
RESOURCE_NAMES = ("manpower", "victuals", "materials", "gold")
ONE_OF = {"materials": "material"}  # "1 material", "2 materials"; "1 gold", "1 victuals"


def amount(n: int, name: str) -> str:
    """``n`` of resource ``name`` as a player reads it: "1 material" (not
    "1 materials"), "2 materials", "1 gold". The rulebook names the kinds
    in the plural ("manpower, victuals, materials"); victuals and gold
    take no singular."""
    return f"{n} {ONE_OF.get(name, name) if n == 1 else name}"
Res = tuple[int, int, int, int]
NONE: Res = (0, 0, 0, 0)


def res(manpower: int = 0, victuals: int = 0, materials: int = 0, gold: int = 0) -> Res:
    return (manpower, victuals, materials, gold)


# ---------------------------------------------------------------- constants (TEXT)
ERAS = 5
PLAYERS = (1, 2, 3, 4)
LEGIONS_PER_PLAYER = 18  # L502
START_SENATORS = (1, 2, 3, 4)  # ranks I-IV in the Villa (setup step 15)
NEW_SENATOR_RANK = 1  # L140
START_SCORE_BY_SEAT = (1, 2, 3, 4)  # L88
START_BARRACKS_BY_SEAT = (1, 2, 3, 4)  # L89
START_LATIUM = {"legion": 1, "city": 1, "fort": 1}  # L93
START_DOCKS: Res = res(1, 1, 1, 1)  # L95
ERA_CARD_PAIRS = 10  # L80: pairs 1-10, one of each returned unseen
LATER_BUILDINGS_TOTAL = 6  # L76
LATER_BUILDINGS_IN_PLAY = 5
TRIUMPHS_PER_REMOTE = 1  # L91: one in each remote province per player
SOLO_TRIUMPHS_PER_REMOTE = 2  # L586
REMOTE_ATTACK_ORDER = ("Britannia", "Germania", "Mesopotamia")
ITALIAN_PROVINCES = ("Venetia", "Etruria", "Latium", "Campania", "Apulia")
OTHER_LOCATIONS = ("Villa", "Citadel", "Barracks", "Docks")
BOX_COST_GOLD = 2  # "either one resource or 2 gold" (L178)
SELL_GOLD = 1  # L490
BUY_GOLD = 3  # L490
REVENUE_RESOURCE = 1  # per resource symbol
REVENUE_GOLD = 2  # per gold symbol
BASILICA_UNREST = 1  # unrest placed per Basilica use
GLORY_DECREMENT = 1  # per marker already off the chart (L425)
GLORY_CITY_BONUS = 1  # per city not in unrest
REGION_CITIES, REGION_FORTIFICATIONS = 1, 1  # L494-496
STRENGTH = {"legion": 1, "city": 1, "fort": 1, "wall": 2, "warband": 1}
FALL_OF_ROME_PER_WARBAND = 5  # L528, L534
SCORE_FLOOR = 1  # L530
CHRISTIAN_CITY_POINTS = 3  # L542
ITEMS_PER_POINT = 5  # L543: Docks + Barracks items
BLOCKING_SENATORS = 12  # L554: 5 on Original, 5 on Later, 2 returned
BLOCKING_ON_ORIGINAL, BLOCKING_ON_LATER, BLOCKING_RETURNED = 5, 5, 2
CITADEL_CONVERT_ERAS = (4, 5)  # L200
NO_ENEMY_FLEET_SEAS = ("Oceanus Atlanticus",)
CHOICE = "choice"  # glory chart face 6: any province of the player's choice (R16)


# ---------------------------------------------------------------- records
@dataclass(frozen=True)
class Supply:
    """A limited supply: ``per_player`` or common to all players."""

    name: str
    count: int
    per_player: bool
    inferred: bool = False


SUPPLIES: tuple[Supply, ...] = (
    Supply("legions", LEGIONS_PER_PLAYER, per_player=True),  # L502
    Supply("start senators", 4, per_player=True),  # setup step 15
    Supply("blocking senators", BLOCKING_SENATORS, per_player=False),  # L554
    Supply("fleets", 6, per_player=True, inferred=True),  # TR-M23, numbered 1-6
    Supply("cities", 40, per_player=False, inferred=True),  # TR-M24
    Supply("fortifications", 40, per_player=False, inferred=True),  # TR-M24
    Supply("unrest", 30, per_player=False, inferred=True),  # TR-M24
    Supply("native forces", 16, per_player=True, inferred=True),  # derived: 15 + 1 to the pot
    Supply("triumphs", 16, per_player=False, inferred=True),  # TR-M22
)
SUPPLY = {s.name: s for s in SUPPLIES}
FLEET_NUMBERS = (1, 2, 3, 4, 5, 6)  # inferred (TR-M23)
BLOCKING_SENATOR_RANKS = (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4)  # inferred (TR-M26)


@dataclass(frozen=True)
class PieceCost:
    """A piece's price in gold at the Servian Wall (TR-M21)."""

    piece: str
    gold: int
    inferred: bool = True


PIECE_COSTS: tuple[PieceCost, ...] = (
    PieceCost("city", 4),
    PieceCost("fort", 2),
    PieceCost("wall", 4),  # also when flipping a fort
    PieceCost("fleet", 3),
)
PIECE_COST = {p.piece: p.gold for p in PIECE_COSTS}


@dataclass(frozen=True)
class GeneralBonus:
    """A Roman general's strength bonus by senator rank (TR-M11: rank - 1)."""

    rank: int
    bonus: int
    inferred: bool = True


GENERAL_BONUSES: tuple[GeneralBonus, ...] = tuple(GeneralBonus(r, r - 1) for r in (1, 2, 3, 4))
GENERAL_BONUS = {g.rank: g.bonus for g in GENERAL_BONUSES}


@dataclass(frozen=True)
class CitadelBonus:
    """The Citadel chart: extra actions for a black-die roll (TR-M19)."""

    roll: int
    bonus: int
    inferred: bool = True


CITADEL_CHART: tuple[CitadelBonus, ...] = (
    CitadelBonus(1, 0),
    CitadelBonus(2, 0),
    CitadelBonus(3, 1),
    CitadelBonus(4, 1),
    CitadelBonus(5, 2),
    CitadelBonus(6, 3, inferred=False),  # L193: a roll of 6 gives three extra actions
)
CITADEL_BONUS = {c.roll: c.bonus for c in CITADEL_CHART}
CITADEL_ACTIONS = ("remove unrest", "collect gold", "convert city")  # L197-199


# ---------------------------------------------------------------- buildings
@dataclass(frozen=True)
class Box:
    """A rank box I-IV of a building: its placement cost and effect as data.

    ``effect`` names the rule; ``amount`` is its size (provinces, legions,
    ranks, gold to spend, roll bonus, revenue types, points; ``None`` = all);
    ``plus`` an extra (Forum: gold; Ludus Magnus: points); ``per_fort``
    points per fortification (Theatre of Balbus); ``outside_italy`` limits a
    count to provinces outside Italy; ``fleets`` whether fleets may be built.
    ``from_text`` names the fields the rulebook states; ``inferred`` is set
    when any other value of the box is a stand-in.
    """

    number: int
    cost: Res
    effect: str
    amount: int | None
    plus: int = 0
    per_fort: int = 0
    outside_italy: bool = False
    fleets: bool = True
    from_text: tuple[str, ...] = ()
    inferred: bool = True


@dataclass(frozen=True)
class Building:
    """A building of the City of Rome. ``god`` is the god linked to it."""

    name: str
    original: bool
    boxes: tuple[Box, Box, Box, Box]
    god: str | None = None
    new_senator: bool = False  # the New senator icon (Later buildings)
    note: str = ""
    inferred: bool = False


ALL = None
_GOLD2 = res(gold=2)
_MAN = res(manpower=1)
_VIC = res(victuals=1)
_MAT = res(materials=1)


def _boxes(cost: Res, effect: str, amounts: tuple, **kw: object) -> tuple[Box, Box, Box, Box]:
    return tuple(Box(n, cost, effect, a, **kw) for n, a in zip((1, 2, 3, 4), amounts, strict=True))  # type: ignore[return-value]


BUILDINGS: tuple[Building, ...] = (
    Building(
        "Basilica Aemilia",
        original=True,
        god="Mercury",  # inferred (TR-M16)
        boxes=_boxes(_GOLD2, "revenue", (3, 5, 7, ALL)),
        note="then place 1 unrest in a province just collected from",
        inferred=True,
    ),
    Building(
        "Castra Peregrina",
        original=True,
        god="Mars",  # inferred (TR-M16)
        boxes=_boxes(_MAN, "recruit", (2, 3, 4, 6)),
        inferred=True,
    ),
    Building(
        "Forum",
        original=True,
        god="Minerva",  # inferred (TR-M16)
        boxes=(
            Box(1, _GOLD2, "raise", 1),
            Box(2, _GOLD2, "raise", 2),
            Box(3, _GOLD2, "raise", 2, plus=2),
            Box(4, _GOLD2, "raise", 3),
        ),
        inferred=True,
    ),
    Building(
        "Servian Wall",
        original=True,
        god="Vesta",  # L63: Vesta is linked to the Servian Wall
        boxes=(
            Box(1, _MAT, "build", 4),
            Box(2, _MAT, "build", 6),
            Box(3, _MAT, "build", 8),
            Box(4, _MAT, "build", 10, from_text=("effect", "amount")),  # L466
        ),
    ),
    Building(
        "Temple of Jupiter",
        original=True,
        god=None,
        boxes=(
            Box(1, _VIC, "temple", 0, from_text=("cost",)),
            Box(2, _VIC, "temple", 1, from_text=("cost",)),
            # L457 (the III box gives +2), L631 (victuals)
            Box(3, _VIC, "temple", 2, from_text=("cost", "effect", "amount"), inferred=False),
            Box(4, _VIC, "temple", 3, from_text=("cost",)),
        ),
        note="roll the die + the box bonus; one or two benefits of the god's chart",
    ),
    Building(
        "Amphitheatrum Castrense",
        original=False,
        boxes=_boxes(_MAT, "build", (6, 8, 10, 12), fleets=False),
        new_senator=False,
        note="fleets cannot be bought",
        inferred=True,
    ),
    Building(
        "Baths of Agrippa",
        original=False,
        boxes=_boxes(_GOLD2, "revenue types", (1, 2, 3, 4)),
        new_senator=True,
        note="gold and the three resources; Basilica Aemilia rules, no unrest placed",
        inferred=True,
    ),
    Building(
        "Castra Praetoria",
        original=False,
        boxes=_boxes(_MAN, "praetorian army", (3, 4, 6, 8)),
        new_senator=True,
        note="an army without a general attacks one province; spare legions remove unrest",
        inferred=True,
    ),
    Building(
        "Colosseum",
        original=False,
        boxes=_boxes(_VIC, "score sets", (2, 3, 4, 5)),
        new_senator=True,
        note="points per set of manpower + victuals + materials; sets go to the supply",
        inferred=True,
    ),
    Building(
        "Ludus Magnus",
        original=False,
        boxes=(
            Box(1, _MAN, "score provinces", 1, outside_italy=True),
            Box(2, _MAN, "score provinces", 1),
            Box(3, _MAN, "score provinces", 1, plus=2),
            Box(4, _MAN, "score provinces", 2, outside_italy=True),
        ),
        new_senator=True,
        note="occupied provinces not in unrest",
        inferred=True,
    ),
    Building(
        "Theatre of Balbus",
        original=False,
        boxes=(
            Box(1, _MAT, "score cities", 1),
            Box(2, _MAT, "score cities", 1, per_fort=1),
            Box(3, _MAT, "score cities", 2),
            Box(4, _MAT, "score cities", 2, per_fort=1),
        ),
        new_senator=True,
        note="cities and fortifications not in unrest",
        inferred=True,
    ),
)
BUILDING = {b.name: b for b in BUILDINGS}
ORIGINAL_BUILDINGS = tuple(b.name for b in BUILDINGS if b.original)
LATER_BUILDINGS = tuple(b.name for b in BUILDINGS if not b.original)


@dataclass(frozen=True)
class God:
    name: str
    building: str
    inferred: bool = False


GODS: tuple[God, ...] = (
    God("Vesta", "Servian Wall"),  # L63
    God("Mars", "Castra Peregrina", inferred=True),
    God("Mercury", "Basilica Aemilia", inferred=True),
    God("Minerva", "Forum", inferred=True),
)
GOD = {g.name: g for g in GODS}


@dataclass(frozen=True)
class TempleBenefit:
    """Benefit ``number`` (1-6) of a god's chart on the Temple of Jupiter.

    ``effect`` names the rule; ``amount`` its size (legions, gold to spend,
    resources, gold, unrest, ranks; ``None`` = all); ``per`` the points per
    counted thing for scoring benefits (Mercury 4: 1 point per 2 resources is
    ``per=1, amount=2``).
    """

    god: str
    number: int
    effect: str
    amount: int | None = 0
    per: int = 0
    inferred: bool = True


TEMPLE_CHART: tuple[TempleBenefit, ...] = (
    TempleBenefit("Mars", 1, "recruit", 3, inferred=False),  # L458
    TempleBenefit("Mars", 2, "recruit", 5),
    TempleBenefit("Mars", 3, "recruit", 7),
    TempleBenefit("Mars", 4, "score legions outside Italy", 1, per=1),  # L458: rate inferred
    TempleBenefit("Mars", 5, "recruit", 10, inferred=False),  # L457
    TempleBenefit("Mars", 6, "score legions outside Italy", 1, per=2),
    TempleBenefit("Vesta", 1, "build", 2),
    TempleBenefit("Vesta", 2, "build", 4),
    TempleBenefit("Vesta", 3, "build", 6),
    TempleBenefit("Vesta", 4, "score cities", 1, per=1),
    TempleBenefit("Vesta", 5, "build", 10),
    TempleBenefit("Vesta", 6, "score cities and fortifications", 1, per=1),
    TempleBenefit("Mercury", 1, "gain resources", 2),
    TempleBenefit("Mercury", 2, "gain gold", 4),
    TempleBenefit("Mercury", 3, "gain resources", 4),
    TempleBenefit("Mercury", 4, "score resources", 2, per=1),
    TempleBenefit("Mercury", 5, "gain resources", 6),
    TempleBenefit("Mercury", 6, "score resources", 1, per=1),
    TempleBenefit("Minerva", 1, "remove unrest", 1),
    TempleBenefit("Minerva", 2, "raise", 1),
    TempleBenefit("Minerva", 3, "remove unrest", 3),
    TempleBenefit("Minerva", 4, "score provinces", 1, per=1),
    TempleBenefit("Minerva", 5, "remove all unrest and raise", ALL),
    TempleBenefit("Minerva", 6, "score ranks", 1, per=1),
)


def temple_benefit(god: str, number: int) -> TempleBenefit:
    for b in TEMPLE_CHART:
        if b.god == god and b.number == number:
            return b
    raise KeyError((god, number))


# ---------------------------------------------------------------- glory chart
@dataclass(frozen=True)
class GloryEra:
    """The Glory chart for one Era: points and the province for each die face."""

    era: int
    points: int
    faces: tuple[str, str, str, str, str, str]  # die faces 1-6; face 6 = CHOICE
    points_from_text: bool = False
    inferred: bool = True  # the provinces (TR-M20)


GLORY_CHART: tuple[GloryEra, ...] = (
    GloryEra(
        1,
        5,
        ("Etruria", "Campania", "Apulia", "Illyricum", "Macedonia", CHOICE),
        points_from_text=True,
    ),
    GloryEra(2, 6, ("Mauritania", "Hispania", "Gallia", "Macedonia", "Asia", CHOICE)),
    GloryEra(
        3, 7, ("Gallia", "Asia", "Syria", "Aegyptus", "Germania", CHOICE), points_from_text=True
    ),
    GloryEra(4, 8, ("Britannia", "Germania", "Mesopotamia", "Syria", "Hispania", CHOICE)),
    GloryEra(5, 9, ("Latium", "Etruria", "Campania", "Macedonia", "Asia", CHOICE)),
)


# ---------------------------------------------------------------- era cards
@dataclass(frozen=True)
class Leader:
    """A leader on a Roman era card; ``face`` is the die number (3p blocking)."""

    face: int
    name: str
    max_army: int
    gold: int
    bonus: str | None  # "city", "fort", "wall", "fleet" or None; never a legion
    inferred: bool = True


@dataclass(frozen=True)
class Nation:
    """An enemy nation on an enemy era card."""

    face: int
    name: str
    start: str
    warbands: int
    fleet: bool
    general: int  # the enemy general's bonus; 0 = no general
    inferred: bool = True


@dataclass(frozen=True)
class RomanCard:
    """An odd-numbered era card: leaders for 4D (TR-D R1). ``copy`` is "A" or "B"."""

    number: int
    copy: str
    leaders: tuple[Leader, ...]
    inferred: bool = True

    @property
    def era(self) -> int:
        return (self.number + 1) // 2


@dataclass(frozen=True)
class EnemyCard:
    """An even-numbered era card: enemy nations for 6D."""

    number: int
    copy: str
    nations: tuple[Nation, ...]
    inferred: bool = True

    @property
    def era(self) -> int:
        return self.number // 2


_LEADERS: dict[int, tuple[tuple[str, int, int, str | None], ...]] = {
    1: (
        ("Romulus", 5, 1, None),
        ("Numa Pompilius", 3, 5, "city"),
        ("Tullus Hostilius", 5, 2, "fort"),
        ("Ancus Marcius", 4, 3, "fleet"),
        ("Tarquinius Priscus", 4, 4, None),
        ("Servius Tullius", 3, 3, "wall"),
    ),
    3: (
        ("Camillus", 6, 2, None),
        ("Cincinnatus", 5, 3, "fort"),
        ("Appius Claudius", 4, 5, "city"),
        ("Duilius", 4, 3, "fleet"),
        ("Fabius Maximus", 5, 4, None),
        ("Scipio Africanus", 6, 3, "fleet"),
    ),
    5: (
        ("Marius", 7, 2, None),
        ("Sulla", 6, 4, None),
        ("Pompeius", 6, 3, "fleet"),
        ("Crassus", 4, 8, None),
        ("Julius Caesar", 7, 3, "city"),
        ("Lucullus", 5, 5, "fort"),
    ),
    7: (
        ("Augustus", 6, 6, "city"),
        ("Tiberius", 6, 4, "fort"),
        ("Claudius", 5, 4, "fleet"),
        ("Vespasian", 7, 3, "wall"),
        ("Trajan", 8, 2, None),
        ("Hadrian", 5, 5, "wall"),
    ),
    9: (
        ("Septimius Severus", 7, 3, "fort"),
        ("Aurelian", 7, 2, "wall"),
        ("Diocletian", 6, 4, "fort"),
        ("Constantine", 6, 5, "city"),
        ("Theodosius", 6, 3, "fleet"),
        ("Stilicho", 8, 1, None),
    ),
}

_NATIONS: dict[int, tuple[tuple[str, str, int, bool, int], ...]] = {
    2: (
        ("Etruscans", "Etruria", 2, False, 0),
        ("Samnites", "Campania", 3, False, 0),
        ("Senones", "Venetia", 3, False, 1),
        ("Volsci", "Campania", 2, False, 1),
        ("Carthaginians", "Mauritania", 2, True, 0),
        ("Illyrians", "Illyricum", 2, True, 0),
    ),
    4: (
        ("Carthaginians", "Mauritania", 3, True, 2),
        ("Gauls", "Gallia", 4, False, 1),
        ("Macedonians", "Macedonia", 3, True, 1),
        ("Celtiberians", "Hispania", 4, False, 0),
        ("Seleucids", "Syria", 3, True, 1),
        ("Illyrians", "Illyricum", 3, True, 0),
    ),
    6: (
        ("Cimbri and Teutones", "Germania", 5, False, 1),
        ("Pontus", "Asia", 4, True, 2),
        ("Numidians", "Mauritania", 4, False, 1),
        ("Parthians", "Mesopotamia", 4, False, 2),
        ("Helvetii", "Gallia", 5, False, 0),
        ("Spartacus", "Campania", 4, False, 1),
    ),
    8: (
        ("Germani", "Germania", 5, False, 2),
        ("Britons", "Britannia", 4, False, 1),
        ("Dacians", "Illyricum", 5, False, 1),
        ("Parthians", "Mesopotamia", 5, False, 2),
        ("Judaeans", "Syria", 4, False, 1),
        ("Mauri", "Mauritania", 4, True, 1),
    ),
    10: (
        ("Goths", "Macedonia", 6, False, 2),
        ("Vandals", "Mauritania", 5, True, 2),
        ("Huns", "Illyricum", 7, False, 3),
        ("Franks", "Gallia", 6, False, 1),
        ("Sassanids", "Mesopotamia", 6, False, 2),
        ("Alamanni", "Germania", 6, False, 1),
    ),
}


def _roman_card(number: int, copy: str) -> RomanCard:
    """Copy B: gold +1 and army -1 on faces 1-3 (inferred, INVENTORY TR-C)."""
    leaders = []
    for face, (name, army, gold, bonus) in enumerate(_LEADERS[number], start=1):
        if copy == "B" and face <= 3:
            army, gold = army - 1, gold + 1
        leaders.append(Leader(face, name, army, gold, bonus))
    return RomanCard(number, copy, tuple(leaders))


def _enemy_card(number: int, copy: str) -> EnemyCard:
    """Copy B of an enemy card is the same as copy A (inferred)."""
    nations = tuple(Nation(face, *n) for face, n in enumerate(_NATIONS[number], start=1))
    return EnemyCard(number, copy, nations)


ERA_CARDS: tuple[RomanCard | EnemyCard, ...] = tuple(
    (_roman_card if n % 2 else _enemy_card)(n, copy) for n in range(1, 11) for copy in ("A", "B")
)
"""All 20 printed cards, two per sequencing number 1-10 (L80)."""


# ---------------------------------------------------------------- native forces
@dataclass(frozen=True)
class NativeForce:
    """A Native force counter (16 per player colour, TR-M12)."""

    warbands: int
    city: int
    fortification: str | None  # "fort", "wall" or None
    gold: int
    unrest: bool
    inferred: bool = True

    @property
    def strength(self) -> int:
        fort = {"fort": 1, "wall": 2, None: 0}[self.fortification]
        return self.warbands + self.city + fort


NATIVE_FORCES: tuple[NativeForce, ...] = (
    NativeForce(1, 0, None, 0, False),
    NativeForce(1, 0, None, 1, False),
    NativeForce(2, 0, None, 0, False),
    NativeForce(2, 0, None, 1, False),
    NativeForce(1, 1, None, 2, False),
    NativeForce(1, 0, "fort", 0, True),
    NativeForce(3, 0, None, 0, False),
    NativeForce(2, 1, None, 2, False),
    NativeForce(1, 1, "fort", 1, True),
    NativeForce(2, 0, "wall", 0, False),
    NativeForce(1, 1, "wall", 2, False),  # the L276 example: warband + city + wall = 4
    NativeForce(3, 1, None, 0, True),
    NativeForce(4, 0, None, 1, False),
    NativeForce(2, 1, "fort", 3, False),
    NativeForce(3, 0, "wall", 0, True),
    NativeForce(2, 1, "wall", 3, False),
)


# ---------------------------------------------------------------- triumphs
STATUE, MOSAIC, POETRY = "statue", "mosaic", "poetry"
ARTS = (STATUE, MOSAIC, POETRY)


@dataclass(frozen=True)
class Triumph:
    """A Triumph token: its main benefit (points) and arts icons."""

    points: int
    arts: tuple[str, ...] = ()
    inferred: bool = True


TRIUMPHS: tuple[Triumph, ...] = (
    Triumph(3, (STATUE,)),
    Triumph(3, (MOSAIC,)),
    Triumph(3, (POETRY,)),
    Triumph(4),
    Triumph(4, (STATUE,)),
    Triumph(4, (MOSAIC,)),
    Triumph(4, (POETRY,)),
    Triumph(5),
    Triumph(5, (STATUE, MOSAIC)),
    Triumph(5, (POETRY,)),
    Triumph(6),
    Triumph(6, (STATUE,)),
    Triumph(2, (STATUE, STATUE)),
    Triumph(2, (MOSAIC, POETRY)),
    Triumph(7),
    Triumph(3, (POETRY, STATUE)),
)


# ---------------------------------------------------------------- solo: The Enemy
@dataclass(frozen=True)
class SoloBonus:
    """The building bonus printed on a Later-building space (L592).

    The values are the text's; which space has which (Era 1 = 25 ... Era 5 =
    5) is a stand-in (TR-D R28)."""

    era: int
    points: int
    inferred: bool = True


SOLO_BUILDING_BONUSES: tuple[SoloBonus, ...] = tuple(
    SoloBonus(era, pts) for era, pts in zip(range(1, 6), (25, 20, 15, 10, 5), strict=True)
)
SOLO_ROME_SEAT, SOLO_ENEMY_SEAT = 1, 2  # L584-585: turn track and score
SOLO_GLORY_REROLL = 6  # L587: both re-roll a 6; The Enemy also re-rolls Rome's number
