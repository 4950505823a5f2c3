"""The Enemy response (6A-6F): storms, remote attacks, the Enemy armies'
campaigns on every map at once, the Fall of Rome (7H) and the Enemy re-set.

An Enemy army marches on the nearest city (R11: counting moves over land
and through the sea of its own fleet; a fortified Roman province cannot be
entered from the sea unless it is in unrest), passing freely through
Native and warband provinces, overrunning provinces in unrest and stopping
to attack any other Roman province it enters. Every army fighting in a
step uses one roll of the dice, resolved in turn order.

The whole response runs inside one step; ``stage`` marks each moment a
player should watch (the storm, each remote attack, the armies on the map,
each move, each battle, each conquest, the re-set) so a table can play it
out at its pace. The marks change nothing.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from engine.core import Held
from engine.flow import Pending, push, stage

from .actions import PlaceNative, Route, Target
from .campaign import dice
from .data import ERAS, FALL_OF_ROME_PER_WARBAND
from .empire import clear_province, roman_strength, score, turn_order
from .events import (
    EnemyBattle,
    EnemyConquered,
    EnemyFightBegins,
    EnemyMoved,
    EnemyRoll,
    EnemySpent,
    FallOfRome,
    FleetLost,
    Overrun,
    RemoteBattle,
    RemoteLost,
    RemoteRoll,
    Storm,
)
from .prep import roll
from .state import (
    LATIUM,
    NATIONS,
    NO_FLEET,
    NP,
    OVER,
    PLACES,
    PREP,
    REMOTE,
    Horde,
    Player,
    State,
    bits,
    board,
    mine,
)


# ---------------------------------------------------------------- 6A-6C
def response(w: State) -> bool:
    """Storms, remote province attacks and turn order: all by the dice."""
    storm = roll(w)
    w.events.append(Storm(storm))
    for seat in range(w.n):
        p = mine(w, seat)
        k = storm - 1
        if p.fleets[k] >= 0:
            w.events.append(FleetLost(seat, p.fleets[k]))
            p.fleets = p.fleets[:k] + (NO_FLEET,) + p.fleets[k + 1:]
        p.fleets_up = 0
    stage(w)  # the storm and the fleets it sank
    for r in REMOTE:
        remote_attack(w, r)
    w.order = turn_order(w)
    return False


def remote_attack(w: State, r: int) -> None:
    """6B: each map with a Roman garrison in ``r`` defends it, all with one
    roll; ties go to the Enemy (R10). In unrest it is lost without a roll."""
    defenders = [seat for seat in w.order if w.players[seat].garrison >> r & 1]
    if not defenders:
        return
    roll_needed = any(not w.players[seat].unrest >> r & 1 for seat in defenders)
    white, purple = dice(w) if roll_needed else (0, 0)
    if roll_needed:
        w.roll = (white, purple)
        w.events.append(RemoteRoll(r, white, purple))
    for seat in defenders:
        p = w.players[seat]
        if p.unrest >> r & 1:
            lost = True
        else:
            enemy = board(p).remote[r] + purple
            rome = roman_strength(p, r) + white
            lost = enemy >= rome
            w.events.append(RemoteBattle(seat, r, rome, enemy, not lost, white, purple))
        if lost:
            clear_province(w, seat, r)
            w.events.append(RemoteLost(seat, r))
            native_from_pot(w, seat, r)
    stage(w)  # this province's attack on every map


def native_from_pot(w: State, seat: int, province: int) -> None:
    """A counter drawn blind from the pot, face down: nobody knows which it
    is, nor (any more) which are left in the pot."""
    if not w.pot:
        return
    k, w.rng = w.rng.below(len(w.pot))
    h = w.pot[k]
    w.pot = _forget(w.pot[:k] + w.pot[k + 1:])
    p = mine(w, seat)
    p.natives = p.natives[:province] + (Held(h.card, 0, h.pool),) + p.natives[province + 1:]


def _forget(pot: tuple[Held, ...]) -> tuple[Held, ...]:
    return tuple(h if not h.seen else Held(h.card, 0, h.pool) for h in pot)


def after_response(w: State) -> str:
    return NATIONS


# ---------------------------------------------------------------- distances (R11)
def _steps(p: Player, place: int, fleet: int) -> list[int]:
    """Where an Enemy army can go next from ``place``."""
    b = board(p)
    out = []
    barred = (p.forts | p.walls) & p.garrison & ~p.unrest
    for j in bits(b.adj[place]):
        if j >= NP:
            if j == fleet:
                out.append(j)
        elif place >= NP and barred >> j & 1:
            continue  # no sea invasion into a fortified province
        else:
            out.append(j)
    return out


def distances(p: Player, start: int, fleet: int) -> list[int]:
    """Moves from ``start`` to every place (-1: unreachable)."""
    dist = [-1] * len(PLACES)
    dist[start] = 0
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for j in _steps(p, here, fleet):
            if dist[j] < 0:
                dist[j] = dist[here] + 1
                queue.append(j)
    return dist


def routes(p: Player, start: int, goal: int, fleet: int) -> list[tuple[int, ...]]:
    """Every route of fewest moves (the places entered, ``goal`` last)."""
    back = _distances_to(p, goal, fleet)
    if back[start] < 0:
        return []
    out: list[tuple[int, ...]] = []

    def walk(path: tuple[int, ...], here: int) -> None:
        if here == goal:
            out.append(path)
            return
        for j in _steps(p, here, fleet):
            if back[j] == back[here] - 1:
                walk(path + (j,), j)

    walk((), start)
    return out


def _distances_to(p: Player, goal: int, fleet: int) -> list[int]:
    """Moves from every place to ``goal``: the steps searched backwards (the
    fortification rule makes them one-way)."""
    b = board(p)
    barred = (p.forts | p.walls) & p.garrison & ~p.unrest
    dist = [-1] * len(PLACES)
    dist[goal] = 0
    queue = deque([goal])
    while queue:
        here = queue.popleft()
        if here >= NP and here != fleet:
            continue  # no army stands in a sea it has no fleet in
        into_from_sea = here < NP and not barred >> here & 1
        for j in bits(b.adj[here]):
            if dist[j] < 0 and (j < NP or (j == fleet and into_from_sea)):
                dist[j] = dist[here] + 1
                queue.append(j)
    return dist


def targets(p: Player, h: Horde) -> list[int]:
    """The nearest cities (ties: nearest to Latium); Latium with no city;
    the next nearest reachable when the nearest cannot be reached (R21)."""
    dist = distances(p, h.place, h.fleet)
    cities = [c for c in bits(p.cities) if dist[c] >= 0]
    if not cities:
        return [LATIUM] if dist[LATIUM] >= 0 and p.garrison >> LATIUM & 1 else []
    near = min(dist[c] for c in cities)
    closest = [c for c in cities if dist[c] == near]
    if len(closest) > 1:
        rome = distances(p, LATIUM, h.fleet)
        best = min(rome[c] for c in closest)
        closest = [c for c in closest if rome[c] == best]
    return closest


def _stop_prefixes(p: Player, paths: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Each route cut after the first province the army must stop and
    attack in (a Roman province not in unrest); equal cuts once."""
    out: dict[tuple[int, ...], None] = {}
    stop = p.garrison & ~p.unrest
    for path in paths:
        cut = path
        for k, j in enumerate(path):
            if j < NP and stop >> j & 1:
                cut = path[:k + 1]
                break
        out[cut] = None
    return list(out)


