"""Roman expansion, 5A: senators placed in buildings, the Citadel or an
Enemy province, and what every building box and Temple benefit does.

A placement that needs more choices (which provinces, which pieces, how
to split a roll) opens a pending decision of its seat; a decision that
must be followed by another effect (the second Temple benefit) carries it
as ``then``, applied once the decision is answered.
"""

from __future__ import annotations

from itertools import combinations

from engine.flow import Pending, push

from .actions import (
    DONE,
    Benefits,
    Build,
    Buy,
    Calm,
    Citadel,
    CitadelUse,
    Collect,
    Invade,
    PlacePiece,
    PlaceUnrest,
    PraetorianArmy,
    Raise,
    Sell,
    Senator,
    Sets,
    Take,
    Types,
)
from .data import (
    BUILDINGS,
    BUY_GOLD,
    CITADEL_BONUS,
    GENERAL_BONUS,
    GOD,
    PIECE_COST,
    RESOURCE_NAMES,
    SELL_GOLD,
    temple_benefit,
)
from .empire import (
    CITY_SUPPLY,
    FORT_SUPPLY,
    PIECES,
    add_unrest,
    cities_out,
    collect,
    convert,
    convertible,
    forts_out,
    gods_open,
    legion_supply,
    linked_god,
    piece_places,
    place_piece,
    remove_unrest,
    revenue_provinces,
    score,
    start_fight,
    take_god,
)
from .events import (
    ArmyCreated,
    BenefitTaken,
    Bought,
    CitadelEntered,
    GoldTaken,
    PieceWaiting,
    Recruited,
    ResourcesTaken,
    SenatorPlaced,
    SenatorRaised,
    Sold,
    TempleRolled,
)
from .prep import roll
from .setup import BUILDING_INDEX
from .state import (
    BUILDING_USE,
    CAMPAIGN,
    EMPTY,
    INDEX,
    ITALY,
    OCCUPIED,
    PLACES,
    TEMPLE_USE,
    Army,
    State,
    bits,
    board,
    mine,
    occupant,
)

TEMPLE = "Temple of Jupiter"
GOD_INDEX = {name: i for i, name in enumerate(GOD)}
TRADE_RESOURCES = RESOURCE_NAMES[:3]


# ---------------------------------------------------------------- the phase
def enter(w: State) -> None:
    """A round of placements: each player with a senator in the Villa, in turn order."""
    w.queue = tuple(seat for seat in w.order if w.players[seat].villa)


def auto(w: State) -> bool:
    return bool(w.queue)


def to_move(s: State) -> int | None:
    return s.queue[0] if s.queue else None


def after(w: State) -> str:
    return CAMPAIGN


def open_buildings(s: State) -> list[int]:
    """Every Original building and the Later ones turned over so far."""
    out = [i for i, b in enumerate(BUILDINGS) if b.original]
    out += [h.card for h in s.later[:s.era]]
    return out


def legal(s: State) -> list:
    seat = s.queue[0]
    p = s.players[seat]
    out: list = waiting_places(s, seat)
    ranks = sorted(set(p.villa))
    gods = gods_open(s, seat)
    for b in open_buildings(s):
        out += _building_options(s, seat, b, ranks, gods)
    if p.barracks:
        out += [Invade(r, prov, n, seas) for prov, seas in invasion_targets(s, seat)
                for r in ranks for n in range(1, min(p.max_army, p.barracks) + 1)]
    out += [Citadel(r) for r in ranks]
    return out + trades(s, seat)


def waiting_places(s: State, seat: int) -> list:
    out = []
    for piece in dict.fromkeys(s.players[seat].waiting):
        out += [PlacePiece(piece, PLACES[i]) for i in piece_places(s, seat, piece, waiting=True)]
    return out


def trades(s: State, seat: int) -> list:
    docks = s.players[seat].docks
    out: list = [Sell(r) for i, r in enumerate(TRADE_RESOURCES) if docks[i]]
    if docks[3] >= BUY_GOLD:
        out += [Buy(r) for r in TRADE_RESOURCES]
    return out


