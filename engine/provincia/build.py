"""Phase 2 — Play Cards (and the final Play Cards turn): buildings, Senate
cards, trading with the supply, and the hand limit at the end of the phase."""

from __future__ import annotations

from itertools import product

from engine.core import Held

from .data import (
    AEDIFICIA,
    AEDIFICIUM,
    AEDILES,
    AEDILES_VS_CONIURATIO_GOLD,
    BATTLE_ROUNDS,
    CARD_ID,
    CARDS,
    CITIES,
    CLAY,
    COMMERCIUM_PAY,
    COMMERCIUM_TAKE,
    CONSUETUDO_LOOK,
    GOLD,
    HAND_LIMIT,
    HORREUM,
    RESOURCE_NAMES,
    SPQR,
    STONE,
    TRADE_GOLD,
    WOOD,
    Aedificium,
    Res,
    Spqr,
)
from .decks import available, discard, draw, put_on_top, reshuffle
from .economy import (
    add_building,
    can_pay,
    change_defense,
    destroy_building,
    edit,
    emit,
    gain,
    pay,
    room,
)
from .state import BATTLE, FINAL, UPKEEP, Pending, Player, State, put

ARCHITECTUS = CARD_ID["Architectus"]
CARCHESIUM = CARD_ID["Carchesium"]
RAW = (CLAY, WOOD, STONE)


# ---------------------------------------------------------------- costs


def discount_options(pl: Player, card: Aedificium) -> tuple[int, ...]:
    """Which one resource unit a discount may take off this building's cost.

    Architectus takes 1 Clay, Wood or Stone; Carchesium 1 of any, Gold too.
    They never combine (INVENTORY D12); with both, either one may be used.
    """
    kinds: set[int] = set()
    if ARCHITECTUS in pl.spqr:
        kinds.update(RAW)
    if pl.has_built(CARCHESIUM):
        kinds.update(RAW + (GOLD,))
    return tuple(r for r in range(4) if r in kinds and card.cost[r] > 0)


def discounted(cost: Res, r: int) -> Res:
    if r < 0:
        return cost
    return tuple(c - 1 if i == r else c for i, c in enumerate(cost))  # type: ignore[return-value]


def building_options(s: State, seat: int, c: int) -> list[tuple]:
    pl = s.players[seat]
    b: Aedificium = CARDS[c]
    if b.unique and pl.has_built(c):
        return []
    if b.access and CITIES[pl.city].access != b.access:
        return []
    opts = discount_options(pl, b) or (-1,)
    return [("play", c, r) for r in opts if can_pay(pl.res, discounted(b.cost, r))]


def corruptio_payments(have: Res) -> list[tuple[int, int, int]]:
    return [(c, w, st) for c, w, st in product(range(4), repeat=3)
            if c + w + st == 3 and c <= have[CLAY] and w <= have[WOOD] and st <= have[STONE]]


def senate_options(s: State, seat: int, c: int) -> list[tuple]:
    pl = s.players[seat]
    card: Spqr = CARDS[c]
    if card.effect == "aediles":
        return []  # only as a reaction, never on your own turn
    if card.any_three:
        return [("play", c, p) for p in corruptio_payments(pl.res)]
    if not can_pay(pl.res, card.cost):
        return []
    if card.effect == "concussio" and s.n < 2:
        return []
    if card.effect == "coniuratio" and not coniuratio_targets(s, seat):
        return []
    if card.effect == "consuetudo" and not available(s, AEDIFICIUM):
        return []
    return [("play", c, -1)]


def coniuratio_targets(s: State, seat: int) -> list[int]:
    return [p for p in s.order_from(seat)[1:] if s.players[p].built]


# ---------------------------------------------------------------- legal actions


def legal_turn(s: State, seat: int) -> list[tuple]:
    pl = s.players[seat]
    out: list[tuple] = []
    done: set[int] = set()
    for h in pl.hand:
        c = h.card
        if c in done:
            continue
        done.add(c)
        options = building_options if c < len(AEDIFICIA) else senate_options
        out.extend(options(s, seat, c))
    if pl.res[GOLD] >= TRADE_GOLD:
        out.extend(("trade", r) for r in (WOOD, STONE) if room(s, seat, r) > 0)
    if s.commerce and pl.res[CLAY] >= COMMERCIUM_PAY[CLAY] and (
        room(s, seat, WOOD) > 0 or room(s, seat, STONE) > 0
    ):
        out.append(("exchange",))
    out.append(("done",))
    return out


