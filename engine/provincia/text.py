"""Words for players: actions for menus, prompts, and events for the log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import HIDDEN, LogLine

from . import events as ev
from .actions import (
    ACTIONS,
    Accept,
    Activate,
    Aediles,
    ChooseDeck,
    Destroy,
    Discard,
    Done,
    Exchange,
    Keep,
    Order,
    Pick,
    Play,
    Take,
    Target,
    Token,
    Trade,
)
from .battle import foreseen, stack, strength
from .build import destroy_options, discounted
from .data import (
    AEDIFICIA,
    BATTLE_ROUNDS,
    BELLA,
    CARDS,
    CITIES,
    CLAY,
    COMMERCIUM_PAY,
    COMMERCIUM_TAKE,
    DECK_NAMES,
    END_GOLD_PER_PP,
    GOLD,
    HAND_LIMIT,
    HORREUM,
    OPES,
    RESOURCE_NAMES,
    STORAGE_WITH_HORREUM,
    STORAGE_WITHOUT_HORREUM,
    TAX_FAIL_PP,
    TAX_GOLD,
    TOKEN_VALUES,
    TOKENS_PER_COLOUR,
    TRADE_GOLD,
    Aedificium,
    Res,
    Spqr,
)
from .state import ACTIVATE, BATTLE, FINAL, OVER, PHASE_NAMES, PLAY, SELECT, State
from .upkeep import CORRUPTIO, taxed

DECK_GLOSS = ("resources at once; you get the Quaestor's share", "Senate cards", "buildings")
"""What each deck holds, in the rulebook's words (Opes: Production, SPQR:
Senate, Aedificium: Buildings): the Latin names alone told a new player
nothing (issue 28 walk-through)."""


def amount(r: Res) -> str:
    parts = [f"{n} {RESOURCE_NAMES[i]}" for i, n in enumerate(r) if n]
    return ", ".join(parts) if parts else "nothing"


def amount_and(r: Res) -> str:
    """What is received, in words: "1 Wood and 1 Stone" ("1 Wood, 1 Stone"
    read as a list of prices)."""
    parts = amount(r).split(", ")
    return " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)


def card_name(c: int | None) -> str:
    if c is None or c == HIDDEN:
        return "a face-down card"
    return CARDS[c].name


def seat_name(s: State, seat: int) -> str:
    return CITIES[s.players[seat].city].name


def token_name(t: int) -> str:
    """A battle token: "+2 red"; the "+1" with the coin each city is dealt
    at setup (rulebook L91) is its "start token": "(coin)" explained
    nothing to a player who had never seen the printed token (fix 36b)."""
    colour = CITIES[t // TOKENS_PER_COLOUR].colour
    v = TOKEN_VALUES[t % TOKENS_PER_COLOUR]
    coin = " (start token)" if t % TOKENS_PER_COLOUR == 0 else ""
    return f"{v:+d} {colour}{coin}"


ORDINALS = ("1st", "2nd", "3rd")


def order_text(s: State, card: int) -> str:
    """Consuetudo's put-back: where the card goes. The first card put back
    is the top of the deck (drawn first), the next under it: "Put X next
    on the deck" left a player guessing which end "next" was."""
    pd = s.pending[-1] if s.pending else None
    placed = len(pd.data.placed) if pd is not None and pd.kind == "consuetudo_order" else 0
    name = CARDS[card].name
    if not placed:
        return f"Put {name} on top of the deck"
    nth = ORDINALS[placed] if placed < len(ORDINALS) else f"{placed + 1}th"
    return f"Put {name} {nth} from the top of the deck"


