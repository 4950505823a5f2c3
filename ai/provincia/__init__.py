"""What the bots know about Provincia Romana: the projection of each city's
final Prestige (``value``), the rule-based player's strategy (``strategy``),
the ISMCTS rollout policy and priors (``rollout``) and leaf evaluation
(``evaluate``), gathered in ``KNOWLEDGE``, which the game's registry
entry names."""

from __future__ import annotations

from ..knowledge import Knowledge
from . import evaluate, rollout, strategy

KNOWLEDGE = Knowledge(
    evaluate=evaluate.evaluate,
    rollout=rollout.rollout,
    prior=rollout.prior,
    policy=strategy.decide,
    settings=(),
)
