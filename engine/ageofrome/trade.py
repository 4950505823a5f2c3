"""Trade cards (L202-233): the hand, drawing with room made first, Trade
windows and their chains, selling, sets and the Religion Medal's purchase.

The hand is ``Player.hand`` (``Held`` cards, index in ``data.TRADE_CARDS``,
seen by their holder) plus the Anchor (``Player.anchor``, public), which
counts toward the limit of five (L206). The deck is ``State.trade_deck``
(top first), the discard pile ``State.discard`` (public, top last).

Drawing (A15): cards come one at a time; before each with a full hand the
player makes room (a "room" decision: sell, discard, play a card of the
open window's condition, form a set, or draw no more). An empty deck takes
the shuffled discard pile as its new deck when an action or an Event draws
(inferred: the rulebook does not say); a Trade card's own draw takes only
what is left in the deck, so no chain of cards can refill it and hand a
card straight back (``REFILL``; games saved before this reading name no
value and keep the first one, where any draw refilled it).

A Trade window (``open_window``) lets a seat play cards of the conditions
that occurred; once a card is played the window narrows to that card's
condition, since only cards of one condition chain (L208, A14), and cards
its effect draws may be played in it too. It opens whenever the seat holds
a card the others have not all seen, playable or not: opening it only for a
playable card would tell them what the hand holds. What a played card still has to
do while a decision is open (draws left, Legion moves waiting) travels in
the "room" decision's data, so no phase module needs to know about it:
the draws come first, then the effects that open Legion decisions (they
cannot change the hand or the deck), then the window again.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from engine.core import ALL_SEATS, Held, Option, Options, kinded
from engine.flow import Pending, push

from . import data, effects, glory
from .actions import DONE, BuyGlory, Discard, FormSet, PlayCard, Sell
from .memo import LIMIT, by_identity, last_answers, pending
from .state import (
    ACTIONS,
    BUILD,
    CARD_INDEX,
    INCOME,
    RELIGION,
    SCHEMES,
    TRADE,
    TRADE_POOL,
    Player,
    State,
    mine,
)

ROOM, WINDOW = "room", "trade"  # the decision kinds of this module
# Steps of a draw under way: a card from the deck (refilled from the discard
# pile when empty), the discard's top, a card from the deck only (no refill).
DRAW, TAKE, DECK = -1, -2, -3
# Effects that open a Legion decision: applied once the draws of a chain are
# done (they change neither the hand nor the deck, so the order is unseen).
LATER = frozenset({"place legion", "move legions", "return legion"})
# Phases in which a seat deciding is on its own turn (free actions, L214, L217).
TURN_PHASES = frozenset({SCHEMES, BUILD, ACTIONS, INCOME})
OFF_TURN = "V"  # the condition of a window on someone else's turn (L222)
RESHUFFLE_POOL_STEP = 10  # pool of a reshuffled deck: TRADE_POOL + 10 per reshuffle
CARDS = data.TRADE_CARDS
NAMES = tuple(c.name for c in CARDS)
# Each card's condition; the extra last item is what a HIDDEN card (-1) of a
# view reads: no condition, so a view never offers another seat's card.
CONDITION = tuple(c.condition for c in CARDS) + ("?",)

# Which draws refill an empty deck from the discard pile (docs/RULES-NOTES.md,
# Trade). A new game names ACTIONS_REFILL: only an action's or an Event's draw
# does, never a Trade card's, which ends the loop where a card drew itself back
# (and every other cycle of plays, sales and draws: a chain cannot refill the
# deck, so it only ever empties it). A game saved before names nothing and
# replays by ANY_REFILL, the first reading. That one is not offered: with the
# deck and the discard pile empty, a draw card came straight back and a seat
# could sell and play for ever.
ACTIONS_REFILL, ANY_REFILL = "actions", "any draw"
REFILL = Option("trade_refill", "Trade refill", "choice", ACTIONS_REFILL,
                "only actions and Events reshuffle an empty deck",
                choices=(ACTIONS_REFILL,), absent=ANY_REFILL)


# How a Trade window lists its answers (``window_legal``). A new game names
# TURN_END_SALES: go on first, and sales, sets and the Glory purchase only in
# a window that ends the seat's turn (after a placement or a double Income);
# a game saved before names nothing and replays by ALWAYS_SALES, the window
# as first shipped: every window on the seat's own turn offered them, and
# go on came last.
TURN_END_SALES, ALWAYS_SALES = "at the turn's end", "always"
WINDOW_SALES = Option("window_sales", "Trade window sales", "choice", TURN_END_SALES,
                      "a Trade window on a turn that goes on offers no sales: they follow it",
                      choices=(TURN_END_SALES,), absent=ALWAYS_SALES)
GOES_ON = frozenset({BUILD, SCHEMES})  # phases where a seat's turn goes on after a window


def cards_refill(options: Options) -> bool:
    """Whether a Trade card's draw refills an empty deck (the first reading,
    kept for games saved before: ``REFILL``)."""
    return REFILL.value(options) == ANY_REFILL


# ---------------------------------------------------------------- events
@kinded("cards_drawn")
class CardsDrawn(NamedTuple):
    """``seat`` drew ``count`` Trade cards (face down: never named)."""

    kind: str
    seat: int
    count: int


@kinded("deck_reshuffled")
class DeckReshuffled(NamedTuple):
    """The Trade deck ran out: the discard pile (``count`` cards) became the deck."""

    kind: str
    count: int


@kinded("discard_taken")
class DiscardTaken(NamedTuple):
    """``seat`` took ``card``, the top of the public discard pile."""

    kind: str
    seat: int
    card: str


@kinded("card_played")
class CardPlayed(NamedTuple):
    """``seat`` played ``card`` in a window of ``condition``."""

    kind: str
    seat: int
    card: str
    condition: str


@kinded("card_sold")
class CardSold(NamedTuple):
    kind: str
    seat: int
    card: str


@kinded("card_discarded")
class CardDiscarded(NamedTuple):
    """``card`` went from ``seat``'s hand to the discard pile: to make room,
    or at random (``random``: Sold, Storm at Sea)."""

    kind: str
    seat: int
    card: str
    random: bool


@kinded("card_taken")
class CardTaken(NamedTuple):
    """``seat`` took a random card of ``source``'s hand (Custom Fees; not named)."""

    kind: str
    seat: int
    source: int