def describe(s: State, a: tuple) -> str:
    match ACTIONS.typed(a):
        case ChooseDeck(deck=d):
            return f"Draw from the {DECK_NAMES[d]} deck ({DECK_GLOSS[d]})"
        case Pick(slot=slot):
            return _describe_pick(s, slot)
        case Play(card=card, pay=pay):
            c = CARDS[card]
            if isinstance(c, Aedificium):
                cost = discounted(c.cost, pay)
                return (f"Build {c.name} for {amount(cost)} (+{c.award} PP)"
                        + gold_warning(s, cost[GOLD]))
            if c.any_three:
                return f"Play {c.name} paying {amount((*pay, 0))}" + senate_gain(s, c)
            return (f"Play {c.name}" + (f" for {amount(c.cost)}" if any(c.cost) else "")
                    + (praetor_gain(s) if c.effect == "praetor"
                       else senate_gain(s, c) + gold_warning(s, c.cost[GOLD])))
        case Trade(resource=r):
            return f"Trade 2 Gold for 1 {RESOURCE_NAMES[r]}" + gold_warning(s, TRADE_GOLD)
        case Exchange():
            return "Exchange 1 Clay for 1 Wood and 1 Stone (Commercium)"
        case Done():
            return {SELECT: "Pass", PLAY: "End your turn" + limit_warning(s),
                    FINAL: "End your final turn",
                    ACTIVATE: "Done activating"}.get(s.phase, "Done")
        case Token(token=t):
            return f"Play battle token {token_name(t)}: {token_effect(s, t)}"
        case Target(seat=seat):
            return f"Target {seat_name(s, seat)}"
        case Destroy(card=card, active=active):
            state = " (active)" if active else " (inactive)"
            b = AEDIFICIA[card]
            lost = destroy_loss(s, card, active)
            return (f"Destroy {b.name}{state if b.inactive else ''} (-{b.award} PP)"
                    + (f": {lost}" if lost else ""))
        case Aediles():
            return "Play Aediles to save the building" + (
                " (2 Gold)" if s.pending and s.pending[-1].kind == "coniuratio_react" else "")
        case Accept():
            return "Let the building be destroyed"
        case Take(card=card):
            return f"Take {CARDS[card].name} into your hand{take_note(s, card)}"
        case Order(card=card):
            return order_text(s, card)
        case Keep():
            return "Put the rest back as listed, top first"
        case Discard(card=card):
            return f"Discard {CARDS[card].name}"
        case Activate(card=card):
            return (f"Activate {CARDS[card].name} (1 PP): {activation_gain(AEDIFICIA[card])}"
                    + no_battle_left(s, AEDIFICIA[card]))
    return " ".join(map(str, a))


def tax_warning(s: State, gold: int) -> str:
    """A Play Cards choice that spends the seat's last Gold before this
    round's tax (Phase 4: 1 Gold, else -2 PP): " — leaves no Gold for the
    tax (-2 PP)". Nothing brings Gold back between Play Cards and the tax,
    and no tax follows the final turn."""
    if s.phase != PLAY or not s.queue or not gold:
        return ""
    pl = s.players[s.queue[0]]
    if taxed(pl) and pl.res[GOLD] >= TAX_GOLD > pl.res[GOLD] - gold:
        return f" — leaves no Gold for the tax (-{TAX_FAIL_PP} PP)"
    return ""


def limit_warning(s: State) -> str:
    """Ending a Play Cards turn with more than 5 cards in hand: the discard
    that follows at the phase's end (rulebook L175), said before it
    ("End your turn" led to a discard nobody had announced, fix 36b)."""
    if s.phase != PLAY or not s.queue:
        return ""
    over = len(s.players[s.queue[0]].hand) - HAND_LIMIT
    if over <= 0:
        return ""
    return f" — then discard {over} card{'s' if over > 1 else ''} (hand limit {HAND_LIMIT})"


def gold_warning(s: State, gold: int) -> str:
    """What spending ``gold`` costs beyond its price: this round's tax, or,
    on the final turn, the Prestige that Gold would have made at the end."""
    return tax_warning(s, gold) or end_gold_warning(s, gold)


