"""Roman campaigning (5B), Triumphs (7C) and the Roman re-set (5C).

Every army on every map attacks at once: each attack step the 1st player
rolls the white and purple dice once and every army fighting uses that
roll, resolved in turn order (so Glory and Triumphs taken in the same step
go in turn order, R6). An army that won chooses where it goes before the
next step; one that lost attacks again with its initial strength.
"""

from __future__ import annotations

from engine.flow import Pending, push, stage

from .actions import HALT, Keep, March
from .data import GENERAL_BONUS, NATIVE_FORCES
from .empire import add_unrest, earn_glory, glory_points, show_to, start_fight
from .events import (
    ArmyLost,
    BattleFought,
    BattleRoll,
    CampaignEnded,
    Conquered,
    EnemyScored,
    Marched,
    RomanReset,
    TriumphKept,
)
from .senate import gain_gold, open_calm
from .state import (
    EXPANSION,
    INDEX,
    NO_FLEET,
    PLACES,
    REMOTE,
    RESPONSE,
    Army,
    State,
    bits,
    board,
    mine,
)

DIE = 6


def dice(w: State) -> tuple[int, int]:
    """The white (Rome) and purple (Enemy) battle dice."""
    white, w.rng = w.rng.below(DIE)
    purple, w.rng = w.rng.below(DIE)
    return white + 1, purple + 1


# ---------------------------------------------------------------- the phase
def enter(w: State) -> None:
    w.queue = ()


def auto(w: State) -> bool:
    """Attack steps until no army is left on any map."""
    while True:
        if not w.queue:
            fighters = tuple(seat for seat in w.order if w.players[seat].army)
            if not fighters:
                return False
            w.roll = dice(w)
            w.events.append(BattleRoll(*w.roll))
            w.queue = fighters
        seat, w.queue = w.queue[0], w.queue[1:]
        attack(w, seat)
        stage(w, seat)  # one battle on seat's map, with its dice (one by one)
        if w.pending:
            return False


def attack(w: State, seat: int) -> None:
    p = w.players[seat]
    army = p.army
    white, purple = w.roll
    rome, enemy = army.rome + white, army.enemy + purple  # type: ignore[union-attr]
    won = rome >= enemy  # the attacker wins ties
    w.events.append(BattleFought(seat, army.place, rome, enemy, won,  # type: ignore[union-attr]
                                  white, purple))
    if won:
        conquer(w, seat)
        return
    p = mine(w, seat)
    legions = army.legions - 1  # type: ignore[union-attr]
    if legions:
        p.army = army._replace(legions=legions)  # type: ignore[union-attr]
    else:
        p.army = None  # the Native force is turned face down again
        w.events.append(ArmyLost(seat, army.place))  # type: ignore[union-attr]


def conquer(w: State, seat: int) -> None:
    """Rome wins: the Triumph, the counter's gold and unrest, the counter to
    the pot, a legion as garrison, Glory; then the army moves on."""
    p = mine(w, seat)
    army = p.army
    i = army.place  # type: ignore[union-attr]
    native = NATIVE_FORCES[p.natives[i].card]  # type: ignore[union-attr]
    w.pot = w.pot + (p.natives[i],)  # type: ignore[operator]
    p.natives = p.natives[:i] + (None,) + p.natives[i + 1:]
    p.garrison |= 1 << i
    p.warbands &= ~(1 << i)
    if native.gold:
        gain_gold(w, seat, native.gold)
    if native.unrest:
        add_unrest(w, seat, i)
    w.events.append(Conquered(seat, i))
    earn_glory(w, seat, i)
    legions = army.legions - 1  # type: ignore[union-attr]
    p = mine(w, seat)
    if army.praetorian:  # type: ignore[union-attr]
        p.army = None
        removed = min(legions, p.unrest.bit_count())
        p.barracks += legions - removed
        if legions:
            open_calm(w, seat, legions, ())
    elif legions:
        p.army = army._replace(legions=legions)  # type: ignore[union-attr]
        if march_targets(w, seat):
            push(w, Pending("march", seat, ()))
        else:  # stuck: nowhere to go, so the campaign ends
            halt(w, seat)
    else:
        p.army = None
    if i in REMOTE and p.remote_triumphs[REMOTE.index(i)]:
        examine(w, seat, REMOTE.index(i))


# ---------------------------------------------------------------- moving on
def ready_seas(s: State, seat: int) -> int:
    p = s.players[seat]
    ready = 0
    for k, sea in enumerate(p.fleets):
        if sea >= 0 and not p.fleets_up >> k & 1:
            ready |= 1 << sea
    return ready


