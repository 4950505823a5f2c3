"""Final scoring (8) and the result, shared victory and the solo game's
Rome-against-The-Enemy ending included."""

from __future__ import annotations

from collections import Counter

from engine.core import Result, rank_scores

from .data import CHRISTIAN_CITY_POINTS, ITEMS_PER_POINT, TRIUMPHS
from .empire import score
from .events import GameOver
from .state import State

ENEMY = "The Enemy"
LABELS = (("play", "Play"), ("christian", "Christ."), ("items", "Items"),
          ("triumphs", "Triumph"), ("arts", "Arts"))


def arts_counts(s: State) -> Counter[str]:
    """Each arts icon held, over all players (7C)."""
    return Counter(icon for p in s.players for h in p.triumphs for icon in TRIUMPHS[h.card].arts)


def final_parts(s: State, seat: int) -> dict[str, int]:
    """The points scoring at the end adds (8): nothing in a province in unrest."""
    p = s.players[seat]
    counts = arts_counts(s)
    return {
        "christian": CHRISTIAN_CITY_POINTS * (p.christian & ~p.unrest).bit_count(),
        "items": (sum(p.docks) + p.barracks) // ITEMS_PER_POINT,
        "triumphs": sum(TRIUMPHS[h.card].points for h in p.triumphs),
        "arts": sum(counts[icon] for h in p.triumphs for icon in TRIUMPHS[h.card].arts),
    }


def finish(w: State) -> None:
    """OVER: each player scores the end of the game."""
    for seat in w.order:
        for key, points in final_parts(w, seat).items():
            score(w, seat, points, key)
    w.queue = ()
    w.events.append(GameOver())


def result(s: State) -> Result:
    scores = tuple(p.score for p in s.players)
    breakdown = []
    for seat in range(s.n):
        parts = final_parts(s, seat)
        breakdown.append({"play": scores[seat] - sum(parts.values()), **parts})
    best = max(scores)
    winners = tuple(i for i, x in enumerate(scores) if x == best)
    others: tuple[tuple[str, int], ...] = ()
    if s.solo:
        others = ((ENEMY, s.enemy_score),)
        if s.enemy_score > scores[0]:
            winners = ()
    return Result(
        scores=scores,
        ranks=rank_scores([(x,) for x in scores]),
        breakdown=tuple(breakdown),
        winners=winners,
        outcome=outcome(s, scores, winners),
        unit="points",
        labels=LABELS,
        others=others,
    )


def outcome(s: State, scores: tuple[int, ...], winners: tuple[int, ...]) -> str:
    from .text import plural, seat_name
    if s.solo:
        if not winners:
            return f"The Enemy wins, {plural(s.enemy_score, 'point')} to Rome's {scores[0]}"
        if s.enemy_score == scores[0]:
            return f"Rome and The Enemy share the victory with {plural(scores[0], 'point')}"
        return f"Rome beats The Enemy, {plural(scores[0], 'point')} to {s.enemy_score}"
    names = [seat_name(s, i) for i in winners]
    best = scores[winners[0]]
    if len(names) == 1:
        return f"{names[0]} wins with {plural(best, 'point')}"
    return f"{', '.join(names[:-1])} and {names[-1]} share the victory with {plural(best, 'point')}"