def _building_options(s: State, seat: int, b: int, ranks: list[int], open_gods: list[str]) -> list:
    building = BUILDINGS[b]
    boxes = s.boxes[b]
    mine_lo, mine_hi = OCCUPIED + seat * 8, OCCUPIED + seat * 8 + 8
    if any(mine_lo <= code < mine_hi for code in boxes):
        return []  # one senator per building per player
    # every box of a building costs the same
    m, v, t, g = building.boxes[0].cost
    docks = s.players[seat].docks
    if docks[0] < m or docks[1] < v or docks[2] < t or docks[3] < g:
        return []
    gods = [""]
    linked = building.god or ""
    if building.name == TEMPLE:
        gods = [x for x in open_gods if not s.god_uses[GOD_INDEX[x]] & TEMPLE_USE]
    elif linked and linked in open_gods and not s.god_uses[GOD_INDEX[linked]] & BUILDING_USE:
        gods = ["", linked]
    name = building.name
    return [Senator(r, name, number, x) for number, code in enumerate(boxes, start=1)
            if code == EMPTY for r in ranks if r >= number for x in gods]


def building_options(s: State, seat: int, b: int) -> list:
    """The placements ``seat`` has in building ``b`` now (the table words
    why there are none)."""
    return _building_options(s, seat, b, sorted(set(s.players[seat].villa)), gods_open(s, seat))


def why_illegal(s: State, a: tuple) -> str:
    return "not a placement open to you now (rank, free box, cost, one senator per building)"


def act(w: State, a: tuple) -> None:
    seat = w.queue[0]
    kind = a[0]
    if kind == "piece":
        p = mine(w, seat)
        i = p.waiting.index(a.piece)
        p.waiting = p.waiting[:i] + p.waiting[i + 1:]
        place_piece(w, seat, a.piece, INDEX[a.place])
        return
    if kind in ("buy", "sell"):
        trade(w, seat, a)
        return
    w.queue = w.queue[1:]
    _use_senator(w, seat, a.rank)
    if kind == "citadel":
        die = roll(w)
        bonus = CITADEL_BONUS[die]
        w.events.append(CitadelEntered(seat, a.rank, bonus, die))
        push(w, Pending("citadel", seat, (a.rank + bonus,)))
    elif kind == "invade":
        _invade(w, seat, INDEX[a.province], a.legions, a.rank, a.seas)
    else:
        _senator(w, seat, a)


def trade(w: State, seat: int, a: tuple) -> None:
    p = mine(w, seat)
    r = TRADE_RESOURCES.index(a.resource)
    d = list(p.docks)
    if a[0] == "buy":
        d[3] -= BUY_GOLD
        d[r] += 1
    else:
        d[3] += SELL_GOLD
        d[r] -= 1
    p.docks = tuple(d)  # type: ignore[assignment]
    w.events.append((Bought if a[0] == "buy" else Sold)(seat, a.resource))


def _use_senator(w: State, seat: int, rank: int) -> None:
    p = mine(w, seat)
    i = p.villa.index(rank)
    p.villa = p.villa[:i] + p.villa[i + 1:]
    p.used = p.used + (rank,)


def _senator(w: State, seat: int, a: Senator) -> None:
    b = BUILDING_INDEX[a.building]
    building = BUILDINGS[b]
    box = building.boxes[a.box - 1]
    p = mine(w, seat)
    p.docks = tuple(x - c for x, c in zip(p.docks, box.cost, strict=True))  # type: ignore[assignment]
    boxes = w.boxes[b]
    w.boxes = (w.boxes[:b] + (boxes[:a.box - 1] + (OCCUPIED + seat * 8 + a.rank,) + boxes[a.box:],)
               + w.boxes[b + 1:])
    w.events.append(SenatorPlaced(seat, a.rank, a.building, a.box))
    if a.god:
        g = GOD_INDEX[a.god]
        take_god(w, seat, a.god)
        use = TEMPLE_USE if a.building == TEMPLE else BUILDING_USE
        w.god_uses = w.god_uses[:g] + (w.god_uses[g] | use,) + w.god_uses[g + 1:]
    if a.building == TEMPLE:
        die = roll(w)
        total = die + box.amount
        w.events.append(TempleRolled(seat, a.god, total, die))
        push(w, Pending("benefits", seat, (a.god, total)))
        return
    if a.god and a.god == linked_god(a.building):
        box = building.boxes[3]
    box_effect(w, seat, box)


