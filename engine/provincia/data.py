"""Provincia Romana as data: every card, city, table and constant.

One record per card kind, named as in the rulebook. Values the rulebook does
not print are marked ``inferred=True``; docs/RULES-NOTES.md says what was
chosen for each and why. Resources are always 4-tuples in the order
(Clay, Wood, Stone, Gold).
"""

from __future__ import annotations

from dataclasses import dataclass

CLAY, WOOD, STONE, GOLD = range(4)
RESOURCE_NAMES = ("Clay", "Wood", "Stone", "Gold")
Res = tuple[int, int, int, int]
NONE: Res = (0, 0, 0, 0)


def res(clay: int = 0, wood: int = 0, stone: int = 0, gold: int = 0) -> Res:
    return (clay, wood, stone, gold)


# ---------------------------------------------------------------- constants
ROUNDS = 6
BATTLE_ROUNDS = (2, 3, 5, 6)
START_GOLD = 7
START_MORALE = 6
START_DEFENSE = 0
HAND_LIMIT = 5
STORAGE_WITH_HORREUM = 9
STORAGE_WITHOUT_HORREUM = 5
MORALE_MIN, MORALE_MAX = 1, 10  # max inferred (PR-M10)
DEFENSE_MIN, DEFENSE_MAX = -3, 10  # max inferred (PR-M10)
MARKERS_PER_DECK = 2
CARDS_PER_DRAW = 6
FACE_UP = 4
AEDIFICIUM_REMOVED = 42
TAX_GOLD = 1
TAX_FAIL_PP = 2
ACTIVATION_PP = 1
TRADE_GOLD = 2  # 2 Gold -> 1 Wood or 1 Stone
END_GOLD_PER_PP = 3
BATTLE_FALLBACK_GOLD = 3
BATTLE_FALLBACK_PP = 2
CONSUETUDO_LOOK = 10
AEDILES_VS_CONIURATIO_GOLD = 2
BOX_SUPPLY: Res = res(clay=37, wood=42, stone=48, gold=53)
FINITE_GOLD_DEFAULT = False
"""Gold is unlimited in a new game: the likelier reading (L157 limits
"resources", which L54-L55 and L315 tell apart from gold). A game that names
no value for the ``finite_gold`` option (saved before 2026-12) was played
with the 53 coins as a limit, and replays so (``Option.absent``)."""
PRESTIGE_CARDS = 8

OPES, SPQR, AEDIFICIUM = range(3)
DECK_NAMES = ("Opes", "SPQR", "Aedificium")


# ---------------------------------------------------------------- records
@dataclass(frozen=True)
class Aedificium:
    """A building. ``kind`` is its icon: production, defense, morale or prestige."""

    name: str
    count: int
    cost: Res
    award: int
    unique: bool
    kind: str
    inactive: bool = False
    produce: Res = NONE  # each Phase 5 while in play (and active)
    morale_per_round: int = 0
    military: int = 0  # while in play (and active, for inactive cards)
    defense_on_play: int = 0
    on_activate: Res = NONE  # one-time gain when activated
    activate_morale: int = 0
    activate_defense: int = 0
    access: str | None = None  # "Pons" or "Portus": only for cities of that access
    discount: str | None = None  # "architectus" (Clay/Wood/Stone) or "carchesium" (any)
    storage: bool = False  # Horreum
    inferred: bool = False
    deck = AEDIFICIUM


@dataclass(frozen=True)
class Spqr:
    """A Senate card. ``effect`` names the rule that resolves it."""

    name: str
    count: int
    cost: Res
    effect: str
    stays: bool = False
    any_three: bool = False  # Corruptio: 3 resources of your choice
    value: int = 0  # Gloria PP, Legio/Consul Defense, Patronus Wood
    inferred: bool = False
    deck = SPQR


@dataclass(frozen=True)
class Opes:
    """A production card: the Quaestor part (top) and the others' part (bottom)."""

    name: str
    count: int
    quaestor: Res
    others: Res
    inferred: bool = True
    deck = OPES


TUNED, FIRST = "tuned", "first"
"""The two sets of stand-in data (option ``stand_ins``): the first stand-ins,
which games saved before 2026-12 were played with, and those tuned by
self-play since (docs/RULES-NOTES.md, "Seat balance")."""


@dataclass(frozen=True)
class Bellum:
    """A battle card: Gauls' attack and the penalty.

    ``penalty`` is a tuple of alternatives in printed order (the slash "/");
    each alternative is a tuple of parts that all apply. A part is
    ("destroy", kind), ("lose_pp", n), ("lose", Res) or ("lose_morale", n)
    (L473 lists Morale among the losses).
    """

    name: str
    round: int
    attack: int
    penalty: tuple[tuple[tuple, ...], ...]
    inferred: bool = True
    either: bool = False  # prints "A or B" (L253), each a single building, not a slash
    stand_ins: str = ""  # "": in every set of stand-ins; else only in that one


