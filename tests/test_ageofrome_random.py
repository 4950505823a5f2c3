"""Random Age of Rome games, every player count and every variant, finish
with the invariants intact after every action, and replay the same from
the same seed. A soak of thousands: bench/soak.py --game ageofrome."""

from __future__ import annotations

import random

import pytest

from engine.ageofrome import data, scoring
from engine.ageofrome.state import OVER
from engine.core import Options, Rng
from tests.ageofrome_helpers import GAME, random_game

VARIANTS = [None] + [v.key for v in data.VARIANTS]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_finish_with_the_invariants_intact(players: int) -> None:
    for seed in range(20):
        s, steps = random_game(players, seed)
        assert s.phase == OVER and s.round == data.ROUNDS and steps > 0
        r = GAME.result(s)
        assert r.scores == scoring.totals(s)
        assert len(r.winners) >= (1 if players > 1 else 0)


@pytest.mark.parametrize("variant", VARIANTS[1:])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_random_games_in_each_variant(variant: str, players: int) -> None:
    if players not in data.VARIANT[variant].players:
        return  # Spies & Allies is for 2-4 players (L338)
    for seed in range(2):
        s, _ = random_game(players, 100 + seed, {variant: True})
        assert s.phase == OVER


def test_all_variants_together() -> None:
    s, _ = random_game(3, 7, {v.key: True for v in data.VARIANTS})
    assert s.phase == OVER


def test_the_same_seed_and_choices_replay_the_same_game() -> None:
    def run() -> tuple:
        s = GAME.setup(4, Options(), 11)
        rng = random.Random(11)
        while not GAME.is_over(s):
            s = GAME.play(s, rng.choice(GAME.legal(s)), trusted=True)
        return GAME.result(s).scores, s.rng
    assert run() == run()


def test_a_view_of_a_random_game_plays_on_as_a_sample() -> None:
    s = GAME.setup(4, Options(), 5)
    rng = random.Random(5)
    for _ in range(60):
        s = GAME.play(s, rng.choice(GAME.legal(s)))
    seat = GAME.to_move(s)
    v = GAME.view(s, seat)
    assert GAME.viewer(v) == seat
    w = GAME.sample(v, seat, Rng(1))
    assert GAME.viewer(w) is None and GAME.legal(w)