@kinded("set_formed")
class SetFormed(NamedTuple):
    kind: str
    seat: int
    cards: tuple[str, ...]


@kinded("glory_bought")
class GloryBought(NamedTuple):
    """The Religion Medal: ``seat`` paid 3 Denarii for 1 Glory (L171)."""

    kind: str
    seat: int


# ---------------------------------------------------------------- the hand
def hand_cards(s: State, seat: int) -> tuple[int, ...]:
    """The card indexes in ``seat``'s hand (not the Anchor)."""
    return tuple(h.card for h in s.players[seat].hand)


def _known(s: State, seat: int) -> tuple[int, ...]:
    """The cards of ``seat``'s hand that are not HIDDEN (all of them in a
    full state or in the seat's own view)."""
    return known_cards(s.players[seat].hand)


def has_room(s: State, seat: int) -> bool:
    """Whether one more card fits under the limit of five, Anchor included (L206)."""
    return s.players[seat].hand_size < data.HAND_LIMIT


def playable(s: State, seat: int, conditions: str) -> bool:
    """Whether ``seat`` holds a card whose condition is one of ``conditions``."""
    return bool(conditions) and any(
        CONDITION[h.card] in conditions for h in s.players[seat].hand)


def idle_reason(s: State, seat: int, name: str) -> str:
    """Why playing the card ``name`` would do nothing for ``seat`` now
    (empty when it does something): Gladius places a Legion from the board
    (none there), Toga recruits a Vote (all recruited), Hasta moves Legions
    (none out nor on the board), Snake Bracelets takes the discard's top
    (an empty pile), Circinus removes the Anchor (none held). The card is
    still discarded (L209), so the table says so before it is played."""
    c = data.TRADE_CARD.get(name)
    if c is None:
        return ""
    p = s.players[seat]
    kind = c.effect.kind
    if kind == "place legion" and not p.legions:
        return "no Legion on your board"
    if kind == "recruit legion" and not p.legions_unrecruited:
        return "all your Legions recruited"
    if kind == "recruit vote" and not p.votes_unrecruited:
        return "all your Votes recruited"
    if kind == "move legions" and not p.legions and not any(r[seat] for r in s.regions):
        return "no Legion to move"
    if kind == "take discard" and not s.discard:
        return "the discard pile is empty"
    if kind == "remove anchor" and not p.anchor:
        return "no Anchor held"
    return ""


