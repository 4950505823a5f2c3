"""What an Enemy nation would do to a map, before it is chosen (6D): its
army, what its fleet sinks or opens, its first target, the route there, the
chance the first province it attacks holds, what it takes if it wins every
battle, and the future points the campaign is expected to cost: what the
provinces it would likely take would have scored (``threat.damage``, as
the rules bot weighs the choice; ``LOSS_WORDS``).

Everything is worked out from the chooser's view: the maps, the Era card
and the rules are public, and the dice are only odds.
"""

from __future__ import annotations

from engine.romans.data import FALL_OF_ROME_PER_WARBAND
from engine.romans.enemy import routes, targets
from engine.romans.prep import entries
from engine.romans.state import LATIUM, NP, PLACES, Horde, Player, State, board
from engine.romans.text import seat_name

from . import threat
from .value import defend_win, siege, strength_at


def nation_horde(v: State, face: int, user: int) -> tuple[Horde, int]:
    """The army nation ``face`` would set on ``user``'s map, and the sea
    where its fleet sinks a Roman fleet (-1: none sinks): a fleet goes to
    the sea beside the Start province, and a Roman fleet there sinks with
    it (6D, engine ``prep.act_nation``)."""
    nation = entries(v)[face - 1]
    p = v.players[user]
    start = PLACES.index(nation.start)
    sea = board(p).fleet_sea[start] if nation.fleet and start < NP else -1
    sunk = sea if sea >= 0 and sea in p.fleets else -1
    fleet = sea if sea >= 0 and sunk < 0 else -1
    return Horde(start, nation.warbands, nation.general, fleet), sunk


def first_fight(p: Player, h: Horde) -> tuple[list[int], tuple[int, ...], int]:
    """(the targets the army may march on, the route to the first province
    it must stop in, that province; -1 when it attacks nothing)."""
    if p.garrison >> h.place & 1:
        return [h.place], (), h.place
    goals = targets(p, h)
    if not goals:
        return [], (), -1
    paths = routes(p, h.place, goals[0], h.fleet)
    if not paths:
        return goals, (), -1
    path = cut(p, paths[0])
    stop = path[-1] if path and path[-1] < NP and p.garrison >> path[-1] & 1 else -1
    return goals, path, stop


def cut(p: Player, path: tuple[int, ...]) -> tuple[int, ...]:
    """``path`` up to the first Roman province on it, where the army stops
    (to fight, or to overrun it in unrest)."""
    for k, j in enumerate(path):
        if j < NP and p.garrison >> j & 1:
            return path[:k + 1]
    return path


def worst_march(p: Player, h: Horde, limit: int = 12,
                first_route: tuple[int, ...] | None = None) -> list[int]:
    """The Roman provinces the army takes, in order, if every battle goes
    its way (the map's worst case): it marches on its target (kept until
    taken, 6E), stops in each Roman province on the way, and leaves a
    warband in each it takes, until none is left or Rome falls. Where the
    player would choose a target or a route, the first is taken, or
    ``first_route`` (with the army's target) for its first march."""
    taken: list[int] = []
    target = h.target if first_route is not None else -1
    while h.warbands > 0 and len(taken) < limit:
        if not p.garrison >> h.place & 1:
            if target < 0 or not p.garrison >> target & 1:
                goals = targets(p, h)
                if not goals:
                    break
                target = goals[0]
            paths = [first_route] if first_route is not None and not taken \
                else routes(p, h.place, target, h.fleet)
            stop = next((j for j in paths[0] if j < NP and p.garrison >> j & 1), -1) \
                if paths else -1
            if stop < 0:
                break
            h = h._replace(place=stop)
        taken.append(h.place)
        if h.place == LATIUM:
            break
        keep = ~(1 << h.place)
        p = p.replace(garrison=p.garrison & keep, cities=p.cities & keep,
                      forts=p.forts & keep, walls=p.walls & keep, unrest=p.unrest & keep,
                      christian=p.christian & keep)
        h = h._replace(warbands=h.warbands - 1)
    return taken


LOSS_WORDS = ("expected loss: what the provinces, cities and forts the army would likely take "
              "(each battle's odds weighed) would have scored you by the game's end, and the "
              "Fall of Rome's points, as the rules bot weighs them; not points off your score now")


def expected_loss(v: State, p: Player, h: Horde, steps: int = threat.STEPS,
                  first_route: tuple[int, ...] | None = None) -> str:
    """"expected loss 3.2 future points": ``threat.damage``, what the
    campaign's likely conquests are worth to ``p`` over the Eras left
    (``LOSS_WORDS``). A walker lost four provinces at "expected loss 6.8
    points" and the score did not move, and read "capped at 12 (the score
    stops at 1)" for a nation that could not reach Rome: the figure is
    future scoring, so it says so and no cap applies to it."""
    loss = threat.damage(v, p, h, first_route=first_route, steps=steps)
    return f"expected loss {loss:.1f} future points"


