"""Why a card in hand cannot be played, in a word or a few.

The hand marks each card; a mark alone hides the rule, so every card the
seat cannot play now carries its reason ("needs 1 more Clay", "unique, built",
"Pons city: never"). The checks are the engine's own (``building_options``,
``senate_options``); this module only words their outcome, shortly enough
for a list line at 80 columns.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.provincia.actions import DECKS
from engine.provincia.build import (
    RAW,
    building_options,
    coniuratio_targets,
    discount_options,
    discounted,
    senate_options,
)
from engine.provincia.data import (
    AEDIFICIA,
    AEDIFICIUM,
    CARD_ID,
    CARDS,
    CITIES,
    CLAY,
    COMMERCIUM_PAY,
    GOLD,
    RESOURCE_NAMES,
    STONE,
    TAX_FAIL_PP,
    TAX_GOLD,
    TRADE_GOLD,
    WOOD,
    Aedificium,
    Res,
)
from engine.provincia.decks import available
from engine.provincia.economy import room
from engine.provincia.state import FINAL, PLAY, SELECT, UPKEEP, State
from engine.provincia.text import battle_ahead
from engine.provincia.upkeep import taxed

# Marks before each card in the hand; the legend names them.
PLAYABLE, NOT_NOW, NEVER = "●", "·", "✗"
LEGEND = f"{PLAYABLE} playable  {NOT_NOW} not now  {NEVER} never"


class Verdict(NamedTuple):
    """A card's mark and, unless playable, why (plain words, no markup)."""

    mark: str
    why: str = ""


def shortfall(have: Res, cost: Res) -> Res:
    """What is missing to pay ``cost`` (0 where there is enough)."""
    return tuple(max(0, c - h) for c, h in zip(cost, have, strict=True))  # type: ignore[return-value]


def needs(missing: Res, have: Res) -> str:
    """The missing resources, in words: ``needs 1 more Gold`` where the
    seat holds some (a bare "needs 1 Gold" read as the whole price to a
    player holding 2), ``needs 3 Wood`` where it holds none."""
    parts = [f"{n} {'more ' if have[i] else ''}{RESOURCE_NAMES[i]}"
             for i, n in enumerate(missing) if n]
    return "needs " + ", ".join(parts)


def building_verdict(s: State, seat: int, c: int) -> Verdict:
    pl = s.players[seat]
    b: Aedificium = CARDS[c]
    if building_options(s, seat, c):
        return Verdict(PLAYABLE)
    if b.access and CITIES[pl.city].access != b.access:
        return Verdict(NEVER, f"{CITIES[pl.city].access} city: never")
    if b.unique and pl.has_built(c):
        return Verdict(NOT_NOW, "unique, built")
    # the discount that leaves the least to find
    gaps = [shortfall(pl.res, discounted(b.cost, r)) for r in discount_options(pl, b) or (-1,)]
    return Verdict(NOT_NOW, needs(min(gaps, key=sum), pl.res))


def senate_verdict(s: State, seat: int, c: int) -> Verdict:
    pl = s.players[seat]
    card = CARDS[c]
    if senate_options(s, seat, c):
        idle = gains_nothing(s, seat, c)
        return Verdict(NOT_NOW, idle) if idle else Verdict(PLAYABLE)
    if card.effect == "aediles":
        return Verdict(NOT_NOW, "reaction only")
    if card.any_three:
        raw = sum(pl.res[i] for i in RAW)
        return Verdict(NOT_NOW, f"needs {3 - raw} {'more ' if raw else ''}Clay/Wood/Stone")
    missing = shortfall(pl.res, card.cost)
    if any(missing):
        return Verdict(NOT_NOW, needs(missing, pl.res))
    if card.effect == "coniuratio" and not coniuratio_targets(s, seat):
        return Verdict(NOT_NOW, "no target")
    if card.effect == "consuetudo" and not available(s, AEDIFICIUM):
        return Verdict(NOT_NOW, "deck empty")
    return Verdict(NOT_NOW, "no opponent")