def end_gold_warning(s: State, gold: int) -> str:
    """On the final turn, Gold left over becomes 1 PP for every 3 (rulebook
    L311): a spend that takes a PP from it says so (" — 1 PP less at the
    end (3 Gold = 1 PP)"). With 4 Gold, "Trade 2 Gold for 1 Wood" quietly
    cost 1 PP (fix 36b walk)."""
    if s.phase != FINAL or not s.queue or not gold:
        return ""
    have = s.players[s.queue[0]].res[GOLD]
    lost = have // END_GOLD_PER_PP - max(0, have - gold) // END_GOLD_PER_PP
    if not lost:
        return ""
    return f" — {lost} PP less at the end ({END_GOLD_PER_PP} Gold = 1 PP)"


SENATE_GAINS = {
    "architectus": "every building 1 Clay, Wood or Stone cheaper",
    "concussio": "an opponent pays 1 Gold tax every round",
    "coniuratio": "an opponent loses a building",
    "consuetudo": "take 1 of the top 10 Aedificium cards",
    "corruptio": "you never pay taxes again",
}
"""What a Senate card gives, in a few words, where the amount is fixed;
Gloria, Patronus, the Defense cards and Commercium are worded by
``senate_gain`` from their values and the player's holdings."""


def _mover(s: State) -> int | None:
    """The seat whose Play Cards turn it is, if any."""
    return s.queue[0] if s.phase in (PLAY, FINAL) and s.queue else None


def senate_gain(s: State, c: Spqr) -> str:
    """What playing Senate card ``c`` gains, for its label: " (+2 Wood)",
    " (+6 PP at game end)"; a Commercium that cannot exchange anything now
    (no Clay, or one already in effect this turn) says it gains nothing."""
    if c.effect == "patronus":
        return f" (+{c.value} Wood)"
    if c.effect == "defense":
        if not battle_ahead(s):
            return f" (+{c.value} Defense — no battle left: gains nothing)"
        return f" (+{c.value} Defense)"
    if c.effect == "gloria":
        return gloria_gain(s, c)
    if c.effect == "commercium":
        return commercium_gain(s)
    if c.effect == "corruptio":
        return corruptio_gain(s)
    gain = SENATE_GAINS.get(c.effect)
    return f" ({gain})" if gain else ""


def corruptio_gain(s: State) -> str:
    """Corruptio spares every tax to come: nothing for a seat with one in
    play already (it stays, and there are two), nor for one a Concussio
    taxes for good (rulebook: "even if he is protected by a Praetor or
    Corruptio card"). The second read "(you never pay taxes again)" and was
    marked playable (fix 36b walk)."""
    seat = _mover(s)
    if seat is not None:
        pl = s.players[seat]
        if CORRUPTIO in pl.spqr:
            return " (gains nothing: Corruptio already in play)"
        if pl.concussio:
            return " (gains nothing: Concussio taxes you all the same)"
    return f" ({SENATE_GAINS['corruptio']})"


def gloria_gain(s: State, c: Spqr) -> str:
    """A Gloria's PP at the game's end; only the highest Gloria counts, so
    one below a Gloria already in play adds nothing."""
    seat = _mover(s)
    held = [CARDS[k].value for k in s.players[seat].spqr
            if CARDS[k].effect == "gloria"] if seat is not None else []
    best = max(held, default=0)
    if best >= c.value:
        return f" (adds nothing: your Gloria with +{best} PP counts)"
    more = f", {c.value - best} more than now" if best else ""
    return f" (+{c.value} PP at game end{more})"


def commercium_gain(s: State) -> str:
    """Commercium lets the seat exchange 1 Clay for 1 Wood and 1 Stone this
    turn (as often as it likes): nothing without Clay, nor a second time."""
    seat = _mover(s)
    if seat is not None and s.commerce:
        return " (gains nothing: already in effect this turn)"
    if seat is not None and s.players[seat].res[CLAY] < COMMERCIUM_PAY[CLAY]:
        return " (gains nothing now: no Clay to exchange)"
    return f" (then exchange {amount(COMMERCIUM_PAY)} for {amount_and(COMMERCIUM_TAKE)})"