def recruiters(s: State, seat: int, kind: str) -> tuple[str, ...]:
    """The cards in ``seat``'s hand (its own view) whose effect is ``kind``
    and would do something now: "Toga" while a Vote is left to recruit."""
    return tuple(NAMES[c] for c in _known(s, seat)
                 if CARDS[c].effect.kind == kind and not idle_reason(s, seat, NAMES[c]))


def may_play(s: State, seat: int, conditions: str) -> bool:
    """Whether a window of ``conditions`` opens for ``seat``: it holds a card
    of them, or (with others at the table) any card they have not all seen.
    Opening it only for a playable card would show the others the hand (as
    Provincia's Aediles penalty: the decision is always asked)."""
    if not conditions:
        return False
    everyone = (1 << s.n) - 1
    for h in s.players[seat].hand:
        if CONDITION[h.card] in conditions or (s.n > 1 and h.seen & everyone != everyone):
            return True
    return False


def _remove(w: State, seat: int, card: int) -> Held:
    """Take ``card`` out of ``seat``'s hand and return it."""
    p = mine(w, seat)
    for i, h in enumerate(p.hand):
        if h.card == card:
            p.hand = p.hand[:i] + p.hand[i + 1:]
            return h
    raise ValueError(f"{NAMES[card]} is not in the hand")


def _to_discard(w: State, card: int) -> None:
    w.discard = w.discard + (card,)


def _new_pool(w: State) -> int:
    """A pool for a reshuffled deck that no hidden card still carries: cards
    drawn before a reshuffle cannot be among those shuffled in, so a sampled
    world keeps the two apart."""
    top = TRADE_POOL
    for p in w.players:
        for h in p.hand:
            if h.pool > top:
                top = h.pool
    return top + RESHUFFLE_POOL_STEP


def _draw_one(w: State, seat: int) -> bool:
    """The top card of the deck into the hand (reshuffling the discard pile
    into a new deck when the deck is empty); False if there is none."""
    if not w.trade_deck:
        if not w.discard:
            return False
        pool = _new_pool(w)
        cards, w.rng = w.rng.shuffle(w.discard)
        w.trade_deck = tuple(Held(c, 0, pool) for c in cards)
        w.events.append(DeckReshuffled(len(cards)))
        w.discard = ()
    h = w.trade_deck[0]
    w.trade_deck = w.trade_deck[1:]
    p = mine(w, seat)
    p.hand = p.hand + (Held(h.card, h.seen | 1 << seat, h.pool),)
    return True


def _take_top(w: State, seat: int) -> bool:
    """The top of the public discard pile into the hand (seen by all)."""
    if not w.discard:
        return False
    card = w.discard[-1]
    w.discard = w.discard[:-1]
    p = mine(w, seat)
    p.hand = p.hand + (Held(card, ALL_SEATS, TRADE_POOL),)
    w.events.append(DiscardTaken(seat, NAMES[card]))
    return True


# ---------------------------------------------------------------- drawing
def draw(w: State, seat: int, k: int, window: str = "") -> None:
    """``seat`` draws ``k`` cards, making room first whenever the hand is
    full (A15). ``window``: the condition of the chain the draw belongs to
    (a played card's effect): its cards may make room, and the window
    opens again after the draws while a card of it is held (L208)."""
    _run(w, seat, window, (DRAW,) * k, ())


