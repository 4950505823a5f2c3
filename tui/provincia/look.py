"""How Provincia Romana looks in text: seat colours and letters, resources,
card costs and each card's full text.

Everything returns Textual content markup, so the theme variables (the
app's ``$seat-orange`` …, this game's ``$provincia-clay`` …) colour it and a
16-colour terminal still tells the seats apart by their letters. Only the
game's own text goes in here; players' names join it as template values
(``tui.widgets.untrusted.markup``).
"""

from __future__ import annotations

from textual.markup import escape

from engine.core import ALL_SEATS, HIDDEN, Held
from engine.match import Seat
from engine.provincia.data import (
    AEDIFICIA,
    CARDS,
    CITIES,
    COMMERCIUM_PAY,
    COMMERCIUM_TAKE,
    RESOURCE_NAMES,
    TOKEN_VALUES,
    TOKENS_PER_COLOUR,
    Aedificium,
    Opes,
    Res,
    Spqr,
)
from engine.provincia.state import State
from tui.widgets.seats import SeatLook

# One letter per resource for tight spots (costs in lists); always shown with
# the resource's own colour so the letter and the colour say the same thing.
RES_LETTER = ("C", "W", "S", "G")
RES_VAR = ("$provincia-clay", "$provincia-wood", "$provincia-stone", "$provincia-gold")
# The theme variables those name (``ProvinciaUI.variables``; a game's own
# variables start with its id so no other game's can clash with them). In 16
# colours they are dark red, dark green, dark yellow and grey: the seats take
# the six bright hues (and magenta and blue), so a resource never shows in a
# seat's colour there (Clay was Forum Julii's bright red, Gold Arelate's
# yellow). Wood's former sage green came out the same grey as Stone.
RES_COLOURS = {"provincia-clay": "#b22222", "provincia-wood": "#60a838",
               "provincia-stone": "#a8a8a8", "provincia-gold": "#d0a830"}
KIND_NAMES = {
    "production": "Production building",
    "defense": "Defense building",
    "morale": "Morale building",
    "prestige": "Prestige building",
}


def looks(state: State, seats: tuple[Seat, ...]) -> tuple[SeatLook, ...]:
    """Colour, letter, city and owner of every seat."""
    out = []
    for i, seat in enumerate(seats):
        city = CITIES[state.players[i].city]
        out.append(SeatLook(seat=i, name=seat.name, label=city.name, colour=city.colour,
                            letter=city.letter, kind=seat.kind, strength=seat.strength))
    return tuple(out)


def badge(look: SeatLook) -> str:
    """The seat's letter on its colour: readable without colour, too."""
    return f"[reverse $seat-{look.colour}] {look.letter} [/]"


def tight_badge(look: SeatLook) -> str:
    """The badge without its padding, for a row of seats on a narrow border."""
    return f"[reverse $seat-{look.colour}]{look.letter}[/]"


def city(look: SeatLook) -> str:
    """The city name in its colour, with the letter. (Never the owner's
    name: that is a person's text, put in only as a template value.)"""
    return f"[b $seat-{look.colour}]{look.letter}·{escape(look.label)}[/]"


def res_short(r: Res, zero: str = "free") -> str:
    """A cost in one-letter form: ``[C]2 [W]1``."""
    parts = [f"[{RES_VAR[i]}]{n}{RES_LETTER[i]}[/]" for i, n in enumerate(r) if n]
    return " ".join(parts) if parts else f"[dim]{zero}[/]"


def res_long(r: Res, zero: str = "nothing") -> str:
    parts = [f"[{RES_VAR[i]}]{n} {RESOURCE_NAMES[i]}[/]" for i, n in enumerate(r) if n]
    return ", ".join(parts) if parts else zero


def resource(i: int, have: int, cap: int | None = None) -> str:
    """One holding: ``Clay 3/9``; full storage is bold so it is noticed."""
    label = f"[{RES_VAR[i]}]{RESOURCE_NAMES[i]}[/]"
    if cap is None:
        return f"{label} {have}"
    held = f"[b]{have}[/]" if have >= cap else str(have)
    return f"{label} {held}[dim]/{cap}[/]"


