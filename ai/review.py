"""The review of a finished game: each seat's win chance over the game and
the decisions that cost the most, as chess sites show after a game.

A review sees everything (the game is over): every chance is the game's
evaluation (``ai.knowledge``: the learned one where a fitted file is
shipped, else the hand-set one) of the true state. A decision's cost is
one step deep: the best chance among the seat's legal actions, each played
on the true state and evaluated, minus the chance after the action taken,
so it is never below 0. Only the three costliest decisions of each seat
reviewed are searched again, from the seat's own *view* then (what the
player knew), by the ISMCTS bot with a fixed budget and a seed drawn from
the game's seed, the step and the seat: the same save and options give the
same review. The move it names is the one the hint would suggest
(``ai.base.by_win_chance``: the best chance among the moves searched often),
from the same evaluation, so the hint's figures and ordering agree with it.

Pure: no UI and no files; ``tui/review_cmd.py`` prints it and
``tui/screens/review.py`` shows it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.match import Match

from .base import Budget, by_win_chance
from .knowledge import generic_evaluate, knowledge
from .mcts import MctsBot

ITERATIONS = 300
"""The search's budget for each costly decision (``--iterations``)."""
TOP = 3
"""Decisions named per seat."""
POINTS = 41
"""Points of the chart a review prints (the first and last step among them)."""
SEARCH_UNIT = 5
"""Search iterations that take about as long as evaluating one step (the
progress reported weighs each part so)."""
SALT = 0x5EED_4EF1
"""Keeps the review's seeds apart from the bots' own (``Match.bot_seed``)."""


class NotFinished(ValueError):
    """Only a finished game is reviewed: a review sees every hidden card."""


@dataclass(frozen=True)
class Choice:
    """A move at a decision: its words (from the seat's view) and the
    search's chance of winning after it (None: the search never tried it)."""

    action: tuple
    text: str
    chance: float | None


@dataclass(frozen=True)
class Costly:
    """One costly decision: where it was, what it cost one step deep, what
    was played and what the search preferred."""

    step: int  # the action's index: states[step] is the position decided on
    seat: int
    progress: str  # the game's words for where it was ("round 3, Play Cards")
    cost: float  # best one-step chance minus the chance after the move played, >= 0
    best: float  # the best one-step chance among the legal actions
    after: float  # the chance after the move played (one step, the true state)
    played: Choice
    preferred: Choice

    @property
    def agreed(self) -> bool:
        """Did the search prefer the very move played?"""
        return self.played.action == self.preferred.action


@dataclass(frozen=True)
class SeatReview:
    seat: int
    chances: tuple[float, ...]  # after each step: [0] at setup, [-1] at the end
    reviewed: bool  # are its decisions reviewed (a human seat, or no human seat at all)
    decisions: int  # decisions it made with more than one legal action
    costliest: tuple[Costly, ...]  # at most TOP, costliest first


@dataclass(frozen=True)
class Review:
    game_id: str
    steps: int  # actions in the game
    evaluation: str  # "learned" or "hand-set"
    iterations: int
    every_seat: bool  # the game had no human seat, so every seat is reviewed
    seats: tuple[SeatReview, ...]

    def sampled(self, points: int = POINTS) -> list[int]:
        """At most ``points`` steps, evenly spread, the first and last among them."""
        return sample_steps(self.steps, points)


def sample_steps(steps: int, points: int) -> list[int]:
    """Steps 0..``steps`` thinned to at most ``points`` (at least 2), evenly."""
    if steps + 1 <= points:
        return list(range(steps + 1))
    points = max(2, points)
    return sorted({round(i * steps / (points - 1)) for i in range(points)})


def evaluation_of(game_id: str) -> Callable[[Any, Any], Sequence[float]]:
    """The game's evaluation, as its bots use it."""
    return knowledge(game_id).evaluate or generic_evaluate


def evaluation_name(game_id: str) -> str:
    """"learned" when the game ships a fitted file that fits today's
    features (what ``ai.learn.evaluator.learned_or`` then uses), else "hand-set"."""
    from .learn.evaluator import shipped

    features = knowledge(game_id).features
    learned = shipped(game_id) if features is not None else None
    return "learned" if learned is not None and learned.digest == features.digest else "hand-set"


def reviewed_seats(match: Match) -> tuple[list[int], bool]:
    """The human seats; every seat (and True) if the game had none."""
    humans = match.human_seats()
    return (humans, False) if humans else (list(range(match.players)), True)


def review_seed(match: Match, step: int, seat: int) -> int:
    """The search's seed at one decision: a pure function of the save."""
    return ((match.seed * 1_000_003 + step * 97 + seat) ^ SALT) & 0xFFFFFFFF


