"""Words for players: actions for menus, prompts, and events for the log."""

from __future__ import annotations

import re

from engine.core import HIDDEN, Held, LogLine

from .build import discounted
from .data import (
    AEDIFICIA,
    BELLA,
    CARDS,
    CITIES,
    DECK_NAMES,
    OPES,
    RESOURCE_NAMES,
    TOKEN_VALUES,
    TOKENS_PER_COLOUR,
    Aedificium,
    Res,
)
from .state import ACTIVATE, BATTLE, FINAL, OVER, PHASE_NAMES, PLAY, SELECT, State


def amount(r: Res) -> str:
    parts = [f"{n} {RESOURCE_NAMES[i]}" for i, n in enumerate(r) if n]
    return ", ".join(parts) if parts else "nothing"


def card_name(c: int | None) -> str:
    if c is None or c == HIDDEN:
        return "a face-down card"
    return CARDS[c].name


def seat_name(s: State, seat: int) -> str:
    return CITIES[s.players[seat].city].name


def token_name(t: int) -> str:
    colour = CITIES[t // TOKENS_PER_COLOUR].colour
    v = TOKEN_VALUES[t % TOKENS_PER_COLOUR]
    coin = " (coin)" if t % TOKENS_PER_COLOUR == 0 else ""
    return f"{v:+d} {colour}{coin}"


def describe(s: State, a: tuple) -> str:
    kind = a[0]
    if kind == "deck":
        return f"Draw from the {DECK_NAMES[a[1]]} deck"
    if kind == "pick":
        dr = s.draft
        h = dr.slots[a[1]] if dr and 0 <= a[1] < len(dr.slots) else None
        if h is None:
            return f"Take card {a[1] + 1}"
        if dr.face_up[a[1]] or h.card != HIDDEN:
            face = "" if dr.face_up[a[1]] else " (face down, you saw it)"
            return f"Take {_card_long(s, h.card, dr.chooser)}{face}"
        return "Take a face-down card"
    if kind == "play":
        c = CARDS[a[1]]
        if isinstance(c, Aedificium):
            cost = discounted(c.cost, a[2])
            return f"Build {c.name} for {amount(cost)} (+{c.award} PP)"
        if c.any_three:
            return f"Play {c.name} paying {amount((*a[2], 0))}"
        return f"Play {c.name}" + (f" for {amount(c.cost)}" if any(c.cost) else "")
    if kind == "trade":
        return f"Trade 2 Gold for 1 {RESOURCE_NAMES[a[1]]}"
    if kind == "exchange":
        return "Exchange 1 Clay for 1 Wood and 1 Stone (Commercium)"
    if kind == "done":
        return {SELECT: "Pass", PLAY: "End your turn", FINAL: "End your final turn",
                ACTIVATE: "Done activating"}.get(s.phase, "Done")
    if kind == "token":
        return f"Play battle token {token_name(a[1])}"
    if kind == "target":
        return f"Target {seat_name(s, a[1])}"
    if kind == "destroy":
        state = "" if not AEDIFICIA[a[1]].inactive else (" (active)" if a[2] else " (inactive)")
        return f"Destroy {CARDS[a[1]].name}{state}"
    if kind == "aediles":
        return "Play Aediles to save the building" + (
            " (2 Gold)" if s.pending and s.pending[-1].kind == "coniuratio_react" else "")
    if kind == "accept":
        return "Let the building be destroyed"
    if kind == "take":
        return f"Take {CARDS[a[1]].name} into your hand"
    if kind == "order":
        return f"Put {CARDS[a[1]].name} next on the deck"
    if kind == "keep":
        return "Put the rest back in this order"
    if kind == "discard":
        return f"Discard {CARDS[a[1]].name}"
    if kind == "activate":
        return f"Activate {CARDS[a[1]].name} (1 PP)"
    return " ".join(map(str, a))


def _card_long(s: State, c: int, chooser: int) -> str:
    card = CARDS[c]
    if s.draft and s.draft.deck == OPES:
        return f"{card.name} ({amount(card.quaestor)} as Quaestor / {amount(card.others)})"
    return card.name


def prompt(s: State) -> str:
    if s.phase == OVER:
        return "The game is over."
    if s.pending:
        pd = s.pending[-1]
        who = seat_name(s, pd.seat)
        # pd.data means something different for each kind: read it only for its own kind
        if pd.kind == "coniuratio_pick":
            return f"{who}: choose the building {seat_name(s, pd.data[0])} loses"
        if pd.kind == "coniuratio_react":
            return (f"{who}: a Coniuratio destroys your {card_name(pd.data[1])};"
                    " play Aediles for 2 Gold?")
        if pd.kind == "penalty":
            return f"{who}: the Gauls destroy one of your {pd.data[0]} buildings"
        return {
            "target": f"{who}: choose the opponent to target",
            "consuetudo_take": f"{who}: take one of the top Aedificium cards",
            "consuetudo_order": f"{who}: put the other cards back in any order",
            "discard": f"{who}: discard down to 5 cards",
        }[pd.kind]
    seat = s.draft.pickers[0] if s.draft else s.queue[0]
    who = seat_name(s, seat)
    if s.phase == SELECT:
        if s.draft:
            return f"{who}: take one card from the {DECK_NAMES[s.draft.deck]} row"
        return f"{who}: choose a deck to draw from"
    if s.phase in (PLAY, FINAL):
        return f"{who}: play cards, trade, or end your turn"
    if s.phase == BATTLE:
        return f"{who}: choose a battle token, face down"
    if s.phase == ACTIVATE:
        return f"{who}: activate buildings for 1 PP each, or be done"
    return PHASE_NAMES[s.phase]


def event_text(s: State, e: tuple) -> str | None:
    """A sentence for the log, or None for bookkeeping events."""
    kind = e[0]
    name = (lambda p: seat_name(s, p))
    if kind == "round":
        return f"Round {e[1]} begins."
    if kind == "phase":
        return f"Phase: {PHASE_NAMES[e[1]]}."
    if kind == "deck":
        return f"{name(e[1])} chooses the {DECK_NAMES[e[2]]} deck."
    if kind == "layout":
        shown = ", ".join(card_name(c) for c in e[2])
        return f"Laid out: {shown} and {e[3]} face down."
    if kind == "pick":
        h: Held = e[3]
        how = "" if e[4] else " (face down)"
        return f"{name(e[1])} takes {card_name(h.card)}{how}."
    if kind == "opes":
        who = "as Quaestor " if e[4] else ""
        lost = "" if e[3] == e[5] else f" ({amount(e[5])} due)"
        return f"{name(e[1])} takes {card_name(e[2])} {who}and receives {amount(e[3])}{lost}."
    if kind == "leftovers":
        return f"Discarded: {', '.join(card_name(c) for c in e[2])}."
    if kind == "reshuffle":
        return f"The {DECK_NAMES[e[1]]} discard pile is shuffled into a new deck."
    if kind == "build":
        return f"{name(e[1])} builds {card_name(e[2])} for {amount(e[3])}."
    if kind == "senate":
        return f"{name(e[1])} plays {card_name(e[2])}" + (
            f" for {amount(e[3])}." if any(e[3]) else ".")
    if kind == "trade":
        return f"{name(e[1])} trades 2 Gold for {amount(e[3])}."
    if kind == "exchange":
        return f"{name(e[1])} exchanges {amount(e[2])} for {amount(e[3])}."
    if kind == "gain":
        return f"{name(e[1])} receives {amount(e[2])}."
    if kind == "target":
        return f"{name(e[1])} targets {name(e[3])} with {card_name(e[2])}."
    if kind == "destroyed":
        by = "the Gauls" if e[3] == "gauls" else "a Coniuratio"
        return f"{name(e[1])} loses {card_name(e[2])} to {by}; it returns to hand."
    if kind == "saved":
        return f"{name(e[1])} plays Aediles: no building is destroyed."
    if kind == "consuetudo":
        return f"{name(e[1])} takes {card_name(e[2].card)} from the Aedificium deck."
    if kind == "deck_order":
        return f"{name(e[1])} puts {e[2]} cards back on the Aedificium deck."
    if kind == "hand_discard":
        return f"{name(e[1])} discards {card_name(e[2])} (hand limit)."
    if kind == "token_played":
        return f"{name(e[1])} places a battle token face down."
    if kind == "tokens":
        shown = ", ".join(token_name(t) for t in e[1]) or "none"
        return f"The mixed battle tokens are revealed: {shown}."
    if kind == "bellum":
        b = BELLA[e[1]]
        return f"The Gauls attack with strength {b.attack} (Bellum {b.name})."
    if kind == "battle":
        verdict = "holds" if e[4] else "falls"
        return f"{name(e[1])} fights with {e[2]} against {e[3]} and {verdict}."
    if kind == "lose":
        return f"{name(e[1])} loses {amount(e[2])}."
    if kind == "pp":
        return f"{name(e[1])} {'gains' if e[2] > 0 else 'loses'} {abs(e[2])} PP ({e[3]})."
    if kind == "overflow":
        return f"{name(e[1])} cannot store {amount(e[2])}; it is lost."
    if kind == "tax":
        return {"paid": f"{name(e[1])} pays 1 Gold in taxes.",
                "exempt": f"{name(e[1])} pays no taxes this round.",
                "unpaid": f"{name(e[1])} cannot pay taxes."}[e[2]]
    if kind == "activate":
        got = f" and receives {amount(e[3])}" if any(e[3]) else ""
        return f"{name(e[1])} activates {card_name(e[2])}{got}."
    if kind == "produce":
        return f"{name(e[1])}'s buildings produce {amount(e[2])}."
    if kind == "caesar":
        return f"{name(e[1])} takes the Caesar card."
    if kind == "end":
        return "The game ends. Winner: " + ", ".join(name(p) for p in e[1]) + "."
    if kind == "no_deck":
        return f"{name(e[1])} has no deck to choose."
    return None


def log_line(s: State, e: tuple) -> LogLine | None:
    """The event's sentence as a structured log line: each city named in it is
    a part that refers to its seat; a new round is a heading."""
    sentence = event_text(s, e)
    if sentence is None:
        return None
    names = {seat_name(s, p): p for p in range(s.n)}
    parts: list[tuple[str, int | None]] = []
    for piece in re.split("(" + "|".join(re.escape(n) for n in names) + ")", sentence):
        if piece:
            parts.append((piece, names.get(piece)))
    return LogLine(tuple(parts), heading=e[0] == "round")