def box_effect(w: State, seat: int, box: object) -> None:
    """What a building box does for ``seat``."""
    effect, amount = box.effect, box.amount  # type: ignore[attr-defined]
    p = w.players[seat]
    if effect == "revenue":
        places = revenue_places(w, seat)
        if amount is None or len(places) <= amount:
            _finish_collect(w, seat, places, unrest=True)
        else:
            push(w, Pending("collect", seat, (amount, 0)))
    elif effect == "recruit":
        recruit(w, seat, amount)
    elif effect == "raise":
        if box.plus:  # type: ignore[attr-defined]
            gain_gold(w, seat, box.plus)  # type: ignore[attr-defined]
        open_raise(w, seat, amount, ())
    elif effect == "build":
        open_build(w, seat, amount, box.fleets, False, ())  # type: ignore[attr-defined]
    elif effect == "revenue types":
        if amount >= 4:
            collect(w, seat, revenue_places(w, seat))
        else:
            push(w, Pending("types", seat, (amount,)))
    elif effect == "praetorian army":
        if p.barracks and invasion_targets(w, seat):
            push(w, Pending("army", seat, (amount,)))
    elif effect == "score sets":
        if min(p.docks[:3]):
            push(w, Pending("sets", seat, (amount,)))
    elif effect == "score provinces":
        held = p.garrison & ~p.unrest
        if box.outside_italy:  # type: ignore[attr-defined]
            held &= ~ITALY
        score(w, seat, amount * held.bit_count() + box.plus, "Ludus Magnus")  # type: ignore[attr-defined]
    elif effect == "score cities":
        good = ~p.unrest
        points = (amount * (p.cities & good).bit_count()
                  + box.per_fort * ((p.forts | p.walls) & good).bit_count())  # type: ignore[attr-defined]
        score(w, seat, points, "Theatre of Balbus")


def sets_choices(s: State, pd: Pending) -> list:
    """Colosseum: score any number of complete sets, up to all of them."""
    return [Sets(k) for k in range(min(s.players[pd.seat].docks[:3]), -1, -1)]


def resolve_sets(w: State, pd: Pending, a: Sets) -> None:
    if a.count:
        p = mine(w, pd.seat)
        p.docks = tuple(x - a.count for x in p.docks[:3]) + (p.docks[3],)  # type: ignore[assignment]
        score(w, pd.seat, pd.data[0] * a.count, "Colosseum")


def gain_gold(w: State, seat: int, gold: int) -> None:
    p = mine(w, seat)
    p.docks = p.docks[:3] + (p.docks[3] + gold,)


def recruit(w: State, seat: int, n: int) -> None:
    """Legions from the supply to the Barracks (18 at most in play)."""
    n = min(n, legion_supply(w.players[seat]))
    if n:
        mine(w, seat).barracks += n
        w.events.append(Recruited(seat, n))


def revenue_places(w: State, seat: int) -> list[int]:
    return revenue_provinces(w.players[seat])


# ---------------------------------------------------------------- Basilica Aemilia
def collect_choices(s: State, pd: Pending) -> list:
    """Up to the box's number of provinces, at least one (R15 covers a map
    with none to collect from)."""
    amount, chosen = pd.data
    out: list = [Collect(PLACES[i]) for i in revenue_places(s, pd.seat) if not chosen >> i & 1]
    return out + [DONE] if chosen else out


def resolve_collect(w: State, pd: Pending, a: tuple) -> None:
    amount, chosen = pd.data
    if a[0] == "collect":
        chosen |= 1 << INDEX[a.province]
        left = [i for i in revenue_places(w, pd.seat) if not chosen >> i & 1]
        if chosen.bit_count() < amount and left:
            push(w, Pending("collect", pd.seat, (amount, chosen)))
            return
    _finish_collect(w, pd.seat, bits(chosen), unrest=True)


def _finish_collect(w: State, seat: int, places: list[int], unrest: bool) -> None:
    if not places:
        return  # R15: nothing collected, no unrest
    collect(w, seat, places)
    if len(places) == 1:
        add_unrest(w, seat, places[0])
    else:
        push(w, Pending("unrest", seat, (sum(1 << i for i in places),)))


