"""The Romans' bots: the rule-based player plays whole games at 1-4 players
within the rules, prefers the obviously better move in built positions,
decides from its view alone; ISMCTS plays legal moves with the game's
rollout and evaluation."""

from __future__ import annotations

import random

import pytest

import engine
from ai.base import Budget
from ai.knowledge import Decision, knowledge
from ai.players import make_bot
from ai.romans import evaluate, rollout, strategy
from ai.romans.value import at_least, attack_win, defend_win, siege
from engine.core import Rng
from engine.flow import Pending
from engine.romans.actions import CitadelUse, Invade, PlaceUnrest
from engine.romans.state import INDEX, ITALY, LATIUM

G = engine.get_game("romans")


def decide(s, seat=None):
    seat = G.to_move(s) if seat is None else seat
    return strategy.decide(G, G.view(s, seat), seat, random.Random(0))


def drive(players: int, seed: int, until, limit: int = 3000):
    """Rule bots play from setup until ``until(state)``; that state."""
    s = G.setup(players, None, seed)
    for _ in range(limit):
        if G.to_move(s) is None:
            break
        if until(s):
            return s
        s = G.play(s, decide(s).action)
    raise AssertionError("the position never came")


def kind(s) -> str:
    return s.pending[-1].kind if s.pending else s.phase


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_rules_bot_plays_whole_games_within_the_rules(players: int) -> None:
    bot = make_bot("rules")
    s = G.setup(players, None, 40 + players)
    steps = 0
    while G.to_move(s) is not None:
        seat = G.to_move(s)
        v = G.view(s, seat)
        a = bot.decide(G, v, seat, Budget(), random.Random(steps))
        assert a in G.legal(s)
        s = G.play(s, a)  # checked by the rules, not trusted
        steps += 1
        assert steps < 5000
    res = G.result(s)
    assert s.era == 5 and len(res.scores) == players


def test_rules_bot_beats_random_bots() -> None:
    """Three games against three random seats: the rules seat scores most."""
    for seed in range(3):
        s = G.setup(4, None, seed)
        rng = random.Random(seed)
        while G.to_move(s) is not None:
            seat = G.to_move(s)
            if seat == seed % 4:
                a = decide(s).action
            else:
                legal = G.legal(s)
                a = legal[rng.randrange(len(legal))]
            s = G.play(s, a)
        scores = G.result(s).scores
        assert scores[seed % 4] == max(scores), (seed, scores)


# ---------------------------------------------------------------- built positions
def test_converts_a_city_before_taking_gold() -> None:
    s = drive(4, 3, lambda s: kind(s) == "citadel")
    s = s.replace(era=4)  # Eras 4-5 allow conversion; Latium holds the start city
    seat = s.pending[-1].seat
    assert CitadelUse("convert", "Latium", 1) in G.legal(s)
    d = strategy.decide(G, G.view(s, seat), seat, random.Random(0))
    assert d.action == CitadelUse("convert", "Latium", 1)
    assert "Christian" in d.ranked[0][2]


def test_unrest_goes_outside_italy() -> None:
    s = drive(4, 5, lambda s: kind(s) == "expansion")
    seat = G.to_move(s)
    p = s.players[seat]
    outside = INDEX["Hispania"]
    p = p.replace(garrison=p.garrison | ITALY | 1 << outside)
    spots = 1 << LATIUM | 1 << INDEX["Etruria"] | 1 << outside
    s = s.replace(players=s.players[:seat] + (p,) + s.players[seat + 1:],
                  pending=(Pending("unrest", seat, (spots,)),))
    d = decide(s, seat)
    assert d.action == PlaceUnrest("Hispania")


def test_sends_the_biggest_army_it_can() -> None:
    s = drive(4, 7, lambda s: kind(s) == "expansion"
              and any(a[0] == "invade" for a in G.legal(s))
              and decide(s).action[0] == "invade")
    seat = G.to_move(s)
    p = s.players[seat]
    a = decide(s).action
    assert isinstance(a, Invade)
    assert a.legions == min(p.max_army, p.barracks)