@dataclass(frozen=True)
class City:
    name: str
    colour: str
    letter: str
    access: str  # "Pons" or "Portus"
    special: str  # the city's special Aedificium (tie-break 1)
    inferred: bool = True


# ---------------------------------------------------------------- buildings
P, D, M, PR = "production", "defense", "morale", "prestige"

AEDIFICIA: tuple[Aedificium, ...] = (
    Aedificium("Amphitheatrum", 3, res(clay=3, stone=6), 8, True, M, morale_per_round=1),
    Aedificium("Aquaeductus", 3, res(stone=9), 10, True, M, morale_per_round=1),
    Aedificium("Armamentarium", 2, res(gold=1, wood=2), 2, True, D, defense_on_play=1),
    Aedificium("Aurifex", 6, res(wood=1, clay=1, stone=1), 2, False, P, produce=res(gold=1)),
    Aedificium("Carchesium", 6, res(gold=2, wood=2, clay=1), 2, True, P, discount="carchesium"),
    Aedificium("Circus", 3, res(gold=1, wood=2, clay=2, stone=9), 12, True, M, morale_per_round=1),
    Aedificium("Colosseum", 3, res(gold=2, clay=1, stone=7), 9, True, M, morale_per_round=1),
    Aedificium("Domus", 6, res(wood=1, clay=2), 3, False, PR),
    Aedificium("Fodina", 6, res(wood=2), 2, False, P, produce=res(stone=1)),
    Aedificium("Fons", 6, res(clay=2, stone=1), 3, False, PR),
    Aedificium("Fornax Lateris", 8, res(gold=1, wood=1, stone=1), 2, False, P, produce=res(clay=1)),
    Aedificium("Forum", 3, res(gold=1, wood=1, stone=6), 6, True, PR),
    Aedificium("Horreum", 6, res(gold=2, wood=1, clay=1), 0, True, P, storage=True),
    Aedificium("Hortus", 6, res(gold=6), 8, False, M, morale_per_round=1),
    Aedificium("Insula", 6, res(wood=9), 10, False, M, morale_per_round=1),
    Aedificium("Lignator", 6, res(gold=1), 2, False, P, produce=res(wood=1)),
    Aedificium("Officina", 2, res(gold=2, wood=1), 2, True, D, military=1),
    Aedificium("Pons", 4, res(wood=4, clay=1), 5, True, PR, access="Pons"),
    Aedificium("Portus", 4, res(wood=4, clay=1), 5, True, PR, access="Portus"),
    Aedificium("Puteus", 3, res(gold=1, clay=2), 3, False, PR),
    Aedificium("Stabulum", 2, res(wood=2, clay=1), 2, True, D, military=1),
    Aedificium("Statua", 3, res(stone=8), 7, True, PR),
    # Strata: the text says neither "Unique" nor "multiple copies" (INVENTORY D1).
    Aedificium("Strata", 8, res(clay=2, stone=2), 4, False, PR, inferred=True),
    # inactive buildings: activate in Phase 5 for 1 PP
    Aedificium("Emporium", 4, res(wood=1, clay=2, stone=1), 2, True, P, inactive=True,
               on_activate=res(gold=4)),
    Aedificium("Exercitatio", 2, res(gold=1, wood=1), 2, True, D, inactive=True, military=1),
    Aedificium("Mola", 2, res(gold=1, wood=1), 2, False, M, inactive=True, activate_morale=1),
    Aedificium("Statio", 4, res(wood=2, clay=2), 2, False, D, inactive=True, military=2),
    Aedificium("Templum", 3, res(gold=1, clay=4, stone=8), 11, True, M, inactive=True,
               on_activate=res(gold=1), activate_morale=1),
    Aedificium("Turris", 6, res(wood=1), 2, False, D, inactive=True, activate_defense=1),
    Aedificium("Via Mercatoris", 4, res(wood=1, clay=1), 2, False, P, inactive=True,
               on_activate=res(gold=2)),
    Aedificium("Villa", 2, res(wood=1), 2, False, M, inactive=True, on_activate=res(gold=1),
               activate_morale=1),
    Aedificium("Vinea", 2, res(clay=1), 2, False, M, inactive=True, on_activate=res(gold=1),
               activate_morale=1),
)
"""The 32 kinds; their counts sum to 134 though the box lists 132 (INVENTORY D2)."""