# ---------------------------------------------------------------- 6E
def enter_enemy(w: State) -> None:
    w.queue = ()
    stage(w)  # every Enemy army on its map, before it moves


def auto_enemy(w: State) -> bool:
    while True:
        for seat in w.order:
            h = w.players[seat].horde
            if h is not None and not h.fighting and not advance(w, seat):
                return False
        fighters = [seat for seat in w.order
                    if w.players[seat].horde is not None and w.players[seat].horde.fighting]
        if not fighters:
            return False
        w.roll = dice(w)
        w.events.append(EnemyRoll(*w.roll))
        for seat in fighters:
            enemy_attack(w, seat)
            stage(w, seat)  # the battle, with its dice, and what it left (on seat's map)


def advance(w: State, seat: int) -> bool:
    """Move ``seat``'s Enemy army until it must fight or is spent; False
    when its player must first choose a target or a route."""
    while True:
        p = w.players[seat]
        h = p.horde
        if h is None or h.fighting:
            return True
        if p.garrison >> h.place & 1:
            _arrive(w, seat, h.place)
            stage(w, seat)  # it fights (or overran) the province it stands in
            continue
        if h.target < 0 or not p.garrison >> h.target & 1:
            target = _only(w, seat, "target", targets(p, h))
            if target is None or target is _ASKED:
                return target is None
            h = h._replace(target=target, route=())
            mine(w, seat).horde = h
        if not h.route:
            route = _only(w, seat, "route",
                          _stop_prefixes(p, routes(p, h.place, h.target, h.fleet)))
            if route is None or route is _ASKED:
                return route is None
            h = h._replace(route=route)
            mine(w, seat).horde = h
        nxt = h.route[0]
        mine(w, seat).horde = h._replace(place=nxt, route=h.route[1:])
        w.events.append(EnemyMoved(seat, nxt))
        if nxt < NP and p.garrison >> nxt & 1:
            _arrive(w, seat, nxt)
        stage(w, seat)  # one move on the route (and the fight or overrun it led to)


