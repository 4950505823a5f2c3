"""The ISMCTS leaf evaluation for Age of Rome: each seat's final total
projected from the position, turned into win chances.

The projection is what final scoring would give now (the Glory total, the
placings in Regions already defeated or about to be, the Column, Trade
sets, the Pantheon, Denarii at 4 a Glory) plus what the rounds left are
worth: Followers and the province's Population keep paying every round.
Win chances are a softmax of the projections, sharper as the game nears
its end (a lead of a few Glory in round 9 is nearly a win; in round 2 it
is not).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine.ageofrome import board, data
from engine.ageofrome.state import RELIGION, TRADE, State

FOLLOWER_ROUND = 1.6  # Glory a Follower earns per round left, on average
# softmax temperature by rounds left (0 = the last round): wide early, sharp late
TEMPERATURE = (3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0)


def projected(s: State, seat: int) -> float:
    """``seat``'s final total if the game ended after the rounds left
    played out at an average pace."""
    p = s.players[seat]
    total = float(p.glory)
    total += _regions(s, seat)
    total += _column(s, seat)
    medal_trade = bool(p.medals >> TRADE & 1)
    total += sum(data.set_points(tuple(data.TRADE_CARDS[c].name for c in cards),
                                 medal_trade) or 0 for cards in p.sets)
    total += 0.8 * len(p.hand)
    total += p.base_own + p.top_own
    total += sum(data.PANTHEON_POINTS[c] for c in (p.base_common, p.top_common) if c)
    rate = (data.DENARII_PER_GLORY_END_RELIGION_MEDAL if p.medals >> RELIGION & 1
            else data.DENARII_PER_GLORY_END)
    left = data.ROUNDS - s.round
    total += p.denarii / rate if left == 0 else p.denarii * 0.45
    total += left * FOLLOWER_ROUND * p.followers
    total += 1.5 * p.medals.bit_count()
    return total


def _regions(s: State, seat: int) -> float:
    points = 0.0
    n = max(2, s.n)
    for r, counts in zip(board.BATTLE_REGIONS, s.regions, strict=True):
        mine = counts[seat]
        if not mine:
            continue
        total = sum(counts)
        chance = 1.0 if total >= r.shield else 0.5
        above = sum(1 for c in counts if c > mine)
        tied = sum(1 for c in counts if c == mine) > 1
        banners = board.banners(r.name, n)
        if not tied and above < len(banners):
            points += chance * banners[above]
    return points


def _column(s: State, seat: int) -> float:
    return float(sum(board.COLUMN_POINTS[i] for i, owner in enumerate(s.column)
                     if owner == seat))


def evaluate(game: Any, s: State) -> Sequence[float]:
    """A reward in [0, 1] per seat: its win chance from the projections
    (a finished game pays its result)."""
    if game.to_move(s) is None:
        return game.result(s).rewards()
    n = s.n
    if n == 1:
        return [min(1.0, projected(s, 0) / 120.0)]
    scores = [projected(s, seat) for seat in range(n)]
    return win_chances(scores, TEMPERATURE[min(data.ROUNDS - s.round, len(TEMPERATURE) - 1)])


def win_chances(scores: Sequence[float], t: float) -> list[float]:
    """A softmax of the projected totals at temperature ``t`` (in Glory)."""
    top = max(scores)
    weights = [math.exp((x - top) / t) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]
