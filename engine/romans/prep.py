"""Roman preparation (4A-4D) and the choosing of leaders (4D) and enemy
nations (6D), which work alike: the next Era card is turned over and each
player in turn order claims one of its six entries."""

from __future__ import annotations

from engine.core import ALL_SEATS, Held
from engine.flow import Pending, push

from .actions import GloryPick, Leader, Nation, PlacePiece
from .data import BUILDINGS, CHOICE, ERA_CARDS, GLORY_CHART, NEW_SENATOR_RANK, SOLO_BUILDING_BONUSES
from .empire import piece_places, place_piece, score, turn_order
from .events import (
    CardTurned,
    EnemyGloryRolled,
    EnemyScored,
    EntryBlocked,
    FleetsSunk,
    GloryChosen,
    GloryRolled,
    LaterRevealed,
    LeaderChosen,
    NationChosen,
    PieceWaiting,
)
from .state import (
    BLOCKED,
    EXPANSION,
    INDEX,
    NO_FLEET,
    NP,
    PLACES,
    PROVINCES,
    Horde,
    State,
    board,
    mine,
)

DIE = 6


def roll(w: State) -> int:
    """The black die."""
    x, w.rng = w.rng.below(DIE)
    return x + 1


# ---------------------------------------------------------------- 4A-4C
def enter_prep(w: State) -> None:
    w.step = 0
    w.glory_off = 0
    w.queue = w.order


def auto_prep(w: State) -> bool:
    """4A glory rolls in turn order (a free face asks its player), then 4B
    and 4C; leader selection follows."""
    if w.step == 0:
        if w.solo:
            _solo_glory(w)
            w.step = 1
        while w.queue and w.step == 0:
            seat, w.queue = w.queue[0], w.queue[1:]
            face = roll(w)
            province = GLORY_CHART[w.era - 1].faces[face - 1]
            w.events.append(GloryRolled(seat, face, -1 if province == CHOICE else INDEX[province]))
            if province == CHOICE:
                push(w, Pending("glory", seat, ()))
                return False
            mine(w, seat).glory = INDEX[province]
        w.step = 1
    if w.step == 1:
        _turn_over_later(w)
        w.order = turn_order(w)
        w.step = 2
    return False


def _solo_glory(w: State) -> None:
    """9C.2: both roll, re-rolling a 6; The Enemy re-rolls Rome's number too."""
    faces = GLORY_CHART[w.era - 1].faces
    rome = roll(w)
    while rome == DIE:
        rome = roll(w)
    enemy = roll(w)
    while enemy in (DIE, rome):
        enemy = roll(w)
    mine(w, 0).glory = INDEX[faces[rome - 1]]
    w.enemy_glory = INDEX[faces[enemy - 1]]
    w.events.append(GloryRolled(0, rome, INDEX[faces[rome - 1]]))
    w.events.append(EnemyGloryRolled(enemy, w.enemy_glory))


def glory_choices(s: State, pd: Pending) -> list:
    return [GloryPick(p) for p in PROVINCES]


def resolve_glory(w: State, pd: Pending, a: GloryPick) -> None:
    mine(w, pd.seat).glory = INDEX[a.province]
    w.events.append(GloryChosen(pd.seat, INDEX[a.province]))


def _turn_over_later(w: State) -> None:
    """4B: the Era's Later building face up; a New senator icon gives each
    player a I-rank senator (solo: its bonus to The Enemy, else to Rome);
    with fewer than 4 players its blocking senator takes its box."""
    i = w.era - 1
    h = w.later[i]
    w.later = w.later[:i] + (Held(h.card, ALL_SEATS, h.pool),) + w.later[i + 1:]
    building = BUILDINGS[h.card]
    w.events.append(LaterRevealed(building.name))
    if w.blockers:
        b = w.blockers[i]
        w.blockers = w.blockers[:i] + (Held(b.card, ALL_SEATS, b.pool),) + w.blockers[i + 1:]
        rank = b.card
        boxes = w.boxes[h.card]
        w.boxes = (w.boxes[:h.card] + (boxes[:rank - 1] + (BLOCKED + rank,) + boxes[rank:],)
                   + w.boxes[h.card + 1:])
    if building.new_senator:
        for seat in range(w.n):
            p = mine(w, seat)
            p.villa = tuple(sorted(p.villa + (NEW_SENATOR_RANK,)))
    if w.solo:
        bonus = SOLO_BUILDING_BONUSES[i].points
        if building.new_senator:
            w.enemy_score += bonus
            w.events.append(EnemyScored(bonus, "building bonus"))
        else:
            score(w, 0, bonus, "building bonus")