def must_pass(s: State, seat: int) -> bool:
    """Whether the turn can be skipped: nothing to do but pass, judged only on
    what everyone can see (no cards in hand, no trade or exchange possible).
    A player holding cards is always asked, so that skipping him never tells
    the table whether he could afford them."""
    pl = s.players[seat]
    if pl.hand:
        return False
    can_receive = room(s, seat, WOOD) > 0 or room(s, seat, STONE) > 0
    if pl.res[GOLD] >= TRADE_GOLD and can_receive:
        return False
    return not (s.commerce and pl.res[CLAY] and can_receive)


def legal_pending(s: State, pd: Pending) -> list[tuple]:
    seat = pd.seat
    if pd.kind == "target":
        card = CARDS[pd.data[0]]
        if card.effect == "coniuratio":
            return [("target", p) for p in coniuratio_targets(s, seat)]
        return [("target", p) for p in s.order_from(seat)[1:]]
    if pd.kind == "coniuratio_pick":
        return destroy_options(s.players[pd.data[0]].built)
    if pd.kind == "coniuratio_react":
        pl = s.players[seat]
        if (any(h.card == AEDILES for h in pl.hand)
                and pl.res[GOLD] >= AEDILES_VS_CONIURATIO_GOLD):
            return [("aediles",), ("accept",)]
        return [("accept",)]
    if pd.kind == "consuetudo_take":
        return _distinct("take", pd.data[0])
    if pd.kind == "consuetudo_order":
        return _distinct("order", pd.data[0]) + [("keep",)]
    if pd.kind == "discard":
        return _distinct("discard", tuple(h for h in s.players[seat].hand if h.card != HORREUM))
    raise AssertionError(pd.kind)


def _distinct(kind: str, cards: tuple[Held, ...]) -> list[tuple]:
    seen: dict[int, None] = {}
    for h in cards:
        seen.setdefault(h.card, None)
    return [(kind, c) for c in seen]


def destroy_options(built: tuple[tuple[int, bool], ...], kind: str | None = None) -> list[tuple]:
    out: dict[tuple, None] = {}
    for c, active in built:
        b = AEDIFICIA[c]
        # a Prestige building is any worth 3+ PP (L195, INVENTORY PR-M9), whatever its icon
        if kind is None or b.kind == kind or (kind == "prestige" and b.award >= 3):
            out.setdefault(("destroy", c, active), None)
    return list(out)


# ---------------------------------------------------------------- the phase


def step(w: State) -> bool:
    """Run the phase until a seat has a real choice; True when one does."""
    if w.step == "turns":
        while w.queue:
            if not must_pass(w, w.queue[0]):
                return True
            w.queue = w.queue[1:]  # nothing to do but pass
            w.commerce = False
        if w.phase == FINAL:
            return False
        w.step = "limit"
        over = [p for p in w.order_from(w.caesar) if len(w.players[p].hand) > HAND_LIMIT]
        w.pending = tuple(Pending("discard", p, ()) for p in reversed(over))
        return bool(over)
    # step "limit": every seat is at the hand limit now
    w.step = "tokens" if w.round in BATTLE_ROUNDS else "start"
    w.phase = BATTLE if w.step == "tokens" else UPKEEP
    w.queue = w.order_from(w.caesar) if w.phase == BATTLE else ()
    emit(w, "phase", w.phase)
    return False


def remove_from_hand(w: State, seat: int, card: int) -> Held:
    pl = edit(w, seat)
    hand = pl.hand
    i = next(i for i, h in enumerate(hand) if h.card == card)
    pl.hand = hand[:i] + hand[i + 1:]
    return hand[i]