def gains_nothing(s: State, seat: int, c: int) -> str:
    """Why a Senate card the seat could play would gain it nothing now, or
    "": a Commercium without Clay to exchange (or with one already in effect
    this turn), a Gloria below the seat's own (only the highest counts), a
    Praetor where no tax is due (Corruptio) or one is due all the same
    (Concussio), a second Corruptio (or one under a Concussio).
    The action says so too (``engine.provincia.text.senate_gain``); marked
    playable, the hand offered a free card that does nothing."""
    card = CARDS[c]
    pl = s.players[seat]
    if card.effect == "commercium":
        mover = s.phase in (PLAY, FINAL) and bool(s.queue) and s.queue[0] == seat
        if mover and s.commerce:
            return "already on this turn: gains nothing"
        if pl.res[CLAY] < COMMERCIUM_PAY[CLAY]:
            return "no Clay: gains nothing now"
    if card.effect == "praetor":  # the action says it too (text.praetor_gain)
        if pl.concussio:
            return "no gain: Concussio taxes you"
        if CARD_ID["Corruptio"] in pl.spqr:
            return "no gain: Corruptio"
        if pl.praetor:
            return "no gain: no tax this round"
    if card.effect == "corruptio":  # the action says it too (text.corruptio_gain)
        if CARD_ID["Corruptio"] in pl.spqr:
            return "no gain: Corruptio in play"
        if pl.concussio:
            return "no gain: Concussio taxes you"
    if card.effect == "defense" and not battle_ahead(s):  # as its action says
        return "no gain: no battle left"
    if card.effect == "gloria":
        best = max((CARDS[k].value for k in pl.spqr if CARDS[k].effect == "gloria"), default=0)
        if best >= card.value:
            return f"adds nothing: your +{best} PP Gloria counts"
    return ""


def verdict(s: State, seat: int, c: int) -> Verdict:
    """Could ``seat`` play card ``c`` on a Play Cards turn with what it has,
    and if not, why."""
    if c < len(AEDIFICIA):
        return building_verdict(s, seat, c)
    return senate_verdict(s, seat, c)


def hand_note(s: State, seat: int) -> str:
    """The hand's note row: why the trade is missing, the tax that will
    cost PP, or both in one row (without Gold: "No Gold to trade; tax: -2 PP")."""
    trade, tax = trade_note(s, seat), tax_note(s, seat)
    if trade and tax:
        return f"No Gold to trade; tax: -{TAX_FAIL_PP} PP"
    return trade or tax


def trade_note(s: State, seat: int) -> str:
    """Why the trade (2 Gold for 1 Wood or Stone) is missing from a Play
    Cards turn's actions, or "" when it is offered (or not the seat's turn)."""
    if (s.phase not in (PLAY, FINAL) or s.step != "turns" or s.pending or not s.queue
            or s.queue[0] != seat):
        return ""
    gold = s.players[seat].res[GOLD]
    if gold < TRADE_GOLD:
        return f"Trade: needs {TRADE_GOLD - gold} {'more ' if gold else ''}Gold"
    full = [RESOURCE_NAMES[r] for r in (WOOD, STONE) if room(s, seat, r) <= 0]
    if not full:
        return ""
    return f"Trade for {' or '.join(full)}: no room"


def tax_note(s: State, seat: int) -> str:
    """The coming tax, where it will cost Prestige: before this round's
    Phase 4 (Select Cards to Battle) a seat that pays taxes and holds no
    Gold loses 2 PP there, so it is said before the choices that could
    bring Gold (an Opes card) or keep it ("" otherwise). One row at 80
    columns (the ``?`` help says the tax is 1 Gold in Phase 4)."""
    if not SELECT <= s.phase < UPKEEP:
        return ""
    pl = s.players[seat]
    if not taxed(pl) or pl.res[GOLD] >= TAX_GOLD:
        return ""
    return f"No Gold for the tax: -{TAX_FAIL_PP} PP"


def deck_why(s: State, d: int) -> str:
    """Why deck ``d`` cannot be chosen now, in a few words ("" if it can)."""
    if s.markers[d] <= 0:
        return "no action markers left this round"
    if available(s, d) <= 0:
        return "deck empty"
    return ""


def deck_places(game: Any, s: State, seat: int | None) -> list[tuple[tuple, str]]:
    """``GameEntry.places``: while ``seat`` chooses a deck, all three decks
    keep their places, one that cannot be chosen greyed with why ("Draw
    from the Aedificium deck — deck empty"): a deck that vanished left the
    player guessing, and renumbered the other two. None outside that choice."""
    if (seat is None or s.phase != SELECT or s.draft is not None or s.pending
            or not s.queue or s.queue[0] != seat):
        return []
    out = []
    for a in DECKS:
        why = deck_why(s, a.deck)
        out.append((a, f"{game.describe(s, a)} — {why}" if why else ""))
    return out
