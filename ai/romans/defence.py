"""The rule-based strategy with an eye on the Enemy: the ISMCTS
bot's anchor (``Knowledge.anchor``: the move it searches first and
plays unless another is clearly better), never the ``rules`` bot itself.

The rule-based player values a fortification, a city, a conquest or calm
unrest by fixed rates, so it barely defends: in 4-player games of rule
bots Latium falls about twice per player a game (7H: 5 points per
warband), over 20 points each. Here each of those choices also earns what
it saves against this Era's Enemy army (``threat.damage`` of the map
before and after, the Fall of Rome included: the army on the map, or the
least harmful nations the seat may still face), in Eras 4 and 5 only; and
a city in Latium, the nearest target of many an army, counts 3 points less
in every Era. The Enemy nation it faces (6D), and a target or route left to
it (6E), it chooses by the campaign followed 12 attacks deep
(``campaign_steps``), not the rule bot's 4. In Eras 4-5 a senator above
the box it takes wastes 1 point a rank, not 0.35 (``rank_waste``): the
damage saved otherwise drew the III and IV senators away from the boxes
that score by their number.

Measured alone in one seat against three rule bots (bench/romans_mcts.py
--policy defence:decide, 300 games, seeds 1000-1299; the plain policy:
22.8% [18.4, 27.9], 1.98 Falls of Rome a game): counting the saving in
every Era, and later Eras' armies at half weight, halved the Falls (1.24)
but won no more (25.5% [20.9, 30.7], +0.4 points a game paired by seed,
+-3.0): early on the defence costs what it saves. Eras 4-5 only (0.5, 1),
this Era's army only: 29.2% [24.3, 34.5], 1.55 Falls, +3.6 points a game
paired (+-1.5).
"""

from __future__ import annotations

from engine.romans.data import ERAS
from engine.romans.state import (
    ENEMY,
    LATIUM,
    OVER,
    REMOTE,
    REMOTE_MASK,
    Horde,
    Player,
    State,
)

from ..knowledge import Ranked, ranked_policy
from . import threat
from .evaluate import _hordes
from .strategy import Ctx, rank

# by Era: the share of the damage saved that a choice earns (early on the
# map's other uses matter more than this Era's small army)
DEFENCE_WEIGHT = (0.0, 0.0, 0.0, 0.5, 1.0)
TRIUMPH_EXTRA = 0.0  # a Triumph beyond value.conquest_value (3: 25.5%, +0.5 paired)
LATER_WEIGHT = 0.0  # a later Era's army, per Era, against this Era's (0.5: worse)
# points off a city in Latium, in every Era: a city is what an Enemy army
# marches on, and one in Latium brings it straight to the Fall of Rome (3.0:
# +1.3 points a game paired by seed over 400 games, +-0.65)
LATIUM_CITY = 3.0
# by Era: the share of the Fall of Rome alone (5 points a warband, 7H) that a
# choice saves, counted where DEFENCE_WEIGHT is 0 (the map's other losses
# are not worth defending early; Latium's are). (1, 1, 1, 0, 0): Era 3's
# Falls halve but -2.1 points a game paired (+-1.1); (0, 0, 1, 0, 0): -0.1
FALL_WEIGHT = (0.0, 0.0, 0.0, 0.0, 0.0)
# attacks an Enemy army is followed for: in the damage a choice saves
# (SAVED_STEPS), and in choosing the nation to face, the target and the
# route (CHOICE_STEPS). The rule bot's threat.damage stops at 4: an army
# that takes a far city and then turns on Latium (no city left) looks no
# worse than a weak one. CHOICE_STEPS 12: +0.17 points a game paired by
# seed over 800 games (+-0.06; seeds 1000-1399 alone +0.14 +-0.10);
# SAVED_STEPS 12 as well: +0.23 (+-0.22), not kept
SAVED_STEPS = 4
CHOICE_STEPS = 12
# by Era: points per rank a senator is above the box it takes (or above a I,
# as a general or in the Citadel); the rule bot's strategy.RANK_WASTE is 0.35.
# The damage saved outweighs 0.35 a rank by far, so in Eras 4-5 the anchor
# spent its III and IV senators on armies, recruits and builds that a I or II
# would have done as well, and took Ludus Magnus and the Theatre of Balbus
# (points by the box) with what was left. (.., 1.0, 1.0): +1.5 points a game
# paired by seed over 800 games (+-0.35), +1.3 over the rule players' mean
# (+-0.4); 0.7: +0.5 (+-0.2); 1.5: worse than 1.0 (-1.0, +-0.4)
RANK_WASTE = (0.35, 0.35, 0.35, 1.0, 1.0)
_CACHE: dict[tuple, float] = {}


