"""The rule-based player's strategy for Provincia Romana (the ``policy``
the generic rules bot, ``ai/rules_bot.py``, asks).

It decides from its own view only, by the strategy the rulebook suggests:
draft what the city needs (resources for the buildings in hand, buildings
when the hand is thin), build the set of buildings that adds most projected
Prestige this turn (trading Gold or exchanging Clay only to complete it,
keeping Gold for taxes), prepare for the coming battle against the likely
strength of the Gauls (Legio, Consul, activations), play battle tokens where
they swing a battle, give the Gauls the cheapest building, discard the
least useful card, and turn leftovers into Prestige at the end.

Every comparison goes through ``value.projected``: "what would this city's
projected final Prestige be after this choice". It never plays the engine
(views cannot be played), so a decision costs well under a millisecond.
"""

from __future__ import annotations

from typing import Any

from engine.core import ALL_SEATS, HIDDEN, Held
from engine.provincia.data import (
    AEDIFICIUM,
    CLAY,
    GOLD,
    HAND_LIMIT,
    OPES,
    STONE,
    TOKEN_VALUES,
    TOKENS_PER_COLOUR,
    WOOD,
)
from engine.provincia.economy import finite_gold
from engine.provincia.state import BATTLE, FINAL, PLAY, SELECT, State, deck_pool, put

from ..knowledge import Ranked, ranked_policy
from .tables import (
    ACT_DEFENSE,
    ACT_MORALE,
    AEDILES,
    ARCHITECTUS,
    AWARD,
    CARCHESIUM,
    COST,
    DEF_ON_PLAY,
    INACTIVE,
    N_AED,
    ON_ACTIVATE,
    OPES_OTHERS,
    OPES_QUAESTOR,
    SPQR_COST,
    SPQR_EFFECT,
    SPQR_VALUE,
    UNIQUE,
)
from .value import City, can_build_here, upkeeps_left

RAW = (CLAY, WOOD, STONE)
MAX_ITEMS = 6  # hand cards considered together when planning a turn
EXHAUSTIVE = 4  # up to this many, every combination of them is tried


def rank(v: State, seat: int, actions: list[tuple]) -> Ranked:
    """(action, score, reason) for the decision at hand, by its kind."""
    if v.pending:
        pd = v.pending[-1]
        return PENDING[pd.kind](v, seat, actions, pd)
    if v.phase == SELECT:
        return rank_picks(v, seat, actions) if v.draft else rank_decks(v, seat, actions)
    if v.phase in (PLAY, FINAL):
        return rank_turn(v, seat, actions)
    if v.phase == BATTLE:
        return rank_tokens(v, seat, actions)
    return rank_activations(v, seat, actions)


decide = ranked_policy(rank)
"""The rule-based choice for a seat on its view: ``rank``'s best (legal) action."""


# ---------------------------------------------------------------- virtual states


def with_player(s: State, p: int, **changes: Any) -> State:
    """``s`` with seat ``p``'s record changed: a what-if for ``projected``."""
    return s.replace(players=put(s.players, p, s.players[p].replace(**changes)))


def turn_over(s: State, p: int) -> State:
    """``s`` as it will be once ``p`` has ended this Play Cards turn."""
    return s.replace(queue=tuple(q for q in s.queue if q != p))


# ---------------------------------------------------------------- Phase 1


def gain_value(city: City, amounts: tuple[int, ...]) -> float:
    """What receiving ``amounts`` (capped by storage and supply) adds."""
    s, p, pl = city.s, city.p, city.pl
    room = pl.storage
    finite = finite_gold(s)
    res = list(pl.res)
    for r, a in enumerate(amounts):
        if a:
            cap = (room - res[r]) if r != GOLD else a
            res[r] += max(0, min(a, cap, s.supply[r] if r != GOLD or finite else a))
    if tuple(res) == pl.res:
        return 0.0
    return City(with_player(s, p, res=tuple(res)), p).projected() - city.projected()


def card_value(city: City, card: int, deck: int, chooser: int, base: dict) -> float:
    """What taking ``card`` from a row of ``deck`` is worth to this city."""
    got = base.get(card)
    if got is not None:
        return got
    pl = city.pl
    if deck == OPES:
        part = OPES_QUAESTOR[card] if city.p == chooser else OPES_OTHERS[card]
        val = gain_value(city, part)
    elif card < N_AED:
        if UNIQUE[card] and any(h.card == card for h in pl.hand):
            val = 0.0
        else:
            val = max(0.0, city.building_value(card)) * city.build_chance(card)
    else:
        val = city.senate_value(card)
    if deck != OPES and len(pl.hand) >= HAND_LIMIT and city.s.phase == SELECT:
        val -= 0.3  # another card may have to be discarded at the end of Phase 2
    base[card] = val
    return val