def battle_ahead(s: State) -> bool:
    """Whether a battle is still to come: this round's, before its Battle
    phase, or a later round's (none after round 6's, none on the final
    turn). A Legio played on the final turn read "(+1 Defense)"."""
    if s.phase >= FINAL:
        return False
    return any(r > s.round or (r == s.round and s.phase <= BATTLE) for r in BATTLE_ROUNDS)


def no_battle_left(s: State, b: Aedificium) -> str:
    """An activation whose Defense or Military only counts in a battle, after
    the game's last battle: " — no battle left" (and, where that is all it
    gives, that it costs 1 PP for nothing)."""
    if not (b.activate_defense or b.military) or any(r > s.round for r in BATTLE_ROUNDS):
        return ""
    if any(b.on_activate) or b.activate_morale or any(b.produce):
        return " — no battle left"
    return " — no battle left: gains nothing"


def take_note(s: State, c: int) -> str:
    """A card offered by Consuetudo, with its price and PP (and, for a
    unique building the seat has built or one for the other kind of city,
    that it cannot be built: "Take Pons" for a Portus city had no ✗)."""
    card = CARDS[c]
    if not isinstance(card, Aedificium):
        return ""
    note = f" ({amount(card.cost)}; +{card.award} PP)"
    seat = s.pending[-1].seat if s.pending else None
    if seat is None:
        return note
    city = CITIES[s.players[seat].city]
    if card.access and city.access != card.access:  # as the hand and the draft row say
        note += f" — {city.access} city: never built"
    elif card.unique and s.players[seat].has_built(c):
        note += " — unique, already built"
    return note


def praetor_gain(s: State) -> str:
    """What Praetor spares this round: the 1 Gold tax, or the 2 PP of a
    tax that could not be paid; nothing under Corruptio or a Concussio."""
    if s.phase != PLAY or not s.queue:
        return ""
    pl = s.players[s.queue[0]]
    if pl.concussio:
        return " (spares no tax: Concussio makes you pay)"
    if not taxed(pl):
        return " (spares nothing: you pay no tax this round)"
    if pl.res[GOLD] >= TAX_GOLD:
        return f" (no tax this round: keeps {TAX_GOLD} Gold)"
    return f" (no tax this round: no -{TAX_FAIL_PP} PP)"


def token_effect(s: State, t: int) -> str:
    """What a battle token does to the city of its colour, and the Gauls it
    meets: "you 5→6, Gauls 3-4" (before the others' tokens; the range is
    the round's Bellum stack, as every seat knows it)."""
    city = t // TOKENS_PER_COLOUR
    who = next((p for p in range(s.n) if s.players[p].city == city), None)
    gauls = gauls_range(s)
    if who is None:  # a colour nobody plays (never dealt): it counts for no one
        return f"counts for no city, Gauls {gauls}"
    base = strength(s.players[who])
    name = "you" if who == (s.queue[0] if s.queue else None) else seat_name(s, who)
    after = base + TOKEN_VALUES[t % TOKENS_PER_COLOUR]
    return f"{name} {base}→{after}, Gauls {gauls}"


def gauls_range(s: State, rnd: int | None = None) -> str:
    """The Gauls' strength this round (or ``rnd``'s) as far as the seats
    know: "4", or "3-4" while the Bellum card is face down."""
    attacks = sorted({BELLA[c].attack for c in stack(s, s.round if rnd is None else rnd)})
    if not attacks:
        return "?"
    return str(attacks[0]) if len(attacks) == 1 else f"{attacks[0]}-{attacks[-1]}"


KIND_WORDS = {"production": "Production", "defense": "Defense", "morale": "Morale",
              "prestige": "Prestige"}