def _map_key(p: Player) -> tuple:
    return (p.board, p.garrison, p.cities, p.forts, p.walls, p.unrest, p.warbands, p.fleets,
            p.horde, p.nation)


def expected_damage(s: State, p: Player, fall_only: bool = False) -> float:
    """Points the Enemy armies still to come are expected to cost ``p``'s
    map, as it stands: this Era's (the army on the map, or the mean of the
    least harmful nations left to choose), then each later Era's at
    ``LATER_WEIGHT``; ``fall_only``: the Fall of Rome alone."""
    if s.phase == OVER:
        return 0.0

    def damage(s: State, p: Player, h: Horde) -> float:
        return threat.damage(s, p, h, steps=SAVED_STEPS, fall_only=fall_only)

    key = (s.era, s.phase == ENEMY or p.nation != 0, s.n, fall_only, SAVED_STEPS, _map_key(p))
    got = _CACHE.get(key)
    if got is not None:
        return got
    total = 0.0
    first = s.era
    if p.horde is not None:
        total += damage(s, p, p.horde)
        first += 1
    elif p.nation != 0 or s.phase == ENEMY:
        first += 1  # this Era's campaign is over for this map
    for era in range(first, ERAS + 1):
        dmg = sorted(damage(s, p, h) for h in _hordes(p, era))
        k = max(1, len(dmg) - s.n + 1)  # the seat gets one of the least harmful
        total += LATER_WEIGHT ** (era - s.era) * sum(dmg[:k]) / k
    if len(_CACHE) > 100_000:
        _CACHE.clear()
    _CACHE[key] = total
    return total


class DefendingCtx(Ctx):
    """The rule-based scores plus the damage each choice saves."""

    campaign_steps = CHOICE_STEPS

    def __init__(self, v: State, seat: int) -> None:
        super().__init__(v, seat)
        self.rank_waste = RANK_WASTE[v.era - 1]  # looked up once, not per action
        self.base_damage: float | None = None  # the map as it stands, when first asked
        self._saved: dict[tuple, float] = {}

    def saved(self, what: str, i: int) -> float:
        """Damage saved by ``what`` at place ``i`` ("city", "fort", "wall",
        "garrison", "calm"; "unrest": negative, the damage it adds)."""
        key = (what, i)
        got = self._saved.get(key)
        if got is not None:
            return got
        weight = DEFENCE_WEIGHT[self.v.era - 1]
        fall_only = not weight
        if fall_only:
            weight = FALL_WEIGHT[self.v.era - 1]
            if not weight:
                return 0.0
        p = self.p
        if self.base_damage is None:
            self.base_damage = expected_damage(self.v, p, fall_only)
        bit = 1 << i
        if what == "city":
            q = p.replace(cities=p.cities | bit)
        elif what == "fort":
            q = p.replace(forts=p.forts | bit)
        elif what == "wall":
            q = p.replace(forts=p.forts & ~bit, walls=p.walls | bit)
        elif what == "garrison":
            q = p.replace(garrison=p.garrison | bit, unrest=p.unrest & ~bit)
        elif what == "calm":
            q = p.replace(unrest=p.unrest & ~bit)
        else:  # unrest
            q = p.replace(unrest=p.unrest | bit)
        val = weight * (self.base_damage - expected_damage(self.v, q, fall_only))
        self._saved[key] = val
        return val

    def build_value(self, piece: str, i: int) -> tuple[float, str]:
        val, why = super().build_value(piece, i)
        if i < 0 or piece == "fleet":
            return val, why
        if piece == "fort" and (self.p.forts | self.p.walls) >> i & 1:
            return val, why  # already fortified
        if piece == "city" and i == LATIUM:
            val -= LATIUM_CITY
        return val + self.saved(piece, i), why

    def conquest(self, i: int) -> float:
        val = super().conquest(i) + self.saved("garrison", i)
        if TRIUMPH_EXTRA and REMOTE_MASK >> i & 1 and self.p.remote_triumphs[REMOTE.index(i)]:
            val += TRIUMPH_EXTRA
        return val

    def unrest(self, i: int) -> float:
        if self.p.unrest >> i & 1:
            return super().unrest(i) + self.saved("calm", i)
        return super().unrest(i) - self.saved("unrest", i)


def defending_rank(v: State, seat: int, actions: list[tuple]) -> Ranked:
    """Every action scored by the defending strategy (``DefendingCtx``)."""
    return rank(v, seat, actions, DefendingCtx)


decide = ranked_policy(defending_rank)
"""The defending rule-based choice for a seat on its view."""
