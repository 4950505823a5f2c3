"""What a building gives the Follower placed on it, and the "legion"
decision a Military action (or a Trade card, or an Event) opens.

These sit above both ``forces`` (the pieces) and ``trade`` (the cards): a
Trade building draws cards, and a seat moving Legions on its own turn may
also sell, form a set or buy Glory (the free actions), so neither lower
module has to import the other.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.flow import Pending, push

from . import trade
from .actions import DONE, Done
from .forces import (
    LEGION,
    Farmed,
    add_legion,
    add_pantheon_piece,
    farming_denarii,
    legion_moves,
    place_vote,
    push_legion_moves,
    shift_legion,
)
from .memo import last_answers
from .state import (
    ACTIONS,
    BOARD,
    BUILD,
    FARMING,
    INCOME,
    MILITARY,
    POLITICS,
    REGION_INDEX,
    RELIGION,
    SCHEMES,
    TRADE,
    State,
    mine,
    seat_name,
)

OWN_TURN_PHASES = (BUILD, ACTIONS, SCHEMES, INCOME)  # where a seat's decisions allow free actions


def resolve_building(w: State, seat: int, type_: int, bonus: bool,
                     follower: bool = True) -> None:
    """What a building of ``type_`` gives ``seat`` (L179-250), doubled for
    Military, Politics and Trade by their Bonus (L261-264). May open
    decisions (Legion moves, making room before a draw). ``follower``
    False: a Spy's free action (L342), no Follower placed, so no Farming
    Medal extra (L172 says "when you place a Follower")."""
    times = 2 if bonus else 1
    if type_ == MILITARY:
        push_legion_moves(w, seat, times)
    elif type_ == POLITICS:
        for _ in range(times):  # L201: an eviction may give the second Vote back
            place_vote(w, seat, "Politics")
    elif type_ == TRADE:
        trade.draw(w, seat, times)
    elif type_ == RELIGION:
        add_pantheon_piece(w, seat)
    elif type_ == FARMING:
        amount = farming_denarii(w, seat, follower)
        mine(w, seat).denarii += amount
        w.events.append(Farmed(seat, amount))


# ---------------------------------------------------------------- the "legion" decision
def _free(s: State, seat: int) -> list:
    """Sell / FormSet / BuyGlory while this decision is part of the seat's own turn."""
    if s.phase not in OWN_TURN_PHASES:
        return []
    return trade.free_tuple(s, seat)


@last_answers
def legion_legal(s: State, pd: Pending) -> list:
    count, board_ok, regions_ok = pd.data
    return [*legion_moves(s, pd.seat, board_ok, regions_ok), DONE, *_free(s, pd.seat)]


def legion_resolve(w: State, pd: Pending, a: tuple) -> None:
    seat = pd.seat
    if w.phase in OWN_TURN_PHASES and trade.act_free(w, seat, a):
        push(w, pd)
        return
    if a[0] == Done.KIND:
        return
    count, board_ok, regions_ok = pd.data
    to = REGION_INDEX[a.to]
    if a.source == BOARD:
        add_legion(w, seat, to)
    else:
        shift_legion(w, seat, REGION_INDEX[a.source], to)
    push_legion_moves(w, seat, count - 1, board_ok, regions_ok)


def _legion_prompt(s: State, pd: Pending) -> str:
    """Says the moves this decision offers: a Military Bonus may take a
    Legion from the board or between regions, Malleus or Hasta only between
    regions (walk-through: Malleus's prompt said "from your board or…")."""
    count, board_ok, regions_ok = pd.data
    more = "a Legion" if count == 1 else f"{count} Legions, one at a time"
    sources = {m.source == BOARD for m in legion_moves(s, pd.seat, board_ok, regions_ok)}
    where = ("from your board or between Battle Regions" if sources == {True, False}
             else "from your board to a Battle Region" if True in sources
             else "from one Battle Region to another")
    return f"{seat_name(s, pd.seat)}: move {more} ({where})."


PROMPTS: dict[str, Callable[[State, Pending], str]] = {LEGION: _legion_prompt}
DECISIONS: dict[str, tuple[Callable, Callable]] = {LEGION: (legion_legal, legion_resolve)}
