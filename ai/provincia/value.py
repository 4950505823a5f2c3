"""How much a Provincia Romana position is worth to each city, in Prestige.

One model serves both bots: the rule-based bot compares choices with it and
the ISMCTS bot evaluates the positions where its rollouts stop. A city's
*projected* Prestige is what it has now plus what its holdings should still
turn into before the end:

- resources and Gold, at a value per unit that falls as the Play phases run
  out (a Stone is worth about half a Prestige point while there are
  buildings to spend it on, nothing after the final turn; Gold is at least
  1/3, its price in the final conversion);
- the taxes still due (each unpaid one costs 2 PP);
- buildings in hand, at their award less the value of what they cost, times
  the chance of affording them in time (the best cards claim the
  resources first, so a resource counts once);
- production for the rounds left;
- the battles still to fight: Defense and Morale as they will have decayed
  by then, plus Military, against every Bellum card the stack of that round
  may hold, times what losing would cost this city.

It reads only what a view shows (hidden cards are averaged), so the
rule-based bot can use it on its own view and the search on sampled worlds
alike. ``City`` holds one seat's position with the parts every question
reuses computed once; the battle model answers "what if Morale were one
higher" in a few microseconds, which is what keeps the bots fast.
"""

from __future__ import annotations

from engine.core import ALL_SEATS, HIDDEN
from engine.provincia.battle import token_bonus
from engine.provincia.data import (
    BATTLE_ROUNDS,
    BELLA,
    CLAY,
    GOLD,
    HAND_LIMIT,
    MORALE_MAX,
    MORALE_MIN,
    ROUNDS,
    STONE,
    STORAGE_WITHOUT_HORREUM,
    WOOD,
)
from engine.provincia.state import ACTIVATE, BATTLE, FINAL, OVER, PLAY, UPKEEP, Player, State

from .tables import (
    ACCESS,
    ACT_DEFENSE,
    ACT_MORALE,
    AWARD,
    CITY_ACCESS,
    CORRUPTIO,
    COST,
    DEF_ON_PLAY,
    DESTROY_KINDS,
    HI,
    HORREUM,
    INACTIVE,
    KIND,
    LO,
    LOSE_VS,
    MILITARY,
    MPR,
    N_AED,
    ON_ACTIVATE,
    PRODUCE,
    SPQR_EFFECT,
    SPQR_VALUE,
    STACK,
    UNIQUE,
)

# Value of one raw resource by Play phases left (index capped at the end).
RAW_VALUE = (0.0, 0.3, 0.45, 0.55, 0.6, 0.65, 0.65, 0.65, 0.65)
GOLD_FLOOR = 1 / 3  # the final conversion: 3 Gold -> 1 PP
TAX_MISS_PP = 2.0
LATER_GOLD = 0.6  # Gold a city usually comes by per round besides production
HIDDEN_CARD = 0.9  # an unknown card in someone's hand: the average pick
HELD = 0.85  # a Senate card in hand may yet be discarded or lack the Gold to play
# What the city gives up when the Gauls destroy a building beyond its award:
DESTROY_EXTRA = {"production": 1.0, "defense": 0.8, "morale": 1.2, "prestige": 0.3}
HORREUM_LOSS = 1.5
MORALE_LOSS = 0.8
"""PP a point of Morale lost to the Gauls is worth: strength in later battles."""
TYPICAL_LOSS = {"production": 3.0, "defense": 3.0, "morale": 5.0, "prestige": 4.5}
# A destroyed building goes back to hand and may be built again: losing it
# costs part of its award and part of paying for it once more.
REBUILD = [0.5 * AWARD[c] + 0.5 * min(AWARD[c], 0.5 * sum(COST[c][:3]) + COST[c][3] / 3 + 1)
           for c in range(N_AED)]

Extra = tuple[int, int, int, int]  # (Morale, Defense, Military, Morale per round)
NO_EXTRA: Extra = (0, 0, 0, 0)
BATTLE_STATS: list[Extra] = [(ACT_MORALE[c], DEF_ON_PLAY[c] + ACT_DEFENSE[c], MILITARY[c],
                              MPR[c]) for c in range(N_AED)]
"""What each building adds to its city's battles once built (and active)."""
COST_RAW = [sum(COST[c][:GOLD]) for c in range(N_AED)]
COST_GOLD = [COST[c][GOLD] for c in range(N_AED)]
PROD_RAW = [sum(PRODUCE[c][:GOLD]) for c in range(N_AED)]
PROD_GOLD = [PRODUCE[c][GOLD] for c in range(N_AED)]
ACT_GOLD_BONUS = [max(0.0, ON_ACTIVATE[c][GOLD] * GOLD_FLOOR - 1.0) for c in range(N_AED)]
"""A one-time Gold gain worth more than the 1 PP the activation costs."""