def _arrive(w: State, seat: int, province: int) -> None:
    """The army entered (or started in) a Roman province: overrun it if in
    unrest, else stop and fight it."""
    p = mine(w, seat)
    h = p.horde
    if p.unrest >> province & 1:
        w.events.append(Overrun(seat, province))
        _conquered(w, seat, province)
        return
    p.horde = h._replace(fighting=True, enemy=h.warbands + h.general,  # type: ignore[union-attr]
                         rome=roman_strength(p, province), route=())
    w.events.append(EnemyFightBegins(seat, province, h.warbands + h.general,  # type: ignore[union-attr]
                     roman_strength(p, province)))


def enemy_attack(w: State, seat: int) -> None:
    p = w.players[seat]
    h = p.horde
    white, purple = w.roll
    enemy, rome = h.enemy + purple, h.rome + white  # type: ignore[union-attr]
    won = enemy >= rome  # the attacker wins ties
    w.events.append(EnemyBattle(seat, h.place, rome, enemy,  # type: ignore[union-attr]
                                 not won, white, purple))
    if won:
        _conquered(w, seat, h.place)  # type: ignore[union-attr]
        return
    left = h.warbands - 1  # type: ignore[union-attr]
    mine(w, seat).horde = h._replace(warbands=left) if left else None  # type: ignore[union-attr]
    if not left:
        w.events.append(EnemySpent(seat))


def _conquered(w: State, seat: int, province: int) -> None:
    """All Roman pieces there eliminated; a warband stays as garrison (the
    Fall of Rome when it is Latium)."""
    clear_province(w, seat, province)
    p = mine(w, seat)
    h = p.horde
    if province == LATIUM:
        fall_of_rome(w, seat)
        return
    p.warbands |= 1 << province
    left = h.warbands - 1  # type: ignore[union-attr]
    w.events.append(EnemyConquered(seat, province))
    if left:
        p.horde = h._replace(warbands=left, fighting=False, place=province,  # type: ignore[union-attr]
                             target=-1 if h.target == province else h.target,  # type: ignore[union-attr]
                             route=())
    else:
        p.horde = None
        w.events.append(EnemySpent(seat))


def fall_of_rome(w: State, seat: int) -> None:
    """7H. Eras 1-4: 5 points per warband of the army, which is eliminated;
    a legion goes back to Latium free (R18). Era 5: one warband stays."""
    p = mine(w, seat)
    warbands = p.horde.warbands  # type: ignore[union-attr]
    p.horde = None
    w.events.append(FallOfRome(seat, warbands))
    if w.era < ERAS:
        score(w, seat, -FALL_OF_ROME_PER_WARBAND * warbands, "Fall of Rome")
        p = mine(w, seat)
        if p.legions_out >= 18 and p.barracks:
            p.barracks -= 1
        if p.legions_out < 18:
            p.garrison |= 1 << LATIUM
    else:
        score(w, seat, -FALL_OF_ROME_PER_WARBAND * (warbands - 1), "Fall of Rome")
        mine(w, seat).warbands |= 1 << LATIUM


