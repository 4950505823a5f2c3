"""Setting up Age of Rome (L40-70), the 2-player removals (L46, L49, L65,
L68), the Emperor Solo (set up as for two players with one board, L373)
and the variants' removals (L351, L357, L360).

``setup`` returns the state before the first decision: the flow's QUESTS
phase then asks every seat which of its three Quests it returns (L67).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import Held, Option, Options, Rng, kinded
from engine.flow import Pending, push

from . import board, data
from .actions import ReturnQuest
from .state import (
    EVENT_POOL,
    QUEST_INDEX,
    QUEST_POOL,
    QUESTS,
    TRADE_POOL,
    TYPES,
    Player,
    Province,
    State,
    mine,
    seat_name,
    tile_index,
)

QUESTS_DEALT = 3  # L67: three dealt, two kept
QUESTS_KEPT = 2


@kinded("first_player")
class FirstPlayer(NamedTuple):
    """L66: the First Player marker goes on the province in front of ``seat``."""

    kind: str
    seat: int
    province: int


def setup_players(options: Options, n: int) -> int:
    """How many players the components are set up for (the solo as two, L373)."""
    return data.SOLO_SETUP_PLAYERS if n == 1 else n


def event_cards(options: Options) -> tuple[int, ...]:
    """The Event deck's cards: the standard twelve, and the six negative
    ones with Hard Times (L360, A9)."""
    hard = bool(options.get("hard_times", False))
    return tuple(i for i, e in enumerate(data.EVENTS) if hard or not e.negative)


def trade_cards(players: int) -> tuple[int, ...]:
    """The Trade deck's cards: no asterisk cards with 2 players (L65)."""
    return tuple(i for i, c in enumerate(data.TRADE_CARDS)
                 if not (players <= 2 and c.asterisk))


# The Emperor Solo's Quest deal (``SOLO_QUESTS``): a new game names
# ``PLAYABLE``, and the solo deals no Quest it cannot meet (it has no
# Schemes, so no Feud is ever paid: data.SOLO_REMOVES_QUESTS); a game saved
# before names nothing and replays with the first deal, ``EVERY`` Quest.
PLAYABLE, EVERY = "playable", "every"
SOLO_QUESTS = Option("solo_quests", "Solo Quests", "choice", PLAYABLE,
                     "the Emperor Solo deals no Quest that needs Schemes",
                     choices=(PLAYABLE,), absent=EVERY)


def quest_cards(options: Options, players: int, solo: bool = False) -> tuple[int, ...]:
    """The Quest deck's cards: no asterisk cards with 2 players (L68), none
    a variant removes (Truce L351, Heroes L357), and in the Emperor Solo
    (``solo``) none it cannot meet (``SOLO_QUESTS``)."""
    removed: set[str] = set()
    for v in data.VARIANTS:
        if options.get(v.key, False):
            removed.update(v.removes_quests)
    if solo and SOLO_QUESTS.value(options) == PLAYABLE:
        removed.update(data.SOLO_REMOVES_QUESTS)
    return tuple(i for i, q in enumerate(data.QUESTS)
                 if q.name not in removed and not (players <= 2 and q.asterisk))


def new_player(character: int, position: int, spies_allies: bool) -> Player:
    """A Player board as set up (L51-60): the character's Legions, Votes,
    Denarii, Glory, Feuds and Anchor; one Follower; three Scheme markers."""
    c = data.CHARACTERS[character]
    return Player(
        character=character, position=position, glory=c.glory, denarii=c.denarii,
        followers=data.START_FOLLOWERS, placed=0, milestones=0,
        legions=c.legions[0], legions_unrecruited=c.legions[1] - c.legions[0],
        votes=c.votes[0], votes_unrecruited=c.votes[1] - c.votes[0],
        feuds=c.feuds, bonus_used=0, markers=data.SCHEME_MARKERS_PER_PLAYER,
        hand=(), anchor=c.anchor, sets=(), quests=(),
        base_own=0, top_own=0, base_common="", top_common="", medals=0,
        majorities=0, schemes_activated=0, tiles_placed=0, level3_placed=0,
        colosseum=0, tokens=0b11 if spies_allies else 0,
    )


def empty_province() -> Province:
    return Province(levels=(0,) * len(TYPES), followers=((),) * len(TYPES),
                    schemes=(None,) * 3)


