"""Per-game knowledge the generic bots plug in, found through the registry.

The ISMCTS bot and the rule-based bot are generic; what they know about one
game lives with that game, as a ``Knowledge`` its entry in ``engine.games``
names ("ai.<game>:KNOWLEDGE"). ``register`` is for tests that make up a game
id with no entry. A game without
knowledge still gets working bots: a uniform-random default policy, no
priors, and an evaluation that only knows finished games.

Everything here is given *full* states by the search (sampled worlds) or
the seat's *view* (the rule-based policy): never the true state.

What every game's knowledge is built from is written here once: the
rule-based policy and the priors made from a game's ranking
(``ranked_policy``, ``ranked_prior``), the softmax of projected scores into
win chances (``win_chances``) and a rollout's cached action scores
(``ActionScores``).
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.games import entry

Evaluate = Callable[[Any, Any], Sequence[float]]
"""(game, state) -> a reward in [0, 1] per seat, like a win probability."""
Rollout = Callable[[Any, Any, Sequence[tuple], random.Random], tuple]
"""(game, full state, its legal actions, rng) -> the action to play: a fast
default policy for rollouts (microseconds, not milliseconds)."""
Prior = Callable[[Any, Any, Sequence[tuple]], Sequence[float]]
"""(game, state, legal actions) -> a score per action: which to widen first."""
Policy = Callable[[Any, Any, int, random.Random], "Decision"]
"""(game, view, seat, rng) -> the rule-based bot's decision."""
Ranked = list[tuple[tuple, float, str]]
"""(action, score, reason) for the actions of one decision, in any order."""
Rank = Callable[[Any, int, list[tuple]], Ranked]
"""(view or state, seat, legal actions) -> every action scored for that seat:
a game's rule-based strategy, from which ``ranked_policy`` and
``ranked_prior`` are made."""


@dataclass(frozen=True)
class Decision:
    """A rule-based choice and the runners-up with the bot's reasons."""

    action: tuple
    ranked: tuple[tuple[tuple, float, str], ...] = ()  # (action, score, why), best first


@dataclass(frozen=True)
class Knowledge:
    """What one game teaches the bots; every part is optional."""

    evaluate: Evaluate | None = None
    rollout: Rollout | None = None
    prior: Prior | None = None
    policy: Policy | None = None
    # the ISMCTS anchor (the choice searched first, see ``anchor_margin``)
    # when it is not ``policy``: a stronger but slower strategy the ``rules``
    # bot does not play
    anchor: Policy | None = None
    # ISMCTS settings tuned for this game (see ai/mcts/config.py for their meaning)
    settings: tuple[tuple[str, Any], ...] = ()
    # what the learned evaluation reads of a position (``ai.learn.model.Features``)
    features: Any = None
    # (strength, ``ai.lookahead.Lookahead``): the rule-based bot of that
    # strength looks ahead with ``evaluate`` before it plays ``policy``'s choice
    lookahead: tuple[tuple[str, Any], ...] = ()


_KNOWLEDGE: dict[str, Knowledge] = {}
_TRIED: set[str] = set()


def register(game_id: str, knowledge: Knowledge) -> None:
    _KNOWLEDGE[game_id] = knowledge


def knowledge(game_id: str) -> Knowledge:
    """The game's knowledge: the first call loads what its registry entry
    names ("module:attribute"); a game with none, or not in the registry,
    gets ``GENERIC`` (or what a test ``register``ed for a made-up id)."""
    if game_id not in _KNOWLEDGE and game_id not in _TRIED:
        _TRIED.add(game_id)
        where = knowledge_module(game_id)
        if where is not None:
            module, _, name = where.partition(":")
            _KNOWLEDGE[game_id] = getattr(importlib.import_module(module), name)
    return _KNOWLEDGE.get(game_id, GENERIC)


def knowledge_module(game_id: str) -> str | None:
    """Where ``game_id``'s knowledge lives ("module:attribute"), if anywhere."""
    try:
        return entry(game_id).knowledge
    except KeyError:  # a game made up by a test or a tool: generic bots only
        return None