_ASKED = object()  # _only's answer when the player must choose


def _only(w: State, seat: int, kind: str, options: list) -> Any:
    """The one ``kind`` (a target, a route) the army can take; None when it
    has none (it is disbanded); ``_ASKED`` when there are several (its
    player is asked)."""
    if not options:
        _disband(w, seat)
        return None
    if len(options) > 1:
        push(w, Pending(kind, seat, tuple(options)))
        return _ASKED
    return options[0]


def _disband(w: State, seat: int) -> None:
    mine(w, seat).horde = None
    w.events.append(EnemySpent(seat))


def target_choices(s: State, pd: Pending) -> list:
    return [Target(PLACES[c]) for c in pd.data]


def resolve_target(w: State, pd: Pending, a: Target) -> None:
    p = mine(w, pd.seat)
    p.horde = p.horde._replace(target=PLACES.index(a.province), route=())  # type: ignore[union-attr]


def route_choices(s: State, pd: Pending) -> list:
    return [Route(tuple(PLACES[j] for j in cut)) for cut in pd.data]


def resolve_route(w: State, pd: Pending, a: Route) -> None:
    p = mine(w, pd.seat)
    p.horde = p.horde._replace(route=tuple(PLACES.index(x) for x in a.places))  # type: ignore[union-attr]


# ---------------------------------------------------------------- 6F and the next Era
def after_enemy(w: State) -> str:
    enemy = (w.enemy_score,) if w.solo else ()  # the solo chart's line of The Enemy
    w.history = w.history + (tuple(p.score for p in w.players) + enemy,)
    if w.era >= ERAS:
        return OVER
    enemy_reset(w)
    return PREP


def enemy_reset(w: State) -> None:
    """6F: Enemy fleets away; warbands replaced by counters from the pot,
    which each player examines and places (a choice when they differ)."""
    for seat in w.order:
        p = mine(w, seat)
        p.enemy_fleet = -1
        p.horde = None
        p.nation = 0
        spots = bits(p.warbands)
        if not spots or not w.pot:
            continue
        drawn, rest, w.rng = w.rng.draw(w.pot, min(len(spots), len(w.pot)))
        w.pot = _forget(rest)
        seen = tuple(Held(h.card, 1 << seat, h.pool) for h in drawn)
        _place_natives(w, seat, spots[:len(seen)], seen)
    w.card = -1
    w.block = 0
    stage(w)  # the armies gone, the warbands' counters placed: the Era's end
    w.era += 1


def _place_natives(w: State, seat: int, spots: list[int], counters: tuple[Held, ...]) -> None:
    """The player places each counter drawn: asked whenever there are two or
    more, even alike (the others must not learn whether they differ)."""
    if len(counters) > 1:
        push(w, Pending("natives", seat, (tuple(spots), counters)))
        return
    for province, h in zip(spots, counters, strict=True):
        _put_native(w, seat, province, h)


def _put_native(w: State, seat: int, province: int, h: Held) -> None:
    p = mine(w, seat)
    p.warbands &= ~(1 << province)
    p.natives = p.natives[:province] + (h,) + p.natives[province + 1:]


def natives_choices(s: State, pd: Pending) -> list:
    """One per counter drawn, named by its place among them (the others must
    not learn which counter went where: the action is public)."""
    spots, counters = pd.data
    return [PlaceNative(PLACES[spots[0]], k) for k in range(len(counters))]


def resolve_natives(w: State, pd: Pending, a: PlaceNative) -> None:
    spots, counters = pd.data
    k = a.counter
    _put_native(w, pd.seat, spots[0], counters[k])
    _place_natives(w, pd.seat, list(spots[1:]), counters[:k] + counters[k + 1:])

