"""The Income phase (L266-273), the board's rotation (L274-275) and the
step to the next round.

In turn order each player takes one Denarius per Population of the
province in front of them, or two for the red Glory penalty (double
Income), which they may take only if it leaves them at 1 Glory or more
(L270, A12); a seat that cannot double takes the single Income without
being asked. A double Income opens the "D" Trade window (L225).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import kinded
from engine.flow import stage

from . import board, data, glory, trade
from .actions import Income
from .state import EVENT, OVER, State, coins, in_front, mine, next_in_queue, option, seat_name


@kinded("income")
class IncomeTaken(NamedTuple):
    """``seat`` took ``denarii`` (``double``: and paid ``penalty`` Glory)."""

    kind: str
    seat: int
    denarii: int
    double: bool
    penalty: int


@kinded("rotate")
class Rotated(NamedTuple):
    """The Provinces board turned ``turns`` quarter turns ``direction`` (L275)."""

    kind: str
    direction: str
    turns: int
    rotation: int


class Offer(NamedTuple):
    """What the Income of a province of ``population`` offers (L268-269):
    ``single`` Denarii, or ``double`` Denarii for ``penalty`` Glory (the
    Population disc's red number)."""

    population: int
    single: int
    double: int
    penalty: int


def offer(population: int) -> Offer:
    """The Income a province of ``population`` gives: the one reckoning that
    ``take``, the menu and a build's preview all read."""
    return Offer(population, population * board.INCOME_SINGLE,
                 population * board.INCOME_DOUBLE, board.PENALTY[population])


def offer_of(s: State, seat: int) -> Offer:
    """The Income ``seat`` would take now, from the province in front of it."""
    return offer(s.provinces[in_front(s, seat)].population)


def penalty(s: State, seat: int) -> int:
    """The red number on the Population disc of the province in front (L269)."""
    return offer_of(s, seat).penalty


def can_double(s: State, seat: int) -> bool:
    """A12: only if Glory - penalty >= 1."""
    return s.players[seat].glory - penalty(s, seat) >= board.GLORY_MIN


def enter(w: State) -> None:
    w.queue = w.order
    w.step = 0
    w.doing = ()


to_move = next_in_queue


def legal(s: State) -> list:
    seat = s.queue[0]
    out: list = [Income(False), Income(True)] if can_double(s, seat) else [Income(False)]
    return out + trade.free_actions(s, seat)


def why(s: State, a: tuple) -> str:
    if a[:1] == ("income",) and len(a) == 2 and a[1] is True:
        return (f"double Income costs {penalty(s, s.queue[0])} Glory and Glory never "
                "goes below 1")  # L270
    return "choose your Income: single or double"


def act(w: State, a: tuple) -> None:
    seat = w.queue[0]
    if trade.act_free(w, seat, a):
        return
    take(w, seat, bool(a[1]))


def take(w: State, seat: int, double: bool) -> None:
    now = offer_of(w, seat)
    w.queue = w.queue[1:]
    p = mine(w, seat)
    amount = now.double if double else now.single
    p.denarii += amount
    paid = now.penalty if double else 0
    w.events.append(IncomeTaken(seat, amount, double, paid))  # the log says it before its cost
    if double:
        glory.lose(w, seat, paid, "double Income")
        trade.open_window(w, seat, "D")


def auto(w: State) -> bool:
    """Single Income for whoever cannot double; True while a seat chooses.
    Each Income taken so is a ``stage`` a table shows on its own (the
    Emperor Solo's round ends unasked: Income, the board's turn, the next
    Event)."""
    while w.queue:
        seat = w.queue[0]
        if can_double(w, seat):
            return True
        take(w, seat, False)
        if w.pending:
            return True
        stage(w)
    return False


# ---------------------------------------------------------------- rotation, next round
def rotate(w: State) -> bool:
    """L275: turn the board by the Event's arrows in the round's direction
    (Clockwork: one quarter turn clockwise, L354); then the next round
    starts, or the game ends after the ninth (L91)."""
    if option(w, "clockwork"):
        direction, turns = board.CW, 1
    else:
        event = data.EVENTS[w.event]
        direction, turns = w.direction, event.arrows
    w.rotation = board.turn(w.rotation, direction, turns)
    w.events.append(Rotated(direction, turns, w.rotation))
    w.history = w.history + (tuple(p.glory for p in w.players),)
    stage(w)  # the board turned, before the next round's Event is shown
    if w.round < data.ROUNDS:
        next_round(w)
        w.step = 0
    else:
        w.step = 1  # the ninth round is over: final scoring
    return False


def next_round(w: State) -> None:
    """Round + 1; what is per round starts afresh: the Bonus markers used,
    the Followers placed, the Diplomacy tokens."""
    w.round += 1
    spies = option(w, "spies_allies") and w.n > 1
    for seat, p in enumerate(w.players):
        if p.bonus_used or p.placed or (spies and p.tokens != 0b11):
            q = mine(w, seat)
            q.bonus_used = 0
            q.placed = 0
            if spies:
                q.tokens = 0b11
    w.diplomacy = ()
    w.queue = ()
    w.doing = ()


def after_rotate(w: State) -> str:
    return OVER if w.step == 1 else EVENT


def _who(s: State, seat: int) -> str:
    return seat_name(s, seat)


def _log_income(s: State, e: IncomeTaken) -> str:
    if e.double:
        return (f"{_who(s, e.seat)} takes double Income: {coins(e.denarii)} for "
                f"{e.penalty} Glory")
    return f"{_who(s, e.seat)} takes {coins(e.denarii)} of Income"


def _log_rotate(s: State, e: Rotated) -> str:
    way = "clockwise" if e.direction == board.CW else "counter-clockwise"
    return f"The Provinces board turns {90 * e.turns} degrees {way}"


LOG = {IncomeTaken.KIND: _log_income, Rotated.KIND: _log_rotate}
DECISIONS: dict = {}
PROMPTS: dict = {}
