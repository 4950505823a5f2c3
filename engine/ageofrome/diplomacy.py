"""Spies & Allies (L337-348): in the Scheme phase, before any Scheme is
activated, each seat in turn order may put one of its two Diplomacy tokens
face down on a building of a province an opponent sits in front of, with
Denarii on it; the two bargain over the amount, then the opponent accepts
or refuses and the token is revealed.

Readings (inferred, the rulebook leaves them open):
- The step runs every round, round 1 included (the Scheme phase has it; only
  the activations skip round 1, L119), and in a Truce too (no Scheme is
  placed or activated there, but a token is no Scheme).
- One token per seat per round (L340 "place a Diplomacy token"); the other
  stays home. ``Player.tokens`` drops to 0 at the offer, never to the bit of
  the token left, which would tell everyone which one was played.
- Bargaining: each side may counter at most twice (the opponent first:
  counters alternate), so it always ends; an offer is 0-5 Denarii and a
  counter moves the amount on the table by 1 or 2, within 0 .. what the
  placer could put on the token: the legal lists stay small for the bots.
  The Denarii on the token are the placer's standing offer: its own counter
  changes them, the opponent's counter is only a demand until accepted.
  The placer refusing a counter withdraws: the Diplomacy counts as refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from engine.core import Held, kinded, put
from engine.flow import Pending, push

from . import benefits, data, glory, trade
from .actions import DONE, Accept, BuyGlory, Counter, Offer, Refuse, SpyAction, SpyGlory
from .state import (
    PROVINCE_INDEX,
    PROVINCES,
    RELIGION,
    SCHEMES,
    TOKEN_POOL,
    TYPE_INDEX,
    TYPES,
    State,
    Token,
    coins,
    in_front,
    mine,
    next_in_queue,
    option,
    seat_facing,
    seat_name,
)

BARGAIN, SPY_CHOICE = "bargain", "spy"  # decision kinds
TOKEN_INDEX = {t: i for i, t in enumerate(data.DIPLOMACY_TOKENS)}
BOTH_TOKENS = (1 << len(data.DIPLOMACY_TOKENS)) - 1
BUY_GLORY, ACCEPT, REFUSE = BuyGlory(), Accept(), Refuse()
SPY_GLORY, SPY_ACTION = SpyGlory(), SpyAction()
MAX_OFFER = 5  # the largest opening offer the legal list carries (inferred)
MAX_COUNTERS = 2  # per side (inferred)
COUNTER_STEPS = (-2, -1, 1, 2)  # a counter moves the amount by 1 or 2 (inferred)


# ---------------------------------------------------------------- events
@kinded("diplomacy_offered")
class Offered(NamedTuple):
    """``seat`` put a face-down Diplomacy token with ``denarii`` on the
    ``type`` building of ``province``, in front of ``target`` (its kind
    stays hidden)."""

    kind: str
    seat: int
    target: int
    province: int
    type: int
    denarii: int


@kinded("diplomacy_countered")
class Countered(NamedTuple):
    """``seat`` proposed ``denarii`` as the amount on the token."""

    kind: str
    seat: int
    denarii: int


@kinded("diplomacy_revealed")
class Revealed(NamedTuple):
    """The token of ``seat`` was ``accepted`` or refused by ``target`` and
    turned up ``token``; ``denarii`` went to ``denarii_to``."""

    kind: str
    seat: int
    target: int
    token: str
    accepted: bool
    denarii: int
    denarii_to: str


@kinded("spy_glory_taken")
class SpyGloryTaken(NamedTuple):
    """An accepted Spy: ``seat`` took Glory equal to the building's level."""

    kind: str
    seat: int
    amount: int


# ---------------------------------------------------------------- the rules
def active(s: State) -> bool:
    """Spies & Allies is on and this is not the solo game (L338)."""
    return s.n > 1 and option(s, "spies_allies")