def take_discard(w: State, seat: int, k: int = 1, window: str = "") -> None:
    """``seat`` takes the top card of the discard pile ``k`` times, room first."""
    _run(w, seat, window, (TAKE,) * k, ())


def _run(w: State, seat: int, window: str, steps: tuple[int, ...],
         later: tuple[int, ...]) -> None:
    """Carry on a draw under way: each step draws (DRAW; DECK: from the
    deck only) or takes the discard's top (TAKE), asking for room first when
    the hand is full; then the effects kept for ``later`` (card indexes),
    then the window again. A step that can give nothing is skipped."""
    drawn = 0
    i, n = 0, len(steps)
    while i < n:
        step = steps[i]
        if step == DRAW and not w.trade_deck and not w.discard:
            i += 1
            continue
        if step == DECK and not w.trade_deck:
            i += 1
            continue
        if step == TAKE and not w.discard:
            i += 1
            continue
        if w.players[seat].hand_size >= data.HAND_LIMIT:
            if drawn:
                w.events.append(CardsDrawn(seat, drawn))
            push(w, pending(ROOM, seat, (window, steps[i:], later)))
            return
        if step == TAKE:
            _take_top(w, seat)
        else:  # DECK: the deck is not empty, so it is not refilled
            drawn += _draw_one(w, seat)
        i += 1
    if drawn:
        w.events.append(CardsDrawn(seat, drawn))
    mark = len(w.pending)
    for card in later:
        effects.apply(w, seat, CARDS[card].effect, window=window, why=NAMES[card])
    if may_play(w, seat, window):
        # beneath the Legion decisions just opened: the chain goes on after them
        w.pending = w.pending[:mark] + (pending(WINDOW, seat, (window,)),) + w.pending[mark:]


def _play(w: State, seat: int, card: int, window: str, steps: tuple[int, ...],
          later: tuple[int, ...]) -> None:
    """Play ``card`` (L209-211): discard it and apply its effect; then carry
    on the draw under way (``steps``) and the chain."""
    _remove(w, seat, card)
    c = CARDS[card]
    w.events.append(CardPlayed(seat, c.name, c.condition))
    kind, amount = c.effect.kind, c.effect.amount
    if kind == "draw":
        _to_discard(w, card)
        steps = (DRAW if cards_refill(w.options) else DECK,) * amount + steps
    elif kind == "take discard":
        # E17 (L233): the card taken is the one under it: the played card
        # goes onto the pile after (there is room: it just left the hand).
        for _ in range(amount):
            if has_room(w, seat):
                _take_top(w, seat)
        _to_discard(w, card)
    elif kind in LATER:
        _to_discard(w, card)
        later = later + (card,)
    else:
        _to_discard(w, card)
        effects.apply(w, seat, c.effect, window=window, why=c.name)
    _run(w, seat, window, steps, later)


def apply(w: State, seat: int, effect: data.Effect, bonus: bool = False, window: str = "",
          why: str = "") -> bool:
    """``effects.apply``, with the three effects that move Trade cards
    (draw, take the discard's top, discard at random) given here."""
    kind, amount = effect.kind, effect.amount
    if kind not in effects.CARD_MOVES:
        return effects.apply(w, seat, effect, bonus, window, why)
    if kind == "draw":
        draw(w, seat, amount, window)
    elif kind == "take discard":
        take_discard(w, seat, amount, window)
    else:
        for _ in range(amount):
            discard_random(w, seat)
    return True


# ---------------------------------------------------------------- windows
def open_window(w: State, seat: int, conditions: str) -> bool:
    """Open a Trade window for ``seat``: the conditions (data.CONDITIONS
    codes) that just occurred, if it may hold a card of them (``may_play``);
    True then."""
    if not may_play(w, seat, conditions):
        return False
    w.pending = w.pending + (pending(WINDOW, seat, (conditions,)),)
    return True


