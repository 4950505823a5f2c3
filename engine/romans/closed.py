"""Why a City of Rome building, box or god is closed to the seat placing a
senator, in a few words ("taken by Blue", "needs 1 material", "no god:
unrest in Etruria"): the checks of ``senate._building_options`` and
``empire.gods_open``, worded, so the table can keep a closed option listed,
greyed, with the rules' own reason (issue 28: "Nothing says why an option
is missing"). ``tests/test_romans_closed.py`` holds each to the rules'
answer in random games."""

from __future__ import annotations

from .actions import Build, Buy, Sell
from .data import BUILDINGS, BUY_GOLD, GODS, RESOURCE_NAMES, SELL_GOLD, amount
from .empire import god_allowed, god_of, gods_open
from .senate import GOD_INDEX, TEMPLE, TRADE_RESOURCES, build_offers, building_options
from .state import BUILDING_USE, EMPTY, ITALY, OCCUPIED, PLACES, State, bits, occupant
from .text import ROMAN, seat_name


def building_closed(s: State, seat: int, b: int) -> str:
    """Why ``seat`` may place no senator in building ``b`` at all, in a few
    words ("" when some box is open to it). The checks of senate's
    ``_building_options``, in its order: the table greys the building with
    this reason instead of leaving it out unexplained (issue 28).
    ``tests/test_romans_closed.py`` holds it to the same answer as the rules
    in random games."""
    if building_options(s, seat, b):
        return ""
    p = s.players[seat]
    boxes = s.boxes[b]
    if any(OCCUPIED + seat * 8 <= code < OCCUPIED + seat * 8 + 8 for code in boxes):
        return "yours already (one senator a building)"
    missing = [f"{amount(c, RESOURCE_NAMES[i])} (have {h})" for i, (c, h)
               in enumerate(zip(BUILDINGS[b].boxes[0].cost, p.docks, strict=True)) if c > h]
    if missing:  # the box's price and what the Docks hold: "needs 1 gold" read as one more
        return "needs " + ", ".join(missing)
    free = [n for n, code in enumerate(boxes, start=1) if code == EMPTY]
    if not free:
        return "every box taken"
    if not p.villa or max(p.villa) < min(free):
        return f"free box {ROMAN[min(free)]} needs a {ROMAN[min(free)]} senator"
    if BUILDINGS[b].name == TEMPLE:
        return why_no_god(s, seat) or "your god was called on at the Temple this Era"
    return "not open to you now"


def trades_to_open(s: State, seat: int, b: int) -> list[Buy | Sell]:
    """The trades at the Market (sell 1 for 1 gold, buy 1 for 3, at any
    time: L490) that would open building ``b`` to ``seat`` now, closed by
    its price alone: the resources it lacks bought, after the gold they
    and the box need is raised by selling what the box does not use (the
    largest stock first). [] when no trades open it (it is open, closed for
    another reason too, or the Docks cannot pay). The table points to them
    ("sell 1 victuals, 1 material below"): a greyed "needs 2 gold" did not
    say that selling opened it (issue 28)."""
    if building_options(s, seat, b):
        return []
    cost, docks = BUILDINGS[b].boxes[0].cost, list(s.players[seat].docks)
    buys = [max(0, cost[i] - docks[i]) for i in range(3)]
    if not any(buys) and docks[3] >= cost[3]:
        return []  # not its price that closes it
    short = cost[3] + BUY_GOLD * sum(buys) - docks[3]
    sells = [0, 0, 0]
    while short > 0:
        spare = [docks[i] - cost[i] - sells[i] for i in range(3)]
        i = max(range(3), key=lambda k: spare[k])
        if spare[i] <= 0:
            return []
        sells[i] += 1
        short -= SELL_GOLD
    after = tuple(docks[i] - sells[i] + buys[i] for i in range(3)) + (
        docks[3] + SELL_GOLD * sum(sells) - BUY_GOLD * sum(buys),)
    players = list(s.players)
    players[seat] = players[seat].replace(docks=after)
    if not building_options(s.replace(players=tuple(players)), seat, b):
        return []  # closed for another reason as well
    plan: list[Buy | Sell] = []
    for i, r in enumerate(TRADE_RESOURCES):
        plan += [Sell(r)] * sells[i]
    for i, r in enumerate(TRADE_RESOURCES):
        plan += [Buy(r)] * buys[i]
    return plan


def trades_text(plan: list[Buy | Sell]) -> str:
    """The trades in a few words: "sell 1 victuals, 1 material, buy 1
    manpower"."""
    out = []
    for kind in ("sell", "buy"):
        counts = {a.resource: plan.count(a) for a in plan if a[0] == kind}
        if counts:
            out.append(f"{kind} " + ", ".join(amount(n, r) for r, n in counts.items()))
    return ", ".join(out)


def box_closed(s: State, seat: int, b: int, number: int) -> str:
    """Why box ``number`` (1-4) of building ``b`` takes none of ``seat``'s
    senators ("" when one may go there): who holds it ("taken by Blue"), a
    blocking senator, or a rank the Villa lacks. Asked of a building open
    to the seat, so the cost and the one-senator rule hold already."""
    code = s.boxes[b][number - 1]
    who = occupant(code)
    if who is not None:
        return f"taken by {seat_name(s, who[0])}"
    if code != EMPTY:
        return "a blocking senator holds it"
    if max(s.players[seat].villa, default=0) < number:
        return f"needs a {ROMAN[number]} senator"
    return ""


def god_closed(s: State, seat: int, b: int) -> str:
    """Why the god linked to building ``b`` (its fourth box's effect, taken
    with the senator) is not offered to ``seat`` there ("" when it is, or
    the building has none)."""
    linked = BUILDINGS[b].god or ""
    if not linked or BUILDINGS[b].name == TEMPLE:
        return ""
    if linked not in gods_open(s, seat):
        held, holder = god_of(s, seat), s.gods[GOD_INDEX[linked]]
        if held:
            return f"you hold {held} this Era"
        return why_no_god(s, seat) or f"{linked} is held by {seat_name(s, holder)}"
    if s.god_uses[GOD_INDEX[linked]] & BUILDING_USE:
        return f"{linked} was called on at a building this Era"
    return ""


def why_no_god(s: State, seat: int) -> str:
    """Why ``seat`` can take no god now ("" when one is open to it or held):
    one a player per Era, and only with all Italy held and calm (7B)."""
    if god_of(s, seat) or gods_open(s, seat):
        return ""
    p = s.players[seat]
    if s.gods_taken >> seat & 1:
        return "no god: you took one this Era"
    if not god_allowed(p):
        unrest = bits(p.unrest & ITALY)
        if unrest:
            return "no god: unrest in " + ", ".join(PLACES[i] for i in unrest)
        empty = bits(ITALY & ~p.garrison)
        return "no god: Italy not all yours (" + ", ".join(PLACES[i] for i in empty) + ")"
    held = [f"{g.name} {seat_name(s, who)}" for g, who in zip(GODS, s.gods, strict=True)]
    return "no god: all held (" + ", ".join(held) + ")"


def builds_closed(s: State) -> list[tuple[Build, str]]:
    """While a building's budget is spent (Servian Wall, Amphitheatrum
    Castrense, Vesta, a Temple benefit): every piece the mover could buy
    were the price no object, in the offer's order, with why it cannot be
    bought now ("needs 3 gold, 2 left"; "" when it can). [] at any other
    decision."""
    if not s.pending or s.pending[-1].kind != "build":
        return []
    pd = s.pending[-1]
    budget, fleets, free, _ = pd.data
    return build_offers(s, pd.seat, budget, fleets, free)