Progress = Callable[[float], None]
Cancel = Callable[[], bool]


class Cancelled(Exception):
    """The review was called off (its screen closed)."""


def review(match: Match, iterations: int = ITERATIONS, progress: Progress | None = None,
           cancel: Cancel | None = None) -> Review:
    """The review of ``match`` (finished; raises ``NotFinished`` otherwise).
    ``progress`` hears the fraction done, ``cancel`` may stop it
    (``Cancelled``)."""
    if not match.is_over():
        raise NotFinished(f"{match.game.title} is not finished: only a finished game is "
                          "reviewed (a review sees every hand)")
    game, states, evaluate = match.game, match.states, evaluation_of(match.game_id)
    seats, every = reviewed_seats(match)
    search = max(1, iterations // SEARCH_UNIT)  # a search's work, in steps' evaluations
    tick = _ticker(progress, cancel, 2 * len(match.actions) + TOP * len(seats) * search)
    chances: list[Sequence[float]] = []
    for s in states:
        chances.append(evaluate(game, s))
        tick()
    costs = decision_costs(match, seats, chances, tick)
    out = []
    for p in range(match.players):
        top = sorted(costs.get(p, ()), key=lambda c: (-c[1], c[0]))[:TOP]
        named = []
        for step, cost, best, after in top:
            named.append(_searched(match, step, p, cost, best, after, iterations, cancel))
            tick(search)
        out.append(SeatReview(p, tuple(float(c[p]) for c in chances), p in costs,
                              len(costs.get(p, ())), tuple(named)))
    return Review(match.game_id, len(match.actions), evaluation_name(match.game_id),
                  iterations, every, tuple(out))


Cost = tuple[int, float, float, float]
"""(step, cost, best, after) of one decision."""


def decision_costs(match: Match, seats: Sequence[int], chances: Sequence[Sequence[float]],
                   tick: Callable[[], None] = lambda: None) -> dict[int, list[Cost]]:
    """Every decision of ``seats`` (more than one legal action) with its
    one-step cost; ``chances[i]`` is the evaluation of ``match.states[i]``."""
    game, states, evaluate = match.game, match.states, evaluation_of(match.game_id)
    costs: dict[int, list[Cost]] = {p: [] for p in seats}
    for step, action in enumerate(match.actions):
        seat = game.to_move(states[step])
        if seat in costs:
            found = one_step(game, states[step], action, seat, evaluate,
                             float(chances[step + 1][seat]))
            if found is not None:
                costs[seat].append((step, *found))
        tick()
    return costs


def _ticker(progress: Progress | None, cancel: Cancel | None,
            total: int) -> Callable[..., None]:
    """``units`` of work done: report it, and stop if called off."""
    done = [0]

    def tick(units: int = 1) -> None:
        if cancel is not None and cancel():
            raise Cancelled
        done[0] += units
        if progress is not None:
            progress(min(1.0, done[0] / max(1, total)))

    return tick


def one_step(game: Any, state: Any, action: tuple, seat: int,
             evaluate: Callable[[Any, Any], Sequence[float]],
             after: float) -> tuple[float, float, float] | None:
    """(cost, best, after) of playing ``action`` at ``state``: each legal
    action played on the true state and evaluated for ``seat``; None where
    there was nothing to decide (one legal action)."""
    legal = game.legal(state)
    if len(legal) < 2:
        return None
    best = after
    for a in legal:
        if a != action:
            best = max(best, float(evaluate(game, game.play(state, a, True))[seat]))
    return max(0.0, best - after), best, after


def _searched(match: Match, step: int, seat: int, cost: float, best: float, after: float,
              iterations: int, cancel: Cancel | None) -> Costly:
    """The search's view of one costly decision, from the seat's view then."""
    game = match.game
    view = game.view(match.states[step], seat)
    played = match.actions[step]
    bot = MctsBot()
    decided = bot.decide(game, view, seat, Budget(iterations=iterations, cancel=cancel),
                         random.Random(review_seed(match, step, seat)))
    offered = by_win_chance(bot.explain())  # as the hint suggests
    preferred = offered[0].action if offered else decided
    chance = searched_chances(bot, seat)
    return Costly(step, seat, game.progress(match.states[step]), cost, best, after,
                  Choice(played, game.describe(view, played), chance.get(played)),
                  Choice(preferred, game.describe(view, preferred), chance.get(preferred)))


def searched_chances(bot: MctsBot, seat: int) -> dict[tuple, float]:
    """Each move the bot's last search tried, with its chance of winning."""
    search = bot.last
    if search is None:  # one legal move: nothing searched
        return {}
    return {a: float(node.mean(seat)) for a, node in search.ranked() if node.n}
