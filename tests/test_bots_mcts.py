"""The ISMCTS bot: budgets, cancellation, progress, explanations, widening,
tree reuse, determinism, and that it works without any game knowledge."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from ai import knowledge as K
from ai.base import BotCancelled, Budget, Progress
from ai.mcts import STRENGTH_BUDGETS, MctsBot, Settings
from ai.mcts.node import Node
from ai.mcts.search import Search
from ai.players import bot_turn, make_bot
from engine import get_game
from engine.core import Result, Rng
from engine.games import entry
from engine.match import Match, seats_from_kinds

G = get_game("provincia")


def match_at(steps: int, seed: int = 7, n: int = 4) -> Match:
    m = Match("provincia", seats_from_kinds(["rules"] * n), seed)
    bots = {i: make_bot("rules") for i in range(n)}
    while len(m.actions) < steps and not m.is_over():
        m.play(bot_turn(m, bots))
    return m


def first_choice(m: Match, pred) -> Match:
    """Play rules bots on until the seat to move has a decision ``pred`` likes."""
    bots = {i: make_bot("rules") for i in range(m.players)}
    while not m.is_over():
        v = m.view(m.to_move())
        if len(G.legal(v)) > 1 and pred(v):
            return m
        m.play(bot_turn(m, bots))
    raise AssertionError("no such decision")


def decide(m: Match, bot: Any = None, budget: Budget | None = None, seed: int = 1) -> tuple:
    bot = bot or MctsBot()
    seat = m.to_move()
    return bot.decide(G, m.view(seat), seat, budget or Budget(iterations=80),
                      random.Random(seed))


def test_decisions_are_legal_through_a_whole_game():
    m = Match("provincia", seats_from_kinds(["mcts", "rules", "random"]), 4)
    bots = {0: MctsBot(), 1: make_bot("rules"), 2: make_bot("random")}
    while not m.is_over():
        seat = m.to_move()
        a = bots[seat].decide(G, m.view(seat), seat, Budget(iterations=25),
                              random.Random(len(m.actions)))
        assert a in G.legal(m.state)
        m.play(a)
    assert G.result(m.state).winners


def test_same_seed_same_search():
    m = match_at(60)
    a, b = MctsBot(), MctsBot()
    assert decide(m, a, seed=3) == decide(m, b, seed=3)
    assert a.explain() == b.explain()
    assert a.last.iterations == b.last.iterations


def test_iteration_budget_is_respected():
    m = first_choice(match_at(30), lambda v: len(G.legal(v)) >= 3)
    bot = MctsBot(settings=Settings(early_stop=False))
    decide(m, bot, Budget(iterations=37))
    assert bot.last.iterations == 37
    assert bot.last.root.n == 37


@dataclass
class TickingBudget(Budget):
    """A budget on a clock the test holds: each reading is 0.01 s later,
    however fast or busy the machine."""

    readings: int = 0

    def elapsed(self) -> float:
        self.readings += 1
        return self.readings * 0.01


def test_time_budget_stops_the_search():
    m = match_at(60)
    bot = MctsBot(settings=Settings(early_stop=False))
    budget = TickingBudget(seconds=0.05, iterations=200)  # the iterations: a backstop
    decide(m, bot, budget)
    assert 1 <= bot.last.iterations <= 5  # stopped by the seconds, read once an iteration
    assert budget.readings >= 5


def test_early_stop_when_the_leader_cannot_be_caught():
    m = first_choice(match_at(30), lambda v: len(G.legal(v)) >= 2)
    bot = MctsBot(settings=Settings(progress_every=10))
    decide(m, bot, Budget(iterations=2000))
    ranked = bot.last.ranked()
    left = 2000 - bot.last.iterations
    if bot.last.iterations < 2000:
        assert ranked[0][1].n - ranked[1][1].n > left


def test_cancel_stops_and_still_answers():
    m = match_at(60)
    calls = {"n": 0}

    def cancel() -> bool:
        calls["n"] += 1
        return calls["n"] > 5

    bot = MctsBot()
    a = decide(m, bot, Budget(iterations=10_000, cancel=cancel))
    assert a in G.legal(m.state)
    assert 1 <= bot.last.iterations <= 5


def test_cancel_before_anything_raises():
    m = first_choice(match_at(30), lambda v: len(G.legal(v)) >= 2)
    with pytest.raises(BotCancelled):
        decide(m, MctsBot(), Budget(iterations=100, cancel=lambda: True))


def test_progress_reports():
    m = first_choice(match_at(30), lambda v: len(G.legal(v)) >= 2)
    seen: list[Progress] = []
    bot = MctsBot(settings=Settings(progress_every=20, early_stop=False))
    decide(m, bot, Budget(iterations=100, progress=seen.append))
    assert [p.iterations for p in seen] == [20, 40, 60, 80, 100, 100]
    assert seen[-1].fraction == 1.0
    assert all(0 <= p.fraction <= 1 for p in seen)
    assert all(p.best in G.legal(m.state) for p in seen)
    assert all(0 <= p.win_rate <= 1 for p in seen)


def test_explanation_shares_and_win_rates():
    m = first_choice(match_at(30), lambda v: len(G.legal(v)) >= 3)
    bot = MctsBot(settings=Settings(early_stop=False))
    a = decide(m, bot, Budget(iterations=150))
    alts = bot.explain()
    assert alts[0].action == a
    assert 1 <= len(alts) <= 4
    assert abs(sum(x.visits for x in alts) - 1.0) < 1e-9 or sum(x.visits for x in alts) < 1
    assert all(0 <= x.win_rate <= 1 for x in alts)
    assert [x.visits for x in alts] == sorted((x.visits for x in alts), reverse=True)
    assert all(x.text == G.describe(m.view(m.to_move()), x.action) for x in alts)


def test_single_choice_costs_nothing():
    m = match_at(0)
    bot = MctsBot()
    while len(G.legal(m.state)) > 1:
        m.play(G.legal(m.state)[0])
    a = decide(m, bot, Budget(iterations=10**9))
    assert a == G.legal(m.state)[0]
    assert bot.last is None and bot.explain() == []


def test_strength_budgets_and_overrides():
    bot = MctsBot("easy")
    b = bot.budget_for(Budget())
    assert (b.iterations, b.seconds) == STRENGTH_BUDGETS["easy"]
    given = Budget(iterations=5)
    assert bot.budget_for(given) is given
    assert STRENGTH_BUDGETS["normal"][1] <= 1.0  # "normal" thinks at most a second
    assert (STRENGTH_BUDGETS["easy"][0] < STRENGTH_BUDGETS["normal"][0]
            < STRENGTH_BUDGETS["hard"][0])
    with pytest.raises(KeyError):
        MctsBot("godlike")


def test_progressive_widening_limits_children():
    m = first_choice(match_at(0), lambda v: len(G.legal(v)) >= 8)
    settings = Settings(widen_threshold=2, widen_base=2, widen_alpha=0.5, early_stop=False)
    bot = MctsBot(settings=settings)
    decide(m, bot, Budget(iterations=30))
    root = bot.last.root
    assert len(root.children) <= 2 + int(30 ** 0.5)
    assert len(root.children) < len(G.legal(m.state))


def test_tree_reuse_within_a_turn():
    """In Phase 2 a seat often moves several times running: the subtree of
    the chosen action is kept when the view is the one it predicted."""
    from engine.provincia.state import PLAY

    m = match_at(20)
    for _ in range(30):  # the first Phase 2 choice where the search plays on (not "done")
        m = first_choice(m, lambda v: v.phase == PLAY and len(G.legal(v)) >= 2)
        seat = m.to_move()
        bot = MctsBot(settings=Settings(early_stop=False))
        a = decide(m, bot, Budget(iterations=200))
        kept = bot.last.root.children[a]
        m.play(a)
        if a[0] != "done":
            break
    assert a[0] != "done" and m.to_move() == seat  # the position was chosen for this
    visits = kept.n
    decide(m, bot, Budget(iterations=50))
    assert bot.reused
    assert bot.last.root is kept
    assert bot.last.root.n == visits + 50
    # another seat's turn in between: nothing is reused
    other = first_choice(m, lambda v: G.viewer(v) != seat)
    decide(other, bot, Budget(iterations=20))
    assert not bot.reused


def test_rewards_are_win_chances_for_every_seat():
    m = match_at(100)
    rewards = K.knowledge("provincia").evaluate(G, m.state)
    assert len(rewards) == 4
    assert abs(sum(rewards) - 1.0) < 1e-9
    assert all(0 < r < 1 for r in rewards)
    end = match_at(10_000, seed=2)
    assert end.is_over()
    final = K.knowledge("provincia").evaluate(G, end.state)
    winners = G.result(end.state).winners
    assert [round(r, 6) for r in final] == [
        round(1 / len(winners), 6) if p in winners else 0.0 for p in range(4)]


def test_max_n_picks_by_the_movers_reward():
    """At a node where seat 2 moves, UCB follows seat 2's share, not the bot's."""
    m = match_at(60)
    seat = m.to_move()
    search = Search(G, m.view(seat), seat, K.knowledge("provincia"),
                    Settings(uct_c=0.0), random.Random(0))
    node = Node(4)
    good, bad = Node(4), Node(4)
    good.n = bad.n = good.avail = bad.avail = 10
    good.w = [0.0, 0.0, 9.0, 1.0]  # great for seat 2
    bad.w = [9.0, 1.0, 0.0, 0.0]  # great for seat 0
    node.children = {("x",): good, ("y",): bad}
    child, action, fresh = search.select(node, [("x",), ("y",)], 2, None)
    assert action == ("x",) and child is good and not fresh
    child, action, _ = search.select(node, [("x",), ("y",)], 0, None)
    assert action == ("y",)


def test_availability_counts_only_what_was_available():
    m = match_at(60)
    seat = m.to_move()
    search = Search(G, m.view(seat), seat, K.knowledge("provincia"), Settings(),
                    random.Random(0))
    node = Node(4)
    for a in [("x",), ("y",), ("z",)]:
        c = node.children[a] = Node(4)
        c.n, c.avail, c.w = 1, 1, [0.25] * 4
    search.select(node, [("x",), ("y",)], 0, None)
    assert [node.children[a].avail for a in [("x",), ("y",), ("z",)]] == [2, 2, 1]


class Bare:
    """Provincia under another id: no evaluation, no rollout policy, no
    prior and no rule policy registered — the generic fallbacks."""

    id = "bare-game"

    def __getattr__(self, name: str) -> Any:
        return getattr(G, name)


def test_generic_fallback_without_knowledge():
    assert K.knowledge("bare-game") is K.GENERIC
    bare = Bare()
    m = match_at(150, seed=3)
    seat = m.to_move()
    bot = MctsBot(settings=Settings(early_stop=False))
    a = bot.decide(bare, m.view(seat), seat, Budget(iterations=4), random.Random(0))
    assert a in G.legal(m.state)
    assert bot.last.depth > 1000  # without an evaluation, rollouts play to the end
    rules = make_bot("rules")
    assert rules.decide(bare, m.view(seat), seat, Budget(), random.Random(0)) in G.legal(m.state)


def test_sampled_worlds_differ_between_iterations():
    m = match_at(60)
    seat = m.to_move()
    v = m.view(seat)
    worlds = {G.sample(v, seat, Rng(random.Random(i).getrandbits(63))) for i in range(5)}
    assert len(worlds) > 1


def test_anchor_on_the_rule_based_choice():
    """With an anchor margin, the rules' choice is searched first and kept
    unless another move's win rate beats it by more than the margin."""
    m = first_choice(match_at(30), lambda v: len(G.legal(v)) >= 3)
    seat = m.to_move()
    view = m.view(seat)
    rules_choice = make_bot("rules").decide(G, view, seat, Budget(), random.Random(0))
    stubborn = MctsBot(settings=Settings(anchor_margin=1.0, early_stop=False))
    assert decide(m, stubborn, Budget(iterations=60)) == rules_choice
    assert stubborn.last.actions[0] == rules_choice
    assert next(iter(stubborn.last.root.children)) == rules_choice  # expanded first
    assert stubborn.explain()[0].action == rules_choice
    free = MctsBot(settings=Settings(anchor_margin=-1.0, early_stop=False))
    decide(m, free, Budget(iterations=60))
    assert free.last.anchor is None


