"""Phase 3 — Battle (rounds 2, 3, 5 and 6): secret tokens, the Gauls, penalties."""

from __future__ import annotations

from engine.core import ALL_SEATS, Held
from engine.flow import Pending, push, stage

from .actions import AEDILES as SAVE_WITH_AEDILES
from .actions import TOKENS, Aediles, Destroy, Token
from .build import destroy_options, remove_from_hand
from .data import (
    AEDILES,
    BATTLE_FALLBACK_GOLD,
    BATTLE_FALLBACK_PP,
    BATTLE_ROUNDS,
    BELLA,
    GOLD,
    MORALE_MIN,
    SPQR,
    TOKEN_VALUES,
    TOKENS_PER_COLOUR,
    bellum_ids,
)
from .decks import discard
from .economy import can_pay, change_morale, destroy_building, edit, emit, lose_pp, pay
from .events import (
    BellumRevealed,
    Fought,
    Lost,
    MoraleLost,
    PhaseBegins,
    Saved,
    TokenPlaced,
    TokensRevealed,
)
from .readings import OR_IS_CHOICE, chosen, stand_ins, take_copy
from .state import BATTLE, TOKEN_POOL, BattleLine, Penalty, Player, State, put


def enter(w: State) -> None:
    """Step 1: every seat in turn places a token."""
    w.step, w.queue = "tokens", w.order_from(w.caesar)
    emit(w, PhaseBegins(BATTLE))


def legal(s: State) -> list[Token]:
    """One action per token in hand (every token is different)."""
    out: dict[Token, None] = {}
    for h in s.players[s.queue[0]].tokens:
        out.setdefault(TOKENS[h.card], None)
    return list(out)


def act(w: State, a: Token) -> None:
    commit(w, a.token)


def why_illegal(s: State, a: tuple) -> str:
    return "play one of your own battle tokens"


def auto(w: State) -> bool:
    """Tokens (a seat with one left places it unasked), then the reveal and
    every fight in turn. True while a seat must decide; False at the end.

    A table plays the step out (``stage``): the Gauls' strength once the
    Bellum is turned, then each city's battle with its sum and its losses,
    one at a time (a battle whose loser must choose a building ends the
    step there: that position shows it)."""
    if w.step == "tokens":
        if w.queue:
            tokens = w.players[w.queue[0]].tokens
            if len(tokens) > 1:
                return True
            commit(w, tokens[0].card)  # one token left (everyone can count them)
            return auto(w)
        reveal(w)
        stage(w)
    while w.queue:
        seat = w.queue[0]
        w.queue = w.queue[1:]
        fight(w, seat)
        if w.pending:
            return True
        stage(w)
    w.committed = (None,) * w.n
    return False


def commit(w: State, token: int) -> None:
    """Place a token face down; nobody else learns which (INVENTORY D24)."""
    seat = w.queue[0]
    pl = edit(w, seat)
    i = take_copy(w.options, pl.tokens, token)
    pl.tokens = pl.tokens[:i] + pl.tokens[i + 1:]
    w.committed = put(w.committed, seat, Held(token, 1 << seat, TOKEN_POOL))
    w.queue = w.queue[1:]
    emit(w, TokenPlaced(seat))


def reveal(w: State) -> None:
    """Mix the tokens (their order forgets who played them), turn the Bellum."""
    w.revealed = tuple(sorted(h.card for h in w.committed if h is not None))
    w.committed = (None,) * w.n
    emit(w, TokensRevealed(w.revealed))
    i = BATTLE_ROUNDS.index(w.round)
    b = w.bellum[i]
    w.bellum = put(w.bellum, i, Held(b.card, ALL_SEATS, b.pool))
    emit(w, BellumRevealed(b.card))
    w.step, w.queue, w.battle = "fight", w.order_from(w.caesar), ()


def stack(s: State, rnd: int) -> tuple[int, ...]:
    """The Bellum cards the round's face-down card may be: its stack (the
    number on the back, L89) in the edition played. Public: every seat
    knows the stacks, none which card was drawn."""
    return tuple(i for i in bellum_ids(stand_ins(s.options)) if BELLA[i].round == rnd)


def strength(pl: Player) -> int:
    """A city's strength before the battle tokens: Defense + Morale + Military."""
    return pl.defense + pl.morale + pl.military