def test_recruits_before_sending_a_lone_legion() -> None:
    """Era 1 with one legion in the Barracks: the Castra Peregrina first."""
    s = drive(1, 3, lambda s: kind(s) == "expansion")
    p = s.players[0]
    assert p.barracks == 1 and len(p.villa) >= 4
    a = decide(s).action
    assert a[0] == "senator" and a.building == "Castra Peregrina"


def test_halts_rather_than_march_on_hopelessly() -> None:
    """A lone legion left after a victory never marches into the unknown."""
    s = drive(4, 11, lambda s: kind(s) == "march")
    seat = s.pending[-1].seat
    p = s.players[seat]
    p = p.replace(army=p.army._replace(legions=1, rank=1))
    s = s.replace(players=s.players[:seat] + (p,) + s.players[seat + 1:])
    d = decide(s, seat)
    ranked = {a: v for a, v, _ in d.ranked}
    marches = [v for a, v in ranked.items() if a[0] == "march"]
    # a lone legion of strength 1 against an average counter: not worth it
    assert all(v < 3.0 for v in marches)


def test_keeps_the_best_triumph() -> None:
    s = drive(4, 2, lambda s: kind(s) == "triumph", limit=6000)
    seat = s.pending[-1].seat
    d = decide(s, seat)
    scores = [v for _, v, _ in d.ranked]
    assert d.ranked[0][1] == max(scores)


# ---------------------------------------------------------------- hidden information
@pytest.mark.parametrize("players", [1, 4])
def test_decides_the_same_from_two_worlds_sharing_a_view(players: int) -> None:
    s = G.setup(players, None, 9)
    checked = 0
    step = 0
    while G.to_move(s) is not None:
        seat = G.to_move(s)
        if step % 4 == 0:
            v = G.view(s, seat)
            twin = G.sample(v, seat, Rng(step + 1))
            assert G.view(twin, seat) == v
            a = strategy.decide(G, v, seat, random.Random(1))
            b = strategy.decide(G, G.view(twin, seat), seat, random.Random(2))
            assert a == b
            checked += 1
        s = G.play(s, decide(s).action)
        step += 1
    assert checked > 15


# ---------------------------------------------------------------- search
def test_mcts_plays_a_legal_move() -> None:
    s = drive(4, 1, lambda s: kind(s) == "expansion" and len(G.legal(s)) > 5)
    seat = G.to_move(s)
    bot = make_bot("mcts")
    a = bot.decide(G, G.view(s, seat), seat, Budget(iterations=60), random.Random(0))
    assert a in G.legal(s)
    assert bot.explain()


def test_knowledge_is_registered_and_parts_behave() -> None:
    k = knowledge("romans")
    assert k.policy is strategy.decide
    s = drive(3, 4, lambda s: s.era == 2 and kind(s) == "expansion")
    vals = evaluate.evaluate(G, s)
    from ai.learn.evaluator import evaluator, shipped
    from ai.romans import features

    learned = shipped("romans")  # the fitted file shipped in ai/romans: its leaves
    assert learned is not None and learned.digest == features.FEATURES.digest
    assert k.evaluate(G, s) == evaluator(learned, features.FEATURES)(G, s) != vals
    assert len(vals) == 3 and all(0.0 <= x <= 1.0 for x in vals)
    assert abs(sum(vals) - 1.0) < 1e-9
    legal = G.legal(s)
    assert rollout.rollout(G, s, legal, random.Random(0)) in legal
    assert len(rollout.prior(G, s, legal)) == len(legal)
    solo = drive(1, 4, lambda s: s.era == 3 and kind(s) == "expansion")
    (x,) = evaluate.evaluate(G, solo)
    assert 0.0 < x < 1.0