def on_turn(s: State, window: str = "") -> bool:
    """Whether a seat deciding now is on its own turn (free actions: L214,
    L217): in the phases players take turns in, and not in a window for a
    Scheme activated against it (L222)."""
    return s.phase in TURN_PHASES and window != OFF_TURN


def _plays(s: State, seat: int, conditions: str) -> list:
    if not conditions:
        return []
    return [PlayCard(NAMES[h.card]) for h in s.players[seat].hand
            if CONDITION[h.card] in conditions]


def window_sales(s: State, pd: Pending) -> bool:
    """Whether a window offers the free actions (sell, form a set, buy
    Glory): on the seat's own turn, unless that turn goes on after it (a
    build, a Scheme activation), where the list that follows offers the
    same ones. So a digit typed for the list before the window, which
    opened between two key presses, never sells a card (``WINDOW_SALES``)."""
    (conditions,) = pd.data
    if not on_turn(s, conditions):
        return False
    if WINDOW_SALES.value(s.options) == ALWAYS_SALES:
        return True
    return not (s.phase in GOES_ON and s.queue[:1] == (pd.seat,))


@last_answers
def window_legal(s: State, pd: Pending) -> list:
    """A Trade window: go on first (where a digit typed for the list before
    it lands), then play a card of its condition(s), then the free actions
    where ``window_sales`` offers them (else only the Religion Medal's
    purchase off your turn). A game saved before (``ALWAYS_SALES``) lists
    them as it did: the cards, the free actions, go on last."""
    (conditions,) = pd.data
    plays = _plays(s, pd.seat, conditions)
    if window_sales(s, pd):
        more = list(free_of(s.players[pd.seat]))
    else:
        more = [] if on_turn(s, conditions) else _buy(s, pd.seat)
    if WINDOW_SALES.value(s.options) == ALWAYS_SALES:
        return [*plays, *more, DONE]
    return [DONE, *plays, *more]


def window_resolve(w: State, pd: Pending, a: tuple) -> None:
    seat = pd.seat
    kind = a[0]
    if kind == "play":
        card = CARD_INDEX[a[1]]
        _play(w, seat, card, CARDS[card].condition, (), ())
    elif kind == "done":
        return
    elif act_free(w, seat, a) and may_play(w, seat, pd.data[0]):
        push(w, pd)


@last_answers
def room_legal(s: State, pd: Pending) -> list:
    """A full hand before a draw (L206, A15): play a card of the open
    window, sell (on your turn; else discard) or form a set to make room,
    or draw no more. Discarding is offered only where selling is not: a
    sale is the same and pays 1 Denarius."""
    window, steps, _later = pd.data
    seat = pd.seat
    out = _plays(s, seat, window)
    if on_turn(s, window):
        out += free_of(s.players[seat])
    else:
        out += [Discard(NAMES[c]) for c in _known(s, seat)]
        out += _buy(s, seat)
    out.append(DONE)
    return out


def room_resolve(w: State, pd: Pending, a: tuple) -> None:
    window, steps, later = pd.data
    seat = pd.seat
    kind = a[0]
    if kind == "play":
        _play(w, seat, CARD_INDEX[a[1]], window, steps, later)
        return
    if kind == "done":  # A15: a card drawn with no room is not drawn
        _run(w, seat, window, (), later)
        return
    if kind == "discard":
        card = CARD_INDEX[a[1]]
        _remove(w, seat, card)
        _to_discard(w, card)
        w.events.append(CardDiscarded(seat, a[1], False))
    else:
        act_free(w, seat, a)
    _run(w, seat, window, steps, later)


# ---------------------------------------------------------------- free actions
@lru_cache(maxsize=4096)
def _sets(cards: tuple[int, ...], wild_jewels: bool) -> tuple[FormSet, ...]:
    """Every set of three of ``cards`` (sorted indexes) that scores (A16)."""
    out = []
    for trio in combinations(cards, data.SET_SIZE):
        names = tuple(NAMES[c] for c in trio)
        if data.set_points(names, wild_jewels) is not None:
            out.append(FormSet(names))
    return tuple(out)