def test_knowledge_is_the_module_the_registry_names(tmp_path, monkeypatch):
    """``knowledge(id)`` imports what ``engine.games`` names for the game,
    whatever its module is called; unknown games get the generic bots."""
    assert K.knowledge_module("provincia") == entry("provincia").knowledge
    assert K.knowledge_module("no-such-game") is None
    assert K.knowledge("no-such-game") is K.GENERIC
    (tmp_path / "elsewhere_knows.py").write_text(
        "from ai.knowledge import Knowledge\n"
        "WHAT = Knowledge(settings=(('uct_c', 0.5),))\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(K, "entry",
                        lambda gid: type("E", (), {"knowledge": "elsewhere_knows:WHAT"}))
    monkeypatch.setattr(K, "_KNOWLEDGE", dict(K._KNOWLEDGE))  # left as found
    monkeypatch.setattr(K, "_TRIED", set(K._TRIED))
    assert K.knowledge("made-up").settings == (("uct_c", 0.5),)
    assert MctsBot().settings_for(type("Game", (), {"id": "made-up"})).uct_c == 0.5


class Finished:
    """A finished game with a given result (every kind of ending)."""

    def __init__(self, winners: tuple[int, ...], seats: int = 3) -> None:
        self.res = Result((5,) * seats, (1,) * seats, ({},) * seats, winners)

    def to_move(self, s: Any) -> None:
        return None

    def seats(self, s: Any) -> int:
        return len(self.res.scores)

    def result(self, s: Any) -> Result:
        return self.res


@pytest.mark.parametrize("winners, rewards", [
    ((1,), [0.0, 1.0, 0.0]),  # a sole winner
    ((0, 2), [0.5, 0.0, 0.5]),  # a shared victory
    ((), [0.0, 0.0, 0.0]),  # the game beat everyone
])
def test_generic_evaluation_of_every_ending(winners, rewards):
    assert K.generic_evaluate(Finished(winners), None) == rewards