def act(w: State, a: tuple) -> None:
    seat = w.queue[0]
    kind = a[0]
    if kind == "done":
        w.queue = w.queue[1:]
        w.commerce = False
        emit(w, "pass", seat)
    elif kind == "trade":
        pay(w, seat, (0, 0, 0, TRADE_GOLD))
        got = gain(w, seat, tuple(1 if r == a[1] else 0 for r in range(4)))
        emit(w, "trade", seat, a[1], got)
    elif kind == "exchange":
        pay(w, seat, COMMERCIUM_PAY)
        got = gain(w, seat, COMMERCIUM_TAKE)
        emit(w, "exchange", seat, COMMERCIUM_PAY, got)
    elif kind == "play":
        card = a[1]
        remove_from_hand(w, seat, card)
        if card < len(AEDIFICIA):
            cost = discounted(AEDIFICIA[card].cost, a[2])
            pay(w, seat, cost)
            add_building(w, seat, card)
            emit(w, "build", seat, card, cost)
        else:
            play_senate(w, seat, card, a[2])


def play_senate(w: State, seat: int, card: int, payment: object) -> None:
    spqr: Spqr = CARDS[card]
    cost = (*payment, 0) if spqr.any_three else spqr.cost  # type: ignore[misc]
    pay(w, seat, cost)
    emit(w, "senate", seat, card, cost)
    effect = spqr.effect
    if spqr.stays and effect != "concussio":
        pl = edit(w, seat)
        pl.spqr = pl.spqr + (card,)
        return
    if effect in ("concussio", "coniuratio"):
        w.pending = w.pending + (Pending("target", seat, (card,)),)
        return
    if effect == "consuetudo":
        start_consuetudo(w, seat, card)
        return
    if effect == "defense":
        change_defense(w, seat, spqr.value)
    elif effect == "patronus":
        got = gain(w, seat, (0, spqr.value, 0, 0))
        emit(w, "gain", seat, got)
    elif effect == "praetor":
        edit(w, seat).praetor = True
    elif effect == "commercium":
        w.commerce = True
    discard(w, SPQR, (card,))


def start_consuetudo(w: State, seat: int, card: int) -> None:
    discard(w, SPQR, (card,))
    if len(w.decks[AEDIFICIUM].cards) < CONSUETUDO_LOOK and w.discards[AEDIFICIUM]:
        reshuffle(w, AEDIFICIUM, under=True)
    looked = tuple(Held(h.card, h.seen | (1 << seat), h.pool)
                   for h in draw(w, AEDIFICIUM, CONSUETUDO_LOOK))
    w.pending = w.pending + (Pending("consuetudo_take", seat, (looked,)),)


def resolve_pending(w: State, a: tuple) -> None:
    pd = w.pending[-1]
    w.pending = w.pending[:-1]
    seat, kind = pd.seat, pd.kind
    if kind == "target":
        card = pd.data[0]
        target = a[1]
        emit(w, "target", seat, card, target)
        if CARDS[card].effect == "concussio":
            edit(w, target).concussio = True
        else:
            w.pending = w.pending + (Pending("coniuratio_pick", seat, (target,)),)
    elif kind == "coniuratio_pick":
        # The target is always asked, Aediles or not: asking only when he holds
        # one would show his secret hand to the table.
        target = pd.data[0]
        w.pending = w.pending + (Pending("coniuratio_react", target, (seat, a[1], a[2])),)
    elif kind == "coniuratio_react":
        attacker, card, active = pd.data
        if a[0] == "aediles":
            remove_from_hand(w, seat, AEDILES)
            pay(w, seat, (0, 0, 0, AEDILES_VS_CONIURATIO_GOLD))
            discard(w, SPQR, (AEDILES,))
            emit(w, "saved", seat, card, "coniuratio")
            discard(w, SPQR, (CARD_ID["Coniuratio"],))
        else:
            end_coniuratio(w, seat, card, active)
    elif kind == "consuetudo_take":
        looked = pd.data[0]
        i = next(i for i, h in enumerate(looked) if h.card == a[1])
        pl = edit(w, seat)
        pl.hand = pl.hand + (looked[i],)
        emit(w, "consuetudo", seat, looked[i])
        rest = looked[:i] + looked[i + 1:]
        order_step(w, seat, rest, ())
    elif kind == "consuetudo_order":
        rest, placed = pd.data
        if a[0] == "keep":
            order_step(w, seat, (), placed + rest)
        else:
            i = next(i for i, h in enumerate(rest) if h.card == a[1])
            order_step(w, seat, rest[:i] + rest[i + 1:], placed + (rest[i],))
    elif kind == "discard":
        held = remove_from_hand(w, seat, a[1])
        deck = AEDIFICIUM if held.card < len(AEDIFICIA) else SPQR
        discard(w, deck, (held.card,))
        emit(w, "hand_discard", seat, held.card)
        if len(w.players[seat].hand) > HAND_LIMIT:
            w.pending = w.pending + (pd,)


