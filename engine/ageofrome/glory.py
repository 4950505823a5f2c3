"""The Glory track: gains and losses, the milestones and their cascade.

Every change of a player's Glory goes through ``gain`` or ``lose``, so the
two rules that hold at every moment are kept in one place: Glory never
goes below 1 (L97), and whoever reaches a milestone they have not met
before recruits a Follower (L99), the moving milestones stepping down one
space per player who reaches them, which may reach more players (A11).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from engine.core import kinded

from . import board, data
from .state import State, mine

FIXED_MILESTONE = board.MILESTONES[0].start  # 5: everyone meets it (L99)


@kinded("glory")
class GloryChanged(NamedTuple):
    """A player's Glory moved by ``amount`` (after the floor of 1) for ``why``."""

    kind: str
    seat: int
    amount: int
    why: str


@kinded("milestone")
class MilestoneReached(NamedTuple):
    """A player met milestone ``index`` (board.MILESTONES) on ``space`` and
    recruited a Follower (``follower`` False: all five were recruited)."""

    kind: str
    seat: int
    index: int
    space: int
    follower: bool


def space_of(s: State, index: int) -> int:
    """Where milestone ``index`` stands now."""
    return FIXED_MILESTONE if index == 0 else s.milestones[index - 1]


def gain(w: State, seats: Iterable[int], amount: int, why: str) -> None:
    """``seats`` gain ``amount`` Glory at the same moment (an Event's tied
    winners), then the milestones they reach are met together (L101)."""
    if amount <= 0:
        return
    for seat in seats:
        p = mine(w, seat)
        p.glory += amount
        w.events.append(GloryChanged(seat, amount, why))
    settle_milestones(w)


def forecast_gain(s: State, seat: int, amount: int) -> tuple[MilestoneReached, ...]:
    """The milestones ``seat`` would meet gaining ``amount`` Glory now
    (``gain`` played on a copy): a build's label says it recruits a
    Follower before the choice, not only the log after it."""
    w = s.thaw()
    w.events = []
    gain(w, (seat,), amount, "")
    return tuple(e for e in w.events if isinstance(e, MilestoneReached) and e.seat == seat)


def lose(w: State, seat: int, amount: int, why: str) -> int:
    """``seat`` loses up to ``amount`` Glory, never going below 1 (L97);
    returns how much was lost. Followers are never lost (L103)."""
    p = w.players[seat]
    lost = min(amount, p.glory - board.GLORY_MIN)
    if lost > 0:
        mine(w, seat).glory -= lost
        w.events.append(GloryChanged(seat, -lost, why))
    return lost


def settle_milestones(w: State) -> None:
    """Let every player at or above a milestone they have not met meet it;
    a moving milestone steps down one space per player who met it, never
    onto or below the milestone under it, and whoever it then reaches meets
    it too (A11). Glory above 30 is past every milestone."""
    for index in range(len(board.MILESTONES)):
        while True:
            space = space_of(w, index)
            reached = [seat for seat, p in enumerate(w.players)
                       if not p.milestones >> index & 1 and p.glory >= space]
            if not reached:
                break
            for seat in reached:
                p = mine(w, seat)
                p.milestones |= 1 << index
                recruited = p.followers < data.MAX_FOLLOWERS
                if recruited:
                    p.followers += 1
                w.events.append(MilestoneReached(seat, index, space, recruited))
            if index == 0:
                break
            floor = space_of(w, index - 1) + 1
            moved = max(floor, space - len(reached))
            if moved == space:
                break
            w.milestones = w.milestones[:index - 1] + (moved,) + w.milestones[index:]
