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

from collections.abc import Sequence
from typing import Any

from engine.ageofrome import board, data, scoring
from engine.ageofrome.state import BONUS, RELIGION, TRADE, State
from engine.core import HIDDEN

from ..knowledge import win_chances

FOLLOWER_ROUND = 1.6  # Glory a Follower earns per round left, on average (hand-set)
# softmax temperature by rounds left (0 = the last round), the best for the
# fitted projection on 300 rule-based games (bench/ageofrome_mcts.py --fit)
TEMPERATURE = (5.0, 6.0, 5.0, 5.0, 5.0, 5.0, 5.0, 7.0, 15.0)

FEATURES = ("glory", "regions", "column", "sets", "hand", "pantheon", "denarii",
            "denarii_end", "followers", "medals", "legions", "votes", "quests", "bonuses",
            "one")
"""What the projection weighs, per seat (``features``)."""

WEIGHTS: tuple[tuple[float, ...], ...] | None = (
    # least squares of the final total on 300 rule-based 4-player games
    # (seeds 1000-1299, every 3rd action), Glory, sets and the Pantheon
    # held at 1 (they are banked), the other points and resources >= 0 (the
    # search takes a weight as what an action is worth: a negative one
    # would make it shun Votes or Denarii); ridge 1
    (1.0, 0.566, 0.131, 1.0, 0.0, 1.0, 0.073, 0.794, 2.826, 0.859, -0.788, -0.254, 0.939, 0.548,
     0.565),
    (1.0, 0.561, 0.0, 1.0, 0.312, 1.0, 0.469, 0.0, 0.0, 1.573, -0.596, -0.156, 0.758, 0.647,
     21.335),
    (1.0, 0.54, 0.0, 1.0, 0.352, 1.0, 0.505, 0.0, 0.0, 2.238, -0.326, -0.419, 0.702, 1.112,
     31.475),
    (1.0, 0.545, 0.0, 1.0, 0.68, 1.0, 0.607, 0.0, 0.0, 2.898, -0.098, -0.354, 0.764, 2.621,
     35.451),
    (1.0, 0.574, 0.0, 1.0, 0.687, 1.0, 0.516, 0.0, 0.617, 3.738, 0.207, 0.548, 0.373, 2.644,
     38.959),
    (1.0, 0.665, 0.0, 1.0, 0.83, 1.0, 0.254, 0.952, 1.736, 6.837, 0.532, 1.112, 0.196, 2.366,
     41.008),
    (1.0, 0.714, 0.0, 1.0, 2.078, 1.0, 0.703, 0.0, 1.015, 0.0, 0.598, 0.961, 0.246, 0.997,
     51.127),
    (1.0, 0.745, 0.0, 1.0, 1.506, 1.0, 0.252, 2.022, 1.372, 0.0, 0.992, 0.903, 0.0, 1.733,
     55.483),
    (1.0, 0.603, 0.0, 1.0, 0.0, 1.0, 0.755, 0.0, 0.0, 0.0, 1.116, -0.003, 0.206, 27.477,
     13.739),
)
"""Fitted weights per rounds left (0 = the last round), one per feature;
None: the hand-set projection (``hand_projected``)."""


def projected(s: State, seat: int) -> float:
    """``seat``'s expected final total: the fitted weights on its features,
    or the hand-set projection."""
    if WEIGHTS is None:
        return hand_projected(s, seat)
    w = WEIGHTS[min(data.ROUNDS - s.round, len(WEIGHTS) - 1)]
    return sum(a * b for a, b in zip(w, features(s, seat), strict=True))


def features(s: State, seat: int) -> list[float]:
    """The seat's position as numbers, in ``FEATURES`` order."""
    p = s.players[seat]
    medal_trade = bool(p.medals >> TRADE & 1)
    sets = sum(data.set_points(tuple(data.TRADE_CARDS[c].name for c in cards),
                               medal_trade) or 0 for cards in p.sets)
    pantheon = p.base_own + p.top_own + sum(
        data.PANTHEON_POINTS[c] for c in (p.base_common, p.top_common) if c)
    rate = (data.DENARII_PER_GLORY_END_RELIGION_MEDAL if p.medals >> RELIGION & 1
            else data.DENARII_PER_GLORY_END)
    quests = sum(scoring.quest_points(s, seat, h.card) for h in p.quests
                 if h.card != HIDDEN) if len(p.quests) <= 2 else 0
    bonuses = sum(p.active_bonus(t) for t in BONUS)
    return [float(p.glory), _regions(s, seat), _column(s, seat), float(sets),
            float(len(p.hand)), float(pantheon), float(p.denarii), float(p.denarii // rate),
            float(p.followers), float(p.medals.bit_count()), float(p.legions),
            float(p.votes), float(quests), float(bonuses), 1.0]


def hand_projected(s: State, seat: int) -> float:
    """``seat``'s final total if the game ended after the rounds left
    played out at an average pace (set by hand)."""
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
