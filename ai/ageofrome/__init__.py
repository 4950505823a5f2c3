"""What the bots know about Age of Rome: the rule-based player's strategy
(``strategy``), the ISMCTS rollout policy and priors (``rollout``) and leaf
evaluation (``evaluate``), gathered in ``KNOWLEDGE``, which the game's
registry entry names."""

from __future__ import annotations

from ..knowledge import Knowledge
from ..learn.evaluator import learned_or
from ..lookahead import Lookahead
from . import evaluate, features, rollout, strategy

KNOWLEDGE = Knowledge(
    features=features.FEATURES,
    # the fitted file shipped in this package if it fits today's features
    # (``learned.json``, made by ``python -m ai.train ageofrome``), else the hand-set one
    evaluate=learned_or("ageofrome", features.FEATURES, evaluate.evaluate),
    rollout=rollout.rollout,
    prior=rollout.prior,
    policy=strategy.decide,
    # Rollouts are the rule bot's own play, 16 plays deep (about a quarter
    # of a round) before the fitted projection; the rule-based choice is
    # kept unless the search finds one 0.03 of a win better. At normal
    # strength (1500 iterations or 0.9 s, machine loaded) against three
    # rule-based players, 40 games, seeds 2000-2039: depth 16 won 90.0%
    # [76.9, 96.0], +19.5 points over the rules' mean; depth 6 70.0%
    # [54.6, 81.9], +11.7. It departs from the rule choice ~30% of the time.
    settings=(("anchor_margin", 0.03), ("rollout_depth", 16)),
    # The plain rule-based strategy lost 90% of its games to the search; a
    # short look-ahead with the rollouts makes the ``rules`` level a real
    # opponent (see ai/lookahead.py): against three plain rule-based
    # players, 80 games, seeds 30000-30079, top 3 / 1 world / 4 plays won
    # 86%, top 6 / 4 worlds / 8 plays 90%.
    lookahead=(("normal", Lookahead(top=3, worlds=1, depth=4)),
               ("hard", Lookahead(top=6, worlds=4, depth=8))),
)