def test_evaluation_counts_the_enemy_army_and_walls_in_latium() -> None:
    """Before and after 6D the Enemy army's expected damage counts, and a
    wall in Latium (against the Fall of Rome) makes it smaller."""
    s = drive(4, 2, lambda s: s.era == 3 and kind(s) == "expansion")
    seat = G.to_move(s)
    p = s.players[seat]
    bare = p.replace(garrison=p.garrison & ITALY, forts=0, walls=0, cities=p.cities & ITALY)
    walled = bare.replace(walls=1 << LATIUM, garrison=bare.garrison | 1 << LATIUM)
    open_ = s.replace(players=s.players[:seat] + (bare,) + s.players[seat + 1:])
    safe = s.replace(players=s.players[:seat] + (walled,) + s.players[seat + 1:])
    assert evaluate.enemy_threat(open_, seat) > evaluate.enemy_threat(safe, seat) > 0.0
    assert evaluate.projected(open_, seat) < evaluate.projected(safe, seat)
    later = drive(4, 2, lambda s: s.phase == "enemy" or any(q.horde for q in s.players))
    assert any(evaluate.enemy_threat(later, i) > 0.0 for i in range(4))


def test_evaluation_is_not_saturated_when_a_seat_is_behind() -> None:
    """In Era 3, seats 10-20 projected points apart all keep a chance the
    search can tell apart from nothing (the old, too narrow softmax gave
    the trailing seats about 0.02 and the leader 0.86)."""
    s = drive(4, 3, lambda s: s.era == 3 and kind(s) == "expansion")
    p = s.players[0]
    behind = s.replace(players=(p.replace(score=max(1, p.score - 15)),) + s.players[1:])
    proj = [evaluate.projected(behind, i) for i in range(4)]
    assert max(proj) - min(proj) > 15  # a real spread
    vals = evaluate.evaluate(G, behind)
    assert all(0.08 < x < 0.6 for x in vals)
    assert sorted(range(4), key=vals.__getitem__) == sorted(range(4), key=proj.__getitem__)


def anchor_choice(s, seat: int) -> tuple:
    """The choice the search is anchored to (the Knowledge's ``anchor``, else
    the rule-based ``policy``)."""
    k = knowledge("romans")
    return (k.anchor or k.policy)(G, G.view(s, seat), seat, random.Random(0)).action


def test_mcts_with_a_huge_anchor_margin_plays_the_anchor_choice() -> None:
    from ai.mcts import MctsBot, Settings
    bot = MctsBot(settings=Settings(anchor_margin=10.0))
    for seed in (1, 2):
        s = drive(4, seed, lambda s: kind(s) == "expansion" and len(G.legal(s)) > 5)
        seat = G.to_move(s)
        v = G.view(s, seat)
        a = bot.decide(G, v, seat, Budget(iterations=40), random.Random(0))
        assert a == anchor_choice(s, seat)


def test_the_anchor_is_searched_first_even_if_the_prior_ranks_it_last() -> None:
    """Progressive widening at the root never hides the rule-based choice
    (it used to: the sampled world's prior picked the first moves, and an
    anchor never searched could not be kept)."""
    from dataclasses import replace

    from ai.mcts import Settings
    from ai.mcts.search import Search
    contrary = replace(knowledge("romans"),
                       prior=lambda g, s, acts: [-x for x in rollout.prior(g, s, acts)])
    s = drive(4, 1, lambda s: kind(s) == "expansion" and len(G.legal(s)) > 10)
    seat = G.to_move(s)
    search = Search(G, G.view(s, seat), seat, contrary, Settings(anchor_margin=10.0),
                    random.Random(0))
    search.run(Budget(iterations=3))
    rule = anchor_choice(s, seat)
    assert next(iter(search.root.children)) == rule
    assert search.best() == rule


