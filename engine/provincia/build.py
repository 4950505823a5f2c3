"""Phase 2 — Play Cards (and the final Play Cards turn): buildings, Senate
cards, trading with the supply, and the hand limit at the end of the phase.

Also the decisions a Senate card or the hand limit opens (target,
coniuratio_pick, coniuratio_react, consuetudo_take, consuetudo_order,
discard): each has its legal answers and its resolution here, registered in
the flow table of ``game.py``.
"""

from __future__ import annotations

from itertools import product

from engine.core import Held, Options
from engine.flow import Pending, push

from .actions import (
    ACCEPT,
    AEDILES,
    ANY_THREE,
    DESTROYS,
    DISCARDS,
    DONE,
    EXCHANGE,
    KEEP,
    ORDERS,
    PLAYS,
    PLAYS_ANY_THREE,
    TAKES,
    TARGETS,
    TRADES,
    Accept,
    Aediles,
    Destroy,
    Discard,
    Done,
    Exchange,
    Keep,
    Order,
    Play,
    Take,
    Target,
    Trade,
)
from .data import (
    AEDIFICIA,
    AEDIFICIUM,
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
from .data import AEDILES as AEDILES_CARD
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
from .events import (
    Built,
    ConsuetudoTaken,
    DeckOrdered,
    Exchanged,
    Gained,
    HandDiscarded,
    Passed,
    PhaseBegins,
    Saved,
    SenatePlayed,
    Targeted,
    Traded,
)
from .readings import is_of_kind, is_unique, take_copy
from .state import (
    BATTLE,
    FINAL,
    UPKEEP,
    ConiuratioPick,
    ConiuratioReact,
    ConsuetudoOrder,
    ConsuetudoTake,
    HandLimit,
    Player,
    State,
    TargetFor,
    put,
)

ARCHITECTUS = CARD_ID["Architectus"]
CARCHESIUM = CARD_ID["Carchesium"]
CONIURATIO = CARD_ID["Coniuratio"]
RAW = (CLAY, WOOD, STONE)
ALL_FOUR = (CLAY, WOOD, STONE, GOLD)


# ---------------------------------------------------------------- costs


def discount_options(pl: Player, card: Aedificium) -> tuple[int, ...]:
    """Which one resource unit a discount may take off this building's cost.

    Architectus takes 1 Clay, Wood or Stone; Carchesium 1 of any, Gold too.
    They never combine (INVENTORY D12); with both, either one may be used.
    """
    if pl.has_built(CARCHESIUM):
        kinds = ALL_FOUR
    elif ARCHITECTUS in pl.spqr:
        kinds = RAW
    else:
        return ()
    cost = card.cost
    return tuple(r for r in kinds if cost[r] > 0)


def discounted(cost: Res, r: int) -> Res:
    if r < 0:
        return cost
    return tuple(c - 1 if i == r else c for i, c in enumerate(cost))  # type: ignore[return-value]


def building_options(s: State, seat: int, c: int) -> list[Play]:
    pl = s.players[seat]
    b: Aedificium = CARDS[c]
    if is_unique(s.options, c) and pl.has_built(c):
        return []
    if b.access and CITIES[pl.city].access != b.access:
        return []
    opts = discount_options(pl, b) or (-1,)
    plays = PLAYS[c]
    return [plays[r] for r in opts if can_pay(pl.res, discounted(b.cost, r))]


def corruptio_payments(have: Res) -> list[tuple[int, int, int]]:
    return [(c, w, st) for c, w, st in product(range(4), repeat=3)
            if c + w + st == 3 and c <= have[CLAY] and w <= have[WOOD] and st <= have[STONE]]


def senate_options(s: State, seat: int, c: int) -> list[Play]:
    pl = s.players[seat]
    card: Spqr = CARDS[c]
    if card.effect == "aediles":
        return []  # only as a reaction, never on your own turn
    if card.any_three:
        have = pl.res
        return [a for a, (cl, wd, st) in zip(PLAYS_ANY_THREE[c], ANY_THREE, strict=True)
                if cl <= have[CLAY] and wd <= have[WOOD] and st <= have[STONE]]
    if not can_pay(pl.res, card.cost):
        return []
    if card.effect == "concussio" and s.n < 2:
        return []
    if card.effect == "coniuratio" and not coniuratio_targets(s, seat):
        return []
    if card.effect == "consuetudo" and not available(s, AEDIFICIUM):
        return []
    return [PLAYS[c][-1]]


def coniuratio_targets(s: State, seat: int) -> list[int]:
    return [p for p in s.order_from(seat)[1:] if s.players[p].built]


# ---------------------------------------------------------------- the phase


def enter(w: State) -> None:
    """Phase 2 (or the final turn): every seat in turn from the first player."""
    w.step, w.queue = "turns", w.order_from(w.caesar)
    emit(w, PhaseBegins(w.phase))


def after(w: State) -> int:
    """Battle in rounds 2, 3, 5 and 6; else straight to Upkeep."""
    return BATTLE if w.round in BATTLE_ROUNDS else UPKEEP


def legal(s: State) -> list[tuple]:
    seat = s.queue[0]
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
        out.extend(TRADES[r] for r in (WOOD, STONE) if room(s, seat, r) > 0)
    if s.commerce and pl.res[CLAY] >= COMMERCIUM_PAY[CLAY] and (
        room(s, seat, WOOD) > 0 or room(s, seat, STONE) > 0
    ):
        out.append(EXCHANGE)
    out.append(DONE)
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


def auto(w: State) -> bool:
    """Skip the turns with nothing to do; then (not in the final turn) the
    hand limit. True while a seat has a real choice, False once the phase
    is over."""
    if w.step == "turns":
        while w.queue:
            if not must_pass(w, w.queue[0]):
                return True
            w.queue = w.queue[1:]  # nothing to do but pass
            w.commerce = False
        if w.phase == FINAL:
            return False  # the final turn has no hand limit
        w.step = "limit"
        over = [p for p in w.order_from(w.caesar) if len(w.players[p].hand) > HAND_LIMIT]
        push(w, *(Pending("discard", p, HandLimit()) for p in over))
        return bool(over)
    return False  # step "limit": every seat is within the hand limit now


def remove_from_hand(w: State, seat: int, card: int) -> Held:
    pl = edit(w, seat)
    hand = pl.hand
    i = take_copy(w.options, hand, card)
    pl.hand = hand[:i] + hand[i + 1:]
    return hand[i]


def act(w: State, a: tuple) -> None:
    seat = w.queue[0]
    if isinstance(a, Done):
        w.queue = w.queue[1:]
        w.commerce = False
        emit(w, Passed(seat))
    elif isinstance(a, Trade):
        pay(w, seat, (0, 0, 0, TRADE_GOLD))
        got = gain(w, seat, tuple(1 if r == a.resource else 0 for r in range(4)))
        emit(w, Traded(seat, a.resource, got))
    elif isinstance(a, Exchange):
        pay(w, seat, COMMERCIUM_PAY)
        got = gain(w, seat, COMMERCIUM_TAKE)
        emit(w, Exchanged(seat, COMMERCIUM_PAY, got))
    else:
        play_card(w, seat, a)


def play_card(w: State, seat: int, a: Play) -> None:
    card = a.card
    remove_from_hand(w, seat, card)
    if card < len(AEDIFICIA):
        cost = discounted(AEDIFICIA[card].cost, a.pay)  # type: ignore[arg-type]
        pay(w, seat, cost)
        add_building(w, seat, card)
        emit(w, Built(seat, card, cost))
    else:
        play_senate(w, seat, card, a.pay)


def play_senate(w: State, seat: int, card: int, payment: object) -> None:
    spqr: Spqr = CARDS[card]
    cost = (*payment, 0) if spqr.any_three else spqr.cost  # type: ignore[misc]
    pay(w, seat, cost)
    emit(w, SenatePlayed(seat, card, cost))
    effect = spqr.effect
    if spqr.stays and effect != "concussio":
        pl = edit(w, seat)
        pl.spqr = pl.spqr + (card,)
        return
    if effect in ("concussio", "coniuratio"):
        push(w, Pending("target", seat, TargetFor(card)))
        return
    if effect == "consuetudo":
        start_consuetudo(w, seat, card)
        return
    if effect == "defense":
        change_defense(w, seat, spqr.value)
    elif effect == "patronus":
        got = gain(w, seat, (0, spqr.value, 0, 0))
        emit(w, Gained(seat, got))
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
    push(w, Pending("consuetudo_take", seat, ConsuetudoTake(looked)))


# ---------------------------------------------------------------- decisions


def legal_target(s: State, pd: Pending) -> list[Target]:
    if CARDS[pd.data.card].effect == "coniuratio":
        return [TARGETS[p] for p in coniuratio_targets(s, pd.seat)]
    return [TARGETS[p] for p in s.order_from(pd.seat)[1:]]


def resolve_target(w: State, pd: Pending, a: Target) -> None:
    card, target = pd.data.card, a.seat
    emit(w, Targeted(pd.seat, card, target))
    if CARDS[card].effect == "concussio":
        edit(w, target).concussio = True
    else:
        push(w, Pending("coniuratio_pick", pd.seat, ConiuratioPick(target)))


def legal_coniuratio_pick(s: State, pd: Pending) -> list[Destroy]:
    return destroy_options(s.players[pd.data.target].built)


def resolve_coniuratio_pick(w: State, pd: Pending, a: Destroy) -> None:
    # The target is always asked, Aediles or not: asking only when he holds
    # one would show his secret hand to the table.
    target = pd.data.target
    push(w, Pending("coniuratio_react", target, ConiuratioReact(pd.seat, a.card, a.active)))


def legal_coniuratio_react(s: State, pd: Pending) -> list[tuple]:
    pl = s.players[pd.seat]
    if (any(h.card == AEDILES_CARD for h in pl.hand)
            and pl.res[GOLD] >= AEDILES_VS_CONIURATIO_GOLD):
        return [AEDILES, ACCEPT]
    return [ACCEPT]


def resolve_coniuratio_react(w: State, pd: Pending, a: Aediles | Accept) -> None:
    seat, threat = pd.seat, pd.data
    if isinstance(a, Aediles):
        remove_from_hand(w, seat, AEDILES_CARD)
        pay(w, seat, (0, 0, 0, AEDILES_VS_CONIURATIO_GOLD))
        discard(w, SPQR, (AEDILES_CARD,))
        emit(w, Saved(seat, threat.card, "coniuratio"))
    else:
        destroy_building(w, seat, threat.card, threat.active, "coniuratio")
    discard(w, SPQR, (CONIURATIO,))


def legal_consuetudo_take(s: State, pd: Pending) -> list[Take]:
    return _distinct(TAKES, pd.data.looked)


def resolve_consuetudo_take(w: State, pd: Pending, a: Take) -> None:
    seat, looked = pd.seat, pd.data.looked
    i = take_copy(w.options, looked, a.card)
    pl = edit(w, seat)
    pl.hand = pl.hand + (looked[i],)
    emit(w, ConsuetudoTaken(seat, looked[i]))
    order_step(w, seat, looked[:i] + looked[i + 1:], ())


def legal_consuetudo_order(s: State, pd: Pending) -> list[tuple]:
    return _distinct(ORDERS, pd.data.rest) + [KEEP]


def resolve_consuetudo_order(w: State, pd: Pending, a: Order | Keep) -> None:
    rest, placed = pd.data
    if isinstance(a, Keep):
        order_step(w, pd.seat, (), placed + rest)
    else:
        i = take_copy(w.options, rest, a.card)
        order_step(w, pd.seat, rest[:i] + rest[i + 1:], placed + (rest[i],))


def order_step(w: State, seat: int, rest: tuple[Held, ...], placed: tuple[Held, ...]) -> None:
    """Put the looked-at cards back on top, in the order the player chose."""
    if rest:
        push(w, Pending("consuetudo_order", seat, ConsuetudoOrder(rest, placed)))
        return
    w.decks = put(w.decks, AEDIFICIUM, put_on_top(w.decks[AEDIFICIUM], placed, seat))
    emit(w, DeckOrdered(seat, len(placed)))


def legal_discard(s: State, pd: Pending) -> list[tuple]:
    return _distinct(DISCARDS, tuple(h for h in s.players[pd.seat].hand if h.card != HORREUM))


def resolve_discard(w: State, pd: Pending, a: Discard) -> None:
    seat = pd.seat
    held = remove_from_hand(w, seat, a.card)
    deck = AEDIFICIUM if held.card < len(AEDIFICIA) else SPQR
    discard(w, deck, (held.card,))
    emit(w, HandDiscarded(seat, held.card))
    if len(w.players[seat].hand) > HAND_LIMIT:
        push(w, pd)


def _distinct(table: tuple, cards: tuple[Held, ...]) -> list[tuple]:
    """One action per distinct card (the first copy's), in the cards' order."""
    seen: dict[int, None] = {}
    for h in cards:
        seen.setdefault(h.card, None)
    return [table[c] for c in seen]


NO_OPTIONS = Options()


def destroy_options(built: tuple[tuple[int, bool], ...], kind: str | None = None,
                    options: Options = NO_OPTIONS) -> list[tuple]:
    """The buildings a penalty naming ``kind`` may take (any, for None).
    ``kind`` may name several ("production or defense", an "or" read as the
    loser's choice); a Prestige building is any worth 3+ PP (L195, PR-M9),
    or only the Prestige icon where the table reads it so (readings)."""
    kinds = None if kind is None else kind.split(" or ")
    out: dict[tuple, None] = {}
    for c, active in built:
        if kinds is None or any(is_of_kind(options, c, k) for k in kinds):
            out.setdefault(DESTROYS[c][active], None)
    return list(out)


# ---------------------------------------------------------------- messages


def why_illegal(s: State, a: tuple) -> str:
    """A sentence naming the rule an illegal Phase 2 action breaks."""
    pl = s.players[s.queue[0]]
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
        return _why_building(s, pl, c, a[2])
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


def _why_building(s: State, pl: Player, b: Aedificium, r: object) -> str:
    if is_unique(s.options, CARD_ID[b.name]) and pl.has_built(CARD_ID[b.name]):
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
