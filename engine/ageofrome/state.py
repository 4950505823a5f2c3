"""The frozen values a game of Age of Rome is made of.

A ``State`` holds everything, hidden parts included; ``view.py`` masks it
per seat. Rules work on a writable copy (``thaw``) and thaw a player or a
province only when they change it (``mine``, ``province``), so ``play``
never touches its input.

Things are numbers where the rules only compare them: building types are
indexes into ``board.BUILDING_TYPES``, Battle Regions into
``board.REGION_NAMES``, provinces into ``board.PROVINCE_NAMES``, Trade
cards into ``data.TRADE_CARDS``, Quests into ``data.QUESTS``, Events into
``data.EVENTS``, characters into ``data.CHARACTERS``. Actions and the log
use the rulebook's names (text.py words them).

Seats are the players in seat order (0 first); each sits at a table
position (``board.SEATING[n]``), and the province in front of a position
changes as the Provinces board turns (``board.province_in_front``).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import Held, Options, Record, Rng, thawing
from engine.flow import Pending

from . import board, data

# ---------------------------------------------------------------- indexes
TYPES: tuple[str, ...] = board.BUILDING_TYPES
MILITARY, POLITICS, TRADE, RELIGION, FARMING = range(5)
TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}
BONUS = (MILITARY, POLITICS, TRADE)  # the three Bonus markers (L258)
REGIONS: tuple[str, ...] = board.REGION_NAMES
REGION_INDEX = {r: i for i, r in enumerate(REGIONS)}
PROVINCES: tuple[str, ...] = board.PROVINCE_NAMES
PROVINCE_INDEX = {p: i for i, p in enumerate(PROVINCES)}
CARD_INDEX = {c.name: i for i, c in enumerate(data.TRADE_CARDS)}
QUEST_INDEX = {q.name: i for i, q in enumerate(data.QUESTS)}
EVENT_INDEX = {e.name: i for i, e in enumerate(data.EVENTS)}
CHARACTER_INDEX = {c.name: i for i, c in enumerate(data.CHARACTERS)}
SCHEME_INDEX = {s.name: i for i, s in enumerate(data.SCHEMES)}

# ---------------------------------------------------------------- phases
QUESTS, EVENT, DIPLOMACY, SCHEMES, BUILD, ACTIONS, INCOME, ROTATE, OVER = (
    "quests", "event", "diplomacy", "schemes", "build", "actions", "income", "rotate", "over")
PHASE_NAMES = {
    QUESTS: "Quest selection",
    EVENT: "Event",
    DIPLOMACY: "Diplomacy",
    SCHEMES: "Scheme activation",
    BUILD: "Building phase",
    ACTIONS: "Action phase",
    INCOME: "Income phase",
    ROTATE: "Board rotation",
    OVER: "Game over",
}

# Pools of interchangeable hidden cards (engine.core.Held.pool).
TRADE_POOL, QUEST_POOL, EVENT_POOL, TOKEN_POOL = 1, 2, 3, 4

NO_BONUS = -1  # a Follower placed without a Bonus marker
COLOSSEUM = "Colosseum"  # a Place target
SCHEME_SPACE = "Scheme"  # a Place target: the Scheme action (L254)
BOARD = "board"  # a Legion's or Vote's place on its Player board (a move's origin)


class Marker(NamedTuple):
    """A Scheme marker on a province's Scheme space: its owner, the round
    it was placed in (it can be activated from the next round: A13) and
    whether it has been flipped (activated; it goes home at the end of the
    Action phase, L133)."""

    seat: int
    placed: int
    active: bool = False


class Token(NamedTuple):
    """Spies & Allies: a face-down Diplomacy token on a building of another
    player's province (L340): whose, which (``Held``: SPY or ALLIANCE,
    hidden from everyone but its owner until revealed), where, the Denarii
    on it, and how many counter-offers each side has made."""

    seat: int
    token: Held  # card 0 = spy, 1 = alliance (data.DIPLOMACY_TOKENS)
    province: int
    type: int
    denarii: int
    target: int  # the seat in front of that province
    counters: int = 0


class Province(Record):
    """One province of the Provinces board: the level of each building type
    (0 = no tile), the Followers on each building (seat, Bonus marker type
    or NO_BONUS), and its three Scheme spaces."""

    _fields = ("levels", "followers", "schemes")
    __slots__ = _fields
    levels: tuple[int, ...]  # per type, 0-3
    followers: tuple[tuple[tuple[int, int], ...], ...]  # per type
    schemes: tuple[Marker | None, ...]  # 3 spaces

    @property
    def population(self) -> int:
        """1 + the levels of its buildings (L272)."""
        return board.POPULATION_START + sum(self.levels)


class Player(Record):
    """One seat: its character's board, its pieces and its score.

    ``legions``/``votes`` are the recruited ones on the Player board (the
    placed ones are on the Main board: ``State.regions``/``State.column``);
    ``*_unrecruited`` the ones still to recruit (a Trade card recruits).
    ``feuds``: the Feud markers on the Feud track; they always cover its
    rightmost spaces (paid from the leftmost, received on the rightmost
    open one, L122), so a Bonus is active when its space is left of them.
    ``hand``: Trade cards (the Anchor is ``anchor``, public). ``sets``: the
    formed Trade sets (card indexes). ``pantheon``: own pieces on the base
    and the top, and the common piece finishing each ("" none yet).
    """

    _fields = (
        "character", "position", "glory", "denarii", "followers", "placed", "milestones",
        "legions", "legions_unrecruited", "votes", "votes_unrecruited", "feuds",
        "bonus_used", "markers", "hand", "anchor", "sets", "quests",
        "base_own", "top_own", "base_common", "top_common", "medals",
        "majorities", "schemes_activated", "tiles_placed", "level3_placed",
        "colosseum", "tokens",
    )
    __slots__ = _fields
    character: int  # index in data.CHARACTERS
    position: int  # table position 0-3
    glory: int  # the Glory total (never < 1; the track shows board.track_space)
    denarii: int
    followers: int  # recruited (1-5)
    placed: int  # Followers placed this Action phase
    milestones: int  # bit k: board.MILESTONES[k] triggered
    legions: int
    legions_unrecruited: int
    votes: int
    votes_unrecruited: int
    feuds: int
    bonus_used: int  # bit t (type index): that Bonus marker used this round
    markers: int  # Scheme markers on the Player board (the rest are on provinces)
    hand: tuple[Held, ...]  # Trade cards (index in data.TRADE_CARDS)
    anchor: bool
    sets: tuple[tuple[int, int, int], ...]
    quests: tuple[Held, ...]  # index in data.QUESTS; 3 while choosing, then 2
    base_own: int
    top_own: int
    base_common: str  # data.GOLD/SILVER/BRONZE, "" not finished
    top_common: str
    medals: int  # bit t (type index)
    majorities: int  # counters for Quests, achievements and the solo tasks
    schemes_activated: int
    tiles_placed: int
    level3_placed: int
    colosseum: int  # Followers placed on the Colosseum this game
    tokens: int  # Spies & Allies: bit 0 spy, bit 1 alliance still usable this round

    @property
    def hand_size(self) -> int:
        """Cards in hand, the Anchor included (the limit is 5, L206)."""
        return len(self.hand) + self.anchor

    def active_bonus(self, type_: int) -> bool:
        """Whether the +1 Bonus of ``type_`` is uncovered on the Feud track (L260)."""
        track = data.CHARACTERS[self.character].track
        return TYPES[type_] in track[: data.FEUD_TRACK_SPACES - self.feuds]


class State(Record):
    """A whole game of Age of Rome at one moment."""

    _fields = (
        "n", "options", "rng", "round", "phase", "step", "queue", "order", "pending",
        "players", "provinces", "rotation", "first", "direction", "event", "event_deck",
        "trade_deck", "discard", "quest_deck", "tiles", "medals", "pantheon", "milestones",
        "column", "regions", "diplomacy", "doing", "events", "viewer", "unseen", "history",
    )
    __slots__ = _fields
    # The rules never read ``history`` (it draws the score chart), and saves
    # written before it was kept must still prove their final state.
    _undigested = ("history",)
    n: int  # seats (1: the Emperor Solo)
    options: Options
    rng: Rng
    round: int  # 1-9
    phase: str
    step: int  # within a phase
    queue: tuple[int, ...]  # seats still to act in this phase, next first
    order: tuple[int, ...]  # this round's turn order
    pending: tuple[Pending, ...]
    players: tuple[Player, ...]
    provinces: tuple[Province, ...]
    rotation: int  # quarter turns clockwise of the Provinces board (board.province_in_front)
    first: int  # the province carrying the First Player marker (A7)
    direction: str  # this round's turn direction (board.CW / CCW)
    event: int  # the face-up Event (index in data.EVENTS), -1 none
    event_deck: tuple[Held, ...]  # top first
    trade_deck: tuple[Held, ...]  # top first
    discard: tuple[int, ...]  # the Trade discard pile, public, top LAST
    quest_deck: tuple[Held, ...]  # top first; a returned Quest goes to the bottom
    tiles: tuple[int, ...]  # tiles left per (type, level): index type * 3 + level - 1
    medals: int  # bit t: that type's Medal still on its level III pile
    pantheon: tuple[tuple[str, ...], tuple[str, ...]]  # common pieces left: base, top
    milestones: tuple[int, ...]  # spaces of the moving Milestones (12, 21, 30 at the start)
    column: tuple[int, ...]  # the Senate's Column, seats bottom first (<= 5)
    regions: tuple[tuple[int, ...], ...]  # per Battle Region, Legions per seat
    diplomacy: tuple[Token, ...]  # Spies & Allies tokens on the board this round
    # The action being resolved while decisions about it are open (a Follower
    # placed, a Scheme activated, a draw under way): the phase's own record,
    # () when none. Only the module running the current phase reads it.
    doing: tuple
    events: tuple[tuple, ...]
    viewer: int  # -1: the full state; else the seat of this view
    unseen: tuple[tuple[int, tuple[int, ...]], ...]
    history: tuple[tuple[int, ...], ...]  # each seat's Glory at the end of each round played

    @property
    def solo(self) -> bool:
        return self.n == 1


def tile_index(type_: int, level: int) -> int:
    """The index in ``State.tiles`` of the pile of ``type_`` at ``level`` (1-3)."""
    return type_ * 3 + level - 1


mine = thawing("players", Player)  # mine(w, seat): seat's player, writable
province = thawing("provinces", Province)  # province(w, index), writable


def next_in_queue(s: State) -> int | None:
    """The seat whose turn it is in a phase played round the queue (every
    phase with turns: each module's ``to_move``)."""
    return s.queue[0] if s.queue else None


def in_front(s: State, seat: int) -> int:
    """The province (index) in front of ``seat`` this round."""
    return (s.players[seat].position - s.rotation) % board.TABLE_POSITIONS


def seat_facing(s: State, province_index: int) -> int | None:
    """The seat in front of a province, None if that table position is empty."""
    position = (province_index + s.rotation) % board.TABLE_POSITIONS
    for seat, p in enumerate(s.players):
        if p.position == position:
            return seat
    return None


def option(s: State, key: str) -> bool:
    """Whether a variant (data.VARIANTS key) is on in this game."""
    return bool(s.options.get(key, False))


def coins(n: int) -> str:
    """"1 Denarius", "3 Denarii": every sentence that counts them."""
    return f"{n} Denarius" if n == 1 else f"{n} Denarii"


def seat_name(s: State, seat: int) -> str:
    """What a seat plays as: its character (L51: a random Player board).
    Here, not in text.py, so every module can name seats without an import cycle."""
    return data.CHARACTERS[s.players[seat].character].name