def setup(n: int, options: Options, seed: int) -> State:
    """The game as the rulebook sets it up, before the Quests are chosen."""
    if n not in data.PLAYERS:
        raise ValueError(f"Age of Rome is for 1 to 4 players, not {n}")
    rng = Rng(seed)
    players = setup_players(options, n)
    spies = bool(options.get("spies_allies", False)) and n > 1
    # L51: a random Player board each.
    chars, _, rng = rng.draw(range(len(data.CHARACTERS)), n)
    positions = board.SEATING[n]
    seats = [new_player(chars[i], positions[i], spies) for i in range(n)]
    # L45-47: tile piles (2p: one of each type fewer at II and III), Medals on III.
    tiles = []
    for _t in TYPES:
        for level in board.LEVELS:
            count = data.TILES_PER_LEVEL[level]
            if players <= 2:
                count -= data.TILES_REMOVED_2P[level]
            tiles.append(count)
    assert len(tiles) == tile_index(len(TYPES) - 1, 3) + 1
    medals = 0 if options.get("heroes", False) else (1 << len(TYPES)) - 1
    # L48-49: the common Pantheon piles.
    pantheon = tuple(pile.pieces(players) for pile in data.PANTHEON_PILES)
    # L63-65, L67-68: the decks.
    events, rng = rng.shuffle(event_cards(options))
    trade, rng = rng.shuffle(trade_cards(players))
    quests, rng = rng.shuffle(quest_cards(options, players, solo=n == 1))
    k = 0
    for seat in range(n):
        hand = quests[k:k + QUESTS_DEALT]
        k += QUESTS_DEALT
        seats[seat] = seats[seat].thaw()
        seats[seat].quests = tuple(Held(q, 1 << seat, QUEST_POOL) for q in hand)
        seats[seat] = seats[seat].freeze()
    # L66: the first player at random; the marker rides their province (A7).
    first_seat, rng = rng.below(n)
    first = positions[first_seat]  # rotation 0: position p faces province p
    return State(
        n=n, options=options, rng=rng, round=1, phase=QUESTS, step=0, queue=(), order=(),
        pending=(), players=tuple(seats),
        provinces=tuple(empty_province() for _ in board.PROVINCES),
        rotation=0, first=first, direction=board.CW, event=-1,
        event_deck=tuple(Held(e, 0, EVENT_POOL) for e in events),
        trade_deck=tuple(Held(c, 0, TRADE_POOL) for c in trade),
        discard=(), quest_deck=tuple(Held(q, 0, QUEST_POOL) for q in quests[k:]),
        tiles=tuple(tiles), medals=medals, pantheon=pantheon,
        milestones=tuple(m.start for m in board.MILESTONES[1:]),
        column=(), regions=tuple((0,) * n for _ in board.BATTLE_REGIONS), diplomacy=(),
        doing=(), events=(FirstPlayer(first_seat, first),), viewer=-1, unseen=(), history=(),
    )


# ---------------------------------------------------------------- the Quests kept (L67)
@kinded("quest_returned")
class QuestReturned(NamedTuple):
    """``seat`` returned one of its three Quests to the bottom of the pile
    (which one is hidden)."""

    kind: str
    seat: int


def enter_quests(w: State) -> None:
    """Every seat, in seat order, returns one of the three Quests dealt."""
    w.queue = ()
    push(w, *(Pending("return_quest", seat, ()) for seat in range(w.n)))


def legal_return(s: State, pd: Pending) -> list:
    return [ReturnQuest(data.QUESTS[h.card].name) for h in s.players[pd.seat].quests]


def resolve_return(w: State, pd: Pending, a: tuple) -> None:
    seat = pd.seat
    p = mine(w, seat)
    card = QUEST_INDEX[a[1]]
    i = next(i for i, h in enumerate(p.quests) if h.card == card)
    p.quests = p.quests[:i] + p.quests[i + 1:]
    w.quest_deck = w.quest_deck + (Held(card, 1 << seat, QUEST_POOL),)
    w.events.append(QuestReturned(seat))


def no_decision(w: State) -> bool:
    return False


DECISIONS = {"return_quest": (legal_return, resolve_return)}


def _prompt_return(s: State, pd: Pending) -> str:
    return f"{seat_name(s, pd.seat)}: which Quest do you return (you keep the other two)?"


def _log_first(s: State, e: FirstPlayer) -> str:
    return (f"{seat_name(s, e.seat)} plays first: the First Player marker rides on "
            f"{board.PROVINCE_NAMES[e.province]}")


def _log_returned(s: State, e: QuestReturned) -> str:
    return f"{seat_name(s, e.seat)} keeps two Quests and returns one face down"


PROMPTS = {"return_quest": _prompt_return}
LOG = {FirstPlayer.KIND: _log_first, QuestReturned.KIND: _log_returned}
