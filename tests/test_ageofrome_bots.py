"""Age of Rome's bots: the rule-based player picks only legal actions from
its view (in every player count), gives reasons, decides the same from two
worlds it cannot tell apart and beats random players; the ISMCTS bot plays
through the protocol on views with the game's rollout and evaluation."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import ai.knowledge as K
import engine
from ai.ageofrome import evaluate, rollout, strategy
from ai.base import Budget, NotAView
from ai.knowledge import knowledge
from ai.lookahead import Lookahead, lookahead_policy
from ai.players import make_bot
from engine.ageofrome import data
from engine.core import Options, Rng

G = engine.get_game("ageofrome")


def decide(s, seat=None):
    seat = G.to_move(s) if seat is None else seat
    return strategy.decide(G, G.view(s, seat), seat, random.Random(0))


def drive(players: int, seed: int, until, limit: int = 3000):
    """Rule bots play from setup until ``until(state)``; that state."""
    s = G.setup(players, Options(), seed)
    for _ in range(limit):
        if until(s):
            return s
        if G.to_move(s) is None:
            break
        s = G.play(s, decide(s).action, trusted=True)
    raise AssertionError("the position never came")


def choice(s) -> bool:
    """A real decision for the seat to move (more than one legal action)."""
    return G.to_move(s) is not None and len(G.legal(s)) > 3


# ---------------------------------------------------------------- the rule-based player
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_rules_bot_plays_whole_games_from_views_within_the_rules(players: int) -> None:
    bot = make_bot("rules")
    s = G.setup(players, Options(), 30 + players)
    steps = 0
    while G.to_move(s) is not None:
        seat = G.to_move(s)
        v = G.view(s, seat)
        assert G.viewer(v) == seat
        a = bot.decide(G, v, seat, Budget(), random.Random(steps))
        assert a in G.legal(s)
        s = G.play(s, a)  # checked by the rules, not trusted
        steps += 1
        assert steps < 3000
    assert s.round == data.ROUNDS and len(G.result(s).scores) == players


def test_rules_bot_explains_its_choice() -> None:
    s = drive(4, 3, lambda s: choice(s) and s.phase == "actions")
    d = decide(s)
    assert d.action == d.ranked[0][0]
    assert len(d.ranked) == len(G.legal(s))
    assert [v for _, v, _ in d.ranked] == sorted((v for _, v, _ in d.ranked), reverse=True)
    assert all(why for _, _, why in d.ranked[:3])
    bot = make_bot("rules")
    seat = G.to_move(s)
    bot.decide(G, G.view(s, seat), seat, Budget(), random.Random(0))
    alts = bot.explain()
    assert alts and alts[0].action == d.action and alts[0].text


def test_rules_bot_beats_random_bots() -> None:
    """Three games against three random seats: the rules seat scores most."""
    for seed in range(3):
        s = G.setup(4, Options(), seed)
        rng = random.Random(seed)
        me = seed % 4
        while G.to_move(s) is not None:
            seat = G.to_move(s)
            if seat == me:
                a = decide(s).action
            else:
                legal = G.legal(s)
                a = legal[rng.randrange(len(legal))]
            s = G.play(s, a, trusted=True)
        scores = G.result(s).scores
        assert scores[me] == max(scores), (seed, scores)


def test_never_plays_a_draw_card_that_only_draws_itself_back() -> None:
    """Seed 1196: in round 9 the Trade deck ran out and the discard pile held
    only the Sundial the bot played, so each play drew it back; the bot
    played it for ever. Now the game ends."""
    s = drive(4, 1196, lambda s: G.to_move(s) is None, limit=1500)
    assert s.round == data.ROUNDS


def test_decides_the_same_from_two_worlds_sharing_a_view() -> None:
    s = G.setup(3, Options(), 9)
    checked = step = 0
    while G.to_move(s) is not None:
        seat = G.to_move(s)
        if step % 5 == 0:
            v = G.view(s, seat)
            twin = G.sample(v, seat, Rng(step + 1))
            assert G.view(twin, seat) == v
            assert decide(s).action == decide(twin, seat).action
            checked += 1
        s = G.play(s, decide(s).action, trusted=True)
        step += 1
    assert checked > 30


def test_the_rules_policy_never_answers_outside_the_rules(monkeypatch) -> None:
    """Whatever its scores put first, the policy answers a legal action: a
    ranking led by an action the rules do not offer here (a stale plan)
    gets the guard's legal answer, as in the other games. Age of Rome's own
    ``decide`` had no guard and played the outside action."""
    s = drive(4, 3, lambda s: choice(s) and s.phase == "actions")
    seat = G.to_move(s)
    legal = G.legal(s)
    outside = ("build", "Nowhere")
    assert outside not in legal
    score = strategy.Ctx.score

    def stale_plan(self, a):
        return (outside, 99.0, "a plan outside the rules") if a == legal[0] else score(self, a)

    monkeypatch.setattr(strategy.Ctx, "score", stale_plan)
    v = G.view(s, seat)
    d = knowledge("ageofrome").policy(G, v, seat, random.Random(0))
    assert d.ranked[0][0] == outside  # the ranking did lead with it
    assert d.action in legal
    # the plain rule-based bot (the look-ahead's rollouts score with the
    # same patched function, which answers a tuple; it only ever tries
    # legal candidates, see test_looking_ahead_plays_a_legal_candidate)
    plain = replace(knowledge("ageofrome"), lookahead=())
    monkeypatch.setitem(K._KNOWLEDGE, "ageofrome", plain)
    assert make_bot("rules").decide(G, v, seat, Budget(), random.Random(0)) in legal


# ---------------------------------------------------------------- the search's parts
def test_knowledge_is_registered_and_parts_behave() -> None:
    k = knowledge("ageofrome")
    assert k.policy is strategy.decide
    s = drive(4, 4, lambda s: s.round == 4 and choice(s))
    vals = evaluate.evaluate(G, s)
    assert k.evaluate(G, s) == vals  # no fitted file is shipped: the hand-set evaluation
    assert len(vals) == 4 and all(0.0 < x < 1.0 for x in vals)
    assert abs(sum(vals) - 1.0) < 1e-9
    legal = G.legal(s)
    assert rollout.rollout(G, s, legal, random.Random(0)) in legal
    assert len(rollout.prior(G, s, legal)) == len(legal)
    solo = drive(1, 4, lambda s: s.round == 5 and choice(s))
    (x,) = evaluate.evaluate(G, solo)
    assert 0.0 < x < 1.0


def test_the_rollout_plays_the_rule_based_choice() -> None:
    """In a full state the rollout's choice is the rule bot's on that seat's
    view (the opponents the search meets are rule-based players)."""
    s = drive(4, 6, lambda s: s.round == 3 and choice(s))
    for _ in range(40):
        if G.to_move(s) is None:
            break
        legal = G.legal(s)
        if len(legal) > 1:
            assert rollout.rollout(G, s, legal, random.Random(0)) == decide(s).action
        s = G.play(s, decide(s).action, trusted=True)


def test_evaluation_ranks_seats_by_their_projection_and_pays_finished_games() -> None:
    s = drive(4, 2, lambda s: s.round == 6 and choice(s))
    proj = [evaluate.projected(s, i) for i in range(4)]
    vals = evaluate.evaluate(G, s)
    assert sorted(range(4), key=vals.__getitem__) == sorted(range(4), key=proj.__getitem__)
    end = drive(4, 2, lambda s: G.to_move(s) is None)
    assert list(evaluate.evaluate(G, end)) == list(G.result(end).rewards())


# ---------------------------------------------------------------- the search
def test_mcts_plays_through_the_protocol_on_views() -> None:
    s = drive(4, 1, lambda s: s.round == 2 and choice(s))
    bot = make_bot("mcts")
    for _ in range(3):
        while G.to_move(s) is not None and len(G.legal(s)) == 1:
            s = G.play(s, G.legal(s)[0])
        seat = G.to_move(s)
        v = G.view(s, seat)
        a = bot.decide(G, v, seat, Budget(iterations=40), random.Random(0))
        assert a in G.legal(s)
        assert bot.explain()
        s = G.play(s, a)
    with pytest.raises(NotAView):  # a full state is refused: bots get views only
        bot.decide(G, s, G.to_move(s), Budget(iterations=5), random.Random(0))


def test_mcts_with_a_huge_anchor_margin_plays_the_rule_based_choice() -> None:
    from ai.mcts import MctsBot, Settings
    bot = MctsBot(settings=Settings(anchor_margin=10.0))
    for seed in (1, 2):
        s = drive(4, seed, lambda s: s.round == 3 and choice(s))
        seat = G.to_move(s)
        a = bot.decide(G, G.view(s, seat), seat, Budget(iterations=30), random.Random(0))
        assert a == decide(s).action


def test_the_games_settings_anchor_the_search_on_the_rule_based_choice() -> None:
    """The tuned settings are known ISMCTS settings and keep the rule bot's
    choice searched first at the root (anchor_margin >= 0)."""
    from ai.mcts import MctsBot
    from ai.mcts.search import Search
    settings = MctsBot().settings_for(G)
    assert settings.anchor_margin >= 0.0 and settings.rollout_depth > 6
    s = drive(4, 5, lambda s: s.round == 4 and s.phase == "actions" and choice(s))
    seat = G.to_move(s)
    search = Search(G, G.view(s, seat), seat, knowledge("ageofrome"), settings,
                    random.Random(0))
    search.run(Budget(iterations=3))
    assert search.anchor == decide(s).action
    assert next(iter(search.root.children)) == search.anchor


# ---------------------------------------------------------------- looking ahead
def test_looking_ahead_plays_a_legal_candidate_and_replays_alike() -> None:
    """The rules level looks ahead (``Knowledge.lookahead``): it plays one
    of the policy's top choices, says its chance, and the same seed gives
    the same choice."""
    k = knowledge("ageofrome")
    assert dict(k.lookahead)["normal"] == Lookahead(3, 1, 4)
    s = drive(4, 5, lambda s: choice(s) and s.phase == "actions")
    seat = G.to_move(s)
    v = G.view(s, seat)
    look = lookahead_policy(k.policy, k.evaluate, k.rollout, Lookahead(3, 2, 4))
    d = look(G, v, seat, random.Random(3))
    plain = k.policy(G, v, seat, random.Random(3))
    top = [a for a, _, _ in plain.ranked if a in G.legal(v)][:3]
    assert d.action in top
    assert d.ranked[0][0] == d.action and "after looking ahead" in d.ranked[0][2]
    assert d.ranked[0][1] >= max(score for _, score, _ in d.ranked)
    assert look(G, v, seat, random.Random(3)) == d
    with pytest.raises(NotAView):  # the bot is handed views only
        make_bot("rules").decide(G, s, seat, Budget(), random.Random(0))


def test_the_rules_strengths_differ_in_age_of_rome() -> None:
    """Easy slips, normal looks 4 plays ahead, hard 8 in 4 worlds: across
    the decisions of one game they do not all choose alike."""
    seen = 0
    differ = 0
    st = G.setup(4, Options(), 6)
    rng = random.Random(0)
    while G.to_move(st) is not None and seen < 60:
        seat = G.to_move(st)
        v = G.view(st, seat)
        if len(G.legal(v)) > 2:
            seen += 1
            plain = knowledge("ageofrome").policy(G, v, seat, random.Random(seen)).action
            normal = make_bot("rules").decide(G, v, seat, Budget(), random.Random(seen))
            differ += normal != plain
        st = G.play(st, knowledge("ageofrome").policy(G, G.view(st, seat), seat, rng).action)
    assert seen == 60 and differ >= 3