def unrest_choices(s: State, pd: Pending) -> list:
    return [PlaceUnrest(PLACES[i]) for i in bits(pd.data[0])]


def resolve_unrest(w: State, pd: Pending, a: PlaceUnrest) -> None:
    add_unrest(w, pd.seat, INDEX[a.province])


# ---------------------------------------------------------------- Baths of Agrippa
def types_choices(s: State, pd: Pending) -> list:
    return [Types(c) for c in combinations(RESOURCE_NAMES, pd.data[0])]


def resolve_types(w: State, pd: Pending, a: Types) -> None:
    types = tuple(RESOURCE_NAMES.index(t) for t in a.types)
    collect(w, pd.seat, revenue_places(w, pd.seat), types)


# ---------------------------------------------------------------- Forum, Minerva: raising
def raisable(s: State, seat: int) -> list:
    p = s.players[seat]
    out = [Raise(r, "Villa") for r in sorted(set(p.villa)) if r < 4]
    for b in open_buildings(s):
        for code in s.boxes[b]:
            who = occupant(code)
            if who and who[0] == seat and who[1] < 4:
                out.append(Raise(who[1], BUILDINGS[b].name))
    return out


def open_raise(w: State, seat: int, ranks: int, then: tuple) -> None:
    if ranks > 0 and raisable(w, seat):
        push(w, Pending("raise", seat, (ranks, then)))
    else:
        follow(w, seat, then)


def raise_choices(s: State, pd: Pending) -> list:
    return raisable(s, pd.seat)


def resolve_raise(w: State, pd: Pending, a: Raise) -> None:
    ranks, then = pd.data
    p = mine(w, pd.seat)
    if a.where == "Villa":
        i = p.villa.index(a.rank)
        p.villa = tuple(sorted(p.villa[:i] + p.villa[i + 1:] + (a.rank + 1,)))
    else:
        b = BUILDING_INDEX[a.where]
        boxes = w.boxes[b]
        k = boxes.index(OCCUPIED + pd.seat * 8 + a.rank)
        w.boxes = (w.boxes[:b] + (boxes[:k] + (boxes[k] + 1,) + boxes[k + 1:],) + w.boxes[b + 1:])
        i = p.used.index(a.rank)
        p.used = p.used[:i] + (a.rank + 1,) + p.used[i + 1:]
    w.events.append(SenatorRaised(pd.seat, a.rank, a.where))
    open_raise(w, pd.seat, ranks - 1, then)


# ---------------------------------------------------------------- building pieces
def open_build(w: State, seat: int, budget: int, fleets: bool, free: bool, then: tuple) -> None:
    if budget > 0 and _build_options(w, seat, budget, fleets, free):
        push(w, Pending("build", seat, (budget, fleets, free, then)))
    else:
        follow(w, seat, then)


def _build_options(s: State, seat: int, budget: int, fleets: bool, free: bool) -> list:
    return [a for a, why in build_offers(s, seat, budget, fleets, free) if not why]


def build_offers(s: State, seat: int, budget: int, fleets: bool, free: bool
                 ) -> list[tuple[Build, str]]:
    """Every piece ``seat`` could buy here were the price no object, in the
    rules' order, each with why it cannot be bought now ("" when it can):
    "needs 3 gold, 2 left" (the building's budget) or "needs 3 gold, you
    hold 2". So the table keeps a purchase the budget no longer covers
    listed, greyed, with the reason (issue 28), and the offer is the rules'
    own list (``_build_options``)."""
    gold = s.players[seat].docks[3]
    out: list[tuple[Build, str]] = []
    for piece in PIECES:
        if piece == "fleet" and not fleets:
            continue
        cost = PIECE_COST[piece]
        why = (f"needs {cost} gold, {budget} left" if cost > budget else
               f"needs {cost} gold, you hold {gold}" if not free and cost > gold else "")
        places = piece_places(s, seat, piece, moving=True)
        if places:
            out += [(Build(piece, PLACES[i]), why) for i in places]
        elif in_supply(s, seat, piece):
            out.append((Build(piece, "Villa"), why))  # waits for a place (Servian Wall rule 1)
    return out