def sets_of(s: State, seat: int) -> tuple[FormSet, ...]:
    """The sets ``seat`` may form now (at most three, L214)."""
    p = s.players[seat]
    if len(p.sets) >= data.MAX_TRADE_SETS or len(p.hand) < data.SET_SIZE:
        return ()
    return _sets(tuple(sorted(_known(s, seat))), bool(p.medals >> TRADE & 1))


def _buy(s: State, seat: int) -> list:
    p = s.players[seat]
    if p.medals >> RELIGION & 1 and p.denarii >= data.RELIGION_MEDAL_PRICE:
        return [BuyGlory()]
    return []


def free_actions(s: State, seat: int) -> list:
    """What ``seat`` may do besides its decision on its own turn: sell a card
    (L217), form a set (L213-215), buy Glory with the Religion Medal (L171)."""
    return list(free_of(s.players[seat]))


def free_tuple(s: State, seat: int) -> tuple:
    """``free_actions`` as the shared tuple (to splice into a legal list)."""
    return free_of(s.players[seat])


_FREE: dict[tuple[int, bool, bool, bool], tuple[tuple, tuple]] = {}


def free_of(p: Player) -> tuple:
    """``free_actions`` of a player record, kept by its hand (the same tuple
    from state to state until a card comes or goes) and what else they
    depend on: looked up at every decision of a turn."""
    medals = p.medals
    hand = p.hand
    key = (id(hand), len(p.sets) < data.MAX_TRADE_SETS, bool(medals >> TRADE & 1),
           bool(medals >> RELIGION & 1) and p.denarii >= data.RELIGION_MEDAL_PRICE)
    hit = _FREE.get(key)
    if hit is not None and hit[0] is hand:
        return hit[1]
    out = _free(known_cards(hand), *key[1:])
    if len(_FREE) >= LIMIT:
        _FREE.clear()
    _FREE[key] = (hand, out)
    return out


@by_identity
def known_cards(hand: tuple[Held, ...]) -> tuple[int, ...]:
    """The cards of a hand that are not HIDDEN (all of them in a full state
    or in its holder's view), by hand (kept while the hand is unchanged)."""
    return tuple(h.card for h in hand if h.card >= 0)


@lru_cache(maxsize=8192)
def _free(cards: tuple[int, ...], sets_open: bool, wild_jewels: bool,
          buy: bool) -> tuple:
    """free_actions by what they depend on (called at every decision of a turn)."""
    out: list = [Sell(NAMES[c]) for c in cards]
    if sets_open and len(cards) >= data.SET_SIZE:
        out += _sets(tuple(sorted(cards)), wild_jewels)
    if buy:
        out.append(BuyGlory())
    return tuple(out)


def act_free(w: State, seat: int, a: tuple) -> bool:
    """Do free action ``a`` if it is one (Sell, FormSet, BuyGlory); True then."""
    kind = a[0]
    if kind == "sell":
        card = CARD_INDEX[a[1]]
        _remove(w, seat, card)
        _to_discard(w, card)
        mine(w, seat).denarii += data.SELL_DENARII
        w.events.append(CardSold(seat, a[1]))
    elif kind == "set":
        trio = tuple(CARD_INDEX[c] for c in a[1])
        for c in trio:
            _remove(w, seat, c)
        p = mine(w, seat)
        p.sets = p.sets + (trio,)
        w.events.append(SetFormed(seat, tuple(a[1])))
    elif kind == "buy_glory":
        mine(w, seat).denarii -= data.RELIGION_MEDAL_PRICE
        w.events.append(GloryBought(seat))
        glory.gain(w, (seat,), 1, "Religion Medal")
    else:
        return False
    return True


# ---------------------------------------------------------------- at random
def random_card(w: State, seat: int) -> int:
    """The index in ``seat``'s hand of a card picked at random (never the
    Anchor: it is not in ``hand``), -1 if none: Sold, Custom Fees, Storm at Sea."""
    n = len(w.players[seat].hand)
    if not n:
        return -1
    i, w.rng = w.rng.below(n)
    return i


