"""The fast default policy the ISMCTS rollouts use in Provincia Romana,
and the action priors that order progressive widening.

A rollout step must cost a few microseconds next to the engine's ~30 µs per
play, so the policy scores each action by itself (cached per action tuple),
not by the position: build the building with the best award, play useful
Senate cards, activate the buildings that pay for themselves, lose the
cheapest building, and otherwise pass. A little noise keeps rollouts
varied; ties between draft picks fall to the noise, so rollouts still
explore the decks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.provincia.data import GOLD

from ..knowledge import ActionScores
from .tables import (
    AWARD,
    COST_UNITS,
    MILITARY,
    N_AED,
    ON_ACTIVATE,
    OPES_OTHERS,
    OPES_QUAESTOR,
    SPQR_EFFECT,
    SPQR_VALUE,
)

SENATE = {"gloria": 2.5, "defense": 1.0, "praetor": 1.5, "patronus": 1.0, "commercium": 0.6,
          "corruptio": 0.5, "architectus": 0.4, "consuetudo": 0.3, "coniuratio": 0.2,
          "concussio": -0.5, "aediles": 0.0}


def card_score(c: int) -> float:
    """A card's worth with no context: award per cost, Senate by effect."""
    if c < 0:
        return 1.0
    if c < N_AED:
        return AWARD[c] - 0.45 * COST_UNITS[c] + 1.0 * MILITARY[c] + 0.5
    if c in SPQR_EFFECT:
        return SENATE.get(SPQR_EFFECT[c], 0.0) + 0.3 * SPQR_VALUE[c]
    return 0.5 * sum(OPES_QUAESTOR[c]) + 0.5 * sum(OPES_OTHERS[c])


def _score(a: tuple) -> float:
    kind = a[0]
    if kind == "play":
        c = a[1]
        if c < N_AED:
            return 2.0 + AWARD[c] + MILITARY[c]
        return SENATE.get(SPQR_EFFECT[c], 0.0)
    if kind == "activate":
        c = a[1]
        return 0.5 * MILITARY[c] + max(0.0, ON_ACTIVATE[c][GOLD] / 3 - 1.0) - 0.2
    if kind == "destroy":
        return -AWARD[a[1]] - 0.5 * a[2]
    if kind in ("discard", "order"):
        return -card_score(a[1])
    if kind == "take":
        return card_score(a[1])
    if kind == "aediles":
        return 1.0
    if kind == "trade":
        return -0.8
    if kind == "exchange":
        return 0.3
    if kind == "keep":
        return 0.5
    return 0.0  # done, deck, pick, token, target, accept: decided by noise or below


action_score = ActionScores(_score)


def rollout(game: Any, s: Any, actions: Sequence[tuple], rng: random.Random) -> tuple:
    """Greedy on the cached scores with noise; draft picks by the card shown."""
    if actions[0][0] == "pick":
        dr = s.draft
        best, best_v = actions[0], -1e9
        for a in actions:
            h = dr.slots[a[1]]
            v = card_score(h.card if dr.face_up[a[1]] else -1) + rng.random()
            if v > best_v:
                best, best_v = a, v
        return best
    return action_score.noisy_best(actions, rng)


def prior(game: Any, s: Any, actions: Sequence[tuple]) -> list[float]:
    return [action_score(a) for a in actions]