def part_text(part: tuple) -> str:
    """One part of a Bellum penalty as the card prints it."""
    kind, value = part
    if kind == "destroy":
        kinds = " or ".join(KIND_WORDS[k] for k in value.split(" or "))
        return f"destroy 1 {kinds} building"
    if kind == "lose_pp":
        return f"lose {value} PP"
    if kind == "lose_morale":
        return f"lose {value} Morale"
    return f"lose {amount(value)}"


def bellum_text(card: int) -> str:
    """A Bellum card's penalty as printed: "destroy 1 Defense building /
    destroy 1 Production building" (pay the first you can), parts that all
    apply joined by "and", a card printing "A or B" so."""
    b = BELLA[card]
    if b.either:  # "Destroy 1 Production or Defense Building" (L253)
        return part_text(("destroy", " or ".join(alt[0][1] for alt in b.penalty)))
    return " / ".join(" and ".join(part_text(p) for p in alt) for alt in b.penalty)


def foreseen_text(s: State, seat: int, card: int) -> str:
    """What ``seat`` would lose to Bellum ``card`` as things stand: its own
    buildings named ("lose Horreum or Stabulum", the loser choosing), or
    the amounts; "lose 3 Gold" or "lose 2 PP" where nothing printed can be
    paid."""
    out = []
    for part in foreseen(s, seat, card):
        if part[0] == "destroy":
            names = dict.fromkeys(CARDS[d.card].name for d in
                                  destroy_options(s.players[seat].built, part[1], s.options))
            out.append("lose " + " or ".join(names))
        else:
            out.append(part_text(part))
    return " and ".join(out)


def destroy_loss(s: State, card: int, active: bool) -> str:
    """What a building takes with it besides its PP (economy.destroy_building:
    every benefit it gave), in words for the Destroy label: "storage 9→5,
    2 Wood lost" for the Horreum (the goods held above 5 go back to the
    supply), "no more +1 Morale a round", "Military -1". One-time gains stay."""
    b = AEDIFICIA[card]
    out = []
    if b.storage:
        out.append(f"storage {STORAGE_WITH_HORREUM}→{STORAGE_WITHOUT_HORREUM}")
        owner = building_owner(s)
        if owner is not None:
            held = s.players[owner].res
            over = tuple(max(0, held[r] - STORAGE_WITHOUT_HORREUM) if r != GOLD else 0
                         for r in range(4))
            out.append(f"{amount(over)} lost" if any(over) else "nothing held above it")
    if b.inactive and not active:
        return ", ".join(out)
    if any(b.produce):
        out.append(f"no more {amount(b.produce)} a round")
    if b.morale_per_round:
        out.append(f"no more +{b.morale_per_round} Morale a round")
    if b.military:
        out.append(f"Military -{b.military}")
    if b.discount:
        out.append("no more discount")
    return ", ".join(out)


def building_owner(s: State) -> int | None:
    """The seat whose building a Destroy answer takes: the loser of a
    battle, or the target of a Coniuratio (whose player chooses)."""
    if not s.pending:
        return None
    pd = s.pending[-1]
    return pd.data.target if pd.kind == "coniuratio_pick" else pd.seat


def activation_gain(b: Aedificium) -> str:
    """What activating an inactive building gives at once ("+1 Gold, +1
    Morale"), then what it does while active (its production, Military)."""
    parts = [f"+{n} {RESOURCE_NAMES[i]}" for i, n in enumerate(b.on_activate) if n]
    parts += [f"+{b.activate_morale} Morale"] if b.activate_morale else []
    parts += [f"+{b.activate_defense} Defense"] if b.activate_defense else []
    if any(b.produce):
        parts.append(f"then {amount(b.produce)} a round")
    if b.military:
        parts.append(f"Military +{b.military}")
    return ", ".join(parts) or "it works from now on"


def _describe_pick(s: State, slot: int) -> str:
    dr = s.draft
    h = dr.slots[slot] if dr and 0 <= slot < len(dr.slots) else None
    if h is None:
        return f"Take card {slot + 1}"
    if dr.face_up[slot] or h.card != HIDDEN:
        face = "" if dr.face_up[slot] else " (face down, you saw it)"
        return f"Take {_card_long(s, h.card, dr.chooser)}{face}"
    return "Take a face-down card"