def in_supply(s: State, seat: int, piece: str) -> bool:
    p = s.players[seat]
    if piece == "fleet":
        return p.fleets.count(-1) > p.waiting.count("fleet")
    if piece == "city":
        return cities_out(s) < CITY_SUPPLY
    return forts_out(s) < FORT_SUPPLY


def build_choices(s: State, pd: Pending) -> list:
    budget, fleets, free, then = pd.data
    out = _build_options(s, pd.seat, budget, fleets, free)
    if not free:
        out += [Sell(r) for i, r in enumerate(TRADE_RESOURCES) if s.players[pd.seat].docks[i]]
    return out + [DONE]


def resolve_build(w: State, pd: Pending, a: tuple) -> None:
    budget, fleets, free, then = pd.data
    if a[0] == "done":
        follow(w, pd.seat, then)
        return
    if a[0] == "sell":
        trade(w, pd.seat, a)
        push(w, pd)
        return
    cost = PIECE_COST[a.piece]
    if not free:
        gain_gold(w, pd.seat, -cost)
    if a.place == "Villa":
        p = mine(w, pd.seat)
        p.waiting = p.waiting + (a.piece,)
        w.events.append(PieceWaiting(pd.seat, a.piece))
    else:
        place_piece(w, pd.seat, a.piece, INDEX[a.place])
    open_build(w, pd.seat, budget - cost, fleets, free, then)


# ---------------------------------------------------------------- the Citadel
def citadel_choices(s: State, pd: Pending) -> list:
    left = pd.data[0]
    p = s.players[pd.seat]
    out: list = [CitadelUse("gold", "", 1)]
    if left > 1:
        out.append(CitadelUse("gold", "", left))
    out += [CitadelUse("calm", PLACES[i], 1) for i in bits(p.unrest)]
    out += [CitadelUse("convert", PLACES[i], 1) for i in convertible(s, pd.seat)]
    return out


def resolve_citadel(w: State, pd: Pending, a: CitadelUse) -> None:
    left = pd.data[0] - a.count
    if a.what == "gold":
        gain_gold(w, pd.seat, a.count)
        w.events.append(GoldTaken(pd.seat, a.count))
    elif a.what == "calm":
        remove_unrest(w, pd.seat, INDEX[a.place])
    else:
        convert(w, pd.seat, INDEX[a.place])
    if left > 0:
        push(w, Pending("citadel", pd.seat, (left,)))


# ---------------------------------------------------------------- the Temple of Jupiter
def benefits_choices(s: State, pd: Pending) -> list:
    god, total = pd.data
    out: list = [Benefits(b, 0) for b in range(1, min(total, 6) + 1)]
    out += [Benefits(b1, b2) for b1 in range(1, 7) for b2 in range(1, 7)
            if b1 != b2 and b1 + b2 <= total]
    if god == "Mercury":
        out += trades(s, pd.seat)
    return out


def resolve_benefits(w: State, pd: Pending, a: tuple) -> None:
    god, total = pd.data
    if a[0] in ("buy", "sell"):
        trade(w, pd.seat, a)
        push(w, pd)
        return
    then = (god, a.second) if a.second else ()
    benefit(w, pd.seat, god, a.first, then)


def follow(w: State, seat: int, then: tuple) -> None:
    """Apply the benefit a decision was followed by (the second of a split)."""
    if then:
        benefit(w, seat, then[0], then[1], ())


def benefit(w: State, seat: int, god: str, number: int, then: tuple) -> None:
    b = temple_benefit(god, number)
    p = w.players[seat]
    w.events.append(BenefitTaken(seat, god, number))
    effect, amount = b.effect, b.amount
    if effect == "recruit":
        recruit(w, seat, amount)  # type: ignore[arg-type]
    elif effect == "build":
        open_build(w, seat, amount, True, True, then)  # type: ignore[arg-type]
        return
    elif effect == "gain resources":
        push(w, Pending("take", seat, (amount, then)))
        return
    elif effect == "gain gold":
        gain_gold(w, seat, amount)  # type: ignore[arg-type]
    elif effect == "remove unrest":
        open_calm(w, seat, amount, then)  # type: ignore[arg-type]
        return
    elif effect == "raise":
        open_raise(w, seat, amount, then)  # type: ignore[arg-type]
        return
    elif effect == "remove all unrest and raise":
        for i in bits(p.unrest):
            remove_unrest(w, seat, i)
        open_raise(w, seat, 1, then)
        return
    else:
        score(w, seat, _benefit_points(w, seat, effect, amount, b.per), god)  # type: ignore[arg-type]
    follow(w, seat, then)


