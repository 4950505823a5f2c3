"""Bots on every registered game: a decision depends on the seat's view
alone (two true states that share a view get the same decision from the
same rng), bots refuse full states, and the game's knowledge is found
through its registry entry."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai.base import Budget, NotAView
from ai.knowledge import GENERIC, knowledge
from ai.players import make_bot
from engine import games
from engine.core import Options, Rng

from .support import random_game

KINDS = ("random", "rules", "mcts")
ITERATIONS = 24  # mcts: a small fixed budget, so the decision is reproducible
POSITIONS = 8  # decisions checked per player count


def test_a_decision_depends_on_the_view_alone(game: Any) -> None:
    compared = 0
    for n in game.players:
        g = random_game(game, n, seed=60 + n)
        step = max(1, len(g.actions) // POSITIONS)
        for i in range(0, len(g.actions), step):
            truth = g.states[i]
            seat = game.to_move(truth)
            v = game.view(truth, seat)
            other = game.sample(v, seat, Rng(i + 1))
            assert game.view(other, seat) == v
            for kind in KINDS:
                a, b = (make_bot(kind).decide(game, game.view(s, seat), seat,
                                              Budget(iterations=ITERATIONS), random.Random(i))
                        for s in (truth, other))
                assert a == b, f"{kind} at step {i}: {a!r} on the truth, {b!r} on a twin"
                assert a in game.legal(v)
                compared += 1
    assert compared >= len(KINDS) * len(game.players)


@pytest.mark.parametrize("kind", KINDS)
def test_bots_refuse_a_full_state_and_another_seats_view(game: Any, kind: str) -> None:
    s = game.setup(2 if 2 in game.players else game.players.start, Options(), 1)
    seat = game.to_move(s)
    bot = make_bot(kind)
    with pytest.raises(NotAView):
        bot.decide(game, s, seat, Budget(iterations=2), random.Random(0))
    if game.seats(s) > 1:
        with pytest.raises(NotAView):
            other = (seat + 1) % game.seats(s)
            bot.decide(game, game.view(s, other), seat, Budget(iterations=2), random.Random(0))


def test_the_knowledge_named_by_the_registry_entry_is_used(game_id: str) -> None:
    named = games.entry(game_id).knowledge
    assert (knowledge(game_id) is not GENERIC) == (named is not None)
