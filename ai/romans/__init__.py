"""What the bots know about The Romans: what pieces and points are worth
(``value``), how much an Enemy army may take (``threat``), the rule-based
player's strategy (``strategy``), the ISMCTS rollout policy and priors
(``rollout``) and leaf evaluation (``evaluate``), gathered in
``KNOWLEDGE``, which the game's registry entry names."""

from __future__ import annotations

from ..knowledge import Knowledge
from ..learn.evaluator import learned_or
from . import defence, evaluate, features, rollout, strategy

KNOWLEDGE = Knowledge(
    features=features.FEATURES,
    # the fitted file shipped in this package if it fits today's features
    # (``learned.json``, made by ``python -m ai.train romans``), else the hand-set one
    evaluate=learned_or("romans", features.FEATURES, evaluate.evaluate),
    rollout=rollout.rollout,
    prior=rollout.prior,
    policy=strategy.decide,
    # the search's anchor: the rule-based strategy that also counts what
    # each choice saves against the Enemy army of Eras 4 and 5 (``defence``)
    anchor=defence.decide,
    # the rule-based choice is played unless the search finds a move clearly
    # better: at 0.02 its departures (about 1 decision in 5) cost 7.6 points
    # a game at normal strength, so they are left to very clear cases
    settings=(("anchor_margin", 0.25),),
    # no ``lookahead``: the rule-based bot looking a few plays ahead with the
    # rollouts (ai/lookahead.py) won 2.5% of 40 games
    # (top 3, 1 world, 4 plays) against three plain ones (seeds 30000-30039):
    # the rollouts are too rough for a short horizon
)