def discard_random(w: State, seat: int) -> int:
    """A random card of ``seat``'s hand to the discard pile (face up); its index, -1 if none."""
    i = random_card(w, seat)
    if i < 0:
        return -1
    card = w.players[seat].hand[i].card
    _remove(w, seat, card)
    _to_discard(w, card)
    w.events.append(CardDiscarded(seat, NAMES[card], True))
    return card


def take_random(w: State, seat: int, source: int) -> bool:
    """Custom Fees (L150): a random card of ``source``'s hand into ``seat``'s
    (both now know it); False if ``source`` has none or ``seat`` no room."""
    if not has_room(w, seat):
        return False
    i = random_card(w, source)
    if i < 0:
        return False
    h = _remove(w, source, w.players[source].hand[i].card)
    p = mine(w, seat)
    p.hand = p.hand + (Held(h.card, h.seen | 1 << seat, h.pool),)
    w.events.append(CardTaken(seat, source))
    return True


# ---------------------------------------------------------------- the flow's tables
DECISIONS = {
    ROOM: (room_legal, room_resolve),
    WINDOW: (window_legal, window_resolve),
}


def _who(s: State, seat: int) -> str:
    return data.CHARACTERS[s.players[seat].character].name


def _room_prompt(s: State, pd: Pending) -> str:
    window, steps, _later = pd.data
    n = len(steps)
    how = "play, sell or discard" if window else "sell or discard"
    return (f"{_who(s, pd.seat)}: your hand is full: {how} a card to draw "
            f"({n} card{'s' if n != 1 else ''} to come), or draw no more")


def _window_prompt(s: State, pd: Pending) -> str:
    """"Crassus: play a card (When you place a Follower: Anywhere or On the
    Colosseum) or go on": conditions that begin alike say it once, so the
    prompt keeps to one line at 120 columns (it took two, and the status
    line's height changed under the player's eyes)."""
    (conditions,) = pd.data
    return f"{_who(s, pd.seat)}: play a card ({condition_words(conditions)}) or go on"


def condition_words(conditions: tuple[str, ...]) -> str:
    """The conditions' texts, those sharing a beginning ("When you place a
    Follower - ") joined after it once."""
    texts = [data.CONDITIONS[c] for c in conditions]
    heads = {x.split(" - ", 1)[0] for x in texts}
    if len(texts) > 1 and len(heads) == 1 and all(" - " in x for x in texts):
        return f"{heads.pop()}: " + " or ".join(x.split(" - ", 1)[1] for x in texts)
    return " / ".join(texts)


PROMPTS = {ROOM: _room_prompt, WINDOW: _window_prompt}

LOG = {
    CardsDrawn.KIND: lambda s, e: f"{_who(s, e[1])} draws {e[2]} Trade card"
    + ("s" if e[2] != 1 else ""),
    DeckReshuffled.KIND: lambda s, e: f"The Trade discard pile ({e[1]} "
    f"card{'s' if e[1] != 1 else ''}) is shuffled into a new deck",
    DiscardTaken.KIND: lambda s, e: f"{_who(s, e[1])} takes {e[2]} from the discard pile",
    CardPlayed.KIND: lambda s, e: f"{_who(s, e[1])} plays {e[2]}",
    CardSold.KIND: lambda s, e: f"{_who(s, e[1])} sells {e[2]} for 1 Denarius",
    CardDiscarded.KIND: lambda s, e: f"{_who(s, e[1])} discards {e[2]}"
    + (" (at random)" if e[3] else ""),
    CardTaken.KIND: lambda s, e: f"{_who(s, e[1])} takes a random Trade card "
    f"from {_who(s, e[2])}",
    SetFormed.KIND: lambda s, e: f"{_who(s, e[1])} forms a set: {', '.join(e[2])}",
    GloryBought.KIND: lambda s, e: f"{_who(s, e[1])} pays 3 Denarii for 1 Glory "
    "(Religion Medal)",
}