def nation_preview(v: State, face: int, user: int, steps: int = threat.STEPS) -> str:
    """One line (the action names the army), most telling first, since at
    80×24 only its start shows under the map: the expected loss, the first
    fight, then the route, target and fleet (what tells apart two nations
    that both overrun Latium), what it takes if it wins every battle, and
    what the Fall of Rome costs, for nation ``face`` set on ``user``'s map."""
    p = v.players[user]
    h, sunk = nation_horde(v, face, user)
    other = v.viewer >= 0 and v.viewer != user  # 2 players: a nation chosen for the other
    parts = [f"on {seat_name(v, user)}'s map"] if other else []
    parts.append(expected_loss(v, p, h, steps))
    goals, path, stop = first_fight(p, h)
    if stop >= 0:
        if p.unrest >> stop & 1:
            parts.append(f"overruns {PLACES[stop]} (unrest)")
        else:
            parts.append(f"first attack on {PLACES[stop]}, {odds_words(p, h, stop)}")
    elif not goals:
        parts.append("no city or Rome in reach")
    if goals and stop != h.place:
        parts.append("target " + " or ".join(PLACES[g] for g in goals)
                     + (" (you choose)" if len(goals) > 1 else ""))
    if path:
        parts.append("route " + " → ".join(PLACES[i] for i in (h.place, *path)))
    if sunk >= 0:
        whose = f"{seat_name(v, user)}'s" if other else "yours"
        parts.append(f"its fleet sinks {whose} in {PLACES[sunk]} (both go)")
    elif h.fleet >= 0:
        parts.append(f"its fleet enters {PLACES[h.fleet]}")
    march = worst_march(p, h)
    if len(march) > 1:
        rome = " (the Fall of Rome)" if march[-1] == LATIUM else ""
        parts.append("if it wins every battle it takes "
                     + " → ".join(PLACES[j] for j in march) + rome)
    if stop == LATIUM:
        parts.append(f"Latium lost is the Fall of Rome: -{FALL_OF_ROME_PER_WARBAND} points a "
                     f"warband left")  # 7H of the inventory; no section reference on screen
    return " · ".join(parts)


def nation_army(v: State, face: int, user: int) -> Horde:
    """The army nation ``face`` would set on ``user``'s map as the map
    draws it: at its start, its target the first of the nearest (-1: none
    in reach) and its route the one ``first_fight`` walks, to the first
    province it must stop in."""
    h, _ = nation_horde(v, face, user)
    goals, path, _ = first_fight(v.players[user], h)
    return h._replace(target=goals[0] if goals else -1, route=path)


def stop_words(p: Player, h: Horde, stop: int) -> str:
    """What happens where the army stops: it overruns a province in unrest,
    or attacks, Rome holding each roll so often, and the province falling
    so often in all (the army attacks again after each defeat, a warband
    fewer, ``value.siege``)."""
    if p.unrest >> stop & 1:
        return f"overruns {PLACES[stop]} (unrest)"
    return f"attacks {PLACES[stop]}, {odds_words(p, h, stop)}"


def odds_words(p: Player, h: Horde, stop: int) -> str:
    """"which holds each roll 28%, falls 92% in all": Rome's chance in one
    battle at ``stop``, and the province's chance to fall to the army's
    attacks, one after each defeat, a warband fewer (``value.siege``)."""
    hold = defend_win(strength_at(p, stop), h.warbands + h.general)
    fall, _ = siege(1.0 - hold, h.warbands)
    return f"which holds each roll {round(100 * hold)}%, falls {round(100 * fall)}% in all"


def target_army(v: State, user: int, target: int) -> Horde:
    """The Enemy army on ``user``'s map marching on ``target``, as the map
    draws it while that target is highlighted: the first route of fewest
    moves, to the first province it must stop in."""
    p = v.players[user]
    h = p.horde._replace(target=target, route=())  # type: ignore[union-attr]
    paths = routes(p, h.place, target, h.fleet)
    return h._replace(route=cut(p, paths[0]) if paths else ())


def target_preview(v: State, user: int, target: int, steps: int = threat.STEPS) -> str:
    """A target the player may choose (6E, R11's tie): the figures of its
    first route (``route_preview``), and whether a choice of route follows."""
    h = target_army(v, user, target)
    p = v.players[user]
    text = route_preview(v, user, h.route, steps, h)
    ways = {cut(p, path) for path in routes(p, h.place, target, h.fleet)}
    return text + (" · then you choose its route" if len(ways) > 1 else "")


def route_preview(v: State, user: int, route: tuple[int, ...],
                  steps: int = threat.STEPS, army: Horde | None = None) -> str:
    """The figures of one route the player may choose for the Enemy army on
    ``user``'s map (6E), as ``nation_preview`` gives a nation's: the
    expected loss, the battle at its end and its odds, and what the army
    takes if it wins every battle (``army``: the one on the map, or that
    army marching on another target). Everything is on the table: the map,
    the army, the rules; the dice are only odds."""
    p = v.players[user]
    h = army or p.horde
    if h is None or not route:
        return ""
    parts = [expected_loss(v, p, h, steps, route)]
    stop = route[-1]
    if stop < NP and p.garrison >> stop & 1:
        parts.append(stop_words(p, h, stop))
    march = worst_march(p, h, first_route=route)
    if len(march) > 1 or (march and march[0] != stop):
        rome = " (the Fall of Rome)" if march[-1] == LATIUM else ""
        parts.append("if it wins every battle it takes "
                     + " → ".join(PLACES[j] for j in march) + rome)
    if stop == LATIUM:
        parts.append(f"Latium lost is the Fall of Rome: -{FALL_OF_ROME_PER_WARBAND} points a "
                     f"warband left")
    return " · ".join(parts)