# ---------------------------------------------------------------- SPQR
SPQR_CARDS: tuple[Spqr, ...] = (
    Spqr("Aediles", 3, NONE, "aediles"),
    Spqr("Architectus", 4, res(gold=4), "architectus", stays=True),
    # Icon read from the scan: pay 1 Clay, take 1 Wood + 1 Stone (INVENTORY PR-M4).
    Spqr("Commercium", 19, NONE, "commercium", inferred=True),
    Spqr("Concussio", 1, res(gold=2), "concussio", stays=True),
    Spqr("Coniuratio", 2, res(gold=5), "coniuratio"),
    Spqr("Consuetudo", 2, res(gold=2), "consuetudo"),
    Spqr("Consul Cecilio Metello", 1, res(gold=3), "defense", value=2),
    Spqr("Consul Pompeo Magno", 1, res(gold=3), "defense", value=2),
    Spqr("Corruptio", 2, NONE, "corruptio", stays=True, any_three=True),
    Spqr("Gloria III", 1, res(gold=2), "gloria", stays=True, value=3, inferred=True),
    Spqr("Gloria IV", 1, res(gold=2), "gloria", stays=True, value=4, inferred=True),
    Spqr("Gloria V", 1, res(gold=2), "gloria", stays=True, value=5, inferred=True),
    Spqr("Gloria VI", 1, res(gold=2), "gloria", stays=True, value=6, inferred=True),
    Spqr("Legio", 4, res(gold=2), "defense", value=1),
    Spqr("Patronus", 3, res(gold=1), "patronus", value=2),
    Spqr("Praetor", 4, NONE, "praetor"),
)
COMMERCIUM_PAY: Res = res(clay=1)  # inferred (PR-M4)
COMMERCIUM_TAKE: Res = res(wood=1, stone=1)  # inferred (PR-M4)

# ---------------------------------------------------------------- Opes (all inferred, PR-M3)
OPES_CARDS: tuple[Opes, ...] = (
    Opes("Silva", 6, res(wood=3), res(wood=1)),
    Opes("Lapicidina", 6, res(stone=3), res(stone=1)),
    Opes("Figlina", 5, res(clay=2), res(clay=1)),
    Opes("Saltus", 4, res(wood=2, stone=1), res(stone=1)),
    Opes("Metallum", 3, res(stone=2, clay=1), res(wood=1)),
    Opes("Vectigal", 4, res(gold=3), res(gold=1)),
    Opes("Tributum", 2, res(gold=2), res(gold=2)),
)

# ---------------------------------------------------------------- Bellum (all inferred, PR-M6)


def _destroy(kind: str) -> tuple:
    return ("destroy", kind)


def _pp(n: int) -> tuple:
    return ("lose_pp", n)


def _lose(**kw: int) -> tuple:
    return ("lose", res(**kw))


def _morale(n: int) -> tuple:
    return ("lose_morale", n)


BELLA: tuple[Bellum, ...] = (
    Bellum("II-a", 2, 3, ((_destroy(P),), (_destroy(D),)), either=True),  # L253
    Bellum("II-b", 2, 3, ((_destroy(D),), (_destroy(P),))),
    Bellum("II-c", 2, 4, ((_pp(2),),), stand_ins=FIRST),
    Bellum("II-d", 2, 4, ((_lose(wood=2),), (_lose(gold=2),))),
    Bellum("III-a", 3, 4, ((_destroy(M),), (_pp(2),))),
    Bellum("III-b", 3, 5, ((_pp(4),),)),
    Bellum("III-c", 3, 5, ((_destroy(P), _lose(clay=2)),)),
    Bellum("III-d", 3, 5, ((_lose(stone=3),), (_lose(gold=3),))),
    Bellum("V-a", 5, 5, ((_destroy(PR), _pp(2)),)),
    Bellum("V-b", 5, 6, ((_destroy(D),), (_destroy(M),))),
    Bellum("V-c", 5, 6, ((_pp(4),),)),
    Bellum("V-d", 5, 7, ((_destroy(P),), (_pp(2),)), stand_ins=FIRST),
    Bellum("VI-a", 6, 6, ((_destroy(PR),), (_pp(4),))),
    Bellum("VI-b", 6, 7, ((_destroy(PR), _pp(2)),)),
    Bellum("VI-c", 6, 8, ((_destroy(M), _pp(2)),)),
    # Tuned by self-play; they take the place of the first II-c and V-d.
    Bellum("II-c", 2, 4, ((_morale(2),), (_pp(2),)), stand_ins=TUNED),
    Bellum("V-d", 5, 6, ((_destroy(P),), (_morale(2),)), stand_ins=TUNED),
)


def bellum_ids(stand_ins: str) -> tuple[int, ...]:
    """The Bellum cards a game with this set of stand-ins is played with."""
    return tuple(i for i, b in enumerate(BELLA) if b.stand_ins in ("", stand_ins))


def bellum_id(name: str, stand_ins: str = TUNED) -> int:
    """The id of the Bellum card called ``name`` ("III-b") in that set; KeyError if none."""
    for i in bellum_ids(stand_ins):
        if BELLA[i].name == name:
            return i
    raise KeyError(name)