def targets(s: State, seat: int) -> list[tuple[int, int, int]]:
    """(province, type, opponent) of every existing building on a province an
    opponent sits in front of (L340)."""
    own = in_front(s, seat)
    out = []
    for pi, pr in enumerate(s.provinces):
        if pi == own:
            continue
        opponent = seat_facing(s, pi)
        if opponent is None or opponent == seat:
            continue
        out.extend((pi, t, opponent) for t, level in enumerate(pr.levels) if level > 0)
    return out


def can_offer(s: State, seat: int) -> bool:
    """Whether ``seat`` has a token left and a building to put it on."""
    if not s.players[seat].tokens:
        return False
    own = in_front(s, seat)
    for pi, pr in enumerate(s.provinces):
        if pi != own and any(pr.levels):
            opponent = seat_facing(s, pi)
            if opponent is not None and opponent != seat:
                return True
    return False


# Every opening offer, built once: OFFERS[token][province][type] holds the
# offers of 0..MAX_OFFER Denarii (the legal list slices it: no allocation
# per record on the bots' path).
OFFERS = tuple(
    tuple(tuple(tuple(Offer(token, pname, tname, d) for d in range(MAX_OFFER + 1))
                for tname in TYPES) for pname in PROVINCES)
    for token in data.DIPLOMACY_TOKENS)


def buy(s: State, seat: int) -> list:
    """A20: the Religion Medal's purchase at every decision of its holder's
    (no other free action: this step is nobody's turn, trade.TURN_PHASES).
    The same test as trade's own list of free actions, without its sets."""
    p = s.players[seat]
    if p.medals >> RELIGION & 1 and p.denarii >= data.RELIGION_MEDAL_PRICE:
        return [BUY_GLORY]
    return []


def offers(s: State, seat: int) -> list[Offer]:
    p = s.players[seat]
    if not p.tokens:
        return []
    where = targets(s, seat)
    top = min(MAX_OFFER, p.denarii) + 1
    out: list[Offer] = []
    for bit in range(len(data.DIPLOMACY_TOKENS)):
        if p.tokens >> bit & 1:
            table = OFFERS[bit]
            for pi, t, _ in where:
                out += table[pi][t][:top]
    return out


# ---------------------------------------------------------------- the phase
def enter(w: State) -> None:
    """Both tokens come home for the round (L346); each seat offers in turn
    order."""
    w.doing = ()
    w.diplomacy = ()
    if not active(w):
        w.queue = ()
        return
    for seat in range(len(w.players)):
        if w.players[seat].tokens != BOTH_TOKENS:
            mine(w, seat).tokens = BOTH_TOKENS
    w.queue = tuple(w.order)


def auto(w: State) -> bool:
    while w.queue and not can_offer(w, w.queue[0]):
        w.queue = w.queue[1:]
    return bool(w.queue)


to_move = next_in_queue


def legal(s: State) -> list:
    seat = s.queue[0]
    return [*offers(s, seat), DONE, *buy(s, seat)]


def why(s: State, a: tuple) -> str:
    if not s.queue:
        return "no one places a Diplomacy token now"
    seat = s.queue[0]
    p = s.players[seat]
    if a[0] != Offer.KIND:
        return "place a Diplomacy token (Offer) or place none (Done)"
    if len(a) != 5 or not all(isinstance(x, str) for x in a[1:4]) or a[1] not in TOKEN_INDEX:
        return "an offer names a token (spy or alliance), a province, a building and Denarii"
    if not p.tokens:
        return "you have placed your Diplomacy token this round"  # L346
    if a[2] not in PROVINCE_INDEX or a[3] not in TYPE_INDEX:
        return "name a province and a building type"
    pi, t = PROVINCE_INDEX[a[2]], TYPE_INDEX[a[3]]
    if (pi, t) not in {(x, y) for x, y, _ in targets(s, seat)}:
        return "the token goes on a building of a province an opponent sits in front of"  # L340
    if not isinstance(a[4], int) or a[4] < 0:
        return "offer a number of Denarii"
    if a[4] > p.denarii:
        return "you cannot offer more Denarii than you have"
    return f"offers go up to {MAX_OFFER} Denarii (counter-offers can go higher)"