def _card_long(s: State, c: int, chooser: int) -> str:
    """An Opes card with what the one taking it now gets, and nothing else
    for anyone else: each taker gets only the share of the card they take
    (rulebook L139-149, L319-325). "2 Gold for you; 2 Gold to the
    Quaestor" read as a transfer to the Quaestor (fix 36b walk). The
    chooser also learns what the same card would give another taker,
    worded so it cannot read as given away."""
    card = CARDS[c]
    if s.draft and s.draft.deck == OPES:
        picker = s.draft.pickers[0] if s.draft.pickers else chooser
        if picker == chooser:
            return f"{card.name} ({amount(card.quaestor)}; "\
                f"another taker would get {amount(card.others)})"
        return f"{card.name} ({amount(card.others)})"
    return card.name


def prompt(s: State) -> str:
    if s.phase == OVER:
        return "The game is over."
    if s.pending:
        pd = s.pending[-1]
        who = seat_name(s, pd.seat)
        # pd.data is a record of its kind's own (engine/provincia/state.py)
        if pd.kind == "coniuratio_pick":
            return f"{who}: choose the building {seat_name(s, pd.data.target)} loses"
        if pd.kind == "coniuratio_react":
            return (f"{who}: a Coniuratio destroys your {card_name(pd.data.card)};"
                    " play Aediles for 2 Gold?")
        if pd.kind == "penalty":
            return f"{who}: the Gauls destroy one of your {pd.data.building} buildings"
        return {
            "target": f"{who}: choose the opponent to target",
            "consuetudo_take": f"{who}: take one of the top Aedificium cards",
            "consuetudo_order": f"{who}: put the other cards back in any order",
            "discard": f"{who}: discard down to 5 cards" + horreum_kept(s, pd.seat),
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


def horreum_kept(s: State, seat: int) -> str:
    """The hand-limit prompt says why a Horreum in hand is not offered
    (the rulebook's Horreum: "You cannot discard your Horreum")."""
    held = any(h.card == HORREUM for h in s.players[seat].hand)
    return " (you cannot discard your Horreum)" if held else ""


Part = tuple[str, int | None]


def _parts(*pieces: str | Part) -> tuple[Part, ...]:
    """Log line parts: plain strings refer to no seat; ``seat(s, p)`` does."""
    out: list[Part] = []
    for p in pieces:
        if isinstance(p, str):
            if out and out[-1][1] is None:
                out[-1] = (out[-1][0] + p, None)
            else:
                out.append((p, None))
        else:
            out.append(p)
    return tuple(out)


def seat(s: State, p: int) -> Part:
    """A reference to seat ``p``, shown as its city."""
    return (seat_name(s, p), p)


def _round(s: State, e: ev.RoundBegins) -> tuple[Part, ...]:
    return _parts(f"Round {e.round} begins.")


def _phase(s: State, e: ev.PhaseBegins) -> tuple[Part, ...]:
    return _parts(f"Phase: {PHASE_NAMES[e.phase]}.")


def _deck(s: State, e: ev.DeckChosen) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), f" chooses the {DECK_NAMES[e.deck]} deck.")


def _layout(s: State, e: ev.LaidOut) -> tuple[Part, ...]:
    shown = ", ".join(card_name(c) for c in e.face_up)
    return _parts(f"Laid out: {shown} and {e.face_down} face down.")


def _pick(s: State, e: ev.Picked) -> tuple[Part, ...]:
    c = e.held.card
    if e.face_up or c is None or c == HIDDEN:  # card_name says "a face-down card"
        return _parts(seat(s, e.seat), f" takes {card_name(c)}.")
    return _parts(seat(s, e.seat), f" takes {card_name(c)} from the face-down cards.")


