"""The ISMCTS leaf evaluation for The Romans: each seat's projected final
points (``projected``) turned into a chance of winning.

The projection is the score so far plus what the seat's pieces are likely
still to bring (``value``: garrisons, cities, fortifications, legions,
gold and resources, Triumphs, Christian cities). A softmax over the
projections, with a temperature that shrinks as the game nears its end,
makes the seats' rewards sum to 1 like win shares. Solo, Rome's reward is
the chance that its projection beats The Enemy's (its score plus the
building bonuses and Glory it can still take).
"""

from __future__ import annotations

import math
from typing import Any

from engine.romans.data import CHRISTIAN_CITY_POINTS, ERAS, GLORY_CHART, SOLO_BUILDING_BONUSES
from engine.romans.state import OVER, State, bits

from .value import (
    city_value,
    conquest_value,
    fort_value,
    gold_value,
    legion_value,
    native_odds,
    province_value,
    resource_value,
    triumph_points,
)

TEMPERATURE = (7.0, 6.0, 5.0, 4.0, 3.0)


def projected(s: State, seat: int) -> float:
    p = s.players[seat]
    good = ~p.unrest
    v = float(p.score)
    for i in bits(p.garrison & good):
        v += province_value(s, p, i) * 0.6
    for i in bits(p.cities & good):
        v += city_value(s, p, i) * 0.6
    for i in bits((p.forts | p.walls) & p.garrison):
        v += fort_value(s, p, i, 2 if p.walls >> i & 1 else 1) * 0.3
    v += CHRISTIAN_CITY_POINTS * (p.christian & good).bit_count() * 0.5
    v += p.docks[3] * gold_value(s) + sum(p.docks[:3]) * resource_value(s)
    v += p.barracks * legion_value(s, p) * 0.6
    v += sum(triumph_points(s, h.card) for h in p.triumphs)
    v += 0.6 * len(p.villa) * (s.phase in ("prep", "leaders", "expansion", "campaign"))
    if p.army is not None:  # an army in the field: its legions and the fight it is in
        a = p.army
        v += a.legions * legion_value(s, p) * 0.6
        h = p.natives[a.place]
        if h is not None:
            win = native_odds(s, h.card, a.rome, a.legions, ())[0]
            v += win * conquest_value(s, p, a.place) * 0.8
    return v


def enemy_projected(s: State) -> float:
    """Solo: The Enemy's score and what it may still take (half the building
    bonuses to come, half the Glory of the Eras left)."""
    v = float(s.enemy_score)
    later = range(s.era, ERAS) if s.phase != "prep" else range(s.era - 1, ERAS)
    v += sum(SOLO_BUILDING_BONUSES[i].points for i in later) * 0.5
    v += sum(GLORY_CHART[e].points for e in range(s.era, ERAS)) * 0.45
    if s.enemy_glory >= 0:
        v += GLORY_CHART[s.era - 1].points * 0.6
    return v


def evaluate(game: Any, s: State) -> list[float]:
    if s.phase == OVER:
        return game.result(s).rewards()
    temp = TEMPERATURE[s.era - 1]
    if s.n == 1:
        diff = projected(s, 0) - enemy_projected(s)
        return [1.0 / (1.0 + math.exp(-diff / temp))]
    vals = [projected(s, i) for i in range(s.n)]
    return win_chances(vals, temp)


def win_chances(vals: list[float], temp: float) -> list[float]:
    top = max(vals)
    ex = [math.exp((v - top) / temp) for v in vals]
    total = sum(ex)
    return [e / total for e in ex]