def card_line(c: int) -> str:
    """Name, cost and prestige on one line for lists."""
    card = CARDS[c]
    if isinstance(card, Aedificium):
        return f"{escape(card.name)}  {res_short(card.cost)}  [b]{card.award}pp[/]"
    if isinstance(card, Spqr):
        cost = "3 res." if card.any_three else res_short(card.cost)
        return f"{escape(card.name)}  {cost}"
    return escape(card.name)


_SPQR_TEXT = {
    "aediles": "Reaction, never on your turn: when you lose a battle (free) or are the "
               "target of a Coniuratio (2 Gold), one of your buildings is not destroyed.",
    "architectus": "Stays in play: every Aedificium you build costs 1 Clay, Wood or Stone "
                   "less. Does not combine with Carchesium.",
    "commercium": "This turn, exchange {pay} for {take} as often as you like.",
    "concussio": "Stays in play: choose an opponent; they pay 1 Gold tax every round, "
                 "even with a Praetor or Corruptio.",
    "coniuratio": "Choose an opponent and one of their buildings: it goes back to their hand.",
    "consuetudo": "Look at the top 10 Aedificium cards, take 1 into your hand and put the "
                  "rest back in the order you choose.",
    "defense": "Raise your Defense by {value}.",
    "corruptio": "Pay 3 resources of your choice (Clay, Wood, Stone). Stays in play: you "
                 "never pay taxes again.",
    "gloria": "Stays in play: +{value} PP at the end of the game. Only your highest "
              "Gloria counts.",
    "patronus": "Receive {value} Wood.",
    "praetor": "You pay no taxes this round.",
}


_SPQR_BRIEF = {
    "aediles": "Reaction: save a building (a lost battle free, a Coniuratio 2 Gold).",
    "architectus": "Stays: each build 1 Clay, Wood or Stone less; not with Carchesium.",
    "commercium": "This turn: {pay} → {take}, as often as you like.",
    "concussio": "Stays: a rival pays 1 Gold tax every round.",
    "coniuratio": "A rival's building goes back to their hand.",
    "consuetudo": "Take 1 of the top 10 Aedificium cards.",
    "defense": "+{value} Defense.",
    "corruptio": "Stays: you never pay taxes again.",
    "gloria": "+{value} PP at the end (best Gloria only).",
    "patronus": "Receive {value} Wood.",
    "praetor": "No tax this round.",
}


def card_brief(c: int) -> str:
    """What a card does in the fewest words, for a detail of two or three
    lines (the draft at 80×24): the whole text there ended in "costs 1
    Clay, Wood or …" and "+1 Military in every battl…". Its cost and PP
    are on the card's row; ``?`` and Tab give the whole text."""
    card = CARDS[c]
    if isinstance(card, Opes):  # "Others:…" was cut at 120×40
        return (f"Quaestor (the chooser) {res_short(card.quaestor)}; "
                f"another taker {res_short(card.others)}.")
    if isinstance(card, Spqr):
        return _SPQR_BRIEF[card.effect].format(
            value=card.value, pay=res_short(COMMERCIUM_PAY),
            take=res_short(COMMERCIUM_TAKE))
    return building_brief(card)


def building_brief(b: Aedificium) -> str:
    """A building's effects in short words ("Phase 5: +1S", "+1 Mil a
    battle once active")."""
    out = []
    if b.storage:
        out.append("Holds 9 of each (5 without).")
    if b.inactive:
        got = ([f"+{res_short(b.on_activate)}"] if any(b.on_activate) else []) \
            + ([f"+{b.activate_morale} Morale"] if b.activate_morale else []) \
            + ([f"+{b.activate_defense} Defense"] if b.activate_defense else [])
        out.append("Inactive; activate for 1 PP" + (f": {', '.join(got)}." if got else "."))
    if any(b.produce):
        out.append(f"Phase 5: +{res_short(b.produce)} a round.")
    if b.morale_per_round:
        out.append(f"Phase 5: +{b.morale_per_round} Morale a round.")
    if b.military:
        out.append(f"+{b.military} Military a battle" + (" once active." if b.inactive else "."))
    if b.defense_on_play:
        out.append(f"+{b.defense_on_play} Defense when built.")
    if b.discount == "carchesium":
        out.append("Builds 1 resource cheaper (Gold too); not with Architectus.")
    if b.access:
        out.append(f"{b.access} cities only.")
    return " ".join(out)


