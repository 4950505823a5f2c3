"""Final scoring (8) and the result, shared victory and the solo game's
Rome-against-The-Enemy ending included."""

from __future__ import annotations

from collections import Counter

from engine.core import HIDDEN, Result, rank_scores

from .data import (
    BUILDINGS,
    CHRISTIAN_CITY_POINTS,
    ITEMS_PER_POINT,
    SOLO_BUILDING_BONUSES,
    TRIUMPHS,
)
from .empire import score
from .events import GameOver
from .state import State

ENEMY = "The Enemy"
LABELS = (("play", "In play"), ("bonus", "Bonus"), ("christian", "Christian"), ("items", "Items"),
          ("triumphs", "Triumph"), ("arts", "Arts"))
"""The breakdown's columns; "bonus" (the Later buildings' solo bonuses,
4B) only in the solo game, where it is most of The Enemy's score."""


def building_bonuses(s: State) -> tuple[int, int]:
    """The solo bonuses of the Later buildings turned over so far (4B):
    (Rome's, The Enemy's): a New senator icon gives its bonus to The Enemy,
    any other building to Rome. (0, 0) with more players."""
    if not s.solo:
        return 0, 0
    rome = enemy = 0
    for i, h in enumerate(s.later[:s.era]):
        if h.card == HIDDEN:
            continue
        points = SOLO_BUILDING_BONUSES[i].points
        if BUILDINGS[h.card].new_senator:
            enemy += points
        else:
            rome += points
    return rome, enemy


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
    rome, enemy = building_bonuses(s)
    for seat in range(s.n):
        parts = final_parts(s, seat)
        play = scores[seat] - sum(parts.values())
        bonus = min(rome, max(0, play))  # a Fall of Rome may have taken it back (floor 1)
        breakdown.append({"play": play - bonus, **({"bonus": bonus} if s.solo else {}),
                          **parts})
    best = max(scores)
    winners = tuple(i for i, x in enumerate(scores) if x == best)
    others: tuple[tuple[str, int], ...] = ()
    others_breakdown: tuple[dict[str, int], ...] = ()
    if s.solo:
        others = ((ENEMY, s.enemy_score),)
        # Its start and Glory in play, its building bonuses; it scores nothing at the end.
        others_breakdown = ({"play": s.enemy_score - enemy, "bonus": enemy,
                             **dict.fromkeys(final_parts(s, 0), 0)},)
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
        others_breakdown=others_breakdown,
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
