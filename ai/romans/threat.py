"""How much an Enemy army is likely to take from a map (6E), in points.

A short expected-value walk of the campaign the engine would run: the
army picks its target (the nearest city), walks the first route of
fewest moves to the first Roman province it must stop in, fights there
(or overruns it in unrest), and goes on with the warbands it is expected
to have left. Used to choose the Enemy nation to face (6D), the target
and route when the rules leave the choice to the player, and where
fortifications are needed.
"""

from __future__ import annotations

from engine.romans.data import ERAS, FALL_OF_ROME_PER_WARBAND
from engine.romans.enemy import routes, targets
from engine.romans.state import LATIUM, NP, Horde, Player, State

from .value import city_value, defend_win, fort_value, province_value, siege, strength_at

STEPS = 4


def _stop_of(p: Player, path: tuple[int, ...]) -> int:
    stop = p.garrison & ~p.unrest
    for j in path:
        if j < NP and (stop >> j & 1 or p.garrison >> j & 1):
            return j
    return path[-1] if path else -1


def loss_value(s: State, p: Player, i: int, warbands: int) -> float:
    """What losing province ``i`` to an army of ``warbands`` costs."""
    v = province_value(s, p, i)
    if p.cities >> i & 1:
        v += city_value(s, p, i)
    if (p.forts | p.walls) >> i & 1:
        v += fort_value(s, p, i, 2 if p.walls >> i & 1 else 1) * 0.6
    if i == LATIUM:
        lost = warbands if s.era < ERAS else max(0, warbands - 1)
        v = FALL_OF_ROME_PER_WARBAND * lost + 2.0
        if s.era >= ERAS:
            v += province_value(s, p, i)
    return v


def damage(s: State, p: Player, h: Horde, first_target: int = -1,
           first_route: tuple[int, ...] | None = None, steps: int = STEPS,
           fall_only: bool = False) -> float:
    """Expected points the army ``h`` costs ``p``'s map this campaign,
    followed for ``steps`` attacks; ``fall_only``: the Fall of Rome alone
    (5 points a warband left when Latium falls, 7H)."""
    total = 0.0
    reach = 1.0
    warbands = float(h.warbands)
    place = h.place
    for step in range(steps):
        if warbands < 0.5 or reach < 0.05:
            break
        w = max(1, round(warbands))
        if p.garrison >> place & 1:
            stop = place
        else:
            if step == 0 and first_route is not None:
                path = first_route
            else:
                goal = first_target if step == 0 and first_target >= 0 else -1
                if goal < 0:
                    options = targets(p, h._replace(place=place))
                    if not options:
                        break
                    goal = options[0]
                paths = routes(p, place, goal, h.fleet)
                if not paths:
                    break
                path = paths[0]
            stop = _stop_of(p, path)
            if stop < 0 or not p.garrison >> stop & 1:
                break
        if p.unrest >> stop & 1:
            fall, lost = 1.0, 0.0
        else:
            q = 1.0 - defend_win(strength_at(p, stop), w + h.general)
            fall, lost = siege(q, w)
        lost_if_fall = (lost - (1 - fall) * w) / fall if fall > 0 else w
        if not fall_only:
            total += reach * fall * loss_value(s, p, stop, w)
        elif stop == LATIUM:
            total += reach * fall * FALL_OF_ROME_PER_WARBAND * _left(s, w - lost_if_fall)
        if stop == LATIUM:
            break
        warbands = w - lost_if_fall - 1
        reach *= fall
        gone = ~(1 << stop)
        p = p.replace(garrison=p.garrison & gone, cities=p.cities & gone, forts=p.forts & gone,
                      walls=p.walls & gone, unrest=p.unrest & gone,
                      warbands=p.warbands | 1 << stop)
        place = stop
    return total


def _left(s: State, survivors: float) -> float:
    """The warbands that count when Latium falls: the army's survivors (one
    stays in Latium in Era 5, 7H)."""
    left = max(0.0, survivors)
    return max(0.0, left - 1) if s.era >= ERAS else left


def cities_at_risk(s: State, p: Player, starts: list[tuple[int, int, int]]) -> dict[int, float]:
    """For Enemy armies (start, warbands, general) that may come: how often
    each Roman province is the first one attacked."""
    out: dict[int, float] = {}
    for start, warbands, general in starts:
        h = Horde(start, warbands, general, -1)
        if p.garrison >> start & 1:
            out[start] = out.get(start, 0.0) + 1
            continue
        options = targets(p, h)
        if not options:
            continue
        paths = routes(p, start, options[0], -1)
        if paths:
            stop = _stop_of(p, paths[0])
            if stop >= 0:
                out[stop] = out.get(stop, 0.0) + 1
    n = max(1, len(starts))
    return {k: v / n for k, v in out.items()}