def act(w: State, a: tuple) -> None:
    seat = w.queue[0]
    if a[0] == BuyGlory.KIND:
        trade.act_free(w, seat, a)
        return
    w.queue = w.queue[1:]
    if a[0] == DONE[0]:
        return
    pi, t = PROVINCE_INDEX[a.province], TYPE_INDEX[a.type]
    target = seat_facing(w, pi)
    assert target is not None
    p = mine(w, seat)
    p.tokens = 0
    p.denarii -= a.denarii
    held = Held(TOKEN_INDEX[a.token], 1 << seat, TOKEN_POOL)
    w.diplomacy = (*w.diplomacy, Token(seat, held, pi, t, a.denarii, target))
    w.events.append(Offered(seat, target, pi, t, a.denarii))
    push(w, Pending(BARGAIN, target, (len(w.diplomacy) - 1, a.denarii)))


def after(w: State) -> str:
    return SCHEMES


# ---------------------------------------------------------------- bargaining
def ceiling(s: State, tok: Token) -> int:
    """The most the placer could put on the token."""
    return s.players[tok.seat].denarii + tok.denarii


def counters(s: State, tok: Token, amount: int) -> list[Counter]:
    """The counter-offers the side to answer may make (capped per side)."""
    if tok.counters >= 2 * MAX_COUNTERS:
        return []
    top = ceiling(s, tok)
    return [Counter(amount + d) for d in COUNTER_STEPS if 0 <= amount + d <= top]


def bargain_choices(s: State, pd: Pending) -> list:
    index, amount = pd.data
    tok = s.diplomacy[index]
    # The placer can accept a demand only while it can pay it (a Religion
    # Medal purchase in between may have left it short).
    accept = [ACCEPT] if pd.seat != tok.seat or amount <= ceiling(s, tok) else []
    return [*accept, REFUSE, *counters(s, tok, amount), *buy(s, pd.seat)]


def bought(w: State, pd: Pending, a: tuple) -> bool:
    """A Religion Medal's Glory bought (``buy``) while ``pd`` waits: done,
    and ``pd`` is open again."""
    if a[0] != BuyGlory.KIND:
        return False
    trade.act_free(w, pd.seat, a)
    push(w, pd)
    return True


def resolve_bargain(w: State, pd: Pending, a: tuple) -> None:
    if bought(w, pd, a):
        return
    index, amount = pd.data
    tok = w.diplomacy[index]
    placer = pd.seat == tok.seat
    if a[0] == Counter.KIND:
        tok = tok._replace(counters=tok.counters + 1)
        if placer:  # the placer's counter is its new standing offer
            _set_amount(w, tok.seat, a.denarii - tok.denarii)
            tok = tok._replace(denarii=a.denarii)
        w.diplomacy = put(w.diplomacy, index, tok)
        w.events.append(Countered(pd.seat, a.denarii))
        other = tok.target if placer else tok.seat
        push(w, Pending(BARGAIN, other, (index, a.denarii)))
        return
    accepted = a[0] == Accept.KIND
    if accepted and amount != tok.denarii:  # the placer accepts the opponent's demand
        _set_amount(w, tok.seat, amount - tok.denarii)
        tok = tok._replace(denarii=amount)
    reveal(w, index, tok, accepted)


def _set_amount(w: State, seat: int, more: int) -> None:
    """The placer puts ``more`` Denarii on the token (takes back if < 0)."""
    if more:
        mine(w, seat).denarii -= more