def card_text(c: int) -> str:
    """Everything a player needs to know about a card, as on the card."""
    card = CARDS[c]
    name = f"[b]{escape(card.name)}[/]"
    if isinstance(card, Opes):
        return (f"{name} — Opes, played at once when taken.\n"
                f"Quaestor (the chooser): {res_long(card.quaestor)}. "
                f"Others: {res_long(card.others)}.")
    if isinstance(card, Spqr):
        cost = "3 resources of your choice" if card.any_three else res_long(card.cost, "free")
        body = _SPQR_TEXT[card.effect].format(
            value=card.value, pay=res_long(COMMERCIUM_PAY),
            take=" and ".join(res_long(COMMERCIUM_TAKE).rsplit(", ", 1)))
        return f"{name} — SPQR · cost {cost}\n{body}"
    return building_text(card)


def building_text(b: Aedificium) -> str:
    lines = [f"[b]{escape(b.name)}[/] — {KIND_NAMES[b.kind]} · cost {res_long(b.cost, 'free')}"
             f" · [b]+{b.award} PP[/] · {'unique' if b.unique else 'copies allowed'}"]
    effects = []
    if b.storage:
        effects.append("Holds 9 of each resource (5 without it).")
    if b.inactive:
        got = []
        if any(b.on_activate):
            got.append(f"take {res_long(b.on_activate)}")
        if b.activate_morale:
            got.append(f"+{b.activate_morale} Morale")
        if b.activate_defense:
            got.append(f"+{b.activate_defense} Defense")
        what = (" and ".join(got) + ".") if got else "it works from then on."
        effects.append(f"Enters play inactive; activate in Phase 5 for 1 PP: {what}")
    if any(b.produce):
        effects.append(f"Phase 5: receive {res_long(b.produce)} each round.")
    if b.morale_per_round:
        effects.append(f"Phase 5: +{b.morale_per_round} Morale each round.")
    if b.military:
        effects.append(f"+{b.military} Military in every battle"
                       + (" once active." if b.inactive else "."))
    if b.defense_on_play:
        effects.append(f"+{b.defense_on_play} Defense when built.")
    if b.discount == "carchesium":
        effects.append("Every Aedificium costs 1 resource less (any, Gold too); "
                       "not with Architectus.")
    if b.access:
        other = "Portus" if b.access == "Pons" else "Pons"
        effects.append(f"Only for {b.access} cities (not {other}).")
    if effects:
        lines.append(" ".join(effects))
    return "\n".join(lines)


def building_name(c: int, active: bool) -> str:
    """A building in a city list: inactive ones dim with a hollow mark."""
    b = AEDIFICIA[c]
    if b.inactive and not active:
        return f"[dim]○{escape(b.name)}[/]"
    return escape(b.name)


def token(t: int) -> str:
    """A battle token: its value, in the colour (and letter) it counts for."""
    c = CITIES[t // TOKENS_PER_COLOUR]
    v = TOKEN_VALUES[t % TOKENS_PER_COLOUR]
    return f"[b $seat-{c.colour}]{v:+d}{c.letter}[/]"


def turned(held: Held) -> int:
    """A Bellum card as the table shows it: ``HIDDEN`` until it is turned at
    its battle. A seat's view hides it already, but the replay of a whole
    game shows the full state, where every card is known from step 0: what
    is face up is read from who has seen it (all seats, once turned), not
    from whether the card is known."""
    return held.card if held.seen == ALL_SEATS else HIDDEN