def foreseen(s: State, seat: int, card: int) -> tuple[tuple, ...]:
    """What ``seat`` would pay, as things stand, on losing to Bellum
    ``card``: the parts ``apply_penalty`` would take (a "destroy" part
    names the kind, the loser choosing among its buildings), or the 3 Gold /
    2 PP fallback. Changes nothing (issue 28: the penalty is shown before
    the token is chosen)."""
    pl = s.players[seat]
    b = BELLA[card]
    if b.either and chosen(s.options, OR_IS_CHOICE):
        kinds = [alt[0][1] for alt in b.penalty if part_payable(s, pl, alt[0])]
        if kinds:
            return (("destroy", " or ".join(kinds)),)
    for alt in b.penalty:
        parts = tuple(p for p in alt if part_payable(s, pl, p))
        if parts:
            return parts
    if pl.res[GOLD] >= BATTLE_FALLBACK_GOLD:
        return (("lose", (0, 0, 0, BATTLE_FALLBACK_GOLD)),)
    return (("lose_pp", BATTLE_FALLBACK_PP),)


def token_bonus(revealed: tuple[int, ...], city: int) -> int:
    return sum(TOKEN_VALUES[t % TOKENS_PER_COLOUR] for t in revealed
               if t // TOKENS_PER_COLOUR == city)


def current_bellum(s: State) -> int:
    return s.bellum[BATTLE_ROUNDS.index(s.round)].card


def fight(w: State, seat: int) -> None:
    """Defense + Morale + Military + this colour's tokens against the Gauls;
    a tie is a win."""
    pl = w.players[seat]
    tokens = token_bonus(w.revealed, pl.city)
    total = strength(pl) + tokens
    attack = BELLA[current_bellum(w)].attack
    won = total >= attack
    w.battle = w.battle + (BattleLine(seat, pl.defense, pl.morale, pl.military, tokens, total,
                                      attack, won),)
    emit(w, Fought(seat, total, attack, won))
    if not won:
        card = BELLA[current_bellum(w)]
        apply_penalty(w, seat, card.penalty, card.either)


def part_payable(w: State, pl: Player, part: tuple) -> bool:
    kind = part[0]
    if kind == "destroy":
        return bool(destroy_options(pl.built, part[1], w.options))
    if kind == "lose":
        return can_pay(pl.res, part[1])
    if kind == "lose_morale":
        return pl.morale - part[1] >= MORALE_MIN  # like resources: only in full
    return True  # Prestige can always be lost: it may go negative


def apply_penalty(w: State, seat: int, alternatives: tuple, either: bool = False) -> None:
    """Pay the first alternative that can be paid ("A / B"); within it, every
    part that can be paid (INVENTORY D5); if none at all: 3 Gold, else 2 PP.
    A card printing "A or B" (``either``) lets the loser choose among the
    payable buildings of both kinds where the table reads "or" so."""
    pl = w.players[seat]
    if either and chosen(w.options, OR_IS_CHOICE):
        kinds = [alt[0][1] for alt in alternatives if part_payable(w, pl, alt[0])]
        if kinds:
            pay_part(w, seat, ("destroy", " or ".join(kinds)))
            return
    for alt in alternatives:
        if any(part_payable(w, pl, p) for p in alt):
            for part in alt:
                if part_payable(w, w.players[seat], part):
                    pay_part(w, seat, part)
            return
    if w.players[seat].res[GOLD] >= BATTLE_FALLBACK_GOLD:
        pay(w, seat, (0, 0, 0, BATTLE_FALLBACK_GOLD))
        emit(w, Lost(seat, (0, 0, 0, BATTLE_FALLBACK_GOLD)))
    else:
        lose_pp(w, seat, BATTLE_FALLBACK_PP, "battle")


def pay_part(w: State, seat: int, part: tuple) -> None:
    kind = part[0]
    if kind == "lose_pp":
        lose_pp(w, seat, part[1], "battle")
    elif kind == "lose":
        pay(w, seat, part[1])
        emit(w, Lost(seat, part[1]))
    elif kind == "lose_morale":
        change_morale(w, seat, -part[1])
        emit(w, MoraleLost(seat, part[1]))
    else:
        # Always the loser's decision, even with one building to lose: skipping
        # it only without an Aediles in hand would show his secret hand.
        push(w, Pending("penalty", seat, Penalty(part[1])))


def has_aediles(pl: Player) -> bool:
    return any(h.card == AEDILES for h in pl.hand)


def legal_penalty(s: State, pd: Pending) -> list[tuple]:
    pl = s.players[pd.seat]
    out = destroy_options(pl.built, pd.data.building, s.options)
    if has_aediles(pl):
        out.append(SAVE_WITH_AEDILES)
    return out


def resolve_penalty(w: State, pd: Pending, a: Destroy | Aediles) -> None:
    if isinstance(a, Aediles):
        remove_from_hand(w, pd.seat, AEDILES)
        discard(w, SPQR, (AEDILES,))
        emit(w, Saved(pd.seat, None, "gauls"))
    else:
        destroy_building(w, pd.seat, a.card, a.active, "gauls")