def generic_evaluate(game: Any, s: Any) -> list[float]:
    """Without knowledge of the game, an unfinished game is anyone's; a
    finished one pays each seat its share of the win (nothing to anyone
    when the game beat every seat)."""
    if game.to_move(s) is None:
        return game.result(s).rewards()
    n = game.seats(s)
    return [1.0 / n] * n


def generic_rollout(game: Any, s: Any, actions: Sequence[tuple], rng: random.Random) -> tuple:
    return actions[rng.randrange(len(actions))]


GENERIC = Knowledge(evaluate=generic_evaluate, rollout=generic_rollout)


class ActionScores:
    """A rollout policy's fixed score per action, computed once for each
    distinct action (actions are tuples, and a game meets the same few
    thousand again and again), and the noisy greedy choice rollouts make."""

    def __init__(self, score: Callable[[tuple], float]) -> None:
        self._score = score
        self._cache: dict[tuple, float] = {}

    def __call__(self, a: tuple) -> float:
        v = self._cache.get(a)
        if v is None:
            v = self._cache[a] = self._score(a)
        return v

    def noisy_best(self, actions: Sequence[tuple], rng: random.Random) -> tuple:
        """The action whose score plus a uniform [0, 1) draw is highest."""
        best, best_v = actions[0], -1e9
        rnd, cache = rng.random, self._cache
        for a in actions:
            v = cache.get(a)
            if v is None:
                v = self(a)
            v += rnd()
            if v > best_v:
                best, best_v = a, v
        return best


# ---------------------------------------------------------------- from a ranking


def ranked_policy(rank: Rank, near: float | None = None) -> Policy:
    """The rule-based policy that plays ``rank``'s best action.

    A forced move is played without ranking. The ranking is sorted best
    first, ties in the order ``rank`` gave them (a stable sort), so the same
    view always gives the same choice. The answer is always legal: a ranking
    may list actions the rules do not offer here (a plan's step, a fixed
    pair of answers), and if one of those comes first the policy plays the
    last legal action instead, never an answer outside the rules.

    ``near``: a game whose seats can face the same choice knowing the same
    things (sealed bids, any simultaneous choice) needs a mixed
    strategy, or two rule bots play alike and every self-play game is a
    tie. With ``near``, the policy plays any legal action scoring within
    ``near`` of the best, drawn with the decision's ``rng`` (seeded per
    decision by ``Match.bot_seed``, so a game still replays the same)."""

    def decide(game: Any, v: Any, seat: int, rng: random.Random) -> Decision:
        """The rule-based choice for ``seat`` on its view ``v``, every option
        scored (deterministic unless ``near`` asks for a draw)."""
        actions = game.legal(v)
        if len(actions) == 1:
            return Decision(actions[0], ((actions[0], 0.0, "the only choice"),))
        ranked = sorted(rank(v, seat, actions), key=lambda x: -x[1])
        best = ranked[0][0]
        if best not in actions:  # never answer outside the rules, whatever the plan says
            best = actions[-1]
        elif near is not None:
            top = ranked[0][1] - near
            close = [a for a, score, _ in ranked if score >= top and a in actions]
            best = close[rng.randrange(len(close))]
        return Decision(best, tuple(ranked))

    return decide


def ranked_prior(rank: Rank, fallback: Callable[[tuple], float]) -> Prior:
    """Priors from the rule-based strategy: ``rank``'s scores for the seat
    to move (in a sampled world: what it would think there), so progressive
    widening tries its favourites first; an action it does not score comes
    last. With no seat to move, ``fallback``'s score per action (a rollout's
    ``ActionScores``)."""

    def prior(game: Any, s: Any, actions: Sequence[tuple]) -> list[float]:
        seat = game.to_move(s)
        if seat is None:
            return [fallback(a) for a in actions]
        scored = {a: v for a, v, _ in rank(s, seat, list(actions))}
        return [scored.get(a, -1e9) for a in actions]

    return prior


def win_chances(values: Sequence[float], temperature: float) -> list[float]:
    """Each seat's chance of winning from its projected final score: a
    softmax of ``values`` at ``temperature`` (in the game's points; wide
    early, when a projection is a rough guess, narrow near the end). The
    chances sum to 1 like win shares, which is what the search backs up
    for every seat."""
    top = max(values)
    ex = [math.exp((v - top) / temperature) for v in values]
    total = sum(ex)
    return [e / total for e in ex]
