"""The bot helpers every game's knowledge is built from (``ai.knowledge``):
the rule-based policy made from a ranking, with its guard against answers
outside the rules; the priors made from the same ranking; the softmax of
projected scores into win chances."""

from __future__ import annotations

import math
import random

from ai.knowledge import ActionScores, knowledge, ranked_policy, ranked_prior, win_chances
from engine import get_game
from engine.core import Options

G = get_game("provincia")


def a_choice(least: int = 3):
    """A real Provincia position whose seat to move has ``least`` actions or more."""
    s = G.setup(4, Options(), 5)
    policy = knowledge("provincia").policy
    while len(G.legal(s)) < least:
        seat = G.to_move(s)
        s = G.play(s, policy(G, G.view(s, seat), seat, random.Random(0)).action, trusted=True)
    seat = G.to_move(s)
    return G.view(s, seat), seat


def test_the_ranked_policy_plays_the_best_and_breaks_ties_in_the_rankings_order() -> None:
    v, seat = a_choice()
    actions = G.legal(v)
    scores = {actions[0]: 1.0, actions[1]: 5.0, actions[2]: 5.0}

    def rank(view, s, acts):
        assert view is v and s == seat and acts == actions
        return [(a, scores.get(a, 0.0), "why") for a in acts]

    d = ranked_policy(rank)(G, v, seat, random.Random(0))
    assert d.action == actions[1]  # the first of the two best, as ranked
    assert [a for a, _, _ in d.ranked[:3]] == [actions[1], actions[2], actions[0]]
    assert len(d.ranked) == len(actions)


def test_the_ranked_policy_never_answers_outside_the_rules() -> None:
    """A ranking led by an action the rules do not offer (a plan's step
    not yet possible, a fixed pair of answers) gets the last legal action."""
    v, seat = a_choice()
    actions = G.legal(v)
    outside = ("done", "somewhere else")
    assert outside not in actions

    def rank(view, s, acts):
        return [(outside, 9.0, "a plan")] + [(a, 0.0, "") for a in acts]

    d = ranked_policy(rank)(G, v, seat, random.Random(0))
    assert d.action == actions[-1]
    assert d.ranked[0][0] == outside  # the ranking is still explained as it was


def test_a_forced_move_is_played_without_ranking() -> None:
    s = G.setup(4, Options(), 5)
    while len(G.legal(s)) != 1:
        s = G.play(s, G.legal(s)[0], trusted=True)
    seat = G.to_move(s)

    def rank(view, s, acts):
        raise AssertionError("a forced move needs no ranking")

    d = ranked_policy(rank)(G, G.view(s, seat), seat, random.Random(0))
    assert d.action == G.legal(s)[0] and d.ranked == ((d.action, 0.0, "the only choice"),)


def test_the_ranked_prior_scores_by_the_ranking_for_the_mover() -> None:
    v, seat = a_choice()
    actions = G.legal(v)

    def rank(view, s, acts):
        assert s == seat
        return [(a, float(i), "") for i, a in enumerate(acts) if i != 1]

    prior = ranked_prior(rank, ActionScores(lambda a: 7.0))
    got = prior(G, v, actions)
    assert got[0] == 0.0 and got[2] == 2.0
    assert got[1] == -1e9  # not scored: widened last


def test_the_ranked_prior_falls_back_to_the_action_scores_with_no_seat_to_move() -> None:
    class Over:
        def to_move(self, s):
            return None

    prior = ranked_prior(lambda *_: [], ActionScores(lambda a: float(len(a))))
    assert prior(Over(), None, [("a",), ("b", 1)]) == [1.0, 2.0]


def test_win_chances_are_a_softmax_of_the_projections() -> None:
    vals = [10.0, 7.0, 7.0, 1.0]
    chances = win_chances(vals, 3.0)
    assert abs(sum(chances) - 1.0) < 1e-12
    assert chances[0] > chances[1] == chances[2] > chances[3]
    assert abs(chances[0] / chances[1] - math.exp(1.0)) < 1e-12
    assert win_chances(vals, 0.5)[0] > chances[0]  # a narrower temperature: surer
    assert win_chances([1e6, 0.0], 1.0) == [1.0, 0.0]  # no overflow far ahead


def test_the_ranked_policy_draws_among_the_near_best_with_the_seeded_rng() -> None:
    """With ``near``, two seats that rank alike do not always play alike:
    the draw covers every legal action within ``near`` of the best, and
    nothing further; the same rng seed gives the same choice."""
    v, seat = a_choice(4)
    actions = G.legal(v)
    scores = {actions[0]: 5.0, actions[1]: 4.5, actions[2]: 3.0}

    def rank(view, s, acts):
        return [(a, scores.get(a, 0.0), "why") for a in acts]

    decide = ranked_policy(rank, near=0.5)
    chosen = {decide(G, v, seat, random.Random(k)).action for k in range(40)}
    assert chosen == {actions[0], actions[1]}
    again = [decide(G, v, seat, random.Random(7)).action for _ in range(3)]
    assert len(set(again)) == 1
