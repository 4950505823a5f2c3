"""The rule-based player's strategy for The Romans (the ``policy`` the
generic rules bot, ``ai/rules_bot.py``, asks).

It decides from its own view only. Every legal action gets a value in
points (what it should add to the seat's final score, ``value``) and a
short reason; the best is played. The main lines:

- leaders: army size (as far as the Barracks can fill it) vs gold vs the
  bonus piece's best place; Enemy nations: the one expected to take least
  from the map (``threat.damage``);
- senators: each box scored by its effect for this seat now (revenue less
  the unrest it brings, legions while they can still march, free builds,
  points scored), less the rank wasted; an army by the chance of each
  conquest from the 2d6 difference and the legions it costs; the Citadel
  by conversions, calmed unrest and gold; a trade (buy or sell) only to
  afford a placement worth more than what the trade loses;
- after a victory: march on while the expected gain beats the legions
  risked; Triumphs by points and arts; unrest where it costs least;
  Native counters: weak ones where the seat means to attack next.
"""

from __future__ import annotations

from typing import Any

from engine.core import HIDDEN
from engine.romans.data import (
    BUILDING,
    BUILDINGS,
    BUY_GOLD,
    CITADEL_BONUS,
    ERAS,
    GENERAL_BONUS,
    GLORY_CHART,
    NATIVE_FORCES,
    PIECE_COST,
    RESOURCE_NAMES,
    temple_benefit,
)
from engine.romans.empire import (
    convertible,
    legion_supply,
    linked_god,
    piece_places,
    revenue_provinces,
)
from engine.romans.senate import open_buildings
from engine.romans.state import (
    EMPTY,
    INDEX,
    ITALY,
    LEADERS,
    NATIONS,
    NP,
    PLACES,
    Player,
    State,
    bits,
    board,
    occupant,
)

from ..knowledge import Ranked, ranked_policy
from . import threat
from .preview import nation_horde
from .value import (
    city_value,
    conquest_value,
    fort_value,
    frontier,
    glory_value,
    gold_value,
    land_natives,
    legion_value,
    native_card,
    native_odds,
    resource_value,
    triumph_points,
    unrest_cost,
    unseen_natives,
)

CHAIN_DEPTH = 3
MEAN_CITADEL_BONUS = sum(CITADEL_BONUS.values()) / len(CITADEL_BONUS)
RANK_WASTE = 0.35  # points per rank a senator is above the box it takes


def rank(v: State, seat: int, actions: list[tuple], ctx_class: type[Ctx] | None = None
         ) -> Ranked:
    """Every action scored by ``ctx_class`` (``Ctx``: the rule-based
    player's own scores)."""
    ctx = (ctx_class or Ctx)(v, seat)
    if v.pending:
        pd = v.pending[-1]
        handler = PENDING.get(pd.kind)
        if handler is not None:
            return handler(ctx, actions, pd.data)
    elif v.phase == LEADERS:
        return [ctx.leader(a) for a in actions]
    elif v.phase == NATIONS:
        return [ctx.nation(a) for a in actions]
    else:
        return ctx.expansion(actions)
    return [(a, 0.0, "") for a in actions]


decide = ranked_policy(rank)
"""The rule-based choice for a seat on its view: ``rank``'s best (legal) action."""