# ---------------------------------------------------------------- 4D and 6D
def enter_choosing(w: State) -> None:
    """Turn over the next Era card; with fewer than 4 players the black die
    blocks the entry with its number (9A.2)."""
    h = w.deck[0]
    w.deck = w.deck[1:]
    w.card = h.card
    w.events.append(CardTurned(ERA_CARDS[h.card].number))
    w.block = roll(w) if w.n < 4 else 0
    if w.block:
        w.events.append(EntryBlocked(w.block, entries(w)[w.block - 1].name))
    w.queue = w.order
    w.step = 0


def entries(s: State) -> tuple:
    card = ERA_CARDS[s.card]
    return card.leaders if hasattr(card, "leaders") else card.nations  # type: ignore[union-attr]


def _taken(s: State, leaders: bool) -> set[int]:
    return {p.leader if leaders else p.nation for p in s.players}


def _users(s: State, seat: int, leaders: bool) -> list[int]:
    """Whom ``seat`` chooses for: itself, except with 2 players (9B), where
    the 1st player may choose for the 2nd, who then chooses for the 1st."""
    field = "leader" if leaders else "nation"
    lacking = [i for i in range(s.n) if not getattr(s.players[i], field)]
    if s.n == 2 and len(lacking) == 2:
        return [seat, 1 - seat]
    return lacking[:1] if seat not in lacking else [seat]


def choosing_legal(s: State, leaders: bool) -> list:
    seat = s.queue[0]
    taken = _taken(s, leaders)
    make = Leader if leaders else Nation
    return [make(e.face, user) for e in entries(s)
            if e.face not in taken and e.face != s.block for user in _users(s, seat, leaders)]


def to_move_choosing(s: State) -> int | None:
    return s.queue[0] if s.queue else None


def legal_leaders(s: State) -> list:
    return choosing_legal(s, True)


def legal_nations(s: State) -> list:
    return choosing_legal(s, False)


def why_choosing(s: State, a: tuple) -> str:
    return "choose one of the entries on the Era card that nobody has claimed or blocked"


def act_leader(w: State, a: Leader) -> None:
    w.queue = w.queue[1:]
    leader = entries(w)[a.face - 1]
    p = mine(w, a.user)
    p.leader = a.face
    p.max_army = leader.max_army
    p.docks = p.docks[:3] + (p.docks[3] + leader.gold,)
    w.events.append(LeaderChosen(a.user, leader.name))
    if leader.bonus:
        push(w, Pending("piece", a.user, (leader.bonus,)))


def piece_choices(s: State, pd: Pending) -> list:
    piece = pd.data[0]
    places = piece_places(s, pd.seat, piece)
    if not places:
        return [PlacePiece(piece, "Villa")]
    return [PlacePiece(piece, PLACES[i]) for i in places]


def resolve_piece(w: State, pd: Pending, a: PlacePiece) -> None:
    if a.place == "Villa":
        p = mine(w, pd.seat)
        p.waiting = p.waiting + (a.piece,)
        w.events.append(PieceWaiting(pd.seat, a.piece))
        return
    place_piece(w, pd.seat, a.piece, INDEX[a.place])


def auto_choosing(w: State) -> bool:
    return bool(w.queue)


def after_leaders(w: State) -> str:
    return EXPANSION


def act_nation(w: State, a: Nation) -> None:
    """6D: the nation's warbands in its Start province, with any general;
    its fleet in the sea next to the Start province, where a Roman fleet
    sinks with it."""
    w.queue = w.queue[1:]
    nation = entries(w)[a.face - 1]
    p = mine(w, a.user)
    p.nation = a.face
    start = INDEX[nation.start]
    fleet = -1
    sea = board(p).fleet_sea[start] if start < NP else -1
    if nation.fleet and sea >= 0:
        if sea in p.fleets:
            k = p.fleets.index(sea)
            p.fleets = p.fleets[:k] + (NO_FLEET,) + p.fleets[k + 1:]
            p.fleets_up &= ~(1 << k)
            w.events.append(FleetsSunk(a.user, sea))
        else:
            fleet = sea
    p.enemy_fleet = fleet
    p.horde = Horde(start, nation.warbands, nation.general, fleet)
    w.events.append(NationChosen(a.user, nation.name))
