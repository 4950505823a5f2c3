"""What the bots know about Age of Rome: the rule-based player's strategy
(``strategy``), the ISMCTS rollout policy and priors (``rollout``) and leaf
evaluation (``evaluate``), gathered in ``KNOWLEDGE``, which the game's
registry entry names."""

from __future__ import annotations

from ..knowledge import Knowledge
from . import evaluate, rollout, strategy

KNOWLEDGE = Knowledge(
    evaluate=evaluate.evaluate,
    rollout=rollout.rollout,
    prior=rollout.prior,
    policy=strategy.decide,
)