def end_coniuratio(w: State, target: int, card: int, active: bool) -> None:
    destroy_building(w, target, card, active, "coniuratio")
    discard(w, SPQR, (CARD_ID["Coniuratio"],))


def order_step(w: State, seat: int, rest: tuple[Held, ...], placed: tuple[Held, ...]) -> None:
    """Put the looked-at cards back on top, in the order the player chose."""
    if rest:
        w.pending = w.pending + (Pending("consuetudo_order", seat, (rest, placed)),)
        return
    w.decks = put(w.decks, AEDIFICIUM, put_on_top(w.decks[AEDIFICIUM], placed, seat))
    emit(w, "deck_order", seat, len(placed))


# ---------------------------------------------------------------- messages


def why_illegal(s: State, seat: int, a: tuple) -> str:
    """A sentence naming the rule an illegal Phase 2 action breaks."""
    pl = s.players[seat]
    kind = a[0] if a else None
    if kind == "trade":
        if len(a) != 2 or a[1] not in (WOOD, STONE):
            return "you may trade 2 Gold only for 1 Wood or 1 Stone"
        if pl.res[GOLD] < TRADE_GOLD:
            return f"trading costs 2 Gold; you have {pl.res[GOLD]}"
        return f"you cannot receive any more {RESOURCE_NAMES[a[1]]} (supply empty or storage full)"
    if kind == "exchange":
        if not s.commerce:
            return "exchanging needs a Commercium played this turn"
        return "a Commercium exchange costs 1 Clay and needs room for Wood or Stone"
    if kind != "play" or len(a) != 3 or not isinstance(a[1], int):
        return "play a card, trade, or pass"
    card = a[1]
    if not 0 <= card < len(CARDS) or all(h.card != card for h in pl.hand):
        return "that card is not in your hand"
    c = CARDS[card]
    if isinstance(c, Aedificium):
        return _why_building(pl, c, a[2])
    if c.effect == "aediles":
        return ("Aediles can only be played as a reaction: when you lose a battle"
                " or are the target of a Coniuratio")
    if c.any_three:
        return "Corruptio costs 3 resources of your choice (Clay, Wood or Stone)"
    if not can_pay(pl.res, c.cost):
        return f"{c.name} costs {_cost_text(c.cost)}; you have {_cost_text(pl.res)}"
    if c.effect == "coniuratio":
        return "Coniuratio needs an opponent with a building"
    if c.effect == "consuetudo":
        return "Consuetudo needs cards in the Aedificium deck"
    return f"{c.name} cannot be played like that"


def _why_building(pl: Player, b: Aedificium, r: object) -> str:
    if b.unique and pl.has_built(CARD_ID[b.name]):
        return f"{b.name} is unique and already stands in your city"
    if b.access and CITIES[pl.city].access != b.access:
        return f"{b.name} cannot be built: your city board says {CITIES[pl.city].access}"
    opts = discount_options(pl, b)
    if opts and r not in opts:
        names = " or ".join(RESOURCE_NAMES[x] for x in opts)
        return f"your discount must take 1 {names} off the cost of {b.name}"
    if not opts and r != -1:
        return f"you have no discount to use on {b.name}"
    cost = discounted(b.cost, r if isinstance(r, int) else -1)
    return f"{b.name} costs {_cost_text(cost)}; you have {_cost_text(pl.res)}"


def _cost_text(cost: Res) -> str:
    parts = [f"{n} {RESOURCE_NAMES[i]}" for i, n in enumerate(cost) if n]
    return ", ".join(parts) if parts else "nothing"