def pool_cards(s: State, pool: int) -> tuple[int, ...]:
    for pid, cards in s.unseen:
        if pid == pool:
            return cards
    return ()


def blind_value(city: City, deck: int, pool: int, chooser: int, base: dict) -> float:
    cards = pool_cards(city.s, pool)
    if not cards:
        return 0.0
    return sum(card_value(city, c, deck, chooser, base) for c in cards) / len(cards)


def rank_picks(s: State, p: int, actions: list[tuple]) -> Ranked:
    dr = s.draft
    city = City(s, p)
    base: dict[int, float] = {}
    out = []
    for a in actions:
        h: Held = dr.slots[a[1]]
        if h.card == HIDDEN:
            val = blind_value(city, dr.deck, h.pool, dr.chooser, base)
            out.append((a, val, "a face-down card: the average of what is left"))
        else:
            out.append((a, card_value(city, h.card, dr.deck, dr.chooser, base), "what it adds"))
    return out


def expected_best(values: list[float], k: int) -> float:
    """E[max of k cards drawn from a pool with these values] (with replacement)."""
    if not values:
        return 0.0
    vals = sorted(values)
    n = len(vals)
    total, prev = 0.0, 0.0
    for i, x in enumerate(vals, start=1):
        f = (i / n) ** k
        total += x * (f - prev)
        prev = f
    return total


def rank_decks(s: State, p: int, actions: list[tuple]) -> Ranked:
    """The deck whose row should hold the best card for this city: the
    chooser sees four cards face up (and takes the Quaestor share of Opes)."""
    out = []
    city = City(s, p)
    for a in actions:
        d = a[1]
        pool = deck_pool(d, s.epochs[d])
        cards = pool_cards(s, pool) or s.discards[d]
        base: dict[int, float] = {}
        vals = [card_value(city, c, d, p, base) for c in cards]
        out.append((a, expected_best(vals, 4), "the best of four cards face up, on average"))
    return out


# ---------------------------------------------------------------- Phase 2


def discount_unit(pl: Any, c: int) -> int:
    """Which unit a discount should take off: the scarcest one it may."""
    kinds = set()
    if ARCHITECTUS in pl.spqr:
        kinds.update(RAW)
    if pl.has_built(CARCHESIUM):
        kinds.update(RAW + (GOLD,))
    cost = COST[c]
    for r in (CLAY, STONE, WOOD, GOLD):  # Clay cannot be bought; Gold is cheapest
        if r in kinds and cost[r] > 0:
            return r
    return -1


def price(pl: Any, c: int) -> tuple[int, ...]:
    r = discount_unit(pl, c)
    cost = COST[c]
    return cost if r < 0 else tuple(x - (i == r) for i, x in enumerate(cost))


SPQR_ITEMS = ("gloria", "defense", "praetor", "patronus", "corruptio", "architectus")


def items_in_hand(city: City) -> list[int]:
    """Hand cards worth planning with: buildable buildings and Senate cards
    whose effect the projection can see."""
    pl = city.pl
    out, seen = [], set()
    for h in pl.hand:
        c = h.card
        if c < N_AED:
            if not can_build_here(pl, c) or (UNIQUE[c] and c in seen):
                continue
            seen.add(c)
            out.append(c)
        elif SPQR_EFFECT[c] in SPQR_ITEMS and c not in seen:
            if SPQR_EFFECT[c] == "praetor" and (pl.praetor or not city.taxes_due()):
                continue
            seen.add(c)
            out.append(c)
    if len(out) > MAX_ITEMS:
        out.sort(key=lambda c: -(city.building_value(c) if c < N_AED else city.senate_value(c)))
        out = out[:MAX_ITEMS]
    return out


def corruptio_payment(res: tuple[int, ...]) -> tuple[int, int, int] | None:
    """Three units from the most plentiful raw resources."""
    have = [res[CLAY], res[WOOD], res[STONE]]
    if sum(have) < 3:
        return None
    pay = [0, 0, 0]
    for _ in range(3):
        i = max(range(3), key=lambda j: (have[j] - pay[j], -j))
        pay[i] += 1
    return (pay[0], pay[1], pay[2])


