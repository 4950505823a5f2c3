"""What the bots know about Provincia Romana: the projection of each city's
final Prestige (``value``), the rule-based player's strategy (``strategy``),
the ISMCTS rollout policy and priors (``rollout``) and leaf evaluation
(``evaluate``), gathered in ``KNOWLEDGE``, which the game's registry
entry names."""

from __future__ import annotations

from ..knowledge import Knowledge
from ..learn.evaluator import learned_or
from . import evaluate, features, rollout, strategy

KNOWLEDGE = Knowledge(
    features=features.FEATURES,
    # the fitted file shipped in this package if it fits today's features
    # (``learned.json``, made by ``python -m ai.train provincia``), else the hand-set one
    evaluate=learned_or("provincia", features.FEATURES, evaluate.evaluate),
    rollout=rollout.rollout,
    prior=rollout.prior,
    policy=strategy.decide,
    settings=(),
    # no ``lookahead``: the rule-based bot looking a few plays ahead with the
    # rollouts (ai/lookahead.py) won 10% of 40 games
    # (top 3, 1 world, 4 plays) against three plain ones (seeds 30000-30039):
    # the rollouts are too rough for a short horizon
)
