"""Age of Rome as data: components, characters, Scheme effects, building
tiles, Medals, the Pantheon, Events, Quests, Trade cards, final scoring,
achievements, the five variants and the Emperor Solo.

One record per item, named as the rulebook spells it
(/work/shared/rules/age-of-rome.txt; INVENTORY.md part AoR). Line numbers
(Lnnn) are the rulebook's; AoR-x items are INVENTORY's. The rulebook prints
most cards only as pictures: a value it does not give is a stand-in marked
``inferred=True`` (INVENTORY AoR-C) and listed in docs/RULES-NOTES.md;
``from_text`` names the fields of a stand-in record that the text does give.
The boards (provinces, seats, regions, the Column, the discs, the Glory
track) are in ``engine.ageofrome.board``.

Conditions and effects are data in closed vocabularies (``MEASURES``,
``EFFECTS``, ``CONDITIONS``), so the engine reads them instead of matching
names; tests check that every record uses only those words.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import (
    BUILDING_TYPES,
    CCW,
    CW,
    FARMING,
    MILITARY,
    POLITICS,
    RELIGION,
    TRADE,
)

# ---------------------------------------------------------------- constants (TEXT)
ROUNDS = 9  # L86
PLAYERS = (1, 2, 3, 4)  # 1 = the Emperor Solo (L361-384)
START_FOLLOWERS = 1  # L52, L76
MAX_FOLLOWERS = 5  # L76: 1 out of 5
LEGIONS_PER_PLAYER = 7  # L77 (Legions 7/7); 28 in the box
VOTES_PER_PLAYER = 5  # L77 (Votes 4/5); 20 in the box
SCHEME_MARKERS_PER_PLAYER = 3  # L53
FEUD_TRACK_SPACES = 5  # AoR-M13 (inferred)
HAND_LIMIT = 5  # L206: the Anchor card included
SELL_DENARII = 1  # L217
MAX_TRADE_SETS = 3  # L214
SET_SIZE = 3  # L213
QUESTS_DEALT, QUESTS_KEPT = 3, 2  # L67
FARMING_MEDAL_DENARII = 2  # L172
RELIGION_MEDAL_PRICE = 3  # L171: 3 Denarii for 1 Glory, at any time
DENARII_PER_GLORY_END = 4  # L307
DENARII_PER_GLORY_END_RELIGION_MEDAL = 3  # L307
SCHEME_ACTIVATION_FEUDS = 1  # L122: one Feud per activated Scheme
SCHEMES_FROM_ROUND = 2  # L119: skip Scheme activation in round 1
SOLO_EVENT_DENARII_PER_FOLLOWER = 1  # L376
DIPLOMACY_TOKENS_PER_PLAYER = 2  # L339: one spy, one alliance
CASSIUS_SOLO_RULES = None  # L362, L396 name it; the text has no rules (AoR-M11)

# Tie-break (L278): most Denarii, then co-Emperors. A19: the Denarii held
# before the end-game exchange of Denarii for Glory.
TIEBREAK = ("denarii before exchange", "co-emperors")


# ---------------------------------------------------------------- components
@dataclass(frozen=True)
class Component:
    """A line of the component list (L5-39). ``per_player`` when the box
    count is one set per player colour (4 colours)."""

    name: str
    count: int
    per_player: int = 0


COMPONENTS: tuple[Component, ...] = (
    Component("Provinces Board", 1),
    Component("Population Discs", 4),
    Component("Building Tiles", 45),
    Component("Player Boards", 6),
    Component("Pantheon Boards", 4),
    Component("Diplomacy Tokens", 8, per_player=2),
    Component("Achievement Tokens", 12),
    Component("Milestone Markers", 3),
    Component("Feud Markers", 11),
    Component("Bonus Markers", 12, per_player=3),
    Component("Medals", 5),
    Component("Event Cards", 18),
    Component("Quest Cards", 28),
    Component("Trade Cards", 38),
    Component("Anchor Cards", 3),
    Component("Battle Cards", 12),  # Cassius' Attack Solo only: not used
    Component("Cassius Cards", 15),  # Cassius' Attack Solo only: not used
    Component("Legion Figures", 28, per_player=7),
    Component("Follower Figures", 20, per_player=5),
    Component("Votes", 20, per_player=5),
    Component("Pantheon Pieces", 28),
    Component("Scheme Markers", 12, per_player=3),
    Component("Glory Markers", 4, per_player=1),
)
COMPONENT = {c.name: c for c in COMPONENTS}
COLOURS = 4  # four player colours (4 Glory markers, 28 = 4 x 7 Legions)
DENARII_COINS = {1: 30, 5: 20, 10: 10}  # L21-23; the engine treats the supply as unlimited


# ---------------------------------------------------------------- vocabularies
# Measures a card, Quest, task or achievement counts, of one player.
MEASURES = (
    "legions in regions",  # Legion figures in the Battle Regions
    "regions with legions",  # Battle Regions holding at least one of your Legions
    "regions first",  # defeated Regions where you hold 1st place (Quest ties: the holder)
    "regions defeated",  # defeated Regions (the Emperor Solo: your Legions alone)
    "votes on column",  # your Votes on the Senate's Column
    "top vote",  # 1 if the top Vote of the Column is yours
    "column points",  # Politics end-game points
    "majorities",  # Majorities achieved this game
    "trade cards in hand",  # cards in hand, the Anchor included
    "trade sets",  # sets formed
    "sets of one type",  # the most sets you hold of a single type
    "denarii",
    "glory",  # the Glory total (track, +30 per flip)
    "final glory",  # immediate + end-game Glory at final scoring
    "pantheon pieces",  # pieces on your Pantheon board
    "pantheon levels",  # finished Pantheon levels (0-2)
    "gold pantheon pieces",
    "population",  # of the province in front of you
    "medals",
    "followers",  # recruited Followers
    "legions recruited",
    "votes recruited",
    "feuds",  # Feud markers on your Feud track
    "schemes activated",  # this game
    "tiles placed",  # building tiles you placed this game
    "level 3 tiles placed",
    "colosseum followers",  # Followers you placed on the Colosseum this game
    "quests completed",
) + tuple(f"medal:{t}" for t in BUILDING_TYPES) + tuple(
    f"sets:{t}" for t in ("Tools", "Weapons", "Clothes", "Jewels")
)

# Effects of Events, Trade cards and Scheme effects: (kind, amount).
EFFECTS = (
    "glory",  # +/- Glory at once (never below 1)
    "denarii",  # +/- Denarii (never below 0)
    "draw",  # draw Trade cards (room first: A15)
    "take discard",  # take the top card of the Trade discard pile
    "remove anchor",  # remove the Anchor card from your hand from play
    "recruit legion",  # a Legion not yet recruited goes onto your board
    "recruit vote",
    "place legion",  # from your board to a Battle Region
    "move legions",  # from one Battle Region to another
    "return legion",  # from a Battle Region to your board
    "place vote",  # on top of the Column (may make a Majority)
    "remove lowest vote",  # your lowest Vote on the Column returns to your board
    "discard random",  # a random card of your hand (never the Anchor: inferred)
)

# Trade card condition types (L220-225, codes from AoR-C).
CONDITIONS = {
    "S": "When you activate a Scheme",  # L221
    "V": "When a Scheme is activated on your Province",  # L222
    "B": "When you build",  # L223
    "A": "When you place a Follower - Anywhere",  # L224
    "C": "When you place a Follower - On the Colosseum",  # L224
    "F": "When you place a Follower - On a Farming building",  # L224
    "D": "When you receive double Income",  # L225
}


@dataclass(frozen=True)
class Effect:
    kind: str
    amount: int = 1


# ---------------------------------------------------------------- schemes
MUDSLINGING, DEGRADATION = "Mudslinging", "Degradation"
APOSTASY, DECEPTION, REVOTE = "Apostasy", "Deception", "Revote"
VOID_VOTE, SOLD, CUSTOM_FEES = "Void Vote", "Sold", "Custom Fees"


@dataclass(frozen=True)
class Scheme:
    """A Scheme effect (L143-150). ``requires`` is what must hold of the
    target (and of you) for it to be possible (L142: if none of your three
    is possible, the Scheme cannot be activated and no Feud is paid)."""

    name: str
    common: bool
    text: str
    requires: str
    line: int
    glory: int = 0  # Glory you gain
    denarii: int = 0  # Denarii you gain
    legions: int = 0  # the target's Legions it moves
    inferred: bool = False


SCHEMES: tuple[Scheme, ...] = (
    Scheme(
        MUDSLINGING, True, "the target's Glory marker moves 1 space down",
        "target glory >= 2", 143,
    ),
    Scheme(
        DEGRADATION, True,
        "remove 1 of the target's own-colour Pantheon pieces from an unfinished level",
        "target has an own-colour piece on an unfinished level", 144,
    ),
    Scheme(
        APOSTASY, False,
        "remove 1 of the target's Legions from a Battle Region, or replace it with yours",
        "target has a Legion in a Battle Region", 145, legions=1,
    ),
    Scheme(
        DECEPTION, False, "relocate 2 of the target's Legions to any Region(s)",
        "target has a Legion in a Battle Region", 146, legions=2,
    ),
    Scheme(
        REVOTE, False,
        "remove 1 of the target's Votes from the Column and place 1 of yours on top",
        "target has a Vote on the Column and you have a Vote on your board", 147,
    ),
    Scheme(
        VOID_VOTE, False, "remove 1 of the target's Votes from the Column; gain 1 Glory",
        "target has a Vote on the Column", 148, glory=1,
    ),
    Scheme(
        SOLD, False, "discard 1 random Trade card of the target's hand; gain 2 Denarii",
        "target holds a Trade card other than the Anchor", 149, denarii=2,
    ),
    Scheme(
        CUSTOM_FEES, False, "take 1 random Trade card of the target's hand",
        "target holds a Trade card other than the Anchor, and your hand is not full", 150,
    ),
)
SCHEME = {s.name: s for s in SCHEMES}
COMMON_SCHEMES = tuple(s.name for s in SCHEMES if s.common)  # L141: two common
UNIQUE_SCHEMES = tuple(s.name for s in SCHEMES if not s.common)  # one per character


# ---------------------------------------------------------------- characters
M, P, T, PLAIN = MILITARY, POLITICS, TRADE, "-"
BONUS_TYPES = (MILITARY, POLITICS, TRADE)  # L258: +1 Military, Trade or Politics


@dataclass(frozen=True)
class Character:
    """A player board (L74-77). Legions and Votes: (recruited, total).
    ``track`` is the Feud track left to right: the bonus under each space
    (``PLAIN`` for none); the ``feuds`` Feud markers start on the rightmost
    spaces (L56). ``from_text`` names the fields the rulebook gives."""

    name: str
    legions: tuple[int, int]
    votes: tuple[int, int]
    denarii: int
    glory: int
    feuds: int
    anchor: bool
    unique_scheme: str
    track: tuple[str, str, str, str, str]
    from_text: tuple[str, ...] = ()
    inferred: bool = True

    @property
    def schemes(self) -> tuple[str, str, str]:
        """The three Scheme effects on the board (L141)."""
        return (MUDSLINGING, DEGRADATION, self.unique_scheme)

    def active_bonuses(self) -> tuple[str, ...]:
        """Bonuses not covered by the starting Feuds (L260)."""
        return tuple(b for b in self.track[: FEUD_TRACK_SPACES - self.feuds] if b != PLAIN)


# AoR-M1: only Marcus Antonius' numbers are TEXT (L77); the rest are the
# stand-in ``aor_characters_inferred``: any four start with at most 9 Feuds
# (11 in the box), exactly three carry an Anchor (3 Anchor cards).
CHARACTERS: tuple[Character, ...] = (
    Character(
        "Marcus Antonius", (7, 7), (4, 5), 7, 1, 2, True, APOSTASY, (M, PLAIN, P, PLAIN, T),
        from_text=("name", "legions", "votes", "denarii", "glory", "feuds", "anchor"),
    ),
    Character("Julius Caesar", (6, 7), (3, 5), 6, 2, 2, False, DECEPTION, (M, P, PLAIN, T, PLAIN)),
    Character("Octavianus", (5, 7), (5, 5), 9, 2, 2, True, REVOTE, (P, T, PLAIN, M, PLAIN)),
    Character("Crassus", (4, 7), (3, 5), 9, 1, 2, False, SOLD, (T, PLAIN, P, M, PLAIN)),
    Character("Pompeius", (6, 7), (4, 5), 6, 2, 3, False, VOID_VOTE, (M, P, PLAIN, T, PLAIN)),
    Character("Lepidus", (5, 7), (4, 5), 10, 1, 2, True, CUSTOM_FEES, (P, PLAIN, M, T, PLAIN)),
)
CHARACTER = {c.name: c for c in CHARACTERS}


# ---------------------------------------------------------------- building tiles
@dataclass(frozen=True)
class BuildingTile:
    """A building tile pile: ``count`` tiles of one type and level (L45),
    ``removed_2p`` of them out of a 2-player game (L46). ``cost`` and
    ``glory`` are what placing it costs and gives: for level I, the
    province space's numbers; for II and III, the numbers printed on the
    tile below it (L161-164)."""

    type: str
    level: int
    name: str
    cost: int
    glory: int
    count: int
    removed_2p: int
    capacity: int
    from_text: tuple[str, ...] = ()
    inferred: bool = True


# AoR-M3 names. Castle is the Military level III: the Spies & Allies example
# (L347) gives 3 Glory "equal to that Building's level" on the Castle.
TILE_NAMES = {
    MILITARY: ("Barracks", "Fortress", "Castle"),
    POLITICS: ("Curia", "Basilica", "Senate"),
    TRADE: ("Market", "Lighthouse", "Port"),
    RELIGION: ("Shrine", "Temple", "Pantheon"),
    FARMING: ("Farm", "Villa", "Granary"),
}
# L162-164: Religion 3 Denarii / 2 Glory, 8 / 4, 13 / 6 (TEXT); AoR-M2: the
# other types copy Religion.
LEVEL_COST = {1: (3, 2), 2: (8, 4), 3: (13, 6)}
TILES_PER_LEVEL = {1: 4, 2: 3, 3: 2}  # L45
TILES_REMOVED_2P = {1: 0, 2: 1, 3: 1}  # L46
_CAPACITY = {1: 3, 2: 2, 3: 1}  # L177

BUILDING_TILES: tuple[BuildingTile, ...] = tuple(
    BuildingTile(
        t,
        lv,
        TILE_NAMES[t][lv - 1],
        LEVEL_COST[lv][0],
        LEVEL_COST[lv][1],
        TILES_PER_LEVEL[lv],
        TILES_REMOVED_2P[lv],
        _CAPACITY[lv],
        from_text=("type", "level", "count", "removed_2p", "capacity")
        + (("cost", "glory") if t == RELIGION else ())
        + (("name",) if (t, lv) in ((TRADE, 2), (MILITARY, 3)) else ()),
    )
    for t in BUILDING_TYPES
    for lv in (1, 2, 3)
)


def tile(type_: str, level: int) -> BuildingTile:
    for x in BUILDING_TILES:
        if x.type == type_ and x.level == level:
            return x
    raise KeyError((type_, level))


TILE_BY_NAME = {x.name: x for x in BUILDING_TILES}


# ---------------------------------------------------------------- medals
@dataclass(frozen=True)
class Medal:
    """The Medal on a type's level III pile: the first player to place a
    level III of that type takes it (L165, L167)."""

    type: str
    ability: str
    line: int
    amount: int = 0


MEDALS: tuple[Medal, ...] = (
    Medal(MILITARY, "win ties in Battle Regions; the players tied with you take the next place",
          168),
    Medal(POLITICS, "a Majority gives 3 Glory instead of 2", 169, amount=3),
    Medal(TRADE, "Jewel cards are wild cards for sets (a Jewel so used scores nothing)", 170),
    Medal(RELIGION, "pay 3 Denarii for 1 Glory at any time, even off-turn; "
          "end-game Denarii convert 3 to 1 Glory", 171, amount=RELIGION_MEDAL_PRICE),
    Medal(FARMING, "+2 Denarii whenever you place a Follower on a Farming building", 172,
          amount=FARMING_MEDAL_DENARII),
)
MEDAL = {m.type: m for m in MEDALS}


# ---------------------------------------------------------------- Pantheon
GOLD, SILVER, BRONZE, OWN = "gold", "silver", "bronze", "own"
PANTHEON_POINTS = {GOLD: 4, SILVER: 3, BRONZE: 2, OWN: 1}  # L318-324
OWN_PIECES = 5  # L237: five in the player's colour


@dataclass(frozen=True)
class PantheonLevel:
    """A Pantheon level (L238, L240): ``own`` pieces of your colour, then one
    common piece that finishes it. The base comes first (A6)."""

    name: str
    own: int
    common: int = 1


PANTHEON_LEVELS: tuple[PantheonLevel, ...] = (
    PantheonLevel("base", 2),  # L238: three rectangular pieces
    PantheonLevel("top", 3),  # L238: four polygon pieces
)
PANTHEON_LEVEL = {lv.name: lv for lv in PANTHEON_LEVELS}


@dataclass(frozen=True)
class PantheonPile:
    """A common pile (L48): gold, silver, bronze for one level, and what a
    3- and a 2-player game remove (L49)."""

    level: str
    gold: int
    silver: int
    bronze: int
    removed_3p: tuple[str, ...]
    removed_2p: tuple[str, ...]
    inferred: bool = True  # the composition (AoR-M12); the removals are TEXT

    def pieces(self, players: int) -> tuple[str, ...]:
        """The pile, best first, for a player count (the solo: as 2 players)."""
        pile = [GOLD] * self.gold + [SILVER] * self.silver + [BRONZE] * self.bronze
        removed = self.removed_2p if players <= 2 else self.removed_3p if players == 3 else ()
        for colour in removed:
            pile.remove(colour)
        return tuple(pile)


# A5: {gold 1, silver 1, bronze 2} for both, so 4 + 4 = 8 common pieces
# (28 = 4 x 5 own + 8); the scoring example needs the 3rd base finisher to
# get bronze (Henry: 11 = 2 own + bronze 2, 3 own + gold 4).
PANTHEON_PILES: tuple[PantheonPile, ...] = (
    PantheonPile("base", 1, 1, 2, removed_3p=(SILVER,), removed_2p=(SILVER, BRONZE)),
    PantheonPile("top", 1, 1, 2, removed_3p=(BRONZE,), removed_2p=(BRONZE, BRONZE)),
)
PANTHEON_PILE = {p.level: p for p in PANTHEON_PILES}
# L240: 1st to finish a level takes Gold, 2nd Silver, later ones Bronze; A5:
# when that colour is gone, the next lower one left.
PANTHEON_ORDER = (GOLD, SILVER, BRONZE)


# ---------------------------------------------------------------- farming
@dataclass(frozen=True)
class FarmingRound:
    round: int
    denarii: int


FARMING: tuple[FarmingRound, ...] = tuple(  # L246-250
    FarmingRound(r, d)
    for r, d in ((1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4), (9, 5))
)
FARMING_DENARII = {f.round: f.denarii for f in FARMING}


# ---------------------------------------------------------------- events
@dataclass(frozen=True)
class Event:
    """An Event card (L109-117): the player(s) with the ``most`` (or least)
    of ``measure`` get ``reward`` (L105: all tied players); its arrows give
    the round's direction and how many quarter turns the board makes at the
    end of the round. ``minimum``: the winner needs at least that much.
    ``negative``: one of the six Hard Times cards (L360)."""

    name: str
    measure: str
    most: bool
    reward: tuple[Effect, ...]
    direction: str
    arrows: int
    minimum: int = 0
    negative: bool = False
    inferred: bool = True


def _ev(name: str, measure: str, most: bool, reward: tuple[Effect, ...], direction: str,
        arrows: int, **kw: object) -> Event:
    return Event(name, measure, most, reward, direction, arrows, **kw)  # type: ignore[arg-type]


# AoR-M6, A9: 12 standard cards and the 6 negative ones of Hard Times make
# the 18 in the box.
EVENTS: tuple[Event, ...] = (
    _ev("Triumphal Parade", "legions in regions", True, (Effect("glory", 2),), CW, 1),
    _ev("Senate Session", "votes on column", True, (Effect("glory", 2),), CCW, 1),
    _ev("Market Day", "trade cards in hand", False, (Effect("draw", 1),), CW, 1),
    _ev("Cerealia", "denarii", False, (Effect("denarii", 3),), CCW, 1),
    _ev("Temple Dedication", "pantheon pieces", True, (Effect("glory", 2),), CW, 2),
    _ev("Grain Dole", "glory", False, (Effect("denarii", 2), Effect("glory", 1)), CCW, 2),
    _ev("Census", "population", True, (Effect("denarii", 2),), CW, 1),
    _ev("Veterans", "legions in regions", False, (Effect("place legion", 1),), CCW, 1),
    _ev("Patronage", "medals", True, (Effect("denarii", 2),), CW, 1, minimum=1),
    _ev("Ludi Romani", "followers", False, (Effect("glory", 2),), CCW, 1),
    _ev("Embassy", "votes on column", False, (Effect("place vote", 1),), CW, 2),
    _ev("Merchant Fleet", "trade sets", True, (Effect("denarii", 3),), CCW, 1),
    # Hard Times (L360)
    _ev("Plague", "population", True, (Effect("glory", -2),), CW, 1, negative=True),
    _ev("Great Fire", "denarii", True, (Effect("denarii", -3),), CCW, 1, negative=True),
    _ev("Mutiny", "legions in regions", True, (Effect("return legion", 1),), CW, 2,
        negative=True),
    _ev("Scandal", "votes on column", True, (Effect("remove lowest vote", 1),), CCW, 1,
        negative=True),
    _ev("Famine", "denarii", False, (Effect("glory", -1),), CW, 1, negative=True),
    _ev("Storm at Sea", "trade cards in hand", True, (Effect("discard random", 1),), CCW, 2,
        negative=True),
)
EVENT = {e.name: e for e in EVENTS}
STANDARD_EVENTS = tuple(e.name for e in EVENTS if not e.negative)
NEGATIVE_EVENTS = tuple(e.name for e in EVENTS if e.negative)


# ---------------------------------------------------------------- quests
AT_LEAST, AT_MOST, MOST, LEAST, PER = "at least", "at most", "most", "least", "per"


@dataclass(frozen=True)
class Quest:
    """A Quest card (L78-84): ``glory`` end-game points if ``measure``
    compares (``AT_LEAST``/``AT_MOST`` ``threshold``; ``MOST``/``LEAST``
    among the players, L105: a tie goes to the holder; ``MOST`` also needs
    ``threshold``), or ``glory`` per unit of
    ``measure`` (``PER``). ``asterisk``: out of a 2-player game (L68)."""

    name: str
    measure: str
    compare: str
    glory: int
    threshold: int = 1
    asterisk: bool = False
    from_text: tuple[str, ...] = ()
    inferred: bool = True


def _q(name: str, measure: str, compare: str, glory: int, threshold: int = 1,
       **kw: object) -> Quest:
    return Quest(name, measure, compare, glory, threshold, **kw)  # type: ignore[arg-type]


_NAME = ("name",)
# AoR-M7: eight names are TEXT (L351, L357); "3 for every Battle Region you
# stand first" is TEXT (L332-333); "Win the Military Medal: 6" is TEXT
# (L334) and, as Last Brick on the Wall, matches Heroes removing it.
QUESTS: tuple[Quest, ...] = (
    _q("Last Brick on the Wall", "medal:Military", AT_LEAST, 6, from_text=_NAME),
    _q("First to Vote", "medal:Politics", AT_LEAST, 6, from_text=_NAME),
    _q("Wild Trade", "medal:Trade", AT_LEAST, 6, from_text=_NAME),
    _q("Offerings", "medal:Religion", AT_LEAST, 6, from_text=_NAME),
    _q("Hard Work", "medal:Farming", AT_LEAST, 6, from_text=_NAME),
    _q("Most Decorated", "medals", MOST, 5, asterisk=True, from_text=_NAME),
    _q("Feud for Fuel", "feuds", AT_MOST, 5, threshold=0, from_text=_NAME),
    _q("Feud Never Fades", "schemes activated", AT_LEAST, 5, threshold=3, from_text=_NAME),
    _q("Conqueror", "regions first", PER, 3, from_text=("measure", "compare", "glory")),
    _q("Legatus", "regions with legions", AT_LEAST, 4, threshold=3),
    _q("Centurion", "legions in regions", MOST, 4, asterisk=True),
    _q("Senator", "votes on column", AT_LEAST, 4, threshold=3),
    _q("Princeps Senatus", "top vote", AT_LEAST, 3),
    _q("Orator", "majorities", AT_LEAST, 4, threshold=2),
    _q("Merchant", "trade sets", AT_LEAST, 4, threshold=2),
    _q("Jeweller", "sets:Jewels", AT_LEAST, 3),
    _q("Armourer", "sets:Weapons", AT_LEAST, 3),
    _q("Pontifex", "pantheon levels", AT_LEAST, 5, threshold=2),
    _q("Golden Offering", "gold pantheon pieces", AT_LEAST, 3),
    _q("Architect", "level 3 tiles placed", AT_LEAST, 4, threshold=2),
    _q("Builder", "tiles placed", AT_LEAST, 4, threshold=8),
    _q("Patron of Games", "colosseum followers", AT_LEAST, 3, threshold=4),
    _q("Treasurer", "denarii", AT_LEAST, 3, threshold=20),
    _q("Miser", "denarii", MOST, 4, asterisk=True),
    _q("Ascetic", "denarii", LEAST, 3, asterisk=True),
    _q("Crowd Pleaser", "followers", AT_LEAST, 4, threshold=5),
    _q("Full Legion", "legions recruited", AT_LEAST, 3, threshold=7),
    _q("Full Senate", "votes recruited", AT_LEAST, 3, threshold=5),
)
QUEST = {q.name: q for q in QUESTS}


def quest_met(q: Quest, mine: int, others: tuple[int, ...]) -> int:
    """End-game Glory of quest ``q`` for its holder with ``mine`` of its
    measure, the other players having ``others`` (L105: ties go to the
    holder)."""
    if q.compare == PER:
        return q.glory * mine
    if q.compare == AT_LEAST:
        ok = mine >= q.threshold
    elif q.compare == AT_MOST:
        ok = mine <= q.threshold
    elif q.compare == MOST:
        ok = mine >= q.threshold and all(mine >= o for o in others)
    else:
        ok = all(mine <= o for o in others)
    return q.glory if ok else 0


# ---------------------------------------------------------------- trade cards
TOOLS, WEAPONS, CLOTHES, JEWELS, CHEST = "Tools", "Weapons", "Clothes", "Jewels", "Chest"
TRADE_TYPES = (TOOLS, WEAPONS, CLOTHES, JEWELS, CHEST)
SET_TYPES = (TOOLS, WEAPONS, CLOTHES, JEWELS)  # L213: four types; the Chest is wild
WILD = CHEST
SET_POINTS = {TOOLS: 3, WEAPONS: 4, CLOTHES: 5, JEWELS: 6}  # L309-316
TRADE_COLOUR = {TOOLS: "blue", WEAPONS: "red", CLOTHES: "yellow", JEWELS: "green",
                CHEST: "orange"}  # L312-316
ANCHOR = "Anchor"
ANCHOR_CARDS = 3  # L29: a blank card in hand, never sold (L207)


@dataclass(frozen=True)
class TradeCard:
    """A Trade card (L218-229): played when its ``condition`` occurs for
    its ``effect``; chained only with cards of the same condition (L208).
    ``asterisk``: out of a 2-player game (L65)."""

    name: str
    type: str
    condition: str
    effect: Effect
    asterisk: bool = False
    from_text: tuple[str, ...] = ()
    inferred: bool = True


_CHAIN = ("name", "type", "condition", "effect")  # the examples L231-233 fix these


def _t(name: str, type_: str, condition: str, kind: str, amount: int = 1,
       **kw: object) -> TradeCard:
    return TradeCard(name, type_, condition, Effect(kind, amount), **kw)  # type: ignore[arg-type]


# AoR-M8. Sundial, Circinus, Bulla, Snake Bracelets and Spatha are named,
# with their effects, by the examples L231-233 (A8: Bulla draws 2); their
# condition is "Anywhere" so that every chain of the examples is legal
# (L208); their types are stand-ins.
TRADE_CARDS: tuple[TradeCard, ...] = (
    _t("Sundial", TOOLS, "A", "draw", 1, from_text=("name", "effect")),
    _t("Circinus", TOOLS, "A", "remove anchor", from_text=("name", "effect")),
    _t("Groma", TOOLS, "B", "glory", 1),
    _t("Libra", TOOLS, "D", "denarii", 2),
    _t("Dolabra", TOOLS, "F", "denarii", 1),
    _t("Serra", TOOLS, "B", "denarii", 2),
    _t("Malleus", TOOLS, "A", "move legions", 1),
    _t("Regula", TOOLS, "S", "draw", 1),
    _t("Trutina", TOOLS, "C", "glory", 1),
    _t("Spatha", WEAPONS, "A", "recruit legion", 1, from_text=("name", "effect")),
    _t("Gladius", WEAPONS, "A", "place legion", 1),
    _t("Pilum", WEAPONS, "S", "glory", 1),
    _t("Scutum", WEAPONS, "V", "denarii", 2, asterisk=True),
    _t("Pugio", WEAPONS, "S", "denarii", 2),
    _t("Hasta", WEAPONS, "A", "move legions", 2),
    _t("Galea", WEAPONS, "V", "glory", 1, asterisk=True),
    _t("Arcus", WEAPONS, "C", "glory", 1),
    _t("Funda", WEAPONS, "F", "denarii", 1),
    _t("Toga", CLOTHES, "A", "recruit vote", 1),
    _t("Tunica", CLOTHES, "F", "denarii", 2),
    _t("Stola", CLOTHES, "C", "glory", 1),
    _t("Palla", CLOTHES, "B", "glory", 1),
    _t("Sagum", CLOTHES, "D", "glory", 1),
    _t("Paenula", CLOTHES, "V", "draw", 1, asterisk=True),
    _t("Caligae", CLOTHES, "S", "draw", 1),
    _t("Cucullus", CLOTHES, "D", "denarii", 2),
    _t("Bulla", JEWELS, "A", "draw", 2, from_text=("name", "effect")),
    _t("Snake Bracelets", JEWELS, "A", "take discard", 1, from_text=("name", "effect")),
    _t("Fibula", JEWELS, "B", "denarii", 2),
    _t("Anulus", JEWELS, "D", "glory", 1),
    _t("Torques", JEWELS, "S", "glory", 1),
    _t("Monile", JEWELS, "C", "denarii", 2),
    _t("Inaures", JEWELS, "V", "denarii", 2, asterisk=True),
    _t("Arca I", CHEST, "A", "denarii", 1),
    _t("Arca II", CHEST, "B", "denarii", 1),
    _t("Arca III", CHEST, "F", "denarii", 1),
    _t("Arca IV", CHEST, "C", "denarii", 1),
    _t("Arca V", CHEST, "D", "denarii", 1),
)
TRADE_CARD = {c.name: c for c in TRADE_CARDS}
# L265: a bonus action never recruits nor removes the Anchor.
BONUS_FORBIDDEN_EFFECTS = ("recruit legion", "recruit vote", "remove anchor")


def set_points(cards: tuple[str, ...], trade_medal: bool = False) -> int | None:
    """The end-game Glory of a set of three card names (L213, L309-316),
    or None if they do not form a set. Chests are wild; with the Trade
    Medal Jewels may be wild too (L170), and a set then takes the type of
    its other cards. A16: at least one card gives the type."""
    if len(cards) != SET_SIZE:
        return None
    types = [TRADE_CARD[c].type for c in cards]
    named = [t for t in types if t != WILD]
    if trade_medal and any(t != JEWELS for t in named):
        named = [t for t in named if t != JEWELS]
    if not named or len(set(named)) != 1:
        return None
    return SET_POINTS[named[0]]


# ---------------------------------------------------------------- final scoring
SCORING_SHEET = (  # L279-286: add in the Scoring Sheet's order
    "Glory track",
    "Military",
    "Politics",
    "Trade",
    "Religion",
    "Quests",
    "Denarii",
)


# ---------------------------------------------------------------- achievements
@dataclass(frozen=True)
class Achievement:
    """An Achievement token (L387-401): cosmetic, reported at the end.
    ``reachable``: whether this engine can grant it (L396 is Cassius' solo,
    which has no rules; A25: only two Quests are ever held)."""

    text: str
    measure: str
    threshold: int
    compare: str = AT_LEAST
    reachable: bool = True


ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement("Reach 100+ Glory points.", "final glory", 100),
    Achievement("Win all five Medals.", "medals", 5),
    Achievement("Complete 2 Jewel sets.", "sets:Jewels", 2),
    Achievement("Reach 61+ points in the Glory track.", "glory", 61),
    Achievement("Complete 3 Trade sets of the same type.", "sets of one type", 3),
    Achievement("Win 1st place in all three Battle Regions.", "regions first", 3),
    Achievement("Reach 90+ Glory points in Cassius Attack Solo mode.", "final glory", 90,
                reachable=False),
    Achievement("Gain 12+ points in the Senate's Column.", "column points", 12),
    Achievement("Build a golden Pantheon.", "gold pantheon pieces", 2),
    Achievement("Complete 4 Quests.", "quests completed", 4, reachable=False),
    Achievement("Finish the game with no Feuds on your Player board.", "feuds", 0,
                compare=AT_MOST),
    Achievement("Reach creators' best Score (113 Glory points).", "final glory", 113),
)


# ---------------------------------------------------------------- variants
@dataclass(frozen=True)
class Variant:
    """A variant (L335-360), an option of the game; L336: they combine."""

    key: str
    name: str
    line: int
    players: tuple[int, ...] = (1, 2, 3, 4)
    no_schemes: bool = False  # neither placed nor activated; Feuds stay
    no_medals: bool = False
    clockwise_quarter: bool = False  # the board always turns 90 degrees clockwise
    negative_events: bool = False
    diplomacy: bool = False
    removes_quests: tuple[str, ...] = ()


VARIANTS: tuple[Variant, ...] = (
    Variant("spies_allies", "Spies & Allies", 337, players=(2, 3, 4), diplomacy=True),  # L338
    # the Emperor Solo has no Schemes nor Feud Quests: Truce changes nothing there
    Variant("truce", "Truce", 349, players=(2, 3, 4), no_schemes=True,
            removes_quests=("Feud for Fuel", "Feud Never Fades")),  # L351
    Variant("clockwork", "Clockwork", 352, clockwise_quarter=True),  # L354
    Variant("heroes", "Heroes", 355, no_medals=True,
            removes_quests=("Offerings", "Wild Trade", "First to Vote", "Hard Work",
                            "Most Decorated", "Last Brick on the Wall")),  # L357
    Variant("hard_times", "Hard Times", 358, negative_events=True),  # L360
)
VARIANT = {v.key: v for v in VARIANTS}


@dataclass(frozen=True)
class DiplomacyOutcome:
    """What a revealed Diplomacy token does (L340-346). ``level_glory``:
    who gains Glory equal to the building's level; ``spy_choice``: the
    placer chooses that Glory or a free action on the building (no bonus)."""

    token: str
    accepted: bool
    denarii_to: str  # "opponent", "placer" (back) or "supply"
    level_glory: tuple[str, ...] = ()
    spy_choice: bool = False


SPY, ALLIANCE = "spy", "alliance"
DIPLOMACY_TOKENS = (SPY, ALLIANCE)  # L339: one of each per colour
DIPLOMACY: tuple[DiplomacyOutcome, ...] = (
    DiplomacyOutcome(ALLIANCE, True, "opponent", level_glory=("placer", "opponent")),  # L341
    DiplomacyOutcome(SPY, True, "opponent", spy_choice=True),  # L342
    DiplomacyOutcome(ALLIANCE, False, "placer"),  # L344
    DiplomacyOutcome(SPY, False, "supply"),  # L345
)


def diplomacy(token: str, accepted: bool) -> DiplomacyOutcome:
    for o in DIPLOMACY:
        if o.token == token and o.accepted == accepted:
            return o
    raise KeyError((token, accepted))


# ---------------------------------------------------------------- Emperor Solo
SOLO_SETUP_PLAYERS = 2  # L373: set up as for 2 players, one player board
# Alone there are no Schemes (L361-384 name none), so no Feud is ever paid
# off: the Quests Truce removes for that reason (L351) cannot be met and are
# not dealt (a reading: RULES-NOTES, Emperor Solo).
SOLO_REMOVES_QUESTS = VARIANT["truce"].removes_quests


@dataclass(frozen=True)
class SoloTask:
    """One of the seven tasks (L364-371)."""

    text: str
    measure: str
    threshold: int


SOLO_TASKS: tuple[SoloTask, ...] = (
    SoloTask("Reach 51 Glory points on the Glory track.", "glory", 51),
    SoloTask("Win at least 3 Medals.", "medals", 3),
    SoloTask("Conquer at least 2 Battle Regions.", "regions defeated", 2),  # A22
    SoloTask("Place at least 4 Votes.", "votes on column", 4),  # A22: on the Column at the end
    SoloTask("Collect at least 2 Trade sets.", "trade sets", 2),
    SoloTask("Build a Pantheon.", "pantheon levels", 2),
    SoloTask("Complete at least 2 Quests.", "quests completed", 2),
)


@dataclass(frozen=True)
class SoloTitle:
    name: str
    tasks: tuple[int, ...]


SOLO_TITLES: tuple[SoloTitle, ...] = (  # L382-384
    SoloTitle("Praetor", (4, 5)),
    SoloTitle("Imperator", (6,)),
    SoloTitle("Son of Jupiter", (7,)),
)


def solo_title(tasks: int) -> str | None:
    """The Emperor Solo's title for ``tasks`` fulfilled; None below 4."""
    for t in SOLO_TITLES:
        if tasks in t.tasks:
            return t.name
    return None