class Ctx:
    """One decision: the seat's view and what it keeps looking up."""

    # attacks an Enemy army is followed for when choosing the nation to face,
    # a target or a route (``threat.damage``; the ISMCTS anchor looks deeper)
    campaign_steps = threat.STEPS
    # points per rank a senator is above the box it takes, or above a I as a
    # general or in the Citadel (the anchor's differ by Era)
    rank_waste = RANK_WASTE

    def __init__(self, v: State, seat: int) -> None:
        self.v = v
        self.seat = seat
        self.p: Player = v.players[seat]
        self.gv = gold_value(v)
        self.rv = resource_value(v)
        self.lv = legion_value(v, self.p)
        self.pool = unseen_natives(v)
        self._chain: dict[tuple[int, int, int, int], float] = {}

    def conquest(self, i: int) -> float:
        """Conquering province ``i`` (a hook: the ISMCTS anchor adds defence)."""
        return conquest_value(self.v, self.p, i)

    def unrest(self, i: int) -> float:
        """What unrest in province ``i`` costs (a hook, like ``conquest``)."""
        return unrest_cost(self.v, self.p, i)

    # ------------------------------------------------------------ assets
    def build_value(self, piece: str, i: int) -> tuple[float, str]:
        """A piece built at place ``i`` (Villa: waits for a place)."""
        v, p = self.v, self.p
        if i < 0:
            return 0.2, "waits in the Villa"
        if piece == "fleet":
            return self.fleet_value(i)
        if piece == "city":
            val = city_value(v, p, i)
            if p.cities & ~(1 << i) & _region(i) & p.cities:
                val -= city_value(v, p, bits(p.cities & _region(i))[0])  # moved from there
            if p.glory == i:
                return val + glory_value(v, p), "a city where the Glory is"
            if v.solo and v.enemy_glory == i:
                denied = GLORY_CHART[v.era - 1].points * 0.9
                return val + denied, "a city denies The Enemy its Glory"
            return val, "a city: a point every Glory, 3 when Christian"
        if piece == "fort":
            if (p.forts | p.walls) >> i & 1:
                return -1.0, "already fortified"
            moved = (p.forts | p.walls) & _region(i)
            val = fort_value(v, p, i)
            if moved:
                val -= fort_value(v, p, bits(moved)[0], 2 if p.walls & moved else 1)
            return val, "a fort where the Enemy will come"
        # wall
        if p.walls >> i & 1:
            return -1.0, "already walled"
        if p.forts >> i & 1:
            return fort_value(v, p, i), "the fort becomes a wall"
        moved = (p.forts | p.walls) & _region(i)
        val = fort_value(v, p, i, 2)
        if moved:
            val -= fort_value(v, p, bits(moved)[0], 2 if p.walls & moved else 1)
        return val, "a wall: two points of defence"

    def fleet_value(self, sea: int) -> tuple[float, str]:
        v, p = self.v, self.p
        b = board(p)
        covered = 0
        for x in p.fleets:
            if x >= 0:
                covered |= 1 << x
        coast = b.adj[sea] & ((1 << NP) - 1)
        revenue = 0
        for i in bits(coast & p.garrison & ~ITALY & ~p.unrest):
            if not b.seas_of[i] & covered:
                revenue += 1
        by_land = 0
        for i in bits(p.garrison):
            by_land |= b.land[i]
        invasions = (coast & land_natives(p) & ~by_land).bit_count()
        left = ERAS - v.era
        val = (0.55 * revenue * (left + 0.5) + min(1.5, 0.5 * invasions) * (left > 0 or
                                                                           v.phase == LEADERS))
        return val * 0.85, f"a fleet: revenue from {revenue}, {invasions} landings"

    def best_piece(self, piece: str) -> float:
        places = piece_places(self.v, self.seat, piece)
        if not places:
            return 0.2
        return max(self.build_value(piece, i)[0] for i in places)

    def build_plan(self, budget: int, fleets: bool, free: bool) -> float:
        """Greedy value of spending a building budget (own gold unless free)."""
        gold = self.p.docks[3]
        total = 0.0
        chosen: set[tuple[str, int]] = set()
        regions_city = regions_fort = 0
        for _ in range(4):
            best, best_v = None, 0.0
            for piece in ("city", "fort", "wall", "fleet"):
                cost = PIECE_COST[piece]
                if piece == "fleet" and not fleets:
                    continue
                if cost > budget or (not free and cost > gold):
                    continue
                for i in piece_places(self.v, self.seat, piece):
                    if (piece, i) in chosen:
                        continue
                    if piece == "city" and regions_city & _region(i):
                        continue
                    if piece in ("fort", "wall") and regions_fort & _region(i):
                        continue
                    val = self.build_value(piece, i)[0] - (0 if free else cost * self.gv)
                    if val > best_v:
                        best, best_v = (piece, i, cost), val
            if best is None:
                break
            piece, i, cost = best
            chosen.add((piece, i))
            if piece == "city":
                regions_city |= _region(i)
            elif piece != "fleet":
                regions_fort |= _region(i)
            total += best_v
            budget -= cost
            if not free:
                gold -= cost
        return total

    # ------------------------------------------------------------ campaigns
    def chain(self, i: int, legions: int, bonus: int, depth: int) -> float:
        """Expected points of an army of ``legions`` (general ``bonus``)
        attacking province ``i`` and marching on while it pays."""
        key = (i, legions, bonus, depth)
        got = self._chain.get(key)
        if got is not None:
            return got
        p = self.p
        card = native_card(p, i)
        win, lost, gold = native_odds(self.v, card, legions + bonus, legions, self.pool)
        val = win * self.conquest(i) + gold * self.gv - lost * self.lv
        if depth > 0 and win > 0.05:
            lost_if_win = max(0.0, (lost - (1 - win) * legions) / win)
            left = int(legions - lost_if_win - 1 + 0.5)
            if left >= 1:
                nxt = [self.chain(j, left, bonus, depth - 1)
                       for j in bits(board(p).land[i] & land_natives(p) & ~(1 << i))]
                if nxt:
                    val += win * max(0.0, max(nxt))
        self._chain[key] = val
        return val

    def army_size_value(self, size: int) -> float:
        p = self.p
        can = min(size, p.barracks + 4, legion_supply(p) + p.barracks)
        targets = len(frontier(p)) + 1
        return (0.75 if self.v.era < ERAS else 0.6) * can * min(1.0, 0.4 + 0.2 * targets)

    # ------------------------------------------------------------ decisions
    def leader(self, a: tuple) -> tuple[tuple, float, str]:
        from engine.romans.prep import entries
        e = entries(self.v)[a.face - 1]
        val = self.army_size_value(e.max_army) + e.gold * self.gv
        why = f"army {e.max_army}, {e.gold} gold"
        if e.bonus:
            val += self.best_piece(e.bonus)
            why += f", a {e.bonus}"
        if a.user != self.seat:
            return a, -val, "for the other player: " + why
        return a, val, why

    def nation(self, a: tuple) -> tuple[tuple, float, str]:
        from engine.romans.prep import entries
        nation = entries(self.v)[a.face - 1]
        user = self.v.players[a.user]
        h, _ = nation_horde(self.v, a.face, a.user)
        dmg = threat.damage(self.v, user, h, steps=self.campaign_steps)
        why = f"{nation.name}: {nation.warbands} warbands, likely loss {dmg:.1f}"
        if a.user != self.seat:
            return a, dmg, "for the other player: " + why
        return a, -dmg, why

    def expansion(self, actions: list[tuple]) -> Ranked:
        out: Ranked = []
        trades = []
        for a in actions:
            kind = a[0]
            if kind == "piece":
                val, why = self.build_value(a.piece, INDEX[a.place])
                out.append((a, val + 5.0, "place the waiting " + a.piece + ": " + why))
            elif kind in ("buy", "sell"):
                trades.append(a)
            elif kind == "citadel":
                val, why = self.citadel(a.rank)
                out.append((a, val, why))
            elif kind == "invade":
                out.append(self.invade(a))
            else:
                out.append(self.senator(a))
        best = max((x[1] for x in out), default=0.0)
        out += self.trade_scores(trades, best)
        return out

    def citadel(self, rank: int) -> tuple[float, str]:
        actions = rank + MEAN_CITADEL_BONUS
        uses = self.citadel_uses()
        val = 0.0
        whys = []
        for u, why in uses:
            if actions < 1 or u <= self.gv:
                break
            val += u
            actions -= 1
            whys.append(why)
        val += actions * self.gv
        val -= self.rank_waste * 0.5 * (rank - 1)
        return val, "Citadel: " + (", ".join(whys[:2]) or "gold")

    def citadel_uses(self) -> list[tuple[float, str]]:
        v, p = self.v, self.p
        uses = []
        for i in convertible(v, self.seat):
            val = 3.0 if not p.unrest >> i & 1 else 1.0
            if p.glory == i:
                val += glory_value(v, p)
            uses.append((val, "convert " + PLACES[i]))
        for i in bits(p.unrest):
            uses.append((self.unrest(i), "calm " + PLACES[i]))
        uses.sort(key=lambda x: -x[0])
        return uses

    def invade(self, a: tuple) -> tuple[tuple, float, str]:
        i = INDEX[a.province]
        bonus = GENERAL_BONUS[a.rank]
        val = self.chain(i, a.legions, bonus, CHAIN_DEPTH)
        val -= self.rank_waste * (a.rank - 1) + 0.3 * len(a.seas)
        win = native_odds(self.v, native_card(self.p, i), a.legions + bonus, a.legions,
                          self.pool)[0]
        return a, val, f"army of {a.legions} into {a.province}: {win:.0%} to conquer"

    def senator(self, a: tuple) -> tuple[tuple, float, str]:
        building = BUILDING[a.building]
        box = building.boxes[a.box - 1]
        why = ""
        if a.building == "Temple of Jupiter":
            val, why = self.temple(a.god, box.amount)
        else:
            if a.god and a.god == linked_god(a.building):
                box = building.boxes[3]
            val, why = self.effect(box)
            if a.god:
                val += 0.2
        val -= self.cost_value(box.cost if a.box else building.boxes[0].cost)
        val -= self.rank_waste * (a.rank - a.box)
        return a, val, f"{a.building} {a.box}: {why}"

    def cost_value(self, cost: tuple[int, int, int, int]) -> float:
        return cost[3] * self.gv + sum(cost[:3]) * self.rv

    def effect(self, box: Any) -> tuple[float, str]:
        p = self.p
        effect, amount = box.effect, box.amount
        if effect == "revenue":
            places = revenue_provinces(p)
            vals = sorted((self.revenue_of(i) for i in places), reverse=True)
            take = vals if amount is None else vals[:amount]
            if not take:
                return -1.0, "no revenue to collect"
            cheapest = min(self.unrest(i) for i in places)
            return sum(take) - cheapest * 0.8, f"revenue from {len(take)} provinces"
        if effect == "recruit":
            n = min(amount, legion_supply(p))
            return self.recruit_value(n), f"{n} legions"
        if effect == "raise":
            return self.raise_value(amount) + box.plus * self.gv, f"raise {amount} ranks"
        if effect == "build":
            return self.build_plan(amount, box.fleets, False), f"build for {amount} gold"
        if effect == "revenue types":
            val, types = self.best_types(amount)
            return val, "revenue of " + "/".join(types)
        if effect == "praetorian army":
            val, why = self.praetorian(amount)
            return val, why
        if effect == "score sets":
            d = list(p.docks[:3])
            d[1] -= 1  # the box costs victuals
            sets = max(0, min(d))
            val = amount * sets - sets * 3 * self.rv * 0.6
            return val, f"{amount * sets} points for {sets} sets"
        if effect == "score provinces":
            held = p.garrison & ~p.unrest
            if box.outside_italy:
                held &= ~ITALY
            pts = amount * held.bit_count() + box.plus
            return pts, f"{pts} points"
        if effect == "score cities":
            good = ~p.unrest
            pts = (amount * (p.cities & good).bit_count()
                   + box.per_fort * ((p.forts | p.walls) & good).bit_count())
            return pts, f"{pts} points"
        return 0.0, effect

    def revenue_of(self, i: int) -> float:
        sym = board(self.p).symbol[i]
        return 2 * self.gv if sym == 3 else self.rv

    def best_types(self, n: int) -> tuple[float, tuple[str, ...]]:
        counts = [0.0] * 4
        for i in revenue_provinces(self.p):
            counts[board(self.p).symbol[i]] += self.revenue_of(i)
        order = sorted(range(4), key=lambda t: -counts[t])[:n]
        return sum(counts[t] for t in order), tuple(RESOURCE_NAMES[t] for t in sorted(order))

    def recruit_value(self, n: int) -> float:
        """Legions: what a bigger army could conquer while senators are left
        to lead it, else their worth in the Barracks."""
        p = self.p
        want = max(p.max_army, 4) * 2 if self.v.era < ERAS else max(p.max_army, 4)
        useful = max(0, min(n, want - p.barracks))
        late = 0.2
        plain = useful * self.lv + (n - useful) * late
        if len(p.villa) >= 2 and p.max_army > p.barracks:
            now = self.best_army(p.barracks)
            more = self.best_army(min(p.max_army, p.barracks + n))
            plain = max(plain, 0.8 * (more - now) + (n - useful) * late)
        return plain

    def best_army(self, legions: int) -> float:
        """The best army of ``legions`` the seat could send now (a II general)."""
        if legions <= 0:
            return 0.0
        from engine.romans.senate import invasion_targets
        best = 0.0
        for prov, seas in invasion_targets(self.v, self.seat):
            val = self.chain(INDEX[prov], legions, 1, CHAIN_DEPTH) - 0.3 * len(seas)
            best = max(best, val)
        return best

    def raise_value(self, n: int) -> float:
        p = self.p
        room = sum(4 - r for r in p.villa + p.used)
        per = (0.7, 0.6, 0.5, 0.4, 0.15)[self.v.era - 1]
        if self.v.era == ERAS and not p.villa:
            per = 0.05
        return per * min(n, room)

    def praetorian(self, most: int) -> tuple[float, str]:
        p = self.p
        n = min(most, p.barracks)
        if not n:
            return -0.5, "no legions to send"
        best, where = -0.5, ""
        for i in frontier(p) + self.sea_targets():
            win, lost, gold = native_odds(self.v, native_card(p, i), n, n, self.pool)
            calm = sum(sorted((self.unrest(j) for j in bits(p.unrest)),
                              reverse=True)[:n - 1])
            val = (win * (self.conquest(i) + calm * 0.7) + gold * self.gv
                   - lost * self.lv)
            if val > best:
                best, where = val, PLACES[i]
        return best, f"an army of {n} into {where}" if where else "no target"

    def sea_targets(self) -> list[int]:
        from engine.romans.senate import invasion_targets
        return [INDEX[prov] for prov, seas in invasion_targets(self.v, self.seat) if seas]

    def temple(self, god: str, bonus: int) -> tuple[float, str]:
        val = sum(self.best_benefits(god, min(roll + bonus, 12))[0] for roll in range(1, 7)) / 6
        return val, f"{god}, {bonus:+d} to the roll"

    def best_benefits(self, god: str, total: int) -> tuple[float, tuple[int, int]]:
        vals = {b: self.benefit_value(god, b) for b in range(1, 7)}
        best, pick = -1e9, (1, 0)
        for b in range(1, min(total, 6) + 1):
            if vals[b] > best:
                best, pick = vals[b], (b, 0)
        for b1 in range(1, 7):
            for b2 in range(1, 7):
                if b1 != b2 and b1 + b2 <= total:
                    x = vals[b1] + vals[b2]
                    if god == "Mercury" and b2 in (4, 6) and b1 in (1, 3, 5):
                        x += self.mercury_synergy(b1, b2)
                    if x > best:
                        best, pick = x, (b1, b2)
        return best, pick

    def mercury_synergy(self, gain: int, score: int) -> float:
        amount = temple_benefit("Mercury", gain).amount or 0
        have = sum(self.p.docks[:3])
        if score == 4:
            return (have + amount) // 2 - have // 2
        return amount

    def benefit_value(self, god: str, number: int) -> float:
        b = temple_benefit(god, number)
        p = self.p
        effect, amount = b.effect, b.amount
        good = ~p.unrest
        if effect == "recruit":
            return self.recruit_value(min(amount, legion_supply(p)))
        if effect == "build":
            return self.build_plan(amount, True, True)
        if effect == "gain resources":
            return amount * self.rv
        if effect == "gain gold":
            return amount * self.gv
        if effect == "remove unrest":
            costs = sorted((self.unrest(i) for i in bits(p.unrest)), reverse=True)
            return sum(costs[:amount])
        if effect == "raise":
            return self.raise_value(amount)
        if effect == "remove all unrest and raise":
            return sum(self.unrest(i) for i in bits(p.unrest)) + self.raise_value(1)
        if effect == "score legions outside Italy":
            return b.per * (p.garrison & good & ~ITALY).bit_count()
        if effect == "score cities":
            return b.per * (p.cities & good).bit_count()
        if effect == "score cities and fortifications":
            forts = ((p.forts | p.walls) & good).bit_count()
            return b.per * ((p.cities & good).bit_count() + forts)
        if effect == "score resources":
            return b.per * (sum(p.docks[:3]) // amount)
        if effect == "score provinces":
            return b.per * (p.garrison & good).bit_count()
        if effect == "score ranks":
            return b.per * (sum(p.villa) + sum(p.used))
        return 0.0

    def trade_scores(self, trades: list[tuple], best_now: float) -> Ranked:
        """A trade is worth making only to afford a placement worth more than
        the best one affordable now, less what the trade loses."""
        if not trades:
            return []
        v, p, seat = self.v, self.p, self.seat
        plans: dict[tuple, tuple[float, str]] = {}
        ranks = sorted(set(p.villa))
        docks = p.docks
        for b in open_buildings(v):
            building = BUILDINGS[b]
            boxes = v.boxes[b]
            if any((occupant(c) or (-1,))[0] == seat for c in boxes):
                continue
            if building.name == "Temple of Jupiter":
                continue  # needs a god: not worth planning a trade for
            for number, code in enumerate(boxes, start=1):
                if code != EMPTY or not any(r >= number for r in ranks):
                    continue
                cost = building.boxes[number - 1].cost
                short = [k for k in range(4) if docks[k] < cost[k]]
                if not short:
                    continue
                k = short[0]
                if k < 3:
                    if docks[3] < BUY_GOLD:
                        continue
                    trade = ("buy", RESOURCE_NAMES[k])
                    loss = BUY_GOLD * self.gv - self.rv
                else:
                    need = cost[3] - docks[3]
                    have = [r for r in range(3) if docks[r]]
                    if sum(docks[:3]) < need:
                        continue
                    r = max(have, key=lambda x: docks[x])
                    trade = ("sell", RESOURCE_NAMES[r])
                    loss = need * (self.rv - self.gv)
                rank_ = min(r for r in ranks if r >= number)
                from engine.romans.actions import Senator
                _, val, why = self.senator(Senator(rank_, building.name, number, ""))
                val -= loss
                if val > plans.get(trade, (-1e9, ""))[0]:
                    plans[trade] = (val, f"to afford {why}")
        out: Ranked = []
        for a in trades:
            val, why = plans.get((a[0], a.resource), (-9.0, "no need to trade"))
            if val <= best_now + 0.3:
                val = min(val, best_now - 0.5)
            out.append((a, val, why))
        return out


def _region(i: int) -> int:
    from engine.romans.state import REGION_MASK
    return REGION_MASK[i] if i < NP else 0


# ---------------------------------------------------------------- pending decisions
def _glory(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    v, p = ctx.v, ctx.p
    front = set(frontier(p))
    cities = set(piece_places(v, ctx.seat, "city"))
    convert = set(convertible(v, ctx.seat))
    out = []
    for a in actions:
        i = INDEX[a.province]
        if i in convert:
            out.append((a, 0.95, "a city of ours to convert"))
        elif i in cities:
            out.append((a, 0.7, "ours: build a city there"))
        elif i in front:
            win = native_odds(v, native_card(p, i), 5, 4, ctx.pool)[0]
            out.append((a, 0.75 * win, f"next to our garrisons ({win:.0%})"))
        elif p.natives[i] is not None:
            out.append((a, 0.1, "far from our garrisons"))
        else:
            out.append((a, 0.0, "nothing to do there"))
    return out


def _piece(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    out = []
    for a in actions:
        i = INDEX.get(a.place, -1)
        val, why = ctx.build_value(a.piece, i)
        out.append((a, val, why))
    return out


def _collect(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    out = []
    for a in actions:
        if a[0] == "done":
            out.append((a, -0.1, "collect no more"))
            continue
        i = INDEX[a.province]
        out.append((a, ctx.revenue_of(i) + 0.02 * ctx.unrest(i) * -1,
                    f"revenue of {a.province}"))
    return out


def _unrest(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    return [(a, -ctx.unrest(INDEX[a.province]), "where unrest costs least")
            for a in actions]


def _types(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    counts = [0.0] * 4
    for i in revenue_provinces(ctx.p):
        counts[board(ctx.p).symbol[i]] += ctx.revenue_of(i)
    return [(a, sum(counts[RESOURCE_NAMES.index(t)] for t in a.types), "the richest revenue")
            for a in actions]


def _raise(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    return [(a, (0.6 if a.where == "Villa" else 0.4) + 0.1 * a.rank,
             "a senator still to place" if a.where == "Villa" else "a senator already placed")
            for a in actions]


def _build(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    budget, fleets, free, then = data
    out = []
    gold = ctx.p.docks[3]
    best_unaffordable = -1e9
    if not free:
        for piece in ("city", "fort", "wall", "fleet"):
            cost = PIECE_COST[piece]
            if (piece == "fleet" and not fleets) or cost > budget or cost <= gold:
                continue
            if cost > gold + sum(ctx.p.docks[:3]):
                continue
            for i in piece_places(ctx.v, ctx.seat, piece):
                val = (ctx.build_value(piece, i)[0] - cost * ctx.gv
                       - (cost - gold) * (ctx.rv - ctx.gv))
                best_unaffordable = max(best_unaffordable, val)
    best_now = 0.0
    for a in actions:
        if a[0] in ("done", "sell"):
            continue
        i = INDEX.get(a.place, -1)
        val, why = ctx.build_value(a.piece, i)
        if not free:
            val -= PIECE_COST[a.piece] * ctx.gv
        best_now = max(best_now, val)
        out.append((a, val, why))
    for a in actions:
        if a[0] == "done":
            out.append((a, 0.0, "keep the gold" if not free else "nothing worth building"))
        elif a[0] == "sell":
            good = best_unaffordable > max(best_now, 0.0) + 0.2
            share = ctx.p.docks[RESOURCE_NAMES.index(a.resource)] * 0.01
            out.append((a, best_unaffordable + share if good else -1.0,
                        "sell to afford a better piece" if good else "no need to sell"))
    return out


def _citadel(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    left = data[0]
    v, p = ctx.v, ctx.p
    uses = {}
    for a in actions:
        if a.what == "convert":
            i = INDEX[a.place]
            val = 3.0 if not p.unrest >> i & 1 else 1.0
            if p.glory == i:
                val += glory_value(v, p)
            uses[a] = (val, "a Christian city: 3 points at the end")
        elif a.what == "calm":
            uses[a] = (ctx.unrest(INDEX[a.place]), "remove the unrest")
    best_other = max((x[0] for x in uses.values()), default=0.0)
    out = []
    for a in actions:
        if a in uses:
            out.append((a, *uses[a]))
        elif a.count == 1:
            out.append((a, ctx.gv, "1 gold"))
        else:
            val = ctx.gv + 0.01 if best_other <= ctx.gv else ctx.gv - 1
            out.append((a, val, f"{left} gold"))
    return out


def _benefits(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    god, total = data
    vals = {b: ctx.benefit_value(god, b) for b in range(1, 7)}
    out = []
    for a in actions:
        if a[0] in ("buy", "sell"):
            out.append((a, -5.0, "no trade"))
            continue
        val = vals[a.first] + (vals[a.second] if a.second else 0.0)
        if god == "Mercury" and a.second in (4, 6) and a.first in (1, 3, 5):
            val += ctx.mercury_synergy(a.first, a.second)
        name = f"benefit {a.first}" + (f" and {a.second}" if a.second else "")
        out.append((a, val, name))
    return out


def _take(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    docks = ctx.p.docks[:3]
    out = []
    for a in actions:
        after = [d + c for d, c in zip(docks, a.counts, strict=True)]
        out.append((a, min(after) - 0.01 * sum(x * x for x in after), "balanced resources"))
    return out


def _calm(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    return [(a, ctx.unrest(INDEX[a.province]), "the costliest unrest")
            for a in actions]


def _army(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    p = ctx.p
    out = []
    for a in actions:
        i = INDEX[a.province]
        n = a.legions
        win, lost, gold = native_odds(ctx.v, native_card(p, i), n, n, ctx.pool)
        calm = sum(sorted((ctx.unrest(j) for j in bits(p.unrest)), reverse=True)[:n - 1])
        val = (win * (ctx.conquest(i) + 0.7 * calm) + gold * ctx.gv - lost * ctx.lv
               - 0.3 * len(a.seas) + 0.01 * n)
        out.append((a, val, f"{n} legions into {a.province}: {win:.0%}"))
    return out


def _march(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    p = ctx.p
    army = p.army
    out = []
    for a in actions:
        if a[0] == "halt":
            out.append((a, 0.0, "back to the Barracks"))
            continue
        i = INDEX[a.province]
        bonus = GENERAL_BONUS[army.rank] if army.rank else 0
        val = ctx.chain(i, army.legions, bonus, CHAIN_DEPTH - 1) - 0.3 * len(a.seas)
        win = native_odds(ctx.v, native_card(p, i), army.legions + bonus, army.legions,
                          ctx.pool)[0]
        out.append((a, val, f"{win:.0%} to conquer {a.province}"))
    return out


def _triumph(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    r = data[0]
    out = []
    for a in actions:
        h = ctx.v.players[a.map].remote_triumphs[r][a.slot]
        card = h.card if h is not None else HIDDEN
        out.append((a, triumph_points(ctx.v, card), "the most points"))
    return out


def _target(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    p = ctx.p
    out = []
    for a in actions:
        dmg = threat.damage(ctx.v, p, p.horde, first_target=INDEX[a.province],
                            steps=ctx.campaign_steps)
        out.append((a, -dmg, f"likely loss {dmg:.1f}"))
    return out


def _route(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    p = ctx.p
    out = []
    for a in actions:
        path = tuple(INDEX[x] for x in a.places)
        dmg = threat.damage(ctx.v, p, p.horde, first_route=path, steps=ctx.campaign_steps)
        out.append((a, -dmg, f"likely loss {dmg:.1f}"))
    return out


def _natives(ctx: Ctx, actions: list[tuple], data: tuple) -> Ranked:
    spots, counters = data
    p = ctx.p
    i = spots[0]
    want = 1.0 if (i in frontier(p) or p.glory == i) else 0.2
    out = []
    for a in actions:
        card = counters[a.counter].card
        if card == HIDDEN:
            out.append((a, 0.0, "unknown"))
            continue
        n = NATIVE_FORCES[card]
        val = (want - 0.5) * (-n.strength + 0.5 * n.gold - 0.5 * n.unrest)
        why = "a weak one where we attack next" if want > 0.5 else "a strong one out of our way"
        out.append((a, val, why))
    return out


PENDING = {
    "glory": _glory,
    "piece": _piece,
    "collect": _collect,
    "unrest": _unrest,
    "types": _types,
    "raise": _raise,
    "build": _build,
    "citadel": _citadel,
    "benefits": _benefits,
    "take": _take,
    "calm": _calm,
    "army": _army,
    "march": _march,
    "triumph": _triumph,
    "target": _target,
    "route": _route,
    "natives": _natives,
}

