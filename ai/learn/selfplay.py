"""Self-play games that record positions for the fit.

One game is a pure function of its ``Job`` (the game, the seats' bot
kinds, the seed): the same job gives the same positions on any machine and
in any pool, which is what lets a shipped file be made again from its
recorded seeds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine import get_game
from engine.core import Options, named_options
from engine.match import Match, seats_from_kinds

from ..base import Budget
from ..knowledge import knowledge
from ..players import bot_turn, make_bot
from .model import Features


@dataclass(frozen=True)
class Job:
    game: str
    seats: tuple[str, ...]  # bot kind per seat: "rules", "mcts:easy", …
    seed: int
    every: int = 4  # record one position every ``every`` plays
    iterations: int | None = None  # the search bots' budget (None: by strength)
    learned: str | None = None  # a ``Learned`` as JSON: the search bots' leaf evaluation


@dataclass(frozen=True)
class Position:
    stage: int
    rows: tuple[tuple[float, ...], ...]  # each seat's features
    hand: tuple[float, ...]  # the hand-set evaluation's win chances
    outcome: tuple[float, ...]  # each seat's share of the final win


def play(job: Job, features: Features | None = None) -> list[Position]:
    """Play ``job``'s game to the end and return its recorded positions,
    each labelled with the game's outcome."""
    if features is None:
        features = features_for(job.game)
    game = get_game(job.game)
    match = Match(job.game, seats_from_kinds(list(job.seats)), job.seed,
                  named_options(game.options, Options.of({})))
    bots = make_bots(job.game, job.seats, job.learned)
    budget = Budget(iterations=job.iterations) if job.iterations else None
    seen: list[tuple[int, tuple[tuple[float, ...], ...], tuple[float, ...]]] = []
    plies = 0
    while not match.is_over():
        if plies % job.every == 0:
            seen.append(snapshot(game, features, match.state))
        match.play(bot_turn(match, bots, budget))
        plies += 1
    outcome = tuple(game.result(match.state).rewards())
    return [Position(stage, rows, hand, outcome) for stage, rows, hand in seen]


def make_bots(game_id: str, seats: tuple[str, ...], learned: str | None) -> dict[int, Any]:
    """A bot per seat ("kind" or "kind:strength"); with ``learned``, every
    search bot evaluates its leaves with it instead of the game's own
    evaluation."""
    know = None
    if learned is not None:
        from .evaluator import evaluator
        from .model import Learned

        know = replace(knowledge(game_id), evaluate=evaluator(Learned.from_json(learned),
                                                               features_for(game_id)))
    bots: dict[int, Any] = {}
    for i, spec in enumerate(seats):
        kind, _, strength = spec.partition(":")
        strength = strength or "normal"
        if kind == "mcts" and know is not None:
            from ..mcts import MctsBot

            bots[i] = MctsBot(strength, knowledge=know)
        else:
            bots[i] = make_bot(kind, strength)
    return bots


def snapshot(game: Any, features: Features, s: Any
             ) -> tuple[int, tuple[tuple[float, ...], ...], tuple[float, ...]]:
    """The stage, every seat's features and the hand-set chances in ``s``."""
    rows = tuple(tuple(features.of(s, seat)) for seat in range(game.seats(s)))
    return features.stage(s), rows, tuple(features.hand(game, s))


def features_for(game_id: str) -> Features:
    """The game's features, from its knowledge (``Knowledge.features``)."""
    features = knowledge(game_id).features
    if features is None:
        raise ValueError(f"{game_id} has no features to learn from")
    return features
