"""The rules of every registered game, through the protocol only: random
games end for every player count and option set, play is pure and
deterministic, and everything a screen or a save asks of a state answers.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import pytest

from engine import games
from engine.core import Chapter, IllegalAction, LogLine, Options, Result, ScoreHistory
from engine.match import Match, Seat

from .support import GAMES_PER_SET, near_misses, option_sets, random_game


def test_declares_players_and_options(game: Any) -> None:
    assert isinstance(game.id, str) and game.id and isinstance(game.title, str) and game.title
    assert isinstance(game.players, range) and len(game.players) >= 1
    assert game.default_players in game.players
    keys = [o.key for o in game.options]
    assert len(keys) == len(set(keys)), "option keys are unique"
    for o in game.options:
        assert o.kind in ("bool", "choice", "int", "seats") and o.label and o.help
        if o.default is not None:
            assert o.check(o.default, game.default_players) == o.default


def test_random_games_end_for_every_player_count_and_option_set(game: Any) -> None:
    """Only IllegalAction ever comes out of play, and only for an action
    that is not legal; every answer a screen needs is there at every step.
    The defaults get GAMES_PER_SET games, each other option value one (an
    option's games differ from the defaults' in that value only; bench/soak.py
    plays thousands)."""
    played = 0
    for n in game.players:
        for k, options in enumerate(option_sets(game, n)):
            for seed in range(1, (GAMES_PER_SET if k == 0 else 1) + 1):
                _play_with_near_misses(game, n, options, seed)
                played += 1
    assert played >= len(game.players) * GAMES_PER_SET


def _play_with_near_misses(game: Any, n: int, options: Options, seed: int) -> None:
    rng = random.Random(seed)
    s = game.setup(n, options, seed)
    assert game.seats(s) == n
    elsewhere = None
    while not game.is_over(s):
        _answers(game, s)
        legal = list(game.legal(s))
        assert legal, "a seat to move always has an action"
        for junk in near_misses(legal, elsewhere):
            with pytest.raises(IllegalAction):
                game.play(s, junk)
        a = rng.choice(legal)
        assert game.decode_action(json.loads(json.dumps(game.encode_action(a)))) == a
        elsewhere = a
        s = game.play(s, a)
    assert game.to_move(s) is None and list(game.legal(s)) == []
    with pytest.raises(IllegalAction):
        game.play(s, elsewhere)
    _answers(game, s)
    _check_result(game, game.result(s), n)


def _answers(game: Any, s: Any) -> None:
    """What the screens, the log and the save list ask of any state."""
    n = game.seats(s)
    assert isinstance(game.progress(s), str) and isinstance(game.prompt(s), str)
    chapter = game.chapter(s)
    assert isinstance(chapter, Chapter) and chapter.number >= 0 and chapter.label
    history = game.score_history(s)
    assert isinstance(history, ScoreHistory) and len(history.labels) == len(history.rows)
    assert all(len(row) == n for row in history.rows)
    assert all(isinstance(game.seat_label(s, p), str) for p in range(n))
    for e in game.events(s):
        line = game.log_line(s, e)
        assert line is None or (isinstance(line, LogLine) and line.text)
        if line is not None:
            assert all(seat is None or 0 <= seat < n for _, seat in line.parts)
    if not game.is_over(s):
        assert 0 <= game.to_move(s) < n
        for a in game.legal(s):
            assert isinstance(a, tuple) and game.describe(s, a)


def _check_result(game: Any, res: Result, n: int) -> None:
    assert len(res.scores) == len(res.ranks) == len(res.breakdown) == n
    assert all(1 <= r <= n for r in res.ranks) and min(res.ranks) == 1
    assert set(res.winners) <= set(range(n)) and len(set(res.winners)) == len(res.winners)
    rewards = res.rewards()
    assert len(rewards) == n
    assert sum(rewards) == pytest.approx(1.0 if res.winners else 0.0)
    assert res.outcome and res.unit
    assert [k for k, _ in res.categories()] and all(label for _, label in res.categories())
    assert all(isinstance(name, str) and isinstance(score, int) for name, score in res.others)


def test_play_never_changes_its_input(game: Any) -> None:
    for n in game.players:
        g = random_game(game, n, seed=n)
        for before, a, _after in g.steps():
            frozen, twin = pickle.dumps(before), copy.deepcopy(before)
            game.play(before, a)
            game.view(before, game.to_move(before))
            assert pickle.dumps(before) == frozen and before == twin


def test_same_seed_and_actions_give_the_same_game(game: Any) -> None:
    for n in game.players:
        options = option_sets(game, n)[-1]
        g = random_game(game, n, seed=10 + n, options=options)
        options = g.options  # as the game was set up (a new game names changed defaults)
        s = game.setup(n, options, g.seed)
        assert s == g.states[0]
        for i, a in enumerate(g.actions):
            s = game.play(s, a)
            assert s == g.states[i + 1]
            assert pickle.loads(pickle.dumps(s)) == s
        seats = tuple(Seat(f"P{p}") for p in range(n))
        m = Match(game.id, seats, g.seed, options, actions=list(g.actions))
        assert m.states == g.states


def test_random_games_keep_the_games_own_invariants(game: Any) -> None:
    """The registry entry names the game's invariants (``GameEntry.invariants``,
    which bench/soak.py runs over thousands of games); they hold on a new
    game and after every step of a random game for every player count."""
    where = games.entry(game.id).invariants
    assert where, f"the registry entry of {game.id} names no invariants"
    check_all = games.load(where)
    for n in game.players:
        g = random_game(game, n, seed=90 + n)
        check_all(g.states[0], None)
        for before, _a, after in g.steps():
            check_all(after, before)