def reveal(w: State, index: int, tok: Token, accepted: bool) -> None:
    """L341-346: the token turns up; the Denarii go where its outcome says;
    Glory or the Spy's choice; the token goes home, spent for the round."""
    kind = data.DIPLOMACY_TOKENS[tok.token.card]
    outcome = data.diplomacy(kind, accepted)
    if outcome.denarii_to == "opponent":
        mine(w, tok.target).denarii += tok.denarii
    elif outcome.denarii_to == "placer":
        mine(w, tok.seat).denarii += tok.denarii
    w.diplomacy = w.diplomacy[:index] + w.diplomacy[index + 1:]
    w.events.append(Revealed(tok.seat, tok.target, kind, accepted, tok.denarii,
                             outcome.denarii_to))
    level = w.provinces[tok.province].levels[tok.type]
    if outcome.level_glory:
        seats = tuple(tok.seat if who == "placer" else tok.target for who in outcome.level_glory)
        glory.gain(w, seats, level, "Alliance")  # at the same moment (milestones, L101)
    if outcome.spy_choice:
        push(w, Pending(SPY_CHOICE, tok.seat, (tok.type, level)))


def spy_choices(s: State, pd: Pending) -> list:
    return [SPY_GLORY, SPY_ACTION, *buy(s, pd.seat)]


def resolve_spy(w: State, pd: Pending, a: tuple) -> None:
    """L342: the level in Glory, or the building's action without a bonus."""
    if bought(w, pd, a):
        return
    type_, level = pd.data
    if a[0] == SpyGlory.KIND:
        w.events.append(SpyGloryTaken(pd.seat, level))
        glory.gain(w, (pd.seat,), level, "Spy")
    else:
        benefits.resolve_building(w, pd.seat, type_, False)


DECISIONS: dict[str, tuple[Callable, Callable]] = {
    BARGAIN: (bargain_choices, resolve_bargain),
    SPY_CHOICE: (spy_choices, resolve_spy),
}


# ---------------------------------------------------------------- text
_name = seat_name


def _where(tok: Token) -> str:
    return f"the {TYPES[tok.type]} building of {PROVINCES[tok.province]}"


def _prompt_bargain(s: State, pd: Pending) -> str:
    index, amount = pd.data
    tok = s.diplomacy[index]
    if pd.seat == tok.seat:
        return (f"{_name(s, pd.seat)}: {_name(s, tok.target)} asks {coins(amount)} for your "
                "Diplomacy token — accept, counter, or withdraw?")
    return (f"{_name(s, pd.seat)}: {_name(s, tok.seat)} offers a Diplomacy token with "
            f"{coins(amount)} on {_where(tok)} — accept, refuse or counter?")


def _prompt_spy(s: State, pd: Pending) -> str:
    type_, level = pd.data
    return (f"{_name(s, pd.seat)}: your Spy was accepted — gain {level} Glory, or take the "
            f"{TYPES[type_]} action (no bonus)?")


PROMPTS: dict[str, Callable[[State, Pending], str]] = {
    BARGAIN: _prompt_bargain,
    SPY_CHOICE: _prompt_spy,
}


def _log_offered(s: State, e: tuple) -> str:
    return (f"{_name(s, e.seat)} places a Diplomacy token with {coins(e.denarii)} on the "
            f"{TYPES[e.type]} building of {PROVINCES[e.province]}, in front of "
            f"{_name(s, e.target)}")


def _log_countered(s: State, e: tuple) -> str:
    return f"{_name(s, e.seat)} counters: {coins(e.denarii)}"


_GOES = {"opponent": "to {target}", "placer": "back to {seat}", "supply": "to the supply"}


def _log_revealed(s: State, e: tuple) -> str:
    verb = "accepts" if e.accepted else "refuses"
    goes = _GOES[e.denarii_to].format(target=_name(s, e.target), seat=_name(s, e.seat))
    return (f"{_name(s, e.target)} {verb} {_name(s, e.seat)}'s Diplomacy: it is "
            f"{'an Alliance' if e.token == data.ALLIANCE else 'a Spy'}; "
            f"{coins(e.denarii)} {'goes' if e.denarii == 1 else 'go'} {goes}")


def _log_spy(s: State, e: tuple) -> str:
    return f"{_name(s, e.seat)}'s Spy brings {e.amount} Glory"


LOG: dict[str, Callable[[State, tuple], str]] = {
    Offered.KIND: _log_offered,
    Countered.KIND: _log_countered,
    Revealed.KIND: _log_revealed,
    SpyGloryTaken.KIND: _log_spy,
}