def settle(pl: Any, need: list[int], commerce: bool) -> tuple[list[int], int, int] | None:
    """Can ``need`` be paid with exchanges and trades? Returns (resources
    after, exchanges, trades) or None."""
    res = list(pl.res)
    if need[CLAY] > res[CLAY]:
        return None
    dw, ds = max(0, need[WOOD] - res[WOOD]), max(0, need[STONE] - res[STONE])
    ex = 0
    if commerce and (dw or ds):
        ex = min(max(dw, ds), res[CLAY] - need[CLAY])
        dw, ds = max(0, dw - ex), max(0, ds - ex)
    trades = dw + ds
    gold = need[GOLD] + 2 * trades
    if gold > res[GOLD]:
        return None
    after = [res[CLAY] - ex - need[CLAY], res[WOOD] + ex + dw - need[WOOD],
             res[STONE] + ex + ds - need[STONE], res[GOLD] - gold]
    return after, ex, trades


def apply_items(s: State, p: int, items: list[int], commerce: bool) -> State | None:
    """The state after ``p`` plays these hand cards (with any exchanges and
    trades they need) and ends the turn; None if they cannot be paid."""
    pl = s.players[p]
    need = [0, 0, 0, 0]
    gain = [0, 0, 0, 0]
    built, spqr = list(pl.built), list(pl.spqr)
    pp, defense, praetor = pl.pp, pl.defense, pl.praetor
    hand = list(pl.hand)
    for c in items:
        i = next(i for i, h in enumerate(hand) if h.card == c)
        hand.pop(i)
        if c < N_AED:
            for r, x in enumerate(price(pl, c)):
                need[r] += x
            built.append((c, not INACTIVE[c]))
            pp += AWARD[c]
            defense += DEF_ON_PLAY[c]
            continue
        effect = SPQR_EFFECT[c]
        if effect == "corruptio":
            pay3 = corruptio_payment(pl.res)
            if pay3 is None:
                return None
            for r in range(3):
                need[r] += pay3[r]
        else:
            for r, x in enumerate(SPQR_COST[c]):
                need[r] += x
        if effect in ("gloria", "corruptio", "architectus"):
            spqr.append(c)
        elif effect == "defense":
            defense += SPQR_VALUE[c]
        elif effect == "praetor":
            praetor = True
        elif effect == "patronus":
            gain[WOOD] += SPQR_VALUE[c]
    pay_from = pl.replace(res=tuple(h + g for h, g in zip(pl.res, gain, strict=True)))
    settled = settle(pay_from, need, commerce)
    if settled is None:
        return None
    after = settled[0]
    after[WOOD] = min(after[WOOD], pl.storage)
    t = with_player(s, p, res=tuple(after), built=tuple(built), spqr=tuple(spqr), pp=pp,
                    defense=min(10, defense), praetor=praetor, hand=tuple(hand))
    return turn_over(t, p)


def plan_bonus(items: list[int], city: City) -> float:
    """Effects the projection does not model: Architectus' future discounts."""
    if ARCHITECTUS in items:
        return 0.35 * max(0, city.plays - 1) * 1.5
    return 0.0


def best_plan(s: State, p: int) -> tuple[list[int], float, float]:
    """The set of hand cards to play this turn with the best projection:
    (cards, its value, the value of playing nothing).

    Every subset of a small hand is tried; with more than ``EXHAUSTIVE``
    candidates, cards are added greedily (best first) while one still adds
    value, which keeps a decision under a millisecond."""
    city = City(s, p)
    items = items_in_hand(city)
    commerce = s.commerce or any(SPQR_EFFECT.get(h.card) == "commercium"
                                 for h in s.players[p].hand)
    stay = City(turn_over(s, p), p).projected()

    def worth(chosen: list[int]) -> float | None:
        t = apply_items(s, p, chosen, commerce)
        return None if t is None else City(t, p).projected() + plan_bonus(chosen, city)

    best, best_val = [], stay
    if len(items) <= EXHAUSTIVE:
        for mask in range(1, 1 << len(items)):
            chosen = [c for i, c in enumerate(items) if mask >> i & 1]
            val = worth(chosen)
            if val is not None and val > best_val + 1e-9:
                best, best_val = chosen, val
        return best, best_val, stay
    rest = list(items)
    while rest:
        step = None
        for c in rest:
            val = worth(best + [c])
            if val is not None and val > best_val + 1e-9:
                step, best_val = c, val
        if step is None:
            break
        best = best + [step]
        rest.remove(step)
    return best, best_val, stay