# ---------------------------------------------------------------- the calendar


def upkeep_pending(s: State) -> bool:
    """Is this round's Upkeep (Morale, Defense, taxes) still to come?"""
    return s.phase <= UPKEEP


def production_pending(s: State) -> bool:
    return s.phase <= ACTIVATE


def upkeeps_left(s: State) -> int:
    if s.phase > ACTIVATE:
        return 0
    return ROUNDS - s.round + (1 if upkeep_pending(s) else 0)


def productions_left(s: State) -> int:
    if s.phase > ACTIVATE:
        return 0
    return ROUNDS - s.round + 1


def plays_left(s: State, p: int) -> int:
    """Play Cards turns still to come for seat ``p``, the final one included."""
    if s.phase == OVER:
        return 0
    if s.phase == FINAL:
        return 1 if p in s.queue else 0
    later = ROUNDS - s.round + 1  # later rounds' Play phases and the final turn
    if s.phase < PLAY or (s.phase == PLAY and s.step == "turns" and p in s.queue):
        later += 1
    return later


def battles_left(s: State, p: int) -> list[int]:
    """The battle rounds seat ``p`` still has to fight."""
    out = []
    for r in BATTLE_ROUNDS:
        if r > s.round or (r == s.round and (
                s.phase < BATTLE or (s.phase == BATTLE and not _fought(s, p)))):
            out.append(r)
    return out


def _fought(s: State, p: int) -> bool:
    return s.step == "fight" and any(line.seat == p for line in s.battle)


def bellum_known(s: State, r: int) -> int | None:
    """The Bellum card of round ``r`` if it has been turned face up."""
    h = s.bellum[BATTLE_ROUNDS.index(r)]
    return h.card if h.card != HIDDEN and h.seen == ALL_SEATS else None


def can_build_here(pl: Player, c: int) -> bool:
    """Unique and not yet standing, and allowed by the city's access."""
    if UNIQUE[c] and pl.has_built(c):
        return False
    return not (ACCESS[c] and CITY_ACCESS[pl.city] != ACCESS[c])