def _opes(s: State, e: ev.OpesTaken) -> tuple[Part, ...]:
    who = "as Quaestor " if e.quaestor else ""
    lost = "" if e.got == e.due else f" ({opes_short(s, e)})"
    return _parts(seat(s, e.seat),
                  f" takes {card_name(e.card)} {who}and receives {amount(e.got)}{lost}.")


def opes_short(s: State, e: ev.OpesTaken) -> str:
    """Why an Opes card gave less than its share: "no room for 1 Wood:
    storage full" ("1 Wood due" read as a debt), or the supply out of it."""
    missing = tuple(d - g for d, g in zip(e.due, e.got, strict=True))
    pl = s.players[e.seat]
    if not missing[GOLD] and all(pl.res[r] >= pl.storage for r in range(GOLD) if missing[r]):
        return f"no room for {amount(missing)}: storage full"
    return f"{amount(missing)} not received: no room or the supply ran out"


def _leftovers(s: State, e: ev.Leftovers) -> tuple[Part, ...]:
    return _parts(f"Discarded: {', '.join(card_name(c) for c in e.cards)}.")


def _reshuffle(s: State, e: ev.Reshuffled) -> tuple[Part, ...]:
    return _parts(f"The {DECK_NAMES[e.deck]} discard pile is shuffled into a new deck.")


def _build(s: State, e: ev.Built) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), f" builds {card_name(e.card)} for {amount(e.cost)}.")


def _senate(s: State, e: ev.SenatePlayed) -> tuple[Part, ...]:
    paid = f" for {amount(e.cost)}." if any(e.cost) else "."
    return _parts(seat(s, e.seat), f" plays {card_name(e.card)}{paid}")


def _trade(s: State, e: ev.Traded) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), f" trades 2 Gold for {amount(e.got)}.")


def _exchange(s: State, e: ev.Exchanged) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), f" exchanges {amount(e.paid)} for {amount_and(e.got)}.")


def _gain(s: State, e: ev.Gained) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), f" receives {amount(e.got)}.")


def _target(s: State, e: ev.Targeted) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), " targets ", seat(s, e.target),
                  f" with {card_name(e.card)}.")


def _destroyed(s: State, e: ev.Destroyed) -> tuple[Part, ...]:
    by = "the Gauls" if e.cause == "gauls" else "a Coniuratio"
    return _parts(seat(s, e.seat), f" loses {card_name(e.card)} to {by}; it returns to hand.")


def _saved(s: State, e: ev.Saved) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), " plays Aediles: no building is destroyed.")


def _consuetudo(s: State, e: ev.ConsuetudoTaken) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat),
                  f" takes {card_name(e.held.card)} from the Aedificium deck.")


def _deck_order(s: State, e: ev.DeckOrdered) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), f" puts {e.count} cards back on the Aedificium deck.")


def _hand_discard(s: State, e: ev.HandDiscarded) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), f" discards {card_name(e.card)} (hand limit).")


def _token_played(s: State, e: ev.TokenPlaced) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), " places a battle token face down.")


def _tokens(s: State, e: ev.TokensRevealed) -> tuple[Part, ...]:
    shown = ", ".join(token_name(t) for t in e.tokens) or "none"
    return _parts(f"The mixed battle tokens are revealed: {shown}.")


def _bellum(s: State, e: ev.BellumRevealed) -> tuple[Part, ...]:
    b = BELLA[e.card]
    return _parts(f"The Gauls attack with strength {b.attack} (Bellum {b.name}).")


def _battle(s: State, e: ev.Fought) -> tuple[Part, ...]:
    verdict = "holds" if e.won else "falls"
    return _parts(seat(s, e.seat), f" fights with {e.total} against {e.attack} and {verdict}.")


def _lose(s: State, e: ev.Lost) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), f" loses {amount(e.amount)}.")


def _morale_lost(s: State, e: ev.MoraleLost) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), f" loses {e.amount} Morale.")


