"""Randomised games of The Romans: every action keeps the invariants at
1-4 players, games replay exactly, and nothing is changed in place."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import get_game
from engine.romans.invariants import check, check_all

G = get_game("romans")
GAMES_PER_COUNT = 25  # x 4 player counts in CI; bench/soak.py --game romans plays thousands


def random_game(players: int, seed: int, checked: bool = True):
    rng = random.Random(seed)
    s = G.setup(players, None, seed)
    check(s)
    actions = []
    while G.to_move(s) is not None:
        legal = G.legal(s)
        assert legal, "legal() is empty although the game is not over"
        a = rng.choice(legal)
        nxt = G.play(s, a)
        if checked:
            check_all(nxt, s)
        actions.append(a)
        s = nxt
    return s, actions


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_keep_invariants(players: int) -> None:
    for seed in range(GAMES_PER_COUNT):
        s, actions = random_game(players, 100 * players + seed)
        assert G.is_over(s) and s.era == 5
        result = G.result(s)
        assert result.scores == tuple(p.score for p in s.players)
        for seat, parts in enumerate(result.breakdown):
            assert sum(parts.values()) == result.scores[seat]


@pytest.mark.parametrize("players", [1, 4])
def test_same_seed_same_actions_same_game(players: int) -> None:
    s1, actions = random_game(players, 7, checked=False)
    s2 = G.setup(players, None, 7)
    for a in actions:
        s2 = G.play(s2, a)
    assert s1 == s2


def test_play_never_changes_its_input() -> None:
    rng = random.Random(3)
    s = G.setup(4, None, 3)
    while G.to_move(s) is not None:
        before = copy.deepcopy(s)
        nxt = G.play(s, rng.choice(G.legal(s)))
        assert s == before
        s = nxt


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32 - 1),
       picks=st.lists(st.integers(0, 10**6), min_size=400, max_size=400))
def test_any_line_of_play_keeps_the_invariants(players: int, seed: int, picks: list[int]) -> None:
    """Hypothesis picks the actions (and shrinks a failing line of play)."""
    s = G.setup(players, None, seed)
    for k in picks:
        if G.to_move(s) is None:
            break
        legal = G.legal(s)
        nxt = G.play(s, legal[k % len(legal)])
        check_all(nxt, s)
        s = nxt


def test_solo_result_says_whether_rome_beat_the_enemy() -> None:
    for seed in range(10):
        s, _ = random_game(1, seed, checked=False)
        r = G.result(s)
        assert r.others == (("The Enemy", s.enemy_score),)
        rome = s.players[0].score
        assert (r.winners == (0,)) == (rome >= s.enemy_score)
        assert ("The Enemy wins" in r.outcome) == (s.enemy_score > rome)