# ---------------------------------------------------------------- battle tokens (inferred, PR-M7)
TOKEN_VALUES = (1, 2, 1, -1, -2)  # index 0 is the owner's "+1 coin" token
TOKENS_PER_COLOUR = len(TOKEN_VALUES)
COIN_TOKEN = 0

# ---------------------------------------------------------------- cities (PR-M8)
CITIES: tuple[City, ...] = (
    City("Forum Julii", "orange", "F", "Portus", "Aquaeductus"),
    City("Massilia", "blue", "M", "Portus", "Forum"),
    City("Narbo Martius", "red", "N", "Portus", "Templum"),
    City("Arelate", "yellow", "A", "Pons", "Amphitheatrum"),
    City("Tolosa", "green", "T", "Pons", "Circus"),
    City("Loupian", "purple", "L", "Pons", "Statua"),
)

# ---------------------------------------------------------------- setup rows
# (pp, stone, wood, clay) per seat in turn order. 2-4 players: TEXT; 5-6: inferred (PR-M1/M2).
SETUP_ROWS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    2: ((0, 4, 4, 3), (0, 4, 4, 3)),
    3: ((0, 4, 3, 2), (0, 4, 3, 2), (0, 4, 4, 3)),
    4: ((-2, 4, 4, 3), (-2, 4, 4, 3), (0, 4, 5, 4), (0, 4, 5, 4)),
    # 5-6: tuned by self-play (bench/balance.py, docs/RULES-NOTES.md "Seat balance")
    5: ((0, 4, 4, 3), (0, 4, 5, 3), (0, 4, 4, 3), (0, 4, 4, 3), (0, 4, 5, 3)),
    6: ((0, 4, 5, 3), (0, 4, 5, 3), (0, 4, 4, 3), (0, 4, 4, 3), (0, 4, 4, 3), (0, 4, 4, 3)),
}
SETUP_ROWS_FIRST = {
    **SETUP_ROWS,
    5: ((-2, 4, 4, 3), (-2, 4, 4, 3), (0, 4, 4, 3), (0, 4, 5, 4), (0, 4, 5, 4)),
    6: ((-2, 4, 4, 3), (-2, 4, 4, 3), (0, 4, 4, 3), (0, 4, 4, 3), (0, 4, 5, 4), (0, 4, 5, 4)),
}
"""The first stand-in rows for 5-6 players, for games saved before the tuning."""


def setup_rows(players: int, stand_ins: str) -> tuple[tuple[int, int, int, int], ...]:
    return (SETUP_ROWS_FIRST if stand_ins == FIRST else SETUP_ROWS)[players]
SETUP_ROWS_INFERRED = (5, 6)

# ---------------------------------------------------------------- one id space for all cards
CARDS: tuple = AEDIFICIA + SPQR_CARDS + OPES_CARDS
"""Card kinds by id: Aedificium 0.., then SPQR, then Opes. Bellum use BELLA ids."""
AED_IDS = range(0, len(AEDIFICIA))
SPQR_IDS = range(len(AEDIFICIA), len(AEDIFICIA) + len(SPQR_CARDS))
OPES_IDS = range(SPQR_IDS.stop, SPQR_IDS.stop + len(OPES_CARDS))
DECK_IDS = (OPES_IDS, SPQR_IDS, AED_IDS)
CARD_ID = {c.name: i for i, c in enumerate(CARDS)}


def card_id(name: str) -> int:
    return CARD_ID[name]


def full_deck(deck: int) -> tuple[int, ...]:
    """Every physical card of a deck as kind ids (Horreums are set aside)."""
    out: list[int] = []
    for i in DECK_IDS[deck]:
        c = CARDS[i]
        if deck == AEDIFICIUM and c.storage:
            continue
        out.extend([i] * c.count)
    return tuple(out)


# ---------------------------------------------------------------- stand-ins kept as values
@dataclass(frozen=True)
class StandIn:
    """A value the rulebook does not print that is no card record: what was
    chosen (docs/RULES-NOTES.md, PR-M7, PR-M9, PR-M10), marked like the cards."""

    name: str
    value: object
    inferred: bool = True


STAND_INS: tuple[StandIn, ...] = (
    StandIn("building types", tuple((a.name, a.kind) for a in AEDIFICIA)),  # PR-M9
    StandIn("battle token values", TOKEN_VALUES),  # PR-M7
    StandIn("Morale range", (MORALE_MIN, MORALE_MAX)),  # PR-M10
    StandIn("Defense range", (DEFENSE_MIN, DEFENSE_MAX)),  # PR-M10
)

HORREUM = card_id("Horreum")
AEDILES = card_id("Aediles")
STATED_AEDIFICIUM_TOTAL = 132
LISTED_AEDIFICIUM_TOTAL = sum(c.count for c in AEDIFICIA)  # 134, see INVENTORY D2
