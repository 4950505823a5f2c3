"""A rule-based player that looks a few plays ahead before it chooses.

The game's policy ranks the legal actions; the best ``top`` of them are
each tried in ``worlds`` worlds sampled from the seat's view (never the
true state), the game's fast rollout policy plays ``depth`` plays on, and
the game's evaluation says how the seat stands then. The action with the
best mean chance is played; ties keep the policy's order. Every candidate
meets the same worlds and the same rollout draws (common random numbers),
so the comparison is between the actions, not the luck.

A game turns it on per strength (``Knowledge.lookahead``) where it pays:
where the rollouts are good enough for a short horizon it makes the
``rules`` level a real opponent; where they are rough it loses games, and
the game keeps its plain policy (each game's knowledge says which, with
its figures).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.core import Rng

from .knowledge import Decision, Evaluate, Policy, Rollout


@dataclass(frozen=True)
class Lookahead:
    """How far a strength looks: the policy's ``top`` choices, in
    ``worlds`` sampled worlds, ``depth`` plays deep."""

    top: int
    worlds: int
    depth: int


def lookahead_policy(policy: Policy, evaluate: Evaluate, rollout: Rollout | None,
                     how: Lookahead) -> Policy:
    def decide(game: Any, view: Any, seat: int, rng: random.Random) -> Decision:
        plain = policy(game, view, seat, rng)
        legal = game.legal(view)
        if len(legal) == 1:
            return plain
        ranked = [a for a, _, _ in plain.ranked if a in legal] or [plain.action]
        candidates = ranked[:how.top]
        seeds = [rng.getrandbits(63) for _ in range(how.worlds)]
        worlds = [game.sample(view, seat, Rng(s)) for s in seeds]
        chances = {a: sum(_ahead(game, w, a, seat, evaluate, rollout, how.depth, s)
                          for w, s in zip(worlds, seeds, strict=True)) / how.worlds
                   for a in candidates}
        order = sorted(candidates, key=lambda a: -chances[a])  # stable: equals keep policy order
        reasons = {a: reason for a, _, reason in plain.ranked}
        ranked_out = [(a, chances[a], f"{chances[a]:.0%} after looking ahead; {reasons.get(a, '')}")
                      for a in order]
        ranked_out += [(a, -1.0, f"not looked at; {reasons[a]}") for a, _, _ in plain.ranked
                       if a not in chances]
        return Decision(order[0], tuple(ranked_out))

    return decide


def _ahead(game: Any, world: Any, action: tuple, seat: int, evaluate: Evaluate,
           rollout: Rollout | None, depth: int, seed: int) -> float:
    """``seat``'s chance after ``action`` and ``depth`` rollout plays."""
    rng = random.Random(seed)
    s = game.play(world, action, True)
    for _ in range(depth):
        if game.to_move(s) is None:
            break
        acts = game.legal(s)
        if len(acts) == 1:
            a = acts[0]
        elif rollout is None:
            a = acts[rng.randrange(len(acts))]
        else:
            a = rollout(game, s, acts, rng)
        s = game.play(s, a, True)
    return float(evaluate(game, s)[seat])