def shortfall(res: tuple[int, ...] | list[int], cost: tuple[int, ...]) -> int:
    """Units missing to pay ``cost`` from ``res``, where missing Wood and
    Stone may be bought at 2 Gold each."""
    raw = buyable = 0
    for r in (CLAY, WOOD, STONE):
        miss = cost[r] - res[r]
        if miss > 0:
            raw += miss
            if r != CLAY:
                buyable += miss
    spare = res[GOLD] - cost[GOLD]
    if spare < 0:
        return raw - spare
    return raw - min(buyable, spare // 2)


def gloria(pl: Player) -> int:
    return max((SPQR_VALUE[c] for c in pl.spqr if SPQR_EFFECT.get(c) == "gloria"), default=0)


# ---------------------------------------------------------------- battles


def destroy_costs(pl: Player) -> dict[str, float]:
    """What the Gauls' "destroy a building of this kind" costs this city.

    Its cheapest building of the kind; a city without one is charged a
    typical loss all the same, as if it would have built one by then: else
    every first building of a kind looks like a liability and the city
    hoards cards in hand (where the hand limit and storage take them).
    """
    best = dict(TYPICAL_LOSS)
    for c, _active in pl.built:
        if c == HORREUM:
            over = sum(max(0, x - STORAGE_WITHOUT_HORREUM) for x in pl.res[:GOLD])
            cost = HORREUM_LOSS + 0.5 * over
        else:
            cost = REBUILD[c] + DESTROY_EXTRA[KIND[c]]
        for k in DESTROY_KINDS[c]:
            if cost < best[k]:
                best[k] = cost
    return best


def penalty_cost(pl: Player, card: int, costs: dict[str, float]) -> float:
    """What losing to Bellum ``card`` would cost this city, in PP."""
    for alt in BELLA[card].penalty:
        total, paid = 0.0, False
        for part in alt:
            kind = part[0]
            if kind == "destroy":
                total += costs[part[1]]
                paid = True
            elif kind == "lose_pp":
                total += part[1]
                paid = True
            elif kind == "lose_morale":
                if pl.morale - part[1] >= MORALE_MIN:
                    total += MORALE_LOSS * part[1]
                    paid = True
            else:
                need = part[1]
                if all(h >= n for h, n in zip(pl.res, need, strict=True)):
                    total += 0.45 * (need[0] + need[1] + need[2]) + GOLD_FLOOR * need[3]
                    paid = True
        if paid:
            return total
    return 1.0 if pl.res[GOLD] >= 3 else 2.0


_TABLES: dict[tuple, list[float]] = {}
_TABLES_MAX = 50_000


def loss_table(cards: tuple[int, ...], pl: Player, costs: dict[str, float]) -> list[float]:
    """Expected PP lost in one battle by base strength (index ``st - LO``),
    over the Bellum cards it may be; shared by every city whose costs
    match, so it is worked out once per kind of city, not per position."""
    res = pl.res
    key = (cards, costs["production"], costs["defense"], costs["morale"], costs["prestige"],
           res[WOOD] >= 2, res[GOLD] >= 2, res[CLAY] >= 2, res[STONE] >= 3, res[GOLD] >= 3,
           min(pl.morale, 3))
    table = _TABLES.get(key)
    if table is None:
        share = 1.0 / len(cards)
        parts = [(LOSE_VS[BELLA[k].attack], share * penalty_cost(pl, k, costs)) for k in cards]
        table = [sum(row[i] * w for row, w in parts) for i in range(HI - LO + 1)]
        if len(_TABLES) >= _TABLES_MAX:
            _TABLES.clear()
        _TABLES[key] = table
    return table


# ---------------------------------------------------------------- one city


class City:
    """Seat ``p``'s position in state ``s``, for valuing it and its options.

    The battle model is a schedule, built once: for each round to come,
    whether a battle is fought (with every Bellum card the round may show,
    as a row of loss chances by strength times what losing to it costs),
    and whether Upkeep and production follow. ``loss(extra)`` walks it.
    """

    __slots__ = ("s", "p", "pl", "plays", "raw", "gold", "prods", "_steps", "_memo",
                 "_mil", "_mpr", "_projected", "_built")

    def __init__(self, s: State, p: int) -> None:
        self.s, self.p = s, p
        self.pl = s.players[p]
        self.plays = plays_left(s, p)
        self.raw = RAW_VALUE[min(self.plays, len(RAW_VALUE) - 1)]
        self.gold = max(GOLD_FLOOR, self.raw / 2)  # 2 Gold buy a Wood or Stone
        self.prods = productions_left(s)
        self._steps: list | None = None
        self._memo: dict[tuple, float] = {}
        self._projected: float | None = None
        self._built: set[int] | None = None

    # ------------------------------------------------------------ battles
    def _schedule(self) -> list:
        s, pl = self.s, self.pl
        todo = battles_left(s, self.p)
        mil = mpr = 0
        for c, active in pl.built:
            if MILITARY[c] and (active or not INACTIVE[c]):
                mil += MILITARY[c]
            mpr += MPR[c]
        self._mil, self._mpr = mil, mpr
        costs = destroy_costs(pl) if todo else {}
        steps = []
        upk, prod = upkeep_pending(s), production_pending(s)
        for r in range(s.round, ROUNDS + 1):
            now = r == s.round
            fight = None
            if r in todo:
                known = bellum_known(s, r)
                if known is not None and now and s.phase == BATTLE and s.step == "fight":
                    # tokens are face up: the outcome is certain
                    need = BELLA[known].attack - token_bonus(s.revealed, pl.city)
                    fight = (need, penalty_cost(pl, known, costs))
                else:
                    fight = loss_table((known,) if known is not None else STACK[r], pl, costs)
            steps.append((r, fight, upk or not now, prod or not now))
        return steps

    def loss(self, extra: Extra = NO_EXTRA, battles: int = 9, first: int = 0) -> float:
        """Expected PP lost to the Gauls in the next ``battles`` battles
        fought in round ``first`` or later, with ``extra`` (Morale, Defense,
        Military, Morale per round)."""
        key = extra if battles == 9 and not first else (*extra, battles, first)
        got = self._memo.get(key)
        if got is not None:
            return got
        if self._steps is None:
            self._steps = self._schedule()
        pl = self.pl
        m, d = pl.morale + extra[0], pl.defense + extra[1]
        mil, mpr = self._mil + extra[2], self._mpr + extra[3]
        total = 0.0
        fought = 0
        for r, fight, upk, prod in self._steps:
            if fight is not None and fought < battles and r >= first:
                fought += 1
                st = m + d + mil
                if type(fight) is tuple:
                    if st < fight[0]:
                        total += fight[1]
                else:
                    total += fight[(LO if st < LO else HI if st > HI else st) - LO]
            if upk:
                m = m - 1 if m > 1 else 1
                d = d - 1 if d > -3 else -3
            if prod:
                m = m + mpr if m + mpr < MORALE_MAX else MORALE_MAX
        self._memo[key] = total
        return total

    def battle_gain(self, st: Extra, base: Extra = NO_EXTRA) -> float:
        """PP saved from the Gauls by adding ``st`` on top of ``base``."""
        return self.loss(base) - self.loss((base[0] + st[0], base[1] + st[1],
                                            base[2] + st[2], base[3] + st[3]))

    # ------------------------------------------------------------ Gold and taxes
    def taxes_due(self) -> int:
        pl, s = self.pl, self.s
        n = upkeeps_left(s)
        if pl.concussio:
            return n
        if CORRUPTIO in pl.spqr:
            return 0
        if pl.praetor and upkeep_pending(s):
            n -= 1
        return n

    def gold_worth(self, g: int | None = None) -> float:
        """Gold after the taxes it must pay, less the PP lost to taxes it
        cannot. The next tax is due soon and counts in full; later ones may
        still be paid from Gold not yet come by, so only part counts."""
        pl = self.pl
        g = pl.res[GOLD] if g is None else g
        due = self.taxes_due()
        if not due:
            return g * self.gold
        per = 0
        for c, active in pl.built:
            if PRODUCE[c][GOLD] and (active or not INACTIVE[c]):
                per += PRODUCE[c][GOLD]
        have = g + per * self.prods
        short_now = 1 if g < 1 else 0
        later = max(0.0, due - 1 - max(0, have - 1) - LATER_GOLD * (due - 1))
        return (max(0, have - due) * self.gold
                - TAX_MISS_PP * (0.9 * short_now + 0.5 * later))

    # ------------------------------------------------------------ cards
    def future_bonus(self, c: int, extra: Extra = NO_EXTRA) -> float:
        """A building's benefits once built: production for the rounds left,
        and the battles its Military, Morale or Defense would win on top of
        ``extra`` (what likelier cards in hand will already bring)."""
        left = self.prods
        bonus = ACT_GOLD_BONUS[c]
        if left:
            bonus += left * (0.8 * RAW_VALUE[left if left < 8 else 8] * PROD_RAW[c]
                             + GOLD_FLOOR * PROD_GOLD[c])
        st = BATTLE_STATS[c]
        if st != NO_EXTRA:
            gain = self.battle_gain(st, extra)
            bonus += (gain - 1.0 if gain > 1.0 else 0.0) if INACTIVE[c] else gain
        return bonus

    def buildable(self, c: int) -> bool:
        if UNIQUE[c]:
            built = self._built
            if built is None:
                built = self._built = {b for b, _ in self.pl.built}
            if c in built:
                return False
        return not (ACCESS[c] and CITY_ACCESS[self.pl.city] != ACCESS[c])

    def building_value(self, c: int, extra: Extra = NO_EXTRA) -> float:
        """Award and future benefits less what it costs, if it can be built."""
        if not self.buildable(c):
            return 0.0
        return (AWARD[c] - self.raw * COST_RAW[c] - self.gold * COST_GOLD[c]
                + self.future_bonus(c, extra))

    def build_chance(self, c: int, res: tuple[int, ...] | list[int] | None = None) -> float:
        """How likely a building in hand gets built before the game ends,
        given the resources left for it (default: all the city has)."""
        left = self.plays
        if not left:
            return 0.0
        miss = shortfall(self.pl.res if res is None else res, COST[c])
        if not miss:
            return 0.9
        if left == 1:
            return 0.0
        chance = 0.75 - 0.5 * miss / (1 + 2 * (left - 1))
        return chance if chance > 0 else 0.0

    def senate_value(self, c: int) -> float:
        """A Senate card in hand, in PP, by what it will likely do here."""
        effect = SPQR_EFFECT[c]
        pl = self.pl
        left = self.plays
        if not left:
            return 0.0
        g = self.gold
        if effect == "gloria":
            return max(0.0, SPQR_VALUE[c] - gloria(pl) - 2 * g)
        if effect == "defense":
            gain = self.battle_gain((0, SPQR_VALUE[c], 0, 0))
            cost = 2 * g * (1.5 if SPQR_VALUE[c] > 1 else 1.0)
            return max(0.1, 0.8 * gain - cost) if gain else 0.0
        if effect == "praetor":
            return 0.5 if self.taxes_due() else 0.0
        if effect == "corruptio":
            return max(0.0, 0.4 * self.taxes_due() - 3 * self.raw)
        if effect == "commercium":
            return 0.1 + 0.35 * min(pl.res[CLAY], 3) * self.raw
        if effect == "patronus":
            return max(0.0, 2 * self.raw - g)
        if effect == "architectus":
            return max(0.0, 0.35 * (left - 1) * 1.5 - 4 * g)
        if effect == "consuetudo":
            return 0.8 if left >= 2 else 0.2
        if effect == "coniuratio":
            return 0.6 if pl.res[GOLD] >= 5 else 0.3
        if effect == "aediles":
            return 1.2 if battles_left(self.s, self.p) else 0.2
        return 0.1

    def hand_value(self) -> float:
        """The cards in hand. Buildings share the city's resources and its
        battles: the most valuable claim resources first, so a resource
        counts once, for the card it would go to; a Military or Morale card
        counts only the battles the likelier cards before it do not already
        win. Only the best five count while a hand limit is still to come:
        the rest will be discarded (or keep better picks out)."""
        pl = self.pl
        left = self.plays
        values = []
        seen: set[int] = set()
        buildings = []
        for h in pl.hand:
            c = h.card
            if c == HIDDEN:
                values.append(HIDDEN_CARD if left > 1 else 0.3)
            elif c < N_AED:
                if UNIQUE[c]:
                    if c in seen:
                        continue
                    seen.add(c)
                v = self.building_value(c)
                if v > 0:
                    buildings.append((v, c))
            else:
                values.append(HELD * self.senate_value(c))
        if buildings:
            buildings.sort(reverse=True)
            res = list(pl.res)
            # the next tax comes first: Gold for it is not Gold for building
            res[GOLD] -= min(res[GOLD], 1 if self.taxes_due() else 0)
            extra = NO_EXTRA
            chance_of = self.build_chance
            for v, c in buildings:
                st = BATTLE_STATS[c]
                if st != NO_EXTRA and extra != NO_EXTRA:
                    v = self.building_value(c, extra)
                chance = chance_of(c, res)
                values.append(v * chance if v > 0 else 0.0)
                if chance >= 0.5 and st != NO_EXTRA:
                    extra = (extra[0] + st[0], extra[1] + st[1], extra[2] + st[2],
                             extra[3] + st[3])
                cost = COST[c]
                for r in range(4):
                    if cost[r]:
                        res[r] = res[r] - cost[r] if res[r] > cost[r] else 0
        if len(values) > HAND_LIMIT and self.s.phase < FINAL:
            values.sort(reverse=True)
            return sum(values[:HAND_LIMIT])
        return sum(values)

    def next_activation(self) -> int:
        """The round whose Phase 5 is this city's next chance to activate."""
        s = self.s
        if s.phase < ACTIVATE or (s.phase == ACTIVATE and self.p in s.queue):
            return s.round
        return s.round + 1

    def inactive_value(self) -> float:
        """Inactive buildings are worth what activating them at the next
        chance will bring (the battles after it, Gold), less its 1 PP, if
        that is a gain (else they stay inactive)."""
        if self.s.phase > ACTIVATE:
            return 0.0
        total = 0.0
        when = self.next_activation()
        if when > ROUNDS:
            return 0.0
        now = when == self.s.round and self.s.phase == ACTIVATE
        for c, active in self.pl.built:
            if INACTIVE[c] and not active:
                gain = ON_ACTIVATE[c][GOLD] * GOLD_FLOOR - 1.0
                st = BATTLE_STATS[c]
                if st != NO_EXTRA:
                    first = 0 if now else when + 1
                    gain += self.loss(first=first) - self.loss(st, first=first)
                if gain > 0:
                    total += gain
        return total

    def production_value(self) -> float:
        left = self.prods
        if not left:
            return 0.0
        units = 0
        for c, active in self.pl.built:
            if INACTIVE[c] and not active:
                continue
            pr = PRODUCE[c]
            units += pr[0] + pr[1] + pr[2]
        return units * left * 0.8 * RAW_VALUE[min(left, len(RAW_VALUE) - 1)]

    def projected(self) -> float:
        """This city's expected final Prestige from this position."""
        if self._projected is None:
            self._projected = self._project()
        return self._projected

    def _project(self) -> float:
        pl = self.pl
        if self.s.phase == OVER:
            return float(pl.pp)
        res = pl.res
        return (pl.pp + gloria(pl)
                + self.raw * (res[CLAY] + res[WOOD] + res[STONE])
                + self.gold_worth()
                + self.production_value()
                + self.hand_value()
                + self.inactive_value()
                - self.loss())


def projected(s: State, p: int) -> float:
    """Seat ``p``'s expected final Prestige from state (or view) ``s``."""
    return City(s, p).projected()


def temperature(s: State) -> float:
    """How uncertain projections are: wide early, narrow at the end."""
    if s.phase >= FINAL:
        return 1.0
    return 1.2 + 0.9 * (ROUNDS - s.round + (s.phase <= ACTIVATE))
