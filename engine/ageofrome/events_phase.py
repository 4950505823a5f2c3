"""The Scheme phase's first step: the Event card (L104-117).

The top Event is revealed; every player tied for the most (or least) of
its measure gets its reward (L105), a card with a ``minimum`` only if they
reach it; its arrows set this round's direction (the turn order) and the
quarter turns the board makes at the end of the round (L117). The Emperor
Solo takes no reward but one Denarius per recruited Follower (L376); the
arrows still set the direction (A23).

A reward that needs a choice (Veterans places a Legion, Mutiny returns
one) opens a "region" decision for each winner, in turn order.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import kinded
from engine.flow import Pending, push

from . import board, data, forces, glory, trade
from .actions import PickRegion
from .reference import effect_text
from .scoring import measure
from .state import REGION_INDEX, REGIONS, State, coins, mine, seat_name

PLACE_LEGION, RETURN_LEGION = "place legion", "return legion"
CHOICES = (PLACE_LEGION, RETURN_LEGION)


@kinded("event")
class EventRevealed(NamedTuple):
    """Round ``round``'s Event card, face up; the turn order it gives."""

    kind: str
    round: int
    card: int
    order: tuple[int, ...]


@kinded("event_reward")
class EventReward(NamedTuple):
    """``seats`` won the Event's reward (all tied players, L105); empty: nobody."""

    kind: str
    card: int
    seats: tuple[int, ...]


@kinded("solo_event")
class SoloEventIncome(NamedTuple):
    """L376: the Emperor Solo's Event gives one Denarius per Follower."""

    kind: str
    seat: int
    denarii: int


def turn_order(s: State) -> tuple[int, ...]:
    """A7: the seat in front of the First Player's province starts (if that
    position is empty, the next seated one in this round's direction), then
    around the table in the direction, seated positions only."""
    at = {p.position: seat for seat, p in enumerate(s.players)}
    start = (s.first + s.rotation) % board.TABLE_POSITIONS
    step = 1 if s.direction == board.CW else -1
    out = []
    for k in range(board.TABLE_POSITIONS):
        seat = at.get((start + step * k) % board.TABLE_POSITIONS)
        if seat is not None:
            out.append(seat)
    return tuple(out)


def winners(s: State, event: data.Event) -> tuple[int, ...]:
    """The seats with the most (least) of the Event's measure, in turn
    order, if that reaches the card's minimum."""
    values = {seat: measure(s, seat, event.measure) for seat in s.order}
    best = max(values.values()) if event.most else min(values.values())
    if best < event.minimum:
        return ()
    return tuple(seat for seat in s.order if values[seat] == best)


def enter(w: State) -> None:
    """Reveal the Event, set the direction and turn order, give the reward."""
    top, w.event_deck = w.event_deck[0], w.event_deck[1:]
    w.event = top.card
    event = data.EVENTS[w.event]
    w.direction = event.direction
    w.order = turn_order(w)
    w.queue = ()
    w.doing = ()
    w.events.append(EventRevealed(w.round, w.event, w.order))
    if w.n == 1:
        p = mine(w, 0)
        amount = data.SOLO_EVENT_DENARII_PER_FOLLOWER * p.followers
        p.denarii += amount
        w.events.append(SoloEventIncome(0, amount))
        return
    won = winners(w, event)
    w.events.append(EventReward(w.event, won))
    if won:
        reward(w, won, event.reward, event.name)


def reward(w: State, seats: tuple[int, ...], effects_: tuple[data.Effect, ...],
           why: str) -> None:
    """Give ``effects_`` to ``seats`` together (tied winners, in turn order)."""
    for eff in effects_:
        if eff.kind == "glory":
            if eff.amount > 0:
                glory.gain(w, seats, eff.amount, why)
            else:
                for seat in seats:
                    glory.lose(w, seat, -eff.amount, why)
        elif eff.kind in CHOICES:
            asks = [Pending("region", seat, (eff.kind,)) for seat in seats
                    for _ in range(eff.amount) if region_choices(w, seat, eff.kind)]
            push(w, *asks)
        else:
            apply_in_turn_order(w, seats, eff, why)


def apply_in_turn_order(w: State, seats: tuple[int, ...], eff: data.Effect, why: str) -> None:
    """``trade.apply`` (any effect) for each seat in turn order (a Vote placed first
    lies lower on the Column); the decisions they open are answered in turn
    order too (the first seat's on top of the stack)."""
    base = len(w.pending)
    batches = []
    for seat in seats:
        trade.apply(w, seat, eff, why=why)
        batches.append(w.pending[base:])
        w.pending = w.pending[:base]
    for batch in reversed(batches):
        w.pending = w.pending + batch


def region_choices(s: State, seat: int, what: str) -> list[PickRegion]:
    if what == PLACE_LEGION:
        if s.players[seat].legions <= 0:
            return []
        return [PickRegion(r) for r in REGIONS]
    return [PickRegion(r) for i, r in enumerate(REGIONS) if s.regions[i][seat] > 0]


def legal_region(s: State, pd: Pending) -> list:
    return region_choices(s, pd.seat, pd.data[0])


def resolve_region(w: State, pd: Pending, a: PickRegion) -> None:
    seat, region = pd.seat, REGION_INDEX[a.region]
    placed = pd.data[0] == PLACE_LEGION
    if placed:  # forces logs the move
        forces.add_legion(w, seat, region)
    else:
        forces.remove_legion(w, seat, region)


def auto(w: State) -> bool:
    """Nothing to decide once the rewards are given."""
    return False


DECISIONS = {"region": (legal_region, resolve_region)}


def _prompt_region(s: State, pd: Pending) -> str:
    verb = ("where does your Legion go" if pd.data[0] == PLACE_LEGION
            else "which Battle Region does your Legion come back from")
    return f"{seat_name(s, pd.seat)}: {data.EVENTS[s.event].name}: {verb}?"


PROMPTS = {"region": _prompt_region}


def _log_event(s: State, e: EventRevealed) -> str:
    ev = data.EVENTS[e.card]
    turns = "quarter turn" if ev.arrows == 1 else "quarter turns"
    way = "clockwise" if ev.direction == board.CW else "counter-clockwise"
    order = ", ".join(seat_name(s, x) for x in e.order)
    return (f"Round {e.round}: the Event is {ev.name} ({way}, {ev.arrows} {turns} at the end "
            f"of the round); turn order {order}")


def _log_reward(s: State, e: EventReward) -> str:
    """"Plague: Crassus suffers the penalty (lose 2 Glory)": the verb agrees
    with the seats, a Hard Times card's is a penalty, and what it gives is said."""
    ev = data.EVENTS[e.card]
    verb, noun = ("suffer", "the penalty") if ev.negative else ("win", "the reward")
    what = "; ".join(effect_text(x) for x in ev.reward)
    names = [seat_name(s, x) for x in e.seats]
    if not names:
        return f"{ev.name}: nobody {verb}s {noun} ({what})"
    who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{ev.name}: {who} {verb}{'s' if len(names) == 1 else ''} {noun} ({what})"


def _log_solo(s: State, e: SoloEventIncome) -> str:
    # "You take 1 Denarius from the Event", not "The Event gives …, one per
    # Follower (You)" (walk-through: read oddly); L376 counts recruited Followers
    return (f"{seat_name(s, e.seat)} takes {coins(e.denarii)} from the Event: "
            "1 per recruited Follower")


LOG = {
    EventRevealed.KIND: _log_event,
    EventReward.KIND: _log_reward,
    SoloEventIncome.KIND: _log_solo,
}