def rank_turn(s: State, p: int, actions: list[tuple]) -> Ranked:
    """Carry out the best plan one action at a time; each call plans again."""
    plan, val, stay = best_plan(s, p)
    gain = val - stay
    out: Ranked = [(("done",), 0.0, "nothing in hand is worth playing now")]
    legal = set(actions)
    if plan:
        step = next_step(s, p, plan, legal)
        if step is not None:
            out.append((step, gain, "towards the best set of cards this turn"))
            return out
    extra = other_plays(s, p, legal)
    if extra is not None:
        out.append(extra)
    return out


def next_step(s: State, p: int, plan: list[int], legal: set[tuple]) -> tuple | None:
    pl = s.players[p]
    # resources first: Patronus, then a Commercium to exchange with
    for c in plan:
        if c >= N_AED and SPQR_EFFECT[c] == "patronus" and ("play", c, -1) in legal:
            return ("play", c, -1)
    for c in sorted(plan, key=lambda c: -(AWARD[c] if c < N_AED else 0)):
        if c < N_AED:
            a = ("play", c, discount_unit(pl, c))
            if a in legal:
                return a
        elif SPQR_EFFECT[c] == "corruptio":
            pay3 = corruptio_payment(pl.res)
            if pay3 and ("play", c, pay3) in legal:
                return ("play", c, pay3)
        elif ("play", c, -1) in legal:
            return ("play", c, -1)
    # nothing payable yet: get what is missing
    need = [0, 0, 0, 0]
    for c in plan:
        cost = price(pl, c) if c < N_AED else SPQR_COST[c]
        for r in range(4):
            need[r] += cost[r]
    dw, ds = need[WOOD] - pl.res[WOOD], need[STONE] - pl.res[STONE]
    if (dw > 0 or ds > 0) and pl.res[CLAY] > need[CLAY]:
        if ("exchange",) in legal:
            return ("exchange",)
        for h in pl.hand:
            if SPQR_EFFECT.get(h.card) == "commercium" and ("play", h.card, -1) in legal:
                return ("play", h.card, -1)
    for r, d in ((WOOD, dw), (STONE, ds)):
        if d > 0 and ("trade", r) in legal:
            return ("trade", r)
    return None


def other_plays(s: State, p: int, legal: set[tuple]) -> tuple[tuple, float, str] | None:
    """Senate cards the plan does not cover, played by rule."""
    city = City(s, p)
    pl = city.pl
    spare = pl.res[GOLD] - city.taxes_due()
    left = city.plays
    for h in pl.hand:
        c = h.card
        if c < N_AED or ("play", c, -1) not in legal:
            continue
        effect = SPQR_EFFECT[c]
        if effect == "consuetudo" and spare >= 2 and left >= 2:
            return (("play", c, -1), 0.5, "look at ten buildings for a better one")
        if effect == "coniuratio" and spare >= 5 and best_target(s, p)[1] >= 6:
            return (("play", c, -1), 0.5, "pull down the leader's best building")
        if effect == "concussio" and spare >= 2 and upkeeps_left(s) >= 2 and any(
                City(s, q).taxes_due() == 0 for q in range(s.n) if q != p):
            return (("play", c, -1), 0.2, "make a tax-free rival pay again")
    return None


def best_target(s: State, p: int) -> tuple[int, int]:
    """The rival to hurt (highest projection) and their best building's award."""
    rivals = [q for q in range(s.n) if q != p and s.players[q].built]
    if not rivals:
        return -1, 0
    q = max(rivals, key=lambda q: City(s, q).projected())
    return q, max(AWARD[c] for c, _ in s.players[q].built)


# ---------------------------------------------------------------- Phase 3


def swing(s: State, q: int, delta: int) -> float:
    """How much ``delta`` strength in this battle changes ``q``'s expected loss."""
    city = City(s, q)
    return city.loss(battles=1) - city.loss((0, delta, 0, 0), battles=1)