def march_targets(s: State, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    """Where the army may go on: an adjacent Native province by land, or by
    a sea invasion through seas whose fleets are face down (the fewest
    fleets; every such chain is a choice)."""
    p = s.players[seat]
    b = board(p)
    here = p.army.place  # type: ignore[union-attr]
    natives = sum(1 << j for j, h in enumerate(p.natives) if h is not None)
    out = [(j, ()) for j in bits(b.land[here] & natives)]
    ready = ready_seas(s, seat)
    if not ready:
        return out
    by_land = b.land[here] & natives
    best: dict[int, list[tuple[int, ...]]] = {}

    def extend(chain: tuple[int, ...]) -> None:
        for j in bits(b.adj[chain[-1]] & natives & ~by_land & ~(1 << here)):
            known = best.get(j)
            if known is None or len(known[0]) > len(chain):
                best[j] = [chain]
            elif len(known[0]) == len(chain):
                known.append(chain)
        for sea in bits(b.seas_of[chain[-1]] & ready):
            if sea not in chain:
                extend(chain + (sea,))

    for sea in bits(b.seas_of[here] & ready):
        extend((sea,))
    return out + [(j, chain) for j in sorted(best) for chain in sorted(best[j])]


def halt(w: State, seat: int) -> None:
    """The campaign ends: the general and the legions go to the Barracks."""
    p = mine(w, seat)
    army = p.army
    p.barracks += army.legions  # type: ignore[union-attr]
    p.army = None
    w.events.append(CampaignEnded(seat, army.place))  # type: ignore[union-attr]


def march_choices(s: State, pd: Pending) -> list:
    return [March(PLACES[j], tuple(PLACES[x] for x in seas))
            for j, seas in march_targets(s, pd.seat)] + [HALT]


def resolve_march(w: State, pd: Pending, a: tuple) -> None:
    seat = pd.seat
    p = mine(w, seat)
    army = p.army
    if a[0] == "halt":
        halt(w, seat)
        return
    for sea in a.seas:
        k = p.fleets.index(INDEX[sea])
        p.fleets_up |= 1 << k
    to = INDEX[a.province]
    bonus = 0 if army.praetorian else GENERAL_BONUS[army.rank]  # type: ignore[union-attr]
    p.army = Army(to, army.legions, army.rank, army.legions + bonus, 0)  # type: ignore[union-attr]
    w.events.append(Marched(seat, to, tuple(INDEX[x] for x in a.seas)))
    start_fight(w, seat)


# ---------------------------------------------------------------- Triumphs
def _triumph_spots(s: State, r: int) -> list[tuple[int, int]]:
    """(seat, slot) of every Triumph in remote province ``r`` on every map."""
    return [(seat, k) for seat in range(s.n)
            for k in range(len(s.players[seat].remote_triumphs[r]))]


def examine(w: State, seat: int, r: int) -> None:
    """7C: the conqueror looks at the Triumphs of this province on every map."""
    for other, k in _triumph_spots(w, r):
        p = mine(w, other)
        zone = p.remote_triumphs[r]
        p.remote_triumphs = (p.remote_triumphs[:r]
                             + (zone[:k] + (show_to(zone[k], seat),) + zone[k + 1:],)
                             + p.remote_triumphs[r + 1:])
    push(w, Pending("triumph", seat, (r,)))


def triumph_choices(s: State, pd: Pending) -> list:
    """One per token examined, named by the map it lies on and its place
    there (not by what it is: the others must not learn which was kept)."""
    return [Keep(o, k) for o, k in _triumph_spots(s, pd.data[0])]


def resolve_triumph(w: State, pd: Pending, a: Keep) -> None:
    """Keep one; the others go back face down, one to each other map (the
    conqueror's own token fills the place of the one kept; solo: the spare
    goes back to the box)."""
    seat, r = pd.seat, pd.data[0]
    p = mine(w, a.map)
    zone = p.remote_triumphs[r]
    kept = zone[a.slot]
    zone = zone[:a.slot] + zone[a.slot + 1:]
    p.remote_triumphs = p.remote_triumphs[:r] + (zone,) + p.remote_triumphs[r + 1:]
    me = mine(w, seat)
    spare = me.remote_triumphs[r]
    me.remote_triumphs = me.remote_triumphs[:r] + ((),) + me.remote_triumphs[r + 1:]
    if a.map != seat:
        p = mine(w, a.map)
        p.remote_triumphs = p.remote_triumphs[:r] + (zone + spare,) + p.remote_triumphs[r + 1:]
    else:
        w.triumph_box = w.triumph_box + spare
    me = mine(w, seat)
    me.triumphs = me.triumphs + (kept,)
    w.events.append(TriumphKept(seat, REMOTE[r]))


# ---------------------------------------------------------------- after the campaign
def after(w: State) -> str:
    """Another round while anyone has a senator left; else the re-set (5C)."""
    if any(p.villa for p in w.players):
        return EXPANSION
    reset(w)
    return RESPONSE


def reset(w: State) -> None:
    """5C: payments to the supply, senators home, waiting pieces to the
    supply, fleets dice icon up, gods and markers back. Solo: The Enemy
    scores its Glory if its marker is still on the chart."""
    if w.solo and w.enemy_glory >= 0:
        points = glory_points(w)
        w.enemy_score += points
        w.events.append(EnemyScored(points, "glory"))
    w.enemy_glory = -1
    w.boxes = tuple(tuple(c if c == 0 or c >= 200 else 0 for c in boxes) for boxes in w.boxes)
    for seat in range(w.n):
        p = mine(w, seat)
        p.villa = tuple(sorted(p.villa + p.used))
        p.used = ()
        p.waiting = ()
        p.fleets_up = sum(1 << k for k, sea in enumerate(p.fleets) if sea != NO_FLEET)
        p.glory = -1
        p.leader = 0
        p.max_army = 0
    w.gods = (-1,) * len(w.gods)
    w.god_uses = (0,) * len(w.god_uses)
    w.gods_taken = 0
    w.block = 0
    w.card = -1
    w.events.append(RomanReset())
    stage(w)  # the re-set (solo: The Enemy's Glory scored) before the Enemy response

