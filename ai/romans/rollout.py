"""The fast default policy the ISMCTS rollouts use in The Romans, and the
priors that order progressive widening.

Each action is scored by itself (cached per action tuple), never by the
position, so a rollout step costs a few microseconds next to the engine's
play: place waiting pieces, put senators in high boxes with senators of
about their rank, send big armies with good generals, build, collect,
convert and calm, rarely trade. Noise keeps the rollouts varied.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..knowledge import ActionScores, ranked_prior
from .strategy import rank

PIECE = {"city": 1.6, "wall": 1.2, "fort": 1.0, "fleet": 0.6}
USE = {"convert": 3.0, "calm": 1.5}


def _score(a: tuple) -> float:  # noqa: C901 - one line per kind
    kind = a[0]
    if kind == "senator":
        return 1.2 + 0.25 * a.box - 0.25 * (a.rank - a.box) + (0.3 if a.god else 0.0)
    if kind == "citadel":
        return 0.9 + 0.1 * a.rank
    if kind == "invade":
        return 0.6 + 0.25 * a.legions + 0.1 * a.rank - 0.2 * len(a.seas)
    if kind in ("buy", "sell"):
        return -3.0
    if kind == "piece":
        return 3.0 + PIECE.get(a.piece, 0.0) if a.place != "Villa" else 0.0
    if kind == "build":
        return PIECE.get(a.piece, 0.0) if a.place != "Villa" else -0.5
    if kind == "done":
        return 0.3
    if kind == "collect":
        return 1.0
    if kind == "use":
        return USE.get(a.what, 0.4 + 0.3 * (a.count > 1))
    if kind == "benefits":
        return 0.1 * (a.first + a.second)
    if kind == "types":
        return 0.3 * len(a.types) + (0.2 if "gold" in a.types else 0.0)
    if kind == "army":
        return 0.3 * a.legions - 0.2 * len(a.seas)
    if kind == "march":
        return 0.5 - 0.2 * len(a.seas)
    if kind == "halt":
        return 0.6
    if kind == "raise":
        return 0.5 if a.where == "Villa" else 0.3
    return 0.0  # leaders, nations, glory, unrest, keep, target, route, native: by noise


action_score = ActionScores(_score)


def rollout(game: Any, s: Any, actions: Sequence[tuple], rng: random.Random) -> tuple:
    """Greedy on the cached scores with noise."""
    return action_score.noisy_best(actions, rng)


prior = ranked_prior(rank, action_score)
"""The rule-based player's scores for the mover, so widening tries its favourites first."""
