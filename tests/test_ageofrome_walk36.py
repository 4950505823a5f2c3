"""Age of Rome after the walk-through of issue 28 at stop 36: the gaps a
player who knows the game still found, each shown fixed here."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine import get_game
from engine.ageofrome import action_phase, text
from tests.test_tui_support import numbered
from tui.ageofrome.detail import place_places

GAME = get_game("ageofrome")


def first(pred: Callable[[Any, int], bool], n: int = 2, seeds: int = 40) -> tuple[Any, int]:
    """The first position of random games (from seed 0) where ``pred(state,
    seat to move)`` holds."""
    for seed in range(seeds):
        rng, s = random.Random(seed), GAME.setup(n, None, seed)
        for _ in range(3000):
            seat = GAME.to_move(s)
            if seat is None:
                break
            if pred(s, seat):
                return s, seat
            s = GAME.play(s, rng.choice(GAME.legal(s)))
    raise AssertionError("no such position")


def covered_bonus(s: Any, seat: int) -> bool:
    """An Action turn where a Feud covers a Bonus of a building in front."""
    if s.phase != "actions" or s.pending or not s.queue or s.queue[0] != seat:
        return False
    p = s.players[seat]
    covered = action_phase.ACTIVE[p.character][0] & ~action_phase.ACTIVE[p.character][p.feuds]
    front = s.provinces[action_phase.in_front(s, seat)].levels
    return any(covered >> t & 1 and front[t] for t in range(len(front)))


def test_a_bonus_covered_by_a_feud_stays_in_the_list_greyed_with_why():
    """Round 3: the list ran 1-7 with no "Trade with the Bonus" line; only
    the side panel's "feud" said why. It stays, greyed, as a used one does."""
    s, seat = first(covered_bonus)
    view = GAME.view(s, seat)
    covered = [(a, why) for a, why in place_places(GAME, view, seat)
               if a[2] and "covered by a Feud" in why]
    assert covered, "the covered Bonus is listed"
    shown, greyed = numbered(GAME, view, seat)
    assert {a for a, _ in covered} <= greyed and all(a in shown for a, _ in covered)


def majority_ahead(s: Any, seat: int) -> bool:
    """An Action turn where the seat's own two Votes top the Column."""
    return (s.phase == "actions" and not s.pending and bool(s.queue) and s.queue[0] == seat
            and s.column[-2:] == (seat, seat) and s.players[seat].votes >= 2
            and action_phase.WITH_BONUS[1] in GAME.legal(s))


def test_a_politics_label_gives_the_glory_of_every_majority_it_scores():
    """"Politics with the Bonus: 2 Votes on the Column, a Majority" scored
    two Majorities (Glory 14 → 18) and said no number."""
    s, seat = first(majority_ahead)
    label = GAME.describe(s, action_phase.WITH_BONUS[1])
    assert label.endswith("2 Votes on the Column, 2 Majorities, +4 Glory"), label
    single = GAME.describe(s, action_phase.PLAIN[1])
    assert single.endswith("1 Vote on the Column, a Majority, +2 Glory"), single
    assert text.majority_glory(s, seat, 2) == [2, 2] and s.column[-2:] == (seat, seat)