def rank_tokens(s: State, p: int, actions: list[tuple]) -> Ranked:
    """A token where it swings a battle most: on this city if it is close,
    else against the leading rival; keep the strong ones for later."""
    city_seat = {s.players[q].city: q for q in range(s.n)}
    proj = {q: City(s, q).projected() for q in range(s.n) if q != p}
    leader = max(proj, key=proj.__getitem__) if proj else -1
    out = []
    for a in actions:
        t = a[1]
        val = TOKEN_VALUES[t % TOKENS_PER_COLOUR]
        q = city_seat.get(t // TOKENS_PER_COLOUR, -1)
        if q == p:
            gain = swing(s, p, val)
            keep = 0.25 * max(0, val)
        elif q >= 0:
            weight = 0.5 if q == leader else 0.25
            gain = -swing(s, q, val) * weight
            keep = 0.1 * max(0, -val)
        else:
            gain, keep = 0.0, 0.0
        out.append((a, gain - keep, "how much it changes this battle"))
    return out


def rank_penalty(s: State, p: int, actions: list[tuple], pd: Any) -> Ranked:
    """Give the Gauls the building whose loss costs least; Aediles if the
    cheapest loss is worth more than keeping the Aediles."""
    pl = s.players[p]
    out = []
    losses = []
    for a in actions:
        if a[0] == "aediles":
            continue
        built = list(pl.built)
        built.remove((a[1], a[2]))
        t = with_player(s, p, built=tuple(built), pp=pl.pp - AWARD[a[1]],
                        hand=pl.hand + (Held(a[1], ALL_SEATS, -1),))
        losses.append(City(t, p).projected())
        out.append((a, losses[-1], "the cheapest building to lose"))
    if ("aediles",) in actions:
        i = next(i for i, h in enumerate(pl.hand) if h.card == AEDILES)
        t = with_player(s, p, hand=pl.hand[:i] + pl.hand[i + 1:])
        out.append((("aediles",), City(t, p).projected(), "Aediles keeps the building"))
    return out


# ---------------------------------------------------------------- Phase 5


def rank_activations(s: State, p: int, actions: list[tuple]) -> Ranked:
    """Activate a building when what it brings now (Gold, or Morale, Defense
    and Military for the battles left) is worth its 1 PP."""
    pl = s.players[p]
    base = City(s.replace(queue=tuple(q for q in s.queue if q != p)), p).projected()
    out: Ranked = [(("done",), base, "no activation is worth 1 PP now")]
    for a in actions:
        if a[0] != "activate":
            continue
        c = a[1]
        i = pl.built.index((c, False))
        built = pl.built[:i] + ((c, True),) + pl.built[i + 1:]
        gold = ON_ACTIVATE[c][GOLD]
        t = with_player(s, p, built=built, pp=pl.pp - 1,
                        res=pl.res[:GOLD] + (pl.res[GOLD] + gold,),
                        morale=min(10, pl.morale + ACT_MORALE[c]),
                        defense=min(10, pl.defense + ACT_DEFENSE[c]))
        out.append((a, City(t, p).projected() - 0.05, "worth more than its 1 PP"))
    return out


# ---------------------------------------------------------------- other decisions


def rank_discard(s: State, p: int, actions: list[tuple], pd: Any) -> Ranked:
    pl = s.players[p]
    out = []
    for a in actions:
        i = next(i for i, h in enumerate(pl.hand) if h.card == a[1])
        t = with_player(s, p, hand=pl.hand[:i] + pl.hand[i + 1:])
        out.append((a, City(t, p).projected(), "the card this city needs least"))
    return out


def rank_target(s: State, p: int, actions: list[tuple], pd: Any) -> Ranked:
    return [(a, City(s, a[1]).projected(), "the strongest rival") for a in actions]


def rank_coniuratio_pick(s: State, p: int, actions: list[tuple], pd: Any) -> Ranked:
    return [(a, AWARD[a[1]] + (0.5 if a[2] else 0.0), "their most valuable building")
            for a in actions]


def rank_coniuratio_react(s: State, p: int, actions: list[tuple], pd: Any) -> Ranked:
    _attacker, card, _active = pd.data
    worth = AWARD[card] > 2 * City(s, p).gold + 1.0
    return [(("aediles",), 1.0 if worth else 0.0, "save the building"),
            (("accept",), 0.5, "not worth 2 Gold and the Aediles")]


def rank_consuetudo_take(s: State, p: int, actions: list[tuple], pd: Any) -> Ranked:
    base: dict[int, float] = {}
    city = City(s, p)
    return [(a, card_value(city, a[1], AEDIFICIUM, p, base), "the best building")
            for a in actions]


def rank_consuetudo_order(s: State, p: int, actions: list[tuple], pd: Any) -> Ranked:
    return [(a, 1.0 if a == ("keep",) else 0.0, "leave the rest as they were")
            for a in actions]


PENDING = {
    "penalty": rank_penalty,
    "discard": rank_discard,
    "target": rank_target,
    "coniuratio_pick": rank_coniuratio_pick,
    "coniuratio_react": rank_coniuratio_react,
    "consuetudo_take": rank_consuetudo_take,
    "consuetudo_order": rank_consuetudo_order,
}
