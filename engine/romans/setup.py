"""Setting up The Romans (rulebook section 2; 9A-9C for fewer players)."""

from __future__ import annotations

from engine.core import ALL_SEATS, Held, Options, Rng

from .data import (
    BLOCKING_SENATOR_RANKS,
    BUILDINGS,
    ERA_CARDS,
    GODS,
    LATER_BUILDINGS,
    LATER_BUILDINGS_IN_PLAY,
    NATIVE_FORCES,
    ORIGINAL_BUILDINGS,
    SOLO_TRIUMPHS_PER_REMOTE,
    START_DOCKS,
    START_SENATORS,
    TRIUMPHS,
    TRIUMPHS_PER_REMOTE,
)
from .maps import MAP_NAMES
from .state import (
    BLOCKED,
    BLOCKER_POOL,
    DECK_POOL,
    EMPTY,
    FLEETS,
    LATER_POOL,
    LATIUM,
    NATIVE_POOL,
    NO_FLEET,
    NP,
    PREP,
    REMOTE,
    TRIUMPH_POOL,
    Player,
    State,
)

BUILDING_INDEX = {b.name: i for i, b in enumerate(BUILDINGS)}


def _hidden(cards: tuple[int, ...], pool: int) -> tuple[Held, ...]:
    return tuple(Held(c, 0, pool) for c in cards)


def setup(n: int, options: Options, seed: int) -> State:
    rng = Rng(seed)
    # 2. Later buildings: five face down, one returned unseen.
    later_ids = tuple(BUILDING_INDEX[name] for name in LATER_BUILDINGS)
    later, later_box, rng = rng.draw(later_ids, LATER_BUILDINGS_IN_PLAY)
    # 6. The Era deck: one card of each numbered pair, card 1 on top.
    deck, deck_box = [], []
    for number in range(1, 11):
        copies = [i for i, c in enumerate(ERA_CARDS) if c.number == number]
        pick, rng = rng.below(2)
        deck.append(Held(copies[pick], 0, DECK_POOL + number))
        deck_box.append(Held(copies[1 - pick], 0, DECK_POOL + number))
    # 9. Maps dealt at random.
    boards, _, rng = rng.draw(MAP_NAMES, n)
    # 10. Turn order at random.
    order, rng = rng.shuffle(range(n))
    # 14. Triumphs: a face-down pool; each player places one per remote province.
    per = SOLO_TRIUMPHS_PER_REMOTE if n == 1 else TRIUMPHS_PER_REMOTE
    pool, rng = rng.shuffle(range(len(TRIUMPHS)))
    # 16. Native forces: each player's own set (one of each counter), face
    # down unseen, one in each empty province; the one left over to the pot.
    natives = []
    for _ in range(n):
        mine, rng = rng.shuffle(range(len(NATIVE_FORCES)))
        natives.append(mine)
    boxes = [tuple([EMPTY] * 4) for _ in BUILDINGS]
    blockers: tuple[Held, ...] = ()
    blocker_box: tuple[Held, ...] = ()
    if n < 4:  # 9A.1: blocking senators
        ranks, rng = rng.shuffle(BLOCKING_SENATOR_RANKS)
        for name, rank in zip(ORIGINAL_BUILDINGS, ranks[:5], strict=True):
            b = BUILDING_INDEX[name]
            boxes[b] = boxes[b][:rank - 1] + (BLOCKED + rank,) + boxes[b][rank:]
        blockers = _hidden(ranks[5:10], BLOCKER_POOL)
        blocker_box = _hidden(ranks[10:], BLOCKER_POOL)
    players = []
    pot = []
    t = 0
    for seat in range(n):
        position = order.index(seat)
        mine = natives[seat]
        natives_here: list[Held | None] = [None] * NP
        k = 0
        for i in range(NP):
            if i != LATIUM:
                natives_here[i] = Held(mine[k], 0, NATIVE_POOL)
                k += 1
        pot.extend(Held(c, 0, NATIVE_POOL) for c in mine[k:])
        remote = []
        for _ in REMOTE:
            remote.append(tuple(Held(c, 0, TRIUMPH_POOL) for c in pool[t:t + per]))
            t += per
        players.append(Player(
            board=boards[seat],
            score=position + 1,  # 11.
            stamp=-1 - position,
            villa=START_SENATORS,
            used=(),
            barracks=position + 1,  # 12.
            docks=START_DOCKS,
            garrison=1 << LATIUM,
            cities=1 << LATIUM,
            christian=0,
            forts=1 << LATIUM,
            walls=0,
            unrest=0,
            warbands=0,
            natives=tuple(natives_here),
            fleets=(NO_FLEET,) * FLEETS,
            fleets_up=0,
            remote_triumphs=tuple(remote),
            triumphs=(),
            glory=-1,
            leader=0,
            max_army=0,
            nation=0,
            waiting=(),
            army=None,
            horde=None,
            enemy_fleet=-1,
        ))
    triumph_box = tuple(Held(c, 0, TRIUMPH_POOL) for c in pool[t:])
    return State(
        n=n, options=options, rng=rng, era=1, phase=PREP, step=0, queue=(), pending=(),
        players=tuple(players), order=tuple(order), clock=0,
        deck=tuple(deck), deck_box=tuple(deck_box), card=-1,
        later=_hidden(later, LATER_POOL), later_box=_hidden(later_box, LATER_POOL),
        boxes=tuple(boxes), blockers=blockers, blocker_box=blocker_box,
        gods=(-1,) * len(GODS), god_uses=(0,) * len(GODS), gods_taken=0,
        glory_off=0, block=0, pot=tuple(pot),
        triumph_box=triumph_box, enemy_score=2 if n == 1 else 0, enemy_glory=-1,
        roll=(), events=(), history=(), viewer=-1, unseen=(),
    )


def revealed(h: Held) -> Held:
    return Held(h.card, ALL_SEATS, h.pool)

