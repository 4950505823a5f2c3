"""What the bots know about Provincia Romana: the projection of each city's
final Prestige (``value``), the rule-based player (``rules``), the ISMCTS
rollout policy and priors (``policy``) and leaf evaluation (``evaluate``).
Importing this package registers it for the game id "provincia"."""

from __future__ import annotations

from ..knowledge import Knowledge, register
from . import evaluate, policy, rules

KNOWLEDGE = Knowledge(
    evaluate=evaluate.evaluate,
    rollout=policy.rollout,
    prior=policy.prior,
    policy=rules.decide,
    settings=(),
)
register("provincia", KNOWLEDGE)