def test_battle_odds() -> None:
    assert at_least(0) == pytest.approx(21 / 36)
    assert attack_win(4, 4) == pytest.approx(21 / 36)  # Rome wins ties
    assert defend_win(4, 4) == pytest.approx(15 / 36)  # the Enemy wins ties
    win, lost = siege(0.5, 2)
    assert win == pytest.approx(0.75) and lost == pytest.approx(0.25 * 1 + 0.25 * 2)


# ---------------------------------------------------------------- the ISMCTS anchor
def test_expected_damage_falls_with_a_wall_in_latium_and_calm_italy() -> None:
    """The anchor's defence: a wall in Latium, or calm in an Italian province
    the Enemy would overrun, leaves less for the armies to come to take."""
    from ai.romans import defence
    s = drive(4, 2, lambda s: s.era == 4 and kind(s) == "expansion")
    seat = G.to_move(s)
    p = s.players[seat]
    bare = p.replace(garrison=(p.garrison & ITALY) | 1 << LATIUM, forts=0, walls=0,
                     cities=p.cities & ITALY, unrest=0)
    walled = bare.replace(walls=1 << LATIUM)
    restless = bare.replace(unrest=1 << LATIUM)
    open_ = defence.expected_damage(s, bare)
    assert open_ > defence.expected_damage(s, walled) >= 0.0
    assert defence.expected_damage(s, restless) > open_


def test_the_defending_anchor_values_a_latium_wall_by_the_damage_it_saves() -> None:
    from ai.romans import defence
    s = drive(4, 2, lambda s: s.era == 4 and kind(s) == "expansion")
    seat = G.to_move(s)
    p = s.players[seat]
    bare = p.replace(garrison=(p.garrison & ITALY) | 1 << LATIUM, forts=0, walls=0,
                     cities=p.cities & ITALY, unrest=0)
    v = G.view(s.replace(players=s.players[:seat] + (bare,) + s.players[seat + 1:]), seat)
    plain, defending = strategy.Ctx(v, seat), defence.DefendingCtx(v, seat)
    saved = defending.saved("wall", LATIUM)
    assert saved > 0.0
    base = plain.build_value("wall", LATIUM)[0]
    assert defending.build_value("wall", LATIUM)[0] == pytest.approx(
        base + saved)


def test_mcts_searches_the_knowledge_anchor_not_the_rules_policy() -> None:
    """``Knowledge.anchor`` (when set) is the choice the search keeps, while
    the rules bot still plays ``policy``."""
    from dataclasses import replace

    from ai.mcts import Settings
    from ai.mcts.search import Search
    s = drive(4, 1, lambda s: kind(s) == "expansion" and len(G.legal(s)) > 10)
    seat = G.to_move(s)
    v = G.view(s, seat)
    rule = decide(s).action
    other = next(a for a in G.legal(s) if a != rule)
    k = replace(knowledge("romans"),
                anchor=lambda g, view, st, rng: Decision(other))
    search = Search(G, v, seat, k, Settings(anchor_margin=10.0), random.Random(0))
    search.run(Budget(iterations=3))
    assert search.anchor == other and search.best() == other
    assert make_bot("rules").decide(G, v, seat, Budget(), random.Random(0)) == rule


def test_the_defending_anchor_counts_a_city_in_latium_as_a_target() -> None:
    """A city draws the Enemy: the anchor values one in Latium ``LATIUM_CITY``
    below the rule-based player (Era 2: no damage saved counts yet), and a
    city elsewhere as the rule-based player does."""
    from ai.romans import defence
    s = drive(4, 2, lambda s: s.era == 2 and kind(s) == "expansion")
    seat = G.to_move(s)
    v = G.view(s, seat)
    plain, defending = strategy.Ctx(v, seat), defence.DefendingCtx(v, seat)
    assert defence.LATIUM_CITY > 0.0
    assert defending.build_value("city", LATIUM)[0] == pytest.approx(
        plain.build_value("city", LATIUM)[0] - defence.LATIUM_CITY)
    other = INDEX["Campania"]
    assert defending.build_value("city", other)[0] == pytest.approx(
        plain.build_value("city", other)[0])
