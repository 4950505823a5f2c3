"""The ISMCTS leaf evaluation for The Romans: each seat's projected final
points (``projected``) turned into a chance of winning.

The projection is the score so far plus what the seat's pieces are likely
still to bring (``value``: garrisons, cities, fortifications, legions,
gold and resources, Triumphs, Christian cities) less what this Era's
Enemy army is expected to take from its map (``enemy_threat``: the army
on the map, or before 6D the least harmful nations of the Era's card;
the Fall of Rome costs a player about 17 points a game). A softmax over
the projections, with a temperature that shrinks as the game nears its
end, makes the seats' rewards sum to 1 like win shares. The temperatures
are fitted to rule-based games (the log-loss of the winner given the
projections at each Era): the projection is a rough guess early on, so
they are wide (50 points in Era 1, 9 in Era 5); narrower ones made the
rewards saturate at 0 or 1, and the search blind, as soon as a seat was
a few points behind. Solo, Rome's reward is
the chance that its projection beats The Enemy's (its score plus the
building bonuses and Glory it can still take).
"""

from __future__ import annotations

import math
from typing import Any

from engine.romans.data import (
    CHRISTIAN_CITY_POINTS,
    ERA_CARDS,
    ERAS,
    GLORY_CHART,
    SOLO_BUILDING_BONUSES,
    EnemyCard,
)
from engine.romans.state import (
    CAMPAIGN,
    EXPANSION,
    INDEX,
    LEADERS,
    NATIONS,
    NP,
    OVER,
    PREP,
    RESPONSE,
    Horde,
    Player,
    State,
    bits,
    board,
)

from ..knowledge import win_chances
from . import threat
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

TEMPERATURE = (50.0, 40.0, 40.0, 21.0, 9.0)  # fitted with the weights below
THREAT_WEIGHT = 1.7  # how much of the Enemy army's expected damage counts

# The nations each Era's Enemy card offers (both copies alike).
NATIONS_BY_ERA = {c.era: c.nations for c in ERA_CARDS if isinstance(c, EnemyCard)}
BEFORE_NATIONS = (PREP, LEADERS, EXPANSION, CAMPAIGN, RESPONSE, NATIONS)
_DAMAGE: dict[tuple, float] = {}


def _hordes(p: Player, era: int) -> list[Horde]:
    out = []
    for nation in NATIONS_BY_ERA[era]:
        start = INDEX[nation.start]
        sea = board(p).fleet_sea[start] if start < NP else -1
        fleet = sea if nation.fleet and sea >= 0 and sea not in p.fleets else -1
        out.append(Horde(start, nation.warbands, nation.general, fleet))
    return out


def enemy_threat(s: State, seat: int) -> float:
    """The points this Era's Enemy army is expected to cost ``seat``'s map
    (6E, the Fall of Rome included): the army on the map, or, before the
    nations are chosen, the mean of the least harmful ones the seat can
    still hope to face."""
    p = s.players[seat]
    if p.horde is not None:
        key = (s.era, p.board, p.garrison, p.cities, p.forts, p.walls, p.unrest, p.warbands,
               p.horde)
        v = _DAMAGE.get(key)
        if v is None:
            v = threat.damage(s, p, p.horde)
    elif p.nation == 0 and s.phase in BEFORE_NATIONS and s.era in NATIONS_BY_ERA:
        key = (s.era, p.board, p.garrison, p.cities, p.forts, p.walls, p.unrest, p.warbands,
               p.fleets, s.n)
        v = _DAMAGE.get(key)
        if v is None:
            dmg = sorted(threat.damage(s, p, h) for h in _hordes(p, s.era))
            k = max(1, len(dmg) - s.n + 1)
            v = sum(dmg[:k]) / k
    else:
        return 0.0
    if len(_DAMAGE) > 200_000:
        _DAMAGE.clear()
    _DAMAGE[key] = v
    return v


# What share of each asset's value (``value``) the projection counts:
# fitted (a softmax of the projections against the winners of 300
# rule-based 4-player games, Eras 3-4, rounded; see bench/romans_mcts.py).
# Garrisons, resources and legions are worth about three times what the
# first guesses (0.6 and 1.0) said, relative to points already scored.
W_GARRISON = 2.5
W_CITY = 0.8
W_FORT = 0.2
W_CHRISTIAN = 0.5
W_GOLD = 1.8
W_RESOURCE = 2.0
W_LEGION = 1.6  # in the Barracks or in an army in the field
W_TRIUMPH = 1.2
W_SENATOR = 1.0  # a senator still in the Villa, while it can be placed
W_CONQUEST = 1.4  # the fight an army in the field is in


PARTS = ("score", "garrisons", "cities", "forts", "christian", "gold", "resources",
         "legions", "triumphs", "senators", "conquest", "threat")
"""What the projection adds up, per seat (``parts``), in this order."""
WEIGHTS = (1.0, W_GARRISON, W_CITY, W_FORT, W_CHRISTIAN, W_GOLD, W_RESOURCE, W_LEGION,
           W_TRIUMPH, W_SENATOR, W_CONQUEST, -THREAT_WEIGHT)


def parts(s: State, seat: int) -> list[float]:
    """``seat``'s position as the projection's parts, unweighted: points
    scored, and what its pieces are worth in points (``value``)."""
    p = s.players[seat]
    good = ~p.unrest
    garrisons = sum(province_value(s, p, i) for i in bits(p.garrison & good))
    cities = sum(city_value(s, p, i) for i in bits(p.cities & good))
    forts = sum(fort_value(s, p, i, 2 if p.walls >> i & 1 else 1)
                for i in bits((p.forts | p.walls) & p.garrison))
    christian = CHRISTIAN_CITY_POINTS * (p.christian & good).bit_count()
    gold = p.docks[3] * gold_value(s)
    resources = sum(p.docks[:3]) * resource_value(s)
    legions = p.barracks * legion_value(s, p)
    triumphs = sum(triumph_points(s, h.card) for h in p.triumphs)
    senators = len(p.villa) * (s.phase in ("prep", "leaders", "expansion", "campaign"))
    conquest = 0.0
    if p.army is not None:  # an army in the field: its legions and the fight it is in
        a = p.army
        legions += a.legions * legion_value(s, p)
        h = p.natives[a.place]
        if h is not None:
            conquest = native_odds(s, h.card, a.rome, a.legions, ())[0] * conquest_value(
                s, p, a.place)
    threat_ = enemy_threat(s, seat) if THREAT_WEIGHT else 0.0
    return [float(p.score), garrisons, cities, forts, float(christian), gold, resources,
            legions, triumphs, float(senators), conquest, threat_]


def projected(s: State, seat: int) -> float:
    """``seat``'s final points as the hand-set weights project them."""
    return sum(w * v for w, v in zip(WEIGHTS, parts(s, seat), strict=True))


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