def _pp(s: State, e: ev.PrestigeChanged) -> tuple[Part, ...]:
    verb = "gains" if e.delta > 0 else "loses"
    return _parts(seat(s, e.seat), f" {verb} {abs(e.delta)} PP ({e.reason}).")


def _overflow(s: State, e: ev.Overflowed) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), f" cannot store {amount(e.lost)}; it is lost.")


TAX_WORDS = {"paid": " pays 1 Gold in taxes.", "exempt": " pays no taxes this round.",
             "unpaid": " cannot pay taxes."}


def _tax(s: State, e: ev.Taxed) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), TAX_WORDS[e.how])


TRACK_WHY = {"upkeep": " (upkeep)", "buildings": " from its buildings", "activation": ""}


def _track(s: State, e: ev.TrackChanged) -> tuple[Part, ...]:
    """"Massilia loses 1 Morale and 1 Defense (upkeep)." """
    moved = [(n, word) for n, word in ((e.morale, "Morale"), (e.defense, "Defense")) if n]
    gains = [f"{n} {word}" for n, word in moved if n > 0]
    losses = [f"{-n} {word}" for n, word in moved if n < 0]
    said = " and ".join(part for part in (
        "gains " + " and ".join(gains) if gains else "",
        "loses " + " and ".join(losses) if losses else "") if part)
    return _parts(seat(s, e.seat), f" {said}{TRACK_WHY.get(e.why, '')}.")


def _activate(s: State, e: ev.Activated) -> tuple[Part, ...]:
    got = f" and receives {amount(e.got)}" if any(e.got) else ""
    return _parts(seat(s, e.seat), f" activates {card_name(e.card)}{got}.")


def _produce(s: State, e: ev.Produced) -> tuple[Part, ...]:
    # no possessive: the log names the player's city "Tolosa (You)"
    return _parts(f"Buildings produce {amount(e.got)} for ", seat(s, e.seat), ".")


def _caesar(s: State, e: ev.CaesarPassed) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), " takes the Caesar card.")


def _end(s: State, e: ev.GameEnds) -> tuple[Part, ...]:
    names: list[str | Part] = []
    for i, p in enumerate(e.winners):
        names += [", "] if i else []
        names.append(seat(s, p))
    return _parts("The game ends. Winner: ", *names, ".")


def _no_deck(s: State, e: ev.NoDeck) -> tuple[Part, ...]:
    return _parts(seat(s, e.seat), " has no deck to choose.")


LINES: dict[str, Callable[[State, Any], tuple[Part, ...]]] = {
    "round": _round, "phase": _phase, "deck": _deck, "layout": _layout, "pick": _pick,
    "opes": _opes, "leftovers": _leftovers, "reshuffle": _reshuffle, "build": _build,
    "senate": _senate, "trade": _trade, "exchange": _exchange, "gain": _gain,
    "target": _target, "destroyed": _destroyed, "saved": _saved, "consuetudo": _consuetudo,
    "deck_order": _deck_order, "hand_discard": _hand_discard, "token_played": _token_played,
    "tokens": _tokens, "bellum": _bellum, "battle": _battle, "lose": _lose, "pp": _pp,
    "morale_lost": _morale_lost, "track": _track,
    "overflow": _overflow, "tax": _tax, "activate": _activate, "produce": _produce,
    "caesar": _caesar, "end": _end, "no_deck": _no_deck,
}
"""The log line of each kind of event; "pass" is bookkeeping and has none."""


def log_line(s: State, e: tuple) -> LogLine | None:
    """The event as a structured log line, built from its fields: every seat
    it names is its own part; the start of a round (a chapter) is a heading."""
    line = LINES.get(e[0]) if e else None
    if line is None:
        return None
    e = ev.EVENTS.typed(e)
    return LogLine(line(s, e), heading=isinstance(e, ev.RoundBegins))


def event_text(s: State, e: tuple) -> str | None:
    """A sentence for the log, or None for bookkeeping events."""
    line = log_line(s, e)
    return None if line is None else line.text
