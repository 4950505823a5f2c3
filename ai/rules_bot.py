"""The rule-based bot (kind "rules"): plays each game's hand-written strategy.

The strategy itself lives with the game (the ``policy`` of its
``ai.knowledge.Knowledge``); this module is the generic bot around it: it
checks it was given a view, asks the policy, and explains the choice. A game
without a policy falls back to a uniformly random legal action.
"""

from __future__ import annotations

import random
from typing import Any

from .base import Alternative, Budget, require_view
from .knowledge import Decision, Policy, knowledge
from .lookahead import lookahead_policy
from .players import register

EXPLAIN_TOP = 3
EASY_SLIP = 0.2  # an easy rules bot plays a random runner-up this often


class RulesBot:
    """Plays the game's rule-based policy; ``easy`` slips now and then, and a
    game may have a strength look ahead first (``Knowledge.lookahead``)."""

    kind = "rules"

    def __init__(self, strength: str = "normal") -> None:
        self.strength = strength
        self._last: tuple[Any, Any, int, Decision] | None = None

    def decide(self, game: Any, view: Any, seat: int, budget: Budget,
               rng: random.Random) -> tuple:
        require_view(game, view, seat)
        policy = self.policy_for(game.id)
        if policy is None:
            actions = game.legal(view)
            decision = Decision(actions[rng.randrange(len(actions))])
        else:
            decision = policy(game, view, seat, rng)
        if self.strength == "easy" and len(decision.ranked) > 1 and rng.random() < EASY_SLIP:
            alt = decision.ranked[1 + rng.randrange(min(2, len(decision.ranked) - 1))]
            decision = Decision(alt[0], decision.ranked)
        self._last = (game, view, seat, decision)
        return decision.action

    def policy_for(self, game_id: str) -> Policy | None:
        """The game's policy, looking ahead where the game's knowledge asks
        it to at this strength."""
        k = knowledge(game_id)
        how = dict(k.lookahead).get(self.strength)
        if k.policy is None or how is None or k.evaluate is None:
            return k.policy
        return lookahead_policy(k.policy, k.evaluate, k.rollout, how)

    def explain(self) -> list[Alternative]:
        """The policy's top choices with its reasons; no search, so the
        chosen one gets the whole "visit" share and the win rate is the
        game's evaluation of the position for this seat."""
        if self._last is None:
            return []
        game, view, seat, decision = self._last
        evaluate = knowledge(game.id).evaluate
        chance = evaluate(game, view)[seat] if evaluate else 0.0
        out = []
        for a, score, why in decision.ranked[:EXPLAIN_TOP]:
            text = f"{game.describe(view, a)} ({why}; {score:+.2f})"
            out.append(Alternative(a, text, 1.0 if a == decision.action else 0.0, chance))
        return out


register("rules", RulesBot)
