"""The rule-based player in the Emperor Solo (L361-384): its planner
(ai/ageofrome/solo.py) reaches titles, does better than the multi-player
scores alone, stays within the rules, and makes the choices the tasks need
(a level III when the Denarii are there, Legions to the cheapest regions,
the Quest no player alone can do returned)."""

from __future__ import annotations

import random

import pytest

import engine
from ai.ageofrome import solo, strategy
from engine.ageofrome import board, data
from engine.ageofrome.scoring import solo_tasks
from engine.ageofrome.state import REGION_INDEX, TYPE_INDEX, in_front
from engine.core import Options

G = engine.get_game("ageofrome")
SEEDS = range(8)


def decide(s):
    return strategy.decide(G, G.view(s, 0), 0, random.Random(0))


def play_solo(seed: int, seen=None) -> tuple:
    """A whole solo game by the rules bot; its tasks. ``seen(view, action)``
    is called at every decision."""
    s = G.setup(1, Options(), seed)
    while not G.is_over(s):
        v = G.view(s, 0)
        a = strategy.decide(G, v, 0, random.Random(0)).action
        if seen is not None:
            seen(v, a)
        s = G.play(s, a)
    return solo_tasks(s)


def drive(seed: int, until):
    s = G.setup(1, Options(), seed)
    while not G.is_over(s):
        if until(s):
            return s
        s = G.play(s, decide(s).action)
    raise AssertionError("the position never came")


def test_the_planner_reaches_a_title_in_every_game_and_beats_the_plain_scores(monkeypatch) -> None:
    with_plan = [sum(play_solo(seed)) for seed in SEEDS]
    assert sum(n >= 4 for n in with_plan) >= len(SEEDS) - 1, with_plan  # Praetor (L382)
    assert max(with_plan) >= 6, with_plan  # Imperator or better somewhere
    monkeypatch.setattr(solo, "tilt", lambda v, a: 0.0)
    plain = [sum(play_solo(seed)) for seed in SEEDS]
    assert sum(with_plan) > sum(plain) + len(SEEDS), (with_plan, plain)


def test_every_choice_is_legal_and_legions_go_only_where_a_region_falls() -> None:
    bad = []

    def seen(v, a):
        assert a in G.legal(v)
        if a[0] == "legion" and solo.Plan(v).regions < solo.REGIONS:
            r = REGION_INDEX[a.to]
            if sum(v.regions[r]) >= board.BATTLE_REGIONS[r].shield:
                bad.append((v.round, a))  # a Legion past the shield is wasted

    for seed in SEEDS[:4]:
        play_solo(seed, seen)
    assert not bad


def test_the_tilt_is_nothing_outside_the_solo() -> None:
    s = G.setup(2, Options(), 3)
    s = drive_to(s, lambda x: len(G.legal(x)) > 2)
    v = G.view(s, G.to_move(s))
    assert all(solo.tilt(v, a) == 0.0 for a in G.legal(v))


def drive_to(s, until):
    while not until(s):
        s = G.play(s, strategy.decide(G, G.view(s, G.to_move(s)), G.to_move(s),
                                      random.Random(0)).action)
    return s


@pytest.mark.parametrize("seed", [1, 2])
def test_a_level_iii_is_built_as_soon_as_the_denarii_pay_for_it(seed: int) -> None:
    s = drive(seed, lambda x: x.phase == "build" and x.round >= 2 and any(
        lv == 1 for lv in x.provinces[in_front(x, 0)].levels))
    w = s.thaw()
    w.players = (w.players[0].thaw(),)
    w.players[0].denarii = 21  # Villa 8 + Granary 13 over the level I
    w.players = (w.players[0].freeze(),)
    s = w.freeze()
    a = decide(s).action
    assert a[0] == "build" and solo.Plan(G.view(s, 0)).to_top(TYPE_INDEX[a.type]) <= 21, a
    s = G.play(s, a)
    b = decide(s).action  # and the next level at once, in the same turn
    assert b == ("build", a.type), b


def test_the_quest_returned_is_the_one_nobody_alone_completes() -> None:
    feuds = data.QUEST["Feud for Fuel"]
    assert solo.quest_fit(feuds, G.setup(1, Options(), 0).players[0]) == 0.0
    for seed in range(40):
        s = G.setup(1, Options(), seed)
        names = [data.QUESTS[h.card].name for h in s.players[0].quests]
        if "Feud for Fuel" in names or "Feud Never Fades" in names:
            a = decide(s).action
            assert a[0] == "return_quest" and a.quest.startswith("Feud"), (names, a)
            return
    raise AssertionError("no seed deals a Feud Quest")