def _benefit_points(w: State, seat: int, effect: str, amount: int, per: int) -> int:
    p = w.players[seat]
    good = ~p.unrest
    if effect == "score legions outside Italy":
        return per * (p.garrison & good & ~ITALY).bit_count()
    if effect == "score cities":
        return per * (p.cities & good).bit_count()
    if effect == "score cities and fortifications":
        return per * ((p.cities & good).bit_count() + ((p.forts | p.walls) & good).bit_count())
    if effect == "score resources":
        return per * (sum(p.docks[:3]) // amount)
    if effect == "score provinces":
        return per * (p.garrison & good).bit_count()
    if effect == "score ranks":
        return per * (sum(p.villa) + sum(p.used))
    raise ValueError(effect)


def take_choices(s: State, pd: Pending) -> list:
    n = pd.data[0]
    return [Take((m, v, n - m - v)) for m in range(n + 1) for v in range(n - m + 1)]


def resolve_take(w: State, pd: Pending, a: Take) -> None:
    p = mine(w, pd.seat)
    p.docks = tuple(x + c for x, c in zip(p.docks[:3], a.counts, strict=True)) + (p.docks[3],)
    w.events.append(ResourcesTaken(pd.seat, a.counts))
    follow(w, pd.seat, pd.data[1])


def open_calm(w: State, seat: int, n: int, then: tuple) -> None:
    unrest = w.players[seat].unrest
    if unrest.bit_count() <= n:
        for i in bits(unrest):
            remove_unrest(w, seat, i)
        follow(w, seat, then)
    else:
        push(w, Pending("calm", seat, (n, then)))


def calm_choices(s: State, pd: Pending) -> list:
    return [Calm(PLACES[i]) for i in bits(s.players[pd.seat].unrest)]


def resolve_calm(w: State, pd: Pending, a: Calm) -> None:
    n, then = pd.data
    remove_unrest(w, pd.seat, INDEX[a.province])
    if n > 1 and w.players[pd.seat].unrest:
        push(w, Pending("calm", pd.seat, (n - 1, then)))
    else:
        follow(w, pd.seat, then)


# ---------------------------------------------------------------- armies
def invasion_targets(s: State, seat: int) -> list[tuple[str, tuple[str, ...]]]:
    """Native provinces an army may be created in: next to a garrison, or
    by sea next to a fleet with its dice icon face down (5A)."""
    p = s.players[seat]
    b = board(p)
    ready = 0
    for k, sea in enumerate(p.fleets):
        if sea >= 0 and not p.fleets_up >> k & 1:
            ready |= 1 << sea
    out = []
    for i, h in enumerate(p.natives):
        if h is None:
            continue
        if b.land[i] & p.garrison:
            out.append((PLACES[i], ()))
        else:
            out += [(PLACES[i], (PLACES[sea],)) for sea in bits(b.seas_of[i] & ready)]
    return out


def _invade(w: State, seat: int, province: int, legions: int, rank: int,
            seas: tuple[str, ...], praetorian: bool = False) -> None:
    p = mine(w, seat)
    p.barracks -= legions
    for sea in seas:
        k = p.fleets.index(INDEX[sea])
        p.fleets_up |= 1 << k
    bonus = 0 if praetorian else GENERAL_BONUS[rank]
    p.army = Army(province, legions, rank, legions + bonus, 0, praetorian)
    w.events.append(ArmyCreated(seat, province, legions, rank, tuple(INDEX[x] for x in seas)))
    start_fight(w, seat)


def army_choices(s: State, pd: Pending) -> list:
    most = min(pd.data[0], s.players[pd.seat].barracks)
    return [PraetorianArmy(prov, n, seas) for prov, seas in invasion_targets(s, pd.seat)
            for n in range(1, most + 1)]


def resolve_army(w: State, pd: Pending, a: PraetorianArmy) -> None:
    _invade(w, pd.seat, INDEX[a.province], a.legions, 0, a.seas, praetorian=True)

